//! The commands of a session: `:help`, `:undo`, `:moves`, `:board`,
//! `:comment`, `:nag`, `:tag`, `:result`, `:quit`.

use billes_core::game::Roll;
use billes_notation::{Comment, GameSource, Nag, Outcome, Tag};

use super::{prompt, Offer, Refused, Reply, Session};

/// Tags a session decides itself: set when the game starts, or written by
/// billes.
const FIXED_TAGS: [&str; 6] = ["Game", "Rules", "Seats", "Teams", "Position", "Result"];

impl Session<'_> {
    /// Runs the command `:name rest`.
    pub(super) fn command(
        &mut self,
        name: &str,
        rest: &str,
        source: &GameSource,
    ) -> Result<Reply, Refused> {
        let refuse = |s: &Self, message: String| Err(s.refuse(source.clone(), message));
        match name {
            "help" | "h" | "?" => Ok(Reply::Shown(prompt::help())),
            "quit" | "q" => Ok(Reply::Quit),
            "undo" | "u" => match self.undo() {
                Ok(reply) => Ok(reply),
                Err(message) => refuse(self, message),
            },
            "board" | "b" => Ok(Reply::Shown(self.pos.text_board().trim_end().to_string())),
            "moves" | "m" => self.moves(rest, source),
            "comment" | "c" => {
                if rest.is_empty() {
                    return refuse(self, "give the comment's text: :comment TEXT".into());
                }
                if rest.contains(['{', '}']) {
                    return refuse(self, "a comment may not hold { or }".into());
                }
                let text: Vec<&str> = rest.split_whitespace().collect();
                let comment = Comment {
                    text: text.join(" ").into(),
                    span: Default::default(),
                };
                self.history.push(self.notes_change());
                match self.game.line.turns.last_mut() {
                    Some(last) => last.after_mut().push(comment),
                    None => self.game.line.comments.push(comment),
                }
                Ok(Reply::Changed("comment written".into()))
            }
            "nag" | "n" => {
                let Some(code) = nag_code(rest) else {
                    return refuse(
                        self,
                        format!("\"{rest}\" is no NAG: give $0 to $255, or one of ! ? !! ?? !? ?!"),
                    );
                };
                if self.game.line.turns.is_empty() {
                    return refuse(self, "a NAG follows a turn: no turn is written yet".into());
                }
                self.history.push(self.notes_change());
                if let Some(last) = self.game.line.turns.last_mut() {
                    last.nags_mut().push(Nag {
                        code,
                        span: Default::default(),
                    });
                }
                Ok(Reply::Changed(format!("NAG ${code} written")))
            }
            "tag" | "t" => self.tag(rest, source),
            "result" | "r" => self.result(rest, source),
            _ => refuse(
                self,
                format!("unknown command :{name} (:help lists the commands)"),
            ),
        }
    }

    /// `:moves [ROLL]`: the legal moves of a roll, numbered (and offered),
    /// or of every roll.
    fn moves(&mut self, rest: &str, source: &GameSource) -> Result<Reply, Refused> {
        if self.pos.is_over() {
            return Err(self.refuse(source.clone(), "the game is over".into()));
        }
        let dice = self.pos.next().dice;
        if !rest.is_empty() || !dice {
            let roll = if dice {
                match rest.parse::<u8>().ok().and_then(Roll::new) {
                    Some(r) => Some(r),
                    None => {
                        return Err(self.refuse(
                            source.clone(),
                            format!("\"{rest}\" is not a die face (1 to 6)"),
                        ))
                    }
                }
            } else {
                None
            };
            let moves = self
                .pos
                .legal_moves(roll)
                .map_err(|e| Refused::new(self.placed(e.into()), source.clone()))?;
            let offer = Offer::new(moves);
            let list = offer.list();
            self.offer = Some(offer);
            return Ok(Reply::Offered(list));
        }
        let mut out = Vec::new();
        for roll in Roll::all(self.pos.game().dice()) {
            let moves = self
                .pos
                .legal_moves(Some(roll))
                .map_err(|e| Refused::new(self.placed(e.into()), source.clone()))?;
            out.push(format!("{roll}: {}", prompt::plain(&moves)));
        }
        Ok(Reply::Shown(out.join("\n")))
    }

    /// `:tag NAME VALUE` (no value: the tag is taken out).
    fn tag(&mut self, rest: &str, source: &GameSource) -> Result<Reply, Refused> {
        let (name, value) = rest
            .split_once(char::is_whitespace)
            .map_or((rest, ""), |(n, v)| (n, v.trim()));
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .unwrap_or(value);
        let good = name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !good {
            return Err(self.refuse(
                source.clone(),
                format!(
                    "\"{name}\" is no tag name: letters, digits and _, from a letter \
                     (:tag NAME VALUE)"
                ),
            ));
        }
        if FIXED_TAGS.contains(&name) {
            return Err(self.refuse(
                source.clone(),
                format!(
                    "the {name} tag is set when the game starts or written by billes \
                     (:result ends a game early)"
                ),
            ));
        }
        self.history.push(self.tags_change());
        let at = self.game.tags.iter().position(|t| t.name == name);
        let said = match (at, value.is_empty()) {
            (Some(i), true) => {
                self.game.tags.remove(i);
                format!("tag {name} taken out")
            }
            (None, true) => {
                self.history.pop();
                return Err(self.refuse(source.clone(), format!("there is no tag {name}")));
            }
            (Some(i), false) => {
                self.game.tags[i].value = value.to_string();
                format!("tag {name} written")
            }
            (None, false) => {
                self.game.tags.push(Tag {
                    name: name.to_string(),
                    value: value.to_string(),
                    span: Default::default(),
                });
                format!("tag {name} written")
            }
        };
        Ok(Reply::Changed(said))
    }

    /// `:result [TOKEN]`: the game stopped early (`*`), written in the
    /// token and the `Result` tag; a result the position does not bear
    /// out is refused with validate's message.
    fn result(&mut self, rest: &str, source: &GameSource) -> Result<Reply, Refused> {
        if let Some(winners) = self.pos.winners().filter(|_| self.pos.is_over()) {
            return Err(self.refuse(
                source.clone(),
                format!(
                    "the game is over: its result ={} is written",
                    winners.join("+")
                ),
            ));
        }
        let token = if rest.is_empty() { "*" } else { rest };
        let winners: Vec<String> = match token.strip_prefix('=') {
            Some(seats) => seats.split('+').map(str::to_string).collect(),
            None if token == "*" => Vec::new(),
            None => {
                return Err(self.refuse(
                    source.clone(),
                    format!("\"{token}\" is no result: * (unfinished), or =R, =R+G"),
                ))
            }
        };
        let mut candidate = self.game.clone();
        candidate.outcome = Outcome {
            winners: winners.iter().map(|s| s.as_str().into()).collect(),
            span: Default::default(),
        };
        candidate.tags.retain(|t| t.name != "Result");
        if let Err(e) = self.engine.validate(&candidate) {
            return Err(Refused::new(self.placed(e), source.clone()));
        }
        self.history.push(self.tags_change());
        self.set_outcome(winners.iter().map(|s| s.as_str().into()).collect());
        if !self.game.tags.iter().any(|t| t.name == "Result") {
            self.game.tags.push(Tag {
                name: "Result".into(),
                value: self.game.outcome.tag_value(),
                span: Default::default(),
            });
        }
        Ok(Reply::Changed(format!(
            "result {} written",
            self.game.outcome.token()
        )))
    }
}

/// The NAG `text` names: `$n`, `n`, or a glyph.
fn nag_code(text: &str) -> Option<u8> {
    let glyphs = ["!", "?", "!!", "??", "!?", "?!"];
    if let Some(i) = glyphs.iter().position(|g| *g == text) {
        return u8::try_from(i + 1).ok();
    }
    text.strip_prefix('$').unwrap_or(text).parse().ok()
}
