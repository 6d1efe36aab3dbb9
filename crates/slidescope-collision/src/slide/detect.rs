//! Stage *detect* of the loop: the nearest contacts of the unit sphere moving from `c` by `v`
//! (local eSpace of the call's frame) against the static mesh, with the chosen narrow phase,
//! then the dynamic objects merged in (seed 001 12.13 `EllipsoidIntersectScene`, 12.14).

use glam::{Vec3, Vec3A};

use super::state::{Call, SlideState};
use crate::detect::dynamic::detect_dynamic;
use crate::detect::{Scratch, detect};
use crate::frame::Frame;
use crate::settings::NarrowPhaseKind;
use crate::solvers::{Decomposed, GradientNormal, PlaneSpace};
use crate::sweep::CaseOutcome;
use crate::trace::IterationTrace;
use crate::{CollisionWorld, Contact, ContactSource, ContactTime, SlideSettings};

/// Longest sweep [`detect_exact`] hands detection in one piece (eSpace units). Edge and vertex
/// quadratics of longer moves lose the contact to f32 cancellation (a 700-radius move onto a
/// box corner missed it and ended 0.5 eSpace inside); 16 units keep the error at that of the
/// walking moves the solvers are checked on.
const SEGMENT_ES: f32 = 16.0;

/// Static detection, then the dynamic objects merged in.
#[allow(clippy::too_many_arguments)]
pub(super) fn detect_all(
    world: CollisionWorld<'_>,
    frame: &Frame,
    c: Vec3A,
    v: Vec3A,
    settings: &SlideSettings,
    scratch: &mut Scratch,
    contacts: &mut Vec<Contact>,
    mut record: Option<&mut IterationTrace>,
) {
    let rec = record.as_deref_mut().map(|r| &mut r.candidates);
    let mesh = world.mesh;
    // Monomorphised per solver: the default path is the plain decomposed scan.
    macro_rules! scan {
        ($narrow:expr) => {
            detect($narrow, mesh, frame, c, v, settings, scratch, contacts, rec)
        };
    }
    match settings.debug.narrow_phase {
        NarrowPhaseKind::Decomposed => scan!(&Decomposed),
        NarrowPhaseKind::PlaneSpace => scan!(&PlaneSpace),
        NarrowPhaseKind::GradientNormal => scan!(&GradientNormal),
    }
    if let Some(scene) = world.dynamic {
        detect_dynamic(
            scene,
            frame,
            c.into(),
            v.into(),
            settings,
            &mut scratch.dynamic,
            contacts,
            record.map(|r| &mut r.dynamic),
        );
    }
}

/// Detection for [`ResponseOptions::exact_contact`](crate::ResponseOptions::exact_contact): a move longer than [`SEGMENT_ES`] is swept
/// in equal pieces, stopping at the first piece with a contact; its times are given back as
/// fractions of the whole move (and its candidates' too, in the trace). Shorter moves, or
/// without the setting: exactly [`detect_all`].
#[allow(clippy::too_many_arguments)]
pub(super) fn detect_exact(
    world: CollisionWorld<'_>,
    frame: &Frame,
    c: Vec3A,
    v: Vec3A,
    settings: &SlideSettings,
    scratch: &mut Scratch,
    contacts: &mut Vec<Contact>,
    mut record: Option<&mut IterationTrace>,
) {
    // perf: `c`, `v` in lanes (a `Vec3` in memory stalled); ~2 % of a walking call, commit b19b3b9
    // perf: setting read before the length; a tenth of a sweep's set-up, commit 539dea1
    // Without the setting no length is taken. Written so a NaN length takes the plain path;
    // `len > SEGMENT_ES` is `ceil(len / SEGMENT_ES) > 1` (a division by 16 is exact).
    let len = if settings.response.exact_contact {
        Vec3::from(v).length()
    } else {
        0.0
    };
    if len.is_nan() || len <= SEGMENT_ES {
        return detect_all(world, frame, c, v, settings, scratch, contacts, record);
    }
    // The pieces in scalar arithmetic, as before the lanes (the same bits).
    let (c, v) = (Vec3::from(c), Vec3::from(v));
    let n = (len / SEGMENT_ES).ceil().min(1e6) as u32;
    let piece = v / n as f32;
    for k in 0..n {
        if let Some(r) = record.as_deref_mut() {
            r.candidates.clear();
            r.dynamic.clear();
        }
        let start = c + v * (k as f32 / n as f32);
        let rec = record.as_deref_mut();
        detect_all(
            world,
            frame,
            start.into(),
            piece.into(),
            settings,
            scratch,
            contacts,
            rec,
        );
        if !contacts.is_empty() {
            rescale_to_whole_move(k, n, contacts, record);
            return;
        }
    }
}

/// Times found in piece `k` of `n` given back as fractions of the whole move.
fn rescale_to_whole_move(
    k: u32,
    n: u32,
    contacts: &mut [Contact],
    record: Option<&mut IterationTrace>,
) {
    let whole = |t: f32| (k as f32 + t) / n as f32;
    let rescale = |time: ContactTime| match time {
        ContactTime::Toi(t) => ContactTime::Toi(whole(t)),
        // Overlapping at a later piece's start: touching there, as far as the move goes.
        ContactTime::Embedded { .. } if k > 0 => ContactTime::Toi(whole(0.0)),
        embedded => embedded,
    };
    for contact in contacts.iter_mut() {
        contact.time = rescale(contact.time);
    }
    let Some(r) = record else { return };
    for cand in &mut r.candidates {
        let cases = &mut cand.cases;
        for o in std::iter::once(&mut cases.face)
            .chain(cases.edges.iter_mut())
            .chain(cases.vertices.iter_mut())
        {
            if let CaseOutcome::Hit(t) = o {
                *t = rescale(*t);
            }
        }
    }
}

/// The stage: this iteration's motion detected from the last checked centre; its first contact
/// (the response follows it), or `None` for a clear path. Every contact is tallied for the
/// result.
#[inline]
pub(super) fn first_contact(
    call: &Call<'_>,
    s: &mut SlideState,
    scratch: &mut Scratch,
    record: Option<&mut IterationTrace>,
) -> Option<Contact> {
    let (world, settings) = (call.world, call.settings);
    detect_exact(
        world,
        &s.frame,
        s.from.into(),
        s.v.into(),
        settings,
        scratch,
        &mut s.contacts,
        record,
    );
    let first = s.contacts.first().copied()?;
    s.tally.add(&s.contacts);
    if first.source != ContactSource::Static {
        s.objects_pending = false;
    }
    Some(first)
}
