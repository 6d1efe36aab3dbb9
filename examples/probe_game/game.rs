//! A small "game" with its own collide-and-slide, to show the probe end to end.
//!
//! Detection is the `slidescope-collision` crate's `sweep_with` (a game can depend on the core
//! alone); the response loop is the game's own, a port of seed 001 12.3 with one switch: where
//! the skin padding goes. [`Padding::AlongNormal`] is the seed's (and the reference's);
//! [`Padding::AlongVelocity`] is the known flaw of Fauerby 2003's code (DESIGN "Pitfalls"):
//! the centre stops `skin` short *along the velocity* (`V.SetLength(nearestDistance −
//! veryCloseDistance)`), so a contact at an angle leaves it closer than the skin to the
//! surface, or not moved at all when the contact is nearer than the skin. Head-on contacts
//! (velocity against the normal) come out the same either way; every other contact does not.
//!
//! A second flaw, a bug rather than a convention, can be switched on ([`Flaw::NoEdges`]): a
//! port that forgot the edge cylinders of the Minkowski sum, so the wall's vertical edge lets
//! the ellipsoid into the wall as it walks round its end (`slidescope probe-check` tells the
//! two apart: the padding is a convention to declare, the missing edges a bug).
//!
//! The game walks like Fauerby's demo: each frame one horizontal move and one gravity move.

use glam::Vec3;
use slidescope::collision::{DebugKnobs, Tuning};
use slidescope_collision::{
    CaseKind, CaseMask, CollisionMesh, Contact, ContactTime, Ellipsoid, Scratch, SlideSettings,
    sweep_with,
};

pub const RADII: Vec3 = Vec3::new(0.4, 0.9, 0.4);
/// Fauerby's `veryCloseDistance` (eSpace units), five times the seed's 1e-3.
pub const SKIN_ES: f32 = 0.005;
pub const MAX_ITERATIONS: u32 = 30;
pub const DT_SECS: f32 = 1.0 / 60.0;
/// Where the walk starts: the teaching level's `wall_slide` station (centre of the ellipsoid).
pub const START: Vec3 = Vec3::new(-32.0, 0.92, -28.5);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Padding {
    AlongNormal,
    AlongVelocity,
}

/// A bug the game can be built with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flaw {
    None,
    /// Detection without the edge cylinders of the Minkowski sum.
    NoEdges,
}

/// What one move of the game produced.
#[derive(Debug, Clone, PartialEq)]
pub struct Moved {
    pub end: Vec3,
    pub integration_velocity: Vec3,
    pub iterations: u32,
    pub contacts: Vec<slidescope_probe::Contact>,
}

fn case(c: &Contact) -> slidescope_probe::Case {
    match c.feature.kind() {
        CaseKind::Face => slidescope_probe::Case::Face,
        CaseKind::Edge => slidescope_probe::Case::Edge,
        CaseKind::Vertex => slidescope_probe::Case::Vertex,
    }
}

/// The game's collide-and-slide, in eSpace about the move's start.
pub fn collide_and_slide(
    mesh: &CollisionMesh,
    start: Vec3,
    velocity: Vec3,
    padding: Padding,
    scratch: &mut Scratch,
) -> Moved {
    collide_and_slide_flawed(mesh, start, velocity, padding, Flaw::None, scratch)
}

/// [`collide_and_slide`] built with `flaw`.
pub fn collide_and_slide_flawed(
    mesh: &CollisionMesh,
    start: Vec3,
    velocity: Vec3,
    padding: Padding,
    flaw: Flaw,
    scratch: &mut Scratch,
) -> Moved {
    let cases = match flaw {
        Flaw::None => CaseMask::ALL,
        Flaw::NoEdges => CaseMask::ALL.with(CaseKind::Edge, false),
    };
    let detect = SlideSettings {
        tuning: Tuning {
            skin_es: SKIN_ES,
            ..(SlideSettings::default()).tuning
        },
        debug: DebugKnobs {
            cases,
            ..(SlideSettings::default()).debug
        },
        ..SlideSettings::default()
    };
    let (to_es, to_world) = (|v: Vec3| v / RADII, |v: Vec3| v * RADII);
    let input = to_es(velocity);
    let (mut from, mut to) = (Vec3::ZERO, input);
    let mut integration = velocity;
    let mut contacts = Vec::new();
    let mut hits = Vec::new();
    let mut iterations = 0;
    let mut stopped = false;
    while iterations < MAX_ITERATIONS {
        let v = to - from;
        if v.length() < 1e-5 {
            stopped = true;
            break;
        }
        iterations += 1;
        let Ok(at) = Ellipsoid::new(start + to_world(from), RADII) else {
            break;
        };
        if sweep_with(mesh, &at, to_world(v), &detect, scratch, &mut hits).is_err() {
            break;
        }
        let Some(c) = hits.first().copied() else {
            stopped = true;
            break;
        };
        let t = match c.time {
            ContactTime::Toi(t) => t,
            ContactTime::Embedded { .. } => 0.0,
        };
        contacts.push(slidescope_probe::Contact {
            iteration: iterations - 1,
            case: Some(case(&c)),
            t,
            center: c.center.to_array(),
            point: c.point.to_array(),
            normal: c.normal.to_array(),
            triangle: Some(c.triangle),
        });
        let n = c.normal_es;
        let touching = to_es(c.center - start);
        let new = match padding {
            Padding::AlongNormal => touching + n * SKIN_ES,
            Padding::AlongVelocity => {
                let d = v.length() * t;
                if d >= SKIN_ES {
                    from + v.normalize() * (d - SKIN_ES)
                } else {
                    from
                }
            }
        };
        integration -= c.normal * integration.dot(c.normal);
        from = new;
        to -= n * (to - new).dot(n);
        if (to - from).dot(input) < 0.0 {
            // The impulse filter (seed 001 12.15): stop in an internal corner.
            to = from;
            stopped = true;
            break;
        }
    }
    let mut end = start + to_world(to);
    if !stopped && iterations == MAX_ITERATIONS {
        // The seed's fallback: the first contact of the input velocity, without the skin.
        end = Ellipsoid::new(start, RADII)
            .ok()
            .and_then(|e| sweep_with(mesh, &e, velocity, &detect, scratch, &mut hits).ok())
            .and_then(|()| hits.first().map(|c| c.center))
            .unwrap_or(start);
    }
    Moved {
        end,
        integration_velocity: integration,
        iterations,
        contacts,
    }
}

/// The walk, one entry a frame: the horizontal velocity asked for (m/s).
pub fn script() -> Vec<Vec3> {
    let mut frames = vec![Vec3::ZERO; 30]; // settle on the floor
    frames.extend(std::iter::repeat_n(Vec3::new(0.0, 0.0, -3.0), 120)); // into the 30° wall
    frames.extend(std::iter::repeat_n(Vec3::new(2.0, 0.0, -2.0), 30)); // along it
    frames
}

/// The walk of a game built with a flaw: the same, then on along the wall and round its far
/// end, where the ellipsoid meets the wall's vertical edge.
pub fn script_flawed() -> Vec<Vec3> {
    let mut frames = script();
    frames.extend(std::iter::repeat_n(Vec3::new(2.2, 0.0, -2.4), 45));
    frames.extend(std::iter::repeat_n(Vec3::new(-1.5, 0.0, -2.6), 60));
    frames
}

/// Gravity's move each frame (m): Fauerby's demo applies it as a second move.
pub const GRAVITY_MOVE: Vec3 = Vec3::new(0.0, -0.03, 0.0);

/// One logged move.
#[derive(Debug, Clone, PartialEq)]
pub struct LoggedMove {
    pub frame: u64,
    pub start: Vec3,
    pub velocity: Vec3,
    pub moved: Moved,
}

/// Plays the script, calling `log` for every move (in order); returns them too.
#[allow(dead_code)] // the example's main plays `play_flawed`; tests/suite/probe_game.rs this
pub fn play(
    mesh: &CollisionMesh,
    padding: Padding,
    log: impl FnMut(u64, &LoggedMove),
) -> Vec<LoggedMove> {
    play_flawed(mesh, padding, Flaw::None, log)
}

/// [`play`] with the game built with `flaw`.
pub fn play_flawed(
    mesh: &CollisionMesh,
    padding: Padding,
    flaw: Flaw,
    mut log: impl FnMut(u64, &LoggedMove),
) -> Vec<LoggedMove> {
    let mut scratch = Scratch::default();
    let mut center = START;
    let mut moves = Vec::new();
    let walk = match flaw {
        Flaw::None => script(),
        _ => script_flawed(),
    };
    for (frame, wish) in walk.into_iter().enumerate() {
        let frame = frame as u64;
        for velocity in [wish * DT_SECS, GRAVITY_MOVE] {
            let moved =
                collide_and_slide_flawed(mesh, center, velocity, padding, flaw, &mut scratch);
            let m = LoggedMove {
                frame,
                start: center,
                velocity,
                moved,
            };
            center = m.moved.end;
            log(frame, &m);
            moves.push(m);
        }
    }
    moves
}

/// The probe's record of a logged move.
pub fn probe_move(m: &LoggedMove) -> slidescope_probe::Move {
    let mut p = slidescope_probe::Move::new(
        0,
        RADII.to_array(),
        m.start.to_array(),
        m.velocity.to_array(),
    );
    p.skin_es = Some(SKIN_ES);
    p.max_iterations = Some(MAX_ITERATIONS);
    p.result = Some(slidescope_probe::MoveResult {
        end: m.moved.end.to_array(),
        integration_velocity: m.moved.integration_velocity.to_array(),
        iterations: m.moved.iterations,
    });
    p
}

/// A crowd for the live stress test: `n` characters on the teaching level, each walking its
/// own circle, one move a frame each.
pub struct Crowd {
    centers: Vec<Vec3>,
    scratch: Scratch,
}

impl Crowd {
    /// `n` characters on a grid over the whole level, each at the first grid point clear of
    /// every triangle (a zero-length sweep finds nothing), standing on the floor.
    pub fn new(mesh: &CollisionMesh, n: usize) -> Self {
        let settings = SlideSettings::default();
        let clear = |c: Vec3| {
            Ellipsoid::new(c, RADII).is_ok_and(|e| {
                slidescope_collision::sweep(mesh, &e, Vec3::ZERO, &settings)
                    .is_ok_and(|hit| hit.is_none())
            })
        };
        let grid = (0..).map(|k: u32| {
            let (x, z) = (k % 100, k / 100);
            Vec3::new(-39.0 + 0.8 * x as f32, 0.905, -39.0 + 0.8 * z as f32)
        });
        let centers = grid.take(100 * 100).filter(|&c| clear(c)).take(n).collect();
        Self {
            centers,
            scratch: Scratch::default(),
        }
    }

    /// Moves everyone once (frame `frame`), calling `log` with each character's move.
    pub fn step(
        &mut self,
        mesh: &CollisionMesh,
        frame: u64,
        mut log: impl FnMut(u32, &LoggedMove),
    ) {
        for (i, c) in self.centers.iter_mut().enumerate() {
            let a = frame as f32 * 0.05 + i as f32;
            let velocity = Vec3::new(a.cos(), -0.5, a.sin()) * (2.0 * DT_SECS);
            let moved =
                collide_and_slide(mesh, *c, velocity, Padding::AlongNormal, &mut self.scratch);
            let m = LoggedMove {
                frame,
                start: *c,
                velocity,
                moved,
            };
            *c = m.moved.end;
            log(i as u32, &m);
        }
    }
}
