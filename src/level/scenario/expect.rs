//! A scenario's expected results and the check of a replay against them. Every failed
//! expectation becomes one line that says what was expected and what the replay gave.

use std::fmt::Write as _;

use glam::Vec3;
use serde::{Deserialize, Serialize};

use crate::collision::{CaseKind, Contact, ContactTime, EndReason, Feature, SlideResult, Trace};

/// Default tolerance of positions (metres), times of impact and normals.
pub const DEFAULT_TOLERANCE: f32 = 1e-4;

fn default_tolerance() -> f32 {
    DEFAULT_TOLERANCE
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A world-space vector with a per-component tolerance (max norm).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VecExpectation {
    pub value: Vec3,
    #[serde(default = "default_tolerance")]
    pub tolerance: f32,
}

/// When a contact is expected to happen.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeExpectation {
    /// A time of impact (fraction of the iteration's velocity), within the contact's tolerance.
    Toi(f32),
    /// An embedded start (any depth).
    Embedded,
}

/// One expected contact of one iteration. Absent fields are not checked.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContactExpectation {
    /// Triangle index in the collision mesh (in the object's own mesh with `object`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub triangle: Option<u32>,
    /// The contact is on this dynamic object (scenario version 2); absent: not checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub object: Option<u32>,
    /// The exact feature (`"face"`, `{"edge": 1}`, `{"vertex": 2}`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feature: Option<Feature>,
    /// Only the case of the Minkowski sum (`"face"`, `"edge"`, `"vertex"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub case: Option<CaseKind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<TimeExpectation>,
    /// Unit world-space slide normal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub normal: Option<Vec3>,
    /// World-space contact point.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub point: Option<Vec3>,
    /// Tolerance of `time`, `normal` and `point`.
    #[serde(default = "default_tolerance")]
    pub tolerance: f32,
}

/// Everything a scenario may assert about its replay. Absent fields are not checked.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Expectations {
    /// Final centre (world, metres).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<VecExpectation>,
    /// Integration velocity (world).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub integration_velocity: Option<VecExpectation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<EndReason>,
    /// Detect/respond iterations run (not counting the fallback).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iterations: Option<u32>,
    /// The contacts of the first iterations, in trace order: `contacts[i]` lists all contacts
    /// of iteration `i` (an empty list: a clear path). Later iterations are not checked (use
    /// `iterations` for the count); a trace with fewer iterations than listed fails.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contacts: Option<Vec<Vec<ContactExpectation>>>,
    /// Match each iteration's `contacts` as a set rather than in trace order. For simultaneous
    /// contacts whose order (and so the first one, which the response slides on) is decided by
    /// the last bit of their computed times.
    #[serde(default, skip_serializing_if = "is_false")]
    pub contacts_any_order: bool,
    /// The whole trace must be bit-identical to `trace`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub exact_trace: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trace: Option<Trace>,
}

fn bad_tolerance(t: f32) -> bool {
    !(t.is_finite() && t >= 0.0)
}

impl Expectations {
    /// True when nothing is asserted.
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    /// Number of top-level assertions (for the report).
    pub fn count(&self) -> usize {
        usize::from(self.position.is_some())
            + usize::from(self.integration_velocity.is_some())
            + usize::from(self.end.is_some())
            + usize::from(self.iterations.is_some())
            + usize::from(self.contacts.is_some())
            + usize::from(self.exact_trace)
    }

    /// Rejects expectations that cannot be checked meaningfully.
    pub fn validate(&self) -> Result<(), String> {
        for (name, e) in [
            ("position", self.position),
            ("integration_velocity", self.integration_velocity),
        ] {
            if let Some(e) = e {
                if bad_tolerance(e.tolerance) {
                    return Err(format!(
                        "expect.{name}.tolerance must be finite and >= 0, got {}",
                        e.tolerance
                    ));
                }
                if !e.value.is_finite() {
                    return Err(format!("expect.{name}.value is not finite"));
                }
            }
        }
        for (i, it) in self.contacts.iter().flatten().enumerate() {
            for (k, c) in it.iter().enumerate() {
                if bad_tolerance(c.tolerance) {
                    return Err(format!(
                        "expect.contacts[{i}][{k}].tolerance must be finite and >= 0, got {}",
                        c.tolerance
                    ));
                }
                if let (Some(f), Some(case)) = (c.feature, c.case)
                    && f.kind() != case
                {
                    return Err(format!(
                        "expect.contacts[{i}][{k}]: feature {f:?} contradicts case {case:?}"
                    ));
                }
            }
        }
        match (self.exact_trace, &self.trace) {
            (true, None) => Err("expect.exact_trace is true but no expect.trace is stored".into()),
            (false, Some(_)) => {
                Err("expect.trace is stored but expect.exact_trace is not true".into())
            }
            _ => Ok(()),
        }
    }

    /// Checks a replay; returns one line per failed expectation (empty: all passed).
    pub fn check(&self, result: &SlideResult, trace: &Trace) -> Vec<String> {
        let mut fails = Vec::new();
        if let Some(e) = self.position {
            check_vec(&mut fails, "final position", e, result.position);
        }
        if let Some(e) = self.integration_velocity {
            check_vec(
                &mut fails,
                "integration velocity",
                e,
                result.integration_velocity,
            );
        }
        if let Some(end) = self.end
            && end != result.end
        {
            fails.push(format!(
                "end reason: expected {}, got {}",
                end_name(end),
                end_name(result.end)
            ));
        }
        if let Some(n) = self.iterations
            && n != result.iterations
        {
            fails.push(format!(
                "iterations: expected {n}, got {}",
                result.iterations
            ));
        }
        if let Some(expected) = &self.contacts {
            check_contacts(&mut fails, expected, trace, self.contacts_any_order);
        }
        if self.exact_trace
            && let Some(stored) = &self.trace
            && let Some(diff) = first_trace_difference(stored, trace)
        {
            fails.push(format!("exact trace: {diff}"));
        }
        fails
    }
}

fn v3(v: Vec3) -> String {
    format!("({:.6}, {:.6}, {:.6})", v.x, v.y, v.z)
}

fn end_name(e: EndReason) -> String {
    serde_json::to_value(e)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_else(|| format!("{e:?}"))
}

fn close(a: Vec3, b: Vec3, tol: f32) -> bool {
    (a - b).abs().max_element() <= tol
}

fn check_vec(fails: &mut Vec<String>, what: &str, e: VecExpectation, got: Vec3) {
    if !close(e.value, got, e.tolerance) {
        fails.push(format!(
            "{what}: expected {} ± {}, got {} (off by {:.3e})",
            v3(e.value),
            e.tolerance,
            v3(got),
            (e.value - got).abs().max_element()
        ));
    }
}

fn check_contacts(
    fails: &mut Vec<String>,
    expected: &[Vec<ContactExpectation>],
    trace: &Trace,
    any_order: bool,
) {
    if expected.len() > trace.iterations.len() {
        fails.push(format!(
            "contacts: listed for {} iterations, the trace has only {}",
            expected.len(),
            trace.iterations.len()
        ));
        return;
    }
    for (i, (exp, it)) in expected.iter().zip(&trace.iterations).enumerate() {
        if exp.len() != it.contacts.len() {
            fails.push(format!(
                "iteration {i}: expected {} contacts, got {} ({})",
                exp.len(),
                it.contacts.len(),
                it.contacts
                    .iter()
                    .map(|c| format!("triangle {} {:?}", c.triangle, c.feature))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
            continue;
        }
        if any_order {
            check_contact_set(fails, i, exp, &it.contacts);
            continue;
        }
        for (k, (e, c)) in exp.iter().zip(&it.contacts).enumerate() {
            if let Some(msg) = contact_mismatch(e, c) {
                fails.push(format!("iteration {i} contact {k}: {msg}"));
            }
        }
    }
}

/// Order-free match of one iteration's contacts: each expected contact takes the first traced
/// contact it matches that no earlier expectation took (greedy; expectations are few and
/// distinct in practice).
fn check_contact_set(
    fails: &mut Vec<String>,
    iteration: usize,
    exp: &[ContactExpectation],
    got: &[Contact],
) {
    let mut taken = vec![false; got.len()];
    for (k, e) in exp.iter().enumerate() {
        let found = (0..got.len()).find(|&j| !taken[j] && contact_mismatch(e, &got[j]).is_none());
        match found {
            Some(j) => taken[j] = true,
            None => fails.push(format!(
                "iteration {iteration} expected contact {k}: no traced contact matches ({})",
                got.iter()
                    .zip(&taken)
                    .filter(|(_, t)| !**t)
                    .filter_map(|(c, _)| contact_mismatch(e, c))
                    .collect::<Vec<_>>()
                    .join(" | ")
            )),
        }
    }
}

/// What differs between an expected contact and the traced one (all differences, one line).
fn contact_mismatch(e: &ContactExpectation, c: &Contact) -> Option<String> {
    let mut s = String::new();
    let mut add = |part: String| {
        if !s.is_empty() {
            s.push_str("; ");
        }
        s.push_str(&part);
    };
    if let Some(t) = e.triangle
        && t != c.triangle
    {
        add(format!("triangle: expected {t}, got {}", c.triangle));
    }
    if let Some(o) = e.object
        && Some(o) != c.source.object().map(|id| id.0)
    {
        let got = c
            .source
            .object()
            .map_or("the level".to_string(), |id| format!("object {}", id.0));
        add(format!("object: expected object {o}, got {got}"));
    }
    if let Some(f) = e.feature
        && f != c.feature
    {
        add(format!("feature: expected {f:?}, got {:?}", c.feature));
    }
    if let Some(k) = e.case
        && k != c.feature.kind()
    {
        add(format!("case: expected {k:?}, got {:?}", c.feature.kind()));
    }
    match (e.time, c.time) {
        (None, _) => {}
        (Some(TimeExpectation::Toi(t)), ContactTime::Toi(got)) => {
            if (t - got).abs() > e.tolerance {
                add(format!(
                    "time of impact: expected {t} ± {}, got {got}",
                    e.tolerance
                ));
            }
        }
        (Some(TimeExpectation::Embedded), ContactTime::Embedded { .. }) => {}
        (Some(TimeExpectation::Toi(t)), ContactTime::Embedded { depth_es }) => add(format!(
            "time: expected time of impact {t}, got an embedded start (depth {depth_es} eSpace)"
        )),
        (Some(TimeExpectation::Embedded), ContactTime::Toi(got)) => add(format!(
            "time: expected an embedded start, got time of impact {got}"
        )),
    }
    if let Some(n) = e.normal
        && !close(n, c.normal, e.tolerance)
    {
        add(format!(
            "normal: expected {} ± {}, got {}",
            v3(n),
            e.tolerance,
            v3(c.normal)
        ));
    }
    if let Some(p) = e.point
        && !close(p, c.point, e.tolerance)
    {
        add(format!(
            "point: expected {} ± {}, got {}",
            v3(p),
            e.tolerance,
            v3(c.point)
        ));
    }
    (!s.is_empty()).then_some(s)
}

/// JSON text of a value. The shortest round-trip formatting of every `f32` is injective, so
/// equal text means bit-identical floats (and `-0.0` differs from `0.0`).
fn exact_text<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|e| format!("<unserialisable: {e}>"))
}

/// `None` when `got` is bit-identical to `stored`, otherwise where they first differ.
pub fn first_trace_difference(stored: &Trace, got: &Trace) -> Option<String> {
    if exact_text(stored) == exact_text(got) {
        return None;
    }
    let mut s = String::new();
    if stored.iterations.len() != got.iterations.len() {
        let _ = write!(
            s,
            "{} iterations stored, {} replayed; ",
            stored.iterations.len(),
            got.iterations.len()
        );
    }
    for (i, (a, b)) in stored.iterations.iter().zip(&got.iterations).enumerate() {
        let parts: [(&str, String, String); 5] = [
            (
                "start",
                exact_text(&(a.start_center, a.start_center_es)),
                exact_text(&(b.start_center, b.start_center_es)),
            ),
            (
                "velocity",
                exact_text(&(a.velocity, a.velocity_es)),
                exact_text(&(b.velocity, b.velocity_es)),
            ),
            (
                "candidates",
                exact_text(&a.candidates),
                exact_text(&b.candidates),
            ),
            ("contacts", exact_text(&a.contacts), exact_text(&b.contacts)),
            ("response", exact_text(&a.response), exact_text(&b.response)),
        ];
        if let Some((what, _, _)) = parts.iter().find(|(_, x, y)| x != y) {
            let _ = write!(s, "first difference in iteration {i} ({what})");
            return Some(s);
        }
    }
    if exact_text(&stored.fallback) != exact_text(&got.fallback) {
        s.push_str("the fallback differs");
    } else if stored.end != got.end {
        let _ = write!(
            s,
            "end reason {} stored, {} replayed",
            end_name(stored.end),
            end_name(got.end)
        );
    } else if s.is_empty() {
        s.push_str("the traces differ");
    } else {
        s.truncate(s.trim_end_matches("; ").len());
    }
    Some(s)
}
