//! The start position from a record's tags: `Seats`, `Teams`, `Position`.

use billes_notation::{Game, Span};

use super::board::{Board, Class, MAX_SIDES, NONE};
use super::{Aggravation, State};
use crate::{ErrorKind, ReplayError};

/// Builds the start position from the `Seats`, `Teams` and `Position` tags.
pub(crate) fn setup(rules: &Aggravation, game: &Game) -> Result<State, ReplayError> {
    let b = rules.board;
    let tag_err = |span: Span| move |m: String| ReplayError::new(ErrorKind::Tag, span, m);
    let teams = game.tag_entry("Teams");
    let in_play = match (game.tag_entry("Seats"), teams) {
        (Some(t), _) => parse_seats(b, &t.value).map_err(tag_err(t.span))?,
        (None, Some(t)) => {
            let all = t.value.replace('+', " ");
            parse_seats(b, &all).map_err(tag_err(t.span))?
        }
        (None, None) => {
            return Err(ReplayError::new(
                ErrorKind::Tag,
                game.span,
                format!(
                    "missing Seats tag (2 to {} of {}, e.g. \"R G\")",
                    b.sides,
                    b.letters.join(" ")
                ),
            ))
        }
    };
    let p = &rules.params;
    let mut st = State::new(b, in_play, p.marbles, p.home_size);
    if let Some(t) = teams {
        apply_teams(&mut st, &t.value).map_err(tag_err(t.span))?;
    }
    if let Some(t) = game.tag_entry("Position") {
        apply_position(&mut st, &t.value).map_err(tag_err(t.span))?;
    }
    Ok(st)
}

/// The seats in play from a `Seats` value such as `"R B G Y"`.
pub(crate) fn parse_seats(b: &Board, value: &str) -> Result<[bool; MAX_SIDES], String> {
    let mut in_play = [false; MAX_SIDES];
    let mut n = 0;
    for word in value.split_whitespace() {
        let s = b.seat(word).ok_or_else(|| {
            format!(
                "unknown seat \"{word}\" (the seats are {})",
                b.letters.join(" ")
            )
        })?;
        if std::mem::replace(&mut in_play[s as usize], true) {
            return Err(format!("seat {word} is listed twice"));
        }
        n += 1;
    }
    if n < 2 {
        return Err(format!(
            "aggravation needs 2 to {} seats, the Seats tag names {n}",
            b.sides
        ));
    }
    Ok(in_play)
}

/// Joins the seats into teams from a `Teams` value such as `"R+G B+Y"`.
fn apply_teams(st: &mut State, value: &str) -> Result<(), String> {
    let b = st.board;
    let mut team = [NONE; MAX_SIDES];
    let mut sizes = Vec::new();
    for (t, group) in value.split_whitespace().enumerate() {
        let mut members = Vec::new();
        for word in group.split('+') {
            let s = b
                .seat(word)
                .filter(|&s| st.in_play[s as usize])
                .ok_or_else(|| format!("team seat \"{word}\" is not a seat in play"))?;
            if team[s as usize] != NONE {
                return Err(format!("seat {word} is in two teams"));
            }
            team[s as usize] = t as u8;
            members.push(s);
        }
        let half = b.sides / 2;
        match members.len() {
            2 => {
                if (members[0] + half) % b.sides != members[1] {
                    return Err(format!(
                        "partners {group} do not sit opposite each other (opposite seats: {})",
                        opposite_pairs(b)
                    ));
                }
            }
            3 => {
                if members.iter().any(|&m| m % 2 != members[0] % 2) {
                    return Err(format!(
                        "team {group} does not sit on alternate seats (teams of 3 are {})",
                        alternate_teams(b)
                    ));
                }
            }
            n => return Err(format!("team {group} has {n} seats: teams have 2 or 3")),
        }
        sizes.push(members.len());
    }
    if sizes.len() < 2 {
        return Err("the Teams tag needs two teams or more, e.g. \"R+G B+Y\"".into());
    }
    if sizes.iter().any(|&n| n != sizes[0]) {
        return Err("teams must all have 2 seats (partnership) or all 3 (team play)".into());
    }
    for s in st.seats() {
        if team[s as usize] == NONE {
            return Err(format!("seat {} is in no team", st.letter(s)));
        }
    }
    for (mine, &t) in st.team.iter_mut().zip(team.iter()) {
        if t != NONE {
            *mine = t;
        }
    }
    st.teams = true;
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

/// Places marbles from a `Position` value: `R:r12,c,rh1 B:b9 move=R`.
/// A seat's marbles not listed are in its BASE.
fn apply_position(st: &mut State, value: &str) -> Result<(), String> {
    let b = st.board;
    for group in value.split_whitespace() {
        if let Some((key, v)) = group.split_once('=') {
            match key {
                "move" => {
                    let s = b
                        .seat(v)
                        .filter(|&s| st.in_play[s as usize])
                        .ok_or_else(|| format!("move={v}: not a seat in play"))?;
                    st.to_roll = s;
                }
                _ => return Err(format!("unknown Position field \"{key}\" (known: move)")),
            }
            continue;
        }
        let (seat, holes) = group
            .split_once(':')
            .ok_or_else(|| format!("\"{group}\": expected SEAT:hole,hole,... or move=SEAT"))?;
        let s = b
            .seat(seat)
            .filter(|&s| st.in_play[s as usize])
            .ok_or_else(|| format!("\"{seat}\" is not a seat in play"))?;
        for name in holes.split(',').filter(|n| !n.is_empty()) {
            let h = b
                .hole(name)
                .ok_or_else(|| format!("no hole called \"{name}\" on this board"))?;
            if b.class(h) == Class::Home {
                if b.side(h) != s {
                    return Err(format!(
                        "{seat} cannot stand in another colour's HOME ({name})"
                    ));
                }
                if b.offset(h) >= st.home_size {
                    return Err(format!("{name}: HOME has {} holes", st.home_size));
                }
                st.add_home(s);
            }
            if st.occ[h as usize] != 0 {
                return Err(format!("two marbles on {name}"));
            }
            if st.base[s as usize] == 0 {
                return Err(format!("{seat} has only {} marbles", st.marbles));
            }
            st.base[s as usize] -= 1;
            st.put(s, h);
        }
    }
    let seats: Vec<u8> = st.seats().collect();
    for s in seats {
        st.check_winner(s);
    }
    Ok(())
}
