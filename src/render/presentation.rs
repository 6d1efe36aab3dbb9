//! The projector look of the 3D view (the "Presentation" toggle): thicker lines and arrows,
//! more opaque translucent shapes and a black background, applied to a built scene so every
//! scene builder gets it for free. Colours keep their hue, so the legend stays right.

use super::{DebugScene, FrameSettings};

/// How much thicker lines, arrows and points get.
pub const THICKEN: f32 = 2.2;
/// Thin tubes (a swept tiny sphere without outline) are lines: radius at most this (m).
const LINE_RADIUS_MAX: f32 = 0.03;

/// Alpha of a translucent colour in presentation mode (opaque colours unchanged).
pub fn alpha(a: f32) -> f32 {
    if a >= 0.999 { a } else { (a * 1.8).min(0.75) }
}

/// Makes `scene` read on a projector: thicker arrows, normals, points and lines, stronger
/// translucent fills.
pub fn apply(scene: &mut DebugScene) {
    for a in scene.arrows.iter_mut().chain(scene.normals.iter_mut()) {
        a.radius *= THICKEN;
    }
    for p in &mut scene.points {
        p.radius *= THICKEN * 0.8;
    }
    for s in &mut scene.swept {
        if s.wire.is_none() && s.radii.max_element() <= LINE_RADIUS_MAX {
            s.radii *= THICKEN;
        }
        s.color[3] = alpha(s.color[3]);
    }
    for e in &mut scene.ellipsoids {
        e.color[3] = alpha(e.color[3]);
    }
    for p in &mut scene.planes {
        p.color[3] = alpha(p.color[3]);
    }
}

/// The frame settings for a projector: black background, brighter ambient light.
pub fn frame_settings(settings: &mut FrameSettings) {
    settings.clear_color = [0.0, 0.0, 0.0];
    settings.ambient = settings.ambient.max(0.5);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::{Arrow, SweptShape};
    use glam::{Mat3, Vec3};

    #[test]
    fn lines_and_arrows_get_thicker_and_fills_stronger() {
        let mut s = DebugScene::default();
        s.arrows.push(Arrow {
            from: Vec3::ZERO,
            vector: Vec3::X,
            radius: 0.01,
            color: [1.0; 4],
        });
        s.swept.push(SweptShape {
            from: Vec3::ZERO,
            to: Vec3::X,
            radii: Vec3::splat(0.005),
            axes: Mat3::IDENTITY,
            color: [1.0, 1.0, 1.0, 0.2],
            wire: None,
        });
        s.swept.push(SweptShape {
            from: Vec3::ZERO,
            to: Vec3::X,
            radii: Vec3::new(0.4, 0.9, 0.4),
            axes: Mat3::IDENTITY,
            color: [1.0, 1.0, 1.0, 0.16],
            wire: Some([1.0; 4]),
        });
        apply(&mut s);
        assert!((s.arrows[0].radius - 0.022).abs() < 1e-6);
        assert!(s.swept[0].radii.x > 0.01);
        assert_eq!(
            s.swept[1].radii,
            Vec3::new(0.4, 0.9, 0.4),
            "volumes keep their size"
        );
        assert!(s.swept[1].color[3] > 0.25);
    }
}
