//! "Re-solve all" as a job the frames share: every game move of the history re-solved with the
//! settings now (`shadow::resolve_again`), a slice a frame within the probe's event budget, so
//! a long session (the history holds minutes of a game's moves) does not stop the window or a
//! browser page's only thread for its length. Moves that arrive meanwhile are re-solved as
//! they come, with the same settings.

use std::sync::Arc;
use std::time::Duration;

use web_time::Instant;

use crate::collision::{Scratch, Trace};
use crate::probe::shadow::resolve_again;
use crate::probe::{ProbeLevel, ShadowConfig};
use crate::sim::{MarkerKind, Sim};

/// Moves re-solved between two looks at the clock.
const SLICE: u32 = 32;

/// A re-solve of the history under way.
pub(super) struct ResolveAll {
    level: Arc<ProbeLevel>,
    config: ShadowConfig,
    /// The next history frame, and the newest there was when it began.
    next: u64,
    last: u64,
    resolved: u64,
    started: Instant,
    scratch: Scratch,
    trace: Trace,
}

/// A finished re-solve: the game moves re-solved, how many of the history's diverge now, the
/// time it took.
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
            last: history.last_frame().unwrap_or(0),
            resolved: 0,
            started: Instant::now(),
            scratch: Scratch::default(),
            trace: Trace::default(),
        }
    }

    /// Re-solves the next moves until `budget` is spent (a slice at least); `Some` once every
    /// frame up to the newest at the start is done (frames the history dropped meanwhile are
    /// passed over).
    pub fn step(&mut self, sim: &mut Sim, budget: Duration) -> Option<Finished> {
        let began = Instant::now();
        loop {
            for _ in 0..SLICE {
                if self.next > self.last {
                    return Some(self.finished(sim));
                }
                let frame = self.next;
                self.next += 1;
                let (level, config) = (&self.level, &self.config);
                let again = (sim.history().get(frame)).and_then(|r| {
                    resolve_again(r, level, config, &mut self.scratch, &mut self.trace)
                });
                if let Some(again) = again {
                    self.resolved += 1;
                    sim.history_mut().replace(again);
                }
            }
            if began.elapsed() >= budget {
                return None;
            }
        }
    }

    /// The counts once done: the history's diverging game moves counted afresh (moves that
    /// arrived meanwhile included).
    fn finished(&self, sim: &Sim) -> Finished {
        let diverges = |r: &&crate::sim::FrameRecord| r.markers.contains(MarkerKind::GameDiverges);
        Finished {
            resolved: self.resolved,
            diverging: sim.history().iter().filter(diverges).count() as u64,
            ms: self.started.elapsed().as_secs_f64() * 1e3,
        }
    }
}
