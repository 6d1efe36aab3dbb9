//! The numerically stable quadratic of seeds 000 §4 and 003 16.18: the first root of
//! `a t² + b t + c = 0` in `[0, t_max]` for a ray that starts outside the quadric (`c >= 0`).
//!
//! `q = −½ (b + sign(b) √disc)`, roots `q / a` and `c / q`: [`first_root`], the formula the
//! four-lane tests share (`lane.rs`).

use super::lane::{Quadratic, first_root};

/// The smallest root of `a t² + b t + c` in `[0, t_max]`, if any.
///
/// Callers handle `c < 0` (start inside) themselves; here `c >= 0` is assumed, so both roots
/// have the same sign and an approaching ray has `b < 0`.
#[inline]
pub fn first_root_in_range(a: f32, b: f32, c: f32, t_max: f32) -> Option<f32> {
    if b >= 0.0 {
        // Moving away from (or tangent along) the surface: no entry ahead.
        return None;
    }
    let q = Quadratic { a, b, c };
    let disc = q.discriminant();
    if disc < 0.0 {
        return None;
    }
    let t = first_root(&q, disc, t_max);
    (!t.is_nan()).then_some(t)
}

/// The root of `a t² + b t + c` after the start for a ray that starts inside the quadric
/// (`c < 0`, `a > 0`: one root each side of 0), where it leaves it; `None` otherwise. The
/// form without cancellation for either sign of `b`.
#[inline]
pub fn exit_root(a: f32, b: f32, c: f32) -> Option<f32> {
    if !(a > 0.0 && c < 0.0) {
        return None;
    }
    let s = (b * b - 4.0 * a * c).sqrt();
    let t = if b >= 0.0 {
        -2.0 * c / (b + s)
    } else {
        (s - b) / (2.0 * a)
    };
    t.is_finite().then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_exit_root_is_the_positive_one_for_either_sign_of_b() {
        // (t + 0.5)(t − 0.25) = t² + 0.25 t − 0.125 and (t + 0.25)(t − 0.5) = t² − 0.25 t − 0.125
        assert_eq!(exit_root(1.0, 0.25, -0.125), Some(0.25));
        assert_eq!(exit_root(1.0, -0.25, -0.125), Some(0.5));
        assert_eq!(exit_root(1.0, -0.25, 0.125), None);
        assert_eq!(exit_root(0.0, -0.25, -0.125), None);
    }

    #[test]
    fn picks_the_smaller_root() {
        // (t − 0.25)(t − 0.75) = t² − t + 0.1875
        assert_eq!(first_root_in_range(1.0, -1.0, 0.1875, 1.0), Some(0.25));
    }

    #[test]
    fn linear_when_a_vanishes() {
        // a = 0: −2 t + 1 = 0 → t = 0.5 (r1 = inf is rejected, r2 = c / q is exact)
        assert_eq!(first_root_in_range(0.0, -2.0, 1.0, 1.0), Some(0.5));
    }

    #[test]
    fn stable_for_tiny_roots() {
        // t² − 1e4 t + 1e-4: naive formula loses the small root 1e-8 to cancellation.
        let t = first_root_in_range(1.0, -1e4, 1e-4, 1.0).unwrap();
        assert!((t - 1e-8).abs() < 1e-12, "{t}");
    }

    #[test]
    fn out_of_range_and_receding() {
        assert_eq!(first_root_in_range(1.0, -3.0, 2.0, 0.5), None); // roots 1, 2
        assert_eq!(first_root_in_range(1.0, 3.0, 2.0, 10.0), None); // roots −1, −2
        assert_eq!(first_root_in_range(1.0, -1.0, 1.0, 10.0), None); // no real root
    }
}
