//! exengine (solenum/exengine's `ex_entity_collide_and_slide`, C: Fauerby's detection with
//! Linahan 2012's response), a port no test was tuned to, recorded by
//! `tests/ports/exengine/record.sh` (its README traces both bugs below in its code): its two
//! bugs the recordings show are named by their cause, each at the move where it bites. Most
//! of its other flagged moves are not explained yet (its README: the centre steps `dist − 1`
//! toward a contact where Linahan's code steps `dist − veryCloseDistance`, and the crease's
//! motion is measured before the crease is normalised: rules no convention row holds).

use std::path::Path;

use slidescope::probe::explain::{BugClass, Why};
use slidescope::probe::probe_file_check::{CheckOptions, CheckReport, check_file_profiled};

fn why_of(report: &CheckReport, index: u64) -> Option<Why> {
    let f = report.flagged.iter().find(|f| f.index == index)?;
    f.why.clone()
}

fn class(why: Option<Why>) -> Option<BugClass> {
    match why {
        Some(Why::Bug { class, .. }) => Some(class),
        _ => None,
    }
}

#[test]
fn exengines_own_bugs_are_named_where_they_bite() {
    let path = Path::new("tests/data/ports/exengine_lavaducts.slidelog");
    let report = check_file_profiled(path, &CheckOptions::default()).unwrap();
    assert_eq!(report.counts.moves, 6_720);
    // Out of detections, its destination taken unchecked: the walker left 1.8 mm inside an
    // overhang (`entity.c:133`).
    let inside = why_of(&report, 5924);
    assert_eq!(
        class(inside.clone()),
        Some(BugClass::EndedInsideLevel),
        "{inside:?}"
    );
    // From there, the floor then the overhang's underside: the crease of two parallel planes
    // normalised to NaN (`entity.c:122-128`), its own class, not a cascade.
    let nan = why_of(&report, 6165);
    assert_eq!(
        class(nan.clone()),
        Some(BugClass::NonFiniteResult),
        "{nan:?}"
    );
}
