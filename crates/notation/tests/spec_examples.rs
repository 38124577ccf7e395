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

/// The notation's chapters, with the game each is about.
const CHAPTERS: [(&str, &str, &str); 4] = [
    (
        "SPEC.md",
        "aggravation",
        include_str!("../../../notation/SPEC.md"),
    ),
    (
        "aggravation.md",
        "aggravation",
        include_str!("../../../notation/aggravation.md"),
    ),
    (
        "barricade.md",
        "barricade",
        include_str!("../../../notation/barricade.md"),
    ),
    (
        "offboard.md",
        "offboard",
        include_str!("../../../notation/offboard.md"),
    ),
];

/// Whether `text` has the shape of a turn: a seat letter, maybe a roll and
/// a mover (`R6`, `G4>Y`, `B`), a space, then an action.
fn looks_like_a_turn(text: &str) -> bool {
    let Some((head, rest)) = text.split_once(' ') else {
        return false;
    };
    let mut chars = head.chars();
    let seat = chars.next().is_some_and(|c| c.is_ascii_uppercase());
    let roll: String = chars.by_ref().take_while(char::is_ascii_digit).collect();
    let tail: String = head.chars().skip(1 + roll.len()).collect();
    let mover = tail.is_empty()
        || (tail.len() == 2
            && tail.starts_with('>')
            && tail[1..].chars().all(|c| c.is_ascii_uppercase()));
    // The first action: a pass, an entry, a removal, a put-down, or a
    // move naming a hole (with a digit: `r9-r12`, `h-a1`, `c4>ne`).
    let first = rest.split_whitespace().next().unwrap_or("");
    let action = ["--", "~"].contains(&first)
        || first.starts_with(['+', '#'])
        || (first.starts_with(|c: char| c.is_ascii_lowercase())
            && first.contains(|c: char| c.is_ascii_digit()));
    seat && mover && action
}

/// Every turn written in backticks in the chapters' text (`R3 r9-r12*`),
/// and every turn line of their code blocks (`12. R4 r9-r13 ? {...}`),
/// parses as it is written.
#[test]
fn every_turn_written_in_the_chapters_parses() {
    let mut checked = 0;
    for (name, game, text) in CHAPTERS {
        let prose = text.split("```").step_by(2);
        let code = text.split("```").skip(1).step_by(2);
        let mut turns: Vec<String> = prose
            .flat_map(|p| p.split('`').skip(1).step_by(2))
            .filter(|t| looks_like_a_turn(t))
            .map(|t| format!("1. {t}"))
            .collect();
        for block in code {
            let body = block.split_once('\n').map_or("", |(_, b)| b);
            if body.starts_with('[') {
                continue; // a whole record: see the CLI's tests
            }
            for line in body.lines() {
                let Some((number, rest)) = line.split_once(". ") else {
                    continue;
                };
                if number.bytes().all(|b| b.is_ascii_digit())
                    && looks_like_a_turn(rest.split(" {").next().unwrap_or(rest))
                {
                    turns.push(line.to_string());
                }
            }
        }
        for turn in turns {
            let record = format!("[Game \"{game}\"]\n\n{turn} *\n");
            billes_notation::parse_game(&record)
                .unwrap_or_else(|e| panic!("{name}: `{turn}`: {}", e.message));
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} turns found");
}
