//! Replay speed of Aggravation records under variants: natively, under a
//! variant that only sets parameters (must match native), and under a
//! variant with a per-move `allow` hook (target: at least 0.3 of native).
//!
//! The same 20 simulated four-player games are replayed in each case: from
//! their parsed records (`replay/...`), and from their text, parsed then
//! replayed as `billes validate` does (`validate/...`).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::aggravation::Aggravation;
use billes_core::game::GameRules;
use billes_core::variant::NoHooks;
use billes_core::{Engine, Rng, SimOptions};
use billes_lua::{Variant, VariantSource};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};

/// Restates default parameters: a parameter-only variant that accepts the
/// standard games.
const PARAMS_ONLY: &str = "return { name = 'params-only', game = 'aggravation',\n\
    params = { marbles = 4, home_size = 4, shortcuts = true } }";

/// A per-move hook that looks at the move and the position and allows it.
const HOOKED: &str = "return { name = 'hooked', game = 'aggravation', hooks = {\n\
    allow = function(move, pos)\n\
      if move.captures == 'X' or move.roll > 6 then return false, 'never' end\n\
      return true\n\
    end,\n\
  } }";

fn replay_under_variants(c: &mut Criterion) {
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
    let params_only =
        Variant::load(&VariantSource::from_text("params-only.lua", PARAMS_ONLY)).unwrap();
    let hooked = Variant::load(&VariantSource::from_text("hooked.lua", HOOKED)).unwrap();
    let text = billes_notation::write_games(&games);
    let engines: [(&str, &dyn Engine); 3] = [
        (
            "native",
            &billes_core::Standard::new(billes_core::aggravation::KIND),
        ),
        ("parameter-only variant", &params_only),
        ("per-move hook", &hooked),
    ];
    let mut group = c.benchmark_group("replay");
    group.throughput(Throughput::Elements(turns));
    for (name, engine) in engines {
        group.bench_function(name, |b| {
            b.iter(|| {
                for game in &games {
                    black_box(
                        engine
                            .replay(
                                black_box(game),
                                &mut |_| std::ops::ControlFlow::Continue(()),
                            )
                            .expect("valid"),
                    );
                }
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group("validate");
    group.throughput(Throughput::Elements(turns));
    for (name, engine) in engines {
        group.bench_function(name, |b| {
            b.iter(|| {
                for source in billes_notation::Reader::new(black_box(text.as_bytes())) {
                    let game = source.expect("readable").parse().expect("parses");
                    black_box(
                        engine
                            .replay(&game, &mut |_| std::ops::ControlFlow::Continue(()))
                            .expect("valid"),
                    );
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, replay_under_variants);
criterion_main!(benches);
