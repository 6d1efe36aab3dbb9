//! The scenario file itself: the core's JSON query plus a header, a name, a description and
//! expectations; reading (header and version first, unknown top-level fields refused),
//! atomic writing, and the constructor from one recorded `collide_and_slide` call.

use std::path::{Path, PathBuf};

use glam::Mat3;
use serde::{Deserialize, Serialize};

use super::{Expectations, ScenarioError, VecExpectation};
use crate::collision::{Ellipsoid, Motion, ObjectPoses, SlideResult, SlideSettings, Trace};
use crate::level::LevelHash;
use crate::level::query::{EllipsoidShape, Geometry, Query, QueryMode, heading_out_of_settings};

/// The `format` field of every scenario file.
pub const SCENARIO_FORMAT: &str = "slidescope-scenario";
/// The newest version this build reads, and the one it writes for scenarios with dynamic
/// objects (version 2 added `objects`); scenarios without them are still written as 1.
pub const SCENARIO_VERSION: u32 = 2;
/// The version written for scenarios without dynamic objects.
const STATIC_SCENARIO_VERSION: u32 = 1;

/// Top-level fields a version-1 scenario may have (the query's fields included). The query is
/// flattened into the scenario, where serde cannot refuse unknown fields itself, and a
/// misspelt `expect` would silently turn a regression test into one that always passes.
const KNOWN_FIELDS: &[&str] = &[
    "format",
    "version",
    "name",
    "description",
    "mode",
    "level",
    "level_hash",
    "triangles",
    "ellipsoid",
    "start",
    "velocity",
    "heading",
    "settings",
    "expect",
    "objects",
];

/// One problem collision: a single `collide_and_slide` call and what it should do.
///
/// ```json
/// { "format": "slidescope-scenario", "version": 1,
///   "name": "wall_slide_30deg", "description": "why the numbers are right",
///   "level": "../../assets/teaching.glb", "level_hash": "fnv1a64:0123456789abcdef",
///   "ellipsoid": { "radii": [0.4, 0.9, 0.4] },
///   "start": [0, 0.92, 0], "velocity": [0, 0, -1],
///   "settings": { "max_iterations": 30, "cases": { "edge": true } },
///   "expect": { "position": { "value": [0, 0.92, -1], "tolerance": 1e-4 },
///               "end": "clear_path", "iterations": 1, "contacts": [[]] } }
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    /// Always [`SCENARIO_FORMAT`].
    pub format: String,
    pub version: u32,
    /// Short identifier, printed by `slidescope run`.
    pub name: String,
    /// What the scenario shows and why its expected numbers are right.
    #[serde(default)]
    pub description: String,
    /// Geometry, ellipsoid, start, velocity and settings (case mask included). `mode` must be
    /// `slide`.
    #[serde(flatten)]
    pub query: Query,
    #[serde(default, skip_serializing_if = "Expectations::is_empty")]
    pub expect: Expectations,
    /// Version 2: the level's dynamic objects during the call, both poses each (seed 001
    /// 12.12.1: the sweep is tested against the previous pose and carried to the current one),
    /// in id order. The replay gives the level file's objects these poses.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objects: Vec<ObjectPoses>,
}

/// The inputs and the recorded result of one `collide_and_slide` call (what the debugger's
/// history keeps for a frame).
#[derive(Debug, Clone, Copy)]
pub struct RecordedCall<'a> {
    pub ellipsoid: &'a Ellipsoid,
    /// The displacement handed to the core (world, metres) and its heading.
    pub motion: Motion,
    pub settings: &'a SlideSettings,
    pub result: &'a SlideResult,
    pub trace: &'a Trace,
    /// The dynamic objects' poses during the call (empty without dynamic objects).
    pub objects: &'a [ObjectPoses],
}

/// Only the header, read first so a newer file is reported as such rather than as malformed.
#[derive(Deserialize)]
struct Header {
    format: String,
    version: u32,
}

/// A level geometry pinned by the hash of `file`, stored as `relative` (the path from the
/// folder the scenario will be written to).
pub fn pinned_level(relative: impl Into<PathBuf>, file: &Path) -> Result<Geometry, ScenarioError> {
    let level_hash = LevelHash::of_file(file).map_err(|source| ScenarioError::Read {
        path: file.to_owned(),
        source,
    })?;
    Ok(Geometry::Level {
        level: relative.into(),
        level_hash: Some(level_hash),
    })
}

impl Scenario {
    /// A scenario without expectations.
    pub fn new(name: impl Into<String>, description: impl Into<String>, query: Query) -> Self {
        Self {
            format: SCENARIO_FORMAT.to_owned(),
            version: STATIC_SCENARIO_VERSION,
            name: name.into(),
            description: description.into(),
            query,
            expect: Expectations::default(),
            objects: Vec::new(),
        }
    }

    /// Sets the dynamic objects' poses (and the version that can store them).
    pub fn with_objects(mut self, objects: Vec<ObjectPoses>) -> Self {
        self.version = if objects.is_empty() {
            STATIC_SCENARIO_VERSION
        } else {
            SCENARIO_VERSION
        };
        self.objects = objects;
        self
    }

    /// The scenario of one recorded call ("Export scenario" in the debugger): its exact inputs,
    /// and its recorded result as the expectation — final position and integration velocity
    /// with zero tolerance, end reason, iteration count and the bit-identical trace.
    pub fn from_frame(
        name: impl Into<String>,
        description: impl Into<String>,
        geometry: Geometry,
        call: RecordedCall<'_>,
    ) -> Self {
        let e = call.ellipsoid;
        let axes =
            (e.axes != Mat3::IDENTITY).then_some([e.axes.x_axis, e.axes.y_axis, e.axes.z_axis]);
        let query = Query {
            mode: QueryMode::Slide,
            geometry,
            ellipsoid: EllipsoidShape {
                radii: e.radii,
                axes,
            },
            start: e.center,
            velocity: call.motion.velocity,
            heading: call.motion.heading,
            settings: *call.settings,
        };
        let exact = |value| VecExpectation {
            value,
            tolerance: 0.0,
        };
        let mut s = Self::new(name, description, query).with_objects(call.objects.to_vec());
        s.expect = Expectations {
            position: Some(exact(call.result.position)),
            integration_velocity: Some(exact(call.result.integration_velocity)),
            end: Some(call.result.end),
            iterations: Some(call.result.iterations),
            contacts: None,
            contacts_any_order: false,
            exact_trace: true,
            trace: Some(call.trace.clone()),
        };
        s
    }

    /// Parses scenario text; `path` only names the source in errors.
    pub fn parse(path: &Path, text: &str) -> Result<Self, ScenarioError> {
        let parse_err = |source| ScenarioError::Parse {
            path: path.to_owned(),
            source,
        };
        let header: Header = serde_json::from_str(text).map_err(parse_err)?;
        if header.format != SCENARIO_FORMAT {
            return Err(ScenarioError::WrongFormat {
                path: path.to_owned(),
                found: header.format,
            });
        }
        if header.version > SCENARIO_VERSION {
            return Err(ScenarioError::NewerVersion {
                path: path.to_owned(),
                found: header.version,
                supported: SCENARIO_VERSION,
            });
        }
        if header.version < 1 {
            return Err(ScenarioError::UnknownVersion {
                path: path.to_owned(),
                found: header.version,
            });
        }
        let mut fields: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(text).map_err(parse_err)?;
        if let Some(field) = fields.keys().find(|k| !KNOWN_FIELDS.contains(&k.as_str())) {
            return Err(ScenarioError::UnknownField {
                path: path.to_owned(),
                field: field.clone(),
            });
        }
        let in_settings = fields
            .get("settings")
            .is_some_and(|s| s.get("heading").is_some());
        let scenario: Self = if in_settings {
            heading_out_of_settings(&mut fields);
            serde_json::from_value(serde_json::Value::Object(fields)).map_err(parse_err)?
        } else {
            serde_json::from_str(text).map_err(parse_err)?
        };
        scenario.validate(path)?;
        Ok(scenario)
    }

    /// Reads and checks a scenario file.
    pub fn read(path: &Path) -> Result<Self, ScenarioError> {
        let text = crate::vfs::read_to_string(path).map_err(|source| ScenarioError::Read {
            path: path.to_owned(),
            source,
        })?;
        Self::parse(path, &text)
    }

    /// What a scenario must satisfy besides its JSON shape.
    fn validate(&self, path: &Path) -> Result<(), ScenarioError> {
        let invalid = |reason: String| ScenarioError::Invalid {
            path: path.to_owned(),
            reason,
        };
        if self.query.mode != QueryMode::Slide {
            return Err(invalid(
                "scenarios replay collide_and_slide: mode must be \"slide\"".into(),
            ));
        }
        if !self.objects.is_empty() {
            if self.version < 2 {
                return Err(invalid("\"objects\" needs version 2".into()));
            }
            if !matches!(self.query.geometry, Geometry::Level { .. }) {
                return Err(invalid(
                    "\"objects\" pose the level file's dynamic objects: give a \"level\"".into(),
                ));
            }
            if let Some(p) = self
                .objects
                .iter()
                .find(|p| !(p.previous.is_valid() && p.current.is_valid()))
            {
                return Err(invalid(format!(
                    "object {}: poses must be finite with unit rotations",
                    p.object.0
                )));
            }
        }
        self.expect.validate().map_err(invalid)
    }

    /// The scenario as pretty JSON (what [`Scenario::write`] stores).
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string_pretty(self).map(|s| s + "\n")
    }

    /// Writes the scenario to `path` atomically: a sibling temporary file is written, flushed
    /// and renamed over `path`, so a crash never leaves a half-written scenario there.
    pub fn write(&self, path: &Path) -> Result<(), ScenarioError> {
        let io = |source| ScenarioError::Write {
            path: path.to_owned(),
            source,
        };
        let text = self.to_json().map_err(|e| io(std::io::Error::other(e)))?;
        crate::vfs::write_atomic(path, text.as_bytes()).map_err(io)
    }
}
