//! The exact text of typical syntax errors, as a user sees them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_notation::parse_game;

fn render(text: &str) -> String {
    parse_game(text).unwrap_err().render("game.bgn", false)
}

#[test]
fn missing_hyphen_between_holes() {
    assert_snapshot!(
        "missing_hyphen_between_holes",
        render("[Game \"aggravation\"]\n\n1. R6 +\n2. R3 r9 r12\n*\n")
    );
}

#[test]
fn unclosed_comment() {
    assert_snapshot!(
        "unclosed_comment",
        render("1. R6 + {a comment that never ends\n2. R3 r9-r12 *\n")
    );
}

#[test]
fn missing_result() {
    assert_snapshot!(
        "missing_result",
        render("[Game \"barricade\"]\n\n1. R6 rs-b3\n")
    );
}

#[test]
fn lowercase_seat() {
    assert_snapshot!("lowercase_seat", render("1. r6 r9-r12 *\n"));
}

#[test]
fn turn_without_action() {
    assert_snapshot!("turn_without_action", render("1. R6\n2. B3 b9-b12 *\n"));
}

#[test]
fn unclosed_tag_value() {
    assert_snapshot!("unclosed_tag_value", render("[Event \"Club night]\n*\n"));
}

#[test]
fn unclosed_variation() {
    assert_snapshot!(
        "unclosed_variation",
        render("1. R6 + (1. R1 + 2. R3 r9-r12 *\n")
    );
}

#[test]
fn garbage_after_a_move() {
    assert_snapshot!("garbage_after_a_move", render("1. R6 r9-r12; *\n"));
}

#[test]
fn nag_before_any_turn() {
    assert_snapshot!("nag_before_any_turn", render("!! 1. R6 + *\n"));
}

#[test]
fn columns_count_characters_not_bytes() {
    assert_snapshot!(
        "columns_count_characters_not_bytes",
        render("1. R6 + {très bien} é *\n")
    );
}

#[test]
fn hole_name_longer_than_eight_characters() {
    assert_snapshot!(
        "hole_name_longer_than_eight_characters",
        render("1. R6 r9-centrehole *\n")
    );
}

#[test]
fn take_mark_run_into_a_put_down() {
    assert_snapshot!(
        "take_mark_run_into_a_put_down",
        render("[Game \"barricade\"]\n\n1. R1 e3-d3#e3 *\n")
    );
}

#[test]
fn turns_after_a_star_result() {
    assert_snapshot!(
        "turns_after_a_star_result",
        render("[Game \"aggravation\"]\n\n1. R6 + 2. R3 r9-r12 * 3. B4 --\n*\n")
    );
}

/// A move cut short names the spelling of the record's own game, and a file
/// that ends there says so.
#[test]
fn a_cut_move_names_its_game_s_syntax_and_the_end_of_the_file() {
    let cases = [
        (
            "aggravation",
            "1. R6 +\n2. R1 r9",
            "expected '-' and the next hole (like `r9-r12`) after r9, found the end of the input: the file ends in the middle of a turn",
        ),
        (
            "barricade",
            "1. R6 e5",
            "expected '-' and the next point (like `e5-e7`) after e5, found the end of the input: the file ends in the middle of a turn",
        ),
        (
            "offboard",
            "1. R c3",
            "expected ':' and the line's last cell, or '>' and a direction (like `c3>ne`), after c3, found the end of the input: the file ends in the middle of a turn",
        ),
    ];
    for (game, moves, message) in cases {
        let text = format!("[Game \"{game}\"]\n\n{moves}");
        let e = billes_notation::parse_game(&text).unwrap_err();
        assert_eq!(e.message, message, "{game}");
    }
    // Cut before the next line: the file does not end there.
    let e = billes_notation::parse_game("[Game \"aggravation\"]\n\n1. R1 r9\n*\n").unwrap_err();
    assert!(!e.message.contains("the file ends"), "{}", e.message);
}
