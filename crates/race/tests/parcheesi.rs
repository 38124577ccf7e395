//! Parcheesi's rule text (`notation/parcheesi.md`): its reference examples
//! (section 13) and each rule of a turn of two dice, as the complete turns
//! a position lists or a record checked turn by turn.

mod common;

use billes_game::game::{GameRules, Roll};
use billes_game::variant::NoHooks;
use billes_notation::Seat;
use billes_race::Race;

const GAME: &str = "parcheesi";

/// The complete turns of `seat` with the roll `a-b` in the position
/// `position` (a Position tag's value) of a game of `seats`.
fn turns(seats: &str, position: &str, seat: &str, (a, b): (u8, u8)) -> Vec<String> {
    let rules = Race::named(GAME).expect("shipped");
    let tags = format!("[Game \"{GAME}\"]\n[Seats \"{seats}\"]\n[Position \"{position}\"]\n\n*\n");
    let record = billes_notation::parse_game(&tags).expect("tags");
    let state = rules.setup(&record).expect("set up");
    rules
        .legal_moves(&state, Seat::from(seat), Roll::pair(a, b), 1, &NoHooks)
        .expect("moves")
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Whether `movetext` replays from `position`, and its first mistake
/// (kind: message) otherwise.
fn check(seats: &str, position: &str, movetext: &str) -> Result<String, String> {
    let rules = Race::named(GAME).expect("shipped");
    let mut text = format!("[Game \"{GAME}\"]\n[Seats \"{seats}\"]\n");
    if !position.is_empty() {
        text.push_str(&format!("[Position \"{position}\"]\n"));
    }
    text.push_str(&format!("\n{movetext} *\n"));
    let record = billes_notation::parse_game(&text).map_err(|e| e.message)?;
    let mut state = rules.setup(&record).map_err(|e| e.message)?;
    for turn in &record.line.turns {
        rules
            .play(&mut state, turn, &NoHooks)
            .map_err(|e| format!("{}: {}", e.kind.name(), e.message))?;
    }
    Ok(rules.position_tag(&state))
}

#[test]
fn five_three_from_the_nest_enters_then_moves_three() {
    // 13: four pawns in the nest, 5-3: enter on 1, then 1 -> 4.
    assert_eq!(turns("R Y", "R: Y: move=R", "R", (5, 3)), ["+t1 t1-t4"]);
    // The 3 before the 5 plays nothing: no pawn is out yet.
    let err = check("R Y", "", "1. R5-3 t1-t4 +t1").unwrap_err();
    assert!(err.starts_with("illegal_move"), "{err}");
}

#[test]
fn a_move_after_the_roll_is_used_says_nothing_is_left() {
    let err = check(
        "R Y",
        "R:t20,t30 Y: move=R",
        "1. R2-4 t20-t22 t30-t34 t22-t25",
    )
    .unwrap_err();
    assert_eq!(
        err,
        "illegal_move: t22-t25 is not a move the roll gives now (nothing is left of the roll)"
    );
    // With a bonus earned, the bonus is what is left.
    let err = check(
        "R Y",
        "R:t20,t32 Y:t36 move=R",
        "1. R2-4 t20-t22 t32-t36* t22-t25",
    )
    .unwrap_err();
    assert_eq!(
        err,
        "illegal_move: t22-t25 is not a move the roll gives now (the bonuses left are 20)"
    );
}

#[test]
fn a_total_of_five_enters_with_both_dice() {
    // 13: 2-3 with pawns in the nest and the Enter space free: enter.
    assert_eq!(turns("R Y", "R: Y: move=R", "R", (2, 3)), ["+t1"]);
    assert_eq!(turns("R Y", "R: Y: move=R", "R", (1, 4)), ["+t1"]);
    assert_eq!(turns("R Y", "R: Y: move=R", "R", (6, 3)), ["--"]);
    // 5.2: entering comes first, even with a pawn out.
    let out = turns("R Y", "R:t20 Y: move=R", "R", (2, 3));
    assert_eq!(out, ["+t1"], "not t20-t22 t22-t25");
    // A 5-5 enters two pawns.
    assert_eq!(turns("R Y", "R: Y: move=R", "R", (5, 5)), ["+t1 +t1"]);
}

#[test]
fn a_capture_earns_twenty_taken_after_the_die_moves() {
    // 13: R on 10 rolls 6-4, Y has a pawn on 16.
    let listed = turns("R Y", "R:t10 Y:t16 move=R", "R", (6, 4));
    assert!(
        listed.contains(&"t10-t16* t16-t20 t20-t40".to_owned()),
        "{listed:?}"
    );
    assert!(listed.contains(&"t10-t14 t14-t20".to_owned()), "{listed:?}");
    let tag = check(
        "R Y",
        "R:t10 Y:t16 move=R",
        "1. R6-4 t10-t16* t16-t20 t20-t40",
    )
    .unwrap();
    assert_eq!(tag, "R:t40 Y: move=Y");
    // The bonus must be taken when a pawn can move it.
    let err = check("R Y", "R:t10 Y:t16 move=R", "1. R6-4 t10-t16* t16-t20").unwrap_err();
    assert!(err.contains("bonus of 20"), "{err}");
    // A false mark is an effect mistake.
    let err = check("R Y", "R:t10 Y:t16 move=R", "1. R6-4 t10-t14* t14-t20").unwrap_err();
    assert!(err.starts_with("effect"), "{err}");
}

#[test]
fn a_pawn_turns_into_its_home_path_and_reaches_home_by_the_exact_count() {
    // 13: R on 60 rolls 3-1: 60 -> 63 -> 64 or 60 -> 61 -> 64, one turn.
    assert_eq!(turns("R Y", "R:t60 Y: move=R", "R", (3, 1)).len(), 1);
    assert!(check("R Y", "R:t60 Y: move=R", "1. R3-1 t60-t63 t63-t64").is_ok());
    assert!(check("R Y", "R:t60 Y: move=R", "1. R3-1 t60-t61 t61-t64").is_ok());
    // From 64 the next step is R1; R5 reaches HOME with a 3 and earns 10.
    let listed = turns("R Y", "R:t64,r5 Y: move=R", "R", (3, 1));
    // The 10 earned at HOME cannot be moved (r1 + 10 is past rh).
    assert_eq!(listed, ["t64-r1 r1-r4", "t64-r1 r5-rh", "r5-r6 t64-r3"]);
    let tag = check("R Y", "R:t20,r5 Y: move=R", "1. R3-1 r5-rh t20-t21 t21-t31").unwrap();
    assert_eq!(tag, "R:t31,rh Y: move=Y");
    // A value that would pass HOME is not used with that pawn.
    assert_eq!(turns("R Y", "R:r5,rh,rh,rh Y: move=R", "R", (6, 4)), ["--"]);
}

#[test]
fn safety_spaces_are_neither_landed_on_nor_captured_but_passed() {
    // 13: a rival pawn on 8; R on 5 cannot land there with a 3, may pass
    // it with a 4.
    let listed = turns("R Y", "R:t5 Y:t8 move=R", "R", (3, 4));
    assert_eq!(listed, ["t5-t9 t9-t12"], "t5-t8 never");
    // 5.4: entering captures on the Enter space although it is safe.
    let listed = turns("R Y", "R: Y:t1 move=R", "R", (5, 2));
    assert_eq!(listed, ["+t1* t1-t3 t3-t23"]);
}

#[test]
fn blockades_stop_every_pawn_and_do_not_move_forward_together() {
    // A blockade of B on t12 stops R's pawn on t9 (no landing, no passing).
    let listed = turns("R B Y", "R:t9 B:t12,t12 Y: move=R", "R", (2, 4));
    assert_eq!(listed, ["t9-t11"], "only the 2 can be used");
    // 5.3: a blockade on the Enter space stops entering.
    assert_eq!(turns("R B Y", "R: B:t1,t1 Y: move=R", "R", (5, 1)), ["--"]);
    // 9.3: the two pawns of a blockade may not both move 3 onto one point.
    let listed = turns("R Y", "R:t10,t10 Y: move=R", "R", (3, 3));
    assert!(
        !listed.contains(&"t10-t13 t10-t13".to_owned()),
        "{listed:?}"
    );
    assert!(listed.contains(&"t10-t13 t13-t16".to_owned()), "{listed:?}");
    let err = check("R Y", "R:t10,t10 Y: move=R", "1. R3-3 t10-t13 t10-t13").unwrap_err();
    assert!(err.contains("blockade"), "{err}");
}

#[test]
fn a_double_with_every_pawn_out_adds_the_bottoms_and_rolls_again() {
    // 13: 6-6 with all pawns out gives 6, 6, 1, 1.
    let tag = check(
        "R Y",
        "R:t2,t20,t30,t40 Y: move=R",
        "1. R6-6 t2-t8 t20-t26 t30-t31 t40-t41 2. R2-3 t41-t43 t43-t46",
    )
    .unwrap();
    assert_eq!(tag, "R:t8,t26,t31,t46 Y: move=Y");
    // With a pawn in the nest, no bottoms.
    let listed = turns("R Y", "R:t20 Y: move=R", "R", (6, 6));
    assert_eq!(listed, ["t20-t26 t26-t32"]);
}

#[test]
fn the_third_double_sends_the_pawn_nearest_home_back() {
    // 13: a third double in a row sends R's most advanced pawn back.
    let position = "R:t20,r6 Y: move=R extra=2";
    assert_eq!(turns("R Y", position, "R", (4, 4)), ["--"]);
    let tag = check("R Y", position, "1. R4-4 --").unwrap();
    assert_eq!(tag, "R:t20 Y: move=Y");
    let err = check("R Y", position, "1. R4-4 t20-t24").unwrap_err();
    assert!(err.contains("third double"), "{err}");
}

#[test]
fn the_first_with_every_pawn_home_wins() {
    let tag = "R:rh,rh,rh,r5 Y:t9 move=R";
    let after = check("R Y", tag, "1. R2-1 r5-r7 r7-rh").unwrap();
    assert_eq!(after, "R:rh,rh,rh,rh Y:t9 finished=R");
    let err = check("R Y", tag, "1. R2-1 r5-r7 r7-rh 2. Y1-2 t9-t10 t10-t12").unwrap_err();
    assert!(err.starts_with("after_end"), "{err}");
}

/// The fast paths of the checker agree with the reference: the quick
/// check accepts only turns the listing has, and a written part is read
/// as the list of parts reads it. Random plays (each a random walk through the parts a roll gives,
/// stopped anywhere) from the positions of simulated games, every roll.
#[test]
fn the_quick_check_accepts_only_listed_turns() {
    use billes_game::rng::Rng;
    use billes_race::two_dice::{self, written, Left};

    let rules = Race::named(GAME).expect("shipped");
    let mut rng = Rng::new(11);
    // Turns tried, settled by the fast path, and settled with a die value
    // or a bonus left (the cases that ask `fuller` or find a forfeit).
    let (mut settled, mut tried, mut short) = (0, 0, 0);
    for (seed, players) in [(1, 2), (2, 4), (3, 3)] {
        let game = common::simulated(&rules, players, seed, 150);
        let mut state = rules.setup(&game).expect("set up");
        for turn in &game.line.turns {
            let i = state.seat_of(turn.head.seat).expect("seat");
            for roll in Roll::all(2) {
                if two_dice::over_limit(&state, roll) {
                    continue;
                }
                let listed =
                    two_dice::complete_turns(&state, i, roll, &mut |_, _| Ok::<_, ()>(true))
                        .expect("listed");
                let keys: Vec<_> = listed
                    .iter()
                    .map(|c| two_dice::position_key(&c.after))
                    .collect();
                for _ in 0..6 {
                    let (after, left) = random_play(&state, i, roll, &mut rng);
                    tried += 1;
                    if written::quick(&state, (i, roll), &after, &left) {
                        settled += 1;
                        let values = Left::of_roll(&state, i, roll).values().len();
                        if usize::from(left.used) < values || !left.bonuses().is_empty() {
                            short += 1;
                        }
                        assert!(
                            keys.contains(&two_dice::position_key(&after)),
                            "quick accepts a turn not listed: {} with {roll}",
                            rules.position_tag(&state)
                        );
                    }
                }
            }
            rules.play(&mut state, turn, &NoHooks).expect("replays");
        }
    }
    assert!(
        settled > tried / 10,
        "the fast path settles a share: {settled} of {tried}"
    );
    assert!(
        short > settled / 10,
        "the fast path settles turns short of a value or a bonus: {short} of {settled}"
    );

    /// A part but for which of two alike pieces moves.
    /// The value, the move (from, to, bonus) and the capture of a part.
    type Shape = (u32, Option<(usize, usize, bool)>, Option<(usize, usize)>);

    fn shape(p: two_dice::Part) -> Shape {
        let moved = match p {
            two_dice::Part::Move {
                from, to, bonus, ..
            } => Some((from, to, bonus)),
            _ => None,
        };
        (p.value(), moved, p.capture())
    }

    fn random_play(
        state: &billes_race::State,
        i: usize,
        roll: Roll,
        rng: &mut Rng,
    ) -> (billes_race::State, Left) {
        let groups = two_dice::groups(state, i);
        let (mut s, mut left) = (state.clone(), Left::of_roll(state, i, roll));
        loop {
            if !left.dice_done() && rng.chance(1, 8) {
                two_dice::end_dice(&mut left);
            }
            let mut next = two_dice::parts(&s, i, &left, &groups);
            if next.is_empty() && !left.dice_done() {
                two_dice::end_dice(&mut left);
                next = two_dice::parts(&s, i, &left, &groups);
            }
            next.retain(|p| !matches!(p, two_dice::Part::Forfeit { .. }) || rng.chance(1, 2));
            if next.is_empty() || rng.chance(1, 12) {
                return (s, left);
            }
            let part = next[rng.below(next.len())];
            // The fast reading of a written part finds the same part.
            if let Some(action) = part.action(&s, i) {
                let named = two_dice::named_part(&s, i, &left, &action).map(|(p, _)| shape(p));
                assert_eq!(named, Some(shape(part)), "{action} at {}", s.steps().len());
            }
            two_dice::apply(&mut s, i, &mut left, part);
        }
    }
}

/// A turn completed without the list (`complete_turn`, which `export`
/// asks first) keeps the order written, its marks those the list gives
/// the same position: every turn of simulated games, written without its
/// marks.
#[test]
fn a_turn_is_completed_in_the_order_written() {
    let rules = Race::named(GAME).expect("shipped");
    for (seed, players) in [(4, 2), (5, 4)] {
        let game = common::simulated(&rules, players, seed, 200);
        let mut state = rules.setup(&game).expect("set up");
        for turn in &game.line.turns {
            let bare = common::unmarked(turn);
            let completed = rules.complete_turn(&state, &bare).expect("completed");
            let roll = completed.roll;
            let written = billes_game::game::Move::from_turn(turn).expect("a move");
            assert_eq!(completed.turn(), written.turn());
            // The same position as the listed move it names.
            let mut after = state.clone();
            rules.play(&mut after, turn, &NoHooks).expect("replays");
            let listed = rules
                .legal_moves(&state, turn.head.seat, roll, turn.number, &NoHooks)
                .expect("listed");
            let same = listed.iter().any(|m| {
                let mut s = state.clone();
                rules
                    .play(&mut s, &m.to_turn(turn.number), &NoHooks)
                    .is_ok()
                    && rules.position_tag(&s) == rules.position_tag(&after)
            });
            assert!(same, "{} reaches no listed position", written.turn());
            state = after;
        }
    }
}

/// A turn read as a pair brief (`billes validate`'s reading of most of
/// Parcheesi's turns) is played as its turn of the tree is, or left to
/// it with the position as it was: every turn of simulated games, as
/// written and with a slip (another roll, an action dropped, the actions
/// in another order, a capture mark added or taken away).
#[test]
fn a_pair_brief_is_played_as_its_turn_or_left_to_it() {
    use billes_notation::{PairBrief, Turn};

    let rules = Race::named(GAME).expect("shipped");
    // The turns as written: briefs tried, and played.
    let (mut tried, mut played) = (0, 0);
    let compare = |state: &billes_race::State, written: &Turn| -> Option<bool> {
        let brief = PairBrief::of(written)?;
        let turn = format!("{} {:?}", written.number, written.actions.as_slice());
        let turn = &turn;
        let mut by_brief = state.clone();
        let mut by_turn = state.clone();
        let reference = rules.play(&mut by_turn, written, &NoHooks);
        if rules.play_pair_brief(&mut by_brief, &brief) {
            assert!(
                reference.is_ok(),
                "{turn}: played as a brief, refused as a turn"
            );
            assert_eq!(by_brief, by_turn, "{turn}: another position");
            Some(true)
        } else {
            assert_eq!(&by_brief, state, "{turn}: refused, the position changed");
            Some(false)
        }
    };
    for (seed, players) in [(6, 2), (7, 4), (8, 3)] {
        let game = common::simulated(&rules, players, seed, 400);
        let mut state = rules.setup(&game).expect("set up");
        for turn in &game.line.turns {
            if let Some(brief) = compare(&state, turn) {
                tried += 1;
                played += usize::from(brief);
            }
            for slip in slips(turn) {
                compare(&state, &slip);
            }
            rules.play(&mut state, turn, &NoHooks).expect("replays");
        }
    }
    // Most turns as written are played as briefs (the rest are listed).
    assert!(played > tried * 3 / 4, "briefs played: {played} of {tried}");

    /// `turn` with one slip each: every other roll, each action dropped,
    /// its actions reversed, each action's capture mark toggled.
    fn slips(turn: &Turn) -> Vec<Turn> {
        let mut out = Vec::new();
        for roll in Roll::all(2) {
            let mut t = turn.clone();
            t.head.roll = Some(u32::from(roll.get()));
            t.head.second = roll.second();
            out.push(t);
        }
        for k in 0..turn.actions.len() {
            let mut t = turn.clone();
            t.actions.remove(k);
            if !t.actions.is_empty() {
                out.push(t);
            }
            let mut t = turn.clone();
            if let billes_notation::Action::Place { capture, .. }
            | billes_notation::Action::Move { capture, .. } = &mut t.actions[k]
            {
                *capture = match capture {
                    Some(_) => None,
                    None => Some(Default::default()),
                };
                out.push(t);
            }
        }
        let mut t = turn.clone();
        t.actions.as_mut_slice().reverse();
        out.push(t);
        out
    }
}
