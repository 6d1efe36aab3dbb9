//! The conventions on which real ports of collide-and-slide differ from seed 001 (where the
//! padding goes, what a short motion does, which triangles collide, …), as one table
//! ([`TABLE`], `table.rs`): each row is a field of [`Conventions`] (the solver's values, seed
//! 001's by default) and of [`Declared`] (what a game declares in a probe file), a probe key,
//! the C and JavaScript spellings, the debugger's label, the values the explainer tries and
//! its narration. Nothing else names a convention one by one.
//!
//! No dependencies (serde derives behind the `serde` feature): both the collision core and the
//! probe a game links read it.

// Functions stay short enough to read at once (`clippy.toml`: 80 lines).
#![warn(clippy::too_many_lines)]

#[cfg(feature = "serde")]
pub mod file;
mod generated;
mod row;
mod switch;
mod table;
mod values;

pub use generated::{Region, regions};
pub use row::{Kind, Named, Solver, Spec, Tried, Value};
pub use switch::Switch;
// Every type the table defines (a new row's value type too).
pub use table::*;
pub use values::FileValue;
