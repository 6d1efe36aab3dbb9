//! The probe's cost in the game: nanoseconds per logged move (a move with two contacts, a
//! frame marker every 1,000 moves) with the probe off (`NoopProbe`, what a release build
//! without the `enabled` feature compiles), writing a file, and streaming over TCP to a
//! reader on loopback that drains the socket. The writer thread runs beside the measured
//! loop; its work shows up only if it falls behind (the game then waits for it).
//!
//! Two loads: `sustained` logs as fast as it can for seconds (gigabytes: the figure is then
//! the sink's bandwidth, the disk's for a file), `burst` logs 1,000 moves (a crowd's frame)
//! and then lets the writer drain outside the timing, as a game at 60 Hz does.
//!
//! Run: `cargo bench --bench probe`.

use std::hint::black_box;
use std::io::Read;

use criterion::{Criterion, criterion_group, criterion_main};
use slidescope_probe::{Case, Contact, Move, MoveResult, NoopProbe, RecordingProbe};

fn sample() -> (Move, [Contact; 2]) {
    let mut m = Move::new(3, [0.4, 0.9, 0.4], [1.0, 0.905, -2.0], [0.05, -0.01, 0.02]);
    m.skin_es = Some(1e-3);
    m.result = Some(MoveResult {
        end: [1.05, 0.905, -1.98],
        integration_velocity: [0.05, 0.0, 0.02],
        iterations: 2,
    });
    let c = Contact {
        iteration: 0,
        case: Some(Case::Face),
        t: 0.4,
        center: [1.02, 0.905, -1.99],
        point: [1.02, 0.005, -1.99],
        normal: [0.0, 1.0, 0.0],
        triangle: Some(17),
    };
    (m, [c, Contact { iteration: 1, ..c }])
}

fn bench(c: &mut Criterion) {
    let (m, contacts) = sample();
    let mut g = c.benchmark_group("probe_log_move");
    let mut noop = NoopProbe::new();
    g.bench_function("off", |b| {
        b.iter(|| noop.log_move(black_box(&m), black_box(&contacts)))
    });
    // A crowd's frame: 1,000 moves timed, then the writer drains (untimed).
    let burst =
        |name: &str, probe: &mut RecordingProbe, g: &mut criterion::BenchmarkGroup<'_, _>| {
            g.bench_function(name, |b| {
                b.iter_custom(|iters| {
                    let mut total = std::time::Duration::ZERO;
                    let mut left = iters;
                    while left > 0 {
                        let n = left.min(1000);
                        let t = std::time::Instant::now();
                        probe.frame(0, 0.0, 1.0 / 60.0);
                        for _ in 0..n {
                            probe.log_move(black_box(&m), black_box(&contacts));
                        }
                        total += t.elapsed();
                        probe.flush();
                        left -= n;
                    }
                    total
                })
            });
        };
    let dir = std::env::temp_dir().join(format!("slidescope-probe-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut file = RecordingProbe::save(dir.join("burst.slidelog")).expect("file");
    burst("file_burst", &mut file, &mut g);
    drop(file);
    let mut file = RecordingProbe::save(dir.join("bench.slidelog")).expect("file");
    let mut n = 0u64;
    g.bench_function("file_sustained", |b| {
        b.iter(|| {
            n += 1;
            if n.is_multiple_of(1000) {
                file.frame(n / 1000, 0.0, 1.0 / 60.0);
            }
            file.log_move(black_box(&m), black_box(&contacts))
        })
    });
    drop(file);
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("addr");
    let reader = std::thread::spawn(move || {
        let (mut s, _) = listener.accept().expect("accept");
        let mut buf = vec![0u8; 1 << 20];
        let mut total = 0u64;
        while let Ok(k) = s.read(&mut buf) {
            if k == 0 {
                break;
            }
            total += k as u64;
        }
        total
    });
    let mut tcp = RecordingProbe::connect(addr).expect("connect");
    burst("tcp_burst", &mut tcp, &mut g);
    g.bench_function("tcp_sustained", |b| {
        b.iter(|| {
            n += 1;
            if n.is_multiple_of(1000) {
                tcp.frame(n / 1000, 0.0, 1.0 / 60.0);
            }
            tcp.log_move(black_box(&m), black_box(&contacts))
        })
    });
    g.finish();
    drop(tcp);
    let bytes = reader.join().unwrap_or(0);
    println!("tcp: the reader received {bytes} bytes");
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
