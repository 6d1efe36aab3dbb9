//! The Issues suite: publicly reported character-controller bugs rebuilt as scenes
//! (`scenes/`, one file each, written to `assets/issues/`), run headless through the walker at
//! several step rates and with every response variant, and through rapier's character
//! controller ([`rapier_walk`]), and scored ([`score`]); the scorecard is
//! `slidescope issues` (`--markdown` writes `docs/issues-scorecard.md`).

pub mod files;
pub mod issue_scene;
pub mod metrics;
#[cfg(not(target_arch = "wasm32"))]
pub mod rapier_walk;
pub mod scene_check;
pub mod scene_level;
pub mod scenes;
pub mod score;
pub mod scorecard;
pub mod scorecard_markdown;
pub mod shapes;
pub mod variant;

pub use issue_scene::{IssueScene, Run};
pub use scene_check::Check;
pub use score::{RATES_HZ, SceneScore, score_scene};
pub use variant::Variant;
