//! Where a game's move parts from the reference, stage by stage (seed 001 12.3's loop: detect,
//! move flush, push back, project the leftover, stop): game and reference are aligned
//! iteration by iteration and the first stage that differs is named with what it measures —
//! the game's centre off the reference's along the contact normal and along the velocity
//! (eSpace and metres), the angle and length of the motion it went on with, the scale of a
//! free move. A pure function of the move's re-solve, so `--move`, `--json` and the
//! inspector say the same.

use glam::Vec3;
use serde::Serialize;

use crate::collision::{Contact, ContactSource, ContactTime, Ellipsoid};
use crate::sim::{Cause, FrameRecord, GameContact, GameMove, ShadowTolerance};

/// A stage of the detect/respond loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    /// The contact found: one side has none, or another triangle or part of it.
    Detect,
    /// The same contact, the centre at it elsewhere (a different time of impact).
    Place,
    /// The centre left at another distance from the contact's plane after it.
    PushBack,
    /// The same distance from the plane, the motion after the contact turned another way or
    /// kept another length.
    Project,
    /// The loop stopped at another iteration (a leftover dropped or kept).
    Stop,
    /// A move with no contact on either side, moved another amount or way.
    WholeMove,
}

impl Stage {
    pub fn label(self) -> &'static str {
        match self {
            Self::Detect => "detect",
            Self::Place => "place (move flush)",
            Self::PushBack => "push-back",
            Self::Project => "project (the leftover)",
            Self::Stop => "stop",
            Self::WholeMove => "the whole move",
        }
    }
}

/// The first stage where the game and the reference part, with what it measures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Parting {
    pub stage: Stage,
    /// The iteration it happens at (the reference's numbering).
    pub iteration: Option<u32>,
    /// The game's centre off the reference's along the contact normal (push-back, place) or
    /// the game's distance from the contact plane less the reference's: eSpace, metres.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub along_normal: Option<[f32; 2]>,
    /// The same along the iteration's velocity.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub along_velocity: Option<[f32; 2]>,
    /// The angle between the game's motion after the contact and the reference's (degrees),
    /// and the ratio of their lengths.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub motion_angle_deg: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub motion_ratio: Option<f32>,
    /// The angle between the game's contact normal and the reference's (degrees), for the
    /// same contact with another normal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub normal_angle_deg: Option<f32>,
    /// A free move: the game's displacement along the velocity asked, as a fraction of it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scale: Option<f32>,
    /// What it measured, in words.
    pub text: String,
}

impl Parting {
    fn new(stage: Stage, iteration: Option<u32>, text: String) -> Self {
        Self {
            stage,
            iteration,
            along_normal: None,
            along_velocity: None,
            motion_angle_deg: None,
            motion_ratio: None,
            normal_angle_deg: None,
            scale: None,
            text,
        }
    }

    /// One line: the stage, where, what it measured.
    pub fn line(&self) -> String {
        let at = self
            .iteration
            .map_or(String::new(), |i| format!(" at iteration {i}"));
        format!("stage: {}{at} — {}", self.stage.label(), self.text)
    }
}

/// Where the game's move `game` (re-solved as `record`) parts from the reference; `None` when
/// it agrees within `tol`, the reference did not re-solve it, or the game's result is not
/// finite (nothing to measure: its bug class says so).
pub fn parting(record: &FrameRecord, game: &GameMove, tol: &ShadowTolerance) -> Option<Parting> {
    let verdict = game.verdict(tol);
    let finite = game.result.is_none_or(|r| r.end.is_finite());
    if !verdict.diverges || game.unresolved.is_some() || !finite {
        return None;
    }
    let e = Ellipsoid::with_axes(game.input.start, game.input.radii, game.input.axes).ok()?;
    match verdict.iteration {
        Some(i) => at_iteration(record, game, &e, i, verdict.cause?),
        None => at_end(record, game, &e),
    }
}

/// A vector's length in eSpace and in metres.
fn both(e: &Ellipsoid, v: Vec3) -> [f32; 2] {
    [e.space().vector_to_es(v).length(), v.length()]
}

/// A signed component along `dir` (unit, world) in eSpace and metres.
fn along(e: &Ellipsoid, v: Vec3, dir: Vec3) -> [f32; 2] {
    let d = dir.normalize_or_zero();
    let m = v.dot(d);
    let es = e.space().vector_to_es(d * m).length() * m.signum();
    [es, m]
}

fn contact_words(case: String, triangle: Option<u32>, t: Option<f32>) -> String {
    let tri = triangle.map_or("an unnamed triangle".into(), |t| format!("triangle {t}"));
    let t = t.map_or(String::new(), |t| format!(" at t = {t:.4}"));
    format!("the {case} of {tri}{t}")
}

fn core_words(c: &Contact) -> String {
    let t = match c.time {
        ContactTime::Toi(t) => Some(t),
        ContactTime::Embedded { .. } => Some(0.0),
    };
    let case = format!("{:?}", c.feature.kind()).to_lowercase();
    contact_words(case, Some(c.triangle), t)
}

fn game_words(g: &GameContact, sends_t: bool) -> String {
    let case = g
        .case_kind()
        .map_or("part".into(), |k| format!("{k:?}").to_lowercase());
    contact_words(case, g.triangle, sends_t.then_some(g.t))
}

/// The first diverging iteration `i`: another contact (detect), or the same one reached
/// elsewhere (place at `i`, or the previous iteration's push-back or projection).
fn at_iteration(
    record: &FrameRecord,
    game: &GameMove,
    e: &Ellipsoid,
    i: u32,
    cause: Cause,
) -> Option<Parting> {
    let it = record.trace.iterations.get(i as usize);
    let core = it.and_then(|it| it.contacts.first());
    let g = game.contacts.iter().find(|c| c.iteration == i);
    let sends_t = game.missing & slidescope_probe::format::missing::CONTACT_T == 0;
    let detect = |text| Some(Parting::new(Stage::Detect, Some(i), text));
    let (g, core) = match (g, core, cause) {
        (None, Some(c), _) => {
            return detect(format!(
                "the game found nothing; the reference hit {}",
                core_words(c)
            ));
        }
        (Some(g), None, _) => {
            return detect(format!(
                "the game hit {}; the reference found nothing",
                game_words(g, sends_t)
            ));
        }
        (Some(g), Some(c), _) => (g, c),
        (None, None, _) => return None,
    };
    let other_triangle = g.triangle.is_some_and(|t| t != core.triangle);
    let other_case = g.case_kind().is_some_and(|k| k != core.feature.kind());
    if other_triangle || other_case {
        let text = format!(
            "the game hit {}, the reference {}",
            game_words(g, sends_t),
            core_words(core)
        );
        return detect(text);
    }
    if cause == Cause::ContactNormal {
        let angle = g.normal.angle_between(core.normal).to_degrees();
        let text = format!(
            "the same contact ({}), the game's normal {angle:.1}° from the reference's{}",
            core_words(core),
            if angle > 170.0 {
                ": it faces the other side"
            } else {
                ""
            }
        );
        return Some(Parting {
            normal_angle_deg: Some(angle),
            ..Parting::new(Stage::Detect, Some(i), text)
        });
    }
    let prev = i.checked_sub(1).and_then(|p| {
        let c = record.trace.iterations.get(p as usize)?.contacts.first()?;
        Some((p, c))
    });
    Some(match prev {
        Some((p, before)) => after_contact(e, p, before, g.center, core.center),
        None => {
            let v = it.map_or(game.input.velocity, |it| it.velocity);
            placed(e, i, core, g.center, v)
        }
    })
}

/// The same contact reached at another centre, from the same start: another time of impact.
fn placed(e: &Ellipsoid, i: u32, core: &Contact, game_center: Vec3, velocity: Vec3) -> Parting {
    let d = game_center - core.center;
    let n = along(e, d, core.normal);
    let v = along(e, d, velocity);
    let text = format!(
        "the same contact, the game's centre at it {:+.5} eSpace ({:+.2} mm) along the velocity \
         and {:+.5} eSpace ({:+.2} mm) along the normal from the reference's",
        v[0],
        v[1] * 1e3,
        n[0],
        n[1] * 1e3
    );
    Parting {
        along_normal: Some(n),
        along_velocity: Some(v),
        ..Parting::new(Stage::Place, Some(i), text)
    }
}

/// After the contact `before` (iteration `p`, on which both agree), the game's next point
/// (`game_next`) and the reference's (`core_next`): a push-back when the game's distance from
/// that contact's plane differs, a projection otherwise.
fn after_contact(
    e: &Ellipsoid,
    p: u32,
    before: &Contact,
    game_next: Vec3,
    core_next: Vec3,
) -> Parting {
    let space = e.space();
    let plane_es = |x: Vec3| (space.point_to_es(x) - before.point_es).dot(before.normal_es);
    let off_es = plane_es(game_next) - plane_es(core_next);
    let d = game_next - core_next;
    let n = along(e, d, before.normal);
    let total_es = both(e, d)[0];
    if off_es.abs() * 2.0 >= total_es {
        let text = format!(
            "after the contact with triangle {}, the game's centre is {:+.5} eSpace ({:+.2} mm) \
             further from its plane than the reference's",
            before.triangle,
            off_es,
            n[1] * 1e3
        );
        return Parting {
            along_normal: Some([off_es, n[1]]),
            ..Parting::new(Stage::PushBack, Some(p), text)
        };
    }
    let (g, r) = (game_next - before.center, core_next - before.center);
    projected(e, p, before, g, r)
}

/// The motion after contact `before` (iteration `p`): the game's `g` against the
/// reference's `r` (both from the contact centre), their angle and length ratio.
fn projected(e: &Ellipsoid, p: u32, before: &Contact, g: Vec3, r: Vec3) -> Parting {
    let angle = g.angle_between(r).to_degrees();
    let ratio = g.length() / r.length();
    let (lg, lr) = (both(e, g), both(e, r));
    let text = format!(
        "after the contact with triangle {}, the game went on {:.1}° from the reference's \
         motion, {:.5} eSpace ({:.2} mm) against {:.5} eSpace ({:.2} mm)",
        before.triangle,
        angle,
        lg[0],
        lg[1] * 1e3,
        lr[0],
        lr[1] * 1e3
    );
    Parting {
        motion_angle_deg: angle.is_finite().then_some(angle),
        motion_ratio: ratio.is_finite().then_some(ratio),
        ..Parting::new(Stage::Project, Some(p), text)
    }
}

/// Every contact agrees and the ends differ: a free move scaled or turned, a stop at another
/// iteration, or the last contact's push-back or projection.
fn at_end(record: &FrameRecord, game: &GameMove, e: &Ellipsoid) -> Option<Parting> {
    let end = game.result?.end;
    let start = game.input.start;
    let trace = &record.trace;
    let last = trace
        .iterations
        .iter()
        .enumerate()
        .filter_map(|(k, it)| Some((k as u32, it.contacts.first()?)))
        .next_back();
    let Some((k, before)) = last else {
        return Some(whole_move(
            e,
            end - start,
            game.input.velocity,
            record.after.center - start,
        ));
    };
    if let Some(through) = went_through(e, record, game, end) {
        return Some(through);
    }
    if let Some(other) = other_triangle(record, game) {
        return Some(other);
    }
    let ran = game.result.map_or(0, |r| r.iterations) as usize;
    let reference_ran = trace.iterations.len();
    if ran != reference_ran
        && let Some(stop) = stopped(e, record, ran, end)
    {
        return Some(stop);
    }
    Some(after_contact(e, k, before, end, record.after.center))
}

/// A game that reports no contact and ends past the reference's first one (behind its plane
/// by more than the skin): its detection missed it.
fn went_through(
    e: &Ellipsoid,
    record: &FrameRecord,
    game: &GameMove,
    end: Vec3,
) -> Option<Parting> {
    let first = record.trace.iterations.first()?.contacts.first()?;
    if !game.contacts.is_empty() {
        return None;
    }
    let past = along(e, end - first.center, first.normal);
    if past[0] >= -record.call.settings.tuning.skin_es {
        return None;
    }
    let text = format!(
        "the game reports no contact and ends {:.5} eSpace ({:.2} mm) past the reference's \
         first, {}",
        -past[0],
        -past[1] * 1e3,
        core_words(first)
    );
    Some(Parting {
        along_normal: Some(past),
        ..Parting::new(Stage::Detect, Some(0), text)
    })
}

/// The first iteration whose contact the game names on another triangle than the reference's
/// met then, for a game that sends no contact centres: it parts there, though only the ends
/// are compared (a game that sends them is compared contact by contact).
fn other_triangle(record: &FrameRecord, game: &GameMove) -> Option<Parting> {
    use slidescope_probe::format::missing;
    if game.missing & missing::CONTACT_CENTER == 0 {
        return None;
    }
    let sends_t = game.missing & missing::CONTACT_T == 0;
    (0u32..).zip(&record.trace.iterations).find_map(|(i, it)| {
        let core = it.contacts.first()?;
        let g = game.contacts.iter().find(|c| c.iteration == i)?;
        let static_only = it
            .contacts
            .iter()
            .all(|c| c.source == ContactSource::Static);
        let met = |t: u32| it.contacts.iter().any(|c| c.triangle == t);
        (static_only && !met(g.triangle?)).then(|| {
            let text = format!(
                "the game hit {}, the reference {}",
                game_words(g, sends_t),
                core_words(core)
            );
            Parting::new(Stage::Detect, Some(i), text)
        })
    })
}

/// The game ended where the reference's response of iteration `ran − 1` left the centre:
/// it stopped there, dropping the leftover the reference went on with.
fn stopped(e: &Ellipsoid, record: &FrameRecord, ran: usize, end: Vec3) -> Option<Parting> {
    let r = record
        .trace
        .iterations
        .get(ran.checked_sub(1)?)?
        .response
        .as_ref()?;
    let off = both(e, end - r.new_center);
    if off[0] > 1e-4 {
        return None;
    }
    let left = both(e, r.slide_velocity);
    let text = format!(
        "the game stopped after {ran} iterations where the reference went on: a leftover of \
         {:.5} eSpace ({:.2} mm) dropped",
        left[0],
        left[1] * 1e3
    );
    Some(Parting {
        along_velocity: Some(left),
        ..Parting::new(Stage::Stop, Some(ran as u32 - 1), text)
    })
}

/// A move with no contact on either side: the game's displacement `moved` against the
/// velocity asked and the reference's displacement.
fn whole_move(e: &Ellipsoid, moved: Vec3, velocity: Vec3, reference: Vec3) -> Parting {
    let scale = moved.dot(velocity) / velocity.length_squared();
    let angle = moved.angle_between(velocity).to_degrees();
    let off = both(e, moved - reference);
    let text = format!(
        "no contact on either side: the game moved {scale:.4} × the velocity asked, {angle:.1}° \
         from it ({:.5} eSpace, {:.2} mm from the reference's end)",
        off[0],
        off[1] * 1e3
    );
    Parting {
        scale: scale.is_finite().then_some(scale),
        motion_angle_deg: angle.is_finite().then_some(angle),
        ..Parting::new(Stage::WholeMove, None, text)
    }
}
