//! The start position from a record's tags: `Seats`, `Teams`, `Position`.

use billes_game::seating::{self, PositionWord, SeatRules};
use billes_game::{Colour, ErrorKind, ReplayError, TagValueError};
use billes_notation::{Game, Span};

use super::board::{Board, Class, Hole, MAX_SIDES};
use super::{Aggravation, State};

/// The seats of the board `b`, for the shared reader of the `Seats` and
/// `Teams` tags: its letters, 2 to all of them.
fn seat_rules<'a>(b: &Board, letters: &'a [&'a str]) -> SeatRules<'a> {
    SeatRules {
        game: <Aggravation as billes_game::game::GameRules>::NAME,
        letters,
        players: 2..=usize::from(b.sides),
    }
}

/// The letters of the board `b`'s seats, in its order.
fn letters(b: &Board) -> Vec<&str> {
    b.letters.iter().map(|l| l.as_str()).collect()
}

/// Builds the start position from the `Seats`, `Teams` and `Position` tags.
pub(crate) fn setup(rules: &Aggravation, game: &Game) -> Result<State, ReplayError> {
    let b = rules.board;
    let tag_err = |span: Span| move |m: TagValueError| ReplayError::new(ErrorKind::Tag, span, m.0);
    let letters = letters(b);
    let seat_rules = seat_rules(b, &letters);
    let seating = seating::read(game, &seat_rules)?
        .ok_or_else(|| ReplayError::new(ErrorKind::Tag, game.span, seat_rules.missing()))?;
    let mut in_play = [false; MAX_SIDES];
    for s in &seating.seats {
        in_play[s.index()] = true;
    }
    let p = &rules.params;
    let mut state = State::new(b, in_play, p.marbles, p.home_size);
    for (i, &s) in seating.seats.iter().take(MAX_SIDES).enumerate() {
        state.listed[i] = Some(s);
    }
    if let Some(span) = seating.teams_span {
        apply_teams(&mut state, &seating.teams).map_err(tag_err(span))?;
    }
    if let Some(t) = game.tag_entry("Position") {
        apply_position(&mut state, &t.value).map_err(tag_err(t.span))?;
    }
    Ok(state)
}

/// The seats in play from a `Seats` value such as `"R B G Y"`.
pub(crate) fn parse_seats(b: &Board, value: &str) -> Result<[bool; MAX_SIDES], TagValueError> {
    let letters = letters(b);
    let mut in_play = [false; MAX_SIDES];
    for s in seat_rules(b, &letters).parse(value)? {
        in_play[s.index()] = true;
    }
    Ok(in_play)
}

/// Joins the seats into teams, as the `Teams` tag groups them: partners
/// sit opposite each other, teams of three on alternate seats.
fn apply_teams(state: &mut State, teams: &[Vec<Colour>]) -> Result<(), TagValueError> {
    let b = state.board;
    let mut team: [Option<u8>; MAX_SIDES] = [None; MAX_SIDES];
    let mut sizes = Vec::new();
    for (t, seats) in teams.iter().enumerate() {
        let members: Vec<u8> = seats.iter().map(|s| s.get()).collect();
        for s in seats {
            team[s.index()] = Some(t as u8);
        }
        let group = seats
            .iter()
            .map(|s| b.letters[s.index()].as_str())
            .collect::<Vec<_>>()
            .join("+");
        let half = b.sides / 2;
        match members.len() {
            2 => {
                if (members[0] + half) % b.sides != members[1] {
                    return Err(TagValueError(format!(
                        "partners {group} do not sit opposite each other (opposite seats: {})",
                        opposite_pairs(b)
                    )));
                }
            }
            3 => {
                if members.iter().any(|&m| m % 2 != members[0] % 2) {
                    return Err(TagValueError(format!(
                        "team {group} does not sit on alternate seats (teams of 3 are {})",
                        alternate_teams(b)
                    )));
                }
            }
            n => {
                return Err(TagValueError(format!(
                    "team {group} has {n} seats: teams have 2 or 3"
                )))
            }
        }
        sizes.push(members.len());
    }
    // the shared reader saw to two teams or more, each seat in one
    if sizes.iter().any(|&n| n != sizes[0]) {
        return Err(TagValueError(
            "teams must all have 2 seats (partnership) or all 3 (team play)".into(),
        ));
    }
    for (mine, &t) in state.team.iter_mut().zip(team.iter()) {
        if let Some(t) = t {
            *mine = t;
        }
    }
    state.teams = true;
    Ok(())
}

fn opposite_pairs(b: &Board) -> String {
    let half = b.sides / 2;
    (0..half)
        .map(|s| {
            format!(
                "{}+{}",
                b.letters[s as usize],
                b.letters[(s + half) as usize]
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn alternate_teams(b: &Board) -> String {
    [0, 1]
        .iter()
        .map(|&p| {
            (0..b.sides)
                .filter(|s| s % 2 == p)
                .map(|s| b.letters[s as usize].as_str())
                .collect::<Vec<_>>()
                .join("+")
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `Position` tag value of `state`: each seat's marbles out of BASE (by
/// hole), who rolls next (`move=R`, or `again=R` after an extra-turn roll),
/// and, in rules where a marble may take the star ring only on its owner's
/// next turn, the star holes whose marbles may no longer take it (`stale=`).
/// Setting up a record with the same `Seats` and `Teams` tags and this
/// value gives `state` back.
pub(crate) fn tag(rules: &Aggravation, state: &State) -> String {
    // Written straight into one string (`billes export` writes one a turn),
    // with room for a position of six seats; a hole's name is written by
    // `Name::write_to`, without `as_str`'s check of its bytes.
    let mut out = String::with_capacity(128);
    let mut stale: Vec<Hole> = Vec::new();
    let mut holes: Vec<Hole> = Vec::new();
    let gap = |out: &mut String| {
        if !out.is_empty() {
            out.push(' ');
        }
    };
    for s in state.seats() {
        holes.clear();
        holes.extend(state.holes_of(s));
        if holes.is_empty() {
            continue;
        }
        holes.sort_unstable();
        gap(&mut out);
        out.push_str(state.letter(s));
        out.push(':');
        hole_names(&mut out, state, &holes);
        stale.extend(holes.iter().filter(|&&h| {
            state.board.is_star(h) && state.fresh[s.index()] & state.board.star_bit(Some(h)) == 0
        }));
    }
    if let Some(seat) = state.to_roll() {
        gap(&mut out);
        out.push_str(if state.again { "again=" } else { "move=" });
        out.push_str(seat);
    }
    if rules.params.star_ring_next_turn_only && !stale.is_empty() {
        gap(&mut out);
        out.push_str("stale=");
        hole_names(&mut out, state, &stale);
    }
    out
}

/// The names of `holes`, after commas.
fn hole_names(out: &mut String, state: &State, holes: &[Hole]) {
    for (i, &h) in holes.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        // A String's `fmt::Write` never fails.
        let _ = state.board.name(h).write_to(out);
    }
}

/// Places marbles from a `Position` value: `R:r12,c,rh1 B:b9 move=R`
/// (also `again=R`: R rolls again after an extra-turn roll; `stale=g0`: the
/// marble on star hole g0 may no longer take the star ring in rules where
/// that is only for its owner's next turn). A seat's marbles not listed are
/// in its BASE.
fn apply_position(state: &mut State, value: &str) -> Result<(), TagValueError> {
    let b = state.board;
    let mut stale = Vec::new();
    let mut mover: Option<(&str, Colour)> = None;
    for word in seating::position_words(value) {
        let (seat, holes) = match word {
            PositionWord::Field { key, value: v } => match key {
                "move" | "again" => {
                    let s = b
                        .seat(v)
                        .filter(|&s| state.in_play[s.index()])
                        .ok_or_else(|| format!("{key}={v}: not a seat in play"))?;
                    if let Some((k, m)) = mover.filter(|&(_, m)| m != s) {
                        return Err(TagValueError(format!(
                            "{k}={} and {key}={v} name different seats",
                            state.letter(m)
                        )));
                    }
                    mover = Some((key, s));
                    state.to_roll = Some(s);
                    state.again |= key == "again";
                    continue;
                }
                "stale" => {
                    stale.extend(v.split(',').filter(|n| !n.is_empty()));
                    continue;
                }
                _ => {
                    return Err(TagValueError(format!(
                        "unknown Position field \"{key}\" (known: move, again, stale)"
                    )))
                }
            },
            PositionWord::Pieces { seat, points } => (seat, points),
            PositionWord::Other(group) => {
                return Err(TagValueError(format!(
                    "\"{group}\": expected SEAT:hole,hole,... or move=SEAT"
                )))
            }
        };
        let s = b
            .seat(seat)
            .filter(|&s| state.in_play[s.index()])
            .ok_or_else(|| format!("\"{seat}\" is not a seat in play"))?;
        for name in holes.split(',').filter(|n| !n.is_empty()) {
            let h = b
                .hole(name)
                .ok_or_else(|| format!("no hole called \"{name}\" on this board"))?;
            if b.class(h) == Class::Home {
                if b.colour(h) != Some(s) {
                    return Err(TagValueError(format!(
                        "{seat} cannot stand in another colour's HOME ({name})"
                    )));
                }
                if b.offset(h) >= state.home_size {
                    return Err(TagValueError(format!(
                        "{name}: HOME has {} holes",
                        state.home_size
                    )));
                }
                state.add_home(s);
            }
            if !state.is_empty(h) {
                return Err(TagValueError(format!("two marbles on {name}")));
            }
            if state.base[s.index()] == 0 {
                return Err(TagValueError(format!(
                    "{seat} has only {} marbles",
                    state.marbles
                )));
            }
            state.base[s.index()] -= 1;
            state.put(s, h);
        }
    }
    for name in stale {
        let h = b
            .hole(name)
            .filter(|&h| b.is_star(h))
            .ok_or_else(|| format!("stale={name}: not a star hole"))?;
        let s = state
            .at(h)
            .ok_or_else(|| format!("stale={name}: no marble stands there"))?;
        state.fresh[s.index()] &= !b.star_bit(Some(h));
    }
    let seats: Vec<Colour> = state.seats().collect();
    for s in seats {
        state.check_winner(s);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use billes_game::game::position::tags_game;
    use billes_game::variant::NoHooks;
    use billes_game::{Rng, Rules, SimOptions};

    use super::*;

    /// What a position is, as far as the rules can tell: freshness counts
    /// only for marbles standing on star holes, and only in rules that ask.
    fn observable(rules: &Aggravation, state: &State) -> impl PartialEq + std::fmt::Debug {
        let fresh: Vec<bool> = Colour::all(MAX_SIDES)
            .flat_map(|s| {
                state
                    .marbles_of(s)
                    .into_iter()
                    .filter(|&h| state.board.is_star(h))
                    .map(move |h| rules.ring_allowed(state, s, h))
            })
            .collect();
        (
            Hole::all().map(|h| state.at(h)).collect::<Vec<_>>(),
            state.base,
            state.home,
            state.team,
            state.teams,
            state.to_roll,
            state.again,
            state.winner,
            state.done_mask,
            fresh,
        )
    }

    fn set_up(rules: &Aggravation, seats: &str, teams: Option<&str>, position: &str) -> State {
        let mut tags = vec![("Seats", seats), ("Position", position)];
        if let Some(t) = teams {
            tags.push(("Teams", t));
        }
        rules
            .setup(&tags_game(
                <crate::Aggravation as billes_game::game::GameRules>::KIND,
                &tags,
            ))
            .unwrap()
    }

    #[test]
    fn the_tag_gives_every_position_of_simulated_games_back() {
        let next_turn_only = Aggravation::new(super::super::Params {
            star_ring_next_turn_only: true,
            ..Default::default()
        })
        .unwrap();
        let standard = Aggravation::default();
        let mut positions = 0;
        for rules in [&standard, &next_turn_only] {
            for (players, teams) in [(2, None), (4, Some("R+G B+Y")), (6, Some("R+P+Y B+G+W"))] {
                let options = SimOptions {
                    players,
                    teams: teams.map(String::from),
                    max_turns: 600,
                };
                let mut rng = Rng::new(3);
                for _ in 0..3 {
                    let game = <Aggravation as billes_game::game::GameRules>::simulate(
                        rules, &options, &mut rng, &NoHooks,
                    )
                    .unwrap();
                    let seats = game.tag("Seats").unwrap().to_string();
                    let mut state = rules.setup(&game).unwrap();
                    for turn in game.line.turns.iter() {
                        let tag = tag(rules, &state);
                        let back = set_up(rules, &seats, teams, &tag);
                        assert_eq!(observable(rules, &back), observable(rules, &state), "{tag}");
                        assert_eq!(super::tag(rules, &back), tag);
                        for position in [&state, &back] {
                            for c in position.seats() {
                                let scan: Vec<Hole> = Hole::all()
                                    .filter(|&h| position.colour_at(h) == Some(c))
                                    .collect();
                                assert_eq!(position.marbles_of(c), scan, "{tag}");
                            }
                        }
                        rules.play(&mut state, turn).unwrap();
                        positions += 1;
                    }
                }
            }
        }
        assert!(positions > 1000, "{positions}");
    }

    #[test]
    fn again_and_stale_are_read() {
        let rules = Aggravation::new(super::super::Params {
            star_ring_next_turn_only: true,
            ..Default::default()
        })
        .unwrap();
        let state = set_up(&rules, "R G", None, "R:g0,b0,r12 G:g9 again=R stale=g0");
        assert_eq!((state.to_roll, state.again), (Some(Colour::new(0)), true));
        let g0 = state.board.hole("g0").unwrap();
        let b0 = state.board.hole("b0").unwrap();
        assert!(!rules.ring_allowed(&state, Colour::new(0), g0));
        assert!(rules.ring_allowed(&state, Colour::new(0), b0));
        assert_eq!(tag(&rules, &state), "R:r12,b0,g0 G:g9 again=R stale=g0");
        assert_eq!(
            tag(&Aggravation::default(), &state),
            "R:r12,b0,g0 G:g9 again=R"
        );
        let state = set_up(&rules, "R G", None, "move=R again=R");
        assert!(state.again);
        for bad in ["move=R again=G", "stale=r5", "stale=b0", "again=B"] {
            let tags = [("Seats", "R G"), ("Position", bad)];
            assert!(
                rules
                    .setup(&tags_game(
                        <crate::Aggravation as billes_game::game::GameRules>::KIND,
                        &tags
                    ))
                    .is_err(),
                "{bad}"
            );
        }
    }
}
