//! Words for moving geometry (seed 001 12.12.1 and 12.15), generated from the trace: how far
//! each object moved since the last update, that the sweep was extended by that motion and
//! tested against the object's previous pose, and that a contact on an object was carried to
//! its current pose and pushes the ellipsoid. Pure functions of the trace and object names.

use std::fmt::Write as _;

use glam::{Quat, Vec3};

use crate::collision::{ContactTime, DynamicSweepTrace, IterationTrace, ObjectId, RigidPose};
use crate::scene::object_shapes::MIN_MOTION_M;

/// "lift_car (object 0)", or "object 3" when the name is unknown.
pub fn object_label(names: &[String], id: ObjectId) -> String {
    match names.get(id.0 as usize) {
        Some(n) if !n.is_empty() => format!("{n} (object {})", id.0),
        _ => format!("object {}", id.0),
    }
}

/// A displacement in words: "0.050 m up", "0.032 m down", "0.067 m sideways".
pub fn motion_phrase(v: Vec3) -> String {
    let len = v.length();
    let way = if v.y >= 0.7 * len {
        "up"
    } else if v.y <= -0.7 * len {
        "down"
    } else {
        "sideways"
    };
    format!("{len:.3} m {way}")
}

/// The turn between two poses (degrees, 0..180).
pub fn turn_degrees(previous: &RigidPose, current: &RigidPose) -> f32 {
    let q: Quat = current.rotation * previous.rotation.conjugate();
    let (_, angle) = q.normalize().to_axis_angle();
    let deg = angle.to_degrees();
    if deg > 180.0 { 360.0 - deg } else { deg }
}

fn moved_sentence(s: &mut String, d: &DynamicSweepTrace, names: &[String]) {
    let name = object_label(names, d.object);
    let turn = turn_degrees(&d.previous, &d.current);
    let _ = write!(s, "{name} moved {}", motion_phrase(d.adjustment));
    if turn >= 0.05 {
        let _ = write!(s, " and turned {turn:.1}°");
    }
    s.push_str(
        " since the last update; the sweep was extended by that motion and tested against where \
         it was before",
    );
    match d.hit {
        Some(ContactTime::Toi(t)) => {
            let _ = write!(s, ", and touches it at t = {t:.2}. ");
        }
        Some(ContactTime::Embedded { .. }) => s.push_str(", and starts touching it. "),
        None => s.push_str(", and misses it. "),
    }
}

/// What the dynamic objects did in iteration `it`: one sentence per moving object the broad
/// phase did not cull, then, when the first contact is on an object, how it was carried and
/// what the object's push adds. Empty when no object took part.
pub fn narrate_objects(it: &IterationTrace, names: &[String]) -> String {
    let mut s = String::new();
    for d in it
        .dynamic
        .iter()
        .filter(|d| !d.culled && d.adjustment.length() >= MIN_MOTION_M)
    {
        moved_sentence(&mut s, d, names);
    }
    if let Some(c) = it.contacts.first()
        && let Some(object) = c.source.object()
    {
        let moving = it
            .dynamic
            .iter()
            .any(|d| d.object == object && d.adjustment.length() >= MIN_MOTION_M);
        let _ = write!(
            s,
            "The contact is on {}, triangle {} of its own mesh",
            object_label(names, object),
            c.triangle
        );
        if moving {
            s.push_str(
                ": found against its previous pose and carried with it to where it is now; moving \
                 objects have right of way, so the ellipsoid is pushed, never the object",
            );
            if let Some(r) = it.response
                && r.object_push != Vec3::ZERO
            {
                let _ = write!(
                    s,
                    ", and its motion along the normal ({}) is added to the integration velocity",
                    motion_phrase(r.object_push)
                );
            }
        } else {
            s.push_str(" (at rest: an ordinary contact)");
        }
        s.push_str(". ");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::{Contact, ContactSource, Feature, SetId};

    fn lift_trace(hit: Option<ContactTime>) -> DynamicSweepTrace {
        DynamicSweepTrace {
            object: ObjectId(0),
            set: SetId(0),
            previous: RigidPose::IDENTITY,
            current: RigidPose::from_translation(Vec3::Y * 0.05),
            adjustment: Vec3::Y * 0.05,
            adjustment_es: Vec3::Y * 0.05,
            extended_velocity: Vec3::NEG_Y * 0.06,
            extended_velocity_es: Vec3::NEG_Y * 0.06,
            hit,
            culled: false,
        }
    }

    #[test]
    fn a_rising_lift_is_narrated_with_its_name_motion_and_carried_contact() {
        let it = IterationTrace {
            dynamic: vec![lift_trace(Some(ContactTime::Toi(0.25)))],
            contacts: vec![Contact {
                triangle: 3,
                feature: Feature::Face,
                time: ContactTime::Toi(0.25),
                center: Vec3::ZERO,
                point: Vec3::ZERO,
                normal: Vec3::Y,
                center_es: Vec3::ZERO,
                point_es: Vec3::ZERO,
                normal_es: Vec3::Y,
                source: ContactSource::Dynamic {
                    object: ObjectId(0),
                    set: SetId(0),
                },
            }],
            ..Default::default()
        };
        let text = narrate_objects(&it, &["lift_car".to_string()]);
        assert!(
            text.starts_with(
                "lift_car (object 0) moved 0.050 m up since the last update; the sweep was \
                 extended by that motion"
            ),
            "{text}"
        );
        assert!(text.contains("touches it at t = 0.25"), "{text}");
        assert!(
            text.contains("The contact is on lift_car (object 0), triangle 3"),
            "{text}"
        );
        assert!(text.contains("carried with it"), "{text}");
    }

    #[test]
    fn rounding_noise_of_a_resting_object_is_not_motion() {
        // Interpolating between two equal keys is not exact in f32: 1e-7 m is "at rest".
        let mut d = lift_trace(None);
        d.adjustment = Vec3::new(-1e-7, 2e-8, 0.0);
        let it = IterationTrace {
            dynamic: vec![d],
            ..Default::default()
        };
        assert_eq!(narrate_objects(&it, &[]), "");
    }

    #[test]
    fn culled_and_resting_objects_say_nothing() {
        let mut culled = lift_trace(None);
        culled.culled = true;
        let mut resting = lift_trace(None);
        resting.adjustment = Vec3::ZERO;
        let it = IterationTrace {
            dynamic: vec![culled, resting],
            ..Default::default()
        };
        assert_eq!(narrate_objects(&it, &[]), "");
    }

    #[test]
    fn a_quarter_turn_is_ninety_degrees() {
        let a = RigidPose::IDENTITY;
        let b = RigidPose::new(
            Quat::from_rotation_y(std::f32::consts::FRAC_PI_2),
            Vec3::ZERO,
        );
        assert!((turn_degrees(&a, &b) - 90.0).abs() < 1e-3);
    }
}
