//! `CollisionMesh::empty()`: a level with nothing in it (a game's probe may send one), where
//! every path is clear.

use glam::Vec3;
use slidescope_collision::{
    CollisionMesh, Ellipsoid, EndReason, SlideSettings, Trace, collide_and_slide,
};

#[test]
fn an_empty_mesh_has_nothing_to_hit() {
    let mesh = CollisionMesh::empty();
    assert_eq!(mesh.triangle_count(), 0);
    let e = Ellipsoid::new(Vec3::new(1.0, 2.0, 3.0), Vec3::ONE).unwrap();
    let v = Vec3::new(0.0, -10.0, 0.0);
    let mut trace = Trace::default();
    let r = collide_and_slide(&mesh, &e, v, &SlideSettings::default(), Some(&mut trace)).unwrap();
    assert_eq!((r.position, r.end), (e.center + v, EndReason::ClearPath));
    assert!(trace.iterations[0].candidates.is_empty());
}
