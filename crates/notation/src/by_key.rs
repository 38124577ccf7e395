//! A board's places (points, holes) by their names' keys: one entry read
//! and one comparison, without a branch, where reading the name's bytes
//! and checking each took two or three times the instructions (a move
//! names two places, and validation looks each up).
//!
//! ```
//! use std::num::NonZeroU8;
//! use billes_notation::{ByKey, Name};
//!
//! let mut table = ByKey::new();
//! let seven = NonZeroU8::new(7).unwrap();
//! assert!(table.insert(Name::new("b13"), seven));
//! assert_eq!(table.get(Name::new("b13").key()), Some(seven));
//! assert_eq!(table.get(Name::new("b1").key()), None);
//! assert_eq!(table.get(Name::new("b13x").key()), None);
//! ```

use std::num::NonZeroU8;

use crate::Name;

/// Places by the [`Name::key`]s of their names, each place a nonzero byte
/// (what an `Option` of a board's `NonZeroU8` place holds), for names of
/// three bytes at most. 64 KiB.
///
/// An entry is at the place its key gives: the low bits of the key's
/// three bytes (five of the first, five of the second, four that tell a
/// digit from none in the third). Names of a lowercase letter and then one
/// or two digits, or a letter, `h` and a digit, each have their own entry;
/// other names may share one, and are then refused by
/// [`insert`](ByKey::insert). An entry holds the key it answers for in its
/// low three bytes and the place in its high one, so any other key read
/// there finds nothing.
#[derive(Clone)]
pub struct ByKey {
    entries: Box<[u32; ByKey::LEN]>,
}

/// An entry that answers no key: no key of a text has the byte `0xFF`, and
/// its place is none.
const EMPTY: u32 = 0x00FF_FFFF;

impl ByKey {
    /// The number of entries: an index takes 14 bits.
    const LEN: usize = 1 << 14;

    /// A table with no place in it.
    pub fn new() -> ByKey {
        ByKey {
            entries: Box::new([EMPTY; ByKey::LEN]),
        }
    }

    /// The entry of `key`.
    #[inline(always)]
    const fn index(key: u64) -> usize {
        let k = key as usize;
        (k & 0x1F) << 9 | (k >> 4 & 0x1F0) | ((k >> 16 & 0xF) + (k >> 20 & 1))
    }

    /// Puts `place` at `name`: whether it was put. Not when the name is
    /// longer than three bytes, or its entry is another name's.
    pub fn insert(&mut self, name: Name, place: NonZeroU8) -> bool {
        let key = name.key();
        let entry = &mut self.entries[ByKey::index(key)];
        if key >> 24 != 0 || key == 0 || (*entry != EMPTY && u64::from(*entry & EMPTY) != key) {
            return false;
        }
        *entry = key as u32 | u32::from(place.get()) << 24;
        true
    }

    /// The place of the name whose key is `key`, if one was put there.
    #[inline(always)]
    pub fn get(&self, key: u64) -> Option<NonZeroU8> {
        let entry = self.entries[ByKey::index(key)];
        let place = if u64::from(entry & EMPTY) == key {
            (entry >> 24) as u8
        } else {
            0
        };
        NonZeroU8::new(place)
    }
}

impl Default for ByKey {
    fn default() -> ByKey {
        ByKey::new()
    }
}

impl std::fmt::Debug for ByKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used = self.entries.iter().filter(|&&e| e != EMPTY).count();
        write!(f, "ByKey({used} names)")
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// Every text of up to three of these characters, and every lowercase
    /// letter with every number below 1000, with and without `h`.
    fn texts() -> Vec<String> {
        let alphabet = [
            "a", "h", "q", "z", "A", "`", "{", "0", "1", "9", ":", "/", "\u{e9}",
        ];
        let mut texts = vec![String::new()];
        let mut last = vec![String::new()];
        for _ in 0..3 {
            last = last
                .iter()
                .flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}")))
                .collect();
            texts.extend(last.iter().cloned());
        }
        for x in 'a'..='z' {
            for n in 0..1000 {
                texts.push(format!("{x}{n}"));
                texts.push(format!("{x}h{n}"));
            }
        }
        texts
    }

    #[test]
    fn the_names_of_places_each_have_their_own_entry() {
        let mut table = ByKey::new();
        let mut places = HashMap::new();
        let names = ('a'..='z').flat_map(|x| {
            (0..100)
                .map(move |n| format!("{x}{n}"))
                .chain((0..10).map(move |n| format!("{x}h{n}")))
        });
        for (i, name) in names.enumerate() {
            let place = NonZeroU8::new((i % 255 + 1) as u8).unwrap();
            assert!(table.insert(Name::new(&name), place), "{name}");
            places.insert(name, place);
        }
        for text in texts() {
            assert_eq!(
                table.get(Name::new(&text).key()),
                places.get(&text).copied(),
                "{text:?}"
            );
        }
    }

    #[test]
    fn a_table_finds_only_what_was_put() {
        // Names that may share entries: some are refused, and every text
        // finds what was put at its name, or nothing.
        let mut table = ByKey::new();
        let mut places = HashMap::new();
        let mut refused = 0;
        for (i, text) in texts().into_iter().enumerate().filter(|(i, _)| i % 3 == 0) {
            let place = NonZeroU8::new((i % 255 + 1) as u8).unwrap();
            if table.insert(Name::new(&text), place) {
                places.insert(text, place);
            } else {
                refused += 1;
            }
        }
        assert!(
            places.len() > 1000 && refused > 1000,
            "{} {refused}",
            places.len()
        );
        for text in texts() {
            assert_eq!(
                table.get(Name::new(&text).key()),
                places.get(&text).copied(),
                "{text:?}"
            );
        }
        assert!(!table.insert(Name::new("abcd"), NonZeroU8::MIN));
        assert!(!table.insert(Name::new(""), NonZeroU8::MIN));
    }
}
