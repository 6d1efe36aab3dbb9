//! The name a pane is saved under in layouts: what panes, commands and the tile tree share,
//! with no knowledge of which panes exist (that is the registry, `panes.rs`).

use serde::Serialize;

/// One tile's content: a registered pane ([`PaneUi`](super::PaneUi)), by the name saved layouts keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pane(&'static str);

impl Pane {
    /// The pane named `name` (a [`PaneUi`](super::PaneUi)'s, kept in saved layouts).
    pub const fn new(name: &'static str) -> Self {
        Self(name)
    }

    pub fn name(self) -> &'static str {
        self.0
    }
}

impl Serialize for Pane {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}
