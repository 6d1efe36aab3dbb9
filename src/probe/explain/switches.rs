//! The convention switches tried on a diverging move (issue 24): each sets one convention of
//! the re-solve to a value real ports use (`collision::conventions`); the smallest set under
//! which the reference agrees with the game is the move's explanation.

use serde::Serialize;

use crate::collision::{BackFaces, Conventions, Padding, Roots, ShortMotion};

/// Babylon.js `AbstractEngine.CollisionsEpsilon` (m): its `moveWithCollisions` dead zone.
pub const DEAD_ZONE_TRIED_M: f32 = 1e-3;

/// One convention set to one value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Switch {
    PaddingAlongVelocity,
    PaddingAlongNormal,
    ShortLeftoverDropped,
    ShortMotionApplied,
    DeadZone,
    NoDeadZone,
    KeepLastCentre,
    FallBackToFirstContact,
    TwoSided,
    IgnoresBehind,
    IgnoresLeaving,
    ImpulseFilter,
    NoImpulseFilter,
    RootsAfterStartOnly,
    RootsAtZero,
}

/// Which convention a switch sets (two switches of one dimension never combine).
fn dimension(s: Switch) -> u8 {
    use Switch::*;
    match s {
        PaddingAlongVelocity | PaddingAlongNormal => 0,
        ShortLeftoverDropped | ShortMotionApplied => 1,
        DeadZone | NoDeadZone => 2,
        KeepLastCentre | FallBackToFirstContact => 3,
        TwoSided | IgnoresBehind | IgnoresLeaving => 4,
        ImpulseFilter | NoImpulseFilter => 5,
        RootsAfterStartOnly | RootsAtZero => 6,
    }
}

impl Switch {
    const ALL: [Switch; 15] = [
        Switch::ShortLeftoverDropped,
        Switch::PaddingAlongVelocity,
        Switch::KeepLastCentre,
        Switch::DeadZone,
        Switch::IgnoresLeaving,
        Switch::IgnoresBehind,
        Switch::TwoSided,
        Switch::NoImpulseFilter,
        Switch::ImpulseFilter,
        Switch::PaddingAlongNormal,
        Switch::ShortMotionApplied,
        Switch::NoDeadZone,
        Switch::FallBackToFirstContact,
        Switch::RootsAfterStartOnly,
        Switch::RootsAtZero,
    ];

    /// What a controller with this switch does, for "your controller appears to: …".
    pub fn label(self) -> &'static str {
        use Switch::*;
        match self {
            PaddingAlongVelocity => "pads along the velocity (Fauerby 2003, Irrlicht)",
            PaddingAlongNormal => "pads along the contact normal (seed 001)",
            ShortLeftoverDropped => {
                "drops a leftover shorter than its padding (Babylon.js, Fauerby)"
            }
            ShortMotionApplied => "applies a short motion unchecked (seed 001)",
            DeadZone => "does not move when the whole move is under 1 mm (Babylon.js)",
            NoDeadZone => "has no dead zone",
            KeepLastCentre => "keeps the last centre when out of iterations (Babylon.js, Irrlicht)",
            FallBackToFirstContact => "falls back to the first contact when out of iterations",
            TwoSided => "collides with both sides of every triangle",
            IgnoresBehind => "ignores triangles with the centre behind them (seed 001)",
            IgnoresLeaving => "ignores triangles the motion leaves (Fauerby 2003, Babylon.js)",
            ImpulseFilter => "stops a slide that turns against the input (impulse filter)",
            NoImpulseFilter => "has no impulse filter",
            RootsAfterStartOnly => {
                "takes roots after the start only: an edge it already overlaps is no contact (Fauerby, Babylon.js)"
            }
            RootsAtZero => "counts an edge it already overlaps as a contact at t = 0 (seed 001)",
        }
    }

    /// The C header's line that declares it (`slsp_conventions c`).
    pub fn declaration(self) -> &'static str {
        use Switch::*;
        match self {
            PaddingAlongVelocity => "c.padding = SLSP_PADDING_VELOCITY;",
            PaddingAlongNormal => "c.padding = SLSP_PADDING_NORMAL;",
            ShortLeftoverDropped => {
                "c.short_motion = SLSP_SHORT_MOTION_DROPPED; c.min_motion_es = <your padding>;"
            }
            ShortMotionApplied => "c.short_motion = SLSP_SHORT_MOTION_APPLIED;",
            DeadZone => "c.dead_zone_m = 0.001f;",
            NoDeadZone => "c.dead_zone_m = 0;",
            KeepLastCentre => "c.iteration_limit = SLSP_LIMIT_KEEP_LAST;",
            FallBackToFirstContact => "c.iteration_limit = SLSP_LIMIT_FALLBACK;",
            TwoSided => "c.sidedness = SLSP_TWO_SIDED;",
            IgnoresBehind => "c.sidedness = SLSP_ONE_SIDED_BEHIND;",
            IgnoresLeaving => "c.sidedness = SLSP_ONE_SIDED_LEAVING;",
            ImpulseFilter => "c.impulse_filter = 1;",
            NoImpulseFilter => "c.impulse_filter = 0;",
            RootsAfterStartOnly => "c.roots_after_start_only = 1;",
            RootsAtZero => "c.roots_after_start_only = 0;",
        }
    }

    /// `c` with this switch; `skin_es` is the move's padding (the ports that drop a short
    /// leftover use their padding as the threshold).
    pub fn apply(self, c: &mut Conventions, skin_es: f32) {
        use Switch::*;
        match self {
            PaddingAlongVelocity => c.padding = Padding::Velocity,
            PaddingAlongNormal => c.padding = Padding::Normal,
            ShortLeftoverDropped => {
                c.short_motion = ShortMotion::Dropped;
                c.min_velocity_es = c.min_velocity_es.max(skin_es);
            }
            ShortMotionApplied => c.short_motion = ShortMotion::Applied,
            DeadZone => c.dead_zone_m = DEAD_ZONE_TRIED_M,
            NoDeadZone => c.dead_zone_m = 0.0,
            KeepLastCentre => c.fallback = false,
            FallBackToFirstContact => c.fallback = true,
            TwoSided => c.two_sided = true,
            IgnoresBehind => (c.two_sided, c.back_faces) = (false, BackFaces::Position),
            IgnoresLeaving => (c.two_sided, c.back_faces) = (false, BackFaces::Velocity),
            ImpulseFilter => c.impulse_filter = true,
            NoImpulseFilter => c.impulse_filter = false,
            RootsAfterStartOnly => c.roots = Roots::PositiveOnly,
            RootsAtZero => c.roots = Roots::AtZero,
        }
    }

    /// The switches that change `base` (the conventions the move was re-solved with).
    pub fn candidates(base: &Conventions, skin_es: f32) -> Vec<Switch> {
        Self::ALL
            .into_iter()
            .filter(|s| {
                let mut c = *base;
                s.apply(&mut c, skin_es);
                c != *base
            })
            .collect()
    }
}

/// `base` with every switch of `set`.
pub fn with_switches(base: &Conventions, set: &[Switch], skin_es: f32) -> Conventions {
    let mut c = *base;
    for s in set {
        s.apply(&mut c, skin_es);
    }
    c
}

/// Most switches combined in one explanation.
const MAX_SET: usize = 3;

/// Every set of `candidates` of the smallest size (one switch, then two, then three) under
/// which `agrees` holds, in candidate order; empty when none does. All of that size are kept:
/// two sets can reconcile a move alike (a 1 mm dead zone, or padding along a velocity nearer
/// than the padding, both leave a short move at its start), and the file decides which.
pub fn smallest_sets(
    candidates: &[Switch],
    mut agrees: impl FnMut(&[Switch]) -> bool,
) -> Vec<Vec<Switch>> {
    let mut found = Vec::new();
    let mut set = Vec::with_capacity(MAX_SET);
    for size in 1..=MAX_SET.min(candidates.len()) {
        search(candidates, 0, size, &mut set, &mut agrees, &mut found);
        if !found.is_empty() {
            break;
        }
    }
    found
}

/// Every set of `size` more switches from `candidates[from..]` added to `set`, depth first.
fn search(
    candidates: &[Switch],
    from: usize,
    size: usize,
    set: &mut Vec<Switch>,
    agrees: &mut impl FnMut(&[Switch]) -> bool,
    found: &mut Vec<Vec<Switch>>,
) {
    if size == 0 {
        if agrees(set) {
            let mut sorted = set.clone();
            sorted.sort();
            found.push(sorted);
        }
        return;
    }
    for i in from..candidates.len() {
        let s = candidates[i];
        if set.iter().any(|&t| dimension(t) == dimension(s)) {
            continue;
        }
        set.push(s);
        search(candidates, i + 1, size - 1, set, agrees, found);
        set.pop();
    }
}

/// Whether two sets can be applied together (no dimension set twice to different values).
pub fn compatible(a: &[Switch], b: &[Switch]) -> bool {
    a.iter()
        .all(|&x| b.iter().all(|&y| x == y || dimension(x) != dimension(y)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_smallest_set_is_found_before_larger_ones_and_none_sets_a_dimension_twice() {
        let all = Switch::candidates(&Conventions::default(), 1e-3);
        assert!(
            !all.contains(&Switch::PaddingAlongNormal),
            "already the seed's"
        );
        let mut tried = Vec::new();
        let found = smallest_sets(&all, |set| {
            tried.push(set.to_vec());
            set.contains(&Switch::DeadZone)
                && (set.contains(&Switch::KeepLastCentre) || set.contains(&Switch::IgnoresBehind))
        });
        assert_eq!(
            found,
            vec![
                vec![Switch::DeadZone, Switch::KeepLastCentre],
                vec![Switch::DeadZone, Switch::IgnoresBehind],
            ]
        );
        assert!(tried.iter().all(|s| s.len() <= 2));
        assert!(tried.iter().take(all.len()).all(|s| s.len() == 1));
        assert!(tried.iter().all(|s| {
            let dims: Vec<u8> = s.iter().map(|&x| dimension(x)).collect();
            dims.iter()
                .enumerate()
                .all(|(i, d)| !dims[i + 1..].contains(d))
        }));
    }

    #[test]
    fn dropping_a_short_leftover_uses_the_padding_as_its_threshold() {
        let mut c = Conventions::default();
        Switch::ShortLeftoverDropped.apply(&mut c, 0.01);
        assert_eq!(c.short_motion, ShortMotion::Dropped);
        assert_eq!(c.min_velocity_es, 0.01);
    }
}
