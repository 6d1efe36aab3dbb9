//! The simulation session the app drives: player, fixed clock, history and timeline in one
//! place. Each rendered frame the app calls [`Sim::update`] with the real elapsed time and the
//! current input; timeline keys become [`TimelineCommand`]s for [`Sim::command`]; the renderer
//! reads [`Sim::cursor_frame`] while paused and [`Sim::render_center`] while live.

use std::path::Path;

use glam::Vec3;

use super::capture::{FrameInputs, capture_frame};
use super::recording::{Recording, RecordingError, load_recording, save_recording};
use super::{
    Advance, Cursor, FixedStep, FrameRecord, History, PlayerInput, PlayerParams, PlayerState,
    Timeline, TimelineCommand, step_player,
};
use crate::collision::{CollisionWorld, Scratch, SlideSettings, Trace};

/// A walking session.
#[derive(Debug, Clone)]
pub struct Sim {
    /// Controller parameters (editable live).
    pub params: PlayerParams,
    /// Core settings (editable live).
    pub settings: SlideSettings,
    /// Record every step into the history (on by default).
    pub recording: bool,
    player: PlayerState,
    previous_center: Vec3,
    clock: FixedStep,
    history: History,
    timeline: Timeline,
    next_frame: u64,
    scratch: Scratch,
    trace: Trace,
    /// Platform yaw turns not yet taken by the camera (rad).
    platform_yaw_rad: f32,
}

impl Sim {
    /// A session at 60 Hz with the player standing at rest with its feet at `feet` (m).
    pub fn new(feet: Vec3, params: PlayerParams, settings: SlideSettings) -> Self {
        Self::with_clock(
            feet,
            params,
            settings,
            FixedStep::new(FixedStep::DEFAULT_HZ, FixedStep::DEFAULT_MAX_STEPS),
        )
    }

    /// A session with a custom clock (tests run at 20 Hz too).
    pub fn with_clock(
        feet: Vec3,
        params: PlayerParams,
        settings: SlideSettings,
        clock: FixedStep,
    ) -> Self {
        let player = PlayerState::standing_at(feet, params.sanitized().standing_radii);
        Self {
            params,
            settings,
            recording: true,
            player,
            previous_center: player.center,
            clock,
            history: History::default(),
            timeline: Timeline::default(),
            next_frame: 0,
            scratch: Scratch::default(),
            trace: Trace::default(),
            platform_yaw_rad: 0.0,
        }
    }

    pub fn player(&self) -> &PlayerState {
        &self.player
    }

    pub fn history(&self) -> &History {
        &self.history
    }

    pub fn history_mut(&mut self) -> &mut History {
        &mut self.history
    }

    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    pub fn timeline_mut(&mut self) -> &mut Timeline {
        &mut self.timeline
    }

    pub fn clock(&self) -> &FixedStep {
        &self.clock
    }

    pub fn is_paused(&self) -> bool {
        self.timeline.is_paused()
    }

    /// The fixed step length (s).
    pub fn dt_secs(&self) -> f32 {
        self.clock.step_secs() as f32
    }

    /// Simulated time at the start of the next step (s): `next_frame × dt`. Drive dynamic
    /// objects' animations from this so live runs and replays agree.
    pub fn time_secs(&self) -> f64 {
        self.next_frame as f64 * self.clock.step_secs()
    }

    /// The yaw the platforms the player rode turned since the last call (rad): the app adds
    /// it to the view yaw.
    pub fn take_platform_yaw_rad(&mut self) -> f32 {
        std::mem::take(&mut self.platform_yaw_rad)
    }

    /// The frame number the next step will get.
    pub fn next_frame(&self) -> u64 {
        self.next_frame
    }

    /// Moves the player (a spawn point or station click): centre `center`, at rest.
    pub fn teleport(&mut self, center: Vec3) {
        if center.is_finite() {
            self.player = PlayerState {
                center,
                crouched: self.player.crouched,
                noclip: self.player.noclip,
                ..Default::default()
            };
            self.previous_center = center;
        }
    }

    /// Advances real time by `real_dt_secs` and runs the fixed steps due (none while paused).
    pub fn update<'a>(
        &mut self,
        world: impl Into<CollisionWorld<'a>>,
        real_dt_secs: f64,
        input: &PlayerInput,
    ) -> Advance {
        let world: CollisionWorld<'a> = world.into();
        let advance = self.advance_clock(real_dt_secs);
        for _ in 0..advance.steps {
            self.step(world, input);
        }
        advance
    }

    /// Advances the fixed clock by `real_dt_secs` without stepping: the caller runs
    /// `advance.steps` steps itself (moving dynamic objects before each, see
    /// [`Movers`](super::Movers)). Paused: no steps, the clock is reset.
    pub fn advance_clock(&mut self, real_dt_secs: f64) -> Advance {
        if self.timeline.is_paused() {
            self.clock.reset();
            return Advance {
                steps: 0,
                alpha: 1.0,
                dropped_secs: 0.0,
            };
        }
        self.clock.advance(real_dt_secs)
    }

    /// Runs one fixed step now (also while paused: a single-step from the live state), and
    /// records it when recording is on. Returns the state after the step.
    ///
    /// With dynamic objects, update their poses to this step's end before calling (the
    /// scene's previous poses are then this step's start).
    pub fn step<'a>(
        &mut self,
        world: impl Into<CollisionWorld<'a>>,
        input: &PlayerInput,
    ) -> PlayerState {
        let world: CollisionWorld<'a> = world.into();
        let dt_secs = self.dt_secs();
        self.previous_center = self.player.center;
        if self.recording {
            let record = capture_frame(
                world,
                FrameInputs {
                    frame: self.next_frame,
                    dt_secs,
                    before: &self.player,
                    input,
                    params: &self.params,
                    settings: &self.settings,
                },
                &mut self.scratch,
                &mut self.trace,
            );
            self.player = record.after;
            self.platform_yaw_rad += record.dynamics.platform.map_or(0.0, |p| p.yaw_rad);
            self.history.push(record);
        } else {
            let step = step_player(
                world,
                &self.player,
                input,
                &self.params,
                &self.settings,
                dt_secs,
                &mut self.scratch,
                None,
            );
            self.player = step.after;
            self.platform_yaw_rad += step.platform.map_or(0.0, |p| p.yaw_rad);
        }
        self.next_frame += 1;
        self.player
    }

    /// Appends a record made elsewhere (a game's move through the probe) as the next frame:
    /// it takes the next frame number, so the history stays consecutive.
    pub fn push_record(&mut self, mut record: FrameRecord) {
        record.frame = self.next_frame;
        self.next_frame += 1;
        self.player = record.after;
        self.previous_center = record.after.center;
        self.history.push(record);
    }

    /// The centre to draw while live: between the last two steps by `alpha` (from
    /// [`Advance::alpha`]).
    pub fn render_center(&self, alpha: f32) -> Vec3 {
        let a = if alpha.is_finite() {
            alpha.clamp(0.0, 1.0)
        } else {
            1.0
        };
        self.previous_center.lerp(self.player.center, a)
    }

    /// The cursor (clamped into the history), `None` when nothing is recorded.
    pub fn cursor(&self) -> Option<Cursor> {
        self.timeline.cursor(&self.history)
    }

    /// The record and iteration at the cursor.
    pub fn cursor_frame(&self) -> Option<(&FrameRecord, u32)> {
        let c = self.cursor()?;
        self.history.get(c.frame).map(|f| (f, c.iteration))
    }

    /// Applies a timeline command. `ResumeFromCursor` restores the state recorded after the
    /// cursor's frame, drops every later frame and resumes walking from there.
    pub fn command(&mut self, command: TimelineCommand) {
        match command {
            TimelineCommand::ResumeFromCursor => {
                if let Some(c) = self.cursor()
                    && let Some(rec) = self.history.get(c.frame)
                {
                    self.player = rec.after;
                    self.previous_center = rec.after.center;
                    self.next_frame = c.frame + 1;
                    self.history.truncate_after(c.frame);
                }
                self.timeline.set_live();
                self.clock.reset();
            }
            TimelineCommand::Resume => {
                self.timeline.apply(command, &self.history);
                self.clock.reset();
            }
            _ => self.timeline.apply(command, &self.history),
        }
    }

    /// Saves the history as a recording (atomic write).
    pub fn save_recording(&self, path: &Path, level: &str) -> Result<(), RecordingError> {
        let rec = Recording::new(level, self.history.iter().cloned().collect());
        save_recording(path, &rec)
    }

    /// Loads a recording into the history, paused at its first frame, with the player at the
    /// state after its last frame. On error nothing changes.
    pub fn load_recording(&mut self, path: &Path) -> Result<(), RecordingError> {
        let rec = load_recording(path)?;
        self.open_recording(rec);
        Ok(())
    }

    /// Replaces the history with `recording`'s frames (see [`Sim::load_recording`]).
    pub fn open_recording(&mut self, recording: Recording) {
        let budget = self.history.budget_bytes();
        self.history = History::from_frames(recording.frames, budget);
        if let Some(last) = self.history.last() {
            self.player = last.after;
            self.previous_center = last.after.center;
            self.next_frame = last.frame + 1;
        }
        self.timeline.apply(TimelineCommand::Home, &self.history);
    }
}
