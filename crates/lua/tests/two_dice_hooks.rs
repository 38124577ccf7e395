//! A race game of two dice (Parcheesi) under hooks written in Lua: a turn
//! read part by part under `allow` (each part looked up among those the
//! hook allows, not read from the piece it moves), and a double's extra
//! roll under `extra_turn`.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::ErrorKind;

use super::game_hooks::{load, replay};

/// A shipped game of four players, with doubles, bonuses and a winner.
const GAME: &str = include_str!("../../../examples/parcheesi/four-players.bgn");

#[test]
fn hooks_that_keep_the_rules_replay_a_game_as_the_standard_rules_do() {
    let standard = replay(&load("parcheesi", ""), GAME).unwrap();
    assert!(
        standard.winners.is_some() && standard.turns == 86,
        "{standard:?}"
    );
    let keep = load(
        "parcheesi",
        "allow = function(move, pos) return true end,
         extra_turn = function(move, pos, standard) return standard end,",
    );
    assert_eq!(replay(&keep, GAME).unwrap(), standard);
}

#[test]
fn extra_turn_sees_the_position_before_the_turn() {
    // Turn 5, R5-5 +t1 +t1: before it R has one pawn out (t5), after it
    // three.
    let v = load(
        "parcheesi",
        "extra_turn = function(move, pos, standard)
           if move.turn == 5 then
             assert(#pos.pieces('R') == 1, 'R has ' .. #pos.pieces('R') .. ' pawns out')
           end
           return standard
         end,",
    );
    replay(&v, GAME).unwrap();
}

#[test]
fn allow_forbids_a_part_of_a_turn_and_the_turn_is_refused() {
    // No piece enters on the roll of a 5 alone: the first turn enters
    // with its 5, and no other play of 5-4 is left (nothing is out).
    let v = load(
        "parcheesi",
        "allow = function(move, pos)
           return not (move.kind == 'enter' and move.roll == 5)
         end,",
    );
    let e = replay(&v, GAME).unwrap_err();
    assert_eq!(
        (e.kind, e.turn),
        (ErrorKind::IllegalMove, Some(1)),
        "{}",
        e.message
    );
}

#[test]
fn extra_turn_refused_on_a_double_passes_the_dice_on() {
    // Turn 5 is R's double (5-5), and turn 6 R's extra roll: without it,
    // B rolls next, so R's sixth turn is out of turn.
    let v = load(
        "parcheesi",
        "extra_turn = function(move, pos, standard) return false end,",
    );
    let e = replay(&v, GAME).unwrap_err();
    assert_eq!(
        (e.kind, e.turn),
        (ErrorKind::Seat, Some(6)),
        "{}",
        e.message
    );
}
