//! Scenario files: the unit of a "problem collision". A scenario is
//! the core's JSON query (`level::query`) with a format header, a name, a description and
//! optional expectations; `slidescope run` replays one file or a folder of them headless, so a
//! folder of scenarios is a regression suite. The debugger exports a history frame as a
//! scenario with [`Scenario::from_frame`].

mod expect;
mod format;
mod scenario_error;
mod scenario_run;

pub use expect::{
    ContactExpectation, DEFAULT_TOLERANCE, Expectations, TimeExpectation, VecExpectation,
    first_trace_difference,
};
pub use format::{RecordedCall, SCENARIO_FORMAT, SCENARIO_VERSION, Scenario, pinned_level};
pub use scenario_error::ScenarioError;
pub use scenario_run::{Replay, SuiteEntry, Verdict, run_file, run_folder, scenario_files};
