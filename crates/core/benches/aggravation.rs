//! Replay speed of Aggravation records: simulated 4-player games, checked
//! turn by turn (target: 15 million turns per second on one core).
//!
//! Validation streams one game at a time, just parsed and so in cache; the
//! bench keeps its set of games small enough for that too (a few MB of AST
//! for thousands of games would measure memory latency instead).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::aggravation::Aggravation;
use billes_core::game::GameRules;
use billes_core::variant::NoHooks;
use billes_core::{replay_with, Rng, SimOptions};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

fn replay_four_player_games(c: &mut Criterion) {
    let rules = Aggravation::default();
    let options = SimOptions {
        players: 4,
        teams: None,
        max_turns: 5000,
    };
    let mut rng = Rng::new(2024);
    let games: Vec<_> = (0..20)
        .map(|_| {
            rules
                .simulate(&options, &mut rng, &NoHooks)
                .expect("simulated game")
        })
        .collect();
    let turns: u64 = games.iter().map(|g| g.line.turns.len() as u64).sum();
    let mut group = c.benchmark_group("aggravation");
    group.throughput(Throughput::Elements(turns));
    group.bench_function("replay 20 four-player games", |b| {
        b.iter(|| {
            for game in &games {
                let summary =
                    replay_with(&rules, black_box(game), &mut |_| {}).expect("valid game");
                black_box(summary);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, replay_four_player_games);
criterion_main!(benches);
