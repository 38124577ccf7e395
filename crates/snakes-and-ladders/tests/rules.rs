//! The rules of Snakes and Ladders, turn by turn: ladders, snakes, the exact
//! finish, passes, the order of play, and each kind of mistake with its
//! message and the legal move it lists; then the hooks a house rule may
//! define (`allow`, `winner`).

use billes_game::game::{GameRules, Roll};
use billes_game::variant::{BoardView, HookError, Hooks, MoveView, Verdict};
use billes_game::{ErrorKind, ReplayError};
use billes_notation::{Game, Seat};
use billes_snakes_and_ladders::{SnakesAndLadders, State};

fn record(tags: &str, movetext: &str) -> Game {
    let text = format!("[Game \"snakes-and-ladders\"]\n{tags}\n\n{movetext}\n*\n");
    billes_notation::parse_game(&text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// The position after `movetext` from `position` (two seats, R G).
fn after(position: &str, movetext: &str) -> State {
    let game = record(
        &format!("[Seats \"R G\"]\n[Position \"{position}\"]"),
        movetext,
    );
    let rules = SnakesAndLadders::default();
    let mut state = rules.setup(&game).expect("setup");
    for turn in &game.line.turns {
        GameRules::play(&rules, &mut state, turn, &billes_game::variant::NoHooks)
            .unwrap_or_else(|e| panic!("{movetext}: {e}"));
    }
    state
}

/// The first mistake of `movetext` from `position`.
fn mistake(position: &str, movetext: &str) -> ReplayError {
    let game = record(
        &format!("[Seats \"R G\"]\n[Position \"{position}\"]"),
        movetext,
    );
    match billes_game::validate_with(&SnakesAndLadders::default(), &game) {
        Err(e) => e,
        Ok(_) => panic!("{movetext} is accepted"),
    }
}

fn tag(state: &State) -> String {
    SnakesAndLadders::default().position_tag(state)
}

#[test]
fn a_ladder_climbs_and_a_snake_slides() {
    assert_eq!(tag(&after("", "1. R4 h-s4-s14")), "R:s14 G:h move=G");
    assert_eq!(tag(&after("", "1. G1 h-s1-s38")), "R:h G:s38 move=R");
    assert_eq!(
        tag(&after("R:s12 G:s40 move=R", "1. R4 s12-s16-s6")),
        "R:s6 G:s40 move=G"
    );
    assert_eq!(
        tag(&after("R:s12 G:s40 move=G", "1. G6 s40-s46 2. R6 s12-s18")),
        "R:s18 G:s46 move=G"
    );
    // Passing over a foot or a head does nothing.
    assert_eq!(
        tag(&after("R:s14 G:h move=R", "1. R3 s14-s17")),
        "R:s17 G:h move=G"
    );
}

#[test]
fn the_last_square_is_reached_exactly_and_wins() {
    let won = after("R:s97 G:s20 move=R", "1. R3 s97-s100");
    assert_eq!(won.winner(), Some("R"));
    assert_eq!(tag(&won), "R:s100 G:s20 won=R");
    let climbed = after("R:s77 G:s20 move=R", "1. R3 s77-s80-s100");
    assert_eq!(climbed.winner(), Some("R"));
    // A roll past the goal is a pass: the pawn stays, the turn goes on.
    let passed = after("R:s97 G:s20 move=R", "1. R4 -- 2. G1 s20-s21-s42");
    assert_eq!(tag(&passed), "R:s97 G:s42 move=R");
    let e = mistake("R:s97 G:s20 move=R", "1. R5 s97-s102");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert!(e.message.contains("no square s102"), "{}", e.message);
    let e = mistake("R:s97 G:s20 move=R", "1. R6 s97-s100");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(
        e.message,
        "a 6 would take R's pawn past s100 (3 squares away): the turn is a pass, --"
    );
    assert_eq!(e.legal, ["--"]);
}

#[test]
fn pawns_share_squares_and_never_capture() {
    let shared = after("", "1. R4 h-s4-s14 2. G4 h-s4-s14");
    assert_eq!(tag(&shared), "R:s14 G:s14 move=R");
    let e = mistake("R:s14 G:s17 move=R", "1. R3 s14-s17*");
    assert_eq!(e.kind, ErrorKind::Effect);
    assert_eq!(e.legal, ["s14-s17"]);
    let e = mistake("R:s14 G:s17 move=R", "1. R3 s14-s17#");
    assert_eq!(e.kind, ErrorKind::Effect);
}

#[test]
fn the_first_turn_names_the_first_seat_then_seats_follow_in_order() {
    let rules = SnakesAndLadders::default();
    let game = record("[Seats \"R G Y\"]", "");
    let start = rules.setup(&game).expect("setup");
    assert_eq!(rules.next(&start).seats, ["R", "G", "Y"]);
    let game = record(
        "[Seats \"R G Y\"]",
        "1. Y3 h-s3 2. R2 h-s2 3. G5 h-s5 4. Y1 s3-s4-s14",
    );
    assert!(billes_game::validate_with(&rules, &game).is_ok());
    let e = billes_game::validate_with(
        &rules,
        &record("[Seats \"R G Y\"]", "1. Y3 h-s3 2. G2 h-s2"),
    )
    .expect_err("R's turn");
    assert_eq!(e.kind, ErrorKind::Seat);
    assert_eq!(e.message, "it is R's turn, not G's");
}

#[test]
fn each_mistake_has_its_kind_and_lists_the_move() {
    let cases: &[(&str, &str, ErrorKind, &str, &[&str])] = &[
        (
            "",
            "1. Q3 h-s3",
            ErrorKind::Seat,
            "Q is not a seat in this game (seats: R G)",
            &[],
        ),
        (
            "",
            "1. R3>G h-s3",
            ErrorKind::Seat,
            "snakes-and-ladders has no team play: R cannot roll for G",
            &[],
        ),
        (
            "",
            "1. R7 h-s7",
            ErrorKind::Roll,
            "a die shows 1 to 6, not 7",
            &[],
        ),
        (
            "",
            "1. R h-s3",
            ErrorKind::Roll,
            "the roll is missing (write it after the seat, e.g. R4)",
            &[],
        ),
        (
            "R:s90 G:h move=R",
            "1. R3 --",
            ErrorKind::FalsePass,
            "R cannot pass: a 3 takes its pawn from s90 to s73",
            &["s90-s93-s73"],
        ),
        (
            "R:s14 G:h move=R",
            "1. R3 s12-s15",
            ErrorKind::IllegalMove,
            "R's pawn is on s14, not on s12",
            &["s14-s17"],
        ),
        (
            "",
            "1. R3 s3-s6",
            ErrorKind::IllegalMove,
            "R's pawn is off the board (h), not on s3",
            &["h-s3"],
        ),
        (
            "R:s14 G:h move=R",
            "1. R3 s14-s13",
            ErrorKind::IllegalMove,
            "a 3 takes R's pawn from s14 to s17, not to s13",
            &["s14-s17"],
        ),
        (
            "",
            "1. R4 h-s4",
            ErrorKind::IllegalMove,
            "R's pawn does not stay on s4, the foot of a ladder: did you mean h-s4-s14?",
            &["h-s4-s14"],
        ),
        (
            "",
            "1. R4 h-s14",
            ErrorKind::IllegalMove,
            "R's pawn lands on s4, the foot of a ladder, on its way to s14: did you mean h-s4-s14?",
            &["h-s4-s14"],
        ),
        (
            "",
            "1. R4 h-s4-s15",
            ErrorKind::IllegalMove,
            "from s4, the foot of a ladder, the pawn goes to s14, not to s15 (h-s4-s14)",
            &["h-s4-s14"],
        ),
        (
            "R:s14 G:h move=R",
            "1. R3 s14-s17-s18",
            ErrorKind::IllegalMove,
            "s17 is no ladder's foot and no snake's head: the pawn stays there (s14-s17)",
            &["s14-s17"],
        ),
        (
            "R:s14 G:h move=R",
            "1. R3 s14-sl7",
            ErrorKind::IllegalMove,
            "there is no square sl7 on the board: did you mean s17? (a letter l for a one)",
            &["s14-s17"],
        ),
        (
            "R:s14 G:h move=R",
            "1. R3 s14-h",
            ErrorKind::IllegalMove,
            "a pawn never goes back to h",
            &["s14-s17"],
        ),
        (
            "R:s14 G:h move=R",
            "1. R3 s14-s17 #s20",
            ErrorKind::IllegalMove,
            "a turn is one move or --: #s20 is one action too many",
            &["s14-s17"],
        ),
        (
            "R:s14 G:h move=R",
            "1. R3 +",
            ErrorKind::IllegalMove,
            "a pawn enters the board with a path from h, e.g. h-s3",
            &["s14-s17"],
        ),
        (
            "R:s100 G:s20",
            "1. G3 s20-s23",
            ErrorKind::AfterEnd,
            "the game is over: R won",
            &[],
        ),
    ];
    for &(position, movetext, kind, message, legal) in cases {
        let e = mistake(position, movetext);
        assert_eq!((e.kind, e.message.as_str()), (kind, message), "{movetext}");
        assert_eq!(e.legal, legal, "{movetext}");
    }
}

#[test]
fn the_check_reads_a_shortened_move_as_the_move_meant() {
    let rules = SnakesAndLadders::default();
    let game = record("[Seats \"R G\"]", "1. R4 h-s14");
    let mut state = rules.setup(&game).expect("setup");
    let note = rules.play_mended(
        &mut state,
        &game.line.turns[0],
        &billes_game::variant::NoHooks,
    );
    assert_eq!(note.as_deref(), Some("read as h-s4-s14: the check goes on"));
    assert_eq!(tag(&state), "R:s14 G:h move=G");
    // A move that is not the roll's is not read as one.
    let game = record("[Seats \"R G\"]", "1. R4 h-s5");
    let mut state = rules.setup(&game).expect("setup");
    assert_eq!(
        rules.play_mended(
            &mut state,
            &game.line.turns[0],
            &billes_game::variant::NoHooks
        ),
        None
    );
}

#[test]
fn a_roll_has_one_move() {
    let rules = SnakesAndLadders::default();
    let state = rules
        .setup(&record(
            "[Seats \"R G\"]\n[Position \"R:s97 G:h move=R\"]",
            "",
        ))
        .expect("setup");
    let listed: Vec<String> = Roll::ALL
        .iter()
        .map(|&r| {
            let moves = GameRules::legal_moves(
                &rules,
                &state,
                "R".into(),
                Some(r),
                1,
                &billes_game::variant::NoHooks,
            )
            .expect("moves");
            assert_eq!(moves.len(), 1);
            moves[0].to_string()
        })
        .collect();
    assert_eq!(
        listed,
        ["s97-s98-s78", "s97-s99", "s97-s100", "--", "--", "--"]
    );
    assert!(GameRules::legal_moves(
        &rules,
        &state,
        "G".into(),
        Roll::new(1),
        1,
        &billes_game::variant::NoHooks
    )
    .is_err());
    assert!(GameRules::legal_moves(
        &rules,
        &state,
        "R".into(),
        None,
        1,
        &billes_game::variant::NoHooks
    )
    .is_err());
}

/// A house rule: a pawn enters the board only with a 6; and the first
/// pawn past square 50 wins.
struct SixToStartHalfway;

impl Hooks for SixToStartHalfway {
    fn calls(&self, _hook: billes_game::variant::Hook) -> bool {
        true
    }

    fn allow(&self, mv: &MoveView<'_>) -> Result<Verdict, HookError> {
        Ok(match (mv.kind.name(), mv.number("roll")) {
            ("enter", Some(r)) if r != 6 => Verdict::Forbid("a pawn enters with a 6".into()),
            _ => Verdict::Allow,
        })
    }

    fn winner(&self, _turn: u32, pos: &dyn BoardView) -> Result<Option<String>, HookError> {
        Ok(pos.seats().into_iter().find(|s| {
            pos.pieces(s)
                .first()
                .and_then(|sq| sq[1..].parse::<u32>().ok())
                .is_some_and(|n| n > 50)
        }))
    }
}

#[test]
fn allow_makes_a_forbidden_move_a_pass() {
    let rules = SnakesAndLadders::default();
    let hooks = SixToStartHalfway;
    let game = record("[Seats \"R G\"]", "1. R4 -- 2. G6 h-s6 3. R6 h-s6");
    let mut state = rules.setup(&game).expect("setup");
    let listed =
        GameRules::legal_moves(&rules, &state, "R".into(), Roll::new(4), 1, &hooks).expect("list");
    assert_eq!(listed[0].to_string(), "--");
    for turn in &game.line.turns {
        GameRules::play(&rules, &mut state, turn, &hooks).expect("plays");
    }
    assert_eq!(tag(&state), "R:s6 G:s6 move=G");
    // The forbidden move written is refused with the house rule's reason.
    let game = record("[Seats \"R G\"]", "1. R4 h-s4-s14");
    let mut state = rules.setup(&game).expect("setup");
    let e =
        GameRules::play(&rules, &mut state, &game.line.turns[0], &hooks).expect_err("forbidden");
    assert_eq!(e.kind, ErrorKind::IllegalMove);
    assert_eq!(
        e.message,
        "h-s4-s14 is not allowed in this variant: a pawn enters with a 6"
    );
    assert_eq!(e.legal, ["--"]);
}

#[test]
fn winner_ends_the_game_where_the_house_rule_says() {
    let rules = SnakesAndLadders::default();
    let hooks = SixToStartHalfway;
    let game = record(
        "[Seats \"R G\"]\n[Position \"R:s46 G:s30 move=R\"]",
        "1. R5 s46-s51-s67",
    );
    let mut state = rules.setup(&game).expect("setup");
    billes_game::house::play(&rules, &hooks, &mut state, &game.line.turns[0]).expect("plays");
    assert_eq!(rules.winners(&state), Some(vec![Seat::from("R")]));
    assert_eq!(tag(&state), "R:s67 G:s30 won=R");
    // The tag of a game a hook ended reads back.
    let back = rules
        .setup(&record(
            "[Seats \"R G\"]\n[Position \"R:s67 G:s30 won=R\"]",
            "",
        ))
        .expect("setup");
    assert_eq!(rules.winners(&back), Some(vec![Seat::from("R")]));
}
