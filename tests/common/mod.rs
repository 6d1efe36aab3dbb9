//! Helpers shared by the integration tests: geometry for the core, glTF builders for the loader
//! (`gltf_build`).
#![allow(dead_code)]

mod gltf_build;
pub use gltf_build::*;

use glam::Vec3;
use slidescope::collision::CollisionMesh;

pub fn v(x: f32, y: f32, z: f32) -> Vec3 {
    Vec3::new(x, y, z)
}

/// Two triangles forming the quad `a b c d` (counter-clockwise about its front normal).
pub fn quad(a: Vec3, b: Vec3, c: Vec3, d: Vec3) -> [[Vec3; 3]; 2] {
    [[a, b, c], [a, c, d]]
}

/// A square floor at height `y`, half size `h`, normal +Y.
pub fn floor(y: f32, h: f32) -> [[Vec3; 3]; 2] {
    quad(v(-h, y, h), v(h, y, h), v(h, y, -h), v(-h, y, -h))
}

/// The 12 outward-facing triangles of the box `[min, max]`.
pub fn solid_box(min: Vec3, max: Vec3) -> Vec<[Vec3; 3]> {
    let p = |i: usize| {
        v(
            if i & 1 == 0 { min.x } else { max.x },
            if i & 2 == 0 { min.y } else { max.y },
            if i & 4 == 0 { min.z } else { max.z },
        )
    };
    // Faces as corner indices, counter-clockwise seen from outside.
    let faces = [
        [0, 4, 6, 2], // -x
        [1, 3, 7, 5], // +x
        [0, 1, 5, 4], // -y
        [2, 6, 7, 3], // +y
        [0, 2, 3, 1], // -z
        [4, 5, 7, 6], // +z
    ];
    faces
        .iter()
        .flat_map(|f| quad(p(f[0]), p(f[1]), p(f[2]), p(f[3])))
        .collect()
}

pub fn mesh(tris: &[[Vec3; 3]]) -> CollisionMesh {
    CollisionMesh::from_triangles(tris).expect("test geometry is valid")
}

pub fn assert_close(a: f32, b: f32, tol: f32, what: &str) {
    assert!((a - b).abs() <= tol, "{what}: {a} vs {b} (tol {tol})");
}

pub fn assert_vec_close(a: Vec3, b: Vec3, tol: f32, what: &str) {
    assert!(
        (a - b).abs().max_element() <= tol,
        "{what}: {a} vs {b} (tol {tol})"
    );
}
