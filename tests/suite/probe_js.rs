//! The JavaScript probe (`probe-js/index.js`, npm package `slidescope-probe`) writes the same
//! bytes as the Rust probe: `probe-js/test/scripted.mjs` makes a fixed script of calls with
//! `Probe.toFile`, this test makes the same calls with `RecordingProbe::save`, and the two files
//! must be byte-identical (skipped, with a message, when `node` is not installed).

use std::path::Path;
use std::process::Command;

use slidescope_probe::read::{Record, read_all};
use slidescope_probe::{
    Case, Contact, Declared, IterationLimit, Move, MoveResult, ObjectPose, Padding, Pose,
    RecordingProbe, Roots, ShortMotion, Sidedness, UpAxis, format,
};

use crate::common::temp_dir;

fn node() -> Option<&'static str> {
    Command::new("node")
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|_| "node")
}

fn contact(
    iteration: u32,
    case: Option<Case>,
    t: f32,
    center: [f32; 3],
    point: [f32; 3],
    normal: [f32; 3],
    triangle: Option<u32>,
) -> Contact {
    Contact {
        iteration,
        case,
        t,
        center,
        point,
        normal,
        triangle,
    }
}

/// The calls of `probe-js/test/scripted.mjs`, in the same order with the same numbers.
#[allow(clippy::needless_update)] // a convention added after scripted.mjs stays undeclared
fn rust_script(path: &Path) {
    let mut p = RecordingProbe::save(path).unwrap();
    p.set_conventions(&Declared {
        padding: Some(Padding::Normal),
        short_motion: Some(ShortMotion::Dropped),
        min_motion_es: Some(0.01),
        min_motion_m: None,
        dead_zone_m: Some(0.001),
        iteration_limit: Some(IterationLimit::KeepLast),
        sidedness: Some(Sidedness::LeavingIgnored),
        impulse_filter: Some(false),
        up_axis: Some(UpAxis::PosY),
        left_handed: Some(false),
        clockwise_front: Some(true),
        missing: Some(format::missing::INTEGRATION_VELOCITY | format::missing::CONTACT_T),
        roots: Some(Roots::PositiveOnly),
        ..Default::default()
    });
    let positions: [[f32; 3]; 8] = [
        [-2.0, 0.0, -2.0],
        [2.0, 0.0, -2.0],
        [2.0, 0.0, 2.0],
        [-2.0, 0.0, 2.0],
        [2.0, 0.1, -2.0],
        [2.0, 0.1, 2.0],
        [2.0, 3.3, 2.0],
        [2.0, 3.3, -2.0],
    ];
    let indices: [[u32; 3]; 4] = [[0, 1, 2], [0, 2, 3], [4, 5, 6], [4, 6, 7]];
    p.set_level_mesh(&positions, &indices);
    p.set_level_mesh(&positions, &indices); // USE_MESH

    // JavaScript computes 1 / 60 in f64 and rounds it to f32 once: the same here.
    let dt = (1.0f64 / 60.0) as f32;
    p.frame(0, 0.0, dt);
    p.log_move(
        &Move::new(0, [0.4, 0.9, 0.4], [0.0, 0.901, 0.0], [0.05, -0.0, 0.0]),
        &[],
    );

    p.frame(1, 1.0 / 60.0, dt);
    let mut m = Move::new(3, [0.5, 1.0, 0.5], [1.25, 1.0625, -0.3], [0.9, -0.163, 0.1]);
    m.skin_es = Some(0.01);
    m.max_iterations = Some(3);
    m.result = Some(MoveResult {
        end: [1.49, 1.01, -0.21],
        integration_velocity: [0.24, -0.0525, 0.09],
        iterations: 3,
    });
    p.log_move(
        &m,
        &[
            contact(
                0,
                Some(Case::Face),
                0.25,
                [1.475, 1.0, -0.275],
                [1.475, 0.0, -0.275],
                [0.0, 1.0, 0.0],
                Some(0),
            ),
            contact(
                1,
                Some(Case::Edge),
                0.5,
                [1.5, 1.0, -0.25],
                [2.0, 0.1, -0.25],
                [-0.8, 0.6, 0.0],
                Some(2),
            ),
            contact(
                2,
                Some(Case::Vertex),
                0.75,
                [1.49, 1.01, -0.21],
                [2.0, 0.1, 2.0],
                [-0.6, 0.8, 0.0],
                Some(3),
            ),
            contact(
                2,
                None,
                1e-7,
                [1.49, 1.01, -0.21],
                [1.49, 0.01, -0.21],
                [0.0, 1.0, 0.0],
                None,
            ),
        ],
    );
    let mut m = Move::new(u32::MAX, [0.3, 0.3, 0.3], [-1.5, 0.3, 1.5], [0.0, 0.0, 0.0]);
    m.result = Some(MoveResult {
        end: [-1.5, 0.3, 1.5],
        integration_velocity: [0.0, 0.0, 0.0],
        iterations: 1,
    });
    p.log_move(&m, &[]);

    p.set_level_file("levels/room.glb", 0x0123_4567_89ab_cdef);
    p.set_level_mesh(&positions, &indices);
    p.set_object_mesh(
        7,
        &[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
        &[[0, 1, 2]],
    );
    p.object_poses(&[ObjectPose {
        object: 7,
        previous: Pose {
            rotation: [0.0, 0.0, 0.0, 1.0],
            translation: [-1.0, 0.5, -1.0],
        },
        current: Pose {
            rotation: [0.0, 0.38268343, 0.0, 0.9238795],
            translation: [-1.0, 0.55, -1.0],
        },
    }]);

    p.frame((1u64 << 40) + 5, 0.5, 0.02);
    let mut m = Move::new(
        9,
        [0.4, 0.9, 0.25],
        [-0.75, 0.95, 0.125],
        [0.03125, -0.08, 0.0],
    );
    m.axes = [
        [0.8660254, 0.0, -0.5],
        [0.0, 1.0, 0.0],
        [0.5, 0.0, 0.8660254],
    ];
    m.skin_es = Some(0.001);
    m.max_iterations = Some(30);
    m.result = Some(MoveResult {
        end: [-0.71875, 0.9001, 0.125],
        integration_velocity: [0.03125, 0.0, 0.0],
        iterations: 2,
    });
    p.log_move(
        &m,
        &[contact(
            0,
            Some(Case::Face),
            0.625,
            [-0.73046875, 0.9, 0.125],
            [-0.73046875, 0.0, 0.125],
            [0.0, 1.0, 0.0],
            Some(1),
        )],
    );
    p.set_conventions(&Declared::default());
    let mut m = Move::new(1, [0.4, 0.9, 0.4], [0.0, 0.95, 0.0], [0.0, -0.1, 0.0]);
    m.max_iterations = Some(10_000);
    p.log_move(&m, &[]);
    // Dropping the probe writes END and closes the file.
}

#[test]
fn the_js_probe_writes_the_bytes_the_rust_probe_writes() {
    let Some(node) = node() else {
        eprintln!("SKIPPED: no node (install Node.js) — the JavaScript probe is not compared");
        return;
    };
    let dir = temp_dir("probe_js");
    let js_file = dir.join("js.slidelog");
    let out = Command::new(node)
        .arg("probe-js/test/scripted.mjs")
        .arg(&js_file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "scripted.mjs failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    let rust_file = dir.join("rust.slidelog");
    rust_script(&rust_file);

    let js = std::fs::read(&js_file).unwrap();
    let rust = std::fs::read(&rust_file).unwrap();
    if js != rust {
        let at = js
            .iter()
            .zip(&rust)
            .position(|(a, b)| a != b)
            .unwrap_or(js.len().min(rust.len()));
        panic!(
            "the JavaScript and Rust probes differ: {} vs {} bytes, first difference at byte {at}",
            js.len(),
            rust.len()
        );
    }

    // What the script covers, read back.
    let (records, err) = read_all(&js[..]);
    assert!(err.is_none(), "{err:?}");
    let count = |f: fn(&Record) -> bool| records.iter().filter(|r| f(r)).count();
    assert_eq!(count(|r| matches!(r, Record::Move(_))), 5);
    assert_eq!(count(|r| matches!(r, Record::Mesh(_))), 1);
    assert_eq!(count(|r| matches!(r, Record::UseMesh(_))), 2);
    assert_eq!(count(|r| matches!(r, Record::Conventions { .. })), 2);
    assert_eq!(count(|r| matches!(r, Record::Frame(_))), 3);
    assert_eq!(records.last(), Some(&Record::End));
}
