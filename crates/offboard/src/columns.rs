//! Offboard's own columns in the `turns` table of `billes export`
//! ([`billes_game::columns`]): the marbles a move pushed off the board, the
//! points they scored, and a marble taken out of the game.

use billes_game::columns::{Cell, CellKind, TurnCells, TurnColumn};
use billes_game::game::Move;
use billes_notation::Action;

/// The columns, in order.
pub(crate) const TURN_COLUMNS: &[TurnColumn] = &[
    TurnColumn::new(
        "ejections",
        CellKind::U32,
        false,
        "marbles pushed off the board (`*`)",
    ),
    TurnColumn::new(
        "points",
        CellKind::U32,
        false,
        "points the ejections scored (`=3`)",
    ),
    TurnColumn::new(
        "removed",
        CellKind::Bool,
        false,
        "whether a marble pushed off before was taken out of the game (`~`)",
    ),
];

/// The cells of a turn that played `mv` (its complete move, marks and all).
pub(crate) fn turn_cells(mv: &Move) -> TurnCells {
    let (mut ejections, mut points, mut removed) = (0u32, 0u32, false);
    for action in mv.actions.iter() {
        match action {
            Action::Line {
                capture: Some(c), ..
            } => {
                ejections += 1;
                points += c.points.unwrap_or(0);
            }
            Action::Remove { .. } => removed = true,
            _ => {}
        }
    }
    TurnCells::from_cells([Cell::U32(ejections), Cell::U32(points), Cell::Bool(removed)])
}

#[cfg(test)]
mod tests {
    use billes_game::columns::check_columns;

    use super::*;

    fn played(line: &str) -> Move {
        let record = format!("[Game \"offboard\"]\n\n1. {line} *\n");
        let game = billes_notation::parse_game(&record).expect("parses");
        Move::from_turn(&game.line.turns[0]).expect("a move")
    }

    #[test]
    fn ejections_their_points_and_a_marble_taken_out_are_told() {
        assert_eq!(check_columns(TURN_COLUMNS), Ok(()));
        let cells = turn_cells(&played("R c3:c5>e*t4=3"));
        assert_eq!(
            [cells.get(0), cells.get(1), cells.get(2)],
            [&Cell::U32(1), &Cell::U32(3), &Cell::Bool(false)]
        );
        let cells = turn_cells(&played("R ~ c3>ne"));
        assert_eq!(
            [cells.get(0), cells.get(1), cells.get(2)],
            [&Cell::U32(0), &Cell::U32(0), &Cell::Bool(true)]
        );
        assert_eq!(cells.fit(TURN_COLUMNS), Ok(()));
    }
}
