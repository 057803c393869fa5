//! The public result: [`MisereQuotient`], computed by [`quotient`].

use serde::{Serialize, Serializer};

use crate::budget::Budget;
use crate::build::{Builder, Limits, StepKind};
use crate::error::QuotientError;
use crate::game::{clean_options, HeapGame};
use crate::monoid::{Monoid, Table};
use crate::presentation::{present, word_text};
use crate::stability::{stability, Stability};

/// Limits and cancellation for [`quotient`].
#[derive(Clone, Debug)]
pub struct QuotientOptions {
    /// The largest quotient (or reduced candidate) allowed; its table takes
    /// `4 * max_order^2` bytes. Default 2048.
    pub max_order: usize,
    /// The largest intermediate monoid (a candidate before reduction). Default 2^22.
    pub max_candidate: usize,
    /// Search steps for the whole computation (roughly one per position visited).
    /// Default 2^32.
    pub max_work: u64,
    /// Bytes one search (candidate marking, verification) may keep; the quotient table
    /// and the option lists are bounded by `max_order` and `max_option_parts`. Default
    /// 1 GiB.
    pub max_memory: usize,
    /// Option parts stored for all heaps together. Default 2^26.
    pub max_option_parts: u64,
    /// The request's budget, whose cancellation and deadline are checked every few thousand
    /// steps (its position and memory limits are the fields above); `None`: no deadline, no
    /// cancellation.
    pub budget: Option<grundy_types::Limits>,
}

impl Default for QuotientOptions {
    fn default() -> QuotientOptions {
        QuotientOptions {
            max_order: 2048,
            max_candidate: 1 << 22,
            max_work: 1 << 32,
            max_memory: 1 << 30,
            max_option_parts: 1 << 26,
            budget: None,
        }
    }
}

/// A generator of the presentation: the element of the first heap that the earlier
/// generators do not reach.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Generator {
    /// Its name (`a`, `b`, ...).
    pub name: String,
    /// The heap it comes from.
    pub heap: u64,
    /// Its element id.
    pub element: u32,
}

/// A defining relation `lhs = rhs` between words in the generators.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Relation {
    /// The left side, such as `b^3`.
    pub lhs: String,
    /// The right side (a normal form), such as `b`.
    pub rhs: String,
    /// Exponents of the generators on the left.
    pub lhs_exponents: Vec<u32>,
    /// Exponents of the generators on the right.
    pub rhs_exponents: Vec<u32>,
}

/// One element of the quotient.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Element {
    /// Its normal form, such as `ab^2` (`1` for the identity).
    pub name: String,
    /// Exponents of the generators in the normal form.
    pub exponents: Vec<u32>,
    /// Whether it is in the P-portion (sums with this element are P-positions: the
    /// player to move loses under misere play).
    pub p: bool,
}

/// A heap at which the quotient changed while heaps were added.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Growth {
    /// The heap that was added.
    pub heap: u64,
    /// The order of the quotient of heaps `0..=heap`.
    pub order: usize,
}

fn serialize_table<S: Serializer>(t: &Table, s: S) -> Result<S::Ok, S::Error> {
    t.rows().serialize(s)
}

/// The partial misere quotient of a heap game for the heaps `0..=computed_to`.
///
/// Every sum `x` of heaps of at most `computed_to` tokens has an element (the product of
/// its heaps' elements), and `x` is a misere P-position (the player to move loses when
/// the last player to move loses) iff that element is in the P-portion. The JSON form
/// (`serde`) is the shape proposed for `grundy quotient --json`:
///
/// ```json
/// {"rules": "tb[0.75]", "computed_to": 30, "order": 8,
///  "generators": [{"name": "a", "heap": 1, "element": 1}, ...],
///  "relations": [{"lhs": "a^2", "rhs": "1", "lhs_exponents": [2,0,0], "rhs_exponents": [0,0,0]}, ...],
///  "elements": [{"name": "1", "exponents": [0,0,0], "p": false}, ...],
///  "p_portion": [1, 6],
///  "table": [[0, 1, ...], ...],
///  "heaps": [0, 1, 2, ...],
///  "growth": [{"heap": 1, "order": 2}, ...],
///  "stability": {"kind": "proven", "preperiod": 2, "period": 2, "needed_to": 10, "statement": "..."},
///  "work": 12345}
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct MisereQuotient {
    rules: String,
    computed_to: u64,
    order: usize,
    generators: Vec<Generator>,
    relations: Vec<Relation>,
    elements: Vec<Element>,
    p_portion: Vec<u32>,
    #[serde(rename = "table", serialize_with = "serialize_table")]
    table: Table,
    heaps: Vec<u32>,
    growth: Vec<Growth>,
    stability: Stability,
    work: u64,
}

/// Computes the partial misere quotient of `game` for the heaps `0..=to`.
///
/// Arguments: `game`, any [`HeapGame`] (a [`grundy_heap::HeapRules`], a
/// [`grundy_heap::Code`], a [`grundy_heap::SubSet`], a [`crate::FnGame`]); `to`, the
/// largest heap; `options`, limits and cancellation.
///
/// Returns: the quotient with its presentation, table, P-portion, heap map, the heaps
/// at which it grew, and what is known beyond `to` ([`Stability`]).
///
/// Errors: a limit of `options` ([`QuotientError::OrderLimit`],
/// [`QuotientError::CandidateLimit`], [`QuotientError::WorkLimit`],
/// [`QuotientError::MemoryLimit`],
/// [`QuotientError::OptionLimit`]), cancellation, or an option that does not leave
/// smaller heaps.
///
/// Complexity: each heap costs a verification search over sums of heaps (pruned by
/// element and option set), and each growth of the quotient a few candidate monoids of
/// at most `max_candidate` elements; in practice it grows with the order of the quotient
/// and the number of heaps, and `max_work` bounds it.
///
/// Example:
/// ```
/// use grundy_heap::HeapRules;
/// use grundy_misere::{quotient, QuotientOptions};
/// // Misere Nim with heaps up to 3: the tame quotient <a, b | a^2 = 1, b^3 = b>.
/// let nim = HeapRules::parse("tb[0.[3]]").unwrap();
/// let q = quotient(&nim, 3, &QuotientOptions::default()).unwrap();
/// assert_eq!(q.order(), 6);
/// assert_eq!(q.presentation_text(), "<a, b | a^2 = 1, b^3 = b>");
/// assert!(q.is_p_sum(&[1, 1, 1]).unwrap());
/// ```
pub fn quotient<G: HeapGame + ?Sized>(
    game: &G,
    to: u64,
    options: &QuotientOptions,
) -> Result<MisereQuotient, QuotientError> {
    let top = u32::try_from(to).map_err(|_| QuotientError::BoundTooLarge { to })?;
    let mut opts: Vec<Vec<Vec<u32>>> = Vec::new();
    let mut parts_total: u64 = 0;
    for n in 0..=u64::from(top) {
        let cleaned = clean_options(game, n)?;
        parts_total =
            parts_total.saturating_add(cleaned.iter().map(|o| o.len() as u64 + 1).sum::<u64>());
        if parts_total > options.max_option_parts {
            return Err(QuotientError::OptionLimit {
                limit: options.max_option_parts,
                heap: n,
            });
        }
        // Parts are smaller than n <= to, which fits in u32.
        opts.push(
            cleaned
                .into_iter()
                .map(|o| o.into_iter().map(|p| p as u32).collect())
                .collect(),
        );
    }
    let limits = Limits {
        max_order: options.max_order,
        max_candidate: options.max_candidate,
    };
    let mut budget =
        Budget::new(options.max_work, options.budget.as_ref(), 0).with_memory(options.max_memory);
    let mut builder = Builder::new();
    let mut growth = Vec::new();
    for n in 1..=u64::from(top) {
        budget.heap = n;
        budget.tick(1)?;
        if let StepKind::Expanded = builder.add_heap(&opts, &limits, &mut budget)? {
            growth.push(Growth {
                heap: n,
                order: builder.q.table.size(),
            });
        }
    }
    let last_change = growth.last().map_or(0, |g| g.heap);
    let q = builder.q;
    let stab = stability(&q.psi, game.shape(), last_change);
    Ok(assemble(
        game.describe(),
        u64::from(top),
        q.table,
        q.p,
        q.psi,
        growth,
        stab,
        budget.used(),
    ))
}

#[allow(clippy::too_many_arguments)]
fn assemble(
    rules: String,
    computed_to: u64,
    table: Table,
    p: Vec<bool>,
    psi: Vec<u32>,
    growth: Vec<Growth>,
    stability: Stability,
    work: u64,
) -> MisereQuotient {
    let pres = present(&table, &psi);
    let generators = pres
        .generators
        .iter()
        .zip(&pres.names)
        .map(|(&(heap, element), name)| Generator {
            name: name.clone(),
            heap,
            element,
        })
        .collect();
    let relations = pres
        .relations
        .iter()
        .map(|(l, r)| Relation {
            lhs: word_text(&pres.names, l),
            rhs: word_text(&pres.names, r),
            lhs_exponents: l.clone(),
            rhs_exponents: r.clone(),
        })
        .collect();
    let elements = pres
        .normal_forms
        .iter()
        .zip(&p)
        .map(|(w, &is_p)| Element {
            name: word_text(&pres.names, w),
            exponents: w.clone(),
            p: is_p,
        })
        .collect();
    let p_portion = (0..table.size() as u32)
        .filter(|&x| p[x as usize])
        .collect();
    MisereQuotient {
        rules,
        computed_to,
        order: table.size(),
        generators,
        relations,
        elements,
        p_portion,
        table,
        heaps: psi,
        growth,
        stability,
        work,
    }
}

impl MisereQuotient {
    /// The ruleset's name, as [`HeapGame::describe`] gave it.
    pub fn rules(&self) -> &str {
        &self.rules
    }

    /// The largest heap covered.
    pub fn computed_to(&self) -> u64 {
        self.computed_to
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The generators, in heap order.
    pub fn generators(&self) -> &[Generator] {
        &self.generators
    }

    /// The defining relations.
    pub fn relations(&self) -> &[Relation] {
        &self.relations
    }

    /// The elements, indexed by element id (0 is the identity, the empty sum).
    pub fn elements(&self) -> &[Element] {
        &self.elements
    }

    /// The ids of the elements of the P-portion, ascending.
    pub fn p_portion(&self) -> &[u32] {
        &self.p_portion
    }

    /// Whether element `x` is in the P-portion (false for ids out of range).
    pub fn is_p(&self, x: u32) -> bool {
        self.elements.get(x as usize).is_some_and(|e| e.p)
    }

    /// The product of two elements; `None` for an id out of range.
    pub fn mul(&self, x: u32, y: u32) -> Option<u32> {
        let n = self.order as u32;
        (x < n && y < n).then(|| self.table.mul(x, y))
    }

    /// `x` to the power `k` (`k = 0` gives the identity); `None` for an id out of range.
    pub fn pow(&self, x: u32, k: u64) -> Option<u32> {
        (x < self.order as u32).then(|| self.table.pow(x, k))
    }

    /// The multiplication table as rows: `table()[x][y]` is the id of `x * y`.
    pub fn table(&self) -> Vec<Vec<u32>> {
        self.table.rows()
    }

    /// The element id of each heap `0..=computed_to`.
    pub fn heap_elements(&self) -> &[u32] {
        &self.heaps
    }

    /// The element id of heap `n`.
    ///
    /// Errors: `n > computed_to` ([`QuotientError::HeapOutOfRange`]).
    pub fn heap_element(&self, n: u64) -> Result<u32, QuotientError> {
        usize::try_from(n)
            .ok()
            .and_then(|i| self.heaps.get(i).copied())
            .ok_or(QuotientError::HeapOutOfRange {
                heap: n,
                computed_to: self.computed_to,
            })
    }

    /// The heaps at which the quotient grew, with the order after each.
    pub fn growth(&self) -> &[Growth] {
        &self.growth
    }

    /// What is known beyond `computed_to`.
    pub fn stability(&self) -> &Stability {
        &self.stability
    }

    /// Search steps the computation used.
    pub fn work(&self) -> u64 {
        self.work
    }

    /// The name (normal form) of element `x`, `?` for an id out of range.
    pub fn name(&self, x: u32) -> &str {
        self.elements
            .get(x as usize)
            .map_or("?", |e| e.name.as_str())
    }

    /// The presentation in one line, such as `<a, b | a^2 = 1, b^3 = b>`.
    pub fn presentation_text(&self) -> String {
        let gens: Vec<&str> = self.generators.iter().map(|g| g.name.as_str()).collect();
        let rels: Vec<String> = self
            .relations
            .iter()
            .map(|r| format!("{} = {}", r.lhs, r.rhs))
            .collect();
        if rels.is_empty() {
            format!("<{}>", gens.join(", "))
        } else {
            format!("<{} | {}>", gens.join(", "), rels.join(", "))
        }
    }

    pub(crate) fn raw_table(&self) -> &Table {
        &self.table
    }
}
