//! The workbench layout: the 3D view, inspector, plots, timeline, controls and
//! lesson as tiles (`egui_tiles`, as rerun's viewer does) that the user resizes, drags to
//! rearrange, closes, and reopens from the View menu. The layout persists with the settings
//! and "Reset layout" brings back the default, which gives the 3D view about 60 % of a
//! 1280 × 720 window: the view on the left, inspector / plots / controls / lesson as tabs on
//! the right, the timeline along the bottom.

use egui_tiles::{Container, SimplificationOptions, Tile, TileId, Tiles, Tree, UiResponse};
use serde::{Deserialize, Serialize};

/// One tile's content.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pane {
    View3d,
    Inspector,
    Plots,
    Timeline,
    /// HUD, stations and settings.
    Controls,
    Lesson,
}

impl Pane {
    /// Every pane the View menu lists (the 3D view cannot be closed).
    pub const CLOSABLE: [Pane; 5] = [
        Pane::Inspector,
        Pane::Plots,
        Pane::Timeline,
        Pane::Controls,
        Pane::Lesson,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Pane::View3d => "3D view",
            Pane::Inspector => "Inspector",
            Pane::Plots => "Plots",
            Pane::Timeline => "Timeline",
            Pane::Controls => "Controls",
            Pane::Lesson => "Lesson",
        }
    }
}

/// Share of the window's width the side tabs get by default, and of the height the timeline.
const SIDE_SHARE: f32 = 0.27;
const TIMELINE_SHARE: f32 = 0.19;

/// The tile tree.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Layout {
    pub tree: Tree<Pane>,
}

impl Default for Layout {
    fn default() -> Self {
        let mut tiles = Tiles::default();
        let view = tiles.insert_pane(Pane::View3d);
        let side: Vec<TileId> = [Pane::Inspector, Pane::Plots, Pane::Controls, Pane::Lesson]
            .into_iter()
            .map(|p| tiles.insert_pane(p))
            .collect();
        let side = tiles.insert_tab_tile(side);
        let main = tiles.insert_horizontal_tile(vec![view, side]);
        set_share(&mut tiles, main, view, 1.0 - SIDE_SHARE);
        set_share(&mut tiles, main, side, SIDE_SHARE);
        let timeline = tiles.insert_pane(Pane::Timeline);
        let root = tiles.insert_vertical_tile(vec![main, timeline]);
        set_share(&mut tiles, root, main, 1.0 - TIMELINE_SHARE);
        set_share(&mut tiles, root, timeline, TIMELINE_SHARE);
        Self {
            tree: Tree::new(egui::Id::unique("workbench"), root, tiles),
        }
    }
}

fn set_share(tiles: &mut Tiles<Pane>, container: TileId, child: TileId, share: f32) {
    if let Some(Tile::Container(Container::Linear(l))) = tiles.get_mut(container) {
        l.shares.set_share(child, share);
    }
}

impl Layout {
    /// A layout read from the settings, or the default when it lost the 3D view.
    pub fn sanitized(self) -> Self {
        if self.has(Pane::View3d) {
            self
        } else {
            Self::default()
        }
    }

    pub fn has(&self, pane: Pane) -> bool {
        self.tree.tiles.find_pane(&pane).is_some()
    }

    /// Closes `pane` when shown, reopens it (as a tab beside the inspector's, or beside the
    /// 3D view) when closed.
    pub fn toggle(&mut self, pane: Pane) {
        match self.tree.tiles.find_pane(&pane) {
            Some(id) if pane != Pane::View3d => {
                self.tree.remove_recursively(id);
            }
            Some(_) => {}
            None => self.open(pane),
        }
    }

    /// Shows `pane` (reopening it if closed) and makes it the active tab.
    pub fn show(&mut self, pane: Pane) {
        if !self.has(pane) {
            self.open(pane);
        }
        self.tree
            .make_active(|_, t| matches!(t, Tile::Pane(p) if *p == pane));
    }

    fn open(&mut self, pane: Pane) {
        let id = self.tree.tiles.insert_pane(pane);
        // Beside another side pane's tabs when there is one.
        let tabs = Pane::CLOSABLE
            .iter()
            .filter(|p| **p != Pane::Timeline)
            .filter_map(|p| self.tree.tiles.find_pane(p))
            .filter_map(|t| self.tree.tiles.parent_of(t))
            .find(|parent| {
                matches!(
                    self.tree.tiles.get(*parent),
                    Some(Tile::Container(Container::Tabs(_)))
                )
            });
        if let Some(Tile::Container(c)) = tabs.and_then(|t| self.tree.tiles.get_mut(t)) {
            c.add_child(id);
            return;
        }
        // Otherwise split the root: the new pane on the right.
        match self.tree.root() {
            Some(root) => {
                let tabs = self.tree.tiles.insert_tab_tile(vec![id]);
                let new_root = self.tree.tiles.insert_horizontal_tile(vec![root, tabs]);
                set_share(&mut self.tree.tiles, new_root, root, 1.0 - SIDE_SHARE);
                set_share(&mut self.tree.tiles, new_root, tabs, SIDE_SHARE);
                self.tree.root = Some(new_root);
            }
            None => self.tree.root = Some(id),
        }
    }

    /// The screen rectangle a pane got in the last frame, if shown.
    pub fn rect(&self, pane: Pane) -> Option<egui::Rect> {
        let id = self.tree.tiles.find_pane(&pane)?;
        self.tree
            .is_visible(id)
            .then(|| self.tree.tiles.rect(id))
            .flatten()
    }
}

/// Draws each pane; the shell supplies what goes inside.
pub trait PaneContents {
    fn pane_ui(&mut self, ui: &mut egui::Ui, pane: Pane);
}

/// Adapts [`PaneContents`] to `egui_tiles`.
pub struct Behavior<'a, C> {
    pub contents: &'a mut C,
}

impl<C: PaneContents> egui_tiles::Behavior<Pane> for Behavior<'_, C> {
    fn pane_ui(&mut self, ui: &mut egui::Ui, _tile: TileId, pane: &mut Pane) -> UiResponse {
        self.contents.pane_ui(ui, *pane);
        UiResponse::None
    }

    fn tab_title_for_pane(&mut self, pane: &Pane) -> egui::WidgetText {
        pane.title().into()
    }

    fn is_tab_closable(&self, tiles: &Tiles<Pane>, tile: TileId) -> bool {
        !matches!(tiles.get(tile), Some(Tile::Pane(Pane::View3d)))
    }

    fn simplification_options(&self) -> SimplificationOptions {
        SimplificationOptions {
            all_panes_must_have_tabs: false,
            ..SimplificationOptions::default()
        }
    }

    fn gap_width(&self, _style: &egui::Style) -> f32 {
        3.0
    }

    fn min_size(&self) -> f32 {
        60.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panes_close_and_reopen_and_the_view_stays() {
        let mut l = Layout::default();
        for p in Pane::CLOSABLE {
            assert!(l.has(p), "{p:?} in the default layout");
        }
        l.toggle(Pane::Plots);
        assert!(!l.has(Pane::Plots));
        l.toggle(Pane::Plots);
        assert!(l.has(Pane::Plots));
        l.toggle(Pane::View3d);
        assert!(l.has(Pane::View3d), "the 3D view cannot be closed");
        for p in Pane::CLOSABLE {
            l.toggle(p);
        }
        assert!(Pane::CLOSABLE.iter().all(|p| !l.has(*p)));
        l.show(Pane::Lesson);
        assert!(l.has(Pane::Lesson));
    }

    #[test]
    fn the_layout_survives_json_and_a_broken_one_resets() {
        let mut l = Layout::default();
        l.toggle(Pane::Timeline);
        let json = serde_json::to_string(&l).unwrap();
        let back: Layout = serde_json::from_str(&json).unwrap();
        assert!(!back.has(Pane::Timeline) && back.has(Pane::Inspector));
        let mut broken = Layout::default();
        let id = broken.tree.tiles.find_pane(&Pane::View3d).unwrap();
        broken.tree.tiles.remove(id);
        assert!(broken.sanitized().has(Pane::View3d));
    }
}
