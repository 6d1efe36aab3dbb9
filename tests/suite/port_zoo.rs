//! Ground truth for the why: `examples/port_zoo` walks ports of collide-and-slide whose rules
//! and bug are drawn at random (seeded), records them through the probe with nothing declared,
//! and says what is true of each; `probe-check` must find each port's rules (precision and
//! recall over the rules that show in at least 1 % of the moves: dropping the rule changes
//! what the port recorded, on a move its bug did not change, and so does dropping it with the
//! rules that change nothing on that move — a rule whose only effect is to stop another, which
//! does nothing beside it, leaves a file no different from one with neither; the report gives
//! the recall counting those too) and name each bug by its class
//! at the move where it first changes the outcome (a scaled move, which no class names, by the
//! stage: the whole move at its scale). A switch reported with a rival the file does not tell
//! it from ("assuming either, the same moves agree") stands for either; the report counts
//! them.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use slidescope::probe::explain::{BugClass, Switch, Why};
use slidescope::probe::probe_file_check::{
    CheckOptions, FlaggedMove, check_file_both, check_file_profiled, check_file_with_detected,
};

use crate::common::{port_zoo, temp_dir};

/// The rules a port may have, and the bugs it may be built with, each with the class that
/// names it (`None`: no class; the stage names it).
const RULES: [&str; 13] = [
    "padding_along_velocity",
    "short_leftover_dropped",
    "dead_zone",
    "keep_last_centre",
    "ignores_leaving",
    "no_impulse_filter",
    "roots_after_start_only",
    "linahan_projection",
    "contact_point_projection",
    "velocity_clip",
    "pads_free_moves",
    "skin_in_metres",
    "world_response",
];
/// Rules added since the figures below were first measured, each drawn from a stream of its
/// own: adding one leaves every earlier rule's draws, and so the ports the figures were
/// measured on, as they were (the new rule joins about 40 % of them).
const LATER_RULES: [&str; 2] = ["normal_from_start", "steps_back_one_unit"];
/// The values of one row (a port has one projection: the first drawn).
const PROJECTIONS: [&str; 3] = [
    "linahan_projection",
    "contact_point_projection",
    "velocity_clip",
];
const BUGS: [(&str, Option<BugClass>); 5] = [
    ("broad_phase:6", Some(BugClass::MissedTriangle)),
    ("no_vertices", Some(BugClass::IgnoresVertices)),
    ("nan_at_t0", Some(BugClass::NonFiniteResult)),
    ("inverted_padding", Some(BugClass::ReversedPushBack)),
    ("scale:0.5", None),
];

/// Bugs added since the figures below were first measured, each with the class that names it,
/// the rule it needs to bite (`""`: none) and the share of the ports it can bite that it is
/// drawn for, in place of the bug drawn before. Not `moved_corner`: its ports keep a copy of
/// the level each, so a port with one rule left out walks a level of its own and the truth of
/// what each rule does is not defined for it (it has a test of its own).
const LATER_BUGS: [(&str, Option<BugClass>, &str, f64); 3] = [
    (
        "unnormalised_crease",
        Some(BugClass::ShortenedCrease),
        "linahan_projection",
        0.5,
    ),
    ("no_faces", Some(BugClass::IgnoresFaces), "", 0.15),
    ("point_at_end", Some(BugClass::PointAtMotionEnd), "", 0.15),
];

/// Ports drawn, and the seed they are drawn from (`SLIDESCOPE_ZOO_PORTS` and
/// `SLIDESCOPE_ZOO_SEED` draw others, to try the why on combinations it was not tuned on).
const PORTS: u64 = 24;
const SEED: u64 = 2026;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[derive(serde::Deserialize)]
struct Truth {
    rules: Vec<Switch>,
    bites: Vec<(Switch, u64)>,
    bites_unmasked: Vec<(Switch, u64)>,
    bites_alone: Vec<(Switch, u64)>,
    first_bug_move: Option<u64>,
    moves: u64,
}

/// Walks the zoo's port with `rules` and `bug` (5 walkers, 6 s, seeded by `seed`), recording
/// to `file` and its truth to `truth`.
fn walk(rules: &str, bug: &str, seed: u64, file: &Path, truth: &Path) {
    let truth = truth.to_string_lossy();
    port_zoo((rules, bug), (5, 6, seed), &["--truth", &truth], file);
}

/// SplitMix64, for drawing the ports.
fn draw(state: &mut u64) -> f64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
}

#[test]
fn random_ports_have_their_rules_found_and_their_bugs_named_where_they_first_bite() {
    let dir = temp_dir("port_zoo");
    let mut state = env_or("SLIDESCOPE_ZOO_SEED", SEED);
    // Each later rule and bug draws from a stream of its own.
    let mut later: Vec<u64> = (0..LATER_RULES.len() as u64)
        .map(|i| state ^ (0x5555_5555 + i * 0x1111_1111))
        .collect();
    let mut later_bugs: Vec<u64> = (0..LATER_BUGS.len() as u64)
        .map(|i| state ^ (0x3333_3333 + i * 0x1111_1111))
        .collect();
    let (mut tp, mut fp, mut fneg) = (0u32, 0u32, 0u32);
    // Recall over the rules whose leaving out alone changes the port's moves, those that
    // only stop another rule that does nothing beside them included.
    let (mut tp_alone, mut fn_alone) = (0u32, 0u32);
    let (mut named, mut bugs, mut unnamed) = (0u32, 0u32, Vec::new());
    let mut by_symptom = 0u32;
    let mut wrong_ports: Vec<(u64, BTreeMap<BugClass, usize>)> = Vec::new();
    let mut bug_moves = 0usize;
    let (mut masked_missed, mut masked_total, mut untold) = (0u32, 0u32, 0u32);
    let mut lines = Vec::new();
    for k in 0..env_or("SLIDESCOPE_ZOO_PORTS", PORTS) {
        let mut rules: Vec<&str> = RULES
            .iter()
            .copied()
            .filter(|_| draw(&mut state) < 0.4)
            .collect();
        for (rule, stream) in LATER_RULES.iter().zip(&mut later) {
            if draw(stream) < 0.4 {
                rules.push(rule);
            }
        }
        if let Some(first) = rules.iter().copied().find(|r| PROJECTIONS.contains(r)) {
            rules.retain(|r| *r == first || !PROJECTIONS.contains(r));
        }
        let (mut bug, mut class) = BUGS[(draw(&mut state) * BUGS.len() as f64) as usize];
        // A later bug replaces the drawn one on its share of the ports it can bite.
        for (&(later_bug, c, needs, share), stream) in LATER_BUGS.iter().zip(&mut later_bugs) {
            if draw(stream) < share && (needs.is_empty() || rules.contains(&needs)) {
                (bug, class) = (later_bug, c);
            }
        }
        let (file, truth) = (
            dir.join(format!("{k}.slidelog")),
            dir.join(format!("{k}.json")),
        );
        walk(&rules.join(","), bug, k, &file, &truth);
        let truth: Truth = serde_json::from_slice(&std::fs::read(&truth).unwrap()).unwrap();
        // The profile: what `--conventions detected` assumes once it has refined it (and
        // the plain check's findings are named by).
        let (report, profile) = check_file_both(&file, &CheckOptions::default()).unwrap();
        let detected: BTreeSet<Switch> = (profile.explanation.conventions_assumed.iter())
            .flat_map(|d| d.iter().copied())
            .collect();
        // A rule that changes under 1 % of the moves is not asked of the detection.
        let over_1_percent = |bites: &[(Switch, u64)]| -> BTreeSet<Switch> {
            (bites.iter())
                .filter(|(_, n)| n * 100 >= truth.moves)
                .map(|(r, _)| *r)
                .collect()
        };
        let biting = over_1_percent(&truth.bites);
        let unmasked = over_1_percent(&truth.bites_unmasked);
        let has: BTreeSet<Switch> = truth.rules.iter().copied().collect();
        // Each switch reported has its own evidence: more moves agree with it than without.
        if let Some(d) = &profile.explanation.conventions_detected {
            assert_eq!(d.evidence.len(), d.switches.len(), "port {k}");
            for (switch, w) in &d.evidence {
                assert!(w.explains > w.breaks, "port {k}: {switch:?} {w:?}");
            }
        }
        // A switch held with a rival the file does not tell it from stands for either.
        let ties: Vec<[Switch; 2]> = (profile.explanation.conventions_detected.iter())
            .flat_map(|d| d.indistinct.iter().copied())
            .collect();
        let stands_for = |held: Switch, rule: Switch| held == rule || ties.contains(&[held, rule]);
        let found = |rule: &Switch| detected.iter().any(|&d| stands_for(d, *rule));
        let right = |held: &Switch| has.iter().any(|&r| stands_for(*held, r));
        tp += biting.iter().filter(|r| found(r)).count() as u32;
        fp += detected.iter().filter(|d| !right(d)).count() as u32;
        fneg += biting.iter().filter(|r| !found(r)).count() as u32;
        let alone = over_1_percent(&truth.bites_alone);
        tp_alone += alone.iter().filter(|r| found(r)).count() as u32;
        fn_alone += alone.iter().filter(|r| !found(r)).count() as u32;
        untold += (ties.iter())
            .filter(|[h, r]| !has.contains(h) && has.contains(r))
            .count() as u32;
        masked_missed += unmasked.iter().filter(|r| !found(r)).count() as u32;
        masked_total += unmasked.len() as u32;
        let is_bug = |f: &&FlaggedMove| matches!(f.why, Some(Why::Bug { .. }));
        bug_moves += report.flagged.iter().filter(is_bug).count();
        let wrong = wrong_causes(&report, class, truth.first_bug_move);
        if !wrong.is_empty() {
            wrong_ports.push((k, wrong));
        }
        let why = truth.first_bug_move.and_then(|i| {
            let f = report.flagged.iter().find(|f| f.index == i)?;
            Some((f.why.clone(), f.parting.clone()))
        });
        if bug.starts_with("scale") && truth.first_bug_move.is_some() {
            // Measured as a rule of the whole file too: every free move at half the velocity.
            let m = report
                .explanation
                .measured_scale
                .expect("the scale measured");
            assert!((m.scale - 0.5).abs() < 1e-3, "{m:?}");
        }
        if truth.first_bug_move.is_some() {
            bugs += 1;
            let first = truth.first_bug_move.unwrap_or_default();
            // A file whose contacts never name a triangle (a port whose walkers never touch
            // one before the bug) cannot show a triangle its detection never reported: what
            // the game did then is the class.
            let names = report.explanation.file_facts.names_triangles;
            let shown = |c: BugClass| match c {
                BugClass::EndedInsideLevel | BugClass::Tunnelled => !names,
                _ => false,
            };
            // An inverted padding is named by its cause where the reference re-solves the
            // port's own end under a set of at most three switches the search tries, or under
            // the file's favourite sets; with more of the rules the bug masks than that, and
            // some left out of the profile, the reference ends elsewhere and the end inside
            // the level it leads to is named.
            let masked = unmasked.iter().any(|r| !found(r));
            let symptom = |c: BugClass| c == BugClass::EndedInsideLevel && masked;
            let ok = match (&why, class) {
                (Some((Some(Why::Bug { class: c, .. }), _)), Some(BugClass::MissedTriangle))
                    if shown(*c) =>
                {
                    true
                }
                (Some((Some(Why::Bug { class: c, .. }), _)), Some(BugClass::ReversedPushBack))
                    if symptom(*c) =>
                {
                    by_symptom += 1;
                    true
                }
                (Some((Some(Why::Bug { class: c, .. }), _)), Some(want)) => *c == want,
                // The scale measured and assumed (asserted above), the rest of the move the
                // port's own rules; or the move's stage names the scale.
                (Some((w, p)), None) => {
                    let rules = matches!(w, Some(Why::Convention { switches, .. })
                        if switches.iter().all(|s| has.contains(s)));
                    let half = |p: &slidescope::probe::explain::stage::Parting| {
                        p.scale.is_some_and(|s| (s - 0.5).abs() < 0.01)
                    };
                    rules || p.as_ref().is_some_and(half)
                }
                // The scale measured and assumed: the move agrees then, its reason the rule.
                (None, None) => report.agree_once_measured.contains(&first),
                _ => false,
            };
            named += u32::from(ok);
            if !ok {
                unnamed.push(k);
            }
        }
        lines.push(format!(
            "port {k}: rules {rules:?} bug {bug}: detected {detected:?}, biting {biting:?}; \
             what they do {unmasked:?}; untold {ties:?}; first bug move {:?}: {why:?}",
            truth.first_bug_move
        ));
    }
    let precision = f64::from(tp) / f64::from((tp + fp).max(1));
    let recall = f64::from(tp) / f64::from((tp + fneg).max(1));
    let unmasked_recall = 1.0 - f64::from(masked_missed) / f64::from(masked_total.max(1));
    let recall_alone = f64::from(tp_alone) / f64::from((tp_alone + fn_alone).max(1));
    let report = format!(
        "precision {precision:.3} recall {recall:.3} (tp {tp} fp {fp} fn {fneg}; {untold} found as the \
         rival of the switch held, which the file does not tell apart; {recall_alone:.3} \
         over the rules whose leaving out alone changes the moves, {fn_alone} missed, those \
         that only stop another rule doing nothing beside them included); recall over \
         what the rules do with the bug left out {unmasked_recall:.3} ({masked_missed} of \
         {masked_total} missed); bugs named {named} of {bugs}, {by_symptom} of them by the \
         symptom their masked rules leave (not: ports {unnamed:?}); of {bug_moves} moves named \
         a bug, those named one the port lacks (port, classes): {wrong_ports:?}\n{}",
        lines.join("\n")
    );
    eprintln!("{report}");
    // Measured on these 24 ports (2026-12-05, evening: 16 rules with the step back; the
    // crease, no faces and the point at the motion's end drawn): precision 1.000 (none
    // reported that a port lacks), recall 0.977 (one missed: a dead zone beside missing
    // faces), every bug named (18 of 18). Before the last two bugs were drawn: 1.000, 1.000,
    // 17 of 17. On 60 ports of seed 11 (these asserts are for the 24; docs/measurements.md
    // keeps the draws): precision 0.990, recall 0.927, bugs named 46 of 49.
    assert_eq!(fp, 0, "a rule reported that the port lacks: {report}");
    assert!(recall >= 0.95, "{report}");
    assert_eq!(named, bugs, "{report}");
}

/// The flagged moves `report` names a bug the port lacks, by class: a cause other than its
/// bug's `class` (not a symptom: an end inside the level, a tunnel, a gain of speed, …, which
/// its bug may lead to), or any bug before its bug first bites (`first`; `None`: its bug never
/// changes a move, and every bug named is one it lacks).
fn wrong_causes(
    report: &slidescope::probe::probe_file_check::CheckReport,
    class: Option<BugClass>,
    first: Option<u64>,
) -> BTreeMap<BugClass, usize> {
    let symptom = |c: BugClass| {
        use BugClass::*;
        matches!(
            c,
            EndedInsideLevel | Tunnelled | StartedInsideLevel | GainedSpeed | IterationsExhausted
        )
    };
    let mut out = BTreeMap::new();
    for f in &report.flagged {
        let Some(Why::Bug { class: c, .. }) = &f.why else {
            continue;
        };
        let before = first.is_none_or(|i| f.index < i);
        if before || (!symptom(*c) && Some(*c) != class) {
            *out.entry(*c).or_default() += 1;
        }
    }
    out
}

/// A rule one move bears out is a coincidence, not the port's: on this drawn port (seed 2026's
/// 24th) the broad phase misses a slope under a walker whose free move is shorter than its
/// padding, so it stays put, as padding along the velocity would have it on that one move.
/// The profile holds the port's two rules that show and not that one.
#[test]
fn a_rule_one_move_bears_out_is_not_reported() {
    let dir = temp_dir("port_zoo_one_move");
    let (file, truth) = (dir.join("24.slidelog"), dir.join("24.json"));
    let rules = "dead_zone,ignores_leaving,roots_after_start_only,contact_point_projection,\
                 pads_free_moves,skin_in_metres";
    walk(rules, "broad_phase:6", 24, &file, &truth);
    let profile = check_file_with_detected(&file, &CheckOptions::default()).unwrap();
    let held = profile.explanation.conventions_assumed.unwrap();
    let named = |n: &str| Switch::named(n).unwrap();
    assert_eq!(held, [named("pads_free_moves"), named("skin_in_metres")]);
}

/// An inverted padding where a clear iteration follows the last contact (Linahan's projection
/// slides on along the plane): the end is not inside the level, yet it is the reference's with
/// its last push-back reversed. Under the port's profile every move judged on its own is that
/// bug (seed 5's 33rd port: 641 of them were unexplained while the class was "ended inside").
#[test]
fn an_inverted_padding_is_named_where_the_mover_slides_on() {
    let dir = temp_dir("port_zoo_inverted");
    let (file, truth) = (dir.join("33.slidelog"), dir.join("33.json"));
    let rules = "padding_along_velocity,ignores_leaving,roots_after_start_only,\
                 linahan_projection,pads_free_moves,skin_in_metres";
    walk(rules, "inverted_padding", 33, &file, &truth);
    let report = check_file_with_detected(&file, &CheckOptions::default()).unwrap();
    let j = report.explanation.judged;
    assert!(j.on_their_own > 1000, "{j:?}");
    assert_eq!(j.explained, j.on_their_own, "{j:?}");
    let bug = |f: &&FlaggedMove| {
        matches!(
            f.why,
            Some(Why::Bug {
                class: BugClass::ReversedPushBack,
                ..
            })
        )
    };
    let named = report.flagged.iter().filter(bug).count() as u64;
    assert_eq!(named, j.on_their_own, "{j:?}");
}

/// A crease left unnormalised whose first bite needs four of the port's rules to re-solve,
/// before the file's favourite sets hold them together: the search leaves the move
/// unexplained, and the re-check under the profile the whole file weighed names the bug
/// (seed 77's 42nd port, unexplained at its first bug move, 1012, before).
#[test]
fn a_crease_bug_whose_move_needs_four_rules_is_named_where_it_first_bites() {
    let dir = temp_dir("port_zoo_crease_four");
    let (file, truth) = (dir.join("42.slidelog"), dir.join("42.json"));
    let rules =
        "padding_along_velocity,dead_zone,linahan_projection,skin_in_metres,normal_from_start";
    walk(rules, "unnormalised_crease", 42, &file, &truth);
    let truth: Truth = serde_json::from_slice(&std::fs::read(&truth).unwrap()).unwrap();
    let first = truth.first_bug_move.expect("the crease bites");
    let report = check_file_profiled(&file, &CheckOptions::default()).unwrap();
    let f = (report.flagged.iter().find(|f| f.index == first)).expect("its first bite is flagged");
    assert!(
        matches!(
            f.why,
            Some(Why::Bug {
                class: BugClass::ShortenedCrease,
                ..
            })
        ),
        "move {first}: {:?}",
        f.why
    );
}

/// A port of four rules whose walkers meet creases late in the file: moves that need all four
/// to re-solve (more than a set of the search holds) are named by the port's rules together,
/// once the file's favourite groups have shown them; before (a hint fixed after 1,024 moves,
/// with no group of pairs or triples yet), 302 of its 12,868 flagged moves were unexplained.
#[test]
fn a_move_that_needs_all_of_a_ports_rules_is_named_by_them() {
    let file = temp_dir("port_zoo_four_rules").join("four.slidelog");
    let rules = "padding_along_velocity,dead_zone,linahan_projection,skin_in_metres";
    port_zoo((rules, "none"), (8, 20, 9), &[], &file);
    let report = check_file_profiled(&file, &CheckOptions::default()).unwrap();
    let j = report.explanation.judged;
    assert!(j.on_their_own > 12_000, "{j:?}");
    assert_eq!(j.explained, j.on_their_own, "{j:?}");
    let four = |f: &FlaggedMove| matches!(&f.why, Some(Why::Convention { switches, .. }) if switches.len() == 4);
    assert!(
        report.flagged.iter().any(four),
        "no move named by all four rules"
    );
    let detected = report.explanation.conventions_detected.unwrap();
    let want: Vec<Switch> = rules
        .split(',')
        .map(|r| Switch::named(r).unwrap())
        .collect();
    let mut held = detected.switches.clone();
    held.sort();
    let mut want_sorted = want.clone();
    want_sorted.sort();
    assert_eq!(held, want_sorted);
}

/// A rule the moves vote for may pay only in the place of one the early moves held, or beside
/// one that no move needed before it. Seed 5's 33rd port of the crease's draws (Linahan's
/// projection, padding along the velocity, padded free moves, the skin in metres): the early
/// moves voted for a step back of one unit, which re-solves most of both rules' moves, and
/// beside it Linahan's broke more than it mended (505 moves flagged against 34). Seed 2026's
/// 25th: Linahan's and the padding pay only beside the port's missing impulse filter. Each
/// profile is now the port's, and the plain check names every flagged move by it: before,
/// 596 moves of the first fitted only the step back, and 135 of the second were "contact at
/// the exit root", which the port's code does not have and its profile re-solves.
#[test]
fn a_rule_that_pays_only_in_anothers_place_or_beside_a_third_is_found() {
    let dir = temp_dir("port_zoo_displaced");
    let named = |rules: &str| -> Vec<Switch> {
        let mut v: Vec<Switch> = (rules.split(','))
            .map(|r| Switch::named(r).unwrap())
            .collect();
        v.sort();
        v
    };
    let ports = [
        (
            "padding_along_velocity,ignores_leaving,roots_after_start_only,linahan_projection,\
             pads_free_moves,skin_in_metres",
            33,
            "padding_along_velocity,linahan_projection,pads_free_moves,skin_in_metres",
        ),
        (
            "padding_along_velocity,no_impulse_filter,linahan_projection,skin_in_metres,\
             world_response",
            25,
            "padding_along_velocity,no_impulse_filter,linahan_projection,skin_in_metres",
        ),
    ];
    for (rules, seed, shown) in ports {
        let (file, truth) = (dir.join(format!("{seed}.slidelog")), dir.join("t.json"));
        walk(rules, "unnormalised_crease", seed, &file, &truth);
        let (report, profile) = check_file_both(&file, &CheckOptions::default()).unwrap();
        let mut held = profile.explanation.conventions_assumed.clone().unwrap();
        held.sort();
        assert_eq!(held, named(shown), "port {seed}");
        let j = report.explanation.judged;
        assert_eq!(j.explained, j.on_their_own, "port {seed}: {j:?}");
        let other_bug = |f: &&FlaggedMove| matches!(f.why, Some(Why::Bug { class, .. }) if class != BugClass::ShortenedCrease);
        assert_eq!(
            report.flagged.iter().filter(other_bug).count(),
            0,
            "port {seed}"
        );
    }
}

/// The zoo's ground truth: a rule whose only effect is to stop another, which does nothing
/// beside it, leaves a file no different from a port with neither, and does not show.
/// Linahan's projection places the centre in eSpace whatever the response's space, so beside
/// it a response in world space moves nothing; without it, the response moves the walkers.
#[test]
fn a_rule_that_only_stops_another_does_not_show() {
    let dir = temp_dir("port_zoo_stops_another");
    let (file, truth) = (dir.join("40.slidelog"), dir.join("40.json"));
    walk(
        "linahan_projection,world_response",
        "none",
        40,
        &file,
        &truth,
    );
    let truth: Truth = serde_json::from_slice(&std::fs::read(&truth).unwrap()).unwrap();
    let linahan = Switch::named("linahan_projection").unwrap();
    let of = |bites: &[(Switch, u64)]| bites.iter().find(|(s, _)| *s == linahan).unwrap().1;
    assert!(
        of(&truth.bites_alone) * 100 > 5 * truth.moves,
        "{:?}",
        truth.bites_alone
    );
    assert!(of(&truth.bites) * 100 < truth.moves, "{:?}", truth.bites);
    // What the file shows: the reference agrees with it on all but a few moves.
    let report = check_file_profiled(&file, &CheckOptions::default()).unwrap();
    assert!(
        report.counts.diverging * 100 < truth.moves,
        "{:?}",
        report.counts
    );
}

/// A sliver the port meets anywhere in its plane (`sliver_wall`: Dark Basic Pro's sign-bit
/// point-in-triangle test on lavaducts' slivers, a triangle of almost no area added above the
/// three.js world, its plane through the middle): the move where it first bites is named off
/// its triangle, in the plain check and under the profile, and no move before it is.
#[test]
fn a_sliver_met_anywhere_in_its_plane_is_named_off_its_triangle_where_it_first_bites() {
    // Seeds whose walkers cross the plane within 10 s (8 walkers).
    let ports = [
        ("", 41),
        ("padding_along_velocity,short_leftover_dropped", 42),
        ("linahan_projection,no_impulse_filter", 44),
    ];
    first_bites(
        ("sliver_wall", BugClass::OffTriangle, 10),
        &ports,
        |_, _, _| {},
    );
}

/// Walks a port with `bug` (named `class`) for `seconds` with 8 walkers, on each of `ports`
/// (rules, seed), and checks both reports (the plain check and the profile's re-check): the
/// move where the zoo's truth says the bug first bites is named `class`, and no move before
/// it is; `more` checks what else the test asks of each report (rules, report, first move).
fn first_bites(
    (bug, class, seconds): (&str, BugClass, u32),
    ports: &[(&str, u64)],
    more: impl Fn(&str, &slidescope::probe::probe_file_check::CheckReport, u64),
) {
    let dir = temp_dir(&format!("port_zoo_{bug}"));
    let named = |f: &&FlaggedMove| matches!(f.why, Some(Why::Bug { class: c, .. }) if c == class);
    for &(rules, seed) in ports {
        let (file, truth) = (
            dir.join(format!("{seed}.slidelog")),
            dir.join(format!("{seed}.json")),
        );
        let at = truth.to_string_lossy();
        port_zoo((rules, bug), (8, seconds, seed), &["--truth", &at], &file);
        let truth: Truth = serde_json::from_slice(&std::fs::read(&truth).unwrap()).unwrap();
        let first = truth.first_bug_move.expect("the bug bites");
        let (report, profile) = check_file_both(&file, &CheckOptions::default()).unwrap();
        for r in [&report, &profile] {
            let f = r.flagged.iter().find(|f| f.index == first);
            assert!(f.is_some_and(|f| named(&f)), "{rules}: move {first}: {f:?}");
            assert!(r.flagged.iter().filter(named).all(|f| f.index >= first));
            more(rules, r, first);
        }
    }
}

/// Whether `f` is named a bug, and which.
fn bug_of(f: &FlaggedMove) -> Option<BugClass> {
    match f.why {
        Some(Why::Bug { class, .. }) => Some(class),
        _ => None,
    }
}

/// A port without the face slab (`no_faces`: jesters-bakery's face test is commented out)
/// whose other rules shape the same moves (padding along the velocity, the slide from the
/// contact point, as that port has): neither the rules alone nor the missing faces alone
/// re-solve most of the moves the bug bites. Every bug named is it, under the rules the file
/// showed, the first where the zoo says it first bites; nothing is left unexplained, at least
/// 90 % is explained, and the padding is in the profile.
#[test]
fn a_port_without_faces_has_its_moves_named_by_it_beside_its_other_rules() {
    let dir = temp_dir("port_zoo_no_faces");
    let rules = "padding_along_velocity,contact_point_projection";
    let (file, truth) = (dir.join("p.slidelog"), dir.join("p.json"));
    let at = truth.to_string_lossy();
    port_zoo((rules, "no_faces"), (8, 8, 7), &["--truth", &at], &file);
    let truth: Truth = serde_json::from_slice(&std::fs::read(&truth).unwrap()).unwrap();
    let first = truth.first_bug_move.expect("the walkers meet faces");
    let report = check_file_profiled(&file, &CheckOptions::default()).unwrap();
    let e = &report.explanation;
    let no_faces = |f: &&FlaggedMove| {
        matches!(
            f.why,
            Some(Why::Bug {
                class: BugClass::IgnoresFaces,
                ..
            })
        )
    };
    let named = report.flagged.iter().filter(no_faces).count() as u64;
    let summary = format!("{:?}, {named} named no faces", e.judged);
    assert_eq!(e.judged.unexplained, 0, "{summary}");
    assert_eq!(
        named, e.judged.bugs,
        "every bug named is this one: {summary}"
    );
    assert!(
        e.judged.explained * 10 >= e.judged.on_their_own * 9,
        "{summary}"
    );
    let f = report.flagged.iter().find(|f| f.index == first);
    assert!(f.is_some_and(|f| no_faces(&f)), "move {first}: {f:?}");
    let detected = e.conventions_detected.as_ref().map(|d| d.switches.clone());
    let held = detected.unwrap_or_default();
    assert!(
        held.iter().any(|s| s.name() == "padding_along_velocity"),
        "{held:?}"
    );
}

/// A port that moves the corners it meets in its own copy of the level (`moved_corner`:
/// jesters-bakery's padding moves its cached corner in place): the move where it first bites
/// is named by it, in the plain check and under the profile, no move before it is, every bug
/// named is it, and nothing is left unexplained.
#[test]
fn a_corner_the_port_moved_in_its_copy_of_the_level_is_named_where_it_first_bites() {
    // Seeds whose walkers meet a moved corner within 8 s (8 walkers).
    let ports = [
        ("", 1),
        ("linahan_projection,no_impulse_filter", 2),
        ("padding_along_velocity,contact_point_projection", 5),
    ];
    first_bites(
        ("moved_corner", BugClass::MovedCorner, 8),
        &ports,
        |rules, r, _| {
            let wrong: Vec<_> = (r.flagged.iter())
                .filter(|f| bug_of(f).is_some_and(|c| c != BugClass::MovedCorner))
                .collect();
            assert!(wrong.is_empty(), "{rules}: {wrong:?}");
            assert_eq!(r.explanation.judged.unexplained, 0, "{rules}");
        },
    );
}

/// A port whose face test takes the point the motion reaches at its end (`point_at_end`:
/// kouchkarting's `basePoint − normal + velocity`, the root left out): the move where it first
/// bites is named by it, in the plain check and under the profile, no move before it is, and
/// at least nine in ten of the moves named a bug are named by it (where an earlier iteration
/// already parted, the iteration's start is not the reference's, and the class cannot be
/// tested there), and at most one in a hundred is unexplained.
#[test]
fn a_face_point_taken_at_the_motions_end_is_named_where_it_first_bites() {
    let ports = [
        ("", 1),
        ("padding_along_velocity,short_leftover_dropped", 1),
        ("linahan_projection,no_impulse_filter", 1),
    ];
    first_bites(
        ("point_at_end", BugClass::PointAtMotionEnd, 8),
        &ports,
        |rules, r, _| {
            let bugs: Vec<BugClass> = r.flagged.iter().filter_map(bug_of).collect();
            let named = bugs
                .iter()
                .filter(|c| **c == BugClass::PointAtMotionEnd)
                .count();
            assert!(
                named * 10 >= bugs.len() * 9,
                "{rules}: {named} of {}",
                bugs.len()
            );
            // A later iteration's face contact is tested too (43 of Linahan's 2,225 moves
            // were unexplained while only the first was).
            let j = r.explanation.judged;
            assert!(j.unexplained * 100 <= j.on_their_own, "{rules}: {j:?}");
        },
    );
}
