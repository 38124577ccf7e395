//! A rough replay-speed probe (the criterion bench is the reference):
//! `cargo test --release -p billes-core --test barricade_speed -- --ignored --nocapture`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::barricade::Barricade;
use billes_core::{Rng, Rules, SimOptions};

#[test]
#[ignore]
fn replay_speed() {
    let rules = Barricade::default();
    let mut rng = Rng::new(2024);
    let games: Vec<_> = (0..60)
        .map(|i| {
            let options = SimOptions {
                players: 2 + i % 3,
                ..SimOptions::default()
            };
            rules.simulate(&options, &mut rng).expect("simulated")
        })
        .collect();
    let start = std::time::Instant::now();
    let mut turns = 0u64;
    for _ in 0..50 {
        for game in &games {
            let mut st = rules.setup(game).expect("setup");
            for turn in &game.line.turns {
                rules
                    .play(&mut st, std::hint::black_box(turn))
                    .expect("valid");
                turns += 1;
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{turns} turns in {secs:.3} s: {:.1} million turns/s",
        turns as f64 / secs / 1e6
    );
}
