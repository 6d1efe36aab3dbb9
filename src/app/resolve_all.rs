//! "Re-solve all" as a job the frames share: every game move of the history re-solved with the
//! settings now (`shadow::resolve_again`), a slice a frame within what the probe's event
//! budget leaves, so a long session (the history holds minutes of a game's moves) does not
//! stop the window or a browser page's only thread for its length. Moves that arrive
//! meanwhile (judged with the settings their source had) are re-solved too: it ends when it
//! reaches the newest.

use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

use crate::collision::{Scratch, Trace};
use crate::probe::shadow::resolve_again;
use crate::probe::{ProbeLevel, ShadowConfig, ShadowTolerance};
use crate::sim::{MarkerKind, Sim};

/// Moves re-solved between two looks at the clock.
const SLICE: u32 = 32;

/// A re-solve of the history under way.
pub(super) struct ResolveAll {
    level: Arc<ProbeLevel>,
    config: ShadowConfig,
    /// The next history frame.
    next: u64,
    resolved: u64,
    /// Time spent re-solving, over the frames.
    spent: Duration,
    scratch: Scratch,
    trace: Trace,
}

/// A finished re-solve: the game moves re-solved, how many of the history's diverge now, the
/// time spent re-solving (over the frames it took).
pub(super) struct Finished {
    pub resolved: u64,
    pub diverging: u64,
    pub ms: f64,
}

impl ResolveAll {
    /// A re-solve of `sim`'s history on `level` with `config`.
    pub fn new(level: Arc<ProbeLevel>, config: ShadowConfig, sim: &Sim) -> Self {
        let history = sim.history();
        Self {
            level,
            config,
            next: history.first_frame().unwrap_or(0),
            resolved: 0,
            spent: Duration::ZERO,
            scratch: Scratch::default(),
            trace: Trace::default(),
        }
    }

    /// The tolerance verdicts are judged with from now on (the frames done are re-marked
    /// by the caller).
    pub fn set_tolerance(&mut self, tolerance: ShadowTolerance) {
        self.config.tolerance = tolerance;
    }

    /// Re-solves the next moves until `budget` is spent (a slice at least); `Some` once it has
    /// reached the history's newest frame (frames the history dropped meanwhile are passed
    /// over).
    pub fn step(&mut self, sim: &mut Sim, budget: Duration) -> Option<Finished> {
        let began = Instant::now();
        let done = loop {
            if self.slice(sim) || began.elapsed() >= budget {
                break self.next > sim.history().last_frame().unwrap_or(0);
            }
        };
        self.spent += began.elapsed();
        done.then(|| self.finished(sim))
    }

    /// Re-solves up to [`SLICE`] moves; whether it reached the newest frame.
    fn slice(&mut self, sim: &mut Sim) -> bool {
        for _ in 0..SLICE {
            if self.next > sim.history().last_frame().unwrap_or(0) {
                return true;
            }
            let frame = self.next;
            self.next += 1;
            let (level, config) = (&self.level, &self.config);
            let (scratch, trace) = (&mut self.scratch, &mut self.trace);
            let again = (sim.history().get(frame))
                .and_then(|r| resolve_again(r, level, config, scratch, trace));
            if let Some(again) = again {
                self.resolved += 1;
                sim.history_mut().replace(again);
            }
        }
        false
    }

    /// The counts once done: the history's diverging game moves counted afresh (moves that
    /// arrived meanwhile included).
    fn finished(&self, sim: &Sim) -> Finished {
        let diverges = |r: &&crate::sim::FrameRecord| r.markers.contains(MarkerKind::GameDiverges);
        Finished {
            resolved: self.resolved,
            diverging: sim.history().iter().filter(diverges).count() as u64,
            ms: self.spent.as_secs_f64() * 1e3,
        }
    }
}
