//! What an issue scene is: the public report it rebuilds, its geometry (built in code like the
//! teaching level), the motions that triggered the report (one or more runs), and what must hold
//! for the scene to pass, per solver variant.

use glam::DVec3;

use super::scene_check::Check;
use super::variant::Variant;
use crate::level::teaching::Part;
use crate::sim::PlayerInput;

/// Radii of the character every scene uses unless its report says otherwise (m).
pub const RADII_M: [f32; 3] = [0.4, 0.9, 0.4];

/// Where the report was made public.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    /// Short citation, e.g. `"bevy_rapier #489"`.
    pub source: &'static str,
    /// Where to read it.
    pub url: &'static str,
    /// What the reporter saw, in a few sentences.
    pub text: &'static str,
}

/// The ground the scene stands on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Ground {
    /// An open floor sheet at y = 0, ±30 m around the origin.
    Full,
    /// The same floor with a square hole of this half size (m) around the origin, which the
    /// scene's own parts fill (their own floor).
    Hole(f64),
}

/// One stretch of held input.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Segment {
    pub secs: f64,
    /// Forward / right axes in [−1, 1].
    pub forward: f32,
    pub right: f32,
    pub jump: bool,
    pub run: bool,
}

impl Segment {
    /// Hold forward for `secs`.
    pub fn walk(secs: f64) -> Self {
        Self {
            secs,
            forward: 1.0,
            right: 0.0,
            jump: false,
            run: false,
        }
    }
    /// Hold nothing for `secs`.
    pub fn idle(secs: f64) -> Self {
        Self {
            forward: 0.0,
            ..Self::walk(secs)
        }
    }
    /// Hold forward and jump for `secs` (the jump is taken when grounded).
    pub fn jump(secs: f64) -> Self {
        Self {
            jump: true,
            ..Self::walk(secs)
        }
    }
    /// Hold forward and run for `secs`.
    pub fn run(secs: f64) -> Self {
        Self {
            run: true,
            ..Self::walk(secs)
        }
    }
}

/// One motion through the scene.
#[derive(Debug, Clone, PartialEq)]
pub struct Run {
    pub label: String,
    /// Feet position at the start (m, scene space = world: the scene sits at the origin).
    pub start_feet: DVec3,
    /// The view yaw the input is held at (degrees, counter-clockwise seen from above, 0 looks
    /// down −Z: [`PlayerInput::yaw_rad`](crate::sim::PlayerInput)).
    pub yaw_deg: f64,
    pub script: Vec<Segment>,
    /// What must hold for this run (besides [`Check::ALWAYS`]).
    pub checks: Vec<Check>,
}

impl Run {
    pub fn new(label: impl Into<String>, start_feet: DVec3, yaw_deg: f64) -> Self {
        Self {
            label: label.into(),
            start_feet,
            yaw_deg,
            script: Vec::new(),
            checks: Vec::new(),
        }
    }
    pub fn script(mut self, script: impl IntoIterator<Item = Segment>) -> Self {
        self.script = script.into_iter().collect();
        self
    }
    pub fn checks(mut self, checks: impl IntoIterator<Item = Check>) -> Self {
        self.checks = checks.into_iter().collect();
        self
    }
    /// The horizontal unit direction forward walks in at this run's yaw (the walker's own
    /// [`PlayerInput::wish_direction`]).
    pub fn wish_dir(&self) -> glam::Vec3 {
        PlayerInput {
            forward: 1.0,
            yaw_rad: self.yaw_deg.to_radians() as f32,
            ..Default::default()
        }
        .sanitized()
        .wish_direction()
    }

    /// Length of the script (s).
    pub fn secs(&self) -> f64 {
        self.script.iter().map(|s| s.secs).sum()
    }
    /// The segment held at time `t` (the last one after the end).
    pub fn segment_at(&self, t: f64) -> Option<&Segment> {
        let mut end = 0.0;
        for s in &self.script {
            end += s.secs;
            if t < end {
                return Some(s);
            }
        }
        self.script.last()
    }
}

/// One rebuilt report.
#[derive(Debug, Clone)]
pub struct IssueScene {
    /// 1-based, the suite's order.
    pub number: u8,
    /// File stem and command-line name, snake_case.
    pub slug: &'static str,
    pub title: &'static str,
    pub report: Report,
    /// Where and why the rebuild differs from the report (an ellipsoid instead of a capsule…).
    pub adaptation: &'static str,
    pub ground: Ground,
    pub parts: Vec<Part>,
    pub runs: Vec<Run>,
    /// The variants expected to pass at 60 Hz; the others are expected to show the report's
    /// pathology.
    pub expect_pass: &'static [Variant],
    /// Why the expectations are what they are (one line).
    pub expect_why: &'static str,
    /// Where the app opens the scene: run index and time (s).
    pub focus: (usize, f64),
}

impl IssueScene {
    /// `"07-shallow_wall"`: the assets' file stem.
    pub fn stem(&self) -> String {
        format!("{:02}-{}", self.number, self.slug)
    }
    pub fn expects_pass(&self, v: Variant) -> bool {
        self.expect_pass.contains(&v)
    }
}

/// The input a run holds at time `t` (s).
pub fn input_at(run: &Run, t: f64) -> PlayerInput {
    let yaw_rad = run.yaw_deg.to_radians() as f32;
    match run.segment_at(t) {
        Some(s) => PlayerInput {
            forward: s.forward,
            right: s.right,
            yaw_rad,
            jump: s.jump,
            run: s.run,
            ..Default::default()
        },
        None => PlayerInput {
            yaw_rad,
            ..Default::default()
        },
    }
}

/// Frames a run lasts at `rate_hz`.
pub fn frame_count(run: &Run, rate_hz: f64) -> u64 {
    (run.secs() * rate_hz).round() as u64
}
