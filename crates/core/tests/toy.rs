//! A game outside the registry, written the way docs/adding-a-game.md says:
//! one `impl GameRules` (its eleven required items) and one `plug_in!` line.
//! It gets the replay and its checks (turn numbers, the end of the game,
//! the result), the description of a record, the text board after each
//! turn, random games and its legal moves from the generic drivers; the
//! `Position` object, `check_all_with`, the `billes` verbs and pictures
//! need the game's line in the registry.
//!
//! The race: two seats, R and B, one pawn each, starting off the track
//! (`h`); a roll moves the pawn that many points along `p1`..`p10`, never
//! past `p10`, and the first pawn on `p10` wins. A roll that cannot be
//! used is a pass (`--`). Seats take turns, R first. A pawn in reach of
//! the goal is a need of the race's own (`Finish`): `billes_core::game`
//! knows nothing of it.

use billes_core::game::{AnyNeed, GameRules, Move, Need, Next, PlayError, Roll};
use billes_core::hooked::WithHooks;
use billes_core::variant::{Hook, HookError, Hooks, MoveView, RollView, Verdict};
use billes_core::{
    describe_with, plug_in, replay_with, validate_with, ErrorKind, ReplayError, Rng, SimOptions,
};
use billes_notation::{Action, Game, Span, Turn};

/// The last point of the track.
const GOAL: u8 = 10;

/// The seats, in playing order.
const SEATS: [&str; 2] = ["R", "B"];

/// The rules of the race.
#[derive(Debug, Clone, Default)]
struct Race;

/// Where each pawn stands (0: off the track) and whose turn it is.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Track {
    at: [u8; 2],
    to_move: usize,
}

/// The race's need: the pawn to move finishes with exactly this roll.
#[derive(Debug, PartialEq, serde::Serialize)]
struct Finish(u8);

impl Need for Finish {
    fn phrase(&self) -> String {
        format!("; finishes with a {}", self.0)
    }

    fn prompt(&self) -> Option<String> {
        Some(format!(" (a {} finishes)", self.0))
    }
}

fn point(at: u8) -> String {
    if at == 0 {
        "h".into()
    } else {
        format!("p{at}")
    }
}

fn read_point(name: &str) -> Option<u8> {
    match name {
        "h" => Some(0),
        _ => name
            .strip_prefix('p')?
            .parse()
            .ok()
            .filter(|n| (1..=GOAL).contains(n)),
    }
}

fn error(kind: ErrorKind, span: Span, message: impl Into<String>) -> ReplayError {
    ReplayError::new(kind, span, message)
}

impl Race {
    fn winner(state: &Track) -> Option<usize> {
        (0..2).find(|&s| state.at[s] == GOAL)
    }

    /// The landing of `seat`'s pawn with `roll`, when the roll can be used.
    fn landing(state: &Track, seat: usize, roll: u8) -> Option<u8> {
        let to = state.at[seat] + roll;
        (to <= GOAL).then_some(to)
    }
}

impl GameRules for Race {
    type State = Track;
    type Params = ();
    const NAME: &'static str = "race";

    fn from_params((): ()) -> Result<Race, billes_core::ParamsError> {
        Ok(Race)
    }

    fn setup(&self, game: &Game) -> Result<Track, ReplayError> {
        let mut state = Track {
            at: [0, 0],
            to_move: 0,
        };
        if let Some(tag) = game.tag_entry("Position") {
            for group in tag.value.split_whitespace() {
                let bad = || error(ErrorKind::Tag, tag.span, format!("Position: \"{group}\""));
                if let Some(seat) = group.strip_prefix("move=") {
                    state.to_move = SEATS.iter().position(|s| *s == seat).ok_or_else(bad)?;
                    continue;
                }
                let (seat, at) = group.split_once(':').ok_or_else(bad)?;
                let seat = SEATS.iter().position(|s| *s == seat).ok_or_else(bad)?;
                state.at[seat] = read_point(at).ok_or_else(bad)?;
            }
        }
        Ok(state)
    }

    fn next(&self, state: &Track) -> Next {
        if Race::winner(state).is_some() {
            return Next {
                seats: Vec::new(),
                dice: true,
                needs: Vec::new(),
            };
        }
        let left = GOAL - state.at[state.to_move];
        Next {
            seats: vec![SEATS[state.to_move].to_string()],
            dice: true,
            needs: (left <= 6)
                .then(|| AnyNeed::new(Finish(left)))
                .into_iter()
                .collect(),
        }
    }

    fn legal_moves<H: Hooks>(
        &self,
        state: &Track,
        seat: &str,
        roll: Option<Roll>,
        _number: u32,
        _hooks: &H,
    ) -> Result<Vec<Move>, PlayError> {
        if Race::winner(state).is_some() || SEATS[state.to_move] != seat {
            return Err(PlayError::NotToAct(format!("{seat} may not move")));
        }
        let roll = roll.ok_or_else(|| PlayError::Roll("the roll is missing".into()))?;
        let text = match Race::landing(state, state.to_move, roll.get()) {
            Some(to) => format!(
                "{seat}{roll} {}-{}",
                point(state.at[state.to_move]),
                point(to)
            ),
            None => format!("{seat}{roll} --"),
        };
        let game = billes_notation::parse_game(&format!("{text} *\n")).map_err(|e| {
            PlayError::Illegal {
                kind: ErrorKind::IllegalMove,
                message: e.message,
                legal: Vec::new(),
            }
        })?;
        Ok(game.line.turns.iter().filter_map(Move::from_turn).collect())
    }

    fn play<H: Hooks>(
        &self,
        state: &mut Track,
        turn: &Turn,
        _hooks: &H,
    ) -> Result<(), ReplayError> {
        let span = turn.head.span;
        let seat = state.to_move;
        if turn.head.seat.as_str() != SEATS[seat] {
            return Err(error(
                ErrorKind::Seat,
                span,
                format!("it is {}'s turn, not {}'s", SEATS[seat], turn.head.seat),
            ));
        }
        let roll = match turn.head.roll {
            Some(r @ 1..=6) => r as u8,
            _ => {
                return Err(error(
                    ErrorKind::Roll,
                    span,
                    "the roll is a die face, 1 to 6",
                ))
            }
        };
        let landing = Race::landing(state, seat, roll);
        match (turn.actions.as_slice(), landing) {
            ([Action::Pass { .. }], None) => {}
            ([Action::Pass { span }], Some(to)) => {
                return Err(error(
                    ErrorKind::FalsePass,
                    *span,
                    format!("the pawn can move to {}", point(to)),
                ))
            }
            ([Action::Move { path, span, .. }], landing) => {
                let from = path.first().and_then(|p| read_point(p.as_str()));
                let to = path.last().and_then(|p| read_point(p.as_str()));
                if path.len() != 2 || from != Some(state.at[seat]) || to != landing {
                    let want = landing.map_or("--".into(), |to| {
                        format!("{}-{}", point(state.at[seat]), point(to))
                    });
                    return Err(error(
                        ErrorKind::IllegalMove,
                        *span,
                        format!("a {roll} is {want} here"),
                    )
                    .with_legal(vec![want]));
                }
                state.at[seat] = landing.unwrap_or(state.at[seat]);
            }
            _ => {
                return Err(error(
                    ErrorKind::IllegalMove,
                    span,
                    "one move or -- per turn",
                ))
            }
        }
        state.to_move = 1 - seat;
        Ok(())
    }

    fn winners(&self, state: &Track) -> Option<Vec<String>> {
        Race::winner(state).map(|s| vec![SEATS[s].to_string()])
    }

    /// The hooks a variant of the race may define: none. It asks no hook
    /// at its own points, and gives hooks no view of its positions, which
    /// the hooks every game takes by default ([`Hook::COMMON`]) read.
    fn hooks() -> &'static [Hook] {
        &[]
    }

    fn position_tag(&self, state: &Track) -> String {
        format!(
            "R:{} B:{} move={}",
            point(state.at[0]),
            point(state.at[1]),
            SEATS[state.to_move]
        )
    }

    fn text_board(&self, state: &Track) -> String {
        let mut out = String::new();
        for (s, seat) in SEATS.iter().enumerate() {
            let row: String = (1..=GOAL)
                .map(|p| if state.at[s] == p { '@' } else { '.' })
                .collect();
            out.push_str(&format!("{seat} {row}\n"));
        }
        out
    }
}

plug_in!(Race);

fn record(movetext: &str) -> Game {
    billes_notation::parse_game(&format!("[Game \"race\"]\n[Seats \"R B\"]\n\n{movetext}\n"))
        .expect("the record parses")
}

#[test]
fn the_race_replays_and_checks_a_record() {
    let game = record("1. R6 h-p6 2. B3 h-p3 3. R4 p6-p10 =R");
    let summary = validate_with(&Race, &game).expect("a valid record");
    assert_eq!(summary.turns, 3);
    assert_eq!(summary.winners, Some(vec!["R".to_string()]));
    // The driver checks turn numbers, the result and turns after the end.
    let e = validate_with(&Race, &record("1. R6 h-p6 3. B3 h-p3 *")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::TurnNumber, "{}", e.message);
    let e = validate_with(&Race, &record("1. R6 h-p6 2. B3 h-p3 =B")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Result, "{}", e.message);
    let e = validate_with(
        &Race,
        &record("1. R6 h-p6 2. B3 h-p3 3. R4 p6-p10 4. B1 p3-p4 =R"),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::AfterEnd, "{}", e.message);
}

#[test]
fn the_race_reports_its_mistakes_with_the_game_s_own_messages() {
    let game = record("1. R6 h-p5 2. B3 -- 3. R2 p6-p8 *");
    let first = validate_with(&Race, &game).unwrap_err();
    assert_eq!(first.message, "a 6 is h-p6 here");
    assert_eq!(first.legal, ["h-p6"]);
    assert_eq!(first.turn, Some(1));
    let e = validate_with(&Race, &record("1. R6 h-p6 2. B3 -- *")).unwrap_err();
    assert_eq!(e.kind, ErrorKind::FalsePass);
    assert_eq!(e.message, "the pawn can move to p3");
}

#[test]
fn the_race_lists_its_legal_moves_and_plays_random_games() {
    let state = Race.setup(&record("*")).unwrap();
    let moves = Race
        .legal_moves(&state, "R", Roll::new(4), 1, &billes_core::variant::NoHooks)
        .unwrap();
    let texts: Vec<String> = moves.iter().map(Move::turn).collect();
    assert_eq!(texts, ["R4 h-p4"]);
    let near = Race
        .setup(
            &billes_notation::parse_game("[Game \"race\"]\n[Position \"R:p8 B:h move=R\"]\n\n*\n")
                .unwrap(),
        )
        .unwrap();
    let pass = Race
        .legal_moves(&near, "R", Roll::new(5), 1, &billes_core::variant::NoHooks)
        .unwrap();
    assert!(pass[0].is_pass());
    // Its own need, declared in this file, reaches a program with its
    // words and its type.
    assert!(Race.next(&state).needs.is_empty());
    let next = Race.next(&near);
    assert_eq!(next.needs, [AnyNeed::new(Finish(2))]);
    assert_eq!(next.needs[0].downcast_ref::<Finish>(), Some(&Finish(2)));
    assert_eq!(next.needs[0].phrase(), "; finishes with a 2");
    assert_eq!(next.needs[0].prompt().as_deref(), Some(" (a 2 finishes)"));
    assert_eq!(next.needs[0].offer(), None);
    assert_eq!(Race.position_tag(&near), "R:p8 B:h move=R");
    let mut rng = Rng::new(3);
    for _ in 0..20 {
        let game = Race
            .simulate(
                &SimOptions::default(),
                &mut rng,
                &billes_core::variant::NoHooks,
            )
            .unwrap();
        let summary = validate_with(&Race, &game).expect("a simulated game is valid");
        assert_eq!(summary.turns as usize, game.line.turns.len());
        assert!(summary.winners.is_some(), "a race of 5000 turns ends");
        // Its text is a record that reads back the same.
        let text = billes_notation::write_game(&game);
        assert!(text.contains("[Game \"race\"]"), "{text}");
    }
}

#[test]
fn the_race_describes_and_draws_its_positions() {
    let game = record("1. R6 h-p6 2. B3 h-p3 *");
    let described = describe_with(&Race, &game).unwrap();
    assert_eq!(described.len(), 2);
    assert!(described.iter().all(|d| d.phrases.is_empty()));
    let mut boards = Vec::new();
    billes_core::replay_observed_with(&Race, &game, &mut |o: &billes_core::Observed<'_>| {
        boards.push(o.board.text_board());
    })
    .unwrap();
    assert_eq!(boards[1], "R .....@....\nB ..@.......\n");
}

/// Forbids every move that does not land on an even point.
struct EvenOnly;
impl Hooks for EvenOnly {
    fn calls(&self, hook: Hook) -> bool {
        hook == Hook::Moves
    }
    fn moves(
        &self,
        _: &RollView<'_>,
        standard: &[String],
    ) -> Result<Option<Vec<String>>, HookError> {
        let even = |m: &String| {
            m.rsplit('p')
                .next()
                .and_then(|n| n.parse::<u8>().ok())
                .is_some_and(|n| n % 2 == 0)
        };
        Ok(Some(standard.iter().filter(|m| even(m)).cloned().collect()))
    }
    fn allow(&self, _: &MoveView<'_>) -> Result<Verdict, HookError> {
        Ok(Verdict::Allow)
    }
}

#[test]
fn a_hook_that_looks_at_the_race_s_positions_is_refused_with_a_reason() {
    // The race gives hooks no view of its positions (`GameRules::board`):
    // a `moves` hook is a variant error, not a wrong answer.
    let e = replay_with(
        &WithHooks::new(&Race, &EvenOnly),
        &record("1. R6 h-p6 *"),
        &mut |_| {},
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Variant);
    assert_eq!(e.message, "race gives hooks no view of its positions");
}

#[test]
fn a_game_declares_the_hooks_it_takes() {
    assert_eq!(<Race as GameRules>::hooks(), []);
    // The registry's games list theirs: only Offboard, whose marbles leave
    // the board, takes `score`; a game that does not list a hook never sets
    // it up.
    for kind in billes_core::GameKind::ALL {
        let hooks = billes_core::with_kind!(kind, R => R::hooks());
        assert!(hooks.contains(&Hook::Allow), "{kind}");
        assert_eq!(
            hooks.contains(&Hook::Score),
            kind == billes_core::GameKind::Offboard,
            "{kind}"
        );
    }
}
