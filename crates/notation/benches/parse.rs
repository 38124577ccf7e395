//! Parsing speed on a large multi-game file (MiB/s, one core).
//!
//! The input is generated here, shaped like real race-game records: a dozen
//! tags, a few hundred turns of one to three actions, some comments, NAGs and
//! variations.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use billes_notation::{parse_games, write_games, Reader};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn sample(games: usize) -> String {
    let mut text = String::new();
    let seats = ["R", "B", "G", "Y"];
    let mut x: u64 = 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for g in 0..games {
        text.push_str(&format!(
            "[Game \"aggravation\"]\n[Event \"Club championship\"]\n[Round \"{g}\"]\n[Date \"2026.11.22\"]\n[Seats \"R B G Y\"]\n[Result \"*\"]\n\n"
        ));
        for t in 1..=300u32 {
            let seat = seats[(t as usize) % 4];
            let roll = next() % 6 + 1;
            let from = next() % 84;
            let to = from + roll;
            text.push_str(&format!("{t}. {seat}{roll} "));
            match next() % 10 {
                0 => text.push_str("--"),
                1 => text.push('+'),
                2 => text.push_str(&format!("r{from}-r{to}*")),
                3 => text.push_str(&format!("r{from}-c-g0 {{centre}}")),
                4 => text.push_str(&format!("r{from}-r{to} !")),
                _ => text.push_str(&format!("r{from}-r{to}")),
            }
            if t % 97 == 0 {
                text.push_str(&format!(" ({t}. {seat}{roll} --)"));
            }
            text.push('\n');
        }
        text.push_str("*\n\n");
    }
    text
}

fn bench(c: &mut Criterion) {
    let text = sample(200);
    // Canonical form, so the input is what `billes fmt` writes.
    let games: Vec<_> = parse_games(&text).into_iter().map(Result::unwrap).collect();
    let text = write_games(&games);
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("parse_games", |b| {
        b.iter(|| {
            let games = parse_games(black_box(&text));
            black_box(games.len())
        })
    });
    group.bench_function("reader_then_parse", |b| {
        b.iter(|| {
            let mut n = 0;
            for source in Reader::new(black_box(text.as_bytes())) {
                n += source.unwrap().parse().unwrap().line.turns.len();
            }
            black_box(n)
        })
    });
    group.bench_function("reader_only", |b| {
        b.iter(|| {
            let mut n = 0;
            for source in Reader::new(black_box(text.as_bytes())) {
                n += source.unwrap().text.len();
            }
            black_box(n)
        })
    });
    group.bench_function("write_games", |b| {
        b.iter(|| black_box(write_games(black_box(&games)).len()))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
