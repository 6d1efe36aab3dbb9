//! The history/timeline model without a window: scripted commands, markers on the
//! seed situations, the byte budget, resume-from-cursor, re-run and trace diff.
use crate::common;

use common::*;
use glam::Vec3;
use slidescope::collision::Tuning;
use slidescope::collision::{
    CaseMask, CollisionMesh, Ellipsoid, EndReason, Response, SlideSettings, Trace,
    collide_and_slide,
};
use slidescope::sim::detectors::trace_markers;
use slidescope::sim::{
    Cursor, DiffTolerance, History, MarkerKind, PlayerInput, PlayerParams, RerunEdits, Sim,
    TimelineCommand, diff_traces, rerun_frame, resimulate,
};

const YAW_PLUS_X: f32 = -std::f32::consts::FRAC_PI_2;

fn forward_x() -> PlayerInput {
    PlayerInput {
        forward: 1.0,
        yaw_rad: YAW_PLUS_X,
        ..Default::default()
    }
}

/// Floor plus a wall at x = 2 facing −x.
fn floor_and_wall() -> CollisionMesh {
    let mut tris = floor(0.0, 20.0).to_vec();
    tris.extend(solid_box(v(2.0, -1.0, -5.0), v(3.0, 4.0, 5.0)));
    mesh(&tris)
}

fn walked_into_wall(frames: usize) -> (CollisionMesh, Sim) {
    let m = floor_and_wall();
    let mut sim = Sim::new(
        v(0.0, 0.0, 0.0),
        PlayerParams::default(),
        SlideSettings::default(),
    );
    for _ in 0..frames {
        sim.step(&m, &forward_x());
    }
    (m, sim)
}

fn c(frame: u64, iteration: u32) -> Option<Cursor> {
    Some(Cursor { frame, iteration })
}

#[test]
fn scripted_commands_give_the_expected_cursor_states() {
    let (_, mut sim) = walked_into_wall(60);
    assert!(!sim.is_paused());
    assert_eq!(sim.cursor(), c(59, 0), "live: follows the newest frame");
    sim.command(TimelineCommand::Pause);
    assert!(sim.is_paused());
    assert_eq!(sim.cursor(), c(59, 0));
    sim.command(TimelineCommand::StepFrame(-1));
    assert_eq!(sim.cursor(), c(58, 0));
    let stops = |f: u64| sim.history().get(f).unwrap().cursor_stops();
    let s57 = stops(57);
    let s58 = stops(58);
    assert!(s58 >= 2, "walking into the wall has several iterations");
    sim.command(TimelineCommand::StepIteration(-1));
    assert_eq!(
        sim.cursor(),
        c(57, s57 - 1),
        "crosses back into the previous frame"
    );
    sim.command(TimelineCommand::StepIteration(1));
    assert_eq!(sim.cursor(), c(58, 0), "and forward again");
    sim.command(TimelineCommand::StepIteration(s58 as i32 - 1));
    assert_eq!(sim.cursor(), c(58, s58 - 1));
    sim.command(TimelineCommand::StepIteration(1));
    assert_eq!(sim.cursor(), c(59, 0));
    sim.command(TimelineCommand::Home);
    assert_eq!(sim.cursor(), c(0, 0));
    sim.command(TimelineCommand::StepFrame(-5));
    assert_eq!(sim.cursor(), c(0, 0), "clamped at the oldest frame");
    sim.command(TimelineCommand::StepIteration(-1));
    assert_eq!(sim.cursor(), c(0, 0), "nothing before the first iteration");
    sim.command(TimelineCommand::Seek(1000));
    assert_eq!(sim.cursor(), c(59, 0), "seek is clamped");
    sim.command(TimelineCommand::Seek(10));
    assert_eq!(sim.cursor(), c(10, 0));
    sim.command(TimelineCommand::End);
    assert_eq!(sim.cursor(), c(59, 0));
    sim.command(TimelineCommand::Resume);
    assert!(!sim.is_paused());
    assert_eq!(sim.history().len(), 60, "resume keeps the history");
}

#[test]
fn next_and_prev_marker_stop_on_marked_frames_only() {
    let (_, mut sim) = walked_into_wall(90);
    let marked: Vec<u64> = sim
        .history()
        .iter()
        .filter(|f| !f.markers.is_empty())
        .map(|f| f.frame)
        .collect();
    assert!(!marked.is_empty());
    sim.command(TimelineCommand::Home);
    sim.command(TimelineCommand::NextMarker);
    let first = sim.cursor().unwrap().frame;
    assert_eq!(
        Some(&first),
        marked.iter().find(|&&f| f > 0).or(marked.first())
    );
    sim.command(TimelineCommand::End);
    sim.command(TimelineCommand::PrevMarker);
    let last = sim.cursor().unwrap().frame;
    assert_eq!(Some(&last), marked.iter().rev().find(|&&f| f < 89));
}

#[test]
fn walking_into_a_wall_is_marked_no_progress_and_extra_iterations() {
    let (_, sim) = walked_into_wall(120);
    let last = sim.history().last().unwrap();
    assert!(
        last.markers.contains(MarkerKind::NoProgress),
        "{:?}",
        last.markers
    );
    let early = sim.history().get(5).unwrap();
    assert!(
        !early.markers.contains(MarkerKind::NoProgress),
        "still walking freely"
    );
    assert!(
        sim.history()
            .iter()
            .any(|f| f.markers.contains(MarkerKind::ExtraIterations)),
        "floor + wall contacts in one frame"
    );
}

#[test]
fn resume_from_cursor_truncates_and_continues_from_the_recorded_state() {
    let (m, mut sim) = walked_into_wall(60);
    sim.command(TimelineCommand::Seek(20));
    let rec20 = sim.history().get(20).unwrap().clone();
    sim.command(TimelineCommand::ResumeFromCursor);
    assert!(!sim.is_paused());
    assert_eq!(sim.history().last_frame(), Some(20));
    assert_eq!(*sim.player(), rec20.after);
    sim.step(&m, &PlayerInput::default());
    let next = sim.history().last().unwrap();
    assert_eq!(next.frame, 21);
    assert_eq!(next.before, rec20.after);
}

#[test]
fn later_frames_resimulated_without_the_face_case_fall_through_the_floor() {
    // What the debugger draws when a case is switched off while paused: the frames after the
    // cursor re-simulated from its recorded state with the same inputs.
    let (m, sim) = walked_into_wall(60);
    let later: Vec<_> = sim
        .history()
        .iter()
        .filter(|r| r.frame >= 10)
        .cloned()
        .collect();
    // Unchanged settings: the same walk, bit for bit.
    let same = resimulate(&m, &later, &RerunEdits::default());
    assert_eq!(same.len(), later.len());
    for (a, b) in later.iter().zip(&same) {
        assert_eq!(a.after, b.after, "frame {}", a.frame);
    }
    // No face tests: nothing holds the ellipsoid up on the big floor quad (its edges and
    // vertices are metres away), so gravity takes it through the floor (until the wall box's
    // bottom edge at y = -1 catches it, centre 0.9 above); the recorded walk stays on it.
    let edits = RerunEdits {
        cases: Some(CaseMask {
            face: false,
            ..CaseMask::ALL
        }),
        ..Default::default()
    };
    let no_face = resimulate(&m, &later, &edits);
    let (rec_end, resim_end) = (
        later.last().unwrap().after.center,
        no_face.last().unwrap().after.center,
    );
    assert!(
        rec_end.y > 0.5,
        "recorded walk stands on the floor: {rec_end}"
    );
    assert!(
        resim_end.y < 0.0,
        "without faces it falls through: {resim_end}"
    );
    assert_eq!(no_face.first().unwrap().frame, 10);
}

/// Seed 001 fig. 12.13 wedge (as in `seed_scenarios.rs`).
fn wedge() -> CollisionMesh {
    let n = v(-0.5, -(3.0f32.sqrt()) / 2.0, 0.0);
    let p0 = v(1.0, 1.0, 0.0) - n;
    let along = v(n.y, -n.x, 0.0);
    let z = Vec3::Z * 5.0;
    let (a, b) = (p0 - along * 5.0, p0 + along * 5.0);
    let mut tris = floor(0.0, 10.0).to_vec();
    for t in quad(a - z, b - z, b + z, a + z) {
        let nn = (t[1] - t[0]).cross(t[2] - t[0]);
        tris.push(if nn.dot(n) > 0.0 {
            t
        } else {
            [t[0], t[2], t[1]]
        });
    }
    mesh(&tris)
}

fn internal_corner(angle_deg: f32) -> CollisionMesh {
    let ang = angle_deg.to_radians();
    let wall = |d: Vec3| {
        quad(
            v(0.0, -3.0, 0.0),
            d * 10.0 + v(0.0, -3.0, 0.0),
            d * 10.0 + v(0.0, 3.0, 0.0),
            v(0.0, 3.0, 0.0),
        )
        .to_vec()
    };
    let mut tris = wall(v(1.0, 0.0, 0.0));
    tris.extend(wall(v(ang.cos(), 0.0, ang.sin())));
    mesh(&tris)
}

fn traced(m: &CollisionMesh, e: Ellipsoid, vel: Vec3, s: &SlideSettings) -> Trace {
    let mut t = Trace::default();
    collide_and_slide(m, &e, vel, s, Some(&mut t)).unwrap();
    t
}

#[test]
fn wedge_is_marked_simultaneous_contacts() {
    let e = Ellipsoid::sphere(v(0.0, 1.2, 0.0), 1.0).unwrap();
    let t = traced(&wedge(), e, v(2.0, -0.4, 0.0), &SlideSettings::default());
    assert!(trace_markers(&t).contains(MarkerKind::SimultaneousContacts));
    // A plain wall hit is not.
    let wall = traced(
        &floor_and_wall(),
        Ellipsoid::sphere(v(1.0, 2.0, 0.0), 0.5).unwrap(),
        v(1.0, 0.0, 0.3),
        &SlideSettings::default(),
    );
    assert!(!trace_markers(&wall).contains(MarkerKind::SimultaneousContacts));
}

#[test]
fn obtuse_internal_corner_pushed_head_on_is_marked_impulse_filter() {
    let m = internal_corner(135.0);
    let mut e = Ellipsoid::sphere(v(0.6, 0.0, 1.0), 0.5).unwrap();
    let mut marked = false;
    for _ in 0..20 {
        let mut t = Trace::default();
        let r = collide_and_slide(
            &m,
            &e,
            v(-0.1, 0.0, -0.5),
            &SlideSettings::default(),
            Some(&mut t),
        )
        .unwrap();
        let mk = trace_markers(&t);
        assert_eq!(
            mk.contains(MarkerKind::ImpulseFilter),
            r.end == EndReason::ImpulseFilter
        );
        marked |= mk.contains(MarkerKind::ImpulseFilter);
        e.center = r.position;
    }
    assert!(marked);
}

#[test]
fn max_iteration_fallback_and_embedded_start_are_marked() {
    let s1 = SlideSettings {
        tuning: Tuning {
            max_iterations: 1,
            ..SlideSettings::default().tuning
        },
        ..Default::default()
    };
    let wall = floor_and_wall();
    let e = Ellipsoid::sphere(v(1.0, 2.0, 0.0), 0.5).unwrap();
    let t = traced(&wall, e, v(2.0, 0.0, 1.0), &s1);
    assert!(trace_markers(&t).contains(MarkerKind::MaxIterations));
    // Start 0.1 m inside the wall face at x = 2.
    let inside = Ellipsoid::sphere(v(1.6, 2.0, 0.0), 0.5).unwrap();
    let t = traced(&wall, inside, v(0.0, 0.0, 0.1), &SlideSettings::default());
    assert!(trace_markers(&t).contains(MarkerKind::EmbeddedCorrection));
}

#[test]
fn grounded_flicker_is_marked_when_grounded_changes_back_quickly() {
    let (_, sim) = walked_into_wall(10);
    let template = sim.history().last().unwrap().clone();
    let mut h = History::default();
    let pattern = [
        true, true, true, false, true, true, true, true, true, true, false,
    ];
    for (i, g) in pattern.iter().enumerate() {
        let mut r = template.clone();
        r.frame = i as u64;
        r.after.grounded = *g;
        r.markers = Default::default();
        h.push(r);
    }
    let flagged: Vec<u64> = h
        .iter()
        .filter(|f| f.markers.contains(MarkerKind::GroundedFlicker))
        .map(|f| f.frame)
        .collect();
    // Frame 4 changes back one frame after frame 3; frame 10's change is isolated.
    assert_eq!(flagged, vec![4]);
}

#[test]
fn history_eviction_respects_the_byte_budget() {
    let (m, mut sim) = walked_into_wall(20);
    let per_frame = sim.history().bytes_per_frame();
    assert!(per_frame > 0.0);
    let budget = (per_frame * 50.0) as usize;
    sim.history_mut().set_budget_bytes(budget);
    for _ in 0..200 {
        sim.step(&m, &forward_x());
    }
    let h = sim.history();
    assert!(h.used_bytes() <= budget, "{} > {budget}", h.used_bytes());
    assert!(h.len() < 200 && h.len() > 20, "kept {}", h.len());
    assert_eq!(h.last_frame(), Some(219));
    assert_eq!(
        h.first_frame(),
        Some(220 - h.len() as u64),
        "consecutive, oldest evicted"
    );
    let sum: usize = h.iter().map(|f| f.heap_bytes()).sum();
    assert_eq!(sum, h.used_bytes(), "used bytes is the sum of the records");
}

#[test]
fn default_budget_holds_ten_minutes_of_walking() {
    let (_, sim) = walked_into_wall(300);
    let frames = sim.history().budget_bytes() as f64 / sim.history().bytes_per_frame();
    assert!(frames >= 10.0 * 60.0 * 60.0, "{frames} frames");
}

#[test]
fn rerun_unchanged_is_identical_and_without_edges_diverges() {
    // A low step: the lip contact is an edge of the step box.
    let m = mesh(&stairs(0.2, 1));
    let mut sim = Sim::new(
        v(0.0, 0.0, 0.0),
        PlayerParams::default(),
        SlideSettings::default(),
    );
    for _ in 0..40 {
        sim.step(&m, &forward_x());
    }
    let rec = sim
        .history()
        .iter()
        .find(|f| {
            f.trace
                .iterations
                .iter()
                .flat_map(|it| &it.contacts)
                .any(|c| matches!(c.feature, slidescope::collision::Feature::Edge(_)))
        })
        .expect("an edge contact on the lip")
        .clone();
    let same = rerun_frame(&m, &rec, &RerunEdits::default()).unwrap();
    assert_eq!(same.trace, rec.trace);
    assert!(diff_traces(&rec.trace, &same.trace, &DiffTolerance::default()).is_identical());
    let faces_only = RerunEdits {
        cases: Some(CaseMask {
            edge: false,
            vertex: false,
            face: true,
        }),
        ..Default::default()
    };
    let other = rerun_frame(&m, &rec, &faces_only).unwrap();
    let d = diff_traces(&rec.trace, &other.trace, &DiffTolerance::default());
    let first = d.first_divergence.expect("diverges");
    let edge_iter = rec
        .trace
        .iterations
        .iter()
        .position(|it| {
            it.contacts
                .iter()
                .any(|c| !matches!(c.feature, slidescope::collision::Feature::Face))
        })
        .unwrap();
    assert!(
        first.iteration <= edge_iter,
        "{first:?} vs edge at {edge_iter}"
    );
    assert!(!d.rows[first.iteration].differences.is_empty());
}

#[test]
fn rerun_with_the_crease_response_ends_the_ping_pong_of_a_recorded_frame() {
    // A floor and a wall leaning 30° over it across the +X walk: pressed into the crease by
    // gravity, the seed's slide alternates between the two planes.
    let (s, c) = 30f32.to_radians().sin_cos();
    let foot = v(1.5, 0.0, 0.0);
    let top = v(1.5 - 4.0 * s, 4.0 * c, 0.0);
    let z = v(0.0, 0.0, 20.0);
    let mut tris = floor(0.0, 20.0).to_vec();
    tris.push([foot - z, top + z, foot + z]);
    tris.push([foot - z, top - z, top + z]);
    let m = mesh(&tris);
    let mut sim = Sim::new(
        v(0.0, 0.0, 0.0),
        PlayerParams::default(),
        SlideSettings::default(),
    );
    let diagonal = PlayerInput {
        forward: 1.0,
        right: 0.5,
        yaw_rad: -std::f32::consts::FRAC_PI_2,
        ..Default::default()
    };
    for _ in 0..90 {
        sim.step(&m, &diagonal);
    }
    let rec = sim
        .history()
        .iter()
        .max_by_key(|f| f.trace.iterations.len())
        .expect("recorded")
        .clone();
    assert!(
        rec.trace.iterations.len() >= 6,
        "the seed ping-pongs: {} iterations",
        rec.trace.iterations.len()
    );
    let crease = RerunEdits {
        response: Some(Response::Crease),
        ..Default::default()
    };
    // The ping-pong detector marks the recorded frame, and not the re-run.
    assert!(
        rec.markers.contains(MarkerKind::PingPong),
        "{:?}",
        rec.markers
    );
    let other = rerun_frame(&m, &rec, &crease).unwrap();
    assert_eq!(
        slidescope::sim::detectors::ping_pong::ping_pong(&other.trace),
        None
    );
    assert!(
        other.trace.iterations.len() <= 4,
        "{} iterations with the crease response",
        other.trace.iterations.len()
    );
    assert!(
        other
            .trace
            .iterations
            .iter()
            .any(|it| it.response.is_some_and(|r| r.crease_with.is_some()))
    );
    let d = diff_traces(&rec.trace, &other.trace, &DiffTolerance::default());
    assert!(d.first_divergence.is_some());
}

#[test]
fn walking_into_a_wall_is_marked_stuck_after_half_a_second_without_progress() {
    use slidescope::sim::detectors::stuck::STUCK_FRAMES;
    let (_, sim) = walked_into_wall(200);
    let frames: Vec<_> = sim.history().iter().collect();
    let first_no_progress = frames
        .iter()
        .position(|f| f.markers.contains(MarkerKind::NoProgress))
        .expect("pressed against the wall");
    let first_stuck = frames
        .iter()
        .position(|f| f.markers.contains(MarkerKind::Stuck))
        .expect("stuck");
    assert_eq!(first_stuck, first_no_progress + STUCK_FRAMES - 1);
    assert!(
        frames[first_stuck..]
            .iter()
            .all(|f| f.markers.contains(MarkerKind::Stuck))
    );
    assert!(
        frames[..first_stuck]
            .iter()
            .all(|f| !f.markers.contains(MarkerKind::Stuck))
    );
    // A replay marks the same frames.
    let recorded: Vec<_> = sim.history().iter().cloned().collect();
    let replayed = slidescope::sim::replay_frames(&floor_and_wall(), &recorded, None);
    assert!(
        replayed
            .iter()
            .zip(&frames)
            .all(|(a, b)| a.markers == b.markers)
    );
}
