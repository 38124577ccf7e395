//! Rollouts per second on one core, for each game: the heuristic player
//! plays the game out from the start position, the dice and the player's
//! choices from a seeded generator. What `billes analyze` spends its time on.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_analysis::{rollout, Heuristic, Policy};
use billes_core::game::{Position, Roll};
use billes_core::{Engine, GameKind, Rng, Standard};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

/// The mean length in turns of `rollouts` heuristic games from `start`,
/// and how many passed `max_turns` unfinished (printed with the figures:
/// rollouts per second mean little without the length of a rollout).
fn lengths(start: &dyn Position, policy: &dyn Policy, rollouts: u64, max_turns: u32) -> (f64, u64) {
    let mut total = 0u64;
    let mut unfinished = 0;
    for i in 0..rollouts {
        let mut dice = Rng::new(i);
        let mut choices = Rng::new(i ^ 0xABCD);
        let mut pos = start.boxed();
        while !pos.is_over() && pos.turns() < max_turns {
            let roll = if pos.next().dice {
                Roll::new(dice.die())
            } else {
                None
            };
            let Some(mv) = policy
                .pick(pos.as_ref(), roll, &mut choices)
                .expect("legal moves")
            else {
                break;
            };
            pos.play(&mv).expect("legal move");
        }
        total += u64::from(pos.turns());
        unfinished += u64::from(!pos.is_over());
    }
    (total as f64 / rollouts as f64, unfinished)
}

fn bench_game(c: &mut Criterion, kind: GameKind, seats: &str, rollouts: u64) {
    let engine = Standard::new(kind);
    let start = engine
        .position(&[("Seats", seats)])
        .expect("start position");
    let policy = Heuristic::for_game(kind);
    let (mean, unfinished) = lengths(start.as_ref(), &policy, rollouts, 5000);
    eprintln!("{kind}, {seats}: {mean:.0} turns per rollout, {unfinished} of {rollouts} unfinished after 5000");
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
    bench_game(c, billes_core::aggravation::KIND, "R B G Y", 20);
    bench_game(c, billes_core::aggravation::KIND, "R G", 20);
    bench_game(c, billes_core::barricade::KIND, "R G Y B", 20);
    bench_game(c, billes_core::barricade::KIND, "R G", 20);
    bench_game(c, billes_core::offboard::KIND, "R B", 20);
}

criterion_group!(benches, rollouts);
criterion_main!(benches);
