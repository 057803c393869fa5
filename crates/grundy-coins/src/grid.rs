//! Two-dimensional coin-turning games: Tartan and acrostic products of two line games.
//!
//! Coins lie on a grid; a head at row `x`, column `y` is written `(x, y)`. The rows are
//! numbered like the coins of the first game `G1`, the columns like those of `G2`. A move turns
//! a set of coins whose south-east coin `(x, y)` goes from heads to tails, all others lying in
//! the rectangle north-west of it (Ferguson, Game Theory, Part I, section 5.2). A position is
//! again the nim-sum of its single heads.
//!
//! **Tartan product** `G1 x G2` (Ferguson, section 5.4; Winning Ways, chapter 14, "Tartans"):
//! if turning `x1, ..., xm` is a `G1`-move and turning `y1, ..., yn` a `G2`-move, turning every
//! `(xi, yj)` is a move. **Tartan theorem**: a head at `(x, y)` has the value
//! `G1(x) (*) G2(y)`, the nim-product. Turning Corners, "turn the four corners of a rectangle",
//! is Twins x Twins (Ferguson: "the game Turning Corners is just the game Twins x Twins"), of
//! value `x (*) y`; Turning Turtles x Turning Turtles also allows degenerate rectangles (one or
//! two coins) and numbers from (1, 1); Rugs is Ruler x Ruler (turn any rectangular block).
//!
//! **Acrostic product** `acrostic[G1,G2]`: a move is a `G1`-move along one column (coins
//! `(x1, y), ..., (xm, y)`) or a `G2`-move along one row (coins `(x, y1), ..., (x, yn)`), the
//! south-east coin going from heads to tails as always.
//!
//! *What the sources confirm.* Ferguson (Game Theory, Part I, section 5.2, game 1, with table
//! 5.1) defines Acrostic Twins: "a move is to turn over two coins, either in the same row or
//! the same column, with the southeast coin going from heads to tails", with
//! `g(x, y) = mex{g(x, b), g(a, y) : b < y, a < x} = x + y`, the nim-sum. That game is
//! `acrostic[twins,twins]` here, and the tests check table 5.1 and Ferguson's worked example.
//! *What is ours and unconfirmed.* The generalisation to any two line games (a move of either
//! game along a line, as above) and the name "acrostic product" for it: Winning Ways, chapter
//! 14, was not available to check, so whether its "acrostic product" is this game is not
//! confirmed. A different reading, "a `G1`-move along the column *and* a `G2`-move along the
//! row of the same south-east coin, at once", gives for Twins the three-coin game
//! `g(x, y) = mex{g(a, y) + g(x, b)}` (a mex product `a x' b`: `2 x' 2 = 1`,
//! `3 x' 2 = 4`); that product does not distribute over the nim-sum
//! (`1 x' 2 + 2 x' 2 = 3`), so no Tartan-like theorem can hold for it, and it is not
//! implemented. The values below are those of the game as defined here, and the tests judge
//! them against a search of the whole two-dimensional game (every set of heads, every move),
//! not against any formula.
//!
//! *Values.* When every move of both games turns an even number of coins, a head at `(x, y)`
//! is worth `G1(x) + G2(y)`: a move turns an odd number of other coins on the line of the
//! head, so its option values are `o + G2(y)` for the options `o` of `x` in `G1` and
//! `G1(x) + o'` for those of `y` in `G2`, exactly the options of the sum of the two heaps,
//! whose mex is the nim-sum (Sprague-Grundy). This holds at every coordinate up to `2^64 - 1`
//! for Twins (and for even turning codes within their own brute-force range). Otherwise the
//! values are not a function of `G1(x)`, `G2(y)` alone (for Turning Turtles both ways they
//! are `1 + ((x - 1) + (y - 1))`, the outer `+` ordinary), so they are computed by mex on
//! boards of at most [`crate::brute::GRID_LIMIT`] coins a side, and winning moves are found by
//! trying every move of the heads.
//!
//! Winning moves of Tartan products come from the field structure ([`crate::factor`]), so they
//! are found on boards of `2^64` coins a side without enumerating anything.

use std::collections::BTreeSet;
use std::fmt;

use serde::{Serialize, Serializer};

use crate::brute::{grid_values, ValueTable, GRID_LIMIT};
use crate::error::CoinError;
use crate::factor::{allowed, factor};
use crate::line::{Line, LineMove, LIST_LIMIT};
use crate::nim::{nim_div_u128, nim_mul_u128};
use crate::parse::Cursor;
use crate::product::{Product, ProductKind};

/// A position: the set of head-up coins, sorted.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Grid {
    heads: Vec<(u64, u64)>,
}

impl Grid {
    /// The head-up coins, sorted by row then column.
    pub fn heads(&self) -> &[(u64, u64)] {
        &self.heads
    }
}

/// A move: turn every coin `(r, c)` with `r` in `rows` and `c` in `cols`. The south-east
/// coin `(rows.last(), cols.last())` goes from heads to tails. An acrostic move has a single
/// row or a single column.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct GridMove {
    /// The rows turned (a move of the row game `G1`).
    pub rows: LineMove,
    /// The columns turned (a move of the column game `G2`).
    pub cols: LineMove,
}

impl GridMove {
    /// The south-east coin, which goes from heads to tails.
    pub fn corner(&self) -> Option<(u64, u64)> {
        Some((self.rows.last()?, self.cols.last()?))
    }

    /// How many coins the move turns (saturating at `u128::MAX`).
    pub fn coin_count(&self) -> u128 {
        self.rows.len().saturating_mul(self.cols.len())
    }
}

impl fmt::Display for GridMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "rows {} x columns {}", self.rows, self.cols)
    }
}

/// The value of a position and a winning move, as the fronts report them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Analysis {
    /// The game, in its canonical text form.
    pub game: String,
    /// The nim-value (0 exactly when the player to move loses).
    pub value: u128,
    /// A move to a position of value 0, when the value is not 0.
    pub winning_move: Option<GridMove>,
}

impl Product {
    /// The Tartan product `rows x cols`.
    pub fn tartan(rows: Line, cols: Line) -> Product {
        Product {
            kind: ProductKind::Tartan,
            rows,
            cols,
        }
    }

    /// The acrostic product of `rows` (along columns) and `cols` (along rows).
    pub fn acrostic(rows: Line, cols: Line) -> Product {
        Product {
            kind: ProductKind::Acrostic,
            rows,
            cols,
        }
    }

    /// Turning Corners: Twins x Twins, coins from (0, 0), value `x (*) y`.
    pub fn turning_corners() -> Product {
        Product::tartan(Line::Twins, Line::Twins)
    }

    /// Parses `corners` (or `turning_corners`), `rugs`, `tartan[G1,G2]` or `acrostic[G1,G2]`
    /// with line games as in [`Line::parse`].
    ///
    /// Example: `Product::parse("tartan[mock_turtles,turn[1-2@1]]")`.
    pub fn parse(text: &str) -> Result<Product, CoinError> {
        let mut c = Cursor::new(text);
        let at = c.pos;
        let Some(name) = c.ident() else {
            return Err(
                c.error("expected a product: corners, rugs, tartan[g1,g2] or acrostic[g1,g2]")
            );
        };
        let product = match name.as_str() {
            "corners" | "turning_corners" => Product::turning_corners(),
            "rugs" => Product::tartan(Line::Ruler, Line::Ruler),
            "tartan" | "acrostic" => {
                c.expect('[', "to open the pair of games")?;
                let rows = Line::parse_at(&mut c)?;
                c.expect(',', "between the two games")?;
                let cols = Line::parse_at(&mut c)?;
                c.expect(']', "to close the pair of games")?;
                if name == "tartan" {
                    Product::tartan(rows, cols)
                } else {
                    Product::acrostic(rows, cols)
                }
            }
            _ => {
                return Err(CoinError::parse(
                    text,
                    at,
                    format!(
                        "unknown product '{name}'; the products are corners, rugs, \
                         tartan[g1,g2] and acrostic[g1,g2]"
                    ),
                ))
            }
        };
        c.expect_end()?;
        Ok(product)
    }

    /// The product of the two games written in `params` as `G1,G2` (the text inside the
    /// brackets of `tartan[G1,G2]`), for a family whose parameters arrive on their own; error
    /// offsets are relative to `params`.
    pub fn from_params(kind: ProductKind, params: &str) -> Result<Product, CoinError> {
        let mut c = Cursor::new(params);
        let rows = Line::parse_at(&mut c)?;
        c.expect(',', "between the two games")?;
        let cols = Line::parse_at(&mut c)?;
        c.expect_end()?;
        Ok(Product { kind, rows, cols })
    }

    /// Whether the values have a closed form at every coordinate (Tartan products of named
    /// games, acrostic products of even named games).
    pub fn has_closed_form(&self) -> bool {
        let lines = self.rows.has_closed_form() && self.cols.has_closed_form();
        match self.kind {
            ProductKind::Tartan => lines,
            ProductKind::Acrostic => lines && self.acrostic_is_sum(),
        }
    }

    /// Whether every move of both games turns an even number of coins; then a head of the
    /// acrostic product is worth `G1(x) + G2(y)` (see the module documentation). It looks at
    /// the two games only, whatever the kind of the product.
    pub fn acrostic_is_sum(&self) -> bool {
        self.rows.is_even() && self.cols.is_even()
    }

    /// A position with these heads.
    ///
    /// Errors: a coordinate before the first coin of its game, or a cell listed twice.
    pub fn position(&self, heads: &[(u64, u64)]) -> Result<Grid, CoinError> {
        let (fx, fy) = (self.rows.first_coin(), self.cols.first_coin());
        for &(x, y) in heads {
            if x < fx {
                return Err(CoinError::BeforeFirst {
                    game: format!("the rows of {self}"),
                    coin: x,
                    first: fx,
                });
            }
            if y < fy {
                return Err(CoinError::BeforeFirst {
                    game: format!("the columns of {self}"),
                    coin: y,
                    first: fy,
                });
            }
        }
        let mut seen: Vec<((u64, u64), usize)> = heads.iter().copied().zip(1..).collect();
        seen.sort_unstable();
        for w in seen.windows(2) {
            if w[0].0 == w[1].0 {
                return Err(CoinError::Duplicate {
                    coin: format!("({}, {})", w[0].0 .0, w[0].0 .1),
                    first: w[0].1,
                    second: w[1].1,
                });
            }
        }
        Ok(Grid {
            heads: seen.into_iter().map(|(c, _)| c).collect(),
        })
    }

    /// The brute-force table for an acrostic product without closed form, large enough for
    /// the given heads.
    fn acrostic_table(&self, heads: &[(u64, u64)]) -> Result<ValueTable, CoinError> {
        let (fx, fy) = (self.rows.first_coin(), self.cols.first_coin());
        let nx = heads.iter().map(|&(x, _)| x - fx + 1).max().unwrap_or(0);
        let ny = heads.iter().map(|&(_, y)| y - fy + 1).max().unwrap_or(0);
        if nx > GRID_LIMIT || ny > GRID_LIMIT {
            return Err(CoinError::too_large(format!(
                "{self} has no known closed form, so its values are computed by brute force on \
                 boards of at most {GRID_LIMIT} x {GRID_LIMIT} coins; this position needs \
                 {nx} x {ny}"
            )));
        }
        grid_values(self, nx, ny)
    }

    /// The value of a single head at `(x, y)`.
    ///
    /// Arguments: a cell on the board. Returns: its nim-value: `G1(x) (*) G2(y)` for Tartan
    /// products (Tartan theorem), `G1(x) + G2(y)` for acrostic products of even games, the
    /// mex table otherwise. Complexity: one nim-product (about 100 table lookups) for closed
    /// forms. Example: in Turning Corners the value of `(4, 4)` is 6 (Ferguson, section 5.2).
    pub fn coin_value(&self, x: u64, y: u64) -> Result<u128, CoinError> {
        let grid = self.position(&[(x, y)])?;
        self.value(&grid)
    }

    fn line_values(&self, x: u64, y: u64) -> Result<(u128, u128), CoinError> {
        Ok((self.rows.value(x)?, self.cols.value(y)?))
    }

    /// The values of the heads, one per head, in the order of [`Grid::heads`].
    ///
    /// Arguments: a position. Returns: the value of each head alone (their XOR is
    /// [`Product::value`]). Complexity: one nim-product or XOR per head with a closed form;
    /// otherwise one brute-force table for the whole board (not one per head). Errors: a
    /// board too large for the brute force.
    pub fn head_values(&self, grid: &Grid) -> Result<Vec<u128>, CoinError> {
        match self.kind {
            ProductKind::Tartan => grid
                .heads
                .iter()
                .map(|&(x, y)| {
                    let (g1, g2) = self.line_values(x, y)?;
                    Ok(nim_mul_u128(g1, g2))
                })
                .collect(),
            ProductKind::Acrostic if self.acrostic_is_sum() => grid
                .heads
                .iter()
                .map(|&(x, y)| {
                    let (g1, g2) = self.line_values(x, y)?;
                    Ok(g1 ^ g2)
                })
                .collect(),
            ProductKind::Acrostic => {
                let t = self.acrostic_table(&grid.heads)?;
                Self::table_values(grid, &t)
            }
        }
    }

    /// The values of the heads read from a brute-force table that covers them.
    fn table_values(grid: &Grid, t: &ValueTable) -> Result<Vec<u128>, CoinError> {
        grid.heads
            .iter()
            .map(|&(x, y)| t.get(x, y).ok_or(CoinError::NoMoveFound { value: 0 }))
            .collect()
    }

    /// The nim-value of a position: the nim-sum of its heads' values.
    ///
    /// Complexity: one nim-product per head for Tartan products.
    pub fn value(&self, grid: &Grid) -> Result<u128, CoinError> {
        Ok(self.head_values(grid)?.into_iter().fold(0, |a, v| a ^ v))
    }

    /// A move to a position of value 0, or `None` when the value is already 0.
    ///
    /// Arguments: a position. Returns: a legal move; every such move reaches value 0, and one
    /// is always returned when the value is not 0. Complexity: for Tartan products, one
    /// constrained factorisation ([`crate::factor::factor`], a few microseconds) plus one move
    /// in each line game; no enumeration of the board, so coordinates up to `2^64 - 1` are
    /// fine. Example: in Turning Corners with heads (1, 3), (3, 2), (4, 4) (value 4) the only
    /// winning move turns (3, 3), (3, 4), (4, 3), (4, 4) (Ferguson, section 5.2).
    pub fn winning_move(&self, grid: &Grid) -> Result<Option<GridMove>, CoinError> {
        self.move_to_value(grid, 0)
    }

    /// A move to a position of value `target` (what a sum needs of each component).
    ///
    /// Arguments: a position and a target. Returns: a legal move to that value; one is always
    /// found when `target` is below the value (the mex guarantees one). For a larger target a
    /// move may exist and is looked for in the same way, but `None` does not prove there is
    /// none (except for brute-force acrostic products, which search every move). `None` when
    /// `target` equals the value: no move keeps the value. Complexity: as
    /// [`Product::winning_move`].
    pub fn move_to_value(&self, grid: &Grid, target: u128) -> Result<Option<GridMove>, CoinError> {
        // A product valued by brute force builds its table once, for the values and the move.
        let table = match self.kind {
            ProductKind::Acrostic if !self.acrostic_is_sum() => {
                Some(self.acrostic_table(&grid.heads)?)
            }
            _ => None,
        };
        let values = match &table {
            Some(t) => Self::table_values(grid, t)?,
            None => self.head_values(grid)?,
        };
        let value = values.iter().fold(0, |a, v| a ^ v);
        let s = value ^ target;
        if s == 0 {
            return Ok(None);
        }
        let found = match self.kind {
            ProductKind::Tartan => self.tartan_move(grid, &values, s)?,
            ProductKind::Acrostic if self.acrostic_is_sum() => {
                self.acrostic_sum_move(grid, &values, s)?
            }
            ProductKind::Acrostic => {
                let t = match table {
                    Some(t) => t,
                    None => self.acrostic_table(&grid.heads)?,
                };
                self.acrostic_table_move(grid, &values, s, &t)?
            }
        };
        match found {
            None if target < value => Err(CoinError::NoMoveFound { value }),
            found => Ok(found),
        }
    }

    /// A Tartan move changing the value by `s`, from a head whose value `v` has the top bit of
    /// `s` (then `v + s < v` and Turning Corners guarantees the factorisation).
    fn tartan_move(
        &self,
        grid: &Grid,
        values: &[u128],
        s: u128,
    ) -> Result<Option<GridMove>, CoinError> {
        for (&(x, y), &v) in grid.heads.iter().zip(values) {
            if !allowed(s, v) {
                continue;
            }
            let (v1, v2) = self.line_values(x, y)?;
            // First the moves that keep one line move trivial (u1 = 0 or u2 = 0), which are
            // the shortest to read; then the general factorisation.
            let simple = [
                nim_div_u128(s, v1).map(|b| (v1, b)),
                nim_div_u128(s, v2).map(|a| (a, v2)),
            ];
            let pair = simple
                .into_iter()
                .flatten()
                .find(|&(a, b)| allowed(a, v1) && allowed(b, v2))
                .or_else(|| factor(v1, v2, s));
            let Some((a, b)) = pair else {
                continue;
            };
            let (Some(rows), Some(cols)) =
                (self.rows.move_to(x, a ^ v1)?, self.cols.move_to(y, b ^ v2)?)
            else {
                continue;
            };
            return Ok(Some(GridMove { rows, cols }));
        }
        Ok(None)
    }

    /// An acrostic move changing the value by `s` when the product is a sum of heaps.
    fn acrostic_sum_move(
        &self,
        grid: &Grid,
        values: &[u128],
        s: u128,
    ) -> Result<Option<GridMove>, CoinError> {
        for (&(x, y), &v) in grid.heads.iter().zip(values) {
            let t = v ^ s;
            let (g1, g2) = self.line_values(x, y)?;
            // The head is the sum of heaps g1 and g2: move in the one that Nim says. A move
            // of an even game turns an odd number of other coins, each worth its own value
            // plus the value of the shared coordinate.
            if t ^ g2 < g1 {
                if let Some(rows) = self.rows.move_to(x, t ^ g2)? {
                    return Ok(Some(GridMove {
                        rows,
                        cols: LineMove::single(y),
                    }));
                }
            }
            if t ^ g1 < g2 {
                if let Some(cols) = self.cols.move_to(y, t ^ g1)? {
                    return Ok(Some(GridMove {
                        rows: LineMove::single(x),
                        cols,
                    }));
                }
            }
        }
        Ok(None)
    }

    fn acrostic_table_move(
        &self,
        grid: &Grid,
        values: &[u128],
        s: u128,
        t: &ValueTable,
    ) -> Result<Option<GridMove>, CoinError> {
        for (&(x, y), &v) in grid.heads.iter().zip(values) {
            let target = v ^ s;
            for rows in self.rows.moves(x)? {
                let coins = rows.coins(LIST_LIMIT)?;
                let w = coins[..coins.len().saturating_sub(1)]
                    .iter()
                    .fold(0, |w, &a| w ^ t.get(a, y).unwrap_or(0));
                if w == target {
                    return Ok(Some(GridMove {
                        rows,
                        cols: LineMove::single(y),
                    }));
                }
            }
            for cols in self.cols.moves(y)? {
                let coins = cols.coins(LIST_LIMIT)?;
                let w = coins[..coins.len().saturating_sub(1)]
                    .iter()
                    .fold(0, |w, &b| w ^ t.get(x, b).unwrap_or(0));
                if w == target {
                    return Ok(Some(GridMove {
                        rows: LineMove::single(x),
                        cols,
                    }));
                }
            }
        }
        Ok(None)
    }

    /// The value and a winning move.
    pub fn analyze(&self, grid: &Grid) -> Result<Analysis, CoinError> {
        Ok(Analysis {
            game: self.to_string(),
            value: self.value(grid)?,
            winning_move: self.winning_move(grid)?,
        })
    }

    /// Checks that `mv` is a legal move from `grid`: its south-east coin is a head and its
    /// rows and columns are moves of the two games (one of them a single line for acrostic
    /// products).
    pub fn check_move(&self, grid: &Grid, mv: &GridMove) -> Result<(), CoinError> {
        let Some(corner) = mv.corner() else {
            return Err(CoinError::IllegalMove {
                reason: "a move turns at least one coin".to_string(),
            });
        };
        if grid.heads.binary_search(&corner).is_err() {
            return Err(CoinError::IllegalMove {
                reason: format!(
                    "the south-east coin ({}, {}) of the move is tails; it must go from heads \
                     to tails",
                    corner.0, corner.1
                ),
            });
        }
        match self.kind {
            ProductKind::Tartan => {
                self.rows.check_move(&mv.rows)?;
                self.cols.check_move(&mv.cols)
            }
            ProductKind::Acrostic => {
                let along_column = mv.cols.len() == 1 && self.rows.check_move(&mv.rows).is_ok();
                let along_row = mv.rows.len() == 1 && self.cols.check_move(&mv.cols).is_ok();
                if along_column || along_row {
                    Ok(())
                } else {
                    Err(CoinError::IllegalMove {
                        reason: format!(
                            "an acrostic move is a move of {} along one column or of {} along \
                             one row, and {mv} is neither",
                            self.rows, self.cols
                        ),
                    })
                }
            }
        }
    }

    /// Every move whose south-east coin is `(x, y)` (small boards).
    ///
    /// Errors: more than [`LIST_LIMIT`] moves.
    pub fn moves_from(&self, x: u64, y: u64) -> Result<Vec<GridMove>, CoinError> {
        let rows = self.rows.moves(x)?;
        let cols = self.cols.moves(y)?;
        let mut out = Vec::new();
        match self.kind {
            ProductKind::Tartan => {
                if (rows.len() as u64).saturating_mul(cols.len() as u64) > LIST_LIMIT {
                    return Err(CoinError::too_large(format!(
                        "({x}, {y}) has more than {LIST_LIMIT} moves; list moves on a smaller \
                         board"
                    )));
                }
                for r in &rows {
                    for c in &cols {
                        out.push(GridMove {
                            rows: r.clone(),
                            cols: c.clone(),
                        });
                    }
                }
            }
            ProductKind::Acrostic => {
                for r in rows {
                    out.push(GridMove {
                        rows: r,
                        cols: LineMove::single(y),
                    });
                }
                for c in cols {
                    let mv = GridMove {
                        rows: LineMove::single(x),
                        cols: c,
                    };
                    if !out.contains(&mv) {
                        out.push(mv);
                    }
                }
            }
        }
        Ok(out)
    }

    /// The position after a legal move (every coin of the move toggles).
    ///
    /// Errors: an illegal move, or a move of more than [`LIST_LIMIT`] coins (a long Ruler run
    /// cannot be written out).
    pub fn apply(&self, grid: &Grid, mv: &GridMove) -> Result<Grid, CoinError> {
        self.check_move(grid, mv)?;
        if mv.coin_count() > u128::from(LIST_LIMIT) {
            return Err(CoinError::too_large(format!(
                "the move turns {} coins, more than the {LIST_LIMIT} that can be written out",
                mv.coin_count()
            )));
        }
        let rows = mv.rows.coins(LIST_LIMIT)?;
        let cols = mv.cols.coins(LIST_LIMIT)?;
        let mut set: BTreeSet<(u64, u64)> = grid.heads.iter().copied().collect();
        for &r in &rows {
            for &c in &cols {
                if !set.remove(&(r, c)) {
                    set.insert((r, c));
                }
            }
        }
        Ok(Grid {
            heads: set.into_iter().collect(),
        })
    }
}

impl fmt::Display for Product {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.kind, &self.rows, &self.cols) {
            (ProductKind::Tartan, Line::Twins, Line::Twins) => f.write_str("corners"),
            (ProductKind::Tartan, Line::Ruler, Line::Ruler) => f.write_str("rugs"),
            (ProductKind::Tartan, r, c) => write!(f, "tartan[{r},{c}]"),
            (ProductKind::Acrostic, r, c) => write!(f, "acrostic[{r},{c}]"),
        }
    }
}

impl Serialize for Product {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fergusons_turning_corners_example() {
        // Ferguson, section 5.2, display (5): heads (1,3), (3,2), (4,4) with values 3, 1, 6;
        // the unique winning move turns the square (3,3)-(4,4).
        let p = Product::turning_corners();
        let g = p.position(&[(1, 3), (3, 2), (4, 4)]).unwrap();
        assert_eq!(p.value(&g).unwrap(), 4);
        let mv = p.winning_move(&g).unwrap().unwrap();
        assert_eq!(mv.rows.coins(10).unwrap(), [3, 4]);
        assert_eq!(mv.cols.coins(10).unwrap(), [3, 4]);
        let after = p.apply(&g, &mv).unwrap();
        assert_eq!(p.value(&after).unwrap(), 0);
    }

    #[test]
    fn the_other_reading_is_not_bilinear() {
        // The module documentation sets aside "a G1-move along the column and a G2-move along
        // the row at once": for Twins that is g(x, y) = mex{g(a, y) + g(x, b) : a < x, b < y}.
        // Its values, and the failure of distributivity that rules out a Tartan-like theorem.
        let n = 4;
        let mut g = [[0u32; 4]; 4];
        for x in 0..n {
            for y in 0..n {
                let seen: BTreeSet<u32> = (0..x)
                    .flat_map(|a| (0..y).map(move |b| (a, b)))
                    .map(|(a, b)| g[a][y] ^ g[x][b])
                    .collect();
                g[x][y] = (0..).find(|v| !seen.contains(v)).unwrap();
            }
        }
        assert_eq!((g[2][2], g[3][2], g[1][2]), (1, 4, 2));
        assert_ne!(g[3][2], g[1][2] ^ g[2][2]);
    }

    #[test]
    fn products_round_trip() {
        for text in [
            "corners",
            "rugs",
            "tartan[mock_turtles,twins]",
            "acrostic[twins,twins]",
            "tartan[turn[1-3],turn[1+C@1]]",
        ] {
            let p = Product::parse(text).unwrap();
            assert_eq!(p.to_string(), text);
        }
        assert_eq!(
            Product::parse("tartan[twins, twins]").unwrap(),
            Product::turning_corners()
        );
        assert!(Product::parse("tartan[twins]").is_err());
        let p = Product::from_params(ProductKind::Acrostic, "twins,turn[2,4]").unwrap();
        assert_eq!(p.to_string(), "acrostic[twins,turn[2,4]]");
        let e = Product::from_params(ProductKind::Tartan, "twins,rulr").unwrap_err();
        assert!(matches!(e, CoinError::Parse { offset: 6, .. }), "{e}");
    }
}
