//! Round trips through the writer and the reader, and the reader on broken input.

use std::io::Read;

use crate::read::{ReadError, Record, read_all};
use crate::{Contact, Move, MoveResult, ObjectPose, Pose, RecordingProbe, encode};

fn sample_move(i: u32) -> (Move, Vec<Contact>) {
    let mut m = Move::new(
        i % 3,
        [0.4, 0.9, 0.4],
        [i as f32, 0.91, -1.5],
        [0.1, -0.02, 0.0],
    );
    m.skin_es = Some(0.005);
    m.max_iterations = Some(5);
    m.result = Some(MoveResult {
        end: [i as f32 + 0.1, 0.9101, -1.5],
        integration_velocity: [0.1, 0.0, 0.0],
        iterations: 2,
    });
    let contacts = (0..i % 3)
        .map(|k| Contact {
            iteration: k,
            case: [Some(crate::Case::Face), None, Some(crate::Case::Vertex)][k as usize],
            t: 0.25 * k as f32,
            center: [1.0, 2.0, 3.0],
            point: [1.0, 1.1, 3.0],
            normal: [0.0, 1.0, 0.0],
            triangle: (k == 0).then_some(7),
        })
        .collect();
    (m, contacts)
}

fn sample_stream() -> Vec<u8> {
    let mut b = Vec::new();
    encode::header(&mut b);
    encode::mesh(
        &mut b,
        None,
        &[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, -1.0]],
        &[[0, 1, 2]],
    );
    for f in 0..3u64 {
        encode::frame(
            &mut b,
            &crate::Frame {
                frame: f,
                time_secs: f as f64 / 60.0,
                dt_secs: 1.0 / 60.0,
            },
        );
        let (m, c) = sample_move(f as u32);
        encode::move_record(&mut b, &m, &c);
    }
    encode::end(&mut b);
    b
}

#[test]
fn every_record_reads_back_bit_for_bit() {
    let mut b = Vec::new();
    encode::header(&mut b);
    let hash = encode::mesh(
        &mut b,
        None,
        &[[0.5, -1.0, 2.0]; 3],
        &[[0, 1, 2], [2, 1, 0]],
    );
    encode::use_mesh(&mut b, hash);
    encode::level_file(&mut b, 0xdead_beef, "levels/a b.glb");
    let (m, c) = sample_move(2);
    encode::move_record(&mut b, &m, &c);
    encode::mesh(&mut b, Some(4), &[[1.0, 2.0, 3.0]; 3], &[[0, 1, 2]]);
    let pose = ObjectPose {
        object: 4,
        previous: Pose::IDENTITY,
        current: Pose {
            rotation: [0.0, 0.6, 0.0, 0.8],
            translation: [1.0, f32::MIN_POSITIVE, -0.0],
        },
    };
    encode::object_poses(&mut b, &[pose]);
    encode::end(&mut b);
    let (records, err) = read_all(&b[..]);
    assert!(err.is_none(), "{err:?}");
    assert_eq!(records.len(), 7);
    assert!(
        matches!(&records[0], Record::Mesh(mesh) if mesh.hash == hash && mesh.indices == [[0, 1, 2], [2, 1, 0]])
    );
    assert_eq!(records[1], Record::UseMesh(hash));
    assert_eq!(
        records[2],
        Record::LevelFile {
            hash: 0xdead_beef,
            path: "levels/a b.glb".into()
        }
    );
    let Record::Move(mr) = &records[3] else {
        panic!("{:?}", records[3]);
    };
    assert_eq!(mr.mv, m);
    assert_eq!(mr.contacts, c);
    assert!(matches!(&records[4], Record::ObjectMesh { object: 4, .. }));
    let Record::ObjectPoses(p) = &records[5] else {
        panic!();
    };
    assert_eq!(
        p[0].current.translation[1].to_bits(),
        f32::MIN_POSITIVE.to_bits()
    );
    assert_eq!(p[0].current.translation[2].to_bits(), (-0.0f32).to_bits());
    assert_eq!(records[6], Record::End);
}

#[test]
fn an_earlier_writers_one_sided_flag_reads_and_writes_back_and_writers_never_set_it() {
    let (m, c) = sample_move(1);
    let mut written = Vec::new();
    encode::move_record(&mut written, &m, &c);
    let flags_at = 8 + 4; // record header, mover
    assert_eq!(
        written[flags_at] & 8,
        0,
        "a writer declares SIDEDNESS instead"
    );
    let mut old = written.clone();
    old[flags_at] |= 8;
    let mut file = Vec::new();
    encode::header(&mut file);
    file.extend_from_slice(&old);
    let (records, err) = read_all(&file[..]);
    assert!(err.is_none(), "{err:?}");
    let Record::Move(mr) = &records[0] else {
        panic!("{:?}", records[0]);
    };
    assert!(mr.one_sided_flag);
    assert_eq!(mr.mv, m);
    let mut again = Vec::new();
    encode::record(&mut again, &records[0]);
    assert_eq!(again, old);
}

#[test]
fn a_move_record_is_136_bytes_plus_52_a_contact() {
    let (m, c) = sample_move(2);
    let mut b = Vec::new();
    encode::move_record(&mut b, &m, &c);
    assert_eq!(c.len(), 2);
    assert_eq!(b.len(), 8 + 136 + 2 * 52);
}

#[test]
fn the_minimal_file_of_the_spec_matches_byte_for_byte() {
    let mut b = Vec::new();
    encode::header(&mut b);
    encode::frame(
        &mut b,
        &crate::Frame {
            frame: 7,
            time_secs: 0.5,
            dt_secs: 1.0 / 60.0,
        },
    );
    assert_eq!(
        b,
        [
            0x53, 0x4C, 0x50, 0x52, 0x4F, 0x42, 0x45, 0x00, 1, 0, 1, 0, 0, 0, 0, 0, 4, 0, 0, 0,
            0x14, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xE0, 0x3F, 0x89, 0x88, 0x88,
            0x3C
        ]
    );
}

#[test]
fn a_cut_at_every_byte_keeps_every_whole_record_before_it() {
    let b = sample_stream();
    let (all, err) = read_all(&b[..]);
    assert!(err.is_none());
    // Offsets where each record ends.
    let mut ends = Vec::new();
    let mut at = 16usize;
    while at < b.len() {
        let len = u32::from_le_bytes(b[at + 4..at + 8].try_into().unwrap()) as usize;
        at += 8 + len;
        ends.push(at);
    }
    for cut in 0..b.len() {
        let (records, err) = read_all(&b[..cut]);
        let whole = ends.iter().filter(|&&e| e <= cut).count();
        assert_eq!(records.len(), whole, "cut at {cut}");
        assert_eq!(records[..], all[..whole]);
        if cut < 16 {
            assert!(
                matches!(err, Some(ReadError::TruncatedHeader { .. })),
                "cut {cut}: {err:?}"
            );
        } else if ends.contains(&cut) || cut == 16 {
            assert!(err.is_none(), "cut {cut}: {err:?}");
        } else {
            assert!(
                matches!(err, Some(ReadError::Truncated { .. })),
                "cut {cut}: {err:?}"
            );
        }
    }
}

/// A reader that hands out one byte at a time (a slow socket).
struct Trickle<'a>(&'a [u8]);
impl Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.0.is_empty() || buf.is_empty() {
            return Ok(0);
        }
        buf[0] = self.0[0];
        self.0 = &self.0[1..];
        Ok(1)
    }
}

#[test]
fn a_stream_that_arrives_byte_by_byte_reads_the_same() {
    let b = sample_stream();
    let (a, _) = read_all(&b[..]);
    let (t, err) = read_all(Trickle(&b));
    assert!(err.is_none());
    assert_eq!(a, t);
}

fn with_record(kind: u32, payload: &[u8]) -> Vec<u8> {
    let mut b = Vec::new();
    encode::header(&mut b);
    encode::frame(
        &mut b,
        &crate::Frame {
            frame: 1,
            time_secs: 0.0,
            dt_secs: 0.01,
        },
    );
    b.extend_from_slice(&kind.to_le_bytes());
    b.extend_from_slice(&(payload.len() as u32).to_le_bytes());
    b.extend_from_slice(payload);
    b
}

/// Broken streams: (name, bytes, what the error must say), each after one whole `FRAME`.
fn broken_corpus() -> Vec<(&'static str, Vec<u8>, &'static str)> {
    let mut huge_mesh = Vec::new();
    huge_mesh.extend_from_slice(&0u64.to_le_bytes());
    huge_mesh.extend_from_slice(&3u32.to_le_bytes());
    huge_mesh.extend_from_slice(&u32::MAX.to_le_bytes()); // "a negative count"
    let mut lying_mesh = Vec::new();
    lying_mesh.extend_from_slice(&0u64.to_le_bytes());
    lying_mesh.extend_from_slice(&1_000_000u32.to_le_bytes());
    lying_mesh.extend_from_slice(&1u32.to_le_bytes());
    let mut corrupt = Vec::new();
    encode::mesh(
        &mut corrupt,
        None,
        &[[0.0; 3], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]],
        &[[0, 1, 2]],
    );
    corrupt[30] ^= 0x40; // a vertex bit flipped after the hash was computed
    let (m, c) = sample_move(2);
    let mut mv = Vec::new();
    encode::move_record(&mut mv, &m, &c);
    let mut many_contacts = mv[8..].to_vec();
    many_contacts[132..136].copy_from_slice(&5000u32.to_le_bytes());
    let mut path = Vec::new();
    path.extend_from_slice(&0u64.to_le_bytes());
    path.extend_from_slice(&2u32.to_le_bytes());
    path.extend_from_slice(&[0xff, 0xfe]);
    vec![
        (
            "mesh count over the limit",
            with_record(1, &huge_mesh),
            "exceeds the limit",
        ),
        (
            "mesh count past the payload",
            with_record(1, &lying_mesh),
            "the record has",
        ),
        (
            "corrupt mesh",
            [with_record(4, &[0; 20]), corrupt[..].to_vec()].concat(),
            "corrupt",
        ),
        (
            "short move",
            with_record(5, &mv[8..100]),
            "fixed part needs 136",
        ),
        (
            "too many contacts",
            with_record(5, &many_contacts),
            "exceeds the limit 4096",
        ),
        (
            "contacts past the payload",
            with_record(5, &mv[8..mv.len() - 1]),
            "the record has",
        ),
        ("short frame", with_record(4, &[0; 12]), "needs 20"),
        ("path not UTF-8", with_record(3, &path), "not UTF-8"),
    ]
}

#[test]
fn broken_inputs_are_one_error_after_the_records_before_them() {
    for (name, bytes, says) in broken_corpus() {
        let (records, err) = read_all(&bytes[..]);
        let err = err.unwrap_or_else(|| panic!("{name}: no error"));
        assert!(err.to_string().contains(says), "{name}: {err}");
        assert!(
            matches!(records.first(), Some(Record::Frame(_))),
            "{name}: kept {records:?}"
        );
    }
}

#[test]
fn a_record_claiming_two_to_the_forty_bytes_is_refused_without_allocating() {
    let mut b = with_record(1, &[]);
    let n = b.len();
    b[n - 4..].copy_from_slice(&0xFFFF_FFF0u32.to_le_bytes());
    let (records, err) = read_all(&b[..]);
    assert_eq!(records.len(), 1);
    assert!(
        matches!(
            err,
            Some(ReadError::RecordTooLong {
                len: 0xFFFF_FFF0,
                ..
            })
        ),
        "{err:?}"
    );
    // Under the limit but never sent: truncated, having read only what arrived.
    let mut b = with_record(1, &[]);
    let n = b.len();
    b[n - 4..].copy_from_slice(&(200u32 << 20).to_le_bytes());
    let (records, err) = read_all(&b[..]);
    assert_eq!(records.len(), 1);
    assert!(matches!(err, Some(ReadError::Truncated { .. })), "{err:?}");
}

#[test]
fn headers_garbage_wrong_version_and_unknown_kinds() {
    let (_, err) = read_all(&b"GIF89a\0\0garbage garbage"[..]);
    assert!(matches!(err, Some(ReadError::NotAProbeFile)), "{err:?}");
    let mut b = sample_stream();
    b[8] = 2;
    let (r, err) = read_all(&b[..]);
    assert!(r.is_empty());
    assert_eq!(
        err.map(|e| e.to_string()).as_deref(),
        Some("newer major version 2; this slidescope reads 1")
    );
    // A newer minor version with a record kind this reader does not know, and a MOVE with
    // trailing fields: both read.
    let mut b = with_record(99, &[1, 2, 3]);
    b[10] = 7;
    let (m, c) = sample_move(1);
    let mut mv = Vec::new();
    encode::move_record(&mut mv, &m, &c);
    let len = u32::from_le_bytes(mv[4..8].try_into().unwrap()) + 4;
    mv[4..8].copy_from_slice(&len.to_le_bytes());
    mv.extend_from_slice(&[9, 9, 9, 9]);
    b.extend_from_slice(&mv);
    let (r, err) = read_all(&b[..]);
    assert!(err.is_none(), "{err:?}");
    assert_eq!(r.len(), 2);
    assert!(matches!(&r[1], Record::Move(x) if x.mv == m));
}

#[test]
fn the_file_probe_writes_what_the_encoder_writes_and_ends_with_end() {
    let dir = std::env::temp_dir().join(format!("slsp-probe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("run.slidelog");
    {
        let mut p = RecordingProbe::save(&path).unwrap();
        let tri = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, -1.0]];
        p.set_level_mesh(&tri, &[[0, 1, 2]]);
        p.set_level_mesh(&tri, &[[0, 1, 2]]); // same mesh again: USE_MESH
        for f in 0..3u64 {
            p.frame(f, f as f64 / 60.0, 1.0 / 60.0);
            let (m, c) = sample_move(f as u32);
            p.log_move(&m, &c);
        }
    }
    let bytes = std::fs::read(&path).unwrap();
    let (records, err) = read_all(&bytes[..]);
    assert!(err.is_none(), "{err:?}");
    assert!(matches!(records[1], Record::UseMesh(_)));
    assert_eq!(
        records
            .iter()
            .filter(|r| matches!(r, Record::Move(_)))
            .count(),
        3
    );
    assert_eq!(records.last(), Some(&Record::End));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_tcp_probe_streams_every_record_and_a_late_sink_gets_the_level() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let reader = std::thread::spawn(move || {
        let (s, _) = listener.accept().unwrap();
        read_all(s)
    });
    {
        let mut p = RecordingProbe::new();
        p.set_level_mesh(&[[0.0; 3], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]], &[[0, 1, 2]]);
        // Connected after the level was set: the new sink still starts with it.
        p.also_connect(addr).unwrap();
        for f in 0..1000u64 {
            p.frame(f, 0.0, 0.01);
            let (m, c) = sample_move(f as u32);
            p.log_move(&m, &c);
        }
        assert!(p.errors().is_empty());
    }
    let (records, err) = reader.join().unwrap();
    assert!(err.is_none(), "{err:?}");
    assert!(matches!(records[0], Record::Mesh(_)));
    assert_eq!(
        records
            .iter()
            .filter(|r| matches!(r, Record::Move(_)))
            .count(),
        1000
    );
}

#[test]
fn a_viewer_that_goes_away_is_dropped_and_the_game_carries_on() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let mut p = RecordingProbe::connect(addr).unwrap();
    let (s, _) = listener.accept().unwrap();
    drop(s);
    drop(listener);
    let (m, c) = sample_move(1);
    for f in 0..20_000u64 {
        p.frame(f, 0.0, 0.01);
        p.log_move(&m, &c);
    }
    p.flush();
    assert_eq!(p.sink_count(), 0);
    assert_eq!(p.errors().len(), 1, "{:?}", p.errors());
}

#[test]
fn a_conventions_record_round_trips_and_its_unknown_entries_are_counted() {
    use crate::{Declared, IterationLimit, Padding, ShortMotion, Sidedness, UpAxis};
    let c = Declared {
        padding: Some(Padding::Velocity),
        short_motion: Some(ShortMotion::Dropped),
        min_motion_es: Some(0.005),
        dead_zone_m: Some(1e-3),
        iteration_limit: Some(IterationLimit::KeepLast),
        sidedness: Some(Sidedness::LeavingIgnored),
        up_axis: Some(UpAxis::PosZ),
        left_handed: Some(true),
        missing: Some(crate::format::missing::INTEGRATION_VELOCITY),
        ..Default::default()
    };
    let mut b = Vec::new();
    encode::header(&mut b);
    encode::conventions(&mut b, &c);
    // 9 entries of 8 bytes after the count.
    assert_eq!(b.len(), 16 + 8 + 4 + 9 * 8);
    // An entry with a key this reader does not know, and one with an unknown value.
    let mut odd = b.clone();
    odd[20..24].copy_from_slice(&(4u32 + 11 * 8).to_le_bytes());
    odd[24..28].copy_from_slice(&11u32.to_le_bytes());
    odd.extend_from_slice(&99u32.to_le_bytes());
    odd.extend_from_slice(&1u32.to_le_bytes());
    odd.extend_from_slice(&crate::format::convention::SIDEDNESS.to_le_bytes());
    odd.extend_from_slice(&7u32.to_le_bytes());
    let (records, err) = read_all(&b[..]);
    assert!(err.is_none());
    assert_eq!(
        records,
        vec![Record::Conventions {
            declared: c,
            unknown: 0
        }]
    );
    let (records, err) = read_all(&odd[..]);
    assert!(err.is_none(), "{err:?}");
    let Record::Conventions { declared, unknown } = records[0] else {
        panic!("{records:?}");
    };
    assert_eq!(unknown, 2);
    assert_eq!(declared.sidedness, Some(Sidedness::LeavingIgnored));
    assert!(c.flips_winding(), "left-handed, counter-clockwise fronts");
}

#[test]
fn a_1_0_file_still_reads_and_an_older_major_is_not_called_newer() {
    let mut b = Vec::new();
    encode::header(&mut b);
    b[10] = 0; // minor 0
    encode::end(&mut b);
    let (records, err) = read_all(&b[..]);
    assert!(err.is_none());
    assert_eq!(records, vec![Record::End]);
    b[8] = 0; // major 0
    let (_, err) = read_all(&b[..]);
    let text = err.unwrap().to_string();
    assert!(text.starts_with("unknown older major version 0"), "{text}");
}

#[test]
fn a_newer_minor_mesh_with_fields_after_its_indices_reads_and_keeps_its_hash() {
    // The hash covers the counts, positions and indices (docs/probe-format.md, MESH); a newer
    // minor version may append fields after them.
    let mut b = Vec::new();
    encode::header(&mut b);
    let start = b.len();
    let hash = encode::mesh(
        &mut b,
        None,
        &[[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
        &[[0, 2, 1]],
    );
    b.extend_from_slice(&[9, 9, 9, 9, 9, 9, 9, 9]);
    let len = (b.len() - start - 8) as u32;
    b[start + 4..start + 8].copy_from_slice(&len.to_le_bytes());
    let (records, err) = read_all(&b[..]);
    assert!(err.is_none(), "{err:?}");
    let Record::Mesh(m) = &records[0] else {
        panic!("{records:?}");
    };
    assert_eq!((m.hash, m.indices.len()), (hash, 1));
}

/// Every record of `bytes` pushed in pieces of the sizes `sizes` cycles through, read as soon
/// as each piece arrives; the first error stops it.
fn read_pushed(bytes: &[u8], sizes: &[usize]) -> (Vec<Record>, Option<ReadError>) {
    let mut r = crate::push::PushReader::new();
    let (mut out, mut rest) = (Vec::new(), bytes);
    for &n in sizes.iter().cycle() {
        let (piece, after) = rest.split_at(n.min(rest.len()));
        rest = after;
        if let Err(e) = r.push(piece) {
            return (out, Some(e));
        }
        loop {
            match r.next_record() {
                Ok(Some(rec)) => out.push(rec),
                Ok(None) => break,
                Err(e) => return (out, Some(e)),
            }
        }
        if rest.is_empty() {
            return (out, r.error_at_end());
        }
    }
    unreachable!("the cycle ends when the bytes do")
}

#[test]
fn a_stream_pushed_in_pieces_of_any_size_reads_as_the_file_does() {
    let mut b = sample_stream();
    // An unknown kind between known records is skipped however it is cut.
    let end = b.len() - 8;
    b.splice(
        end..end,
        [99u32.to_le_bytes(), 3u32.to_le_bytes()]
            .concat()
            .into_iter()
            .chain([1, 2, 3]),
    );
    let (file, err) = read_all(&b[..]);
    assert!(err.is_none());
    for sizes in [
        &[1][..],
        &[2],
        &[7],
        &[16],
        &[100_000],
        &[3, 1, 17, 64, 5],
        &[9, 200],
    ] {
        let (pushed, err) = read_pushed(&b, sizes);
        assert!(err.is_none(), "{sizes:?}: {err:?}");
        assert_eq!(pushed, file, "{sizes:?}");
    }
}

#[test]
fn a_pushed_stream_cut_anywhere_keeps_its_whole_records_and_says_where_it_was_cut() {
    let b = sample_stream();
    for cut in 0..b.len() {
        let (file, file_err) = read_all(&b[..cut]);
        let (pushed, err) = read_pushed(&b[..cut], &[5]);
        assert_eq!(pushed, file, "cut at {cut}");
        assert_eq!(format!("{err:?}"), format!("{file_err:?}"), "cut at {cut}");
    }
}

#[test]
fn the_broken_corpus_pushed_is_the_same_error_after_the_same_records() {
    for (name, bytes, says) in broken_corpus() {
        for sizes in [&[1][..], &[13], &[1 << 20]] {
            let (records, err) = read_pushed(&bytes, sizes);
            let err = err.unwrap_or_else(|| panic!("{name} {sizes:?}: no error"));
            assert!(err.to_string().contains(says), "{name}: {err}");
            assert_eq!(records, read_all(&bytes[..]).0, "{name} {sizes:?}");
        }
    }
    let mut r = crate::push::PushReader::new();
    r.push(b"NOTPROBE").unwrap();
    assert!(matches!(r.next_record(), Err(ReadError::NotAProbeFile)));
    assert!(
        matches!(r.next_record(), Ok(None)),
        "an error stops the reader"
    );
}

#[test]
fn a_push_past_the_limit_is_refused_and_the_records_before_it_stand() {
    let b = sample_stream();
    let mut r = crate::push::PushReader::with_limit(150);
    r.push(&b[..150]).unwrap();
    let mut read = 0;
    while let Ok(Some(_)) = r.next_record() {
        read += 1;
    }
    assert!(
        read >= 1,
        "the records whole in the first 150 bytes are read"
    );
    let err = r.push(&b[150..]).unwrap_err();
    assert!(err.to_string().contains("exceed the limit of 150"), "{err}");
    assert!(matches!(r.next_record(), Ok(None)));
}
