//! Frame-time statistics for measurements (`SLIDESCOPE_FRAME_STATS=stats.json slidescope …`):
//! per drawn frame, the CPU time of the whole redraw (probe events, simulation, UI, scene,
//! command encoding and submit) and the time since the previous frame; written as JSON with
//! percentiles when the app exits, with the history's memory and the process's peak RSS.

use std::path::PathBuf;
use std::time::Instant;

/// Samples kept (about 4.6 hours at 60 Hz); older ones are dropped.
const MAX_SAMPLES: usize = 1 << 20;

#[derive(Debug)]
pub(super) struct FrameStats {
    path: PathBuf,
    cpu_ms: Vec<f32>,
    interval_ms: Vec<f32>,
    last: Option<Instant>,
    started: Instant,
}

fn percentiles(v: &[f32]) -> serde_json::Value {
    let mut s = v.to_vec();
    s.sort_by(f32::total_cmp);
    let at = |q: f64| {
        s.get(((s.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    serde_json::json!({
        "mean": if s.is_empty() { 0.0 } else { s.iter().map(|&x| f64::from(x)).sum::<f64>() / s.len() as f64 },
        "p50": at(0.5), "p95": at(0.95), "p99": at(0.99), "max": at(1.0),
    })
}

/// Peak resident memory of this process (kB), where the platform says.
fn peak_rss_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

impl FrameStats {
    /// From `SLIDESCOPE_FRAME_STATS`, when set.
    pub fn from_env() -> Option<Self> {
        let path = std::env::var_os("SLIDESCOPE_FRAME_STATS")?;
        Some(Self {
            path: path.into(),
            cpu_ms: Vec::new(),
            interval_ms: Vec::new(),
            last: None,
            started: Instant::now(),
        })
    }

    /// One frame whose redraw began at `began` and ended now.
    pub fn frame(&mut self, began: Instant) {
        let now = Instant::now();
        if self.cpu_ms.len() >= MAX_SAMPLES {
            self.cpu_ms.clear();
            self.interval_ms.clear();
        }
        self.cpu_ms.push((now - began).as_secs_f32() * 1e3);
        if let Some(last) = self.last {
            self.interval_ms.push((began - last).as_secs_f32() * 1e3);
        }
        self.last = Some(began);
    }

    /// Writes the JSON (errors are logged: this is a measurement aid).
    pub fn write(&self, history_bytes: usize, history_frames: usize, extra: serde_json::Value) {
        let json = serde_json::json!({
            "frames": self.cpu_ms.len(),
            "seconds": self.started.elapsed().as_secs_f64(),
            "redraw_cpu_ms": percentiles(&self.cpu_ms),
            "frame_interval_ms": percentiles(&self.interval_ms),
            "history_bytes": history_bytes,
            "history_frames": history_frames,
            "peak_rss_kb": peak_rss_kb(),
            "probe": extra,
        });
        if let Err(e) = std::fs::write(&self.path, json.to_string()) {
            log::warn!("frame stats not written to {}: {e}", self.path.display());
        }
    }
}
