//! The game API under variants: a loaded variant gives positions whose legal
//! moves follow its parameters and hooks, like the standard rules' do.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use billes_core::game::{perft, Position, Roll};
use billes_core::{Engine, Standard};
use billes_lua::{Variant, VariantSource};

fn shipped(name: &str) -> Variant {
    Variant::load(&VariantSource::shipped(name).unwrap()).unwrap()
}

fn names(pos: &dyn Position, roll: Option<u8>) -> Vec<String> {
    pos.legal_moves(roll.and_then(Roll::new))
        .unwrap()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

#[test]
fn abalone_has_its_44_opening_moves() {
    let abalone = shipped("abalone");
    let pos = abalone.position(&[]).unwrap();
    assert_eq!(pos.game(), billes_core::offboard::KIND);
    let moves = names(pos.as_ref(), None);
    assert_eq!(moves.len(), 44, "{moves:?}");
    assert_eq!(perft(pos.as_ref(), 1).unwrap(), 44);
}

#[test]
fn a_hook_forbids_moves_in_the_list() {
    // Green's marble sits on its START g9; Red can reach it with a 3 from
    // g6... under the standard rules, not under safe-start.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/aggravation/house-rules/safe-start.lua"
    ))
    .unwrap();
    let safe = Variant::load(&VariantSource::from_text(
        "examples/aggravation/house-rules/safe-start.lua",
        &text,
    ))
    .unwrap();
    let tags = [("Seats", "R G"), ("Position", "R:g6 G:g9 move=R")];
    let standard = Standard::new(billes_core::aggravation::KIND);
    let free = standard.position(&tags).unwrap();
    let guarded = safe.position(&tags).unwrap();
    assert_eq!(names(free.as_ref(), Some(3)), ["g6-g9*"]);
    assert_eq!(names(guarded.as_ref(), Some(3)), ["--"]);
    // The list and the checker agree: the pass is what the variant plays.
    let mut after = guarded.boxed();
    let pass = guarded.legal_moves(Roll::new(3)).unwrap()[0].clone();
    after.play(&pass).unwrap();
    assert!(after
        .play(&free.legal_moves(Roll::new(3)).unwrap()[0])
        .is_err());
}

#[test]
fn parameters_change_the_moves() {
    // Five marbles, a HOME of five: five enter, the start has the same
    // moves as the standard game's.
    let five = shipped("five-marbles");
    let pos = five.position(&[("Seats", "R G")]).unwrap();
    assert_eq!(names(pos.as_ref(), Some(6)), ["+"]);
    assert!(pos.view().seats[0].waiting == 5);
    let no_shortcuts = shipped("no-shortcuts");
    let tags = [("Seats", "R G"), ("Position", "R:r0 G:g9 move=R")];
    let standard = Standard::new(billes_core::aggravation::KIND);
    let with = standard.position(&tags).unwrap();
    let without = no_shortcuts.position(&tags).unwrap();
    assert!(names(with.as_ref(), Some(1)).len() > names(without.as_ref(), Some(1)).len());
}

#[test]
fn a_variant_position_is_the_variants_own() {
    let malefiz = shipped("malefiz");
    let record =
        billes_notation::parse_game("[Game \"aggravation\"]\n[Seats \"R G\"]\n\n*\n").unwrap();
    let err = malefiz.start(&record).unwrap_err();
    assert!(
        err.message.contains("for barricade, not aggravation"),
        "{}",
        err.message
    );
}
