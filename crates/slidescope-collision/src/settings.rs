//! Every tunable of detect and respond in one place, with seed 001's defaults (12.3, 12.13,
//! 12.15 and the lab project's `CCollision` constructor).

use super::{CaseMask, CollisionError};
pub use slidescope_conventions::Conventions;

/// How detection finds candidate triangles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum BroadPhase {
    /// Query the mesh's BVH with the box of the swept ellipsoid.
    #[default]
    Bvh,
    /// Test every triangle (the reference the BVH must match exactly).
    BruteForce,
}

/// Which per-triangle sweep test the BVH scan runs (walk with any seed's solver).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum NarrowPhaseKind {
    /// Face slab, edge cylinders, vertex spheres in eSpace (seed 001 12.4–12.9, seed 003).
    #[default]
    Decomposed,
    /// Plane space with the swept circle (seed 000, Rouwé).
    PlaneSpace,
    /// Seed 002's gradient-normal method (approximate on edges, on purpose).
    GradientNormal,
}

impl NarrowPhaseKind {
    pub const ALL: [Self; 3] = [Self::Decomposed, Self::PlaneSpace, Self::GradientNormal];

    pub fn name(self) -> &'static str {
        match self {
            Self::Decomposed => "decomposed (seed 001/003)",
            Self::PlaneSpace => "plane space (seed 000)",
            Self::GradientNormal => "gradient normal (seed 002)",
        }
    }
}

/// How a contact turns the remaining motion (the response variants).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Response {
    /// Seed 001 12.3: project onto the contact's plane, one plane per iteration.
    #[default]
    Seed,
    /// As the seed, but a slide that would re-enter an earlier plane of the call follows the
    /// two planes' crease line, and stops where a third plane closes it (see `crease`).
    Crease,
    /// The motion left after each contact solved against every plane of the call at once:
    /// the motion nearest the wish that enters none (see `plane_solver`).
    Planes,
}

impl Response {
    pub const ALL: [Self; 3] = [Self::Seed, Self::Crease, Self::Planes];

    /// One word, for tight places.
    pub fn short_name(self) -> &'static str {
        match self {
            Self::Seed => "seed",
            Self::Crease => "crease",
            Self::Planes => "planes",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Self::Seed => "seed (one plane)",
            Self::Crease => "crease (two planes, stop at three)",
            Self::Planes => "plane solver (every plane at once)",
        }
    }
}

/// Settings of [`collide_and_slide`](super::collide_and_slide) and [`sweep`](super::sweep), in
/// four groups: what a game tunes, the conventions on which real ports differ, how a contact
/// turns the motion, and the debugger's knobs (what changes per call is the
/// [`Motion`](super::Motion)). Scenario files hold them in the flat layout of
/// `settings_file.rs`.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        from = "crate::settings_file::SettingsFile",
        into = "crate::settings_file::SettingsFile"
    )
)]
pub struct SlideSettings {
    /// What a game tunes: the skin and the loop's limits.
    pub tuning: Tuning,
    /// Where real ports differ from seed 001 (seed 001's by default): the table of
    /// `slidescope-conventions`, one field a convention.
    pub conventions: Conventions,
    /// How a contact turns the remaining motion.
    pub response: ResponseOptions,
    /// What the debugger switches to show the parts of the algorithm: the cases, the broad
    /// and the narrow phase.
    pub debug: DebugKnobs,
}

/// What a game tunes: the skin and the loop's limits (seed 001 12.3 and the lab project's
/// `CCollision` constructor).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tuning {
    /// Distance (eSpace units) the centre is pushed back along the contact normal after each
    /// contact. Seed 001: `1e-3`.
    pub skin_es: f32,
    /// Detect/respond iterations before the iteration limit. Lab project default: 30.
    pub max_iterations: u32,
    /// Contacts whose times differ by less than this are simultaneous (seed 001: `1e-5`).
    pub simultaneous_tolerance: f32,
    /// Most simultaneous contacts kept per detection (seed 001: 100).
    pub max_contacts: u32,
}

impl Default for Tuning {
    fn default() -> Self {
        Self {
            skin_es: 1e-3,
            max_iterations: 30,
            simultaneous_tolerance: 1e-5,
            max_contacts: 100,
        }
    }
}

/// How a contact turns the remaining motion: the rule and its options (the seed's by
/// default).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct ResponseOptions {
    /// One plane per iteration (the seed), the crease rule, or the plane solver.
    pub rule: Response,
    /// The contact centre is corrected to lie exactly one eSpace unit from every static
    /// triangle it touches before the skin push-back. Off (the seed): the centre is
    /// `start + v·t`, whose f32 error grows with the move's length (sweeps longer than ~26
    /// eSpace units ended up to 8.6e-4 inside the triangle they hit).
    pub exact_contact: bool,
    /// The first contact on an edge shared with a coplanar neighbour (a seam inside a flat
    /// surface, see `internal_edge`) slides on the triangle's face, not on the edge's round
    /// normal. Off (the seed): the edge's normal.
    pub internal_edge_filter: bool,
    /// A centre whose path only grazes a part of a triangle's Minkowski sum at eSpace
    /// distance 1 (within `sweep::touch::TOUCH_ES`) touches it, for every narrow phase: a
    /// sphere sliding on a plane onto an edge of that plane's triangle is an edge contact. Off
    /// (the seed): it is no contact (a double root lost to rounding).
    pub touching_counts: bool,
    /// The plane solver's climb limit (degrees from horizontal, world `+Y` up): a plane facing
    /// up and steeper than this is not climbed, only slid along or down. `None`: every slope
    /// is a plane like any other. The other rules ignore it.
    pub max_climb_deg: Option<f32>,
    /// The plane solver's step height (m above the ellipsoid's lowest point, world `+Y` up):
    /// with a climb limit, an edge or a vertex met higher than this is a wall's lip, not a
    /// step's, and is not climbed either. `None`: every edge and vertex may be climbed.
    pub max_step_m: Option<f32>,
}

/// The debugger's knobs: which parts of the Minkowski sum, which broad and narrow phase. A
/// game keeps the defaults.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DebugKnobs {
    /// Which parts of the Minkowski sum the solver uses.
    pub cases: CaseMask,
    /// BVH or brute force.
    pub broad_phase: BroadPhase,
    /// The per-triangle sweep test (the core's decomposed one by default).
    pub narrow_phase: NarrowPhaseKind,
    /// Re-creates a bug real ports have (exengine's `entity.c`): with Linahan's projection,
    /// the motion along the crease is measured against `n1 × n2` before it is normalised, so
    /// the slide is shortened by the sine of the two planes' angle. The explainer re-solves
    /// with it to name that bug; a game keeps it off.
    pub crease_unnormalised: bool,
    /// Re-creates a bug real ports have (kouchkarting's `WorldCollision`): the face test asks
    /// whether the point the motion reaches at its end, `centre - normal + velocity` in eSpace,
    /// lies in the triangle, and takes it as the touched point, where seed 001 12.5 takes the
    /// point at the contact (`+ t0 * velocity`); the slide plane's normal then runs from the
    /// centre at contact to that point. The port zoo builds a port with it; a game keeps it off.
    pub face_point_at_motion_end: bool,
}

impl Default for DebugKnobs {
    fn default() -> Self {
        Self {
            cases: CaseMask::ALL,
            broad_phase: BroadPhase::Bvh,
            narrow_phase: NarrowPhaseKind::Decomposed,
            crease_unnormalised: false,
            face_point_at_motion_end: false,
        }
    }
}

impl SlideSettings {
    /// Rejects values that would make the loop meaningless or unbounded.
    pub fn validate(&self) -> Result<(), CollisionError> {
        let bad =
            |name: &'static str, reason: String| Err(CollisionError::BadSetting { name, reason });
        // A skin of the whole radius leaves no sphere to touch; real ports pad up to half of it
        // (kouchkarting: 0.5 eSpace).
        if !(self.tuning.skin_es.is_finite() && (0.0..1.0).contains(&self.tuning.skin_es)) {
            return bad(
                "skin_es",
                format!("must be in [0, 1), got {}", self.tuning.skin_es),
            );
        }
        if !(1..=10_000).contains(&self.tuning.max_iterations) {
            return bad(
                "max_iterations",
                format!("must be in 1..=10000, got {}", self.tuning.max_iterations),
            );
        }
        if !(self.tuning.simultaneous_tolerance.is_finite()
            && (0.0..=0.1).contains(&self.tuning.simultaneous_tolerance))
        {
            return bad(
                "simultaneous_tolerance",
                format!(
                    "must be in [0, 0.1], got {}",
                    self.tuning.simultaneous_tolerance
                ),
            );
        }
        if let Err((name, reason)) = self.conventions.validate() {
            return bad(name, reason);
        }
        if let Some(d) = self.response.max_climb_deg
            && !(d.is_finite() && d > 0.0 && d < 90.0)
        {
            return bad("max_climb_deg", format!("must be in (0, 90), got {d}"));
        }
        if let Some(h) = self.response.max_step_m
            && !(h.is_finite() && h >= 0.0)
        {
            return bad("max_step_m", format!("must be finite and >= 0, got {h}"));
        }
        if !(1..=10_000).contains(&self.tuning.max_contacts) {
            return bad(
                "max_contacts",
                format!("must be in 1..=10000, got {}", self.tuning.max_contacts),
            );
        }
        Ok(())
    }
}
