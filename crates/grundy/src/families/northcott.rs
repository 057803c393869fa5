//! Northcott's game: each row of a board holds two pieces; a move slides a piece along its row
//! without jumping over the other piece.
//!
//! Rules: `northcott[w](t1, j1, t2, j2, ...)` (or `northcott(...)` without a board width): row
//! r holds pieces on columns t_r and j_r (1 <= t_r, j_r <= w, t_r != j_r). In the original game
//! (HDU 1730) each player owns one colour and may move their own piece toward or away from the
//! other piece, so the game is partizan and loopy in form.
//! Theory: each row is a Nim heap of size |t - j| - 1 (the empty cells between the pieces).
//! Either player can shrink any row's gap by any amount with their own piece, so the gap moves
//! are the same for both players: Nim. Moving away (widening a gap) is reversible: the opponent
//! follows with their own piece in the same row, restoring the gap, and the board edge bounds
//! how often this can be done, so the retreats change no outcome. This family therefore models
//! the game's impartial core: a move slides the first piece of a row (column t) toward the
//! second, any number of cells, and the value is the XOR of the gaps, exact at any size.
//! One component per row.
//! Worked example (HDU 1730): rows (4,5), (1,2), (1,2) have gaps 0, 0, 0: value 0, "BAD LUCK!";
//! rows (4,5), (1,3), (1,2) have gaps 0, 1, 0: value 1, "I WIN!" (close the gap of row 2).
//! Source: HDU 1730 "Northcott Game"; Berlekamp, Conway, Guy, Winning Ways, chapter 3.

use num_bigint::{BigInt, BigUint};
use num_traits::{ToPrimitive, Zero};

use crate::rules::{
    first_moves_counted, param_u64, Arg, ArgError, BuildContext, Counted, Family, Opt, ParamError,
    Ruleset, RulesetRef, Theory,
};
use crate::{Error, Limits, Nimber};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "northcott",
        &[],
        "northcott[w](t1, j1, t2, j2, ...) or northcott(t1, j1, ...): rows of two pieces",
        "Northcott's game: close the gap between the two pieces of a row (gaps are Nim heaps)",
        "northcott[6](4,5,1,3,1,2)",
        Some(false),
        build,
    )
}

/// Widest board accepted.
const MAX_WIDTH: u64 = 1 << 62;

fn build(params: Option<&str>, _ctx: &BuildContext<'_>) -> Result<RulesetRef, ParamError> {
    let width = match params {
        None => None,
        Some(text) => {
            let offset = text.len() - text.trim_start().len();
            let w = param_u64(text, 0, "the board width (a number of columns)")?;
            if !(2..=MAX_WIDTH).contains(&w) {
                return Err(ParamError::new(
                    offset,
                    format!("the board width must be at least 2 (two pieces per row), found {w}"),
                ));
            }
            Some(w)
        }
    };
    Ok(RulesetRef::of(Northcott { width }))
}

/// Largest gap whose moves are enumerated one by one.
const ENUMERATE_LIMIT: u64 = 100_000;

/// Northcott's game, with the board width if given.
#[derive(Debug, Clone, Copy)]
pub struct Northcott {
    width: Option<u64>,
}

/// A row: the columns of its first and second piece.
type Row = (BigUint, BigUint);

/// The gap of a row: the empty cells between its pieces.
fn gap(t: &BigUint, j: &BigUint) -> BigUint {
    let d = if t > j { t - j } else { j - t };
    if d.is_zero() {
        d
    } else {
        d - 1u32
    }
}

/// The row after the first piece closes the gap to `g`.
fn close_to(t: &BigUint, j: &BigUint, g: &BigUint) -> Row {
    let to = if t < j { j - g - 1u32 } else { j + g + 1u32 };
    (to, j.clone())
}

impl Ruleset for Northcott {
    type P = Row;

    fn name(&self) -> String {
        match self.width {
            Some(w) => format!("northcott[{w}]"),
            None => "northcott".to_string(),
        }
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Row>, ArgError> {
        if !args.len().is_multiple_of(2) {
            return Err(ArgError::whole(format!(
                "each row needs two columns (the two pieces), found {} arguments",
                args.len()
            )));
        }
        let mut out = Vec::with_capacity(args.len() / 2);
        for (r, pair) in args.chunks(2).enumerate() {
            let mut cols = Vec::with_capacity(2);
            for (k, a) in pair.iter().enumerate() {
                let i = 2 * r + k;
                let c = a
                    .as_natural()
                    .map_err(|m| ArgError::at(i, format!("row {}: {m}", r + 1)))?;
                if c.is_zero() {
                    return Err(ArgError::at(
                        i,
                        format!("row {}: columns are numbered from 1, found 0", r + 1),
                    ));
                }
                if let Some(w) = self.width {
                    if c > BigUint::from(w) {
                        return Err(ArgError::at(
                            i,
                            format!("row {}: column {c} is off the board of width {w}", r + 1),
                        ));
                    }
                }
                cols.push(c);
            }
            let j = cols.pop().unwrap_or_default();
            let t = cols.pop().unwrap_or_default();
            if t == j {
                return Err(ArgError::at(
                    2 * r + 1,
                    format!(
                        "row {}: both pieces are on column {t}; they must be on different cells",
                        r + 1,
                    ),
                ));
            }
            out.push((t, j));
        }
        Ok(out)
    }

    fn args(&self, (t, j): &Row) -> Vec<Arg> {
        vec![
            Arg::Int(BigInt::from(t.clone())),
            Arg::Int(BigInt::from(j.clone())),
        ]
    }

    fn options(&self, (t, j): &Row, limits: &Limits) -> Result<Vec<Opt<Row>>, Error> {
        limits.check()?;
        let g = gap(t, j).to_u64().unwrap_or(0);
        Ok((0..g)
            .map(|h| vec![close_to(t, j, &BigUint::from(h))])
            .collect())
    }

    fn describe(&self, (t, j): &Row, to: &[Row]) -> String {
        let to = to.first().map(|r| r.0.clone()).unwrap_or_default();
        format!("move the piece on column {t} to column {to} (toward {j})")
    }

    fn searchable(&self, (t, j): &Row) -> Result<(), Error> {
        let g = gap(t, j);
        if g > BigUint::from(ENUMERATE_LIMIT) {
            return Err(Error::too_large(format!(
                "the gap of {g} cells is too large to search move by move (at most \
                 {ENUMERATE_LIMIT}); in normal play the value has a closed form"
            )));
        }
        Ok(())
    }

    fn sample(&self, seed: u64) -> Vec<Row> {
        // One to three rows of a board of width 6 (the example's) with the pieces apart.
        let mut rng = crate::rules::Rng::new(seed);
        let w = self.width.unwrap_or(8).min(8);
        (0..rng.range(1, 3))
            .map(|_| {
                let t = rng.range(1, w);
                let j = rng.range(1, w - 1);
                let j = if j >= t { j + 1 } else { j };
                (BigUint::from(t), BigUint::from(j))
            })
            .collect()
    }

    fn theory(&self) -> Option<&dyn Theory<Row>> {
        Some(self)
    }
}

impl Theory<Row> for Northcott {
    fn nimber(&self, (t, j): &Row, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        Ok(Some(Nimber::from_big(gap(t, j))))
    }

    fn counted_moves_to_value(
        &self,
        (t, j): &Row,
        target: &Nimber,
        cap: usize,
        limits: &Limits,
    ) -> Result<Option<Counted<Row>>, Error> {
        let g = gap(t, j);
        let y = target.to_biguint();
        Ok(Some(first_moves_counted(
            if y < g {
                vec![vec![close_to(t, j, &y)]]
            } else {
                vec![]
            },
            cap,
            limits,
        )))
    }
}
