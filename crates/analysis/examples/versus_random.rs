//! The heuristic player against the uniformly random player: win rate over
//! many two-player games of each game, the seat order swapped every other
//! game.
//!
//! ```text
//! cargo run --release -p billes-analysis --example versus_random -- 2000
//! ```

use billes_analysis::{Heuristic, Policy, Uniform};
use billes_core::game::{Position, Roll};
use billes_core::{Engine, ReplayError, Rng, Standard};

/// Plays one game, `players[i]` for seat `i`; the winning seat's index.
fn play(
    start: &dyn Position,
    players: [&dyn Policy; 2],
    rng: &mut Rng,
) -> Result<Option<usize>, ReplayError> {
    let seats = start.seats();
    let mut pos = start.boxed();
    while !pos.is_over() && pos.turns() < 5000 {
        let roll = if pos.next().dice {
            Roll::new(rng.die())
        } else {
            None
        };
        let moves = pos.legal_moves(roll)?;
        let seat = moves[0].seat.as_str().to_string();
        let who = seats.iter().position(|s| *s == seat).unwrap_or(0);
        let i = players[who].choose(pos.as_ref(), &moves, rng);
        pos.play(&moves[i])?;
    }
    Ok(pos
        .winners()
        .and_then(|w| w.first().and_then(|s| seats.iter().position(|x| x == s))))
}

fn main() -> Result<(), ReplayError> {
    let games: u32 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2000);
    println!("game          games  heuristic wins  win rate");
    for (kind, seats) in [
        (billes_core::aggravation::KIND, "R G"),
        (billes_core::barricade::KIND, "R G"),
        (billes_core::offboard::KIND, "R B"),
    ] {
        let rules = Standard::new(kind);
        let start = rules.position(&[("Seats", seats)])?;
        let heuristic = Heuristic::for_game(kind);
        let mut rng = Rng::new(2026);
        let mut wins = 0;
        for g in 0..games {
            let first = g % 2 == 0;
            let players: [&dyn Policy; 2] = if first {
                [&heuristic, &Uniform]
            } else {
                [&Uniform, &heuristic]
            };
            let winner = play(start.as_ref(), players, &mut rng)?;
            if winner == Some(if first { 0 } else { 1 }) {
                wins += 1;
            }
        }
        println!(
            "{:<12} {games:>6}  {wins:>14}  {:>7.1}%",
            kind.name(),
            100.0 * f64::from(wins) / f64::from(games)
        );
    }
    Ok(())
}
