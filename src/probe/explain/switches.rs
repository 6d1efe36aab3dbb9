//! The search for the conventions that explain a diverging move: each switch (a row's tried
//! value in the `slidescope-conventions` table) sets one convention of the re-solve to a value
//! real ports use; the smallest set under which the reference agrees with the game is the
//! move's explanation.

pub use crate::collision::conventions::Switch;
use crate::collision::{Conventions, SlideSettings};

/// The switches that change `base` (the conventions the move was re-solved with), in the
/// order they are tried, but for the late rows' ([`with_late`]) and the last-resort rows'
/// (see [`last_resorts`]).
pub fn candidates(base: &Conventions, skin_es: f32) -> Vec<Switch> {
    changing(base, skin_es)
        .filter(|s| !s.last_resort() && !s.late())
        .collect()
}

/// [`candidates`] and the late rows' switches (`Switch::late`): tried in sets holding one of
/// those, on a move no set of up to three [`candidates`] reconciles.
pub fn with_late(base: &Conventions, skin_es: f32) -> Vec<Switch> {
    changing(base, skin_es)
        .filter(|s| !s.last_resort())
        .collect()
}

/// Every switch that changes `base`, the late and last-resort rows' too
/// (`Switch::last_resort`): tried in sets holding a last-resort switch, on a move no set of
/// [`candidates`] nor of [`with_late`] reconciles.
pub fn last_resorts(base: &Conventions, skin_es: f32) -> Vec<Switch> {
    changing(base, skin_es).collect()
}

fn changing(base: &Conventions, skin_es: f32) -> impl Iterator<Item = Switch> + '_ {
    Switch::all().into_iter().filter(move |s| {
        let mut c = *base;
        s.apply(&mut c, skin_es);
        c != *base
    })
}

/// `base` with every switch of `set`.
pub fn with_switches(base: &Conventions, set: &[Switch], skin_es: f32) -> Conventions {
    let mut c = *base;
    for s in set {
        s.apply(&mut c, skin_es);
    }
    c
}

/// A move's `settings` with every switch of `set` (each sized by the move's own skin).
pub fn settings_with(settings: &SlideSettings, set: &[Switch]) -> SlideSettings {
    let conventions = with_switches(&settings.conventions, set, settings.tuning.skin_es);
    SlideSettings {
        conventions,
        ..*settings
    }
}

/// Most switches combined in one explanation.
pub const MAX_SET: usize = 3;

/// Every set of `size` switches of `candidates` under which `agrees` holds, in candidate
/// order; empty when none does. All of that size are kept: two sets can reconcile a move
/// alike (a 1 mm dead zone, or padding along a velocity nearer than the padding, both leave a
/// short move at its start), and the file decides which. The search tries the sizes in turn
/// and stops at the first that finds one: the smallest sets.
pub fn sets_of_size(
    candidates: &[Switch],
    size: usize,
    mut agrees: impl FnMut(&[Switch]) -> bool,
) -> Vec<Vec<Switch>> {
    let mut found = Vec::new();
    let mut set = Vec::with_capacity(size);
    search(candidates, 0, size, &mut set, &mut agrees, &mut found);
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
        if set.iter().any(|&t| t.same_row(s)) {
            continue;
        }
        set.push(s);
        search(candidates, i + 1, size - 1, set, agrees, found);
        set.pop();
    }
}

/// Whether two sets can be applied together (no row set twice to different values).
pub fn compatible(a: &[Switch], b: &[Switch]) -> bool {
    a.iter()
        .all(|&x| b.iter().all(|&y| x == y || !x.same_row(y)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_smallest_set_is_found_before_larger_ones_and_none_sets_a_dimension_twice() {
        let all = candidates(&Conventions::default(), 1e-3);
        let named = |n| Switch::named(n).unwrap();
        let (dead_zone, keep_last, behind) = (
            named("dead_zone"),
            named("keep_last_centre"),
            named("ignores_behind"),
        );
        assert!(
            !all.contains(&named("padding_along_normal")),
            "already the seed's"
        );
        let mut tried = Vec::new();
        let found = (1..=MAX_SET)
            .map(|size| {
                sets_of_size(&all, size, |set| {
                    tried.push(set.to_vec());
                    set.contains(&dead_zone) && (set.contains(&keep_last) || set.contains(&behind))
                })
            })
            .find(|found| !found.is_empty())
            .unwrap_or_default();
        assert_eq!(
            found,
            vec![vec![dead_zone, keep_last], vec![dead_zone, behind]]
        );
        assert!(tried.iter().all(|s| s.len() <= 2));
        assert!(tried.iter().take(all.len()).all(|s| s.len() == 1));
        assert!(tried.iter().all(|s| {
            s.iter()
                .enumerate()
                .all(|(i, x)| s[i + 1..].iter().all(|y| !x.same_row(*y)))
        }));
    }
}
