//! Colours (linear RGBA) of the paused debugger's own shapes (after-ellipsoid, paths, solvers,
//! Minkowski parts); the legend, the inspector and the solvers' panel show the same ones.

/// The ellipsoid where the iteration leaves it.
pub const AFTER_WIRE: [f32; 4] = [0.2, 1.0, 0.6, 1.0];
pub const AFTER: [f32; 4] = [0.2, 1.0, 0.6, 0.18];
/// The recorded path of the frame.
pub const PATH: [f32; 4] = [0.95, 0.95, 0.95, 1.0];
/// The re-run path (cases switched off).
pub const RERUN_PATH: [f32; 4] = [1.0, 0.1, 0.85, 1.0];
/// The recorded walk after the cursor, and the walk re-simulated with cases switched off.
pub const LATER_PATH: [f32; 4] = [0.6, 0.6, 0.6, 1.0];
pub const LATER_RESIM_PATH: [f32; 4] = [0.6, 0.4, 1.0, 1.0];
pub const LATER_RESIM: [f32; 4] = [0.6, 0.4, 1.0, 0.22];
pub const RERUN: [f32; 4] = [1.0, 0.1, 0.85, 0.2];
/// The "all solvers" overlay, in `side_by_side` order: decomposed, plane space, gradient
/// normal, reference.
pub const SOLVERS: [[f32; 4]; 4] = [
    [0.25, 0.85, 1.0, 1.0],
    [1.0, 0.85, 0.2, 1.0],
    [1.0, 0.3, 0.3, 1.0],
    [1.0, 1.0, 1.0, 1.0],
];
/// Minkowski parts.
pub const FACE_SLAB: [f32; 4] = [0.2, 0.9, 1.0, 1.0];
pub const EDGE_CYLINDER: [f32; 4] = [1.0, 0.75, 0.1, 0.16];
pub const EDGE_WIRE: [f32; 4] = [1.0, 0.75, 0.1, 1.0];
pub const VERTEX_SPHERE: [f32; 4] = [0.9, 0.2, 1.0, 0.16];
pub const VERTEX_WIRE: [f32; 4] = [0.9, 0.2, 1.0, 1.0];
pub const CENTER_RAY: [f32; 4] = [1.0, 1.0, 0.2, 1.0];
pub const ENTRY: [f32; 4] = [1.0, 0.2, 0.1, 1.0];
pub const EXIT: [f32; 4] = [0.15, 0.35, 1.0, 1.0];
/// The swept centre's line before t = 0 and past t = 1, out to the roots.
pub const RAY_BEYOND: [f32; 4] = [0.55, 0.55, 0.2, 1.0];
/// A game's own path through its move (through the probe), and where it ended.
pub const GAME_PATH: [f32; 4] = [1.0, 0.45, 0.05, 1.0];
pub const GAME: [f32; 4] = [1.0, 0.45, 0.05, 0.2];
