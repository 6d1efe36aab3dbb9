//! The BVH keeps every triangle reachable however the binned SAH ends: leaves it cannot split
//! (coincident centroids, duplicated triangles as in two-sided walls) and leaves the SAH
//! prefers over a split.

use glam::Vec3;
use slidescope_collision::CollisionMesh;

fn all_found(tris: &[[Vec3; 3]]) -> Vec<u32> {
    let mesh = CollisionMesh::from_triangles(tris).expect("mesh");
    let mut out = Vec::new();
    mesh.bvh().query(&mesh.bounds(), &mut out);
    out.sort_unstable();
    out
}

#[test]
fn duplicated_triangles_are_all_in_the_tree() {
    let tri = [Vec3::ZERO, Vec3::X, Vec3::Y];
    for n in [5usize, 8, 9, 16, 40] {
        let tris = vec![tri; n];
        assert_eq!(
            all_found(&tris),
            (0..n as u32).collect::<Vec<_>>(),
            "{n} copies"
        );
    }
}

#[test]
fn a_fan_of_long_slivers_is_all_in_the_tree() {
    // Long thin triangles through one point: every split's boxes are nearly the whole box,
    // so the SAH prefers leaves of up to eight.
    for n in 5..=12u32 {
        let tris: Vec<[Vec3; 3]> = (0..n)
            .map(|i| {
                let a = i as f32 * std::f32::consts::PI / n as f32;
                let d = Vec3::new(a.cos(), 0.0, a.sin()) * 10.0;
                [-d, d, d * 0.9 + Vec3::Y * 0.01]
            })
            .collect();
        assert_eq!(all_found(&tris), (0..n).collect::<Vec<_>>(), "{n} slivers");
    }
}
