//! The declarative checks of a lesson's "try this" prompts and quiz, and the [`Observation`]
//! of the app they are evaluated on. A check is a pure function of the observation and the
//! lesson's scene (its recorded trace, for checks that name "the contact of iteration 1" or
//! "the last iteration" instead of a number), so the tests fire every check by driving the
//! model without a window.
//!
//! In a lesson file a check is one key and its value:
//!
//! ```json
//! { "case_toggled_off": "edge" }        solve switch of that case off (the frame re-runs)
//! { "case_hidden": "vertex" }           draw switch of that case off
//! { "blend_at_least": 0.9 }             world/eSpace blend (0 world, 1 eSpace)
//! { "blend_at_most": 0.1 }
//! { "iteration_selected": 2 }           cursor on the scene's frame, that iteration (0-based)
//! { "iteration_selected": "last" }
//! { "triangle_selected": 17 }           or { "triangle_selected": { "contact_of_iteration": 0, "contact": 1 } }
//! { "minkowski_shown": true }
//! { "solver_picked": "gradient_normal" }
//! { "walked_into": "stairs_low" }       a walked (not the scene's) frame touched that node
//!                                       or one below it ("stairs_low/step_01")
//! { "walking": true }                   the sim runs (resumed from the cursor)
//! { "all_of": [ … ] }
//! ```

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::SolverKind;
use crate::collision::{CaseKind, CaseMask, Response, Trace};
use crate::sim::Cursor;

/// An iteration of the scene's frame: a number (0-based) or `"last"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum IterationRef {
    Index(u32),
    Named(NamedIteration),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NamedIteration {
    Last,
}

/// A triangle of the scene's mesh: an index, or the triangle of a recorded contact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum TriangleRef {
    Index(u32),
    Contact {
        contact_of_iteration: u32,
        #[serde(default)]
        contact: u32,
    },
}

/// One declarative check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Check {
    CaseToggledOff(CaseKind),
    CaseHidden(CaseKind),
    BlendAtLeast(f32),
    BlendAtMost(f32),
    IterationSelected(IterationRef),
    TriangleSelected(TriangleRef),
    MinkowskiShown(bool),
    SolverPicked(SolverKind),
    /// The Debugger's slide rule (the plane solver lesson).
    ResponsePicked(Response),
    WalkedInto(String),
    Walking(bool),
    AllOf(Vec<Check>),
}

/// What the student has done, as far as checks can see: gathered by the app every frame (or
/// by a test from the sim model).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Observation {
    /// 0 world … 1 eSpace.
    pub blend: f32,
    /// The solve and draw switches of the three cases.
    pub solve: CaseMask,
    pub draw: CaseMask,
    /// The timeline cursor (`None`: nothing recorded).
    pub cursor: Option<Cursor>,
    /// The sim is walking (not paused).
    pub walking: bool,
    pub triangle: Option<u32>,
    pub minkowski: bool,
    pub solver: Option<SolverKind>,
    /// The slide rule the Debugger's switches hold (the walking setting).
    pub response: Response,
    /// Node names (e.g. teaching-level stations) touched by walked frames since the lesson
    /// opened.
    pub touched: BTreeSet<String>,
}

/// The frame of the lesson's scene in the history (the scenario's call is frame 0).
pub const SCENE_FRAME: u64 = 0;

impl IterationRef {
    /// The 0-based iteration in `trace`, `None` when out of range.
    pub fn resolve(self, trace: &Trace) -> Option<u32> {
        let n = trace.iterations.len() as u32;
        let i = match self {
            IterationRef::Index(i) => i,
            IterationRef::Named(NamedIteration::Last) => n.checked_sub(1)?,
        };
        (i < n.max(1)).then_some(i)
    }
}

impl TriangleRef {
    /// The level triangle's index, `None` when the named contact does not exist in `trace` or
    /// is on a moving object (picking selects level triangles only).
    pub fn resolve(self, trace: &Trace) -> Option<u32> {
        match self {
            TriangleRef::Index(t) => Some(t),
            TriangleRef::Contact {
                contact_of_iteration,
                contact,
            } => trace
                .iterations
                .get(contact_of_iteration as usize)?
                .contacts
                .get(contact as usize)
                .filter(|c| c.source == crate::collision::ContactSource::Static)
                .map(|c| c.triangle),
        }
    }
}

impl Check {
    /// Whether the check holds for `obs`, in the scene whose recorded trace is `scene`.
    pub fn holds(&self, obs: &Observation, scene: &Trace) -> bool {
        match self {
            Check::CaseToggledOff(k) => !obs.solve.allows(*k),
            Check::CaseHidden(k) => !obs.draw.allows(*k),
            Check::BlendAtLeast(b) => obs.blend >= *b,
            Check::BlendAtMost(b) => obs.blend <= *b,
            Check::IterationSelected(r) => {
                !obs.walking
                    && r.resolve(scene).is_some_and(|i| {
                        obs.cursor
                            == Some(Cursor {
                                frame: SCENE_FRAME,
                                iteration: i,
                            })
                    })
            }
            Check::TriangleSelected(r) => {
                obs.triangle.is_some() && r.resolve(scene) == obs.triangle
            }
            Check::MinkowskiShown(on) => obs.minkowski == *on,
            Check::SolverPicked(s) => obs.solver == Some(*s),
            Check::ResponsePicked(r) => obs.response == *r,
            Check::WalkedInto(name) => obs.touched.iter().any(|t| {
                t == name
                    || t.strip_prefix(name.as_str())
                        .is_some_and(|r| r.starts_with('/'))
            }),
            Check::Walking(on) => obs.walking == *on,
            Check::AllOf(all) => all.iter().all(|c| c.holds(obs, scene)),
        }
    }

    /// Whether the student changed what this check looks at since `before` (quiz feedback:
    /// an answer was attempted).
    pub fn attempted(&self, obs: &Observation, before: &Observation) -> bool {
        match self {
            Check::CaseToggledOff(_) => obs.solve != before.solve,
            Check::CaseHidden(_) => obs.draw != before.draw,
            Check::BlendAtLeast(_) | Check::BlendAtMost(_) => {
                (obs.blend - before.blend).abs() > 0.05
            }
            Check::IterationSelected(_) => obs.cursor != before.cursor,
            Check::TriangleSelected(_) => obs.triangle.is_some() && obs.triangle != before.triangle,
            Check::MinkowskiShown(_) => obs.minkowski != before.minkowski,
            Check::SolverPicked(_) => obs.solver.is_some() && obs.solver != before.solver,
            Check::ResponsePicked(_) => obs.response != before.response,
            Check::WalkedInto(_) => obs.touched.len() > before.touched.len(),
            Check::Walking(_) => obs.walking != before.walking,
            Check::AllOf(all) => all.iter().any(|c| c.attempted(obs, before)),
        }
    }

    /// Why the check can never fire in `scene` (a reference out of range, a bad number).
    pub fn problem(&self, scene: &Trace) -> Option<String> {
        match self {
            Check::BlendAtLeast(b) | Check::BlendAtMost(b) if !(0.0..=1.0).contains(b) => {
                Some(format!("blend {b} is outside 0..1"))
            }
            Check::IterationSelected(r) if r.resolve(scene).is_none() => Some(format!(
                "iteration {r:?} does not exist (the scene has {} iterations)",
                scene.iterations.len()
            )),
            Check::TriangleSelected(r) if r.resolve(scene).is_none() => {
                Some(format!("triangle {r:?}: no such contact in the scene"))
            }
            Check::WalkedInto(n) if n.trim().is_empty() => Some("walked_into needs a name".into()),
            Check::AllOf(all) if all.is_empty() => Some("all_of is empty".into()),
            Check::AllOf(all) => all.iter().find_map(|c| c.problem(scene)),
            _ => None,
        }
    }
}
