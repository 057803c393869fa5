//! `Key`: a script position packed into a few bytes, as the engine's search stores it.
//!
//! A [`Datum`] is the position as people and scripts see it; a `Key` is the same value in a
//! canonical byte encoding, kept inline when it is short (every integer, and arrays of a few
//! small integers such as board coordinates), so a stored position costs 24 bytes and no
//! allocation. Two positions are equal exactly when their keys are equal.
//!
//! Encoding: an integer is the byte 1 and its zigzag LEB128; a string is 2, its length
//! (LEB128) and its UTF-8 bytes; an array is 3, its length and its items.

use std::fmt;

use crate::Datum;

const TAG_INT: u8 = 1;
const TAG_STR: u8 = 2;
const TAG_LIST: u8 = 3;

/// How many bytes a key holds without allocating.
const INLINE: usize = 22;

/// The bits of a dense code above its fields, which say its shape (see [`Key::dense_code`]).
const SHAPE: u32 = 61;

/// The bits of a dense code's fields for an array of k = 1 to 4 integers: of each of the
/// first k - 1 items, and of the last.
const FIELDS: [(u32, u32); 4] = [(0, 61), (21, 40), (13, 35), (10, 31)];

/// A position in canonical packed form. Cheap to hash and compare; 24 bytes.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Key {
    /// At most 22 bytes, the rest zero.
    Inline {
        /// How many bytes are used.
        len: u8,
        /// The bytes.
        bytes: [u8; INLINE],
    },
    /// A longer encoding.
    Heap(Box<[u8]>),
}

impl std::hash::Hash for Key {
    /// Hashes the used bytes only (in one or two words for short keys): equal keys have
    /// equal bytes, so this agrees with `Eq`.
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        let b = self.bytes();
        if b.len() <= 16 {
            let mut words = [0u8; 16];
            words[..b.len()].copy_from_slice(b);
            let lo = u64::from_le_bytes([
                words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[7],
            ]);
            let hi = u64::from_le_bytes([
                words[8], words[9], words[10], words[11], words[12], words[13], words[14],
                words[15],
            ]);
            state.write_u64(lo ^ (b.len() as u64).rotate_right(8));
            if b.len() > 8 {
                state.write_u64(hi);
            }
        } else {
            state.write(b);
        }
    }
}

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_datum() {
            Some(d) => write!(f, "Key({d:?})"),
            None => write!(f, "Key({:?})", self.bytes()),
        }
    }
}

impl Key {
    /// The key of an integer position.
    pub fn int(n: i64) -> Key {
        let mut w = KeyWriter::new();
        w.int(n);
        w.finish()
    }

    /// The key of the array of these integers, when it fits inline (`None`: use a
    /// [`KeyWriter`]). Writes no heap memory: for the options of a search, one per option.
    pub fn ints(items: &[i64]) -> Option<Key> {
        let mut bytes = [0u8; INLINE];
        let len = u8::try_from(items.len()).ok().filter(|&l| l < 0x80)?;
        bytes[0] = TAG_LIST;
        bytes[1] = len;
        let mut at = 2;
        for &n in items {
            *bytes.get_mut(at)? = TAG_INT;
            at = put_varint(&mut bytes, at + 1, zigzag(n))?;
        }
        Some(Key::Inline {
            len: at as u8,
            bytes,
        })
    }

    /// The key of an integer, as [`Key::int`] writes it, without a [`KeyWriter`].
    pub fn int_inline(n: i64) -> Key {
        let mut bytes = [0u8; INLINE];
        bytes[0] = TAG_INT;
        // A zigzag LEB128 takes at most 10 bytes: it always fits.
        let at = put_varint(&mut bytes, 1, zigzag(n)).unwrap_or(1);
        Key::Inline {
            len: at as u8,
            bytes,
        }
    }

    /// The key of any position.
    pub fn of(d: &Datum) -> Key {
        let mut w = KeyWriter::new();
        w.datum(d);
        w.finish()
    }

    fn from_bytes(b: &[u8]) -> Key {
        if b.len() <= INLINE {
            let mut bytes = [0u8; INLINE];
            bytes[..b.len()].copy_from_slice(b);
            Key::Inline {
                len: b.len() as u8,
                bytes,
            }
        } else {
            Key::Heap(b.into())
        }
    }

    /// The encoded bytes.
    pub fn bytes(&self) -> &[u8] {
        match self {
            Key::Inline { len, bytes } => &bytes[..*len as usize],
            Key::Heap(b) => b,
        }
    }

    /// Bytes held outside the key itself (0 for inline keys).
    pub fn heap_bytes(&self) -> usize {
        match self {
            Key::Inline { .. } => 0,
            Key::Heap(b) => b.len(),
        }
    }

    /// The integer, when the position is one.
    pub fn as_int(&self) -> Option<i64> {
        let b = self.bytes();
        if b.first() != Some(&TAG_INT) {
            return None;
        }
        let (n, used) = read_varint(&b[1..])?;
        (used + 1 == b.len()).then(|| unzigzag(n))
    }

    /// Whether the position is one of another family (an array whose first item is
    /// [`crate::datum::GAME`]); cheap, for every position the search meets.
    pub fn is_game(&self) -> bool {
        // The bytes of the first item, the string GAME: its tag, its length 5, its bytes.
        const MARK: [u8; 7] = [TAG_STR, 5, 1, b'g', b'a', b'm', b'e'];
        match self.bytes() {
            // An array of fewer than 128 items: its length is one byte.
            [TAG_LIST, n, rest @ ..] if n & 0x80 == 0 => *n >= 2 && rest.starts_with(&MARK),
            [TAG_LIST, ..] => {
                let mut r = self.reader();
                r.next_item();
                r.next_item() == Some(Item::Str(crate::datum::GAME))
            }
            _ => false,
        }
    }

    /// Whether the position is `k` copies of another (an array of three items whose first is
    /// `crate::datum::COPIES`); cheap, for every position the search meets.
    pub fn is_copies(&self) -> bool {
        const MARK: [u8; 9] = [TAG_STR, 7, 1, b'c', b'o', b'p', b'i', b'e', b's'];
        matches!(self.bytes(), [TAG_LIST, 3, rest @ ..] if rest.starts_with(&MARK))
    }

    /// A number that only this key has among keys that get one: an integer whose zigzag form
    /// is below 2^61, or an array of one to four integers that fit the fields of its length.
    /// Three bits of shape sit on top (1: an integer, 1 + k: an array of k), and below them
    /// the items in fields of their own, the last one lowest so that neighbours along it get
    /// neighbouring codes: an array of 1 has a field of 61 bits; of 2, 21 and 40; of 3, 13,
    /// 13 and 35; of 4, 10, 10, 10 and 31 (each holds an integer's zigzag form). `None` for
    /// anything else.
    pub fn dense_code(&self) -> Option<u64> {
        match self.bytes() {
            [TAG_INT, rest @ ..] => {
                let (z, used) = read_varint(rest)?;
                (used == rest.len() && z < 1 << SHAPE).then_some((1 << SHAPE) | z)
            }
            [TAG_LIST, k @ 1..=4, rest @ ..] => {
                let k = u32::from(*k);
                let (other, last) = FIELDS[k as usize - 1];
                let mut code = u64::from(1 + k) << SHAPE;
                let mut at = 0;
                for i in 0..k {
                    if rest.get(at) != Some(&TAG_INT) {
                        return None;
                    }
                    let (z, used) = read_varint(rest.get(at + 1..)?)?;
                    at += 1 + used;
                    if i + 1 == k {
                        if z >= 1 << last {
                            return None;
                        }
                        code |= z;
                    } else {
                        if z >= 1 << other {
                            return None;
                        }
                        code |= z << (last + other * (k - 2 - i));
                    }
                }
                (at == rest.len()).then_some(code)
            }
            _ => None,
        }
    }

    /// The dense code of the position `items` make, as [`Key::dense_code`] gives it for their
    /// key, computed from the integers alone (for the options a script emits: no key is
    /// written unless the search meets a new position): one integer when `array` is false,
    /// else an array of one to four. `None` when the key gets no code.
    #[inline(always)]
    pub fn dense_code_of_ints(items: &[i64], array: bool) -> Option<u64> {
        if !array {
            let [n] = items else {
                return None;
            };
            let z = zigzag(*n);
            return (z < 1 << SHAPE).then_some((1 << SHAPE) | z);
        }
        let k = items.len();
        let (other, last) = *FIELDS.get(k.checked_sub(1)?)?;
        let mut code = ((1 + k) as u64) << SHAPE;
        let (init, tail) = items.split_at(k - 1);
        for (i, &n) in init.iter().enumerate() {
            let z = zigzag(n);
            if z >= 1 << other {
                return None;
            }
            code |= z << (last + other * (k as u32 - 2 - i as u32));
        }
        let z = zigzag(tail[0]);
        (z < 1 << last).then_some(code | z)
    }

    /// [`Key::dense_code_of_ints`] of an array of `K` integers (one to four), with the
    /// fields' sizes known when compiled: no early exit, no look-up.
    #[inline(always)]
    pub fn dense_code_of_array<const K: usize>(items: &[i64; K]) -> Option<u64> {
        let (other, last) = FIELDS[K - 1];
        let mut code = ((1 + K) as u64) << SHAPE;
        let mut fits = true;
        for (i, &n) in items.iter().enumerate().take(K - 1) {
            let z = zigzag(n);
            fits &= z < 1 << other;
            code |= z << (last + other * (K - 2 - i) as u32);
        }
        let z = zigzag(items[K - 1]);
        fits &= z < 1 << last;
        fits.then_some(code | z)
    }

    /// The integer whose key's [`Key::dense_code`] is `code`; `None` for any other code.
    pub fn int_of_dense_code(code: u64) -> Option<i64> {
        (code >> SHAPE == 1).then(|| unzigzag(code & ((1 << SHAPE) - 1)))
    }

    /// The key whose [`Key::dense_code`] is `code`; `None` for a number no key has as its
    /// code.
    pub fn of_dense_code(code: u64) -> Option<Key> {
        let z = code & ((1 << SHAPE) - 1);
        match code >> SHAPE {
            1 => Some(Key::int_inline(unzigzag(z))),
            shape @ 2..=5 => {
                let k = (shape - 1) as usize;
                let (other, last) = FIELDS[k - 1];
                let mut items = [0i64; 4];
                for (i, item) in items.iter_mut().enumerate().take(k - 1) {
                    let field =
                        (z >> (last + other * (k as u32 - 2 - i as u32))) & ((1 << other) - 1);
                    *item = unzigzag(field);
                }
                if z >> last >> (other * (k as u32 - 1)) != 0 {
                    return None;
                }
                items[k - 1] = unzigzag(z & ((1 << last) - 1));
                let key = Key::ints(&items[..k])?;
                (key.dense_code() == Some(code)).then_some(key)
            }
            _ => None,
        }
    }

    /// The items of an array of two or more integers and nothing else; `None` for any other
    /// position. Reads the bytes in place, with no [`Datum`].
    pub fn int_items(&self) -> Option<Vec<i64>> {
        let mut r = self.reader();
        let Some(Item::List(n @ 2..)) = r.next_item() else {
            return None;
        };
        let mut items = Vec::with_capacity(n.min(64));
        for _ in 0..n {
            match r.next_item()? {
                Item::Int(x) => items.push(x),
                _ => return None,
            }
        }
        r.at_end().then_some(items)
    }

    /// The number of items, when the position is an array.
    pub fn list_len(&self) -> Option<usize> {
        let b = self.bytes();
        if b.first() != Some(&TAG_LIST) {
            return None;
        }
        read_varint(&b[1..]).and_then(|(n, _)| usize::try_from(n).ok())
    }

    /// The position as a value; `None` only for bytes that no writer makes.
    pub fn to_datum(&self) -> Option<Datum> {
        let mut r = KeyReader::new(self);
        let d = r.datum()?;
        r.at_end().then_some(d)
    }

    /// A reader of the encoding, for converting straight into a script language's values.
    pub fn reader(&self) -> KeyReader<'_> {
        KeyReader::new(self)
    }
}

/// One item read from a key.
#[derive(Debug, PartialEq, Eq)]
pub enum Item<'a> {
    /// An integer.
    Int(i64),
    /// A string.
    Str(&'a str),
    /// An array of this many items, which follow.
    List(usize),
}

/// Reads a key's items in order (depth first).
pub struct KeyReader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> KeyReader<'a> {
    fn new(k: &'a Key) -> KeyReader<'a> {
        KeyReader {
            b: k.bytes(),
            at: 0,
        }
    }

    /// The next item; `None` at the end or on bytes no writer makes.
    pub fn next_item(&mut self) -> Option<Item<'a>> {
        let tag = *self.b.get(self.at)?;
        self.at += 1;
        let (n, used) = read_varint(&self.b[self.at..])?;
        self.at += used;
        match tag {
            TAG_INT => Some(Item::Int(unzigzag(n))),
            TAG_STR => {
                let len = usize::try_from(n).ok()?;
                let end = self.at.checked_add(len)?;
                let s = std::str::from_utf8(self.b.get(self.at..end)?).ok()?;
                self.at = end;
                Some(Item::Str(s))
            }
            TAG_LIST => Some(Item::List(usize::try_from(n).ok()?)),
            _ => None,
        }
    }

    /// Whether every byte was read.
    pub fn at_end(&self) -> bool {
        self.at == self.b.len()
    }

    /// Reads one whole value. Iterative, so no key can exhaust the stack.
    pub fn datum(&mut self) -> Option<Datum> {
        // Open arrays: the items read so far and how many are still due.
        let mut open: Vec<(Vec<Datum>, usize)> = Vec::new();
        loop {
            let mut done = match self.next_item()? {
                Item::Int(n) => Datum::Int(n),
                Item::Str(s) => Datum::Str(s.to_string()),
                Item::List(0) => Datum::List(Vec::new()),
                Item::List(n) => {
                    // A count beyond the bytes left is damage, not an allocation to make.
                    if n > self.b.len() - self.at {
                        return None;
                    }
                    open.push((Vec::with_capacity(n), n));
                    continue;
                }
            };
            loop {
                let Some((items, due)) = open.last_mut() else {
                    return Some(done);
                };
                items.push(done);
                *due -= 1;
                if *due > 0 {
                    break;
                }
                let (items, _) = open.pop()?;
                done = Datum::List(items);
            }
        }
    }
}

/// Builds a key item by item (a script language's value is converted without a `Datum`).
#[derive(Default)]
pub struct KeyWriter {
    b: Vec<u8>,
}

impl KeyWriter {
    /// An empty writer.
    pub fn new() -> KeyWriter {
        KeyWriter { b: Vec::new() }
    }

    /// Starts a new key, keeping the buffer.
    pub fn clear(&mut self) {
        self.b.clear();
    }

    /// Writes an integer.
    pub fn int(&mut self, n: i64) {
        self.b.push(TAG_INT);
        write_varint(&mut self.b, zigzag(n));
    }

    /// Writes a string.
    pub fn str(&mut self, s: &str) {
        self.b.push(TAG_STR);
        write_varint(&mut self.b, s.len() as u64);
        self.b.extend_from_slice(s.as_bytes());
    }

    /// Starts an array of `n` items; the next `n` values written are its items.
    pub fn list(&mut self, n: usize) {
        self.b.push(TAG_LIST);
        write_varint(&mut self.b, n as u64);
    }

    /// Writes a whole value (iteratively).
    pub fn datum(&mut self, d: &Datum) {
        let mut todo: Vec<&Datum> = vec![d];
        while let Some(d) = todo.pop() {
            match d {
                Datum::Int(n) => self.int(*n),
                Datum::Str(s) => self.str(s),
                Datum::List(items) => {
                    self.list(items.len());
                    todo.extend(items.iter().rev());
                }
            }
        }
    }

    /// How many bytes are written so far.
    pub fn len(&self) -> usize {
        self.b.len()
    }

    /// Whether nothing is written.
    pub fn is_empty(&self) -> bool {
        self.b.is_empty()
    }

    /// The key written, leaving the writer empty for the next one.
    pub fn finish(&mut self) -> Key {
        let k = Key::from_bytes(&self.b);
        self.b.clear();
        k
    }
}

#[inline(always)]
fn zigzag(n: i64) -> u64 {
    ((n << 1) ^ (n >> 63)) as u64
}

fn unzigzag(n: u64) -> i64 {
    ((n >> 1) as i64) ^ -((n & 1) as i64)
}

fn write_varint(b: &mut Vec<u8>, n: u64) {
    // A u64 takes at most 10 bytes of LEB128.
    let mut bytes = [0u8; 10];
    let end = put_varint(&mut bytes, 0, n).unwrap_or(0);
    b.extend_from_slice(&bytes[..end]);
}

/// Writes `n` as LEB128 into `b` from `at`; the index after it, `None` when `b` is too short.
fn put_varint(b: &mut [u8], mut at: usize, mut n: u64) -> Option<usize> {
    while n >= 0x80 {
        *b.get_mut(at)? = (n as u8) | 0x80;
        n >>= 7;
        at += 1;
    }
    *b.get_mut(at)? = n as u8;
    Some(at + 1)
}

/// A LEB128 number and how many bytes it took; `None` when cut short or longer than 64 bits.
fn read_varint(b: &[u8]) -> Option<(u64, usize)> {
    let mut n: u64 = 0;
    for (i, &byte) in b.iter().enumerate().take(10) {
        n |= u64::from(byte & 0x7f).checked_shl(7 * i as u32)?;
        if byte & 0x80 == 0 {
            return Some((n, i + 1));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_of_other_games_are_told_by_their_first_item() {
        let game = |n: usize| {
            let mut items = vec![
                Datum::Str(crate::datum::GAME.into()),
                Datum::Str("nim".into()),
            ];
            items.extend((0..n).map(|i| Datum::Int(i as i64)));
            Key::of(&Datum::List(items))
        };
        // Short and long arrays (a length of one byte and of two).
        for n in [0, 1, 3, 125, 126, 200] {
            assert!(game(n).is_game(), "{n}");
        }
        for d in [
            Datum::List(vec![Datum::Str(crate::datum::GAME.into())]),
            Datum::List(vec![Datum::Str("\u{1}gamer".into()), Datum::Int(1)]),
            Datum::List(vec![Datum::Str("game".into()), Datum::Int(1)]),
            Datum::List(vec![Datum::Int(1), Datum::Str(crate::datum::GAME.into())]),
            Datum::Str(crate::datum::GAME.into()),
            Datum::Int(5),
            Datum::List((0..300).map(Datum::Int).collect()),
        ] {
            assert!(!Key::of(&d).is_game(), "{d:?}");
        }
    }

    #[test]
    fn dense_codes_are_one_to_one_and_stop_at_their_fields() {
        // Integers and short arrays of integers around every field's edge, and shapes that get
        // no code.
        let edges: Vec<i64> = [
            0u32, 1, 2, 5, 9, 10, 12, 13, 20, 21, 30, 31, 34, 35, 39, 40, 60, 61, 62,
        ]
        .iter()
        .flat_map(|&b| {
            let n = 1i64.checked_shl(b).unwrap_or(i64::MAX);
            [n - 1, n, n + 1, -n, -n - 1]
        })
        .chain([i64::MIN, i64::MAX, 1999, -3])
        .collect();
        let mut keys: Vec<Datum> = edges.iter().map(|&n| Datum::Int(n)).collect();
        let mut seed = 7u64;
        let mut pick = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            edges[(seed >> 33) as usize % edges.len()]
        };
        for k in 1..=5 {
            for _ in 0..3000 {
                keys.push(Datum::List((0..k).map(|_| Datum::Int(pick())).collect()));
            }
        }
        keys.push(Datum::List(vec![]));
        keys.push(Datum::List(vec![Datum::Int(1), Datum::Str("a".into())]));
        keys.push(Datum::List(vec![Datum::List(vec![Datum::Int(1)])]));
        keys.push(Datum::Str("ab".into()));
        let mut by_code = std::collections::HashMap::new();
        for d in &keys {
            let k = Key::of(d);
            // The code from the integers alone is the key's, and the key comes back from it.
            let ints: Option<(Vec<i64>, bool)> = match d {
                Datum::Int(n) => Some((vec![*n], false)),
                Datum::List(items) => items
                    .iter()
                    .map(|x| match x {
                        Datum::Int(n) => Some(*n),
                        _ => None,
                    })
                    .collect::<Option<Vec<i64>>>()
                    .map(|v| (v, true)),
                Datum::Str(_) => None,
            };
            if let Some((items, array)) = &ints {
                assert_eq!(
                    Key::dense_code_of_ints(items, *array),
                    k.dense_code(),
                    "{d:?}"
                );
                // The same with the arity known when compiled (what emit computes).
                let fixed = match (items.as_slice(), array) {
                    (&[a], true) => Some(Key::dense_code_of_array(&[a])),
                    (&[a, b], true) => Some(Key::dense_code_of_array(&[a, b])),
                    (&[a, b, c], true) => Some(Key::dense_code_of_array(&[a, b, c])),
                    (&[a, b, c, d], true) => Some(Key::dense_code_of_array(&[a, b, c, d])),
                    _ => None,
                };
                if let Some(fixed) = fixed {
                    assert_eq!(fixed, k.dense_code(), "{d:?}");
                }
            }
            let Some(code) = k.dense_code() else {
                continue;
            };
            assert_eq!(Key::of_dense_code(code), Some(k.clone()), "{d:?}");
            assert_eq!(Key::int_of_dense_code(code), k.as_int(), "{d:?}");
            if let Some(other) = by_code.insert(code, k.clone()) {
                assert_eq!(other, k, "{d:?} and {other:?} share the code {code:#x}");
            }
        }
        // The fields' edges: a pair's last item has 40 bits of zigzag form, the first 21.
        let pair = |a: i64, b: i64| Key::of(&Datum::List(vec![Datum::Int(a), Datum::Int(b)]));
        assert!(pair((1 << 20) - 1, (1 << 39) - 1).dense_code().is_some());
        assert!(pair(1 << 20, 0).dense_code().is_none());
        assert!(pair(0, 1 << 39).dense_code().is_none());
        assert!(Key::int(-(1 << 60)).dense_code().is_some());
        assert!(Key::int(1 << 60).dense_code().is_none());
        for d in &keys[keys.len() - 4..] {
            assert_eq!(Key::of(d).dense_code(), None, "{d:?}");
        }
        // Numbers no key has as its code.
        for code in [0, 1 << 60, 6 << 61, 7 << 61, u64::MAX] {
            assert_eq!(Key::of_dense_code(code), None, "{code:#x}");
        }
        // Neighbours along the last item are neighbours in the code.
        assert_eq!(
            pair(3, 8).dense_code().map(|c| c + 2),
            pair(3, 9).dense_code()
        );
    }

    #[test]
    fn inline_writers_write_what_the_writer_writes() {
        let edges = [
            0i64,
            1,
            -1,
            63,
            64,
            -64,
            -65,
            1 << 20,
            i64::MAX,
            i64::MIN,
            1999,
        ];
        for &n in &edges {
            assert_eq!(Key::int_inline(n), Key::int(n), "{n}");
        }
        for len in 0..=4 {
            for (i, _) in edges.iter().enumerate() {
                let items: Vec<i64> = (0..len).map(|j| edges[(i + j) % edges.len()]).collect();
                let want = Key::of(&Datum::List(items.iter().map(|&n| Datum::Int(n)).collect()));
                match Key::ints(&items) {
                    Some(k) => assert_eq!(k, want, "{items:?}"),
                    // Only arrays whose encoding is longer than the inline bytes are refused.
                    None => assert!(want.bytes().len() > INLINE, "{items:?}"),
                }
            }
        }
    }

    #[test]
    fn round_trips_and_sizes() {
        assert_eq!(std::mem::size_of::<Key>(), 24);
        let cases = vec![
            Datum::Int(0),
            Datum::Int(-1),
            Datum::Int(i64::MAX),
            Datum::Int(i64::MIN),
            Datum::Str(String::new()),
            Datum::Str("héllo".into()),
            Datum::List(vec![]),
            Datum::List(vec![Datum::Int(1999), Datum::Int(1999)]),
            Datum::List(vec![
                Datum::Int(3),
                Datum::List(vec![Datum::Str("a".into()), Datum::List(vec![])]),
                Datum::Int(-7),
            ]),
            Datum::Str("x".repeat(100)),
        ];
        for d in &cases {
            let k = Key::of(d);
            assert_eq!(k.to_datum().as_ref(), Some(d), "{d:?}");
            assert_eq!(
                k.as_int(),
                if let Datum::Int(n) = d {
                    Some(*n)
                } else {
                    None
                }
            );
        }
        assert!(matches!(
            Key::of(&Datum::List(vec![Datum::Int(1999), Datum::Int(1999)])),
            Key::Inline { .. }
        ));
        // Distinct values, distinct keys.
        for (i, a) in cases.iter().enumerate() {
            for (j, b) in cases.iter().enumerate() {
                assert_eq!(Key::of(a) == Key::of(b), i == j, "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn damaged_bytes_are_refused_not_read() {
        assert_eq!(Key::from_bytes(&[TAG_LIST, 0x7f]).to_datum(), None);
        assert_eq!(Key::from_bytes(&[9, 1]).to_datum(), None);
        assert_eq!(Key::from_bytes(&[TAG_STR, 5, b'a']).to_datum(), None);
        assert_eq!(Key::from_bytes(&[TAG_INT, 0x80]).to_datum(), None);
    }

    #[test]
    fn deep_nesting_does_not_recurse() {
        let mut d = Datum::Int(1);
        for _ in 0..100_000 {
            d = Datum::List(vec![d]);
        }
        let k = Key::of(&d);
        let back = k.to_datum();
        assert!(back.is_some());
        // Dropping nested data recurses in Datum's own Drop; forget both to keep this test
        // about the key.
        std::mem::forget(back);
        std::mem::forget(d);
    }
}
