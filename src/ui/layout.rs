//! The workbench layout: the registered panes ([`PANES`](super::PANES)) as tiles (`egui_tiles`,
//! as rerun's viewer does) that the user resizes, drags to rearrange, closes, and reopens from
//! the View menu. The layout persists with the settings and "Reset layout" brings back the
//! default, which gives the 3D view about 60 % of a 1280 × 720 window: the main pane on the
//! left, the side panes as tabs on the right, the bottom pane (the timeline) along the bottom.

use egui_tiles::{Container, SimplificationOptions, Tile, TileId, Tiles, Tree, UiResponse};
use serde::{Deserialize, Serialize};

use super::PANES;
use super::pane::{PaneCx, PaneUi, Place};
use super::pane_name::Pane;

/// The registered pane of `pane`.
fn pane_ui(pane: Pane) -> Option<&'static PaneUi> {
    PANES.iter().copied().find(|p| p.pane() == pane)
}

impl Pane {
    /// Every registered pane, in the View menu's order.
    pub fn all() -> impl Iterator<Item = Pane> {
        PANES.iter().map(|p| p.pane())
    }

    /// Every pane the View menu lists (those the user can close).
    pub fn closable() -> impl Iterator<Item = Pane> {
        PANES.iter().filter(|p| p.closable()).map(|p| p.pane())
    }

    pub fn title(self) -> &'static str {
        pane_ui(self).map_or(self.name(), |p| p.title())
    }

    fn place(self) -> Place {
        pane_ui(self).map_or(Place::Side, |p| p.place())
    }
}

impl<'de> Deserialize<'de> for Pane {
    /// A registered pane's name; any other name fails (and the settings keep the default
    /// layout, [`Layout::deserialize_or_default`]).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        Pane::all()
            .find(|p| p.name() == name)
            .ok_or_else(|| serde::de::Error::custom(format!("no pane named {name:?}")))
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
        let mut at = |place| -> Vec<TileId> {
            let panes = Pane::all().filter(|p| p.place() == place);
            panes.map(|p| tiles.insert_pane(p)).collect()
        };
        let (views, side, bottom) = (at(Place::Main), at(Place::Side), at(Place::Bottom));
        let view = tiles.insert_tab_tile(views);
        let side = tiles.insert_tab_tile(side);
        let main = tiles.insert_horizontal_tile(vec![view, side]);
        set_share(&mut tiles, main, view, 1.0 - SIDE_SHARE);
        set_share(&mut tiles, main, side, SIDE_SHARE);
        let timeline = tiles.insert_tab_tile(bottom);
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
    /// A layout read from the settings, or the default when it lost a pane that cannot be
    /// closed (the 3D view).
    pub fn sanitized(self) -> Self {
        let fixed = PANES.iter().filter(|p| !p.closable());
        if fixed.map(|p| p.pane()).all(|p| self.has(p)) {
            self
        } else {
            Self::default()
        }
    }

    /// For the settings' `layout` field: a saved layout, or the default where it cannot be
    /// read (a pane no longer registered), so the other settings still load.
    pub fn deserialize_or_default<'de, D: serde::Deserializer<'de>>(
        d: D,
    ) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        Ok(serde_json::from_value(value).unwrap_or_default())
    }

    pub fn has(&self, pane: Pane) -> bool {
        self.tree.tiles.find_pane(&pane).is_some()
    }

    /// Closes `pane` when shown, reopens it (as a tab beside the inspector's, or beside the
    /// 3D view) when closed.
    pub fn toggle(&mut self, pane: Pane) {
        match self.tree.tiles.find_pane(&pane) {
            Some(id) if pane_ui(pane).is_some_and(|p| p.closable()) => {
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
        // A pane not in `PANES` would be saved and then refused on the next start, resetting
        // the user's layout.
        debug_assert!(pane_ui(pane).is_some(), "{pane:?} is not in ui::PANES");
        let id = self.tree.tiles.insert_pane(pane);
        // Beside another side pane's tabs when there is one.
        let tabs = Pane::all()
            .filter(|p| p.place() == Place::Side)
            .filter_map(|p| self.tree.tiles.find_pane(&p))
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

/// Adapts the registered panes to `egui_tiles`: each tile drawn by its [`PaneUi`](super::PaneUi).
pub struct Behavior<'a, 'c> {
    pub cx: &'a mut PaneCx<'c>,
}

impl egui_tiles::Behavior<Pane> for Behavior<'_, '_> {
    fn pane_ui(&mut self, ui: &mut egui::Ui, _tile: TileId, pane: &mut Pane) -> UiResponse {
        if let Some(p) = pane_ui(*pane) {
            p.ui(ui, self.cx);
        }
        UiResponse::None
    }

    fn tab_title_for_pane(&mut self, pane: &Pane) -> egui::WidgetText {
        pane.title().into()
    }

    fn is_tab_closable(&self, tiles: &Tiles<Pane>, tile: TileId) -> bool {
        match tiles.get(tile) {
            Some(Tile::Pane(p)) => pane_ui(*p).is_some_and(|p| p.closable()),
            _ => true,
        }
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
    use super::super::{inspector, lesson_pane, plots, timeline, view3d};
    use super::*;

    #[test]
    fn panes_close_and_reopen_and_the_view_stays() {
        let mut l = Layout::default();
        for p in Pane::all() {
            assert!(l.has(p), "{p:?} in the default layout");
        }
        l.toggle(plots::PANE);
        assert!(!l.has(plots::PANE));
        l.toggle(plots::PANE);
        assert!(l.has(plots::PANE));
        l.toggle(view3d::PANE);
        assert!(l.has(view3d::PANE), "the 3D view cannot be closed");
        for p in Pane::closable() {
            l.toggle(p);
        }
        assert!(Pane::closable().all(|p| !l.has(p)));
        assert!(l.has(view3d::PANE));
        l.show(lesson_pane::PANE);
        assert!(l.has(lesson_pane::PANE));
    }

    #[test]
    fn the_layout_survives_json_and_a_broken_one_resets() {
        let mut l = Layout::default();
        l.toggle(timeline::PANE);
        let json = serde_json::to_string(&l).unwrap();
        let back: Layout = serde_json::from_str(&json).unwrap();
        assert!(!back.has(timeline::PANE) && back.has(inspector::PANE));
        let mut broken = Layout::default();
        let id = broken.tree.tiles.find_pane(&view3d::PANE).unwrap();
        broken.tree.tiles.remove(id);
        assert!(broken.sanitized().has(view3d::PANE));
        // A saved pane no longer registered: the default layout, not an error.
        let renamed = json.replace("\"Inspector\"", "\"Gone\"");
        assert_ne!(renamed, json);
        let mut de = serde_json::Deserializer::from_str(&renamed);
        let read = Layout::deserialize_or_default(&mut de).unwrap();
        assert!(
            Pane::all().all(|p| read.has(p)),
            "the default, timeline shown"
        );
    }

    #[test]
    fn every_pane_has_its_own_name_and_title() {
        let names: std::collections::BTreeSet<_> = Pane::all().map(Pane::name).collect();
        let titles: std::collections::BTreeSet<_> = Pane::all().map(Pane::title).collect();
        assert_eq!(names.len(), PANES.len());
        assert_eq!(titles.len(), PANES.len());
    }
}
