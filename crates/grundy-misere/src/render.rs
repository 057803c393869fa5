//! Plain-text reports for the command line: the quotient (order, presentation, P-portion,
//! heap map, table, stability) and the analysis of a sum.

use std::fmt::Write;

use crate::analysis::{Outcome, SumAnalysis};
use crate::quotient::MisereQuotient;

/// Tables of quotients larger than this are left out of [`quotient_text`].
pub const MAX_TABLE_ORDER: usize = 24;

/// The text report of a quotient.
///
/// Sections: a header (rules, heaps, order), the presentation with the heap of each
/// generator, the elements with the P-portion marked, the heap map (runs of heaps with
/// the same element are written once), the multiplication table (only up to
/// [`MAX_TABLE_ORDER`] elements), the heaps at which the quotient grew, and what is known
/// beyond the computed heaps.
///
/// Example:
/// ```
/// use grundy_heap::HeapRules;
/// use grundy_misere::{quotient, render, QuotientOptions};
/// let nim = HeapRules::parse("tb[0.[3]]").unwrap();
/// let q = quotient(&nim, 3, &QuotientOptions::default()).unwrap();
/// let text = render::quotient_text(&q);
/// assert!(text.contains("order 6"));
/// assert!(text.contains("P-portion: a, b^2"));
/// ```
pub fn quotient_text(q: &MisereQuotient) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "misere quotient of {} for heaps 0..={}: order {}",
        q.rules(),
        q.computed_to(),
        q.order()
    );
    let _ = writeln!(s, "presentation: {}", q.presentation_text());
    if !q.generators().is_empty() {
        let gens: Vec<String> = q
            .generators()
            .iter()
            .map(|g| format!("{} = heap {}", g.name, g.heap))
            .collect();
        let _ = writeln!(s, "generators: {}", gens.join(", "));
    }
    let p: Vec<&str> = q.p_portion().iter().map(|&x| q.name(x)).collect();
    let _ = writeln!(s, "P-portion: {}", p.join(", "));
    let names: Vec<String> = q
        .elements()
        .iter()
        .enumerate()
        .map(|(i, e)| format!("{i}:{}{}", e.name, if e.p { "*" } else { "" }))
        .collect();
    let _ = writeln!(s, "elements (* = P): {}", names.join(" "));
    let _ = writeln!(s, "heaps:");
    let heaps = q.heap_elements();
    let mut start = 0;
    while start < heaps.len() {
        let mut end = start;
        while end + 1 < heaps.len() && heaps[end + 1] == heaps[start] {
            end += 1;
        }
        let range = if end == start {
            format!("{start}")
        } else {
            format!("{start}..{end}")
        };
        let _ = writeln!(s, "  {range}: {}", q.name(heaps[start]));
        start = end + 1;
    }
    if q.order() <= MAX_TABLE_ORDER {
        let _ = writeln!(s, "table (element ids, row * column):");
        let width = q.order().to_string().len().max(2);
        let header: Vec<String> = (0..q.order()).map(|j| format!("{j:>width$}")).collect();
        let _ = writeln!(s, "  {:>width$} | {}", "", header.join(" "));
        for (i, row) in q.table().iter().enumerate() {
            let cells: Vec<String> = row.iter().map(|x| format!("{x:>width$}")).collect();
            let _ = writeln!(s, "  {i:>width$} | {}", cells.join(" "));
        }
    } else {
        let _ = writeln!(
            s,
            "table: {} x {} (left out; use the JSON output)",
            q.order(),
            q.order()
        );
    }
    let growth: Vec<String> = q
        .growth()
        .iter()
        .map(|g| format!("{}->{}", g.heap, g.order))
        .collect();
    let _ = writeln!(s, "grew at heaps (heap->order): {}", growth.join(" "));
    let _ = writeln!(s, "{}", q.stability().statement());
    s
}

/// The text report of a sum's analysis: outcome, element and winning move.
///
/// Example:
/// ```
/// use grundy_heap::HeapRules;
/// use grundy_misere::{quotient, render, QuotientOptions};
/// let nim = HeapRules::parse("tb[0.[3]]").unwrap();
/// let q = quotient(&nim, 3, &QuotientOptions::default()).unwrap();
/// let a = q.analyze_sum(&nim, &[1, 1, 2]).unwrap();
/// assert_eq!(render::sum_text(&a), "N (element b): move heap #3 (2) to 1\n");
/// ```
pub fn sum_text(a: &SumAnalysis) -> String {
    let mut s = String::new();
    let outcome = match a.outcome {
        Outcome::P => "P",
        Outcome::N => "N",
    };
    let _ = write!(s, "{outcome} (element {})", a.element_name);
    match (&a.winning_move, a.outcome) {
        (Some(m), _) => {
            let to: Vec<String> = m.to.iter().map(u64::to_string).collect();
            let to = if to.is_empty() {
                "0".to_string()
            } else {
                to.join(" + ")
            };
            let _ = writeln!(s, ": move heap #{} ({}) to {to}", m.index + 1, m.heap);
        }
        (None, Outcome::N) => {
            let _ = writeln!(s, ": no move is possible, so the player to move has won");
        }
        (None, Outcome::P) => {
            let _ = writeln!(s, ": every move loses");
        }
    }
    s
}
