//! A followed game tab's moves re-solved in the page's worker (`probe::live_worker`): the page
//! files each move unsolved (`shadow::unsolved`), takes the worker's verdicts as they come back
//! (`probe::judged`), and re-solves on its own thread only the move at the cursor, which it
//! draws and steps. So the page's cost of a streaming game is reading its records, whatever
//! the moves a frame or the level's size. A worker that stops leaves the re-solve to the page
//! from then on: what waited is re-solved by "Re-solve all", a slice a frame.

use crate::collision::{Scratch, Trace};
use crate::probe::judged::{Waiting, solve_shown};
use crate::probe::{ProbeLevel, ShadowConfig};
use crate::sim::{FrameRecord, Sim};

use super::cursor_why::CursorWhy;

/// The page's side of the worker's re-solve.
#[derive(Default)]
pub(super) struct TabSolve {
    /// The worker re-solves the followed tab's moves.
    pub in_worker: bool,
    waiting: Waiting,
    buffers: (Scratch, Trace),
}

/// What a frame's [`TabSolve::settle`] changed.
pub(super) struct Settled {
    /// Moves the worker judged this frame that diverge.
    pub diverging: u64,
    /// The worker stopped (why), and whether moves still waited for it: the page re-solves
    /// the moves from now on, and those.
    pub stopped: Option<(String, bool)>,
}

impl TabSolve {
    /// `record` was just filed in the history (it waits for the worker if filed unsolved).
    pub fn filed(&mut self, record: Option<&FrameRecord>) {
        if let Some(r) = record {
            self.waiting.filed(r);
        }
    }

    /// A new history: nothing waits.
    pub fn clear(&mut self) {
        self.waiting.clear();
    }

    /// Moves filed unsolved whose re-solve the worker has not handed back yet.
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }

    /// The history frame of the first move waiting for the worker's verdict.
    pub fn first_waiting(&self) -> Option<u64> {
        self.waiting.first_frame()
    }

    /// Phase *update*: files the moves the worker judged, then re-solves the move at the
    /// cursor here if the history does not hold it whole (so the view and the inspector see
    /// its trace).
    pub fn settle(
        &mut self,
        why: &mut CursorWhy,
        sim: &mut Sim,
        level: Option<&ProbeLevel>,
        config: &ShadowConfig,
    ) -> Settled {
        let judged = why.judged();
        let history = sim.history_mut();
        let mut diverging = self.waiting.take(judged, history, &config.tolerance);
        let stopped = why.worker_failure().filter(|_| self.in_worker).map(|e| {
            self.in_worker = false;
            let waited = !self.waiting.is_empty();
            self.waiting.clear();
            (e, waited)
        });
        if let (Some(level), Some(c)) = (level, sim.cursor()) {
            let (scratch, trace) = &mut self.buffers;
            let solved = solve_shown(sim.history_mut(), c.frame, level, config, (scratch, trace));
            // A move re-solved here before its verdict came is counted here.
            diverging += u64::from(solved == Some(true));
        }
        Settled { diverging, stopped }
    }
}

#[cfg(test)]
mod tests {
    use super::super::probe::{ProbeEffect, ProbeState};
    use crate::collision::SlideSettings;
    use crate::probe::live_evidence::{LocalSearch, Searcher};
    use crate::probe::push_feed::TabPart;
    use crate::sim::{MarkerKind, SolveState, TimelineCommand};

    use super::*;

    /// A page following a tab streaming `file`, its moves re-solved by `worker` (none: on the
    /// page's thread), each piece read and settled as the app does a frame, the cursor
    /// following the newest move; the messages it said.
    fn followed(file: &str, worker: Option<Box<dyn Searcher>>) -> (ProbeState, Sim, Vec<String>) {
        let path = format!("{}/tests/data/ports/{file}", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(path).unwrap();
        let slide = SlideSettings::default();
        let (mut probe, mut said) = (ProbeState::default(), Vec::new());
        let mut sim = Sim::new(glam::Vec3::ZERO, Default::default(), slide);
        probe.follow_tab_in("test", &slide, worker);
        probe.tab_stream(TabPart::Begin);
        let pieces = bytes.chunks(20_011).map(TabPart::Bytes);
        let mut carry_out = |effects: Vec<ProbeEffect>, sim: &mut Sim| {
            for e in effects {
                match e {
                    ProbeEffect::FreshHistory => {
                        *sim = Sim::new(glam::Vec3::ZERO, Default::default(), slide)
                    }
                    ProbeEffect::Say(text, _) => said.push(text),
                    _ => {}
                }
            }
        };
        for part in pieces.chain([TabPart::End]) {
            probe.tab_stream(part);
            while let Some(e) = probe.next_event() {
                let effects = probe.on_event(e, &mut sim).1;
                carry_out(effects, &mut sim);
            }
            sim.command(TimelineCommand::End);
            let effects = probe.resolve_step(&mut sim, std::time::Duration::MAX);
            carry_out(effects, &mut sim);
            let effects = probe.settle(&mut sim, &slide);
            carry_out(effects, &mut sim);
        }
        // The worker's last verdicts, a frame late.
        let effects = probe.settle(&mut sim, &slide);
        carry_out(effects, &mut sim);
        (probe, sim, said)
    }

    fn debug(r: &FrameRecord) -> String {
        format!("{r:?}")
    }

    /// With the moves re-solved in the worker (a same-thread one, through the same bytes),
    /// the page files them unsolved and its worker's verdicts give the counts, markers,
    /// comparisons and findings of re-solving them on the page; a move the cursor lands on is
    /// re-solved whole there, the very record the page makes itself.
    #[test]
    fn moves_re_solved_in_the_worker_are_judged_and_shown_as_on_the_page() {
        let file = "irrlicht_lavaducts.slidelog";
        let (mut here, mut sim_here, _) = followed(file, None);
        let (mut there, mut sim, _) = followed(file, Some(Worker::boxed(None)));
        let (a, b) = (here.view(), there.view());
        assert_eq!((b.moves, b.diverging), (a.moves, a.diverging));
        assert!(a.diverging > 1000, "{}", a.diverging);
        let (mut judged, mut whole) = (0, 0);
        for (p, w) in sim_here.history().iter().zip(sim.history().iter()) {
            let (pg, wg) = (p.game.as_deref().unwrap(), w.game.as_deref().unwrap());
            match wg.solve {
                SolveState::Judged => judged += 1,
                SolveState::Whole => whole += 1,
                SolveState::Pending => panic!("frame {} still waits", w.frame),
            }
            assert_eq!(w.markers, p.markers, "frame {}", w.frame);
            assert_eq!(
                format!("{:?}", wg.comparison),
                format!("{:?}", pg.comparison)
            );
            assert_eq!(format!("{:?}", w.findings), format!("{:?}", p.findings));
            assert_eq!(format!("{:?}", w.after), format!("{:?}", p.after));
            assert!(w.trace.iterations.is_empty() || wg.solve == SolveState::Whole);
        }
        assert_eq!(judged + whole, sim.history().len());
        // The timeline's summaries (iterations, contacts, the gap) are the page's own too.
        let summaries = |s: &Sim| {
            let (a, b) = s.history().summaries();
            format!("{:?}", [a, b].concat())
        };
        assert_eq!(summaries(&sim), summaries(&sim_here));
        // The cursor followed the newest move each frame: only those were re-solved here.
        assert!(
            whole < 200 && judged > 4000,
            "{whole} whole, {judged} judged"
        );
        let slide = SlideSettings::default();
        let frames: Vec<u64> = (sim.history().iter())
            .filter(|r| r.markers.contains(MarkerKind::GameDiverges))
            .map(|r| r.frame)
            .step_by(97)
            .collect();
        for frame in frames {
            there.timeline(TimelineCommand::Seek(frame), &mut sim);
            there.settle(&mut sim, &slide);
            let (shown, own) = (sim.history().get(frame), sim_here.history().get(frame));
            assert_eq!(shown.map(debug), own.map(debug), "frame {frame}");
            // The inspector's why: asked of the worker, in at the next frame.
            here.timeline(TimelineCommand::Seek(frame), &mut sim_here);
            here.refresh_why(&sim_here, &slide);
            there.refresh_why(&sim, &slide);
            let searching = "why: searching in the page's worker…";
            assert!(
                there.view().why.iter().any(|l| l == searching),
                "frame {frame}"
            );
            there.refresh_why(&sim, &slide);
            assert_eq!(there.view().why, here.view().why, "frame {frame}");
        }
        assert_eq!(there.view().in_worker, Some(0));
        there.apply(crate::ui::game::ProbeCommand::Close, &mut sim, &slide);
        assert_eq!(there.view().in_worker, None, "no worker once closed");
    }

    /// The page's worker as the tests drive it: a same-thread one whose re-solved moves
    /// arrive a frame late (the page's worker runs beside it, so the page has re-solved the
    /// move at the cursor before its verdict comes), and which stops after `parts` pieces of
    /// the stream if given.
    struct Worker {
        inner: LocalSearch,
        held: Vec<crate::probe::judged::Judged>,
        parts: Option<usize>,
    }

    impl Worker {
        fn boxed(parts: Option<usize>) -> Box<dyn Searcher> {
            let inner = LocalSearch::default();
            Box::new(Self {
                inner,
                held: Vec::new(),
                parts,
            })
        }
    }

    impl Searcher for Worker {
        fn part(&mut self, part: &TabPart<'_>) {
            self.parts = self.parts.map(|n| n.saturating_sub(1));
            self.inner.part(part)
        }
        fn busy(&self) -> bool {
            self.inner.busy()
        }
        fn ask(&mut self, ask: &crate::probe::live_evidence::Ask) -> Result<u64, String> {
            self.inner.ask(ask)
        }
        fn take(&mut self) -> Vec<(u64, crate::probe::live_evidence::Answer)> {
            self.inner.take()
        }
        fn failure(&self) -> Option<String> {
            (self.parts == Some(0)).then(|| "it ran out of memory".into())
        }
        fn config(&mut self, config: &crate::probe::ShadowConfig) {
            self.inner.config(config)
        }
        fn judged(&mut self) -> Vec<crate::probe::judged::Judged> {
            let arrived = std::mem::replace(&mut self.held, self.inner.judged());
            if self.failure().is_some() {
                return Vec::new();
            }
            arrived
        }
    }

    /// A worker that stops halfway through the stream: the page says so, re-solves what
    /// waited for it and every move after, and ends where re-solving on the page ends.
    #[test]
    fn a_worker_that_stops_leaves_the_re_solve_to_the_page() {
        let file = "irrlicht_threejs.slidelog";
        let (here, sim_here, _) = followed(file, None);
        let parts = std::fs::metadata(format!(
            "{}/tests/data/ports/{file}",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap()
        .len() as usize
            / 20_011
            / 2;
        let (there, sim, said) = followed(file, Some(Worker::boxed(Some(parts))));
        let stopped: Vec<_> = said
            .iter()
            .filter(|s| s.contains("worker stopped"))
            .collect();
        assert_eq!(stopped.len(), 1, "{said:?}");
        assert!(stopped[0].contains("it ran out of memory"), "{stopped:?}");
        let (a, b) = (here.view(), there.view());
        assert_eq!((b.moves, b.diverging), (a.moves, a.diverging));
        for (p, w) in sim_here.history().iter().zip(sim.history().iter()) {
            assert_eq!(w.game.as_deref().unwrap().solve, SolveState::Whole);
            assert_eq!(debug(w), debug(p), "frame {}", w.frame);
        }
    }
}
