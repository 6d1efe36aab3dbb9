//! The conventions as files have always held them: the first nine rows under their first
//! names (`min_velocity_es`, `fallback`, `two_sided` with `back_faces`, …) in their first
//! order, and every row added since under its table name after them when it is not the
//! default (an unknown name is ignored, as unknown fields always were). Recordings and re-run
//! edits hold a `Conventions` this way; the core's settings files hold the same fields flat
//! among the other settings, with these helpers.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::table::{Conventions, IterationLimit, Padding, Roots, ShortMotion, Sidedness, TABLE};
use crate::values::FileValue;

/// The rows the first layout holds under their first names.
pub const FIRST_ROWS: [&str; 9] = [
    "padding",
    "short_motion",
    "min_motion_es",
    "min_motion_m",
    "dead_zone_m",
    "iteration_limit",
    "sidedness",
    "impulse_filter",
    "roots",
];

/// Which triangles a one-sided level ignores, as the first layout names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BackFaces {
    #[default]
    Position,
    Velocity,
}

impl Sidedness {
    /// The first layout's `two_sided` and `back_faces`.
    pub fn to_first(self) -> (bool, BackFaces) {
        match self {
            Self::TwoSided => (true, BackFaces::Position),
            Self::BehindIgnored => (false, BackFaces::Position),
            Self::LeavingIgnored => (false, BackFaces::Velocity),
        }
    }

    /// From the first layout's `two_sided` and `back_faces`.
    pub fn from_first(two_sided: bool, back_faces: BackFaces) -> Self {
        match (two_sided, back_faces) {
            (true, _) => Self::TwoSided,
            (false, BackFaces::Position) => Self::BehindIgnored,
            (false, BackFaces::Velocity) => Self::LeavingIgnored,
        }
    }
}

impl IterationLimit {
    /// The first layout's `fallback`.
    pub fn falls_back(self) -> bool {
        self == Self::FallBack
    }

    /// From the first layout's `fallback`.
    pub fn from_fallback(fallback: bool) -> Self {
        if fallback {
            Self::FallBack
        } else {
            Self::KeepLast
        }
    }
}

/// A field after the first ones: a row's value, or anything else (ignored).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Newer {
    Value(FileValue),
    #[serde(skip_serializing)]
    Other(serde::de::IgnoredAny),
}

/// The rows of `c` after [`FIRST_ROWS`] whose value is not the default, by name.
pub fn newer_rows(c: &Conventions) -> BTreeMap<String, Newer> {
    let seed = Conventions::default();
    TABLE
        .iter()
        .filter(|r| !FIRST_ROWS.contains(&r.name))
        .filter_map(|r| Some((r, r.get(c)?, r.get(&seed)?)))
        .filter(|(_, wire, seed)| wire != seed)
        .map(|(r, wire, _)| (r.name.to_owned(), Newer::Value(r.file_value(wire))))
        .collect()
}

/// `c` with the rows `newer` names (a name or value no row has is ignored).
pub fn with_newer_rows(mut c: Conventions, newer: &BTreeMap<String, Newer>) -> Conventions {
    for r in TABLE.iter().filter(|r| !FIRST_ROWS.contains(&r.name)) {
        if let (Some(Newer::Value(v)), Some(solver)) = (newer.get(r.name), r.solver)
            && let Some(wire) = r.wire_of(v)
        {
            (solver.set)(&mut c, wire);
        }
    }
    c
}

/// [`Conventions`] as files hold it (a settings file holds the same fields among others).
#[derive(Serialize, Deserialize)]
#[serde(default)]
pub struct ConventionsFile {
    pub padding: Padding,
    pub short_motion: ShortMotion,
    pub min_velocity_es: f32,
    pub min_velocity_m: f32,
    pub dead_zone_m: f32,
    pub fallback: bool,
    pub two_sided: bool,
    pub back_faces: BackFaces,
    pub impulse_filter: bool,
    pub roots: Roots,
    #[serde(flatten)]
    pub newer: BTreeMap<String, Newer>,
}

impl Default for ConventionsFile {
    fn default() -> Self {
        Conventions::default().into()
    }
}

impl From<Conventions> for ConventionsFile {
    fn from(c: Conventions) -> Self {
        let (two_sided, back_faces) = c.sidedness.to_first();
        Self {
            padding: c.padding,
            short_motion: c.short_motion,
            min_velocity_es: c.min_motion_es,
            min_velocity_m: c.min_motion_m,
            dead_zone_m: c.dead_zone_m,
            fallback: c.iteration_limit.falls_back(),
            two_sided,
            back_faces,
            impulse_filter: c.impulse_filter,
            roots: c.roots,
            newer: newer_rows(&c),
        }
    }
}

impl From<ConventionsFile> for Conventions {
    fn from(f: ConventionsFile) -> Self {
        // A row added after these takes its default here and is read from `newer`.
        #[allow(clippy::needless_update)]
        let first = Conventions {
            padding: f.padding,
            short_motion: f.short_motion,
            min_motion_es: f.min_velocity_es,
            min_motion_m: f.min_velocity_m,
            dead_zone_m: f.dead_zone_m,
            iteration_limit: IterationLimit::from_fallback(f.fallback),
            sidedness: Sidedness::from_first(f.two_sided, f.back_faces),
            impulse_filter: f.impulse_filter,
            roots: f.roots,
            ..Conventions::default()
        };
        with_newer_rows(first, &f.newer)
    }
}
