//! Random playouts through the game API ([`billes_core::game::Position`]):
//! from the start, each turn rolls the die (no die in Offboard), lists the
//! legal moves and plays one chosen at random, until the game is won. What
//! analysis by rollouts does millions of times.
//!
//! Figures per game: games per second and, as criterion's throughput,
//! moves (turns) per second on one core. The bar is `billes simulate`,
//! which plays and writes records.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::game::{Position, Roll};
use billes_core::{Engine, GameKind, Rng, Standard};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

/// Plays one random game from `start`; returns the turns played.
fn playout(start: &dyn Position, rng: &mut Rng) -> u32 {
    let mut pos = start.boxed();
    while !pos.is_over() && pos.turns() < 5000 {
        let roll = if pos.game().has_dice() {
            Roll::new(rng.die())
        } else {
            None
        };
        let moves = pos.legal_moves(roll).expect("legal moves");
        let mv = &moves[rng.below(moves.len())];
        pos.play(mv).expect("legal move");
    }
    pos.turns()
}

fn bench_game(c: &mut Criterion, kind: GameKind, seats: &str, games: usize) {
    let engine = Standard::new(kind);
    let start = engine
        .position(&[("Seats", seats)])
        .expect("start position");
    // The throughput is the turns of the games the bench plays, counted once.
    let mut rng = Rng::new(2026);
    let turns: u64 = (0..games)
        .map(|_| u64::from(playout(start.as_ref(), &mut rng)))
        .sum();
    let mut group = c.benchmark_group("playouts");
    group.sample_size(10);
    group.throughput(Throughput::Elements(turns));
    group.bench_function(format!("{kind} {games} games, {seats}"), |b| {
        b.iter(|| {
            let mut rng = Rng::new(2026);
            for _ in 0..games {
                black_box(playout(start.as_ref(), &mut rng));
            }
        })
    });
    group.finish();
}

fn playouts(c: &mut Criterion) {
    bench_game(c, billes_core::aggravation::KIND, "R B G Y", 20);
    bench_game(c, billes_core::barricade::KIND, "R G Y B", 20);
    bench_game(c, billes_core::offboard::KIND, "R B", 20);
}

criterion_group!(benches, playouts);
criterion_main!(benches);
