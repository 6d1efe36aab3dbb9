//! The built-in teaching level: stations that reproduce the situations of seed 001 chapter 12
//! ("Collision Detection and Response", fig. 12.1–12.16) and the known trouble spots of
//! character controllers, built in code and written to `assets/teaching.glb`.
//!
//! Conventions: metres, +Y up, glTF axes; every face counter-clockwise seen from its front,
//! normals pointing out of solids. Every solid is a closed convex prism (see [`solid`]); the
//! ground floor and the seam floor are open upward-facing sheets. Stations sit in the cells of
//! a 5 × 5 grid of 16 m cells (the centre cell holds the start), each station's geometry within
//! ±4 m of its cell centre, so at least 8 m of free floor separate two stations.
//!
//! The generator is deterministic (see [`snap`]). Rebuild the asset with
//! `cargo test --test suite -- --ignored regenerate_teaching_level`; a normal test
//! fails when the committed file differs from what the generator produces.

pub mod corridor;
pub mod debris;
pub mod doorway;
pub mod external_corner;
pub mod floor;
pub mod glb;
pub mod internal_corner;
pub mod ledge;
pub mod low_ceiling;
pub mod material;
pub mod moving_stations;
pub mod notch;
pub mod pillar;
pub mod ramp;
pub mod seam_floor;
pub mod snap;
pub mod solid;
pub mod stairs;
pub mod station;
pub mod teaching_level;
pub mod thin_wall;
pub mod wall_slide;
pub mod wedge;

use glam::{DVec3, Vec3};

pub use glb::GlbError;
pub use material::{MATERIALS, MaterialId};
pub use moving_stations::{Mover, MoverKeys};
pub use solid::{Face, Part, PartKind};
pub use station::{HULL_HALF_HEIGHT_M, SPAWN_LIFT_M, StationPlan, TeachingStation};
pub use teaching_level::{PlacedMover, PlacedStation, TeachingLevel, WorldTriangles};

/// Path of the generated level, relative to the repository root.
pub const ASSET_PATH: &str = "assets/teaching.glb";
/// Side of one station cell (metres).
pub const CELL_M: f64 = 16.0;
/// Cells per side of the level grid.
pub const GRID_CELLS: usize = 5;

/// Every station, in chapter order (stable: this order is the order in the file).
pub fn plans() -> Vec<StationPlan> {
    vec![
        wall_slide::plan(),
        corridor::plan(),
        external_corner::right_angle(),
        external_corner::sharp(),
        pillar::plan(),
        stairs::low(),
        stairs::tall(),
        ledge::plan(),
        debris::plan(),
        wedge::plan(),
        low_ceiling::plan(),
        internal_corner::right_angle(),
        internal_corner::sixty(),
        internal_corner::thirty(),
        stairs::wall_beside_steps(),
        notch::plan(),
        ramp::twenty(),
        ramp::thirty_five(),
        ramp::fifty(),
        doorway::plan(),
        thin_wall::plan(),
        seam_floor::plan(),
        moving_stations::lift_plan(),
        moving_stations::door_plan(),
    ]
}

/// World-space origin of the station in cell `index` (row-major, skipping the centre cell).
fn cell_origin(index: usize) -> DVec3 {
    let centre = GRID_CELLS * GRID_CELLS / 2;
    let cell = if index >= centre { index + 1 } else { index };
    let half = (GRID_CELLS / 2) as f64;
    let col = (cell % GRID_CELLS) as f64 - half;
    let row = (cell / GRID_CELLS) as f64 - half;
    DVec3::new(col * CELL_M, 0.0, row * CELL_M)
}

/// Builds the level (pure and deterministic).
pub fn build() -> TeachingLevel {
    let mut hole = DVec3::ZERO;
    let stations: Vec<PlacedStation> = plans()
        .into_iter()
        .enumerate()
        .map(|(i, plan)| {
            let origin = cell_origin(i);
            if plan.name == "seam_floor" {
                hole = origin;
            }
            PlacedStation {
                station: TeachingStation {
                    name: plan.name,
                    label: plan.label,
                    seed_ref: plan.seed_ref,
                    spawn: (origin + plan.spawn).as_vec3(),
                    look: (origin + plan.look).as_vec3(),
                },
                origin: origin.as_vec3(),
                parts: plan.parts,
            }
        })
        .collect();
    let half_extent = CELL_M * GRID_CELLS as f64 / 2.0;
    let movers = moving_stations::movers()
        .into_iter()
        .filter_map(|mover| {
            let origin = stations
                .iter()
                .find(|s| s.station.name == mover.station)?
                .origin;
            Some(PlacedMover { mover, origin })
        })
        .collect();
    TeachingLevel {
        movers,
        stations,
        floor: floor::with_hole(half_extent, hole, seam_floor::HALF_SIZE_M),
        start: TeachingStation {
            name: "start",
            label: "Start: the crossroads in the middle of the level",
            seed_ref: "ch. 12",
            spawn: Vec3::new(0.0, SPAWN_LIFT_M as f32, 0.0),
            look: Vec3::new(0.0, 1.0, -(CELL_M as f32)),
        },
    }
}

/// The stations of the built-in level (world space), without building a file.
pub fn stations() -> Vec<TeachingStation> {
    build().stations.into_iter().map(|s| s.station).collect()
}

impl TeachingLevel {
    /// The level as `.glb` bytes (what [`ASSET_PATH`] holds).
    pub fn to_glb(&self) -> Result<Vec<u8>, GlbError> {
        glb::write(self)
    }
}
