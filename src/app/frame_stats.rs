//! Frame-time statistics for measurements (`SLIDESCOPE_FRAME_STATS=stats.json slidescope …`):
//! per drawn frame, the CPU time of the whole redraw (probe events, simulation, UI, scene,
//! command encoding and submit) and the time since the previous frame; written as JSON with
//! percentiles every few seconds and when the app exits, with the history's memory and the
//! process's peak RSS (so a measurement can end the app any way it likes).

use std::path::PathBuf;
use web_time::Instant;

/// Samples kept (about 4.6 hours at 60 Hz); older ones are dropped.
const MAX_SAMPLES: usize = 1 << 20;

#[derive(Debug)]
pub(super) struct FrameStats {
    path: PathBuf,
    cpu_ms: Vec<f32>,
    interval_ms: Vec<f32>,
    /// Time spent taking a game's moves off the probe this frame (ms).
    probe_ms: Vec<f32>,
    pending_probe_ms: f32,
    last: Option<Instant>,
    started: Instant,
    written: Instant,
}

/// How often the file is rewritten while running.
const WRITE_EVERY_SECS: f64 = 2.0;

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
            probe_ms: Vec::new(),
            pending_probe_ms: 0.0,
            last: None,
            started: Instant::now(),
            written: Instant::now(),
        })
    }

    /// One frame whose redraw began at `began` and ended now.
    pub fn frame(&mut self, began: Instant) {
        let now = Instant::now();
        if self.cpu_ms.len() >= MAX_SAMPLES {
            self.cpu_ms.clear();
            self.interval_ms.clear();
            self.probe_ms.clear();
        }
        self.cpu_ms.push((now - began).as_secs_f32() * 1e3);
        self.probe_ms
            .push(std::mem::take(&mut self.pending_probe_ms));
        if let Some(last) = self.last {
            self.interval_ms.push((began - last).as_secs_f32() * 1e3);
        }
        self.last = Some(began);
    }

    /// Time this frame spent on probe events.
    pub fn probe(&mut self, ms: f32) {
        self.pending_probe_ms += ms;
    }

    /// Whether the file is due to be rewritten.
    pub fn due(&self) -> bool {
        self.written.elapsed().as_secs_f64() >= WRITE_EVERY_SECS
    }

    /// Writes the JSON (errors are logged: this is a measurement aid).
    pub fn write(&mut self, history_bytes: usize, history_frames: usize, extra: serde_json::Value) {
        let json = serde_json::json!({
            "frames": self.cpu_ms.len(),
            "seconds": self.started.elapsed().as_secs_f64(),
            "redraw_cpu_ms": percentiles(&self.cpu_ms),
            "frame_interval_ms": percentiles(&self.interval_ms),
            "probe_events_ms": percentiles(&self.probe_ms),
            "history_bytes": history_bytes,
            "history_frames": history_frames,
            "peak_rss_kb": peak_rss_kb(),
            "probe": extra,
        });
        self.written = Instant::now();
        if let Err(e) = std::fs::write(&self.path, json.to_string()) {
            log::warn!("frame stats not written to {}: {e}", self.path.display());
        }
    }
}
