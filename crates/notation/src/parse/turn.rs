//! Turns: the head, the actions and their capture marks.

use super::token::{name_len, seat_len};
use super::{PResult, Parser_};
use crate::ast::{Action, Actions, Capture, Comments, Head, Name, Path, Span, Turn};

impl Parser_<'_> {
    /// Reads a turn and appends it to `turns`, with the comments `before` it.
    pub(super) fn turn(
        &mut self,
        number: u32,
        before: &mut Comments,
        turns: &mut Vec<Turn>,
    ) -> PResult<()> {
        let start = self.mark();
        let head = self.head()?;
        // The turn goes in place first and its actions are read into it, so
        // that nothing big is moved once built. On an error the line is
        // dropped with it.
        let index = turns.len();
        turns.push(Turn::from_parts(
            number,
            head,
            Actions::new(),
            Span::default(),
        ));
        let turn = &mut turns[index];
        if !before.is_empty() {
            *turn.before_mut() = std::mem::take(before);
        }
        loop {
            self.ws();
            match self.peek() {
                Some(b'-' | b'+' | b'#' | b'~' | b'a'..=b'z') => self.action(&mut turn.actions)?,
                _ => break,
            }
        }
        let Some(last) = turn.actions.last() else {
            return Err(self.error_at(
                start,
                turn.head.span.end - self.base,
                format!(
                    "the turn {} has no action: write a move like `r9-r12`, `+` to enter, or `--` to pass",
                    head_text(&turn.head)
                ),
            ));
        };
        let end = last.span().end;
        turn.span = self.span(start);
        turn.span.end = end;
        Ok(())
    }

    fn head(&mut self) -> PResult<Head> {
        let start = self.mark();
        let seat = self.seat()?;
        let roll = if matches!(self.peek(), Some(b'0'..=b'9')) {
            Some(self.number()?)
        } else {
            None
        };
        let mover = if self.peek() == Some(b'>') {
            self.bump(1);
            if !matches!(self.peek(), Some(b'A'..=b'Z')) {
                let found = self.found();
                return Err(self.error(format!(
                    "expected the seat that uses the roll after '>' (like `G4>Y`), found {found}"
                )));
            }
            Some(self.seat()?)
        } else {
            None
        };
        match self.peek() {
            None | Some(b' ' | b'\t' | b'\n' | b'\r') => {}
            Some(_) => {
                let found = self.found();
                return Err(self.error(format!(
                    "unexpected {found} in the turn head: a head is a seat, the roll and optionally `>Seat`, like `R6` or `G4>Y`"
                )));
            }
        }
        Ok(Head {
            seat,
            roll,
            mover,
            span: self.span(start),
        })
    }

    pub(super) fn seat(&mut self) -> PResult<Name> {
        match seat_len(&self.src.as_bytes()[self.pos..]) {
            (0, _) => Err(self.error("expected a seat (an uppercase letter)")),
            scanned => self.take_name(scanned, "seat"),
        }
    }

    fn name(&mut self, what: &str) -> PResult<Name> {
        match name_len(&self.src.as_bytes()[self.pos..]) {
            (0, _) => {
                let found = self.found();
                Err(self.error(format!(
                    "expected {what} name (lowercase, like `r9` or `e5`), found {found}"
                )))
            }
            scanned => self.take_name(scanned, what),
        }
    }

    /// Moves past the name of `len` bytes (with its key) scanned at the
    /// current position: the name, or an error when it is too long (`what`:
    /// the kind of name, for the message).
    fn take_name(&mut self, (len, key): (usize, u64), what: &str) -> PResult<Name> {
        let start = self.pos;
        self.pos += len;
        if len > Name::MAX {
            let mark = self.mark_at(start);
            return Err(self.error_at(
                mark,
                self.pos,
                format!("{what} name is too long (at most {} characters)", Name::MAX),
            ));
        }
        Ok(Name::from_word(key, len))
    }

    /// Reads an action and appends it to `actions`.
    fn action(&mut self, actions: &mut Actions) -> PResult<()> {
        let start = self.mark();
        let action = match self.peek() {
            Some(b'-') => {
                if self.peek_at(1) != Some(b'-') {
                    return Err(
                        self.error("expected '--' (a pass) or a move starting with a hole name")
                    );
                }
                self.bump(2);
                Action::Pass {
                    span: self.span(start),
                }
            }
            Some(b'+') => {
                self.bump(1);
                let to = if matches!(self.peek(), Some(b'a'..=b'z')) {
                    Some(self.name("a hole")?)
                } else {
                    None
                };
                let capture = self.capture()?;
                Action::Place {
                    to,
                    capture,
                    span: self.span(start),
                }
            }
            Some(b'#') => {
                self.bump(1);
                let at = self.name("a point")?;
                Action::Barricade {
                    at,
                    span: self.span(start),
                }
            }
            Some(b'~') => {
                self.bump(1);
                Action::Remove {
                    span: self.span(start),
                }
            }
            _ => {
                let first = self.name("a hole")?;
                match self.peek() {
                    Some(b'-') => {
                        let mut path = Path::new();
                        path.push(first);
                        while self.peek() == Some(b'-') {
                            self.bump(1);
                            path.push(self.name("a hole")?);
                        }
                        let capture = self.capture()?;
                        let barricade = if self.peek() == Some(b'#') {
                            self.bump(1);
                            true
                        } else {
                            false
                        };
                        Action::Move {
                            path,
                            capture,
                            barricade,
                            span: self.span(start),
                        }
                    }
                    Some(b':' | b'>') => {
                        let to = if self.peek() == Some(b':') {
                            self.bump(1);
                            Some(self.name("a cell")?)
                        } else {
                            None
                        };
                        if self.peek() != Some(b'>') {
                            let found = self.found();
                            return Err(self.error(format!(
                                "expected '>' and a direction after the line (like `c3:c5>e`), found {found}"
                            )));
                        }
                        self.bump(1);
                        let direction = self.name("a direction")?;
                        let capture = self.capture()?;
                        Action::Line {
                            from: first,
                            to,
                            direction,
                            capture,
                            span: self.span(start),
                        }
                    }
                    _ => {
                        let found = self.found();
                        return Err(self.error(format!(
                            "expected '-' and the next hole (like `{first}-r12`), or '>' and a direction, after {first}, found {found}"
                        )));
                    }
                }
            }
        };
        self.expect_delimiter("the action")?;
        actions.push(action);
        Ok(())
    }

    fn capture(&mut self) -> PResult<Option<Capture>> {
        if self.peek() != Some(b'*') {
            return Ok(None);
        }
        let start = self.mark();
        self.bump(1);
        let target = if matches!(self.peek(), Some(b'a'..=b'z')) {
            Some(self.name("a target")?)
        } else {
            None
        };
        let points = if self.peek() == Some(b'=') {
            self.bump(1);
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err(self.error("expected the points scored after '='"));
            }
            Some(self.number()?)
        } else {
            None
        };
        Ok(Some(Capture {
            target,
            points,
            span: self.span(start),
        }))
    }
}

fn head_text(head: &Head) -> String {
    head.to_string()
}
