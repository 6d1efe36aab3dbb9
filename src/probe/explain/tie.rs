//! A tie at the padding: padding along the velocity branches on `d >= padding` (Fauerby 2003's
//! `if (nearestDistance >= veryCloseDistance)`), `d` the distance to the contact along the
//! motion. A walker that slides along a wall frame after frame meets it again exactly the
//! padding away, and the game's `d` and the reference's, each rounded its own way in f32, fall
//! on the two sides: one stops a padding short, the other does not move. Neither is wrong.
//! A move is at such a tie when the reference met a contact within 1 % of the padding and
//! agrees with the padding nudged by 1 % either way (which moves the end by 1 % of a padding,
//! far inside the tolerance).
//!
//! The other ties float rounding decides, where the game's contacts and the reference's name
//! different triangles, are `contact_tie`'s.

use serde::{Deserialize, Serialize};

use super::switches::{self, Switch};
use crate::collision::{ContactTime, Padding, SlideSettings, Trace};

/// A divergence float rounding decides: neither side is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tie {
    /// At the padding: game and reference round `d >= padding` to its two sides.
    Padding,
    /// A contact at touching: one side met a triangle the other's sphere passes within float
    /// noise of (`contact_tie`).
    Touch,
    /// A start at touching within float noise, whose last bits place every later contact:
    /// compared by where the game met something and where it ended (`contact_tie`).
    TouchingStart,
    /// Two triangles met at once: the game took another than the reference (`contact_tie`).
    AtOnce,
    /// The plane it slides along met again: the game's rounding tips a motion along a plane it
    /// touches into it, the reference's does not, and the ends agree (`contact_tie`).
    AlongPlane,
    /// A graze: the same contact, met along a motion almost in its plane, where the last bits
    /// of the plane's distance move it far along the motion (`contact_tie`).
    Graze,
    /// Only a rule of float precision (a last-resort row, `Switch::last_resort`) the whole
    /// file does not bear out reconciles the move: the port's rounding decides it (see
    /// `Finding::why`).
    Arithmetic,
}

impl Tie {
    /// The snake-case name the why table and the JSON key it by.
    pub fn name(self) -> &'static str {
        match self {
            Self::Padding => "tie_at_padding",
            Self::Touch => "tie_at_touching",
            Self::TouchingStart => "tie_at_a_touching_start",
            Self::AtOnce => "tie_two_at_once",
            Self::AlongPlane => "tie_along_plane",
            Self::Graze => "tie_at_a_graze",
            Self::Arithmetic => "tie_arithmetic",
        }
    }

    /// A tie `contact_tie` settles (where the game's contacts and the reference's part),
    /// under the move's settings or with the port's favourite switches.
    pub fn between_contacts(self) -> bool {
        matches!(
            self,
            Self::Touch | Self::TouchingStart | Self::AtOnce | Self::AlongPlane | Self::Graze
        )
    }

    /// What it reads as in a table.
    pub fn label(self) -> &'static str {
        match self {
            Self::Padding => {
                "a tie at the padding (the contact a padding away along the motion: game and \
                 reference round `d >= padding` to its two sides)"
            }
            Self::Touch => {
                "a tie at touching (a triangle one side met, the other's sphere passes within \
                 float noise of: each rounds the graze its own way)"
            }
            Self::TouchingStart => {
                "a tie at a touching start (the start touches what the game met at once within \
                 float noise: nudged by no more, the reference meets it as the game did, then \
                 something wherever the game did, and ends where it did; the later contacts, \
                 √(2 × depth) along the surface, move with the start's last bits, so their \
                 places are not compared)"
            }
            Self::AtOnce => {
                "a tie between two contacts (the game's triangle is met within float noise of \
                 the reference's: a port takes the one it tests first)"
            }
            Self::AlongPlane => {
                "a tie along a plane (the game met again the plane it slides along, its motion \
                 within float noise of lying in it; the end is the reference's)"
            }
            Self::Graze => {
                "a tie at a graze (the same contact, met along a motion almost in its plane: the \
                 plane's distance rounded by float noise moves it far along the motion)"
            }
            Self::Arithmetic => {
                "a tie of arithmetic (that rounding gives the game's end on this move, but over \
                 the whole file it breaks as many moves as it mends: not borne out as a rule)"
            }
        }
    }
}

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
