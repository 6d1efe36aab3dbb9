//! Every level in `assets/levels/` loads with the triangle count, bounds and spawn points
//! its SOURCE.md states.

use glam::Vec3;
use slidescope::level::Level;

fn assert_bounds(level: &Level, min: [f32; 3], max: [f32; 3], tol: f32) {
    let b = level.stats.bounds;
    let (min, max) = (Vec3::from(min), Vec3::from(max));
    assert!(
        (b.min - min).abs().max_element() <= tol && (b.max - max).abs().max_element() <= tol,
        "bounds {:?}..{:?}, expected {min:?}..{max:?}",
        b.min,
        b.max
    );
}

#[test]
fn sponza_has_262267_triangles_and_its_stated_bounds() {
    let level = Level::load("assets/levels/sponza/sponza.glb").unwrap();
    let s = level.stats;
    assert_eq!(s.triangles_in_file, 262_267);
    assert_eq!(s.triangles_loaded + s.dropped(), 262_267);
    assert_eq!(s.dropped_non_finite, 0);
    assert_eq!(s.dropped_bad_index, 0);
    assert_eq!(s.vertices, 192_870);
    assert_eq!(level.render_meshes.len(), 25);
    assert_eq!(level.materials.len(), 25);
    assert_bounds(
        &level,
        [-19.200, -1.264, -11.825],
        [17.988, 14.288, 11.050],
        2e-3,
    );
}

#[test]
fn sponza_automatic_spawn_is_on_the_atrium_floor_near_the_centre() {
    // SOURCE.md: atrium floor at y = -0.025 around x = 0, z = 0; the file has no spawn points.
    let level = Level::load("assets/levels/sponza/sponza.glb").unwrap();
    assert_eq!(level.spawn_points.len(), 1);
    let spawn = &level.spawn_points[0];
    assert!(spawn.automatic);
    assert!(
        (spawn.feet.y - -0.025).abs() < 0.01,
        "spawn {:?}",
        spawn.feet
    );
    assert!(
        spawn.feet.x.abs() < 3.0 && spawn.feet.z.abs() < 3.0,
        "spawn {:?}",
        spawn.feet
    );
}

#[test]
fn lavaducts_has_11091_triangles_bounds_and_nine_spawn_points() {
    let level = Level::load("assets/levels/librequake_lavaducts/lavaducts.glb").unwrap();
    let s = level.stats;
    assert_eq!(s.triangles_loaded + s.dropped(), 11_091);
    // SOURCE.md says "0 degenerate" (trimesh's test); 4 triangles have an f32 cross product of
    // exactly zero and the collision mesh drops them.
    assert_eq!(s.dropped_degenerate, 4);
    assert_eq!(s.vertices, 11_319);
    assert_bounds(&level, [-56.5, -21.5, -18.25], [22.0, 14.5, 101.5], 1e-3);
    assert_eq!(level.spawn_points.len(), 9);
    let start = &level.spawn_points[0];
    assert_eq!(start.name, "info_player_start");
    assert_eq!(start.feet, Vec3::new(-3.0, 0.0, -11.0));
    assert!(!start.automatic);
    assert_eq!(
        start.stored,
        Some(("hull_center".to_string(), Vec3::new(-3.0, 0.75, -11.0)))
    );
    assert_eq!(
        level.spawn_points[2].feet,
        Vec3::new(-34.4375, 0.0, 30.5625)
    );
}

#[test]
fn threejs_world_needs_node_transforms_for_its_stated_bounds() {
    let level = Level::load("assets/levels/threejs_collision_world/collision-world.glb").unwrap();
    let s = level.stats;
    assert_eq!(s.triangles_loaded + s.dropped(), 1_788);
    assert_bounds(
        &level,
        [-73.804, -0.130, -50.501],
        [40.287, 23.447, 43.691],
        2e-3,
    );
    // The embedded bluegrid3 PNG gives the only material a texture mean colour.
    assert_eq!(level.materials.len(), 1);
    let mean = level.materials[0].texture_mean_color.expect("texture mean");
    assert!(mean.iter().all(|c| (0.0..=1.0).contains(c)));
    // The automatic spawn stands on a walkable floor with head room.
    let spawn = &level.spawn_points[0];
    assert!(spawn.automatic);
    assert!(level.stats.bounds.min.y <= spawn.feet.y && spawn.feet.y <= level.stats.bounds.max.y);
}

#[test]
fn every_collision_triangle_maps_back_to_its_render_mesh() {
    let level = Level::load("assets/levels/librequake_lavaducts/lavaducts.glb").unwrap();
    for t in [0u32, 1, 5000, level.collision.triangle_count() as u32 - 1] {
        let (mesh, local) = level.triangle_source(t).unwrap();
        let tri = level.collision.triangle(t);
        let i = 3 * local as usize;
        let render: Vec<Vec3> = mesh.indices[i..i + 3]
            .iter()
            .map(|&k| mesh.positions[k as usize])
            .collect();
        assert_eq!(render, tri.vertices.to_vec());
        assert!(mesh.source.node_name.is_some());
    }
    assert!(level.triangle_source(u32::MAX).is_none());
}

#[test]
fn winding_guess_flags_the_clockwise_files() {
    // Seen from 1 m above the spawn points, Sponza and the Quake-derived level show only back
    // sides (their triangles wind clockwise, contrary to glTF; Quake's own convention), so
    // the renderer swaps front and back for them; the three.js world follows the spec.
    use glam::Vec3;
    use slidescope::level::winding::{looks_clockwise, visible_sides};
    for (path, clockwise) in [
        ("assets/levels/sponza/sponza.glb", true),
        ("assets/levels/librequake_lavaducts/lavaducts.glb", true),
        (
            "assets/levels/threejs_collision_world/collision-world.glb",
            false,
        ),
    ] {
        let level = Level::load(path).unwrap();
        let eyes: Vec<Vec3> = level
            .spawn_points
            .iter()
            .map(|p| p.feet + Vec3::Y)
            .collect();
        let (front, back) = visible_sides(&level.collision, &eyes);
        assert_eq!(
            looks_clockwise(&level.collision, &eyes),
            clockwise,
            "{path}: {front} front hits, {back} back hits"
        );
    }
}

/// Lavaducts' spawn points carry Quake's `angle` (a string, "270" for the start: Quake's −y,
/// glTF's +z); the loader keeps it as the facing.
#[test]
fn lavaducts_spawn_points_keep_their_quake_angle() {
    let level = Level::load("assets/levels/librequake_lavaducts/lavaducts.glb").unwrap();
    let start = &level.spawn_points[0];
    assert_eq!(start.angle_deg, Some(270.0));
    let d = start.facing().unwrap();
    assert!((d - Vec3::Z).length() < 1e-6, "{d}");
    assert!(level.spawn_points.iter().all(|s| s.angle_deg.is_some()));
}
