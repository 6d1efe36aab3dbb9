//! Recordings on disk and replay: the round trip is
//! bit-identical, replaying the inputs reproduces every frame bit-identically, and bad files
//! are typed errors that leave the open history alone.
use crate::common;

use common::*;
use slidescope::collision::{CollisionMesh, SlideSettings};
use slidescope::sim::{
    PlayerInput, PlayerParams, Recording, RecordingError, Sim, TimelineCommand, load_recording,
    replay_frames, save_recording,
};

fn level() -> CollisionMesh {
    let mut tris = stairs(0.2, 3);
    tris.extend(solid_box(v(-6.0, -1.0, -5.0), v(-5.0, 3.0, 5.0)));
    tris.extend(solid_box(v(-3.0, 1.25, -1.0), v(-2.0, 1.6, 1.0)));
    mesh(&tris)
}

/// A varied session: walking, stairs, a jump, crouching under a slab, noclip, a teleport.
fn session(m: &CollisionMesh) -> Sim {
    session_of(m, PlayerParams::default())
}

/// [`session`] walked with `params`.
fn session_of(m: &CollisionMesh, params: PlayerParams) -> Sim {
    let mut sim = Sim::new(v(-1.0, 0.0, 0.0), params, SlideSettings::default());
    let mut input = PlayerInput::default();
    for i in 0..480u32 {
        input.yaw_rad = -1.2 - 0.002 * i as f32;
        input.forward = if i % 120 < 90 { 1.0 } else { -0.5 };
        input.right = ((i as f32) * 0.05).sin();
        input.jump = i % 97 == 0;
        input.run = i % 200 > 100;
        input.crouch = (300..360).contains(&i);
        input.noclip = (400..420).contains(&i);
        input.fly_up = i % 2 == 0;
        if i == 250 {
            sim.teleport(v(-4.0, 1.5, 0.0));
        }
        sim.step(m, &input);
    }
    sim
}

fn json(frames: &[slidescope::sim::FrameRecord]) -> String {
    serde_json::to_string(frames).unwrap()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("slidescope-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn recording_round_trip_is_bit_identical() {
    let m = level();
    let sim = session(&m);
    let dir = temp_dir("roundtrip");
    let path = dir.join("run.json");
    sim.save_recording(&path, "generated").unwrap();
    let leftovers: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(leftovers.len(), 1, "no temporary file left behind");
    let loaded = load_recording(&path).unwrap();
    let original: Vec<_> = sim.history().iter().cloned().collect();
    assert_eq!(loaded.frames, original);
    assert_eq!(json(&loaded.frames), json(&original), "same bits");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn a_first_version_recording_with_the_heading_in_its_settings_reads_the_same() {
    let m = level();
    // The snap walker hands its ground moves' heading to the core.
    let snap = PlayerParams {
        walker: slidescope::sim::Walker::Snap,
        ..PlayerParams::default()
    };
    let sim = session_of(&m, snap);
    let original: Vec<_> = sim.history().iter().cloned().collect();
    let headed = original.iter().filter(|f| f.call.heading.is_some()).count();
    assert!(headed > 100, "{headed} frames with a heading");
    let dir = temp_dir("first-version");
    let path = dir.join("run.json");
    sim.save_recording(&path, "generated").unwrap();
    // As version 1 wrote it: the heading among each frame's settings.
    let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    v["version"] = 1.into();
    for f in v["frames"].as_array_mut().unwrap() {
        let f = f.as_object_mut().unwrap();
        if let Some(h) = f.remove("heading") {
            f["settings"]
                .as_object_mut()
                .unwrap()
                .insert("heading".into(), h);
        }
    }
    std::fs::write(&path, serde_json::to_vec(&v).unwrap()).unwrap();
    let loaded = load_recording(&path).unwrap();
    assert_eq!(json(&loaded.frames), json(&original), "same bits");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn replaying_a_recording_reproduces_every_frame_bit_identically() {
    let m = level();
    let sim = session(&m);
    let original: Vec<_> = sim.history().iter().cloned().collect();
    assert!(original.iter().any(|f| f.after.crouched));
    assert!(original.iter().any(|f| f.after.noclip));
    assert!(original.iter().any(|f| f.input.jump && f.before.grounded));
    let replayed = replay_frames(&m, &original, None);
    assert_eq!(replayed.len(), original.len());
    for (a, b) in original.iter().zip(&replayed) {
        assert_eq!(
            serde_json::to_string(a).unwrap(),
            serde_json::to_string(b).unwrap(),
            "frame {} differs",
            a.frame
        );
    }
}

#[test]
fn bad_files_are_typed_errors_and_keep_the_open_history() {
    let m = level();
    let mut sim = session(&m);
    sim.command(TimelineCommand::Seek(100));
    let before_len = sim.history().len();
    let before_cursor = sim.cursor();
    let dir = temp_dir("bad");
    let good = dir.join("good.json");
    save_recording(
        &good,
        &Recording::new("x", sim.history().iter().take(5).cloned().collect()),
    )
    .unwrap();
    let text = std::fs::read_to_string(&good).unwrap();

    let truncated = dir.join("truncated.json");
    std::fs::write(&truncated, &text[..text.len() / 2]).unwrap();
    assert!(matches!(
        sim.load_recording(&truncated),
        Err(RecordingError::Corrupt { .. })
    ));

    let garbage = dir.join("garbage.json");
    std::fs::write(&garbage, b"\x00\xffnot json").unwrap();
    assert!(matches!(
        sim.load_recording(&garbage),
        Err(RecordingError::Corrupt { .. })
    ));

    let newer = dir.join("newer.json");
    std::fs::write(&newer, text.replacen("\"version\":2", "\"version\":99", 1)).unwrap();
    assert!(matches!(
        sim.load_recording(&newer),
        Err(RecordingError::NewerVersion { found: 99, .. })
    ));

    let foreign = dir.join("foreign.json");
    std::fs::write(&foreign, text.replacen("slidescope-recording", "other", 1)).unwrap();
    assert!(matches!(
        sim.load_recording(&foreign),
        Err(RecordingError::WrongFormat { .. })
    ));

    assert!(matches!(
        sim.load_recording(&dir.join("missing.json")),
        Err(RecordingError::Io { .. })
    ));
    assert_eq!(sim.history().len(), before_len, "history untouched");
    assert_eq!(sim.cursor(), before_cursor, "cursor untouched");

    sim.load_recording(&good).unwrap();
    assert_eq!(sim.history().len(), 5);
    assert_eq!(
        sim.cursor().map(|c| c.frame),
        Some(0),
        "opened at its first frame"
    );
    std::fs::remove_dir_all(dir).ok();
}
