//! What a typed line is: a command, a roll alone, a number picking a move
//! of the list, or a turn as written in a record (its number and seat
//! optional).

/// The longest line read, in bytes (SECURITY.md): a turn of any game is a
/// few dozen bytes, a comment a few hundred.
pub const MAX_LINE: usize = 4096;

/// A line, classified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Typed<'a> {
    /// Nothing: plays the one move offered, if there is one.
    Empty,
    /// `:name rest`.
    Command {
        /// The command's name, without the colon.
        name: &'a str,
        /// What follows it, trimmed.
        rest: &'a str,
    },
    /// A number alone: picks a move of the list, or is a roll.
    Number(u32),
    /// A roll alone, with its seat (`G4`, `R4>G`): lists the legal moves.
    Roll {
        /// The seat written, if any.
        seat: Option<&'a str>,
        /// The roll as written.
        roll: u32,
        /// The teammate written after `>`, if any.
        mover: Option<&'a str>,
    },
    /// A turn: the number written (if any) and the rest, from its head.
    Turn {
        /// The turn number written (`12.`).
        number: Option<u32>,
        /// The turn from its head or first action.
        text: &'a str,
    },
}

/// Classifies `line` (already checked for length and control characters).
pub(crate) fn classify(line: &str) -> Typed<'_> {
    let line = line.trim();
    if line.is_empty() {
        return Typed::Empty;
    }
    if let Some(command) = line.strip_prefix(':') {
        let (name, rest) = command
            .split_once(char::is_whitespace)
            .unwrap_or((command, ""));
        return Typed::Command {
            name,
            rest: rest.trim(),
        };
    }
    if let Ok(n) = line.parse::<u32>() {
        return Typed::Number(n);
    }
    if let Some((seat, roll, mover)) = roll_alone(line) {
        return Typed::Roll { seat, roll, mover };
    }
    let (number, text) = turn_number(line);
    Typed::Turn { number, text }
}

/// A roll alone: `G4`, `4>G`, `R4>G` (a seat is one to three capitals).
fn roll_alone(word: &str) -> Option<(Option<&str>, u32, Option<&str>)> {
    let (head, mover) = match word.split_once('>') {
        Some((h, m)) if is_seat(m) => (h, Some(m)),
        Some(_) => return None,
        None => (word, None),
    };
    let digits = head.find(|c: char| c.is_ascii_digit())?;
    let (seat, roll) = head.split_at(digits);
    let roll: u32 = roll.parse().ok()?;
    if seat.is_empty() {
        return Some((None, roll, mover));
    }
    is_seat(seat).then_some((Some(seat), roll, mover))
}

fn is_seat(s: &str) -> bool {
    (1..=3).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_uppercase())
}

/// The turn number written at the start of `line` (`12.`, `12...`), and
/// the rest.
fn turn_number(line: &str) -> (Option<u32>, &str) {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || !line[digits..].starts_with('.') {
        return (None, line);
    }
    let rest = line[digits..].trim_start_matches('.').trim_start();
    (line[..digits].parse().ok(), rest)
}

/// Whether the turn `text` (after its number) starts with a seat: a
/// capital letter (the head `G4`, `R`, `R4>G`).
pub(crate) fn has_seat(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_uppercase())
}

/// Whether the turn `text` starts with its roll (`4 g9-g13`, `4>G ...`).
pub(crate) fn starts_with_roll(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_digit())
}

/// Whether the turn `text` (no number written) is no turn but a name of
/// a list's entry: it has neither a seat nor a roll (`o4`, `#o4`,
/// `r12-b1`, `>G g9-g13`).
pub(crate) fn is_name(text: &str) -> bool {
    !has_seat(text) && !starts_with_roll(text)
}

/// Whether `line` holds a control character other than a tab.
pub fn has_control(line: &str) -> bool {
    line.chars().any(|c| c.is_control() && c != '\t')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_told_apart() {
        assert_eq!(classify("  "), Typed::Empty);
        assert_eq!(
            classify(":tag Event Club night"),
            Typed::Command {
                name: "tag",
                rest: "Event Club night"
            }
        );
        assert_eq!(classify("3"), Typed::Number(3));
        assert_eq!(
            classify("G4"),
            Typed::Roll {
                seat: Some("G"),
                roll: 4,
                mover: None
            }
        );
        assert_eq!(
            classify("R4>G"),
            Typed::Roll {
                seat: Some("R"),
                roll: 4,
                mover: Some("G")
            }
        );
        assert_eq!(
            classify("12. G4 g9-g13"),
            Typed::Turn {
                number: Some(12),
                text: "G4 g9-g13"
            }
        );
        assert_eq!(
            classify("4 g9-g13"),
            Typed::Turn {
                number: None,
                text: "4 g9-g13"
            }
        );
        assert_eq!(
            classify("e5>w"),
            Typed::Turn {
                number: None,
                text: "e5>w"
            }
        );
    }

    #[test]
    fn control_characters_are_found() {
        assert!(has_control("a\u{7}"));
        assert!(!has_control("a\tb"));
    }
}
