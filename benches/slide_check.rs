//! The slide goals, checked independently of the core in f64: `SLIDE_CHECK_MOVES` random
//! moves per shared level (default 1,000,000), a third each walking (0.05–0.5 m), long (2–10 m)
//! and 50 m, alternately for an ellipsoid 0.4 × 0.9 × 0.4 m and a sphere r = 0.5, from clear
//! starts (`common::walking_queries_n`); each run with the seed's response, the crease
//! response, and the crease response with the exact contact. Every iteration leg's end (the
//! response's new centre), every move's end and the fallback's jump are checked against the
//! triangles near them: the distance in eSpace (overlap deeper than 1e-4), a centre segment
//! crossing a triangle (a tunnel), NaN; fallbacks are counted. The BVH only gathers the
//! candidate triangles; every distance and crossing is computed here, in f64.
//!
//! Goals: with the crease response 0 ends and 0 legs overlapping by more than
//! 1e-4 eSpace, fallbacks under 0.01 %, 0 NaN, 0 tunnels; with the seed's, overlap never more
//! than the skin (1e-3).
//!
//! A second table checks the same number of moves as runs of 100 consecutive moves (each starts
//! where the last ended, as a character's frames do, from the same clear starts): a start the
//! solver left a skin from a wall or in a crease is what a game's next frame sees.
//!
//! `SLIDE_CHECK_DEBUG=1` prints the iterations of every crease-response move whose end or leg
//! overlaps or that falls back (what the remaining cases look like); `SLIDE_CHECK_LEVEL=sponza` checks one level,
//! `SLIDE_CHECK_RUNS_ONLY=1` the second table only, `SLIDE_CHECK_RESPONSE=planes` the variants
//! whose name starts so.

mod common;

use common::{Rng, SHARED_LEVELS, load_level, walking_queries_n};
use glam::{DVec3, Vec3};
use slidescope::collision::ResponseOptions;
use slidescope::collision::{
    Aabb, CollisionMesh, Ellipsoid, EndReason, Motion, Response, Scratch, SlideSettings, Trace,
    collide_and_slide_with,
};

const REPORT_ES: f64 = 1e-4;
/// Consecutive moves per run (the second table).
const RUN_LEN: usize = 100;

#[derive(Default, Clone, Copy)]
struct Tally {
    moves: u64,
    fallbacks: u64,
    nan: u64,
    tunnels: u64,
    /// Ends and legs deeper than `REPORT_ES`, and the deepest of each (eSpace).
    end_overlaps: u64,
    leg_overlaps: u64,
    deepest_end: f64,
    deepest_leg: f64,
    over_skin: u64,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.moves += o.moves;
        self.fallbacks += o.fallbacks;
        self.nan += o.nan;
        self.tunnels += o.tunnels;
        self.end_overlaps += o.end_overlaps;
        self.leg_overlaps += o.leg_overlaps;
        self.deepest_end = self.deepest_end.max(o.deepest_end);
        self.deepest_leg = self.deepest_leg.max(o.deepest_leg);
        self.over_skin += o.over_skin;
    }
}

/// Closest point of triangle `[a, b, c]` to `p` (Ericson, Real-Time Collision Detection 5.1.5).
/// An f64 copy of the core's `distance::closest_point_on_triangle` on purpose: the check must
/// not share the code it checks.
fn closest(p: DVec3, [a, b, c]: [DVec3; 3]) -> DVec3 {
    let (ab, ac, ap) = (b - a, c - a, p - a);
    let (d1, d2) = (ab.dot(ap), ac.dot(ap));
    if d1 <= 0.0 && d2 <= 0.0 {
        return a;
    }
    let bp = p - b;
    let (d3, d4) = (ab.dot(bp), ac.dot(bp));
    if d3 >= 0.0 && d4 <= d3 {
        return b;
    }
    let vc = d1 * d4 - d3 * d2;
    if vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0 {
        return a + ab * (d1 / (d1 - d3));
    }
    let cp = p - c;
    let (d5, d6) = (ab.dot(cp), ac.dot(cp));
    if d6 >= 0.0 && d5 <= d6 {
        return c;
    }
    let vb = d5 * d2 - d1 * d6;
    if vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0 {
        return a + ac * (d2 / (d2 - d6));
    }
    let va = d3 * d6 - d5 * d4;
    if va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0 {
        return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
    }
    let denom = 1.0 / (va + vb + vc);
    a + ab * (vb * denom) + ac * (vc * denom)
}

/// Whether segment `p`→`q` crosses triangle `t` (Möller–Trumbore, both ends strictly apart).
fn crosses(p: DVec3, q: DVec3, [a, b, c]: [DVec3; 3]) -> bool {
    let d = q - p;
    let (e1, e2) = (b - a, c - a);
    let h = d.cross(e2);
    let det = e1.dot(h);
    if det.abs() < 1e-18 {
        return false;
    }
    let s = p - a;
    let u = s.dot(h) / det;
    let qv = s.cross(e1);
    let v = d.dot(qv) / det;
    let t = e2.dot(qv) / det;
    (0.0..=1.0).contains(&u) && v >= 0.0 && u + v <= 1.0 && t > 1e-9 && t < 1.0 - 1e-9
}

struct Checker<'a> {
    mesh: &'a CollisionMesh,
    near: Vec<u32>,
}

impl Checker<'_> {
    fn tri(&self, i: u32) -> [DVec3; 3] {
        self.mesh.triangle(i).vertices.map(|v| v.as_dvec3())
    }

    /// How deep (eSpace, f64) an axis-aligned ellipsoid of `radii` at `c` is in the level.
    fn depth(&mut self, c: Vec3, radii: Vec3) -> f64 {
        let r = radii * 1.01;
        self.mesh
            .bvh()
            .query(&Aabb::new(c - r, c + r), &mut self.near);
        let (c, inv) = (c.as_dvec3(), radii.as_dvec3().recip());
        let mut deepest = f64::NEG_INFINITY;
        for &i in &self.near {
            let t = self.tri(i).map(|v| (v - c) * inv);
            deepest = deepest.max(1.0 - closest(DVec3::ZERO, t).length());
        }
        self.near.clear();
        deepest
    }

    /// Whether the centre's move `p`→`q` crosses a triangle.
    fn tunnels(&mut self, p: Vec3, q: Vec3) -> bool {
        let r = Vec3::splat(1e-3);
        self.mesh
            .bvh()
            .query(&Aabb::new(p.min(q) - r, p.max(q) + r), &mut self.near);
        let (pd, qd) = (p.as_dvec3(), q.as_dvec3());
        let hit = self.near.iter().any(|&i| crosses(pd, qd, self.tri(i)));
        self.near.clear();
        hit
    }
}

/// The solver's scratch, its trace and the f64 checker, per thread.
struct Run<'a> {
    ck: Checker<'a>,
    scratch: Scratch,
    trace: Trace,
    tally: Tally,
    /// Print where an end is deeper than `REPORT_ES` (`SLIDE_CHECK_DEBUG`).
    debug: bool,
    /// The heading each move gives (a variant's walker).
    heading: Option<Vec3>,
}

/// A variant of the table: its name, the settings and the walker's heading every move gives.
type Variant = (&'static str, SlideSettings, Option<Vec3>);

impl<'a> Run<'a> {
    fn new(mesh: &'a CollisionMesh) -> Self {
        Self {
            ck: Checker {
                mesh,
                near: Vec::new(),
            },
            scratch: Scratch::default(),
            trace: Trace::default(),
            tally: Tally::default(),
            debug: std::env::var_os("SLIDE_CHECK_DEBUG").is_some(),
            heading: None,
        }
    }

    /// One move checked; where it ended (`None` for NaN).
    fn check_move(&mut self, start: Vec3, radii: Vec3, v: Vec3, s: &SlideSettings) -> Option<Vec3> {
        let e = Ellipsoid::new(start, radii).expect("valid");
        let mesh = self.ck.mesh;
        let motion = Motion {
            velocity: v,
            heading: self.heading,
        };
        let r = collide_and_slide_with(
            mesh,
            &e,
            motion,
            s,
            &mut self.scratch,
            Some(&mut self.trace),
        )
        .expect("valid");
        self.tally.moves += 1;
        if !r.position.is_finite() || !r.integration_velocity.is_finite() {
            self.tally.nan += 1;
            return None;
        }
        self.tally.fallbacks += u64::from(r.end == EndReason::Fallback);
        if r.end == EndReason::Fallback {
            let d = self.ck.depth(start, radii);
            self.explain("fallback (start depth)", d, start, radii, v, s);
        }
        let mut from = start;
        let mut tunnel = false;
        for k in 0..self.trace.iterations.len() {
            let Some(resp) = self.trace.iterations[k].response else {
                continue;
            };
            let d = self.ck.depth(resp.new_center, radii);
            if d > REPORT_ES {
                self.tally.leg_overlaps += 1;
                self.explain("leg", d, start, radii, v, s);
            }
            self.tally.deepest_leg = self.tally.deepest_leg.max(d);
            tunnel |= self.ck.tunnels(from, resp.new_center);
            from = resp.new_center;
        }
        // The fallback restarts from the move's start.
        let last = if r.end == EndReason::Fallback {
            start
        } else {
            from
        };
        tunnel |= self.ck.tunnels(last, r.position);
        let d = self.ck.depth(r.position, radii);
        if d > REPORT_ES {
            self.tally.end_overlaps += 1;
            self.explain("end", d, start, radii, v, s);
        }
        self.tally.over_skin += u64::from(d > f64::from(s.tuning.skin_es));
        self.tally.deepest_end = self.tally.deepest_end.max(d);
        self.tally.tunnels += u64::from(tunnel);
        Some(r.position)
    }

    /// With `SLIDE_CHECK_DEBUG`, a crease or plane solver move that overlaps: its iterations.
    fn explain(
        &mut self,
        what: &str,
        d: f64,
        start: Vec3,
        radii: Vec3,
        v: Vec3,
        s: &SlideSettings,
    ) {
        if !self.debug || s.response.rule == Response::Seed {
            return;
        }
        eprintln!(
            "{what} overlap {d:.2e} (exact {}): start {start:?} radii {radii:?} v {v:?} end {:?}",
            s.response.exact_contact, self.trace.end
        );
        for k in 0..self.trace.iterations.len() {
            let it = &self.trace.iterations[k];
            let (start_center, response) = (it.start_center, it.response);
            let contacts: Vec<_> = it
                .contacts
                .iter()
                .map(|c| (c.triangle, c.feature.kind(), c.time, c.normal_es))
                .collect();
            let dd = self.ck.depth(start_center, radii);
            eprintln!(
                "  it {k} start depth {dd:.2e} contacts {contacts:?} crease {:?}",
                response.map(|r| r.crease_with)
            );
        }
    }
}

/// Moves from clear starts, each alone.
fn check(mesh: &CollisionMesh, moves: &[(Vec3, Vec3, Vec3)], variant: &Variant) -> Tally {
    let (settings, mut run) = (&variant.1, Run::new(mesh));
    run.heading = variant.2;
    for &(start, radii, v) in moves {
        run.check_move(start, radii, v, settings);
    }
    run.tally
}

/// Runs of `len` consecutive moves, each starting where the last ended (a character's frames:
/// the start is wherever the solver left it, not a clear start); the motions are drawn as in
/// `main` from each run's own seed.
fn check_runs(
    mesh: &CollisionMesh,
    runs: &[(Vec3, Vec3, u64)],
    len: usize,
    variant: &Variant,
) -> Tally {
    let (settings, mut run) = (&variant.1, Run::new(mesh));
    run.heading = variant.2;
    for &(start, radii, seed) in runs {
        let mut rng = Rng(seed);
        let mut at = start;
        for i in 0..len {
            let walk = random_walk(&mut rng);
            let v = motion(&mut rng, i, walk);
            match run.check_move(at, radii, v, settings) {
                Some(end) => at = end,
                None => break,
            }
        }
    }
    run.tally
}

/// A walking step: 0.05–0.5 m horizontally and 0.1 m down (as `common::walking_queries_n`).
fn random_walk(rng: &mut Rng) -> Vec3 {
    let a = rng.range(0.0, std::f32::consts::TAU);
    let l = rng.range(0.05, 0.5);
    Vec3::new(a.cos() * l, -0.1, a.sin() * l)
}

/// The `i`-th move's motion: a third each walking (`walk`), 2–10 m and 50 m in a random
/// direction tilted down.
fn motion(rng: &mut Rng, i: usize, walk: Vec3) -> Vec3 {
    let dir = Vec3::new(
        rng.range(-1.0, 1.0),
        rng.range(-0.5, 0.2),
        rng.range(-1.0, 1.0),
    )
    .normalize_or(Vec3::X);
    match i % 3 {
        0 => walk,
        1 => dir * rng.range(2.0, 10.0),
        _ => dir * 50.0,
    }
}

/// Runs `f` over `items` split across `threads`, adding the tallies.
fn in_parallel<T: Sync>(items: &[T], threads: usize, f: impl Fn(&[T]) -> Tally + Sync) -> Tally {
    let chunk = items.len().div_ceil(threads).max(1);
    let mut total = Tally::default();
    std::thread::scope(|s| {
        let parts: Vec<_> = items
            .chunks(chunk)
            .map(|part| s.spawn(|| f(part)))
            .collect();
        for p in parts {
            total.add(&p.join().expect("checker thread"));
        }
    });
    total
}

fn print_row(name: &str, label: &str, total: &Tally, secs: f64) {
    println!(
        "{name} | {label} | {} ({:.4} %) | {} | {} | {} | {} | {} | {:.2e} | {:.2e} | {secs:.0}",
        total.fallbacks,
        100.0 * total.fallbacks as f64 / total.moves as f64,
        total.nan,
        total.tunnels,
        total.end_overlaps,
        total.leg_overlaps,
        total.over_skin,
        total.deepest_end,
        total.deepest_leg,
    );
}

fn main() {
    let n: usize = std::env::var("SLIDE_CHECK_MOVES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000);
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get());
    let variants: [Variant; 7] = [
        ("seed", SlideSettings::default(), None),
        (
            "crease",
            SlideSettings {
                response: ResponseOptions {
                    rule: Response::Crease,
                    ..(SlideSettings::default()).response
                },
                ..SlideSettings::default()
            },
            None,
        ),
        (
            "crease+exact",
            SlideSettings {
                response: ResponseOptions {
                    rule: Response::Crease,
                    exact_contact: true,
                    ..(SlideSettings::default()).response
                },
                ..SlideSettings::default()
            },
            None,
        ),
        (
            "planes",
            SlideSettings {
                response: ResponseOptions {
                    rule: Response::Planes,
                    ..(SlideSettings::default()).response
                },
                ..SlideSettings::default()
            },
            None,
        ),
        (
            "planes+climb45",
            SlideSettings {
                response: ResponseOptions {
                    rule: Response::Planes,
                    max_climb_deg: Some(45.0),
                    ..(SlideSettings::default()).response
                },
                ..SlideSettings::default()
            },
            None,
        ),
        (
            "planes+climb45+step0.3",
            SlideSettings {
                response: ResponseOptions {
                    rule: Response::Planes,
                    max_climb_deg: Some(45.0),
                    max_step_m: Some(0.3),
                    ..(SlideSettings::default()).response
                },
                ..SlideSettings::default()
            },
            None,
        ),
        // The fix's settings with a walker's heading (one fixed direction: the moves going
        // that way get the heading's plane, the others not).
        (
            "planes+climb45+step0.3+heading",
            SlideSettings {
                response: ResponseOptions {
                    rule: Response::Planes,
                    max_climb_deg: Some(45.0),
                    max_step_m: Some(0.3),
                    ..(SlideSettings::default()).response
                },
                ..SlideSettings::default()
            },
            Some(Vec3::new(1.0, 0.0, 0.3)),
        ),
    ];
    // SLIDE_CHECK_RESPONSE=planes: only the variants whose name starts so.
    let only_variant = std::env::var("SLIDE_CHECK_RESPONSE").unwrap_or_default();
    let variants: Vec<_> = variants
        .into_iter()
        .filter(|(name, ..)| name.starts_with(only_variant.as_str()))
        .collect();
    println!(
        "{n} moves per level (a third walking, long, 50 m; ellipsoid and sphere), {threads} threads"
    );
    println!(
        "level | response | fallbacks | NaN | tunnels | ends > 1e-4 | legs > 1e-4 | ends > skin | deepest end | deepest leg | s"
    );
    // SLIDE_CHECK_LEVEL=sponza: one level; SLIDE_CHECK_RUNS_ONLY=1: the second table only.
    let only_level = std::env::var("SLIDE_CHECK_LEVEL").ok();
    let runs_only = std::env::var_os("SLIDE_CHECK_RUNS_ONLY").is_some();
    for (name, path) in SHARED_LEVELS {
        if only_level
            .as_ref()
            .is_some_and(|l| !name.contains(l.as_str()))
        {
            continue;
        }
        let mesh = load_level(path);
        let ellipsoid = Vec3::new(0.4, 0.9, 0.4);
        let sphere = Vec3::splat(0.5);
        let mut moves = Vec::with_capacity(n);
        let mut runs = Vec::new();
        for (k, radii) in [ellipsoid, sphere].into_iter().enumerate() {
            let mut rng = Rng(0x5eed_0015 + k as u64);
            let starts = walking_queries_n(&mesh, radii, 15 + k as u64, n / 2);
            for (i, &(start, walk)) in starts.iter().enumerate() {
                moves.push((start, radii, motion(&mut rng, i, walk)));
            }
            // One run per RUN_LEN moves, from the same clear starts.
            for (i, &(start, _)) in starts.iter().step_by(RUN_LEN).enumerate() {
                runs.push((start, radii, 0xc4a1_0000 + (k * n + i) as u64));
            }
        }
        for variant in variants.iter().filter(|_| !runs_only) {
            let t0 = std::time::Instant::now();
            let total = in_parallel(&moves, threads, |part| check(&mesh, part, variant));
            print_row(name, variant.0, &total, t0.elapsed().as_secs_f64());
        }
        for variant in &variants {
            let (label, t0) = (variant.0, std::time::Instant::now());
            let total = in_parallel(&runs, threads, |part| {
                check_runs(&mesh, part, RUN_LEN, variant)
            });
            let label = format!("{label}, runs of {RUN_LEN}");
            print_row(name, &label, &total, t0.elapsed().as_secs_f64());
        }
    }
}
