//! Rollouts per second on one core, for each game: the heuristic player
//! plays the game out from the start position, the dice and the player's
//! choices from a seeded generator. What `billes analyze` spends its time on.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_analysis::{rollout, Heuristic};
use billes_core::{Engine, GameKind, Rng, Standard};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

fn bench_game(c: &mut Criterion, kind: GameKind, seats: &str, rollouts: u64) {
    let engine = Standard::new(kind);
    let start = engine
        .position(&[("Seats", seats)])
        .expect("start position");
    let policy = Heuristic::for_game(kind);
    let mut group = c.benchmark_group("rollouts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(rollouts));
    group.bench_function(format!("{kind}, {seats}, from the start"), |b| {
        b.iter(|| {
            for i in 0..rollouts {
                let mut dice = Rng::new(i);
                let mut choices = Rng::new(i ^ 0xABCD);
                black_box(
                    rollout(start.as_ref(), &policy, &mut dice, &mut choices, 5000)
                        .expect("rollout"),
                );
            }
        })
    });
    group.finish();
}

fn rollouts(c: &mut Criterion) {
    bench_game(c, GameKind::Aggravation, "R B G Y", 20);
    bench_game(c, GameKind::Aggravation, "R G", 20);
    bench_game(c, GameKind::Barricade, "R G Y B", 20);
    bench_game(c, GameKind::Offboard, "R B", 20);
}

criterion_group!(benches, rollouts);
criterion_main!(benches);
