//! Spawn points: read from the file's `asset.extras.spawn_points`, or chosen automatically on a
//! walkable floor near the centre of the level with head room above it (world space, +Y up).

use glam::{Vec2, Vec3};
use serde_json::Value;

use super::loaded_level::SpawnPoint;
use crate::collision::{Aabb, CollisionMesh};

/// A floor is walkable when its unit normal has `|y|` above this (slope under about 45.6°).
/// The sign is ignored: many levels (Sponza's floor among them) are wound facing down and rely
/// on double-sided materials.
pub const WALKABLE_NORMAL_Y: f32 = 0.7;
/// Free height required above an automatic spawn point, in metres.
pub const SPAWN_HEAD_ROOM: f32 = 2.0;
/// Keys that may hold a spawn position, in the order they are preferred as "as stored".
const POSITION_KEYS: [&str; 4] = ["hull_center", "position", "origin", "feet"];
/// Keys that may hold a spawn name.
const NAME_KEYS: [&str; 3] = ["name", "class", "classname"];

/// Reads `spawn_points` from an `asset.extras` object. Accepted entries: `[x, y, z]` (feet), or
/// an object with a name (`name`/`class`/`classname`) and `feet` and/or a position
/// (`hull_center`/`position`/`origin`); without `feet` the position is used as the feet.
/// Entries without a finite position are skipped.
pub fn spawn_points_from_extras(extras: &Value) -> Vec<SpawnPoint> {
    let Some(list) = extras.get("spawn_points").and_then(Value::as_array) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (k, entry) in list.iter().enumerate() {
        let fallback_name = format!("spawn {k}");
        if let Some(p) = vec3(entry) {
            out.push(SpawnPoint {
                name: fallback_name,
                feet: p,
                stored: Some(("position".into(), p)),
                automatic: false,
                angle_deg: None,
            });
            continue;
        }
        let name = NAME_KEYS
            .iter()
            .find_map(|key| entry.get(key).and_then(Value::as_str))
            .map_or(fallback_name, str::to_owned);
        let stored = POSITION_KEYS
            .iter()
            .find_map(|&key| entry.get(key).and_then(vec3).map(|p| (key.to_owned(), p)));
        let feet = entry.get("feet").and_then(vec3);
        let Some(feet) = feet.or_else(|| stored.as_ref().map(|s| s.1)) else {
            continue;
        };
        out.push(SpawnPoint {
            name,
            feet,
            stored,
            automatic: false,
            angle_deg: entry.get("angle").and_then(angle),
        });
    }
    out
}

/// Quake's `angle`: a number or a numeric string, in degrees; finite only.
fn angle(v: &Value) -> Option<f32> {
    let a = match v {
        Value::String(s) => s.trim().parse::<f64>().ok()?,
        _ => v.as_f64()?,
    } as f32;
    a.is_finite().then_some(a)
}

fn vec3(v: &Value) -> Option<Vec3> {
    let a = v.as_array()?;
    if a.len() != 3 {
        return None;
    }
    let mut p = [0.0f32; 3];
    for (dst, src) in p.iter_mut().zip(a) {
        *dst = src.as_f64()? as f32;
    }
    let p = Vec3::from_array(p);
    p.is_finite().then_some(p)
}

/// Chooses a spawn point: on a walkable triangle (|normal.y| > [`WALKABLE_NORMAL_Y`]) with
/// [`SPAWN_HEAD_ROOM`] of free space above it, at the grid point closest to the centre of the
/// bounds (a 33 × 33 grid over the footprint). On a tie of distance, the lower grid index wins,
/// and at one grid point the lowest such floor wins. If no point qualifies: above the centre
/// of the bounds' top.
pub fn automatic_spawn(mesh: &CollisionMesh) -> SpawnPoint {
    const HALF_GRID: i32 = 16;
    let bounds = mesh.bounds();
    let center = bounds.center();
    let step = Vec2::new(bounds.extent().x, bounds.extent().z) / (2 * HALF_GRID) as f32;
    let mut candidates: Vec<(i32, i32)> = (-HALF_GRID..=HALF_GRID)
        .flat_map(|i| (-HALF_GRID..=HALF_GRID).map(move |j| (i, j)))
        .collect();
    // Stable sort keeps grid order on equal distances: deterministic.
    candidates.sort_by_key(|&(i, j)| i * i + j * j);
    let mut hits = Vec::new();
    let mut found = Vec::new();
    for (i, j) in candidates {
        let x = center.x + i as f32 * step.x;
        let z = center.z + j as f32 * step.y;
        if let Some(y) = floor_with_head_room(mesh, &bounds, x, z, &mut hits, &mut found) {
            return SpawnPoint {
                name: "automatic".into(),
                feet: Vec3::new(x, y, z),
                stored: None,
                automatic: true,
                angle_deg: None,
            };
        }
    }
    SpawnPoint {
        name: "automatic (no floor found: above the level)".into(),
        feet: Vec3::new(center.x, bounds.max.y + SPAWN_HEAD_ROOM, center.z),
        stored: None,
        automatic: true,
        angle_deg: None,
    }
}

/// Heights where the vertical line through `(x, z)` crosses the mesh, then the lowest walkable
/// crossing whose next crossing above is at least [`SPAWN_HEAD_ROOM`] higher.
fn floor_with_head_room(
    mesh: &CollisionMesh,
    bounds: &Aabb,
    x: f32,
    z: f32,
    hits: &mut Vec<u32>,
    found: &mut Vec<(f32, bool)>,
) -> Option<f32> {
    hits.clear();
    found.clear();
    let column = Aabb::new(Vec3::new(x, bounds.min.y, z), Vec3::new(x, bounds.max.y, z));
    mesh.bvh().query(&column, hits);
    for &t in hits.iter() {
        let tri = mesh.triangle(t);
        if let Some(y) = vertical_line_height(tri.vertices, x, z) {
            found.push((y, tri.normal.y.abs() > WALKABLE_NORMAL_Y));
        }
    }
    found.sort_by(|a, b| a.0.total_cmp(&b.0));
    found.iter().enumerate().find_map(|(k, &(y, walkable))| {
        let above = found[k + 1..].iter().find(|h| h.0 > y + 1e-4).map(|h| h.0);
        (walkable && above.is_none_or(|a| a - y >= SPAWN_HEAD_ROOM)).then_some(y)
    })
}

/// Height at which the vertical line through `(x, z)` crosses the triangle (edges included),
/// `None` if it misses or the triangle is vertical.
fn vertical_line_height(v: [Vec3; 3], x: f32, z: f32) -> Option<f32> {
    let p = Vec2::new(x, z);
    let [a, b, c] = v.map(|q| Vec2::new(q.x, q.z));
    let area = (b - a).perp_dot(c - a);
    if area.abs() <= f32::EPSILON * (b - a).length() * (c - a).length() {
        return None;
    }
    let w0 = (b - p).perp_dot(c - p) / area;
    let w1 = (c - p).perp_dot(a - p) / area;
    let w2 = 1.0 - w0 - w1;
    const EPS: f32 = -1e-6;
    (w0 >= EPS && w1 >= EPS && w2 >= EPS).then(|| w0 * v[0].y + w1 * v[1].y + w2 * v[2].y)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vertical_line_hits_a_sloped_triangle_at_the_interpolated_height() {
        let tri = [
            Vec3::new(0.0, 0.0, 0.0),
            Vec3::new(2.0, 2.0, 0.0),
            Vec3::new(0.0, 0.0, 2.0),
        ];
        assert_eq!(vertical_line_height(tri, 0.5, 0.5), Some(0.5));
        assert_eq!(vertical_line_height(tri, 3.0, 0.5), None);
    }

    #[test]
    fn automatic_spawn_never_stands_under_a_low_ceiling() {
        // A floor at y=0 with a slab at y=1 over its x<0.5 part; the centre (x=0) is under
        // the slab, with 1 m of head room: the spawn goes on the slab or on the open floor.
        let q = |y: f32, x0: f32, x1: f32, up: bool| {
            let (a, b, c, d) = (
                Vec3::new(x0, y, -4.0),
                Vec3::new(x1, y, -4.0),
                Vec3::new(x1, y, 4.0),
                Vec3::new(x0, y, 4.0),
            );
            if up {
                [[a, d, c], [a, c, b]]
            } else {
                [[a, b, c], [a, c, d]]
            }
        };
        let mut tris = Vec::new();
        tris.extend(q(0.0, -4.0, 4.0, true));
        tris.extend(q(1.0, -4.0, 0.5, false));
        let mesh = CollisionMesh::from_triangles(&tris).unwrap();
        let s = automatic_spawn(&mesh);
        assert!(s.automatic);
        let under_slab = s.feet.x < 0.5 && s.feet.y < 1.0;
        assert!(!under_slab, "spawn at {:?}", s.feet);
        assert!(s.feet.y == 0.0 || s.feet.y == 1.0, "spawn at {:?}", s.feet);
    }

    #[test]
    fn automatic_spawn_is_above_the_level_when_there_is_no_floor() {
        let wall = [[Vec3::ZERO, Vec3::X, Vec3::Y]];
        let mesh = CollisionMesh::from_triangles(&wall).unwrap();
        let s = automatic_spawn(&mesh);
        assert!(s.automatic);
        assert_eq!(s.feet.y, 1.0 + SPAWN_HEAD_ROOM);
    }
}
