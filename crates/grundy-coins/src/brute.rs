//! Brute-force values of two-dimensional coin-turning games: mex over every move.
//!
//! This is the reference the closed forms are tested against, and the exact method for acrostic
//! products of games that are not even (no closed form is known for them). It uses only the
//! turning codes of the two games ([`crate::Line::rule`]), never their closed forms nor
//! nim-multiplication.

use crate::error::CoinError;
use crate::product::{Product, ProductKind};

/// Largest board side (coins per row or column) the brute force accepts.
pub const GRID_LIMIT: u64 = 64;

/// Most elementary steps (one turned coin counted once) of one brute-force table.
pub const GRID_BUDGET: u64 = 200_000_000;

/// The values of the single-head positions of a board, computed by mex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueTable {
    first_x: u64,
    first_y: u64,
    nx: u64,
    ny: u64,
    values: Vec<u128>,
}

impl ValueTable {
    /// The value of a head at `(x, y)`, if the cell is on the board.
    pub fn get(&self, x: u64, y: u64) -> Option<u128> {
        let i = x.checked_sub(self.first_x)?;
        let j = y.checked_sub(self.first_y)?;
        if i >= self.nx || j >= self.ny {
            return None;
        }
        self.values.get((i * self.ny + j) as usize).copied()
    }

    /// The number of rows and of columns.
    pub fn size(&self) -> (u64, u64) {
        (self.nx, self.ny)
    }
}

/// The other coins (increasing, without the last) of every move of a line game ending at
/// each coin of the board.
fn line_moves(
    line: &crate::Line,
    n: u64,
    budget: &mut u64,
) -> Result<Vec<Vec<Vec<u64>>>, CoinError> {
    let rule = line.rule();
    let first = rule.first();
    let mut out = Vec::new();
    for i in 0..n {
        let mut ms = Vec::new();
        rule.for_each_move(first + i, budget, |others| ms.push(others.to_vec()))?;
        ms.sort();
        ms.dedup();
        out.push(ms);
    }
    Ok(out)
}

/// Values of every single head on the board of `nx` rows and `ny` columns (starting at the
/// first coin of each game), by mex over all moves of the product.
///
/// Arguments: a product and the board size, each side at most [`GRID_LIMIT`]. Returns: the
/// table. Complexity: for each cell, the number of its moves times their size (for a Tartan
/// product the moves are all products of a row move and a column move), at most
/// [`GRID_BUDGET`] steps. Example: for Turning Corners on 16 x 16 this is Ferguson's table 5.2.
pub fn grid_values(product: &Product, nx: u64, ny: u64) -> Result<ValueTable, CoinError> {
    if nx > GRID_LIMIT || ny > GRID_LIMIT {
        return Err(CoinError::too_large(format!(
            "the brute force handles boards of at most {GRID_LIMIT} x {GRID_LIMIT} coins, and \
             {nx} x {ny} were asked for; use a product with a closed form or a smaller board"
        )));
    }
    let mut budget = GRID_BUDGET;
    let rows = line_moves(&product.rows, nx, &mut budget)?;
    let cols = line_moves(&product.cols, ny, &mut budget)?;
    let first_x = product.rows.first_coin();
    let first_y = product.cols.first_coin();
    let mut t = vec![0u128; (nx * ny) as usize];
    let at = |i: u64, j: u64| (i * ny + j) as usize;
    let mut options: Vec<u128> = Vec::new();
    for i in 0..nx {
        for j in 0..ny {
            options.clear();
            let mut spend = |cost: u64| -> Result<(), CoinError> {
                if budget < cost.max(1) {
                    return Err(CoinError::too_large(format!(
                        "the brute force of a {nx} x {ny} board needs more than {GRID_BUDGET} \
                         steps; use a smaller board"
                    )));
                }
                budget -= cost.max(1);
                Ok(())
            };
            // Local index of a coin (coins of moves are at or after the first coin).
            let ri = |a: u64| a - first_x;
            let cj = |b: u64| b - first_y;
            match product.kind {
                ProductKind::Tartan => {
                    for m1 in &rows[i as usize] {
                        for m2 in &cols[j as usize] {
                            spend((m1.len() as u64 + 1) * (m2.len() as u64 + 1))?;
                            // Every cell of (m1 + x) x (m2 + y) except (x, y) itself.
                            let mut v = 0u128;
                            for &a in m1 {
                                v ^= t[at(ri(a), j)];
                                for &b in m2 {
                                    v ^= t[at(ri(a), cj(b))];
                                }
                            }
                            for &b in m2 {
                                v ^= t[at(i, cj(b))];
                            }
                            options.push(v);
                        }
                    }
                }
                ProductKind::Acrostic => {
                    for m1 in &rows[i as usize] {
                        spend(m1.len() as u64)?;
                        options.push(m1.iter().fold(0, |v, &a| v ^ t[at(ri(a), j)]));
                    }
                    for m2 in &cols[j as usize] {
                        spend(m2.len() as u64)?;
                        options.push(m2.iter().fold(0, |v, &b| v ^ t[at(i, cj(b))]));
                    }
                }
            }
            options.sort_unstable();
            options.dedup();
            let mex = options
                .iter()
                .enumerate()
                .find(|&(k, &v)| v != k as u128)
                .map_or(options.len(), |(k, _)| k);
            t[at(i, j)] = mex as u128;
        }
    }
    Ok(ValueTable {
        first_x,
        first_y,
        nx,
        ny,
        values: t,
    })
}
