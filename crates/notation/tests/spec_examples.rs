//! Every turn shown in SPEC.md's table of constructs parses as it is
//! written (the table is what people copy from).

const SPEC: &str = include_str!("../../../notation/SPEC.md");

/// The backticked examples of the "Every construct" table that are turns.
fn turn_examples() -> Vec<String> {
    let table = SPEC
        .split("## Every construct")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .unwrap_or_default();
    let mut out = Vec::new();
    for row in table.lines().filter(|l| l.starts_with("| ")) {
        let Some(example) = row.split(" | ").nth(1) else {
            continue;
        };
        for part in example.split('`').skip(1).step_by(2) {
            let mut chars = part.chars();
            let seat = chars.next().is_some_and(|c| c.is_ascii_uppercase());
            let then = chars.next();
            // A head alone (`R6`, `G4>Y`) is not a turn: an action follows a space.
            let turn = then.is_some_and(|c| c == ' ' || c.is_ascii_digit()) && part.contains(' ');
            if seat && turn {
                out.push(part.to_string());
            }
        }
    }
    out
}

#[test]
fn every_turn_in_the_table_of_constructs_parses() {
    let examples = turn_examples();
    assert!(examples.len() >= 12, "{examples:?}");
    for example in examples {
        let record = format!("[Game \"aggravation\"]\n\n1. {example} *\n");
        let game = billes_notation::parse_game(&record)
            .unwrap_or_else(|e| panic!("`{example}`: {}", e.message));
        assert_eq!(game.line.turns.len(), 1, "`{example}`");
    }
}

#[test]
fn a_put_down_comes_after_the_move_in_the_table() {
    // The Barricade chapter puts the held barricade down after the move.
    let put_down = turn_examples()
        .into_iter()
        .find(|e| e.contains(" #"))
        .unwrap_or_default();
    let actions: Vec<&str> = put_down.split_whitespace().skip(1).collect();
    assert!(
        actions.last().is_some_and(|a| a.starts_with('#')),
        "`{put_down}`"
    );
}
