//! Plain-text renderings of the API's results, shared by every front that shows text.
//!
//! **Boundary:** renderers turn typed results into text; they never compute. Advice that
//! names a front's own controls (a flag, a field) is passed in by the front.

use std::fmt::Write as _;

use crate::analysis::Analysis;
use crate::api::{FamilyInfo, GraphReport, Table};
use crate::{Outcome, Period, Play};

/// The most characters of a position that [`analysis_text`] shows whole: a judge's input of a
/// million heaps is a line of ten million characters, which no one reads on a terminal (the
/// JSON keeps every position whole).
pub const MAX_POSITION_CHARS: usize = 1000;

/// The first `max_chars` characters of `text`, cut after a comma where one is near, when the
/// text is longer; `None` when it is not.
///
/// Example:
/// ```
/// assert_eq!(grundy::render::head("nim(1,2,3)", 20), None);
/// let long = format!("nim({})", vec!["123"; 500].join(","));
/// let h = grundy::render::head(&long, 1000).unwrap();
/// assert!(h.ends_with(',') && h.len() <= 1000 && long.starts_with(h));
/// ```
pub fn head(text: &str, max_chars: usize) -> Option<&str> {
    let (end, _) = text.char_indices().nth(max_chars)?;
    let cut = &text[..end];
    // Back to the last comma in the final tenth, so that no number is cut in two.
    match cut.rfind(',') {
        Some(i) if cut[i..].chars().count() <= max_chars / 10 + 1 => Some(&cut[..=i]),
        _ => Some(cut),
    }
}

/// A position for a line of text: whole up to [`MAX_POSITION_CHARS`] characters, else its
/// head and how long it is, so that nothing is shortened silently.
fn position_line(text: &str) -> std::borrow::Cow<'_, str> {
    match head(text, MAX_POSITION_CHARS) {
        None => text.into(),
        Some(h) => format!("{h}... ({} characters in all)", text.chars().count()).into(),
    }
}

/// The text of `analyze`: position, play, outcome, value, winning moves and notes. A position
/// longer than [`MAX_POSITION_CHARS`] characters is shown by its head and its length.
///
/// Arguments: the analysis; `more_hint`, what to say after "N more" (the CLI says how to see
/// them).
pub fn analysis_text(a: &Analysis, more_hint: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "position: {}",
        position_line(a.shown.as_deref().unwrap_or(&a.game))
    );
    let _ = writeln!(out, "play:     {}", a.play.name());
    let meaning = match a.outcome {
        Outcome::P => "the player to move loses",
        Outcome::N => "the player to move wins",
        Outcome::D => "a draw",
    };
    let _ = writeln!(out, "outcome:  {} ({meaning})", a.outcome);
    match (&a.value, a.play) {
        (Some(v), _) => {
            let _ = writeln!(out, "value:    {v}");
        }
        (None, Play::Misere) => {
            out.push_str("value:    (misere play: values do not add, only the outcome is given)\n")
        }
        (None, Play::Normal)
            if a.winning_moves_note.as_deref() == Some(crate::analysis::NOT_LOOKED_FOR) =>
        {
            out.push_str("value:    (not computed: only the outcome was asked for)\n")
        }
        (None, Play::Normal) => out.push_str(
            "value:    (not computed: the position is beyond this game's nim-value search; \
             the outcome and winning moves are exact)\n",
        ),
    }
    if let Some(r) = a.remoteness {
        let _ = writeln!(
            out,
            "remoteness: {r} (moves to the end when the winner hurries and the loser delays)"
        );
    }
    if let Some(m) = &a.method {
        let _ = writeln!(out, "method:   {m}");
    }
    let shown = a.winning_moves.len();
    match &a.winning_moves_total {
        Some(t) if *t > 0u32.into() => {
            let _ = writeln!(out, "winning moves ({t}):");
        }
        Some(_) => {
            if a.outcome == Outcome::P {
                out.push_str("winning moves: none (every move loses)\n");
            }
        }
        None => {
            let _ = writeln!(out, "winning moves (not all counted; {shown} shown):");
        }
    }
    for m in &a.winning_moves {
        let _ = writeln!(out, "  {}    ({})", position_line(m.shown()), m.text);
    }
    if let Some(t) = &a.winning_moves_total {
        if *t > shown.into() {
            let more = t - num_bigint::BigUint::from(shown);
            let _ = writeln!(out, "  ... {more} more{more_hint}");
        }
    }
    if let Some(note) = &a.winning_moves_note {
        let _ = writeln!(out, "note: {note}");
    }
    if a.outcome == Outcome::D {
        let _ = writeln!(
            out,
            "drawing moves ({}), which keep the draw:",
            a.drawing_moves_total
        );
        for m in &a.drawing_moves {
            let _ = writeln!(out, "  {}    ({})", position_line(m.shown()), m.text);
        }
    }
    out
}

/// The line that reports a period, shared by the table and table-file outputs.
pub fn period_line(p: &Period, proof: Option<&str>) -> String {
    let how = match proof {
        Some(x) => format!("proven {x}"),
        None => "seen in these values only, not proven".to_string(),
    };
    format!(
        "period: {} (preperiod {}, saltus {}, {how})",
        p.period, p.preperiod, p.saltus
    )
}

/// The text of a table: ten values a row, then the period.
pub fn table_text(t: &Table) -> String {
    let n = t.values.len().saturating_sub(1);
    let mut out = String::with_capacity(t.values.len() * 4 + 64);
    let _ = writeln!(out, "ruleset: {}", t.ruleset);
    let _ = writeln!(out, "heaps 0..{n}:");
    let mut row = 0;
    let mut it = t.values.iter().peekable();
    while it.peek().is_some() {
        let _ = write!(out, "{:>8}:", row * 10);
        for v in it.by_ref().take(10) {
            let _ = write!(out, " {v:>3}");
        }
        out.push('\n');
        row += 1;
    }
    match &t.period {
        Some(p) => {
            out.push_str(&period_line(p, p.proven.then_some("for every heap size")));
            out.push('\n');
        }
        None => {
            let _ = writeln!(out, "period: none found in 0..{n}");
        }
    }
    out
}

/// The text of `list`: each family with its syntax, rule, example, aliases and notes.
pub fn list_text(families: &[FamilyInfo]) -> String {
    let mut out = String::new();
    for f in families {
        let _ = writeln!(out, "{}", f.name);
        let _ = writeln!(out, "    syntax:  {}", f.syntax);
        let _ = writeln!(out, "    rule:    {}", f.summary);
        let _ = writeln!(out, "    example: {}", f.example);
        if !f.aliases.is_empty() {
            let _ = writeln!(out, "    aliases: {}", f.aliases.join(", "));
        }
        if !f.help.is_empty() {
            for line in wrap(&f.help, 88) {
                let _ = writeln!(out, "    {line}");
            }
        }
    }
    out
}

/// Splits a paragraph into lines of at most `width` characters at spaces.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Writes a graph report as text: a header line, then `vertex<TAB>value<TAB>outcome`.
pub fn graph_text(r: &GraphReport<'_>, out: &mut impl std::io::Write) -> std::io::Result<()> {
    match r.acyclic() {
        Some(acyclic) => writeln!(
            out,
            "{} vertices, {} edges, {}",
            r.graph.vertex_count(),
            r.graph.edge_count(),
            if acyclic {
                "acyclic"
            } else {
                "with cycles (values by Smith's generalized Sprague-Grundy function)"
            }
        )?,
        None => writeln!(
            out,
            "{} vertices, {} edges, misere play (one token; outcomes only)",
            r.graph.vertex_count(),
            r.graph.edge_count()
        )?,
    }
    for row in r.rows() {
        match &row.value {
            Some(v) => writeln!(out, "{}\t{v}\t{}", row.vertex, row.outcome)?,
            None => writeln!(out, "{}\t{}", row.vertex, row.outcome)?,
        }
    }
    Ok(())
}

/// Writes a graph report as CSV: `vertex,value,outcome` (`vertex,outcome` under misere play).
pub fn graph_csv(r: &GraphReport<'_>, out: &mut impl std::io::Write) -> std::io::Result<()> {
    let field = |s: &str| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    if r.play == Play::Misere {
        writeln!(out, "vertex,outcome")?;
    } else {
        writeln!(out, "vertex,value,outcome")?;
    }
    for row in r.rows() {
        match &row.value {
            Some(v) => writeln!(
                out,
                "{},{},{}",
                field(row.vertex),
                field(&v.to_string()),
                row.outcome
            )?,
            None => writeln!(out, "{},{}", field(row.vertex), row.outcome)?,
        }
    }
    Ok(())
}

/// The census lines of a pattern: what was counted, the values rare by frequency, the split
/// by a bit mask.
fn census_text(out: &mut String, c: &grundy_pattern::Census) {
    // The text lists the first values of a long list; the JSON has them all.
    const SHOWN: usize = 24;
    let more = |n: usize| {
        if n > SHOWN {
            format!(", ... and {} more", n - SHOWN)
        } else {
            String::new()
        }
    };
    let list = |v: &[u64]| {
        let items: Vec<String> = v.iter().take(SHOWN).map(u64::to_string).collect();
        format!("{{{}{}}}", items.join(", "), more(v.len()))
    };
    let top = c.heaps.saturating_sub(1);
    let _ = writeln!(
        out,
        "census:   the values of heaps 0..{top} ({} heaps), from 0 to {}",
        c.heaps,
        c.counts.len().saturating_sub(1)
    );
    if c.rare_by_frequency.is_empty() {
        let _ = writeln!(
            out,
            "  rare:   no value occurs on fewer than 1% of the heaps (but at least once)"
        );
    } else {
        let counted: Vec<String> = c
            .rare_by_frequency
            .iter()
            .take(SHOWN)
            .map(|&v| format!("{v} ({}x)", c.counts[v as usize]))
            .collect();
        let _ = writeln!(
            out,
            "  rare:   {} values on fewer than 1% of the heaps each, {} heaps in all: {}{}",
            c.rare_by_frequency.len(),
            c.rare_by_frequency_heaps,
            counted.join(", "),
            more(c.rare_by_frequency.len())
        );
    }
    match &c.sparse {
        Some(s) => {
            let _ = writeln!(
                out,
                "  split:  mask {:#b}: rare (an even number of ones in v & mask) on {} heaps, the last at heap {}: {} values {}; common: {} values {}",
                s.mask,
                s.rare_heaps,
                s.last_rare,
                s.rare_values.len(),
                list(&s.rare_values),
                s.common_values.len(),
                list(&s.common_values)
            );
        }
        None => {
            let _ = writeln!(
                out,
                "  split:  no bit mask leaves fewer than a quarter of the heaps rare"
            );
        }
    }
}

/// The text of `pattern`: the kind, the rule, how far it was checked and whether a theorem
/// proves it, then the Python and C++ code.
pub fn pattern_text(p: &crate::api::Pattern) -> String {
    use grundy_pattern::Rule;
    let mut out = String::new();
    let _ = writeln!(out, "family:   {} (arity {})", p.family, p.arity);
    let _ = writeln!(out, "kind:     {}", p.kind());
    let _ = writeln!(out, "rule:     {}", p.formula);
    if let Rule::Sum { left, right } = &p.rule {
        for (side, s) in [("G1", left), ("G2", right)] {
            let _ = writeln!(out, "  {side}:     {} ({})", s.formula, s.kind());
        }
    }
    let range = if p.arity == 2 {
        format!("{} <= a, b <= {}", p.origin, p.checked_to)
    } else {
        format!("{} <= n <= {}", p.origin, p.checked_to)
    };
    match p.checked_further_to {
        Some(far) => {
            let _ = writeln!(out, "checked:  {range}, and past the table to n = {far}");
        }
        None => {
            let _ = writeln!(out, "checked:  {range}");
        }
    }
    if let Some(c) = &p.census {
        census_text(&mut out, c);
    }
    match (&p.rule, &p.proof) {
        (Rule::None { tried }, _) => {
            let _ = writeln!(out, "tried:");
            for t in tried {
                let _ = writeln!(out, "  - {t}");
            }
            return out;
        }
        (_, Some(proof)) if p.proven => {
            let _ = writeln!(out, "proven:   for every size, by {proof}");
        }
        _ => {
            let _ = writeln!(out, "proven:   no: observed on the values checked only");
        }
    }
    let _ = write!(out, "\nPython:\n{}\nC++:\n{}", p.code.python, p.code.cpp);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A long position is shown by its head and its whole length, in the position line and
    /// in each move; a short one whole; the analysis itself keeps every text whole.
    #[test]
    fn long_positions_are_shortened_and_say_so() {
        let reg = crate::Registry::shared();
        let heaps: Vec<String> = (1..=600).map(|i| (i % 97 + 1).to_string()).collect();
        let text = format!("nim({})", heaps.join(","));
        let pos = reg.parse(&text).unwrap();
        let a = crate::analysis::analyze(&pos, &crate::analysis::Options::default()).unwrap();
        let out = analysis_text(&a, "");
        let len = a.game.chars().count();
        assert!(len > MAX_POSITION_CHARS, "{len}");
        let first = out.lines().next().unwrap();
        assert!(
            first.ends_with(&format!("... ({len} characters in all)")),
            "{first}"
        );
        assert!(first.len() < MAX_POSITION_CHARS + 60, "{first}");
        assert!(a
            .game
            .starts_with(first["position: ".len()..].split("...").next().unwrap()));
        let moves: Vec<&str> = out.lines().filter(|l| l.starts_with("  nim(")).collect();
        assert!(!moves.is_empty(), "{out}");
        assert!(
            moves.iter().all(|l| l.contains("characters in all)")),
            "{out}"
        );
        let short = analysis_text(
            &crate::analysis::analyze(&reg.parse("nim(3,4)").unwrap(), &Default::default())
                .unwrap(),
            "",
        );
        assert!(short.starts_with("position: nim(3,4)\n"), "{short}");
    }
}
