//! Cram: a move covers two empty cells side by side (a domino, either way); who cannot move
//! loses.
//!
//! Parts are connected regions of empty cells in canonical form ([`Frame::canonical`]); a
//! lone cell has no move and is left out of every option, and of two tufts (cells with one
//! neighbour) on one cell only one is kept ([`reduce_tufts`]). Theory without search:
//! - a strip of `n` cells (one row) is Dawson's Kayles (octal 0.07): its values are computed
//!   once from the rule itself, up to 128 cells ([`strip_values`]);
//! - a region that a mirror of its frame maps onto itself, where no domino meets its own image,
//!   is worth 0: the second player answers each domino with its image (the symmetry strategy;
//!   an even by even rectangle is the classic case).

use std::marker::PhantomData;

use crate::region::{Frame, Region, MIRRORS};
use crate::search::Parts;
use crate::word::Word;

/// Cram over canonical regions held in words of type `W`.
#[derive(Clone, Debug)]
pub struct Cram<W: Word> {
    strip: Vec<u8>,
    word: PhantomData<W>,
}

impl<W: Word> Default for Cram<W> {
    fn default() -> Self {
        Cram {
            strip: strip_values(W::BITS as usize),
            word: PhantomData,
        }
    }
}

/// The dominoes of a region in its frame: each as the mask of its two cells.
pub fn dominoes<W: Word>(f: &Frame<W>, x: W, mut each: impl FnMut(W)) {
    let mut h = f.horizontal_pairs(x);
    while h != W::ZERO {
        let i = h.trailing_zeros();
        each(W::ONE.shl(i) | W::ONE.shl(i + 1));
        h &= h - W::ONE;
    }
    let mut v = f.vertical_pairs(x);
    while v != W::ZERO {
        let i = v.trailing_zeros();
        each(W::ONE.shl(i) | W::ONE.shl(i + f.w));
        v &= v - W::ONE;
    }
}

/// The dominoes of a region, those nearest the middle of its frame first: vertical ones by
/// their distance from the middle column, then horizontal ones by their distance from the
/// middle row. A domino in the middle tends to cut a region into halves, often equal ones,
/// which the search answers at once, so a test for a value ends sooner.
pub fn dominoes_middle_first<W: Word>(f: &Frame<W>, x: W, mut each: impl FnMut(W)) {
    let mut v = f.vertical_pairs(x);
    let mut band = f.left.shl(f.w / 2);
    while v != W::ZERO {
        let mut now = v & band;
        while now == W::ZERO {
            band |= (band.shl(1) & !f.left) | (band.shr(1) & !f.right);
            now = v & band;
        }
        let low = now.lowest();
        each(low | low.shl(f.w));
        v &= !low;
    }
    let mut h = f.horizontal_pairs(x);
    let mut band = W::low_bits(f.w).shl(f.w * (f.h / 2));
    while h != W::ZERO {
        let mut now = h & band;
        while now == W::ZERO {
            band |= (band.shl(f.w) & f.full) | band.shr(f.w);
            now = h & band;
        }
        let low = now.lowest();
        each(low | low.shl(1));
        h &= !low;
    }
}

/// For the cells of `x`: those whose left, right, upper and lower neighbour is in `x`.
#[inline]
fn neighbours<W: Word>(f: &Frame<W>, x: W) -> [W; 4] {
    [
        x & (x.shl(1) & !f.left),
        x & (x.shr(1) & !f.right),
        x & x.shl(f.w),
        x & x.shr(f.w),
    ]
}

/// `x` with all but one of the tufts (cells with one neighbour) on each cell removed. Two
/// tufts on one cell are worth one: only one of them can ever be covered (each only with that
/// cell), so the other is a dead cell whatever is played, and removing it changes no value.
pub fn reduce_tufts<W: Word>(f: &Frame<W>, mut x: W) -> W {
    loop {
        let [l, r, u, d] = neighbours(f, x);
        let t = x & (l ^ r ^ u ^ d) & !((l & r) | (u & d) | ((l | r) & (u | d)));
        if t == W::ZERO {
            return x;
        }
        // Each tuft's one neighbour (its centre), by the side the neighbour is on.
        let (sides, shifts) = ([t & l, t & r, t & u, t & d], [1, 1, f.w, f.w]);
        let mut centres = W::ZERO;
        let mut remove = W::ZERO;
        for k in 0..4 {
            let back = k % 2 == 1; // right and lower neighbours sit above the tuft's bit
            let c = if back {
                sides[k].shl(shifts[k])
            } else {
                sides[k].shr(shifts[k])
            };
            let dup = c & centres;
            if dup != W::ZERO {
                remove |= if back {
                    dup.shr(shifts[k])
                } else {
                    dup.shl(shifts[k])
                };
            }
            centres |= c;
        }
        if remove == W::ZERO {
            return x;
        }
        x &= !remove;
    }
}

/// The values of Cram on strips of 0..=n cells (Dawson's Kayles, octal 0.07), from the rule:
/// a domino leaves two strips whose lengths add up to `n - 2`.
pub fn strip_values(n: usize) -> Vec<u8> {
    let mut g = vec![0u8; n + 1];
    for m in 2..=n {
        let mut seen = 0u128;
        for a in 0..=(m - 2) {
            seen |= 1 << (g[a] ^ g[m - 2 - a]);
        }
        g[m] = seen.trailing_ones() as u8;
    }
    g
}

impl<W: Word> Parts for Cram<W> {
    type Part = Region<W>;

    fn size(&self, p: &Region<W>) -> u32 {
        p.cells()
    }

    fn options(&self, p: &Region<W>, parts: &mut Vec<Region<W>>, ends: &mut Vec<u32>) {
        let f = p.frame();
        dominoes_middle_first(&f, p.bits, |d| {
            push_parts(&f, p.bits & !d, parts);
            ends.push(parts.len() as u32);
        });
    }

    fn theory(&self, p: &Region<W>) -> Option<u8> {
        if p.h == 1 {
            return self.strip.get(p.cells() as usize).copied();
        }
        let f = p.frame();
        for m in MIRRORS {
            if f.mirror(p.bits, m) != p.bits {
                continue;
            }
            let mut clash = false;
            dominoes(&f, p.bits, |d| clash |= f.mirror(d, m) & d != W::ZERO);
            if !clash {
                return Some(0);
            }
        }
        None
    }
}

/// The canonical parts (two cells or more, tufts reduced) of the empty cells `x` of a frame.
pub fn parts_of<W: Word>(f: &Frame<W>, x: W) -> Vec<Region<W>> {
    let mut out = Vec::new();
    push_parts(f, x, &mut out);
    out
}

/// Appends the canonical parts of the empty cells `x` (lone cells left out: no move).
fn push_parts<W: Word>(f: &Frame<W>, x: W, out: &mut Vec<Region<W>>) {
    f.each_component(x, |c| {
        if !c.at_most_one() {
            let r = reduce_tufts(f, c);
            if r == c {
                out.push(f.canonical(c));
            } else {
                // A removed tuft may leave its centre's other tuft alone with it: split again.
                f.each_component(r, |c2| {
                    if !c2.at_most_one() {
                        out.push(f.canonical(c2));
                    }
                });
            }
        }
    });
}
