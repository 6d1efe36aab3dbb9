//! The C header, the JavaScript package and the format documentation hold the table's regions
//! as generated; `SLIDESCOPE_BLESS=1` rewrites them.

use std::path::Path;

use slidescope_conventions::{Region, regions};

/// `text` with `region` replaced, or why it cannot be.
fn with_region(text: &str, region: &Region) -> Result<String, String> {
    let (begin, end) = (region.begin(), region.end());
    let start = text
        .find(&begin)
        .ok_or_else(|| format!("no line {begin:?}"))?;
    let body = start + begin.len() + 1;
    let stop = text[body..]
        .find(&end)
        .map(|i| body + i)
        .ok_or_else(|| format!("no line {end:?} after the begin line"))?;
    Ok(format!("{}{}{}", &text[..body], region.text, &text[stop..]))
}

#[test]
fn every_generated_region_is_up_to_date() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let bless = std::env::var_os("SLIDESCOPE_BLESS").is_some();
    let mut stale = Vec::new();
    let mut files: Vec<&str> = regions().iter().map(|r| r.file).collect();
    files.dedup();
    for file in files {
        let path = root.join(file);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
        let mut new = text.clone();
        for region in regions().iter().filter(|r| r.file == file) {
            new = with_region(&new, region).unwrap_or_else(|e| panic!("{file}: {e}"));
        }
        if new != text {
            if bless {
                std::fs::write(&path, new).unwrap();
            } else {
                stale.push(file);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "generated regions out of date in {stale:?}: run SLIDESCOPE_BLESS=1 cargo test -p slidescope-conventions"
    );
}
