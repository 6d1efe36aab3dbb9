//! The response variants the scorecard compares side by side: the seed's loop and
//! the settings added next to it, never replacing it.

use serde::Serialize;

use crate::collision::{Response, SlideSettings};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Seed 001 12.3 / 12.15: one slide plane per iteration.
    Seed,
    /// Slide along the crease of two planes, stop dead at three (`Response::Crease`).
    Crease,
    /// The seed's response with the contact centre made exact (`ResponseOptions::exact_contact`).
    Exact,
    /// The seed's response sliding on the face at seams in flat surfaces
    /// (`ResponseOptions::internal_edge_filter`).
    InternalEdge,
    /// The seed's response with grazing contacts at eSpace distance 1 reported
    /// (`ResponseOptions::touching_counts`).
    Touching,
    /// The fix (in progress): the plane solver response (`Response::Planes`, with
    /// the walker's walkable slope as its climb limit) with the snap walker (`Walker::Snap`:
    /// ground moves in the ground's plane without gravity, snapped back to the ground within
    /// the step height).
    Fix,
    /// Not ours: rapier3d's `KinematicCharacterController` with its defaults, driven by the
    /// walker's inputs (`rapier_walk`).
    Rapier,
    /// rapier's controller with autostep on as well.
    RapierStep,
}

impl Variant {
    pub const ALL: [Variant; 8] = [
        Variant::Seed,
        Variant::Crease,
        Variant::Exact,
        Variant::InternalEdge,
        Variant::Touching,
        Variant::Fix,
        Variant::Rapier,
        Variant::RapierStep,
    ];

    /// The variants each scene states its expectations for (the seed's walker with the core's
    /// settings); the fix and the other engines' columns are measured beside them.
    pub const OURS: [Variant; 5] = [
        Variant::Seed,
        Variant::Crease,
        Variant::Exact,
        Variant::InternalEdge,
        Variant::Touching,
    ];

    /// Column heading.
    pub fn label(self) -> &'static str {
        match self {
            Variant::Seed => "seed",
            Variant::Crease => "crease",
            Variant::Exact => "exact",
            Variant::InternalEdge => "int-edge",
            Variant::Touching => "touch",
            Variant::Fix => "fix",
            Variant::Rapier => "rapier",
            Variant::RapierStep => "rapier+step",
        }
    }

    /// rapier's set-up, for the other engine's columns.
    pub fn rapier(self) -> Option<RapierSetup> {
        match self {
            Variant::Rapier => Some(RapierSetup::Defaults),
            Variant::RapierStep => Some(RapierSetup::Autostep),
            _ => None,
        }
    }

    /// Whether scenes state expectations for this variant (one of [`Variant::OURS`]); the
    /// others' columns are measured only.
    pub fn expected(self) -> bool {
        Variant::OURS.contains(&self)
    }

    /// The walker's parameters: the snap walker for the fix, the defaults otherwise.
    pub fn params(self) -> crate::sim::PlayerParams {
        let walker = match self {
            Variant::Fix => crate::sim::Walker::Snap,
            _ => crate::sim::Walker::Seed,
        };
        crate::sim::PlayerParams {
            walker,
            ..Default::default()
        }
    }

    /// What the fix is, in words, from the settings and walker it runs (the scorecard's
    /// preamble and the debugger's button say this, so they cannot drift from it).
    pub fn fix_description() -> String {
        let s = Variant::Fix.settings(&SlideSettings::default());
        let p = Variant::Fix.params();
        format!(
            "the slide rule \"{}\" with faces steeper than {}° and lips higher than {} m not \
             climbed, and the walker \"{}\" (ground moves in the ground's plane without gravity, \
             snapped back onto the ground within the step height)",
            s.response.rule.name(),
            s.response.max_climb_deg.unwrap_or(90.0),
            s.response.max_step_m.unwrap_or(0.0),
            p.walker.name(),
        )
    }

    /// `base` with this variant's switches set.
    pub fn settings(self, base: &SlideSettings) -> SlideSettings {
        let mut s = *base;
        s.response.rule = match self {
            Variant::Seed
            | Variant::Exact
            | Variant::InternalEdge
            | Variant::Touching
            | Variant::Rapier
            | Variant::RapierStep => Response::Seed,
            Variant::Crease => Response::Crease,
            Variant::Fix => Response::Planes,
        };
        let fix = (self == Variant::Fix).then(|| self.params());
        s.response.max_climb_deg = fix.map(|p| p.max_ground_slope_deg);
        s.response.max_step_m = fix.map(|p| p.max_step_height_m);
        s.response.exact_contact = self == Variant::Exact;
        s.response.internal_edge_filter = self == Variant::InternalEdge;
        s.response.touching_counts = self == Variant::Touching;
        s
    }
}

/// Which rapier set-up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RapierSetup {
    /// `KinematicCharacterController::default()`: slide on, snap to ground 0.2 (relative), no
    /// autostep, 45° climb and slide angles.
    Defaults,
    /// The defaults with autostep on, at the walker's step height (0.3 m) onto a landing at
    /// least 0.1 m deep (rapier's own default wants a landing half the character's height,
    /// 0.9 m, deeper than any stair's tread).
    Autostep,
}
