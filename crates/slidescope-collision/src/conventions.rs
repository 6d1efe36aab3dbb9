//! The design choices on which real implementations of collide-and-slide differ from seed 001:
//! each is a [`SlideSettings`](crate::SlideSettings) field whose default is the seed's, applied
//! in exactly one stage of `slide/` (see its table). [`Conventions`] gathers them into one value: what a
//! game declares in its probe file, what `probe-check` detects, what the inspector re-runs with.
//!
//! The ports they come from: Fauerby, "Improved Collision detection and Response" (2003),
//! `collideWithWorld`; Irrlicht 1.8 `CSceneCollisionManager::collideWithWorld`; Babylon.js
//! `Collider` and `CollisionCoordinator._collideWithWorld`.

/// Where the skin padding goes after a contact (`slide/skin.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Padding {
    /// Seed 001 12.3: the touching centre is pushed back `skin_es` along the contact normal.
    #[default]
    Normal,
    /// Fauerby 2003 and Irrlicht's `collideWithWorld`: the centre stops `skin_es` short of the
    /// contact *along the velocity* (`V.SetLength(nearestDistance - veryCloseDistance)`), and
    /// does not move at all when the contact is nearer than that. A contact at an angle then
    /// leaves the centre closer than the skin to the surface.
    Velocity,
}

impl Padding {
    pub const ALL: [Self; 2] = [Self::Normal, Self::Velocity];

    pub fn name(self) -> &'static str {
        match self {
            Self::Normal => "along the normal (seed 001)",
            Self::Velocity => "along the velocity (Fauerby 2003, Irrlicht)",
        }
    }

    #[cfg(feature = "serde")]
    pub(crate) fn is_normal(&self) -> bool {
        *self == Self::Normal
    }
}

/// What happens to a motion shorter than the short-motion threshold (`slide/stop.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ShortMotion {
    /// Seed 001 12.3: checked before every detection (the first one too); the short motion is
    /// applied without detecting it ("break out if our velocity is too small").
    #[default]
    Applied,
    /// Fauerby 2003 (`if (newVelocityVector.length() < veryCloseDistance) return
    /// newBasePoint;`), Irrlicht, Babylon.js (`if (velocity.length() <= closeDistance)
    /// finalPosition.copyFrom(position)`): checked on the motion left after a response only;
    /// the leftover is dropped and the centre stays where the response put it. A first motion
    /// of any length is detected (a zero one does nothing).
    Dropped,
}

impl ShortMotion {
    pub const ALL: [Self; 2] = [Self::Applied, Self::Dropped];

    pub fn name(self) -> &'static str {
        match self {
            Self::Applied => "applied (seed 001)",
            Self::Dropped => "dropped (Fauerby 2003, Irrlicht, Babylon.js)",
        }
    }

    #[cfg(feature = "serde")]
    pub(crate) fn is_applied(&self) -> bool {
        *self == Self::Applied
    }
}

/// With `two_sided` off, which triangles a detection ignores (`detect/`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum BackFaces {
    /// Seed 001: a triangle whose plane has the centre behind it.
    #[default]
    Position,
    /// Fauerby 2003, Irrlicht, Babylon.js (`isFrontFacingTo(normalizedVelocity)`): also a
    /// triangle the motion leaves (normal · velocity > 0), whatever side the centre is on; its
    /// edges and vertices are not tested either.
    Velocity,
}

impl BackFaces {
    pub const ALL: [Self; 2] = [Self::Position, Self::Velocity];

    pub fn name(self) -> &'static str {
        match self {
            Self::Position => "centre behind the plane (seed 001)",
            Self::Velocity => "moving away from the front (Fauerby 2003, Babylon.js)",
        }
    }

    #[cfg(feature = "serde")]
    pub(crate) fn is_position(&self) -> bool {
        *self == Self::Position
    }
}

/// Whether an edge or vertex the sphere already overlaps is a contact (`detect/`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Roots {
    /// Seed 001 12.8.1: an embedded start is a contact at t = 0 (moving away from it is not).
    #[default]
    AtZero,
    /// Fauerby 2003, Irrlicht, Babylon.js (`getLowestRoot`: `if (r1 > 0 && r1 < maxR)`): only
    /// a root after the start counts, so an edge or vertex the sphere already overlaps is no
    /// contact. The face's embedded case still is. Tested with the decomposed solver
    /// whichever narrow phase is chosen.
    PositiveOnly,
}

impl Roots {
    pub const ALL: [Self; 2] = [Self::AtZero, Self::PositiveOnly];

    pub fn name(self) -> &'static str {
        match self {
            Self::AtZero => "an overlapped edge or vertex is a contact at t = 0 (seed 001)",
            Self::PositiveOnly => "roots after the start only (Fauerby 2003, Babylon.js)",
        }
    }

    #[cfg(feature = "serde")]
    pub(crate) fn is_at_zero(&self) -> bool {
        *self == Self::AtZero
    }
}

/// Every convention of a [`SlideSettings`](crate::SlideSettings) as one value. The seed's are
/// `SlideSettings::default().conventions()`.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Conventions {
    /// Where the skin padding goes.
    pub padding: Padding,
    /// What a short motion does, and its thresholds (eSpace units; world, m, 0 for none).
    pub short_motion: ShortMotion,
    pub min_velocity_es: f32,
    pub min_velocity_m: f32,
    /// A call that moves no further than this (m) stays where it was; 0: none.
    pub dead_zone_m: f32,
    /// The iteration limit: fall back to the input velocity's first contact (seed), or keep
    /// the last checked centre (Babylon.js, Irrlicht). Either way every detection counts as an
    /// iteration, the one that finds nothing too.
    pub fallback: bool,
    /// Both sides of every triangle collide; otherwise `back_faces` says which are ignored.
    pub two_sided: bool,
    pub back_faces: BackFaces,
    /// Stop when the slide turns against the input velocity (seed 001 12.15).
    pub impulse_filter: bool,
    /// Whether an overlapped edge or vertex is a contact.
    pub roots: Roots,
}
