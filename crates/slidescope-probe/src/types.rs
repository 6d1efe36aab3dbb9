//! The plain data a game hands the probe, and the reader hands back: arrays of `f32`, no math
//! library, so any game can fill them from its own vector types. World space and metres
//! unless a field says eSpace.

/// One collide-and-slide call of the game (a `MOVE` record's fixed part).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Move {
    /// Which character moved (the game's id).
    pub mover: u32,
    /// Semi-axes (m), all > 0.
    pub radii: [f32; 3],
    /// Principal axes as three columns (orthonormal); [`Move::IDENTITY_AXES`] when axis-aligned.
    pub axes: [[f32; 3]; 3],
    /// Ellipsoid centre before the move (m).
    pub start: [f32; 3],
    /// Displacement asked for this call (m): velocity × dt.
    pub velocity: [f32; 3],
    /// The game's padding (eSpace units), if it has one.
    pub skin_es: Option<f32>,
    /// The game's iteration limit, if it has one.
    pub max_iterations: Option<u32>,
    /// What the game's own collide-and-slide produced.
    pub result: Option<MoveResult>,
}

impl Move {
    pub const IDENTITY_AXES: [[f32; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];

    /// An axis-aligned move with no settings and no result yet.
    pub fn new(mover: u32, radii: [f32; 3], start: [f32; 3], velocity: [f32; 3]) -> Self {
        Self {
            mover,
            radii,
            axes: Self::IDENTITY_AXES,
            start,
            velocity,
            skin_es: None,
            max_iterations: None,
            result: None,
        }
    }
}

/// The game's result of a move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MoveResult {
    /// Final centre (m).
    pub end: [f32; 3],
    /// The velocity carried into the next step, in the units of [`Move::velocity`].
    pub integration_velocity: [f32; 3],
    /// Detect/respond iterations run.
    pub iterations: u32,
}

/// The contact one iteration of the game's loop responded to.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Contact {
    /// 0-based iteration of the move.
    pub iteration: u32,
    /// Which part of the Minkowski sum the game says it touched, if it knows.
    pub case: Option<Case>,
    /// Time of impact as a fraction of that iteration's velocity (0 for an embedded start).
    pub t: f32,
    /// Ellipsoid centre at contact, before padding (m).
    pub center: [f32; 3],
    /// Touched point (m).
    pub point: [f32; 3],
    /// Unit slide-plane normal, away from the triangle.
    pub normal: [f32; 3],
    /// Triangle index in the active mesh, if the game knows it.
    pub triangle: Option<u32>,
}

/// The three parts of the Minkowski sum of a triangle and the unit sphere.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    Face,
    Edge,
    Vertex,
}

/// A rigid pose: rotate, then translate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pose {
    /// Unit quaternion `[x, y, z, w]`.
    pub rotation: [f32; 4],
    /// Metres.
    pub translation: [f32; 3],
}

impl Pose {
    pub const IDENTITY: Self = Self {
        rotation: [0.0, 0.0, 0.0, 1.0],
        translation: [0.0; 3],
    };
}

/// Both poses of one moving object for the moves that follow (seed 001 12.12.1).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ObjectPose {
    pub object: u32,
    /// The pose the sweep is tested against.
    pub previous: Pose,
    /// Where the object is now.
    pub current: Pose,
}

/// A game frame (a `FRAME` record).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    pub frame: u64,
    pub time_secs: f64,
    pub dt_secs: f32,
}
