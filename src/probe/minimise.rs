//! Minimise and export a game's move: crop the level to the triangles that can matter — every
//! candidate the reference's broad phase offered in any iteration, plus the triangles the
//! game reported — re-solve on the crop to check it reproduces both the reference's answer
//! and the difference from the game, and write it as a scenario file (inline triangles,
//! the reference's result as a bit-identical expectation) that `slidescope run` replays and a
//! test can hold.

use std::collections::BTreeSet;

use glam::Vec3;

use crate::collision::{
    Aabb, CollisionMesh, CollisionWorld, Scratch, SlideResult, Trace, collide_and_slide_in,
};
use crate::level::query::Geometry;
use crate::level::scenario::{RecordedCall, Scenario};
use crate::sim::{Comparison, ShadowTolerance};
use crate::sim::{FrameRecord, GameMove};

/// A cropped move, ready to write.
#[derive(Debug, Clone)]
pub struct MinimalCase {
    pub scenario: Scenario,
    /// Triangles kept, of the level's.
    pub kept: usize,
    pub of: usize,
    /// The reference's end on the crop (the same as on the whole level).
    pub core_end: Vec3,
    pub game_end: Option<Vec3>,
    /// The crop still shows the game diverging beyond the tolerance.
    pub reproduces: bool,
}

/// Crops the move of `rec` (a game's move, re-solved on `mesh`) to the triangles that matter.
pub fn minimise(
    rec: &FrameRecord,
    mesh: &CollisionMesh,
    tolerance: &ShadowTolerance,
) -> Result<MinimalCase, String> {
    let game = rec.game.as_ref().ok_or("not a game's move")?;
    let ellipsoid = rec
        .call
        .ellipsoid
        .ok_or("the reference did not re-solve this move")?;
    if !rec.dynamics.objects.is_empty() {
        return Err("moves among moving objects are exported whole (Ctrl+E), not cropped".into());
    }
    let full = rec.outcome.slide().ok_or("the move has no result")?;
    let (result, trace, triangles) = solve_cropped(rec, game, mesh, full)?;
    let comparison = Comparison::of(
        game.result.map(|r| (r.end, r.integration_velocity)),
        &game.contacts,
        &result,
        &trace,
        game.missing,
    );
    let verdict = comparison.verdict(tolerance);
    let description = describe(
        game,
        &result,
        &comparison,
        tolerance,
        (mesh, triangles.len()),
    );
    let scenario = Scenario::from_frame(
        format!("game_frame_{}_move_{}", game.frame, game.index),
        description,
        Geometry::Triangles {
            triangles: triangles.clone(),
        },
        RecordedCall {
            ellipsoid: &ellipsoid,
            motion: rec.motion(),
            settings: &rec.call.settings,
            result: &result,
            trace: &trace,
            objects: &[],
        },
    );
    Ok(MinimalCase {
        scenario,
        kept: triangles.len(),
        of: mesh.triangle_count(),
        core_end: result.position,
        game_end: game.result.map(|r| r.end),
        reproduces: verdict.diverges,
    })
}

/// The move re-solved on the triangles that can matter (every candidate of every iteration,
/// the fallback's contacts, the game's triangles), checked to give the reference's `full`
/// answer; if it does not, on everything near the whole motion.
fn solve_cropped(
    rec: &FrameRecord,
    game: &GameMove,
    mesh: &CollisionMesh,
    full: &SlideResult,
) -> Result<Solved, String> {
    let mut keep: BTreeSet<u32> = rec
        .trace
        .iterations
        .iter()
        .flat_map(|it| it.candidates.iter().map(|c| c.triangle))
        .chain(
            rec.trace
                .fallback
                .iter()
                .flat_map(|f| f.contacts.iter().map(|c| c.triangle)),
        )
        .chain(game.contacts.iter().filter_map(|c| c.triangle))
        .collect();
    let solved = solve_on(&keep, rec, mesh)?;
    if same(&solved.0, full) {
        return Ok(solved);
    }
    // Should not happen (a triangle the broad phase never offered cannot change the answer);
    // if it does, keep everything near the whole motion and try once more.
    let ellipsoid = rec.call.ellipsoid.ok_or("no ellipsoid")?;
    let path = rec.trace.iterations.iter().map(|it| it.start_center);
    let (lo, hi) = path
        .chain([ellipsoid.center, full.position])
        .fold((Vec3::INFINITY, Vec3::NEG_INFINITY), |(lo, hi), p| {
            (lo.min(p), hi.max(p))
        });
    let r = Vec3::splat(ellipsoid.radii.max_element() * 2.0);
    let mut near = Vec::new();
    mesh.bvh().query(&Aabb::new(lo - r, hi + r), &mut near);
    keep.extend(near);
    let solved = solve_on(&keep, rec, mesh)?;
    if !same(&solved.0, full) {
        return Err("the cropped level does not reproduce the reference's answer".into());
    }
    Ok(solved)
}

/// The scenario's description: the move, both ends, where they part, the crop (`mesh` and
/// the triangles kept of it).
fn describe(
    game: &GameMove,
    result: &SlideResult,
    comparison: &Comparison,
    tolerance: &ShadowTolerance,
    (mesh, kept): (&CollisionMesh, usize),
) -> String {
    let verdict = comparison.verdict(tolerance);
    let difference = comparison.end_distance_m.unwrap_or(0.0);
    format!(
        "A game's move (through the slidescope probe): game frame {} at {:.3} s, mover {}, \
         move {}. The game ended at {}, the reference at {:?} ({difference:.6} m apart; \
         tolerance {} m){}. Cropped from {} to {kept} triangles (every candidate of every \
         iteration). Expected: the reference's result, bit for bit.",
        game.frame,
        game.time_secs,
        game.mover,
        game.index,
        game.result.map_or("(no result sent)".into(), |r| format!(
            "{:?}",
            r.end.to_array()
        )),
        result.position.to_array(),
        tolerance.position_m,
        match (verdict.cause, verdict.iteration) {
            (Some(c), Some(i)) => format!("; they part at iteration {i}: {}", c.label()),
            (Some(c), None) => format!("; {}", c.label()),
            _ => String::new(),
        },
        mesh.triangle_count(),
    )
}

type Solved = (SlideResult, Trace, Vec<[Vec3; 3]>);

/// The record's move re-solved on the triangles `keep` of `mesh` (in index order, so ties
/// between simultaneous contacts break the same way).
fn solve_on(
    keep: &BTreeSet<u32>,
    rec: &FrameRecord,
    mesh: &CollisionMesh,
) -> Result<Solved, String> {
    let triangles: Vec<[Vec3; 3]> = keep
        .iter()
        .filter_map(|&t| mesh.get_triangle(t))
        .map(|t| t.vertices)
        .collect();
    let ellipsoid = rec.call.ellipsoid.ok_or("no ellipsoid")?;
    let crop = CollisionMesh::from_triangles(&triangles).map_err(|e| e.to_string())?;
    let mut trace = Trace::default();
    let result = collide_and_slide_in(
        CollisionWorld::static_only(&crop),
        &ellipsoid,
        rec.motion(),
        &rec.call.settings,
        &mut Scratch::default(),
        Some(&mut trace),
    )
    .map_err(|e| e.to_string())?;
    Ok((result, trace, triangles))
}

fn same(a: &SlideResult, b: &SlideResult) -> bool {
    a.position == b.position && a.integration_velocity == b.integration_velocity && a.end == b.end
}
