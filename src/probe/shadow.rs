//! The shadow re-solve: a game's move re-run through the reference core on the same inputs
//! (DESIGN "One code path": the same `collide_and_slide_in` the walker calls), with the
//! game's settings where they map and the user's everywhere else, filed as a history record
//! that carries the game's side next to the reference's trace.

use glam::{Mat3, Vec3};
use slidescope_probe::read::MoveRecord;
use slidescope_probe::{Case, Declared, Frame};

use super::levels::ProbeLevel;
use crate::collision::Tuning;
use crate::collision::{
    self, CaseKind, CollisionWorld, DynamicScene, Ellipsoid, ObjectPoses, Scratch, SlideResult,
    SlideSettings, Trace, collide_and_slide_in, debug::feature_at_point,
};
use crate::level::scenario::RecordedCall;
use crate::sim::detectors::{skin_violation, speed_gain, trace_markers, upward_depenetration};
use crate::sim::{
    CallInputs, Cause, Comparison, Findings, FrameRecord, GameContact, GameInput, GameMove,
    GameResult, MarkerKind, PlayerState, ShadowTolerance, SolveState, StepDynamics, StepOutcome,
    single_call_frame,
};

/// Distance (eSpace units) within which a game's contact point counts as on an edge or a
/// vertex when naming its case.
const FEATURE_TOLERANCE_ES: f32 = 1e-4;

/// What the re-solve may change: the user's solve settings (case mask, solver, …) and the
/// tolerance that flags a move.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct ShadowConfig {
    pub settings: SlideSettings,
    pub tolerance: ShadowTolerance,
    /// Conventions assumed for every move over what the game declared (`probe-check
    /// --conventions detected`).
    pub assumed: Option<Assumed>,
    /// The user's convention switches apply to every row, those the game declared (and its
    /// per-move one-sided flag) included: what would the game's move be without its rule?
    pub over_declared: bool,
}

/// Most convention switches assumed at once.
const MAX_ASSUMED: usize = 16;

/// Convention switches assumed for a game's moves, each set over what the move itself says
/// (its `ONE_SIDED` flag, the conventions its file declared) with the move's own padding.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Assumed {
    switches: [Option<collision::conventions::Switch>; MAX_ASSUMED],
    measured: MeasuredRules,
    /// The switches are the profile the whole file weighed (not a trial of the weighing).
    #[serde(default)]
    settled: bool,
}

/// Rules measured from a file, assumed for the moves that do not declare or send theirs.
#[derive(Debug, Clone, Copy, PartialEq, Default, serde::Serialize, serde::Deserialize)]
pub struct MeasuredRules {
    pub move_scale: Option<f32>,
    pub floor_stop_deg: Option<f32>,
    /// The padding of a move that sends no skin: its length, and whether in metres.
    pub padding: Option<(f32, bool)>,
}

impl Assumed {
    /// The first [`MAX_ASSUMED`] of `switches`.
    pub fn new(switches: &[collision::conventions::Switch]) -> Self {
        let mut set = [None; MAX_ASSUMED];
        for (slot, s) in set.iter_mut().zip(switches) {
            *slot = Some(*s);
        }
        Self {
            switches: set,
            measured: MeasuredRules::default(),
            settled: false,
        }
    }

    /// These as the profile the whole file weighed.
    pub fn settled(self) -> Self {
        Self {
            settled: true,
            ..self
        }
    }

    /// Whether these are the profile the whole file weighed, with a switch.
    pub fn is_settled_profile(&self) -> bool {
        self.settled && self.switches().next().is_some()
    }

    /// The switches assumed.
    pub fn switches(&self) -> impl Iterator<Item = collision::conventions::Switch> + '_ {
        self.switches.iter().flatten().copied()
    }

    /// These, and the rules measured from the file where a move does not declare or send
    /// its own.
    pub fn with_measured(self, measured: MeasuredRules) -> Self {
        Self { measured, ..self }
    }

    /// `settings` (a move's, which declared `declared` and sent its skin where `skin_sent`)
    /// with the measured rules and these switches.
    pub fn apply(
        &self,
        settings: &SlideSettings,
        declared: &Declared,
        skin_sent: bool,
    ) -> SlideSettings {
        let mut s = *settings;
        let m = &self.measured;
        if let Some((skin, in_metres)) = m.padding.filter(|_| !skin_sent) {
            s.tuning.skin_es = skin;
            if declared.skin_in_metres.is_none() {
                s.conventions.skin_in_metres = in_metres;
            }
        }
        for sw in self.switches.iter().flatten() {
            sw.apply(&mut s.conventions, s.tuning.skin_es);
        }
        if let Some(k) = m.move_scale.filter(|_| declared.move_scale.is_none()) {
            s.conventions.move_scale = k;
        }
        if let Some(deg) = (m.floor_stop_deg).filter(|_| declared.floor_stop_deg.is_none()) {
            s.conventions.floor_stop_deg = deg;
        }
        s
    }
}

/// Where a move happened: the level and the moving objects at the move's poses.
#[derive(Clone, Copy)]
pub struct MoveContext<'a> {
    pub level: Option<&'a ProbeLevel>,
    /// The level's objects with the poses in force (`poses`) applied.
    pub objects: &'a DynamicScene,
    pub poses: &'a [ObjectPoses],
    pub frame: Frame,
    /// The move's index in its stream.
    pub index: u64,
    /// The game's declared conventions (format 1.1; all undeclared in a 1.0 file).
    pub declared: &'a Declared,
}

/// `settings` with the game's skin and iteration limit where it sent them, and the conventions
/// it declared.
pub fn game_settings(
    rec: &MoveRecord,
    declared: &Declared,
    settings: &SlideSettings,
) -> SlideSettings {
    let mv = &rec.mv;
    // Sidedness undeclared: two-sided, or the seed's culling where an earlier writer set the
    // move's `ONE_SIDED` flag.
    let flagged = collision::Conventions {
        sidedness: if rec.one_sided_flag {
            collision::Sidedness::BehindIgnored
        } else {
            collision::Sidedness::TwoSided
        },
        ..settings.conventions
    };
    SlideSettings {
        tuning: Tuning {
            skin_es: mv.skin_es.unwrap_or(settings.tuning.skin_es),
            max_iterations: mv.max_iterations.unwrap_or(settings.tuning.max_iterations),
            ..settings.tuning
        },
        conventions: declared.over(&flagged),
        ..*settings
    }
}

fn case_kind(c: Case) -> CaseKind {
    match c {
        Case::Face => CaseKind::Face,
        Case::Edge => CaseKind::Edge,
        Case::Vertex => CaseKind::Vertex,
    }
}

/// The game's contacts with the core's triangle numbering and each one's feature named from
/// where it touched.
fn game_contacts(
    rec: &MoveRecord,
    level: Option<&ProbeLevel>,
    ellipsoid: Option<&Ellipsoid>,
) -> Vec<GameContact> {
    rec.contacts
        .iter()
        .map(|c| {
            let triangle = c.triangle.zip(level).and_then(|(g, l)| l.core_triangle(g));
            let point = Vec3::from(c.point);
            let feature = triangle.zip(level).zip(ellipsoid).and_then(|((t, l), e)| {
                let tri = l.collision().get_triangle(t)?;
                // eSpace about the move's start, where f32 keeps its precision.
                let space = e.space();
                let to_es = |p: Vec3| space.vector_to_es(p - e.center);
                Some(feature_at_point(
                    &tri.vertices.map(to_es),
                    to_es(point),
                    FEATURE_TOLERANCE_ES,
                ))
            });
            GameContact {
                iteration: c.iteration,
                case: c.case.map(case_kind),
                feature,
                t: c.t,
                center: Vec3::from(c.center),
                point,
                normal: Vec3::from(c.normal),
                triangle,
                game_triangle: c.triangle,
            }
        })
        .collect()
}

/// The game's side of a move as it sent it (no contacts named yet, no comparison).
fn game_move(ctx: &MoveContext<'_>, rec: &MoveRecord) -> GameMove {
    let mv = &rec.mv;
    GameMove {
        frame: ctx.frame.frame,
        time_secs: ctx.frame.time_secs,
        mover: mv.mover,
        index: ctx.index,
        level: ctx.level.map(|l| l.hash),
        input: GameInput {
            radii: Vec3::from(mv.radii),
            axes: Mat3::from_cols_array_2d(&mv.axes),
            start: Vec3::from(mv.start),
            velocity: Vec3::from(mv.velocity),
        },
        skin_es: mv.skin_es,
        max_iterations: mv.max_iterations,
        one_sided: rec.one_sided_flag,
        result: mv.result.map(|r| GameResult {
            end: Vec3::from(r.end),
            integration_velocity: Vec3::from(r.integration_velocity),
            iterations: r.iterations,
        }),
        contacts: Vec::new(),
        unresolved: None,
        comparison: Comparison::default(),
        conventions: None,
        declared_keys: None,
        missing: ctx.declared.missing.unwrap_or(0),
        solve: SolveState::Whole,
    }
}

/// The settings a move is re-solved with, and the conventions its record keeps: with the
/// switches over the game's declared rows, the rows as the game declared them (the re-solve's
/// own are the record's call settings), so a later re-solve still knows them.
fn resolve_settings(
    ctx: &MoveContext<'_>,
    rec: &MoveRecord,
    config: &ShadowConfig,
) -> (SlideSettings, collision::Conventions) {
    let as_declared = game_settings(rec, ctx.declared, &config.settings);
    let mut settings = as_declared;
    if config.over_declared {
        settings.conventions = config.settings.conventions;
    }
    if let Some(a) = &config.assumed {
        settings = a.apply(&settings, ctx.declared, rec.mv.skin_es.is_some());
    }
    match config.over_declared {
        true => (settings, as_declared.conventions),
        false => (settings, settings.conventions),
    }
}

/// Re-solves one game move and files it as a history record (numbered `ctx.index`), marked
/// [`MarkerKind::GameDiverges`] when it diverges beyond `config.tolerance`.
pub fn resolve(
    ctx: &MoveContext<'_>,
    rec: &MoveRecord,
    config: &ShadowConfig,
    scratch: &mut Scratch,
    trace: &mut Trace,
) -> FrameRecord {
    let (settings, mut game, ellipsoid) = filed_game(ctx, rec, config);
    let (start, velocity) = (game.input.start, game.input.velocity);
    let dt_secs = ctx.frame.dt_secs;
    let solved = match (ctx.level, &ellipsoid) {
        (None, _) => Err((
            Cause::NoLevel,
            "no level: the game sent none before this move".into(),
        )),
        (Some(_), Err(e)) => Err((Cause::CoreRefused, e.to_string())),
        (Some(level), Ok(e)) => collide_and_slide_in(
            CollisionWorld::new(level.collision(), ctx.objects),
            e,
            velocity,
            &settings,
            scratch,
            Some(trace),
        )
        .map(|r| (*e, r))
        .map_err(|err| (Cause::CoreRefused, err.to_string())),
    };
    let mut record = match solved {
        Ok((e, result)) => {
            game.comparison = Comparison::of(
                game.result.map(|r| (r.end, r.integration_velocity)),
                &game.contacts,
                &result,
                trace,
                game.missing,
            );
            single_call_frame(
                RecordedCall {
                    ellipsoid: &e,
                    motion: velocity.into(),
                    settings: &settings,
                    result: &result,
                    trace,
                    objects: ctx.poses,
                },
                dt_secs,
            )
        }
        Err((cause, message)) => {
            game.unresolved = Some((cause, message.clone()));
            unresolved_frame(start, velocity, settings, message, dt_secs)
        }
    };
    record.frame = ctx.index;
    let diverges = game.verdict(&config.tolerance).diverges;
    record.markers = record.markers.with(MarkerKind::GameDiverges, diverges);
    // A game without an integration velocity sends a placeholder: nothing to judge.
    let has_integration =
        game.missing & slidescope_probe::format::missing::INTEGRATION_VELOCITY == 0;
    let result = game.result;
    game_findings(
        &mut record.findings,
        (ctx.level, ellipsoid.as_ref().ok()),
        velocity,
        result.map(|r| r.end),
        result
            .filter(|_| has_integration)
            .map(|r| r.integration_velocity),
    );
    record.markers = record.markers.union(record.findings.markers());
    record.game = Some(Box::new(game));
    record
}

/// The game's side of a move as every record files it, with the settings its re-solve uses
/// and its ellipsoid (or why the core refuses it).
fn filed_game(
    ctx: &MoveContext<'_>,
    rec: &MoveRecord,
    config: &ShadowConfig,
) -> (
    SlideSettings,
    GameMove,
    Result<Ellipsoid, collision::CollisionError>,
) {
    let (settings, kept) = resolve_settings(ctx, rec, config);
    let mut game = game_move(ctx, rec);
    game.conventions = (*ctx.declared != Declared::default()).then_some(kept);
    game.declared_keys = game.conventions.map(|_| ctx.declared.solver_keys());
    let ellipsoid = Ellipsoid::with_axes(game.input.start, game.input.radii, game.input.axes);
    game.contacts = game_contacts(rec, ctx.level, ellipsoid.as_ref().ok());
    (settings, game, ellipsoid)
}

/// A game move filed before its re-solve, from the game's inputs alone
/// ([`SolveState::Pending`]): the browser page following a game's tab files each move so and
/// lets its worker re-solve it (`probe::judged`), re-solving on its own thread only the move
/// it shows ([`resolve_again`]). A move the core cannot re-solve (no level, refused inputs)
/// is filed as [`resolve`] files it.
pub fn unsolved(
    ctx: &MoveContext<'_>,
    rec: &MoveRecord,
    config: &ShadowConfig,
    scratch: &mut Scratch,
    trace: &mut Trace,
) -> FrameRecord {
    let (settings, mut game, ellipsoid) = filed_game(ctx, rec, config);
    if ctx.level.is_none() || ellipsoid.is_err() {
        return resolve(ctx, rec, config, scratch, trace);
    }
    let (start, velocity) = (game.input.start, game.input.velocity);
    let waiting = "not re-solved yet (the page's worker re-solves it)".to_string();
    let mut record = unresolved_frame(start, velocity, settings, waiting, ctx.frame.dt_secs);
    record.frame = ctx.index;
    record.dynamics.objects = ctx.poses.to_vec();
    game.solve = SolveState::Pending;
    record.game = Some(Box::new(game));
    record
}

/// What the detectors find in the game's own result (its `end` and `integration` velocity),
/// whatever the reference did: a speed gain, an end inside the level (a skin violation of the
/// game's collision code, checked against every triangle near it) and an upward-only
/// depenetration. They replace the reference's findings of the same kinds.
fn game_findings(
    findings: &mut Findings,
    (level, ellipsoid): (Option<&ProbeLevel>, Option<&Ellipsoid>),
    velocity: Vec3,
    end: Option<Vec3>,
    integration: Option<Vec3>,
) {
    // A game's positions are f32: its end − start carries about two ulps of its coordinates
    // per axis, which on a millimetre's move tens of metres from the origin reads as a gain.
    let noise_m = end.map_or(0.0, |e| {
        2.0 * 3f32.sqrt() * f32::EPSILON * e.abs().max_element()
    });
    findings.speed_gain = integration
        .filter(|v| v.length() - velocity.length() > noise_m)
        .and_then(|v| speed_gain::speed_gain(velocity, v, Vec3::ZERO));
    let (overlap, upward_push) = match (level, ellipsoid, end) {
        (Some(level), Some(e), Some(end)) => (
            skin_violation::any_overlap(level.collision(), e, end)
                .map(|o| skin_violation::Overlap { game: true, ..o }),
            upward_depenetration::upward_only_depenetration(level.collision(), e, velocity, end),
        ),
        _ => (None, None),
    };
    findings.overlap = overlap;
    findings.upward_push = upward_push;
}

/// A game's move already in the history, re-solved again on `level` with `config` (the user
/// switched a case, the solver or the response): the same record number, a new trace and
/// comparison. `None` for a record that is not a game's move.
pub fn resolve_again(
    rec: &FrameRecord,
    level: &ProbeLevel,
    config: &ShadowConfig,
    scratch: &mut Scratch,
    trace: &mut Trace,
) -> Option<FrameRecord> {
    let game = rec.game.as_ref()?;
    let mut objects = level.objects().clone();
    objects.apply_poses(&rec.dynamics.objects);
    // What the game declared stays; the other rows follow the settings now.
    let mut declared = match (&game.conventions, game.declared_keys) {
        (Some(c), Some(keys)) => Declared::keyed(c, keys),
        (Some(c), None) => Declared::all(c),
        (None, _) => Declared::default(),
    };
    declared.missing = (game.missing != 0).then_some(game.missing);
    let ctx = MoveContext {
        level: Some(level),
        objects: &objects,
        poses: &rec.dynamics.objects,
        frame: Frame {
            frame: game.frame,
            time_secs: game.time_secs,
            dt_secs: rec.dt_secs,
        },
        index: game.index,
        declared: &declared,
    };
    let mut again = resolve(&ctx, &game.to_probe(), config, scratch, trace);
    again.frame = rec.frame;
    Some(again)
}

/// A record for a move the reference could not re-solve: the inputs, no trace.
fn unresolved_frame(
    start: Vec3,
    velocity: Vec3,
    settings: SlideSettings,
    message: String,
    dt_secs: f32,
) -> FrameRecord {
    let at = if start.is_finite() { start } else { Vec3::ZERO };
    let state = PlayerState {
        center: at,
        ..Default::default()
    };
    FrameRecord {
        frame: 0,
        dt_secs: if dt_secs.is_finite() && dt_secs > 0.0 {
            dt_secs
        } else {
            1.0 / 60.0
        },
        input: Default::default(),
        params: Default::default(),
        before: state,
        call: CallInputs {
            ellipsoid: None,
            requested_move: if velocity.is_finite() {
                velocity
            } else {
                Vec3::ZERO
            },
            heading: None,
            settings,
        },
        stance: Default::default(),
        trace: Trace::default(),
        outcome: StepOutcome::Refused(message),
        after: state,
        markers: trace_markers(&Trace::default()),
        dynamics: StepDynamics {
            objects: Vec::new(),
            platform: None,
        },
        game: None,
        findings: Default::default(),
    }
}

/// Whether the reference, re-run on `game`'s inputs with `settings`, agrees with the game
/// within `tol` (what `probe-check` asks of each set of convention switches; no record filed),
/// with how the re-solve ended (`None`: it refused the inputs). `trace` is left holding the
/// contacts only (all the comparison reads).
pub fn agrees_under(
    (level, objects): (&ProbeLevel, &DynamicScene),
    game: &GameMove,
    settings: &SlideSettings,
    tol: &ShadowTolerance,
    scratch: &mut Scratch,
    trace: &mut Trace,
) -> (bool, Option<SlideResult>) {
    let world = CollisionWorld::new(level.collision(), objects);
    agrees_in(world, game, settings, tol, (scratch, trace))
}

/// [`agrees_under`] in `world`: the file's level, or one a detector changed.
pub fn agrees_in(
    world: CollisionWorld,
    game: &GameMove,
    settings: &SlideSettings,
    tol: &ShadowTolerance,
    (scratch, trace): (&mut Scratch, &mut Trace),
) -> (bool, Option<SlideResult>) {
    // The trace is compared only where the game sent its contacts.
    let traced = !game.contacts.is_empty();
    let Some(result) = resolve_in(world, game, settings, (scratch, trace), traced) else {
        return (false, None);
    };
    let end = game.result.map(|r| (r.end, r.integration_velocity));
    let comparison = Comparison::of(end, &game.contacts, &result, trace, game.missing);
    (!comparison.verdict(tol).diverges, Some(result))
}

/// The reference re-run on `game`'s inputs with `settings` (`None`: it refused them), filing
/// no record; when `traced`, `trace` is left holding the re-solve's contacts (only those),
/// otherwise it is left empty.
pub fn resolve_under(
    (level, objects): (&ProbeLevel, &DynamicScene),
    game: &GameMove,
    settings: &SlideSettings,
    (scratch, trace): (&mut Scratch, &mut Trace),
    traced: bool,
) -> Option<SlideResult> {
    let world = CollisionWorld::new(level.collision(), objects);
    resolve_in(world, game, settings, (scratch, trace), traced)
}

/// [`resolve_under`] in `world`.
fn resolve_in(
    world: CollisionWorld,
    game: &GameMove,
    settings: &SlideSettings,
    (scratch, trace): (&mut Scratch, &mut Trace),
    traced: bool,
) -> Option<SlideResult> {
    let input = &game.input;
    let e = Ellipsoid::with_axes(input.start, input.radii, input.axes).ok()?;
    trace.contacts_only = true;
    trace.clear();
    let trace = traced.then_some(trace);
    collide_and_slide_in(world, &e, input.velocity, settings, scratch, trace).ok()
}
