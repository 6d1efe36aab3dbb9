//! A probe stream's state as records arrive: the active level (meshes cached by content hash),
//! the game's moving objects and their poses, the current game frame. Each `MOVE` comes out as
//! a [`PendingMove`] that carries everything its re-solve needs, so a live connection
//! re-solves it at once and `probe-check` re-solves many in parallel, with the same result.

use std::path::PathBuf;
use std::sync::Arc;

use slidescope_probe::read::{Mesh, MoveRecord, Record};
use slidescope_probe::{Declared, Frame};

use super::levels::{ProbeLevel, rigid_pose};
use super::shadow::{MoveContext, ShadowConfig, resolve, unsolved};
use crate::collision::{DynamicScene, ObjectPoses, Scratch, Trace};
use crate::sim::FrameRecord;

/// Levels kept for `USE_MESH` (each can be large; the oldest is dropped first).
pub const MAX_LEVELS: usize = 3;
/// Moving objects a stream may define.
pub const MAX_OBJECTS: usize = 1024;
/// Problems kept (the newest).
const MAX_PROBLEMS: usize = 100;

/// A move with the level and object poses it was made in.
#[derive(Debug, Clone)]
pub struct PendingMove {
    pub level: Option<Arc<ProbeLevel>>,
    pub objects: Arc<DynamicScene>,
    pub poses: Arc<Vec<ObjectPoses>>,
    pub frame: Frame,
    pub index: u64,
    pub record: MoveRecord,
    /// What the game declared about its conventions before this move (format 1.1).
    pub declared: Declared,
}

impl PendingMove {
    /// The re-solve, filed as a history record.
    pub fn resolve(
        &self,
        config: &ShadowConfig,
        scratch: &mut Scratch,
        trace: &mut Trace,
    ) -> FrameRecord {
        resolve(&self.context(), &self.record, config, scratch, trace)
    }

    /// The move filed before its re-solve (which the browser page's worker makes), as
    /// [`shadow::unsolved`](super::shadow::unsolved) files it.
    pub fn unsolved(
        &self,
        config: &ShadowConfig,
        scratch: &mut Scratch,
        trace: &mut Trace,
    ) -> FrameRecord {
        unsolved(&self.context(), &self.record, config, scratch, trace)
    }

    fn context(&self) -> MoveContext<'_> {
        MoveContext {
            level: self.level.as_deref(),
            objects: &self.objects,
            poses: &self.poses,
            frame: self.frame,
            index: self.index,
            declared: &self.declared,
        }
    }
}

/// What one record changed.
#[derive(Debug)]
pub enum Step {
    /// A new active level (or the same level with new moving objects).
    Level(Arc<ProbeLevel>),
    Move(Box<PendingMove>),
    /// The game closed the probe.
    End,
    /// Nothing to show (a frame marker, poses).
    Quiet,
}

/// The state of one probe stream or file.
#[derive(Debug)]
pub struct ProbeSession {
    /// Where `LEVEL_FILE` paths are relative to.
    base_dir: PathBuf,
    /// Static levels by hash, most recently used last.
    levels: Vec<Arc<ProbeLevel>>,
    /// The active static level with the game's objects on it.
    active: Option<Arc<ProbeLevel>>,
    object_meshes: Vec<(u32, Mesh)>,
    /// The active level's objects at the poses in force.
    objects: Arc<DynamicScene>,
    poses: Arc<Vec<ObjectPoses>>,
    frame: Frame,
    /// The game's declared conventions in force.
    declared: Declared,
    moves: u64,
    problems: Vec<String>,
}

impl ProbeSession {
    pub fn new(base_dir: impl Into<PathBuf>) -> Self {
        Self {
            base_dir: base_dir.into(),
            levels: Vec::new(),
            active: None,
            object_meshes: Vec::new(),
            objects: Arc::new(DynamicScene::default()),
            poses: Arc::new(Vec::new()),
            frame: Frame {
                frame: 0,
                time_secs: 0.0,
                dt_secs: 1.0 / 60.0,
            },
            declared: Declared::default(),
            moves: 0,
            problems: Vec::new(),
        }
    }

    /// The conventions the game declared (format 1.1), all undeclared before any.
    pub fn declared(&self) -> &Declared {
        &self.declared
    }

    /// Moves seen so far.
    pub fn moves(&self) -> u64 {
        self.moves
    }

    pub fn active_level(&self) -> Option<&Arc<ProbeLevel>> {
        self.active.as_ref()
    }

    /// Problems since the last call (a level that did not load, an object left out, …).
    pub fn take_problems(&mut self) -> Vec<String> {
        std::mem::take(&mut self.problems)
    }

    fn problem(&mut self, p: String) {
        if self.problems.len() >= MAX_PROBLEMS {
            self.problems.remove(0);
        }
        self.problems.push(p);
    }

    /// Applies one record.
    pub fn step(&mut self, record: Record) -> Step {
        match record {
            Record::Mesh(mesh) => self.mesh(mesh),
            Record::UseMesh(hash) => self.use_mesh(hash),
            Record::LevelFile { hash, path } => self.level_file(hash, &path),
            Record::Frame(f) => {
                self.frame = f;
                Step::Quiet
            }
            Record::Move(record) => {
                let index = self.moves;
                self.moves += 1;
                Step::Move(Box::new(PendingMove {
                    level: self.active.clone(),
                    objects: self.objects.clone(),
                    poses: self.poses.clone(),
                    frame: self.frame,
                    index,
                    record,
                    declared: self.declared,
                }))
            }
            Record::ObjectMesh { object, mesh } => {
                let known = self.object_meshes.iter().position(|(id, _)| *id == object);
                match known {
                    Some(i) => self.object_meshes[i].1 = mesh,
                    None if self.object_meshes.len() >= MAX_OBJECTS => {
                        self.problem(format!("object {object} left out: over {MAX_OBJECTS}"));
                        return Step::Quiet;
                    }
                    None => self.object_meshes.push((object, mesh)),
                }
                match self.levels.last().cloned() {
                    Some(base) if self.active.is_some() => self.activate(base),
                    _ => Step::Quiet,
                }
            }
            Record::ObjectPoses(poses) => {
                self.set_poses(&poses);
                Step::Quiet
            }
            Record::Conventions { declared, unknown } => {
                if unknown > 0 {
                    self.problem(format!(
                        "CONVENTIONS: {unknown} entries this slidescope does not know were ignored"
                    ));
                }
                self.declared = declared;
                Step::Quiet
            }
            Record::End => Step::End,
        }
    }

    /// A level sent whole: loaded and made active (its winding flipped first where the game
    /// declared clockwise fronts).
    fn mesh(&mut self, mut mesh: Mesh) -> Step {
        let hash = mesh.hash;
        if self.declared.flips_winding() {
            // The game's fronts as the core's: counter-clockwise, right-handed.
            mesh.indices.iter_mut().for_each(|t| t.swap(1, 2));
        }
        match ProbeLevel::from_mesh(&mesh) {
            Ok(level) => self.activate(Arc::new(level)),
            Err(e) => {
                self.problem(format!("level {hash:016x} not loaded: {e}"));
                self.active = None;
                Step::Quiet
            }
        }
    }

    /// A level sent before, made active again.
    fn use_mesh(&mut self, hash: u64) -> Step {
        match self.levels.iter().position(|l| l.hash == hash) {
            Some(i) => {
                let level = self.levels.remove(i);
                self.activate(level)
            }
            None => {
                self.problem(format!(
                    "USE_MESH {hash:016x}: no such mesh in this stream (or dropped: {MAX_LEVELS} \
                     are kept)"
                ));
                self.active = None;
                Step::Quiet
            }
        }
    }

    /// A level the game names by its file, loaded beside the probe file.
    fn level_file(&mut self, hash: u64, path: &str) -> Step {
        match ProbeLevel::from_file(&self.base_dir, path, hash) {
            Ok(level) => self.activate(Arc::new(level)),
            Err(e) => {
                self.problem(e);
                self.active = None;
                Step::Quiet
            }
        }
    }

    /// Makes `base` (a static level) the active level, with the game's objects on it.
    fn activate(&mut self, base: Arc<ProbeLevel>) -> Step {
        self.levels.retain(|l| l.hash != base.hash);
        if self.levels.len() >= MAX_LEVELS {
            self.levels.remove(0);
        }
        self.levels.push(base.clone());
        let level = if self.object_meshes.is_empty() {
            base
        } else {
            let (level, problems) = base.with_objects(&self.object_meshes);
            for p in problems {
                self.problem(p);
            }
            Arc::new(level)
        };
        self.objects = Arc::new(level.objects().clone());
        self.poses = Arc::new(Vec::new());
        self.active = Some(level.clone());
        Step::Level(level)
    }

    fn set_poses(&mut self, poses: &[slidescope_probe::ObjectPose]) {
        let Some(level) = self.active.clone() else {
            return;
        };
        let mut mapped = Vec::with_capacity(poses.len());
        for p in poses {
            let (Some(object), Some(previous), Some(current)) = (
                level.object(p.object),
                rigid_pose(&p.previous),
                rigid_pose(&p.current),
            ) else {
                self.problem(format!(
                    "pose of object {} ignored (unknown object, or not a rigid pose)",
                    p.object
                ));
                continue;
            };
            mapped.push(ObjectPoses {
                object,
                previous,
                current,
            });
        }
        mapped.sort_by_key(|p| p.object);
        let mut scene = level.objects().clone();
        scene.apply_poses(&mapped);
        self.objects = Arc::new(scene);
        self.poses = Arc::new(mapped);
    }
}

/// Re-solves every pending move of `moves` on up to `threads` threads (each move alone, so
/// the records come back in order and identical for any thread count).
pub fn resolve_all(
    moves: &[PendingMove],
    config: &ShadowConfig,
    threads: usize,
    mut each: impl FnMut(FrameRecord),
) {
    let traced = (config, Trace::default as fn() -> Trace);
    resolve_all_then(moves, traced, threads, |_, _| (), |r, ()| each(r));
}

/// Moves a thread takes at a time.
const GRAIN: usize = 32;

/// [`resolve_all`], with `then` run on each move's record on the thread that re-solved it
/// (`probe-check` searches a diverging move's reconciling conventions there); `each` gets the
/// records and what `then` made, in order. Each thread records into a trace from `new_trace`
/// (`probe-check` reads only contacts: [`Trace::contacts_only`]).
pub fn resolve_all_then<T: Send>(
    moves: &[PendingMove],
    (config, new_trace): (&ShadowConfig, fn() -> Trace),
    threads: usize,
    then: impl Fn(&PendingMove, &FrameRecord) -> T + Sync,
    mut each: impl FnMut(FrameRecord, T),
) {
    let threads = threads.clamp(1, 64);
    let solve = |part: &[PendingMove], scratch: &mut Scratch, trace: &mut Trace| {
        part.iter()
            .map(|m| {
                let r = m.resolve(config, scratch, trace);
                let t = then(m, &r);
                (r, t)
            })
            .collect::<Vec<_>>()
    };
    if threads == 1 || moves.len() < 64 {
        let (mut scratch, mut trace) = (Scratch::default(), new_trace());
        for m in moves {
            let r = m.resolve(config, &mut scratch, &mut trace);
            let t = then(m, &r);
            each(r, t);
        }
        return;
    }
    // The moves a search spends longest on cluster in a file (a mover stuck in a corner), so
    // the threads take slices of `GRAIN` moves as they finish one rather than a fixed half each.
    // perf: docs/measurements.md, "the cost of the why"
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        let (sent, received) = std::sync::mpsc::channel();
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                let (solve, next, sent) = (&solve, &next, sent.clone());
                s.spawn(move || {
                    let (mut scratch, mut trace) = (Scratch::default(), new_trace());
                    loop {
                        let from = next.fetch_add(GRAIN, std::sync::atomic::Ordering::Relaxed);
                        if from >= moves.len() {
                            break;
                        }
                        let part = &moves[from..moves.len().min(from + GRAIN)];
                        if sent
                            .send((from, solve(part, &mut scratch, &mut trace)))
                            .is_err()
                        {
                            break;
                        }
                    }
                })
            })
            .collect();
        drop(sent);
        // perf: `each` takes the slices in order as they come, beside the re-solves of later
        // ones (not after all of them); docs/measurements.md, "1M Sponza moves"
        let mut waiting = std::collections::BTreeMap::new();
        let mut due = 0;
        for (from, part) in received {
            waiting.insert(from, part);
            while let Some(part) = waiting.remove(&due) {
                due += GRAIN;
                for (r, t) in part {
                    each(r, t);
                }
            }
        }
        // A worker's panic is a bug in the core: re-raise it rather than drop its moves.
        for h in handles {
            if let Err(p) = h.join() {
                std::panic::resume_unwind(p);
            }
        }
    });
}
