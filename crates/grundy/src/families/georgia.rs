//! Georgia and Bob: pieces on a row of cells; a move shifts one piece left without passing
//! another piece or the left edge.
//!
//! Rules: `georgia(p1, ..., pn)`: pieces on distinct cells p_i >= 1 (in any order; the order as
//! written is kept). A move takes a piece and moves it left by at least one cell, to a free cell,
//! without jumping over another piece; cell 1 is the leftmost.
//! Theory: sort the cells s_1 < ... < s_n and let g_j = s_j - s_{j-1} - 1 (s_0 = 0) be the free
//! cells left of piece j. Moving piece j left by t lowers g_j by t and raises g_{j+1} by t (the
//! rightmost piece's gap has no successor). That is staircase Nim exactly, with the rightmost
//! gap on stair 1, the next on stair 2, and so on: the value is g_n ^ g_{n-2} ^ ..., the gaps
//! "paired from the right end" of the POJ solutions. Exact at any size; winning moves come from
//! [`super::staircase::stair_moves_to`].
//! Worked example (POJ 1704): georgia(1,5,6,7,9,12,14,17): gaps 0,3,0,0,1,2,1,2; the stairs from
//! the right are 2, 1, 2, 1, 0, 0, 3, 0; the odd stairs give 2 ^ 2 ^ 0 ^ 3 = 3, so Georgia (first)
//! wins; georgia(1,2,3) has value 0 (Bob wins).
//! Source: POJ 1704 "Georgia and Bob"; Winning Ways, chapter 4 (staircase Nim).

use num_bigint::BigUint;
use num_traits::{ToPrimitive, Zero};

use super::staircase::{naturals_args, stair_explanation, stair_moves_to, stair_value, StairMove};
use crate::explanation::Explanation;
use crate::rules::{
    first_moves_counted, Arg, ArgError, Counted, Family, Opt, Ruleset, RulesetRef, Theory,
};
use crate::{Error, Limits, Nimber};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "georgia",
        &[],
        "georgia(p1, p2, ...) with pieces on distinct cells >= 1",
        "Georgia and Bob: shift a piece left without passing another or the edge",
        "georgia(1,5,6,7,9,12,14,17)",
        None,
        |_params, _ctx| Ok(RulesetRef::of(Georgia)),
    )
}

/// Largest total number of free cells for which moves are enumerated.
pub const SEARCH_LIMIT: u64 = 100_000;

/// The Georgia and Bob ruleset.
#[derive(Debug, Clone, Copy)]
pub struct Georgia;

/// The indices of the pieces sorted by cell, and the stairs (stair 1 = the rightmost gap).
fn stairs(cells: &[BigUint]) -> (Vec<usize>, Vec<BigUint>) {
    let mut order: Vec<usize> = (0..cells.len()).collect();
    order.sort_by(|&i, &j| cells[i].cmp(&cells[j]));
    let mut gaps = Vec::with_capacity(cells.len());
    let mut prev = BigUint::zero();
    for &i in &order {
        // Cells are distinct and at least 1 (checked by `components`), so this never wraps.
        let g = if cells[i] > prev {
            &cells[i] - &prev - 1u32
        } else {
            BigUint::zero()
        };
        gaps.push(g);
        prev = cells[i].clone();
    }
    gaps.reverse();
    (order, gaps)
}

/// The cells after a stair move (the piece whose gap is the stair moves left).
fn piece_move(cells: &[BigUint], order: &[usize], m: &StairMove) -> Vec<BigUint> {
    let n = order.len();
    // Stair s holds the gap of the s-th piece from the right.
    let idx = order[n - m.from];
    let mut next = cells.to_vec();
    next[idx] -= &m.amount;
    next
}

/// Cells of the pieces, in the order written.
type Cells = Vec<BigUint>;

impl Ruleset for Georgia {
    type P = Cells;

    fn name(&self) -> String {
        "georgia".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Cells>, ArgError> {
        let mut seen = std::collections::HashMap::new();
        let mut cells = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let c = a
                .as_natural()
                .map_err(|m| ArgError::at(i, format!("piece {}: {m}", i + 1)))?;
            if c.is_zero() {
                return Err(ArgError::at(
                    i,
                    format!("piece {} is on cell 0; cells are numbered from 1", i + 1),
                ));
            }
            if let Some(j) = seen.insert(c.clone(), i) {
                return Err(ArgError::at(
                    i,
                    format!(
                        "pieces {} and {} are both on cell {c}; a cell holds at most one piece",
                        j + 1,
                        i + 1
                    ),
                ));
            }
            cells.push(c);
        }
        Ok(vec![cells])
    }

    fn args(&self, cells: &Cells) -> Vec<Arg> {
        naturals_args(cells)
    }

    fn options(&self, cells: &Cells, limits: &Limits) -> Result<Vec<Opt<Cells>>, Error> {
        limits.check()?;
        let (order, gaps) = stairs(cells);
        let mut out = Vec::new();
        for (s, g) in gaps.iter().enumerate() {
            for t in 1..=g.to_u64().unwrap_or(0) {
                let m = StairMove {
                    from: s + 1,
                    amount: BigUint::from(t),
                };
                out.push(vec![piece_move(cells, &order, &m)]);
            }
        }
        Ok(out)
    }

    fn describe(&self, cells: &Cells, to: &[Cells]) -> String {
        // A move changes the cell of exactly one piece.
        let next = to.first().map(Vec::as_slice).unwrap_or(&[]);
        match (0..cells.len().min(next.len())).find(|&i| next[i] != cells[i]) {
            Some(i) => format!("move the piece on cell {} to cell {}", cells[i], next[i]),
            None => "move no piece".to_string(),
        }
    }

    fn searchable(&self, cells: &Cells) -> Result<(), Error> {
        let (_, gaps) = stairs(cells);
        let total: BigUint = gaps.iter().sum();
        if total > BigUint::from(SEARCH_LIMIT) {
            return Err(Error::too_large(format!(
                "the pieces have {total} free cells to move through, too many to search move \
                 by move (at most {SEARCH_LIMIT}); in normal play the value has a closed form"
            )));
        }
        Ok(())
    }

    fn sample(&self, seed: u64) -> Vec<Cells> {
        // One to three pieces on distinct cells 1..=8.
        let mut rng = crate::rules::Rng::new(seed);
        let mut cells: Cells = Vec::new();
        for _ in 0..rng.range(1, 3) {
            let c = BigUint::from(rng.range(1, 8));
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        vec![cells]
    }

    fn theory(&self) -> Option<&dyn Theory<Cells>> {
        Some(self)
    }
}

impl Theory<Cells> for Georgia {
    fn nimber(&self, cells: &Cells, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        let (_, gaps) = stairs(cells);
        Ok(Some(Nimber::from_big(stair_value(&gaps))))
    }

    fn counted_moves_to_value(
        &self,
        cells: &Cells,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<Cells>>, Error> {
        let (order, gaps) = stairs(cells);
        Ok(Some(first_moves_counted(
            stair_moves_to(&gaps, &target.to_biguint())
                .iter()
                .map(|m| vec![piece_move(cells, &order, m)])
                .collect(),
            cap,
            limits,
        )))
    }

    fn explain(&self, cells: &Cells) -> Option<Explanation> {
        let (_, gaps) = stairs(cells);
        Some(stair_explanation(
            "Georgia and Bob: the free cells left of each piece, rightmost piece first".into(),
            &gaps,
            "gap",
        ))
    }
}
