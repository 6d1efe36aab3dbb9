//! The harness that compares slidescope's sweep solvers with the f64 reference on a whole
//! level: query sampling (a fixed-seed [`Rng`]), running and timing each solver, statistics
//! and judging each disagreement. Shared by the `slidescope compare` subcommand, the benches
//! and the `solvers_*` tests, and kept out of `slidescope-collision` so the crate a game links
//! carries none of it (as Box2D v3 keeps such code in `shared/` beside the physics library).
//! glam and the core only, no I/O.
//!
//! Queries (fixed-seed SplitMix64, deterministic): *walking* — the ellipsoid 3 cm above a random
//! upward-facing triangle (area-weighted) moving 0.05–0.5 m sideways and 0.1 m down; *free* —
//! from 0.05–1.5 m off a random triangle (any facing) towards a jittered point of it, 0.5–1.5×
//! the distance. Shapes cycle: sphere (r 0.5), axis-aligned ellipsoid (0.4, 0.9, 0.4), rotated
//! ellipsoid (0.3, 0.8, 0.5) with random axes. Only starts clear of every triangle by
//! [`START_CLEARANCE_ES`] are kept: embedded starts are a different question.
//!
//! Every solver sees the same candidate triangles (a BVH box query of the swept ellipsoid),
//! and keeps its earliest contact. A disagreement with the reference (hit/miss differs, or
//! `|Δt| > T_TOLERANCE`) is *tangent* — explained — when the solver's answer is physically
//! right within [`TANGENT_TOLERANCE_ES`]: along the path up to the solver's time (its `t`, or 1
//! for a miss) the ellipsoid never overlaps the level by more than that, and at a reported
//! contact it is within that distance of touching. Anything else is *unexplained*.
//!
//! | file | holds |
//! |---|---|
//! | `rng.rs` | [`Rng`] (SplitMix64) |
//! | `scene.rs` | [`Scene`]: a level prepared for comparisons, and a query's candidates |
//! | `queries.rs` | [`generate_queries`] |
//! | `clearance.rs` | exact (f64) clearances of a swept ellipsoid from the level |
//! | `solver_runs.rs` | each solver and the reference over a scene ([`run_solver`], [`run_reference`]) |
//! | `stats.rs` | [`SolverStats`], [`percentile`] |
//! | `verdict.rs` | [`Verdict`], [`Disagreement`] |
//! | `judge.rs` | [`judge`], [`compare_solver`] |
//! | `static_check.rs` | seed 004's static test against the exact distance ([`static_check`]) |

// Functions stay short enough to read at once (`clippy.toml`: 80 lines).
#![warn(clippy::too_many_lines)]

mod clearance;
mod judge;
mod queries;
mod rng;
mod scene;
mod solver_runs;
mod static_check;
mod stats;
mod verdict;

pub use clearance::{clearance_at, min_clearance, start_clearance};
pub use judge::{T_TOLERANCE, TANGENT_TOLERANCE_ES, compare_solver, judge, time_text};
pub use queries::{CompareQuery, QueryKind, START_CLEARANCE_ES, ShapeKind, generate_queries};
pub use rng::Rng;
pub use scene::Scene;
pub use solver_runs::{
    Buffers, ReferenceRun, SolverId, reference_sweep, run_reference, run_solver,
    solver_sweep_polygons, solver_sweep_triangles,
};
pub use static_check::{StaticStats, static_check};
pub use stats::{ErrorLists, SolverStats, VerdictCounts, percentile};
pub use verdict::{Disagreement, Verdict};
