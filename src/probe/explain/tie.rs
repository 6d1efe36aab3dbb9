//! A tie at the padding: padding along the velocity branches on `d >= padding` (Fauerby 2003's
//! `if (nearestDistance >= veryCloseDistance)`), `d` the distance to the contact along the
//! motion. A walker that slides along a wall frame after frame meets it again exactly the
//! padding away, and the game's `d` and the reference's, each rounded its own way in f32, fall
//! on the two sides: one stops a padding short, the other does not move. Neither is wrong.
//! A move is at such a tie when the reference met a contact within 1 % of the padding and
//! agrees with the padding nudged by 1 % either way (which moves the end by 1 % of a padding,
//! far inside the tolerance).

use super::switches::{self, Switch};
use crate::collision::{ContactTime, Padding, SlideSettings, Trace};

/// How near the padding (a fraction of it) a contact's distance is a tie.
const TIE: f32 = 0.01;

/// Whether the reference's `trace` met a contact whose distance along its iteration's motion
/// is within [`TIE`] of the padding `skin` (eSpace).
pub fn met_at_padding(trace: &Trace, skin: f32) -> bool {
    trace.iterations.iter().any(|it| {
        let d = match it.contacts.first().map(|c| c.time) {
            Some(ContactTime::Toi(t)) => it.velocity_es.length() * t,
            _ => return false,
        };
        (d - skin).abs() <= TIE * skin
    })
}

/// `settings` with the padding nudged by [`TIE`] down and up.
pub fn nudged(settings: &SlideSettings) -> [SlideSettings; 2] {
    [1.0 - TIE, 1.0 + TIE].map(|k| {
        let mut s = *settings;
        s.tuning.skin_es *= k;
        s
    })
}

/// The sets tried for a tie, in order: none, the file's favourite group, then each single
/// switch and each pair that pads along the velocity.
pub fn sets_to_try(
    base: &SlideSettings,
    favourite: Option<&Vec<Vec<Switch>>>,
    candidates: &[Switch],
) -> Vec<Vec<Switch>> {
    let skin = base.tuning.skin_es;
    let pads = |set: &[Switch]| {
        switches::with_switches(&base.conventions, set, skin).padding == Padding::Velocity
    };
    let mut out: Vec<Vec<Switch>> = vec![Vec::new()];
    out.extend(favourite.into_iter().flatten().cloned());
    for (i, &a) in candidates.iter().enumerate() {
        out.push(vec![a]);
        for &b in &candidates[i + 1..] {
            if !a.same_row(b) {
                out.push(vec![a, b]);
            }
        }
    }
    out.retain(|set| pads(set));
    let mut seen = std::collections::BTreeSet::new();
    out.retain(|set| seen.insert(set.clone()));
    out
}
