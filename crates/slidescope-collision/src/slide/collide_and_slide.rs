//! The loop of seed 001 12.3's `CollideEllipsoid` (revised in 12.15), one named stage a line.

use super::detect::first_contact;
use super::finish::finish;
use super::input::check_motion;
use super::place::place_contact;
use super::plane_solver::rest_on_planes;
use super::project::{object_push, project};
use super::record::Recorder;
use super::result::SlideResult;
use super::skin::push_back;
use super::state::{Call, SlideState};
use super::stop::{motion_spent, stops_after_response};
use crate::detect::Scratch;
use crate::{
    CollisionError, CollisionMesh, CollisionWorld, Ellipsoid, EndReason, Motion, Response,
};
use crate::{SlideSettings, Trace};

/// Moves `ellipsoid` by `motion` (world: a displacement, or a [`Motion`] with a heading)
/// through `mesh`, sliding along what it hits. With `trace`, records every iteration (the
/// trace is cleared first).
pub fn collide_and_slide(
    mesh: &CollisionMesh,
    ellipsoid: &Ellipsoid,
    motion: impl Into<Motion>,
    settings: &SlideSettings,
    trace: Option<&mut Trace>,
) -> Result<SlideResult, CollisionError> {
    let mut scratch = Scratch::default();
    collide_and_slide_with(mesh, ellipsoid, motion, settings, &mut scratch, trace)
}

/// [`collide_and_slide`] with a caller-owned scratch buffer.
pub fn collide_and_slide_with(
    mesh: &CollisionMesh,
    ellipsoid: &Ellipsoid,
    motion: impl Into<Motion>,
    settings: &SlideSettings,
    scratch: &mut Scratch,
    trace: Option<&mut Trace>,
) -> Result<SlideResult, CollisionError> {
    let world = CollisionWorld::static_only(mesh);
    collide_and_slide_in(world, ellipsoid, motion, settings, scratch, trace)
}

/// Collide-and-slide through the static mesh and the dynamic objects of `world` (seed 001
/// 12.15). Dynamic objects have right of way: a contact with one is carried into its current
/// pose, which may push the ellipsoid backwards, and the object's motion along the contact
/// normal is added to the integration velocity. Without dynamic objects this is exactly
/// [`collide_and_slide_with`].
pub fn collide_and_slide_in(
    world: CollisionWorld<'_>,
    ellipsoid: &Ellipsoid,
    motion: impl Into<Motion>,
    settings: &SlideSettings,
    scratch: &mut Scratch,
    trace: Option<&mut Trace>,
) -> Result<SlideResult, CollisionError> {
    let motion = motion.into();
    check_motion(ellipsoid, &motion, settings)?;
    let call = Call::new(world, ellipsoid, motion, settings);
    Ok(slide(&call, scratch, trace))
}

/// The loop, on inputs already checked: *detect → place the contact → push back by the skin
/// → project the remaining motion and advance*, until the path is clear, the motion is spent,
/// a stop rule fires or the iterations run out; then the *end of call*.
pub(crate) fn slide(
    call: &Call<'_>,
    scratch: &mut Scratch,
    trace: Option<&mut Trace>,
) -> SlideResult {
    let mut s = SlideState::begin(call, scratch);
    if call.settings.response.rule == Response::Planes {
        rest_on_planes(call, &mut s, scratch);
    }
    let mut recorder = Recorder::new(trace);
    while s.iterations < call.settings.tuning.max_iterations {
        if motion_spent(call, &mut s) {
            break;
        }
        s.iterations += 1;
        let mut record = recorder.begin_iteration(&s);
        let Some(first) = first_contact(call, &mut s, scratch, recorder.detection(&mut record))
        else {
            recorder.clear_path(record);
            s.end = EndReason::ClearPath;
            break;
        };
        let placed = place_contact(call, &mut s, scratch, first);
        let new_center_es = push_back(call, &s, scratch, &placed);
        let push = object_push(call, &s, &placed);
        let projected = project(call, &mut s, &placed, new_center_es, push);
        recorder.responded(record, &s, &placed, &projected);
        if stops_after_response(call, &mut s, &placed) {
            break;
        }
    }
    finish(call, &mut s, scratch, recorder)
}
