//! The snap walker: a walker whose pull onto the ground and gravity on walkable
//! ground do not depend on the step rate, beside the seed's (seed 001 12.2.3 / 12.15, kept
//! selectable for teaching: `Walker::Seed`). The Issues suite's fix pairs it with the plane
//! solver response (`Response::Planes`), which brings wedges and funnels to rest.
//!
//! The seed's walker pulls a grounded player two skins down inside every move and keeps the
//! core's integration velocity, so each step's pull and gravity's half step are projected onto
//! the slope it stands on: a player at rest slides down a walkable slope (scene 19: 1.2 m in
//! 5 s), and the pull, fixed per step, is four times stronger a second at 240 Hz than at 60 Hz,
//! which is why the same ramp is climbed at 60 Hz and not at 240 Hz (scene 1). Here, on
//! walkable ground:
//! - the move carries no gravity: the ground bears the weight (Jolt's `CharacterVirtual` keeps
//!   a supported character's vertical velocity at the ground's, Quake 2's `PM_GroundMove`
//!   clears it);
//! - the horizontal motion is lifted into the ground's plane (its slope's rise added, its
//!   horizontal length unchanged), so a ramp is walked at the speed of a floor;
//! - after the move, a sweep down by `max_step_height_m` (metres, not per step) finds walkable
//!   ground and puts the player back on it, a skin above (Jolt's `StickToFloor`, Box2D v3.1's
//!   mover "pogo" cast): down a ramp or a step the player stays on the ground at any rate;
//! - the next velocity keeps the integration velocity's horizontal part (so walls still stop
//!   it) and no vertical part;
//! - the move goes to the core with the player's heading (`Motion::heading`, given per call), so the
//!   plane solver never slides it back against where the player heads: walking along one wall
//!   into a corner wider than 90°, the slide off the second wall would otherwise carry it out
//!   of the corner it walks into (Quake 2's "stop dead", scene 16).
//!
//! In the air it is the seed's walker (gravity in two halves, the integration velocity kept).
//! Not traced: the snap sweep moves the centre after the core's move, so a frame's trace (and
//! the detectors that read its result) end where the move ended, a skin or a step above or
//! below where the frame's `after` centre is.

use glam::Vec3;

use super::{PlayerInput, PlayerParams, PlayerState};
use crate::collision::{
    CollisionWorld, Contact, ContactSource, ContactTime, Ellipsoid, ObjectId, SlideSettings,
    sweep_in,
};

/// The ground under a grounded player: the world normal of the first contact a short sweep
/// down meets, when it is walkable (`None` in the air or on a steep face).
pub fn ground_normal(
    world: CollisionWorld<'_>,
    center: Vec3,
    radii: Vec3,
    params: &PlayerParams,
    settings: &SlideSettings,
) -> Option<Vec3> {
    let probe = 4.0 * settings.tuning.skin_es.max(1e-4) * radii.y;
    let n = ground_below(world, center, radii, probe, params, settings)?.normal;
    Some(n)
}

/// The first contact of a sweep straight down by `depth_m`, when it is walkable ground.
fn ground_below(
    world: CollisionWorld<'_>,
    center: Vec3,
    radii: Vec3,
    depth_m: f32,
    params: &PlayerParams,
    settings: &SlideSettings,
) -> Option<Contact> {
    let e = Ellipsoid::new(center, radii).ok()?;
    let hit = sweep_in(world, &e, Vec3::NEG_Y * depth_m, settings).ok()??;
    let c = hit.contacts.into_iter().next()?;
    walkable(c.normal, params).then_some(c)
}

fn walkable(n: Vec3, params: &PlayerParams) -> bool {
    n.y >= params.max_ground_slope_deg.to_radians().cos() - 1e-4
}

/// A grounded move: the horizontal motion lifted into the plane of `ground` (its horizontal
/// length unchanged); no gravity. The whole move is at most `max_m` long (the speed limit
/// holds on a slope too).
pub fn ground_move(velocity_mps: Vec3, ground: Vec3, dt: f32, max_m: f32) -> Vec3 {
    let m = Vec3::new(velocity_mps.x, 0.0, velocity_mps.z) * dt;
    let rise = -(ground.x * m.x + ground.z * m.z) / ground.y;
    let lifted = Vec3::new(m.x, if rise.is_finite() { rise } else { 0.0 }, m.z);
    lifted.clamp_length_max(max_m)
}

/// Where a snap put the player: the centre and what it stands on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Snapped {
    pub center: Vec3,
    /// The moving object stood on (`None`: the static level).
    pub object: Option<ObjectId>,
}

/// After a grounded move ending at `center`: the centre put back on walkable ground (the level
/// or a moving object) found by a sweep down of at most `max_step_height_m`, straight above
/// the touching centre by a skin; `None` when there is none (the player walked off a ledge
/// higher than a step, or onto a steep face).
pub fn snap_down(
    world: CollisionWorld<'_>,
    center: Vec3,
    radii: Vec3,
    params: &PlayerParams,
    settings: &SlideSettings,
) -> Option<Snapped> {
    let reach = params.max_step_height_m.max(1e-3);
    let c = ground_below(world, center, radii, reach, params, settings)?;
    let object = match c.source {
        ContactSource::Static => None,
        ContactSource::Dynamic { object, .. } => Some(object),
    };
    let center = match c.time {
        // Straight up from the touching centre until a skin off the ground's plane in eSpace
        // (along the normal it would creep downhill on a slope, a skin a frame), but no
        // higher than where the sweep started: the path down was clear, above it may be an
        // overhang.
        ContactTime::Toi(_) => {
            let lift = settings.tuning.skin_es / c.normal_es.y.max(0.1) * radii.y;
            c.center + Vec3::Y * lift.min(center.y - c.center.y).max(0.0)
        }
        // Already touching or inside it: stays where the move left it.
        ContactTime::Embedded { .. } => center,
    };
    Some(Snapped { center, object })
}

/// Whether this step walks on the ground (grounded, not jumping).
pub fn walks(state: &PlayerState, input: &PlayerInput) -> bool {
    state.grounded && !input.jump
}
