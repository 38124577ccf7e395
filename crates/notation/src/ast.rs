//! The record AST: what a BGN file says, with a [`Span`] on every node.
//!
//! Spans never take part in equality: two records are equal when they say the
//! same thing, however they are laid out. That is what makes
//! `parse(write(game)) == game` a meaningful property.

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use smol_str::SmolStr;

pub use crate::name::Name;

/// Where a node stands in its source: a byte range, and the 1-based line and
/// column (in characters) of its first byte.
///
/// The byte offsets count from the start of the text the parser was given:
/// the whole text for [`parse_game`](crate::parse_game) and
/// [`parse_games`](crate::parse_games) (so, for a file read whole, offsets
/// in the file), and the game's own text for a game read by a
/// [`Reader`](crate::Reader) ([`GameSource::parse`](crate::GameSource::parse);
/// the game starts at [`GameSource::offset`](crate::GameSource::offset) in
/// its file). Lines and columns are always those of the file. Offsets are
/// 32 bits wide: a game is at most [`MAX_GAME_BYTES`](crate::MAX_GAME_BYTES)
/// long, and a text of more than 4 GiB is refused by the parser. Four
/// 32-bit numbers keep a span at 16 bytes: a parsed turn holds several, and
/// a game millions of turns.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: u32,
    /// Byte offset one past the last byte.
    pub end: u32,
    /// 1-based line of the first byte.
    pub line: u32,
    /// 1-based column (in characters) of the first byte.
    pub column: u32,
}

impl Span {
    /// The default span, for constants.
    pub(crate) const ZERO: Span = Span {
        start: 0,
        end: 0,
        line: 0,
        column: 0,
    };

    /// The byte range, to slice the text the span is in.
    ///
    /// ```
    /// let text = "[Game \"offboard\"]\n1. R e5>w *\n";
    /// let game = billes_notation::parse_game(text).unwrap();
    /// let turn = &game.line.turns[0];
    /// assert_eq!(&text[turn.actions[0].span().range()], "e5>w");
    /// ```
    pub fn range(&self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }

    /// The length in bytes.
    pub fn len(&self) -> usize {
        self.end.saturating_sub(self.start) as usize
    }

    /// Whether the span covers no byte.
    pub fn is_empty(&self) -> bool {
        self.end <= self.start
    }
}

impl PartialEq for Span {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Span {}

/// A seat name as written in a turn head or a result: an uppercase letter
/// followed by lowercase letters (`R`, `B`, `Gr`).
pub type Seat = Name;

/// A short list kept inline up to a few items (a `SmallVec` inside, which
/// callers never see): a slice through `Deref`, with the `Vec` methods
/// callers use, built from a `Vec`, an array or an iterator. Every method
/// is inlined, so a list costs what the `SmallVec` does.
macro_rules! small_list {
    ($(#[$doc:meta])* $name:ident, $item:ty, $n:literal, $iter:ident) => {
        $(#[$doc])*
        #[derive(Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(SmallVec<[$item; $n]>);

        impl $name {
            /// An empty list (allocates nothing).
            #[inline(always)]
            pub const fn new() -> Self {
                $name(SmallVec::new_const())
            }

            /// The items, as a slice.
            #[inline(always)]
            pub fn as_slice(&self) -> &[$item] {
                &self.0
            }

            /// The items, as a mutable slice.
            #[inline(always)]
            pub fn as_mut_slice(&mut self) -> &mut [$item] {
                &mut self.0
            }

            /// Adds `item` at the end.
            #[inline(always)]
            pub fn push(&mut self, item: $item) {
                self.0.push(item);
            }

            /// Takes the last item off, if any.
            #[inline(always)]
            pub fn pop(&mut self) -> Option<$item> {
                self.0.pop()
            }

            /// Puts `item` at `index`, shifting the ones after it.
            ///
            /// # Panics
            /// When `index` is past the end.
            #[inline(always)]
            pub fn insert(&mut self, index: usize, item: $item) {
                self.0.insert(index, item);
            }

            /// Takes the item at `index` out, shifting the ones after it.
            ///
            /// # Panics
            /// When `index` is out of bounds.
            #[inline(always)]
            pub fn remove(&mut self, index: usize) -> $item {
                self.0.remove(index)
            }

            /// Keeps only the items `keep` says yes to.
            #[inline(always)]
            pub fn retain(&mut self, keep: impl FnMut(&mut $item) -> bool) {
                self.0.retain(keep);
            }

            /// Keeps the first `len` items.
            #[inline(always)]
            pub fn truncate(&mut self, len: usize) {
                self.0.truncate(len);
            }

            /// Empties the list.
            #[inline(always)]
            pub fn clear(&mut self) {
                self.0.clear();
            }

            /// The items as a `Vec` (no copy when they were on the heap).
            #[inline(always)]
            pub fn into_vec(self) -> Vec<$item> {
                self.0.into_vec()
            }
        }

        impl std::fmt::Debug for $name {
            #[inline]
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }

        impl std::ops::Deref for $name {
            type Target = [$item];

            #[inline(always)]
            fn deref(&self) -> &[$item] {
                &self.0
            }
        }

        impl std::ops::DerefMut for $name {
            #[inline(always)]
            fn deref_mut(&mut self) -> &mut [$item] {
                &mut self.0
            }
        }

        impl From<Vec<$item>> for $name {
            #[inline(always)]
            fn from(items: Vec<$item>) -> Self {
                $name(SmallVec::from_vec(items))
            }
        }

        impl From<&[$item]> for $name {
            #[inline(always)]
            fn from(items: &[$item]) -> Self {
                $name(SmallVec::from(items))
            }
        }

        impl<const N: usize> From<[$item; N]> for $name {
            #[inline(always)]
            fn from(items: [$item; N]) -> Self {
                items.into_iter().collect()
            }
        }

        impl FromIterator<$item> for $name {
            #[inline(always)]
            fn from_iter<I: IntoIterator<Item = $item>>(items: I) -> Self {
                $name(SmallVec::from_iter(items))
            }
        }

        impl Extend<$item> for $name {
            #[inline(always)]
            fn extend<I: IntoIterator<Item = $item>>(&mut self, items: I) {
                self.0.extend(items);
            }
        }

        /// The items of a list, taken out in order.
        #[derive(Debug)]
        pub struct $iter(smallvec::IntoIter<[$item; $n]>);

        impl Iterator for $iter {
            type Item = $item;

            #[inline(always)]
            fn next(&mut self) -> Option<$item> {
                self.0.next()
            }

            #[inline(always)]
            fn size_hint(&self) -> (usize, Option<usize>) {
                self.0.size_hint()
            }
        }

        impl DoubleEndedIterator for $iter {
            #[inline(always)]
            fn next_back(&mut self) -> Option<$item> {
                self.0.next_back()
            }
        }

        impl ExactSizeIterator for $iter {}

        impl IntoIterator for $name {
            type Item = $item;
            type IntoIter = $iter;

            #[inline(always)]
            fn into_iter(self) -> $iter {
                $iter(self.0.into_iter())
            }
        }

        impl<'a> IntoIterator for &'a $name {
            type Item = &'a $item;
            type IntoIter = std::slice::Iter<'a, $item>;

            #[inline(always)]
            fn into_iter(self) -> Self::IntoIter {
                self.0.iter()
            }
        }

        impl<'a> IntoIterator for &'a mut $name {
            type Item = &'a mut $item;
            type IntoIter = std::slice::IterMut<'a, $item>;

            #[inline(always)]
            fn into_iter(self) -> Self::IntoIter {
                self.0.iter_mut()
            }
        }
    };
}

/// The actions of a turn. Nearly every turn has one, kept inline: reading a
/// turn then allocates nothing. Builds from a `Vec` with `.into()`. It reads
/// as a slice (through `Deref`), with the `Vec` methods callers use.
///
/// One action is held in the list itself; none, or two and more, in a `Vec`.
/// The list is no larger than one [`Action`] (the `Vec`'s case is told
/// apart by a value no action takes), where a `SmallVec` would add a word:
/// a game may hold millions of turns.
#[derive(Clone)]
pub struct Actions(ActionsRepr);

/// What an [`Actions`] holds.
#[derive(Clone)]
enum ActionsRepr {
    /// One action, inline.
    One(Action),
    /// No action, or two and more.
    Many(Vec<Action>),
}

impl Actions {
    /// An empty list (allocates nothing).
    #[inline(always)]
    pub const fn new() -> Self {
        Actions(ActionsRepr::Many(Vec::new()))
    }

    /// A list of one action, copied whole (the parser's fast path starts a
    /// turn's list so, see `parse::fast`).
    #[inline(always)]
    pub(crate) const fn one(action: Action) -> Self {
        Actions(ActionsRepr::One(action))
    }

    /// Whether the actions are on the heap (a list that is owns memory).
    #[inline(always)]
    pub(crate) fn spilled(&self) -> bool {
        matches!(&self.0, ActionsRepr::Many(v) if v.capacity() > 0)
    }

    /// The items, as a slice.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Action] {
        match &self.0 {
            ActionsRepr::One(action) => std::slice::from_ref(action),
            ActionsRepr::Many(actions) => actions,
        }
    }

    /// The items, as a mutable slice.
    #[inline(always)]
    pub fn as_mut_slice(&mut self) -> &mut [Action] {
        match &mut self.0 {
            ActionsRepr::One(action) => std::slice::from_mut(action),
            ActionsRepr::Many(actions) => actions,
        }
    }

    /// The items in a `Vec`, moved there when there was one inline.
    fn vec_mut(&mut self) -> &mut Vec<Action> {
        if let ActionsRepr::One(_) = self.0 {
            let actions = match std::mem::replace(&mut self.0, ActionsRepr::Many(Vec::new())) {
                ActionsRepr::One(first) => {
                    let mut actions = Vec::with_capacity(4);
                    actions.push(first);
                    actions
                }
                ActionsRepr::Many(actions) => actions,
            };
            self.0 = ActionsRepr::Many(actions);
        }
        match &mut self.0 {
            ActionsRepr::Many(actions) => actions,
            ActionsRepr::One(_) => unreachable!("the action was just moved to a Vec"),
        }
    }

    /// Adds `item` at the end.
    #[inline(always)]
    pub fn push(&mut self, item: Action) {
        match &mut self.0 {
            ActionsRepr::Many(actions) if actions.capacity() == 0 => {
                self.0 = ActionsRepr::One(item);
            }
            _ => self.vec_mut().push(item),
        }
    }

    /// Takes the last item off, if any.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<Action> {
        match std::mem::replace(&mut self.0, ActionsRepr::Many(Vec::new())) {
            ActionsRepr::One(action) => Some(action),
            ActionsRepr::Many(mut actions) => {
                let last = actions.pop();
                self.0 = ActionsRepr::Many(actions);
                last
            }
        }
    }

    /// Puts `item` at `index`, shifting the ones after it.
    ///
    /// # Panics
    /// When `index` is past the end.
    #[inline(always)]
    pub fn insert(&mut self, index: usize, item: Action) {
        self.vec_mut().insert(index, item);
    }

    /// Takes the item at `index` out, shifting the ones after it.
    ///
    /// # Panics
    /// When `index` is out of bounds.
    #[inline(always)]
    pub fn remove(&mut self, index: usize) -> Action {
        self.vec_mut().remove(index)
    }

    /// Keeps only the items `keep` says yes to.
    #[inline(always)]
    pub fn retain(&mut self, keep: impl FnMut(&mut Action) -> bool) {
        self.vec_mut().retain_mut(keep);
    }

    /// Keeps the first `len` items.
    #[inline(always)]
    pub fn truncate(&mut self, len: usize) {
        match &mut self.0 {
            ActionsRepr::One(_) if len == 0 => self.0 = ActionsRepr::Many(Vec::new()),
            ActionsRepr::One(_) => {}
            ActionsRepr::Many(actions) => actions.truncate(len),
        }
    }

    /// Empties the list.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.truncate(0);
    }

    /// The items as a `Vec` (no copy when they were on the heap).
    #[inline(always)]
    pub fn into_vec(self) -> Vec<Action> {
        match self.0 {
            ActionsRepr::One(action) => vec![action],
            ActionsRepr::Many(actions) => actions,
        }
    }
}

impl Default for Actions {
    #[inline(always)]
    fn default() -> Self {
        Actions::new()
    }
}

impl PartialEq for Actions {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Actions {}

impl Serialize for Actions {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Actions {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<Action>::deserialize(deserializer).map(Actions::from)
    }
}

impl std::fmt::Debug for Actions {
    #[inline]
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.as_slice().fmt(f)
    }
}

impl std::ops::Deref for Actions {
    type Target = [Action];

    #[inline(always)]
    fn deref(&self) -> &[Action] {
        self.as_slice()
    }
}

impl std::ops::DerefMut for Actions {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [Action] {
        self.as_mut_slice()
    }
}

impl From<Vec<Action>> for Actions {
    #[inline(always)]
    fn from(mut items: Vec<Action>) -> Self {
        if items.len() == 1 {
            if let Some(action) = items.pop() {
                return Actions(ActionsRepr::One(action));
            }
        }
        Actions(ActionsRepr::Many(items))
    }
}

impl From<&[Action]> for Actions {
    #[inline(always)]
    fn from(items: &[Action]) -> Self {
        items.to_vec().into()
    }
}

impl<const N: usize> From<[Action; N]> for Actions {
    #[inline(always)]
    fn from(items: [Action; N]) -> Self {
        items.into_iter().collect()
    }
}

impl FromIterator<Action> for Actions {
    #[inline(always)]
    fn from_iter<I: IntoIterator<Item = Action>>(items: I) -> Self {
        let mut actions = Actions::new();
        actions.extend(items);
        actions
    }
}

impl Extend<Action> for Actions {
    #[inline(always)]
    fn extend<I: IntoIterator<Item = Action>>(&mut self, items: I) {
        for item in items {
            self.push(item);
        }
    }
}

/// The actions of a turn, taken out in order.
#[derive(Debug)]
pub struct ActionsIntoIter(IntoIterRepr);

/// What an [`ActionsIntoIter`] holds.
#[derive(Debug)]
enum IntoIterRepr {
    One(Option<Action>),
    Many(std::vec::IntoIter<Action>),
}

impl Iterator for ActionsIntoIter {
    type Item = Action;

    #[inline(always)]
    fn next(&mut self) -> Option<Action> {
        match &mut self.0 {
            IntoIterRepr::One(action) => action.take(),
            IntoIterRepr::Many(actions) => actions.next(),
        }
    }

    #[inline(always)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.0 {
            IntoIterRepr::One(action) => {
                let n = usize::from(action.is_some());
                (n, Some(n))
            }
            IntoIterRepr::Many(actions) => actions.size_hint(),
        }
    }
}

impl DoubleEndedIterator for ActionsIntoIter {
    #[inline(always)]
    fn next_back(&mut self) -> Option<Action> {
        match &mut self.0 {
            IntoIterRepr::One(action) => action.take(),
            IntoIterRepr::Many(actions) => actions.next_back(),
        }
    }
}

impl ExactSizeIterator for ActionsIntoIter {}

impl IntoIterator for Actions {
    type Item = Action;
    type IntoIter = ActionsIntoIter;

    #[inline(always)]
    fn into_iter(self) -> ActionsIntoIter {
        ActionsIntoIter(match self.0 {
            ActionsRepr::One(action) => IntoIterRepr::One(Some(action)),
            ActionsRepr::Many(actions) => IntoIterRepr::Many(actions.into_iter()),
        })
    }
}

impl<'a> IntoIterator for &'a Actions {
    type Item = &'a Action;
    type IntoIter = std::slice::Iter<'a, Action>;

    #[inline(always)]
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<'a> IntoIterator for &'a mut Actions {
    type Item = &'a mut Action;
    type IntoIter = std::slice::IterMut<'a, Action>;

    #[inline(always)]
    fn into_iter(self) -> Self::IntoIter {
        self.as_mut_slice().iter_mut()
    }
}

impl Path {
    /// The path of a move from one hole to another, built inline (what a
    /// game's rules write for each plain move they complete, without the
    /// generic collection `From<[Name; N]>` goes through).
    ///
    /// ```
    /// use billes_notation::{Name, Path};
    /// let (a, b) = (Name::try_new("t1").unwrap(), Name::try_new("t5").unwrap());
    /// assert_eq!(Path::two(a, b), Path::from(vec![a, b]));
    /// ```
    #[inline(always)]
    pub fn two(from: Name, to: Name) -> Self {
        Path(SmallVec::from_buf([from, to]))
    }

    /// The first `len` holes of `holes` (the others are dropped): two
    /// built whole inline, three on the heap (the parser's fast path, see
    /// `parse::fast`).
    ///
    /// # Panics
    /// When `len` is more than 3.
    #[inline(always)]
    pub(crate) fn from_buf_and_len(holes: [Name; 3], len: usize) -> Self {
        if len <= 2 {
            Path(SmallVec::from_buf_and_len([holes[0], holes[1]], len))
        } else {
            Path(SmallVec::from_slice(&holes[..len]))
        }
    }
}

small_list!(
    /// The comments before or after a turn. Most annotated turns have one, kept
    /// inline in the turn's box of annotations.
    Comments,
    Comment,
    1,
    CommentsIntoIter
);

small_list!(
    /// The NAGs of a turn; one is kept inline.
    Nags,
    Nag,
    1,
    NagsIntoIter
);

small_list!(
    /// The holes of a move, start to landing. Moves name two, kept inline, or
    /// three through a point the route needs (`r9-c-g0`, a few moves in a
    /// hundred), kept on the heap: an inline third hole would make every
    /// action, and so every turn, 8 bytes larger.
    /// Builds from a `Vec` with `.into()`.
    Path,
    Name,
    2,
    PathIntoIter
);

/// One game: tags, the main line of turns, and the result token.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    /// The tag pairs in the order written.
    pub tags: Vec<Tag>,
    /// The turns actually played, with comments and variations.
    pub line: Line,
    /// The result token that closes the movetext.
    pub outcome: Outcome,
    /// The whole game, from its first tag to its result token.
    #[serde(default)]
    pub span: Span,
}

impl Game {
    /// A record header: a game of these tags (name, value), in this order,
    /// with no turn and an unfinished result (`*`).
    ///
    /// ```
    /// let game = billes_notation::Game::header([("Game".to_string(), "ludo".to_string())]);
    /// assert_eq!(billes_notation::write_game(&game), "[Game \"ludo\"]\n\n*\n");
    /// ```
    pub fn header(tags: impl IntoIterator<Item = (String, String)>) -> Game {
        Game {
            tags: tags
                .into_iter()
                .map(|(name, value)| Tag {
                    name,
                    value,
                    span: Span::default(),
                })
                .collect(),
            line: Line::default(),
            outcome: Outcome::default(),
            span: Span::default(),
        }
    }

    /// The value of the first tag called `name` (tag names are case-sensitive).
    ///
    /// ```
    /// let game = billes_notation::parse_game("[Game \"offboard\"]\n*").unwrap();
    /// assert_eq!(game.tag("Game"), Some("offboard"));
    /// assert_eq!(game.tag("Event"), None);
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.value.as_str())
    }

    /// The tag called `name`, with its span.
    pub fn tag_entry(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name == name)
    }
}

/// A tag pair `[Name "value"]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tag {
    /// Letters, digits and `_`, starting with a letter.
    pub name: String,
    /// The value with escapes (`\"`, `\\`) resolved.
    pub value: String,
    /// The whole tag, brackets included.
    #[serde(default)]
    pub span: Span,
}

/// A sequence of turns: the main line of a game or a variation.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    /// The turns in order.
    pub turns: Vec<Turn>,
    /// Comments of a line that holds no turn (`{abandoned before the first roll} *`).
    /// A line with turns keeps its comments on the turns.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub comments: Vec<Comment>,
}

/// One turn: who rolled, the roll, what was done, and its annotations.
///
/// The annotations (comments, NAGs, variations) are read through
/// [`before`](Turn::before), [`nags`](Turn::nags), [`after`](Turn::after)
/// and [`variations`](Turn::variations), and changed through their `_mut`
/// twins. They are kept in one box made only when a turn has some, so that
/// an ordinary turn stays small to build, move and drop, and a game of
/// millions of turns takes memory in proportion (see `SECURITY.md`).
///
/// The fields are laid out in the order written (`repr(C)`): what dropping a
/// turn looks at (the box, how many actions there are, the first action and
/// its path) comes first.
#[derive(Debug, Clone, Deserialize)]
#[serde(from = "TurnFields")]
#[repr(C)]
pub struct Turn {
    /// NAGs, comments and variations; `None` when there are none.
    extras: Option<Box<Extras>>,
    /// What was done, in order; never empty.
    pub actions: Actions,
    /// The turn number, as written (`12.`) or, when not written, one more than
    /// the turn before (a variation's first turn has the number of the turn it
    /// replaces).
    pub number: u32,
    /// Seat, roll and, in team play, the seat that used the roll.
    pub head: Head,
    /// From the turn head to the last action or NAG.
    pub span: Span,
}

/// The NAGs, comments and variations of a turn, which most turns lack.
/// NAGs and a comment after the turn are here; what turns rarely have is
/// one box further, which keeps this box small (88 bytes) for the
/// allocator's fastest size classes.
#[derive(Debug, Clone, Default)]
struct Extras {
    /// Numeric annotation glyphs after the actions.
    nags: Nags,
    after: Comments,
    rare: Option<Box<RareExtras>>,
}

/// Comments before a turn and variations.
#[derive(Debug, Clone, Default)]
struct RareExtras {
    before: Comments,
    variations: Vec<Line>,
}

impl Turn {
    /// A turn as a program writes one: no comments, NAGs or variations, and
    /// default spans.
    ///
    /// ```
    /// use billes_notation::{Action, Turn};
    /// let turn = Turn::new(3, "R".into(), Some(6), None, vec![Action::Pass { span: Default::default() }]);
    /// assert_eq!(billes_notation::write_game(&billes_notation::Game {
    ///     tags: vec![],
    ///     line: billes_notation::Line { turns: vec![turn], comments: vec![] },
    ///     outcome: Default::default(),
    ///     span: Default::default(),
    /// }), "3. R6 --\n*\n");
    /// ```
    pub fn new(
        number: u32,
        seat: Seat,
        roll: Option<u32>,
        mover: Option<Seat>,
        actions: impl Into<Actions>,
    ) -> Turn {
        Turn::from_parts(
            number,
            Head {
                seat,
                roll,
                second: None,
                mover,
                span: Span::default(),
            },
            actions.into(),
            Span::default(),
        )
    }

    /// A turn of nothing, for the parser to fill in place: building a turn
    /// and then moving it into its line copies it through memory in pieces
    /// of other widths than they were written in, which stalls the
    /// processor; copying a constant does not.
    pub(crate) const BLANK: Turn = Turn {
        number: 0,
        head: Head {
            seat: Name::EMPTY,
            roll: None,
            second: None,
            mover: None,
            span: Span::ZERO,
        },
        actions: Actions::new(),
        span: Span::ZERO,
        extras: None,
    };

    /// A turn of these parts, without comments, NAGs or variations.
    pub fn from_parts(number: u32, head: Head, actions: Actions, span: Span) -> Turn {
        Turn {
            number,
            head,
            actions,
            span,
            extras: None,
        }
    }

    /// The seat whose pieces move: the `>` seat in team play, else the roller.
    pub fn mover(&self) -> &Seat {
        self.head.mover.as_ref().unwrap_or(&self.head.seat)
    }

    /// Comments written before the turn.
    pub fn before(&self) -> &[Comment] {
        self.rare().map_or(&[], |r| &r.before)
    }

    /// Numeric annotation glyphs after the actions.
    pub fn nags(&self) -> &[Nag] {
        self.extras.as_deref().map_or(&[], |e| &e.nags)
    }

    /// Comments written after the turn.
    pub fn after(&self) -> &[Comment] {
        self.extras.as_deref().map_or(&[], |e| &e.after)
    }

    /// Alternatives to this turn, each a line starting in its place.
    pub fn variations(&self) -> &[Line] {
        self.rare().map_or(&[], |r| &r.variations)
    }

    /// The comments before the turn, to change. This and the other `_mut`
    /// methods make room for annotations: call them to add some, and check
    /// the reading method first to only look.
    pub fn before_mut(&mut self) -> &mut Comments {
        &mut self.rare_mut().before
    }

    /// The NAGs of the turn, to change.
    pub fn nags_mut(&mut self) -> &mut Nags {
        &mut self.extras_mut().nags
    }

    /// The comments after the turn, to change.
    pub fn after_mut(&mut self) -> &mut Comments {
        &mut self.extras_mut().after
    }

    /// The variations of the turn, to change.
    pub fn variations_mut(&mut self) -> &mut Vec<Line> {
        &mut self.rare_mut().variations
    }

    /// The box of annotations, made when the turn has none yet.
    fn extras_mut(&mut self) -> &mut Extras {
        self.extras.get_or_insert_with(Box::default)
    }

    /// The box of rare annotations, if any.
    fn rare(&self) -> Option<&RareExtras> {
        self.extras.as_deref()?.rare.as_deref()
    }

    /// The box of rare annotations, made when the turn has none yet.
    fn rare_mut(&mut self) -> &mut RareExtras {
        self.extras_mut().rare.get_or_insert_with(Box::default)
    }
}

impl PartialEq for Turn {
    fn eq(&self, other: &Self) -> bool {
        self.number == other.number
            && self.head == other.head
            && self.actions == other.actions
            && self.before() == other.before()
            && self.nags() == other.nags()
            && self.after() == other.after()
            && self.variations() == other.variations()
    }
}

impl Eq for Turn {}

/// A turn as JSON holds it: every field in one object, empty lists left out.
#[derive(Serialize)]
struct TurnRef<'a> {
    number: u32,
    #[serde(skip_serializing_if = "<[Comment]>::is_empty")]
    before: &'a [Comment],
    head: &'a Head,
    actions: &'a Actions,
    #[serde(skip_serializing_if = "<[Nag]>::is_empty")]
    nags: &'a [Nag],
    #[serde(skip_serializing_if = "<[Comment]>::is_empty")]
    after: &'a [Comment],
    #[serde(skip_serializing_if = "<[Line]>::is_empty")]
    variations: &'a [Line],
    span: Span,
}

impl Serialize for Turn {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        TurnRef {
            number: self.number,
            before: self.before(),
            head: &self.head,
            actions: &self.actions,
            nags: self.nags(),
            after: self.after(),
            variations: self.variations(),
            span: self.span,
        }
        .serialize(serializer)
    }
}

/// A turn as JSON holds it, read.
#[derive(Deserialize)]
struct TurnFields {
    number: u32,
    #[serde(default)]
    before: Comments,
    head: Head,
    actions: Actions,
    #[serde(default)]
    nags: Nags,
    #[serde(default)]
    after: Comments,
    #[serde(default)]
    variations: Vec<Line>,
    #[serde(default)]
    span: Span,
}

impl From<TurnFields> for Turn {
    fn from(f: TurnFields) -> Turn {
        let mut turn = Turn::from_parts(f.number, f.head, f.actions, f.span);
        if !(f.nags.is_empty()
            && f.before.is_empty()
            && f.after.is_empty()
            && f.variations.is_empty())
        {
            let rare = (!(f.before.is_empty() && f.variations.is_empty())).then(|| {
                Box::new(RareExtras {
                    before: f.before,
                    variations: f.variations,
                })
            });
            turn.extras = Some(Box::new(Extras {
                nags: f.nags,
                after: f.after,
                rare,
            }));
        }
        turn
    }
}

/// The turn head: `R6`, `G4>Y` (Green rolled 4 for Yellow), `B` (no dice).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Head {
    /// The seat that rolled (or, without dice, that moves).
    pub seat: Seat,
    /// The roll, in games with dice (the first die in games of two). Any
    /// number is read; the game checks 1..=6.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roll: Option<u32>,
    /// The second die, in games of two dice: `R5-3` rolled 5 and 3. A
    /// head holds at most two dice; a game of one die refuses a second.
    /// Read up to 255 (a byte keeps a turn small); the game checks 1..=6.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub second: Option<u8>,
    /// The teammate who uses the roll, when not the roller.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mover: Option<Seat>,
    /// The head as written.
    #[serde(default)]
    pub span: Span,
}

/// What a turn does. The notation knows the shapes; the game gives them meaning.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// `--`: no legal move (the roll is still written).
    Pass {
        /// Where it is written.
        #[serde(default)]
        span: Span,
    },
    /// `+` or `+r9` or `+*`: a marble put on the board: entered from BASE
    /// onto START (Aggravation), or an ejected marble put back (Offboard).
    Place {
        /// The hole, when written.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Name>,
        /// The capture mark, when written.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        capture: Option<Capture>,
        /// Where it is written.
        #[serde(default)]
        span: Span,
    },
    /// `r9-r14`, `r0-b0-g3*`, `c5-f7#`: a piece moved along a path of two or
    /// more holes (start, any intermediate points the route needs, landing).
    Move {
        /// Start, intermediate points, landing.
        path: Path,
        /// `*`: the piece on the landing point was captured (aggravated, sent home).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        capture: Option<Capture>,
        /// `#`: the piece took the barricade on the landing point.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        barricade: bool,
        /// Where it is written.
        #[serde(default)]
        span: Span,
    },
    /// `c3>ne`, `c3:c5>e`, `c3:c5>e*t4=3`: a line of marbles from `from` to
    /// `to` (one marble when `to` is absent) moving one cell in `direction`.
    Line {
        /// One end of the line.
        from: Name,
        /// The other end, for a line of two or more.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Name>,
        /// The direction of the move.
        direction: Name,
        /// `*t4=3`: a marble pushed off, into target `t4`, scoring 3.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        capture: Option<Capture>,
        /// Where it is written.
        #[serde(default)]
        span: Span,
    },
    /// `#f7`: a held barricade put down on a point.
    Barricade {
        /// The point.
        at: Name,
        /// Where it is written.
        #[serde(default)]
        span: Span,
    },
    /// `~`: an ejected marble taken out of the game (Offboard).
    Remove {
        /// Where it is written.
        #[serde(default)]
        span: Span,
    },
}

impl Action {
    /// Where the action is written.
    pub fn span(&self) -> Span {
        match self {
            Action::Pass { span }
            | Action::Place { span, .. }
            | Action::Move { span, .. }
            | Action::Line { span, .. }
            | Action::Barricade { span, .. }
            | Action::Remove { span } => *span,
        }
    }
}

/// A capture mark `*`, optionally naming where the captured marble went and
/// the points it scored: `*`, `*t4`, `*t4=3`, `*=0`.
///
/// Actions hold it inline: captures are common (every aggravation, every
/// ejection), and a box for each cost an allocation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Capture {
    /// Where the captured piece went (an Offboard target).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<Name>,
    /// Points scored by the capture.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<u32>,
    /// Where it is written.
    #[serde(default)]
    pub span: Span,
}

/// A comment `{...}`. Its text is stored trimmed with runs of white space
/// folded to one space, so re-wrapping a comment never changes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Comment {
    /// The text between the braces, normalised; never contains `}`. Short
    /// texts are kept inline, without an allocation.
    pub text: SmolStr,
    /// The comment, braces included.
    #[serde(default)]
    pub span: Span,
}

/// A numeric annotation glyph: `$n`, or one of `!` (1), `?` (2), `!!` (3),
/// `??` (4), `!?` (5), `?!` (6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nag {
    /// The glyph number, 0..=255.
    pub code: u8,
    /// Where it is written.
    #[serde(default)]
    pub span: Span,
}

impl Nag {
    /// The short symbol for codes 1 to 6, if any.
    pub fn symbol(self) -> Option<&'static str> {
        Some(match self.code {
            1 => "!",
            2 => "?",
            3 => "!!",
            4 => "??",
            5 => "!?",
            6 => "?!",
            _ => return None,
        })
    }
}

/// The result token closing the movetext: `*` (unfinished or unknown) or
/// `=R`, `=R+G` (the winning seat, or the seats of the winning team).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winners; empty for `*`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub winners: Vec<Seat>,
    /// Where it is written.
    #[serde(default)]
    pub span: Span,
}

impl Outcome {
    /// The token text as it appears in movetext (`*`, `=R+G`).
    pub fn token(&self) -> String {
        if self.winners.is_empty() {
            "*".to_string()
        } else {
            format!("={}", self.winners.join("+"))
        }
    }

    /// The value as written in a `Result` tag (`*`, `R+G`).
    pub fn tag_value(&self) -> String {
        if self.winners.is_empty() {
            "*".to_string()
        } else {
            self.winners.join("+")
        }
    }
}
#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Turns are built, moved and dropped by the hundred thousand, and a
    /// game may hold millions: the memory of a parsed game is about its
    /// number of turns times the size of a turn (`SECURITY.md`, "Limits").
    /// A field added to [`Turn`] should go in its box of annotations unless
    /// nearly every turn has it. The box of annotations stays within the
    /// allocator's fastest size classes (chunks of up to 128 bytes).
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn an_ordinary_turn_stays_small() {
        use std::mem::size_of;
        assert!(size_of::<Extras>() <= 120, "{}", size_of::<Extras>());
        assert_eq!(size_of::<Span>(), 16);
        assert_eq!(size_of::<Actions>(), size_of::<Action>());
        assert!(size_of::<Action>() <= 80, "{}", size_of::<Action>());
        // 160: the head holds a second die (Parcheesi's `R5-3`).
        assert!(size_of::<Turn>() <= 160, "{}", size_of::<Turn>());
    }

    #[test]
    fn annotations_left_empty_do_not_count() {
        let pass = || Action::Pass {
            span: Span::default(),
        };
        let plain = Turn::new(1, "R".into(), Some(6), None, vec![pass()]);
        let mut emptied = plain.clone();
        emptied.after_mut().push(Comment {
            text: "x".into(),
            span: Span::default(),
        });
        assert_ne!(plain, emptied);
        emptied.after_mut().clear();
        emptied.variations_mut();
        assert_eq!(plain, emptied);
        assert_eq!(
            serde_json::to_string(&plain).unwrap(),
            serde_json::to_string(&emptied).unwrap()
        );
    }

    /// The lists read, print and serialise as the lists they hold.
    #[test]
    fn lists_behave_as_their_items() {
        let holes = ["r9", "c", "g0"].map(Name::new);
        let mut path: Path = holes.to_vec().into();
        assert_eq!(path.len(), 3);
        assert_eq!(format!("{path:?}"), format!("{:?}", holes.to_vec()));
        assert_eq!(serde_json::to_string(&path).unwrap(), r#"["r9","c","g0"]"#);
        let back: Path = serde_json::from_str(r#"["r9","c","g0"]"#).unwrap();
        assert_eq!(back, path);
        path.push(holes[0]);
        assert_eq!(path.last(), Some(&holes[0]));
        let owned: Vec<Name> = path.into_iter().rev().collect();
        assert_eq!(owned[0], holes[0]);
        assert_eq!(owned[1], holes[2]);
        let nags: Nags = Nags::new();
        assert!(nags.is_empty());
    }

    /// A list of actions, one inline or several in a `Vec`, behaves as the
    /// slice it holds whichever way it was built or changed.
    #[test]
    fn actions_behave_as_their_items() {
        let at = |n: u32| Action::Barricade {
            at: Name::new(&format!("b{n}")),
            span: Span::default(),
        };
        let mut actions = Actions::new();
        assert!(actions.is_empty() && !actions.spilled());
        actions.push(at(1));
        assert!(!actions.spilled());
        assert_eq!(actions, Actions::from(vec![at(1)]));
        actions.push(at(2));
        actions.insert(0, at(0));
        assert_eq!(actions.as_slice(), [at(0), at(1), at(2)]);
        assert_eq!(actions.remove(1), at(1));
        actions.retain(|a| *a != at(0));
        assert_eq!(actions, Actions::from([at(2)]));
        assert_eq!(actions.pop(), Some(at(2)));
        assert_eq!(actions.pop(), None);
        let mut one = Actions::one(at(5));
        assert_eq!(format!("{one:?}"), format!("{:?}", [at(5)]));
        assert_eq!(one.iter().count(), 1);
        one[0] = at(6);
        let json = serde_json::to_string(&one).unwrap();
        assert_eq!(serde_json::from_str::<Actions>(&json).unwrap(), one);
        let back: Vec<Action> = one.clone().into_iter().rev().collect();
        assert_eq!(back, [at(6)]);
        one.extend([at(7), at(8)]);
        assert_eq!(one.len(), 3);
        assert_eq!(one.clone().into_vec(), [at(6), at(7), at(8)]);
        one.truncate(1);
        assert_eq!(one, Actions::from(&[at(6)][..]));
        one.clear();
        assert!(one.is_empty());
        assert_eq!(one, Actions::default());
    }
}
