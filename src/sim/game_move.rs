//! A game's move as the history keeps it: what the game said (its frame, its result, the
//! contacts its iterations responded to) next to the reference's re-solve, which is the
//! frame record's own trace. Stored on [`FrameRecord::game`](crate::sim::FrameRecord::game);
//! the probe (`crate::probe`) reads it from a game and re-solves it.

use glam::{Mat3, Vec3};
use serde::{Deserialize, Serialize};

use super::game_contact::GameContact;
use super::move_comparison::{Cause, Comparison, ShadowTolerance, Verdict};
use crate::collision::{CaseKind, Conventions};

/// The game's own result of a move.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct GameResult {
    /// Final centre (world, m).
    pub end: Vec3,
    /// The velocity the game carries into its next step (world, units of the move).
    pub integration_velocity: Vec3,
    pub iterations: u32,
}

/// The move's inputs exactly as the game sent them (also when the reference refused them).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct GameInput {
    /// Semi-axes (m).
    pub radii: Vec3,
    /// Principal axes as columns.
    pub axes: Mat3,
    /// Centre before the move (world, m).
    pub start: Vec3,
    /// Displacement asked for (world, m).
    pub velocity: Vec3,
}

/// One move from a game, with the comparison against the reference's re-solve.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameMove {
    /// The game's frame number and clock (s).
    pub frame: u64,
    pub time_secs: f64,
    /// Which character moved (the game's id).
    pub mover: u32,
    /// 0-based index of the move in its stream or file.
    pub index: u64,
    /// Content hash of the level the move was re-solved on.
    pub level: Option<u64>,
    pub input: GameInput,
    /// The game's settings where it sent them (already mapped onto the record's settings).
    pub skin_es: Option<f32>,
    pub max_iterations: Option<u32>,
    /// The move's `ONE_SIDED` flag, which files of earlier writers set (the sidedness is a
    /// declared convention now; the flag is the seed's culling where none is declared).
    pub one_sided: bool,
    pub result: Option<GameResult>,
    pub contacts: Vec<GameContact>,
    /// Why the reference did not re-solve the move: [`Cause::NoLevel`] or
    /// [`Cause::CoreRefused`], with the message.
    pub unresolved: Option<(Cause, String)>,
    /// Raw differences; [`Comparison::verdict`] turns them into a verdict for a tolerance.
    pub comparison: Comparison,
    /// The conventions the re-solve used, when the game declared any (probe format 1.1), with
    /// the declared rows as the game declared them even where the user's switches applied over
    /// them (the call's settings then say what the re-solve used); `None`: seed 001's where the
    /// move's own fields say nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conventions: Option<Conventions>,
    /// The rows of `conventions` the game declared, a bit per probe key (the others were the
    /// settings' when re-solved, and follow the settings when re-solved again); `None` in a
    /// recording made before it was kept: every row counts as declared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub declared_keys: Option<u64>,
    /// The fields the game declared it does not have (the probe's `MISSING` bits); they are
    /// not compared.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub missing: u32,
    /// How much of the reference's re-solve the record holds (a browser page following a
    /// game's tab files each move before its worker re-solves it).
    #[serde(default, skip_serializing_if = "SolveState::is_whole")]
    pub solve: SolveState,
}

fn is_zero(x: &u32) -> bool {
    *x == 0
}

/// How much of the reference's re-solve a game move's record holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum SolveState {
    /// Re-solved here: the trace, the comparison and the findings.
    #[default]
    Whole,
    /// Filed from the game's inputs alone; the re-solve has not come back (no verdict yet).
    Pending,
    /// Re-solved elsewhere (the page's worker): the comparison, markers, findings and end
    /// are the re-solve's, the trace is not kept (the page re-solves the move it shows).
    Judged,
}

impl SolveState {
    pub fn is_whole(&self) -> bool {
        *self == Self::Whole
    }
}

impl GameMove {
    /// The game's path through the move: the start, each contact centre, the end.
    pub fn path(&self, start: Vec3) -> Vec<Vec3> {
        let mut p = vec![start];
        // Centres the game declared it does not send are placeholders, not points.
        if self.missing & slidescope_probe::format::missing::CONTACT_CENTER == 0 {
            p.extend(self.contacts.iter().map(|c| c.center));
        }
        if let Some(r) = self.result {
            p.push(r.end);
        }
        p
    }

    /// The move as the probe sent it (to re-solve it again with other settings).
    pub fn to_probe(&self) -> slidescope_probe::read::MoveRecord {
        use slidescope_probe::{Case, Contact, Move, MoveResult};
        let mv = Move {
            mover: self.mover,
            radii: self.input.radii.to_array(),
            axes: self.input.axes.to_cols_array_2d(),
            start: self.input.start.to_array(),
            velocity: self.input.velocity.to_array(),
            skin_es: self.skin_es,
            max_iterations: self.max_iterations,
            result: self.result.map(|r| MoveResult {
                end: r.end.to_array(),
                integration_velocity: r.integration_velocity.to_array(),
                iterations: r.iterations,
            }),
        };
        let contacts = self
            .contacts
            .iter()
            .map(|c| Contact {
                iteration: c.iteration,
                case: c.case.map(|k| match k {
                    CaseKind::Face => Case::Face,
                    CaseKind::Edge => Case::Edge,
                    CaseKind::Vertex => Case::Vertex,
                }),
                t: c.t,
                center: c.center.to_array(),
                point: c.point.to_array(),
                normal: c.normal.to_array(),
                triangle: c.game_triangle,
            })
            .collect();
        slidescope_probe::read::MoveRecord {
            mv,
            contacts,
            one_sided_flag: self.one_sided,
        }
    }

    /// Approximate heap bytes (for the history's budget).
    pub fn heap_bytes(&self) -> usize {
        std::mem::size_of::<Self>()
            + self.contacts.capacity() * std::mem::size_of::<GameContact>()
            + self.comparison.heap_bytes()
            + self.unresolved.as_ref().map_or(0, |(_, m)| m.capacity())
    }

    /// The move judged against `tol`: a move the reference could not re-solve diverges.
    pub fn verdict(&self, tol: &ShadowTolerance) -> Verdict {
        if self.solve == SolveState::Pending {
            return Verdict::default();
        }
        match &self.unresolved {
            Some((cause, _)) => Verdict {
                diverges: true,
                iteration: None,
                cause: Some(*cause),
            },
            None => self.comparison.verdict(tol),
        }
    }
}
