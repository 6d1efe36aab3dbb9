//! Many characters in one call: `collide_and_slide` for a crowd, spread over threads (what a
//! game with 2,000 characters a frame needs; each mover is seed 001 12.3's loop, unchanged).
//!
//! Movers are solved in the order of a space-filling curve through their start centres (a
//! Morton code of the centre, quantised over the crowd's bounds), so consecutive movers walk
//! the same BVH nodes and triangles while they are still in cache; each result is written back
//! to its mover's slot. Work is handed out in blocks of [`BLOCK`] movers of that order from a
//! shared queue, so a thread that drew cheap movers takes more blocks. Each mover's result
//! depends only on its own inputs and the world, never on which thread solved it or in what
//! order, so the results are identical to one-at-a-time calls for any thread count. Threads
//! come from `std::thread::scope` (no thread-pool dependency); the
//! calling thread works too.

use std::sync::Mutex;

use glam::Vec3;

use super::slide::{Call, SlideResult, check_motion, slide};
use super::{CollisionError, CollisionWorld, Ellipsoid, Motion, Scratch, SlideSettings};

/// Movers per unit of work handed to a thread: large enough that the queue's lock is noise
/// (~10 µs of solving per block), small enough to balance 2,000 movers over a few cores.
pub const BLOCK: usize = 32;

/// One character's move for a batch: the ellipsoid where it stands and the motion it asks
/// for this step (world), as one call takes them.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Mover {
    pub ellipsoid: Ellipsoid,
    /// The displacement asked, and a walker's heading for a ground move.
    pub motion: Motion,
}

impl Mover {
    /// `ellipsoid` asking for `motion` (a `Vec3`: the displacement, no heading).
    pub fn new(ellipsoid: Ellipsoid, motion: impl Into<Motion>) -> Self {
        Self {
            ellipsoid,
            motion: motion.into(),
        }
    }
}

/// Reusable state for batched calls: one [`Scratch`] per thread, kept between frames so a warm
/// batch allocates nothing but the threads' stacks.
#[derive(Debug, Default)]
pub struct SlideBatch {
    scratches: Vec<Scratch>,
    /// Curve keys, mover indices in curve order, and the results in that order, kept between
    /// frames.
    keys: Vec<u64>,
    order: Vec<u32>,
    sorted: Vec<SlideResult>,
}

impl SlideBatch {
    pub fn new() -> Self {
        Self::default()
    }

    /// Moves every mover through `world` (see [`collide_and_slide_batch`]); `threads` = 0
    /// uses every available core.
    pub fn run(
        &mut self,
        world: CollisionWorld<'_>,
        movers: &[Mover],
        settings: &SlideSettings,
        results: &mut [SlideResult],
        threads: usize,
    ) -> Result<(), CollisionError> {
        if movers.len() != results.len() {
            return Err(CollisionError::BatchLength {
                movers: movers.len(),
                results: results.len(),
            });
        }
        for (index, m) in movers.iter().enumerate() {
            check_motion(&m.ellipsoid, &m.motion, settings).map_err(|error| {
                CollisionError::Mover {
                    index,
                    error: Box::new(error),
                }
            })?;
        }
        let threads = match threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        }
        .clamp(1, movers.len().div_ceil(BLOCK).max(1));
        if self.scratches.len() < threads {
            self.scratches.resize_with(threads, Scratch::default);
        }
        curve_order(movers, &mut self.keys, &mut self.order);
        self.sorted.resize(movers.len(), SlideResult::default());
        let queue = Mutex::new(self.order.chunks(BLOCK).zip(self.sorted.chunks_mut(BLOCK)));
        let work = |scratch: &mut Scratch| {
            loop {
                // A poisoned lock means another worker panicked; the scope re-raises it.
                let Some((is, rs)) = queue.lock().ok().and_then(|mut q| q.next()) else {
                    return;
                };
                for (&i, r) in is.iter().zip(rs) {
                    *r = solve(world, &movers[i as usize], settings, scratch);
                }
            }
        };
        let (mine, others) = self.scratches[..threads]
            .split_first_mut()
            .expect("at least one scratch");
        if others.is_empty() {
            work(mine);
        } else {
            std::thread::scope(|s| {
                for scratch in others {
                    s.spawn(|| work(scratch));
                }
                work(mine);
            });
        }
        for (&i, r) in self.order.iter().zip(&self.sorted) {
            results[i as usize] = *r;
        }
        Ok(())
    }
}

/// Bits per axis of the curve's grid (3 × 10 = 30 bits of key).
const CURVE_BITS: u32 = 10;

/// `order` := the mover indices sorted by the Morton code of their start centres on a
/// 1024³ grid over the movers' bounds, ties by index (so the order, like every result, depends
/// on the inputs only). Written here rather than taken from a crate: ten lines, and the core
/// depends on glam alone.
fn curve_order(movers: &[Mover], keys: &mut Vec<u64>, order: &mut Vec<u32>) {
    let (lo, hi) = movers.iter().fold(
        (Vec3::splat(f32::MAX), Vec3::splat(f32::MIN)),
        |(lo, hi), m| (lo.min(m.ellipsoid.center), hi.max(m.ellipsoid.center)),
    );
    let cells = ((1u32 << CURVE_BITS) - 1) as f32;
    let scale = Vec3::splat(cells) / (hi - lo).max(Vec3::splat(1e-6));
    keys.clear();
    keys.extend(movers.iter().enumerate().map(|(i, m)| {
        let q = ((m.ellipsoid.center - lo) * scale).clamp(Vec3::ZERO, Vec3::splat(cells));
        let code = spread(q.x as u32) | spread(q.y as u32) << 1 | spread(q.z as u32) << 2;
        u64::from(code) << 32 | i as u64
    }));
    keys.sort_unstable();
    order.clear();
    order.extend(keys.iter().map(|k| *k as u32));
}

/// The low [`CURVE_BITS`] bits of `x` spread two zero bits apart (bit k to bit 3k).
fn spread(x: u32) -> u32 {
    let mut x = x & 0x3ff;
    x = (x | x << 16) & 0x0300_00ff;
    x = (x | x << 8) & 0x0300_f00f;
    x = (x | x << 4) & 0x030c_30c3;
    (x | x << 2) & 0x0924_9249
}

/// One mover; its inputs were checked by [`SlideBatch::run`] before anything was solved, so
/// the loop runs without checking them again.
fn solve(
    world: CollisionWorld<'_>,
    m: &Mover,
    settings: &SlideSettings,
    scratch: &mut Scratch,
) -> SlideResult {
    let call = Call::new(world, &m.ellipsoid, m.motion, settings);
    slide(&call, scratch, None)
}

/// `collide_and_slide` for every mover of `movers` through `world`, writing `results[i]` for
/// `movers[i]`, on up to `threads` threads (0: every available core). Identical to calling
/// [`collide_and_slide_in`](crate::collide_and_slide_in) on each mover in turn, for any thread count.
///
/// Every input is checked before anything is solved: a bad mover (non-finite centre,
/// velocity or heading, bad radii) returns [`CollisionError::Mover`] naming it, bad settings return their
/// error, and `results` is left untouched. Keep a [`SlideBatch`] across frames to reuse the
/// per-thread buffers.
///
/// ```
/// use glam::Vec3;
/// use slidescope_collision::{CollisionMesh, Ellipsoid, Mover, SlideSettings, SlideResult};
/// use slidescope_collision::collide_and_slide_batch;
///
/// let floor = CollisionMesh::from_triangles(&[[
///     Vec3::new(-50.0, 0.0, 50.0), Vec3::new(50.0, 0.0, 50.0), Vec3::new(0.0, 0.0, -50.0),
/// ]])?;
/// let mut movers = Vec::new();
/// for i in 0..100 {
///     let center = Vec3::new(i as f32 * 0.2 - 10.0, 1.0, 0.0);
///     let ellipsoid = Ellipsoid::new(center, Vec3::new(0.4, 0.9, 0.4))?;
///     movers.push(Mover::new(ellipsoid, Vec3::new(0.0, -0.5, 0.1)));
/// }
/// let mut results = vec![SlideResult::default(); movers.len()];
/// collide_and_slide_batch((&floor).into(), &movers, &SlideSettings::default(), &mut results, 2)?;
/// // Every one landed on the floor: centre at the radius plus the skin.
/// assert!(results.iter().all(|r| (r.position.y - 0.9).abs() < 0.02));
/// # Ok::<(), slidescope_collision::CollisionError>(())
/// ```
pub fn collide_and_slide_batch(
    world: CollisionWorld<'_>,
    movers: &[Mover],
    settings: &SlideSettings,
    results: &mut [SlideResult],
    threads: usize,
) -> Result<(), CollisionError> {
    SlideBatch::new().run(world, movers, settings, results, threads)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_puts_bit_k_at_bit_3k() {
        assert_eq!(spread(0b1), 0b1);
        assert_eq!(spread(0b11), 0b1001);
        assert_eq!(spread(0x3ff), 0x0924_9249);
        assert_eq!(spread(0x400), 0, "bits past the tenth are dropped");
    }

    #[test]
    fn the_curve_orders_neighbours_together_and_ties_by_index() {
        let at = |x: f32, z: f32| {
            Mover::new(
                Ellipsoid::new(Vec3::new(x, 0.0, z), Vec3::ONE).unwrap(),
                Vec3::ZERO,
            )
        };
        // Two clusters, interleaved in the input.
        let movers = [
            at(0.0, 0.0),
            at(100.0, 100.0),
            at(0.5, 0.0),
            at(100.5, 100.0),
        ];
        let (mut keys, mut order) = (Vec::new(), Vec::new());
        curve_order(&movers, &mut keys, &mut order);
        assert_eq!(order, [0, 2, 1, 3]);
        let same = [at(1.0, 1.0), at(1.0, 1.0)];
        curve_order(&same, &mut keys, &mut order);
        assert_eq!(order, [0, 1]);
    }
}
