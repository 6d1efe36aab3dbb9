//! The inspector's reasons for a probe file's moves: the whole file's `probe-check`, run once
//! the file opens (on a thread of its own on the desktop, in a Web Worker in the browser:
//! `why_worker.rs`), so the inspector says for each flagged move what the table, `--json` and
//! `--move N` say — one explainer, the same file facts. A check whose options changed (or whose
//! file closed) is cancelled: on the desktop its reads fail, so its thread stops reading at the
//! next read instead of checking a whole file nobody will look at (the little it does after
//! reading is not cancelled); in the browser its worker is ended.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use super::explain::Why;
use super::probe_file_check::{CheckOptions, CheckReport, check_profiled, measured_rules};

pub use super::why_worker::Whys;

/// The browser's worker entry (the page's wasm started without a window): it serves the
/// page's checks (`why_worker`) and a followed game's searches (`live_worker`).
#[cfg(target_arch = "wasm32")]
pub fn serve_worker() {
    super::why_worker::serve(
        |path, options| whys(path, options, &Default::default()),
        super::live_worker::serve,
    );
}

/// The reasons of one file's flagged moves, for the options they were judged with.
pub struct FileWhys {
    pub options: CheckOptions,
    #[cfg(not(target_arch = "wasm32"))]
    pending: Option<std::sync::mpsc::Receiver<Whys>>,
    #[cfg(target_arch = "wasm32")]
    pending: Option<super::why_worker::Pending>,
    done: Option<Whys>,
    /// Set when this check is dropped: its reads fail from then on.
    cancel: Arc<AtomicBool>,
}

impl Drop for FileWhys {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

impl FileWhys {
    /// Starts checking `path` with `options` (every flagged move listed, every reason kept).
    pub fn start(path: &Path, options: CheckOptions) -> Self {
        let options = CheckOptions {
            limit: None,
            explain: true,
            ..options
        };
        let path = path.to_path_buf();
        let cancel = Arc::new(AtomicBool::new(false));
        #[cfg(not(target_arch = "wasm32"))]
        {
            let (tx, rx) = std::sync::mpsc::channel();
            let flag = cancel.clone();
            let spawned = std::thread::Builder::new()
                .name("probe-why".into())
                .spawn(move || drop(tx.send(whys(&path, &options, &flag))));
            let (pending, done) = match spawned {
                Ok(_) => (Some(rx), None),
                Err(e) => (None, Some(Err(e.to_string()))),
            };
            Self {
                options,
                pending,
                done,
                cancel,
            }
        }
        #[cfg(target_arch = "wasm32")]
        {
            let (pending, done) = match super::why_worker::Pending::start(&path, &options) {
                Ok(p) => (Some(p), None),
                Err(e) => (None, Some(Err(e))),
            };
            Self {
                options,
                pending,
                done,
                cancel,
            }
        }
    }

    /// The reasons, once the check has read the whole file (`None` while it reads).
    pub fn get(&mut self) -> Option<&Whys> {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(rx) = &self.pending
            && let Ok(w) = rx.try_recv()
        {
            self.done = Some(w);
            self.pending = None;
        }
        #[cfg(target_arch = "wasm32")]
        if let Some(w) = self.pending.as_ref().and_then(|p| p.take()) {
            self.done = Some(w);
            self.pending = None;
        }
        self.done.as_ref()
    }
}

/// The whole check of `path`, as a map from each flagged move to its reason; an error once
/// `cancel` is set.
fn whys(path: &Path, options: &CheckOptions, cancel: &Arc<AtomicBool>) -> Whys {
    let open = || {
        let file = crate::vfs::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let cancel = cancel.clone();
        Ok(std::io::BufReader::new(Cancellable { file, cancel }))
    };
    let base = path.parent().unwrap_or(Path::new("."));
    let report = check_profiled(open, base, options);
    if cancel.load(Ordering::Relaxed) {
        return Err(CANCELLED.into());
    }
    let report = report.map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((reasons(&report).into_iter())
        .map(|(i, why)| (i, why.lines()))
        .collect())
}

const CANCELLED: &str = "cancelled: the options changed or the file closed";

/// A file whose reads fail once `cancel` is set.
struct Cancellable<R> {
    file: R,
    cancel: Arc<AtomicBool>,
}

impl<R: Read> Read for Cancellable<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.cancel.load(Ordering::Relaxed) {
            return Err(std::io::Error::other(CANCELLED));
        }
        self.file.read(buf)
    }
}

/// Each listed flagged move's reason, by its index; a move that agrees once the measured
/// rules are assumed has them as its reason.
pub fn reasons(report: &CheckReport) -> BTreeMap<u64, Why> {
    let rules = measured_rules(&report.explanation);
    let measured = (report.agree_once_measured.iter()).map(|&i| {
        let rules = rules.clone();
        (i, Why::Measured { rules })
    });
    (report.flagged.iter())
        .filter_map(|f| Some((f.index, f.why.clone()?)))
        .chain(measured)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn port(name: &str) -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/ports")
            .join(name)
    }

    #[test]
    fn a_cancelled_check_stops_reading_and_says_so() {
        let path = port("babylon_threejs.slidelog");
        let options = CheckOptions {
            explain: true,
            limit: None,
            ..CheckOptions::default()
        };
        let running = Arc::new(AtomicBool::new(false));
        let whole = whys(&path, &options, &running).expect("the whole check");
        assert_eq!(whole.len(), 74);
        let cancelled = Arc::new(AtomicBool::new(true));
        assert_eq!(whys(&path, &options, &cancelled), Err(CANCELLED.to_owned()));
    }

    #[test]
    fn dropping_a_check_cancels_its_reads() {
        let f = FileWhys::start(&port("babylon_threejs.slidelog"), CheckOptions::default());
        let flag = f.cancel.clone();
        assert!(!flag.load(Ordering::Relaxed));
        drop(f);
        let mut read = Cancellable {
            file: &b"SLPROBE\0"[..],
            cancel: flag,
        };
        assert!(read.read(&mut [0; 8]).is_err());
    }
}
