//! A followed game tab's moves re-solved in the page's worker (`probe::live_worker`): the page
//! files each move unsolved (`shadow::unsolved`), takes the worker's verdicts as they come back
//! (`probe::judged`), and re-solves on its own thread only the move at the cursor, which it
//! draws and steps. So the page's cost of a streaming game is reading its records, whatever
//! the moves a frame or the level's size. A worker that stops leaves the re-solve to the page
//! from then on: what waited is re-solved by "Re-solve all", a slice a frame.

use crate::collision::{Scratch, Trace};
use crate::probe::judged::solve_shown;
use crate::probe::judged_queue::Waiting;
use crate::probe::{ProbeLevel, ShadowConfig, ShadowTolerance};
use crate::sim::{History, Sim, SolveState};

use super::cursor_why::CursorWhy;

/// The page's side of the worker's re-solve.
#[derive(Default)]
pub(super) struct TabSolve {
    /// The worker re-solves the followed tab's moves.
    pub in_worker: bool,
    /// Configurations sent to the worker (a verdict says which it was made with).
    configs: u64,
    waiting: Waiting,
    buffers: (Scratch, Trace),
}

/// What a frame's [`TabSolve::settle`] changed.
pub(super) struct Settled {
    /// What this frame changed in the count of diverging moves: the worker's verdicts, and
    /// the moves re-solved here (for want of a verdict, or shown under settings since changed).
    pub diverging: i64,
    /// The worker stopped (why), and whether moves still waited for it: the page re-solves
    /// the moves from now on, and those.
    pub stopped: Option<(String, bool)>,
}

impl TabSolve {
    /// Hands the tab's moves to the worker, re-solved with `config`; false without one.
    pub fn start(&mut self, why: &mut CursorWhy, config: &ShadowConfig) -> bool {
        *self = Self::default();
        self.in_worker = why.solves_in_worker(config);
        self.configs = u64::from(self.in_worker);
        self.in_worker
    }

    /// The worker re-solves the moves it reads from now on with `config`; the verdicts it
    /// made with another are not taken (their moves are re-solved here).
    pub fn config_changed(&mut self, why: &mut CursorWhy, config: &ShadowConfig) {
        if self.in_worker && why.solves_in_worker(config) {
            self.configs += 1;
        }
    }

    /// The history's newest record was just filed; whether it diverges by a verdict that
    /// came before it.
    pub fn filed(&mut self, history: &mut History, tol: &ShadowTolerance) -> bool {
        self.in_worker && self.waiting.filed(history, tol, self.configs)
    }

    /// A new stream from the followed tab.
    pub fn new_stream(&mut self) {
        self.waiting.new_stream();
    }

    /// A new history of the same stream.
    pub fn new_history(&mut self) {
        self.waiting.new_history();
    }

    /// Moves filed unsolved whose re-solve the worker has not handed back yet.
    pub fn waiting(&self) -> usize {
        self.waiting.len()
    }

    /// The history frame of the first move waiting for the worker's verdict.
    pub fn first_waiting(&self) -> Option<u64> {
        self.waiting.first_frame()
    }

    /// Phase *update*: files the moves the worker judged, re-solves here the moves whose
    /// verdict will not come, then the move at the cursor if the history does not hold it
    /// whole (so the view and the inspector see its trace).
    pub fn settle(
        &mut self,
        why: &mut CursorWhy,
        sim: &mut Sim,
        level: Option<&ProbeLevel>,
        config: &ShadowConfig,
    ) -> Settled {
        let judged = why.judged();
        let (tol, configs) = (&config.tolerance, self.configs);
        let taken = (self.waiting).take(judged, sim.history_mut(), tol, configs);
        let mut diverging = taken as i64;
        let stopped = why.worker_failure().filter(|_| self.in_worker).map(|e| {
            self.in_worker = false;
            self.waiting.new_stream();
            (e, sim.history().iter().any(pending))
        });
        let Some(level) = level else {
            return Settled { diverging, stopped };
        };
        let cursor = sim.cursor().map(|c| c.frame);
        for frame in self.waiting.take_orphans().into_iter().chain(cursor) {
            let (scratch, trace) = &mut self.buffers;
            diverging += solve_shown(sim.history_mut(), frame, level, config, (scratch, trace));
        }
        Settled { diverging, stopped }
    }
}

/// A game move still waiting for its verdict.
fn pending(record: &crate::sim::FrameRecord) -> bool {
    (record.game.as_deref()).is_some_and(|g| g.solve == SolveState::Pending)
}

#[cfg(test)]
mod tests {
    use super::super::probe::{ProbeEffect, ProbeState};
    use crate::collision::SlideSettings;
    use crate::probe::live_evidence::{LocalSearch, Searcher};
    use crate::probe::push_feed::TabPart;
    use crate::sim::{FrameRecord, MarkerKind, SolveState, TimelineCommand};

    use super::*;

    /// A page following a tab streaming `file`, its moves re-solved by `worker` (none: on the
    /// page's thread), each piece read and settled as the app does a frame, the cursor
    /// following the newest move; the messages it said.
    fn followed(file: &str, worker: Option<Box<dyn Searcher>>) -> (ProbeState, Sim, Vec<String>) {
        followed_with(file, worker, None, true)
    }

    /// [`followed`], the settings' "padding in metres" switched on after `switch_at` pieces;
    /// with `reads` false the page reads nothing of the stream until it has all come (a page
    /// behind its worker, as after a reload or in the background).
    fn followed_with(
        file: &str,
        worker: Option<Box<dyn Searcher>>,
        switch_at: Option<usize>,
        reads: bool,
    ) -> (ProbeState, Sim, Vec<String>) {
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
        let mut slide = slide;
        for (k, part) in pieces.chain([TabPart::End]).enumerate() {
            if Some(k) == switch_at {
                slide.conventions.skin_in_metres = true;
                probe.send_config(&slide);
            }
            probe.tab_stream(part);
            while let Some(e) = reads.then(|| probe.next_event()).flatten() {
                let effects = probe.on_event(e, &mut sim).1;
                carry_out(effects, &mut sim);
            }
            sim.command(TimelineCommand::End);
            let effects = probe.resolve_step(&mut sim, std::time::Duration::MAX);
            carry_out(effects, &mut sim);
            let effects = probe.settle(&mut sim, &slide);
            carry_out(effects, &mut sim);
        }
        // What the page had not read, then the worker's last verdicts, a frame late.
        for _ in 0..2 {
            while let Some(e) = probe.next_event() {
                let effects = probe.on_event(e, &mut sim).1;
                carry_out(effects, &mut sim);
            }
            sim.command(TimelineCommand::End);
            let effects = probe.settle(&mut sim, &slide);
            carry_out(effects, &mut sim);
        }
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

    /// The verdicts of every move with their counts: the history's records still waiting,
    /// those whose marker says they diverge, and the count the page shows.
    fn tally(probe: &ProbeState, sim: &Sim) -> (usize, u64, u64) {
        let pending = (sim.history().iter()).filter(|r| pending(r)).count();
        let marked = (sim.history().iter())
            .filter(|r| r.markers.contains(MarkerKind::GameDiverges))
            .count() as u64;
        (pending, marked, probe.view().diverging)
    }

    /// A page behind its worker (it reads the stream only once all of it came, so every
    /// verdict comes before its move is filed): each move takes the verdict kept for it, and
    /// the page ends where re-solving on its own thread ends.
    #[test]
    fn verdicts_that_come_before_their_moves_are_kept_for_them() {
        let file = "irrlicht_lavaducts.slidelog";
        let (here, sim_here, _) = followed(file, None);
        let (there, sim, _) = followed_with(file, Some(Worker::boxed(None)), None, false);
        let (a, b) = (here.view(), there.view());
        assert_eq!((b.moves, b.diverging), (a.moves, a.diverging));
        assert_eq!(tally(&there, &sim), (0, a.diverging, a.diverging));
        for (p, w) in sim_here.history().iter().zip(sim.history().iter()) {
            assert_eq!(w.markers, p.markers, "frame {}", w.frame);
        }
    }

    /// The settings changed halfway through a stream whose verdicts come a frame late: the
    /// verdicts made with the old ones are not taken, their moves are re-solved here with the
    /// new, and the count the page shows is the history's markers'.
    #[test]
    fn verdicts_of_settings_since_changed_are_not_taken() {
        let file = "babylon_threejs.slidelog";
        let worker = Some(Worker::boxed(None));
        let (there, sim, _) = followed_with(file, worker, Some(20), true);
        let (pending, marked, shown) = tally(&there, &sim);
        assert_eq!((pending, shown), (0, marked));
        // The padding in metres parts the reference from Babylon's moves after the switch.
        assert!(marked > 50, "{marked}");
        // Moves judged with the old settings, shown, are re-solved with the new: the count
        // follows their markers.
        let (mut there, mut sim) = (there, sim);
        let mut slide = SlideSettings::default();
        slide.conventions.skin_in_metres = true;
        let frames: Vec<u64> = sim.history().iter().map(|r| r.frame).step_by(5).collect();
        for frame in frames {
            there.timeline(TimelineCommand::Seek(frame), &mut sim);
            there.settle(&mut sim, &slide);
        }
        let (_, marked_after, shown_after) = tally(&there, &sim);
        assert_eq!(shown_after, marked_after);
        assert!(marked_after > marked, "{marked} -> {marked_after}");
    }
}
