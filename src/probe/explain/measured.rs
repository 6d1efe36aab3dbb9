//! Rules measured from a file's own moves rather than tried as switches: a number fitted from
//! what the game did, assumed before the switches are searched (`probe-check` says which and
//! from how many moves).
//!
//! - The scale of the whole move: nine in ten free moves (the game reports no contact and ran
//!   one detection) moved one fraction of the velocity asked (darltrash's SLAM halves every
//!   move).
//! - A floor stop: the first contact of a move heading down ended the call on floors within an
//!   angle of up and did not on steeper ones (py64's gravity pass, `|up − n| < 0.5`).
//!
//! Both come from the game's own numbers, read before any re-solve ([`measure`]), so the one
//! explained pass already assumes them.

use std::collections::BTreeMap;
use std::io::Read;

use glam::Vec3;
use serde::Serialize;
use slidescope_probe::read::{MoveRecord, Reader, Record};
use slidescope_probe::{Declared, Move};

use crate::collision::conventions::missing;

/// The rules measured from a probe stream's moves, read without re-solving any.
#[derive(Debug, Clone, Copy, Default)]
pub struct Measured {
    pub scale: Option<MeasuredScale>,
    pub floor_stop: Option<MeasuredFloorStop>,
}

/// Reads `src` and measures its rules (what a cut stream held before the cut). A rule the
/// file declares is not measured; nor is anything from fields it declares missing.
pub fn measure(src: impl Read) -> Measured {
    let (mut scales, mut floors, mut moves) = (Scales::default(), FloorStops::default(), 0);
    let (mut scale_declared, mut floor_declared) = (false, false);
    let mut declared = Declared::default();
    if let Ok(mut reader) = Reader::new(src) {
        while let Ok(Some(record)) = reader.next_record() {
            match record {
                Record::Conventions { declared: d, .. } => declared = d,
                Record::Move(m) => {
                    moves += 1;
                    scale_declared |= declared.move_scale.is_some();
                    floor_declared |= declared.floor_stop_deg.is_some();
                    let missing = declared.missing.unwrap_or(0);
                    if missing & missing::ITERATIONS == 0 {
                        scales.add_free(&m);
                        if missing & (missing::CONTACT_T | missing::CONTACT_NORMAL) == 0 {
                            floors.add(&m);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    Measured {
        scale: scales.measured(moves).filter(|_| !scale_declared),
        floor_stop: floors.measured().filter(|_| !floor_declared),
    }
}

/// The scale of the whole move the game applies, measured on its free moves.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MeasuredScale {
    /// The game's displacement along the velocity asked, as a fraction of it (to 1e-3).
    pub scale: f32,
    /// Free moves at that scale, of `free` free moves.
    pub moves: u64,
    pub free: u64,
}

/// The scales a free move is measured at (others are not a scale of the move); the tally
/// holds at most their range in thousandths.
const MIN_SCALE: f32 = 0.05;
const MAX_SCALE: f32 = 2.0;

/// Scales of the free moves, in thousandths, with their moves.
#[derive(Debug, Default)]
struct Scales(BTreeMap<i64, u64>);

impl Scales {
    fn add(&mut self, scale: f32) {
        *self.0.entry((scale * 1000.0).round() as i64).or_default() += 1;
    }

    /// Adds `m`'s scale when it is free (one detection, no contact reported) and moved along
    /// the velocity asked.
    fn add_free(&mut self, m: &MoveRecord) {
        let (mv, Some(r)) = (&m.mv, m.mv.result) else {
            return;
        };
        let v = Vec3::from(mv.velocity);
        let moved = Vec3::from(r.end) - Vec3::from(mv.start);
        if !m.contacts.is_empty() || r.iterations != 1 || v.length_squared() < 1e-12 {
            return;
        }
        let k = moved.dot(v) / v.length_squared();
        // A move that stayed put (a dead zone) or went wild is no scale of the move.
        let plausible = k > MIN_SCALE && k <= MAX_SCALE;
        if plausible && (moved - v * k).length() <= 1e-3 * v.length() {
            self.add(k);
        }
    }

    /// The scale of nine in ten free moves or more, when they are at least 1 % of the moves
    /// read and it is not 1.
    fn measured(&self, moves_read: u64) -> Option<MeasuredScale> {
        let free: u64 = self.0.values().sum();
        let (&k, &moves) = self.0.iter().max_by_key(|(_, n)| **n)?;
        let enough = moves * 10 >= free * 9 && moves * 100 >= moves_read && k != 1000;
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
struct FloorStops {
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
    /// Files `m`'s first contact, when it moved down with an axis-aligned ellipsoid.
    fn add(&mut self, m: &MoveRecord) {
        let (mv, Some(result), Some(c)) = (&m.mv, m.mv.result, m.contacts.first()) else {
            return;
        };
        let radii = Vec3::from(mv.radii);
        let v_es = Vec3::from(mv.velocity) / radii;
        let plain = mv.axes == Move::IDENTITY_AXES && c.iteration == 0;
        let n_es = (Vec3::from(c.normal) * radii).normalize_or_zero();
        if !plain || v_es.y >= 0.0 || n_es == Vec3::ZERO || mv.max_iterations == Some(1) {
            return;
        }
        let left = v_es * (1.0 - c.t);
        let tangential = left - n_es * left.dot(n_es);
        if tangential.length() < 2.0 * mv.skin_es.unwrap_or(1e-3) {
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
    fn measured(&self) -> Option<MeasuredFloorStop> {
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
