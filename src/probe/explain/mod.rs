//! Why a game's move diverges, not only where. Every move is judged on its own inputs (the
//! reference re-solves it from the game's own start): a flagged move is a *convention* (the
//! smallest sets of convention switches under which the reference agrees, `switches`), a *bug*
//! of a named class (`bug_class`), or *unexplained*; it is a *cascade* only when its start is
//! already unsound (overlapping the level deeper than the game's skin, or not finite) where a
//! flagged move of the same mover left it (right after it, or after moves that agreed from an
//! unsound start). A start elsewhere than
//! the mover's last end is a *teleport*: counted, and judged on its own.
//!
//! One explainer: what a move's own re-solves show ([`Evidence`], gathered on the thread that
//! re-solved it) is named with what the whole file shows ([`FileFacts`]: the parts of the
//! Minkowski sum and the triangles the game's contacts name, the conventions detected), so
//! the table, `--json`, `--move N` and the inspector give the same reason.

pub mod bug_class;
pub mod contact_tie;
pub mod measured;
pub mod measured_padding;
pub mod moved_corner;
pub mod repeats;
pub mod sides;
pub mod stage;
pub mod switches;
pub mod tie;

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

pub use bug_class::BugClass;
pub use switches::Switch;
pub use tie::Tie;

use super::ProbeLevel;
use super::shadow::{ShadowConfig, agrees_under};
use crate::collision::DebugKnobs;
use crate::collision::conventions::Projection;
use crate::collision::{
    CaseKind, CaseMask, Conventions, DynamicScene, Scratch, SlideSettings, Trace,
};
use crate::sim::{FrameRecord, GameMove, ShadowTolerance};
use glam::Vec3;

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
        /// Only once a tie float rounding decides is settled the game's way (see `tie`,
        /// `contact_tie`).
        tie: Option<Tie>,
        /// `switches` holds one the conventions detected over the file do not: it fits this
        /// move, and the file does not bear it out as the controller's rule.
        outside: bool,
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
    /// It diverges as the file declares it, and agrees once the rules measured from the file
    /// (`rules`, in words) are assumed.
    Measured { rules: Vec<String> },
}

impl Why {
    pub fn kind(&self) -> WhyKind {
        match self {
            Self::Convention { .. } => WhyKind::Convention,
            Self::Cascade { .. } => WhyKind::Cascade,
            Self::Bug { .. } => WhyKind::Bug,
            Self::Unexplained => WhyKind::Unexplained,
            Self::Measured { .. } => WhyKind::Convention,
        }
    }

    /// The switches' or the bug class's snake-case names (`+` between switches), "cascade" or
    /// "unexplained": the key of the report's why table.
    pub fn name(&self) -> String {
        match self {
            Self::Convention { switches, tie, .. } => {
                let mut names: Vec<String> = switches.iter().map(snake).collect();
                names.extend(tie.map(|t| t.name().to_owned()));
                names.join("+")
            }
            Self::Cascade { .. } => "cascade".into(),
            Self::Bug { class, .. } => snake(class),
            Self::Unexplained => "unexplained".into(),
            Self::Measured { .. } => "measured".into(),
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
            Self::Convention {
                switches,
                tie,
                outside,
                ..
            } => {
                let mut words: Vec<&str> = switches.iter().map(|s| s.label()).collect();
                words.extend(tie.map(Tie::label));
                let words = words.join(" + ");
                match outside {
                    true => format!("{words} {OUTSIDE_LABEL}"),
                    false => words,
                }
            }
            Self::Cascade { root_move } => format!("follows move {root_move}"),
            Self::Bug { class, .. } => class.label().into(),
            Self::Unexplained => "unexplained".into(),
            Self::Measured { rules } => rules.join("; "),
        }
    }

    /// The tie float rounding decides that the move is at, if it is one.
    pub fn tie(&self) -> Option<Tie> {
        match self {
            Self::Convention { tie, .. } => *tie,
            _ => None,
        }
    }

    /// A convention only a set outside the conventions detected over the file reconciles.
    pub fn outside_detected(&self) -> bool {
        matches!(self, Self::Convention { outside: true, .. })
    }

    /// The explanation in a few lines, for the inspector.
    pub fn lines(&self) -> Vec<String> {
        match self {
            Self::Convention {
                switches,
                tie: Some(tie),
                ..
            } if switches.is_empty() => vec![format!("why: {}; neither is wrong", tie.label())],
            Self::Convention {
                switches,
                alternatives,
                ..
            } => {
                let mut l = vec![match self.outside_detected() {
                    true => {
                        let words: Vec<&str> = switches.iter().map(|x| x.label()).collect();
                        let words = words.join(" + ");
                        format!("why: rules outside the profile weighed over the file — {words}")
                    }
                    false => format!("why: a convention — your controller {}", self.label()),
                }];
                for other in alternatives.iter().filter(|a| *a != switches) {
                    let words: Vec<&str> = other.iter().map(|x| x.label()).collect();
                    l.push(format!("or: {}", words.join(" + ")));
                }
                // A set outside the profile is no rule to declare.
                if !self.outside_detected() {
                    let decl: Vec<String> = switches.iter().map(|s| s.declaration()).collect();
                    l.push(format!("declare it: {}", decl.join(" ")));
                }
                l
            }
            Self::Cascade { root_move } => vec![format!(
                "why: a cascade — it starts where its mover's last move left it, unsound (inside \
                 the level, past a surface, or not finite); the chain began at flagged move \
                 {root_move}: look there first"
            )],
            Self::Bug { depth_m, .. } => {
                let depth = depth_m.map_or(String::new(), |d| format!(", {:.1} mm deep", d * 1e3));
                vec![format!("why: a bug — {}{depth}", self.label())]
            }
            Self::Unexplained => vec![
                "why: unexplained — no convention reconciles it, \
                and no known bug class fits"
                    .into(),
            ],
            Self::Measured { rules } => vec![format!(
                "why: a rule measured from the file — your controller {}; assumed, the \
                 reference agrees with this move",
                rules.join("; ")
            )],
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
            #[serde(skip_serializing_if = "std::ops::Not::not")]
            outside_detected: bool,
        }
        let (switches, depth_m, outside_detected) = match self {
            Self::Convention {
                switches, outside, ..
            } => (&switches[..], None, *outside),
            Self::Bug { depth_m, .. } => (&[][..], *depth_m, false),
            _ => (&[][..], None, false),
        };
        let json = Json {
            kind: self.kind(),
            name: self.name(),
            root_move: self.root_move(),
            switches,
            depth_m,
            outside_detected,
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

/// What a flagged move's own re-solves show, whatever the rest of the file holds.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Evidence {
    /// The smallest sets of convention switches under which the reference agrees (empty:
    /// none does).
    pub sets: Vec<Vec<Switch>>,
    /// The start is not finite, or overlaps the level deeper than the game's skin.
    pub start_unsound: bool,
    /// The start is not finite, or overlaps the level beyond float noise, however thin the
    /// game's skin ([`bug_class::starts_inside`]).
    pub start_inside: bool,
    /// The bug classes the move fits (searched only when no convention reconciles it), in
    /// order of precedence, each with its depth (m) for an end inside the level.
    pub classes: Vec<(BugClass, Option<f32>)>,
    /// The sets and classes were searched (`false`: left until the move is known not to be a
    /// cascade — its start is unsound where its mover's last move ended).
    pub searched: bool,
    /// `sets` reconcile the move only once a tie is settled the game's way (see `tie`).
    pub tie: Option<Tie>,
    /// Where no set reconciles the move: the smallest sets under which the reference re-solves
    /// the bug named first (a crease left unnormalised, a reversed push-back). They are the
    /// port's rules as much as a reconciling set is, and vote as one does.
    #[serde(default)]
    pub bug_sets: Vec<Vec<Switch>>,
    /// Every set sets back to the seed's a rule the move's own conventions hold (declared,
    /// or a profile's): the rules the file bears out do not reconcile it, and `classes` were
    /// searched too. A class that fits names it, but for a gain of speed.
    #[serde(default)]
    pub reverses: bool,
}

/// What a flagged move's evidence is grouped under: its sets and classes, depths left out.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct EvidenceKey {
    sets: Vec<Vec<Switch>>,
    classes: Vec<BugClass>,
    tie: Option<Tie>,
}

impl Evidence {
    pub fn key(&self) -> EvidenceKey {
        EvidenceKey {
            sets: self.sets.clone(),
            classes: self.classes.iter().map(|c| c.0).collect(),
            tie: self.tie,
        }
    }
}

/// What the whole file shows of the game, which names each move's evidence.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct FileFacts {
    /// The parts of the Minkowski sum its contacts name (`None`: they name none).
    pub cases_seen: Option<CaseMask>,
    /// Some contact of it names a triangle.
    pub names_triangles: bool,
    /// The conventions detected (a convention move is named by its set within these).
    pub detected: Vec<Switch>,
    /// Which sides of the triangles the game's contacts touched.
    pub sides: sides::SideFacts,
}

impl FileFacts {
    /// Whether the file rules `switch` out: a rule of edges and vertices alone
    /// ([`Switch::round_parts`]) in a file whose contacts name faces and never an edge or a
    /// vertex.
    pub fn contradicts(&self, switch: Switch) -> bool {
        switch.round_parts() && faces_only(self.cases_seen)
    }
}

/// Whether contacts that name `seen` name faces and never an edge or a vertex.
fn faces_only(seen: Option<CaseMask>) -> bool {
    seen.is_some_and(|m| !m.allows(CaseKind::Edge) && !m.allows(CaseKind::Vertex))
}

/// A flagged move's finding before the file names it: a cascade, or its own evidence.
#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    Cascade { root_move: u64 },
    Own(Evidence),
}

/// What flagged moves are counted under before the file names them.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum FindingKey {
    Cascade(u64),
    Own(EvidenceKey),
}

impl Finding {
    pub fn key(&self) -> FindingKey {
        match self {
            Self::Cascade { root_move } => FindingKey::Cascade(*root_move),
            Self::Own(e) => FindingKey::Own(e.key()),
        }
    }

    /// The reason, named with what the file shows: a convention by its set within the
    /// detected conventions (else its first), a bug by its first class the file does not
    /// contradict.
    pub fn why(&self, facts: &FileFacts) -> Why {
        let e = match self {
            Self::Cascade { root_move } => {
                return Why::Cascade {
                    root_move: *root_move,
                };
            }
            Self::Own(e) => e,
        };
        let sets: Vec<Vec<Switch>> = (e.sets.iter())
            .filter(|set| set.iter().all(|s| !facts.contradicts(*s)))
            .cloned()
            .collect();
        let bug = (e.classes.iter())
            .find(|(c, _)| !c.contradicted(facts.cases_seen, facts.names_triangles));
        // A gain of speed is a symptom, not a cause: it names no move a set reconciles.
        let cause = bug.is_some_and(|b| b.0 != BugClass::GainedSpeed);
        if !(sets.is_empty() || e.reverses && cause) {
            let mut why = named(sets, &facts.detected);
            if let Why::Convention {
                tie,
                outside,
                switches,
                ..
            } = &mut why
            {
                *tie = e.tie;
                *outside = !switches.iter().all(|s| facts.detected.contains(s));
                // Outside by a rule of float precision alone, beside rules the file bears
                // out: the port's rounding decides the move, as at the other ties.
                let held_or_last = |s: &Switch| s.last_resort() || facts.detected.contains(s);
                if *outside && tie.is_none() && switches.iter().all(held_or_last) {
                    (*tie, *outside) = (Some(Tie::Arithmetic), false);
                }
            }
            return why;
        }
        bug.map_or(Why::Unexplained, |&(class, depth_m)| Why::Bug {
            class,
            depth_m,
        })
    }
}

/// A convention move named by the first of its smallest sets within `chosen`, else its first.
pub fn named(alternatives: Vec<Vec<Switch>>, chosen: &[Switch]) -> Why {
    let within = |a: &&Vec<Switch>| a.iter().all(|s| chosen.contains(s));
    let set = alternatives
        .iter()
        .find(within)
        .or(alternatives.first())
        .cloned()
        .unwrap_or_default();
    convention(set, alternatives)
}

/// The last move of one mover, as the judge saw it.
#[derive(Debug, Clone, Copy)]
struct LastMove {
    /// The game's end (`None`: it sent no result).
    end: Option<Vec3>,
    /// The root of the flagged chain it belongs to and where the root started (`None`: it
    /// agreed).
    root: Option<(u64, Vec3)>,
}

/// The judgement over a file in file order: each mover's last move (for cascades and
/// teleports), and the facts the file shows so far.
#[derive(Debug, Default, Clone)]
pub struct Judge {
    movers: BTreeMap<u32, LastMove>,
    /// The smallest reconciling sets of a move (all of one size), with the moves that had
    /// exactly these.
    pub sets: BTreeMap<Vec<Vec<Switch>>, u64>,
    /// Every move's smallest reconciling sets (a tainted mover's too), with the moves that
    /// had exactly these; the most frequent group of sets of one switch so far, of two and of
    /// three, with their moves.
    hint_sets: BTreeMap<Vec<Vec<Switch>>, u64>,
    favourites: [Option<(Vec<Vec<Switch>>, u64)>; switches::MAX_SET],
    cases_seen: Option<CaseMask>,
    names_triangles: bool,
    /// Moves that started elsewhere than their mover's last end.
    pub teleports: u64,
    /// The favourite groups as the batches so far left them: the next batch's hint, re-formed
    /// after each batch of the file's first [`HINT_MOVES`] moves (the moves a search needs
    /// most sets for cluster: a mover stuck in a corner) ...
    forming: SearchHint,
    /// ... and then fixed for every later search, so a move's sets do not depend on where
    /// later batch boundaries fall; a group of a size the file had not shown by then is
    /// fixed at the end of the first batch that shows one.
    frozen: Option<SearchHint>,
    /// Movers with a bug that moved them wrong (a move no convention reconciles that fits a
    /// bug class other than a speed gain) since they last teleported or agreed with the
    /// reference on a contact: their later moves start from a state the port's rules did not
    /// make, so their reconciling sets do not vote for the file's conventions (they are still
    /// named).
    tainted: BTreeSet<u32>,
    sides: sides::SideFacts,
    /// The profile the whole file settled ([`Judge::settle`]), in place of the vote.
    settled: Option<Vec<Switch>>,
}

/// Most switches of the favourite groups taken together as the port's rules (the groups
/// hold at most 1 + 2 + 3 of one, two and three switches): every subset of them may be
/// re-solved on a move they reconcile.
const MAX_RULES: usize = 6;

/// Moves after which a group of the search hint that is still to come joins it only at the
/// end of a batch of the largest size.
pub const SETTLE_MOVES: u64 = 16 * HINT_MOVES;

/// Moves over whose batches the search hint is re-formed before it is fixed.
pub const HINT_MOVES: u64 = 1024;

/// What the search for one move's reconciling sets needs, shared by the threads that search
/// a batch: the file's favourite group when the batch began.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct SearchHint {
    /// The most frequent group of sets of each size (one switch, two, three), tried before
    /// every set of that size is.
    groups: [Option<Vec<Vec<Switch>>>; switches::MAX_SET],
    /// The parts of the Minkowski sum the game's contacts had named when the hint was formed
    /// (`None`: none), fixed with it: a part they never name is searched as missing beside
    /// the port's other rules.
    #[serde(default)]
    cases_seen: Option<CaseMask>,
}

impl SearchHint {
    /// The favourite group of single switches.
    pub fn favourite(&self) -> Option<&Vec<Vec<Switch>>> {
        self.groups[0].as_ref()
    }

    /// Every switch of the favourite groups, in switch order, when no two set one convention
    /// otherwise and they are at most [`MAX_RULES`]: the port's rules as the file has shown
    /// them so far.
    pub fn rules(&self) -> Option<Vec<Switch>> {
        let mut all: Vec<Switch> = (self.groups.iter().flatten().flatten().flatten())
            .copied()
            .collect();
        all.sort();
        all.dedup();
        let clash = |(i, a): (usize, &Switch)| all[i + 1..].iter().any(|b| a.same_row(*b));
        let clashes = all.iter().enumerate().any(clash);
        (!all.is_empty() && all.len() <= MAX_RULES && !clashes).then_some(all)
    }

    /// Every switch of the favourite groups, one a row: where two set one convention, the
    /// later (of the larger group, the less frequent set), as applying them all in turn would
    /// leave it; in switch order.
    fn union(&self) -> Option<Vec<Switch>> {
        let all: Vec<Switch> = (self.groups.iter().flatten().flatten().flatten())
            .copied()
            .collect();
        let mut kept: Vec<Switch> = Vec::new();
        for &s in all.iter().rev() {
            if !kept.iter().any(|k| k.same_row(s)) {
                kept.push(s);
            }
        }
        kept.sort();
        (!kept.is_empty()).then_some(kept)
    }
}

impl Judge {
    /// Judges the next move of the file: `flagged`, its evidence when it diverges (`None`:
    /// it agrees), completed by `search` when its search was left for later and it is not a
    /// cascade. A start is unsound when the evidence says so, or when the straight line from
    /// its chain's root start crosses the level (`crosses`: the mover went through a surface
    /// since). A move that agrees from an unsound start (`unsound_start`, asked only of a
    /// mover in a chain, or a start across the level from the chain's root) keeps its mover
    /// in the chain: the mover is still where a flagged move left it. Returns its finding for
    /// a flagged move.
    pub fn step(
        &mut self,
        game: &GameMove,
        flagged: Option<Evidence>,
        tol: &ShadowTolerance,
        search: impl FnOnce() -> Evidence,
        (crosses, unsound_start): (impl Fn(Vec3, Vec3) -> bool, impl FnOnce() -> bool),
    ) -> Option<Finding> {
        self.saw(game);
        let last = self.movers.get(&game.mover).copied();
        let start = game.input.start;
        let teleport =
            (last.and_then(|l| l.end)).is_some_and(|end| !same_place(end, start, tol.position_m));
        self.teleports += u64::from(teleport);
        // A respawn, or a contact the reference agrees on, puts the mover back on sound ground.
        if teleport || (flagged.is_none() && !game.contacts.is_empty()) {
            self.tainted.remove(&game.mover);
        }
        let finding = flagged.map(|e| {
            let root = last.and_then(|l| l.root).filter(|_| !teleport);
            let own_class = e.classes.first().map(|c| c.0) == Some(BugClass::NonFiniteResult);
            let unsound = |from| e.start_unsound || crosses(from, start);
            match root {
                Some((root_move, from)) if !own_class && unsound(from) => {
                    Finding::Cascade { root_move }
                }
                // The game put the mover inside the level (its first move, or a teleport):
                // what its rules do from there is no evidence of them, so a set that happens
                // to fit names nothing.
                _ if e.start_unsound && !own_class && (last.is_none() || teleport) => {
                    self.tainted.insert(game.mover);
                    Finding::Own(Evidence {
                        sets: Vec::new(),
                        classes: vec![(BugClass::StartedInsideLevel, None)],
                        searched: true,
                        tie: None,
                        bug_sets: Vec::new(),
                        ..e
                    })
                }
                _ => {
                    let e = if e.searched { e } else { search() };
                    let speed_only = |c: &(BugClass, _)| c.0 == BugClass::GainedSpeed;
                    // A set of the last resort (a rule of float precision, tried only where
                    // nothing else fits) is no evidence to vote on either: the file's trials
                    // weigh it over every move (`probe_file_check`).
                    let last_resort = e.sets.iter().flatten().any(|s| s.last_resort());
                    let sound = !self.tainted.contains(&game.mover);
                    if e.sets.is_empty() && !e.classes.iter().all(speed_only) || last_resort {
                        // A bug's rules vote where its move is the mover's first wrong one.
                        if sound && !last_resort {
                            self.vote(&e.bug_sets);
                        }
                        self.tainted.insert(game.mover);
                    } else if sound {
                        // A tie's set votes: its switches were needed besides the nudge.
                        self.vote(&e.sets);
                    }
                    match e.sets.is_empty() {
                        true => self.note_for_hint(&e.bug_sets),
                        false => self.note_for_hint(&e.sets),
                    }
                    Finding::Own(e)
                }
            }
        });
        let chain = last.and_then(|l| l.root).filter(|_| !teleport);
        let root = match &finding {
            Some(Finding::Cascade { .. }) => Some(chain.unwrap_or((game.index, start))),
            Some(Finding::Own(_)) => Some((game.index, start)),
            None => chain.filter(|&(_, from)| unsound_start() || crosses(from, start)),
        };
        let end = game.result.map(|r| r.end);
        self.movers.insert(game.mover, LastMove { end, root });
        finding
    }

    /// Where `mover`'s last move ended, as the game said.
    pub fn last_end(&self, mover: u32) -> Option<Vec3> {
        self.movers.get(&mover).and_then(|l| l.end)
    }

    /// Notes the parts of the Minkowski sum and the triangles `game` names.
    fn saw(&mut self, game: &GameMove) {
        for c in &game.contacts {
            self.names_triangles |= c.triangle.is_some();
            if let Some(kind) = c.case_kind() {
                let seen = self.cases_seen.get_or_insert(CaseMask::NONE);
                *seen = seen.with(kind, true);
            }
        }
    }

    /// Counts `sets` toward the conventions detected.
    fn vote(&mut self, sets: &[Vec<Switch>]) {
        if sets.is_empty() || sets.iter().any(Vec::is_empty) {
            return; // nothing, or a tie under the conventions already assumed
        }
        *self.sets.entry(sets.to_vec()).or_default() += 1;
    }

    /// Counts `sets` toward the search hint: every move judged on its own counts, a tainted
    /// mover's too (the hint only orders the search; a mover stuck in a corner repeats its
    /// sets move after move), but for sets of the last resort, which the search tries last
    /// anyway.
    fn note_for_hint(&mut self, sets: &[Vec<Switch>]) {
        let last_resort = || sets.iter().flatten().any(|s| s.last_resort());
        let size = sets.iter().map(Vec::len).max().unwrap_or(0);
        let fixed = (self.frozen.as_ref()).is_some_and(|f| {
            f.groups
                .get(size.wrapping_sub(1))
                .is_none_or(Option::is_some)
        });
        if fixed || sets.is_empty() || sets.iter().any(Vec::is_empty) || last_resort() {
            return;
        }
        let n = self.hint_sets.entry(sets.to_vec()).or_default();
        *n += 1;
        let n = *n;
        let Some(favourite) = self.favourites.get_mut(size.wrapping_sub(1)) else {
            return;
        };
        if favourite.as_ref().is_none_or(|(_, m)| n > *m) {
            *favourite = Some((sets.to_vec(), n));
        }
    }

    /// What searches start from: the favourite groups as the last batch left them, fixed
    /// once [`Judge::end_batch`] froze them.
    pub fn hint(&self) -> SearchHint {
        self.frozen.clone().unwrap_or_else(|| self.forming.clone())
    }

    /// Whether the hint is fixed (see [`Judge::end_batch`]).
    pub fn hint_frozen(&self) -> bool {
        self.frozen.is_some()
    }

    /// Whether the fixed hint has a group of every size, or `judged` moves (at least
    /// [`SETTLE_MOVES`]) have shown what groups the file has: after that a group still to come
    /// may wait longer to join it.
    pub fn hint_settled(&self, judged: u64) -> bool {
        let complete = |h: &SearchHint| h.groups.iter().all(Option::is_some);
        self.frozen.as_ref().is_some_and(complete) || judged >= SETTLE_MOVES
    }

    /// Re-forms the hint of the next batch from the favourite groups so far, and fixes it for
    /// every later search once `judged` moves (at least [`HINT_MOVES`]) have been judged and
    /// some move has voted; after that, only a group of a size it lacks is added, once.
    pub fn end_batch(&mut self, judged: u64) {
        let group = |f: &Option<(Vec<Vec<Switch>>, u64)>| f.as_ref().map(|(g, _)| g.clone());
        let formed = SearchHint {
            groups: self.favourites.each_ref().map(group),
            cases_seen: self.cases_seen,
        };
        match &mut self.frozen {
            Some(fixed) => {
                for (kept, new) in fixed.groups.iter_mut().zip(formed.groups) {
                    if kept.is_none() {
                        *kept = new;
                    }
                }
            }
            None => {
                self.forming = formed;
                if judged >= HINT_MOVES && !self.sets.is_empty() {
                    self.frozen = Some(self.forming.clone());
                }
            }
        }
    }

    /// Takes `profile`, weighed over the whole file, as the conventions detected in place of
    /// the vote of the flagged moves' sets.
    pub fn settle(&mut self, profile: Vec<Switch>) {
        self.settled = Some(profile);
    }

    /// What the file showed, with the conventions detected from it.
    pub fn facts(&self) -> FileFacts {
        FileFacts {
            cases_seen: self.cases_seen,
            names_triangles: self.names_triangles,
            detected: self.detected().map(|d| d.0).unwrap_or_default(),
            sides: self.sides,
        }
    }

    /// Notes which sides of `level`'s triangles `game`'s contacts touched.
    pub fn saw_sides(&mut self, game: &GameMove, level: &ProbeLevel) {
        self.sides.add(game, level);
    }

    /// The switches that explain the most moves together, greedily: of the additions that
    /// complete some move's smallest set with the fewest new switches, the one that explains
    /// the most moves not yet explained, added while that is at least 1 % of the convention
    /// moves and it sets no convention the chosen ones set otherwise (one switch is added
    /// before two that explain more only together); with the moves they explain.
    /// Once the whole file settled a profile ([`Judge::settle`]), that profile instead.
    pub fn detected(&self) -> Option<(Vec<Switch>, u64)> {
        let total: u64 = self.sets.values().sum();
        let explained_by = |chosen: &[Switch], alternatives: &[Vec<Switch>]| {
            alternatives
                .iter()
                .any(|a| a.iter().all(|s| chosen.contains(s)))
        };
        let mut chosen: Vec<Switch> = self.settled.clone().unwrap_or_default();
        while self.settled.is_none() {
            let left: Vec<_> = (self.sets.iter())
                .filter(|(a, _)| !explained_by(&chosen, a))
                .collect();
            let offers: BTreeSet<&Vec<Switch>> = (left.iter())
                .flat_map(|(a, _)| a.iter())
                .filter(|a| switches::compatible(&chosen, a))
                .filter(|a| a.iter().all(|s| !self.sides.contradicts(*s)))
                .filter(|a| {
                    a.iter()
                        .all(|s| !(s.round_parts() && faces_only(self.cases_seen)))
                })
                .collect();
            let gain = |offer: &Vec<Switch>| {
                let mut with = chosen.clone();
                with.extend(offer.iter().filter(|s| !chosen.contains(s)));
                let n: u64 = (left.iter())
                    .filter(|(a, _)| explained_by(&with, a))
                    .map(|(_, n)| **n)
                    .sum();
                (with.len() - chosen.len(), n, with)
            };
            let mut gains: Vec<_> = offers.into_iter().map(|o| (gain(o), o)).collect();
            // Fewest new switches first, then the most moves, then the first set.
            gains.sort_by(|a, b| {
                (a.0.0.cmp(&b.0.0))
                    .then(b.0.1.cmp(&a.0.1))
                    .then(a.1.cmp(b.1))
            });
            let enough = |n: u64| n * 100 >= total && n > 0;
            let best = (gains.into_iter()).find(|((_, n, _), _)| enough(*n));
            match best {
                Some(((_, _, with), _)) => chosen = with,
                None => break,
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

/// Whether a move starting at `start` starts where a move ending at `end` ended (within
/// `tol_m`); two non-finite points are the same place: a NaN end and the move that starts there.
pub fn same_place(end: Vec3, start: Vec3, tol_m: f32) -> bool {
    (!end.is_finite() && !start.is_finite()) || end.distance(start) <= tol_m
}

/// What one flagged move's own re-solves show (on the thread that re-solved it): its
/// reconciling sets, whether its start is unsound, and, when no convention reconciles it, the
/// bug classes it fits. `record` is its re-solve in `world`. With `defer_if_unsound`, an
/// unsound start leaves the search for later ([`Evidence::searched`]).
// perf: 8.1× the re-solve with every cascade searched; docs/measurements.md, "the cost of the why"
pub fn gather(
    hint: &SearchHint,
    world: (Option<&ProbeLevel>, &DynamicScene),
    record: &FrameRecord,
    config: &ShadowConfig,
    defer_if_unsound: bool,
) -> Evidence {
    let (start, level, game) = match start_evidence(world, record) {
        Ok(s) if !(s.0.start_unsound && defer_if_unsound) => s,
        Ok((e, ..)) => return e,
        Err(done) => return done,
    };
    let (start_unsound, start_inside) = (start.start_unsound, start.start_inside);
    let (Reconciled { sets, reversed }, tie) = sets_or_tie(hint, (level, world.1), record, config);
    let crease = || crease_under_profile((level, world.1), record, config);
    if !sets.is_empty() && tie.is_none() && reversed.is_empty() && crease() {
        return Evidence {
            start_unsound,
            start_inside,
            classes: vec![(BugClass::ShortenedCrease, None)],
            searched: true,
            ..Default::default()
        };
    }
    let own = Evidence {
        start_unsound,
        start_inside,
        searched: true,
        tie,
        ..Default::default()
    };
    let classes = || own_classes((level, world.1), record, game, config, start_unsound);
    if !sets.is_empty() {
        // A move that only a rule of edges and vertices reconciles is named by its classes
        // too, for a file that shows no edge or vertex contact (`FileFacts::contradicts`);
        // one that only setting back a rule its conventions hold reconciles, by a class that
        // fits it before that set.
        let round_only = sets.iter().all(|s| s.iter().any(|w| w.round_parts()));
        let settings = &record.call.settings;
        let reverts = |w: &Switch| reverts(*w, &settings.conventions, settings.tuning.skin_es);
        let reverses = sets.iter().all(|s| s.iter().any(reverts));
        let classes = match round_only || reverses {
            true => classes(),
            false => Vec::new(),
        };
        return Evidence {
            sets,
            classes,
            reverses,
            ..own
        };
    }
    let mut classes = classes();
    let world = (level, world.1);
    let crease = crease_under_rules((hint, &reversed), world, record, config, &mut classes);
    let reversed_sets = reversed_under_rules(&reversed, hint, world, record, config, &mut classes);
    let moved = moved_corner_under_rules(hint, world, record, config, &mut classes);
    let missing = missing_part_under_rules(hint, world, record, config, &mut classes);
    let sets = match classes.first().map(|c| c.0) {
        Some(BugClass::MovedCorner) => moved,
        Some(BugClass::ShortenedCrease) => crease.into_iter().collect(),
        Some(BugClass::ReversedPushBack) => reversed_sets,
        Some(c) if c.missing_part().is_some() => missing,
        _ => Vec::new(),
    };
    Evidence {
        bug_sets: voting(sets),
        classes,
        ..own
    }
}

/// The bug classes `game`'s move fits (`bug_class::candidates`), the missing parts of the
/// Minkowski sum re-solved under the move's own settings.
fn own_classes(
    world: (&ProbeLevel, &DynamicScene),
    record: &FrameRecord,
    game: &GameMove,
    config: &ShadowConfig,
    start_unsound: bool,
) -> Vec<(BugClass, Option<f32>)> {
    let missing = |cases| {
        let settings = SlideSettings {
            debug: DebugKnobs {
                cases,
                ..record.call.settings.debug
            },
            ..record.call.settings
        };
        agrees_with(world, record, &settings, config)
    };
    let (level, tol) = (world.0, &config.tolerance);
    bug_class::candidates(record, (game, start_unsound), level, tol, missing)
}

/// Where no set reconciles the move and no part's absence alone does: the smallest sets under
/// which the reference agrees without a part of the Minkowski sum that the game's contacts
/// have never named (`SearchHint::cases_seen`), its class put where its precedence goes. A
/// port that lacks a part breaks the moves its other rules shape too (jesters-bakery's face
/// test is commented out, and it pads along the velocity): neither alone re-solves them.
fn missing_part_under_rules(
    hint: &SearchHint,
    world: (&ProbeLevel, &DynamicScene),
    record: &FrameRecord,
    config: &ShadowConfig,
    classes: &mut Vec<(BugClass, Option<f32>)>,
) -> Vec<Vec<Switch>> {
    let named = |c: &(BugClass, _)| {
        c.0.missing_part().is_some()
            || matches!(c.0, BugClass::NonFiniteResult | BugClass::MovedCorner)
    };
    // Not before a contact has named a part: a file whose contacts name none rules every
    // such class out (`BugClass::contradicted`), and its sets would still vote.
    let Some(seen) = hint.cases_seen.filter(|_| !classes.iter().any(named)) else {
        return Vec::new();
    };
    let own = record.call.settings.debug.cases;
    for class in [
        BugClass::IgnoresEdges,
        BugClass::IgnoresVertices,
        BugClass::IgnoresFaces,
    ] {
        // A part the move's settings already leave out (the trials that play the file's
        // bugs) was searched without it already.
        let unseen = |p: &CaseKind| !seen.allows(*p) && own.allows(*p);
        let Some(part) = class.missing_part().filter(unseen) else {
            continue;
        };
        let mut masked = record.clone();
        let cases = &mut masked.call.settings.debug.cases;
        *cases = cases.with(part, false);
        let found = reconciling_sets(hint, (Some(world.0), world.1), &masked, config);
        if !found.sets.is_empty() {
            by_precedence(classes, class);
            return found.sets;
        }
    }
    Vec::new()
}

/// `class` put among `classes` where its precedence (the enum's order) goes.
fn by_precedence(classes: &mut Vec<(BugClass, Option<f32>)>, class: BugClass) {
    let at = classes.iter().position(|c| c.0 > class);
    classes.insert(at.unwrap_or(classes.len()), (class, None));
}

/// Where no set reconciles the move: whether the game met corners away from where the level
/// has them and the reference agrees with them moved there, under the move's own settings or
/// the port's rules ([`under_port_rules`]); the class goes where its precedence puts it
/// (after a non-finite result only), with the set it re-solved under.
fn moved_corner_under_rules(
    hint: &SearchHint,
    world: (&ProbeLevel, &DynamicScene),
    record: &FrameRecord,
    config: &ShadowConfig,
    classes: &mut Vec<(BugClass, Option<f32>)>,
) -> Vec<Vec<Switch>> {
    let Some(game) = record.game.as_deref() else {
        return Vec::new();
    };
    let corners = moved_corner::moved(game, world.0);
    if corners.is_empty() || classes.iter().any(|c| c.0 == BugClass::NonFiniteResult) {
        return Vec::new();
    }
    let Some(moved) = moved_corner::within_reach(world.0.collision(), game, &corners) else {
        return Vec::new();
    };
    let tol = &config.tolerance;
    let agrees = |s: &SlideSettings| moved_corner::agrees_in(&moved, world.1, game, s, tol);
    let Some((set, _)) = under_port_rules(hint, record).find(|(_, s)| agrees(s)) else {
        return Vec::new();
    };
    by_precedence(classes, BugClass::MovedCorner);
    match set.is_empty() {
        true => Vec::new(),
        false => vec![set],
    }
}

/// Whether `switch` sets a row back to the seed's value where `held` sets it otherwise.
fn reverts(switch: Switch, held: &Conventions, skin_es: f32) -> bool {
    let (mut seed, mut with) = (Conventions::default(), *held);
    switch.apply(&mut seed, skin_es);
    switch.apply(&mut with, skin_es);
    seed == Conventions::default() && with != *held
}

/// What a flagged move's start shows, without the search: `Ok` with whether it is unsound or
/// inside the level ([`Evidence::searched`] false), with the level and the game's move to
/// search them in, or `Err` with the move's whole evidence
/// where there is nothing to search (no level or game move, a move the reference refused,
/// a non-finite result). The judge's cascades and the moves judged on their own need no more:
/// a profile's trials weigh their rules by these counts ([`counted`]).
pub fn start_evidence<'a>(
    world: (Option<&'a ProbeLevel>, &DynamicScene),
    record: &'a FrameRecord,
) -> Result<(Evidence, &'a ProbeLevel, &'a GameMove), Evidence> {
    let (Some(level), Some(game)) = (world.0, record.game.as_deref()) else {
        return Err(Evidence::default());
    };
    if game.unresolved.is_some() {
        // The reference refused the move's inputs (no ellipsoid, not finite): nothing to
        // search; a start that is not finite may still follow a NaN end.
        return Err(Evidence {
            start_unsound: !game.input.start.is_finite(),
            start_inside: !game.input.start.is_finite(),
            searched: true,
            ..Default::default()
        });
    }
    // perf: one overlap query for both depths; docs/measurements.md, "1M Sponza moves"
    let depth_es = bug_class::start_depth_es(game, level);
    let start_inside = depth_es.is_some();
    let start_unsound = depth_es.is_some_and(|d| d > record.call.settings.tuning.skin_es);
    let e = Evidence {
        start_unsound,
        start_inside,
        ..Default::default()
    };
    match bug_class::non_finite(game) {
        true => Err(Evidence {
            classes: vec![(BugClass::NonFiniteResult, None)],
            searched: true,
            ..e
        }),
        false => Ok((e, level, game)),
    }
}

/// [`start_evidence`] as a move's whole evidence: searched, with no set or class beyond a
/// non-finite result.
pub fn counted(world: (Option<&ProbeLevel>, &DynamicScene), record: &FrameRecord) -> Evidence {
    start_evidence(world, record).map_or_else(
        |done| done,
        |(e, ..)| Evidence {
            searched: true,
            ..e
        },
    )
}

/// A named bug's sets as they vote: in the search's order, none with a last resort's switch
/// (whose rows the file's trials weigh instead).
fn voting(mut sets: Vec<Vec<Switch>>) -> Vec<Vec<Switch>> {
    let order = Switch::all();
    let rank = |s: &Switch| order.iter().position(|o| o == s);
    sets.retain(|set| !set.iter().any(|s| s.last_resort()));
    for set in &mut sets {
        set.sort_by_key(rank);
    }
    sets
}

/// The move's own settings (the empty set), then with each set of the file's favourite groups,
/// then with all of their switches together, one a row (`SearchHint::union`): where a bug
/// shows only under a port's rules.
fn under_port_rules<'a>(
    hint: &'a SearchHint,
    record: &'a FrameRecord,
) -> impl Iterator<Item = (Vec<Switch>, SlideSettings)> + 'a {
    let sets = hint.groups.iter().flatten().flatten();
    let own = &record.call.settings;
    let with = (sets.cloned().chain(hint.union())).map(|set| {
        let settings = switches::settings_with(own, &set);
        (set, settings)
    });
    std::iter::once((Vec::new(), *own)).chain(with.collect::<Vec<_>>())
}

/// A slide along a crease shortened by its planes' angle: the reference agrees with the
/// crease unnormalised, under the move's settings or a port's rules with Linahan's
/// projection, or else, where the file's favourite sets lack Linahan's projection (its first
/// moves, or rules a bug hides), under Linahan's with up to two more switches; it goes before
/// the symptoms it leads to. Not tried on a move whose end the search already found a
/// reversed push-back's (`reversed`). Returns the set it re-solved under.
fn crease_under_rules(
    (hint, reversed): (&SearchHint, &[Vec<Switch>]),
    world: (&ProbeLevel, &DynamicScene),
    record: &FrameRecord,
    config: &ShadowConfig,
    classes: &mut Vec<(BugClass, Option<f32>)>,
) -> Option<Vec<Switch>> {
    let game_contacts = record.game.as_deref().map_or(0, |g| g.contacts.len());
    let named = classes.iter().any(|c| c.0 <= BugClass::ShortenedCrease);
    if named || game_contacts < 2 || !reversed.is_empty() {
        return None;
    }
    let agrees_unnormalised = |settings| agrees_unnormalised(world, record, settings, config);
    let set = (under_port_rules(hint, record))
        .filter(|(_, s)| s.conventions.projection == Projection::Linahan)
        .find(|(_, s)| agrees_unnormalised(*s))
        .map(|(set, _)| set)
        .or_else(|| {
            // perf: not where the file's favourite sets hold Linahan's projection (tried
            // above); docs/measurements.md, "the cost of the why" (the zoo)
            let linahan = |s: &Switch| s.name() == "linahan_projection";
            let mut favourites = hint.groups.iter().flatten().flatten().flatten();
            let learnt = favourites.any(linahan);
            (!learnt).then(|| with_linahan_and_more(record, agrees_unnormalised))?
        })?;
    by_precedence(classes, BugClass::ShortenedCrease);
    Some(set)
}

/// Under the profile the whole file weighed (its own re-check, not a trial of the weighing:
/// [`Assumed::is_settled_profile`](crate::probe::shadow::Assumed::is_settled_profile)),
/// whether the move is a crease left unnormalised: the reference agrees with the crease
/// unnormalised under the move's own settings, the profile with Linahan's projection. A set
/// the search finds there is a rule the weighing left out, and fits such a move only by
/// chance: exengine's lavaducts has 12 moves that "pad free moves", which 4,713 of its moves
/// refute, by a skin (0.001 eSpace) that the crease's shortening happens to equal.
fn crease_under_profile(
    world: (&ProbeLevel, &DynamicScene),
    record: &FrameRecord,
    config: &ShadowConfig,
) -> bool {
    let profiled = config.assumed.is_some_and(|a| a.is_settled_profile());
    let settings = record.call.settings;
    let game_contacts = record.game.as_deref().map_or(0, |g| g.contacts.len());
    if !profiled || game_contacts < 2 || settings.conventions.projection != Projection::Linahan {
        return false;
    }
    agrees_unnormalised(world, record, settings, config)
}

/// Whether the reference agrees with the move under `settings` with the crease left
/// unnormalised ([`DebugKnobs::crease_unnormalised`]).
fn agrees_unnormalised(
    world: (&ProbeLevel, &DynamicScene),
    record: &FrameRecord,
    mut settings: SlideSettings,
    config: &ShadowConfig,
) -> bool {
    settings.debug.crease_unnormalised = true;
    agrees_with(world, record, &settings, config)
}

/// The first set that `fits` the move's settings with: Linahan's projection (where they lack
/// it) and up to two more of the switches that change them.
fn with_linahan_and_more(
    record: &FrameRecord,
    mut fits: impl FnMut(SlideSettings) -> bool,
) -> Option<Vec<Switch>> {
    let base = &record.call.settings;
    let candidates = switches::with_late(&base.conventions, base.tuning.skin_es);
    let linahan = Switch::named("linahan_projection").filter(|s| candidates.contains(s));
    let lin: Vec<Switch> = match (base.conventions.projection, linahan) {
        (Projection::Linahan, _) => Vec::new(),
        (_, Some(l)) => vec![l],
        (_, None) => return None,
    };
    let others: Vec<Switch> = (candidates.into_iter())
        .filter(|s| lin.iter().all(|l| !l.same_row(*s)))
        .collect();
    let all = |set: &[Switch]| -> Vec<Switch> {
        let mut all: Vec<Switch> = set.iter().chain(&lin).copied().collect();
        all.sort();
        all
    };
    let mut with = |set: &[Switch]| fits(switches::settings_with(base, &all(set)));
    if !lin.is_empty() && with(&[]) {
        return Some(lin);
    }
    (1..=2)
        .find_map(|size| {
            switches::sets_of_size(&others, size, &mut with)
                .into_iter()
                .next()
        })
        .map(|set| all(&set))
}

/// Where the move's own settings lack a port's rules, its reversed push-back shows only under
/// them: under a set the search met (`reversed`), or else under each set of the file's
/// favourite groups and under all of their switches together (more than a searched set
/// holds); it goes before the symptoms it leads to (an end inside the level, …).
fn reversed_under_rules(
    reversed: &[Vec<Switch>],
    hint: &SearchHint,
    world: (&ProbeLevel, &DynamicScene),
    record: &FrameRecord,
    config: &ShadowConfig,
    classes: &mut Vec<(BugClass, Option<f32>)>,
) -> Vec<Vec<Switch>> {
    let named = |c: &(BugClass, _)| c.0 <= BugClass::ReversedPushBack;
    let Some(game) = record
        .game
        .as_deref()
        .filter(|_| !classes.iter().any(named))
    else {
        return Vec::new();
    };
    let sets = match reversed.is_empty() {
        false => reversed.to_vec(),
        true => SCRATCH.with_borrow_mut(|(scratch, trace)| {
            let tol = &config.tolerance;
            (under_port_rules(hint, record).skip(1))
                .find(|(_, s)| bug_class::reversed_under(world, game, s, tol, (scratch, trace)))
                .map(|(set, _)| vec![set])
                .unwrap_or_default()
        }),
    };
    if !sets.is_empty() {
        by_precedence(classes, BugClass::ReversedPushBack);
    }
    sets
}

/// A move's smallest reconciling sets, or the tie it is at (with the set it needs besides):
/// a tie at the padding under the move's own conventions comes before any switch (a switch
/// that drops the branch, another projection, would reconcile it for the wrong reason), and
/// with one or two switches when no set of fewer than three reconciles it (the simpler
/// reading); a contact tie ([`contact_tie::settled`]) settled the game's way when no set
/// does, under the move's settings or the port's rules ([`under_port_rules`]), before the
/// bug classes.
fn sets_or_tie(
    hint: &SearchHint,
    (level, objects): (&ProbeLevel, &DynamicScene),
    record: &FrameRecord,
    config: &ShadowConfig,
) -> (Reconciled, Option<Tie>) {
    let tied = |all| tie_set(hint, (level, objects), record, config, all);
    let padding = Some(Tie::Padding);
    if let Some(set) = tied(false) {
        return (Reconciled::sets(vec![set]), padding);
    }
    let found = reconciling_sets(hint, (Some(level), objects), record, config);
    if found.sets.first().is_some_and(|s| s.len() <= 2) {
        return (found, None);
    }
    if let Some(set) = tied(true) {
        return (Reconciled::sets(vec![set]), padding);
    }
    let Some(game) = record.game.as_deref().filter(|_| found.sets.is_empty()) else {
        return (found, None);
    };
    // A port's rules can be what puts its sphere at touching (an exit root met at once): all
    // of them together, the port's likeliest reading, then each favourite set.
    let tol = &config.tolerance;
    let mut sets: Vec<(Vec<Switch>, SlideSettings)> = under_port_rules(hint, record).collect();
    if let Some(union) = hint
        .union()
        .and_then(|u| sets.iter().position(|s| s.0 == u))
    {
        let all = sets.remove(union);
        sets.insert(1.min(sets.len()), all);
    }
    let settled = sets.into_iter().find_map(|(set, settings)| {
        contact_tie::settled_under((level, objects), record, game, &settings, tol).map(|t| (set, t))
    });
    match settled {
        Some((set, t)) => (Reconciled::sets(vec![set]), Some(t)),
        None => (found, None),
    }
}

/// The first set (see [`tie::sets_to_try`]; with `all` false only the empty one) under which
/// the reference, padding along the velocity, agrees with the game once the padding is
/// nudged: a tie at the padding. Tried only when the reference met a contact at the padding's
/// distance.
fn tie_set(
    hint: &SearchHint,
    world: (&ProbeLevel, &DynamicScene),
    record: &FrameRecord,
    config: &ShadowConfig,
    all: bool,
) -> Option<Vec<Switch>> {
    let base = record.call.settings;
    let skin = base.tuning.skin_es;
    if !tie::met_at_padding(&record.trace, skin) {
        return None;
    }
    let candidates = switches::candidates(&base.conventions, skin);
    let mut sets = tie::sets_to_try(&base, hint.favourite(), &candidates);
    if !all {
        sets.retain(Vec::is_empty);
    }
    sets.into_iter().find(|set| {
        let settings = switches::settings_with(&base, set);
        (tie::nudged(&settings).iter()).any(|s| agrees_with(world, record, s, config))
    })
}

/// The smallest sets of switches under which the reference agrees with the game's move
/// `record` (a diverging one), re-run in `world`. Empty when none does, or when the move has
/// no level.
///
/// The file's most frequent group of single switches (`hint`) is tried first: when each of
/// its sets reconciles the move, the move is taken to be of that group without trying every
/// other switch (on a file whose moves share one convention, one re-solve a move instead of a
/// dozen; a move that another single switch would also reconcile loses that alternative).
/// When no single switch reconciles it, the file's most frequent group of pairs is tried the
/// same way before every pair, and then of triples before every triple. A set that re-solves
/// the move as a smaller one does is not tried (see `repeats.rs`). Only when none reconciles
/// it are the sets holding a late switch tried (`Switch::late`: a rule that stands in for
/// others on many moves), of up to three switches, and then those holding a last-resort
/// switch, of one and two.
///
/// Each re-solve also tells whether the game's end is the reference's with its last
/// push-back reversed under that set (a sign slip in the padding, where the port's rules are
/// the set's): the smallest such sets come back beside the reconciling ones, at no extra
/// re-solve.
pub fn reconciling_sets(
    hint: &SearchHint,
    (level, objects): (Option<&ProbeLevel>, &DynamicScene),
    record: &FrameRecord,
    config: &ShadowConfig,
) -> Reconciled {
    SCRATCH.with_borrow_mut(|(scratch, trace)| {
        let (Some(level), Some(game)) = (level, record.game.as_deref()) else {
            return Reconciled::default();
        };
        let base = record.call.settings;
        let skin = base.tuning.skin_es;
        let conventions = base.conventions;
        let candidates = switches::candidates(&conventions, skin);
        let late = switches::with_late(&conventions, skin);
        let world = (level, objects);
        let mut ends = repeats::Ends::new(&late);
        let mut reversed: Vec<Vec<Switch>> = Vec::new();
        let tol = &config.tolerance;
        let mut agrees = |set: &[Switch]| {
            if ends.repeats_smaller(&conventions, set, skin) {
                return false;
            }
            let settings = switches::settings_with(&base, set);
            let (agrees, result) = agrees_under(world, game, &settings, tol, scratch, trace);
            if let Some(result) = result {
                ends.note(set, game.input.start, &result);
                let smallest = reversed.first().is_none_or(|r| set.len() <= r.len());
                if smallest && bug_class::reversed_end(game, result.position, trace, tol) {
                    reversed.retain(|r| r.len() == set.len());
                    let mut sorted = set.to_vec();
                    sorted.sort();
                    reversed.push(sorted);
                }
            }
            agrees
        };
        let usable = |group: &Vec<Vec<Switch>>| group.iter().flatten().all(|s| late.contains(s));
        let ones = hint.groups[0].as_ref().filter(|g| usable(g));
        if let Some(group) = ones.filter(|g| g.iter().all(|set| agrees(set))) {
            return Reconciled::sets(group.clone());
        }
        // The port's rules as the file has shown them: a move they reconcile together is
        // named by the fewest of them that do (all of them, where a move needs more than a
        // set of the search holds), without every smaller set of every switch tried first.
        // perf: docs/measurements.md, "the cost of the why" (the zoo)
        let rules = hint.rules().filter(|r| r.iter().all(|s| late.contains(s)));
        if let Some(rules) = rules.filter(|r| r.len() > 1 && agrees(r)) {
            let found = (1..rules.len())
                .map(|size| switches::sets_of_size(&rules, size, &mut agrees))
                .find(|found| !found.is_empty());
            return Reconciled::sets(found.unwrap_or_else(|| vec![rules]));
        }
        for (size, group) in (1..).zip(&hint.groups) {
            if let Some(group) = group.as_ref().filter(|g| usable(g) && size > 1)
                && group.iter().all(|set| agrees(set))
            {
                return Reconciled::sets(group.clone());
            }
            let found = switches::sets_of_size(&candidates, size, &mut agrees);
            if !found.is_empty() {
                return Reconciled::sets(found);
            }
        }
        let late_sets = smallest_holding(&late, LATE_SET, Switch::late, &mut agrees);
        if !late_sets.is_empty() {
            return Reconciled::sets(late_sets);
        }
        let all = switches::last_resorts(&conventions, skin);
        let sets = smallest_holding(&all, LAST_RESORT_SET, Switch::last_resort, &mut agrees);
        match sets.is_empty() {
            true => Reconciled { sets, reversed },
            false => Reconciled::sets(sets),
        }
    })
}

/// The smallest sets of `pool`, of up to `most` switches, holding one that `holds`, under
/// which the move `agrees`; none where `pool` has no such switch.
fn smallest_holding(
    pool: &[Switch],
    most: usize,
    holds: fn(Switch) -> bool,
    mut agrees: impl FnMut(&[Switch]) -> bool,
) -> Vec<Vec<Switch>> {
    let with_one = |set: &[Switch]| set.iter().any(|&s| holds(s));
    (1..=most)
        .filter(|_| pool.iter().any(|&s| holds(s)))
        .map(|size| switches::sets_of_size(pool, size, |set| with_one(set) && agrees(set)))
        .find(|found| !found.is_empty())
        .unwrap_or_default()
}

/// What the search for a move's reconciling sets found.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Reconciled {
    /// The smallest sets of switches under which the reference agrees (empty: none does).
    pub sets: Vec<Vec<Switch>>,
    /// Where none does: the smallest sets under which the game's end is the reference's
    /// with its last push-back reversed ([`BugClass::ReversedPushBack`]).
    pub reversed: Vec<Vec<Switch>>,
}

impl Reconciled {
    fn sets(sets: Vec<Vec<Switch>>) -> Self {
        Self {
            sets,
            reversed: Vec::new(),
        }
    }
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
        agrees_under(world, game, settings, &config.tolerance, scratch, trace).0
    })
}

/// Most switches in a set with a late one (`Switch::late`): the switch and two other rules.
// perf: each size re-solves the late switches with every other once; docs/measurements.md,
// "the cost of the why"
const LATE_SET: usize = 3;

/// Most switches in a set with a last-resort one: the switch and one other rule.
// perf: triples would try ten times the sets on the moves nothing else explains;
// docs/measurements.md, "the cost of the why" (Irrlicht lavaducts)
const LAST_RESORT_SET: usize = 2;

thread_local! {
    /// Each searching thread's buffers, kept between moves.
    static SCRATCH: std::cell::RefCell<(Scratch, Trace)> = Default::default();
}

/// A convention: `set` reconciles the move, and so does each of `alternatives`.
pub fn convention(set: Vec<Switch>, alternatives: Vec<Vec<Switch>>) -> Why {
    Why::Convention {
        switches: set,
        alternatives,
        tie: None,
        outside: false,
    }
}

/// What a convention move whose set the file's detected conventions do not hold reads as.
const OUTSIDE_LABEL: &str = "(fits this move; not among the conventions detected over the file)";
