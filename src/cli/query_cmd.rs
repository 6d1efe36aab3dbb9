//! `slidescope slide <query.json>` and `slidescope sweep <query.json>`: run one core query
//! headless and print the result and the trace, as text or as JSON (`--json`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::collision::{CaseOutcome, Contact, ContactTime, Trace};
use crate::level::query::{Query, QueryMode, QueryOutput};

#[derive(Debug, clap::Args)]
pub struct QueryArgs {
    /// The query file (JSON; see `level::query`).
    pub query: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &QueryArgs, mode: QueryMode) -> Result<(), Box<dyn std::error::Error>> {
    print!("{}", run_query(&args.query, mode, args.json)?);
    Ok(())
}

/// Runs the query file at `path` in `mode`; returns the text (or JSON) to print.
pub fn run_query(
    path: &Path,
    mode: QueryMode,
    json: bool,
) -> Result<String, Box<dyn std::error::Error>> {
    let mut query = Query::read(path)?;
    query.mode = mode;
    let base = path.parent().unwrap_or(Path::new("."));
    let mesh = query.mesh(base)?;
    let out = query.run(&mesh)?;
    if json {
        return Ok(serde_json::to_string_pretty(&out)? + "\n");
    }
    Ok(text(&out))
}

fn v3(v: glam::Vec3) -> String {
    format!("({:.5}, {:.5}, {:.5})", v.x, v.y, v.z)
}

fn time(t: ContactTime) -> String {
    match t {
        ContactTime::Toi(t) => format!("t = {t:.6}"),
        ContactTime::Embedded { depth_es } => format!("embedded, depth {depth_es:.6} (eSpace)"),
    }
}

fn contact_line(c: &Contact) -> String {
    format!(
        "triangle {} {:?}: {}, point {}, normal {}, centre {}",
        c.triangle,
        c.feature,
        time(c.time),
        v3(c.point),
        v3(c.normal),
        v3(c.center)
    )
}

/// Human-readable result and trace.
pub fn text(out: &QueryOutput) -> String {
    let mut s = String::new();
    match out {
        QueryOutput::Sweep { hit: None } => {
            s.push_str("clear path: no contact along the velocity\n")
        }
        QueryOutput::Sweep { hit: Some(h) } => {
            let _ = writeln!(
                s,
                "first contact: {} ({} simultaneous)",
                time(h.time),
                h.contacts.len()
            );
            for c in &h.contacts {
                let _ = writeln!(s, "  {}", contact_line(c));
            }
        }
        QueryOutput::Slide { result, trace } => {
            let _ = writeln!(
                s,
                "final position {}  integration velocity {}  iterations {}  end: {:?}",
                v3(result.position),
                v3(result.integration_velocity),
                result.iterations,
                result.end
            );
            if let Some(e) = result.extents {
                let _ = writeln!(s, "contact extents: min {} max {}", v3(e.min), v3(e.max));
            }
            trace_text(&mut s, trace);
        }
    }
    s
}

fn trace_text(s: &mut String, trace: &Trace) {
    for (i, it) in trace.iterations.iter().enumerate() {
        let hits = it
            .candidates
            .iter()
            .filter(|c| {
                std::iter::once(c.cases.face)
                    .chain(c.cases.edges)
                    .chain(c.cases.vertices)
                    .any(|o| matches!(o, CaseOutcome::Hit(_)))
            })
            .count();
        let _ = writeln!(
            s,
            "iteration {i}: from {} velocity {} ({} candidates, {hits} with a hit)",
            v3(it.start_center),
            v3(it.velocity),
            it.candidates.len()
        );
        if it.contacts.is_empty() {
            let _ = writeln!(s, "  clear path");
        }
        for c in &it.contacts {
            let _ = writeln!(s, "  contact {}", contact_line(c));
        }
        if let Some(r) = it.response {
            let _ = writeln!(
                s,
                "  response: new centre {}, remaining {}, slide {}, integration {}",
                v3(r.new_center),
                v3(r.remaining_velocity),
                v3(r.slide_velocity),
                v3(r.integration_velocity)
            );
        }
    }
    if let Some(f) = &trace.fallback {
        let _ = writeln!(
            s,
            "fallback: position {} ({} contacts)",
            v3(f.position),
            f.contacts.len()
        );
    }
    let _ = writeln!(s, "loop ended: {:?}", trace.end);
}
