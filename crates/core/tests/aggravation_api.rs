//! The game API for Aggravation against the checker: on every position of
//! simulated games (2, 4 and 6 players, partnership and team play, the
//! parameters house rules change, a variant with hooks), the list of legal
//! moves holds exactly what the checker accepts and plays to the same
//! position; the `Position` tag gives the position back; `parse_move` reads
//! each listed move back; and move counts ("perft") match the data file.
#![allow(clippy::unwrap_used)]

use billes_core::aggravation::{Aggravation, Need, Params};
use billes_core::game::{perft, GameRules, Move, MoveRules, Position, Roll, RulesPosition};
use billes_core::hooked::{HookedRules, WithHooks};
use billes_core::variant::{HookError, Hooks, MoveView, NoHooks, TeamRoll, Verdict};
use billes_core::{Engine, Rng, SimOptions, Standard};
use billes_notation::{Action, Game, Name, Path, Seat, Span};

/// The seat letters, clockwise.
const LETTERS: [&str; 6] = ["r", "b", "p", "g", "y", "w"];

/// Every hole name of the board: the loop, every HOME hole a HOME may
/// have (up to 8), the centre.
fn all_holes() -> Vec<String> {
    let mut out = Vec::new();
    for l in LETTERS {
        out.extend((0..14).map(|o| format!("{l}{o}")));
        out.extend((1..=8).map(|i| format!("{l}h{i}")));
    }
    out.push("c".into());
    out
}

/// Whether star hole `b` follows star hole `a` on the ring.
fn follows(a: &str, b: &str) -> bool {
    let star = |h: &str| LETTERS.iter().position(|l| h == format!("{l}0"));
    matches!((star(a), star(b)), (Some(i), Some(j)) if (i + 1) % 6 == j)
}

/// What a move does, marks and spans aside: `+`, `--` or its path, with
/// the teammate who moves.
fn key(mover: Option<Seat>, action: &Action) -> (Option<Seat>, String) {
    let what = match action {
        Action::Place { .. } => "+".to_string(),
        Action::Pass { .. } => "--".to_string(),
        Action::Move { path, .. } => {
            let names: Vec<&str> = path.iter().map(|n| n.as_str()).collect();
            // The full spelling of a ring move ending on a star hole names
            // the star hole between: g0-y0-w0 is g0-w0.
            match names.as_slice() {
                [f, x, t] if follows(f, x) && follows(x, t) => format!("{f}-{t}"),
                _ => names.join("-"),
            }
        }
        other => format!("{other}"),
    };
    (mover, what)
}

/// A move written without marks.
fn path_action(holes: &[&str]) -> Action {
    let path: Path = holes.iter().map(|h| Name::new(h)).collect();
    Action::Move {
        path,
        capture: None,
        barricade: false,
        span: Span::default(),
    }
}

/// Counts of what was checked.
#[derive(Default, Debug)]
struct Counts {
    positions: u64,
    moves: u64,
    candidates: u64,
    accepted: u64,
    team_rolls: u64,
}

/// The position as a program sees it, for comparing two of them: the tag
/// holds every marble, BASE and HOME, the seat to roll and what the board
/// does not show; `next` who may roll and for whom.
fn look<R: MoveRules + Clone>(pos: &RulesPosition<R>) -> (String, billes_core::game::Next) {
    (pos.position_tag(), pos.next())
}

/// The position set up again from its `Position` tag.
fn from_tag<R: MoveRules + Clone>(rules: R, game: &Game, tag: &str) -> RulesPosition<R> {
    let mut text = "[Game \"aggravation\"]\n".to_string();
    for name in ["Seats", "Teams"] {
        if let Some(v) = game.tag(name) {
            text.push_str(&format!("[{name} \"{v}\"]\n"));
        }
    }
    if !tag.is_empty() {
        text.push_str(&format!("[Position \"{tag}\"]\n"));
    }
    text.push_str("\n*\n");
    let record = billes_notation::parse_game(&text).unwrap();
    RulesPosition::start(rules, &record).unwrap()
}

/// Checks every position of `game` under `rules`; the written candidates
/// on every `every`-th position.
fn check_game<R: MoveRules + Clone>(rules: R, game: &Game, every: usize, counts: &mut Counts) {
    let holes = all_holes();
    let mut pos = RulesPosition::start(rules.clone(), game).unwrap();
    for (i, turn) in game.line.turns.iter().enumerate() {
        let tag = pos.position_tag();
        let back = from_tag(rules.clone(), game, &tag);
        assert_eq!(look(&back), look(&pos), "{tag}");
        assert_eq!(back.text_board(), pos.text_board(), "{tag}");
        let next = pos.next();
        let n = pos.turns() + 1;
        for seat in &next.seats {
            for roll in Roll::ALL {
                let moves = pos.legal_moves_for(*seat, Some(roll)).unwrap();
                let context = format!("{tag}, {seat}{roll}");
                assert!(!moves.is_empty(), "{context}");
                assert_eq!(
                    back.legal_moves_for(*seat, Some(roll)).unwrap(),
                    moves,
                    "{context}: the position from its tag has other moves"
                );
                let listed = Listed {
                    pos: &pos,
                    moves: &moves,
                    seat,
                    roll,
                    context: &context,
                };
                check_moves(&listed, i % 3 == 0, counts);
                if i % every == 0 && seat == &next.seats[0] {
                    check_candidates(&listed, &next, &holes, counts);
                }
            }
            let _ = n;
        }
        counts.positions += 1;
        pos.play_turn(turn).unwrap();
    }
}

/// The moves a position lists for a seat and a roll, with what an
/// assertion about them prints.
struct Listed<'a, R: MoveRules> {
    pos: &'a RulesPosition<R>,
    moves: &'a [Move],
    seat: &'a str,
    roll: Roll,
    context: &'a str,
}

/// Each listed move: accepted by the checker, the same position as
/// `Position::play`; when `parse`, read back by `parse_move` with and
/// without marks.
fn check_moves<R: MoveRules + Clone>(listed: &Listed<'_, R>, parse: bool, counts: &mut Counts) {
    let Listed {
        pos,
        moves,
        seat,
        roll,
        context,
    } = *listed;
    let n = pos.turns() + 1;
    for (j, mv) in moves.iter().enumerate() {
        assert_eq!(mv.seat.as_str(), seat, "{context}");
        assert_eq!(mv.roll, Some(roll), "{context}");
        assert!(
            !moves[..j].contains(mv),
            "{context}: {} listed twice",
            mv.turn()
        );
        let mut state = pos.state().clone();
        pos.rules()
            .play(&mut state, &mv.to_turn(n))
            .unwrap_or_else(|e| panic!("{context}: {} refused: {}", mv.turn(), e.message));
        let checked = RulesPosition::from_state(pos.rules().clone(), state, n);
        let mut played = pos.clone();
        played.play(mv).unwrap();
        assert_eq!(look(&checked), look(&played), "{context}: {}", mv.turn());
        counts.moves += 1;
        if !parse {
            continue;
        }
        let line = mv.turn();
        assert_eq!(&pos.parse_move(Some(roll), &line).unwrap(), mv, "{line}");
        let bare = line.replace('*', "");
        assert_eq!(&pos.parse_move(Some(roll), &bare).unwrap(), mv, "{bare}");
        if mv.mover.is_none() && pos.to_act().as_deref() == Some(seat) {
            let text = mv.to_string().replace('*', "");
            assert_eq!(&pos.parse_move(Some(roll), &text).unwrap(), mv, "{text}");
        }
    }
}

/// Every written candidate of the seat and its teammates (each own marble
/// to every hole, and through every star hole to every hole it could lead
/// to; `+`; `--`):
/// the checker accepts it exactly when the list holds a move doing the
/// same, and it then plays to the same position.
fn check_candidates<R: MoveRules + Clone>(
    listed: &Listed<'_, R>,
    next: &billes_core::game::Next,
    holes: &[String],
    counts: &mut Counts,
) {
    let Listed {
        pos,
        moves,
        seat,
        roll,
        context,
    } = *listed;
    let n = pos.turns() + 1;
    let mut movers: Vec<Option<Seat>> = vec![None];
    for need in &next.needs {
        if let Some(Need::Teammate { seats }) = need.downcast_ref::<Need>() {
            movers.extend(seats.iter().map(|s| Some(Seat::from(s.as_str()))));
            counts.team_rolls += 1;
        }
    }
    let listed: Vec<(Option<Seat>, String)> =
        moves.iter().map(|m| key(m.mover, &m.actions[0])).collect();
    let stars: Vec<String> = LETTERS.iter().map(|l| format!("{l}0")).collect();
    for mover in movers {
        let moving = mover.map_or(seat.to_string(), |m| m.to_string());
        let pieces = pos.hook_view().pieces(&moving);
        let mut actions = vec![
            Action::Place {
                to: None,
                capture: None,
                span: Span::default(),
            },
            Action::Pass {
                span: Span::default(),
            },
        ];
        for from in &pieces {
            for to in holes {
                actions.push(path_action(&[from, to]));
            }
            // Through a star hole: to each hole of the side it starts, of
            // the next side (where a ring exit leads), the centre and the
            // mover's HOME.
            for (i, star) in stars.iter().enumerate() {
                let sides = [LETTERS[i], LETTERS[(i + 1) % 6]];
                for to in holes.iter().filter(|h| {
                    sides.iter().any(|l| h.starts_with(l))
                        || *h == "c"
                        || h.starts_with(&format!("{}h", moving.to_lowercase()))
                }) {
                    if star != from && star != to {
                        actions.push(path_action(&[from, star, to]));
                    }
                }
            }
        }
        for action in actions {
            let mv = Move::new(Seat::from(seat), Some(roll), [action.clone()]).with_mover(mover);
            let mut state = pos.state().clone();
            let accepted = pos.rules().play(&mut state, &mv.to_turn(n)).is_ok();
            let k = key(mv.mover, &action);
            let found = listed.iter().position(|l| *l == k);
            assert_eq!(
                accepted,
                found.is_some(),
                "{context}: {} is {} by the checker, {} in the list {:?}",
                mv.turn(),
                if accepted { "accepted" } else { "refused" },
                if found.is_some() { "but" } else { "not" },
                moves.iter().map(Move::turn).collect::<Vec<_>>()
            );
            if let Some(j) = found {
                let checked = RulesPosition::from_state(pos.rules().clone(), state, n);
                let mut played = pos.clone();
                played.play(&moves[j]).unwrap();
                assert_eq!(look(&checked), look(&played), "{context}: {}", mv.turn());
                counts.accepted += 1;
            }
            counts.candidates += 1;
        }
    }
}

/// Simulated games per setup: 2 (1 in an unoptimised build unless
/// `AGGRAVATION_API_GAMES` says otherwise).
fn games() -> usize {
    std::env::var("AGGRAVATION_API_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 1 } else { 2 })
}

/// The setups of a parameter set: (players, teams).
fn setups(all: bool) -> Vec<(usize, Option<&'static str>)> {
    let mut out = vec![(2, None), (4, Some("R+G B+Y")), (6, Some("R+P+Y B+G+W"))];
    if all {
        out.extend([(4, None), (6, None), (6, Some("R+G B+Y P+W"))]);
    }
    out
}

fn options(players: usize, teams: Option<&str>, max_turns: u32) -> SimOptions {
    SimOptions {
        players,
        teams: teams.map(String::from),
        max_turns,
    }
}

/// The written candidates are tried on every `every()`-th position: they
/// are many, each refused one an error message with its list. Every 53rd in
/// an unoptimised build, every 11th in an optimised one, every 7th with
/// `AGGRAVATION_API_EVERY=7`.
fn every() -> usize {
    std::env::var("AGGRAVATION_API_EVERY")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 53 } else { 11 })
        .max(1)
}

/// The parameter sets of the house rules, each with whether to try every setup.
fn parameter_sets() -> Vec<(&'static str, Params, bool)> {
    let d = Params::default;
    vec![
        ("standard", d(), true),
        (
            "five marbles",
            Params {
                marbles: 5,
                home_size: 5,
                ..d()
            },
            false,
        ),
        (
            "no shortcuts",
            Params {
                shortcuts: false,
                ..d()
            },
            false,
        ),
        (
            "star ring next turn only",
            Params {
                star_ring_next_turn_only: true,
                order: billes_core::aggravation::Order::Seats,
                ..d()
            },
            false,
        ),
        (
            "frozen HOME",
            Params {
                home_moves: false,
                ..d()
            },
            false,
        ),
        (
            "partners block",
            Params {
                jump_partners: false,
                ..d()
            },
            false,
        ),
        (
            "no entering onto partners",
            Params {
                enter_onto_partner: false,
                ..d()
            },
            false,
        ),
    ]
}

#[test]
fn the_list_is_what_the_checker_accepts() {
    let mut counts = Counts::default();
    for (name, params, all) in parameter_sets() {
        let rules = Aggravation::new(params).unwrap();
        for (players, teams) in setups(all) {
            let mut rng = Rng::new(17);
            for _ in 0..games() {
                // With HOME frozen most games never end: a part of one is enough.
                let max_turns = if name == "frozen HOME" { 300 } else { 1500 };
                let options = options(players, teams, max_turns);
                let game = rules.simulate(&options, &mut rng, &NoHooks).unwrap();
                eprintln!(
                    "{name}, {players} players {teams:?}: {} turns",
                    game.line.turns.len()
                );
                check_game(rules.clone(), &game, every(), &mut counts);
            }
        }
    }
    eprintln!("{counts:?}");
    assert!(counts.positions > 10_000, "{counts:?}");
    assert!(counts.team_rolls > 0, "{counts:?}");
}

/// A house rule for the test: partners are never aggravated, and a finished
/// player's roll goes to the teammates who can use it (to all when none can).
struct Kind;

impl Hooks for Kind {
    fn allow(&self, mv: &MoveView<'_>) -> Result<Verdict, HookError> {
        Ok(match mv.text("captures") {
            Some(v) if v != mv.seat && mv.position.team(mv.seat).iter().any(|s| s == v) => {
                Verdict::Forbid(format!("{v} is {}'s partner", mv.seat))
            }
            _ => Verdict::Allow,
        })
    }

    fn roll_for(&self, roll: &TeamRoll<'_>) -> Result<Option<Vec<String>>, HookError> {
        let able: Vec<String> = roll
            .teammates
            .iter()
            .filter(|(_, legal)| !legal.is_empty())
            .map(|(s, _)| s.clone())
            .collect();
        Ok((!able.is_empty()).then_some(able))
    }
}

#[test]
fn the_list_is_what_the_checker_accepts_under_hooks() {
    let rules = Aggravation::default();
    let hooked = WithHooks::new(&rules, &Kind);
    let mut counts = Counts::default();
    for (players, teams) in setups(false) {
        let mut rng = Rng::new(5);
        for _ in 0..games() {
            let game = rules
                .simulate_hooked(&options(players, teams, 1500), &mut rng, &Kind)
                .unwrap();
            check_game(hooked, &game, every(), &mut counts);
        }
    }
    eprintln!("{counts:?}");
    assert!(counts.team_rolls > 0, "{counts:?}");
}

#[test]
fn a_hook_failure_is_a_variant_error() {
    struct Broken;
    impl Hooks for Broken {
        fn allow(&self, _: &MoveView<'_>) -> Result<Verdict, HookError> {
            Err(HookError::new("allow: broken"))
        }
    }
    let rules = Aggravation::default();
    let hooked = WithHooks::new(&rules, &Broken);
    let record =
        billes_notation::parse_game("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n*\n").unwrap();
    let pos = RulesPosition::start(hooked, &record).unwrap();
    let e = pos.legal_moves(Roll::new(6)).unwrap_err();
    assert_eq!(e.kind(), billes_core::ErrorKind::Variant);
    assert_eq!(e.to_string(), "allow: broken");
    // A roll with nothing to allow asks no hook: a pass.
    assert_eq!(pos.legal_moves(Roll::new(3)).unwrap()[0].to_string(), "--");
}

/// Perft data: `rules | seats | teams | position | depth=count ...`, as
/// documented at the top of the file.
const PERFT: &str = include_str!("data/perft/aggravation.txt");

#[test]
fn move_counts_match_the_data_file() {
    let print = std::env::var_os("PERFT_PRINT").is_some();
    let mut checked = 0;
    for line in PERFT.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [rules, seats, teams, position, counts] = fields[..] else {
            panic!("bad line: {line}");
        };
        assert_eq!(rules, "standard", "{line}");
        let mut tags = vec![("Seats", seats)];
        if teams != "-" {
            tags.push(("Teams", teams));
        }
        if position != "start" {
            tags.push(("Position", position));
        }
        let engine = Standard::new(billes_core::aggravation::KIND);
        let pos = engine.position(&tags).unwrap();
        for count in counts.split_whitespace() {
            let (depth, expected) = count.split_once('=').unwrap();
            let depth: u32 = depth.parse().unwrap();
            let got = perft(pos.as_ref(), depth).unwrap();
            if print {
                println!("{seats} | {position} | {depth}={got}");
                continue;
            }
            assert_eq!(
                got,
                expected.parse::<u64>().unwrap(),
                "{line} at depth {depth}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 12 || print, "{checked}");
}
