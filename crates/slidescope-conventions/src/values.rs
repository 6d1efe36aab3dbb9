//! What the rows say about values: a declaration's entries and words, a value's C spelling,
//! the narration of what differs from seed 001, and the checks of an amount.

use crate::row::Kind;
use crate::table::{Convention, Conventions, Declared, TABLE};

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
                    format!("{x}f")
                }
            }
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
