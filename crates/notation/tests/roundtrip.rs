//! Property tests: writing then parsing gives the same record, formatting is
//! idempotent, and no input makes the parser panic.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_notation::{
    parse_game, parse_games, put_action, put_brief, put_head, put_pair_brief, write_action,
    write_game, write_head, Action, Brief, Capture, Comment, Game, Head, Line, Nag, Name, Outcome,
    PairBrief, Tag, Turn,
};
use proptest::prelude::*;

fn name() -> impl Strategy<Value = Name> {
    "[a-z][a-z0-9]{0,3}".prop_map(Into::into)
}

fn seat() -> impl Strategy<Value = Name> {
    "[A-Z][a-z]{0,2}".prop_map(Into::into)
}

/// Capture marks with targets named by `name` and points from `points`.
fn capture_of(
    name: BoxedStrategy<Name>,
    points: BoxedStrategy<u32>,
) -> impl Strategy<Value = Option<Capture>> {
    proptest::option::of(
        (proptest::option::of(name), proptest::option::of(points)).prop_map(|(target, points)| {
            Capture {
                target,
                points,
                span: Default::default(),
            }
        }),
    )
}

/// Actions of every kind, their names from `name`, their points from
/// `points`, a move's path of `holes` holes.
/// `before`, then the head and actions of `turn` as `put_head` and
/// `put_action` put them, each action after a space: what a brief of the
/// turn is put as.
fn put_turn(before: &Name, turn: &Turn) -> Vec<u8> {
    let mut out = before.as_bytes().to_vec();
    put_head(&mut out, &turn.head);
    for action in &turn.actions {
        out.push(b' ');
        put_action(&mut out, action);
    }
    out
}

fn action_of(
    name: BoxedStrategy<Name>,
    points: BoxedStrategy<u32>,
    holes: std::ops::Range<usize>,
) -> impl Strategy<Value = Action> {
    let d = || Default::default();
    let capture = || capture_of(name.clone(), points.clone());
    prop_oneof![
        Just(Action::Pass { span: d() }),
        (proptest::option::of(name.clone()), capture()).prop_map(move |(to, capture)| {
            Action::Place {
                to,
                capture,
                span: d(),
            }
        }),
        (
            proptest::collection::vec(name.clone(), holes),
            capture(),
            any::<bool>()
        )
            .prop_map(move |(path, capture, barricade)| Action::Move {
                path: path.into(),
                capture,
                barricade,
                span: d()
            }),
        (
            name.clone(),
            proptest::option::of(name.clone()),
            name.clone(),
            capture()
        )
            .prop_map(move |(from, to, direction, capture)| Action::Line {
                from,
                to,
                direction,
                capture,
                span: d()
            }),
        name.clone()
            .prop_map(move |at| Action::Barricade { at, span: d() }),
        Just(Action::Remove { span: d() }),
    ]
}

/// Actions as a record writes them (names and points that read back).
fn action() -> impl Strategy<Value = Action> {
    action_of(name().boxed(), (0u32..10).boxed(), 2..5)
}

fn comment() -> impl Strategy<Value = Comment> {
    // Comment text is stored folded: words separated by single spaces.
    proptest::collection::vec("[a-zA-Z0-9.,!?()\\[\\]*=-]{1,8}", 0..12).prop_map(|words| Comment {
        text: words.join(" ").into(),
        span: Default::default(),
    })
}

fn turn_base() -> impl Strategy<Value = Turn> {
    (
        (
            seat(),
            proptest::option::of(0u32..20),
            proptest::option::of(seat()),
        ),
        proptest::collection::vec(action(), 1..3),
        proptest::collection::vec(comment(), 0..2),
        proptest::collection::vec(any::<u8>(), 0..2),
        proptest::collection::vec(comment(), 0..2),
        1u32..500,
    )
        .prop_map(
            |((seat, roll, mover), actions, before, nags, after, number)| {
                let mut turn = Turn::new(number, seat, roll, mover, actions);
                if !before.is_empty() {
                    *turn.before_mut() = before.into();
                }
                if !nags.is_empty() {
                    *turn.nags_mut() = nags
                        .into_iter()
                        .map(|code| Nag {
                            code,
                            span: Default::default(),
                        })
                        .collect();
                }
                if !after.is_empty() {
                    *turn.after_mut() = after.into();
                }
                turn
            },
        )
}

fn line(depth: u32) -> BoxedStrategy<Line> {
    let turns = if depth == 0 {
        proptest::collection::vec(turn_base(), 0..6).boxed()
    } else {
        proptest::collection::vec(
            (
                turn_base(),
                proptest::collection::vec(line(depth - 1), 0..2),
            )
                .prop_map(|(mut t, vars)| {
                    if !vars.is_empty() {
                        *t.variations_mut() = vars;
                    }
                    t
                }),
            0..6,
        )
        .boxed()
    };
    (turns, proptest::collection::vec(comment(), 0..2))
        .prop_map(|(turns, comments)| Line {
            comments: if turns.is_empty() {
                comments
            } else {
                Vec::new()
            },
            turns,
        })
        .boxed()
}

fn game() -> impl Strategy<Value = Game> {
    (
        proptest::collection::vec(
            ("[A-Z][A-Za-z0-9_]{0,8}", "[ -~]{0,20}").prop_map(|(name, value)| Tag {
                name,
                value,
                span: Default::default(),
            }),
            0..5,
        ),
        line(2),
        proptest::collection::vec(seat(), 0..3),
    )
        .prop_map(|(tags, line, winners)| Game {
            tags,
            line,
            outcome: Outcome {
                winners,
                span: Default::default(),
            },
            span: Default::default(),
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn write_then_parse_is_identity(game in game()) {
        let text = write_game(&game);
        let back = parse_game(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back, game);
    }

    #[test]
    fn fmt_is_idempotent(game in game()) {
        let once = write_game(&game);
        let twice = write_game(&parse_game(&once).map_err(|e| TestCaseError::fail(e.to_string()))?);
        prop_assert_eq!(once, twice);
    }

    #[test]
    fn canonical_form_is_one_line_per_opening_comment_and_per_turn(game in game()) {
        let text = write_game(&game);
        let movetext: Vec<&str> = text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('['))
            .collect();
        let opening = game.line.comments.len()
            + game.line.turns.first().map_or(0, |t| t.before().len());
        prop_assert_eq!(movetext.len(), opening + game.line.turns.len() + 1, "{}", text);
        for (line, turn) in movetext[opening..].iter().zip(&game.line.turns) {
            let number = format!("{}. ", turn.number);
            prop_assert!(line.starts_with(&number), "{}", text);
        }
        for line in &movetext[..opening] {
            prop_assert!(line.starts_with('{') && line.ends_with('}'), "{}", text);
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let _ = parse_games(&text);
    }

    #[test]
    fn arbitrary_notation_like_text_never_panics(text in "[\\[\\]{}()\"RBG0-9a-z.:>*=+#~$!? \n-]{0,200}") {
        for game in parse_games(&text).into_iter().flatten() {
            // Whatever parses must round-trip.
            prop_assert_eq!(parse_game(&write_game(&game)).ok(), Some(game));
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic_the_reader(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        for source in billes_notation::Reader::new(&bytes[..]).flatten() {
            let _ = source.parse();
        }
    }
}

#[test]
fn every_example_round_trips() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut files = Vec::new();
    collect(&root, &mut files);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for game in parse_games(&text).into_iter().flatten() {
            let written = write_game(&game);
            assert_eq!(parse_game(&written).unwrap(), game, "{}", path.display());
            assert_eq!(write_game(&parse_game(&written).unwrap()), written);
        }
    }
}

#[test]
fn every_example_is_canonical() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples");
    let mut files = Vec::new();
    collect(&root, &mut files);
    assert!(files.len() > 40);
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let games: Vec<_> = parse_games(&text).into_iter().map(Result::unwrap).collect();
        assert_eq!(
            billes_notation::write_games(&games),
            text,
            "{}",
            path.display()
        );
    }
}

/// The records shown in the README and the notation's chapters are written
/// as `billes fmt` writes them.
#[test]
fn records_in_the_docs_are_canonical() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut checked = 0;
    for doc in [
        "README.md",
        "notation/SPEC.md",
        "notation/aggravation.md",
        "notation/barricade.md",
        "notation/offboard.md",
    ] {
        let text = std::fs::read_to_string(root.join(doc)).unwrap();
        for block in text.split("```").skip(1).step_by(2) {
            let body = block.split_once('\n').map_or("", |(_, b)| b);
            if !body.starts_with("[Game") {
                continue;
            }
            let games: Vec<_> = parse_games(body)
                .into_iter()
                .map(|g| g.unwrap_or_else(|e| panic!("{doc}: {e}\n{body}")))
                .collect();
            assert_eq!(billes_notation::write_games(&games), body, "{doc}");
            checked += 1;
        }
    }
    assert!(checked >= 2, "only {checked} records found");
}

fn collect(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "bgn") {
            out.push(path);
        }
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let depth = 100_000;
    let text = format!(
        "1. R6 + {}{}*",
        "(1. R1 + ".repeat(depth),
        ")".repeat(depth)
    );
    let err = parse_game(&text).unwrap_err();
    assert!(err.message.contains("nested more than"), "{}", err.message);
}

#[test]
fn nesting_up_to_the_limit_is_accepted() {
    let depth = billes_notation::MAX_NESTING;
    let text = format!(
        "1. R6 + {}{}*",
        "(1. R1 + ".repeat(depth),
        ")".repeat(depth)
    );
    assert!(parse_game(&text).is_ok());
}

#[test]
fn a_huge_comment_is_read_in_linear_time() {
    let text = format!("1. R6 + {{{}}} *", "word ".repeat(400_000));
    let game = parse_game(&text).unwrap();
    assert_eq!(game.line.turns[0].after()[0].text.len(), 400_000 * 5 - 1);
}

#[test]
fn spans_point_at_the_source() {
    let text = "[Game \"aggravation\"]\n\n1. R6 +\n2. R3 r9-r12* {x}\n*\n";
    let game = parse_game(text).unwrap();
    let turn = &game.line.turns[1];
    let span = turn.actions[0].span();
    assert_eq!(&text[span.range()], "r9-r12*");
    assert_eq!((span.line, span.column), (4, 7));
    assert_eq!((turn.head.span.line, turn.head.span.column), (4, 4));
    assert_eq!(&text[game.outcome.span.range()], "*");
    assert_eq!(game.outcome.span.line, 5);
}

#[test]
fn numbers_are_implied_when_not_written() {
    let game = parse_game("R6 + R3 r9-r12 (B1 --) 7. B2 -- G1 -- *").unwrap();
    let numbers: Vec<u32> = game.line.turns.iter().map(|t| t.number).collect();
    assert_eq!(numbers, [1, 2, 7, 8]);
    assert_eq!(game.line.turns[1].variations()[0].turns[0].number, 2);
}

#[test]
fn comments_before_and_after_a_turn_are_kept_apart() {
    let game = parse_game("{intro} 1. R6 + {after one} 2. {before two} R1 r9-r10 *").unwrap();
    let t = &game.line.turns;
    assert_eq!(t[0].before()[0].text, "intro");
    assert_eq!(t[0].after()[0].text, "after one");
    assert_eq!(t[1].before()[0].text, "before two");
    assert!(t[1].after().is_empty());
}

#[test]
fn nags_in_both_forms_are_the_same() {
    let a = parse_game("1. R6 + ! $2 !? *").unwrap();
    let b = parse_game("1. R6 + $1 ? $5 *").unwrap();
    assert_eq!(a, b);
    assert_eq!(write_game(&a), "1. R6 + ! ? !?\n*\n");
}

/// Any name a name holds: empty, ASCII or not, up to its eight bytes.
fn any_name() -> BoxedStrategy<Name> {
    proptest::sample::select(
        &[
            "", "r", "r9", "r15", "c", "gh2", "abcdefgh", "é", "été", "ñandú", "abcdefg", "Rouge",
            "0", "e\u{301}",
        ][..],
    )
    .prop_map(Name::new)
    .boxed()
}

fn any_number() -> BoxedStrategy<u32> {
    prop_oneof![0u32..20_000, any::<u32>()].boxed()
}

fn any_head() -> impl Strategy<Value = Head> {
    (
        any_name(),
        proptest::option::of(any_number()),
        proptest::option::of(any::<u8>()),
        proptest::option::of(any_name()),
    )
        .prop_map(|(seat, roll, second, mover)| Head {
            seat,
            roll,
            second,
            mover,
            span: Default::default(),
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// The writers of bytes (`put_action`, `put_head`) append what the
    /// canonical writers (`write_action`, `write_head`, the reference)
    /// write, after any text already in the buffer, for every shape of
    /// action and head and any name or number, not only those a record
    /// reads back.
    #[test]
    fn actions_are_put_as_they_are_written(
        a in action_of(any_name(), any_number(), 0..5),
        before in any_name(),
    ) {
        let mut text = before.to_string();
        write_action(&mut text, &a).unwrap();
        let mut out = before.as_bytes().to_vec();
        put_action(&mut out, &a);
        prop_assert_eq!(out, text.into_bytes());
    }

    /// A turn read as a brief is put (`put_brief`) as its head and its
    /// actions are, each action after a space: every turn of one action,
    /// or of one action and a barricade put down, that is a brief.
    #[test]
    fn briefs_are_put_as_their_turns_are(
        seat in any_name(),
        roll in proptest::option::of(0u32..12),
        action in action_of(any_name(), any_number(), 1..5),
        put_down in proptest::option::of(any_name()),
        before in any_name(),
    ) {
        let mut actions = vec![action];
        actions.extend(put_down.map(|at| Action::Barricade { at, span: Default::default() }));
        let turn = Turn::new(7, seat, roll, None, actions);
        if let Some(brief) = Brief::of(&turn) {
            let want = put_turn(&before, &turn);
            let mut out = before.as_bytes().to_vec();
            put_brief(&mut out, &brief);
            prop_assert_eq!(out, want);
        }
    }

    /// A turn of two dice read as a pair brief is put (`put_pair_brief`)
    /// as its head and its actions are, each action after a space, and
    /// the brief is written as its actions (`writes_as`): every turn of
    /// one to four actions that is a pair brief.
    #[test]
    fn pair_briefs_are_put_as_their_turns_are(
        seat in any_name(),
        dice in (0u32..12, 0u8..12),
        actions in proptest::collection::vec(action_of(any_name(), any_number(), 1..4), 1..6),
        before in any_name(),
    ) {
        let head = Head { seat, roll: Some(dice.0), second: Some(dice.1), mover: None, span: Default::default() };
        let turn = Turn::from_parts(7, head, actions.into(), Default::default());
        if let Some(brief) = PairBrief::of(&turn) {
            let want = put_turn(&before, &turn);
            let mut out = before.as_bytes().to_vec();
            put_pair_brief(&mut out, &brief);
            prop_assert_eq!(out, want);
            prop_assert!(brief.writes_as(&turn.actions));
        }
    }

    #[test]
    fn heads_are_put_as_they_are_written(h in any_head(), before in any_name()) {
        let mut text = before.to_string();
        write_head(&mut text, &h).unwrap();
        let mut out = before.as_bytes().to_vec();
        put_head(&mut out, &h);
        prop_assert_eq!(out, text.into_bytes());
    }
}
