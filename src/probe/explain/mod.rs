//! Why a game's move diverges, not only where: each flagged move is a *convention*
//! (the smallest set of convention switches under which the reference agrees, `switches`), a
//! *cascade* (it follows a flagged move of the same mover that did not recover; counted under
//! that chain's root move), a *bug* of a named class (`bug_class`), or *unexplained*, with its
//! first diverging iteration. Moves are explained in file order, one mover's chain at a time.

pub mod bug_class;
pub mod switches;

use std::collections::BTreeMap;

use serde::Serialize;

pub use bug_class::BugClass;
pub use switches::Switch;

use super::ProbeLevel;
use super::probe_session::PendingMove;
use super::shadow::{ShadowConfig, agrees_under};
use crate::collision::DebugKnobs;
use crate::collision::{CaseMask, DynamicScene, Scratch, SlideSettings, Trace};
use crate::sim::{FrameRecord, GameMove};

/// What kind of reason a flagged move has.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WhyKind {
    Convention,
    Cascade,
    Bug,
    Unexplained,
}

impl WhyKind {
    /// The kind's word, as the JSON writes it.
    pub fn name(self) -> &'static str {
        match self {
            Self::Convention => "convention",
            Self::Cascade => "cascade",
            Self::Bug => "bug",
            Self::Unexplained => "unexplained",
        }
    }
}

/// The reason of one flagged move.
#[derive(Debug, Clone, PartialEq)]
pub enum Why {
    /// Convention switches reconcile the move: `switches`, of its smallest sets the one the
    /// file's detected conventions contain, else the first; `alternatives`, every smallest set
    /// (one size; when several, the file decides).
    Convention {
        switches: Vec<Switch>,
        alternatives: Vec<Vec<Switch>>,
    },
    /// It follows flagged move `root_move` of the same mover, which did not recover.
    Cascade { root_move: u64 },
    /// A bug of a named class; an end inside the level gives how deep (m, the deepest
    /// triangle's overlap times the smallest radius).
    Bug {
        class: BugClass,
        depth_m: Option<f32>,
    },
    /// No convention reconciles it and no bug class fits.
    Unexplained,
}

impl Why {
    pub fn kind(&self) -> WhyKind {
        match self {
            Self::Convention { .. } => WhyKind::Convention,
            Self::Cascade { .. } => WhyKind::Cascade,
            Self::Bug { .. } => WhyKind::Bug,
            Self::Unexplained => WhyKind::Unexplained,
        }
    }

    /// The switches' or the bug class's snake-case names (`+` between switches), "cascade" or
    /// "unexplained": the key of the report's why table.
    pub fn name(&self) -> String {
        match self {
            Self::Convention { switches, .. } => {
                switches.iter().map(snake).collect::<Vec<_>>().join("+")
            }
            Self::Cascade { .. } => "cascade".into(),
            Self::Bug { class, .. } => snake(class),
            Self::Unexplained => "unexplained".into(),
        }
    }

    /// A cascade's root: the first flagged move of the chain it belongs to.
    pub fn root_move(&self) -> Option<u64> {
        match self {
            Self::Cascade { root_move } => Some(*root_move),
            _ => None,
        }
    }

    /// One line for a table: the switches' or the class's words.
    pub fn label(&self) -> String {
        match self {
            Self::Convention { switches, .. } => {
                let words: Vec<&str> = switches.iter().map(|s| s.label()).collect();
                words.join(" + ")
            }
            Self::Cascade { root_move } => format!("follows move {root_move}"),
            Self::Bug { class, .. } => class.label().into(),
            Self::Unexplained => "unexplained".into(),
        }
    }

    /// The explanation in a few lines, for the inspector.
    pub fn lines(&self) -> Vec<String> {
        match self {
            Self::Convention {
                switches,
                alternatives,
            } => {
                let mut l = vec![format!(
                    "why: a convention — your controller {}",
                    self.label()
                )];
                for other in alternatives.iter().skip(1) {
                    let words: Vec<&str> = other.iter().map(|x| x.label()).collect();
                    l.push(format!("or: {}", words.join(" + ")));
                }
                let decl: Vec<String> = switches.iter().map(|s| s.declaration()).collect();
                l.push(format!("declare it: {}", decl.join(" ")));
                l
            }
            Self::Cascade { root_move } => {
                vec![format!("why: a cascade — it follows move {root_move}")]
            }
            Self::Bug { depth_m, .. } => {
                let depth = depth_m.map_or(String::new(), |d| format!(", {:.1} mm deep", d * 1e3));
                vec![format!("why: a bug — {}{depth}", self.label())]
            }
            Self::Unexplained => vec![
                "why: unexplained — no convention reconciles it, \
                and no known bug class fits"
                    .into(),
            ],
        }
    }
}

/// The JSON `probe-check --json` writes for a reason: its kind and name, a cascade's root, a
/// convention's switches, a bug's depth.
impl Serialize for Why {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Json<'a> {
            kind: WhyKind,
            name: String,
            root_move: Option<u64>,
            #[serde(skip_serializing_if = "<[Switch]>::is_empty")]
            switches: &'a [Switch],
            #[serde(skip_serializing_if = "Option::is_none")]
            depth_m: Option<f32>,
        }
        let (switches, depth_m) = match self {
            Self::Convention { switches, .. } => (&switches[..], None),
            Self::Bug { depth_m, .. } => (&[][..], *depth_m),
            _ => (&[][..], None),
        };
        let json = Json {
            kind: self.kind(),
            name: self.name(),
            root_move: self.root_move(),
            switches,
            depth_m,
        };
        json.serialize(s)
    }
}

fn snake(v: &impl Serialize) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// The state of the explanation over a file: each mover's open chain of flagged moves, and how
/// many moves each set of switches explained.
#[derive(Debug, Default)]
pub struct Explainer {
    /// Mover → the root move of its chain of flagged moves not yet recovered from.
    chains: BTreeMap<u32, u64>,
    /// The smallest reconciling sets of a move (all of one size), with the moves that had
    /// exactly these.
    pub sets: BTreeMap<Vec<Vec<Switch>>, u64>,
    /// The most frequent group of single-switch sets so far, and its moves.
    favourite: Option<(Vec<Vec<Switch>>, u64)>,
    /// The parts of the Minkowski sum the game has reported contacts with so far, once it
    /// has reported any (a game that sends no contacts is never said to lack a part).
    cases_seen: Option<CaseMask>,
}

/// What the search for one move's reconciling sets needs, shared by the threads that search
/// a batch: the file's favourite group when the batch began.
#[derive(Debug, Clone, Default)]
pub struct SearchHint {
    favourite: Option<Vec<Vec<Switch>>>,
}

impl Explainer {
    /// A move of `mover` the reference agrees with: its chain ends.
    pub fn agreed(&mut self, mover: u32) {
        self.chains.remove(&mover);
    }

    /// Notes the parts of the Minkowski sum `game` reported contacts with (every move, in
    /// file order).
    pub fn saw(&mut self, game: &GameMove) {
        for kind in game.contacts.iter().filter_map(|c| c.case_kind()) {
            let seen = self.cases_seen.get_or_insert(CaseMask::NONE);
            *seen = seen.with(kind, true);
        }
    }

    /// What the searches of the next batch start from.
    pub fn hint(&self) -> SearchHint {
        SearchHint {
            favourite: self.favourite.as_ref().map(|(g, _)| g.clone()),
        }
    }

    /// Explains one flagged move: `record` is its re-solve, `pending` what it was re-solved
    /// from; the reconciling sets are searched here.
    pub fn explain(
        &mut self,
        pending: &PendingMove,
        record: &FrameRecord,
        config: &ShadowConfig,
    ) -> Why {
        let world = (pending.level.as_deref(), &*pending.objects);
        let sets = reconciling_sets(&self.hint(), world, record, config);
        self.explain_in(world, record, config, sets)
    }

    /// Explains one flagged move, filed in `level` with its moving objects at the move's
    /// poses, given its reconciling sets ([`reconciling_sets`], searched beforehand: unused
    /// when the move is a cascade).
    pub fn explain_in(
        &mut self,
        (level, objects): (Option<&ProbeLevel>, &DynamicScene),
        record: &FrameRecord,
        config: &ShadowConfig,
        sets: Vec<Vec<Switch>>,
    ) -> Why {
        let Some(game) = record.game.as_deref() else {
            return self.unexplained(u32::MAX, record.frame);
        };
        let Some(level) = level else {
            return self.unexplained(game.mover, game.index);
        };
        if let Some(&root) = self.chains.get(&game.mover) {
            return Why::Cascade { root_move: root };
        }
        if let Some(first) = sets.first() {
            self.agreed(game.mover);
            let why = convention(first.clone(), sets.clone());
            let n = self.sets.entry(sets.clone()).or_default();
            *n += 1;
            let singles = sets.iter().all(|s| s.len() == 1);
            if singles && self.favourite.as_ref().is_none_or(|(_, m)| *n > *m) {
                self.favourite = Some((sets, *n));
            }
            return why;
        }
        self.chains.insert(game.mover, game.index);
        let tol = &config.tolerance;
        let missing = || {
            let seen = self.cases_seen?;
            bug_class::missing_case(seen, |cases| {
                let settings = SlideSettings {
                    debug: DebugKnobs {
                        cases,
                        ..record.settings.debug
                    },
                    ..record.settings
                };
                agrees_with((level, objects), record, &settings, config)
            })
        };
        let class = bug_class::from_first_row(record, game, tol)
            .or_else(missing)
            .map(|c| (c, None))
            .or_else(|| bug_class::classify(record, game, level))
            .or_else(|| {
                bug_class::starts_inside(game, level)
                    .then_some((BugClass::StartedInsideLevel, None))
            });
        match class {
            Some((class, depth_m)) => Why::Bug { class, depth_m },
            None => self.unexplained(game.mover, game.index),
        }
    }

    fn unexplained(&mut self, mover: u32, index: u64) -> Why {
        self.chains.insert(mover, index);
        Why::Unexplained
    }

    /// The switches that explain the most moves together, greedily: the set that reconciles
    /// the most moves not yet explained, added while it explains at least 1 % of the
    /// convention moves more and sets no convention the chosen ones set otherwise; with the
    /// moves it explains.
    pub fn detected(&self) -> Option<(Vec<Switch>, u64)> {
        let total: u64 = self.sets.values().sum();
        let explained_by = |chosen: &[Switch], alternatives: &[Vec<Switch>]| {
            alternatives
                .iter()
                .any(|a| a.iter().all(|s| chosen.contains(s)))
        };
        let mut chosen: Vec<Switch> = Vec::new();
        loop {
            let mut votes: BTreeMap<&Vec<Switch>, u64> = BTreeMap::new();
            for (alternatives, n) in &self.sets {
                if explained_by(&chosen, alternatives) {
                    continue;
                }
                for a in alternatives {
                    if switches::compatible(&chosen, a) {
                        *votes.entry(a).or_default() += n;
                    }
                }
            }
            let best = votes
                .into_iter()
                .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(a.0)));
            match best {
                Some((set, n)) if n * 100 >= total && n > 0 => {
                    let new: Vec<Switch> = set
                        .iter()
                        .filter(|s| !chosen.contains(s))
                        .copied()
                        .collect();
                    chosen.extend(new);
                }
                _ => break,
            }
        }
        chosen.sort();
        let explains = self
            .sets
            .iter()
            .filter(|(a, _)| explained_by(&chosen, a))
            .map(|(_, n)| n)
            .sum();
        (!chosen.is_empty()).then_some((chosen, explains))
    }
}

/// The smallest sets of switches under which the reference agrees with the game's move
/// `record` (a diverging one), re-run in `world`. Empty when none does, or when the move has
/// no level.
///
/// The file's most frequent group of single switches (`hint`) is tried first: when each of
/// its sets reconciles the move, the move is taken to be of that group without trying every
/// other switch (on a file whose moves share one convention, one re-solve a move instead of a
/// dozen; a move that another single switch would also reconcile loses that alternative).
pub fn reconciling_sets(
    hint: &SearchHint,
    (level, objects): (Option<&ProbeLevel>, &DynamicScene),
    record: &FrameRecord,
    config: &ShadowConfig,
) -> Vec<Vec<Switch>> {
    SCRATCH.with_borrow_mut(|(scratch, trace)| {
        let (Some(level), Some(game)) = (level, record.game.as_deref()) else {
            return Vec::new();
        };
        let base = record.settings;
        let skin = base.tuning.skin_es;
        let conventions = base.conventions;
        let candidates = switches::candidates(&conventions, skin);
        let world = (level, objects);
        let mut agrees = |set: &[Switch]| {
            let c = switches::with_switches(&conventions, set, skin);
            let settings = SlideSettings {
                conventions: c,
                ..base
            };
            agrees_under(world, game, &settings, &config.tolerance, scratch, trace)
        };
        if let Some(group) = &hint.favourite
            && group.iter().flatten().all(|s| candidates.contains(s))
            && group.iter().all(|set| agrees(set))
        {
            return group.clone();
        }
        switches::smallest_sets(&candidates, agrees)
    })
}

/// Whether the reference agrees with the game's move `record` re-run with `settings`.
fn agrees_with(
    world: (&ProbeLevel, &DynamicScene),
    record: &FrameRecord,
    settings: &SlideSettings,
    config: &ShadowConfig,
) -> bool {
    let Some(game) = record.game.as_deref() else {
        return false;
    };
    SCRATCH.with_borrow_mut(|(scratch, trace)| {
        agrees_under(world, game, settings, &config.tolerance, scratch, trace)
    })
}

thread_local! {
    /// Each searching thread's buffers, kept between moves.
    static SCRATCH: std::cell::RefCell<(Scratch, Trace)> = Default::default();
}

/// A convention: `set` reconciles the move, and so does each of `alternatives`.
pub fn convention(set: Vec<Switch>, alternatives: Vec<Vec<Switch>>) -> Why {
    Why::Convention {
        switches: set,
        alternatives,
    }
}
