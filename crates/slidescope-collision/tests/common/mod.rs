//! Fixtures the core's integration tests share: a level that gets faces, edges and vertices
//! hit, and a fixed-seed crowd of movers on it.
#![allow(dead_code)]

use glam::Vec3;
use slidescope_collision::{CollisionMesh, Ellipsoid, Motion, Mover};

/// A bumpy 40 × 40 m field with slanted walls: faces, edges and vertices all get hit.
pub fn field() -> CollisionMesh {
    let h = |x: i32, z: i32| ((x * 7 + z * 13).rem_euclid(5)) as f32 * 0.08;
    let mut tris = Vec::new();
    for x in -20..20 {
        for z in -20..20 {
            let p =
                |dx: i32, dz: i32| Vec3::new((x + dx) as f32, h(x + dx, z + dz), (z + dz) as f32);
            tris.push([p(0, 0), p(0, 1), p(1, 0)]);
            tris.push([p(1, 0), p(0, 1), p(1, 1)]);
        }
    }
    for k in 0..8 {
        let a = k as f32 * 4.0 - 16.0;
        tris.push([
            Vec3::new(a, 0.0, -3.0),
            Vec3::new(a + 1.0, 3.0, 3.0),
            Vec3::new(a, 3.0, -3.0),
        ]);
    }
    CollisionMesh::from_triangles(&tris).unwrap()
}

pub fn movers(n: usize) -> Vec<Mover> {
    (0..n)
        .map(|i| {
            let a = i as f32 * 2.399;
            let r = 1.0 + (i % 61) as f32 * 0.25;
            let e = Ellipsoid::new(
                Vec3::new(a.cos() * r, 1.2, a.sin() * r),
                Vec3::new(0.4, 0.9, 0.4),
            )
            .unwrap();
            let velocity = Vec3::new((a * 3.1).sin() * 2.0, -0.6, (a * 1.7).cos() * 2.0);
            // Every third one heads 80° off its walk (a walker strafing): with the plane
            // solver no slide may carry it against that heading.
            let heading = glam::Quat::from_rotation_y(80f32.to_radians()) * velocity.with_y(0.0);
            let motion = Motion::new(velocity);
            let motion = if i % 3 == 0 {
                motion.heading(heading)
            } else {
                motion
            };
            Mover::new(e, motion)
        })
        .collect()
}
