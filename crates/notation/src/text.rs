//! Short texts held without an allocation.

use smol_str::SmolStr;

/// `text` as a [`SmolStr`], made in place when it is short enough to be
/// held inline (nearly every move and comment is). `SmolStr::new` builds
/// an inline text in a buffer of its own and then reads the buffer back in
/// pieces of another size, which the processor cannot forward from the
/// stores it has not yet written out: a stall on every call, which a
/// row of an export or a comment read pays each time.
///
/// ```
/// let short = billes_notation::small_text("r9-r15*");
/// assert_eq!(short, "r9-r15*");
/// assert!(!short.is_heap_allocated());
/// ```
#[inline(always)]
pub fn small_text(text: &str) -> SmolStr {
    if text.len() <= SmolStr::INLINE_CAP {
        SmolStr::new_inline(text)
    } else {
        SmolStr::new(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_is_held_whatever_its_length() {
        for len in [
            0,
            1,
            7,
            SmolStr::INLINE_CAP - 1,
            SmolStr::INLINE_CAP,
            SmolStr::INLINE_CAP + 1,
            60,
        ] {
            let text: String = "r9-r15*#".chars().cycle().take(len).collect();
            let held = small_text(&text);
            assert_eq!(held.as_str(), text);
            assert_eq!(held.is_heap_allocated(), len > SmolStr::INLINE_CAP, "{len}");
        }
    }
}
