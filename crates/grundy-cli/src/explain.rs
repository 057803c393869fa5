//! `grundy explain`: the reasoning behind a position, as plain text or Markdown.

use grundy::explain::{explain_position, to_markdown, to_text};
use grundy::expr;
use grundy::solve::Limits;
use grundy::Play;

use crate::failure::Failure;

/// Prints the explanations of `text` (`-` reads the expression from standard input).
pub fn run(text: &str, markdown: bool, misere: bool, max_nodes: usize) -> Result<(), Failure> {
    let owned = crate::commands::read_expr(text.to_string())?;
    let text = owned.as_str();
    let pos = expr::parse(text).map_err(|e| Failure::parse(&e, text))?;
    let play = if misere { Play::Misere } else { Play::Normal };
    let parts = explain_position(&pos, play, &Limits { max_nodes })?;
    let render = if markdown { to_markdown } else { to_text };
    let out: Vec<String> = parts.iter().map(render).collect();
    let mut o = crate::output::Out::new();
    o.put(&out.join("\n"))?;
    o.flush()
}
