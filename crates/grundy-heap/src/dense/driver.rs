//! The shared driver of the dense kernels: options, memory checks, storage widening,
//! progress, cancellation and the periodic fill.

use super::custom::CustomKernel;
use super::repeat::RepeatKernel;
use super::sparse::SparseKernel;
use super::subtraction::{BitsKernel, SubKernel, WindowKernel};
use super::three::GeneralKernel;
use crate::rules::HeapRules;
use crate::subset::SubSet;
use crate::values::{Cell, Column, HeapError, Values};

/// How the heap kernels compute, beside the budget: choices that change the speed, never
/// the values. The budget (memory, cancellation, deadline, progress) is the request's
/// [`grundy_types::Limits`], given beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strategy {
    /// Whether rayon may scan long option lists in parallel.
    pub parallel: bool,
    /// Whether the sparse-space method may be used (false forces full scans; the values
    /// are the same either way, only the speed differs).
    pub sparse: bool,
}

impl Default for Strategy {
    fn default() -> Self {
        Strategy {
            parallel: true,
            sparse: true,
        }
    }
}

/// One computation's budget and strategy as the kernels read them: the request's limits
/// (its `max_memory` bounds the tables, checked before allocating; its cancellation and
/// deadline are looked at about every 16384 values and stop the computation with
/// [`HeapError::Cancelled`] or [`HeapError::TimeLimit`]), and its progress reported as
/// values computed (counting a resumed prefix) out of the values asked for.
pub(crate) struct Ctx<'a> {
    pub(crate) limits: &'a grundy_types::Limits,
    pub(crate) memory_limit: u64,
    pub(crate) parallel: bool,
    pub(crate) sparse: bool,
    /// The progress task, shortened once, when someone listens.
    task: Option<String>,
    total: Option<u64>,
}

impl<'a> Ctx<'a> {
    /// The context of a computation called `task` (asked only when someone listens to
    /// progress) of `total` values.
    pub(crate) fn new(
        limits: &'a grundy_types::Limits,
        how: Strategy,
        task: impl FnOnce() -> String,
        total: Option<u64>,
    ) -> Ctx<'a> {
        Ctx {
            limits,
            memory_limit: limits.max_memory,
            parallel: how.parallel,
            sparse: how.sparse,
            task: limits
                .progress
                .as_ref()
                .map(|_| grundy_types::short_task(&task())),
            total,
        }
    }

    /// The context of computing the values of `rules` up to `n`.
    pub(crate) fn values(
        limits: &'a grundy_types::Limits,
        how: Strategy,
        rules: &HeapRules,
        n: usize,
    ) -> Ctx<'a> {
        Ctx::new(limits, how, || format!("values of {rules}"), Some(n as u64))
    }

    /// The context of growing a subtraction set's periodic pieces (`crate::Piecewise`),
    /// which reports the heaps covered, of no known total.
    pub(crate) fn pieces(limits: &'a grundy_types::Limits) -> Ctx<'a> {
        let task = || "heaps covered by periodic pieces".to_string();
        Ctx::new(limits, Strategy::default(), task, None)
    }

    /// Reports `done` values, when someone listens.
    pub(crate) fn report(&self, done: u64) {
        if let Some(task) = &self.task {
            self.limits.report(task, done, self.total);
        }
    }

    /// Why the computation must stop now, if it must: cancelled or out of time.
    pub(crate) fn stopped(&self) -> Option<grundy_types::Stop> {
        self.limits.check().err()
    }

    /// [`Ctx::stopped`] as the error of a computation with `done` values.
    pub(crate) fn stop_error(&self, done: u64) -> Option<HeapError> {
        self.stopped().map(|s| match s {
            grundy_types::Stop::Cancelled => HeapError::Cancelled { done },
            grundy_types::Stop::Time(limit) => HeapError::TimeLimit { limit, done },
        })
    }
}

/// The default memory limit (see [`grundy_types::default_memory_limit`]): three quarters of
/// the memory available, within the process's and its cgroup's limits.
pub use grundy_types::default_memory_limit;

/// The nim-values of single heaps of sizes `0..n`, by the fastest exact method available.
///
/// Arguments: `rules`; `n`, the number of values (heaps `0..n`); `limits`, the request's
/// budget (memory, cancellation, deadline, progress as values computed out of `n`); `how`,
/// the strategy.
///
/// Returns: the values in the smallest integer type that holds them, or
/// [`HeapError::TooLarge`] (before allocating) when even one byte per value exceeds the
/// memory limit, [`HeapError::Cancelled`] when the work was cancelled,
/// [`HeapError::TimeLimit`] at the deadline, [`HeapError::ValueOverflow`] when a value
/// needs more than 32 bits.
///
/// Complexity: for finite subtraction sets the least of O(n * |S|) (stamps),
/// O(n * (ranges + G/64)) (windows of counts) and O(n * max(S) / 64) (shifted bitsets, one ring of
/// max(S) + 128 bits per value), chosen by the set; for finite codes that split in two,
/// O(n * (rare + s)) in sparse space, where `rare` is the number of rare positions and `s`
/// the pairs scanned until the common candidates are excluded, degrading gracefully to
/// O(n^2) without sparse space; O(n^2) for repeating codes; for three-way splits O(n^2)
/// pair-set work plus the bit tests that find a witness for each candidate value (O(n) a
/// heap when the guesses hit, as for `tb[c.]`), never more than about twice the
/// O(n^2 * V / 64) words of uniting the pair sets, and O(n^3) for `!` digits. Memory: one
/// byte per value while values are below 256.
///
/// Example:
/// ```
/// use grundy_heap::{values, HeapRules, Limits, Strategy};
/// let dawson = HeapRules::parse("tb[0.07]").unwrap();
/// let g = values(&dawson, 10, &Limits::default(), Strategy::default()).unwrap();
/// assert_eq!(g.to_vec(), vec![0, 0, 1, 1, 2, 0, 3, 1, 1, 0]);
/// ```
pub fn values(
    rules: &HeapRules,
    n: usize,
    limits: &grundy_types::Limits,
    how: Strategy,
) -> Result<Values, HeapError> {
    extend(rules, Values::default(), n, limits, how)
}

/// Continues a nim-sequence: given the values of heaps `0..prefix.len()` (which must be
/// correct for `rules`), computes heaps up to `n` (exclusive).
///
/// Arguments, Returns and Complexity as for [`values`]; a prefix longer than `n` is
/// truncated.
///
/// Example:
/// ```
/// use grundy_heap::{extend, values, HeapRules, Limits, Strategy};
/// let kayles = HeapRules::parse("tb[0.77]").unwrap();
/// let (l, s) = (Limits::default(), Strategy::default());
/// let first = values(&kayles, 50, &l, s).unwrap();
/// assert_eq!(extend(&kayles, first, 200, &l, s).unwrap(), values(&kayles, 200, &l, s).unwrap());
/// ```
pub fn extend(
    rules: &HeapRules,
    mut prefix: Values,
    n: usize,
    limits: &grundy_types::Limits,
    how: Strategy,
) -> Result<Values, HeapError> {
    let opts = Ctx::values(limits, how, rules, n);
    extend_in_place(rules, &mut prefix, n, &opts)?;
    Ok(prefix)
}

/// [`extend`] on a table in place; after an error (such as a cancellation) `current`
/// still holds a correct prefix, so the work done is not lost.
pub(crate) fn extend_in_place<S: Store>(
    rules: &HeapRules,
    current: &mut S,
    n: usize,
    opts: &Ctx<'_>,
) -> Result<(), HeapError> {
    if current.len() >= n {
        current.truncate(n);
        return Ok(());
    }
    let mut driver = Driver::new(rules, current, n, opts)?;
    driver.advance(rules, current, n, opts)?;
    opts.report(current.len() as u64);
    Ok(())
}

/// A kernel growing one table towards `n` values in steps: the kernel is built (and its
/// state rebuilt from the stored prefix, one pass over it) once, whatever the number of
/// steps, so a long run can stop for checkpoints between them at no cost.
pub(crate) struct Driver {
    kernel: Kernel,
    n: usize,
    /// The table's length at which the period is looked for next.
    next_check: usize,
}

impl Driver {
    /// A driver for growing `current` (a correct prefix, shorter than `n`) to `n` values.
    pub(crate) fn new<S: Store>(
        rules: &HeapRules,
        current: &mut S,
        n: usize,
        opts: &Ctx<'_>,
    ) -> Result<Driver, HeapError> {
        let min_bytes = current.resident_bytes();
        check_memory(n as u64, min_bytes, 0, opts.memory_limit)?;
        let mut kernel = Kernel::new(rules, n, opts);
        // The kernels keep arrays indexed by value: a prefix with huge values (a checkpoint
        // file's values are trusted, not checked) must not make them allocate without bound.
        kernel.check_memory(current.max_value(), n as u64, min_bytes, opts.memory_limit)?;
        current.visit(Rebuild(&mut kernel));
        // A proven period gives every later value exactly (Guy-Smith, window repetition),
        // so tables of certifiable rules are checked for one each time they double.
        let next_check = if rules.certifiable() {
            (current.len() * 2).max(128)
        } else {
            usize::MAX
        };
        Ok(Driver {
            kernel,
            n,
            next_check,
        })
    }

    /// Grows `current` to at least `target` values (all `n` once a period is proven).
    pub(crate) fn advance<S: Store>(
        &mut self,
        rules: &HeapRules,
        current: &mut S,
        target: usize,
        opts: &Ctx<'_>,
    ) -> Result<(), HeapError> {
        let n = self.n;
        let target = target.min(n);
        while current.len() < target {
            run_to(
                &mut self.kernel,
                current,
                target.min(self.next_check),
                n,
                opts,
            )?;
            if current.len() < self.next_check || current.len() >= n {
                continue;
            }
            let mut next = self.next_check.saturating_mul(2);
            if let Some(p) = current.visit(FindPeriod(rules)) {
                if p.proven && p.saltus == 0 {
                    current.visit(FillPeriodic {
                        p: p.period as usize,
                        n,
                    });
                    break;
                }
                // A candidate that is not yet certified says how many values would certify
                // it.
                if p.saltus == 0 && p.values_needed > current.len() as u64 {
                    next = next.min(usize::try_from(p.values_needed).unwrap_or(usize::MAX));
                }
            }
            self.next_check = next;
        }
        Ok(())
    }
}

/// A table the driver can grow: [`Values`] in memory, or the file of a bounded run
/// (`crate::bounded`). Its column of the current width is handed to a [`Visit`].
pub(crate) trait Store {
    /// Number of values stored.
    fn len(&self) -> usize;
    /// Keeps the first `n` values.
    fn truncate(&mut self, n: usize);
    /// Bytes per value that count against the memory limit: the width in memory, 0 when
    /// the values live in a file.
    fn resident_bytes(&self) -> u64;
    /// The largest value stored, 0 when empty.
    fn max_value(&self) -> u32;
    /// Runs `v` on the column of the current width.
    fn visit<V: Visit>(&mut self, v: V) -> V::Out;
    /// Moves to the next wider type and stores `v` (which did not fit) after the values;
    /// `n` is the final size, for the memory checks.
    fn widen(&mut self, v: u32, n: usize, limit: u64) -> Result<(), HeapError>;
}

/// Work on a column of one width, whatever the width.
pub(crate) trait Visit {
    /// What the work gives.
    type Out;
    /// Does the work on `g`.
    fn on<T: Cell, C: Column<T>>(self, g: &mut C) -> Self::Out;
}

impl Store for Values {
    fn len(&self) -> usize {
        Values::len(self)
    }

    fn truncate(&mut self, n: usize) {
        Values::truncate(self, n);
    }

    fn resident_bytes(&self) -> u64 {
        self.bytes_per_value() as u64
    }

    fn max_value(&self) -> u32 {
        Values::max_value(self)
    }

    fn visit<V: Visit>(&mut self, v: V) -> V::Out {
        match self {
            Values::U8(g) => v.on(g),
            Values::U16(g) => v.on(g),
            Values::U32(g) => v.on(g),
        }
    }

    fn widen(&mut self, v: u32, n: usize, limit: u64) -> Result<(), HeapError> {
        let at = self.len();
        match self {
            Values::U8(g) => check_memory(n as u64, 2, g.len() as u64, limit)?,
            Values::U16(g) => check_memory(n as u64, 4, 2 * g.len() as u64, limit)?,
            Values::U32(_) => return Err(HeapError::ValueOverflow { n: at as u64 }),
        }
        let old = std::mem::take(self);
        *self = match old {
            Values::U8(g) => {
                let mut w: Vec<u16> = g.iter().map(|&x| u16::from(x)).collect();
                drop(g);
                if v <= u16::MAX as u32 {
                    w.push(v as u16);
                    Values::U16(w)
                } else {
                    let mut w: Vec<u32> = w.iter().map(|&x| u32::from(x)).collect();
                    w.push(v);
                    Values::U32(w)
                }
            }
            Values::U16(g) => {
                let mut w: Vec<u32> = g.iter().map(|&x| u32::from(x)).collect();
                w.push(v);
                Values::U32(w)
            }
            Values::U32(g) => Values::U32(g),
        };
        Ok(())
    }
}

/// The kernel's state rebuilt from a stored prefix.
struct Rebuild<'a>(&'a mut Kernel);

impl Visit for Rebuild<'_> {
    type Out = ();
    fn on<T: Cell, C: Column<T>>(self, g: &mut C) {
        self.0.rebuild(g);
    }
}

/// The kernel told of a value stored by [`Store::widen`].
struct Observe<'a> {
    kernel: &'a mut Kernel,
    at: usize,
    v: u32,
}

impl Visit for Observe<'_> {
    type Out = ();
    fn on<T: Cell, C: Column<T>>(self, g: &mut C) {
        self.kernel.observe_cell(g, self.at, self.v);
    }
}

/// The period of the values stored so far ([`crate::find_period`]).
pub(crate) struct FindPeriod<'a>(pub(crate) &'a HeapRules);

impl Visit for FindPeriod<'_> {
    type Out = Option<crate::Period>;
    fn on<T: Cell, C: Column<T>>(self, g: &mut C) -> Self::Out {
        crate::period::detect(self.0, g)
    }
}

/// Extends a table with a (proven, saltus-free) period: G(i) = G(i - p).
struct FillPeriodic {
    p: usize,
    n: usize,
}

impl Visit for FillPeriodic {
    type Out = ();
    fn on<T: Cell, C: Column<T>>(self, g: &mut C) {
        while g.len() < self.n {
            let v = g[g.len() - self.p];
            g.push(v);
        }
    }
}

/// Runs the kernel until the column holds `target` values; returns the value that did not
/// fit in its type.
struct Run<'a, 'o> {
    kernel: &'a mut Kernel,
    target: usize,
    n: usize,
    opts: &'a Ctx<'o>,
}

impl Visit for Run<'_, '_> {
    type Out = Result<Option<u32>, HeapError>;
    fn on<T: Cell, C: Column<T>>(self, g: &mut C) -> Self::Out {
        g.reserve_to(self.n, self.opts.memory_limit)?;
        run(self.kernel, g, self.target, self.opts)
    }
}

/// Runs the kernel until `current` holds `target` values, widening the storage when a
/// value does not fit; `n` is the final size, for the memory checks.
fn run_to<S: Store>(
    kernel: &mut Kernel,
    current: &mut S,
    target: usize,
    n: usize,
    opts: &Ctx<'_>,
) -> Result<(), HeapError> {
    loop {
        let overflow = current.visit(Run {
            kernel,
            target,
            n,
            opts,
        })?;
        let Some(v) = overflow else {
            return Ok(());
        };
        // A value did not fit: move to the next wider type, then store it.
        let at = current.len();
        // The wider table's bytes count only when it is held in memory.
        let wide = if current.resident_bytes() > 0 { 4 } else { 0 };
        kernel.check_memory(v, n as u64, wide, opts.memory_limit)?;
        current.widen(v, n, opts.memory_limit)?;
        current.visit(Observe { kernel, at, v });
    }
}

pub(crate) fn check_memory(n: u64, bytes: u64, extra: u64, limit: u64) -> Result<(), HeapError> {
    let needed = n.saturating_mul(bytes).saturating_add(extra);
    if needed > limit || usize::try_from(n).is_err() {
        return Err(HeapError::TooLarge {
            n,
            needed_bytes: needed,
            limit,
        });
    }
    Ok(())
}

/// How often (in values) progress is reported and the cancellation flag read.
const CHECK_EVERY: usize = 1 << 14;

/// Runs `kernel` until `g` has `n` values; returns the value that did not fit in `T`.
///
/// The sparse kernel hands work to rayon's threads twice a block. From a thread outside
/// the pool each hand-over wakes the pool and puts the caller to sleep, so on more than one
/// thread the whole run goes into the pool (`rayon::scope` runs its body on a pool thread),
/// where a hand-over is work the other threads steal.
fn run<T: Cell, C: Column<T>>(
    kernel: &mut Kernel,
    g: &mut C,
    n: usize,
    opts: &Ctx<'_>,
) -> Result<Option<u32>, HeapError> {
    if opts.parallel
        && matches!(kernel, Kernel::Sparse(_))
        && rayon::current_num_threads() > 1
        && rayon::current_thread_index().is_none()
    {
        return rayon::scope(|_| run_here(kernel, g, n, opts));
    }
    run_here(kernel, g, n, opts)
}

/// [`run`] on the calling thread.
fn run_here<T: Cell, C: Column<T>>(
    kernel: &mut Kernel,
    g: &mut C,
    n: usize,
    opts: &Ctx<'_>,
) -> Result<Option<u32>, HeapError> {
    let mut last_report = 0usize;
    // Kernels whose cost per value grows with n report (and look at the cancellation flag)
    // more often, so that long tables never look hung.
    let every = match kernel {
        Kernel::Repeat(_) | Kernel::General(_) | Kernel::Custom(_) => 16,
        // max(S) / 64 words a value: a set up to 2^24 costs about 0.1 ms a value.
        Kernel::Bits(_) => 256,
        _ => CHECK_EVERY,
    };
    while g.len() < n {
        let h = g.len();
        if h % every == 0 && h > 0 && h != last_report {
            last_report = h;
            if let Some(e) = opts.stop_error(h as u64) {
                return Err(e);
            }
            opts.report(h as u64);
        }
        if let Kernel::Sparse(k) = kernel {
            if k.wants_block(h) {
                // Stop blocks at the next progress report so reports stay regular.
                let stop = n.min((h / CHECK_EVERY + 1) * CHECK_EVERY);
                if let Some(v) = k.block(g, stop) {
                    return Ok(Some(v));
                }
                continue;
            }
        }
        let v = kernel.next(g, h);
        if let Kernel::Custom(k) = kernel {
            if let Some((heap, part)) = k.bad_move() {
                return Err(HeapError::NotShrinking { heap, part });
            }
        }
        if v > T::MAX {
            return Ok(Some(v));
        }
        g.push(T::from_u32(v));
        kernel.observe_cell(g, h, v);
    }
    Ok(None)
}

/// The kernels of finite subtraction sets, chosen by their cost per value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SubMethod {
    /// One stamp per amount (few amounts).
    Stamps,
    /// Sliding windows of counts, two updates per range (long ranges).
    Windows,
    /// Shifted bitsets, max(S) / 64 words (many scattered amounts).
    Bits,
}

impl SubMethod {
    /// The cheapest kernel for the set of `ranges` in a table of `n` values, by estimated
    /// work per value in half-nanoseconds, measured on this machine (BENCHMARKS.md, issue
    /// 23): about 1.5 ns a stamp, 7 ns for a range's two window updates, 1.4 ns a bitset
    /// word and 50 ns for the bitsets' mex and bookkeeping.
    pub(crate) fn choose(ranges: &[(u64, u64)], n: u64) -> SubMethod {
        let mut used = ranges.iter().filter(|&&(lo, _)| lo <= n);
        let amounts = used.clone().fold(0u64, |acc, &(lo, hi)| {
            acc.saturating_add(hi.min(n) - lo + 1)
        });
        let windows = 14 * used.clone().count() as u64 + 16;
        let max = used.next_back().map_or(0, |&(_, hi)| hi.min(n));
        let bits = 3 * (max / 64 + 1) + 100;
        let stamps = if amounts <= 256 {
            3 * amounts
        } else {
            u64::MAX
        };
        if stamps <= windows && stamps <= bits {
            SubMethod::Stamps
        } else if windows <= bits {
            SubMethod::Windows
        } else {
            SubMethod::Bits
        }
    }
}

enum Kernel {
    Sub(SubKernel),
    Bits(BitsKernel),
    Window(WindowKernel),
    Sparse(SparseKernel),
    Repeat(RepeatKernel),
    General(GeneralKernel),
    Custom(CustomKernel),
}

impl Kernel {
    fn new(rules: &HeapRules, n: usize, opts: &Ctx<'_>) -> Kernel {
        match rules {
            HeapRules::Sub(set) => match set {
                SubSet::Finite(f) => match SubMethod::choose(f.ranges(), n as u64) {
                    SubMethod::Stamps => Kernel::Sub(SubKernel::new(set, n)),
                    SubMethod::Windows => Kernel::Window(WindowKernel::new(f.ranges())),
                    SubMethod::Bits => {
                        Kernel::Bits(BitsKernel::new(f.ranges(), n, opts.memory_limit))
                    }
                },
                _ => Kernel::Sub(SubKernel::new(set, n)),
            },
            HeapRules::Tb(code) => {
                if code.has_three_way_split() {
                    Kernel::General(GeneralKernel::new(code, opts.memory_limit))
                } else if code.is_finite() {
                    Kernel::Sparse(SparseKernel::new(code, opts))
                } else {
                    Kernel::Repeat(RepeatKernel::new(code))
                }
            }
            HeapRules::Custom(c) => Kernel::Custom(CustomKernel::new(c)),
        }
    }

    /// Checks that this kernel's arrays indexed by value fit beside a table of `n` values of
    /// `bytes` each when values reach `maxval`: counts, stamps and bitsets take at most a few
    /// words per value below twice the largest value's power of two, and the sparse kernel
    /// adds its block of marks (one byte per such value for each heap of a block).
    fn check_memory(&self, maxval: u32, n: u64, bytes: u64, limit: u64) -> Result<(), HeapError> {
        let span = 2u64 << (32 - maxval.leading_zeros());
        let per_value = match self {
            Kernel::Sparse(_) => SparseKernel::BYTES_PER_VALUE,
            _ => 16,
        };
        let needed = n
            .saturating_mul(bytes)
            .saturating_add(span.saturating_mul(per_value));
        if needed > limit {
            return Err(HeapError::TooLarge {
                n,
                needed_bytes: needed,
                limit,
            });
        }
        Ok(())
    }

    fn rebuild<T: Cell>(&mut self, g: &[T]) {
        match self {
            Kernel::Sub(_) | Kernel::General(_) | Kernel::Custom(_) => {}
            Kernel::Window(k) => k.rebuild(g),
            Kernel::Bits(k) => k.rebuild(g),
            Kernel::Sparse(k) => k.rebuild(g),
            Kernel::Repeat(k) => k.rebuild(g),
        }
    }

    #[inline]
    fn next<T: Cell>(&mut self, g: &[T], n: usize) -> u32 {
        match self {
            Kernel::Sub(k) => k.next(g, n),
            Kernel::Bits(k) => k.next(g, n),
            Kernel::Window(k) => k.next(g, n),
            Kernel::Sparse(k) => k.next(g, n),
            Kernel::Repeat(k) => k.next(g, n),
            Kernel::General(k) => k.next(g, n),
            Kernel::Custom(k) => k.next(g, n),
        }
    }

    /// Records that G(n) = v was stored (for kernels that keep statistics).
    #[inline]
    fn observe_cell<T: Cell>(&mut self, g: &[T], n: usize, v: u32) {
        if let Kernel::Sparse(k) = self {
            k.observe(g, n, v);
        }
    }
}
