//! Climbing the Hill: people on a line of cells below the hilltop (cell 0) move up without
//! jumping over anyone; whoever brings the king to the top wins.
//!
//! Rules: `hill[k](c1, ..., cn)`: n people on cells c_i >= 1 (distinct, except that any number
//! may stand on the hilltop 0); the king is the k-th closest to the top. A move takes a person
//! not at the top up any number of cells, to a free cell or the top, without passing the person
//! above. Bringing the king to the top wins, so a position with the king on top has no moves
//! (normal play). Positions are kept sorted by cell.
//! Theory (outcome, exact at any size; the key of the accepted HDU 4315 solutions, checked
//! against brute force for every placement of up to four people on cells 1..8 and in the
//! property tests): people on the top are inert, so drop them and lower k by their number. If
//! then k = 1, the king walks to the top: N. Otherwise, when the number of people left is odd,
//! add a virtual person on cell 0 if k is even and on cell -1 if k is odd; sort, pair the people
//! from the top (1st with 2nd, 3rd with 4th, ...) and XOR the gaps inside each pair (cells
//! strictly between them): P iff the XOR is 0. (Moving the person just above the king to the
//! top loses at once, so that person's floor is cell 1: a staircase Nim with a shifted edge.)
//! Nim-values for sums come from search on small hills; winning moves alone from the key.
//! Worked example (HDU 4315): `hill[3](1,2,4)`: 3 people, k odd: virtual -1; pairs (-1,1), (2,4):
//! gaps 1 ^ 1 = 0: Bob wins. `hill[1](100,200)`: the king is on top of the line: Alice wins.
//! Source: HDU 4315 "Climbing the Hill" (2012 Multi-University Training Contest 2).

use num_bigint::{BigInt, BigUint};
use num_traits::{ToPrimitive, Zero};

use super::staircase::naturals_args;
use crate::rules::{
    first_moves, param_u64, Alone, Arg, ArgError, BuildContext, Counted, Family, Opt, ParamError,
    Ruleset, RulesetRef, Theory,
};
use crate::{Error, Limits, Nimber, Outcome};

/// The registry entry.
pub fn family() -> Family {
    Family::new(
        "hill",
        &[],
        "hill[k](c1, ..., cn): the king is the k-th closest to the top (cell 0)",
        "Climbing the Hill: move people up without passing; king to the top wins",
        "hill[3](1,2,4)",
        Some(true),
        build,
    )
}

fn build(params: Option<&str>, _ctx: &BuildContext<'_>) -> Result<RulesetRef, ParamError> {
    let text = params.unwrap_or("");
    let k = param_u64(text, 0, "the king's rank k (1 = closest to the top)")?;
    let k = usize::try_from(k)
        .map_err(|_| ParamError::new(0, format!("the king's rank {k} is too large")))?;
    if k == 0 {
        return Err(ParamError::new(
            0,
            "k counts from 1 (the person closest to the top)",
        ));
    }
    Ok(RulesetRef::of(Hill { k }))
}

/// Largest sum of cells for which moves are enumerated.
pub const SEARCH_LIMIT: u64 = 40;

/// Most moves x people tried when listing winning moves.
const WINNING_SCAN_LIMIT: u64 = 50_000_000;

/// Climbing the Hill with the king's rank.
#[derive(Debug, Clone, Copy)]
pub struct Hill {
    k: usize,
}

/// Whether the player to move wins (the HDU 4315 key, after dropping the people on top).
pub fn first_wins(cells: &[BigUint], k: usize) -> bool {
    if cells.get(k - 1).is_none_or(|c| c.is_zero()) {
        return false;
    }
    let top = cells.iter().take_while(|c| c.is_zero()).count();
    let k = k - top;
    let rest: Vec<BigInt> = cells[top..]
        .iter()
        .map(|c| BigInt::from(c.clone()))
        .collect();
    if k == 1 {
        return true;
    }
    let mut a = Vec::with_capacity(rest.len() + 1);
    if rest.len() % 2 == 1 {
        a.push(BigInt::from(if k.is_multiple_of(2) { 0 } else { -1 }));
    }
    a.extend(rest);
    let mut x = BigInt::zero();
    for p in a.chunks(2) {
        if let [lo, hi] = p {
            x ^= hi - lo - 1;
        }
    }
    !x.is_zero()
}

/// Every move, as (person index, new cell), without rendering.
fn each_move(cells: &[BigUint], k: usize, mut f: impl FnMut(usize, BigUint)) {
    if cells.get(k - 1).is_none_or(|c| c.is_zero()) {
        return;
    }
    for i in 0..cells.len() {
        if cells[i].is_zero() {
            continue;
        }
        let lo = match i.checked_sub(1) {
            Some(j) if !cells[j].is_zero() => &cells[j] + 1u32,
            _ => BigUint::zero(),
        };
        let mut to = lo;
        while to < cells[i] {
            f(i, to.clone());
            to += 1u32;
        }
    }
}

/// The cells after person `i` moves up to `to` (they stay sorted: nobody is passed).
fn person_move(cells: &[BigUint], i: usize, to: BigUint) -> Opt<Cells> {
    let mut next = cells.to_vec();
    next[i] = to;
    vec![next]
}

/// The cells of the people, sorted (0 is the hilltop).
type Cells = Vec<BigUint>;

impl Ruleset for Hill {
    type P = Cells;

    fn name(&self) -> String {
        format!("hill[{}]", self.k)
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Cells>, ArgError> {
        let mut cells = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let c = a
                .as_natural()
                .map_err(|m| ArgError::at(i, format!("person {}: {m}", i + 1)))?;
            cells.push((c, i));
        }
        if self.k > cells.len() {
            return Err(ArgError::whole(format!(
                "the king is person {} from the top, but there are only {} people",
                self.k,
                cells.len()
            )));
        }
        cells.sort();
        for w in cells.windows(2) {
            if !w[0].0.is_zero() && w[0].0 == w[1].0 {
                return Err(ArgError::at(
                    w[1].1,
                    format!(
                        "persons {} and {} are both on cell {}; only the hilltop (0) holds \
                         several people",
                        w[0].1 + 1,
                        w[1].1 + 1,
                        w[0].0
                    ),
                ));
            }
        }
        Ok(vec![cells.into_iter().map(|(c, _)| c).collect()])
    }

    fn args(&self, cells: &Cells) -> Vec<Arg> {
        naturals_args(cells)
    }

    fn options(&self, cells: &Cells, limits: &Limits) -> Result<Vec<Opt<Cells>>, Error> {
        limits.check()?;
        let mut out = Vec::new();
        each_move(cells, self.k, |i, to| out.push(person_move(cells, i, to)));
        Ok(out)
    }

    fn describe(&self, cells: &Cells, to: &[Cells]) -> String {
        // A move changes the cell of exactly one person.
        let next = to.first().map(Vec::as_slice).unwrap_or(&[]);
        match (0..cells.len().min(next.len())).find(|&i| next[i] != cells[i]) {
            Some(i) => format!(
                "move the person on cell {} up to cell {}",
                cells[i], next[i]
            ),
            None => "move nobody".to_string(),
        }
    }

    fn searchable(&self, cells: &Cells) -> Result<(), Error> {
        let total: BigUint = cells.iter().sum();
        if total > BigUint::from(SEARCH_LIMIT) {
            return Err(Error::too_large(format!(
                "the hill is too large to search (cells add up to {total}, at most \
                 {SEARCH_LIMIT}); alone, its outcome has a closed form"
            )));
        }
        Ok(())
    }

    fn sample(&self, seed: u64) -> Vec<Cells> {
        // k to k + 2 people on distinct cells 1..=7 (sometimes one on the top), sorted.
        let mut rng = crate::rules::Rng::new(seed);
        let people = self.k + rng.range(0, 2) as usize;
        let mut cells: Cells = Vec::with_capacity(people);
        if rng.range(0, 3) == 0 {
            cells.push(BigUint::zero());
        }
        let mut tries = 0;
        while cells.len() < people && tries < 100 {
            tries += 1;
            let c = BigUint::from(rng.range(1, 7));
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
        if cells.len() < self.k {
            return Vec::new();
        }
        cells.sort();
        vec![cells]
    }

    fn theory(&self) -> Option<&dyn Theory<Cells>> {
        Some(self)
    }

    fn alone(&self) -> Option<&dyn Alone<Cells>> {
        Some(self)
    }
}

impl Theory<Cells> for Hill {
    fn nimber(&self, cells: &Cells, _limits: &Limits) -> Result<Option<Nimber>, Error> {
        let total: BigUint = cells.iter().sum();
        if total <= BigUint::from(SEARCH_LIMIT) {
            return Ok(None);
        }
        if !first_wins(cells, self.k) {
            return Ok(Some(Nimber::ZERO));
        }
        Err(Error::too_large(format!(
            "the nim-value of this hill is only searched when the cells add up to at most \
                 {SEARCH_LIMIT}; its outcome alone is known exactly"
        )))
    }
}

impl Alone<Cells> for Hill {
    fn outcome_alone(&self, cells: &Cells, _limits: &Limits) -> Result<Option<Outcome>, Error> {
        Ok(Some(if first_wins(cells, self.k) {
            Outcome::N
        } else {
            Outcome::P
        }))
    }

    fn counted_winning_moves_alone(
        &self,
        cells: &Cells,
        cap: usize,
        _limits: &Limits,
    ) -> Result<Option<Counted<Cells>>, Error> {
        let total: BigUint = cells.iter().sum();
        let work = total * cells.len();
        if work.to_u64().is_none_or(|w| w > WINNING_SCAN_LIMIT) {
            return Ok(None);
        }
        let mut out = Vec::new();
        each_move(cells, self.k, |i, to| {
            let mut next = cells.clone();
            next[i] = to.clone();
            next.sort();
            if !first_wins(&next, self.k) {
                out.push(person_move(cells, i, to));
            }
        });
        Ok(Some(first_moves(out, cap)))
    }
}
