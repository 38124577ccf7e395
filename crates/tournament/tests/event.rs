//! A simulated event, end to end: the seats drawn round by round, the
//! games played by the simulator, the records read back as `billes
//! standings` reads them; and every figure checked against an independent
//! computation made here from the records alone (each game replayed to its
//! end by the core, placed, scored and ranked by this file's own code).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;
use std::path::Path;

use billes_core::{GameKind, Rng, SimOptions, Standard};
use billes_notation::{write_game, Game, Tag};
use billes_tournament::draw::{self, Settings};
use billes_tournament::read::{self, Options};
use billes_tournament::standings::{self, Standings, TieBreak};

/// Plays an event of `players` players over `rounds` rounds at tables of
/// `size`, writing one file a round into `dir`; games stop unfinished
/// after `max_turns` turns. The tables of every round.
fn event(dir: &Path, kind: GameKind, players: usize, rounds: u32, size: usize, max_turns: u32) {
    let names: Vec<String> = (0..players).map(|i| format!("Player {i:02}")).collect();
    let mut past: Vec<Vec<String>> = Vec::new();
    let mut rng = Rng::new(11);
    for round in 1..=rounds {
        let settings = Settings {
            table_size: size,
            seed: u64::from(round),
            ..Settings::default()
        };
        let drawn = draw::draw(&names, &past, &settings).unwrap();
        let mut text = String::new();
        for (k, table) in drawn.tables.iter().enumerate() {
            let options = SimOptions {
                players: table.players.len(),
                teams: None,
                max_turns,
            };
            let mut game = billes_core::simulate(kind, &options, &mut rng).unwrap();
            let seats: Vec<String> = game
                .tag("Seats")
                .unwrap()
                .split(' ')
                .map(String::from)
                .collect();
            let mut tags = vec![
                tag("Event", "Simulated open"),
                tag("Round", &round.to_string()),
                tag("Table", &(k + 1).to_string()),
            ];
            for (seat, name) in seats.iter().zip(&table.players) {
                tags.push(tag(&read::name_tag(seat).unwrap(), name));
            }
            game.tags.splice(0..0, tags);
            text.push_str(&write_game(&game));
            text.push('\n');
            past.push(table.players.clone());
        }
        std::fs::write(dir.join(format!("round-{round}.bgn")), text).unwrap();
    }
}

fn tag(name: &str, value: &str) -> Tag {
    Tag {
        name: name.into(),
        value: value.into(),
        span: Default::default(),
    }
}

/// The standings of the records of `dir`, read with `jobs` threads.
fn standings_of(dir: &Path, jobs: usize) -> Vec<Standings> {
    let found = billes_archive::input::expand_in_order(&[dir.to_path_buf()]);
    let options = Options {
        jobs,
        ..Options::default()
    };
    let read = read::read(found, &options, &mut |_| {}).unwrap();
    assert!(read.left_out.is_empty(), "{:?}", read.left_out);
    standings::of(read.tables, &TieBreak::DEFAULT)
}

/// A game's players and their places.
type Placed = Vec<(String, u32)>;

/// One player's figures, computed here.
#[derive(Debug, Default, Clone)]
struct Mine {
    games: u32,
    points: f64,
    wins: u32,
    progress: u64,
    opponents: f64,
}

/// Each game of `dir` replayed by the core to its end: its players (name,
/// place, points) placed and scored by this test's own rules, and checked
/// against the position: winners first, then by the position's progress.
fn independent(dir: &Path, table_points: &[f64]) -> (BTreeMap<String, Mine>, Vec<Placed>, u32) {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort_by_key(|p| {
        let s = p.file_stem().unwrap().to_string_lossy().into_owned();
        s.trim_start_matches("round-").parse::<u32>().unwrap()
    });
    let mut mine: BTreeMap<String, Mine> = BTreeMap::new();
    let mut games: Vec<Placed> = Vec::new();
    let mut adjudicated = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        for game in billes_notation::parse_games(&text) {
            let game = game.unwrap();
            let (placed, over) = place(&game);
            adjudicated += u32::from(!over);
            let places: Vec<u32> = placed.iter().map(|p| p.1).collect();
            for (name, place, progress) in &placed {
                let tied: Vec<usize> = (0..places.len()).filter(|&j| places[j] == *place).collect();
                let first = *place as usize - 1;
                let pts: f64 =
                    table_points[first..first + tied.len()].iter().sum::<f64>() / tied.len() as f64;
                let m = mine.entry(name.clone()).or_default();
                m.games += 1;
                m.points += pts;
                m.wins += u32::from(*place == 1);
                m.progress += progress;
            }
            games.push(placed.iter().map(|p| (p.0.clone(), p.1)).collect());
        }
    }
    // The opponents' points, once every game's points are known.
    let totals: BTreeMap<String, f64> = mine.iter().map(|(k, m)| (k.clone(), m.points)).collect();
    for g in &games {
        for (name, _) in g {
            let sum: f64 = g
                .iter()
                .filter(|(o, _)| o != name)
                .map(|(o, _)| totals[o])
                .sum();
            mine.get_mut(name).unwrap().opponents += sum;
        }
    }
    (mine, games, adjudicated)
}

/// The players of `game`, replayed to its end: (name, place, progress), and
/// whether the game is over. The winners first, then by progress.
fn place(game: &Game) -> (Vec<(String, u32, u64)>, bool) {
    let engine = Standard::of(game).unwrap();
    let pos = billes_core::position_after(&engine, game, game.line.turns.len() as u32).unwrap();
    let winners = pos.winners().unwrap_or_default();
    let board = pos.hook_view();
    let mut seats: Vec<(String, bool, u64)> = pos
        .seats()
        .iter()
        .map(|s| {
            (
                s.to_string(),
                winners.contains(s),
                u64::from(board.progress(s)),
            )
        })
        .collect();
    seats.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)));
    let mut out = Vec::new();
    for (seat, won, progress) in &seats {
        let place = if *won {
            1
        } else {
            let first = seats.iter().position(|o| !o.1 && o.2 == *progress).unwrap();
            first as u32 + 1
        };
        let name = game
            .tag(&billes_tournament::read::name_tag(seat).unwrap())
            .unwrap();
        out.push((name.to_string(), place, *progress));
    }
    (out, pos.is_over())
}

/// Checks the standings of `dir` against the independent computation.
fn check(dir: &Path, table_points: &[f64]) -> Vec<Standings> {
    let events = standings_of(dir, 2);
    assert_eq!(events.len(), 1);
    let s = &events[0];
    let (mine, games, adjudicated) = independent(dir, table_points);
    // Every game's placings, as the final position gives them.
    assert_eq!(s.tables.len(), games.len());
    for (t, want) in s.tables.iter().zip(&games) {
        let got: Vec<(String, u32)> = t
            .players
            .iter()
            .map(|p| (p.player.clone(), p.place))
            .collect();
        let mut want = want.clone();
        let mut got_sorted = got.clone();
        want.sort();
        got_sorted.sort();
        assert_eq!(got_sorted, want, "{} game {}", t.file, t.game);
    }
    assert_eq!(
        s.tables.iter().filter(|t| t.adjudicated).count() as u32,
        adjudicated
    );
    assert!(
        adjudicated > 0,
        "the event should stop some games unfinished"
    );
    // Every player's figures.
    assert_eq!(s.players.len(), mine.len());
    for r in &s.players {
        let m = &mine[&r.player];
        assert_eq!(r.games, m.games, "{}", r.player);
        assert!(
            (r.points - m.points).abs() < 1e-9,
            "{}: {} vs {}",
            r.player,
            r.points,
            m.points
        );
        assert_eq!(r.wins, m.wins, "{}", r.player);
        assert_eq!(r.progress, m.progress, "{}", r.player);
        assert!((r.opponents - m.opponents).abs() < 1e-9, "{}", r.player);
    }
    // The ranking: by points, wins, head-to-head, opponents, progress.
    for pair in s.players.windows(2) {
        let (a, b) = (&mine[&pair[0].player], &mine[&pair[1].player]);
        let key = |m: &Mine| (m.points, m.wins);
        assert!(
            key(a) >= key(b),
            "{} before {}",
            pair[0].player,
            pair[1].player
        );
        if key(a) == key(b) {
            // Level on points and wins: head-to-head among the tied decides,
            // then the opponents' points, then progress.
            let h = (pair[0].head_to_head.unwrap(), pair[1].head_to_head.unwrap());
            assert!(h.0 >= h.1);
            if h.0 == h.1 {
                assert!((a.opponents, a.progress) >= (b.opponents, b.progress));
                if (a.opponents, a.progress) == (b.opponents, b.progress) {
                    assert_eq!(pair[0].rank, pair[1].rank);
                }
            }
        }
        if pair[0].rank == pair[1].rank {
            assert!(pair[0].player < pair[1].player);
        }
    }
    // Head-to-head checked by its own count for every tied group.
    for r in s.players.iter().filter(|r| r.head_to_head.is_some()) {
        let group: Vec<&str> = s
            .players
            .iter()
            .filter(|o| {
                let (x, y) = (&mine[&o.player], &mine[&r.player]);
                (x.points, x.wins) == (y.points, y.wins)
            })
            .map(|o| o.player.as_str())
            .collect();
        let mut ahead = 0;
        for g in &games {
            if let Some(me) = g.iter().find(|(n, _)| *n == r.player) {
                ahead += g
                    .iter()
                    .filter(|(n, p)| group.contains(&n.as_str()) && *n != r.player && me.1 < *p)
                    .count() as u32;
            }
        }
        assert_eq!(r.head_to_head, Some(ahead), "{}", r.player);
    }
    events
}

#[test]
fn a_simulated_aggravation_event_of_32_players_at_tables_of_four() {
    let dir = tempfile::tempdir().unwrap();
    event(dir.path(), billes_core::aggravation::KIND, 32, 5, 4, 300);
    let events = check(dir.path(), &[5.0, 3.0, 1.0, 0.0]);
    assert_eq!(events[0].rounds.len(), 5);
    assert_eq!(events[0].tables.len(), 40);
    // The same standings whatever the number of threads.
    assert_eq!(events, standings_of(dir.path(), 1));
}

#[test]
fn a_simulated_barricade_event_at_tables_of_two() {
    let dir = tempfile::tempdir().unwrap();
    event(dir.path(), billes_core::barricade::KIND, 16, 5, 2, 120);
    let events = check(dir.path(), &[1.0, 0.0]);
    assert_eq!(events[0].tables.len(), 40);
}
