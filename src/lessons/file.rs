//! The lesson file: a scenario (the scene), where to open it, view settings, paragraphs,
//! "try this" prompts with checks, and a quiz. Read at runtime from `assets/lessons/`;
//! every failure is a one-line [`LessonError`] naming the file (DESIGN "No panics on user
//! data").
//!
//! ```json
//! { "format": "slidescope-lesson", "version": 1,
//!   "title": "Ellipsoid space", "seeds": "seed 001 12.2.4, figs. 12.10-12.12",
//!   "scenario": "scenes/02-ramp.json",
//!   "open_at": { "iteration": 0 },
//!   "view": { "blend": 0.0, "minkowski": false, "camera": { "yaw_deg": 60, "pitch_deg": -20, "distance_m": 4 } },
//!   "paragraphs": ["…"],
//!   "try": [ { "prompt": "Drag the blend slider to eSpace.", "check": { "blend_at_least": 0.9 } } ],
//!   "quiz": { "question": "…", "answer": { "iteration_selected": 1 }, "hint": "…", "explanation": "…" } }
//! ```

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::lesson_check::{Check, IterationRef, TriangleRef};
use crate::collision::CaseMask;

/// The `format` field of every lesson file.
pub const LESSON_FORMAT: &str = "slidescope-lesson";
/// The version this build reads.
pub const LESSON_VERSION: u32 = 1;

/// Where the lesson opens the scene's timeline.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpenAt {
    pub iteration: IterationRef,
}

impl Default for OpenAt {
    fn default() -> Self {
        Self {
            iteration: IterationRef::Index(0),
        }
    }
}

/// The orbit camera a lesson opens with (about the ellipsoid at the cursor).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CameraView {
    /// Degrees counter-clockwise about +Y; 0 looks down −Z.
    pub yaw_deg: f32,
    /// Degrees, negative looks down.
    #[serde(default = "default_pitch")]
    pub pitch_deg: f32,
    #[serde(default = "default_distance")]
    pub distance_m: f32,
}

fn default_pitch() -> f32 {
    -25.0
}

fn default_distance() -> f32 {
    4.0
}

/// View settings applied when the lesson opens.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ViewSettings {
    /// World (0) … eSpace (1).
    pub blend: f32,
    pub minkowski: bool,
    /// The triangle selected at the start (the Minkowski view draws it).
    pub select_triangle: Option<TriangleRef>,
    /// Case draw / solve switches (all on when absent).
    pub draw: Option<CaseMask>,
    pub solve: Option<CaseMask>,
    pub camera: Option<CameraView>,
    /// Velocity arrows are the motion times this (the scene's motions are metres, not one
    /// 60 Hz step: 1 draws them at true length).
    pub arrow_scale: Option<f32>,
}

/// One "try this" prompt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prompt {
    pub prompt: String,
    pub check: Check,
}

/// The closing question, answered by interacting with the scene.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quiz {
    pub question: String,
    pub answer: Check,
    /// Shown after a wrong attempt.
    pub hint: String,
    /// Shown once answered.
    pub explanation: String,
}

/// A lesson file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    pub format: String,
    pub version: u32,
    pub title: String,
    /// The seed sections the lesson follows.
    #[serde(default)]
    pub seeds: String,
    /// The scenario file, relative to the lesson file.
    pub scenario: PathBuf,
    #[serde(default)]
    pub open_at: OpenAt,
    #[serde(default)]
    pub view: ViewSettings,
    pub paragraphs: Vec<String>,
    #[serde(rename = "try")]
    pub prompts: Vec<Prompt>,
    pub quiz: Quiz,
    /// What the lesson could not show with what exists yet (shown under the text).
    #[serde(default)]
    pub note: Option<String>,
}

/// Why a lesson could not be used. One line, naming the file.
#[derive(Debug, thiserror::Error)]
pub enum LessonError {
    #[error("{}: cannot read: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: not a valid lesson: {source}", path.display())]
    Parse {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("{}: {reason}", path.display())]
    Invalid { path: PathBuf, reason: String },
    #[error("{}: its scene: {reason}", path.display())]
    Scene { path: PathBuf, reason: String },
}

impl Lesson {
    /// Parses lesson text; `path` only names the file in errors.
    pub fn parse(path: &Path, text: &str) -> Result<Self, LessonError> {
        let lesson: Self = serde_json::from_str(text).map_err(|source| LessonError::Parse {
            path: path.to_owned(),
            source,
        })?;
        lesson.validate().map_err(|reason| LessonError::Invalid {
            path: path.to_owned(),
            reason,
        })?;
        Ok(lesson)
    }

    /// Reads and checks a lesson file (not its scene: see [`LessonState::open`](super::LessonState::open)).
    pub fn read(path: &Path) -> Result<Self, LessonError> {
        let text = crate::vfs::read_to_string(path).map_err(|source| LessonError::Read {
            path: path.to_owned(),
            source,
        })?;
        Self::parse(path, &text)
    }

    /// The scenario file's path, resolved against the lesson file's folder.
    pub fn scenario_path(&self, lesson_path: &Path) -> PathBuf {
        lesson_path
            .parent()
            .unwrap_or(Path::new("."))
            .join(&self.scenario)
    }

    fn validate(&self) -> Result<(), String> {
        if self.format != LESSON_FORMAT {
            return Err(format!(
                "not a slidescope lesson (format {:?}, expected {LESSON_FORMAT:?})",
                self.format
            ));
        }
        if self.version != LESSON_VERSION {
            return Err(format!(
                "lesson version {} (this build reads {LESSON_VERSION})",
                self.version
            ));
        }
        if self.title.trim().is_empty() {
            return Err("the title is empty".into());
        }
        if self.paragraphs.is_empty() {
            return Err("no paragraphs of explanation".into());
        }
        if self.prompts.is_empty() {
            return Err("no \"try\" prompts".into());
        }
        let b = self.view.blend;
        if !(0.0..=1.0).contains(&b) {
            return Err(format!("view.blend {b} is outside 0..1"));
        }
        if let Some(s) = self.view.arrow_scale
            && !(s.is_finite() && s > 0.0 && s <= 1000.0)
        {
            return Err(format!("view.arrow_scale {s} must be in (0, 1000]"));
        }
        if let Some(c) = self.view.camera
            && !(c.yaw_deg.is_finite()
                && c.pitch_deg.is_finite()
                && c.distance_m.is_finite()
                && c.distance_m > 0.0)
        {
            return Err("view.camera needs finite angles and a distance > 0".into());
        }
        Ok(())
    }
}
