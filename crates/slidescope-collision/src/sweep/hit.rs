//! What one swept-unit-sphere test against one piece of the Minkowski sum returns (eSpace).

use glam::Vec3;

use crate::Feature;

/// When a contact happens. Two meanings, two variants (DESIGN pitfall, seed 001 12.4.4): a
/// fraction of the velocity for a sweep, a penetration depth for an embedded start.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ContactTime {
    /// The sphere first touches at `centre + t · velocity`, `t` in `[0, 1]`.
    Toi(f32),
    /// The sphere already overlaps at the start; the centre must move `depth_es` (> 0, eSpace
    /// units) along the normal to rest on the surface.
    Embedded { depth_es: f32 },
}

impl ContactTime {
    /// Orders contacts: deeper embedded starts first, then earlier times of impact. This is
    /// the seed's single `eInterval` (negative distance or positive fraction) as a sort key.
    #[inline]
    pub fn sort_key(self) -> f32 {
        match self {
            ContactTime::Toi(t) => t,
            ContactTime::Embedded { depth_es } => -depth_es,
        }
    }

    /// The time of impact, `None` for an embedded start.
    pub fn toi(self) -> Option<f32> {
        match self {
            ContactTime::Toi(t) => Some(t),
            ContactTime::Embedded { .. } => None,
        }
    }

    pub fn is_embedded(self) -> bool {
        matches!(self, ContactTime::Embedded { .. })
    }

    /// The centre touching a contact at this time, from `start` moving `v` along the slide
    /// normal `n` (eSpace): `start + t v`; an embedded start pushed out by its depth (seed 001
    /// 12.8.1), or where it is when `kept` ([`Conventions::embedded_kept`](crate::Conventions),
    /// Babylon.js).
    #[inline]
    pub fn touching_center(self, start: Vec3, v: Vec3, n: Vec3, kept: bool) -> Vec3 {
        match self {
            ContactTime::Toi(t) => start + v * t,
            ContactTime::Embedded { .. } if kept => start,
            ContactTime::Embedded { depth_es } => start + n * depth_es,
        }
    }
}

/// A contact between the swept unit sphere and one triangle, in the eSpace frame the test ran
/// in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SweepHit {
    pub time: ContactTime,
    pub feature: Feature,
    /// Unit normal of the slide plane, from the contact point towards the sphere centre.
    pub normal_es: Vec3,
    /// The touched point on the triangle.
    pub point_es: Vec3,
}

impl SweepHit {
    /// Sphere centre when touching: `c + t v` for a sweep, `c + depth n` for an embedded start.
    #[inline]
    pub fn center_es(&self, start_es: Vec3, velocity_es: Vec3) -> Vec3 {
        (self.time).touching_center(start_es, velocity_es, self.normal_es, false)
    }
}
