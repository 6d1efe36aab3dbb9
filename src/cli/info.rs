//! `slidescope info <level>`: loads a level and prints its triangle counts, vertices, bounds,
//! materials, spawn points and load time.

use std::fmt::Write as _;
use std::path::PathBuf;

use crate::level::{Level, LoadOptions};

#[derive(Debug, clap::Args)]
pub struct InfoArgs {
    /// The level file.
    pub level: PathBuf,
    /// Refuse files larger than this many bytes.
    #[arg(long, default_value_t = crate::level::DEFAULT_MAX_FILE_BYTES)]
    pub max_bytes: u64,
}

pub fn run(args: &InfoArgs) -> Result<(), Box<dyn std::error::Error>> {
    let level = Level::load_with(
        &args.level,
        &LoadOptions {
            max_file_bytes: args.max_bytes,
        },
    )?;
    print!("{}", describe(&args.level.display().to_string(), &level));
    Ok(())
}

/// The report `info` prints (deterministic apart from the load time).
pub fn describe(name: &str, level: &Level) -> String {
    let s = &level.stats;
    let mut out = String::new();
    let _ = writeln!(out, "level: {name}");
    let _ = writeln!(
        out,
        "triangles: {} loaded, {} in file, {} dropped degenerate, {} dropped non-finite, {} dropped bad index",
        s.triangles_loaded,
        s.triangles_in_file,
        s.dropped_degenerate,
        s.dropped_non_finite,
        s.dropped_bad_index
    );
    let _ = writeln!(
        out,
        "non-triangle primitives skipped: {}",
        s.skipped_non_triangle_primitives
    );
    let _ = writeln!(out, "vertices: {}", s.vertices);
    let (mn, mx) = (s.bounds.min, s.bounds.max);
    let e = s.bounds.extent();
    let _ = writeln!(
        out,
        "bounds: min ({:.3}, {:.3}, {:.3}) max ({:.3}, {:.3}, {:.3}) extent {:.3} x {:.3} x {:.3}",
        mn.x, mn.y, mn.z, mx.x, mx.y, mx.z, e.x, e.y, e.z
    );
    let _ = writeln!(out, "render meshes: {}", level.render_meshes.len());
    let _ = writeln!(out, "materials: {}", level.materials.len());
    for (i, m) in level.materials.iter().enumerate() {
        let c = m.base_color;
        let _ = write!(
            out,
            "  [{i}] {} base ({:.3}, {:.3}, {:.3}, {:.3})",
            m.name.as_deref().unwrap_or("(unnamed)"),
            c[0],
            c[1],
            c[2],
            c[3]
        );
        if let Some(t) = m.texture_mean_color {
            let _ = write!(
                out,
                " texture mean ({:.3}, {:.3}, {:.3}, {:.3})",
                t[0], t[1], t[2], t[3]
            );
        }
        out.push('\n');
    }
    let _ = writeln!(out, "spawn points: {}", level.spawn_points.len());
    for p in &level.spawn_points {
        let _ = write!(
            out,
            "  {} feet ({:.3}, {:.3}, {:.3})",
            p.name, p.feet.x, p.feet.y, p.feet.z
        );
        match &p.stored {
            Some((key, v)) => {
                let _ = write!(out, " stored {key} ({:.3}, {:.3}, {:.3})", v.x, v.y, v.z);
            }
            None if p.automatic => out.push_str(" (automatic)"),
            None => {}
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "memory: {} heap bytes ({:.1} per triangle), file {} bytes",
        s.heap_bytes,
        s.heap_bytes as f64 / s.triangles_loaded.max(1) as f64,
        s.file_bytes
    );
    let _ = writeln!(out, "load time: {:.1} ms", s.load_ms);
    out
}
