//! Moving geometry through the app's headless paths: the teaching level's lift
//! driven by the fixed step (`sim::Movers`, what the app and `slidescope screenshot` use),
//! recording a walk onto the lift and replaying it bit-identically with the object poses,
//! resuming from a cursor frame with the objects at its recorded poses, the paused view's
//! objects at the cursor, a frame on the rising lift exported as a scenario that replays
//! bit-identically and narrated with the lift's name and motion. (The lift in a screenshot:
//! `render_dynamic.rs`.)

use std::path::{Path, PathBuf};

use glam::Vec3;
use slidescope::collision::ObjectId;
use slidescope::level::scenario::{Scenario, pinned_level, run_file};
use slidescope::render::DebugScene;
use slidescope::scene::object_shapes::add_recorded_objects;
use slidescope::sim::{FrameRecord, PlayerInput, Sim, TimelineCommand, replay_frames_in};
use slidescope::view::World;

fn teaching_glb() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/teaching.glb")
}

fn teaching() -> World {
    World::load(&teaching_glb()).expect("teaching level loads")
}

fn lift_id(world: &World) -> ObjectId {
    world
        .movers
        .scene()
        .objects()
        .iter()
        .find(|o| o.name.contains("lift_car"))
        .expect("the teaching level has a lift")
        .id
}

/// Walks from the lift station's spawn onto the lift (towards its look point) and stands
/// there for `frames` frames in all. Returns the sim (its history holds every frame).
fn ride_the_lift(world: &mut World, frames: usize) -> Sim {
    let station = world
        .stations
        .iter()
        .find(|s| s.name == "lift")
        .expect("lift station")
        .clone();
    let mut sim = Sim::new(
        station.feet,
        Default::default(),
        slidescope::collision::SlideSettings::default(),
    );
    let lift = world.movers.scene().object(lift_id(world)).unwrap();
    let lift_center = lift.current().translation;
    let to_lift = lift_center - station.feet;
    let walk = PlayerInput {
        forward: 1.0,
        yaw_rad: (-to_lift.x).atan2(-to_lift.z),
        ..Default::default()
    };
    let stand = PlayerInput {
        forward: 0.0,
        ..walk
    };
    for _ in 0..frames {
        let p = sim.player().center;
        let flat = Vec3::new(lift_center.x - p.x, 0.0, lift_center.z - p.z);
        let input = if flat.length() > 0.3 { &walk } else { &stand };
        world.movers.step(&mut sim, &world.collision, input);
    }
    sim
}

fn frames(sim: &Sim) -> Vec<FrameRecord> {
    sim.history().iter().cloned().collect()
}

#[test]
fn walking_onto_the_teaching_lift_rides_it_to_the_landing() {
    let mut world = teaching();
    let lift = lift_id(&world);
    // The lift rests 1.5 s, rises 2.9 m until 4.5 s: 300 frames end on top.
    let sim = ride_the_lift(&mut world, 300);
    let p = sim.player();
    assert!(p.grounded, "{p:?}");
    assert_eq!(p.ground_object, Some(lift));
    let lift_top = world
        .movers
        .scene()
        .object(lift)
        .unwrap()
        .current()
        .translation
        .y
        + 0.1;
    assert!((lift_top - 3.0).abs() < 1e-3, "lift top {lift_top}");
    let feet = p.center.y - 0.9;
    assert!(
        (feet - lift_top).abs() < 0.01,
        "feet {feet} on the lift top {lift_top}"
    );
    let ridden = sim
        .history()
        .iter()
        .filter(|r| r.dynamics.platform.is_some())
        .count();
    assert!(ridden > 150, "rode {ridden} frames");
}

#[test]
fn replaying_a_walk_onto_the_lift_is_bit_identical_including_poses() {
    let mut world = teaching();
    let sim = ride_the_lift(&mut world, 240);
    let recorded = frames(&sim);
    assert!(
        recorded.iter().any(|r| r.dynamics.platform.is_some()),
        "rode the lift"
    );
    let replayed = replay_frames_in(
        &world.collision,
        Some(world.movers.scene()),
        &recorded,
        None,
    );
    assert_eq!(replayed.len(), recorded.len());
    for (a, b) in recorded.iter().zip(&replayed) {
        assert_eq!(a, b, "frame {}", a.frame);
        // Bit-identical, -0.0 and all.
        assert_eq!(
            serde_json::to_string(a).unwrap(),
            serde_json::to_string(b).unwrap(),
            "frame {}",
            a.frame
        );
    }
}

#[test]
fn resuming_from_a_cursor_frame_continues_from_its_recorded_poses() {
    let mut world = teaching();
    let mut sim = ride_the_lift(&mut world, 200);
    let original = frames(&sim);
    let k = 150u64;
    sim.command(TimelineCommand::Pause);
    sim.command(TimelineCommand::Seek(k));
    // Scrubbing: the paused view draws the objects at the cursor frame's recorded poses.
    let (rec, _) = sim.cursor_frame().unwrap();
    assert_eq!(rec.frame, k);
    assert!(
        rec.dynamics.objects.iter().any(|o| o.previous != o.current),
        "lift moving"
    );
    let mut scene = DebugScene::default();
    add_recorded_objects(&mut scene, &rec.dynamics.objects, true);
    for o in &rec.dynamics.objects {
        let drawn: Vec<_> = scene
            .objects
            .iter()
            .filter(|s| s.object == o.object.0)
            .collect();
        assert_eq!(drawn[0].pose, o.current);
        assert_eq!(drawn[0].alpha, 1.0);
        if o.previous != o.current {
            assert_eq!(drawn[1].pose, o.previous);
            assert!(drawn[1].alpha < 1.0);
        }
    }
    // Resume from the cursor (the app rests the objects at the last kept frame).
    sim.command(TimelineCommand::ResumeFromCursor);
    let last = sim.history().last().unwrap().clone();
    assert_eq!(last.frame, k);
    world.movers.rest_at_record(&last);
    for (o, r) in world
        .movers
        .scene()
        .objects()
        .iter()
        .zip(&last.dynamics.objects)
    {
        assert_eq!(o.current(), r.current);
        assert_eq!(o.previous(), o.current(), "settled: no phantom motion");
    }
    // Walking on with the same inputs reproduces the original frames after k bit for bit.
    for orig in &original[k as usize + 1..] {
        world.movers.step(&mut sim, &world.collision, &orig.input);
        let again = sim.history().last().unwrap();
        assert_eq!(again, orig, "frame {}", orig.frame);
    }
}

#[test]
fn a_frame_on_the_rising_lift_exports_to_a_scenario_that_replays_bit_identically() {
    let mut world = teaching();
    let lift = lift_id(&world);
    let sim = ride_the_lift(&mut world, 200);
    let rec = sim
        .history()
        .iter()
        .find(|r| {
            r.dynamics.platform.is_some()
                && r.trace.iterations.iter().any(|it| {
                    it.contacts
                        .first()
                        .is_some_and(|c| c.source.object() == Some(lift))
                })
        })
        .expect("a frame standing on the rising lift");
    let call = rec.recorded_call().unwrap();
    assert!(!call.objects.is_empty());
    let dir = std::env::temp_dir().join(format!("slidescope-dynapp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let geometry = pinned_level(teaching_glb(), &teaching_glb()).unwrap();
    let s = Scenario::from_frame("lift_frame", "exported", geometry, call);
    assert_eq!(s.version, 2);
    let path = dir.join("lift_frame.json");
    s.write(&path).unwrap();
    let (back, replay) = run_file(&path).unwrap();
    assert_eq!(back, s);
    assert!(replay.passed(), "{:#?}", replay.failures);
    assert_eq!(replay.trace, rec.trace);
    assert_eq!(Some(&replay.result), rec.outcome.slide());
    // Without the poses the same call misses the lift: the poses are what it replays.
    let mut static_only = s.clone();
    static_only.objects.clear();
    static_only.version = 1;
    static_only.write(&path).unwrap();
    let (_, replay) = run_file(&path).unwrap();
    assert!(!replay.passed());
}

#[test]
fn standing_under_the_descending_teaching_lift_never_ends_below_the_floor() {
    // Found in the app: walk under the raised lift (it is up from 4.5 s to 6.5 s of its 10 s
    // cycle and comes down to the floor by 9.5 s), wait, and the player fell out of the level.
    // Objects have right of way, but their push is swept against the level and stops at it:
    // the player stays on the floor, crushed (overlapped) by the lift.
    let mut world = teaching();
    let lift = world
        .movers
        .scene()
        .object(lift_id(&world))
        .unwrap()
        .clone();
    let under = lift.current().translation + Vec3::new(0.0, 0.9 + 0.02, 0.0);
    let mut sim = Sim::new(
        Vec3::new(0.0, 0.02, 0.0),
        Default::default(),
        Default::default(),
    );
    // Idle until 5 s (the lift is up), then stand under it until 10 s.
    while sim.next_frame() < 300 {
        world
            .movers
            .step(&mut sim, &world.collision, &PlayerInput::default());
    }
    sim.teleport(under);
    let mut lowest = f32::INFINITY;
    while sim.next_frame() < 600 {
        world
            .movers
            .step(&mut sim, &world.collision, &PlayerInput::default());
        let y = sim.player().center.y;
        lowest = lowest.min(y);
    }
    assert!(lowest > 0.8, "the player's centre went down to {lowest}");
}

#[test]
fn narration_of_a_frame_on_the_rising_lift_names_it_and_its_motion() {
    let mut world = teaching();
    let lift = lift_id(&world);
    let sim = ride_the_lift(&mut world, 200);
    let names: Vec<String> = world
        .movers
        .scene()
        .objects()
        .iter()
        .map(|o| o.name.clone())
        .collect();
    let (rec, i) = sim
        .history()
        .iter()
        .find_map(|r| {
            let i = r.trace.iterations.iter().position(|it| {
                it.contacts
                    .first()
                    .is_some_and(|c| c.source.object() == Some(lift))
                    && it.dynamic.iter().any(|d| d.adjustment.y > 0.01)
            })?;
            Some((r, i))
        })
        .expect("a frame touching the rising lift");
    let text = slidescope::ui::narration::narrate_named(&rec.trace, i, &names);
    // 2.9 m in 3 s at 60 Hz: 0.016 m a step.
    assert!(
        text.contains("mover/lift_car (object 0) moved 0.016 m up since the last update"),
        "{text}"
    );
    assert!(
        text.contains("The contact is on mover/lift_car (object 0)"),
        "{text}"
    );
}

/// Picking in the paused view (what `App::pick` does): a ray down through the lift car at the
/// frame's recorded poses hits the car (nearer than the floor) on a top triangle the frame's
/// contacts touched, and the Minkowski ray of that object triangle (the extended sweep against
/// the previous pose) enters its face slab at the contact's time.
#[test]
fn picking_the_ridden_lift_selects_its_top_and_its_roots_match_the_contact() {
    use slidescope::collision::{raycast, raycast_objects};
    use slidescope::scene::minkowski_shapes::MinkowskiRay;
    use slidescope::view::load_scenario;
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/lift_riding_up.json");
    let opened = load_scenario(&path).expect("scenario opens");
    let rec = &opened.record;
    let (origin, down) = (Vec3::new(16.2, 5.0, 32.3), Vec3::NEG_Y);
    let floor = raycast(&opened.world.collision, origin, down, 100.0)
        .unwrap()
        .expect("the floor under the lift");
    let (object, hit) = raycast_objects(
        opened.world.movers.scene(),
        &rec.dynamics.objects,
        origin,
        down,
        100.0,
    )
    .unwrap()
    .expect("the lift car");
    assert_eq!(object, lift_id(&opened.world));
    assert!(hit.distance < floor.distance);
    // The car's top at the frame's current pose: translation y 1.05, top 0.1 above it.
    assert!((hit.point.y - 1.15).abs() < 1e-4, "{hit:?}");
    let it = &rec.trace.iterations[0];
    let contact = it
        .contacts
        .iter()
        .find(|c| c.triangle == hit.triangle)
        .expect("the picked top triangle is one the frame touched");
    let o = opened.world.movers.scene().object(object).unwrap();
    let previous = o
        .world_triangle(hit.triangle, &rec.dynamics.objects[0].previous)
        .unwrap();
    let e = rec.call.ellipsoid.unwrap();
    let ray = MinkowskiRay::of_object_iteration(it, object, hit.triangle, previous, &e.space())
        .expect("the object was tested");
    let roots = ray.roots.expect("the touched part's roots");
    let t = contact.time.toi().unwrap();
    assert!(
        (roots.enter - t).abs() < 1e-3,
        "enter {} vs contact t {t}",
        roots.enter
    );
    assert!(
        roots.exit > 1.0,
        "leaves the slab far below: {}",
        roots.exit
    );
    // The ray is the extended sweep: the ride minus the car's motion, 1.8 mm down.
    assert!((ray.velocity.y + 0.0018).abs() < 1e-4, "{:?}", ray.velocity);
}
