//! Heap games of any other shape: a family supplies its moves through [`HeapMoves`] and gets
//! every heap tool (dense tables, periods, table files, plots, misere quotients) without a
//! new variant of [`crate::HeapRules`].

use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The moves of a one-heap game that is neither a take-and-break code nor a subtraction set.
///
/// A family implements this and hands [`CustomRules::new`] of it to
/// [`crate::HeapRules::Custom`]; the dense kernel, the period search, table files and the
/// misere quotient then take it like the built-in rules.
///
/// Example:
/// ```
/// use grundy_heap::{naive_values, values, Limits, Strategy, CustomRules, HeapMoves, HeapRules};
/// // From a heap of n take one counter, or halve it (keep n / 2 rounded down).
/// struct Halve;
/// impl HeapMoves for Halve {
///     fn name(&self) -> String {
///         "halve".to_string()
///     }
///     fn options(&self, n: u64, each: &mut dyn FnMut(&[u64])) {
///         if n >= 1 {
///             each(&[n - 1]);
///             each(&[n / 2]);
///         }
///     }
/// }
/// let rules = HeapRules::Custom(CustomRules::new(Halve));
/// let g = values(&rules, 200, &Limits::default(), Strategy::default()).unwrap();
/// assert_eq!(g.to_vec(), naive_values(&rules, 200));
/// assert_eq!(rules.to_string(), "halve");
/// ```
pub trait HeapMoves: Send + Sync {
    /// The canonical name of the rules, as an expression writes them (`take[2..4]`): rules
    /// compare and hash by it, and table files record it.
    fn name(&self) -> String;

    /// Calls `each` once per move from a heap of `n`, with the heaps the move leaves (empty
    /// heaps may be listed or left out; a move that leaves nothing passes an empty slice).
    /// Every heap left must be smaller than `n`: the kernels refuse the rules otherwise.
    fn options(&self, n: u64, each: &mut dyn FnMut(&[u64]));

    /// When G(n) depends only on the window of the `size` values before it, through moves
    /// that are the same for every n >= `from` (each move takes a fixed number of counters,
    /// between 1 and `size`, and leaves one heap), a period can be proven from a finite
    /// table: the window repeating once repeats forever. `None` (the default) when no such
    /// promise holds; periods are then observed, not proven.
    fn window(&self) -> Option<Window> {
        None
    }
}

/// The promise of [`HeapMoves::window`]: for every n >= `from`, the options of n are the
/// heaps n - k for a fixed set of k in 1..=`size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Window {
    /// The largest number of counters one move takes.
    pub size: u64,
    /// The first heap from which the moves are translation-invariant.
    pub from: u64,
}

/// A [`HeapMoves`] with its name, as [`crate::HeapRules::Custom`] holds it; two rules with the
/// same name are the same rules.
#[derive(Clone)]
pub struct CustomRules {
    name: String,
    moves: Arc<dyn HeapMoves>,
}

impl CustomRules {
    /// Wraps a family's moves.
    pub fn new(moves: impl HeapMoves + 'static) -> CustomRules {
        CustomRules {
            name: moves.name(),
            moves: Arc::new(moves),
        }
    }

    /// The canonical name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The moves of a heap of `n`, as [`HeapMoves::options`].
    pub fn options(&self, n: u64, each: &mut dyn FnMut(&[u64])) {
        self.moves.options(n, each);
    }

    /// The window promise, as [`HeapMoves::window`].
    pub fn window(&self) -> Option<Window> {
        self.moves.window()
    }
}

impl fmt::Debug for CustomRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("CustomRules").field(&self.name).finish()
    }
}

impl PartialEq for CustomRules {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for CustomRules {}

impl Hash for CustomRules {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}
