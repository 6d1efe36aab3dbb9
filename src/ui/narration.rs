//! Text generated from a `Trace` for the debugger: the rows of the per-iteration table, the
//! per-case outcomes of one triangle, and a plain-language narration of one iteration for
//! teaching. Pure functions of the trace (no sweep is re-done here): the model tests run them
//! on known traces.

use std::fmt::Write as _;

use crate::collision::ObjectId;

use crate::collision::{
    CaseOutcome, CaseResults, Contact, ContactTime, EndReason, Feature, IterationTrace,
    SlideSettings, Trace,
};

/// "face", "edge 1 (v1–v2)", "vertex 2".
pub fn feature_label(feature: Feature) -> String {
    match feature {
        Feature::Face => "face".into(),
        Feature::Edge(i) => format!("edge {i} (v{i}–v{})", (i + 1) % 3),
        Feature::Vertex(i) => format!("vertex {i}"),
    }
}

/// The feature in a sentence: "the face", "the edge between v1 and v2", "vertex v0".
pub fn feature_phrase(feature: Feature) -> String {
    match feature {
        Feature::Face => "the face".into(),
        Feature::Edge(i) => format!("the edge between v{i} and v{}", (i + 1) % 3),
        Feature::Vertex(i) => format!("vertex v{i}"),
    }
}

/// "t = 0.310" for a sweep, "embedded 0.0120 deep" for an embedded start.
pub fn time_label(time: ContactTime) -> String {
    match time {
        ContactTime::Toi(t) => format!("t = {t:.3}"),
        ContactTime::Embedded { depth_es } => format!("embedded {depth_es:.4} deep"),
    }
}

/// The iterations table's cell under "t / depth": "0.310" for a sweep, "0.0120 deep" for an
/// embedded start (its case cell says "embedded").
pub fn time_cell(time: ContactTime) -> String {
    match time {
        ContactTime::Toi(t) => format!("{t:.3}"),
        ContactTime::Embedded { depth_es } => format!("{depth_es:.4} deep"),
    }
}

/// The table's case column: face / edge / vertex, or "embedded (…)" for an embedded start.
pub fn case_label(contact: &Contact) -> String {
    let kind = match contact.feature {
        Feature::Face => "face",
        Feature::Edge(_) => "edge",
        Feature::Vertex(_) => "vertex",
    };
    if contact.time.is_embedded() {
        format!("embedded ({kind})")
    } else {
        kind.into()
    }
}

/// Why the loop ended, in words.
pub fn end_reason_text(end: EndReason) -> &'static str {
    match end {
        EndReason::ClearPath => "detection found nothing along the remaining motion (clear path)",
        EndReason::VelocitySpent => "the remaining motion became too short to matter",
        EndReason::ImpulseFilter => {
            "the slide turned against the requested motion (impulse filter, an internal corner)"
        }
        EndReason::Fallback => {
            "the iterations ran out; the fallback moved to the first contact of the original motion"
        }
        EndReason::MaxIterations => {
            "the iterations ran out with the fallback off; the last position is kept"
        }
        EndReason::CreaseStop => {
            "the crease response stopped: the line between two slide planes runs into a third"
        }
        EndReason::PlanesStop => {
            "the plane solver stopped: the planes touched close every way the motion could go"
        }
        EndReason::MotionDropped => {
            "the motion left after the response was shorter than the threshold and was dropped \
             (Fauerby, Irrlicht, Babylon.js); the centre stays where the response put it"
        }
        EndReason::FloorStop => {
            "a floor met heading down ended the call: the centre stays where the response put it \
             (the game's floor stop)"
        }
    }
}

/// A short name of the end reason for the table.
pub fn end_reason_label(end: EndReason) -> &'static str {
    match end {
        EndReason::ClearPath => "clear path",
        EndReason::VelocitySpent => "velocity spent",
        EndReason::ImpulseFilter => "impulse filter",
        EndReason::Fallback => "fallback",
        EndReason::MaxIterations => "max iterations",
        EndReason::CreaseStop => "crease stop",
        EndReason::PlanesStop => "planes stop",
        EndReason::MotionDropped => "leftover dropped",
        EndReason::FloorStop => "floor stop",
    }
}

fn v3(v: glam::Vec3) -> String {
    format!("({:.3}, {:.3}, {:.3})", v.x, v.y, v.z)
}

/// One row of the per-iteration table, as text.
#[derive(Debug, Clone, PartialEq)]
pub struct IterationRow {
    pub iteration: usize,
    /// "t = 0.310" or "embedded … deep"; "-" without contact.
    pub time: String,
    /// The same in the table's few characters ([`time_cell`]).
    pub time_cell: String,
    pub case: String,
    pub triangle: String,
    pub point: String,
    pub normal: String,
    pub remaining: String,
    pub slide: String,
    pub integration: String,
    /// The end reason on the last row, empty otherwise.
    pub end: String,
    /// Contacts found in this iteration.
    pub contacts: usize,
    /// The first contact's triangle, and its moving object if any (what the triangle cell
    /// selects).
    pub first_triangle: Option<(Option<ObjectId>, u32)>,
}

/// The rows of the per-iteration table for `trace` (world-space values, metres).
pub fn iteration_rows(trace: &Trace) -> Vec<IterationRow> {
    let n = trace.iterations.len();
    trace
        .iterations
        .iter()
        .enumerate()
        .map(|(i, it)| {
            let first = it.contacts.first();
            let dash = || "-".to_string();
            let mut case = first.map_or_else(dash, case_label);
            if let Some(c) = first
                && !c.time.is_embedded()
            {
                case = format!("{case} {}", feature_index(c.feature));
            }
            if it.contacts.len() > 1 {
                case = format!("{case} (+{})", it.contacts.len() - 1);
            }
            IterationRow {
                iteration: i,
                time: first.map_or_else(dash, |c| time_label(c.time)),
                time_cell: first.map_or_else(dash, |c| time_cell(c.time)),
                case: case.trim().to_string(),
                // A dynamic object's triangle indexes the object's own mesh.
                triangle: first.map_or_else(dash, |c| match c.source.object() {
                    None => c.triangle.to_string(),
                    Some(o) => format!("obj {} · {}", o.0, c.triangle),
                }),
                point: first.map_or_else(dash, |c| v3(c.point)),
                normal: first.map_or_else(dash, |c| v3(c.normal)),
                remaining: it
                    .response
                    .map_or_else(dash, |r| format!("{:.4}", r.remaining_velocity.length())),
                slide: it
                    .response
                    .map_or_else(dash, |r| format!("{:.4}", r.slide_velocity.length())),
                integration: it
                    .response
                    .map_or_else(dash, |r| v3(r.integration_velocity)),
                end: if i + 1 == n {
                    end_reason_label(trace.end).into()
                } else {
                    String::new()
                },
                contacts: it.contacts.len(),
                first_triangle: first.map(|c| (c.source.object(), c.triangle)),
            }
        })
        .collect()
}

fn feature_index(f: Feature) -> String {
    match f {
        Feature::Face => String::new(),
        Feature::Edge(i) | Feature::Vertex(i) => format!("{i}"),
    }
}

/// How one part of the Minkowski sum fared, for the triangle inspector.
pub fn outcome_text(o: CaseOutcome) -> String {
    match o {
        CaseOutcome::Disabled => "switched off".into(),
        CaseOutcome::Culled => "culled (behind, one-sided)".into(),
        CaseOutcome::Miss => "miss".into(),
        CaseOutcome::Hit(t) => format!("hit, {}", time_label(t)),
    }
}

/// The seven case outcomes of `triangle` in iteration `iteration` as (part, outcome) rows,
/// or `None` when the broad phase did not offer the triangle in that iteration.
pub fn candidate_rows(
    trace: &Trace,
    iteration: usize,
    triangle: u32,
) -> Option<Vec<(String, String)>> {
    let it = trace.iterations.get(iteration)?;
    let c = it.candidates.iter().find(|c| c.triangle == triangle)?;
    Some(case_rows(&c.cases))
}

fn case_rows(cases: &CaseResults) -> Vec<(String, String)> {
    let mut rows = vec![("face".to_string(), outcome_text(cases.face))];
    for (i, o) in cases.edges.iter().enumerate() {
        rows.push((feature_label(Feature::Edge(i as u8)), outcome_text(*o)));
    }
    for (i, o) in cases.vertices.iter().enumerate() {
        rows.push((feature_label(Feature::Vertex(i as u8)), outcome_text(*o)));
    }
    rows
}

fn count_word(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        _ => n.to_string(),
    }
}

fn slide_rule(feature: Feature) -> &'static str {
    match feature {
        Feature::Face => "Face contacts slide on the triangle's own plane.",
        Feature::Edge(_) => {
            "Edge contacts slide on the plane whose normal points from the contact to the centre."
        }
        Feature::Vertex(_) => {
            "Vertex contacts slide on the plane whose normal points from the vertex to the centre."
        }
    }
}

/// Plain-language narration of iteration `iteration` of `trace` (0-based), for teaching.
/// Distances are world metres; times are fractions of this iteration's motion.
pub fn narrate(trace: &Trace, iteration: usize) -> String {
    narrate_named(trace, iteration, &[])
}

/// [`narrate`] with the dynamic objects' names (indexed by object id) for the sentences
/// about moving geometry (see [`narrate_objects`](super::dynamic_narration::narrate_objects)).
pub fn narrate_named(trace: &Trace, iteration: usize, object_names: &[String]) -> String {
    let Some(it) = trace.iterations.get(iteration) else {
        return if trace.iterations.is_empty() {
            "This frame made no collision query (noclip, refused, or no motion).".into()
        } else {
            format!("Iteration {} does not exist in this frame.", iteration + 1)
        };
    };
    let mut s = String::new();
    let total = trace.iterations.len();
    let _ = write!(
        s,
        "Iteration {} of {total}: the ellipsoid (the unit sphere in eSpace) tries to move {:.3} m; \
         the broad phase offered {} triangle{}. ",
        iteration + 1,
        it.velocity.length(),
        it.candidates.len(),
        if it.candidates.len() == 1 { "" } else { "s" },
    );
    narrate_contacts(&mut s, it);
    s.push_str(&super::dynamic_narration::narrate_objects(it, object_names));
    if let Some(r) = it.response {
        let _ = write!(
            s,
            "{:.3} m of motion remained; {:.3} m survives the projection onto the slide plane. ",
            r.remaining_velocity.length(),
            r.slide_velocity.length()
        );
        if let Some(other) = r.crease_with {
            let _ = write!(
                s,
                "That slide would have gone back into an earlier plane (normal {}), so the crease \
                 response slides along the line where the two planes meet. ",
                v3(other)
            );
        }
    }
    if iteration + 1 == total {
        let _ = write!(s, "The loop ended: {}.", end_reason_text(trace.end));
        if let Some(f) = &trace.fallback {
            let _ = write!(
                s,
                " The fallback found {} contact{} on the original motion.",
                f.contacts.len(),
                if f.contacts.len() == 1 { "" } else { "s" }
            );
        }
        if let Some(reached) = trace.dead_zone_held {
            let _ = write!(
                s,
                " The whole move, to {}, was inside the dead zone, so the ellipsoid stays where \
                 it started.",
                v3(reached)
            );
        }
    } else {
        s.push_str("The slide velocity becomes the next iteration's motion.");
    }
    s.trim_end().to_string()
}

fn narrate_contacts(s: &mut String, it: &IterationTrace) {
    let Some(first) = it.contacts.first() else {
        s.push_str("It touches nothing and moves the whole way. ");
        return;
    };
    if it.contacts.len() > 1 {
        let _ = write!(
            s,
            "It finds {} contacts at the same time: ",
            count_word(it.contacts.len())
        );
        let parts: Vec<String> = it
            .contacts
            .iter()
            .map(|c| format!("{} of triangle {}", feature_phrase(c.feature), c.triangle))
            .collect();
        let _ = write!(
            s,
            "{}. The first one (triangle {}) drives the response. ",
            parts.join(", "),
            first.triangle
        );
    }
    match first.time {
        ContactTime::Toi(t) => {
            let _ = write!(
                s,
                "The unit sphere touches {} of triangle {} at t = {t:.2}. ",
                feature_phrase(first.feature),
                first.triangle
            );
        }
        ContactTime::Embedded { depth_es } => {
            let _ = write!(
                s,
                "The unit sphere starts embedded {depth_es:.4} (eSpace units) in {} of triangle {}; \
                 {}. ",
                feature_phrase(first.feature),
                first.triangle,
                if pushed_out(it, depth_es) {
                    "it is pushed out along the normal before sliding"
                } else {
                    "it is not pushed out: it slides from where it starts"
                }
            );
        }
    }
    s.push_str(slide_rule(first.feature));
    s.push(' ');
}

/// Whether the iteration's response moved the centre out along the slide normal by the
/// embedded `depth_es` or more (under `Conventions::embedded_kept` only the skin's push-back
/// moves it, which takes it out of a shallower overlap only).
fn pushed_out(it: &IterationTrace, depth_es: f32) -> bool {
    it.response.as_ref().is_some_and(|r| {
        (r.new_center_es - it.start_center_es).dot(r.slide_normal_es) >= 0.999 * depth_es
    })
}

/// The conventions of `s` that are not seed 001's, in words (each row's narration, in table
/// order); `None` when all are.
pub fn conventions_sentence(s: &SlideSettings) -> Option<String> {
    let parts = s.conventions.narration();
    (!parts.is_empty()).then(|| format!("Conventions not seed 001's: {}.", parts.join("; ")))
}
