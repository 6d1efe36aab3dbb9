//! Runs a scene headless through the walker (the same [`Sim`] the app steps) at a step rate
//! with a variant, or through rapier's character controller (`rapier_walk`), and judges every
//! run against its checks.

use serde::Serialize;

use super::issue_scene::{IssueScene, Run};
pub use super::issue_scene::{frame_count, input_at};
use super::metrics::{RunMetrics, measure};
#[cfg(not(target_arch = "wasm32"))]
use super::rapier_walk;
use super::scene_check::Check;
#[cfg(not(target_arch = "wasm32"))]
use super::variant::RapierSetup;
use super::variant::Variant;
use crate::collision::{CollisionWorld, SlideSettings};
use crate::level::Level;
use crate::sim::{FixedStep, History, PlayerParams, Sim};

/// The step rates the scorecard runs by default (Hz).
pub const RATES_HZ: [f64; 4] = [30.0, 60.0, 120.0, 240.0];
/// The rate the expectations are stated for (the app's).
pub const NOMINAL_HZ: f64 = 60.0;

/// One run's verdict.
#[derive(Debug, Clone, Serialize)]
pub struct RunScore {
    pub run: String,
    pub passed: bool,
    /// `(criterion, measured)` of every failed check.
    pub failed: Vec<(String, String)>,
    pub metrics: RunMetrics,
}

/// A scene at one rate with one variant.
#[derive(Debug, Clone, Serialize)]
pub struct SceneScore {
    pub number: u8,
    pub slug: &'static str,
    pub variant: Variant,
    pub rate_hz: f64,
    pub passed: bool,
    pub runs: Vec<RunScore>,
}

/// A session for `run`, standing at its start, not yet stepped.
pub fn new_sim(run: &Run, settings: SlideSettings, rate_hz: f64) -> Sim {
    new_sim_with(run, settings, PlayerParams::default(), rate_hz)
}

/// [`new_sim`] with the walker's parameters (which walker among them).
pub fn new_sim_with(run: &Run, settings: SlideSettings, params: PlayerParams, rate_hz: f64) -> Sim {
    Sim::with_clock(
        run.start_feet.as_vec3(),
        params,
        settings,
        FixedStep::new(rate_hz, FixedStep::DEFAULT_MAX_STEPS),
    )
}

/// Steps `sim` through `run` up to frame `frames` (exclusive).
pub fn walk(sim: &mut Sim, world: CollisionWorld<'_>, run: &Run, frames: u64) {
    let dt = f64::from(sim.dt_secs());
    while sim.next_frame() < frames {
        let input = input_at(run, sim.next_frame() as f64 * dt);
        sim.step(world, &input);
    }
}

/// The frames of one run walked at `rate_hz` with `variant` through `mesh` (the scene's level).
pub fn run_frames(
    mesh: &crate::collision::CollisionMesh,
    run: &Run,
    variant: Variant,
    rate_hz: f64,
) -> Vec<crate::sim::FrameRecord> {
    let world = CollisionWorld::static_only(mesh);
    let settings = variant.settings(&SlideSettings::default());
    let mut sim = new_sim_with(run, settings, variant.params(), rate_hz);
    walk(&mut sim, world, run, frame_count(run, rate_hz));
    sim.history().iter().cloned().collect()
}

/// Runs one run through the walker and measures it.
pub fn score_run(level: &Level, run: &Run, variant: Variant, rate_hz: f64) -> RunScore {
    let world = CollisionWorld::static_only(&level.collision);
    let settings = variant.settings(&SlideSettings::default());
    let mut sim = new_sim_with(run, settings, variant.params(), rate_hz);
    walk(&mut sim, world, run, frame_count(run, rate_hz));
    judge_run(level, run, sim.history(), f64::from(sim.dt_secs()))
}

/// Measures the frames of `run` in `history` (one run, in order) and judges them against the
/// run's checks.
pub fn judge_run(level: &Level, run: &Run, history: &History, dt_secs: f64) -> RunScore {
    let frames: Vec<_> = history.iter().collect();
    let metrics = measure(&level.collision, &frames, run.wish_dir(), dt_secs);
    let failed: Vec<(String, String)> = Check::ALWAYS
        .iter()
        .chain(&run.checks)
        .filter_map(|c| {
            let (ok, measured) = c.judge(&metrics);
            (!ok).then(|| (c.describe(), measured))
        })
        .collect();
    RunScore {
        run: run.label.clone(),
        passed: failed.is_empty(),
        failed,
        metrics,
    }
}

/// Every run of `scene` through rapier's controller set up as `setup`.
#[cfg(not(target_arch = "wasm32"))]
fn rapier_runs(
    scene: &IssueScene,
    level: &Level,
    setup: RapierSetup,
    rate_hz: f64,
) -> Vec<RunScore> {
    let Some(world) = rapier_walk::world(&level.collision) else {
        return Vec::new();
    };
    let dt = f64::from(crate::sim::sanitize_dt((1.0 / rate_hz) as f32));
    scene
        .runs
        .iter()
        .map(|r| judge_run(level, r, &rapier_walk::walk(&world, r, setup, rate_hz), dt))
        .collect()
}

/// Every run of `scene` (loaded as `level`) at `rate_hz` with `variant`.
pub fn score_scene(
    scene: &IssueScene,
    level: &Level,
    variant: Variant,
    rate_hz: f64,
) -> SceneScore {
    let runs: Vec<RunScore> = match variant.rapier() {
        #[cfg(not(target_arch = "wasm32"))]
        Some(setup) => rapier_runs(scene, level, setup, rate_hz),
        // The browser page carries no rapier: its runs are left empty (failed).
        #[cfg(target_arch = "wasm32")]
        Some(_) => Vec::new(),
        None => scene
            .runs
            .iter()
            .map(|r| score_run(level, r, variant, rate_hz))
            .collect(),
    };
    SceneScore {
        number: scene.number,
        slug: scene.slug,
        variant,
        rate_hz,
        passed: !runs.is_empty() && runs.iter().all(|r| r.passed),
        runs,
    }
}

/// One score in a line: `pass`, `fail: CHECK: MEASURED` (the first failed check of the first
/// failed run, with the run's label when the scene has several), or `ERROR` when nothing ran.
pub fn verdict_line(score: &SceneScore) -> String {
    if score.runs.is_empty() {
        return "ERROR".into();
    }
    let failed = score
        .runs
        .iter()
        .find_map(|r| r.failed.first().map(|f| (r, f)));
    match failed {
        None => "pass".into(),
        Some((r, (check, measured))) if score.runs.len() > 1 => {
            format!("fail [{}]: {check}: {measured}", r.run)
        }
        Some((_, (check, measured))) => format!("fail: {check}: {measured}"),
    }
}
