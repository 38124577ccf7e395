//! The exact text of typical syntax errors, as a user sees them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_notation::parse_game;

fn render(text: &str) -> String {
    parse_game(text).unwrap_err().render("game.bgn", false)
}

#[test]
fn missing_hyphen_between_holes() {
    insta::assert_snapshot!(render(
        "[Game \"aggravation\"]\n\n1. R6 +\n2. R3 r9 r12\n*\n"
    ));
}

#[test]
fn unclosed_comment() {
    insta::assert_snapshot!(render(
        "1. R6 + {a comment that never ends\n2. R3 r9-r12 *\n"
    ));
}

#[test]
fn missing_result() {
    insta::assert_snapshot!(render("[Game \"barricade\"]\n\n1. R6 rs-b3\n"));
}

#[test]
fn lowercase_seat() {
    insta::assert_snapshot!(render("1. r6 r9-r12 *\n"));
}

#[test]
fn turn_without_action() {
    insta::assert_snapshot!(render("1. R6\n2. B3 b9-b12 *\n"));
}

#[test]
fn unclosed_tag_value() {
    insta::assert_snapshot!(render("[Event \"Club night]\n*\n"));
}

#[test]
fn unclosed_variation() {
    insta::assert_snapshot!(render("1. R6 + (1. R1 + 2. R3 r9-r12 *\n"));
}

#[test]
fn garbage_after_a_move() {
    insta::assert_snapshot!(render("1. R6 r9-r12; *\n"));
}

#[test]
fn nag_before_any_turn() {
    insta::assert_snapshot!(render("!! 1. R6 + *\n"));
}

#[test]
fn columns_count_characters_not_bytes() {
    insta::assert_snapshot!(render("1. R6 + {très bien} é *\n"));
}

#[test]
fn hole_name_longer_than_eight_characters() {
    insta::assert_snapshot!(render("1. R6 r9-centrehole *\n"));
}

#[test]
fn take_mark_run_into_a_put_down() {
    insta::assert_snapshot!(render("[Game \"barricade\"]\n\n1. R1 e3-d3#e3 *\n"));
}

#[test]
fn turns_after_a_star_result() {
    insta::assert_snapshot!(render(
        "[Game \"aggravation\"]\n\n1. R6 + 2. R3 r9-r12 * 3. B4 --\n*\n"
    ));
}
