//! One open lesson's progress: which "try this" prompts have fired (they stay ticked), and the
//! quiz — open, a wrong attempt (with the hint), or answered. A model without a window: the
//! app feeds it an [`Observation`] every frame; the tests feed it scripted ones.

use std::path::{Path, PathBuf};

use super::lesson_check::{Check, Observation};
use super::{Lesson, LessonError};
use crate::collision::Trace;

/// Where the quiz stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuizStatus {
    /// Not attempted yet.
    Open,
    /// The student changed what the answer looks at, and it is not the answer.
    Wrong,
    /// Answered (stays answered).
    Correct,
}

/// An open lesson.
#[derive(Debug, Clone)]
pub struct LessonState {
    pub path: PathBuf,
    pub lesson: Lesson,
    /// The scene's recorded trace (what "the last iteration" or "the contact of iteration 1"
    /// refer to).
    scene: Trace,
    done: Vec<bool>,
    quiz: QuizStatus,
    /// The observation quiz attempts are measured against: at the opening, then whenever a
    /// prompt fires (doing a prompt is not a quiz attempt).
    quiz_baseline: Option<Observation>,
}

impl LessonState {
    /// Starts `lesson` (read from `path`) on its scene's recorded trace. Refuses a lesson whose
    /// checks can never fire in that scene.
    pub fn new(path: &Path, lesson: Lesson, scene: Trace) -> Result<Self, LessonError> {
        let invalid = |reason: String| LessonError::Invalid {
            path: path.to_owned(),
            reason,
        };
        if lesson.open_at.iteration.resolve(&scene).is_none() {
            return Err(invalid(format!(
                "open_at.iteration {:?} does not exist (the scene has {} iterations)",
                lesson.open_at.iteration,
                scene.iterations.len()
            )));
        }
        if let Some(t) = lesson.view.select_triangle
            && t.resolve(&scene).is_none()
        {
            return Err(invalid(format!(
                "view.select_triangle {t:?}: no such contact"
            )));
        }
        for (i, p) in lesson.prompts.iter().enumerate() {
            if let Some(why) = p.check.problem(&scene) {
                return Err(invalid(format!("try[{i}]: {why}")));
            }
        }
        if let Some(why) = lesson.quiz.answer.problem(&scene) {
            return Err(invalid(format!("quiz.answer: {why}")));
        }
        Ok(Self {
            path: path.to_owned(),
            done: vec![false; lesson.prompts.len()],
            lesson,
            scene,
            quiz: QuizStatus::Open,
            quiz_baseline: None,
        })
    }

    /// The scene's recorded trace.
    pub fn scene(&self) -> &Trace {
        &self.scene
    }

    /// The iteration the lesson opens at (0-based).
    pub fn open_iteration(&self) -> u32 {
        self.lesson
            .open_at
            .iteration
            .resolve(&self.scene)
            .unwrap_or(0)
    }

    /// The triangle the lesson selects at the start.
    pub fn open_triangle(&self) -> Option<u32> {
        self.lesson.view.select_triangle?.resolve(&self.scene)
    }

    /// Runs every check on `obs`. Returns the prompts that fired now (indices).
    pub fn observe(&mut self, obs: &Observation) -> Vec<usize> {
        let mut fired = Vec::new();
        for (i, p) in self.lesson.prompts.iter().enumerate() {
            if !self.done[i] && p.check.holds(obs, &self.scene) {
                self.done[i] = true;
                fired.push(i);
            }
        }
        if self.quiz_baseline.is_none() || !fired.is_empty() {
            self.quiz_baseline = Some(obs.clone());
        }
        if self.quiz != QuizStatus::Correct {
            let answer: &Check = &self.lesson.quiz.answer;
            self.quiz = if answer.holds(obs, &self.scene) {
                QuizStatus::Correct
            } else if self
                .quiz_baseline
                .as_ref()
                .is_some_and(|b| answer.attempted(obs, b))
            {
                QuizStatus::Wrong
            } else {
                self.quiz
            };
        }
        fired
    }

    /// Per prompt: fired yet?
    pub fn done(&self) -> &[bool] {
        &self.done
    }

    pub fn quiz(&self) -> QuizStatus {
        self.quiz
    }

    /// Every prompt fired and the quiz answered.
    pub fn complete(&self) -> bool {
        self.done.iter().all(|d| *d) && self.quiz == QuizStatus::Correct
    }
}
