//! Games longer than the reader's limit: found, refused and skipped.
//!
//! A game is too long once its lines fed to the splitter are longer than
//! the limit, or once the line being read makes it so. That line may start
//! the next game instead, which its first bytes tell (a tag line, a line
//! after a result, a line starting with `[Game `): it counts against the
//! game it belongs to. A game too long is skipped: its lines are fed to the
//! splitter, a long line a piece at a time, and dropped, so the next game is
//! found where it is in the whole text, in memory that does not grow with
//! the game skipped.

use super::{GameSource, ReadError, ReaderState, Splitter, MAX_SPARE_BYTES, RESYNC};

/// A line of a game skipped is fed in pieces of at most this many bytes.
const PIECE: usize = 1 << 16;

/// White space kept at the start of a line longer than the limit that holds
/// nothing else yet (the rest is counted, not kept).
const KEPT_SPACE: usize = 8;

/// Where the reader is in a game it skips.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Skip {
    /// At the start of a line: `pending` holds its first bytes, not fed.
    Head {
        /// The game's first line (it cannot start the next game).
        first: bool,
        /// White space was cut from its start: more than the limit, so if
        /// it starts the next game, that game is too long as well.
        cut: bool,
    },
    /// Within a tag line fed: the rest of it is dropped.
    Tag,
    /// Within movetext fed up to `pending[0]`, kept as the byte before the
    /// next (a result token stands after white space).
    Moves,
}

/// White space within a line, for the splitter.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0C)
}

/// Whether `line`, the start of a line not fed to `splitter`, starts a new
/// game, once its first bytes tell (`complete`: the line is whole): its
/// first byte that is not white space and the byte after it, and its first
/// bytes (a line starting with `[Game `).
fn starts_game(splitter: &Splitter, line: &[u8], complete: bool) -> Option<bool> {
    if !complete {
        let first = line.iter().position(|&b| !is_space(b))?;
        if line.len() < (first + 2).max(RESYNC.len()) {
            return None;
        }
    }
    let mut probe = *splitter;
    Some(probe.feed_line(line).1)
}

impl ReaderState {
    /// Refuses the game being read once it is too long (see the module's
    /// text): what to give out, `None` to read on. `complete`: the line
    /// being read, `pending[line_start..]`, is whole. When that line starts
    /// the next game and makes it too long, the game before it is given out
    /// and the refusal of the next is queued.
    pub(super) fn check_limit(&mut self, complete: bool) -> Option<Result<GameSource, ReadError>> {
        if self.skip.is_some() {
            return None;
        }
        if self.line_start > self.limit {
            return Some(Err(self.too_large()));
        }
        if self.pending.len() <= self.limit && self.cut == 0 {
            return None;
        }
        let line = &self.pending[self.line_start..];
        match starts_game(&self.splitter, line, complete) {
            None => {
                // White space only so far: the game it belongs to is too
                // long whichever it is, so it is counted, not kept.
                if line.len() > self.limit.max(2 * KEPT_SPACE) {
                    let n = line.len() - KEPT_SPACE;
                    let from = self.line_start;
                    self.pending.drain(from..from + n);
                    self.cut += n;
                }
                None
            }
            Some(true) if self.line_start > 0 => {
                let tail = self.pending.split_off(self.line_start);
                let out = self.emit();
                self.pending = tail;
                // The line begins the next game: too long, or read on.
                let over = self.cut > 0 || self.pending.len() > self.limit;
                self.pending_offset += std::mem::take(&mut self.cut);
                if !over {
                    if complete {
                        // Fed now, as the line that starts its game.
                        self.end_line();
                    }
                    return out;
                }
                let error = self.too_large();
                match out {
                    Some(item) => {
                        self.queued = Some(error);
                        Some(item)
                    }
                    None => Some(Err(error)),
                }
            }
            Some(_) => {
                let error = self.too_large();
                self.pending_offset += std::mem::take(&mut self.cut);
                Some(Err(error))
            }
        }
    }

    /// The game being read, as too long: its error; it is skipped from now
    /// on, its lines fed so far dropped.
    fn too_large(&mut self) -> ReadError {
        self.index += 1;
        self.large = self.tap.is_some();
        self.large_offset = self.pending_offset;
        let error = ReadError::TooLarge {
            index: self.index,
            line: self.pending_line,
            limit: self.limit,
        };
        self.skip = Some(Skip::Head {
            first: self.line_start == 0,
            cut: self.cut > 0,
        });
        self.forget(self.line_start);
        if self.tap.is_none() {
            // (Handed out, the bytes move on without a copy.)
            self.pending.shrink_to(MAX_SPARE_BYTES);
        }
        error
    }

    /// Drops the first `n` bytes of `pending`, of a game skipped.
    fn forget(&mut self, n: usize) {
        self.pending_offset += n;
        self.pending_line = self
            .pending_line
            .saturating_add(super::count_lines(&self.pending[..n]));
        match &mut self.tap {
            // Handed out (`Reader::large_piece`): most of `pending` moves
            // there without a copy.
            Some(tap) if tap.is_empty() && 2 * n >= self.pending.len() => {
                let rest = self.pending.split_off(n);
                *tap = std::mem::replace(&mut self.pending, rest);
            }
            Some(tap) => {
                tap.extend_from_slice(&self.pending[..n]);
                self.pending.drain(..n);
            }
            None => {
                self.pending.drain(..n);
            }
        }
        self.line_start = self.line_start.saturating_sub(n);
    }

    /// Skips on with `buf`, the input's buffer (empty: the input has ended):
    /// how many of its bytes are used, `None` when the input ended within
    /// the game skipped. Once the next game starts, `pending` holds its
    /// first line, or the start of it, and the skipping is over.
    pub(super) fn skip_from(&mut self, buf: &[u8]) -> Option<usize> {
        if self.pending.last() == Some(&b'\n') {
            // The game was found too long with its last line whole.
            self.skip_pending(false);
            if self.skip.is_none() {
                return Some(0);
            }
        }
        let at_line_start = Some(Skip::Head {
            first: false,
            cut: false,
        });
        if self.skip == at_line_start && self.pending.is_empty() {
            // The whole lines of the buffer, fed at once up to the line
            // that starts the next game, as when no game is skipped.
            let lines = memchr::memrchr(b'\n', buf).map_or(0, |n| n + 1);
            if lines > 0 {
                let (dropped, used) = match self.splitter.feed_lines(&buf[..lines]) {
                    Some((start, end)) => {
                        self.pending.extend_from_slice(&buf[start..end]);
                        self.line_start = self.pending.len();
                        self.skip = None;
                        (start, end)
                    }
                    None => (lines, lines),
                };
                if let Some(tap) = &mut self.tap {
                    tap.extend_from_slice(&buf[..dropped]);
                }
                self.pending_offset += dropped;
                self.pending_line = self
                    .pending_line
                    .saturating_add(super::count_lines(&buf[..dropped]));
                return Some(used);
            }
        }
        // At most one line at a time: the next game may start at the next.
        let piece = &buf[..buf.len().min(PIECE)];
        let take = memchr::memchr(b'\n', piece).map_or(piece.len(), |n| n + 1);
        self.pending.extend_from_slice(&buf[..take]);
        let end = buf.is_empty();
        self.skip_pending(end);
        if end && self.skip.is_some() {
            return None;
        }
        Some(take)
    }

    /// Feeds and drops what `pending` holds of a game skipped: the start of
    /// a line, or the whole line (`end`: the input has ended).
    fn skip_pending(&mut self, end: bool) {
        while let Some(skip) = self.skip {
            let complete = end || self.pending.last() == Some(&b'\n');
            let n = self.pending.len();
            match skip {
                Skip::Tag => {
                    self.forget(n);
                    if complete {
                        self.skip = Some(Skip::Head {
                            first: false,
                            cut: false,
                        });
                    }
                }
                Skip::Moves if complete => {
                    self.splitter.rest_of_line(&self.pending, 1);
                    self.forget(n);
                    self.skip = Some(Skip::Head {
                        first: false,
                        cut: false,
                    });
                }
                Skip::Moves => {
                    // The last byte is only looked at, and kept with the
                    // one before it.
                    if n >= 3 {
                        self.splitter.rest_of_line_to(&self.pending, 1, n - 1);
                        self.forget(n - 2);
                    }
                }
                Skip::Head { .. } if n == 0 => {}
                Skip::Head { first, cut } => {
                    let Some(boundary) = starts_game(&self.splitter, &self.pending, complete)
                    else {
                        if n > self.limit.max(2 * KEPT_SPACE) {
                            self.forget(n - KEPT_SPACE);
                            self.skip = Some(Skip::Head { first, cut: true });
                        }
                        return;
                    };
                    if boundary && !first {
                        if cut {
                            // The next game starts with a line longer
                            // than the limit: refused in its turn.
                            self.index += 1;
                            self.queued = Some(ReadError::TooLarge {
                                index: self.index,
                                line: self.pending_line,
                                limit: self.limit,
                            });
                            self.skip = Some(Skip::Head {
                                first: true,
                                cut: false,
                            });
                            continue;
                        }
                        self.skip = None;
                        self.line_start = 0;
                        if self.pending.last() == Some(&b'\n') {
                            self.end_line();
                        }
                        return;
                    }
                    if complete {
                        self.splitter.feed_line(&self.pending);
                        self.forget(n);
                        self.skip = Some(Skip::Head {
                            first: false,
                            cut: false,
                        });
                        return;
                    }
                    let start = self.pending.iter().position(|&b| !is_space(b));
                    let in_comment = self.splitter.in_comment && !self.pending.starts_with(RESYNC);
                    let tag = !in_comment && start.map(|i| self.pending[i]) == Some(b'[');
                    self.splitter.feed_line_to(&self.pending, n - 1);
                    if tag {
                        self.forget(n);
                        self.skip = Some(Skip::Tag);
                    } else {
                        self.forget(n - 2);
                        self.skip = Some(Skip::Moves);
                    }
                }
            }
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io;

    use super::super::{random_text, split_games, ReadError, Reader, MAX_GAME_BYTES};
    use crate::ast::Turn;

    /// A game read (number, line, offset, text), or refused as too long
    /// (number, line).
    type Item<'a> = Result<(usize, u32, usize, &'a str), (usize, u32)>;

    /// What a reader with `limit` should give on `text`: the games of
    /// [`split_games`], each longer than `limit` an error at its line.
    fn expected(text: &str, limit: usize) -> Vec<Item<'_>> {
        split_games(text)
            .enumerate()
            .map(|(i, c)| {
                if c.text.len() > limit {
                    Err((i + 1, c.line))
                } else {
                    Ok((i + 1, c.line, c.offset, c.text))
                }
            })
            .collect()
    }

    #[test]
    fn a_reader_with_a_limit_agrees_with_split_games_on_random_texts() {
        let pieces = [
            "[A \"1\"]\n",
            "1. R6 +",
            " *",
            " *\n",
            "\n",
            "  \n",
            "   ",
            "{",
            "{{",
            "}",
            "(",
            ")",
            " =R",
            "\n[B \"2\"]",
            "x",
            " [",
            "2. B3 --\n",
            " * {c",
            "} ",
            "\t[",
            "\r\n",
            "\n[Game \"c\"]\n",
            "[Game \"d\"] {",
            "{ {[Game \"e\"]\n",
            "{{{ {{ {",
            "                                                  ",
            " \t \t \t \t \t \t \t \t \t \t \t \t \t \t \t \t \t \t",
            "1. R6 + 2. B3 -- 3. R6 + 4. B3 -- 5. R6 + 6. B3 -- 7. R6 + 8. B3 --",
        ];
        let mut seed = 0x5eed_1234_u64;
        for round in 0..400 {
            let len = if round % 3 == 0 { 200 } else { 40 };
            let text = random_text(&pieces, &mut seed, len);
            for limit in [8, 30, 100, 400] {
                let want = expected(&text, limit);
                // The last: the whole text one buffer.
                for capacity in [1, 5, 16, 4096, text.len()] {
                    let input = io::BufReader::with_capacity(capacity, text.as_bytes());
                    let items: Vec<_> = Reader::new(input).limit(limit).collect();
                    let got: Vec<Item<'_>> = items
                        .iter()
                        .map(|item| match item {
                            Ok(g) => Ok((g.index, g.line, g.offset, g.text.as_str())),
                            Err(ReadError::TooLarge { index, line, .. }) => Err((*index, *line)),
                            Err(e) => panic!("{e}"),
                        })
                        .collect();
                    assert_eq!(got, want, "{text:?}, limit {limit}, buffer of {capacity}");
                }
            }
        }
    }

    #[test]
    fn a_game_on_one_line_many_pieces_long_is_skipped() {
        let mut data = String::from("[Game \"offboard\"]\n{a comment (\n[x] } ");
        data += &"1. R6 + {c} (2. B3 --) ".repeat(20_000);
        data += " *\n[A \"2\"]\n1. R6 + *\n";
        for capacity in [7, 1 << 16, data.len()] {
            let input = io::BufReader::with_capacity(capacity, data.as_bytes());
            let items: Vec<_> = Reader::new(input).limit(100_000).collect();
            assert_eq!(items.len(), 2, "buffer of {capacity}");
            assert!(matches!(
                items[0],
                Err(ReadError::TooLarge {
                    index: 1,
                    line: 1,
                    ..
                })
            ));
            let second = items[1].as_ref().unwrap();
            assert_eq!(
                (second.index, second.line, second.offset),
                (2, 4, data.find("[A \"2\"]").unwrap())
            );
            assert_eq!(second.text, "[A \"2\"]\n1. R6 + *\n");
        }
    }

    #[test]
    fn a_game_longer_than_the_limit_is_skipped_and_the_next_is_read() {
        let line = "1. R6 +".repeat(100);
        let data = format!("[A \"1\"]\n*\n[A \"2\"]\n{line} *\n[A \"3\"]\n1. R6 + *\n");
        for capacity in [1, 16, 1 << 16] {
            let items: Vec<_> =
                Reader::new(io::BufReader::with_capacity(capacity, data.as_bytes()))
                    .limit(200)
                    .collect();
            assert_eq!(items.len(), 3, "buffer of {capacity}");
            assert!(items[0].is_ok());
            assert!(
                matches!(
                    items[1],
                    Err(ReadError::TooLarge {
                        index: 2,
                        line: 3,
                        limit: 200
                    })
                ),
                "{:?}",
                items[1]
            );
            let third = items[2].as_ref().unwrap();
            assert_eq!((third.index, third.line), (3, 5));
            assert_eq!(third.offset, data.find("[A \"3\"]").unwrap());
            assert_eq!(third.text, "[A \"3\"]\n1. R6 + *\n");
            assert!(third.parse().is_ok());
        }
    }

    #[test]
    fn a_game_skipped_keeps_its_comments_and_results_across_pieces() {
        // A `[Game ` line inside the skipped game's comment, a tag-looking
        // line in it, and a result after the comment closes: the game after
        // is found where the splitter finds it in the whole text.
        let long = "1. R6 + ".repeat(40);
        let data =
            format!("[A \"1\"]\n{long}{{ {long}\n[A \"x\"] {long}}} {long} *\n\n[A \"2\"]\n*\n");
        let expected: Vec<(u32, usize)> = split_games(&data).map(|c| (c.line, c.offset)).collect();
        assert_eq!(expected.len(), 2);
        for capacity in [1, 3, 64, 1 << 16] {
            let items: Vec<_> =
                Reader::new(io::BufReader::with_capacity(capacity, data.as_bytes()))
                    .limit(50)
                    .collect();
            assert_eq!(items.len(), 2, "buffer of {capacity}");
            assert!(matches!(
                items[0],
                Err(ReadError::TooLarge {
                    index: 1,
                    line: 1,
                    ..
                })
            ));
            let second = items[1].as_ref().unwrap();
            assert_eq!(
                (second.line, second.offset),
                expected[1],
                "buffer of {capacity}"
            );
            assert_eq!(second.index, 2);
        }
    }

    #[test]
    fn the_longest_game_parses_well_under_two_gib() {
        // The shortest turn is 3 bytes of text (`R--`) and a parsed turn
        // 160 bytes (`crate::ast`): a game at the limit, text and turns,
        // takes well under 2 GiB, with room for the replay beside it.
        let turns = MAX_GAME_BYTES / 3;
        let bytes = MAX_GAME_BYTES + turns * size_of::<Turn>().max(160);
        assert!(bytes < 1 << 30, "{bytes}");
    }
}
