//! Teaching mode: every lesson file of `assets/lessons/` loads and its scene replays;
//! no check fires on the opening view; every "try this" check and every quiz answer fires on a
//! scripted interaction driven through the lesson model and the sim (no window); broken lesson
//! files are one-line errors.

use std::path::Path;

use glam::Vec3;
use slidescope::collision::{CaseKind, Trace};
use slidescope::lessons::walk::touched_nodes;
use slidescope::lessons::{
    Catalog, Check, LESSONS_DIR, Lesson, LessonState, Observation, QuizStatus, SolverKind,
};
use slidescope::level::scenario::run_file;
use slidescope::sim::{PlayerInput, PlayerParams, Recording, Sim, TimelineCommand};
use slidescope::view::{OpenedScenario, load_scenario};

/// The guided path has these 12 lessons, and the plane solver lesson.
const LESSON_COUNT: usize = 13;

struct Opened {
    state: LessonState,
    scene: OpenedScenario,
}

fn open_all() -> Vec<Opened> {
    let catalog = Catalog::read(Path::new(LESSONS_DIR));
    assert!(catalog.error.is_none(), "{:?}", catalog.error);
    assert_eq!(catalog.entries.len(), LESSON_COUNT);
    catalog
        .entries
        .into_iter()
        .map(|e| {
            let lesson = e
                .lesson
                .unwrap_or_else(|err| panic!("{} does not load: {err}", e.path.display()));
            let scene = load_scenario(&lesson.scenario_path(&e.path))
                .unwrap_or_else(|err| panic!("{}: scene: {err}", e.path.display()));
            let state = LessonState::new(&e.path, lesson, scene.record.trace.clone())
                .unwrap_or_else(|err| panic!("{err}"));
            Opened { state, scene }
        })
        .collect()
}

/// The sim the app holds after opening the lesson: the scene's call as frame 0, the cursor at
/// the lesson's opening iteration.
fn lesson_sim(o: &Opened) -> Sim {
    let mut sim = Sim::new(Vec3::ZERO, PlayerParams::default(), Default::default());
    sim.open_recording(Recording::new("lesson", vec![o.scene.record.clone()]));
    let it = o.state.open_iteration();
    if it > 0 {
        sim.command(TimelineCommand::StepIteration(it as i32));
    }
    sim
}

/// What the app observes right after opening the lesson (its view settings applied).
fn opening(o: &Opened, sim: &Sim) -> Observation {
    let v = &o.state.lesson.view;
    Observation {
        blend: v.blend,
        solve: v.solve.unwrap_or_default(),
        draw: v.draw.unwrap_or_default(),
        cursor: sim.cursor(),
        walking: !sim.is_paused(),
        triangle: o.state.open_triangle(),
        minkowski: v.minkowski,
        solver: None,
        response: Default::default(),
        touched: Default::default(),
    }
}

/// Does what `check` asks the way a student would: switches, the slider, the timeline keys
/// (through the sim's timeline), walking (through the sim, on the scene's level).
fn interact(check: &Check, o: &Opened, sim: &mut Sim, obs: &mut Observation) {
    let scene: &Trace = o.state.scene();
    match check {
        Check::CaseToggledOff(k) => obs.solve = obs.solve.with(*k, false),
        Check::CaseHidden(k) => obs.draw = obs.draw.with(*k, false),
        Check::BlendAtLeast(_) => obs.blend = 1.0, // the "eSpace" button
        Check::BlendAtMost(_) => obs.blend = 0.0,  // the "World" button
        Check::IterationSelected(r) => {
            let target = r.resolve(scene).expect("validated");
            sim.command(TimelineCommand::Pause);
            sim.command(TimelineCommand::Home);
            for _ in 0..target {
                sim.command(TimelineCommand::StepIteration(1)); // the ] key
            }
            obs.cursor = sim.cursor();
            obs.walking = !sim.is_paused();
        }
        Check::TriangleSelected(r) => obs.triangle = r.resolve(scene),
        Check::MinkowskiShown(on) => obs.minkowski = *on,
        Check::SolverPicked(s) => obs.solver = Some(*s),
        Check::ResponsePicked(r) => obs.response = *r, // the Debugger's slide rule radio
        Check::Walking(_) => {
            sim.command(TimelineCommand::ResumeFromCursor); // the R key
            obs.walking = !sim.is_paused();
        }
        Check::WalkedInto(_) => {
            if sim.is_paused() {
                sim.command(TimelineCommand::ResumeFromCursor);
            }
            // Walk for 1.5 s along the scene's motion (towards the station it shows).
            let v = o.scene.record.call.requested_move;
            let yaw = (-v.x).atan2(-v.z);
            let input = PlayerInput {
                forward: 1.0,
                yaw_rad: yaw,
                ..Default::default()
            };
            for _ in 0..90 {
                sim.step(&o.scene.world.collision, &input);
            }
            obs.walking = !sim.is_paused();
            obs.touched = touched_nodes(sim.history().iter(), |t| o.scene.world.triangle_source(t));
        }
        Check::AllOf(all) => {
            for c in all {
                interact(c, o, sim, obs);
            }
        }
    }
}

#[test]
fn every_lesson_file_loads_and_its_scene_replays_like_slidescope_run() {
    for o in open_all() {
        let path = o.state.lesson.scenario_path(&o.state.path);
        let (_, replay) = run_file(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(replay.passed(), "{}: {:?}", path.display(), replay.failures);
        assert_eq!(
            o.scene.record.trace,
            replay.trace,
            "{}: the debugger's scene differs from `slidescope run`",
            path.display()
        );
        assert!(!o.scene.record.trace.iterations.is_empty());
        assert!(
            o.state.lesson.prompts.len() >= 2,
            "{}",
            o.state.path.display()
        );
    }
}

#[test]
fn no_check_fires_on_the_opening_view() {
    for o in open_all() {
        let sim = lesson_sim(&o);
        let mut state = o.state.clone();
        let fired = state.observe(&opening(&o, &sim));
        assert!(
            fired.is_empty(),
            "{}: prompts {fired:?} fire before the student did anything",
            o.state.path.display()
        );
        assert_eq!(state.quiz(), QuizStatus::Open, "{}", o.state.path.display());
    }
}

#[test]
fn every_try_this_check_fires_on_its_scripted_interaction() {
    for o in open_all() {
        for (i, p) in o.state.lesson.prompts.iter().enumerate() {
            let mut sim = lesson_sim(&o);
            let mut state = o.state.clone();
            let mut obs = opening(&o, &sim);
            state.observe(&obs);
            interact(&p.check, &o, &mut sim, &mut obs);
            let fired = state.observe(&obs);
            assert!(
                fired.contains(&i),
                "{} prompt {i} ({:?}) did not fire; observation {obs:?}",
                o.state.path.display(),
                p.check
            );
            assert!(state.done()[i]);
        }
    }
}

#[test]
fn every_quiz_is_answered_by_its_scripted_interaction_after_the_prompts() {
    for o in open_all() {
        let mut sim = lesson_sim(&o);
        let mut state = o.state.clone();
        let mut obs = opening(&o, &sim);
        state.observe(&obs);
        for p in &o.state.lesson.prompts {
            interact(&p.check, &o, &mut sim, &mut obs);
            state.observe(&obs);
        }
        assert!(
            state.done().iter().all(|d| *d),
            "{}",
            o.state.path.display()
        );
        interact(&o.state.lesson.quiz.answer, &o, &mut sim, &mut obs);
        state.observe(&obs);
        assert_eq!(
            state.quiz(),
            QuizStatus::Correct,
            "{}: {obs:?}",
            o.state.path.display()
        );
        assert!(state.complete());
    }
}

#[test]
fn a_wrong_quiz_answer_gives_the_hint_and_the_right_one_still_counts() {
    let all = open_all();
    let o = all
        .iter()
        .find(|o| o.state.lesson.quiz.answer == Check::SolverPicked(SolverKind::GradientNormal))
        .expect("the solvers lesson asks for the late solver");
    let sim = lesson_sim(o);
    let mut state = o.state.clone();
    let mut obs = opening(o, &sim);
    state.observe(&obs);
    obs.solver = Some(SolverKind::Decomposed);
    state.observe(&obs);
    assert_eq!(state.quiz(), QuizStatus::Wrong);
    obs.solver = Some(SolverKind::GradientNormal);
    state.observe(&obs);
    assert_eq!(state.quiz(), QuizStatus::Correct);
    obs.solver = None;
    state.observe(&obs);
    assert_eq!(state.quiz(), QuizStatus::Correct, "answered stays answered");
}

#[test]
fn the_solver_lesson_scene_shows_the_gradient_normal_late() {
    let all = open_all();
    let o = all
        .iter()
        .find(|o| o.state.lesson.quiz.answer == Check::SolverPicked(SolverKind::GradientNormal))
        .unwrap();
    let rec = &o.scene.record;
    let e = rec.call.ellipsoid.unwrap();
    let (answers, _) = slidescope::lessons::compare_solvers(
        &o.scene.world.collision,
        e.radii,
        e.axes,
        &rec.trace.iterations[0],
    )
    .unwrap();
    let t = |k: SolverKind| {
        answers
            .iter()
            .find(|a| a.kind == k)
            .and_then(|a| a.hit)
            .map(|h| h.t())
            .unwrap()
    };
    // A rotated ellipsoid (seed 000's arbitrary axes): 40° about z.
    assert!(
        e.axes.x_axis.y > 0.6,
        "the scene's ellipsoid leans: {:?}",
        e.axes
    );
    let exact = t(SolverKind::Reference);
    assert!((exact - 0.5630).abs() < 1e-4, "{exact}");
    assert!((t(SolverKind::Decomposed) - exact).abs() < 1e-4);
    assert!((t(SolverKind::PlaneSpace) - exact).abs() < 1e-4);
    let late = t(SolverKind::GradientNormal) - exact;
    assert!(
        (late - 0.0117).abs() < 2e-4,
        "gradient normal late by {late}"
    );
}

#[test]
fn the_lift_lesson_opens_on_the_lift_and_walking_on_rides_it_up() {
    let all = open_all();
    let o = all
        .iter()
        .find(|o| o.scene.scenario.objects.len() == 1)
        .expect("a lesson scene with the lift's poses");
    let it = &o.scene.record.trace.iterations[0];
    assert_eq!(it.contacts.len(), 2, "both top triangles at once");
    assert!(it.contacts.iter().all(|c| c.source.object().is_some()));
    assert!(
        it.dynamic
            .iter()
            .any(|d| (d.adjustment.y - 0.05).abs() < 1e-4)
    );
    // Press R: the app rests the lift at the frame's poses and keeps its animation in phase
    // (the scene is frame 0 whatever time it was recorded at), then steps it with the player.
    let mut sim = lesson_sim(o);
    sim.command(TimelineCommand::ResumeFromCursor);
    let mut movers = o.scene.world.movers.clone();
    movers.rest_at_record(&o.scene.record);
    let lift_y = |m: &slidescope::sim::Movers| m.scene().objects()[0].current().translation.y;
    let (y0, lift0) = (sim.player().center.y, lift_y(&movers));
    for _ in 0..30 {
        movers.step(&mut sim, &o.scene.world.collision, &PlayerInput::default());
        let gap = sim.player().center.y - 0.9 - (lift_y(&movers) + 0.1);
        assert!(gap > -1e-3 && gap < 0.02, "rider off the car by {gap} m");
    }
    let (rise, lift_rise) = (sim.player().center.y - y0, lift_y(&movers) - lift0);
    assert!(lift_rise > 0.3, "the lift went on rising: {lift_rise}");
    assert!(
        (rise - lift_rise).abs() < 0.01,
        "rode {rise} m, lift {lift_rise} m"
    );
}

#[test]
fn the_tunnelling_lesson_static_test_misses_what_the_sweep_hits() {
    let all = open_all();
    let o = &all[0];
    let rec = &o.scene.record;
    let e = rec.call.ellipsoid.unwrap();
    let (answers, overlap_at_end) = slidescope::lessons::compare_solvers(
        &o.scene.world.collision,
        e.radii,
        e.axes,
        &rec.trace.iterations[0],
    )
    .unwrap();
    assert!(!overlap_at_end, "the discrete test at the end sees nothing");
    assert!(answers.iter().all(|a| a.hit.is_some()), "every sweep hits");
    // And switching the face case off is what the lesson's re-run shows tunnelling with.
    assert!(
        o.state
            .lesson
            .prompts
            .iter()
            .any(|p| p.check == Check::CaseToggledOff(CaseKind::Face))
    );
}

#[test]
fn broken_lesson_files_are_one_line_errors() {
    let dir = std::env::temp_dir().join(format!("slidescope-lessons-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = std::fs::read_to_string(format!("{LESSONS_DIR}/01-tunnelling.json")).unwrap();
    let cases = [
        ("garbage.json", "{ nope".to_string()),
        (
            "format.json",
            good.replace("slidescope-lesson", "something-else"),
        ),
        (
            "unknown_check.json",
            good.replace("\"solver_picked\"", "\"solver_pickd\""),
        ),
        ("no_prompts.json", {
            let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
            v["try"] = serde_json::json!([]);
            v.to_string()
        }),
    ];
    for (name, text) in &cases {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        let Err(e) = Lesson::read(&p) else {
            panic!("{name} must not load");
        };
        let msg = e.to_string();
        assert!(msg.contains(name) && !msg.contains('\n'), "{name}: {msg}");
    }
    // A check that can never fire in its scene is refused when the lesson opens.
    let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
    v["try"][0]["check"] = serde_json::json!({ "iteration_selected": 40 });
    let p = dir.join("iteration.json");
    std::fs::write(&p, v.to_string()).unwrap();
    let lesson = Lesson::read(&p).expect("parses");
    let scene = load_scenario(&Path::new(LESSONS_DIR).join(&lesson.scenario)).unwrap();
    let err = LessonState::new(&p, lesson, scene.record.trace).unwrap_err();
    assert!(err.to_string().contains("iteration"), "{err}");
    // A lesson whose scenario is missing: the scene does not load (an error, no panic).
    let missing = dir.join("scenes/none.json");
    assert!(load_scenario(&missing).is_err());
    // A folder with a broken file still lists the good ones.
    std::fs::write(
        dir.join("00-good.json"),
        good.replace("scenes/", "../../../work/nowhere/"),
    )
    .unwrap();
    let cat = Catalog::read(&dir);
    assert_eq!(cat.entries.len(), cases.len() + 2);
    assert!(cat.entries.iter().any(|e| e.lesson.is_ok()));
}

/// The plane solver lesson: the wedge that the seed's response bounces in for 30 iterations and
/// falls back from is solved by the plane solver in its first iteration (both simultaneous
/// contacts at once), which is what the lesson's text and quiz say.
#[test]
fn the_plane_solver_lesson_stops_the_wedge_in_one_iteration() {
    use slidescope::collision::{EndReason, Response};
    use slidescope::sim::{RerunEdits, rerun_frame};
    let opened = open_all();
    let o = opened
        .iter()
        .find(|o| o.state.lesson.title.starts_with("The plane solver"))
        .expect("the plane solver lesson");
    let recorded = &o.scene.record;
    assert_eq!(recorded.trace.end, EndReason::Fallback);
    assert_eq!(recorded.trace.iterations.len(), 30);
    // The floor and the ceiling's two triangles, at the same time.
    assert_eq!(recorded.trace.iterations[0].contacts.len(), 3);
    let edits = RerunEdits {
        response: Some(Response::Planes),
        ..Default::default()
    };
    let planes = rerun_frame(&o.scene.world.collision, recorded, &edits).unwrap();
    assert_eq!(planes.trace.end, EndReason::PlanesStop);
    assert_eq!(planes.trace.iterations.len(), 1);
    // It rests where the seed's fallback stops touching both planes, held a skin off each
    // (3.7 mm back along the wedge).
    let fallback = recorded.trace.fallback.as_ref().unwrap().position;
    let gap = (planes.result.position - fallback).length();
    assert!(gap < 5e-3, "{gap}");
}
