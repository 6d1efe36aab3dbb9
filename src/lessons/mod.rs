//! Teaching mode: guided lessons that rebuild the seeds' figures one interactive
//! step at a time. A lesson is a JSON file in `assets/lessons/` naming a scenario file (the
//! scene: one `collide_and_slide` call, shown paused in the debugger), the iteration to open
//! at, view settings, paragraphs of explanation, "try this" prompts with declarative checks and
//! a quiz answered by interacting with the scene. Files are read at runtime, so a new lesson
//! needs no code.
//!
//! - [`file`]: the lesson file format, read and validated (errors, never panics);
//! - [`lesson_check`]: the declarative checks and the [`Observation`] of the app they are run on;
//! - [`lesson_progress`]: one open lesson's progress — prompts ticked, quiz feedback — a model driven
//!   without a window (the tests script it);
//! - [`catalog`]: the guided path, every lesson file of a folder in name order;
//! - [`walk`]: the level nodes walked frames touched (for `walked_into`);
//! - [`first_frame`]: a lesson's opening view without a window (the render test);
//! - [`solver_answers`]: the answers of every sweep solver of `collision::solvers` at an iteration,
//!   for the solver-comparison lesson.

pub mod catalog;
pub mod file;
pub mod first_frame;
pub mod lesson_check;
pub mod lesson_progress;
pub mod solver_answers;
pub mod walk;

pub use catalog::{Catalog, CatalogEntry, LESSONS_DIR};
pub use file::{
    LESSON_FORMAT, LESSON_VERSION, Lesson, LessonError, OpenAt, Prompt, Quiz, ViewSettings,
};
pub use lesson_check::{Check, IterationRef, Observation, TriangleRef};
pub use lesson_progress::{LessonState, QuizStatus};
pub use solver_answers::{SolverAnswer, SolverKind, compare_solvers};
