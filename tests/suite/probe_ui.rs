//! The inspector's game section as text (rows, verdict line) on a real diverging move, the
//! re-solve with another case mask, and what "open any file" takes a file for.

use glam::Vec3;
use slidescope::app::open_any::{FileKind, file_kind};
use slidescope::collision::{CaseMask, Scratch, SlideSettings, Trace};
use slidescope::probe::shadow::{MoveContext, ShadowConfig, resolve, resolve_again};
use slidescope::probe::{ProbeSession, ShadowTolerance, Step};
use slidescope::ui::game::{game_rows, verdict_line};
use slidescope_probe::read::MoveRecord;
use slidescope_probe::{Case, Contact, Move, MoveResult, encode};

use crate::common::temp_dir;
use slidescope::collision::DebugKnobs;

/// A floor (triangles 0, 1) and the level session that holds it.
fn floor_session() -> (ProbeSession, std::sync::Arc<slidescope::probe::ProbeLevel>) {
    let mut b = Vec::new();
    encode::header(&mut b);
    encode::mesh(
        &mut b,
        None,
        &[
            [-10.0, 0.0, -10.0],
            [-10.0, 0.0, 10.0],
            [10.0, 0.0, 10.0],
            [10.0, 0.0, -10.0],
        ],
        &[[0, 1, 2], [0, 2, 3]],
    );
    let (records, _) = slidescope_probe::read::read_all(&b[..]);
    let mut s = ProbeSession::new(".");
    let mut level = None;
    for r in records {
        if let Step::Level(l) = s.step(r) {
            level = Some(l);
        }
    }
    (s, level.unwrap())
}

/// A sphere dropping onto the floor's triangle 1, away from the quad's diagonal: the game
/// says it touched at t = 0.5 but ends 2 mm lower than the reference.
fn dropped_move() -> MoveRecord {
    let mut mv = Move::new(7, [0.5; 3], [2.0, 1.5, -5.0], [0.0, -2.0, 0.0]);
    mv.result = Some(MoveResult {
        end: [2.0, 0.4985, -5.0],
        integration_velocity: [0.0; 3],
        iterations: 1,
    });
    MoveRecord {
        mv,
        one_sided_flag: false,
        contacts: vec![Contact {
            iteration: 0,
            case: Some(Case::Face),
            t: 0.5,
            center: [2.0, 0.5, -5.0],
            point: [2.0, 0.0, -5.0],
            normal: [0.0, 1.0, 0.0],
            triangle: Some(1),
        }],
    }
}

/// Move 3 of game frame 12 on `level`, with what the game `declared`.
fn move_context<'a>(
    level: &'a slidescope::probe::ProbeLevel,
    objects: &'a slidescope::collision::DynamicScene,
    declared: &'a slidescope::collision::conventions::Declared,
) -> MoveContext<'a> {
    MoveContext {
        level: Some(level),
        objects,
        poses: &[],
        frame: slidescope_probe::Frame {
            frame: 12,
            time_secs: 0.2,
            dt_secs: 1.0 / 60.0,
        },
        index: 3,
        declared,
    }
}

#[test]
fn the_game_section_says_where_the_two_part_and_by_how_much() {
    let (_, level) = floor_session();
    let objects = Default::default();
    let declared = Default::default();
    let ctx = move_context(&level, &objects, &declared);
    let rec = resolve(
        &ctx,
        &dropped_move(),
        &ShadowConfig::default(),
        &mut Scratch::default(),
        &mut Trace::default(),
    );
    let game = rec.game.as_ref().unwrap();
    let tol = ShadowTolerance::default();
    let rows = game_rows(&rec, game, &tol);
    assert_eq!(rows.len(), 1);
    assert!(
        rows[0].game.starts_with("face, t = 0.500, tri 1"),
        "{:?}",
        rows[0]
    );
    assert!(
        rows[0].reference.starts_with("face, t = 0.500"),
        "{:?}",
        rows[0]
    );
    assert!(
        rows[0].difference.starts_with("0.000 mm, 0.0°"),
        "{:?}",
        rows[0]
    );
    let (line, bad) = verdict_line(game, &tol);
    assert!(bad);
    // The reference ends at 0.5 + skin (0.5005); the game 2 mm lower.
    assert!(
        line.starts_with("diverges: end position 2.000 mm apart"),
        "{line}"
    );
    // A looser tolerance accepts it.
    let loose = ShadowTolerance {
        position_m: 0.003,
        ..tol
    };
    let (line, bad) = verdict_line(game, &loose);
    assert!(
        !bad && line.starts_with("agrees: ends 2.000 mm apart"),
        "{line}"
    );
    // Re-solved with the face case off, the reference falls through the floor's face (its
    // edges are metres away): now the game has a contact the reference does not.
    let config = ShadowConfig {
        settings: SlideSettings {
            debug: DebugKnobs {
                cases: CaseMask::ALL.with(slidescope::collision::CaseKind::Face, false),
                ..SlideSettings::default().debug
            },
            ..Default::default()
        },
        tolerance: tol,
        ..Default::default()
    };
    let again = resolve_again(
        &rec,
        &level,
        &config,
        &mut Scratch::default(),
        &mut Trace::default(),
    )
    .unwrap();
    assert_eq!(again.frame, rec.frame);
    let v = again.game.as_ref().unwrap().verdict(&tol);
    assert_eq!(v.cause, Some(slidescope::probe::Cause::ExtraContact));
    assert_eq!(v.iteration, Some(0));
    let end = again.outcome.slide().unwrap().position;
    assert!((end - Vec3::new(2.0, -0.5, -5.0)).length() < 1e-5, "{end}");
}

#[test]
fn open_any_file_tells_levels_scenarios_recordings_and_probe_files_apart() {
    let dir = temp_dir("open_any");
    let write = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    };
    let mut probe = Vec::new();
    encode::header(&mut probe);
    // A probe file is known by its magic whatever its name.
    assert_eq!(file_kind(&write("run.bin", &probe)), Ok(FileKind::Probe));
    assert_eq!(
        file_kind(&write(
            "s.json",
            br#"{"format": "slidescope-scenario", "version": 1}"#
        )),
        Ok(FileKind::Scenario)
    );
    assert_eq!(
        file_kind(&write("r.json", br#"{"format": "slidescope-recording"}"#)),
        Ok(FileKind::Recording)
    );
    assert_eq!(file_kind(&write("l.glb", b"glTF....")), Ok(FileKind::Level));
    assert!(
        file_kind(&write("x.json", b"{}"))
            .unwrap_err()
            .contains("neither")
    );
    assert!(file_kind(&write("x.txt", b"hello")).is_err());
    assert!(file_kind(&dir.join("missing.glb")).is_err());
}

/// The first `n` moves with contacts of the Irrlicht recording, re-solved: its game declares
/// the contact's time, centre and normal missing (its public API gives none of them).
fn irrlicht_moves_with_contacts(n: usize) -> Vec<slidescope::sim::FrameRecord> {
    crate::common::probe_moves("tests/data/ports/irrlicht_threejs.slidelog")
        .into_iter()
        .map(|(_, rec)| rec)
        .filter(|rec| rec.game.as_ref().is_some_and(|g| !g.contacts.is_empty()))
        .take(n)
        .collect()
}

#[test]
fn a_contact_time_the_game_does_not_send_is_not_shown_as_zero() {
    let tol = ShadowTolerance::default();
    let mut seen = 0;
    for rec in irrlicht_moves_with_contacts(20) {
        let game = rec.game.as_deref().unwrap();
        assert_ne!(
            game.missing & slidescope_probe::format::missing::CONTACT_T,
            0
        );
        for row in game_rows(&rec, game, &tol)
            .iter()
            .filter(|r| r.game != "no contact")
        {
            assert!(!row.game.contains("t = "), "{}", row.game);
            assert!(row.game.contains("tri "), "{}", row.game);
            seen += 1;
        }
    }
    assert!(seen >= 20, "{seen} game contacts looked at");
}

#[test]
fn the_game_path_leaves_out_contact_centres_the_game_does_not_send() {
    // The placeholder (the origin) is no point of the path the 3D view draws.
    let moves = irrlicht_moves_with_contacts(20);
    assert_eq!(moves.len(), 20);
    for rec in moves {
        let game = rec.game.as_deref().unwrap();
        let path = game.path(game.input.start);
        assert_eq!(path.len(), 2, "start and end only: {path:?}");
        assert!(!path.contains(&Vec3::ZERO), "{path:?}");
    }
}

/// "Re-solve all" keeps what the game declared and takes every other row from the settings
/// the user switched: a game that declares its padding still gets the switched short leftover.
#[test]
fn resolving_again_follows_the_switches_on_rows_the_game_did_not_declare() {
    use slidescope::collision::{Conventions, Padding, ShortMotion};
    let (_, level) = floor_session();
    let objects = Default::default();
    let declared = slidescope::collision::conventions::Declared {
        padding: Some(Padding::Velocity),
        ..Default::default()
    };
    let ctx = move_context(&level, &objects, &declared);
    let (mut scratch, mut trace) = (Scratch::default(), Trace::default());
    let rec = resolve(
        &ctx,
        &dropped_move(),
        &ShadowConfig::default(),
        &mut scratch,
        &mut trace,
    );
    let first = rec.game.as_ref().unwrap().conventions.unwrap();
    assert_eq!(first.padding, Padding::Velocity);
    assert_eq!(first.short_motion, ShortMotion::Applied);
    // The user switches the short leftover, and the padding back to the seed's.
    let switched = ShadowConfig {
        settings: SlideSettings {
            conventions: Conventions {
                short_motion: ShortMotion::Dropped,
                padding: Padding::Normal,
                ..Default::default()
            },
            ..Default::default()
        },
        ..Default::default()
    };
    let again = resolve_again(&rec, &level, &switched, &mut scratch, &mut trace).unwrap();
    let used = again.game.as_ref().unwrap().conventions.unwrap();
    assert_eq!(
        used.short_motion,
        ShortMotion::Dropped,
        "the switch is taken"
    );
    assert_eq!(used.padding, Padding::Velocity, "the declared row stays");
    // Again from that record: the same (what was declared is still known).
    let twice = resolve_again(&again, &level, &switched, &mut scratch, &mut trace).unwrap();
    assert_eq!(twice.game.as_ref().unwrap().conventions, Some(used));
    // The switches over the declared rows: the padding is the seed's for this re-solve, and
    // the record still knows what the game declared.
    let over = ShadowConfig {
        over_declared: true,
        ..switched
    };
    let forced = resolve_again(&again, &level, &over, &mut scratch, &mut trace).unwrap();
    assert_eq!(forced.call.settings.conventions.padding, Padding::Normal);
    assert_eq!(
        forced.call.settings.conventions.short_motion,
        ShortMotion::Dropped
    );
    assert_eq!(forced.game.as_ref().unwrap().conventions, Some(used));
    let end = |r: &slidescope::sim::FrameRecord| r.outcome.slide().map(|s| s.position);
    let back = resolve_again(&forced, &level, &switched, &mut scratch, &mut trace).unwrap();
    assert_eq!(back.call.settings.conventions.padding, Padding::Velocity);
    assert_eq!(end(&back), end(&again));
}
