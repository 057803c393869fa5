//! Regions of a grid: sets of cells in a frame of `h` rows and `w` columns, packed row by row
//! into one word (cell `(r, c)` is bit `r * w + c`; at most as many cells as the word has
//! bits: `u64` or `u128`).
//!
//! The operations the searches need, each on whole words: the four-neighbour dilation, the
//! split into connected regions, the crop to the bounding box and the canonical image among
//! the eight symmetries of the square (only those that keep the frame's shape with rows at
//! most columns), and the mirror images used by the symmetry strategy.

use crate::word::Word;

/// The most cells a frame may have.
pub const MAX_CELLS: u32 = 128;

/// A set of cells in a frame of `h` rows and `w` columns (`h * w` at most the word's bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region<W: Word> {
    /// The cells, row by row: cell `(r, c)` is bit `r * w + c`.
    pub bits: W,
    /// Rows of the frame.
    pub h: u8,
    /// Columns of the frame.
    pub w: u8,
}

/// The low `n` bits set (`n <= 128`).
pub fn low_bits(n: u32) -> u128 {
    <u128 as Word>::low_bits(n)
}

/// The column masks of a frame.
#[derive(Clone, Copy, Debug)]
pub struct Frame<W: Word> {
    /// Rows.
    pub h: u32,
    /// Columns.
    pub w: u32,
    /// Every cell of the frame.
    pub full: W,
    /// The cells of the first column.
    pub left: W,
    /// The cells of the last column.
    pub right: W,
}

impl<W: Word> Frame<W> {
    /// The frame of `h` rows and `w` columns (`h * w` at most the word's bits, both at
    /// least 1).
    pub fn new(h: u32, w: u32) -> Frame<W> {
        debug_assert!(h >= 1 && w >= 1 && h * w <= W::BITS);
        let mut left = W::ZERO;
        for r in 0..h {
            left |= W::ONE.shl(r * w);
        }
        Frame {
            h,
            w,
            full: W::low_bits(h * w),
            left,
            right: left.shl(w - 1),
        }
    }

    /// The cells of `x` and their four neighbours in the frame.
    #[inline]
    pub fn dilate(&self, x: W) -> W {
        (x | (x.shl(1) & !self.left) | (x.shr(1) & !self.right) | x.shl(self.w) | x.shr(self.w))
            & self.full
    }

    /// The horizontal pairs `(i, i + 1)` inside `x`, by their left cell.
    #[inline]
    pub fn horizontal_pairs(&self, x: W) -> W {
        x & x.shr(1) & !self.right
    }

    /// The vertical pairs `(i, i + w)` inside `x`, by their upper cell.
    #[inline]
    pub fn vertical_pairs(&self, x: W) -> W {
        x & x.shr(self.w)
    }

    /// Calls `f` with each connected region of `x` (four-neighbour connection), lowest cell
    /// first.
    #[inline]
    pub fn each_component(&self, x: W, mut f: impl FnMut(W)) {
        let mut rest = x;
        while rest != W::ZERO {
            let mut comp = rest.lowest();
            loop {
                let grown = self.dilate(comp) & rest;
                if grown == comp {
                    break;
                }
                comp = grown;
            }
            f(comp);
            rest &= !comp;
        }
    }

    /// The canonical form of the cells `x` (not empty): cropped to their bounding box and
    /// turned to the least packing among the symmetries that give a frame with rows at most
    /// columns. Works on whole words: the half turn is a bit reversal, the other images a
    /// pass over the rows, the transpose a pass over the cells.
    pub fn canonical(&self, x: W) -> Region<W> {
        debug_assert!(x != W::ZERO);
        let w = self.w;
        let r0 = x.trailing_zeros() / w;
        let r1 = (W::BITS - 1 - x.leading_zeros()) / w;
        let h = r1 - r0 + 1;
        let x = x.shr(r0 * w);
        let row_mask = W::low_bits(w);
        let mut cols = W::ZERO;
        for r in 0..h {
            cols |= x.shr(r * w) & row_mask;
        }
        let c0 = cols.trailing_zeros();
        let w2 = W::BITS - 1 - cols.leading_zeros() - c0 + 1;
        let packed = if w2 == w {
            x
        } else {
            let keep = W::low_bits(w2);
            (0..h).fold(W::ZERO, |acc, r| {
                acc | ((x.shr(r * w + c0) & keep).shl(r * w2))
            })
        };
        let mut best = !W::ZERO;
        if h <= w2 {
            best = best.min(least_image(packed, h, w2));
        }
        if w2 <= h {
            best = best.min(least_image(transpose(packed, h, w2), w2, h));
        }
        Region {
            bits: best,
            h: h.min(w2) as u8,
            w: h.max(w2) as u8,
        }
    }

    /// The image of `x` under a mirror of the frame: turned half a turn, or reflected across
    /// the vertical or the horizontal middle line.
    pub fn mirror(&self, x: W, m: Mirror) -> W {
        match m {
            Mirror::HalfTurn => half_turn(x, self.h * self.w),
            Mirror::UpDown => up_down(x, self.h, self.w),
            Mirror::LeftRight => half_turn(up_down(x, self.h, self.w), self.h * self.w),
        }
    }
}

/// A symmetry of a frame that the symmetry strategy uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mirror {
    /// Half a turn about the centre.
    HalfTurn,
    /// Reflection across the vertical middle line.
    LeftRight,
    /// Reflection across the horizontal middle line.
    UpDown,
}

/// Every mirror.
pub const MIRRORS: [Mirror; 3] = [Mirror::HalfTurn, Mirror::LeftRight, Mirror::UpDown];

/// `x` (a frame of `n` cells) turned half a turn: its `n` low bits reversed.
#[inline]
fn half_turn<W: Word>(x: W, n: u32) -> W {
    x.reverse_bits().shr(W::BITS - n)
}

/// `x` (a frame of `h` rows and `w` columns) with its rows in reverse order.
#[inline]
fn up_down<W: Word>(x: W, h: u32, w: u32) -> W {
    let keep = W::low_bits(w);
    (0..h).fold(W::ZERO, |acc, r| {
        acc | (x.shr(r * w) & keep).shl((h - 1 - r) * w)
    })
}

/// The least of the four packings of `x` that keep its frame: as is, turned half a turn
/// (the bits reversed), reflected up-down and left-right.
#[inline]
fn least_image<W: Word>(x: W, h: u32, w: u32) -> W {
    let half = half_turn(x, h * w);
    let ud = up_down(x, h, w);
    let lr = half_turn(ud, h * w);
    x.min(half).min(ud).min(lr)
}

/// The transpose of `x` (a frame of `h` rows and `w` columns), a frame of `w` rows and `h`
/// columns.
fn transpose<W: Word>(x: W, h: u32, w: u32) -> W {
    let mut out = W::ZERO;
    let keep = W::low_bits(w);
    for r in 0..h {
        let mut row = x.shr(r * w) & keep;
        while row != W::ZERO {
            let c = row.trailing_zeros();
            out |= W::ONE.shl(c * h + r);
            row &= row - W::ONE;
        }
    }
    out
}

impl<W: Word> Region<W> {
    /// The frame of this region.
    pub fn frame(&self) -> Frame<W> {
        Frame::new(u32::from(self.h), u32::from(self.w))
    }

    /// The number of cells.
    pub fn cells(&self) -> u32 {
        self.bits.count_ones()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_folds_the_eight_symmetries() {
        // An L of three cells in a 3x3 frame, in each of its positions, has one form.
        let f = Frame::<u64>::new(3, 3);
        let cells = |v: &[(u32, u32)]| v.iter().fold(0u64, |a, &(r, c)| a | 1 << (r * 3 + c));
        let forms = [
            cells(&[(0, 0), (1, 0), (1, 1)]),
            cells(&[(1, 1), (1, 2), (2, 2)]),
            cells(&[(0, 2), (1, 2), (1, 1)]),
            cells(&[(2, 0), (2, 1), (1, 1)]),
        ];
        let c = f.canonical(forms[0]);
        for x in forms {
            assert_eq!(f.canonical(x), c);
        }
        assert_eq!((c.h, c.w, c.cells()), (2, 2, 3));
        // A column of three becomes a row.
        let col = f.canonical(cells(&[(0, 1), (1, 1), (2, 1)]));
        assert_eq!((col.h, col.w, col.bits), (1, 3, 0b111));
        // The same in a 128-bit word.
        let f = Frame::<u128>::new(3, 3);
        let c128 = f.canonical(u128::from(forms[1]));
        assert_eq!((c128.h, c128.w, c128.bits), (c.h, c.w, u128::from(c.bits)));
    }

    #[test]
    fn components_split_on_four_neighbours() {
        let f = Frame::<u64>::new(2, 4);
        // ##.# / ...# : {0,1}, {3,7}.
        let x = 0b1000_1011u64;
        let mut parts = Vec::new();
        f.each_component(x, |c| parts.push(c));
        assert_eq!(parts, vec![0b11, 0b1000_1000]);
    }

    #[test]
    fn mirrors_of_a_frame() {
        let f = Frame::<u64>::new(2, 3);
        // cell (0,0) -> half turn (1,2), left-right (0,2), up-down (1,0)
        assert_eq!(f.mirror(1, Mirror::HalfTurn), 1 << 5);
        assert_eq!(f.mirror(1, Mirror::LeftRight), 1 << 2);
        assert_eq!(f.mirror(1, Mirror::UpDown), 1 << 3);
    }
}
