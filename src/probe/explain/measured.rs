//! Rules measured from a file's own moves rather than tried as switches: a number fitted from
//! what the game did, assumed before the switches are searched (`probe-check` says which and
//! from how many moves).
//!
//! - The scale of the whole move: nine in ten free moves (the game reports no contact and ran
//!   one detection) moved one fraction of the velocity asked (darltrash's SLAM halves every
//!   move). A free move a skin short of its (scaled) destination is padded, and the scale is
//!   read with the skin added back.
//! - A floor stop: the first contact of a move heading down ended the call on floors within an
//!   angle of up and did not on steeper ones (py64's gravity pass, `|up − n| < 0.5`).
//!
//! - The padding of moves that send no skin (`measured_padding.rs`).
//!
//! All come from the game's own numbers, read before any re-solve ([`measure`]), so the one
//! explained pass already assumes them.

use std::collections::BTreeMap;
use std::io::Read;

use glam::Vec3;
use serde::Serialize;
use slidescope_probe::read::{MoveRecord, Reader, Record};
use slidescope_probe::{Declared, Move};

pub use super::measured_padding::MeasuredPadding;
use super::measured_padding::Paddings;
use crate::collision::conventions::missing;

/// The rules measured from a probe stream's moves, read without re-solving any.
#[derive(Debug, Clone, Copy, Default)]
pub struct Measured {
    pub scale: Option<MeasuredScale>,
    pub floor_stop: Option<MeasuredFloorStop>,
    /// The padding of moves that send no skin (`measured_padding.rs`).
    pub padding: Option<MeasuredPadding>,
}

/// Reads `src` and measures its rules (what a cut stream held before the cut). A rule the
/// file declares is not measured; nor is anything from fields it declares missing.
pub fn measure(src: impl Read) -> Measured {
    let (mut scales, mut floors, mut moves) = (Scales::default(), FloorStops::default(), 0);
    let mut paddings = Paddings::default();
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
                        if missing & missing::CONTACT_CENTER == 0 {
                            paddings.add(&m);
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
        padding: paddings.measured(),
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

/// Scales of the free moves, in thousandths, with their moves, under three readings of a
/// free move's length: the velocity scaled (`k·|v|`), or scaled and then a skin short of it
/// in eSpace units or in metres (a port that pads free moves: the switch `pads_free_moves`).
#[derive(Debug, Default)]
struct Scales {
    by_reading: [BTreeMap<i64, u64>; 3],
}

/// The readings.
const PADDED_ES: usize = 0;
const PADDED_M: usize = 1;
const PLAIN: usize = 2;

impl Scales {
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
        if !plausible || (moved - v * k).length() > 1e-3 * v.length() {
            return;
        }
        for (reading, k) in readings(mv, moved, k).into_iter().enumerate() {
            if let Some(k) = k {
                *self.by_reading[reading]
                    .entry((k * 1000.0).round() as i64)
                    .or_default() += 1;
            }
        }
    }

    /// The scale of nine in ten free moves or more, when they are at least 1 % of the moves
    /// read, under the reading where one scale holds them with the fewest digits (with one
    /// length of move every reading holds: a port padding its free moves reads 0.97 plain and
    /// 1 padded, one halving them 0.5 plain and 0.53 padded); none when it is 1 (padded free
    /// moves are the switch's, not a scale).
    fn measured(&self, moves_read: u64) -> Option<MeasuredScale> {
        let free: u64 = self.by_reading[PLAIN].values().sum();
        let holds = |&(_, moves): &(i64, u64)| moves * 10 >= free * 9 && moves * 100 >= moves_read;
        let digits = |k: i64| (0..3u32).find(|d| k % 10i64.pow(3 - d) == 0).unwrap_or(3);
        let (k, moves) = [PLAIN, PADDED_ES, PADDED_M]
            .iter()
            .filter_map(|&r| {
                self.by_reading[r]
                    .iter()
                    .map(|(&k, &n)| (k, n))
                    .max_by_key(|&(_, n)| n)
            })
            .filter(holds)
            .min_by_key(|&(k, _)| digits(k))?;
        (k != 1000).then_some(MeasuredScale {
            scale: k as f32 / 1000.0,
            moves,
            free,
        })
    }
}

/// A free move's scale under each reading (`None` where the move has no skin or its
/// ellipsoid is turned, or out of the scales measured, for the padded ones): the plain `k`,
/// and the `k` that leaves the move a skin short of `k·v`, in eSpace units and in metres.
/// With moves of one length the readings cannot be told apart and the fewest digits decide:
/// a port that moves 0.25 × with a skin of a quarter of its move would read as 0.5, padded.
fn readings(mv: &Move, moved: Vec3, k: f32) -> [Option<f32>; 3] {
    let v = Vec3::from(mv.velocity);
    let skin = mv.skin_es.filter(|_| mv.axes == Move::IDENTITY_AXES);
    let radii = Vec3::from(mv.radii);
    let padded = |v: Vec3, moved: Vec3| {
        let k = (moved.length() + skin?) / v.length();
        (k.is_finite() && k > MIN_SCALE && k <= MAX_SCALE).then_some(k)
    };
    // In the order of PADDED_ES, PADDED_M, PLAIN.
    [padded(v / radii, moved / radii), padded(v, moved), Some(k)]
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

#[cfg(test)]
mod tests {
    use super::*;

    fn free_move(v: Vec3, moved: Vec3) -> MoveRecord {
        let mut mv = Move::new(0, [0.5, 1.0, 0.5], [0.0; 3], v.to_array());
        mv.skin_es = Some(0.01);
        mv.result = Some(slidescope_probe::MoveResult {
            end: moved.to_array(),
            integration_velocity: [0.0; 3],
            iterations: 1,
        });
        MoveRecord {
            mv,
            contacts: Vec::new(),
            one_sided_flag: false,
        }
    }

    fn measured_of(v: Vec3, moved: Vec3) -> Option<f32> {
        let mut s = Scales::default();
        for _ in 0..10 {
            s.add_free(&free_move(v, moved));
        }
        s.measured(10).map(|m| m.scale)
    }

    /// A walk of 0.1 m along x with radius 0.5: a skin of 0.01 eSpace is 5 mm.
    #[test]
    fn a_free_move_a_skin_short_is_padded_and_a_halved_one_scaled() {
        let v = Vec3::new(0.1, 0.0, 0.0);
        assert_eq!(measured_of(v, v), None);
        assert_eq!(measured_of(v, v * 0.95), None, "padded in eSpace, not 0.95");
        assert_eq!(
            measured_of(v, v * 0.9),
            None,
            "padded in metres (10 mm), not 0.9"
        );
        assert_eq!(measured_of(v, v * 0.5), Some(0.5));
        assert_eq!(measured_of(v, v * 0.45), Some(0.5), "halved, then padded");
    }

    /// Moves of several lengths tell the readings apart: a halved port's padded readings
    /// spread over several scales, a padded port's plain one does.
    #[test]
    fn moves_of_several_lengths_tell_a_scale_from_a_padding() {
        let lengths = [0.05, 0.1, 0.2, 0.4];
        let tally = |moved: &dyn Fn(Vec3) -> Vec3| {
            let mut s = Scales::default();
            for &l in &lengths {
                let v = Vec3::new(l, 0.0, 0.0);
                for _ in 0..10 {
                    s.add_free(&free_move(v, moved(v)));
                }
            }
            s.measured(40).map(|m| m.scale)
        };
        assert_eq!(tally(&|v| v * 0.5), Some(0.5));
        assert_eq!(tally(&|v| v * 0.25), Some(0.25));
        let skin_es = |v: Vec3| v * (1.0 - 0.01 / (v.x / 0.5));
        assert_eq!(tally(&skin_es), None, "padded: no scale");
    }
}
