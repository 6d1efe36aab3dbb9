//! What following a live game costs the thread that draws the debugger, per move, on the
//! committed port recordings: the re-solve (traced), a re-solved record read back from bytes
//! (what the page would pay per move if a worker re-solved it: MessagePack, then JSON), the ask
//! the page posts for the move at the cursor, and the search of a diverging move
//! (`live_evidence::gather_live`, which the browser page's worker now runs), and the worker's
//! reading of the stream it mirrors (`live_evidence::Mirror`). A page following a game's tab
//! re-solves in its worker: it files each move unsolved and then files the worker's verdict
//! (`probe::judged`), its two costs a move. Each figure is
//! timed per move; the search only on diverging moves. Prints mean / median / p95 / max.
//!
//! Run: `cargo bench --bench live_search` (`LIVE_SEARCH_FILES=a.slidelog,…` for other
//! recordings).

use std::path::{Path, PathBuf};
use std::time::Instant;

use slidescope::collision::{Scratch, Trace};
use slidescope::probe::explain::SearchHint;
use slidescope::probe::judged::{self, Judged};
use slidescope::probe::live_evidence::{Ask, Mirror, encode_ask, gather_live};
use slidescope::probe::push_feed::TabPart;
use slidescope::probe::{ProbeSession, ShadowConfig, Step};
use slidescope::sim::FrameRecord;
use slidescope_probe::read::Reader;

const FILES: [&str; 3] = [
    "babylon_lavaducts",
    "irrlicht_lavaducts",
    "irrlicht_threejs_fauerby",
];

/// Microseconds each call of `f` over `items` took.
fn timed<T>(items: &[T], mut f: impl FnMut(&T)) -> Vec<f64> {
    let mut us: Vec<f64> = (items.iter())
        .map(|i| {
            let t = Instant::now();
            f(i);
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    us.sort_by(f64::total_cmp);
    us
}

fn row(what: &str, us: &[f64]) {
    if us.is_empty() {
        println!("  {what:<34}      0 moves");
        return;
    }
    let at = |q: f64| us[((us.len() - 1) as f64 * q).round() as usize];
    let mean = us.iter().sum::<f64>() / us.len() as f64;
    println!(
        "  {what:<34} {:>6} moves  mean {mean:>8.1} µs  median {:>8.1}  p95 {:>8.1}  max {:>8.1}",
        us.len(),
        at(0.5),
        at(0.95),
        at(1.0)
    );
}

fn main() {
    let config = ShadowConfig::default();
    // Other recordings in place of the committed ones: LIVE_SEARCH_FILES=a.slidelog,b.slidelog
    // (e.g. a port-zoo walk of Sponza, whose moves cost the re-solve most).
    let files: Vec<PathBuf> = match std::env::var("LIVE_SEARCH_FILES") {
        Ok(list) => list.split(',').map(PathBuf::from).collect(),
        Err(_) => (FILES.iter())
            .map(|name| {
                Path::new(env!("CARGO_MANIFEST_DIR"))
                    .join("tests/data/ports")
                    .join(format!("{name}.slidelog"))
            })
            .collect(),
    };
    for path in files {
        let name = path
            .file_stem()
            .map_or(String::new(), |s| s.to_string_lossy().into());
        let file = std::fs::File::open(&path).expect("the recording");
        let reader = Reader::new(std::io::BufReader::new(file)).expect("a probe file");
        let mut session = ProbeSession::new(".");
        let (mut moves, mut level) = (Vec::new(), None);
        for record in reader {
            match session.step(record.expect("a whole file")) {
                Step::Move(m) => moves.push(*m),
                Step::Level(l) => level = Some(l),
                _ => {}
            }
        }
        let level = level.expect("a level");
        // The worker's mirror reading the stream in 4 KiB pieces (as a tab posts them).
        let bytes = std::fs::read(&path).expect("the recording");
        let pieces: Vec<&[u8]> = bytes.chunks(4096).collect();
        let mut mirror = Mirror::default();
        mirror.part(TabPart::Begin);
        let read = timed(&pieces, |p| mirror.part(TabPart::Bytes(p)));
        let mirror_us = read.iter().sum::<f64>() / moves.len() as f64;
        let (mut scratch, mut trace) = (Scratch::default(), Trace::default());
        let mut records: Vec<FrameRecord> = Vec::new();
        let resolve = timed(&moves, |m| {
            records.push(m.resolve(&config, &mut scratch, &mut trace));
        });
        // The page following a tab files each move unsolved, then files the worker's verdict
        // onto it: its two costs a move, against the re-solve above.
        let mut unsolved: Vec<FrameRecord> = Vec::new();
        let filed = timed(&moves, |m| {
            unsolved.push(m.unsolved(&config, &mut scratch, &mut trace));
        });
        let verdicts: Vec<(Vec<u8>, &FrameRecord)> = (records.iter().zip(&unsolved))
            .map(|(r, u)| (judged::encode(&[Judged::of(r, 1).expect("a move")]), u))
            .collect();
        let verdict = timed(&verdicts, |(bytes, pending)| {
            let batch = judged::decode(bytes).expect("read");
            let one = batch.into_iter().next().expect("one");
            std::hint::black_box(one.file(pending, &config.tolerance).expect("filed"));
        });
        let verdict_bytes = verdicts.iter().map(|(b, _)| b.len()).sum::<usize>() / verdicts.len();
        let packed: Vec<Vec<u8>> = (records.iter())
            .map(|r| rmp_serde::to_vec_named(r).expect("packed"))
            .collect();
        let json: Vec<Vec<u8>> = (records.iter())
            .map(|r| serde_json::to_vec(r).expect("JSON"))
            .collect();
        let diverging: Vec<&FrameRecord> = (records.iter())
            .filter(|r| {
                r.game
                    .as_ref()
                    .is_some_and(|g| g.verdict(&config.tolerance).diverges)
            })
            .collect();
        let bytes = packed.iter().map(Vec::len).sum::<usize>() / packed.len();
        println!(
            "{name}: {} moves, {} diverge; the worker's mirror reads the stream at {mirror_us:.2} µs a move",
            moves.len(),
            diverging.len()
        );
        row("re-solve (traced)", &resolve);
        row("filed unsolved (page, tab)", &filed);
        row(
            &format!("verdict read + filed ({verdict_bytes} B)"),
            &verdict,
        );
        row(
            &format!("record read, MessagePack ({bytes} B)"),
            &timed(&packed, |b| {
                std::hint::black_box(rmp_serde::from_slice::<FrameRecord>(b).expect("read"));
            }),
        );
        row(
            "record read, JSON",
            &timed(&json, |b| {
                std::hint::black_box(serde_json::from_slice::<FrameRecord>(b).expect("read"));
            }),
        );
        let hint = SearchHint::default();
        row(
            "ask written (page, per search)",
            &timed(&diverging, |r| {
                let ask = Ask {
                    level: 1,
                    record: (*r).clone(),
                    hint: hint.clone(),
                    config,
                };
                std::hint::black_box(encode_ask(&ask).expect("written"));
            }),
        );
        row(
            "search of a diverging move",
            &timed(&diverging, |r| {
                std::hint::black_box(gather_live(&hint, &level, r, &config));
            }),
        );
    }
}
