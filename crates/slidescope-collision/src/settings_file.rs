//! The layout of [`SlideSettings`] in scenario files, frozen: the flat fields files have
//! always had (the conventions among them under their first names), the same defaults and the
//! same fields left out when they hold seed 001's value, so a file reads and writes the same
//! bytes however the settings are arranged in memory. A convention added to the table after
//! these is written after them under its own name when it is not the default, read back the
//! same way (`slidescope_conventions::file`), so a new row needs nothing here.

use serde::{Deserialize, Serialize};

use crate::CaseMask;
use crate::settings::{
    BroadPhase, DebugKnobs, NarrowPhaseKind, Response, ResponseOptions, SlideSettings, Tuning,
};
use std::collections::BTreeMap;

use slidescope_conventions::file::{BackFaces, ConventionsFile, Newer};
use slidescope_conventions::{Conventions, Padding, Roots, ShortMotion};

/// [`SlideSettings`] as files hold it.
#[derive(Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct SettingsFile {
    skin_es: f32,
    max_iterations: u32,
    simultaneous_tolerance: f32,
    min_velocity_es: f32,
    impulse_filter: bool,
    fallback: bool,
    two_sided: bool,
    cases: CaseMask,
    broad_phase: BroadPhase,
    max_contacts: u32,
    narrow_phase: NarrowPhaseKind,
    response: Response,
    #[serde(skip_serializing_if = "is_false")]
    exact_contact: bool,
    #[serde(skip_serializing_if = "is_false")]
    internal_edge_filter: bool,
    #[serde(skip_serializing_if = "is_false")]
    touching_counts: bool,
    #[serde(skip_serializing_if = "is_false")]
    crease_unnormalised: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    face_point_at_motion_end: bool,
    #[serde(skip_serializing_if = "is_seed_padding")]
    padding: Padding,
    #[serde(skip_serializing_if = "is_seed_short_motion")]
    short_motion: ShortMotion,
    #[serde(skip_serializing_if = "is_zero")]
    min_velocity_m: f32,
    #[serde(skip_serializing_if = "is_zero")]
    dead_zone_m: f32,
    #[serde(skip_serializing_if = "is_seed_back_faces")]
    back_faces: BackFaces,
    #[serde(skip_serializing_if = "is_seed_roots")]
    roots: Roots,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_climb_deg: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_step_m: Option<f32>,
    /// The conventions after the first nine, by their table names, those not at their
    /// default.
    #[serde(flatten)]
    newer: BTreeMap<String, Newer>,
}

fn is_false(x: &bool) -> bool {
    !*x
}

fn is_zero(x: &f32) -> bool {
    *x == 0.0
}

fn is_seed_padding(x: &Padding) -> bool {
    *x == Padding::Normal
}

fn is_seed_short_motion(x: &ShortMotion) -> bool {
    *x == ShortMotion::Applied
}

fn is_seed_back_faces(x: &BackFaces) -> bool {
    *x == BackFaces::Position
}

fn is_seed_roots(x: &Roots) -> bool {
    *x == Roots::AtZero
}

impl Default for SettingsFile {
    fn default() -> Self {
        SlideSettings::default().into()
    }
}

impl From<SlideSettings> for SettingsFile {
    fn from(s: SlideSettings) -> Self {
        let c = ConventionsFile::from(s.conventions);
        Self {
            skin_es: s.tuning.skin_es,
            max_iterations: s.tuning.max_iterations,
            simultaneous_tolerance: s.tuning.simultaneous_tolerance,
            min_velocity_es: c.min_velocity_es,
            impulse_filter: c.impulse_filter,
            fallback: c.fallback,
            two_sided: c.two_sided,
            cases: s.debug.cases,
            broad_phase: s.debug.broad_phase,
            max_contacts: s.tuning.max_contacts,
            narrow_phase: s.debug.narrow_phase,
            response: s.response.rule,
            exact_contact: s.response.exact_contact,
            internal_edge_filter: s.response.internal_edge_filter,
            touching_counts: s.response.touching_counts,
            crease_unnormalised: s.debug.crease_unnormalised,
            face_point_at_motion_end: s.debug.face_point_at_motion_end,
            padding: c.padding,
            short_motion: c.short_motion,
            min_velocity_m: c.min_velocity_m,
            dead_zone_m: c.dead_zone_m,
            back_faces: c.back_faces,
            roots: c.roots,
            max_climb_deg: s.response.max_climb_deg,
            max_step_m: s.response.max_step_m,
            newer: c.newer,
        }
    }
}

impl From<SettingsFile> for SlideSettings {
    fn from(f: SettingsFile) -> Self {
        let conventions = Conventions::from(ConventionsFile {
            padding: f.padding,
            short_motion: f.short_motion,
            min_velocity_es: f.min_velocity_es,
            min_velocity_m: f.min_velocity_m,
            dead_zone_m: f.dead_zone_m,
            fallback: f.fallback,
            two_sided: f.two_sided,
            back_faces: f.back_faces,
            impulse_filter: f.impulse_filter,
            roots: f.roots,
            newer: f.newer,
        });
        Self {
            tuning: Tuning {
                skin_es: f.skin_es,
                max_iterations: f.max_iterations,
                simultaneous_tolerance: f.simultaneous_tolerance,
                max_contacts: f.max_contacts,
            },
            conventions,
            response: ResponseOptions {
                rule: f.response,
                exact_contact: f.exact_contact,
                internal_edge_filter: f.internal_edge_filter,
                touching_counts: f.touching_counts,
                max_climb_deg: f.max_climb_deg,
                max_step_m: f.max_step_m,
            },
            debug: DebugKnobs {
                cases: f.cases,
                broad_phase: f.broad_phase,
                narrow_phase: f.narrow_phase,
                crease_unnormalised: f.crease_unnormalised,
                face_point_at_motion_end: f.face_point_at_motion_end,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use slidescope_conventions::TABLE;

    #[test]
    fn the_frozen_fields_are_rows_of_the_table() {
        for name in slidescope_conventions::file::FIRST_ROWS {
            assert!(
                TABLE.iter().any(|r| r.name == name && r.solver.is_some()),
                "{name}"
            );
        }
        assert!(slidescope_conventions::file::newer_rows(&Conventions::default()).is_empty());
    }
}
