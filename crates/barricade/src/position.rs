//! A Barricade position: pawns, houses, barricades, the seat to move, a
//! pending 6 replay and held barricades; set up from a record's tags and
//! printed as a text board.

use billes_game::seating::{self, PositionWord, SeatRules};
use billes_game::{Colour, ErrorKind, ReplayError, TagValueError, TextBoard};
use billes_notation::Game;

use super::board::{bit, first_point, seat, Board, Point, Points, SEATS};
use super::{Barricade, Placement};

/// A Barricade position.
#[derive(Debug, Clone)]
pub struct State {
    pub(crate) board: &'static Board,
    /// The pawns on the board, by colour (R G Y B).
    pub(crate) pawns: [Points; 4],
    /// The pawns in each colour's house.
    pub(crate) housed: [u8; 4],
    /// The barricades on the board.
    pub(crate) barricades: Points,
    /// The colours in play, in playing order: the first `n_seats` (the
    /// others are the first colour, and never read as seats).
    pub(crate) seats: [Colour; 4],
    pub(crate) n_seats: u8,
    /// Index in `seats` of the seat whose ordinary turn comes next
    /// (`None` before the first turn: any seat may start).
    pub(crate) next: Option<u8>,
    /// The colour that may roll again after a 6.
    pub(crate) replay_colour: Option<Colour>,
    /// The pawn the replay must move (`None`: any pawn, an extra turn a
    /// variant's hook gave); read only while `replay_colour` is set.
    pub(crate) replay_pawn: Option<Point>,
    /// By colour, while it holds barricades: the point the last of them
    /// was taken from. A rival landing there while a pawn of the colour
    /// stands on it takes that barricade over (seed 004), also when a
    /// replay brought the pawn back. `None` when it holds none, or lost
    /// that one.
    pub(crate) held: [Option<Point>; 4],
    /// By colour: how many barricades it holds.
    pub(crate) holds: [u8; 4],
    /// By colour: how many of its held barricades go down at the end of
    /// its current turn (`placement = next_whole_turn`, while the replay of
    /// a 6 line that kept them is pending; 0 otherwise).
    pub(crate) due: [u8; 4],
    /// The colour whose last line put its barricades down in a 6 line,
    /// declining the replay: only for the wording of an error, never
    /// written in the `Position` tag.
    pub(crate) declined: Option<Colour>,
    /// The winning colour, once a pawn has reached the goal.
    pub(crate) winner: Option<Colour>,
}

impl State {
    /// The start position for the colours `seats` (R G Y B), in playing order.
    pub(crate) fn start(rules: &Barricade, seats: &[Colour]) -> State {
        let mut state = State {
            board: rules.board(),
            pawns: [0; 4],
            housed: [0; 4],
            barricades: rules.board().barricade_points(),
            seats: [Colour::new(0); 4],
            n_seats: seats.len() as u8,
            next: None,
            replay_colour: None,
            replay_pawn: None,
            held: [None; 4],
            holds: [0; 4],
            due: [0; 4],
            declined: None,
            winner: None,
        };
        for (i, &colour) in seats.iter().enumerate() {
            state.seats[i] = colour;
            state.housed[colour.index()] = rules.params().pawns;
        }
        state
    }

    /// The winning seat, once the game is won.
    pub fn winner(&self) -> Option<&'static str> {
        self.winner.map(seat)
    }

    /// The seats in play, in playing order.
    pub fn seats(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.colours().iter().map(|&colour| seat(colour))
    }

    /// The colour whose ordinary turn is next (`None` before the first turn).
    #[inline]
    pub(crate) fn next_colour(&self) -> Option<Colour> {
        self.next.map(|i| self.seats[usize::from(i) & 3])
    }

    /// The seat whose ordinary turn is next (`None` before the first turn).
    pub fn to_move(&self) -> Option<&'static str> {
        self.next_colour().map(seat)
    }

    /// The pawn a 6 replay of `colour` must move: `None` when `colour` has
    /// no replay pending, or one that moves any pawn.
    #[inline]
    pub(crate) fn replay_pawn_of(&self, colour: Colour) -> Option<Point> {
        self.replay_pawn
            .filter(|_| self.replay_colour == Some(colour))
    }

    /// The seat that may roll again after its 6, and the point of the pawn it
    /// must move (`None`: any pawn, an extra turn a variant's hook gave).
    pub fn replay_pending(&self) -> Option<(&'static str, Option<&'static str>)> {
        self.replay_colour.map(|colour| {
            (
                seat(colour),
                self.replay_pawn.map(|p| self.board.name(p).as_str()),
            )
        })
    }

    /// The board the game is played on.
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// The colours in play (R G Y B), in playing order.
    pub fn colours(&self) -> &[Colour] {
        &self.seats[..self.n_seats as usize]
    }

    /// The points of `colour`'s pawns on the board, as a set (see
    /// [`crate::iter_points`]).
    #[inline]
    pub fn pawns_of(&self, colour: Colour) -> Points {
        self.pawns[colour.index()]
    }

    /// Which colour has a pawn on `p`, if any.
    pub fn pawn_at(&self, p: Point) -> Option<Colour> {
        Colour::all(4).find(|&colour| self.pawns[colour.index()] & bit(p) != 0)
    }

    /// True when a barricade stands on `p`.
    pub fn barricade_at(&self, p: Point) -> bool {
        self.barricades & bit(p) != 0
    }

    /// Every pawn on the board.
    #[inline]
    pub(crate) fn all_pawns(&self) -> Points {
        self.pawns[0] | self.pawns[1] | self.pawns[2] | self.pawns[3]
    }

    /// The place of `colour` in the order of play, if it plays.
    pub(crate) fn seat_index(&self, colour: Colour) -> Option<u8> {
        self.colours()
            .iter()
            .position(|&s| s == colour)
            .map(|i| i as u8)
    }

    /// The colour of a seat in play.
    pub(crate) fn colour(&self, seat: &str) -> Option<Colour> {
        colour_of(seat).filter(|&colour| self.seat_index(colour).is_some())
    }
}

/// The colour of a seat letter.
#[inline]
pub(crate) fn colour_of(seat: &str) -> Option<Colour> {
    match seat.as_bytes() {
        [b'R'] => Some(Colour::new(0)),
        [b'G'] => Some(Colour::new(1)),
        [b'Y'] => Some(Colour::new(2)),
        [b'B'] => Some(Colour::new(3)),
        _ => None,
    }
}

/// The seats of Barricade, for the shared reader of the `Seats` tag.
pub(crate) const SEATING: SeatRules<'static> = SeatRules {
    game: <Barricade as billes_game::game::GameRules>::NAME,
    letters: &SEATS,
    players: 2..=4,
};

/// The start position from the `Seats` and `Position` tags.
pub(crate) fn setup(rules: &Barricade, game: &Game) -> Result<State, ReplayError> {
    let seating = seating::read(game, &SEATING)?
        .ok_or_else(|| ReplayError::new(ErrorKind::Tag, game.span, SEATING.missing()))?;
    if let Some(span) = seating.teams_span {
        return Err(ReplayError::new(
            ErrorKind::Tag,
            span,
            "barricade has no teams",
        ));
    }
    let seats = seating.seats;
    let mut state = State::start(rules, &seats);
    if let Some(tag) = game.tag_entry("Position") {
        read_position(rules, &mut state, &tag.value)
            .map_err(|m| ReplayError::new(ErrorKind::Tag, tag.span, format!("Position: {m}")))?;
    }
    Ok(state)
}

/// Reads a `Position` tag value into `state` (see notation/barricade.md):
/// its groups, then the position they make, checked.
fn read_position(rules: &Barricade, state: &mut State, value: &str) -> Result<(), TagValueError> {
    let tag = TagGroups::read(rules, state, value)?;
    tag.set(rules, state)
}

/// The groups of a `Position` tag value, as read.
#[derive(Default)]
struct TagGroups {
    pawns: [Points; 4],
    barricades: Option<Points>,
    next: Option<Colour>,
    held: [Option<Point>; 4],
    holds: [u8; 4],
    due: [u8; 4],
    replay: Option<(Colour, Option<Point>)>,
    won: Option<Colour>,
}

/// The points of a `bar=` group: one barricade a point, as one pawn a point.
fn read_barricades(board: &Board, names: &str) -> Result<Points, TagValueError> {
    let mut set = 0;
    for name in names.split(',').filter(|w| !w.is_empty()) {
        let p = bit(board
            .point(name)
            .ok_or_else(|| format!("unknown point {name}"))?);
        if set & p != 0 {
            return Err(TagValueError(format!("two barricades on {name}")));
        }
        set |= p;
    }
    Ok(set)
}

/// One item of a `held=` group: a barricade held by `colour`, written
/// `R`, or `R:e3` when taken from e3 (a rival landing there while a pawn of
/// R stands on it takes it over; at most one a seat).
fn hold(
    held: &mut [Option<Point>; 4],
    holds: &mut [u8; 4],
    item: &str,
    colour: Colour,
    at: Option<Point>,
) -> Result<(), TagValueError> {
    let c = colour.index();
    if at.is_some() {
        if held[c].is_some() {
            return Err(TagValueError(format!(
                "held={item}: {} is already tied to the point of a barricade it took",
                seat(colour)
            )));
        }
        held[c] = at;
    }
    holds[c] += 1;
    Ok(())
}

impl TagGroups {
    /// Reads each group of the tag value: pawns (`R:c5,e3`), `bar=`, `move=`,
    /// `held=`, `due=`, `won=` and `replay=`.
    fn read(rules: &Barricade, state: &State, value: &str) -> Result<TagGroups, TagValueError> {
        let board = rules.board();
        let point = |name: &str| {
            board
                .point(name)
                .ok_or_else(|| format!("unknown point {name}"))
        };
        let seat_named = |name: &str| {
            let colour = colour_of(name).ok_or_else(|| format!("unknown seat {name}"))?;
            state
                .seat_index(colour)
                .map(|_| colour)
                .ok_or_else(|| format!("{name} is not in the Seats tag"))
        };
        let TagGroups {
            mut pawns,
            mut barricades,
            mut next,
            mut held,
            mut holds,
            mut due,
            mut replay,
            mut won,
        } = TagGroups::default();
        let list = |s: &str| {
            s.split(',')
                .filter(|w| !w.is_empty())
                .map(str::to_string)
                .collect::<Vec<_>>()
        };
        // `R` or `R:e3`: a seat, and the point it is tied to
        let seat_at = |item: &str| -> Result<(Colour, Option<Point>), TagValueError> {
            Ok(match item.split_once(':') {
                Some((s, p)) => (seat_named(s)?, Some(point(p)?)),
                None => (seat_named(item)?, None),
            })
        };
        for word in seating::position_words(value) {
            let (key, v) = match word {
                PositionWord::Field { key, value } => (key, value),
                PositionWord::Pieces { seat: s, points: v } => {
                    let c = seat_named(s)?.index();
                    for name in list(v) {
                        let p = point(&name)?;
                        if pawns.iter().any(|set| set & bit(p) != 0) {
                            return Err(TagValueError(format!("two pawns on {name}")));
                        }
                        pawns[c] |= bit(p);
                    }
                    if pawns[c].count_ones() > rules.params().pawns as u32 {
                        return Err(TagValueError(format!(
                            "{s} has only {} pawns",
                            rules.params().pawns
                        )));
                    }
                    continue;
                }
                PositionWord::Other(_) => {
                    return Err(TagValueError(format!("cannot read \"{word}\"")))
                }
            };
            match key {
                "bar" => barricades = Some(read_barricades(board, v)?),
                "move" => next = Some(seat_named(v)?),
                "held" => {
                    for item in list(v) {
                        let (colour, at) = seat_at(&item)?;
                        hold(&mut held, &mut holds, &item, colour, at)?;
                    }
                }
                "due" => {
                    for item in list(v) {
                        due[seat_named(&item)?.index()] += 1;
                    }
                }
                "won" => won = Some(seat_named(v)?),
                // `replay=R`: an extra turn a variant's hook gave, any pawn moves
                "replay" => replay = Some(seat_at(v)?),
                _ => return Err(TagValueError(format!("cannot read \"{word}\""))),
            }
        }
        Ok(TagGroups {
            pawns,
            barricades,
            next,
            held,
            holds,
            due,
            replay,
            won,
        })
    }

    /// Sets `state` to the position the groups make: no two pieces on a point,
    /// nothing on the goal (but for `won=`), held and due barricades that agree.
    fn set(self, rules: &Barricade, state: &mut State) -> Result<(), TagValueError> {
        let TagGroups {
            mut pawns,
            barricades,
            next,
            held,
            holds,
            due,
            replay,
            won,
        } = self;
        let board = rules.board();
        let all = pawns.iter().fold(0, |a, b| a | b);
        let given = barricades.is_some();
        let barricades = barricades.unwrap_or(board.barricade_points());
        if let Some(p) = first_point(barricades & all) {
            let standard = if given {
                ""
            } else {
                " (without bar=, the barricades stand on their starting points; bar= lists where they stand)"
            };
            return Err(TagValueError(format!(
                "a barricade and a pawn on the same point, {}{standard}",
                board.name(p)
            )));
        }
        let goal = bit(board.goal());
        if all & goal != 0 || (barricades & goal != 0 && !rules.params().barricade_on_goal) {
            return Err(TagValueError("nothing may stand on the goal".into()));
        }
        if let Some(colour) = won {
            // The seat's pawn on the goal: the game is over.
            if barricades & goal != 0 {
                return Err(TagValueError("nothing may stand on the goal".into()));
            }
            pawns[colour.index()] |= goal;
            if pawns[colour.index()].count_ones() > rules.params().pawns as u32 {
                return Err(TagValueError(format!(
                    "{} has only {} pawns",
                    seat(colour),
                    rules.params().pawns
                )));
            }
            state.winner = Some(colour);
        }
        state.barricades = barricades;
        for colour in Colour::all(4) {
            let set = pawns[colour.index()];
            state.pawns[colour.index()] = set;
            if state.seat_index(colour).is_some() {
                state.housed[colour.index()] = rules.params().pawns - set.count_ones() as u8;
            }
        }
        for c in 0..4 {
            if due[c] > 0 {
                let seat = SEATS[c];
                if rules.params().placement != Placement::NextWholeTurn {
                    return Err(TagValueError(format!(
                        "due={seat}: only under placement = next_whole_turn"
                    )));
                }
                if due[c] > holds[c] {
                    return Err(TagValueError(format!(
                        "due={seat}: {seat} holds only {} barricade(s)",
                        holds[c]
                    )));
                }
                if !matches!(replay, Some((colour, Some(_))) if colour.index() == c) {
                    return Err(TagValueError(format!(
                    "due={seat}: barricades are due at the end of a turn only while its 6 replay is pending (replay={seat}:point)"
                )));
                }
            }
        }
        state.held = held;
        state.holds = holds;
        state.due = due;
        if let Some(colour) = next {
            state.next = state.seat_index(colour);
        }
        if let Some((colour, pawn)) = replay {
            if let Some(p) = pawn.filter(|&p| pawns[colour.index()] & bit(p) == 0) {
                return Err(TagValueError(format!(
                    "no {} pawn on {} to replay",
                    seat(colour),
                    board.name(p)
                )));
            }
            state.replay_colour = Some(colour);
            state.replay_pawn = pawn;
            if next.is_none() {
                let i = state.seat_index(colour).unwrap_or(0);
                state.next = Some((i + 1) % state.n_seats);
            }
        }
        Ok(())
    }
}

/// The position as a `Position` tag value, which [`setup`] reads back into
/// the same position: each seat's pawns on the board (`R:c5,e3`, points in
/// board order, seats in playing order, seats with every pawn at home left
/// out), the barricades (`bar=`), the seat whose ordinary turn is next
/// (`move=`, left out before the first turn), held barricades (`held=R:e3`
/// for the one taken from e3 that a rival landing there takes over while a
/// pawn of R stands on it, `held=R` for the others), the seat whose pawn stands
/// on the goal (`won=R`) and a pending replay (`replay=R:e3`, `replay=R`
/// for an extra turn that moves any pawn).
pub(crate) fn write_position(state: &State) -> String {
    let board = state.board;
    // The tag is written into one text, group after group (each after a
    // space but the first), without a text made for each group or list:
    // a position of four players held some twenty of them. (A String's
    // `fmt::Write` never fails: a name's `write_to` copies its ASCII
    // bytes without `as_str`'s check of them.)
    let mut out = String::with_capacity(160);
    let group = |out: &mut String, name: &str| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(name);
    };
    let points = |out: &mut String, set: Points| {
        for (i, p) in super::board::iter_points(set).enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = board.name(p).write_to(out);
        }
    };
    let goal = bit(board.goal());
    for &colour in state.colours() {
        let on_board = state.pawns[colour.index()] & !goal;
        if on_board != 0 {
            group(&mut out, seat(colour));
            out.push(':');
            points(&mut out, on_board);
        }
    }
    group(&mut out, "bar=");
    points(&mut out, state.barricades);
    if let Some(colour) = state.next_colour() {
        group(&mut out, "move=");
        out.push_str(seat(colour));
    }
    // An item of a list group (`held=`, `due=`): the group's name before
    // the first (`*written` counts the items written), a comma before the
    // others.
    let item = |out: &mut String, name: &str, written: &mut usize| {
        match written {
            0 => group(out, name),
            _ => out.push(','),
        }
        *written += 1;
    };
    let mut held = 0;
    for &colour in state.colours() {
        let (seat, c) = (seat(colour), colour.index());
        let mut n = state.holds[c];
        if let Some(p) = state.held[c] {
            item(&mut out, "held=", &mut held);
            out.push_str(seat);
            out.push(':');
            let _ = board.name(p).write_to(&mut out);
            n = n.saturating_sub(1);
        }
        for _ in 0..n {
            item(&mut out, "held=", &mut held);
            out.push_str(seat);
        }
    }
    let mut due = 0;
    for &colour in state.colours() {
        for _ in 0..state.due[colour.index()] {
            item(&mut out, "due=", &mut due);
            out.push_str(seat(colour));
        }
    }
    if let Some(c) = (0..4).find(|&c| state.pawns[c] & goal != 0) {
        group(&mut out, "won=");
        out.push_str(SEATS[c]);
    }
    if let Some(colour) = state.replay_colour {
        group(&mut out, "replay=");
        out.push_str(seat(colour));
        if let Some(p) = state.replay_pawn {
            out.push(':');
            let _ = board.name(p).write_to(&mut out);
        }
    }
    out
}

/// Draws the board: each point as a three-character cell (`cell`), lines as
/// `-` and `|`, row numbers on the left and column letters below.
pub(crate) fn draw(
    board: &Board,
    cell: &dyn Fn(Point) -> String,
    under_start: &dyn Fn(Colour) -> Option<String>,
) -> String {
    let mut out = String::new();
    let rows = board.rows();
    for y in 0..rows {
        let mut line = format!("{:>2}  ", rows - y);
        for x in 0..board.columns() {
            match board.at(x, y) {
                Some(p) => {
                    let right = board.at(x + 1, y).is_some_and(|q| board.joined(p, q));
                    let fill = if right { '-' } else { ' ' };
                    let mut text = cell(p);
                    while text.chars().count() < 4 {
                        text.push(fill);
                    }
                    line.push_str(&text);
                }
                None => line.push_str("    "),
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
        let mut bars = String::from("    ");
        for x in 0..board.columns() {
            let down = match (board.at(x, y), board.at(x, y + 1)) {
                (Some(p), Some(q)) => board.joined(p, q),
                _ => false,
            };
            bars.push_str(if down { " |  " } else { "    " });
        }
        if y + 1 < rows && !bars.trim().is_empty() {
            out.push_str(bars.trim_end());
            out.push('\n');
        }
    }
    let mut houses = String::from("    ");
    let mut marks = String::from("    ");
    for x in 0..board.columns() {
        let colour = Colour::all(4).find(|&c| board.xy(board.start(c)) == (x, rows - 1));
        match colour.and_then(under_start) {
            Some(text) => {
                marks.push_str(" ^  ");
                houses.push_str(&format!("{text:<4}"));
            }
            None => {
                marks.push_str("    ");
                houses.push_str("    ");
            }
        }
    }
    if !houses.trim().is_empty() {
        out.push_str(marks.trim_end());
        out.push('\n');
        out.push_str(houses.trim_end());
        out.push('\n');
    }
    out
}

/// The board with every point name and the houses: the diagram of notation/barricade.md.
pub fn names_diagram() -> String {
    let board = Board::standard();
    draw(board, &|p| board.name(p).to_string(), &|colour| {
        Some(format!("{}:h", seat(colour)))
    })
}

impl TextBoard for State {
    fn text_board(&self) -> String {
        let board = self.board;
        let mut out = draw(
            board,
            &|p| {
                if let Some(colour) = self.pawn_at(p) {
                    format!("({})", seat(colour))
                } else if self.barricade_at(p) {
                    "###".to_string()
                } else {
                    board.name(p).to_string()
                }
            },
            &|colour| {
                self.seat_index(colour)
                    .map(|_| format!("{}:{}", seat(colour), self.housed[colour.index()]))
            },
        );
        out.push_str("(R) pawn, ### barricade, R:n pawns in R's house h; goal i14\n");
        if let Some(w) = self.winner() {
            out.push_str(&format!("{w} has reached the goal and won\n"));
            return out;
        }
        match self.to_move() {
            Some(s) => out.push_str(&format!("to move: {s}\n")),
            None => out.push_str("to move: any seat (the first turn decides)\n"),
        }
        match self.replay_pending() {
            Some((seat, Some(p))) => {
                out.push_str(&format!("{seat} may roll again for its pawn on {p}\n"))
            }
            Some((seat, None)) => out.push_str(&format!("{seat} may roll again\n")),
            None => {}
        }
        for (c, seat) in SEATS.iter().enumerate() {
            match (self.holds[c], self.due[c]) {
                (0, _) => {}
                (1, 0) => out.push_str(&format!("{seat} holds a barricade\n")),
                (1, _) => out.push_str(&format!(
                    "{seat} holds a barricade, to put down at the end of this turn\n"
                )),
                (n, 0) => out.push_str(&format!("{seat} holds {n} barricades\n")),
                (n, d) => out.push_str(&format!(
                    "{seat} holds {n} barricades, {d} to put down at the end of this turn\n"
                )),
            }
        }
        out
    }
}
