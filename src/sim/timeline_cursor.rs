//! The timeline model: a cursor over the history at the granularity of one
//! detect/respond iteration, paused or following the live end, moved by [`TimelineCommand`]s.
//! No UI here: the app maps keys and clicks to commands and draws what the cursor points at.

use serde::{Deserialize, Serialize};

use super::{History, Markers};

/// A position in the history: a frame and an iteration inside it (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cursor {
    pub frame: u64,
    pub iteration: u32,
}

impl Cursor {
    /// The first iteration of `frame`.
    pub fn at_frame(frame: u64) -> Self {
        Self {
            frame,
            iteration: 0,
        }
    }
}

/// What the user can ask of the timeline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TimelineCommand {
    /// Stop simulating; the cursor stays on the newest frame.
    Pause,
    /// Simulate again from the live state; the cursor follows the newest frame.
    Resume,
    /// Move by whole frames (pauses), landing on iteration 0.
    StepFrame(i32),
    /// Move by iterations, crossing frame boundaries (pauses).
    StepIteration(i32),
    /// The nearest marked frame before / after the cursor (pauses).
    PrevMarker,
    NextMarker,
    /// Oldest / newest frame (pauses).
    Home,
    End,
    /// A frame number, clamped into the history (pauses).
    Seek(u64),
    /// Continue walking from the recorded state after the cursor's frame; later frames are
    /// dropped. Handled by [`Sim`](super::Sim), which owns the player.
    ResumeFromCursor,
}

/// Cursor and play state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Timeline {
    paused: bool,
    /// Where the cursor is while paused; `None` while live (it follows the newest frame).
    cursor: Option<Cursor>,
    /// Which markers `PrevMarker` / `NextMarker` stop at.
    pub marker_filter: Markers,
}

impl Default for Timeline {
    fn default() -> Self {
        Self {
            paused: false,
            cursor: None,
            marker_filter: Markers::ALL,
        }
    }
}

impl Timeline {
    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// The cursor, clamped into `history`: the stored one while paused, the newest frame
    /// (iteration 0) while live. `None` for an empty history.
    pub fn cursor(&self, history: &History) -> Option<Cursor> {
        let (first, last) = (history.first_frame()?, history.last_frame()?);
        let c = match (self.paused, self.cursor) {
            (true, Some(c)) => c,
            _ => Cursor {
                frame: last,
                iteration: 0,
            },
        };
        let frame = c.frame.clamp(first, last);
        let stops = history.get(frame).map_or(1, |f| f.cursor_stops());
        let iteration = if frame == c.frame {
            c.iteration.min(stops - 1)
        } else {
            0
        };
        Some(Cursor { frame, iteration })
    }

    /// Applies a command (all but `ResumeFromCursor`, which [`Sim`](super::Sim) handles and
    /// which is a no-op here).
    pub fn apply(&mut self, command: TimelineCommand, history: &History) {
        let here = self.cursor(history);
        let moved = match command {
            TimelineCommand::Pause => {
                self.paused = true;
                here
            }
            TimelineCommand::Resume => {
                self.paused = false;
                self.cursor = None;
                return;
            }
            TimelineCommand::ResumeFromCursor => return,
            TimelineCommand::StepFrame(n) => here.map(|c| Cursor {
                frame: offset(c.frame, n),
                iteration: 0,
            }),
            TimelineCommand::StepIteration(n) => here.map(|c| step_iterations(c, n, history)),
            TimelineCommand::PrevMarker => here.map(|c| {
                let marked = history.prev_marked(c.frame, self.marker_filter);
                marked.map_or(c, Cursor::at_frame)
            }),
            TimelineCommand::NextMarker => here.map(|c| {
                let marked = history.next_marked(c.frame, self.marker_filter);
                marked.map_or(c, Cursor::at_frame)
            }),
            TimelineCommand::Home => history.first_frame().map(|frame| Cursor {
                frame,
                iteration: 0,
            }),
            TimelineCommand::End => history.last_frame().map(|frame| Cursor {
                frame,
                iteration: 0,
            }),
            TimelineCommand::Seek(frame) => Some(Cursor {
                frame,
                iteration: 0,
            }),
        };
        self.paused = true;
        self.cursor = moved;
        // Store the clamped value so the model never holds a position outside the history.
        self.cursor = self.cursor(history);
    }

    /// Forces the paused state without moving the cursor (used by `Sim`).
    pub(crate) fn set_live(&mut self) {
        self.paused = false;
        self.cursor = None;
    }
}

fn offset(frame: u64, n: i32) -> u64 {
    if n >= 0 {
        frame.saturating_add(n as u64)
    } else {
        frame.saturating_sub(n.unsigned_abs() as u64)
    }
}

/// Moves `n` iterations, crossing into neighbouring frames; stops at either end of `history`.
fn step_iterations(mut c: Cursor, n: i32, history: &History) -> Cursor {
    let stops = |frame: u64| history.get(frame).map(|f| f.cursor_stops());
    for _ in 0..n.unsigned_abs() {
        if n > 0 {
            let here = stops(c.frame).unwrap_or(1);
            if c.iteration + 1 < here {
                c.iteration += 1;
            } else if stops(c.frame + 1).is_some() {
                c = Cursor {
                    frame: c.frame + 1,
                    iteration: 0,
                };
            } else {
                break;
            }
        } else if c.iteration > 0 {
            c.iteration -= 1;
        } else if let Some(prev) = c
            .frame
            .checked_sub(1)
            .and_then(|f| stops(f).map(|s| (f, s)))
        {
            c = Cursor {
                frame: prev.0,
                iteration: prev.1 - 1,
            };
        } else {
            break;
        }
    }
    c
}
