//! What a row of the table is made of, and the two macros that turn rows into types: `choice!`
//! (a convention's named values) and `table!` (the settings struct, the declaration struct and
//! the row list, from one list of rows).

/// A convention's value as the probe format carries it: one `u32` (`docs/probe-format.md`,
/// kind 9). Choices travel as their index, flags as 0 or 1, amounts as their `f32` bits.
pub trait Value: Copy + PartialEq + 'static {
    /// How the value is shown, edited and spelled in C and JavaScript.
    const KIND: Kind;
    fn to_wire(self) -> u32;
    /// `None` for a value this reader does not know (a newer writer's, or a broken one).
    fn from_wire(wire: u32) -> Option<Self>;
}

/// The four shapes a convention's value takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    /// One of a few named values; the wire value is the index.
    Choice(&'static [Named]),
    /// On (1) or off (0).
    Flag,
    /// A finite length ≥ 0 (`f32`).
    Amount,
    /// A set of bits.
    Bits,
}

/// One value of a [`Kind::Choice`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Named {
    /// The Rust type of the choice (`Padding`).
    pub ty: &'static str,
    /// The Rust variant.
    pub rust: &'static str,
    /// What the debugger's switch says.
    pub ui: &'static str,
    /// The C header's spelling (a `#define` name, or a number).
    pub c: &'static str,
    /// The JavaScript package's spelling (`true`/`false`, or a quoted string).
    pub js: &'static str,
}

impl Value for bool {
    const KIND: Kind = Kind::Flag;
    fn to_wire(self) -> u32 {
        u32::from(self)
    }
    fn from_wire(wire: u32) -> Option<Self> {
        (wire <= 1).then_some(wire == 1)
    }
}

impl Value for f32 {
    const KIND: Kind = Kind::Amount;
    fn to_wire(self) -> u32 {
        self.to_bits()
    }
    fn from_wire(wire: u32) -> Option<Self> {
        Some(f32::from_bits(wire)).filter(|x| x.is_finite() && *x >= 0.0)
    }
}

impl Value for u32 {
    const KIND: Kind = Kind::Bits;
    fn to_wire(self) -> u32 {
        self
    }
    fn from_wire(wire: u32) -> Option<Self> {
        Some(wire)
    }
}

/// A value the explainer tries on a diverging move (a "switch"): what a real port does. `C` is
/// the table's `Conventions`.
#[derive(Debug, Clone, Copy)]
pub struct Tried<C: 'static> {
    /// The switch's name in reports (`snake_case`, stable).
    pub name: &'static str,
    /// Switches are tried in rank order (the ports' most common departures first). Reports
    /// keep the order of the first fifteen: a new row's switches rank after them.
    pub rank: u8,
    /// What a controller with this switch does: "your controller appears to: …".
    pub label: &'static str,
    /// Sets the value; `skin_es` is the move's padding.
    pub set: fn(&mut C, skin_es: f32),
    /// A C line declaring what `set` also changes, if anything.
    pub c_also: &'static str,
}

/// The columns of a row besides its field: filled in the table, blank by default.
#[derive(Debug, Clone, Copy)]
pub struct Spec<C: 'static> {
    /// The probe format's key (`CONVENTIONS` entries): a new row takes the next free number;
    /// a number is never reused (readers keep reading old files).
    pub key: u32,
    /// The key's name in the format's documentation (`PADDING`).
    pub key_name: &'static str,
    /// The C header's field of `slsp_conventions`.
    pub c: &'static str,
    /// The JavaScript package's field of a conventions object.
    pub js: &'static str,
    /// The format documentation's "values" column.
    pub wire: &'static str,
    /// The switch row's label in the debugger.
    pub label: &'static str,
    /// The core's file (under `crates/slidescope-collision/src/`) that applies it, checked to
    /// read the field; empty for a frame convention.
    pub stage: &'static str,
    /// A declaration in words, `{}` standing for the value: per wire value for a choice or a
    /// flag (`[off, on]`), one template for an amount, one name per bit for bits.
    pub words: &'static [&'static str],
    /// For bits: each bit's value and its C/JS constant suffix.
    pub bits: &'static [(u32, &'static str)],
    /// For an amount: the debugger's largest value and drag speed.
    pub drag: (f32, f32),
    /// The values the explainer tries.
    pub tried: &'static [Tried<C>],
    /// The row decides what happens to a start that overlaps the level: the explainer fits
    /// it on every move judged on its own, where other rows are fitted on moves that start
    /// clear of the level.
    pub from_inside: bool,
    /// The row's switches are tried only on a move no set of the other rows' reconciles: a
    /// rule of float precision, which would otherwise join the sets of many moves that others
    /// reconcile and split the groups the search learns from.
    pub last_resort: bool,
    /// The row changes only how edges and vertices are met (the round parts of the Minkowski
    /// sum): a file whose contacts name faces and never an edge or a vertex is no evidence
    /// for it (kouchkarting's detection has no edges or vertices; an edge met at its exit
    /// root reconciles some of its moves only because it is never met at all).
    pub round_parts: bool,
    /// The row's switches are tried after every set of up to three of the other rows' on a
    /// move none reconciles, in sets of three at most: a rule that stands in for others on
    /// many moves (a step back longer than the padding leaves the centre where the padding
    /// would when the contact is nearer than both), which would otherwise be a smaller set
    /// than the port's own rules. Unlike a last resort's, its sets vote.
    pub late: bool,
    /// Switches of other rows (by name) that reconcile the same moves as this row's on many
    /// files, told apart only over the whole file: `--conventions detected` tries each in the
    /// other's place.
    pub rivals: &'static [&'static str],
    /// The narration's clause when the value is not the seed's.
    pub say: fn(&C) -> Option<String>,
}

impl<C> Spec<C> {
    pub const BLANK: Self = Self {
        key: 0,
        key_name: "",
        c: "",
        js: "",
        wire: "",
        label: "",
        stage: "",
        words: &[],
        bits: &[],
        drag: (1.0, 1e-4),
        tried: &[],
        from_inside: false,
        last_resort: false,
        round_parts: false,
        late: false,
        rivals: &[],
        say: |_| None,
    };
}

/// A convention the solver applies: read and written on the table's `Conventions` (`C`).
#[derive(Debug, Clone, Copy)]
pub struct Solver<C: 'static> {
    pub get: fn(&C) -> u32,
    pub set: fn(&mut C, u32) -> bool,
}

/// One row of the table: `C` is its `Conventions`, `D` its `Declared`.
#[derive(Debug, Clone, Copy)]
pub struct Row<C: 'static, D: 'static> {
    /// The Rust field, in `Conventions` and `Declared`.
    pub name: &'static str,
    /// The field's documentation.
    pub doc: &'static str,
    pub kind: Kind,
    pub spec: Spec<C>,
    /// `None` for a convention about the game's frame (axes, winding, missing fields), which
    /// the solver does not apply and the declaration alone carries.
    pub solver: Option<Solver<C>>,
    /// The declared value, if any.
    pub declared: fn(&D) -> Option<u32>,
    /// Declares a wire value; `false` if this reader does not know it (left undeclared).
    pub declare: fn(&mut D, u32) -> bool,
}

/// A convention's named values as an enum: `ALL`, `name()` and its [`Value`] (the wire value is
/// the index, so a value is added at the end).
macro_rules! choice {
    (
        $(#[doc = $doc:literal])*
        pub enum $ty:ident {
            $( $(#[doc = $vdoc:literal])* $v:ident => { ui: $ui:literal, c: $c:literal, js: $js:literal } ),+ $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
        pub enum $ty {
            $( $(#[doc = $vdoc])* $v, )+
        }

        impl $ty {
            pub const ALL: &'static [Self] = &[$(Self::$v),+];

            /// What the debugger's switch says.
            pub fn name(self) -> &'static str {
                match self {
                    $( Self::$v => $ui, )+
                }
            }
        }

        impl $crate::Value for $ty {
            const KIND: $crate::Kind = $crate::Kind::Choice(&[
                $( $crate::Named { ty: stringify!($ty), rust: stringify!($v), ui: $ui, c: $c, js: $js }, )+
            ]);
            fn to_wire(self) -> u32 {
                self as u32
            }
            fn from_wire(wire: u32) -> Option<Self> {
                Self::ALL.get(wire as usize).copied()
            }
        }
    };
}

/// The table: `Conventions` (the solver's rows, with their defaults), `Declared`
/// (every row, each undeclared by default), the probe keys (`key::PADDING`) and `TABLE`.
macro_rules! table {
    (
        solver: [ $(
            $(#[doc = $sdoc:literal])*
            $sname:ident : $sty:ty = $sseed:expr, key $skey:ident = $skv:literal
                => { $($sf:ident : $sv:expr),* $(,)? }
        ),+ $(,)? ]
        frame: [ $(
            $(#[doc = $fdoc:literal])*
            $fname:ident : $fty:ty, key $fkey:ident = $fkv:literal
                => { $($ff:ident : $fv:expr),* $(,)? }
        ),+ $(,)? ]
    ) => {
        /// Every convention the solver applies, one field a row of [`TABLE`]. The defaults are
        /// seed 001's, except `sidedness` (two-sided: real levels have one-sided walls seen
        /// from behind).
        #[derive(Debug, Clone, Copy, PartialEq)]
        #[cfg_attr(
            feature = "serde",
            derive(serde::Serialize, serde::Deserialize),
            serde(from = "crate::file::ConventionsFile", into = "crate::file::ConventionsFile")
        )]
        pub struct Conventions {
            $( $(#[doc = $sdoc])* pub $sname: $sty, )+
        }

        impl Default for Conventions {
            fn default() -> Self {
                Self { $( $sname: $sseed, )+ }
            }
        }

        /// What a game declares (a probe file's `CONVENTIONS` record): every row of [`TABLE`],
        /// each `None` when undeclared.
        #[derive(Debug, Clone, Copy, PartialEq, Default)]
        pub struct Declared {
            $( $(#[doc = $sdoc])* pub $sname: Option<$sty>, )+
            $( $(#[doc = $fdoc])* pub $fname: Option<$fty>, )+
        }

        impl Declared {
            /// `base` with what is declared in its place.
            pub fn over(&self, base: &Conventions) -> Conventions {
                Conventions { $( $sname: self.$sname.unwrap_or(base.$sname), )+ }
            }

            /// Every solver convention of `c` declared, the frame's left undeclared.
            pub fn all(c: &Conventions) -> Self {
                Self { $( $sname: Some(c.$sname), )+ ..Self::default() }
            }

            /// The solver rows declared, a bit per probe key (`1 << key::PADDING`).
            pub fn solver_keys(&self) -> u64 {
                0 $( | if self.$sname.is_some() { 1u64 << $skv } else { 0 } )+
            }

            /// The solver rows whose bit `keys` sets (as [`Declared::solver_keys`]) declared
            /// with `c`'s values, the others and the frame's left undeclared.
            pub fn keyed(c: &Conventions, keys: u64) -> Self {
                Self { $( $sname: ((keys >> $skv) & 1 == 1).then_some(c.$sname), )+ ..Self::default() }
            }
        }

        /// The probe format's keys (`CONVENTIONS` entries).
        pub mod key {
            $( pub const $skey: u32 = $skv; )+
            $( pub const $fkey: u32 = $fkv; )+
        }

        /// Every row: the solver's, then the frame's.
        pub static TABLE: &[Convention] = &[
            $( Convention {
                name: stringify!($sname),
                doc: concat!($($sdoc, "\n",)*),
                kind: <$sty as $crate::Value>::KIND,
                spec: $crate::Spec { key: $skv, key_name: stringify!($skey), $($sf: $sv,)* ..$crate::Spec::BLANK },
                solver: Some($crate::Solver {
                    get: |c| $crate::Value::to_wire(c.$sname),
                    set: |c, w| <$sty as $crate::Value>::from_wire(w).map(|v| c.$sname = v).is_some(),
                }),
                declared: |d| d.$sname.map($crate::Value::to_wire),
                declare: |d, w| <$sty as $crate::Value>::from_wire(w).map(|v| d.$sname = Some(v)).is_some(),
            }, )+
            $( Convention {
                name: stringify!($fname),
                doc: concat!($($fdoc, "\n",)*),
                kind: <$fty as $crate::Value>::KIND,
                spec: $crate::Spec { key: $fkv, key_name: stringify!($fkey), $($ff: $fv,)* ..$crate::Spec::BLANK },
                solver: None,
                declared: |d| d.$fname.map($crate::Value::to_wire),
                declare: |d, w| <$fty as $crate::Value>::from_wire(w).map(|v| d.$fname = Some(v)).is_some(),
            }, )+
        ];
    };
}

pub(crate) use {choice, table};
