//! The inspector's reasons for a probe file's moves: the whole file's `probe-check`, run once
//! the file opens (on a worker thread on the desktop), so the inspector says for each flagged
//! move what the table, `--json` and `--move N` say — one explainer, the same file facts.

use std::collections::BTreeMap;
use std::path::Path;

use super::explain::Why;
use super::probe_file_check::{CheckOptions, CheckReport, check_profiled, measured_rules};

/// Each flagged move's reason (by its index in the file), or why there are none.
pub type Whys = Result<BTreeMap<u64, Why>, String>;

/// The reasons of one file's flagged moves, for the options they were judged with.
pub struct FileWhys {
    pub options: CheckOptions,
    #[cfg(not(target_arch = "wasm32"))]
    pending: Option<std::sync::mpsc::Receiver<Whys>>,
    done: Option<Whys>,
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
        #[cfg(not(target_arch = "wasm32"))]
        {
            let (tx, rx) = std::sync::mpsc::channel();
            let spawned = std::thread::Builder::new()
                .name("probe-why".into())
                .spawn(move || drop(tx.send(whys(&path, &options))));
            let (pending, done) = match spawned {
                Ok(_) => (Some(rx), None),
                Err(e) => (None, Some(Err(e.to_string()))),
            };
            Self {
                options,
                pending,
                done,
            }
        }
        #[cfg(target_arch = "wasm32")]
        Self {
            options,
            done: Some(whys(&path, &options)),
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
        self.done.as_ref()
    }
}

/// The whole check of `path`, as a map from each flagged move to its reason.
fn whys(path: &Path, options: &CheckOptions) -> Whys {
    let open = || {
        let file = crate::vfs::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(std::io::BufReader::new(file))
    };
    let base = path.parent().unwrap_or(Path::new("."));
    let report =
        check_profiled(open, base, options).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(reasons(&report))
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
