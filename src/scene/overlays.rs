//! The paused view's comparisons as shapes: the re-run path, a game's move next to the
//! re-solve, each solver's contact and the walk re-simulated after the cursor.

use glam::{Mat3, Vec3};

use super::cursor_palette;
use super::polylines::{add_path, line_radius, trace_path};
use crate::collision::Trace;
use crate::collision::solvers::SolverHit;
use crate::probe::GameMove;
use crate::render::{Arrow, DebugScene, EllipsoidShape, Point};
use crate::sim::FrameRecord;

/// The recorded path (white) and the re-run path (magenta) with a ghost ellipsoid where the
/// re-run ends (`end`).
pub fn add_rerun_paths(
    scene: &mut DebugScene,
    recorded: &Trace,
    rerun: &Trace,
    end: Vec3,
    radii: Vec3,
    axes: Mat3,
) {
    let r = line_radius(radii) * 1.5;
    add_path(scene, &trace_path(recorded), r, cursor_palette::PATH);
    let mut p = trace_path(rerun);
    if p.last() != Some(&end) && end.is_finite() {
        p.push(end);
    }
    add_path(scene, &p, r, cursor_palette::RERUN_PATH);
    scene.ellipsoids.push(EllipsoidShape {
        center: end,
        radii,
        axes,
        color: cursor_palette::RERUN,
        wire: Some(cursor_palette::RERUN_PATH),
    });
}

/// A game's move next to the reference's: the reference's path (white), the game's path
/// through its contact centres to its end (orange) with a ghost ellipsoid there, and the
/// game's contact points and normals. Everything comes from the record (the game's numbers
/// and the re-solve's trace).
pub fn add_game_move(
    scene: &mut DebugScene,
    rec: &FrameRecord,
    game: &GameMove,
    radii: Vec3,
    axes: Mat3,
    normal_length: f32,
) {
    let r = line_radius(radii) * 1.5;
    add_path(scene, &trace_path(&rec.trace), r, cursor_palette::PATH);
    let path = game.path(game.input.start);
    add_path(scene, &path, r, cursor_palette::GAME_PATH);
    // Normals the game declared it does not send are placeholders, not directions.
    let normals = game.missing & slidescope_probe::format::missing::CONTACT_NORMAL == 0;
    for c in game.contacts.iter().filter(|_| normals) {
        scene.normals.push(Arrow {
            from: c.point,
            vector: c.normal * normal_length,
            radius: r * 0.8,
            color: cursor_palette::GAME_PATH,
        });
    }
    if let Some(end) = game.result.map(|res| res.end).filter(|e| e.is_finite()) {
        scene.ellipsoids.push(EllipsoidShape {
            center: end,
            radii,
            axes,
            color: cursor_palette::GAME,
            wire: Some(cursor_palette::GAME_PATH),
        });
    }
}

/// One solver's contact: the centre when touching (wire ellipsoid, `fill` alpha), the contact
/// point and the normal (in `normals`, so the eSpace view keeps it perpendicular), in `color`.
#[allow(clippy::too_many_arguments)]
pub fn add_solver_hit(
    scene: &mut DebugScene,
    hit: &SolverHit,
    color: [f32; 4],
    fill: f32,
    radii: Vec3,
    axes: Mat3,
    line_radius: f32,
    normal_length: f32,
) {
    scene.ellipsoids.push(EllipsoidShape {
        center: hit.center,
        radii,
        axes,
        color: [color[0], color[1], color[2], fill],
        wire: Some(color),
    });
    scene.points.push(Point {
        at: hit.point,
        radius: line_radius * 2.6,
        color,
    });
    scene.normals.push(Arrow {
        from: hit.point,
        vector: hit.normal * normal_length,
        radius: line_radius,
        color,
    });
}

/// Each solver's contact of the selected iteration ([`add_solver_hit`]) in the solver's colour
/// ([`cursor_palette::SOLVERS`]).
pub fn add_solver_hits(
    scene: &mut DebugScene,
    hits: &[Option<SolverHit>],
    radii: Vec3,
    axes: Mat3,
    normal_length: f32,
) {
    let r = line_radius(radii) * 1.15;
    for (i, h) in hits.iter().enumerate() {
        let Some(h) = h else { continue };
        let c = cursor_palette::SOLVERS[i % cursor_palette::SOLVERS.len()];
        add_solver_hit(scene, h, c, 0.0, radii, axes, r, normal_length);
    }
}

/// The walk after the cursor: the recorded centres and the re-simulated ones (one point per
/// frame, world), with the ellipsoid where the re-simulated walk ends.
pub fn add_later_paths(
    scene: &mut DebugScene,
    recorded: &[Vec3],
    resimulated: &[Vec3],
    radii: Vec3,
    axes: Mat3,
) {
    let r = line_radius(radii);
    add_path(scene, recorded, r, cursor_palette::LATER_PATH);
    add_path(scene, resimulated, r, cursor_palette::LATER_RESIM_PATH);
    if let Some(&end) = resimulated.last() {
        scene.ellipsoids.push(EllipsoidShape {
            center: end,
            radii,
            axes,
            color: cursor_palette::LATER_RESIM,
            wire: Some(cursor_palette::LATER_RESIM_PATH),
        });
    }
}
