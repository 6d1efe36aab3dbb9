//! The explainer's switches: each sets one convention to a value a real port uses (a row's
//! `tried` values). Ordered by row, then by place in the row; tried in rank order.

use crate::row::Tried;
use crate::table::{Conventions, TABLE};

/// One tried value of one row of [`TABLE`]. Two switches of one row never combine.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Switch {
    row: u8,
    index: u8,
}

impl Switch {
    /// Every switch, in the order they are tried (rank).
    pub fn all() -> Vec<Switch> {
        let mut all: Vec<Switch> = (TABLE.iter().enumerate())
            .flat_map(|(row, r)| {
                (0..r.spec.tried.len()).map(move |index| Switch {
                    row: row as u8,
                    index: index as u8,
                })
            })
            .collect();
        all.sort_by_key(|s| s.tried().rank);
        all
    }

    /// The switch called `name` in reports.
    pub fn named(name: &str) -> Option<Switch> {
        Self::all().into_iter().find(|s| s.name() == name)
    }

    fn tried(self) -> &'static Tried<Conventions> {
        &TABLE[usize::from(self.row)].spec.tried[usize::from(self.index)]
    }

    /// Its name in reports (`snake_case`).
    pub fn name(self) -> &'static str {
        self.tried().name
    }

    /// What a controller with this switch does, for "your controller appears to: …".
    pub fn label(self) -> &'static str {
        self.tried().label
    }

    /// The row it sets (the convention's field).
    pub fn convention(self) -> &'static str {
        TABLE[usize::from(self.row)].name
    }

    /// Whether its row decides what happens to a start inside the level (fitted on moves
    /// that start there too).
    pub fn from_inside(self) -> bool {
        TABLE[usize::from(self.row)].spec.from_inside
    }

    /// Whether its row changes only how edges and vertices are met
    /// (see [`Spec::round_parts`](crate::Spec::round_parts)).
    pub fn round_parts(self) -> bool {
        TABLE[usize::from(self.row)].spec.round_parts
    }

    /// Whether its row is tried only where no other row's switches reconcile a move.
    pub fn last_resort(self) -> bool {
        TABLE[usize::from(self.row)].spec.last_resort
    }

    /// Tried after the other rows' sets (see [`Spec::late`](crate::Spec::late)).
    pub fn late(self) -> bool {
        TABLE[usize::from(self.row)].spec.late
    }

    /// Whether either's row names the other as a rival (see [`Spec::rivals`](crate::Spec::rivals)).
    pub fn rivals(self, other: Switch) -> bool {
        let names = |s: Switch| TABLE[usize::from(s.row)].spec.rivals;
        names(self).contains(&other.name()) || names(other).contains(&self.name())
    }

    /// Whether two switches set the same row.
    pub fn same_row(self, other: Switch) -> bool {
        self.row == other.row
    }

    /// `c` with this switch; `skin_es` is the move's padding (the ports that drop a short
    /// leftover use their padding as the threshold).
    pub fn apply(self, c: &mut Conventions, skin_es: f32) {
        (self.tried().set)(c, skin_es);
    }

    /// Whether what it sets depends on the move's padding (a short leftover dropped under
    /// the padding), so each move's re-solve applies it with its own.
    pub fn uses_padding(self) -> bool {
        let (mut a, mut b) = (Conventions::default(), Conventions::default());
        self.apply(&mut a, 0.0);
        self.apply(&mut b, 0.25);
        a != b
    }

    /// The lines that declare it in Rust (a field of `slidescope_probe::Declared`), C (of
    /// `slsp_conventions c`) and JavaScript (a key of `setConventions`' object).
    pub fn declarations(self) -> [String; 3] {
        let row = &TABLE[usize::from(self.row)];
        let mut c = Conventions::default();
        self.apply(&mut c, 0.0);
        let wire = row.get(&c).unwrap_or(0);
        let rust = format!("{}: Some({}),", row.name, row.rust_value(wire));
        let js = format!("{}: {},", row.spec.js, row.js_value(wire));
        [rust, self.declaration(), js]
    }

    /// The C header's line that declares it (`slsp_conventions c`).
    pub fn declaration(self) -> String {
        let row = &TABLE[usize::from(self.row)];
        let mut c = Conventions::default();
        self.apply(&mut c, 0.0);
        let wire = row.get(&c).unwrap_or(0);
        let line = format!("c.{} = {};", row.spec.c, row.c_value(wire));
        match self.tried().c_also {
            "" => line,
            also => format!("{line} {also}"),
        }
    }
}

impl std::fmt::Debug for Switch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Switch {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Switch {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        Switch::named(&name)
            .ok_or_else(|| serde::de::Error::custom(format!("no convention switch {name:?}")))
    }
}
