//! Barricade replay speed: turns per second on one core, replaying
//! simulated games (2 to 4 players) with `Rules::play`, as `billes validate`
//! does after parsing; and under `placement = next_whole_turn`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use billes_core::barricade::{Barricade, Params, Placement};
use billes_core::hooked::HookedRules;
use billes_core::variant::NoHooks;
use billes_core::{replay_with, Rng, Rules, SimOptions};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn simulated(rules: &Barricade) -> Vec<billes_notation::Game> {
    let mut rng = Rng::new(2024);
    (0..60)
        .map(|i| {
            let options = SimOptions {
                players: 2 + i % 3,
                ..SimOptions::default()
            };
            rules
                .simulate_hooked(&options, &mut rng, &NoHooks)
                .expect("simulated game")
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let rules = Barricade::default();
    let games = simulated(&rules);
    let turns: usize = games.iter().map(|g| g.line.turns.len()).sum();
    let mut group = c.benchmark_group("barricade");
    group.throughput(Throughput::Elements(turns as u64));
    group.bench_function("play", |b| {
        b.iter(|| {
            for game in &games {
                let mut state = rules.setup(game).expect("setup");
                for turn in &game.line.turns {
                    rules.play(&mut state, black_box(turn)).expect("valid turn");
                }
                black_box(&state);
            }
        })
    });
    group.bench_function("replay_with", |b| {
        b.iter(|| {
            for game in &games {
                black_box(replay_with(&rules, black_box(game), &mut |_| {}).expect("valid"));
            }
        })
    });
    group.finish();
    // A 6 and its replays one turn: every turn goes the checked way.
    let whole = Barricade::new(Params {
        placement: Placement::NextWholeTurn,
        ..Params::default()
    });
    let games = simulated(&whole);
    let turns: usize = games.iter().map(|g| g.line.turns.len()).sum();
    let mut group = c.benchmark_group("barricade_next_whole_turn");
    group.throughput(Throughput::Elements(turns as u64));
    group.bench_function("play", |b| {
        b.iter(|| {
            for game in &games {
                let mut state = whole.setup(game).expect("setup");
                for turn in &game.line.turns {
                    whole.play(&mut state, black_box(turn)).expect("valid turn");
                }
                black_box(&state);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
