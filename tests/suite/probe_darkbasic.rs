//! Dark Basic Pro (TheGameCreators/Dark-Basic-Pro's "ElipsoidCollision", C++: Kasper Fauerby's
//! 2003 code as his paper prints it), recorded by `tests/ports/darkbasic/record.sh` after the
//! explainer was last changed without it, then read (its README traces the rules and the bug
//! below in its code): its profile is Fauerby's code; on lavaducts its point-in-triangle test
//! passes points far outside the level's slivers (triangles of almost no area), whose planes
//! then hold walkers anywhere, and every such move is named that; on the three.js world its
//! contacts met along a motion almost in a floor's plane are ties at a graze.

use std::path::Path;

use slidescope::collision::conventions::Switch;
use slidescope::probe::explain::{BugClass, Tie, Why};
use slidescope::probe::probe_file_check::{CheckOptions, CheckReport, check_file_both};

fn why_of(report: &CheckReport, index: u64) -> Option<Why> {
    let f = report.flagged.iter().find(|f| f.index == index)?;
    f.why.clone()
}

fn classes(report: &CheckReport) -> Vec<BugClass> {
    (report.flagged.iter())
        .filter_map(|f| match f.why {
            Some(Why::Bug { class, .. }) => Some(class),
            _ => None,
        })
        .collect()
}

/// Nothing declared, each file's flagged moves are explained (three.js 2,970 of 2,983,
/// lavaducts 1,829 of 1,829 when written); the profile is in Fauerby's code, which the port
/// prints: padding along the velocity, a short leftover dropped, the slide measured from the
/// contact point, no impulse filter, its edges in f32.
#[test]
fn dark_basics_profile_is_fauerbys_code_and_its_flagged_moves_are_explained() {
    let named = |n: &str| Switch::named(n).unwrap();
    let in_code = [
        named("padding_along_velocity"),
        named("short_leftover_dropped"),
        named("contact_point_projection"),
        named("no_impulse_filter"),
        named("fauerby_f32_edges"),
    ];
    for file in ["threejs", "lavaducts"] {
        let path = format!("tests/data/ports/darkbasic_{file}.slidelog");
        let (report, profile) = check_file_both(Path::new(&path), &CheckOptions::default())
            .expect("the recording reads");
        let j = report.explanation.judged;
        assert!(j.explained * 100 >= j.on_their_own * 99, "{file}: {j:?}");
        let held = profile.explanation.conventions_assumed.unwrap();
        assert!(held.iter().all(|s| in_code.contains(s)), "{file}: {held:?}");
        assert!(held[..2] == in_code[..2], "{file}: {held:?}");
    }
}

/// Lavaducts has eleven triangles of under 1e-7 m² (three corners in a line but for the last
/// bits). The port's sign-bit point-in-triangle test passes about a third of the points of
/// such a triangle's plane, tens of metres from it (checked with its own code: 254 of 825
/// points 20 to 40 m from triangle 5759), so the plane holds a walker there: from move 52 on,
/// 254 moves, every bug the file shows, each named by that cause.
#[test]
fn dark_basics_slivers_hold_walkers_far_from_them_and_each_such_move_is_named_so() {
    let path = Path::new("tests/data/ports/darkbasic_lavaducts.slidelog");
    let (report, profile) = check_file_both(path, &CheckOptions::default()).unwrap();
    for r in [&report, &profile] {
        let bugs = classes(r);
        assert!(bugs.len() >= 200, "{} bug moves", bugs.len());
        assert!(bugs.iter().all(|&c| c == BugClass::OffTriangle), "{bugs:?}");
        let first = r.flagged.iter().find(|f| f.why.is_some()).unwrap();
        assert_eq!(first.index, 52);
        let class = match first.why {
            Some(Why::Bug { class, .. }) => Some(class),
            _ => None,
        };
        assert_eq!(class, Some(BugClass::OffTriangle));
        assert_eq!(r.explanation.judged.unexplained, 0);
    }
    // The three.js world has no such triangle, and no move is named so.
    let path = Path::new("tests/data/ports/darkbasic_threejs.slidelog");
    let (report, profile) = check_file_both(path, &CheckOptions::default()).unwrap();
    // A floor met 0.7 mm apart along a motion 0.05° into it: a graze, in both reports.
    for r in [&report, &profile] {
        assert!(!classes(r).contains(&BugClass::OffTriangle));
        // Its touched point is Fauerby's, at the contact (`+ t0 * velocity`).
        assert!(!classes(r).contains(&BugClass::PointAtMotionEnd));
        let tie = why_of(r, 850).as_ref().and_then(Why::tie);
        assert_eq!(tie, Some(Tie::Graze));
    }
}
