//! The standings written out: a text table ([`text`]), CSV ([`csv`]), JSON
//! ([`json`]) and a self-contained HTML page ([`html`]).

pub mod csv;
pub mod html;
pub mod json;
pub mod text;

/// A number of points as the tables show it: whole numbers plain, others
/// with at most two decimals (`2.5`, `1.33`).
pub fn points(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        let s = format!("{x:.2}");
        s.trim_end_matches('0').to_string()
    }
}

/// `n` things, the word in the plural unless there is one: `1 round`,
/// `3 games`.
pub fn count(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The places a player took, as `3-1-1-0` (firsts first).
pub fn places(places: &[u32]) -> String {
    places
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

/// What a table's heading says of a game: its round and table, or its
/// file and number.
pub fn game_label(t: &crate::table::Table) -> String {
    match (&t.round, &t.table) {
        (Some(r), Some(k)) => format!("round {r}, table {k}"),
        (Some(r), None) => format!("round {r}, {} game {}", t.file, t.game),
        _ => format!("{} game {}", t.file, t.game),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn points_are_short() {
        assert_eq!(super::points(5.0), "5");
        assert_eq!(super::points(2.5), "2.5");
        assert_eq!(super::points(4.0 / 3.0), "1.33");
        assert_eq!(super::places(&[3, 0, 1]), "3-0-1");
    }
}
