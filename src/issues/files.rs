//! The scenes as files: `assets/issues/NN-slug.glb` (the level) and `NN-slug.json`, a scenario
//! of the scene's interesting frame (the walker's call there, exported exactly as the
//! debugger's "Export scenario" does), whose description carries the report, the adaptation and
//! the motion. `slidescope run assets/issues` replays them; the app opens them like any
//! scenario. Regenerate with `cargo test --test suite -- --ignored regenerate_issue_scenes`.

use std::fmt::Write as _;
use std::path::PathBuf;

use super::issue_scene::IssueScene;
use super::scene_level::{from_glb, glb_bytes};
use super::score::{NOMINAL_HZ, new_sim, walk};
use crate::collision::{CollisionWorld, SlideSettings};
use crate::level::LevelHash;
use crate::level::query::Geometry;
use crate::level::scenario::Scenario;

/// What the generator writes for one scene.
#[derive(Debug, Clone)]
pub struct SceneFiles {
    pub glb: Vec<u8>,
    pub scenario_json: String,
}

/// The scene's focus frame (run, frame number at the nominal rate).
pub fn focus_frame(scene: &IssueScene) -> (usize, u64) {
    let (run, secs) = scene.focus;
    (run, (secs * NOMINAL_HZ).round() as u64)
}

/// The scenario's description: title, report, adaptation, the motion of every run.
pub fn description(scene: &IssueScene) -> String {
    let mut d = format!(
        "Issue scene {}: {}. Report ({}, {}): {} Adaptation: {}",
        scene.number,
        scene.title,
        scene.report.source,
        scene.report.url,
        scene.report.text,
        scene.adaptation
    );
    let (run, frame) = focus_frame(scene);
    let _ = write!(
        d,
        " This file is the walker's call of frame {frame} at {NOMINAL_HZ} Hz of run '{}'.",
        scene.runs.get(run).map_or("", |r| r.label.as_str())
    );
    d
}

/// Generates both files (`Err`: the level could not be written or read back, or the focus
/// frame has no call).
pub fn generate(scene: &IssueScene) -> Result<SceneFiles, String> {
    let glb = glb_bytes(scene).map_err(|e| e.to_string())?;
    let level = from_glb(scene, glb.clone()).map_err(|e| e.to_string())?;
    let (run_index, frame) = focus_frame(scene);
    let run = scene
        .runs
        .get(run_index)
        .ok_or_else(|| format!("scene {}: no run {run_index}", scene.number))?;
    let mut sim = new_sim(run, SlideSettings::default(), NOMINAL_HZ);
    walk(
        &mut sim,
        CollisionWorld::static_only(&level.collision),
        run,
        frame + 1,
    );
    let record = sim
        .history()
        .get(frame)
        .ok_or_else(|| format!("scene {}: no frame {frame}", scene.number))?;
    let call = record
        .recorded_call()
        .ok_or_else(|| format!("scene {}: frame {frame} made no call", scene.number))?;
    let geometry = Geometry::Level {
        level: PathBuf::from(format!("{}.glb", scene.stem())),
        level_hash: Some(LevelHash::of_bytes(&glb)),
    };
    let scenario = Scenario::from_frame(scene.stem(), description(scene), geometry, call);
    let scenario_json = scenario.to_json().map_err(|e| e.to_string())?;
    Ok(SceneFiles { glb, scenario_json })
}
