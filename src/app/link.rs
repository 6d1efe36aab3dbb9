//! Links into the app: the page address's fragment names what to open, so a teacher hands out
//! one link per figure: `index.html#lesson=5` (the fifth lesson of the Lessons menu) or
//! `index.html#scenario=<url>` (a scenario file: a path inside the page such as
//! `assets/issues/16-wide_corner.json`, or any URL the page may fetch), or
//! `index.html#probe=<url>` (a game's probe recording, `.slidelog`, attached to a bug report:
//! the page re-solves it and shows why its moves diverge), or `index.html#live=<channel>` (a
//! game's tab on the same origin streams its moves to the page as they happen: the JavaScript
//! probe's `viewer: "tab"` opens that link). Parsed here on every platform
//! (tested natively); the page applies it (`web.rs`).

/// What a link opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Link {
    /// 0-based index into the lesson catalog (the link says 1-based, as the menu does).
    Lesson(usize),
    /// The scenario's URL or in-page path, percent-decoded.
    Scenario(String),
    /// A probe recording's URL or in-page path, percent-decoded.
    Probe(String),
    /// The channel a game's tab streams on (letters, digits, `-`, `_`, `.`; at most 64).
    Live(String),
}

const EXPECTED: &str = "expected #lesson=N, #scenario=URL, #probe=URL or #live=CHANNEL";
/// The longest channel name a `#live=` link may give.
const MAX_CHANNEL: usize = 64;

/// The link in a fragment (`#lesson=5`, with or without the `#`); `Ok(None)` for an empty one.
pub fn parse(fragment: &str) -> Result<Option<Link>, String> {
    let f = fragment.strip_prefix('#').unwrap_or(fragment).trim();
    if f.is_empty() {
        return Ok(None);
    }
    let (key, value) = f
        .split_once('=')
        .ok_or_else(|| format!("link #{f}: {EXPECTED}"))?;
    match key {
        "lesson" => match value.parse::<usize>() {
            Ok(n) if n >= 1 => Ok(Some(Link::Lesson(n - 1))),
            _ => Err(format!("link #{f}: the lesson is a number from 1")),
        },
        "live" => {
            let ok = |c: char| c.is_ascii_alphanumeric() || "-_.".contains(c);
            if value.is_empty() || value.len() > MAX_CHANNEL || !value.chars().all(ok) {
                return Err(format!(
                    "link #{f}: the channel is 1 to {MAX_CHANNEL} letters, digits, '-', '_' or '.'"
                ));
            }
            Ok(Some(Link::Live(value.to_owned())))
        }
        "scenario" | "probe" => {
            let url = percent_decode(value)
                .ok_or_else(|| format!("link #{f}: the {key}'s address is not valid UTF-8"))?;
            match (url.is_empty(), key) {
                (true, _) => Err(format!("link #{f}: no {key} address")),
                (false, "probe") => Ok(Some(Link::Probe(url))),
                (false, _) => Ok(Some(Link::Scenario(url))),
            }
        }
        _ => Err(format!("link #{f}: {EXPECTED}")),
    }
}

/// `%XX` escapes decoded (a `%` not followed by two hex digits is kept as it is).
fn percent_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[i] == b'%'
            && let (Some(h), Some(l)) = (
                b.get(i + 1).copied().and_then(hex),
                b.get(i + 2).copied().and_then(hex),
            )
        {
            out.push((h * 16 + l) as u8);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lessons_and_scenarios() {
        assert_eq!(parse("#lesson=5"), Ok(Some(Link::Lesson(4))));
        assert_eq!(parse("lesson=1"), Ok(Some(Link::Lesson(0))));
        assert_eq!(parse(""), Ok(None));
        assert_eq!(parse("#"), Ok(None));
        assert_eq!(
            parse("#scenario=assets/issues/16-wide_corner.json"),
            Ok(Some(Link::Scenario(
                "assets/issues/16-wide_corner.json".into()
            )))
        );
        assert_eq!(
            parse("#scenario=https%3A%2F%2Fexample.org%2Fa%20b.json"),
            Ok(Some(Link::Scenario("https://example.org/a b.json".into())))
        );
        assert_eq!(
            parse("#scenario=50%25.json"),
            Ok(Some(Link::Scenario("50%.json".into())))
        );
        assert_eq!(
            parse("#scenario=x%2"),
            Ok(Some(Link::Scenario("x%2".into())))
        );
        assert_eq!(
            parse("#probe=https%3A%2F%2Fexample.org%2Frun.slidelog"),
            Ok(Some(Link::Probe("https://example.org/run.slidelog".into())))
        );
        assert_eq!(
            parse("#live=slidescope-probe.babylon_1"),
            Ok(Some(Link::Live("slidescope-probe.babylon_1".into())))
        );
    }

    #[test]
    fn bad_links_say_why() {
        for bad in [
            "#lesson=0",
            "#lesson=x",
            "#lesson=",
            "#foo=1",
            "#lesson",
            "#scenario=",
            "#scenario=%ff",
            "#probe=",
            "#probe=%fe",
            "#live=",
            "#live=a b",
            "#live=%41",
            "#live=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        ] {
            let e = parse(bad).unwrap_err();
            assert!(e.starts_with("link #"), "{bad}: {e}");
        }
    }
}
