//! The whole suite: every scene at every rate with every variant, and what the expectations
//! say of it. `slidescope issues` prints it; a test checks it.

use serde::Serialize;

use super::issue_scene::IssueScene;
use super::scene_level;
use super::score::{NOMINAL_HZ, SceneScore, score_scene};
use super::variant::Variant;

/// One scene's scores.
#[derive(Debug, Clone, Serialize)]
pub struct SceneCard {
    pub number: u8,
    pub slug: &'static str,
    pub title: &'static str,
    pub source: &'static str,
    /// Variants expected to pass at [`NOMINAL_HZ`].
    pub expect_pass: Vec<Variant>,
    /// One per (variant, rate), variants outermost.
    pub scores: Vec<SceneScore>,
    /// Set when the scene could not be built or loaded (then `scores` is empty).
    pub error: Option<String>,
}

impl SceneCard {
    /// The score of `variant` at `rate_hz`.
    pub fn score(&self, variant: Variant, rate_hz: f64) -> Option<&SceneScore> {
        self.scores
            .iter()
            .find(|s| s.variant == variant && s.rate_hz == rate_hz)
    }

    /// Variants expected to pass that failed at the nominal rate (or could not run).
    pub fn broken_expectations(&self) -> Vec<Variant> {
        self.expect_pass
            .iter()
            .copied()
            .filter(|&v| self.score(v, NOMINAL_HZ).is_none_or(|s| !s.passed))
            .collect()
    }

    /// `(variant, rate)` whose outcome differs from the same variant's at the nominal rate.
    pub fn rate_dependent(&self) -> Vec<(Variant, f64)> {
        self.scores
            .iter()
            .filter(|s| {
                self.score(s.variant, NOMINAL_HZ)
                    .is_some_and(|n| n.passed != s.passed)
            })
            .map(|s| (s.variant, s.rate_hz))
            .collect()
    }
}

/// Scores `scenes` at `rates_hz` (the nominal rate is added when missing) with `variants`.
pub fn run(scenes: &[IssueScene], rates_hz: &[f64], variants: &[Variant]) -> Vec<SceneCard> {
    let mut rates: Vec<f64> = rates_hz.to_vec();
    if !rates.contains(&NOMINAL_HZ) {
        rates.push(NOMINAL_HZ);
    }
    rates.sort_by(f64::total_cmp);
    rates.dedup();
    let card = |scene: &IssueScene| {
        let mut card = SceneCard {
            number: scene.number,
            slug: scene.slug,
            title: scene.title,
            source: scene.report.source,
            expect_pass: scene.expect_pass.to_vec(),
            scores: Vec::new(),
            error: None,
        };
        match scene_level::load(scene) {
            Ok(level) => {
                for &v in variants {
                    for &hz in &rates {
                        card.scores.push(score_scene(scene, &level, v, hz));
                    }
                }
            }
            Err(e) => card.error = Some(e.to_string()),
        }
        card
    };
    // Scenes are independent: score them on every core, in order.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut cards: Vec<(usize, SceneCard)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(scene) = scenes.get(i) else {
                            return done;
                        };
                        done.push((i, card(scene)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    });
    cards.sort_by_key(|(i, _)| *i);
    cards.into_iter().map(|(_, c)| c).collect()
}
