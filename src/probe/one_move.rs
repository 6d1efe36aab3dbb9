//! `slidescope probe-check run.slidelog --move N`: one move of a probe file side by side, game
//! against reference, iteration by iteration (case, triangle, t, contact centre, normal), the
//! ends and the reference's end reason, and why it diverges: the reason the whole file's check
//! gave it (the same as the table's and the inspector's).

use std::fmt::Write;
use std::path::Path;

use slidescope_probe::Declared;
use slidescope_probe::read::Reader;

use super::explain::Why;
use super::probe_file_check::CheckOptions;
use super::probe_session::{PendingMove, ProbeSession, Step};
use super::shadow::ShadowConfig;
use crate::collision::{Contact, ContactTime, Scratch, Trace};
use crate::sim::{FrameRecord, GameContact, GameMove};

/// The move numbered `index` in the file, with the state it was made in.
pub fn find_move(path: &Path, index: u64) -> Result<PendingMove, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let base = path.parent().unwrap_or(Path::new("."));
    let mut reader = Reader::new(std::io::BufReader::new(file)).map_err(|e| e.to_string())?;
    let mut session = ProbeSession::new(base);
    loop {
        match reader.next_record() {
            Ok(Some(r)) => {
                if let Step::Move(m) = session.step(r)
                    && m.index == index
                {
                    return Ok(*m);
                }
            }
            Ok(None) => break,
            Err(e) => return Err(format!("move {index} not reached: {e}")),
        }
    }
    Err(format!(
        "the file has {} moves; there is no move {index}",
        session.moves()
    ))
}

/// The side-by-side text of one move, with `why`, the reason the file's check gave it.
pub fn move_text(pending: &PendingMove, options: &CheckOptions, why: Option<&Why>) -> String {
    let config = options.shadow_config();
    let (mut scratch, mut trace) = (Scratch::default(), Trace::default());
    let record = pending.resolve(&config, &mut scratch, &mut trace);
    let mut s = String::new();
    let Some(game) = record.game.as_deref() else {
        return "not a game's move".into();
    };
    header(&mut s, game, &record);
    if let Some((_, message)) = &game.unresolved {
        let _ = writeln!(s, "the reference could not re-solve it: {message}");
        return s;
    }
    iterations(&mut s, game, &record.trace);
    ends(&mut s, game, &record);
    why_text(&mut s, &record, &config, why);
    s
}

fn header(s: &mut String, g: &GameMove, r: &FrameRecord) {
    let i = &g.input;
    let _ = writeln!(
        s,
        "move {} (game frame {}, {:.3} s, mover {}): start {}, velocity {}, radii {}",
        g.index,
        g.frame,
        g.time_secs,
        g.mover,
        v3(i.start),
        v3(i.velocity),
        v3(i.radii)
    );
    let st = &r.call.settings;
    let _ = writeln!(
        s,
        "re-solved with skin {} eSpace, {} iterations; conventions: {}",
        st.tuning.skin_es,
        st.tuning.max_iterations,
        Declared::all(&st.conventions).text()
    );
}

fn iterations(s: &mut String, g: &GameMove, trace: &Trace) {
    let n = g
        .contacts
        .iter()
        .map(|c| c.iteration as usize + 1)
        .max()
        .unwrap_or(0)
        .max(trace.iterations.len());
    let _ = writeln!(
        s,
        "{:>4}  {:<6} {:<44} | {:<44}",
        "it", "", "game", "reference"
    );
    for i in 0..n {
        let game = g.contacts.iter().find(|c| c.iteration as usize == i);
        let core = trace.iterations.get(i).and_then(|it| it.contacts.first());
        let (a, b) = (game.map(game_cells), core.map(core_cells));
        for (k, label) in ["case", "t", "centre", "normal"].iter().enumerate() {
            let cell =
                |c: &Option<[String; 4]>| c.as_ref().map_or("-".to_string(), |c| c[k].clone());
            let it = if k == 0 { i.to_string() } else { String::new() };
            let _ = writeln!(s, "{it:>4}  {label:<6} {:<44} | {:<44}", cell(&a), cell(&b));
        }
    }
}

fn game_cells(c: &GameContact) -> [String; 4] {
    let case = c
        .case_kind()
        .map_or("?".into(), |k| format!("{k:?}").to_lowercase());
    let tri = c.triangle_label();
    [
        format!("{case}{tri}"),
        format!("{:.6}", c.t),
        v3(c.center),
        v3(c.normal),
    ]
}

fn core_cells(c: &Contact) -> [String; 4] {
    let case = format!("{:?}", c.feature.kind()).to_lowercase();
    let t = match c.time {
        ContactTime::Toi(t) => format!("{t:.6}"),
        ContactTime::Embedded { depth_es } => format!("0 (embedded {depth_es:.4} eSpace)"),
    };
    [
        format!("{case}, tri {}", c.triangle),
        t,
        v3(c.center),
        v3(c.normal),
    ]
}

fn ends(s: &mut String, g: &GameMove, r: &FrameRecord) {
    let game_end = g.result.map_or("not sent".into(), |x| {
        format!("{} after {} iterations", v3(x.end), x.iterations)
    });
    let _ = writeln!(s, "game end:      {game_end}");
    let _ = writeln!(
        s,
        "reference end: {} after {} iterations ({})",
        v3(r.after.center),
        r.trace.iterations.len(),
        serde_json::to_value(r.trace.end)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    );
    if let Some(d) = g.comparison.end_distance_m {
        let _ = writeln!(s, "ends {:.6} m apart", d);
    }
}

fn why_text(s: &mut String, r: &FrameRecord, config: &ShadowConfig, why: Option<&Why>) {
    let Some(game) = r.game.as_deref() else {
        return;
    };
    let verdict = game.verdict(&config.tolerance);
    if !verdict.diverges {
        let _ = writeln!(s, "agrees within the tolerance");
        let measured = why.filter(|w| matches!(w, Why::Measured { .. }));
        for line in measured.map_or_else(Vec::new, Why::lines) {
            let _ = writeln!(s, "{line}");
        }
        return;
    }
    let _ = writeln!(
        s,
        "diverges: {}{}",
        verdict.cause.map_or("", |c| c.label()),
        verdict
            .iteration
            .map_or(String::new(), |i| format!(" at iteration {i}"))
    );
    if let Some(p) = super::explain::stage::parting(r, game, &config.tolerance) {
        let _ = writeln!(s, "{}", p.line());
    }
    for line in why.map_or_else(Vec::new, Why::lines) {
        let _ = writeln!(s, "{line}");
    }
}

fn v3(v: glam::Vec3) -> String {
    format!("({:.4}, {:.4}, {:.4})", v.x, v.y, v.z)
}

/// What an exported move's scenario expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Expect {
    /// The game's end, within the position tolerance: a test that fails while the reference
    /// (or a fixed controller) does not do what the game did — it pins the game's answer.
    Game,
    /// The reference's result, bit for bit: a test of the fixed controller.
    Reference,
}

/// Crops move `pending` to the triangles that matter and returns the scenario with the
/// expectation chosen, and a line saying what it holds.
pub fn export_move(
    pending: &PendingMove,
    options: &CheckOptions,
    expect: Expect,
) -> Result<(crate::level::scenario::Scenario, String), String> {
    let config = options.shadow_config();
    let (mut scratch, mut trace) = (Scratch::default(), Trace::default());
    let record = pending.resolve(&config, &mut scratch, &mut trace);
    let level = pending
        .level
        .as_deref()
        .ok_or("no level was active for this move")?;
    let mut case = super::minimise::minimise(&record, level.collision(), &options.tolerance)?;
    let game_end = case.game_end;
    if expect == Expect::Game {
        let end = game_end.ok_or("the game sent no result to expect")?;
        case.scenario.expect = crate::level::scenario::Expectations {
            position: Some(crate::level::scenario::VecExpectation {
                value: end,
                tolerance: options.tolerance.position_m,
            }),
            ..Default::default()
        };
        case.scenario.description.push_str(&format!(
            " Exported expecting the game's end {:?} within {} m: fails while the reference \
             ends elsewhere.",
            end.to_array(),
            options.tolerance.position_m
        ));
    }
    let line = format!(
        "{} triangles of {} kept; expects the {}'s end{}",
        case.kept,
        case.of,
        if expect == Expect::Game {
            "game"
        } else {
            "reference"
        },
        if case.reproduces {
            "; the crop still shows the game diverging"
        } else {
            ""
        }
    );
    Ok((case.scenario, line))
}
