//! The sets the search need not re-solve: a set with a switch that cannot change the move's
//! re-solve given the others moves it as the smaller set does, which the search tried first
//! and which did not reconcile it. Each rule follows the stage that reads the convention.

use super::switches::{MAX_SET, Switch, with_switches};
use crate::collision::conventions::{Padding, Projection};
use crate::collision::{Conventions, EndReason, SlideResult};
use glam::Vec3;
use rustc_hash::FxHashMap;

/// `c` with the padding and projection it computes alike with: a port's own step back leaves
/// the padding's row unread (`slide/skin.rs`); the contact point's projection is the slide
/// plane's, in the same arithmetic, unless a padding along the velocity or a step back left
/// the centre short (`slide/project.rs`). Only such identities are used, never ones that hold in exact
/// arithmetic only (Quake's clip and the slide plane with the padding along the normal, a
/// sphere's world-space response): an embedded centre kept where it is can run out of
/// iterations under one and not the other.
fn canonical(mut c: Conventions) -> Conventions {
    if c.step_back_es > 0.0 {
        c.padding = Padding::Normal; // the step decides where the centre stops, not the padding
    }
    let short = c.padding == Padding::Velocity || c.step_back_es > 0.0;
    if !short && c.projection == Projection::ContactPoint {
        c.projection = Projection::SlidePlane;
    }
    c
}

/// Whether `f` holds for `set` less one of its switches, for some switch (a set of at most
/// [`MAX_SET`], without allocating: the search asks it of every set it meets).
fn any_smaller(set: &[Switch], mut f: impl FnMut(&[Switch]) -> bool) -> bool {
    let Some(&first) = set.first().filter(|_| set.len() <= MAX_SET) else {
        return false;
    };
    let mut fewer = [first; MAX_SET];
    (0..set.len()).any(|i| {
        let mut n = 0;
        for (_, &s) in set.iter().enumerate().filter(|&(j, _)| j != i) {
            fewer[n] = s;
            n += 1;
        }
        f(&fewer[..n])
    })
}

/// How the re-solves of one move under each set tried so far ended: what decides whether a
/// convention applied after the loop can change a larger set's.
#[derive(Debug)]
pub struct Ends {
    /// The switches the sets are made of; a set's key has bit `i` for `candidates[i]`.
    candidates: Vec<Switch>,
    ended: FxHashMap<u64, Ended>,
}

/// What the conventions applied after the loop read of how it ended.
#[derive(Debug, Clone, Copy)]
struct Ended {
    /// From the start to the end (world).
    moved_m: f32,
    out_of_iterations: bool,
    /// The last detection found nothing.
    clear_path: bool,
    /// No detection found anything.
    untouched: bool,
}

/// `c` with `w`'s conventions that act only on a contact: the padding (`slide/skin.rs`, and
/// its unit unless free moves are padded), the projection and its space (`slide/project.rs`),
/// the impulse filter (`slide/stop.rs`, after a response), an embedded contact's centre and
/// an edge's normal (`detect/mod.rs`).
fn with_contact_rules_of(mut c: Conventions, w: &Conventions) -> Conventions {
    c.padding = w.padding;
    c.step_back_es = w.step_back_es;
    c.projection = w.projection;
    c.world_response = w.world_response;
    c.impulse_filter = w.impulse_filter;
    c.embedded_kept = w.embedded_kept;
    c.normal_from_start = w.normal_from_start;
    if !c.free_moves_padded && !w.free_moves_padded {
        c.skin_in_metres = w.skin_in_metres;
    }
    c
}

impl Ends {
    /// Nothing re-solved yet, of sets of `candidates` (at most 64).
    pub fn new(candidates: &[Switch]) -> Self {
        Self {
            candidates: candidates.iter().copied().take(64).collect(),
            ended: FxHashMap::default(),
        }
    }

    fn key(&self, set: &[Switch]) -> Option<u64> {
        set.iter().try_fold(0, |k, s| {
            let i = self.candidates.iter().position(|c| c == s)?;
            Some(k | 1 << i)
        })
    }

    /// Notes how the re-solve under `set` ended, `result`, from `start` (world).
    pub fn note(&mut self, set: &[Switch], start: Vec3, result: &SlideResult) {
        let ended = Ended {
            moved_m: (result.position - start).length(),
            out_of_iterations: matches!(result.end, EndReason::MaxIterations | EndReason::Fallback),
            clear_path: result.end == EndReason::ClearPath,
            untouched: result.contact_count == 0,
        };
        if let Some(key) = self.key(set) {
            self.ended.insert(key, ended);
        }
    }

    /// Whether `set` re-solves the move as one of its subsets does, so it cannot be the
    /// smallest that reconciles it (the search tried every smaller set first): some switch
    /// of it changes nothing the others leave, on every move (see [`canonical`]), or on this
    /// one given how the re-solve under the others ended, following `slide/finish.rs`: the
    /// dead zone applies after the loop, to a move no longer than it; the rule at the
    /// iteration limit only once the iterations ran out; the padding of a free move only to a
    /// loop that ended on a clear path; the rules of a response only where a detection found
    /// a contact.
    // perf: 3.4× the plain re-solve before skipped (Irrlicht lavaducts), docs/measurements.md
    pub fn repeats_smaller(&self, base: &Conventions, set: &[Switch], skin_es: f32) -> bool {
        let with = with_switches(base, set, skin_es);
        any_smaller(set, |fewer| {
            let without = with_switches(base, fewer, skin_es);
            if canonical(without) == canonical(with) {
                return true;
            }
            let key = self.key(fewer);
            let Some(&ended) = key.and_then(|k| self.ended.get(&k)) else {
                return false;
            };
            let only = |field: fn(&mut Conventions, &Conventions)| {
                let mut c = with;
                field(&mut c, &without);
                c == without
            };
            let dead_zone = with.dead_zone_m.max(without.dead_zone_m);
            (only(|c, w| c.dead_zone_m = w.dead_zone_m) && ended.moved_m > dead_zone)
                || (only(|c, w| c.iteration_limit = w.iteration_limit) && !ended.out_of_iterations)
                || (only(|c, w| c.free_moves_padded = w.free_moves_padded) && !ended.clear_path)
                || (ended.untouched && with_contact_rules_of(with, &without) == without)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::switches::{sets_of_size, with_late};
    use super::*;
    use crate::collision::{CollisionMesh, Ellipsoid, SlideSettings, collide_and_slide};
    use proptest::prelude::*;

    /// Two triangles of the quad `a b c d`, facing `facing`.
    fn quad(a: Vec3, b: Vec3, c: Vec3, d: Vec3, facing: Vec3) -> [[Vec3; 3]; 2] {
        match (b - a).cross(c - a).dot(facing) > 0.0 {
            true => [[a, b, c], [a, c, d]],
            false => [[a, c, b], [a, d, c]],
        }
    }

    /// A floor, two walls meeting in a corner, a ramp and a low step: faces, edges and
    /// vertices to meet, at every angle.
    fn room() -> CollisionMesh {
        let v = Vec3::new;
        let tris = [
            quad(
                v(-5., 0., -5.),
                v(-5., 0., 5.),
                v(5., 0., 5.),
                v(5., 0., -5.),
                Vec3::Y,
            ),
            quad(
                v(2., 0., -5.),
                v(2., 3., -5.),
                v(2., 3., 5.),
                v(2., 0., 5.),
                -Vec3::X,
            ),
            quad(
                v(-5., 0., 2.),
                v(-5., 3., 2.),
                v(5., 3., 2.),
                v(5., 0., 2.),
                -Vec3::Z,
            ),
            quad(
                v(-1., 0., -5.),
                v(-1., 0., 5.),
                v(-4., 1.5, 5.),
                v(-4., 1.5, -5.),
                v(1., 2., 0.),
            ),
            quad(
                v(-3., 0.3, -4.),
                v(1., 0.3, -4.),
                v(1., 0.3, -3.),
                v(-3., 0.3, -3.),
                Vec3::Y,
            ),
            quad(
                v(-3., 0., -3.),
                v(1., 0., -3.),
                v(1., 0.3, -3.),
                v(-3., 0.3, -3.),
                Vec3::Z,
            ),
        ];
        CollisionMesh::from_triangles(tris.as_flattened()).unwrap()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(16))]

        /// Every set of up to three switches the rules would skip ends exactly where a set of
        /// one switch fewer ends, on moves that meet every part of the room (and moves under
        /// a millimetre, and from the floor within the padding), with and without a padding along the velocity, a dead zone, and out
        /// of iterations.
        #[test]
        fn a_skipped_set_ends_where_a_smaller_one_does(
            start in (-3.0f32..1.5, 0.3f32..2.0, -2.5f32..1.5),
            velocity in (-4.0f32..4.0, -2.0f32..1.0, -4.0f32..4.0),
            scale in prop_oneof![Just(1.0f32), Just(2e-4f32)],
            on_floor in any::<bool>(),
            shape in 0usize..3,
            (along_velocity, dead_zone, few_iterations) in (any::<bool>(), any::<bool>(), any::<bool>()),
        ) {
            let mesh = room();
            let radii = [Vec3::ONE, Vec3::splat(0.5), Vec3::new(0.4, 0.9, 0.4)][shape];
            let mut start = Vec3::from(start);
            if on_floor {
                start.y = radii.y * (1.0 + 5e-4); // within the padding of the floor
            }
            let e = Ellipsoid::new(start, radii).unwrap();
            let mut base = SlideSettings::default();
            if along_velocity {
                base.conventions.padding = Padding::Velocity;
            }
            if dead_zone {
                base.conventions.dead_zone_m = 1e-3;
            }
            if few_iterations {
                base.tuning.max_iterations = 2;
            }
            let (conventions, skin) = (base.conventions, base.tuning.skin_es);
            let run = |set: &[Switch]| {
                let conventions = with_switches(&conventions, set, skin);
                let settings = SlideSettings { conventions, ..base };
                collide_and_slide(&mesh, &e, Vec3::from(velocity) * scale, &settings, None).unwrap()
            };
            let candidates = with_late(&conventions, skin);
            let mut ends = Ends::new(&candidates);
            let mut at: FxHashMap<Vec<Switch>, Vec3> = FxHashMap::default();
            at.insert(Vec::new(), run(&[]).position);
            let mut skipped = 0;
            for size in 1..=MAX_SET {
                sets_of_size(&candidates, size, |set| {
                    let skip = ends.repeats_smaller(&conventions, set, skin);
                    let result = run(set);
                    let same = |p: &Vec3| *p == result.position;
                    assert!(
                        !skip || any_smaller(set, |fewer| at.get(fewer).is_some_and(same)),
                        "{set:?} skipped, but it ends at {} and no smaller set does",
                        result.position
                    );
                    skipped += usize::from(skip);
                    ends.note(set, start, &result);
                    at.insert(set.to_vec(), result.position);
                    false
                });
            }
            prop_assert!(skipped > 0);
        }
    }
}
