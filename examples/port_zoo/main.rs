//! The port zoo: ground truth for `probe-check`'s why. A port of collide-and-slide with the
//! rules and the bug given on the command line walks `--movers` characters over a level for
//! `--seconds` (a horizontal move and a gravity move a frame, headings turned at random,
//! seeded), records every move through the probe as a game would (no conventions declared),
//! and writes what is true of it beside: its rules, the moves where each rule changes the
//! outcome, and the first move where its bug does.
//!
//! ```text
//! cargo run --release --example port_zoo -- --level assets/levels/threejs_collision_world/collision-world.glb \
//!     --rules padding_along_velocity,short_leftover_dropped --bug broad_phase:1.5 \
//!     --out zoo.slidelog --truth zoo.json
//! ```
//!
//! With `--bug sliver_wall` the level recorded has a sliver added above it (`with_sliver`),
//! which the port meets anywhere in its plane (`port::Bug::SliverWall`).

mod port;

use std::path::PathBuf;

use glam::Vec3;
use serde::Serialize;
use slidescope::collision::conventions::Switch;
use slidescope_collision::{CollisionMesh, raycast};
use slidescope_probe::Probe;

use port::{Bug, MAX_ITERATIONS, Moved, Port, RADII, SKIN_ES, triangles_of};

const DT_SECS: f32 = 1.0 / 60.0;
const SPEED: f32 = 4.0;
const GRAVITY: f32 = 9.81;
/// A result this far from another (m) is another outcome (the probe's default tolerance).
const TOLERANCE_M: f32 = 1e-4;

/// What is true of the port that walked.
#[derive(Debug, Default, Serialize)]
struct Truth {
    rules: Vec<Switch>,
    bug: String,
    /// The moves where each rule shows in the file: dropping it changes what the port (bug
    /// included) recorded, on a move its bug did not change (a scale, which the why measures
    /// as a rule of the whole file, masks nothing), and so does dropping it with the rules
    /// that do nothing on that move ([`Zoo::shows`]).
    bites: Vec<(Switch, u64)>,
    /// The same of the port without its bug: what the rule does, seen or not.
    bites_unmasked: Vec<(Switch, u64)>,
    /// The moves where dropping the rule alone changes what the port recorded: more than
    /// `bites` where the rule's only effect is to stop another rule, which does nothing beside
    /// it (Linahan's projection places the centre in eSpace whatever the response's space, so
    /// beside it a response in world space changes no position, and without it does): the
    /// file cannot tell the two from neither.
    bites_alone: Vec<(Switch, u64)>,
    /// [`Truth::bites_alone`] of the port without its bug.
    bites_unmasked_alone: Vec<(Switch, u64)>,
    /// The first move where the bug changes the outcome, from the same start.
    first_bug_move: Option<u64>,
    moves: u64,
}

struct Args {
    level: PathBuf,
    rules: Vec<Switch>,
    bug: Bug,
    bug_name: String,
    movers: usize,
    seconds: f32,
    seed: u64,
    out: PathBuf,
    truth: Option<PathBuf>,
    /// Each move sends the port's skin (`--send-skin no`: a probe that leaves it out, whose
    /// padding `probe-check` measures).
    send_skin: bool,
}

fn main() -> std::process::ExitCode {
    match parse().and_then(|a| run(&a)) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("port_zoo: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        level: PathBuf::from("assets/levels/threejs_collision_world/collision-world.glb"),
        rules: Vec::new(),
        bug: Bug::None,
        bug_name: "none".into(),
        movers: 6,
        seconds: 8.0,
        seed: 1,
        out: PathBuf::from("port_zoo.slidelog"),
        truth: None,
        send_skin: true,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        let num = |v: &str| {
            v.parse::<f64>()
                .map_err(|_| format!("{flag}: not a number: {v}"))
        };
        match flag.as_str() {
            "--level" => a.level = value.into(),
            "--rules" => {
                a.rules = (value.split(',').filter(|s| !s.is_empty()))
                    .map(|s| Switch::named(s).ok_or(format!("no rule {s}")))
                    .collect::<Result<_, _>>()?
            }
            "--bug" => {
                a.bug = Bug::parse(&value)?;
                a.bug_name = value;
            }
            "--movers" => a.movers = num(&value)? as usize,
            "--seconds" => a.seconds = num(&value)? as f32,
            "--seed" => a.seed = num(&value)? as u64,
            "--out" => a.out = value.into(),
            "--truth" => a.truth = Some(value.into()),
            "--send-skin" => a.send_skin = value != "no",
            _ => return Err(format!("unknown argument {flag}")),
        }
    }
    Ok(a)
}

/// SplitMix64: numbers in [0, 1).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f32 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) >> 40) as f32 / (1u64 << 24) as f32
    }
}

/// One walker: where it is, where it heads, its fall speed.
struct Walker {
    at: Vec3,
    heading: f32,
    fall: f32,
}

fn run(a: &Args) -> Result<(), String> {
    let mesh = slidescope::level::Level::load(&a.level)
        .map_err(|e| e.to_string())?
        .collision;
    let mesh = match a.bug {
        Bug::SliverWall => with_sliver(&mesh)?,
        _ => mesh,
    };
    let mut rng = Rng(a.seed);
    let spawns = spawn_points(&mesh, a.movers, &mut rng)?;
    let mut walkers: Vec<Walker> = (spawns.iter())
        .map(|&at| Walker {
            at,
            heading: rng.next() * std::f32::consts::TAU,
            fall: 0.0,
        })
        .collect();
    let mut probe = Probe::new();
    probe.also_save(&a.out).map_err(|e| e.to_string())?;
    let positions: Vec<[f32; 3]> = mesh.positions().iter().map(|p| p.to_array()).collect();
    let indices: Vec<[u32; 3]> = (0..mesh.triangle_count() as u32)
        .map(|t| mesh.triangle_indices(t))
        .collect();
    probe.set_level_mesh(&positions, &indices);
    let mut zoo = Zoo::new(a);
    let frames = (a.seconds / DT_SECS) as u64;
    let floor = mesh.bounds().min.y - 5.0;
    for frame in 0..frames {
        probe.frame(frame, f64::from(frame as f32 * DT_SECS), DT_SECS);
        for (id, w) in walkers.iter_mut().enumerate() {
            if rng.next() < DT_SECS / 1.5 {
                w.heading += (rng.next() - 0.5) * 3.0;
            }
            let walk = Vec3::new(w.heading.cos(), 0.0, w.heading.sin()) * SPEED * DT_SECS;
            w.at = zoo.log(&mesh, &mut probe, id as u32, w.at, walk);
            w.fall -= GRAVITY * DT_SECS;
            let drop = Vec3::new(0.0, w.fall * DT_SECS, 0.0);
            let before = w.at;
            w.at = zoo.log(&mesh, &mut probe, id as u32, w.at, drop);
            if !w.at.is_finite() || w.at.y < floor {
                w.at = spawns[id];
                w.fall = 0.0;
            } else if w.at.y - before.y > drop.y * 0.5 {
                w.fall = 0.0;
            }
        }
    }
    probe.flush();
    if let Some(e) = probe.errors().first() {
        return Err(e.to_string());
    }
    drop(probe);
    let truth = zoo.truth();
    if let Some(path) = &a.truth {
        let json = serde_json::to_string_pretty(&truth).map_err(|e| e.to_string())?;
        std::fs::write(path, json).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    println!(
        "port_zoo: {} moves; rules {:?}; bug {} (first changes move {:?}); rule bites {:?}",
        truth.moves, truth.rules, truth.bug, truth.first_bug_move, truth.bites
    );
    Ok(())
}

/// The port that walks, the ports with one rule each left out (to find where each rule
/// bites), and what they found.
struct Zoo {
    send_skin: bool,
    port: Port,
    without: Vec<(Switch, Port)>,
    truth: Truth,
}

/// A move's level, start and velocity.
type Move<'a> = (&'a CollisionMesh, Vec3, Vec3);

/// A move of the port solved with its bug or without, and with each rule left out.
struct Solved {
    moved: Moved,
    without: Vec<Moved>,
}

impl Zoo {
    fn new(a: &Args) -> Self {
        let without = (a.rules.iter())
            .map(|&r| {
                let others: Vec<Switch> = a.rules.iter().copied().filter(|&o| o != r).collect();
                (r, Port::new(&others, a.bug))
            })
            .collect();
        Self {
            send_skin: a.send_skin,
            port: Port::new(&a.rules, a.bug),
            without,
            truth: Truth {
                rules: a.rules.clone(),
                bug: a.bug_name.clone(),
                bites: a.rules.iter().map(|&r| (r, 0)).collect(),
                bites_unmasked: a.rules.iter().map(|&r| (r, 0)).collect(),
                bites_alone: a.rules.iter().map(|&r| (r, 0)).collect(),
                bites_unmasked_alone: a.rules.iter().map(|&r| (r, 0)).collect(),
                ..Default::default()
            },
        }
    }

    /// One move of walker `id`: solved, compared with the port without its bug and without
    /// each rule, logged; returns the end.
    fn log(&mut self, mesh: &CollisionMesh, probe: &mut Probe, id: u32, at: Vec3, v: Vec3) -> Vec3 {
        let index = self.truth.moves;
        self.truth.moves += 1;
        let moved = self.port.step(mesh, at, v, true);
        let clean = self.port.step(mesh, at, v, false);
        if self.truth.first_bug_move.is_none() && moved.differs(&clean, TOLERANCE_M) {
            self.truth.first_bug_move = Some(index);
        }
        let scaled = matches!(self.port.bug(), Bug::Scale(_));
        let masked = !scaled && moved.differs(&clean, TOLERANCE_M);
        let [with_bug, without_bug] = [true, false].map(|bug| {
            let without = self.without.iter_mut();
            let without = without.map(|(_, p)| p.step(mesh, at, v, bug)).collect();
            let moved = if bug { moved.clone() } else { clean.clone() };
            Solved { moved, without }
        });
        for k in 0..self.without.len() {
            let alone = !masked && with_bug.without[k].differs(&moved, TOLERANCE_M);
            self.truth.bites_alone[k].1 += u64::from(alone);
            let shows = alone && self.shows(k, &with_bug, (mesh, at, v), true);
            self.truth.bites[k].1 += u64::from(shows);
            let does = without_bug.without[k].differs(&clean, TOLERANCE_M);
            self.truth.bites_unmasked_alone[k].1 += u64::from(does);
            let does = does && self.shows(k, &without_bug, (mesh, at, v), false);
            self.truth.bites_unmasked[k].1 += u64::from(does);
        }
        let mut mv = probe_move(id, at, v, &moved);
        mv.skin_es = mv.skin_es.filter(|_| self.send_skin);
        probe.log_move(&mv, &moved.contacts);
        moved.end
    }

    /// Whether rule `k`, whose leaving out changes the move `solved`, still changes it when
    /// the rules that change nothing on this move are left out with it: otherwise what it
    /// changes is only another rule coming into effect, and the move shows neither.
    fn shows(&self, k: usize, solved: &Solved, (mesh, at, v): Move, bug: bool) -> bool {
        let idle = |j: usize| !solved.without[j].differs(&solved.moved, TOLERANCE_M);
        let kept: Vec<Switch> = (self.without.iter().enumerate())
            .filter(|&(j, _)| j != k && !idle(j))
            .map(|(_, (r, _))| *r)
            .collect();
        if kept.len() + 1 == self.without.len() {
            return true;
        }
        let mut port = Port::new(&kept, self.port.bug());
        port.step(mesh, at, v, bug)
            .differs(&solved.moved, TOLERANCE_M)
    }

    fn truth(self) -> Truth {
        self.truth
    }
}

fn probe_move(id: u32, at: Vec3, v: Vec3, m: &Moved) -> slidescope_probe::Move {
    let mut p = slidescope_probe::Move::new(id, RADII.to_array(), at.to_array(), v.to_array());
    p.skin_es = Some(SKIN_ES);
    p.max_iterations = Some(MAX_ITERATIONS);
    p.result = Some(slidescope_probe::MoveResult {
        end: m.end.to_array(),
        integration_velocity: m.integration_velocity.to_array(),
        iterations: m.iterations,
    });
    p
}

/// `level` with a sliver last: three corners √2 m apart in a line but for 0.1 mm, above the
/// level's middle (out of the walkers' reach), in the plane x = the middle's x.
fn with_sliver(level: &CollisionMesh) -> Result<CollisionMesh, String> {
    let b = level.bounds();
    let o = Vec3::new(
        0.5 * (b.min.x + b.max.x),
        b.max.y + 5.0,
        0.5 * (b.min.z + b.max.z),
    );
    let sliver = [
        o,
        o + Vec3::new(0.0, 1.0, 1.0),
        o + Vec3::new(0.0, 2.0, 2.0001),
    ];
    let mut triangles = triangles_of(level);
    triangles.push(sliver);
    CollisionMesh::from_triangles(&triangles).map_err(|e| e.to_string())
}

/// Spawn points for `n` walkers: on a floor (a front face, normal within 45° of up) found by
/// a ray down from a random point, the ellipsoid 0.05 m above it, 2 m apart, nothing over it
/// within its height, an ellipsoid 2 % larger there overlapping nothing.
fn spawn_points(mesh: &CollisionMesh, n: usize, rng: &mut Rng) -> Result<Vec<Vec3>, String> {
    let b = mesh.bounds();
    let mut out: Vec<Vec3> = Vec::new();
    for _ in 0..20_000 {
        if out.len() == n {
            return Ok(out);
        }
        let p = b.min + (b.max - b.min) * Vec3::new(rng.next(), rng.next(), rng.next());
        let down = raycast(mesh, p, Vec3::NEG_Y, 50.0).ok().flatten();
        let Some(hit) = down.filter(|h| h.front && h.normal.y > 0.7) else {
            continue;
        };
        let at = hit.point + Vec3::Y * (RADII.y + 0.05);
        let up = raycast(mesh, hit.point + Vec3::Y * 0.01, Vec3::Y, 2.5 * RADII.y)
            .ok()
            .flatten();
        let crowded = out.iter().any(|q| q.distance(at) < 2.0);
        let settle = Vec3::NEG_Y * 1e-3;
        let clear = (slidescope_collision::Ellipsoid::new(at, RADII * 1.02).ok())
            .and_then(|e| slidescope_collision::sweep(mesh, &e, settle, &Default::default()).ok())
            .is_some_and(|hit| hit.is_none());
        if up.is_none() && !crowded && clear {
            out.push(at);
        }
    }
    Err(format!("found only {} of {n} spawn points", out.len()))
}
