//! What the app shows and how it looks at it, below the app and the panels so that `ui/` and
//! `lessons/` can use it: the world the app walks (`world.rs`), a scenario file opened as a
//! one-frame history (`opened_scenario.rs`), the three cameras (`camera_rig.rs`), where the
//! camera stands when something opens (`open_side.rs`) and what the 3D view draws
//! (`view_toggles.rs`).

pub mod camera_rig;
pub mod open_side;
pub mod opened_scenario;
pub mod view_toggles;
pub mod world;

pub use camera_rig::{CameraMode, CameraRig};
pub use opened_scenario::{OpenedScenario, load_scenario};
pub use view_toggles::ViewToggles;
pub use world::World;
