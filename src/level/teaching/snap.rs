//! Platform-independent coordinates and pseudo-random numbers for the teaching level.
//!
//! The generator computes in `f64` and snaps every coordinate to a 2⁻²⁰ m (≈ 1 µm) grid
//! before it is stored. A last-ulp difference between two platforms' `sin`/`cos` then
//! cannot change a single byte of `assets/teaching.glb`, and station-local values
//! (|x| < 8 m) on that grid are exactly representable in `f32`.
//! The jitter of the seam floor and the debris layout come from a fixed-seed SplitMix64,
//! so the level is the same on every run.

use glam::DVec3;

/// Grid step of stored coordinates: 2⁻²⁰ m.
pub const SNAP_M: f64 = 1.0 / 1_048_576.0;

/// `x` rounded to the nearest multiple of [`SNAP_M`].
pub fn snap(x: f64) -> f64 {
    (x / SNAP_M).round() * SNAP_M
}

/// Every component of `p` snapped with [`snap`].
pub fn snap3(p: DVec3) -> DVec3 {
    DVec3::new(snap(p.x), snap(p.y), snap(p.z))
}

/// Horizontal unit direction at `yaw_deg` degrees counter-clockwise about +Y, 0° = +X
/// (seen from above). Snapped so trigonometry rounding cannot leak into the file.
pub fn yaw_dir(yaw_deg: f64) -> DVec3 {
    let (s, c) = yaw_deg.to_radians().sin_cos();
    snap3(DVec3::new(c, 0.0, -s))
}

/// SplitMix64: a tiny deterministic generator (same sequence on every platform).
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[lo, hi)`, built from the top 53 bits (exact in `f64`).
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        let unit = (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        lo + (hi - lo) * unit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapped_values_are_exact_in_f32_below_8_m() {
        for x in [0.1, -3.3333333, 7.999_999, std::f64::consts::PI] {
            let s = snap(x);
            assert_eq!(s as f32 as f64, s);
            assert!((s - x).abs() <= SNAP_M / 2.0);
        }
    }

    #[test]
    fn splitmix_is_reproducible_and_in_range() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        for _ in 0..100 {
            let x = a.range(-2.0, 3.0);
            assert_eq!(x, b.range(-2.0, 3.0));
            assert!((-2.0..3.0).contains(&x));
        }
    }
}
