//! Which way a level's triangles wind. glTF and OBJ say counter-clockwise is the front, but
//! files do not always obey (the shared Sponza and Quake-derived levels wind clockwise), and the renderer tints back
//! faces so one-sided walls stand out — on a clockwise file everything would be tinted.
//! Signed volume cannot tell: interiors (a room, an atrium) legitimately face inwards. What
//! matters is what a player sees, so rays are cast from the spawn points through the core's
//! [`raycast`] and the sides they hit are counted: from walkable space a well-wound level shows
//! its fronts. Drawing only: collision is two-sided by default and never uses this.

use glam::Vec3;

use crate::collision::{CollisionMesh, raycast};

/// Rays per viewpoint (a Fibonacci sphere).
const RAYS: usize = 256;

/// Front and back hits of rays cast in all directions from each of `viewpoints` (world).
pub fn visible_sides(mesh: &CollisionMesh, viewpoints: &[Vec3]) -> (u32, u32) {
    let reach = mesh.bounds().extent().length() * 2.0 + 1.0;
    let golden = std::f32::consts::PI * (3.0 - 5f32.sqrt());
    let (mut front, mut back) = (0, 0);
    for &o in viewpoints {
        for i in 0..RAYS {
            let y = 1.0 - 2.0 * (i as f32 + 0.5) / RAYS as f32;
            let r = (1.0 - y * y).max(0.0).sqrt();
            let a = golden * i as f32;
            let dir = Vec3::new(r * a.cos(), y, r * a.sin());
            if let Ok(Some(hit)) = raycast(mesh, o, dir, reach) {
                if hit.front {
                    front += 1;
                } else {
                    back += 1;
                }
            }
        }
    }
    (front, back)
}

/// True when, seen from `viewpoints` (e.g. 1 m above the spawn points), at least twice as many
/// rays hit back sides as front sides, and at least 32 hit anything.
pub fn looks_clockwise(mesh: &CollisionMesh, viewpoints: &[Vec3]) -> bool {
    let (front, back) = visible_sides(mesh, viewpoints);
    front + back >= 32 && back > 2 * front
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A closed room (faces inwards when `inward`), 10 m on a side.
    fn room(inward: bool) -> CollisionMesh {
        use crate::level::teaching::{MaterialId, Part};
        let cube = Part::cuboid(
            "room",
            MaterialId::Wall,
            glam::DVec3::splat(-5.0),
            glam::DVec3::splat(5.0),
        );
        let mut tris = Vec::new();
        for corners in cube.faces.iter().map(|f| &f.vertices) {
            for k in 1..corners.len() - 1 {
                let (a, b, c) = (corners[0], corners[k], corners[k + 1]);
                let t = if inward { [a, c, b] } else { [a, b, c] };
                tris.push(t.map(|p| p.as_vec3()));
            }
        }
        CollisionMesh::from_triangles(&tris).unwrap()
    }

    #[test]
    fn a_room_seen_from_inside_shows_fronts_only_when_its_faces_point_inwards() {
        let inside = [Vec3::ZERO];
        assert_eq!(visible_sides(&room(true), &inside), (RAYS as u32, 0));
        assert!(!looks_clockwise(&room(true), &inside));
        assert!(looks_clockwise(&room(false), &inside));
        // No viewpoint, or nothing hit: keep the file's winding.
        assert!(!looks_clockwise(&room(false), &[]));
    }
}
