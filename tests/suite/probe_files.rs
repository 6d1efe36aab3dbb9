//! Probe files and connections that are broken, hostile or unusual: one line for what cannot
//! be read, every move before it kept, no panic; and one game at a time.

use std::io::Read;
use std::net::TcpStream;
use std::time::Duration;

use slidescope::probe::feed::FeedEvent;
use slidescope::probe::listen::{Listener, REFUSAL};
use slidescope::probe::probe_file_check::{CheckOptions, check_file};
use slidescope::probe::{Cause, ShadowConfig};
use slidescope_probe::{Move, MoveResult, encode};

use crate::common::temp_dir;

const FLOOR: [[f32; 3]; 4] = [
    [-10.0, 0.0, -10.0],
    [-10.0, 0.0, 10.0],
    [10.0, 0.0, 10.0],
    [10.0, 0.0, -10.0],
];

/// A header, a floor, and `n` moves walking along it (the reference agrees with each).
fn floor_stream(n: usize) -> Vec<u8> {
    let mut b = Vec::new();
    encode::header(&mut b);
    encode::mesh(&mut b, None, &FLOOR, &[[0, 1, 2], [0, 2, 3]]);
    for i in 0..n {
        let x = i as f32 * 0.1;
        let mut m = Move::new(0, [0.5; 3], [x, 0.5005, 0.0], [0.1, 0.0, 0.0]);
        m.result = Some(MoveResult {
            end: [x + 0.1, 0.5005, 0.0],
            integration_velocity: [0.1, 0.0, 0.0],
            iterations: 1,
        });
        encode::frame(
            &mut b,
            &slidescope_probe::Frame {
                frame: i as u64,
                time_secs: 0.0,
                dt_secs: 0.01,
            },
        );
        encode::move_record(&mut b, &m, &[]);
    }
    b
}

fn check_bytes(name: &str, bytes: &[u8]) -> slidescope::probe::probe_file_check::CheckReport {
    let dir = temp_dir(name);
    let path = dir.join("x.slidelog");
    std::fs::write(&path, bytes).unwrap();
    check_file(&path, &CheckOptions::default()).unwrap()
}

#[test]
fn a_file_cut_mid_record_keeps_every_move_before_the_cut() {
    let b = floor_stream(10);
    let report = check_bytes("probe_cut", &b[..b.len() - 7]);
    assert_eq!(report.counts.moves, 9);
    assert_eq!(report.counts.diverging, 0);
    assert!(!report.reading.ended_cleanly);
    assert!(
        report
            .reading
            .read_error
            .unwrap()
            .contains("truncated at byte")
    );
}

#[test]
fn nan_and_absurd_inputs_are_flagged_moves_not_panics() {
    let mut b = floor_stream(1);
    let nan = Move::new(1, [0.5; 3], [f32::NAN, 0.5, 0.0], [0.1, 0.0, 0.0]);
    let flat = Move::new(2, [0.5, 0.0, 0.5], [0.0, 0.5, 0.0], [0.1, 0.0, 0.0]);
    let mut skin = Move::new(3, [0.5; 3], [0.0, 0.5, 0.0], [0.1, 0.0, 0.0]);
    skin.skin_es = Some(f32::INFINITY);
    for m in [nan, flat, skin] {
        encode::move_record(&mut b, &m, &[]);
    }
    let report = check_bytes("probe_nan", &b);
    assert_eq!(report.counts.moves, 4);
    assert_eq!(report.counts.diverging, 3);
    assert_eq!(report.by_cause.get(&Cause::CoreRefused), Some(&3));
}

#[test]
fn moves_before_any_level_or_after_an_unknown_mesh_are_not_re_solved() {
    let mut b = Vec::new();
    encode::header(&mut b);
    encode::move_record(
        &mut b,
        &Move::new(0, [0.5; 3], [0.0; 3], [1.0, 0.0, 0.0]),
        &[],
    );
    encode::use_mesh(&mut b, 0x1234);
    encode::move_record(
        &mut b,
        &Move::new(0, [0.5; 3], [0.0; 3], [1.0, 0.0, 0.0]),
        &[],
    );
    let report = check_bytes("probe_nolevel", &b);
    assert_eq!(report.counts.moves, 2);
    assert_eq!(report.by_cause.get(&Cause::NoLevel), Some(&2));
    assert!(
        report.problems[0].contains("USE_MESH"),
        "{:?}",
        report.problems
    );
}

#[test]
fn an_empty_level_is_a_level_with_nothing_to_hit_not_no_level() {
    // A game whose level has no triangle (none sent; or only a degenerate one): its moves are
    // re-solved, every path clear, and one that ends where it asked agrees.
    for (name, positions, indices) in [
        ("probe_empty_level", Vec::new(), Vec::new()),
        (
            "probe_degenerate_level",
            vec![[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [2.0, 0.0, 0.0]],
            vec![[0, 1, 2]],
        ),
    ] {
        let mut b = Vec::new();
        encode::header(&mut b);
        encode::mesh(&mut b, None, &positions, &indices);
        let mut m = Move::new(0, [0.5; 3], [0.0, 0.1, 0.0], [1.0, -2.0, 0.0]);
        m.result = Some(slidescope_probe::MoveResult {
            end: [1.0, -1.9, 0.0],
            integration_velocity: [1.0, -2.0, 0.0],
            iterations: 1,
        });
        encode::move_record(&mut b, &m, &[]);
        let report = check_bytes(name, &b);
        assert_eq!(
            (report.counts.moves, report.counts.levels),
            (1, 1),
            "{name}: {:?}",
            report.problems
        );
        assert_eq!(report.counts.diverging, 0, "{name}: {:?}", report.by_cause);
    }
}

#[test]
fn a_mesh_with_bad_triangles_keeps_the_games_numbering() {
    // Triangle 0 has an index out of range, triangle 1 a NaN corner: the loader drops both;
    // triangle 2 (the floor) is still the game's triangle 2.
    let mut b = Vec::new();
    encode::header(&mut b);
    let mut positions = FLOOR.to_vec();
    positions.push([f32::NAN, 0.0, 0.0]);
    encode::mesh(
        &mut b,
        None,
        &positions,
        &[[0, 1, 99], [4, 1, 2], [0, 1, 2], [0, 2, 3]],
    );
    let mut m = Move::new(0, [0.5; 3], [1.0, 1.0, 1.0], [0.0, -1.0, 0.0]);
    m.result = Some(MoveResult {
        end: [1.0, 0.5005, 1.0],
        integration_velocity: [0.0; 3],
        iterations: 2,
    });
    encode::move_record(&mut b, &m, &[]);
    let (records, _) = slidescope_probe::read::read_all(&b[..]);
    let mut session = slidescope::probe::ProbeSession::new(".");
    let mut level = None;
    let mut record = None;
    for r in records {
        match session.step(r) {
            slidescope::probe::Step::Level(l) => level = Some(l),
            slidescope::probe::Step::Move(p) => {
                record = Some(p.resolve(
                    &ShadowConfig::default(),
                    &mut Default::default(),
                    &mut Default::default(),
                ))
            }
            _ => {}
        }
    }
    let level = level.unwrap();
    assert_eq!(level.collision().triangle_count(), 2);
    assert_eq!(level.core_triangle(0), None);
    assert_eq!(level.core_triangle(1), None);
    let t2 = level.core_triangle(2).unwrap();
    assert_eq!(level.game_triangle(t2), Some(2));
    let rec = record.unwrap();
    let contact = rec.trace.iterations[0].contacts[0];
    assert_eq!(
        level.game_triangle(contact.triangle).map(|g| g >= 2),
        Some(true)
    );
    assert!((rec.outcome.slide().unwrap().position.y - 0.5005).abs() < 1e-5);
}

#[test]
fn garbage_and_newer_versions_are_one_line_errors_with_status_2() {
    let dir = temp_dir("probe_garbage");
    let cases: [(&str, Vec<u8>, &str); 3] = [
        (
            "garbage",
            b"PK\x03\x04 this is a zip".to_vec(),
            "not a slidescope probe file",
        ),
        (
            "newer",
            {
                let mut b = floor_stream(1);
                b[8] = 9;
                b
            },
            "newer major version 9",
        ),
        ("empty", Vec::new(), "truncated header"),
    ];
    for (name, bytes, says) in cases {
        let path = dir.join(format!("{name}.slidelog"));
        std::fs::write(&path, bytes).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_slidescope"))
            .arg("probe-check")
            .arg(&path)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{name}: {err}");
        assert!(err.contains(says), "{name}: {err}");
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_slidescope"))
        .arg("probe-check")
        .arg(dir.join("missing.slidelog"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_second_game_is_refused_with_a_line_and_the_first_is_not_disturbed() {
    let (listener, _) = Listener::bind("127.0.0.1:0", ShadowConfig::default()).unwrap();
    let addr = listener.local_addr();
    let mut first = slidescope_probe::RecordingProbe::connect(addr).unwrap();
    first.set_level_mesh(&FLOOR, &[[0, 1, 2], [0, 2, 3]]);
    first.flush();
    // Wait until the listener has taken the first game.
    let deadline = std::time::Instant::now() + crate::common::EVENT_LIMIT;
    while !listener.is_connected() {
        assert!(std::time::Instant::now() < deadline);
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut second = TcpStream::connect(addr).unwrap();
    second
        .set_read_timeout(Some(crate::common::EVENT_LIMIT))
        .unwrap();
    let mut line = String::new();
    second.read_to_string(&mut line).unwrap();
    assert_eq!(line, REFUSAL);
    // A probe refused the same way fails to connect, so `connect(..).or_else(save)` records
    // to the file instead of nowhere.
    let dir = temp_dir("probe_refused_falls_back");
    let fallback = dir.join("fallback.slidelog");
    let err = slidescope_probe::RecordingProbe::connect(addr)
        .err()
        .unwrap();
    assert_eq!(err.kind(), std::io::ErrorKind::ConnectionRefused);
    assert!(err.to_string().starts_with("slidescope: refused"), "{err}");
    {
        let mut probe = slidescope_probe::RecordingProbe::connect(addr)
            .or_else(|_| slidescope_probe::RecordingProbe::save(&fallback))
            .unwrap();
        probe.frame(0, 0.0, 0.01);
    }
    let (records, e) = slidescope_probe::read::read_all(&std::fs::read(&fallback).unwrap()[..]);
    assert!(e.is_none() && records.len() == 2, "{records:?}");
    for i in 0..5 {
        first.frame(i, 0.0, 0.01);
        first.log_move(
            &Move::new(0, [0.5; 3], [0.0, 0.5005, 0.0], [0.1, 0.0, 0.0]),
            &[],
        );
    }
    drop(first);
    let (mut moves, mut refused, mut clean) = (0, 0, false);
    while let Some(e) = listener.recv_timeout(crate::common::EVENT_LIMIT) {
        match e {
            FeedEvent::Move(_) => moves += 1,
            FeedEvent::Refused(_) => refused += 1,
            FeedEvent::Disconnected { clean: c, .. } => {
                clean = c;
                break;
            }
            _ => {}
        }
    }
    assert_eq!((moves, refused, clean), (5, 3, true));
}

#[test]
fn a_connection_that_drops_mid_record_keeps_the_moves_before_it() {
    let (listener, _) = Listener::bind("127.0.0.1:0", ShadowConfig::default()).unwrap();
    let mut s = TcpStream::connect(listener.local_addr()).unwrap();
    let b = floor_stream(4);
    use std::io::Write;
    s.write_all(&b[..b.len() - 20]).unwrap();
    drop(s);
    let (mut moves, mut error) = (0, None);
    while let Some(e) = listener.recv_timeout(crate::common::EVENT_LIMIT) {
        match e {
            FeedEvent::Move(_) => moves += 1,
            FeedEvent::Disconnected {
                error: e, clean, ..
            } => {
                assert!(!clean);
                error = e;
                break;
            }
            _ => {}
        }
    }
    assert_eq!(moves, 3);
    assert!(error.unwrap().contains("truncated"));
}

#[test]
fn a_game_result_faster_than_asked_is_marked_speed_gain() {
    use slidescope::sim::MarkerKind;
    let (listener, _) = Listener::bind("127.0.0.1:0", ShadowConfig::default()).unwrap();
    let mut game = slidescope_probe::RecordingProbe::connect(listener.local_addr()).unwrap();
    game.set_level_mesh(&FLOOR, &[[0, 1, 2], [0, 2, 3]]);
    for (i, factor) in [0.9f32, 1.5].into_iter().enumerate() {
        let mut m = Move::new(0, [0.5; 3], [0.0, 0.5005, 0.0], [0.1, 0.0, 0.0]);
        m.result = Some(MoveResult {
            end: [0.1, 0.5005, 0.0],
            integration_velocity: [0.1 * factor, 0.0, 0.0],
            iterations: 1,
        });
        game.frame(i as u64, 0.0, 0.01);
        game.log_move(&m, &[]);
    }
    drop(game);
    let gains: Vec<_> = streamed_moves(&listener)
        .iter()
        .map(|r| r.markers.contains(MarkerKind::SpeedGain))
        .collect();
    assert_eq!(gains, [false, true]);
}

#[test]
fn a_game_ending_inside_the_floor_is_a_skin_violation_with_its_depth() {
    use slidescope::sim::MarkerKind;
    let (listener, _) = Listener::bind("127.0.0.1:0", ShadowConfig::default()).unwrap();
    let mut game = slidescope_probe::RecordingProbe::connect(listener.local_addr()).unwrap();
    game.set_level_mesh(&FLOOR, &[[0, 1, 2], [0, 2, 3]]);
    // A sphere of radius 0.5 over the floor y = 0: the game's ends at heights 0.5005 (clear)
    // and 0.49 (0.02 eSpace inside), from the same clear start.
    for (i, end_y) in [0.5005f32, 0.49].into_iter().enumerate() {
        let mut m = Move::new(0, [0.5; 3], [0.0, 0.5005, 0.0], [0.1, 0.0, 0.0]);
        m.result = Some(MoveResult {
            end: [0.1, end_y, 0.0],
            integration_velocity: [0.1, 0.0, 0.0],
            iterations: 1,
        });
        game.frame(i as u64, 0.0, 0.01);
        game.log_move(&m, &[]);
    }
    drop(game);
    let found: Vec<_> = streamed_moves(&listener)
        .iter()
        .map(|r| {
            (
                r.markers.contains(MarkerKind::SkinViolation),
                r.findings.overlap,
                r.findings.reasons(),
            )
        })
        .collect();
    assert_eq!(found.len(), 2);
    assert!(!found[0].0 && found[0].1.is_none(), "{:?}", found[0]);
    let (marked, overlap, reasons) = &found[1];
    let o = overlap.expect("the game's end overlaps the floor");
    assert!(*marked && o.game);
    assert!((o.depth_es - 0.02).abs() < 1e-4, "depth {}", o.depth_es);
    assert!(
        reasons.iter().any(|(k, r)| *k == MarkerKind::SkinViolation
            && r.starts_with("skin violation: the game's move ends 2.00e-2 eSpace inside")),
        "{reasons:?}"
    );
}

/// Every move the listener re-solved until the game disconnected (`EVENT_LIMIT` at most per event).
fn streamed_moves(listener: &Listener) -> Vec<slidescope::sim::FrameRecord> {
    let mut moves = Vec::new();
    while let Some(e) = listener.recv_timeout(crate::common::EVENT_LIMIT) {
        match e {
            FeedEvent::Move(r) => moves.push(*r),
            FeedEvent::Disconnected { .. } => break,
            _ => {}
        }
    }
    moves
}

/// Issue scene `number`'s collision mesh, and its positions and triangles as a game would send
/// them through the probe.
fn scene_mesh(
    number: u8,
) -> (
    slidescope::collision::CollisionMesh,
    Vec<[f32; 3]>,
    Vec<[u32; 3]>,
) {
    let scene = slidescope::issues::scenes::all()
        .into_iter()
        .find(|s| s.number == number)
        .unwrap();
    let m = slidescope::issues::scene_level::load(&scene)
        .unwrap()
        .collision;
    let positions = m.positions().iter().map(|p| p.to_array()).collect();
    let indices = (0..m.triangle_count() as u32)
        .map(|i| m.triangle_indices(i))
        .collect();
    (m, positions, indices)
}

/// Upward-only depenetration on issue scene 8's wall (bevy_rapier #520, "falling into a wall
/// ends embedded"): a game whose move starts inside the wall and lifts it out is marked; one
/// that pushes it out sideways is not.
#[test]
fn a_game_lifting_out_of_scene_8s_wall_is_upward_only_depenetration() {
    use slidescope::sim::MarkerKind;
    let (m, positions, indices) = scene_mesh(8);
    let m = &m;
    // The tallest vertical triangle is the wall; start 0.1 m inside it, half-way up.
    let wall = (0..m.triangle_count() as u32)
        .map(|i| m.triangle(i))
        .filter(|t| t.normal.y.abs() < 0.1)
        .max_by(|a, b| {
            let h = |t: &slidescope::collision::Triangle| {
                t.vertices.iter().map(|v| v.y).fold(f32::MIN, f32::max)
            };
            h(a).total_cmp(&h(b))
        })
        .expect("scene 8 has a wall");
    let mid = (wall.vertices[0] + wall.vertices[1] + wall.vertices[2]) / 3.0;
    let start = mid + wall.normal * 0.4;
    let (listener, _) = Listener::bind("127.0.0.1:0", ShadowConfig::default()).unwrap();
    let mut game = slidescope_probe::RecordingProbe::connect(listener.local_addr()).unwrap();
    game.set_level_mesh(&positions, &indices);
    // Lifted out; pushed out sideways; left where it was (ending embedded, the report itself).
    for (i, end) in [
        start + glam::Vec3::Y * 0.6,
        start + wall.normal * 0.1011,
        start,
    ]
    .into_iter()
    .enumerate()
    {
        let mut mv = Move::new(0, [0.5; 3], start.to_array(), [0.0; 3]);
        mv.result = Some(MoveResult {
            end: end.to_array(),
            integration_velocity: [0.0; 3],
            iterations: 1,
        });
        game.frame(i as u64, 0.0, 0.01);
        game.log_move(&mv, &[]);
    }
    drop(game);
    let found: Vec<_> = streamed_moves(&listener)
        .iter()
        .map(|r| {
            (
                r.markers.contains(MarkerKind::UpwardDepenetration),
                r.findings.upward_push,
                r.findings.overlap,
            )
        })
        .collect();
    assert_eq!(found.len(), 3);
    let (marked, push, _) = found[0];
    let push = push.expect("lifted out of the wall");
    assert!(
        marked && (push.rise_m - 0.6).abs() < 1e-4 && (push.depth_es - 0.2).abs() < 1e-3,
        "{push:?}"
    );
    assert_eq!(found[1], (false, None, None));
    // Ending 0.1 m inside the wall (radius 0.5): a skin violation 0.2 eSpace deep, and no
    // upward push (it did not rise).
    let (marked, push, overlap) = found[2];
    let overlap = overlap.expect("ends embedded in the wall");
    assert!(!marked && push.is_none());
    assert!(
        overlap.game && (overlap.depth_es - 0.2).abs() < 1e-3,
        "{overlap:?}"
    );
}

/// Speed gain on issue scene 12 (Jolt #363: a jump into a cube's edge sticks and gains
/// sideways speed): a game whose result leaves the edge faster than it was asked to move is
/// marked; one that only loses speed to the slide is not.
#[test]
fn a_game_gaining_sideways_speed_at_scene_12s_cube_edge_is_marked() {
    use slidescope::sim::MarkerKind;
    let (m, positions, indices) = scene_mesh(12);
    let m = &m;
    // The cube's highest vertex: jump at it from below and beside.
    let top = m
        .positions()
        .iter()
        .copied()
        .max_by(|a, b| a.y.total_cmp(&b.y))
        .unwrap();
    let start = top + glam::Vec3::new(-0.6, -0.3, 0.0);
    let (listener, _) = Listener::bind("127.0.0.1:0", ShadowConfig::default()).unwrap();
    let mut game = slidescope_probe::RecordingProbe::connect(listener.local_addr()).unwrap();
    game.set_level_mesh(&positions, &indices);
    let asked = [0.08f32, 0.06, 0.0];
    // Slid along the edge (shorter than asked), then thrown sideways (longer than asked).
    for (i, integration) in [[0.0f32, 0.06, 0.02], [0.0, 0.06, 0.12]]
        .into_iter()
        .enumerate()
    {
        let mut mv = Move::new(0, [0.5; 3], start.to_array(), asked);
        mv.result = Some(MoveResult {
            end: start.to_array(),
            integration_velocity: integration,
            iterations: 2,
        });
        game.frame(i as u64, 0.0, 1.0 / 60.0);
        game.log_move(&mv, &[]);
    }
    drop(game);
    let gains: Vec<_> = streamed_moves(&listener)
        .iter()
        .map(|r| {
            (
                r.markers.contains(MarkerKind::SpeedGain),
                r.findings.speed_gain,
            )
        })
        .collect();
    assert_eq!(gains.len(), 2);
    assert_eq!(gains[0], (false, None));
    let (marked, gain) = gains[1];
    // |(0, 0.06, 0.12)| / |(0.08, 0.06, 0)| = 0.134 / 0.1 = 1.34.
    assert!(marked && (gain.unwrap() - 1.342).abs() < 0.01, "{gain:?}");
}
