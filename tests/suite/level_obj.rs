//! OBJ levels: triangulation, materials from the .mtl, a missing .mtl, bad faces.

use crate::common;

use common::temp_dir;
use glam::Vec3;
use slidescope::level::{Level, LevelErrorKind};

const QUAD_AND_TRI: &str = "mtllib level.mtl
o floor
v 0 0 0
v 0 0 1
v 1 0 1
v 1 0 0
usemtl green
f 1 2 3 4
o ramp
v 0 1 0
v 0 1 1
v 1 2 1
usemtl red
f 5 6 7
";

const MTL: &str = "newmtl green
Kd 0.0 1.0 0.0
newmtl red
Kd 1.0 0.0 0.0
d 0.5
";

#[test]
fn obj_quad_is_triangulated_and_materials_come_from_the_mtl() {
    let dir = temp_dir("obj_mtl");
    std::fs::write(dir.join("level.obj"), QUAD_AND_TRI).unwrap();
    std::fs::write(dir.join("level.mtl"), MTL).unwrap();
    let level = Level::load(dir.join("level.obj")).unwrap();
    assert_eq!(level.stats.triangles_loaded, 3);
    assert_eq!(level.stats.vertices, 7);
    assert_eq!(level.render_meshes.len(), 2);
    assert_eq!(level.materials.len(), 2);
    let floor = &level.render_meshes[0];
    assert_eq!(floor.source.node_name.as_deref(), Some("floor"));
    let green = floor.material.unwrap();
    assert_eq!(level.materials[green].base_color, [0.0, 1.0, 0.0, 1.0]);
    let red = level.render_meshes[1].material.unwrap();
    assert_eq!(level.materials[red].base_color, [1.0, 0.0, 0.0, 0.5]);
    assert_eq!(level.stats.bounds.max, Vec3::new(1.0, 2.0, 1.0));
    // The floor faces up: its triangles and computed render normals.
    assert!(level.collision.triangle(0).normal.y > 0.99);
    assert!(floor.normals.iter().all(|n| n.y > 0.99));
}

#[test]
fn obj_without_its_mtl_still_loads_without_materials() {
    let dir = temp_dir("obj_no_mtl");
    std::fs::write(dir.join("level.obj"), QUAD_AND_TRI).unwrap();
    let level = Level::load(dir.join("level.obj")).unwrap();
    assert_eq!(level.stats.triangles_loaded, 3);
    assert!(level.materials.is_empty());
}

#[test]
fn obj_mtllib_outside_the_folder_is_not_read() {
    let dir = temp_dir("obj_mtl_escape");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("level.mtl"), MTL).unwrap();
    std::fs::write(
        dir.join("sub/level.obj"),
        QUAD_AND_TRI.replace("mtllib level.mtl", "mtllib ../level.mtl"),
    )
    .unwrap();
    let level = Level::load(dir.join("sub/level.obj")).unwrap();
    assert!(level.materials.is_empty());
}

#[test]
fn obj_face_with_out_of_range_vertex_is_an_error() {
    let dir = temp_dir("obj_bad_face");
    let path = dir.join("bad.obj");
    std::fs::write(&path, "v 0 0 0\nv 1 0 0\nv 0 0 1\nf 1 2 9\n").unwrap();
    let err = Level::load(&path).unwrap_err();
    assert!(matches!(err.kind, LevelErrorKind::Obj(_)), "{err}");
}

#[test]
fn obj_with_only_lines_has_no_triangles() {
    let dir = temp_dir("obj_lines");
    let path = dir.join("lines.obj");
    std::fs::write(&path, "v 0 0 0\nv 1 0 0\nl 1 2\n").unwrap();
    let err = Level::load(&path).unwrap_err();
    assert!(matches!(err.kind, LevelErrorKind::NoTriangles(_)), "{err}");
}

#[test]
fn obj_relative_index_before_the_first_element_is_an_error_not_an_overflow() {
    // Reproduces a panic found by `random_obj_text_never_panics`: tobj 4.0.5 multiplies a
    // wrapped negative texture-coordinate index and overflows.
    let dir = temp_dir("obj_negative_index");
    let path = dir.join("neg.obj");
    std::fs::write(&path, "v 0 0 0\nv 1 0 0\nv 0 0 1\nvt 0 0\nf 1/-5 2/1 3/1\n").unwrap();
    let err = Level::load(&path).unwrap_err();
    assert_eq!(
        err.kind,
        LevelErrorKind::Obj("line 5: texture coordinate index -5 does not exist".into())
    );
}

#[test]
fn obj_negative_indices_within_range_load() {
    let dir = temp_dir("obj_relative_ok");
    let path = dir.join("rel.obj");
    std::fs::write(&path, "v 0 0 0\nv 0 0 1\nv 1 0 0\nf -3 -2 -1\n").unwrap();
    let level = Level::load(&path).unwrap();
    assert_eq!(level.stats.triangles_loaded, 1);
    assert!(level.collision.triangle(0).normal.y > 0.99);
}
