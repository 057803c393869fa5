//! Normal-play nim-values of a family's own positions, stored lean: each position is interned
//! once into an arena (its key, a 32-bit id, a 32-bit value), options live only while their
//! position is on the search stack, and nothing else is kept (no option lists, texts, counts
//! or remoteness). This is the search behind every family without a closed form, and the one
//! that user-defined games (rule scripts, Python families) spend their time in.
//!
//! Positions of a few small integers (a board square, a count and a bit mask), which the
//! family codes in a 64-bit number ([`Lister::dense_code`]), are found by that number in
//! paged arrays, as a contestant's memo array finds them, instead of by hashing their key:
//! kiki's game on 1999 x 1999 squares, 5.9 s to 4.0 s.
//!
//! **Invariant:** no recursion on the game tree: a position a million moves deep costs a
//! few dozen bytes of heap per level and no native stack.

use std::hash::{BuildHasher, Hash};

use hashbrown::hash_table::Entry;
use hashbrown::{DefaultHashBuilder, HashTable};

use super::{Error, Limits};
use crate::limits::Ticker;
use crate::Nimber;

/// The options of one position, flat: the components of every option one after the other,
/// and where each option ends. An option of no components is the end of the game (value 0).
///
/// Example:
/// ```
/// use grundy::solve::OptionList;
/// let mut o = OptionList::new();
/// o.push_one(3u32);
/// o.push_sum([1u32, 2]);
/// o.push_sum([]);
/// let all: Vec<&[u32]> = o.iter().collect();
/// assert_eq!(all, vec![&[3u32][..], &[1, 2][..], &[][..]]);
/// ```
#[derive(Clone, Debug)]
pub struct OptionList<P> {
    parts: Vec<P>,
    ends: Vec<u32>,
    /// The parts by their dense codes ([`Lister::dense_code`]) when the lister gave them so,
    /// which only the arena's search asks for (see [`OptionList::accepts_codes`]): a list
    /// holds its parts either as positions or as codes, and `ends` counts in the one used.
    codes: Vec<u64>,
    accept_codes: bool,
}

impl<P> Default for OptionList<P> {
    fn default() -> Self {
        OptionList::new()
    }
}

impl<P> OptionList<P> {
    /// An empty list.
    pub fn new() -> Self {
        OptionList {
            parts: Vec::new(),
            ends: Vec::new(),
            codes: Vec::new(),
            accept_codes: false,
        }
    }

    /// Forgets every option, keeping the buffers.
    pub fn clear(&mut self) {
        self.parts.clear();
        self.ends.clear();
        self.codes.clear();
    }

    /// An empty list that takes parts by their dense codes, for a reader of its own that
    /// reads [`OptionList::iter_codes`] when [`OptionList::is_coded`] (a table of heaps).
    pub fn accepting_codes() -> Self {
        OptionList {
            accept_codes: true,
            ..OptionList::new()
        }
    }

    /// Whether the family gave the parts by their dense codes.
    pub fn is_coded(&self) -> bool {
        !self.codes.is_empty()
    }

    /// The options in order, each as the dense codes of its components (when
    /// [`OptionList::is_coded`]).
    pub fn iter_codes(&self) -> impl Iterator<Item = &[u64]> + '_ {
        let mut start = 0usize;
        self.ends.iter().map(move |&end| {
            let s = &self.codes[start..end as usize];
            start = end as usize;
            s
        })
    }

    /// Whether the reader takes parts by their dense codes ([`OptionList::push_code`]):
    /// only the arena's search does, which then makes a position from its code
    /// ([`Lister::of_dense_code`]) only when it meets a new one. A family that gives codes
    /// gives every part of the list so (no [`OptionList::push_part`] in the same list).
    pub fn accepts_codes(&self) -> bool {
        self.accept_codes
    }

    /// Adds a component, by its dense code, to the option being built (only when
    /// [`OptionList::accepts_codes`]); [`OptionList::close_coded`] ends the option.
    pub fn push_code(&mut self, code: u64) {
        self.codes.push(code);
    }

    /// Ends the option whose parts were added by [`OptionList::push_code`].
    pub fn close_coded(&mut self) {
        self.ends.push(self.codes.len() as u32);
    }

    /// Adds options given by code at once: their parts' codes one after the other, and
    /// where each option's parts end in `codes` (rising, the last at most `codes.len()`).
    pub fn extend_coded(&mut self, codes: &[u64], ends: impl IntoIterator<Item = usize>) {
        let base = self.codes.len();
        self.codes.extend_from_slice(codes);
        self.ends.extend(
            ends.into_iter()
                .map(|end| (base + end.min(codes.len())) as u32),
        );
    }

    /// Forgets the options given by code, keeping the first `options` of the list (a
    /// family that finds a part without a code midway gives those options again as
    /// positions; options with no part count among those to forget too).
    pub fn clear_codes(&mut self, options: usize) {
        self.codes.clear();
        self.ends.truncate(options);
    }

    /// Adds an option that is a single position.
    pub fn push_one(&mut self, p: P) {
        self.parts.push(p);
        self.ends.push(self.parts.len() as u32);
    }

    /// Adds an option that is the sum of these positions (none: the end of the game).
    pub fn push_sum(&mut self, parts: impl IntoIterator<Item = P>) {
        self.parts.extend(parts);
        self.ends.push(self.parts.len() as u32);
    }

    /// Adds a component to the option being built; [`OptionList::close`] ends the option.
    pub fn push_part(&mut self, p: P) {
        self.parts.push(p);
    }

    /// Ends the option whose parts were added by [`OptionList::push_part`].
    pub fn close(&mut self) {
        self.ends.push(self.parts.len() as u32);
    }

    /// How many options.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there is no option.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// How many components in all the options.
    pub fn parts_len(&self) -> usize {
        self.parts.len() + self.codes.len()
    }

    /// Option `i` as the slice of its components (`None` past the last), in constant time.
    pub fn get(&self, i: usize) -> Option<&[P]> {
        let end = *self.ends.get(i)? as usize;
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        self.parts.get(start..end)
    }

    /// The options in order, each as the slice of its components.
    pub fn iter(&self) -> impl Iterator<Item = &[P]> + '_ {
        let mut start = 0usize;
        self.ends.iter().map(move |&end| {
            let s = &self.parts[start..end as usize];
            start = end as usize;
            s
        })
    }

    /// The options as owned vectors (the shape of [`crate::rules::Ruleset::options`]).
    pub fn to_vecs(&self) -> Vec<Vec<P>>
    where
        P: Clone,
    {
        self.iter().map(<[P]>::to_vec).collect()
    }
}

/// What the arena search needs of a family: a value without search when one is known, and
/// the options of a position.
pub trait Lister<P> {
    /// The nim-value of `p` without search (a closed form, a table, another family's
    /// value), or `None` to search it.
    fn known(&self, _p: &P) -> Result<Option<Nimber>, Error> {
        Ok(None)
    }

    /// Writes every option of `p` into `out` (which is empty).
    fn list(&self, p: &P, out: &mut OptionList<P>) -> Result<(), Error>;

    /// A number that only `p` has among the positions this lister gives a number to, when
    /// `p` is small (a few small integers): the arena then finds `p`'s slot in a paged array
    /// by it instead of hashing and comparing the key. `None`: `p` is looked up by its key.
    /// The same position must always get the same answer.
    fn dense_code(&self, _p: &P) -> Option<u64> {
        None
    }

    /// The position whose [`Lister::dense_code`] is `code`, for a lister that gives options
    /// by code ([`OptionList::push_code`]); `None` for a number that is no position's code.
    fn of_dense_code(&self, _code: u64) -> Option<P> {
        None
    }
}

/// The value slot of a position not valued yet.
const UNKNOWN: u32 = u32::MAX;
/// The value slot of a position on the search stack (meeting it again closes a cycle).
const OPEN: u32 = u32::MAX - 1;
/// The value slot of a position whose value does not fit in the slot (kept in `big`).
const BIG: u32 = u32::MAX - 2;

/// Bytes an arena entry takes besides its key: the id in the hash table, the table's control
/// byte and slack, and the value.
const ENTRY_OVERHEAD: usize = 16;

/// Slots of a page of the dense store (the low bits of a dense code).
const PAGE_BITS: u32 = 8;
const PAGE: usize = 1 << PAGE_BITS;
/// A free slot of the dense store.
const NONE: u32 = u32::MAX;
/// Bytes the dense store's pages may hold however few positions they hold.
const DENSE_FLOOR: usize = 4 << 20;
/// Bytes of pages per position they hold, beyond the floor, before no page is added (64: a
/// page at least a sixteenth full on the average; sparser codes are hashed).
const DENSE_PER_POSITION: usize = 64;

/// Ids of the positions that have a dense code (see [`Lister::dense_code`]), in pages of
/// [`PAGE`] slots found by the code's high bits: positions of a few small numbers that differ
/// in their last number share a page, so looking up a neighbour reads memory just read
/// instead of a hash table's random bucket and a key elsewhere.
///
/// Codes whose page is missing are kept in `spill`, a hash table of the codes themselves:
/// a lookup there compares the code in the table's own bucket, where the key hash table
/// also reads the key in the arena's key array, a second cache miss.
///
/// **Invariant:** a position whose code's page exists is in that page or nowhere (never in
/// `spill`). Pages are added only while the store is `growing`, and once it stops (sparse
/// codes would spend a page on a few positions) it never grows again, so a code whose page
/// is missing is looked up and interned in `spill` for good. A position with a code is never
/// in the key hash table.
struct Dense {
    /// Page number by the code without its low [`PAGE_BITS`] bits.
    pages: hashbrown::HashMap<u64, u32>,
    /// The ids, [`PAGE`] per page; [`NONE`] where there is no position.
    slots: Vec<u32>,
    /// Ids by code, for codes whose page is missing.
    spill: hashbrown::HashMap<u64, u32>,
    /// How many positions the pages hold.
    held: usize,
    /// Whether pages may still be added.
    growing: bool,
    /// The page looked up last (most lookups stay on one page): its high bits and number.
    last: Option<(u64, u32)>,
    /// Pages met lately, by a hash of their high bits (the slot's high bits and page number;
    /// [`NO_PAGE`] when empty): a search that reads its options across many pages (a sheet
    /// cut in two, a pair per page) finds most of them here, without a probe of `pages`.
    /// Empty until the first page; pages are never removed, so an entry stays true.
    recent: Vec<(u64, u32)>,
}

/// Entries of [`Dense::recent`] (16 KiB).
const RECENT_BITS: u32 = 10;
/// The high bits of no code (a code's high bits have at most 64 - [`PAGE_BITS`] bits).
const NO_PAGE: u64 = u64::MAX;

/// The entry of [`Dense::recent`] for these high bits.
fn recent_slot(high: u64) -> usize {
    (high.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - RECENT_BITS)) as usize
}

impl Dense {
    fn new() -> Dense {
        Dense {
            pages: hashbrown::HashMap::new(),
            slots: Vec::new(),
            spill: hashbrown::HashMap::new(),
            held: 0,
            growing: true,
            last: None,
            recent: Vec::new(),
        }
    }

    /// The index in `slots` of `code`, or `None` when its page does not exist.
    fn find(&self, code: u64) -> Option<usize> {
        let high = code >> PAGE_BITS;
        let page = match self.last {
            Some((h, n)) if h == high => n,
            _ => match self.recent.get(recent_slot(high)) {
                Some(&(h, n)) if h == high => n,
                _ => *self.pages.get(&high)?,
            },
        };
        Some(((page as usize) << PAGE_BITS) | (code as usize & (PAGE - 1)))
    }

    /// Like [`Dense::find`], adding the page when the store may grow.
    fn find_or_add(&mut self, code: u64) -> Option<usize> {
        let high = code >> PAGE_BITS;
        let page = match self.last {
            Some((h, n)) if h == high => n,
            _ => {
                let slot = recent_slot(high);
                if let Some(&(h, n)) = self.recent.get(slot) {
                    if h == high {
                        self.last = Some((high, n));
                        return Some(((n as usize) << PAGE_BITS) | (code as usize & (PAGE - 1)));
                    }
                }
                let n = match self.pages.get(&high) {
                    Some(&n) => n,
                    None => {
                        let bytes = (self.slots.len() + PAGE) * 4;
                        let room = DENSE_FLOOR.saturating_add(self.held * DENSE_PER_POSITION);
                        if !self.growing || bytes > room {
                            self.growing = false;
                            return None;
                        }
                        let n = (self.slots.len() >> PAGE_BITS) as u32;
                        self.slots.resize(self.slots.len() + PAGE, NONE);
                        self.pages.insert(high, n);
                        n
                    }
                };
                if self.recent.is_empty() {
                    self.recent = vec![(NO_PAGE, 0); 1 << RECENT_BITS];
                }
                self.recent[slot] = (high, n);
                self.last = Some((high, n));
                n
            }
        };
        Some(((page as usize) << PAGE_BITS) | (code as usize & (PAGE - 1)))
    }

    fn bytes(&self) -> usize {
        self.slots.capacity() * 4
            + self.pages.capacity() * 24
            + self.spill.capacity() * 17
            + self.recent.capacity() * 16
    }

    /// The id of the position of `code`, if it is stored.
    fn get(&self, code: u64) -> Option<u32> {
        match self.find(code) {
            Some(i) => Some(self.slots[i]).filter(|&id| id != NONE),
            None => self.spill.get(&code).copied(),
        }
    }
}

/// The table's 64-bit hash from the 32 bits kept with each id (the same for a lookup and for
/// growing the table, which then reads no key).
fn spread(h: u32) -> u64 {
    u64::from(h).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

/// One position being expanded.
struct Frame {
    /// Its id.
    id: u32,
    /// Its options' components, ids, in `Arena::parts` from here.
    parts_start: usize,
    /// Its options' ends, in `Arena::ends` from here (offsets relative to `parts_start`).
    ends_start: usize,
    /// The option being valued, and the component of it next to look at.
    option: usize,
    component: usize,
    /// The XOR of the option's components valued so far.
    acc: u64,
    /// The values of its options valued so far, in `Arena::seen` from here.
    seen_start: usize,
}

/// A memo of normal-play nim-values over positions of type `P`, interned once.
///
/// Keep one arena for many queries on the same family: values found stay. Each query gives
/// its own [`Limits`]: the positions interned by that query count against `max_nodes`, and
/// their bytes against `max_memory`.
///
/// Example:
/// ```
/// use grundy::solve::{Arena, Lister, OptionList};
/// use grundy::{Error, Limits};
/// // Take 1, 3 or 4 from a heap: values 0 1 0 1 2 3 2, period 7.
/// struct Sub134;
/// impl Lister<u64> for Sub134 {
///     fn list(&self, n: &u64, out: &mut OptionList<u64>) -> Result<(), Error> {
///         for k in [1, 3, 4] {
///             if k <= *n {
///                 out.push_one(n - k);
///             }
///         }
///         Ok(())
///     }
/// }
/// let mut arena = Arena::new();
/// let v = arena.value(&1_000_000u64, &Sub134, &Limits::default()).unwrap();
/// assert_eq!(v.to_u64(), Some([0, 1, 0, 1, 2, 3, 2][1_000_000 % 7]));
/// ```
pub struct Arena<P> {
    keys: Vec<P>,
    values: Vec<u32>,
    /// Ids with 32 bits of their key's hash, so that growing the table and most mismatches
    /// need not read the keys.
    table: HashTable<(u32, u32)>,
    hasher: DefaultHashBuilder,
    /// Ids of positions of a few small numbers, by their dense code.
    dense: Dense,
    /// Values that do not fit in 32 bits, by id.
    big: hashbrown::HashMap<u32, Nimber>,
    /// Bytes of the keys beyond their inline size, as the family reports them (strings,
    /// arrays); estimated from the key type's size when the family does not say.
    heap_bytes: usize,
    // Buffers of the search, kept between queries.
    parts: Vec<u32>,
    ends: Vec<u32>,
    seen: Vec<u64>,
    stamp: Vec<u32>,
    stamp_now: u32,
    scratch: OptionList<P>,
}

impl<P: Clone + Eq + Hash> Default for Arena<P> {
    fn default() -> Self {
        Arena::new()
    }
}

impl<P: Clone + Eq + Hash> Arena<P> {
    /// An empty arena.
    pub fn new() -> Arena<P> {
        Arena {
            keys: Vec::new(),
            values: Vec::new(),
            table: HashTable::new(),
            hasher: DefaultHashBuilder::default(),
            dense: Dense::new(),
            big: hashbrown::HashMap::new(),
            heap_bytes: 0,
            parts: Vec::new(),
            ends: Vec::new(),
            seen: Vec::new(),
            stamp: Vec::new(),
            stamp_now: 0,
            scratch: OptionList::new(),
        }
    }

    /// How many positions the arena holds.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the arena holds no position.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// An estimate of the bytes the arena holds.
    pub fn bytes(&self) -> usize {
        self.keys.capacity() * std::mem::size_of::<P>()
            + self.values.capacity() * 4
            + self.table.capacity() * 9
            + self.dense.bytes()
            + self.heap_bytes
    }

    /// Forgets every position.
    pub fn clear(&mut self) {
        *self = Arena::new();
    }

    /// The value already known for `p`, without searching (`lister`: the one the values
    /// were found with, which gives the dense codes).
    pub fn get(&self, p: &P, lister: &impl Lister<P>) -> Option<Nimber> {
        if let Some(code) = lister.dense_code(p) {
            return self.dense.get(code).and_then(|id| self.settled(id));
        }
        let h = self.hash32(p);
        let &(id, _) = self
            .table
            .find(spread(h), |&(i, hi)| hi == h && self.keys[i as usize] == *p)?;
        self.settled(id)
    }

    /// 32 bits of the key's hash.
    fn hash32(&self, p: &P) -> u32 {
        let h = self.hasher.hash_one(p);
        (h ^ (h >> 32)) as u32
    }

    fn settled(&self, id: u32) -> Option<Nimber> {
        match self.values[id as usize] {
            UNKNOWN | OPEN => None,
            BIG => self.big.get(&id).cloned(),
            v => Some(Nimber::new(u64::from(v))),
        }
    }

    /// The id of `p`, interning it when new (with the value the lister knows, if any): by
    /// its dense code when the lister gives one, else by its key.
    fn intern(
        &mut self,
        p: &P,
        lister: &impl Lister<P>,
        budget: &mut Budget<'_>,
    ) -> Result<u32, Error> {
        if let Some(code) = lister.dense_code(p) {
            return self.intern_code(code, lister, budget, |_| Some(p.clone()));
        }
        let h = self.hash32(p);
        let keys = &self.keys;
        match self.table.entry(
            spread(h),
            |&(i, hi)| hi == h && keys[i as usize] == *p,
            |&(_, hi)| spread(hi),
        ) {
            Entry::Occupied(e) => Ok(e.get().0),
            Entry::Vacant(e) => {
                let id = Self::next_id(&self.keys, self.dense.bytes(), budget)?;
                e.insert((id, h));
                self.push(id, p, lister)
            }
        }
    }

    /// The id of the position of dense code `code`, interning it when new as the position
    /// `make` gives (`None`: the code is no position's, an error of the lister).
    fn intern_code<L: Lister<P>>(
        &mut self,
        code: u64,
        lister: &L,
        budget: &mut Budget<'_>,
        make: impl FnOnce(&L) -> Option<P>,
    ) -> Result<u32, Error> {
        let slot = self.dense.find_or_add(code);
        let found = match slot {
            Some(i) => self.dense.slots[i],
            None => self.dense.spill.get(&code).copied().unwrap_or(NONE),
        };
        if found != NONE {
            return Ok(found);
        }
        let p = make(lister).ok_or_else(|| {
            Error::unsupported(format!(
                "the family gave an option by the number {code:#x}, which is no position's"
            ))
        })?;
        let id = self.add(&p, lister, budget)?;
        match slot {
            Some(i) => {
                self.dense.slots[i] = id;
                self.dense.held += 1;
            }
            None => {
                self.dense.spill.insert(code, id);
            }
        }
        Ok(id)
    }

    /// The id the next position interned gets, counted against the budget (`dense`: the
    /// dense store's bytes now, which its pages make grow apart from the positions).
    fn next_id(keys: &[P], dense: usize, budget: &mut Budget<'_>) -> Result<u32, Error> {
        budget.new_position(keys.len(), dense)?;
        u32::try_from(keys.len())
            .ok()
            .filter(|&i| i < BIG)
            .ok_or_else(|| Error::positions(budget.limits.max_nodes))
    }

    /// Adds `p` under a new id (its slot in the dense store is the caller's to fill).
    fn add(
        &mut self,
        p: &P,
        lister: &impl Lister<P>,
        budget: &mut Budget<'_>,
    ) -> Result<u32, Error> {
        let id = Self::next_id(&self.keys, self.dense.bytes(), budget)?;
        self.push(id, p, lister)
    }

    /// Stores `p` as `id`, with the value the lister knows, if any.
    fn push(&mut self, id: u32, p: &P, lister: &impl Lister<P>) -> Result<u32, Error> {
        self.keys.push(p.clone());
        self.values.push(UNKNOWN);
        if let Some(v) = lister.known(p)? {
            self.set(id, v);
        }
        Ok(id)
    }

    fn set(&mut self, id: u32, v: Nimber) {
        match v
            .to_u64()
            .and_then(|x| u32::try_from(x).ok())
            .filter(|&x| x < BIG)
        {
            Some(x) => self.values[id as usize] = x,
            None => {
                self.values[id as usize] = BIG;
                self.big.insert(id, v);
            }
        }
    }

    /// The value of slot `id` as a 64-bit number, for XOR; `None` when it does not fit.
    fn small(&self, id: u32) -> Option<u64> {
        match self.values[id as usize] {
            BIG => self.big.get(&id).and_then(Nimber::to_u64),
            v => Some(u64::from(v)),
        }
    }

    /// The nim-value of `root` under normal play.
    ///
    /// Arguments: the position; the family's lister; the limits of this query (positions
    /// interned by it, bytes, deadline, cancellation, progress).
    ///
    /// Returns: its nim-value, or an error: a limit, a failure of the lister, [`Error::Cycle`]
    /// when a position is reachable from itself (the caller then solves the loopy game).
    ///
    /// Complexity: one `list` call per position reachable from `root` that was not valued
    /// before, plus the total size of their options; memory: the key plus about 12 bytes per
    /// position, and the options of the positions on the search path.
    pub fn value(
        &mut self,
        root: &P,
        lister: &impl Lister<P>,
        limits: &Limits,
    ) -> Result<Nimber, Error> {
        let per_position = (std::mem::size_of::<P>() + ENTRY_OVERHEAD) as u64;
        let mut budget = Budget::new(
            limits,
            self.len(),
            self.bytes() - self.dense.bytes(),
            per_position,
        );
        let root = self.intern(root, lister, &mut budget)?;
        if let Some(v) = self.settled(root) {
            return Ok(v);
        }
        let mut stack: Vec<Frame> = Vec::new();
        let result = self.search(root, lister, &mut budget, &mut stack);
        if result.is_err() {
            // Positions left open would read as cycles to a later query.
            for f in &stack {
                self.values[f.id as usize] = UNKNOWN;
            }
            self.parts.clear();
            self.ends.clear();
            self.seen.clear();
        }
        result
    }

    fn search(
        &mut self,
        root: u32,
        lister: &impl Lister<P>,
        budget: &mut Budget<'_>,
        stack: &mut Vec<Frame>,
    ) -> Result<Nimber, Error> {
        let frame = self.open(root, lister, budget)?;
        stack.push(frame);
        loop {
            let Some(top) = stack.last_mut() else {
                return Err(Error::Cycle);
            };
            let n_options = self.ends.len() - top.ends_start;
            if top.option == n_options {
                let Some(done) = stack.pop() else {
                    return Err(Error::Cycle);
                };
                let v = self.mex(done.seen_start);
                self.values[done.id as usize] = v;
                self.parts.truncate(done.parts_start);
                self.ends.truncate(done.ends_start);
                self.seen.truncate(done.seen_start);
                if stack.is_empty() {
                    return Ok(Nimber::new(u64::from(v)));
                }
                continue;
            }
            let start = if top.option == 0 {
                0
            } else {
                self.ends[top.ends_start + top.option - 1] as usize
            };
            // The options whose parts are all settled with small values, in one pass (most
            // of a search's options, once their parts are known): the state machine below
            // takes the rest, a part at a time.
            if top.component == 0 {
                let ends = &self.ends[top.ends_start + top.option..top.ends_start + n_options];
                let parts = &self.parts[top.parts_start..];
                let (values, seen) = (&self.values, &mut self.seen);
                let mut from = start;
                let mut done = 0;
                'options: for &end in ends {
                    let mut acc = 0u64;
                    for &c in &parts[from..end as usize] {
                        let v = values[c as usize];
                        if v >= BIG {
                            break 'options;
                        }
                        acc ^= u64::from(v);
                    }
                    seen.push(acc);
                    from = end as usize;
                    done += 1;
                }
                if done > 0 {
                    top.option += done;
                    continue;
                }
            }
            let end = self.ends[top.ends_start + top.option] as usize;
            let i = top.parts_start + start + top.component;
            if top.component == end - start {
                let acc = top.acc;
                top.acc = 0;
                top.option += 1;
                top.component = 0;
                self.seen.push(acc);
                continue;
            }
            let c = self.parts[i];
            match self.values[c as usize] {
                UNKNOWN => {
                    let child = self.open(c, lister, budget)?;
                    stack.push(child);
                }
                OPEN => return Err(Error::Cycle),
                _ => {
                    let v = self.small(c).ok_or_else(|| {
                        Error::too_large(
                            "a component's nim-value does not fit in 64 bits inside a search",
                        )
                    })?;
                    top.acc ^= v;
                    top.component += 1;
                }
            }
        }
    }

    /// Lists the options of `id` onto the shared buffers and marks it open.
    fn open(
        &mut self,
        id: u32,
        lister: &impl Lister<P>,
        budget: &mut Budget<'_>,
    ) -> Result<Frame, Error> {
        budget.tick()?;
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        scratch.accept_codes = true;
        let p = self.keys[id as usize].clone();
        let listed = lister.list(&p, &mut scratch);
        if let Err(e) = listed {
            self.scratch = scratch;
            return Err(e);
        }
        self.values[id as usize] = OPEN;
        let frame = Frame {
            id,
            parts_start: self.parts.len(),
            ends_start: self.ends.len(),
            option: 0,
            component: 0,
            acc: 0,
            seen_start: self.seen.len(),
        };
        let mut result = Ok(());
        for q in &scratch.parts {
            match self.intern(q, lister, budget) {
                Ok(c) => self.parts.push(c),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        for &code in &scratch.codes {
            match self.intern_code(code, lister, budget, |l| l.of_dense_code(code)) {
                Ok(c) => self.parts.push(c),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        let base = frame.parts_start;
        for &e in &scratch.ends {
            self.ends.push(e);
        }
        self.scratch = scratch;
        if let Err(e) = result {
            // The frame is not on the stack yet: close it here.
            self.values[id as usize] = UNKNOWN;
            self.parts.truncate(base);
            self.ends.truncate(frame.ends_start);
            return Err(e);
        }
        Ok(frame)
    }

    /// The mex of the values in `seen[from..]`.
    fn mex(&mut self, from: usize) -> u32 {
        let values = &self.seen[from..];
        let n = values.len();
        self.stamp_now = self.stamp_now.wrapping_add(1);
        if self.stamp_now == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp_now = 1;
        }
        if self.stamp.len() < n + 1 {
            self.stamp.resize(n + 1, 0);
        }
        for &v in values {
            if v <= n as u64 {
                self.stamp[v as usize] = self.stamp_now;
            }
        }
        (0..=n)
            .find(|&v| self.stamp[v] != self.stamp_now)
            .unwrap_or(n) as u32
    }
}

/// The positions and bytes one query may add, and its ticker.
struct Budget<'a> {
    limits: &'a Limits,
    /// The arena's size when the query began.
    base: usize,
    /// Bytes a position takes in the arena.
    per_position: u64,
    /// The arena's bytes when the query began, without the dense store's (counted as they
    /// are at each check: its pages grow apart from the positions).
    base_bytes: u64,
    ticker: Ticker,
}

impl<'a> Budget<'a> {
    fn new(limits: &'a Limits, base: usize, base_bytes: usize, per_position: u64) -> Budget<'a> {
        Budget {
            limits,
            base,
            per_position,
            base_bytes: base_bytes as u64,
            ticker: Ticker::default(),
        }
    }

    /// Counts a new position (the arena holds `len` before it, and its dense store `dense`
    /// bytes).
    fn new_position(&mut self, len: usize, dense: usize) -> Result<(), Error> {
        let added = len.saturating_sub(self.base);
        if added >= self.limits.max_nodes {
            return Err(Error::positions(self.limits.max_nodes));
        }
        if added.is_multiple_of(1 << 16) {
            let bytes = self
                .base_bytes
                .saturating_add((added as u64).saturating_mul(self.per_position))
                .saturating_add(dense as u64);
            if bytes > self.limits.max_memory {
                return Err(Error::limit(
                    crate::Limit::Memory(self.limits.max_memory),
                    format!(
                        "the search holds about {} MiB for {added} positions, more than the \
                         memory limit",
                        bytes >> 20
                    ),
                ));
            }
        }
        Ok(())
    }

    fn tick(&mut self) -> Result<(), Error> {
        Ok(self.ticker.tick(self.limits)?)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Lasker's Nim: take any number, or split into two non-empty heaps (the outcome
    /// search's tests use it too).
    pub(in crate::solve) struct Lasker;
    impl Lister<u32> for Lasker {
        fn list(&self, n: &u32, out: &mut OptionList<u32>) -> Result<(), Error> {
            for k in 1..=*n {
                out.push_one(n - k);
            }
            for a in 1..*n {
                if a <= n - a {
                    out.push_sum([a, n - a]);
                }
            }
            Ok(())
        }
    }

    #[test]
    fn lasker_values() {
        let mut a = Arena::new();
        for n in 0..60u32 {
            let want = match n % 4 {
                3 => n + 1,
                0 if n > 0 => n - 1,
                _ => n,
            };
            let v = a.value(&n, &Lasker, &Limits::default()).unwrap();
            assert_eq!(v.to_u64(), Some(u64::from(want)), "{n}");
        }
    }

    /// A chain a million positions deep.
    pub(in crate::solve) struct Chain;
    impl Lister<u32> for Chain {
        fn list(&self, n: &u32, out: &mut OptionList<u32>) -> Result<(), Error> {
            if *n > 0 {
                out.push_one(n - 1);
            }
            Ok(())
        }
    }

    #[test]
    fn a_million_deep_and_limits() {
        let mut a = Arena::new();
        assert_eq!(
            a.value(&1_000_000, &Chain, &Limits::default()).unwrap(),
            Nimber::ZERO
        );
        let mut b = Arena::new();
        let e = b.value(&100, &Chain, &Limits::default().with_nodes(10));
        assert_eq!(e, Err(Error::positions(10)));
        // Nothing is left open: the same arena answers with room.
        assert_eq!(
            b.value(&100, &Chain, &Limits::default()).unwrap(),
            Nimber::ZERO
        );
    }

    /// A lister with dense codes (`code`) around one without.
    struct Coded<L>(L, fn(&u32) -> Option<u64>);
    impl<L: Lister<u32>> Lister<u32> for Coded<L> {
        fn list(&self, n: &u32, out: &mut OptionList<u32>) -> Result<(), Error> {
            self.0.list(n, out)
        }
        fn dense_code(&self, n: &u32) -> Option<u64> {
            (self.1)(n)
        }
    }

    /// Positions of a board: `a * 1000 + b` moves to a smaller `a` or `b`, or to both one
    /// smaller, or splits into the sum of the two rows (the options of kiki's game and
    /// HDU 2873's bombs in one).
    struct Board;
    impl Lister<u32> for Board {
        fn list(&self, p: &u32, out: &mut OptionList<u32>) -> Result<(), Error> {
            let (a, b) = (p / 1000, p % 1000);
            for u in 0..a {
                out.push_one(u * 1000 + b);
            }
            for v in 0..b {
                out.push_one(a * 1000 + v);
            }
            if a > 0 && b > 0 {
                out.push_one((a - 1) * 1000 + b - 1);
                out.push_sum([a * 1000, b]);
            }
            Ok(())
        }
    }

    #[test]
    fn dense_codes_give_the_values_hashing_gives() {
        // Every code its own page (the store stops growing and the rest is spilled), codes in
        // pages a row at a time, codes on one page, and codes for only some positions.
        let codings: [fn(&u32) -> Option<u64>; 4] = [
            |p| Some(u64::from(*p) << 20),
            |p| Some(u64::from(p / 1000) << 32 | u64::from(p % 1000)),
            |p| Some(u64::from(*p)),
            |p| (p % 3 != 0).then_some(u64::from(*p)),
        ];
        let mut plain = Arena::new();
        let limits = Limits::default();
        for coding in codings {
            let mut coded = Arena::new();
            for p in [0u32, 7, 3004, 12_013, 40_040, 61_059, 60_060] {
                let want = plain.value(&p, &Board, &limits).unwrap();
                assert_eq!(
                    coded.value(&p, &Coded(Board, coding), &limits).unwrap(),
                    want
                );
            }
            assert_eq!(coded.len(), plain.len());
            for p in 0..62_000u32 {
                assert_eq!(
                    coded.get(&p, &Coded(Board, coding)),
                    plain.get(&p, &Board),
                    "{p}"
                );
            }
        }
        // A chain long enough to fill the store's pages one position each, past its room.
        let mut chain = Arena::new();
        let spread = Coded(Chain, |p| Some(u64::from(*p) << PAGE_BITS));
        assert_eq!(
            chain.value(&100_000, &spread, &limits).unwrap(),
            Nimber::ZERO
        );
        assert!(!chain.dense.growing && !chain.dense.spill.is_empty());
        // The pages count against the memory limit: 65,536 positions of 20 bytes are 1.3 MB,
        // and their pages (one each, until the store stops growing) 4.4 MB more.
        let tight = Limits {
            max_memory: 3 << 20,
            ..Limits::default()
        };
        let e = Arena::new().value(&100_000, &spread, &tight);
        assert!(
            matches!(e, Err(Error::Limit { .. })),
            "{e:?}, with pages of {} bytes",
            chain.dense.bytes()
        );
        assert!(Arena::new().value(&100_000, &Chain, &tight).is_ok());
        for p in (0..=100_000u32).step_by(997) {
            let want = u64::from(p % 2);
            assert_eq!(chain.get(&p, &spread), Some(Nimber::new(want)), "{p}");
        }
    }

    struct Loop;
    impl Lister<u32> for Loop {
        fn list(&self, n: &u32, out: &mut OptionList<u32>) -> Result<(), Error> {
            out.push_one((n + 1) % 3);
            Ok(())
        }
    }

    #[test]
    fn cycles_are_reported() {
        let mut a = Arena::new();
        assert_eq!(a.value(&0, &Loop, &Limits::default()), Err(Error::Cycle));
        assert_eq!(a.value(&0, &Loop, &Limits::default()), Err(Error::Cycle));
    }
}
