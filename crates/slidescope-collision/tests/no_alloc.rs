//! The hot path allocates nothing once its buffers are warm: sweeps, collide-and-slide through
//! static and moving geometry, and a single-threaded batch, proved with a counting allocator.
//!
//! The allocator counts per thread, so other tests running beside these do not disturb them.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

mod common;

use common::{field, movers};
use glam::{Quat, Vec3};
use slidescope_collision::{
    CollisionWorld, Contact, DynamicScene, RigidPose, Scratch, SlideBatch, SlideResult,
    SlideSettings, collide_and_slide_in, sweep_with,
};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: forwards to the system allocator; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

/// A 2 m platform moving up through the field's middle.
fn lift() -> DynamicScene {
    let mut scene = DynamicScene::new();
    let set = scene.add_set();
    let positions = vec![
        Vec3::new(-1.0, 0.0, -1.0),
        Vec3::new(1.0, 0.0, -1.0),
        Vec3::new(1.0, 0.0, 1.0),
        Vec3::new(-1.0, 0.0, 1.0),
    ];
    scene
        .add_object(
            set,
            "lift",
            positions,
            &[[0, 2, 1], [0, 3, 2]],
            RigidPose::from_translation(Vec3::new(0.0, 0.2, 0.0)),
        )
        .unwrap();
    scene
        .update_set(set, |_| {
            RigidPose::new(Quat::from_rotation_y(0.05), Vec3::new(0.0, 0.3, 0.0))
        })
        .unwrap();
    scene
}

#[test]
fn warm_collide_and_slide_allocates_nothing() {
    let mesh = field();
    let scene = lift();
    let s = SlideSettings::default();
    let ms = movers(400);
    for world in [
        CollisionWorld::static_only(&mesh),
        CollisionWorld::new(&mesh, &scene),
    ] {
        let mut scratch = Scratch::default();
        let run = |scratch: &mut Scratch| {
            let mut hits = 0;
            for m in &ms {
                let r =
                    collide_and_slide_in(world, &m.ellipsoid, m.motion, &s, scratch, None).unwrap();
                hits += r.contact_count;
            }
            hits
        };
        run(&mut scratch);
        let before = allocations();
        let contacts = run(&mut scratch);
        assert_eq!(
            allocations() - before,
            0,
            "allocations in 400 warm calls, dynamic: {}",
            world.dynamic.is_some()
        );
        assert!(
            contacts > 400,
            "the movers touched the level: {contacts} contacts"
        );
    }
}

#[test]
fn warm_sweeps_allocate_nothing() {
    let mesh = field();
    let s = SlideSettings::default();
    let ms = movers(400);
    let mut scratch = Scratch::default();
    let mut contacts: Vec<Contact> = Vec::new();
    let mut run = |scratch: &mut Scratch| {
        let mut hits = 0;
        for m in &ms {
            sweep_with(
                &mesh,
                &m.ellipsoid,
                m.motion.velocity,
                &s,
                scratch,
                &mut contacts,
            )
            .unwrap();
            hits += usize::from(!contacts.is_empty());
        }
        hits
    };
    run(&mut scratch);
    let before = allocations();
    let hits = run(&mut scratch);
    assert_eq!(allocations() - before, 0);
    assert!(hits > 200, "{hits} sweeps hit");
}

#[test]
fn a_warm_single_thread_batch_allocates_nothing() {
    let mesh = field();
    let ms = movers(300);
    let mut results = vec![SlideResult::default(); ms.len()];
    let mut batch = SlideBatch::new();
    let s = SlideSettings::default();
    batch.run((&mesh).into(), &ms, &s, &mut results, 1).unwrap();
    let before = allocations();
    batch.run((&mesh).into(), &ms, &s, &mut results, 1).unwrap();
    assert_eq!(allocations() - before, 0);
    assert!(results.iter().filter(|r| r.hit()).count() > 200);
}
