//! Closest point on a triangle to a point (Ericson, *Real-Time Collision Detection* 5.1.5, the
//! Voronoi-region walk). Any space: used in eSpace to measure how far a sphere overlaps a
//! triangle, and by tests as the independent check of "never overlaps by more than the skin".

use glam::Vec3;

/// The point of triangle `[a, b, c]` nearest to `p`.
pub fn closest_point_on_triangle(p: Vec3, [a, b, c]: [Vec3; 3]) -> Vec3 {
    let ab = b - a;
    let ac = c - a;
    let ap = p - a;
    let d1 = ab.dot(ap);
    let d2 = ac.dot(ap);
    if d1 <= 0.0 && d2 <= 0.0 {
        return a;
    }
    let bp = p - b;
    let d3 = ab.dot(bp);
    let d4 = ac.dot(bp);
    if d3 >= 0.0 && d4 <= d3 {
        return b;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return a + ab * (d1 / (d1 - d3));
    }
    let cp = p - c;
    let d5 = ab.dot(cp);
    let d6 = ac.dot(cp);
    if d6 >= 0.0 && d5 <= d6 {
        return c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return a + ac * (d2 / (d2 - d6));
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 {
        return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
    }
    let denom = 1.0 / (va + vb + vc);
    a + ab * (vb * denom) + ac * (vc * denom)
}

/// Distance from `p` to the triangle.
pub fn distance_to_triangle(p: Vec3, tri: [Vec3; 3]) -> f32 {
    (p - closest_point_on_triangle(p, tri)).length()
}

/// Smallest eSpace distance from `ellipsoid`'s centre to any triangle of `mesh` (1 = touching,
/// below 1 = overlapping), by brute force over every triangle: the independent check tests use
/// against the BVH-driven core.
pub fn clearance_es(mesh: &super::CollisionMesh, ellipsoid: &super::Ellipsoid) -> f32 {
    let space = ellipsoid.space();
    let c = space.point_to_es(ellipsoid.center);
    (0..mesh.triangle_count() as u32)
        .map(|i| distance_to_triangle(c, mesh.triangle(i).vertices.map(|p| space.point_to_es(p))))
        .fold(f32::INFINITY, f32::min)
}
