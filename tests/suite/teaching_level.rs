//! The built-in teaching level (`assets/teaching.glb`): the committed file is exactly what the
//! generator in `src/level/teaching/` writes, it parses as glTF, every solid is closed and
//! outward-facing, and each station measures what its label says — measured from the
//! triangles read back out of the file, not from the generator's constants.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use glam::{DVec3, Mat4, Vec3};
use slidescope::collision::CollisionMesh;
use slidescope::level::teaching;

fn asset_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(teaching::ASSET_PATH)
}

fn generated() -> Vec<u8> {
    teaching::build()
        .to_glb()
        .expect("the generator writes a .glb")
}

/// One part node read back from the file, in world space.
struct LoadedPart {
    /// `<station>/<part>` or `floor`.
    name: String,
    /// Name of the station node above it (`None` for the floor).
    station: Option<String>,
    kind: String,
    triangles: Vec<[DVec3; 3]>,
    /// The NORMAL attribute of each triangle's three corners.
    vertex_normals: Vec<[Vec3; 3]>,
}

impl LoadedPart {
    fn is(&self, station: &str, part: &str) -> bool {
        self.name == format!("{station}/{part}")
    }
}

struct LoadedStation {
    name: String,
    label: String,
    seed_ref: String,
    spawn: Vec3,
    look: Vec3,
}

struct Loaded {
    parts: Vec<LoadedPart>,
    stations: Vec<LoadedStation>,
    asset_extras: serde_json::Value,
}

impl Loaded {
    fn all_triangles(&self) -> impl Iterator<Item = &[DVec3; 3]> {
        self.parts.iter().flat_map(|p| &p.triangles)
    }

    fn station(&self, name: &str) -> &LoadedStation {
        self.stations
            .iter()
            .find(|s| s.name == name)
            .unwrap_or_else(|| panic!("station {name} missing"))
    }

    fn part(&self, station: &str, part: &str) -> &LoadedPart {
        self.parts
            .iter()
            .find(|p| p.is(station, part))
            .unwrap_or_else(|| panic!("part {station}/{part} missing"))
    }

    fn station_parts<'a>(&'a self, station: &'a str) -> impl Iterator<Item = &'a LoadedPart> {
        self.parts
            .iter()
            .filter(move |p| p.station.as_deref() == Some(station))
    }
}

fn extras_json(extras: &Option<Box<serde_json::value::RawValue>>) -> serde_json::Value {
    extras
        .as_ref()
        .map(|raw| serde_json::from_str(raw.get()).expect("extras are JSON"))
        .unwrap_or(serde_json::Value::Null)
}

fn vec3(v: &serde_json::Value) -> Vec3 {
    let a: Vec<f32> = serde_json::from_value(v.clone()).expect("a JSON array of numbers");
    assert_eq!(a.len(), 3, "{v} is not a 3-vector");
    Vec3::from_slice(&a)
}

fn walk(node: gltf::Node, parent: Mat4, station: Option<String>, blob: &[u8], out: &mut Loaded) {
    let world = parent * Mat4::from_cols_array_2d(&node.transform().matrix());
    let name = node.name().unwrap_or("").to_owned();
    let extras = extras_json(node.extras());
    let mut station = station;
    if let Some(st) = extras.get("station") {
        out.stations.push(LoadedStation {
            name: name.clone(),
            label: st["label"].as_str().expect("label").to_owned(),
            seed_ref: st["seed_ref"].as_str().expect("seed_ref").to_owned(),
            spawn: vec3(&st["spawn"]),
            look: vec3(&st["look"]),
        });
        station = Some(name.clone());
    }
    if let Some(mesh) = node.mesh() {
        let mut part = LoadedPart {
            name: name.clone(),
            station: station.clone(),
            kind: extras["part"]["kind"].as_str().unwrap_or("").to_owned(),
            triangles: Vec::new(),
            vertex_normals: Vec::new(),
        };
        for prim in mesh.primitives() {
            assert_eq!(prim.mode(), gltf::mesh::Mode::Triangles);
            let reader = prim.reader(|_| Some(blob));
            let pos: Vec<Vec3> = reader
                .read_positions()
                .expect("POSITION")
                .map(|p| world.transform_point3(Vec3::from(p)))
                .collect();
            let nrm: Vec<Vec3> = reader
                .read_normals()
                .expect("NORMAL")
                .map(Vec3::from)
                .collect();
            let idx: Vec<u32> = reader.read_indices().expect("indices").into_u32().collect();
            assert_eq!(idx.len() % 3, 0);
            for t in idx.chunks_exact(3) {
                let [a, b, c] = [t[0], t[1], t[2]].map(|i| i as usize);
                part.triangles
                    .push([pos[a], pos[b], pos[c]].map(|v| v.as_dvec3()));
                part.vertex_normals.push([nrm[a], nrm[b], nrm[c]]);
            }
        }
        out.parts.push(part);
    }
    for child in node.children() {
        walk(child, world, station.clone(), blob, out);
    }
}

fn load(bytes: &[u8]) -> Loaded {
    let gltf = gltf::Gltf::from_slice(bytes).expect("the .glb parses and validates");
    let blob = gltf.blob.clone().expect("a BIN chunk");
    let asset_extras = extras_json(&gltf.document.as_json().asset.extras);
    let mut out = Loaded {
        parts: Vec::new(),
        stations: Vec::new(),
        asset_extras,
    };
    let scene = gltf.default_scene().expect("a default scene");
    for node in scene.nodes() {
        walk(node, Mat4::IDENTITY, None, &blob, &mut out);
    }
    out
}

fn loaded() -> Loaded {
    load(&generated())
}

fn normal(t: &[DVec3; 3]) -> DVec3 {
    (t[1] - t[0]).cross(t[2] - t[0]).normalize()
}

/// Distance along `dir` (unit) from `origin` to the nearest triangle, either side facing.
fn ray_hit<'a>(
    tris: impl Iterator<Item = &'a [DVec3; 3]>,
    origin: DVec3,
    dir: DVec3,
) -> Option<(f64, DVec3)> {
    let mut best: Option<(f64, DVec3)> = None;
    for t in tris {
        let (e1, e2) = (t[1] - t[0], t[2] - t[0]);
        let pv = dir.cross(e2);
        let det = e1.dot(pv);
        if det.abs() < 1e-12 {
            continue;
        }
        let s = origin - t[0];
        let u = s.dot(pv) / det;
        let qv = s.cross(e1);
        let v = dir.dot(qv) / det;
        let d = e2.dot(qv) / det;
        let inside = u >= -1e-9 && v >= -1e-9 && u + v <= 1.0 + 1e-9 && d >= -1e-9;
        if inside && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, normal(t)));
        }
    }
    best
}

/// Strictly inside a closed convex part (behind every face plane by more than `margin`).
fn inside_convex(part: &LoadedPart, p: DVec3, margin: f64) -> bool {
    part.triangles
        .iter()
        .all(|t| normal(t).dot(p - t[0]) < -margin)
}

fn slope_deg(n: DVec3) -> f64 {
    n.y.clamp(-1.0, 1.0).acos().to_degrees()
}

#[test]
fn committed_asset_matches_the_generator() {
    let committed = std::fs::read(asset_path()).expect("assets/teaching.glb is committed");
    let now = generated();
    assert_eq!(
        committed.len(),
        now.len(),
        "stale {}: run `cargo test --test suite -- --ignored regenerate_teaching_level`",
        teaching::ASSET_PATH
    );
    assert!(
        committed == now,
        "stale {}: run `cargo test --test suite -- --ignored regenerate_teaching_level`",
        teaching::ASSET_PATH
    );
}

#[test]
fn generator_is_deterministic() {
    assert!(generated() == generated());
}

#[test]
#[ignore = "writes assets/teaching.glb; run on purpose after changing the generator"]
fn regenerate_teaching_level() {
    let path = asset_path();
    std::fs::create_dir_all(path.parent().expect("assets/ has a parent")).expect("mkdir assets");
    std::fs::write(&path, generated()).expect("write assets/teaching.glb");
}

#[test]
fn glb_has_at_least_20_uniquely_named_stations_with_extras() {
    let level = teaching::build();
    let file = loaded();
    let names: BTreeSet<&str> = file.stations.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names.len(), file.stations.len(), "station names repeat");
    assert!(
        file.stations.len() >= 20,
        "only {} stations",
        file.stations.len()
    );

    // The Rust list and the file agree, in order.
    let api = teaching::stations();
    assert_eq!(api.len(), file.stations.len());
    for (a, f) in api.iter().zip(&file.stations) {
        assert_eq!(a.name, f.name);
        assert_eq!(a.label, f.label);
        assert_eq!(a.seed_ref, f.seed_ref);
        assert!(
            f.seed_ref.starts_with("fig. 12."),
            "{}: {}",
            f.name,
            f.seed_ref
        );
        assert!(!f.label.is_empty());
        assert_eq!(a.spawn, f.spawn);
        assert_eq!(a.look, f.look);
        assert!(
            a.spawn.distance(a.look) > 1.0,
            "{} looks at its feet",
            a.name
        );
    }

    // asset.extras.spawn_points: the start, then one per station, in the shared levels' shape.
    let spawns = file.asset_extras["spawn_points"]
        .as_array()
        .expect("asset.extras.spawn_points");
    assert_eq!(spawns.len(), 1 + file.stations.len());
    assert_eq!(spawns[0]["class"], "info_player_start");
    for (i, sp) in spawns.iter().enumerate() {
        let feet = vec3(&sp["feet"]);
        let hull = vec3(&sp["hull_center"]);
        let lift = hull - feet - Vec3::new(0.0, teaching::HULL_HALF_HEIGHT_M, 0.0);
        assert!(
            lift.abs().max_element() < 1e-5,
            "hull_center − feet is off by {lift}"
        );
        let angle: i32 = sp["angle"]
            .as_str()
            .expect("angle is a string, as in the shared levels")
            .parse()
            .expect("angle is whole degrees");
        assert!((0..360).contains(&angle));
        if i > 0 {
            let st = &file.stations[i - 1];
            assert_eq!(sp["class"], "teaching_station");
            assert_eq!(sp["name"], st.name.as_str());
            assert_eq!(feet, st.spawn);
        }
    }

    let count: usize = file.parts.iter().map(|p| p.triangles.len()).sum();
    println!(
        "teaching level: {} stations, {} parts, {count} triangles",
        file.stations.len(),
        file.parts.len()
    );
    // Moving parts (animated nodes) are not in the static triangles.
    let movers: usize = level
        .movers
        .iter()
        .map(|m| m.mover.part.triangle_count())
        .sum();
    assert_eq!(count, level.triangle_count() + movers);
}

#[test]
fn all_triangles_are_non_degenerate_with_matching_normals() {
    let file = loaded();
    let mut n = 0;
    for part in &file.parts {
        for (t, vn) in part.triangles.iter().zip(&part.vertex_normals) {
            let area = 0.5 * (t[1] - t[0]).cross(t[2] - t[0]).length();
            assert!(area > 1e-4, "{}: triangle of area {area} m²", part.name);
            let g = normal(t);
            for v in vn {
                assert!(
                    v.as_dvec3().dot(g) > 0.999_999,
                    "{}: NORMAL {v} vs geometric {g}",
                    part.name
                );
            }
            n += 1;
        }
    }
    assert!(n > 1000, "{n} triangles");
}

#[test]
fn every_solid_is_closed_convex_and_outward_and_surfaces_face_up() {
    let file = loaded();
    let (mut solids, mut surfaces) = (0, 0);
    for part in &file.parts {
        match part.kind.as_str() {
            "solid" => {
                solids += 1;
                // Each directed edge once, and its reverse once: closed and consistently wound.
                let key = |v: DVec3| [v.x.to_bits(), v.y.to_bits(), v.z.to_bits()];
                let mut directed: BTreeMap<_, u32> = BTreeMap::new();
                for t in &part.triangles {
                    for k in 0..3 {
                        *directed
                            .entry((key(t[k]), key(t[(k + 1) % 3])))
                            .or_default() += 1;
                    }
                }
                for (&(a, b), &count) in &directed {
                    assert_eq!(count, 1, "{}: edge used twice in one direction", part.name);
                    assert_eq!(directed.get(&(b, a)), Some(&1), "{}: open edge", part.name);
                }
                let volume: f64 = part
                    .triangles
                    .iter()
                    .map(|t| t[0].dot(t[1].cross(t[2])) / 6.0)
                    .sum();
                assert!(volume > 1e-5, "{}: signed volume {volume}", part.name);
                // Convex: no vertex in front of any face plane.
                for t in &part.triangles {
                    let n = normal(t);
                    for v in part.triangles.iter().flatten() {
                        assert!(n.dot(*v - t[0]) < 1e-5, "{}: not convex", part.name);
                    }
                }
            }
            "surface" => {
                surfaces += 1;
                for t in &part.triangles {
                    assert!(normal(t).y > 0.999, "{}: surface not facing up", part.name);
                }
            }
            other => panic!("{}: unknown part kind {other:?}", part.name),
        }
    }
    assert_eq!(
        surfaces, 2,
        "the floor and the seam grid are the only open sheets"
    );
    assert!(solids > 50, "{solids} solids");
}

#[test]
fn ramps_have_slopes_of_20_35_and_50_degrees() {
    let file = loaded();
    for (station, want) in [("ramp_20", 20.0), ("ramp_35", 35.0), ("ramp_50", 50.0)] {
        let ramp = file.part(station, "ramp");
        let slopes: Vec<f64> = ramp
            .triangles
            .iter()
            .map(normal)
            .filter(|n| n.y > 0.01 && n.y < 0.999)
            .map(slope_deg)
            .collect();
        assert_eq!(slopes.len(), 2, "{station}: one sloped quad");
        for s in slopes {
            assert!((s - want).abs() < 0.1, "{station}: slope {s}°");
        }
    }
    // The V notch: both sides 45°, facing each other.
    let left = file.part("v_notch", "slope_left");
    let right = file.part("v_notch", "slope_right");
    let side = |p: &LoadedPart| {
        p.triangles
            .iter()
            .map(normal)
            .find(|n| n.y > 0.01 && n.y < 0.999)
            .expect("a sloped face")
    };
    let (nl, nr) = (side(left), side(right));
    assert!((slope_deg(nl) - 45.0).abs() < 0.1 && (slope_deg(nr) - 45.0).abs() < 0.1);
    assert!(
        nl.x > 0.5 && nr.x < -0.5,
        "the two slopes face each other: {nl} {nr}"
    );
}

/// Heights of the upward faces of a station's `step_*` parts, ascending and distinct.
fn tread_heights(file: &Loaded, station: &str) -> Vec<f64> {
    let mut hs: Vec<f64> = file
        .station_parts(station)
        .filter(|p| p.name.contains("/step_"))
        .flat_map(|p| &p.triangles)
        .filter(|t| normal(t).y > 0.999)
        .map(|t| t[0].y)
        .collect();
    hs.sort_by(f64::total_cmp);
    hs.dedup_by(|a, b| (*a - *b).abs() < 1e-5);
    hs
}

fn risers(heights: &[f64]) -> Vec<f64> {
    std::iter::once(0.0)
        .chain(heights.iter().copied())
        .collect::<Vec<_>>()
        .windows(2)
        .map(|w| w[1] - w[0])
        .collect()
}

#[test]
fn stairs_have_their_stated_riser_heights() {
    let file = loaded();
    for (station, riser, steps) in [
        ("stairs_low", 0.2, 6),
        ("stairs_tall", 0.6, 3),
        ("corner_wall_steps", 0.3, 4),
        ("ledge_drop", 0.2, 10),
    ] {
        let r = risers(&tread_heights(&file, station));
        assert_eq!(r.len(), steps, "{station}: {r:?}");
        for h in r {
            assert!((h - riser).abs() < 1e-5, "{station}: riser {h}");
        }
    }
    // The low risers are within 0.15–0.25 m, the tall ones at least 0.6 m.
    assert!(
        risers(&tread_heights(&file, "stairs_low"))
            .iter()
            .all(|&h| (0.15..=0.25).contains(&h))
    );
    assert!(
        risers(&tread_heights(&file, "stairs_tall"))
            .iter()
            .all(|&h| h >= 0.6 - 1e-5)
    );
}

#[test]
fn ledge_is_at_least_2_m_above_the_floor_below_its_edge() {
    let file = loaded();
    let st = file.station("ledge_drop");
    let feet = st.spawn.as_dvec3();
    let (d_top, n_top) = ray_hit(file.all_triangles(), feet, DVec3::NEG_Y).expect("platform");
    assert!(n_top.y > 0.999 && d_top < 0.05);
    // Step 1 m past the edge towards the look point and drop a ray: the floor is ≥ 2 m down.
    let toward = (st.look.as_dvec3() - feet).with_y(0.0).normalize();
    let mut edge = feet;
    while ray_hit(file.all_triangles(), edge, DVec3::NEG_Y).is_some_and(|(d, _)| d < 0.05) {
        edge += toward * 0.01;
    }
    let (fall, n) = ray_hit(file.all_triangles(), edge + toward, DVec3::NEG_Y).expect("floor");
    assert!(n.y > 0.999);
    assert!(fall >= 2.0, "drop of {fall} m");
}

#[test]
fn doorway_is_0_8_m_wide_and_open() {
    let file = loaded();
    let c = file.station("doorway_narrow").look.as_dvec3(); // the middle of the opening
    let tris = || file.all_triangles();
    let (left, _) = ray_hit(tris(), c, DVec3::NEG_X).expect("left jamb");
    let (right, _) = ray_hit(tris(), c, DVec3::X).expect("right jamb");
    assert!((left + right - 0.8).abs() < 1e-4, "width {}", left + right);
    for dir in [DVec3::Z, DVec3::NEG_Z] {
        assert!(
            ray_hit(tris(), c, dir).is_none_or(|(d, _)| d > 4.0),
            "the opening is blocked"
        );
    }
    let (up, _) = ray_hit(tris(), c, DVec3::Y).expect("lintel");
    let (down, _) = ray_hit(tris(), c, DVec3::NEG_Y).expect("floor");
    assert!((up + down - 2.1).abs() < 1e-4, "door height {}", up + down);
}

#[test]
fn low_ceiling_clearance_is_1_2_m() {
    let file = loaded();
    let c = file.station("low_ceiling").look.as_dvec3(); // under the middle of the ceiling
    let (up, n_up) = ray_hit(file.all_triangles(), c, DVec3::Y).expect("ceiling");
    let (down, n_down) = ray_hit(file.all_triangles(), c, DVec3::NEG_Y).expect("floor");
    assert!(n_up.y < -0.999 && n_down.y > 0.999);
    assert!((up + down - 1.2).abs() < 1e-4, "clearance {}", up + down);
}

#[test]
fn thin_wall_is_5_cm_thick() {
    let file = loaded();
    let wall = file.part("thin_wall", "wall");
    let zs: Vec<f64> = wall.triangles.iter().flatten().map(|v| v.z).collect();
    let thickness =
        zs.iter().copied().fold(f64::MIN, f64::max) - zs.iter().copied().fold(f64::MAX, f64::min);
    assert!((thickness - 0.05).abs() < 1e-5, "{thickness}");
}

#[test]
fn internal_corners_have_their_stated_angles() {
    let file = loaded();
    for (station, want) in [
        ("internal_corner_90", 90.0),
        ("internal_corner_60", 60.0),
        ("internal_corner_30", 30.0),
    ] {
        // The long vertical faces (largest triangles) give each wall's direction.
        let long_face_normal = |part: &str| {
            file.part(station, part)
                .triangles
                .iter()
                .filter(|t| normal(t).y.abs() < 1e-6)
                .max_by(|a, b| {
                    let area = |t: &&[DVec3; 3]| (t[1] - t[0]).cross(t[2] - t[0]).length();
                    area(a).total_cmp(&area(b))
                })
                .map(normal)
                .expect("a vertical face")
        };
        let (a, b) = (
            long_face_normal("wall_left"),
            long_face_normal("wall_right"),
        );
        let angle = a.dot(b).abs().min(1.0).acos().to_degrees();
        assert!((angle - want).abs() < 0.1, "{station}: {angle}°");
        // The V opens towards the spawn: a ray from above the spawn to the look point (the
        // apex) meets nothing before the apex.
        let st = file.station(station);
        let from = st.spawn.as_dvec3() + DVec3::Y;
        let to = st.look.as_dvec3();
        let (d, _) = ray_hit(file.all_triangles(), from, (to - from).normalize()).expect("wall");
        assert!(
            d > (to - from).length() - 0.01,
            "{station}: blocked at {d} m"
        );
    }
}

#[test]
fn seam_floor_is_many_small_jittered_triangles() {
    let file = loaded();
    let grid = file.part("seam_floor", "seam_grid");
    assert_eq!(grid.triangles.len(), 24 * 24 * 2);
    let ys: Vec<f64> = grid.triangles.iter().flatten().map(|v| v.y).collect();
    let (lo, hi) = (
        ys.iter().copied().fold(f64::MAX, f64::min),
        ys.iter().copied().fold(f64::MIN, f64::max),
    );
    assert!(hi > 0.0 && lo < 0.0, "jittered both ways: {lo}..{hi}");
    assert!(
        hi <= 1e-4 + 1e-6 && lo >= -1e-4 - 1e-6,
        "jitter within 0.1 mm: {lo}..{hi}"
    );
    let tilted = grid
        .triangles
        .iter()
        .filter(|t| normal(t).y < 1.0 - 1e-12)
        .count();
    assert!(
        tilted > grid.triangles.len() / 2,
        "{tilted} tilted triangles"
    );
}

#[test]
fn every_spawn_stands_on_a_floor_and_outside_every_solid() {
    let file = loaded();
    let start = vec3(&file.asset_extras["spawn_points"][0]["feet"]);
    let spawns = file
        .stations
        .iter()
        .map(|s| (s.name.as_str(), s.spawn))
        .chain([("start", start)]);
    for (name, feet) in spawns {
        let feet = feet.as_dvec3();
        let (d, n) = ray_hit(file.all_triangles(), feet, DVec3::NEG_Y)
            .unwrap_or_else(|| panic!("{name}: nothing below the feet"));
        assert!(n.y > 0.7, "{name}: lands on a slope, n = {n}");
        assert!(
            (0.0..=0.05).contains(&d),
            "{name}: floor {d} m below the feet"
        );
        for part in file.parts.iter().filter(|p| p.kind == "solid") {
            for h in [0.0, 0.45, teaching::HULL_HALF_HEIGHT_M as f64, 1.8] {
                assert!(
                    !inside_convex(part, feet + DVec3::Y * h, 1e-6),
                    "{name}: spawn is inside {}",
                    part.name
                );
            }
        }
    }
}

#[test]
fn stations_have_at_least_4_m_of_free_floor_between_them() {
    let file = loaded();
    let boxes: Vec<(&str, DVec3, DVec3)> = file
        .stations
        .iter()
        .map(|s| {
            let vs = file
                .station_parts(&s.name)
                .flat_map(|p| p.triangles.iter().flatten());
            let (lo, hi) = vs.fold((DVec3::MAX, DVec3::MIN), |(lo, hi), v| {
                (lo.min(*v), hi.max(*v))
            });
            (s.name.as_str(), lo, hi)
        })
        .collect();
    for (i, a) in boxes.iter().enumerate() {
        for b in &boxes[i + 1..] {
            let gap_x = (b.1.x - a.2.x).max(a.1.x - b.2.x);
            let gap_z = (b.1.z - a.2.z).max(a.1.z - b.2.z);
            assert!(
                gap_x.max(gap_z) >= 4.0,
                "{} and {}: {gap_x:.2} / {gap_z:.2} m apart",
                a.0,
                b.0
            );
        }
    }
    // Every station stays within ±4 m of its 16 m cell's centre.
    for (name, lo, hi) in &boxes {
        let cell = ((*lo + *hi) / 2.0 / teaching::CELL_M).round() * teaching::CELL_M;
        let reach = (*hi - cell).max(cell - *lo);
        assert!(
            reach.x <= 4.0 + 1e-6 && reach.z <= 4.0 + 1e-6,
            "{name}: reaches {reach} from its cell centre"
        );
    }
}

#[test]
fn collision_mesh_builds_without_dropping_triangles() {
    let level = teaching::build();
    let world = level.world_triangles();
    let count = world.triangles.len();
    assert_eq!(count, level.triangle_count());
    let mesh = CollisionMesh::new(world.positions, &world.triangles, &world.station_ids)
        .expect("the teaching level is a valid collision mesh");
    assert_eq!(mesh.report().input_triangles, count);
    assert_eq!(mesh.report().dropped(), 0, "{:?}", mesh.report());
}

/// The file's spawn points keep each station's facing (Quake's `angle`, whole degrees): the
/// stations of the loaded file face the generator's look points within 0.5°. The built-in
/// world (no file) is the same level read back from the generator's bytes, moving objects
/// included.
#[test]
fn stations_loaded_from_the_file_face_their_look_points() {
    use slidescope::view::World;
    let file = World::load(&asset_path()).expect("teaching.glb loads");
    let level = teaching::build();
    let generated: Vec<_> = std::iter::once(&level.start)
        .chain(level.stations.iter().map(|s| &s.station))
        .collect();
    assert_eq!(file.stations.len(), generated.len());
    let yaw = |d: Vec3| (-d.z).atan2(d.x).to_degrees();
    for (f, g) in file.stations.iter().zip(&generated) {
        assert!(
            (f.feet - g.spawn).length() < 1e-3,
            "{}: {} vs {}",
            f.name,
            f.feet,
            g.spawn
        );
        let (a, b) = (
            yaw(f.look.expect("a look point") - f.feet),
            yaw(g.look - g.spawn),
        );
        let diff = (a - b + 540.0).rem_euclid(360.0) - 180.0;
        assert!(
            diff.abs() <= 0.5,
            "{}: file faces {a}°, generator {b}°",
            f.name
        );
    }
    let built = World::builtin(None);
    assert_eq!(built.stations.len(), file.stations.len());
    assert_eq!(built.movers.scene().len(), file.movers.scene().len());
    assert!(built.movers.scene().len() >= 4, "lift, door, bar, platform");
    assert_eq!(
        built.collision.triangle_count(),
        file.collision.triangle_count()
    );
}
