//! Offboard replay speed (turns/s, one core) on simulated games, and the
//! speed of the legal move generator (perft from the start).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use billes_core::game::GameRules;
use billes_core::offboard::Offboard;
use billes_core::variant::NoHooks;
use billes_core::{replay_with, Rng, SimOptions};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn replay(c: &mut Criterion) {
    let rules = Offboard::default();
    let options = SimOptions {
        max_turns: 1000,
        ..SimOptions::default()
    };
    let games: Vec<_> = (0..200)
        .map(|seed| {
            rules
                .simulate(&options, &mut Rng::new(seed), &NoHooks)
                .expect("simulates")
        })
        .collect();
    let turns: usize = games.iter().map(|g| g.line.turns.len()).sum();
    let mut group = c.benchmark_group("offboard");
    group.throughput(Throughput::Elements(turns as u64));
    group.bench_function("replay", |b| {
        b.iter(|| {
            for game in &games {
                black_box(replay_with(&rules, black_box(game), &mut |_| {}).expect("valid"));
            }
        })
    });
    let start = rules.start();
    group.throughput(Throughput::Elements(rules.perft(&start, 3)));
    group.bench_function("perft3_start", |b| {
        b.iter(|| rules.perft(black_box(&start), 3))
    });
    group.finish();
}

criterion_group!(benches, replay);
criterion_main!(benches);
