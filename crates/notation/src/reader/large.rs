//! Games longer than the reader's limit, handed out a piece at a time
//! instead of skipped ([`Reader::large`]): for a program that reads a game
//! as a stream (validation), whose memory does not grow with the game.

use std::io::{self, BufRead};

use super::{before_nul, consume, ReadError, Reader};

impl<R: BufRead> Reader<R> {
    /// The same reader, handing out the games longer than its limit
    /// instead of skipping them: such a game is still given as
    /// [`ReadError::TooLarge`], and its text follows, a piece at a time, from
    /// [`large_piece`](Reader::large_piece), to be called until it says
    /// the game is over before the reader is asked for the next game.
    pub fn large(mut self) -> Reader<R> {
        self.state.tap = Some(Vec::new());
        self
    }

    /// The byte offset in the input of the game too long last given (its
    /// first piece's first byte).
    pub fn large_offset(&self) -> usize {
        self.state.large_offset
    }

    /// Appends the next piece of the game too long just given to `into`
    /// (a few kilobytes to a few megabytes; a piece larger than `into`
    /// and the room it has is moved there, `into`'s bytes put before it): `true` when one was appended, `false` once the
    /// game is over (or with a reader not made with
    /// [`large`](Reader::large)). The pieces put together are the game's
    /// text, from its first byte.
    ///
    /// ```
    /// use billes_notation::{ReadError, Reader};
    /// let data = "[Game \"offboard\"]\n1. R e5>w 2. B e1>e *\n[Game \"offboard\"]\n*\n";
    /// let mut reader = Reader::new(data.as_bytes()).limit(30).large();
    /// assert!(matches!(reader.next(), Some(Err(ReadError::TooLarge { index: 1, .. }))));
    /// let mut text = Vec::new();
    /// while reader.large_piece(&mut text).unwrap() {}
    /// assert_eq!(text, b"[Game \"offboard\"]\n1. R e5>w 2. B e1>e *\n");
    /// assert_eq!(reader.large_offset(), 0);
    /// assert_eq!(reader.next().unwrap().unwrap().index, 2);
    /// ```
    ///
    /// # Errors
    /// A NUL byte in the game (the reader stops), or a failure to read.
    pub fn large_piece(&mut self, into: &mut Vec<u8>) -> Result<bool, ReadError> {
        let state = &mut self.state;
        loop {
            if let Some(tap) = state.tap.as_mut().filter(|t| !t.is_empty()) {
                if tap.len() > into.len() && into.capacity() - into.len() < tap.len() {
                    // The larger moves without a copy, the smaller before it.
                    tap.splice(0..0, into.drain(..));
                    std::mem::swap(into, tap);
                    tap.clear();
                } else {
                    into.extend_from_slice(tap);
                    tap.clear();
                }
                return Ok(true);
            }
            if !state.large || state.skip.is_none() || state.done {
                state.large = false;
                return Ok(false);
            }
            let buf = match self.input.fill_buf() {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    state.done = true;
                    return Err(ReadError::Io(e));
                }
                Ok(buf) => buf,
            };
            let Some(buf) = before_nul(&mut state.clean, buf) else {
                return Err(state.stop());
            };
            match state.skip_from(buf) {
                Some(n) => consume(&mut self.input, &mut state.clean, n),
                None => state.done = true,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io;

    use super::super::{random_text, split_games, ReadError, Reader};

    #[test]
    fn the_pieces_of_a_game_too_long_put_together_are_its_text() {
        let pieces = [
            "[A \"1\"]\n",
            "1. R6 +",
            " *",
            " *\n",
            "\n",
            "  \n",
            "{",
            "}",
            "(",
            ")",
            " =R",
            "\n[B \"2\"]",
            "2. B3 --\n",
            " * {c",
            "\r\n",
            "\n[Game \"c\"]\n",
            "[Game \"d\"] {",
            "1. R6 + 2. B3 -- 3. R6 + 4. B3 -- 5. R6 + 6. B3 -- 7. R6 + 8. B3 --",
        ];
        let mut seed = 0x5eed_4321_u64;
        for round in 0..300 {
            let len = if round % 3 == 0 { 200 } else { 40 };
            let text = random_text(&pieces, &mut seed, len);
            let want: Vec<(usize, &str)> = split_games(&text)
                .enumerate()
                .map(|(i, c)| (i + 1, c.text))
                .collect();
            for limit in [30, 100, 400] {
                for capacity in [1, 5, 16, 4096, text.len()] {
                    let input = io::BufReader::with_capacity(capacity, text.as_bytes());
                    let mut reader = Reader::new(input).limit(limit).large();
                    let mut got = Vec::new();
                    while let Some(item) = reader.next() {
                        match item {
                            Ok(g) => got.push((g.index, g.text)),
                            Err(ReadError::TooLarge { index, .. }) => {
                                let mut bytes = Vec::new();
                                while reader.large_piece(&mut bytes).unwrap() {}
                                got.push((index, String::from_utf8(bytes).unwrap()));
                            }
                            Err(e) => panic!("{e}"),
                        }
                    }
                    let got: Vec<(usize, &str)> =
                        got.iter().map(|(i, t)| (*i, t.as_str())).collect();
                    assert_eq!(got, want, "{text:?}, limit {limit}, buffer of {capacity}");
                }
            }
        }
    }
}
