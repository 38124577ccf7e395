//! Barricade through the game API: the generator of legal moves agrees with
//! the checker of written turns on every position of simulated games (under
//! every rule set and under a hook), the `Position` tag gives each position
//! back, `parse_move` reads each listed move, and perft numbers are kept.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeSet, HashMap};

use billes_core::barricade::{Barricade, Board, HeldOnCapture, Params, Placement, Six};
use billes_core::game::{
    perft, GameRules, Move, MoveRules, Position, Roll, RulesPosition, TwoStep,
};
use billes_core::hooked::WithHooks;
use billes_core::variant::{HookError, Hooks, MoveKind, MoveView, NoHooks, Verdict};
use billes_core::{Rng, SimOptions};
use billes_notation::{parse_game, Action, Actions, Game, Name, Path, Seat, Span, Turn};

/// A written turn with its marks dropped: the pawn move (or `--`) as its
/// start and landing, and the set of points where barricades go down.
type Key = (String, BTreeSet<String>);

/// The key of a turn, and whether its path goes through the goal (a bounce
/// may be written `i13-h13` or `i13-i14-h13`; the goal, written, must be
/// on the way).
fn key(actions: &[Action]) -> (Key, bool) {
    let goal = Board::standard().name(Board::standard().goal());
    let mut pawn = String::new();
    let mut via_goal = false;
    let mut downs = BTreeSet::new();
    for a in actions {
        match a {
            Action::Barricade { at, .. } => {
                downs.insert(at.to_string());
            }
            Action::Move { path, .. } => {
                let (first, last) = (path[0], path[path.len() - 1]);
                pawn = format!("{first}-{last}");
                via_goal = path[1..path.len() - 1].contains(goal);
            }
            other => pawn = other.to_string(),
        }
    }
    ((pawn, downs), via_goal)
}

/// The rule sets: the standard rules, the shipped `malefiz` variant's
/// parameters, and every value of `placement`, `six`, `held_on_capture`
/// and `bounce` (and `bounce_freezes`, `bounce_takes_barricade`, `barricade_on_goal`,
/// `forbidden_rows`, `pawns`).
fn rule_sets() -> Vec<(&'static str, Params)> {
    vec![
        ("standard", Params::default()),
        (
            "malefiz",
            Params {
                placement: Placement::Immediately,
                six: Six::Nothing,
                bounce: false,
                ..Params::default()
            },
        ),
        (
            "immediately, must replay, capturer at once",
            Params {
                placement: Placement::Immediately,
                six: Six::MustReplay,
                held_on_capture: HeldOnCapture::CapturerAtOnce,
                ..Params::default()
            },
        ),
        (
            "next turn, must replay, capturer at once, no bounce",
            Params {
                six: Six::MustReplay,
                held_on_capture: HeldOnCapture::CapturerAtOnce,
                bounce: false,
                ..Params::default()
            },
        ),
        (
            "no replay, bounce blocked by barricades, barricades anywhere",
            Params {
                six: Six::Nothing,
                bounce_takes_barricade: false,
                barricade_on_goal: true,
                forbidden_rows: vec![],
                ..Params::default()
            },
        ),
        (
            "three pawns, capturer at once, the pawn before the goal not frozen",
            Params {
                pawns: 3,
                bounce_freezes: false,
                held_on_capture: HeldOnCapture::CapturerAtOnce,
                ..Params::default()
            },
        ),
        (
            "next whole turn",
            Params {
                placement: Placement::NextWholeTurn,
                ..Params::default()
            },
        ),
        (
            "next whole turn, must replay, capturer at once",
            Params {
                placement: Placement::NextWholeTurn,
                six: Six::MustReplay,
                held_on_capture: HeldOnCapture::CapturerAtOnce,
                ..Params::default()
            },
        ),
    ]
}

fn record(seats: &str, position: Option<&str>) -> Game {
    let tag = position.map_or(String::new(), |p| format!("[Position \"{p}\"]\n"));
    parse_game(&format!(
        "[Game \"barricade\"]\n[Seats \"{seats}\"]\n{tag}\n*\n"
    ))
    .expect("record parses")
}

/// The position `mv` leads to, played by the checker (`Rules::play`) on a
/// copy of the state; `None` when the checker refuses it.
fn checked<R: MoveRules + Clone>(pos: &RulesPosition<R>, turn: &Turn) -> Option<RulesPosition<R>> {
    let mut state = pos.state().clone();
    pos.rules().play(&mut state, turn).ok()?;
    Some(RulesPosition::from_state(
        pos.rules().clone(),
        state,
        pos.turns() + 1,
    ))
}

/// What two positions must share to be the same.
fn summary(pos: &dyn Position) -> impl PartialEq + std::fmt::Debug {
    (pos.position_tag(), pos.next(), pos.winners())
}

/// Every pawn move a player could write with seat `seat`'s pieces, marks
/// left out: each own pawn and the house to every point of the board, and
/// the bounce through the goal to every point; and `--`.
fn pawn_candidates(pos: &dyn Position, seat: &str) -> Vec<Action> {
    let board = Board::standard();
    let view = pos.hook_view();
    let mut froms: Vec<String> = view.pieces(seat);
    if view.reserve(seat) > 0 {
        froms.push("h".into());
    }
    let points: Vec<Name> = board.points().map(|p| *board.name(p)).collect();
    let goal = *board.name(board.goal());
    let before = *board.name(board.before_goal());
    let mut out = vec![Action::Pass {
        span: Span::default(),
    }];
    let step = |path: &[Name]| Action::Move {
        path: Path::from(path),
        capture: None,
        barricade: false,
        span: Span::default(),
    };
    for from in &froms {
        let from = Name::new(from);
        for &to in &points {
            out.push(step(&[from, to]));
        }
        if from == before {
            for &to in &points {
                out.push(step(&[from, goal, to]));
            }
        }
    }
    out
}

/// Checks the generator against the checker in `pos`, for every seat that
/// may act and every roll. `candidates`: also try the written candidates.
fn check_position<R: MoveRules + Clone>(
    pos: &RulesPosition<R>,
    rng: &mut Rng,
    candidates: bool,
    what: &str,
) {
    let board = Board::standard();
    let number = pos.turns() + 1;
    let next = pos.next();
    for (i, seat) in next.seats.iter().enumerate() {
        for roll in Roll::ALL {
            let moves = pos
                .legal_moves_for(*seat, Some(roll))
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            assert!(!moves.is_empty(), "{what}: no move for {seat}{roll}");
            // The same list in two steps: the rules' own, and read from it.
            let steps = pos
                .legal_two_steps_for(*seat, Some(roll))
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            let expanded: Vec<Move> = steps.iter().flat_map(TwoStep::moves).collect();
            assert_eq!(expanded, moves, "{what}: {seat}{roll} in two steps");
            assert_eq!(TwoStep::group(moves.clone()), steps, "{what}: {seat}{roll}");
            // Every listed move: accepted by the checker, the same
            // position as `Position::play`, read back by `parse_move`.
            // By key: the position after the move, and whether it bounces.
            let mut listed: HashMap<Key, (String, bool)> = HashMap::new();
            let step = (moves.len() / 2).max(1);
            for (j, mv) in moves.iter().enumerate() {
                assert_eq!(mv.seat.as_str(), seat);
                assert_eq!(mv.roll, Some(roll));
                let turn = mv.to_turn(number);
                let after = checked(pos, &turn)
                    .unwrap_or_else(|| panic!("{what}: listed {} refused", mv.turn()));
                let sampled = j % step == 0;
                let tag = if candidates || sampled {
                    after.position_tag()
                } else {
                    String::new()
                };
                if sampled {
                    let mut played = pos.clone();
                    played.play(mv).expect("a listed move plays");
                    assert_eq!(summary(&after), summary(&played), "{what}: {}", mv.turn());
                    let text = if i == 0 { mv.to_string() } else { mv.turn() };
                    let read = pos
                        .parse_move(Some(roll), &text)
                        .unwrap_or_else(|e| panic!("{what}: {text}: {e}"));
                    assert_eq!(&read, mv, "{what}: {text}");
                }
                let (k, bounce) = key(&mv.actions);
                assert!(
                    listed.insert(k, (tag, bounce)).is_none(),
                    "{what}: {} listed twice",
                    mv.turn()
                );
            }
            if !candidates {
                continue;
            }
            // Written candidates: accepted exactly when listed (marks aside).
            let some_downs: Vec<&BTreeSet<String>> = listed.keys().map(|k| &k.1).collect();
            let random_point = |rng: &mut Rng| {
                let p = board.points().nth(rng.below(board.len())).expect("a point");
                board.name(p).to_string()
            };
            for pawn in pawn_candidates(pos, seat) {
                let pawn_key = key(std::slice::from_ref(&pawn)).0 .0;
                let mut downs: Vec<BTreeSet<String>> = listed
                    .keys()
                    .filter(|k| k.0 == pawn_key)
                    .take(2)
                    .map(|k| k.1.clone())
                    .collect();
                let known = downs.clone();
                if known.is_empty() {
                    // Not listed: refused with the barricades of a listed
                    // move (the pass's, when the pass is listed).
                    downs.push(some_downs[rng.below(some_downs.len())].clone());
                } else {
                    // Listed: with one barricade less, one more, or a
                    // random point instead of the last.
                    for set in &known {
                        let mut less = set.clone();
                        let last = less.pop_last();
                        let mut more = set.clone();
                        more.insert(random_point(rng));
                        let mut other = less.clone();
                        other.insert(random_point(rng));
                        downs.push(more);
                        if last.is_some() {
                            downs.push(less);
                            downs.push(other);
                        }
                    }
                }
                for set in downs {
                    let mut actions = Actions::new();
                    actions.push(pawn.clone());
                    for p in &set {
                        actions.push(Action::Barricade {
                            at: Name::new(p),
                            span: Span::default(),
                        });
                    }
                    let turn = Turn::new(
                        number,
                        Seat::new(seat),
                        Some(u32::from(roll.get())),
                        None,
                        actions,
                    );
                    let (k, via_goal) = key(&turn.actions);
                    let after = checked(pos, &turn);
                    let same = listed
                        .get(&k)
                        .filter(|(_, bounce)| *bounce || !via_goal)
                        .map(|(tag, _)| tag);
                    match (same, after) {
                        (Some(tag), Some(after)) => {
                            assert_eq!(&after.position_tag(), tag, "{what}: {}", turn_text(&turn))
                        }
                        (None, None) => {}
                        (Some(_), None) => {
                            panic!("{what}: listed {} refused", turn_text(&turn))
                        }
                        (None, Some(_)) => {
                            panic!("{what}: {} accepted, not listed", turn_text(&turn))
                        }
                    }
                }
            }
        }
    }
}

fn turn_text(turn: &Turn) -> String {
    Move::from_turn(turn).map_or_else(String::new, |m| m.turn())
}

/// Round trip: the position set up from its `Position` tag is the same.
fn check_tag<R: MoveRules + Clone>(pos: &RulesPosition<R>, seats: &str, what: &str) {
    let game = record(seats, Some(&pos.position_tag()));
    let back = RulesPosition::start(pos.rules().clone(), &game)
        .unwrap_or_else(|e| panic!("{what}: {}: {e}", pos.position_tag()));
    assert_eq!(summary(&back), summary(pos), "{what}");
    assert_eq!(back.text_board(), pos.text_board(), "{what}");
    let roll = Roll::new(pos.turns() as u8 % 6 + 1);
    for seat in pos.next().seats {
        assert_eq!(
            back.legal_moves_for(seat, roll).ok(),
            pos.legal_moves_for(seat, roll).ok(),
            "{what}: {seat}{roll:?}"
        );
    }
}

/// Walks a simulated game, checking every position (the written
/// candidates on one in `every`).
fn walk<R: MoveRules + Clone>(rules: R, game: &Game, every: usize, rng: &mut Rng, what: &str) {
    let seats = game.tag("Seats").expect("Seats tag").to_string();
    let mut pos = RulesPosition::start(rules, game).expect("start");
    for (i, turn) in game.line.turns.iter().enumerate() {
        let what = format!("{what}, turn {}: {}", turn.number, pos.position_tag());
        check_position(&pos, rng, i % every == 0, &what);
        check_tag(&pos, &seats, &what);
        pos.play_turn(turn).expect("simulated turn");
    }
    check_tag(&pos, &seats, what);
    if pos.is_over() {
        assert!(pos.next().seats.is_empty());
        assert!(pos.legal_moves(Roll::new(3)).is_err());
    }
}

/// Simulates a game of 2, 3 and 4 players under each of `sets` (indices
/// in [`rule_sets`]) and walks them.
fn agree(sets: &[usize], seed: u64) {
    let mut rng = Rng::new(seed);
    let all = rule_sets();
    for &i in sets {
        let (name, params) = &all[i];
        let rules = Barricade::new(params.clone());
        for players in 2..=4 {
            let options = SimOptions {
                players,
                max_turns: 120,
                ..SimOptions::default()
            };
            let game = rules
                .simulate(&options, &mut rng, &NoHooks)
                .expect("simulated game");
            let what = format!("{name}, {players} players");
            walk(&rules, &game, CANDIDATES_EVERY, &mut rng, &what);
        }
    }
}

/// The written candidates are tried on one position in this many (they
/// are several hundred a roll; the listed moves are checked everywhere).
const CANDIDATES_EVERY: usize = 12;

#[test]
fn the_generator_agrees_with_the_checker_under_the_standard_and_malefiz_rules() {
    agree(&[0, 1], 2024);
}

#[test]
fn the_generator_agrees_with_the_checker_when_barricades_go_down_at_once() {
    agree(&[2, 3], 2025);
}

#[test]
fn the_generator_agrees_with_the_checker_without_replays_or_with_three_pawns() {
    agree(&[4, 5], 2026);
}

#[test]
fn the_generator_agrees_with_the_checker_when_a_6_and_its_replays_are_one_turn() {
    agree(&[6, 7], 2027);
}

/// Positions set up for `placement = next_whole_turn`: barricades due at
/// the end of a pending replay, two held from the last turn, one kept by
/// a taker still on its point, under `may_replay` and `must_replay`.
#[test]
fn whole_turn_put_downs_agree() {
    let mut rng = Rng::new(11);
    let whole = |six: Six| {
        Barricade::new(Params {
            placement: Placement::NextWholeTurn,
            six,
            ..Params::default()
        })
    };
    let cases = [
        (Six::MayReplay, "R:e5,c1 B:o3 move=R held=R:e5,R"),
        (
            Six::MayReplay,
            "R:c5 B:o3 move=B held=R,R,R due=R,R replay=R:c5",
        ),
        (
            Six::MayReplay,
            "R:c5 B:o3 move=B held=R:c5,R due=R replay=R:c5",
        ),
        (Six::MustReplay, "R:e5 B:o3 move=R held=R"),
        (Six::MustReplay, "R:c5 B:o3 move=B held=R due=R replay=R:c5"),
        (Six::Nothing, "R:e5 B:o3 move=R held=R"),
    ];
    for (six, tag) in cases {
        let rules = whole(six);
        let pos = RulesPosition::start(&rules, &record("R B", Some(tag))).expect("start");
        check_position(&pos, &mut rng, true, tag);
        check_tag(&pos, "R B", tag);
        // Under a hook that asks about every put-down, too.
        let hooks = PutDownRules;
        let hooked = WithHooks::new(&rules, &hooks);
        let pos = RulesPosition::start(hooked, &record("R B", Some(tag))).expect("start");
        check_position(&pos, &mut rng, true, &format!("{tag}, hooked"));
    }
    // A 6 line with a held barricade: kept (the replay follows) or put
    // down (declined), each listed; under must_replay only kept.
    let count = |six: Six, tag: &str| {
        let pos = RulesPosition::start(whole(six), &record("R B", Some(tag))).expect("start");
        let moves = pos.legal_moves(Roll::new(6)).expect("moves");
        let pawn = |m: &Move| m.actions[0].to_string();
        let kept: BTreeSet<String> = moves
            .iter()
            .filter(|m| m.actions.len() == 1)
            .map(pawn)
            .collect();
        let down: BTreeSet<String> = moves
            .iter()
            .filter(|m| m.actions.len() == 2)
            .map(pawn)
            .collect();
        (kept, down)
    };
    let (kept, down) = count(Six::MayReplay, "R:e5 B:o3 move=R held=R");
    assert!(
        !kept.is_empty() && kept == down,
        "{kept:?} kept, {down:?} put down"
    );
    let (kept, down) = count(Six::MustReplay, "R:e5 B:o3 move=R held=R");
    assert!(!kept.is_empty() && down.is_empty(), "{down:?}");
}

#[test]
fn finished_games_and_bounces_agree_too() {
    // Whole games to the goal (the bounce comes near the end).
    let mut rng = Rng::new(77);
    for (name, params) in rule_sets().into_iter().take(2) {
        let rules = Barricade::new(params);
        let mut finished = 0;
        for seed in 0..40 {
            let options = SimOptions {
                players: 2,
                max_turns: 300,
                ..SimOptions::default()
            };
            let game = rules
                .simulate(&options, &mut Rng::new(seed), &NoHooks)
                .expect("simulated game");
            if game.outcome.winners.is_empty() || game.line.turns.len() > 300 {
                continue;
            }
            finished += 1;
            let skip = game.line.turns.len().saturating_sub(30);
            let seats = game.tag("Seats").expect("Seats tag").to_string();
            let mut pos = RulesPosition::start(&rules, &game).expect("start");
            for (i, turn) in game.line.turns.iter().enumerate() {
                if i >= skip {
                    let what = format!("{name}, seed {seed}, turn {}", turn.number);
                    check_position(&pos, &mut rng, i % 5 == 0, &what);
                    check_tag(&pos, &seats, &what);
                }
                pos.play_turn(turn).expect("simulated turn");
            }
            assert!(pos.is_over());
            check_tag(&pos, &seats, name);
            if finished == 2 {
                break;
            }
        }
        assert!(finished > 0, "{name}: no short finished game");
    }
}

/// Positions set up to show the rare cases: the bounce (on its own, in a
/// replay, blocked or not by a barricade) and two barricades put down in
/// one turn.
#[test]
fn bounces_and_two_barricades_agree() {
    let mut rng = Rng::new(9);
    let one_pawn = |extra: fn(&mut Params)| {
        let mut params = Params {
            pawns: 1,
            ..Params::default()
        };
        extra(&mut params);
        Barricade::new(params)
    };
    let cases = [
        (one_pawn(|_| {}), "R:i13 B:o3 bar=h13,i10,g7 move=R"),
        (
            one_pawn(|p| p.bounce_takes_barricade = false),
            "R:i13 B:o3 bar=h13,i10,g7 move=R",
        ),
        (
            one_pawn(|p| p.bounce = false),
            "R:i13 B:h13 bar=i10,g7 move=R",
        ),
        (
            Barricade::default(),
            "R:i13,f11 B:j11,o5 bar=i10,i9,g7,k7,a3,e3,i3,m3,q3,c13 move=R",
        ),
        (
            Barricade::default(),
            "R:i13,c5 B:o3 bar=j13,i10 move=B replay=R:i13",
        ),
        (
            Barricade::new(Params {
                bounce_freezes: false,
                ..Params::default()
            }),
            "R:i13,f11 B:j11,o5 bar=i10,i9,g7,k7,a3,e3,i3,m3,q3,c13 move=R",
        ),
        (
            Barricade::new(Params {
                bounce_freezes: false,
                ..Params::default()
            }),
            "R:i13 B:o3 bar=h13,i10,g7 move=R",
        ),
        (
            Barricade::new(Params {
                held_on_capture: HeldOnCapture::CapturerAtOnce,
                ..Params::default()
            }),
            "R:c5 B:c3 move=R held=R,B:c3",
        ),
    ];
    let mut bounces = 0;
    let mut doubles = 0;
    for (rules, tag) in &cases {
        let pos = RulesPosition::start(rules, &record("R B", Some(tag))).expect("start");
        check_position(&pos, &mut rng, true, tag);
        check_tag(&pos, "R B", tag);
        for roll in Roll::ALL {
            for mv in pos.legal_moves(Some(roll)).expect("moves") {
                let text = mv.to_string();
                bounces += usize::from(text.contains("i13-i14-"));
                doubles += usize::from(mv.actions.len() == 3);
            }
        }
    }
    assert!(
        bounces > 0 && doubles > 0,
        "{bounces} bounces, {doubles} doubles"
    );
    // The capture of the pawn holding a barricade: the capturer puts down
    // its own and the one taken over, each pair of free points once.
    let (rules, tag) = &cases[7];
    let pos = RulesPosition::start(rules, &record("R B", Some(tag))).expect("start");
    let moves = pos.legal_moves(Roll::new(2)).expect("moves");
    let first = moves
        .iter()
        .find(|m| m.actions.len() == 3)
        .expect("two barricades");
    assert_eq!(first.to_string(), "c5-c3* #a13 #b13");
}

/// Forbids sending a pawn home on rows 1 to 5.
struct SafeLow;
impl Hooks for SafeLow {
    fn allow(&self, mv: &MoveView<'_>) -> Result<Verdict, HookError> {
        let row = mv
            .text("to")
            .and_then(|to| to[1..].parse::<u8>().ok())
            .unwrap_or(0);
        Ok(if mv.text("captures").is_some() && row <= 5 {
            Verdict::Forbid("safe low".into())
        } else {
            Verdict::Allow
        })
    }
}

#[test]
fn under_a_hook_only_allowed_moves_are_listed() {
    let mut rng = Rng::new(5);
    let rules = Barricade::default();
    let hooks = SafeLow;
    for players in [2, 4] {
        let options = SimOptions {
            players,
            max_turns: 120,
            ..SimOptions::default()
        };
        let game =
            billes_core::hooked::HookedRules::simulate_hooked(&rules, &options, &mut rng, &hooks)
                .expect("simulated game");
        walk(
            WithHooks::new(&rules, &hooks),
            &game,
            CANDIDATES_EVERY,
            &mut rng,
            "hooked",
        );
    }
}

/// Forbids putting a barricade down on the point the turn's pawn just
/// left, or on rows 2 to 4 (row 1 is the standard rules' own).
struct PutDownRules;
impl Hooks for PutDownRules {
    fn allow(&self, mv: &MoveView<'_>) -> Result<Verdict, HookError> {
        if mv.kind != MoveKind::PutDown {
            return Ok(Verdict::Allow);
        }
        let to = mv.text("to").expect("a put-down names its point");
        let row = to[1..].parse::<u8>().expect("a row");
        Ok(if mv.text("from") == Some(to) {
            Verdict::Forbid("not on the point just left".into())
        } else if (2..=4).contains(&row) {
            Verdict::Forbid("not on rows 2 to 4".into())
        } else {
            Verdict::Allow
        })
    }
}

/// Forbids every put-down: the barricade then goes on any free point.
struct NoPutDown;
impl Hooks for NoPutDown {
    fn allow(&self, mv: &MoveView<'_>) -> Result<Verdict, HookError> {
        Ok(if mv.kind == MoveKind::PutDown {
            Verdict::Forbid("nowhere".into())
        } else {
            Verdict::Allow
        })
    }
}

#[test]
fn under_a_hook_only_allowed_put_downs_are_listed() {
    let mut rng = Rng::new(6);
    let hooks = PutDownRules;
    let mut put_downs = 0;
    let sets = rule_sets();
    for (name, params) in [0, 1, 2, 6].map(|i| sets[i].clone()) {
        let rules = Barricade::new(params);
        for players in [2, 3] {
            let options = SimOptions {
                players,
                max_turns: 120,
                ..SimOptions::default()
            };
            let game = billes_core::hooked::HookedRules::simulate_hooked(
                &rules, &options, &mut rng, &hooks,
            )
            .expect("simulated game");
            for turn in &game.line.turns {
                for action in &turn.actions {
                    if let Action::Barricade { at, .. } = action {
                        put_downs += 1;
                        let row: u8 = at[1..].parse().expect("a row");
                        assert!(!(2..=4).contains(&row), "{name}: {}", turn_text(turn));
                    }
                }
            }
            walk(
                WithHooks::new(&rules, &hooks),
                &game,
                CANDIDATES_EVERY,
                &mut rng,
                &format!("put-downs hooked, {name}"),
            );
        }
    }
    assert!(put_downs > 0);
}

#[test]
fn a_put_down_the_hook_forbids_is_refused_with_the_allowed_points() {
    let rules = Barricade::default();
    let hooks = PutDownRules;
    let hooked = WithHooks::new(&rules, &hooks);
    let pos = RulesPosition::start(hooked, &record("R B", Some("R:e5 B:o3 move=R held=R")))
        .expect("start");
    check_position(&pos, &mut Rng::new(1), true, "held, hooked");
    let moves = pos.legal_moves(Roll::new(1)).expect("moves");
    assert!(moves
        .iter()
        .all(|m| !m.to_string().starts_with("e5-d5 #e5")));
    assert!(moves.iter().any(|m| m.to_string() == "e5-d5 #a13"));
    assert!(moves.iter().all(|m| !m.to_string().ends_with("#c4")));
    for (text, message) in [
        (
            "e5-d5 #e5",
            "#e5 is not allowed in this variant: not on the point just left",
        ),
        (
            "e5-d5 #c4",
            "#c4 is not allowed in this variant: not on rows 2 to 4",
        ),
    ] {
        let game = parse_game(&format!(
            "[Game \"barricade\"]\n[Seats \"R B\"]\n[Position \"R:e5 B:o3 move=R held=R\"]\n\n1. R1 {text} *\n"
        ))
        .expect("record parses");
        let err = billes_core::replay_with(&WithHooks::new(&rules, &hooks), &game, &mut |_| {})
            .expect_err("refused");
        assert_eq!(err.kind, billes_core::ErrorKind::IllegalMove, "{text}");
        assert_eq!(err.message, message);
        assert!(err.legal.contains(&"#a13".to_string()), "{:?}", err.legal);
        assert!(!err.legal.iter().any(|p| p == "#e5" || p == "#c4"));
    }
    // Forbidding every point forbids none: a taken barricade goes down.
    let hooks = NoPutDown;
    let pos = RulesPosition::start(
        WithHooks::new(&rules, &hooks),
        &record("R B", Some("R:e5 B:o3 move=R held=R")),
    )
    .expect("start");
    check_position(
        &pos,
        &mut Rng::new(2),
        true,
        "held, every put-down forbidden",
    );
    // 82 free points (as without B), less o3 where B stands.
    assert_eq!(pos.legal_moves(Roll::new(1)).expect("moves").len(), 4 * 81);
}

/// A hook that fails.
struct Broken;
impl Hooks for Broken {
    fn allow(&self, _: &MoveView<'_>) -> Result<Verdict, HookError> {
        Err(HookError::new("hook allow: boom"))
    }
}

#[test]
fn a_failing_hook_is_a_variant_error() {
    let rules = Barricade::default();
    let hooks = Broken;
    let pos =
        RulesPosition::start(WithHooks::new(&rules, &hooks), &record("R B", None)).expect("start");
    let err = pos.legal_moves(Roll::new(3)).expect_err("the hook fails");
    assert_eq!(err.kind(), billes_core::ErrorKind::Variant);
    assert_eq!(err.to_string(), "hook allow: boom");
}

#[test]
fn who_acts_and_the_errors_of_the_list() {
    let rules = Barricade::default();
    let game = record("R G Y", Some("G:g1 bar= move=Y replay=G:g1"));
    let pos = RulesPosition::start(&rules, &game).expect("start");
    assert_eq!(pos.next().seats, ["G", "Y"]);
    assert_eq!(pos.to_act().as_deref(), Some("G"));
    let err = pos
        .legal_moves_for(billes_notation::Seat::from("R"), Roll::new(2))
        .expect_err("R may not act");
    assert_eq!(err.kind(), billes_core::ErrorKind::Seat);
    assert_eq!(err.to_string(), "R may not take the next turn (G or Y may)");
    let err = pos
        .legal_moves_for(billes_notation::Seat::from("G"), None)
        .expect_err("a roll is needed");
    assert_eq!(err.kind(), billes_core::ErrorKind::Roll);
    // The replay moves the pawn on g1 only; Y, declining for G, moves any.
    let g: Vec<String> = pos
        .legal_moves_for(billes_notation::Seat::from("G"), Roll::new(1))
        .unwrap()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(g, ["g1-f1", "g1-h1"]);
    let y: Vec<String> = pos
        .legal_moves_for(billes_notation::Seat::from("Y"), Roll::new(1))
        .unwrap()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(y, ["h-k1"]);
    // A 6 replay whose pawn cannot move is lost: one pass.
    let game = record("R B", Some("R:c1,b1,d1 move=B replay=R:c1"));
    let pos = RulesPosition::start(&rules, &game).expect("start");
    let r: Vec<String> = pos
        .legal_moves(Roll::new(1))
        .unwrap()
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(r, ["--"]);
}

/// The perft numbers kept in tests/data/perft/barricade.txt, those up to
/// `limit` (a count is about the number of turns played to find it).
fn perft_numbers(limit: u64) -> usize {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/perft/barricade.txt"
    ))
    .expect("perft data");
    let mut checked = 0;
    let mut current = None;
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "position" => {
                let (seats, tag) = rest.split_once('|').expect("position SEATS | TAG");
                let tag = tag.trim();
                let game = record(seats.trim(), (!tag.is_empty()).then_some(tag));
                let pos = RulesPosition::start(Barricade::standard(), &game)
                    .unwrap_or_else(|e| panic!("{line}: {e}"));
                current = Some((line, pos));
            }
            "perft" => {
                let (at, pos) = current.as_ref().expect("a position first");
                let (depth, count) = rest.split_once(' ').expect("perft DEPTH COUNT");
                let depth: u32 = depth.parse().expect("depth");
                let count: u64 = count.trim().parse().expect("count");
                if count > limit {
                    continue;
                }
                assert_eq!(
                    perft(pos, depth).expect("perft"),
                    count,
                    "{at}: depth {depth}"
                );
                checked += 1;
            }
            other => panic!("unknown line {other}"),
        }
    }
    checked
}

#[test]
fn perft_numbers_up_to_a_million() {
    assert_eq!(perft_numbers(1_000_000), 14);
}

#[test]
#[ignore = "about a minute in a debug build"]
fn perft_numbers_all() {
    assert_eq!(perft_numbers(u64::MAX), 15);
}

#[test]
fn the_pawn_replaying_its_6_is_the_seat_s_must_move_query() {
    use billes_core::variant::Answer;
    let game = parse_game("[Game \"barricade\"]\n[Seats \"R B\"]\n\n1. R6 h-h1 *\n").unwrap();
    let mut pos = RulesPosition::start(Barricade::default(), &game).unwrap();
    let must_move =
        |pos: &RulesPosition<Barricade>, seat: &str| pos.hook_view().query("must_move", seat);
    assert_eq!(must_move(&pos, "R"), Some(Answer::Name(None)));
    pos.play_turn(&game.line.turns[0]).unwrap();
    assert_eq!(must_move(&pos, "R"), Some(Answer::Name(Some("h1".into()))));
    assert_eq!(must_move(&pos, "B"), Some(Answer::Name(None)));
    assert_eq!(must_move(&pos, "x"), Some(Answer::Name(None)));
}
