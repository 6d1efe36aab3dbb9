//! The padding measured from a file whose moves send no skin: a call of one detection that met
//! one contact and moved ended one push-back from that contact's touching centre, and the
//! push-back's length is the padding, whether it runs along the normal or back along the
//! velocity (Fauerby 2003's `veryCloseDistance`: the centre is moved to the contact's distance
//! less the padding along the motion; a contact nearer than that leaves the centre where it
//! started, a push-back of any length, so a call that did not move is not read; nor is one of
//! several detections, whose last started where no record says). Read in eSpace units and in
//! metres (a port that pads by metres: the switch `skin_in_metres`), it is the padding where
//! one length holds half of those calls or more; the re-solve assumes it for moves that send
//! no skin (otherwise every contact of a port whose padding is not the reference's default
//! diverges, and no switch reconciles it).

use std::collections::BTreeMap;

use glam::Vec3;
use serde::Serialize;
use slidescope_probe::Move;
use slidescope_probe::read::MoveRecord;

/// The padding a file's moves show.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MeasuredPadding {
    /// The push-back's length (to three significant digits), eSpace units or metres.
    pub skin: f32,
    /// `skin` is in metres (world), not eSpace units.
    pub in_metres: bool,
    /// Calls read that pushed back this far, of `read` calls read (see [`Paddings::add`]).
    pub moves: u64,
    pub read: u64,
}

/// Calls read, fewer than this, measure no padding.
const MIN_CALLS: u64 = 5;

/// The push-backs of the calls read, by length to two significant digits (with the sum of
/// the lengths in each), in eSpace units and in metres.
#[derive(Debug, Default)]
pub struct Paddings {
    by_reading: [BTreeMap<i32, (u64, f64)>; 2],
}

const ES: usize = 0;
const METRES: usize = 1;

impl Paddings {
    /// Adds `m`'s push-back when it sends no skin, ran one detection that met one contact
    /// (whose touching centre it reports) and moved, and its ellipsoid is not turned.
    pub fn add(&mut self, m: &MoveRecord) {
        let (mv, Some(r), [c]) = (&m.mv, m.mv.result, &m.contacts[..]) else {
            return;
        };
        let moved = Vec3::from(r.end) != Vec3::from(mv.start);
        let one = r.iterations == 1 && c.iteration == 0 && moved;
        if mv.skin_es.is_some() || !one || mv.axes != Move::IDENTITY_AXES {
            return;
        }
        let push_m = Vec3::from(r.end) - Vec3::from(c.center);
        let push_es = push_m / Vec3::from(mv.radii);
        for (reading, l) in [(ES, push_es.length()), (METRES, push_m.length())] {
            if let Some(key) = bin(l) {
                let entry = self.by_reading[reading].entry(key).or_default();
                entry.0 += 1;
                entry.1 += f64::from(l);
            }
        }
    }

    /// The padding of half the calls read or more, at least [`MIN_CALLS`], under the
    /// reading whose length has the fewest significant digits (walkers that move along one
    /// axis push back alike in both: 5 mm is 0.0125 eSpace on a radius of 0.4 m), eSpace
    /// units on a tie.
    pub fn measured(&self) -> Option<MeasuredPadding> {
        [ES, METRES]
            .into_iter()
            .filter_map(|reading| {
                let read: u64 = self.by_reading[reading].values().map(|b| b.0).sum();
                let (&_, &(moves, sum)) = self.by_reading[reading].iter().max_by_key(|b| b.1.0)?;
                let holds = moves >= MIN_CALLS && moves * 2 >= read;
                holds.then(|| MeasuredPadding {
                    skin: three_digits(sum / moves as f64),
                    in_metres: reading == METRES,
                    moves,
                    read,
                })
            })
            .min_by_key(|p| significant_digits(p.skin))
    }
}

/// `l`'s bin: its decade and its first two digits; `None` for no push-back or one too long
/// to be a padding (half a radius).
fn bin(l: f32) -> Option<i32> {
    if !(l.is_finite() && l > 1e-7 && l < 0.5) {
        return None;
    }
    let decade = l.log10().floor() as i32;
    let digits = (l / 10f32.powi(decade - 1)).round() as i32; // 10..=100
    // 0.00999 and 0.0100 are one length to two digits.
    let (decade, digits) = if digits == 100 {
        (decade + 1, 10)
    } else {
        (decade, digits)
    };
    Some(decade * 1000 + digits)
}

fn three_digits(x: f64) -> f32 {
    let decade = x.log10().floor() as i32;
    let unit = 10f64.powi(decade - 2);
    ((x / unit).round() * unit) as f32
}

/// Significant digits of `x` written to three at most (0.005: 1, 0.0125: 3).
fn significant_digits(x: f32) -> u32 {
    let decade = x.log10().floor() as i32;
    let digits = (x / 10f32.powi(decade - 2)).round() as i64; // 100..=999
    (1..3u32)
        .find(|d| digits % 10i64.pow(3 - d) == 0)
        .unwrap_or(3)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A call along `v` that met a wall at its only contact and stopped `push` (world) from
    /// the touching centre.
    fn stopped(v: Vec3, push: Vec3, skin_es: Option<f32>) -> MoveRecord {
        let mut mv = Move::new(0, [0.4, 0.9, 0.4], [0.0; 3], v.to_array());
        mv.skin_es = skin_es;
        let touching = v * 0.5;
        mv.result = Some(slidescope_probe::MoveResult {
            end: (touching + push).to_array(),
            integration_velocity: [0.0; 3],
            iterations: 1,
        });
        let contact = slidescope_probe::Contact {
            iteration: 0,
            case: Some(slidescope_probe::Case::Face),
            t: 0.5,
            center: touching.to_array(),
            point: (touching + Vec3::X * 0.4).to_array(),
            normal: [-1.0, 0.0, 0.0],
            triangle: None,
        };
        MoveRecord {
            mv,
            contacts: vec![contact],
            one_sided_flag: false,
        }
    }

    fn measured(moves: &[MoveRecord]) -> Option<MeasuredPadding> {
        let mut p = Paddings::default();
        moves.iter().for_each(|m| p.add(m));
        p.measured()
    }

    #[test]
    fn a_padding_in_espace_units_is_read_along_any_direction() {
        let radii = Vec3::new(0.4, 0.9, 0.4);
        let dirs = [
            Vec3::X,
            Vec3::new(1.0, -1.0, 0.0),
            Vec3::new(0.0, -1.0, 1.0),
        ];
        let moves: Vec<_> = (dirs.iter().cycle().take(12))
            .map(|d| {
                let back_es = -(*d / radii).normalize() * 0.01;
                stopped(*d * 0.1, back_es * radii, None)
            })
            .collect();
        let p = measured(&moves).unwrap();
        assert_eq!(
            (p.skin, p.in_metres, p.moves, p.read),
            (0.01, false, 12, 12)
        );
    }

    #[test]
    fn a_padding_in_metres_is_read_as_metres_and_a_sent_skin_is_not_measured() {
        let dirs = [
            Vec3::X,
            Vec3::new(1.0, -1.0, 0.0),
            Vec3::new(0.0, -1.0, 1.0),
        ];
        let moves: Vec<_> = (dirs.iter().cycle().take(12))
            .map(|d| stopped(*d * 0.1, -d.normalize() * 0.005, None))
            .collect();
        let p = measured(&moves).unwrap();
        assert_eq!((p.skin, p.in_metres), (0.005, true));
        // Along one axis both readings hold: the fewer digits (5 mm, not 0.0125 eSpace).
        let along_x: Vec<_> = (0..12)
            .map(|_| stopped(Vec3::X * 0.1, -Vec3::X * 0.005, None))
            .collect();
        assert_eq!(measured(&along_x).map(|p| p.in_metres), Some(true));
        let sent: Vec<_> = (0..12)
            .map(|_| stopped(Vec3::X * 0.1, -Vec3::X * 0.005, Some(0.01)))
            .collect();
        assert_eq!(measured(&sent), None);
    }

    #[test]
    fn lengths_either_side_of_a_decade_share_a_bin() {
        assert_eq!(bin(0.009_99), bin(0.0100));
        assert_eq!(bin(0.0100), bin(0.0104));
        assert_ne!(bin(0.0100), bin(0.0106));
    }

    #[test]
    fn pushbacks_of_no_one_length_measure_nothing() {
        let moves: Vec<_> = (1..=12)
            .map(|i| stopped(Vec3::X * 0.1, -Vec3::X * 0.001 * i as f32, None))
            .collect();
        assert_eq!(measured(&moves), None);
        // A call that stayed where it started (a contact nearer than the padding) is not read.
        let stayed: Vec<_> = (0..12)
            .map(|_| stopped(Vec3::X * 0.1, -Vec3::X * 0.05, None))
            .collect();
        assert_eq!(measured(&stayed), None);
        let same: Vec<_> = (0..4)
            .map(|_| stopped(Vec3::X * 0.1, -Vec3::X * 0.004, None))
            .collect();
        assert_eq!(measured(&same), None, "too few calls");
    }
}
