//! One triangle's whole test in detection, as the settings' conventions say: the static scan's
//! one-pass test and the moving objects' test (`dynamic`) alike; and the conventions the
//! face-first scan applies itself (`part_rules` for its face steps, `leaves_front`; it applies
//! roots through `sweep::round_step`).

use glam::Vec3;

use crate::sweep::{NarrowPhase, PartRules, TriangleEs, sweep_triangle_roots, touch};
use crate::{Sidedness, SlideSettings, SweepHit};

/// Both sides of every triangle collide (`sidedness`); otherwise one with the centre behind
/// its plane is ignored.
pub(super) fn two_sided(s: &SlideSettings) -> bool {
    !s.conventions.sidedness.culls_behind()
}

/// The conventions that decide a triangle's parts: its sidedness, `roots`,
/// `embedded_plane_skipped` and `fauerby_f32`.
pub(super) fn part_rules(s: &SlideSettings) -> PartRules {
    PartRules {
        two_sided: two_sided(s),
        roots: s.conventions.roots,
        plane_skipped: s.conventions.embedded_plane_skipped,
        expanded_edges: s.conventions.fauerby_f32,
        point_at_motion_end: s.debug.face_point_at_motion_end,
    }
}

/// [`Sidedness::LeavingIgnored`]: the motion leaves the triangle's front (Fauerby 2003 `if
/// (trianglePlane.isFrontFacingTo(normalizedVelocity))`), so none of its parts is tested.
/// Checked before the sweep, as the ports do.
#[inline]
pub(super) fn leaves_front(s: &SlideSettings, tri_es: &TriangleEs, v: Vec3) -> bool {
    s.conventions.sidedness == Sidedness::LeavingIgnored && tri_es.normal_es.dot(v) > 0.0
}

/// One triangle's whole test at `limit`, as the settings' conventions say: none where the
/// motion leaves its front ([`Sidedness::LeavingIgnored`]); the narrow phase's test (the
/// decomposed one's where only roots after the start count, [`crate::Roots::PositiveOnly`], or the
/// face of a plane overlapped and moved along is not tested); and a
/// grazing touch where touching counts. The static scan's one-pass test and the moving
/// objects' test (`dynamic`).
#[inline(never)]
pub(super) fn triangle_contact<N: NarrowPhase>(
    narrow: &N,
    (c, v): (Vec3, Vec3),
    tri_es: &TriangleEs,
    s: &SlideSettings,
    limit: f32,
) -> Option<SweepHit> {
    if leaves_front(s, tri_es, v) {
        return None;
    }
    let (cases, rules) = (s.debug.cases, part_rules(s));
    let found = if rules == PartRules::seed(rules.two_sided) {
        narrow.sweep_triangle(c, v, tri_es, cases, rules.two_sided, limit)
    } else {
        sweep_triangle_roots(c, v, tri_es, cases, rules, limit)
    };
    if !s.response.touching_counts {
        return found;
    }
    let grazing = touch::graze(c, v, tri_es, cases, rules.two_sided, limit);
    touch::earliest(found, grazing)
}
