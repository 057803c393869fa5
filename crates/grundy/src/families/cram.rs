//! Cram: dominoes on a board; a move covers two empty cells side by side; who cannot move
//! loses.
//!
//! Rules: `cram(R, C)` is the empty board of R rows and C columns; `cram("ROWS")` a drawn
//! board, rows separated by `/`, `.` an empty cell and `#` a covered one:
//! `cram("..#./..../....")`. A move covers two empty cells side by side, across or down. The
//! board is one component; a move's board is written drawn.
//! Theory: the board's empty cells fall into independent regions, valued apart and added;
//! each region is cropped and turned to one of its eight symmetric images before it is looked
//! up; a strip is Dawson's Kayles (octal 0.07); a region that a half turn or a reflection
//! maps onto itself, where no domino meets its own image, is worth 0 by the symmetry strategy
//! (the second player copies every domino), so every even by even board is 0 at any size.
//! Other values come from Lemoine and Viennot's search with Beling and Rogalski's pruning
//! (`grundy_board`), on boards of at most 128 cells.
//! Worked example: `cram(2,3)` has value 1 (a vertical domino in the middle leaves two
//! dominoes, 1 ^ 1 = 0, a win); `cram(4,4)` is 0 (the mirror strategy).
//! Source: Gardner (1974); Winning Ways, chapter 15 (Cram); Uiterwijk and others' tables;
//! Beling and Rogalski, "On pruning search trees of impartial games", AI 283 (2020).

use std::sync::Mutex;

use grundy_board::solve::GridParts;
use grundy_board::{Board, CramSolver, GridSolver};
use num_traits::ToPrimitive;

use crate::rules::{
    first_moves_counted, Arg, ArgError, Counted, Family, Opt, Ruleset, RulesetRef, Source, Theory,
};
use crate::{Error, Limits, Nimber};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "cram",
        &[],
        "cram(R, C) for an empty board, or cram(\"ROWS\") drawn with '.' empty, '#' covered, \
         rows split by '/'",
        "Cram: cover two empty cells side by side with a domino",
        "cram(4,5)",
        None,
        |_params, _ctx| Ok(RulesetRef::of(CramRules::default())),
    )
}

/// A board of Cram or Node Kayles: a searchable board of at most 128 cells, or a larger
/// empty one, known only by theory.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Grid {
    /// A board of at most 128 cells.
    Board(Board),
    /// An empty board of more than 128 cells (rows, columns).
    Large(u64, u64),
}

/// Reads `(R, C)` or `("ROWS")` into a board.
pub fn grid_args(args: &[Arg], family: &str) -> Result<Grid, ArgError> {
    match args {
        [Arg::Int(r), Arg::Int(c)] => {
            let dim = |n: &num_bigint::BigInt, i: usize, what: &str| {
                n.to_u64().filter(|&v| v >= 1).ok_or_else(|| {
                    ArgError::at(
                        i,
                        format!("the number of {what} must be 1 or more, not {n}"),
                    )
                })
            };
            let (r, c) = (dim(r, 0, "rows")?, dim(c, 1, "columns")?);
            Ok(Board::empty(r, c).map_or(Grid::Large(r, c), Grid::Board))
        }
        [Arg::Name(text)] => Board::parse(text).map(Grid::Board).map_err(|e| {
            ArgError::at(
                0,
                format!("the board's character {}: {}", e.offset + 1, e.message),
            )
        }),
        _ => Err(ArgError::whole(format!(
            "{family} takes two numbers, {family}(R, C) for an empty board of R rows and C \
             columns, or one drawn board, {family}(\"..#./....\") with '.' empty, '#' covered \
             and '/' between rows"
        ))),
    }
}

/// The arguments that write a board back: `R, C` when it is empty, else the drawing.
pub fn grid_to_args(g: &Grid) -> Vec<Arg> {
    match g {
        Grid::Board(b) if b.is_full() => {
            vec![Arg::int(u64::from(b.rows)), Arg::int(u64::from(b.cols))]
        }
        Grid::Board(b) => vec![Arg::Name(b.drawn())],
        Grid::Large(r, c) => vec![Arg::int(*r), Arg::int(*c)],
    }
}

/// The value of an empty board too large to search, when a theorem gives it: 0 for even by
/// even (the mirror strategy).
pub fn large_value(r: u64, c: u64, family: &str, hint: &str) -> Result<Nimber, Error> {
    if r.is_multiple_of(2) && c.is_multiple_of(2) {
        return Ok(Nimber::from(0u64));
    }
    Err(Error::too_large(format!(
        "{family}({r},{c}) has {} cells; boards of at most 128 cells are searched, and larger \
         ones are known only when both sides are even (value 0 by symmetry){hint}",
        u128::from(r) * u128::from(c)
    )))
}

/// A nim-value that fits the board searches' values (below 255).
pub fn small(x: &Nimber) -> Option<u8> {
    x.to_u64()
        .and_then(|x| u8::try_from(x).ok())
        .filter(|&x| x < u8::MAX)
}

/// Cell `i` of a board as `(row, column)` from 1.
pub fn cell_name(b: &Board, i: u32) -> String {
    let cols = u32::from(b.cols);
    format!("({},{})", i / cols + 1, i % cols + 1)
}

/// Small random boards (up to 4 x 5, about a quarter of the cells covered) for the
/// registry-wide test.
pub fn sample_board(seed: u64) -> Grid {
    let mut rng = crate::rules::Rng::new(seed);
    let (r, c) = (rng.range(1, 4), rng.range(1, 5));
    let mut b = Board::empty(r, c).unwrap_or(Board {
        rows: 1,
        cols: 1,
        empty: 1,
    });
    for i in 0..r * c {
        if rng.range(0, 3) == 0 {
            b.empty &= !(1u128 << i);
        }
    }
    Grid::Board(b)
}

/// Cram with its searches (one transposition table kept between questions).
#[derive(Debug, Default)]
pub struct CramRules {
    solver: Mutex<CramSolver>,
}

impl CramRules {
    fn with_solver<T>(
        &self,
        limits: &Limits,
        f: impl FnOnce(&mut CramSolver) -> Result<T, grundy_types::Stop>,
    ) -> Result<T, Error> {
        with_grid_solver(&self.solver, limits, f)
    }
}

/// Runs `f` on a board family's grid searches, their tables bounded by half the request's
/// memory (Cram's and Node Kayles' alike).
pub fn with_grid_solver<S: GridParts<u64>, L: GridParts<u128>, T>(
    solver: &Mutex<GridSolver<S, L>>,
    limits: &Limits,
    f: impl FnOnce(&mut GridSolver<S, L>) -> Result<T, grundy_types::Stop>,
) -> Result<T, Error> {
    let mut s = solver
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    s.set_memory(limits.max_memory / 2);
    Ok(f(&mut s)?)
}

/// The boards after each domino, in order (across first, then down), with the domino's cells.
fn domino_moves(b: &Board) -> Vec<(Board, u32, u32)> {
    let (rows, cols) = (u32::from(b.rows), u32::from(b.cols));
    let mut out = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let i = r * cols + c;
            if b.empty >> i & 1 == 0 {
                continue;
            }
            if c + 1 < cols && b.empty >> (i + 1) & 1 == 1 {
                let mut n = *b;
                n.empty &= !(0b11u128 << i);
                out.push((n, i, i + 1));
            }
            if r + 1 < rows && b.empty >> (i + cols) & 1 == 1 {
                let mut n = *b;
                n.empty &= !((1u128 << i) | (1u128 << (i + cols)));
                out.push((n, i, i + cols));
            }
        }
    }
    out
}

impl Ruleset for CramRules {
    type P = Grid;

    fn name(&self) -> String {
        "cram".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Grid>, ArgError> {
        Ok(vec![grid_args(args, "cram")?])
    }

    fn args(&self, p: &Grid) -> Vec<Arg> {
        grid_to_args(p)
    }

    fn options(&self, p: &Grid, limits: &Limits) -> Result<Vec<Opt<Grid>>, Error> {
        self.searchable(p)?;
        limits.check()?;
        Ok(match p {
            Grid::Board(b) => domino_moves(b)
                .into_iter()
                .map(|(n, _, _)| vec![Grid::Board(n)])
                .collect(),
            Grid::Large(..) => Vec::new(),
        })
    }

    fn describe(&self, p: &Grid, to: &[Grid]) -> String {
        if let (Grid::Board(b), [Grid::Board(n)]) = (p, to) {
            if let Some((_, i, j)) = domino_moves(b).into_iter().find(|(m, _, _)| m == n) {
                return format!("cover {} and {}", cell_name(b, i), cell_name(b, j));
            }
        }
        "cover two cells".to_string()
    }

    fn searchable(&self, p: &Grid) -> Result<(), Error> {
        match p {
            Grid::Board(_) => Ok(()),
            Grid::Large(r, c) => large_value(
                *r,
                *c,
                "cram",
                "; a single row of n cells is Dawson's Kayles, tb[0.07](n)",
            )
            .and_then(|_| {
                Err(Error::too_large(format!(
                    "cram({r},{c}) has too many cells to list its moves (at most 128); its \
                         value is 0 by symmetry"
                )))
            }),
        }
    }

    fn one_term_per_component(&self) -> bool {
        true
    }

    fn sample(&self, seed: u64) -> Vec<Grid> {
        vec![sample_board(seed)]
    }

    fn theory(&self) -> Option<&dyn Theory<Grid>> {
        Some(self)
    }
}

impl Theory<Grid> for CramRules {
    fn nimber(&self, p: &Grid, limits: &Limits) -> Result<Option<Nimber>, Error> {
        match p {
            Grid::Board(b) => {
                let v = self.with_solver(limits, |s| s.value(b, limits))?;
                Ok(Some(Nimber::from(u64::from(v))))
            }
            Grid::Large(r, c) => large_value(
                *r,
                *c,
                "cram",
                "; a single row of n cells is Dawson's Kayles, tb[0.07](n)",
            )
            .map(Some),
        }
    }

    fn value_is(&self, p: &Grid, x: &Nimber, limits: &Limits) -> Result<Option<bool>, Error> {
        let (Grid::Board(b), Some(x)) = (p, small(x)) else {
            return Ok(None);
        };
        Ok(Some(
            self.with_solver(limits, |s| s.value_is(b, x, limits))?,
        ))
    }

    fn source(&self, p: &Grid) -> Source {
        match p {
            Grid::Large(..) => Source::Theory,
            Grid::Board(_) => Source::Search,
        }
    }

    fn counted_moves_to_value(
        &self,
        p: &Grid,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<Grid>>, Error> {
        board_moves_to_value(
            p,
            target,
            cap,
            limits,
            |b, x| self.with_solver(limits, |s| s.value_is(b, x, limits)),
            domino_moves_only,
        )
    }
}

fn domino_moves_only(b: &Board) -> Vec<Board> {
    domino_moves(b).into_iter().map(|(n, _, _)| n).collect()
}

/// The moves of a board to a value, each tested by the pruned search (`value_is`), for Cram
/// and Node Kayles alike. A large empty board of value 0 has no move to 0; other questions
/// about it are too large.
pub fn board_moves_to_value(
    p: &Grid,
    target: &Nimber,
    cap: usize,
    limits: &Limits,
    mut value_is: impl FnMut(&Board, u8) -> Result<bool, Error>,
    moves: impl Fn(&Board) -> Vec<Board>,
) -> Result<Option<Counted<Grid>>, Error> {
    let Grid::Board(b) = p else {
        if target.is_zero() {
            return Ok(Some((Vec::new(), Some(0u32.into()))));
        }
        return Err(Error::too_large(
            "the board has more than 128 cells: its moves are not listed",
        ));
    };
    let Some(x) = small(target) else {
        return Ok(Some((Vec::new(), Some(0u32.into()))));
    };
    let mut found = Vec::new();
    for n in moves(b) {
        if value_is(&n, x)? {
            found.push(vec![Grid::Board(n)]);
        }
    }
    Ok(Some(first_moves_counted(found, cap, limits)))
}
