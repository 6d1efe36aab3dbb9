//! Collide-and-slide (seed 001 12.3 `CollideEllipsoid` and its revision in 12.15) as named
//! stages over one small state: detect the first contact, move there, push back by the skin
//! along the normal, project the rest of the motion onto the slide plane, repeat; then end the
//! call. Works in local eSpace (see [`Frame`](crate::frame::Frame)). The loop is
//! [`collide_and_slide::slide`]; each stage is one file, and each convention that differs
//! between real implementations is applied where its row of the conventions table says
//! (`stage`; sidedness and contacts at t = 0 in detection, `detect/triangle.rs`, which the
//! face-first scan and `round_step` apply too):
//!
//! | stage | file | the conventions it holds |
//! |---|---|---|
//! | inputs, checked once per call | `input.rs` | |
//! | *detect* | `detect.rs` | the narrow phase, long moves in pieces (exact contact); detection (`detect/`) applies sidedness and contacts at t = 0 |
//! | *place the contact* | `place.rs` | the slide normal (internal-edge filter), the touching centre (exact contact) |
//! | *push back by the skin* | `skin.rs` | where the skin padding is applied, the crease response's skin hold, a moving object's push bounded by the level |
//! | *project the remaining motion*, *advance* | `project.rs`, `plane_solver.rs` | the slide (seed: one plane; crease: two planes' line; plane solver: every plane of the call at once, steep slopes not climbed), the integration velocity |
//! | stop rules | `stop.rs` | the short-motion stop (leftover applied), the impulse filter (leftover dropped), the crease and plane solver stops |
//! | *end of call* | `finish.rs` | what happens when iterations run out (fallback or the last checked centre), the settle against moving objects |
//! | the trace | `record.rs` | built here only |
//!
//! State: `state.rs` ([`Call`](state::Call) for the inputs, [`SlideState`](state::SlideState)
//! for what the loop carries); results: `result.rs`; one sweep without response: `sweep.rs`.

mod collide_and_slide;
mod crease;
mod detect;
mod finish;
mod input;
mod place;
mod plane_solver;
mod project;
mod record;
mod result;
mod skin;
mod state;
mod stop;
mod sweep;

pub use collide_and_slide::{collide_and_slide, collide_and_slide_in, collide_and_slide_with};
pub use result::{ContactExtents, SlideResult, SweepResult};
pub use sweep::{sweep, sweep_in, sweep_with};

pub(crate) use collide_and_slide::slide;
pub(crate) use input::check_motion;
pub(crate) use state::Call;
