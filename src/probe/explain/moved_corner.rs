//! A game that moved its own copy of the level: a contact met on a triangle's corner away from
//! where the level has it, and the reference agrees once that corner is where the game met
//! it. jesters-bakery (`tests/ports/jesters/`) pads a contact by `intersection_point -=
//! very_close_distance * v`; for a vertex contact that point is the cached eSpace corner
//! itself (pycgtypes' `-=` works in place), so each such contact walks the level's corner a
//! padding along the motion, and later moves meet the triangle where the level has none.

use glam::Vec3;

use super::contact_tie;
use crate::collision::debug::distance_to_triangle;
use crate::collision::{
    CollisionMesh, CollisionWorld, DynamicScene, Ellipsoid, Scratch, SlideSettings, Trace,
};
use crate::probe::{ProbeLevel, shadow};
use crate::sim::{GameMove, ShadowTolerance};

/// Least distance (eSpace) of a game's touched point from its triangle for a moved corner:
/// a hundred times an f32 point's rounding 100 eSpace from the origin.
const MOVED_MIN_ES: f32 = 1e-3;
/// Farthest (eSpace) a moved corner lies from the level's: the unit sphere's radius, two
/// hundred paddings of the ports recorded (a corner met again and again walks on; a point
/// farther off is a triangle met away from it, `BugClass::OffTriangle`).
const MOVED_MAX_ES: f32 = 1.0;

/// One corner the game met elsewhere: the core's triangle, which corner, and where (world).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MovedCorner {
    pub triangle: u32,
    pub corner: usize,
    pub at: Vec3,
}

/// The corners `game`'s contacts name away from the level: a touched point more than
/// [`MOVED_MIN_ES`] off its triangle and within [`MOVED_MAX_ES`] of one of its corners, in the
/// move's eSpace.
pub fn moved(game: &GameMove, level: &ProbeLevel) -> Vec<MovedCorner> {
    let input = &game.input;
    let Ok(e) = Ellipsoid::with_axes(input.start, input.radii, input.axes) else {
        return Vec::new();
    };
    let space = e.space();
    let mut out: Vec<MovedCorner> = Vec::new();
    for c in &game.contacts {
        let Some(tri) = c.triangle.and_then(|t| level.collision().get_triangle(t)) else {
            continue;
        };
        let corners_es = tri.vertices.map(|v| space.vector_to_es(v - c.point));
        let (corner, near_es) = (0..3)
            .map(|k| (k, corners_es[k].length()))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap_or((0, f32::INFINITY));
        let off_es = distance_to_triangle(Vec3::ZERO, corners_es);
        let triangle = c.triangle.unwrap_or_default();
        let known = out
            .iter()
            .any(|m| (m.triangle, m.corner) == (triangle, corner));
        if off_es > MOVED_MIN_ES && near_es <= MOVED_MAX_ES && !known {
            out.push(MovedCorner {
                triangle,
                corner,
                at: c.point,
            });
        }
    }
    out
}

/// Whether the reference, re-run on `game`'s inputs with `settings` in `moved` (the level
/// within the move's reach, its corners where the game met them: [`within_reach`]), agrees
/// with the game, or would from a start touching its first contact within float noise ([`contact_tie::touching_ends_agree`]).
pub fn agrees_in(
    moved: &CollisionMesh,
    objects: &DynamicScene,
    game: &GameMove,
    settings: &SlideSettings,
    tol: &ShadowTolerance,
) -> bool {
    let (mut scratch, mut trace) = (Scratch::default(), Trace::default());
    let world = CollisionWorld::new(moved, objects);
    shadow::agrees_in(world, game, settings, tol, (&mut scratch, &mut trace)).0
        || contact_tie::touching_ends_agree(world, game, settings, tol)
}

/// The triangles whose bounds meet the move's reach (its start, by the length of its velocity
/// and its largest radius, and a padding), `moved` corners moved; `None` where none is left.
pub fn within_reach(
    mesh: &CollisionMesh,
    game: &GameMove,
    moved: &[MovedCorner],
) -> Option<CollisionMesh> {
    let input = &game.input;
    let reach = input.velocity.length() + input.radii.max_element() * 1.1 + 0.01;
    let (lo, hi) = (
        input.start - Vec3::splat(reach),
        input.start + Vec3::splat(reach),
    );
    let triangles: Vec<[Vec3; 3]> = (0..mesh.triangle_count() as u32)
        .filter_map(|i| {
            let mut v = mesh.triangle(i).vertices;
            for m in moved.iter().filter(|m| m.triangle == i) {
                v[m.corner] = m.at;
            }
            let (tlo, thi) = (v[0].min(v[1]).min(v[2]), v[0].max(v[1]).max(v[2]));
            (tlo.cmple(hi).all() && thi.cmpge(lo).all()).then_some(v)
        })
        .collect();
    CollisionMesh::from_triangles(&triangles).ok()
}
