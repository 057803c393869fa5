//! The searches as a family uses them: a board or a graph in, its value (or a test of it) out,
//! one transposition table kept between questions.

use grundy_types::{Limits, Stop};

use crate::board::Board;
use crate::cram::{parts_of, Cram};
use crate::kayles::{grid_parts, GridKayles};
use crate::region::{Frame, Region};
use crate::search::{entry_bytes, Parts, Search, Stats};
use crate::word::Word;

/// A grid game whose positions split into canonical regions.
pub trait GridParts<W: Word>: Parts<Part = Region<W>> + Default {
    /// The canonical parts of the cells `x` of the frame `f`.
    fn split(&self, f: &Frame<W>, x: W) -> Vec<Region<W>>;
}

impl<W: Word> GridParts<W> for Cram<W> {
    fn split(&self, f: &Frame<W>, x: W) -> Vec<Region<W>> {
        parts_of(f, x)
    }
}

impl<W: Word> GridParts<W> for GridKayles<W> {
    fn split(&self, f: &Frame<W>, x: W) -> Vec<Region<W>> {
        grid_parts(f, x)
    }
}

/// One grid game's searches: boards of at most 64 cells in 64-bit words, larger ones (up to
/// 128 cells) in 128-bit words, each with its own table.
#[derive(Debug)]
pub struct GridSolver<S: GridParts<u64>, L: GridParts<u128>> {
    small: Search<S>,
    large: Search<L>,
}

/// Cram's searches.
pub type CramSolver = GridSolver<Cram<u64>, Cram<u128>>;
/// Node Kayles' searches on grids.
pub type GridKaylesSolver = GridSolver<GridKayles<u64>, GridKayles<u128>>;

impl<S: GridParts<u64>, L: GridParts<u128>> Default for GridSolver<S, L> {
    fn default() -> Self {
        GridSolver {
            small: Search::with_capacity(S::default(), 1 << 20),
            large: Search::with_capacity(L::default(), 1 << 20),
        }
    }
}

impl<S: GridParts<u64>, L: GridParts<u128>> GridSolver<S, L> {
    /// Bounds the tables by a memory budget in bytes (shared by the two tables); a full
    /// table is emptied and the search goes on.
    pub fn set_memory(&mut self, bytes: u64) {
        let per = entry_bytes::<S>().max(entry_bytes::<L>()) as u64;
        let n = usize::try_from(bytes / 2 / per.max(1)).unwrap_or(usize::MAX);
        self.small.set_capacity(n);
        self.large.set_capacity(n);
    }

    /// The work done so far (both tables).
    pub fn stats(&self) -> Stats {
        let (a, b) = (self.small.stats(), self.large.stats());
        Stats {
            expanded: a.expanded + b.expanded,
            stored: a.stored + b.stored,
            cleared: a.cleared + b.cleared,
        }
    }

    /// The value of the empty cells of a board.
    pub fn value(&mut self, b: &Board, limits: &Limits) -> Result<u8, Stop> {
        let (h, w) = (u32::from(b.rows), u32::from(b.cols));
        if h * w <= 64 {
            let f = Frame::<u64>::new(h, w);
            let parts = self.small.game().split(&f, b.empty as u64);
            self.small.value_of_sum(&parts, limits)
        } else {
            let f = Frame::<u128>::new(h, w);
            let parts = self.large.game().split(&f, b.empty);
            self.large.value_of_sum(&parts, limits)
        }
    }

    /// Whether the value of a board is `x`: a test that stops at the first option of the
    /// asked value of its largest part, cheaper than the value.
    pub fn value_is(&mut self, b: &Board, x: u8, limits: &Limits) -> Result<bool, Stop> {
        let (h, w) = (u32::from(b.rows), u32::from(b.cols));
        if h * w <= 64 {
            let f = Frame::<u64>::new(h, w);
            let parts = self.small.game().split(&f, b.empty as u64);
            self.small.sum_is(&parts, x, limits)
        } else {
            let f = Frame::<u128>::new(h, w);
            let parts = self.large.game().split(&f, b.empty);
            self.large.sum_is(&parts, x, limits)
        }
    }
}
