//! Crouching: the ellipsoid switches between the standing and crouch radii with the feet kept
//! where they are. Standing up is refused while a sweep of the crouched ellipsoid straight up
//! to the standing height hits something (the core's `sweep`, seed 001 12.13 detection).

use glam::Vec3;
use serde::{Deserialize, Serialize};

use super::{PlayerParams, PlayerState};
use crate::collision::{CollisionMesh, Ellipsoid, SlideSettings, sweep};

/// What the stance logic did this step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StanceChange {
    #[default]
    None,
    Crouched,
    StoodUp,
    /// Crouch released but there is no room to stand: stays crouched.
    StandRefused,
}

/// True when the crouched ellipsoid centred at `center` can grow to the standing radii (feet
/// fixed) without touching the mesh. A refused query counts as blocked.
pub fn can_stand(
    mesh: &CollisionMesh,
    center: Vec3,
    params: &PlayerParams,
    settings: &SlideSettings,
) -> bool {
    let rise_m = params.standing_radii.y - params.crouch_radii.y;
    if rise_m <= 0.0 {
        return true;
    }
    let Ok(crouched) = Ellipsoid::new(center, params.crouch_radii) else {
        return false;
    };
    // The top must travel from centre + r_c to centre + 2 r_s − r_c.
    matches!(
        sweep(mesh, &crouched, Vec3::Y * (2.0 * rise_m), settings),
        Ok(None)
    )
}

/// Applies the crouch key to `state` (radii from `params`, which must be sanitised).
pub fn update_stance(
    mesh: &CollisionMesh,
    state: &mut PlayerState,
    crouch_held: bool,
    params: &PlayerParams,
    settings: &SlideSettings,
) -> StanceChange {
    let rise_m = params.standing_radii.y - params.crouch_radii.y;
    match (crouch_held, state.crouched) {
        (true, false) => {
            state.crouched = true;
            state.center.y -= rise_m;
            StanceChange::Crouched
        }
        (false, true) => {
            if can_stand(mesh, state.center, params, settings) {
                state.crouched = false;
                state.center.y += rise_m;
                StanceChange::StoodUp
            } else {
                StanceChange::StandRefused
            }
        }
        _ => StanceChange::None,
    }
}
