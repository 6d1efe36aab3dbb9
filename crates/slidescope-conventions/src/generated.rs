//! The other languages' copies of the table: regions of the C header, the JavaScript package
//! and the format documentation, generated from [`TABLE`] between marker lines. This crate's
//! test `generated_files` checks that each file holds them as generated (and rewrites them
//! with `SLIDESCOPE_BLESS=1`), the way rerun's `re_types_builder` checks its generated code.

use std::fmt::Write;

use crate::row::{Kind, Named};
use crate::table::{Convention, TABLE};

/// One generated region of a file of the repository.
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    /// The file, relative to the repository's root.
    pub file: &'static str,
    /// The region's name, in its marker lines.
    pub name: &'static str,
    /// The marker lines around it: the comment syntax of the file's language.
    pub comment: (&'static str, &'static str),
    /// The lines between the markers.
    pub text: String,
}

impl Region {
    /// The marker line that opens the region.
    pub fn begin(&self) -> String {
        let (open, close) = self.comment;
        format!(
            "{open} begin {}: generated from crates/slidescope-conventions/src/table.rs \
             (SLIDESCOPE_BLESS=1 cargo test -p slidescope-conventions rewrites it){close}",
            self.name
        )
    }

    /// The marker line that closes the region.
    pub fn end(&self) -> String {
        let (open, close) = self.comment;
        format!("{open} end {}{close}", self.name)
    }
}

const HEADER: &str = "crates/slidescope-probe/include/slidescope_probe.h";
const C: (&str, &str) = ("/*", " */");
const JS: (&str, &str) = ("//", "");
const MD: (&str, &str) = ("<!--", " -->");

/// Every region, file by file.
pub fn regions() -> Vec<Region> {
    let region = |file, name, comment, text| Region {
        file,
        name,
        comment,
        text,
    };
    vec![
        region(HEADER, "constants", C, c_constants()),
        region(HEADER, "init", C, c_init()),
        region(HEADER, "entries", C, c_entries()),
        region("probe-js/index.js", "constants", JS, js_constants()),
        region("probe-js/index.js", "entries", JS, js_entries()),
        region("probe-js/index.d.ts", "types", JS, ts_types()),
        region("docs/probe-format.md", "keys", MD, doc_keys()),
        region("docs/core.md", "conventions", MD, doc_settings()),
    ]
}

/// The rows in key order (the order of a record's entries).
fn by_key() -> Vec<&'static Convention> {
    let mut rows: Vec<&Convention> = TABLE.iter().collect();
    rows.sort_by_key(|r| r.spec.key);
    rows
}

/// Every bits row's constants in key order: (`MISSING_CONTACT_T`, its shift, its value).
fn bit_constants() -> Vec<(String, u32, u32)> {
    let rows = by_key();
    let named = |r: &&Convention| {
        let prefix = r.spec.key_name;
        (r.spec.bits.iter())
            .map(move |(bit, name)| (format!("{prefix}_{name}"), bit.trailing_zeros(), *bit))
    };
    rows.iter().flat_map(named).collect()
}

/// The doc's first sentence, on one line.
fn summary(doc: &str) -> String {
    let one_line = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    match one_line.find(". ") {
        Some(end) => one_line[..=end].to_owned(),
        None => one_line,
    }
}

fn c_type(kind: Kind) -> &'static str {
    match kind {
        Kind::Amount => "float",
        Kind::Bits => "int64_t",
        Kind::Choice(_) | Kind::Flag => "int",
    }
}

fn c_constants() -> String {
    let mut s = String::new();
    for r in by_key() {
        if let Kind::Choice(named) = r.kind {
            for (i, n) in named
                .iter()
                .enumerate()
                .filter(|(_, n)| n.c.starts_with("SLSP_"))
            {
                let _ = writeln!(s, "#define {} {i} /* {}: {} */", n.c, r.spec.c, n.ui);
            }
        }
    }
    for (name, shift, _) in bit_constants() {
        let _ = writeln!(s, "#define SLSP_{name} (1u << {shift})");
    }
    let _ = writeln!(s, "#define SLSP__CONVENTION_KEYS {}", TABLE.len());
    s.push_str("typedef struct slsp_conventions {\n");
    for r in by_key() {
        let field = format!("{} {};", c_type(r.kind), r.spec.c);
        let _ = writeln!(s, "    {field:<32} /* {} */", summary(r.doc));
    }
    s.push_str("} slsp_conventions;\n");
    s
}

fn c_init() -> String {
    let mut s = String::new();
    for r in by_key() {
        let undeclared = if r.kind == Kind::Amount {
            "-1.0f"
        } else {
            "-1"
        };
        let _ = writeln!(s, "    c->{} = {undeclared};", r.spec.c);
    }
    s
}

fn c_entries() -> String {
    let mut s = String::new();
    for r in by_key() {
        let entry = if r.kind == Kind::Amount {
            "SLSP__FLOAT_ENTRY"
        } else {
            "SLSP__ENTRY"
        };
        let (c, key) = (r.spec.c, r.spec.key);
        let _ = writeln!(s, "    if (c->{c} >= 0) {entry}({key}, c->{c});");
    }
    s
}

/// A choice whose JavaScript spellings are `false` and `true` is a boolean there.
fn js_is_bool(named: &[Named]) -> bool {
    named.iter().map(|n| n.js).eq(["false", "true"])
}

fn js_constants() -> String {
    let mut s = String::new();
    for (name, shift, _) in bit_constants() {
        let _ = writeln!(s, "export const {name} = 1 << {shift};");
    }
    s
}

fn js_entries() -> String {
    let mut s = String::new();
    for r in by_key() {
        let codec = match r.kind {
            Kind::Choice(named) if js_is_bool(named) => "bool".to_owned(),
            Kind::Choice(named) => {
                let names: Vec<&str> = named.iter().map(|n| n.js).collect();
                format!("oneOf([{}], \"{}\")", names.join(", "), r.spec.js)
            }
            Kind::Flag => "bool".to_owned(),
            Kind::Amount => "f32Bits".to_owned(),
            Kind::Bits => "(v) => v".to_owned(),
        };
        let _ = writeln!(s, "    add({}, c.{}, {codec});", r.spec.key, r.spec.js);
    }
    s
}

/// A row's TypeScript type, and the alias a string choice gets (`Sidedness`).
fn ts_type(r: &Convention) -> (String, Option<String>) {
    match r.kind {
        Kind::Choice(named) if js_is_bool(named) => ("boolean".into(), None),
        Kind::Choice(named) => {
            let alias = named_type(r.name);
            let values: Vec<&str> = named.iter().map(|n| n.js).collect();
            let def = format!("export type {alias} = {};", values.join(" | "));
            (alias, Some(def))
        }
        Kind::Flag => ("boolean".into(), None),
        Kind::Amount | Kind::Bits => ("number".into(), None),
    }
}

/// `up_axis` → `UpAxis`.
fn named_type(field: &str) -> String {
    field
        .split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// What `true` and `false` stand for, where a choice is a boolean in JavaScript.
fn ts_values(r: &Convention) -> String {
    match r.kind {
        Kind::Choice(named) if js_is_bool(named) => {
            format!(" true: {}; false: {}.", named[1].ui, named[0].ui)
        }
        _ => String::new(),
    }
}

fn ts_types() -> String {
    let rows = by_key();
    let mut s = String::new();
    for def in rows.iter().filter_map(|r| ts_type(r).1) {
        let _ = writeln!(s, "{def}");
    }
    s.push_str(
        "\n/**\n * What a game declares about its collide-and-slide (a CONVENTIONS record, format \
         1.1): each\n * field left out (or null) is undeclared. Applies to the moves that follow; \
         a later call\n * replaces the whole declaration. Same rows as the Rust `Declared`.\n */\n\
         export interface Conventions {\n",
    );
    for r in &rows {
        let _ = writeln!(s, "    /** {}{} */", summary(r.doc), ts_values(r));
        let _ = writeln!(s, "    {}?: {} | null;", r.spec.js, ts_type(r).0);
    }
    s.push_str("}\n");
    for (name, _, bit) in bit_constants() {
        let _ = writeln!(s, "export const {name}: {bit};");
    }
    s
}

fn doc_keys() -> String {
    let mut s = String::from("| key | name | values |\n|---|---|---|\n");
    for r in by_key() {
        let _ = writeln!(
            s,
            "| {} | `{}` | {} |",
            r.spec.key, r.spec.key_name, r.spec.wire
        );
    }
    s
}

/// A solver row's values, the default marked.
fn values(r: &Convention, seed: u32) -> String {
    let mark = |is_seed: bool| if is_seed { " **(default)**" } else { "" };
    match r.kind {
        Kind::Choice(named) => (named.iter().enumerate())
            .map(|(i, n)| format!("`{}`: {}{}", n.file_name(), n.ui, mark(i as u32 == seed)))
            .collect::<Vec<_>>()
            .join("; "),
        Kind::Flag => format!("on{}, off{}", mark(seed == 1), mark(seed == 0)),
        Kind::Amount => format!("a length ≥ 0, default {}", f32::from_bits(seed)),
        Kind::Bits => String::new(),
    }
}

fn doc_settings() -> String {
    let seed = crate::table::Conventions::default();
    let mut s =
        String::from("| field of `Conventions` | what | stage | values |\n|---|---|---|---|\n");
    for r in TABLE {
        let Some(get) = r.solver.map(|x| x.get) else {
            continue;
        };
        let what = r.doc.split_whitespace().collect::<Vec<_>>().join(" ");
        let _ = writeln!(
            s,
            "| `{}` | {what} | `{}` | {} |",
            r.name,
            r.spec.stage,
            values(r, get(&seed))
        );
    }
    s
}
