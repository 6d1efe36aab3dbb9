//! A lesson's first frame without a window: the scene at its opening iteration drawn the way
//! the paused debugger draws it (`scene::cursor_shapes`), the lesson's orbit camera and its
//! world / eSpace blend. The render test checks these frames through the offscreen renderer.

use glam::Mat3;

use super::LessonState;
use crate::render::{Camera, DebugScene, FrameSettings, SpaceMap};
use crate::scene::minkowski_shapes::add_minkowski_of_iteration;
use crate::scene::object_shapes::{add_dynamic_sweeps, add_recorded_objects};
use crate::scene::{CursorStyle, add_cursor_iteration};
use crate::view::OpenedScenario;
use crate::view::camera_rig::{CameraMode, CameraRig, GLIDE_SECS, selection_sphere};
use crate::view::open_side::frame_opened;

/// The scene, camera and frame settings of the lesson's opening view.
pub fn first_frame(
    opened: &OpenedScenario,
    state: &LessonState,
) -> (DebugScene, Camera, FrameSettings) {
    let rec = &opened.record;
    let view = &state.lesson.view;
    let (radii, axes) = rec
        .call
        .ellipsoid
        .map_or((glam::Vec3::ONE, Mat3::IDENTITY), |e| (e.radii, e.axes));
    let i = state.open_iteration() as usize;
    let mut scene = DebugScene::default();
    let style = CursorStyle {
        arrow_scale: view.arrow_scale.unwrap_or(10.0),
        normal_length: (radii.min_element() * 1.5).max(0.1),
        draw: view.draw.unwrap_or_default(),
        ..Default::default()
    };
    add_cursor_iteration(&mut scene, &rec.trace, radii, axes, i, &style);
    let it = rec.trace.iterations.get(i);
    // Moving objects at the poses recorded for the call (previous faded), with each one's
    // extended sweep and adjustment vector, as the paused debugger draws them.
    add_recorded_objects(&mut scene, &rec.dynamics.objects, true);
    if let Some(it) = it {
        add_dynamic_sweeps(&mut scene, it, radii, axes, style.arrow_scale);
    }
    let mesh = &opened.world.collision;
    let selected = state.open_triangle();
    let first_contact = it.and_then(|it| it.contacts.first());
    scene.highlight_triangle = match selected {
        Some(t) => mesh.get_triangle(t).map(|t| t.vertices),
        None => first_contact.and_then(|c| opened.world.contact_triangle(c, &rec.dynamics.objects)),
    };
    if let Some(t) = selected
        && let Some(tri) = mesh.get_triangle(t)
        && view.minkowski
        && let Some(e) = rec.call.ellipsoid
    {
        add_minkowski_of_iteration(
            &mut scene,
            t,
            tri.vertices,
            &e,
            view.draw.unwrap_or_default(),
            it,
        );
    }
    let center = it.map_or(rec.after.center, |it| it.start_center);
    let mut rig = CameraRig::new(CameraMode::Orbit, 4.0, 70.0);
    // As the app opens it: the scenario framed from the open side of its first contacts, then
    // the lesson's own angle and distance.
    frame_opened(&mut rig, mesh, rec, 0);
    rig.advance(GLIDE_SECS);
    if let Some(c) = view.camera {
        rig.yaw = c.yaw_deg.to_radians();
        rig.pitch = c.pitch_deg.to_radians().clamp(-1.55, 1.55);
        rig.orbit_distance = c.distance_m.clamp(0.5, 100.0);
    }
    // Centred on the open iteration's contact, as the app opens it (a lesson without one
    // keeps its own framing).
    let reach = radii.max_element();
    let selected_vertices = selected
        .and_then(|t| mesh.get_triangle(t))
        .map(|t| t.vertices);
    rig.focus =
        first_contact.map(|_| selection_sphere(selected_vertices, it, rec.after.center, reach).0);
    let space = SpaceMap::espace_blend(radii, axes, center, view.blend);
    let camera = space.camera(rig.camera(mesh, center, radii));
    let settings = FrameSettings {
        space,
        ..FrameSettings::default()
    };
    (scene, camera, settings)
}
