//! Barricade's own columns in the `turns` table of `billes export`
//! ([`billes_game::columns`]): the barricade a move took, and the point a
//! held one was put down on.

use billes_game::columns::{Cell, CellKind, TurnCells, TurnColumn};
use billes_game::game::Move;
use billes_notation::Action;

/// The columns, in order.
pub(crate) const TURN_COLUMNS: &[TurnColumn] = &[
    TurnColumn::new(
        "barricade_taken",
        CellKind::Bool,
        false,
        "whether the move took a barricade (`#`)",
    ),
    TurnColumn::new(
        "barricade_put",
        CellKind::Text,
        true,
        "the point a held barricade was put down on (`#a2`; the last one, when the turn put down more); null when none was",
    ),
];

/// The cells of a turn that played `mv` (its complete move, marks and all).
pub(crate) fn turn_cells(mv: &Move) -> TurnCells {
    let mut taken = false;
    let mut put = None;
    for action in mv.actions.iter() {
        match action {
            Action::Move { barricade, .. } => taken |= *barricade,
            Action::Barricade { at, .. } => put = Some(*at),
            _ => {}
        }
    }
    TurnCells::from_cells([Cell::Bool(taken), put.map_or(Cell::Null, Cell::text)])
}

#[cfg(test)]
mod tests {
    use billes_game::columns::check_columns;
    use billes_game::game::Move;

    use super::*;

    fn played(line: &str) -> Move {
        let record = format!("[Game \"barricade\"]\n\n1. {line} *\n");
        let game = billes_notation::parse_game(&record).expect("parses");
        Move::from_turn(&game.line.turns[0]).expect("a move")
    }

    #[test]
    fn a_barricade_taken_and_one_put_down_are_told() {
        assert_eq!(check_columns(TURN_COLUMNS), Ok(()));
        let cells = turn_cells(&played("R5 h-q3#"));
        assert_eq!(
            (cells.get(0), cells.get(1)),
            (&Cell::Bool(true), &Cell::Null)
        );
        let cells = turn_cells(&played("R2 a1-c1 #f7"));
        assert_eq!(
            (cells.get(0), cells.get(1)),
            (&Cell::Bool(false), &Cell::text("f7"))
        );
        assert_eq!(cells.fit(TURN_COLUMNS), Ok(()));
        assert_eq!(turn_cells(&played("R2 --")).fit(TURN_COLUMNS), Ok(()));
    }
}
