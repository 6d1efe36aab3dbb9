//! "What if" re-runs of a frame (DESIGN: questions are answered by re-running the core on the
//! recorded inputs): one recorded move with edited settings or radii through the same
//! `collide_and_slide`. A recorded run re-simulated with the same edits is
//! [`resimulate`](super::frame_replay::resimulate).

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::{FrameRecord, PlayerParams, Walker};
use crate::collision::{
    CaseMask, CollisionError, CollisionMesh, CollisionWorld, Conventions, DynamicScene, Ellipsoid,
    Response, Scratch, SlideResult, SlideSettings, Trace, collide_and_slide_in,
};
use crate::collision::{DebugKnobs, ResponseOptions, Tuning};

/// Edits applied on top of a frame's recorded settings; `None` keeps the recorded value.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct RerunEdits {
    pub skin_es: Option<f32>,
    pub max_iterations: Option<u32>,
    pub cases: Option<CaseMask>,
    /// Ellipsoid radii (m), about the recorded centre for a single move; for a re-simulated
    /// run they replace the standing radii (crouch radii keep their recorded values).
    pub radii: Option<Vec3>,
    /// The response variant (seed or crease).
    pub response: Option<Response>,
    /// `ResponseOptions::exact_contact`.
    pub exact_contact: Option<bool>,
    /// `ResponseOptions::internal_edge_filter`.
    pub internal_edge_filter: Option<bool>,
    /// `ResponseOptions::touching_counts`.
    pub touching_counts: Option<bool>,
    /// The conventions (padding, short leftover, dead zone, sides, …).
    pub conventions: Option<Conventions>,
    /// `ResponseOptions::max_climb_deg` (the plane solver's climb limit; `Some(None)`: off).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_climb_deg: Option<Option<f32>>,
    /// `ResponseOptions::max_step_m` (the plane solver's step height), the same way.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_step_m: Option<Option<f32>>,
    /// Which walker steps the player: only a re-simulated run differs by it (a
    /// single re-run frame keeps its recorded requested move).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub walker: Option<Walker>,
}

impl RerunEdits {
    /// `settings` with the edits applied.
    pub fn apply_to(&self, settings: &SlideSettings) -> SlideSettings {
        SlideSettings {
            tuning: Tuning {
                skin_es: self.skin_es.unwrap_or(settings.tuning.skin_es),
                max_iterations: self
                    .max_iterations
                    .unwrap_or(settings.tuning.max_iterations),
                ..settings.tuning
            },
            debug: DebugKnobs {
                cases: self.cases.unwrap_or(settings.debug.cases),
                ..settings.debug
            },
            response: ResponseOptions {
                rule: self.response.unwrap_or(settings.response.rule),
                exact_contact: self
                    .exact_contact
                    .unwrap_or(settings.response.exact_contact),
                internal_edge_filter: self
                    .internal_edge_filter
                    .unwrap_or(settings.response.internal_edge_filter),
                touching_counts: self
                    .touching_counts
                    .unwrap_or(settings.response.touching_counts),
                max_climb_deg: self
                    .max_climb_deg
                    .unwrap_or(settings.response.max_climb_deg),
                max_step_m: self.max_step_m.unwrap_or(settings.response.max_step_m),
            },
            conventions: self.conventions.unwrap_or(settings.conventions),
        }
    }

    /// `params` with the radii edit applied.
    pub fn apply_to_params(&self, params: &PlayerParams) -> PlayerParams {
        PlayerParams {
            standing_radii: self.radii.unwrap_or(params.standing_radii),
            walker: self.walker.unwrap_or(params.walker),
            ..*params
        }
    }
}

/// Why a frame cannot be re-run.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RerunError {
    #[error("frame {0} made no collision query (noclip or refused)")]
    NoQuery(u64),
    #[error(transparent)]
    Collision(#[from] CollisionError),
}

/// A single move re-run.
#[derive(Debug, Clone, PartialEq)]
pub struct Rerun {
    pub ellipsoid: Ellipsoid,
    pub settings: SlideSettings,
    pub result: SlideResult,
    pub trace: Trace,
}

/// Re-runs the move of `record` with `edits` (same centre, same requested move).
pub fn rerun_frame(
    mesh: &CollisionMesh,
    record: &FrameRecord,
    edits: &RerunEdits,
) -> Result<Rerun, RerunError> {
    rerun_frame_in(mesh, None, record, edits)
}

/// [`rerun_frame`] with dynamic objects: a copy of `scene` takes the frame's recorded poses.
pub fn rerun_frame_in(
    mesh: &CollisionMesh,
    scene: Option<&DynamicScene>,
    record: &FrameRecord,
    edits: &RerunEdits,
) -> Result<Rerun, RerunError> {
    let mut scene = scene.cloned().unwrap_or_default();
    scene.apply_poses(&record.dynamics.objects);
    let recorded = record
        .call
        .ellipsoid
        .ok_or(RerunError::NoQuery(record.frame))?;
    let ellipsoid = match edits.radii {
        Some(radii) => Ellipsoid::with_axes(recorded.center, radii, recorded.axes)?,
        None => recorded,
    };
    let settings = edits.apply_to(&record.call.settings);
    let mut trace = Trace::default();
    let result = collide_and_slide_in(
        CollisionWorld::new(mesh, &scene),
        &ellipsoid,
        record.motion(),
        &settings,
        &mut Scratch::default(),
        Some(&mut trace),
    )?;
    Ok(Rerun {
        ellipsoid,
        settings,
        result,
        trace,
    })
}
