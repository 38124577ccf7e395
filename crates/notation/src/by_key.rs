//! A board's places (points, holes) by their names' keys: two entries
//! read and one comparison, without a branch, where reading the name's
//! bytes and checking each took two or three times the instructions (a
//! move names two places, and validation looks each up).
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
//! // A place has one name.
//! assert!(!table.insert(Name::new("c2"), seven));
//! ```

use std::num::NonZeroU8;

use crate::Name;

/// Places by the [`Name::key`]s of their names, each place a nonzero byte
/// (what an `Option` of a board's `NonZeroU8` place holds), for names of
/// three bytes at most, one name a place. 17 KiB: a byte an entry, and the
/// key of each of the 255 places.
///
/// An entry is at the place its key gives: the low bits of the key's
/// three bytes (five of the first, five of the second, four that tell a
/// digit from none in the third). Names of a lowercase letter and then one
/// or two digits, or a letter, `h` and a digit, each have their own entry;
/// other names may share one, and are then refused by
/// [`insert`](ByKey::insert). An entry holds a place, and the place's key
/// is compared with the key looked up, so any other key read there finds
/// nothing.
#[derive(Clone)]
pub struct ByKey {
    /// The place at each entry; 0 for none.
    places: Box<[u8; ByKey::LEN]>,
    /// The key of each place's name; [`NONE`] for place 0 and a place
    /// not put.
    keys: Box<[u32; 256]>,
}

/// The key of no name: a key of a text of three bytes at most has no
/// fourth byte.
const NONE: u32 = u32::MAX;

impl ByKey {
    /// The number of entries: an index takes 14 bits.
    const LEN: usize = 1 << 14;

    /// A table with no place in it.
    pub fn new() -> ByKey {
        ByKey {
            places: Box::new([0; ByKey::LEN]),
            keys: Box::new([NONE; 256]),
        }
    }

    /// The entry of `key`.
    #[inline(always)]
    const fn index(key: u64) -> usize {
        let k = key as usize;
        (k & 0x1F) << 9 | (k >> 4 & 0x1F0) | ((k >> 16 & 0xF) + (k >> 20 & 1))
    }

    /// Puts `place` at `name`: whether it was put. Not when the name is
    /// longer than three bytes, its entry is another name's, or `place`
    /// has another name. Put again, a name moves to its new place.
    pub fn insert(&mut self, name: Name, place: NonZeroU8) -> bool {
        let key = name.key();
        let entry = &mut self.places[ByKey::index(key)];
        let old = usize::from(*entry);
        let named = self.keys[usize::from(place.get())];
        if key >> 24 != 0
            || key == 0
            || (old != 0 && u64::from(self.keys[old]) != key)
            || (named != NONE && u64::from(named) != key)
        {
            return false;
        }
        self.keys[old] = NONE;
        *entry = place.get();
        self.keys[usize::from(place.get())] = key as u32;
        true
    }

    /// The place of the name whose key is `key`, if one was put there.
    #[inline(always)]
    pub fn get(&self, key: u64) -> Option<NonZeroU8> {
        let place = self.places[ByKey::index(key)];
        let found = u64::from(self.keys[usize::from(place)]) == key;
        NonZeroU8::new(if found { place } else { 0 })
    }
}

impl Default for ByKey {
    fn default() -> ByKey {
        ByKey::new()
    }
}

impl std::fmt::Debug for ByKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used = self.keys.iter().filter(|&&k| k != NONE).count();
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

    /// Checks that every text finds in `table` the place put at it in
    /// `places`, or nothing.
    fn check(table: &ByKey, places: &HashMap<String, NonZeroU8>, texts: &[(String, u64)]) {
        for (text, key) in texts {
            assert_eq!(table.get(*key), places.get(text).copied(), "{text:?}");
        }
    }

    /// Puts `names` in tables of 255 places each, from place 1 on, and
    /// checks each table full: how many were refused.
    fn put_in_tables(names: impl Iterator<Item = String>) -> (usize, usize) {
        let texts: Vec<(String, u64)> = texts()
            .into_iter()
            .map(|t| {
                let key = Name::new(&t).key();
                (t, key)
            })
            .collect();
        let (mut table, mut places) = (ByKey::new(), HashMap::new());
        let (mut put, mut refused) = (0, 0);
        for name in names {
            let place = NonZeroU8::new(places.len() as u8 + 1).unwrap();
            if !table.insert(Name::new(&name), place) {
                refused += 1;
                continue;
            }
            put += 1;
            places.insert(name, place);
            if places.len() == 255 {
                check(&table, &places, &texts);
                (table, places) = (ByKey::new(), HashMap::new());
            }
        }
        check(&table, &places, &texts);
        (put, refused)
    }

    #[test]
    fn the_names_of_places_each_have_their_own_entry() {
        let names = ('a'..='z').flat_map(|x| {
            (0..100)
                .map(move |n| format!("{x}{n}"))
                .chain((0..10).map(move |n| format!("{x}h{n}")))
        });
        assert_eq!(put_in_tables(names), (26 * 110, 0));
    }

    #[test]
    fn a_table_finds_only_what_was_put() {
        // Names that may share entries: some are refused, and every text
        // finds what was put at its name, or nothing.
        let names = texts().into_iter().step_by(3);
        let (put, refused) = put_in_tables(names);
        assert!(put > 1000 && refused > 1000, "{put} {refused}");
        let mut table = ByKey::new();
        assert!(!table.insert(Name::new("abcd"), NonZeroU8::MIN));
        assert!(!table.insert(Name::new(""), NonZeroU8::MIN));
    }

    #[test]
    fn a_place_has_one_name() {
        let [one, two] = [1, 2].map(|p| NonZeroU8::new(p).unwrap());
        let mut table = ByKey::new();
        assert!(table.insert(Name::new("a1"), one));
        assert!(!table.insert(Name::new("a2"), one));
        assert_eq!(table.get(Name::new("a2").key()), None);
        // Put again, a name moves: its old place is free for another.
        assert!(table.insert(Name::new("a1"), two));
        assert_eq!(table.get(Name::new("a1").key()), Some(two));
        assert!(table.insert(Name::new("a2"), one));
        assert_eq!(table.get(Name::new("a2").key()), Some(one));
        assert!(!table.insert(Name::new("b7"), two));
    }
}
