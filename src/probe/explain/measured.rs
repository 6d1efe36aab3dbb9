//! Rules measured from a file's own moves rather than tried as switches: a number fitted from
//! what the game did, assumed before the switches are searched (`probe-check` says which and
//! from how many moves).
//!
//! - The scale of the whole move: nine in ten flagged free moves moved one fraction of the
//!   velocity asked (darltrash's SLAM halves every move).
//! - A floor stop: the first contact of a move heading down ended the call on floors within an
//!   angle of up and did not on steeper ones (py64's gravity pass, `|up − n| < 0.5`).

use std::collections::BTreeMap;

use glam::{Mat3, Vec3};
use serde::Serialize;

use crate::sim::GameMove;

/// The scale of the whole move the game applies, measured on its flagged free moves.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MeasuredScale {
    /// The game's displacement along the velocity asked, as a fraction of it (to 1e-3).
    pub scale: f32,
    /// Flagged free moves at that scale, of `free` flagged free moves.
    pub moves: u64,
    pub free: u64,
}

/// Scales of the flagged free moves, in thousandths, with their moves.
#[derive(Debug, Default)]
pub(crate) struct Scales(BTreeMap<i64, u64>);

impl Scales {
    pub(crate) fn add(&mut self, scale: f32) {
        *self.0.entry((scale * 1000.0).round() as i64).or_default() += 1;
    }

    /// The scale of nine in ten flagged free moves or more, when they are at least 1 % of the
    /// moves judged on their own and it is not 1.
    pub(crate) fn measured(&self, judged: u64) -> Option<MeasuredScale> {
        let free: u64 = self.0.values().sum();
        let (&k, &moves) = self.0.iter().max_by_key(|(_, n)| **n)?;
        let enough = moves * 10 >= free * 9 && moves * 100 >= judged && k != 1000;
        enough.then_some(MeasuredScale {
            scale: k as f32 / 1000.0,
            moves,
            free,
        })
    }
}

/// A floor stop measured from the first contacts of moves heading down.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MeasuredFloorStop {
    /// The threshold fitted between the two (degrees from up, eSpace).
    pub deg: f32,
    /// Moves stopped at such a contact, the steepest of them (degrees).
    pub stopped: u64,
    pub steepest_stopped_deg: f32,
    /// Moves that slid on, the flattest of them (degrees).
    pub slid: u64,
    pub flattest_slid_deg: f32,
}

/// Moves stopped by a floor, fewer than this, are no rule.
const MIN_FLOOR_STOPS: u64 = 10;

/// The first contact of each move heading down, by what the game did after it: stopped there
/// (one detection, a leftover the projection would have kept) or slid on (another detection).
#[derive(Debug)]
pub(crate) struct FloorStops {
    stopped: u64,
    steepest_stopped: f32,
    slid: u64,
    flattest_slid: f32,
}

impl Default for FloorStops {
    fn default() -> Self {
        Self {
            stopped: 0,
            steepest_stopped: 0.0,
            slid: 0,
            flattest_slid: 180.0,
        }
    }
}

impl FloorStops {
    /// Files `g`'s first contact, when it moved down with an axis-aligned ellipsoid.
    pub(crate) fn add(&mut self, g: &GameMove) {
        let (Some(result), Some(c)) = (&g.result, g.contacts.first()) else {
            return;
        };
        let radii = g.input.radii;
        let v_es = g.input.velocity / radii;
        let plain = g.input.axes == Mat3::IDENTITY && c.iteration == 0;
        let n_es = (c.normal * radii).normalize_or_zero();
        if !plain || v_es.y >= 0.0 || n_es == Vec3::ZERO || g.max_iterations == Some(1) {
            return;
        }
        let left = v_es * (1.0 - c.t);
        let tangential = left - n_es * left.dot(n_es);
        if tangential.length() < 2.0 * g.skin_es.unwrap_or(1e-3) {
            return; // the projection keeps next to nothing: stopping or not looks alike
        }
        let deg = n_es.y.clamp(-1.0, 1.0).acos().to_degrees();
        if result.iterations == 1 {
            self.stopped += 1;
            self.steepest_stopped = self.steepest_stopped.max(deg);
        } else if result.iterations > 1 {
            self.slid += 1;
            self.flattest_slid = self.flattest_slid.min(deg);
        }
    }

    /// A threshold halfway between the steepest floor stopped on and the flattest slid on,
    /// when at least [`MIN_FLOOR_STOPS`] moves stopped, some slid and the two do not overlap.
    pub(crate) fn measured(&self) -> Option<MeasuredFloorStop> {
        let clean = self.stopped >= MIN_FLOOR_STOPS
            && self.slid > 0
            && self.steepest_stopped < self.flattest_slid;
        clean.then(|| MeasuredFloorStop {
            deg: ((self.steepest_stopped + self.flattest_slid) / 2.0 * 10.0).round() / 10.0,
            stopped: self.stopped,
            steepest_stopped_deg: self.steepest_stopped,
            slid: self.slid,
            flattest_slid_deg: self.flattest_slid,
        })
    }
}
