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
        self.pending.shrink_to(MAX_SPARE_BYTES);
        error
    }

    /// Drops the first `n` bytes of `pending`, of a game skipped.
    fn forget(&mut self, n: usize) {
        self.pending_offset += n;
        self.pending_line = self
            .pending_line
            .saturating_add(super::count_lines(&self.pending[..n]));
        self.pending.drain(..n);
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
