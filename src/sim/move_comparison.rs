//! Where a game's move and the reference's re-solve part ways: raw differences per iteration
//! and at the end (kept with the frame), and a verdict for a tolerance the user sets (computed
//! when shown, so changing the tolerance re-judges every move without re-solving).

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::game_contact::GameContact;
use crate::collision::{SlideResult, Trace};

/// Default tolerance on positions (m): well above f32 noise at a few metres from the origin
/// (~1e-6 m), well below a skin (1e-3 eSpace is 0.4 mm for a 0.4 m radius).
pub const DEFAULT_POSITION_TOLERANCE_M: f32 = 1e-4;
/// Default tolerance on normals (degrees).
pub const DEFAULT_NORMAL_TOLERANCE_DEG: f32 = 1.0;

/// How far apart the game and the reference may be and still agree.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct ShadowTolerance {
    /// Contact centres and end positions (m).
    pub position_m: f32,
    /// Contact normals (degrees).
    pub normal_deg: f32,
}

impl Default for ShadowTolerance {
    fn default() -> Self {
        Self {
            position_m: DEFAULT_POSITION_TOLERANCE_M,
            normal_deg: DEFAULT_NORMAL_TOLERANCE_DEG,
        }
    }
}

/// Why a move is flagged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// No level was active when the move arrived.
    NoLevel,
    /// The reference refused the move's inputs (NaN, radii ≤ 0, …).
    CoreRefused,
    /// The reference hit something in an iteration where the game reported no contact.
    ContactMissing,
    /// The game reported a contact in an iteration where the reference hit nothing.
    ExtraContact,
    /// Same iteration, contact centres further apart than the tolerance.
    ContactPosition,
    /// Same iteration, normals further apart than the tolerance.
    ContactNormal,
    /// Every reported iteration agrees, the end positions do not.
    EndPosition,
}

impl Cause {
    pub const ALL: [Cause; 7] = [
        Cause::NoLevel,
        Cause::CoreRefused,
        Cause::ContactMissing,
        Cause::ExtraContact,
        Cause::ContactPosition,
        Cause::ContactNormal,
        Cause::EndPosition,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Cause::NoLevel => "no level",
            Cause::CoreRefused => "reference refused the input",
            Cause::ContactMissing => "game missed a contact",
            Cause::ExtraContact => "game hit, reference did not",
            Cause::ContactPosition => "contact position",
            Cause::ContactNormal => "contact normal",
            Cause::EndPosition => "end position",
        }
    }
}

/// One detect/respond iteration, both sides.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct IterationRow {
    pub iteration: u32,
    /// Index of the game's contact in [`GameMove::contacts`](super::game_move::GameMove::contacts).
    pub game: Option<u32>,
    /// The reference's iteration made a contact (its first contact is in the trace).
    pub core_hit: bool,
    /// Distance between the two contact centres (m), when both hit.
    pub center_distance_m: Option<f32>,
    /// Angle between the two normals (degrees), when both hit.
    pub normal_angle_deg: Option<f32>,
}

impl IterationRow {
    /// How the two sides' contacts of this iteration part beyond `tol`, where both met
    /// something: their centres, else their normals (each where both are known).
    pub fn placed_apart(&self, tol: &ShadowTolerance) -> Option<Cause> {
        if (self.center_distance_m).is_some_and(|d| beyond(d, tol.position_m)) {
            Some(Cause::ContactPosition)
        } else if (self.normal_angle_deg).is_some_and(|a| beyond(a, tol.normal_deg)) {
            Some(Cause::ContactNormal)
        } else {
            None
        }
    }
}

/// The raw differences of one move.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Comparison {
    /// |game end − reference end| (m), when both have one.
    pub end_distance_m: Option<f32>,
    /// |game integration velocity − reference's|, when both have one.
    pub integration_distance: Option<f32>,
    /// Per iteration, only when the game sent its contacts.
    pub rows: Vec<IterationRow>,
}

/// A comparison judged against a tolerance.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Verdict {
    pub diverges: bool,
    /// The first iteration where the two part (none when only the end differs).
    pub iteration: Option<u32>,
    pub cause: Option<Cause>,
}

/// `d` is over `tol`, or NaN (a game that returned NaN diverges).
pub fn beyond(d: f32, tol: f32) -> bool {
    d.is_nan() || d > tol
}

fn angle_deg(a: Vec3, b: Vec3) -> f32 {
    a.normalize_or_zero()
        .dot(b.normalize_or_zero())
        .clamp(-1.0, 1.0)
        .acos()
        .to_degrees()
}

impl Comparison {
    /// Compares the game's result and contacts with the reference's result and trace.
    ///
    /// `missing` are the fields the game declared it does not have (probe format 1.1, the
    /// `MISSING` bits): a contact centre or normal it sends only as a placeholder is not
    /// compared.
    pub fn of(
        game_end: Option<(Vec3, Vec3)>,
        game_contacts: &[GameContact],
        core: &SlideResult,
        trace: &Trace,
        missing: u32,
    ) -> Self {
        use slidescope_probe::format::missing as bit;
        let (no_center, no_normal) = (
            missing & bit::CONTACT_CENTER != 0,
            missing & bit::CONTACT_NORMAL != 0,
        );
        let end_distance_m = game_end.map(|(end, _)| (end - core.position).length());
        let integration_distance =
            game_end.map(|(_, iv)| (iv - core.integration_velocity).length());
        let mut rows = Vec::new();
        if !game_contacts.is_empty() {
            let game_last = game_contacts.iter().map(|c| c.iteration).max().unwrap_or(0);
            let core_last = trace
                .iterations
                .iter()
                .rposition(|it| !it.contacts.is_empty())
                .map_or(0, |i| i as u32);
            for i in 0..=game_last.max(core_last) {
                let game = game_contacts.iter().position(|c| c.iteration == i);
                let core = trace
                    .iterations
                    .get(i as usize)
                    .and_then(|it| it.contacts.first());
                let both = game.map(|g| &game_contacts[g]).zip(core);
                rows.push(IterationRow {
                    iteration: i,
                    game: game.map(|g| g as u32),
                    core_hit: core.is_some(),
                    center_distance_m: both
                        .filter(|_| !no_center)
                        .map(|(g, c)| (g.center - c.center).length()),
                    normal_angle_deg: both
                        .filter(|_| !no_normal)
                        .map(|(g, c)| angle_deg(g.normal, c.normal)),
                });
            }
        }
        Self {
            end_distance_m,
            integration_distance,
            rows,
        }
    }

    /// Judges the differences: the first iteration that disagrees (a contact on one side
    /// only, then the centre, then the normal), else the end position.
    pub fn verdict(&self, tol: &ShadowTolerance) -> Verdict {
        for r in &self.rows {
            let cause = match (r.game.is_some(), r.core_hit) {
                (false, true) => Some(Cause::ContactMissing),
                (true, false) => Some(Cause::ExtraContact),
                (false, false) => None,
                (true, true) => r.placed_apart(tol),
            };
            if let Some(cause) = cause {
                return Verdict {
                    diverges: true,
                    iteration: Some(r.iteration),
                    cause: Some(cause),
                };
            }
        }
        if self
            .end_distance_m
            .is_some_and(|d| beyond(d, tol.position_m))
        {
            return Verdict {
                diverges: true,
                iteration: None,
                cause: Some(Cause::EndPosition),
            };
        }
        Verdict::default()
    }

    pub fn heap_bytes(&self) -> usize {
        self.rows.capacity() * std::mem::size_of::<IterationRow>()
    }
}
