//! The hot path allocates nothing once its buffers are warm: sweeps, collide-and-slide through
//! static and moving geometry, and a single-threaded batch (issue 14: "no allocation in the hot
//! path; keep a test that proves it with a counting allocator").
//!
//! The allocator counts per thread, so other tests running beside these do not disturb them.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use glam::{Quat, Vec3};
use slidescope_collision::{
    CollisionMesh, CollisionWorld, Contact, DynamicScene, Ellipsoid, Mover, RigidPose, Scratch,
    SlideBatch, SlideResult, SlideSettings, collide_and_slide_in, sweep_with,
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

/// A bumpy 40 × 40 m field with slanted walls: faces, edges and vertices all get hit.
fn field() -> CollisionMesh {
    let h = |x: i32, z: i32| ((x * 7 + z * 13).rem_euclid(5)) as f32 * 0.08;
    let mut tris = Vec::new();
    for x in -20..20 {
        for z in -20..20 {
            let p =
                |dx: i32, dz: i32| Vec3::new((x + dx) as f32, h(x + dx, z + dz), (z + dz) as f32);
            tris.push([p(0, 0), p(0, 1), p(1, 0)]);
            tris.push([p(1, 0), p(0, 1), p(1, 1)]);
        }
    }
    for k in 0..8 {
        let a = k as f32 * 4.0 - 16.0;
        tris.push([
            Vec3::new(a, 0.0, -3.0),
            Vec3::new(a + 1.0, 3.0, 3.0),
            Vec3::new(a, 3.0, -3.0),
        ]);
    }
    CollisionMesh::from_triangles(&tris).unwrap()
}

fn movers(n: usize) -> Vec<Mover> {
    (0..n)
        .map(|i| {
            let a = i as f32 * 2.399;
            let r = 1.0 + (i % 61) as f32 * 0.25;
            Mover {
                ellipsoid: Ellipsoid::new(
                    Vec3::new(a.cos() * r, 1.2, a.sin() * r),
                    Vec3::new(0.4, 0.9, 0.4),
                )
                .unwrap(),
                velocity: Vec3::new((a * 3.1).sin() * 2.0, -0.6, (a * 1.7).cos() * 2.0),
            }
        })
        .collect()
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
                let r = collide_and_slide_in(world, &m.ellipsoid, m.velocity, &s, scratch, None)
                    .unwrap();
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
            sweep_with(&mesh, &m.ellipsoid, m.velocity, &s, scratch, &mut contacts).unwrap();
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
