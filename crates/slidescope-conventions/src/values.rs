//! What the rows say about values: a declaration's entries and words, a value's C spelling
//! and its form in settings files, the narration of what differs from seed 001, and the checks
//! of an amount.

use crate::row::{Kind, Named};
use crate::table::{Convention, Conventions, Declared, TABLE};

/// A convention's value as a settings file writes it: a choice by its `snake_case` name, a
/// flag as a boolean, an amount as a number, bits as an integer.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(untagged)
)]
pub enum FileValue {
    Flag(bool),
    Count(u32),
    Amount(f32),
    Name(String),
}

impl Named {
    /// The value's name in files and reports (`TwoSided` → `two_sided`).
    pub fn file_name(&self) -> String {
        let mut out = String::new();
        for (i, ch) in self.rust.chars().enumerate() {
            if ch.is_ascii_uppercase() && i > 0 {
                out.push('_');
            }
            out.push(ch.to_ascii_lowercase());
        }
        out
    }
}

impl Convention {
    /// The row's value in `c` (`None` for a frame convention).
    pub fn get(&self, c: &Conventions) -> Option<u32> {
        self.solver.map(|s| (s.get)(c))
    }

    /// `wire` in words, as a declaration reads (`words`; `{}` is the value).
    pub fn words(&self, wire: u32) -> String {
        let w = self.spec.words;
        match self.kind {
            Kind::Choice(_) | Kind::Flag => w.get(wire as usize).copied().unwrap_or("?").into(),
            Kind::Amount => {
                let template = w.first().copied().unwrap_or("{}");
                template.replace("{}", &f32::from_bits(wire).to_string())
            }
            Kind::Bits => {
                let names: Vec<&str> = (self.spec.bits.iter().zip(w))
                    .filter(|((bit, _), _)| wire & bit != 0)
                    .map(|(_, name)| *name)
                    .collect();
                format!("no {}", names.join(", no "))
            }
        }
    }

    /// `wire` as a settings file writes it.
    pub fn file_value(&self, wire: u32) -> FileValue {
        match self.kind {
            Kind::Choice(named) => FileValue::Name(
                named
                    .get(wire as usize)
                    .map_or_else(String::new, Named::file_name),
            ),
            Kind::Flag => FileValue::Flag(wire == 1),
            Kind::Amount => FileValue::Amount(f32::from_bits(wire)),
            Kind::Bits => FileValue::Count(wire),
        }
    }

    /// The wire value a settings file's value stands for; `None` if it is not one of this
    /// row's.
    pub fn wire_of(&self, v: &FileValue) -> Option<u32> {
        let wire = match (self.kind, v) {
            (Kind::Choice(named), FileValue::Name(n)) => {
                named.iter().position(|x| x.file_name() == *n)? as u32
            }
            (Kind::Flag, FileValue::Flag(b)) => u32::from(*b),
            (Kind::Amount, FileValue::Amount(x)) => x.to_bits(),
            (Kind::Amount, FileValue::Count(n)) => (*n as f32).to_bits(),
            (Kind::Bits, FileValue::Count(n)) => *n,
            _ => return None,
        };
        let mut c = Conventions::default();
        let solver = self.solver?;
        (solver.set)(&mut c, wire).then_some(wire)
    }

    /// `wire` as the C header spells it.
    pub fn c_value(&self, wire: u32) -> String {
        match self.kind {
            Kind::Choice(named) => named.get(wire as usize).map_or("?", |n| n.c).into(),
            Kind::Flag | Kind::Bits => wire.to_string(),
            Kind::Amount => {
                let x = f32::from_bits(wire);
                if x == 0.0 {
                    "0".into()
                } else {
                    format!("{x:?}f")
                }
            }
        }
    }
}

impl Convention {
    /// `wire` as a Rust value of `Declared`'s field (`Padding::Velocity`, `true`, `0.001`).
    pub fn rust_value(&self, wire: u32) -> String {
        match self.kind {
            Kind::Choice(named) => named
                .get(wire as usize)
                .map_or("?".into(), |n| format!("{}::{}", n.ty, n.rust)),
            Kind::Flag => (wire == 1).to_string(),
            Kind::Bits => wire.to_string(),
            Kind::Amount => format!("{:?}", f32::from_bits(wire)),
        }
    }

    /// `wire` as the JavaScript package spells it (`true`, `"leaving_ignored"`, `0.001`).
    pub fn js_value(&self, wire: u32) -> String {
        match self.kind {
            Kind::Choice(named) => named.get(wire as usize).map_or("?", |n| n.js).into(),
            Kind::Flag => (wire == 1).to_string(),
            Kind::Bits => wire.to_string(),
            Kind::Amount => f32::from_bits(wire).to_string(),
        }
    }
}

impl Conventions {
    /// Rejects an amount that is not finite and ≥ 0: `(field, reason)`.
    pub fn validate(&self) -> Result<(), (&'static str, String)> {
        for row in TABLE.iter().filter(|r| r.kind == Kind::Amount) {
            let Some(wire) = row.get(self) else { continue };
            let x = f32::from_bits(wire);
            if !(x.is_finite() && x >= 0.0) {
                return Err((row.name, format!("must be finite and >= 0, got {x}")));
            }
        }
        Ok(())
    }

    /// What differs from seed 001, one clause per row, in table order.
    pub fn narration(&self) -> Vec<String> {
        TABLE.iter().filter_map(|r| (r.spec.say)(self)).collect()
    }
}

impl Declared {
    /// The declared rows as `(key, value)` entries, in key order (a `CONVENTIONS` record).
    pub fn entries(&self) -> Vec<(u32, u32)> {
        let mut e: Vec<(u32, u32)> = TABLE
            .iter()
            .filter_map(|r| (r.declared)(self).map(|v| (r.spec.key, v)))
            .collect();
        e.sort_unstable();
        e
    }

    /// Declares one entry; `false` for a key or value this reader does not know (left
    /// undeclared, counted by the caller).
    pub fn set_entry(&mut self, key: u32, wire: u32) -> bool {
        TABLE
            .iter()
            .find(|r| r.spec.key == key)
            .is_some_and(|r| (r.declare)(self, wire))
    }

    /// The declaration in words, row by row ("padding along the velocity; dead zone 0.001 m").
    pub fn text(&self) -> String {
        let parts: Vec<String> = TABLE
            .iter()
            .filter_map(|r| (r.declared)(self).map(|w| r.words(w)))
            .collect();
        parts.join("; ")
    }
}
