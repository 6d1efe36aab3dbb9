//! Station: a floor made of many small triangles — a 6 × 6 m grid of 0.25 m cells with
//! randomly chosen diagonals and its inner vertices jittered by up to 0.1 mm. Sliding across
//! it, the sweep meets the internal edges between coplanar-looking triangles; a careless
//! edge test reports them as obstacles and the character snags ("stuck on an internal
//! edge"; the edge case of seed 001 fig. 12.3 where it should not apply).
//!
//! The grid fills a 6 × 6 m hole in the ground floor (see `floor.rs`); its border vertices
//! are not jittered and lie on the hole's edges.

use super::material::MaterialId;
use super::snap::SplitMix64;
use super::solid::{Face, Part};
use super::station::{StationPlan, p};

/// Half the side of the grid (metres): it spans `-HALF_SIZE_M..HALF_SIZE_M` in x and z.
pub const HALF_SIZE_M: f64 = 3.0;
/// Cells per side.
pub const CELLS: usize = 24;
/// Largest vertex offset along any axis (metres).
pub const JITTER_M: f64 = 1e-4;

pub fn plan() -> StationPlan {
    let mut rng = SplitMix64::new(0x5ea4_f100);
    let step = 2.0 * HALF_SIZE_M / CELLS as f64;
    let n = CELLS + 1;
    let mut grid = Vec::with_capacity(n * n);
    for j in 0..n {
        for i in 0..n {
            let mut q = p(
                -HALF_SIZE_M + i as f64 * step,
                0.0,
                -HALF_SIZE_M + j as f64 * step,
            );
            let border = i == 0 || j == 0 || i == CELLS || j == CELLS;
            if !border {
                q.y = rng.range(-JITTER_M, JITTER_M);
                // One vertex in three is also nudged sideways (a slightly rotated triangle).
                if rng.next_u64().is_multiple_of(3) {
                    q.x += rng.range(-JITTER_M, JITTER_M);
                    q.z += rng.range(-JITTER_M, JITTER_M);
                }
            }
            grid.push(super::snap::snap3(q));
        }
    }
    let at = |i: usize, j: usize| grid[j * n + i];
    let mut faces = Vec::with_capacity(2 * CELLS * CELLS);
    for j in 0..CELLS {
        for i in 0..CELLS {
            // a = (x0, z0), b = (x1, z0), c = (x1, z1), d = (x0, z1); counter-clockwise from above.
            let (a, b, c, d) = (at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1));
            let tris = if rng.next_u64() & 1 == 0 {
                [[a, d, c], [a, c, b]]
            } else {
                [[a, d, b], [b, d, c]]
            };
            faces.extend(tris.map(|t| Face {
                vertices: t.to_vec(),
            }));
        }
    }
    StationPlan {
        name: "seam_floor",
        label: "Floor of 1152 small jittered triangles: internal edges must not snag",
        seed_ref: "fig. 12.3",
        parts: vec![Part::surface("seam_grid", MaterialId::Seam, faces)],
        spawn: p(0.0, super::station::SPAWN_LIFT_M, 2.5),
        look: p(0.0, 0.0, -3.0),
    }
}
