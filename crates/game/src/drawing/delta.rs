//! A turn's changes as the HTML viewer's page carries them.

use std::fmt::Write as _;

/// A turn's delta in the viewer's page being written: changes separated
/// by spaces, where a [`Drawing`](super::Drawing) writes its own (the
/// words of the page are `billes-render`'s: `#k3` a barricade put on,
/// `@t7=R` a target's marble, `R:h1` a seat's count...).
#[derive(Debug)]
pub struct Delta<'a> {
    out: &'a mut String,
    start: usize,
}

impl<'a> Delta<'a> {
    /// A delta written at the end of `out`.
    pub fn new(out: &'a mut String) -> Delta<'a> {
        let start = out.len();
        Delta { out, start }
    }

    /// Adds one change.
    pub fn op(&mut self, text: std::fmt::Arguments<'_>) {
        if self.out.len() > self.start {
            self.out.push(' ');
        }
        let _ = self.out.write_fmt(text);
    }
}
