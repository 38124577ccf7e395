//! The numbered lists a session offers (the legal moves of a roll, the
//! points a taken barricade may go down on) and how a line picks from one:
//! by its number, or by its name as the list shows it (`r12-b1`, `#o4` or
//! `o4`), or by the start of a name no other entry of the list has.

use billes_core::game::Move;
use billes_notation::GameSource;

use super::{prompt, Refused, Reply, Session};

/// The legal moves of a roll typed alone, numbered from 1.
#[derive(Debug, Clone)]
pub(super) struct Offer {
    pub(super) moves: Vec<Move>,
    /// The moves differ only in where a taken barricade goes down: each
    /// is listed (by its point), not grouped.
    pub(super) points: bool,
}

/// The entries of a list a typed name fits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Found {
    /// One entry (its index, from 0): the name, or the start of no other.
    One(usize),
    /// The start of several entries' names.
    Several(Vec<usize>),
    /// No entry.
    None,
}

/// How many of the entries a name fits are named when it fits several.
const SHOWN: usize = 8;

impl Offer {
    pub(super) fn new(moves: Vec<Move>) -> Offer {
        Offer {
            moves,
            points: false,
        }
    }

    /// The entries a number picks: each a move, or the moves of one
    /// entry that differ in where a barricade goes down.
    pub(super) fn entries(&self) -> Vec<Vec<Move>> {
        if self.points {
            self.moves.iter().map(|m| vec![m.clone()]).collect()
        } else {
            prompt::groups(&self.moves)
        }
    }

    /// The list shown.
    pub(super) fn list(&self) -> String {
        if self.points {
            prompt::points(&self.moves)
        } else {
            prompt::numbered(&self.moves)
        }
    }

    /// What the list is of, for the prompt and messages: `a point` or `a
    /// move`.
    pub(super) fn what(&self) -> &'static str {
        if self.points {
            "a point"
        } else {
            "a move"
        }
    }

    /// The name of each entry as the list shows it: the point put down on
    /// (`#a13`), or the move (`r12-b1`, `>G g9-g13`, `i3-e5` for an entry
    /// whose points are listed next).
    pub(super) fn names(&self) -> Vec<String> {
        if self.points {
            return self
                .moves
                .iter()
                .map(|m| {
                    m.actions
                        .last()
                        .map(ToString::to_string)
                        .unwrap_or_default()
                })
                .collect();
        }
        self.entries()
            .iter()
            .map(|group| prompt::entry(&prompt::without_put_down(&group[0])))
            .collect()
    }

    /// The ways an entry may be typed, each with its key: the name, and
    /// the name without the teammate moved (`g9-g13` for `>G g9-g13`).
    fn spellings(name: &str) -> Vec<(String, String)> {
        let mut out = vec![(name.to_string(), key(name))];
        if let Some((mover, rest)) = name.split_once(' ') {
            if mover.starts_with('>') {
                out.push((rest.to_string(), key(rest)));
            }
        }
        out
    }

    /// The entries `typed` names: the one it is the name of, else (when
    /// `prefix`) those whose names start with it. A point's `#` may be
    /// left out.
    pub(super) fn find(&self, typed: &str, prefix: bool) -> Found {
        let wanted = key(typed);
        let names: Vec<Vec<String>> = self
            .names()
            .iter()
            .map(|n| Offer::spellings(n).into_iter().map(|(_, k)| k).collect())
            .collect();
        let fits = |test: &dyn Fn(&str) -> bool| -> Vec<usize> {
            (0..names.len())
                .filter(|&i| names[i].iter().any(|k| test(k)))
                .collect()
        };
        let exact = fits(&|k| k == wanted);
        let found = if exact.is_empty() && prefix {
            fits(&|k| k.starts_with(&wanted))
        } else {
            exact
        };
        match found.as_slice() {
            [] => Found::None,
            [one] => Found::One(*one),
            _ => Found::Several(found),
        }
    }

    /// The completions of `word` among the entries' names.
    pub(super) fn complete(&self, word: &str) -> Vec<String> {
        let wanted = key(word);
        let mut out: Vec<String> = Vec::new();
        for name in self.names() {
            for (spelling, k) in Offer::spellings(&name) {
                if k.starts_with(&wanted) && !out.contains(&spelling) {
                    out.push(spelling);
                }
            }
        }
        out
    }

    /// The head a name is typed after when it names no entry, so that the
    /// checker says what is wrong with the move: the seat and roll (`R3`,
    /// `R4>G` when every move is a teammate's), or the move whose
    /// barricade goes down (`B6 i3-e5 #`).
    fn head(&self, typed: &str) -> String {
        let Some(first) = self.moves.first() else {
            return String::new();
        };
        if self.points {
            let hash = if typed.starts_with('#') { "" } else { "#" };
            return format!("{} {hash}", prompt::without_put_down(first).turn());
        }
        let mut head = first.seat.to_string();
        if let Some(roll) = first.roll {
            head.push_str(&roll.to_string());
        }
        let mover = first.mover;
        let same = mover.is_some() && self.moves.iter().all(|m| m.mover == mover);
        match mover {
            _ if typed.starts_with('>') => {}
            Some(m) if same => {
                head.push('>');
                head.push_str(m.as_str());
                head.push(' ');
            }
            _ => head.push(' '),
        }
        head
    }
}

/// A name as it is compared: its words, each without a leading `#`, one
/// space apart.
fn key(text: &str) -> String {
    let words: Vec<&str> = text
        .split_whitespace()
        .map(|w| w.strip_prefix('#').unwrap_or(w))
        .collect();
    words.join(" ")
}

impl Session<'_> {
    /// Picks entry `index` (from 0) of `offer`: plays its move, or lists
    /// the points of an entry whose moves differ only in where a taken
    /// barricade goes down.
    fn pick(&mut self, offer: &Offer, index: usize, number: u32) -> Result<Reply, Refused> {
        let entries = offer.entries();
        match entries.get(index).map(Vec::as_slice) {
            Some([only]) => {
                let m = only.clone();
                self.play_move(&m, number)
            }
            Some(group) => {
                let points = Offer {
                    moves: group.to_vec(),
                    points: true,
                };
                let list = points.list();
                self.offer = Some(points);
                Ok(Reply::Offered(list))
            }
            None => Ok(Reply::Nothing),
        }
    }

    /// A number typed while `offer` is listed: picks its entry.
    pub(super) fn pick_number(
        &mut self,
        offer: Offer,
        n: u32,
        number: u32,
        source: &GameSource,
    ) -> Result<Reply, Refused> {
        let count = offer.entries().len();
        let index = (n as usize).wrapping_sub(1);
        if index >= count {
            self.offer = Some(offer);
            let message = format!("no move numbered {n}: pick 1 to {count}");
            return Err(self.refuse(source.clone(), message));
        }
        self.pick(&offer, index, number)
            .inspect_err(|_| self.offer = Some(offer.clone()))
    }

    /// A name typed while `offer` is listed (`o4`, `#o4`, `r12-b`): picks
    /// the entry it names; when it names none, it is checked as the move
    /// of the list's roll it says, and refused with the checker's message.
    pub(super) fn pick_named(
        &mut self,
        offer: Offer,
        text: &str,
        number: u32,
        source: &GameSource,
    ) -> Result<Reply, Refused> {
        let prefix = !self.whole(&offer, text);
        match offer.find(text, prefix) {
            Found::One(index) => self
                .pick(&offer, index, number)
                .inspect_err(|_| self.offer = Some(offer.clone())),
            Found::Several(found) => {
                let message = several(&offer, text, &found);
                self.offer = Some(offer);
                Err(self.refuse(source.clone(), message))
            }
            Found::None => {
                let turn = format!("{}{text}", offer.head(text));
                self.play_text(None, &turn, number)
                    .inspect_err(|_| self.offer = Some(offer))
            }
        }
    }
}

impl Session<'_> {
    /// Whether `text` is a whole move or point, never taken for the start
    /// of a longer name: it reads as a move of the list's roll and ends
    /// with a point of the board (`a1`, `r9-r1`, which are not `a13` or
    /// `r9-r13` mistyped but moves the rules may refuse). `o`, `r12`,
    /// `r12-b` end with no point, or are no move: they may start a name.
    fn whole(&self, offer: &Offer, text: &str) -> bool {
        let last = text
            .rsplit(|c: char| !c.is_ascii_alphanumeric())
            .next()
            .unwrap_or("");
        if last.is_empty() || self.pos.hook_view().neighbours(last).is_empty() {
            return false;
        }
        let record = format!(
            "[Game \"{}\"]\n\n{}{text} *\n",
            self.pos.game(),
            offer.head(text)
        );
        billes_notation::parse_game(&record).is_ok_and(|g| g.line.turns.len() == 1)
    }
}

/// The message for a name that starts several entries' names.
fn several(offer: &Offer, text: &str, found: &[usize]) -> String {
    let names = offer.names();
    let mut listed: Vec<String> = found
        .iter()
        .take(SHOWN)
        .map(|&i| format!("{} {}", i + 1, names[i]))
        .collect();
    if found.len() > SHOWN {
        listed.push(format!("and {} more", found.len() - SHOWN));
    }
    format!(
        "\"{text}\" starts {} entries of the list: {}; type more of {}, or its number",
        found.len(),
        listed.join("  "),
        offer.what()
    )
}

#[cfg(test)]
mod tests {
    use super::key;

    #[test]
    fn names_are_compared_without_a_points_hash() {
        assert_eq!(key("#o4"), "o4");
        assert_eq!(key("  i3-e5   #a2 "), "i3-e5 a2");
        assert_eq!(key("j1-i3#"), "j1-i3#");
    }
}
