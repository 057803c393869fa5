//! `grundy explain`: the reasoning behind a position, as plain text or Markdown.

use std::io::Read;

use grundy::explain::{explain_position, to_markdown, to_text};
use grundy::expr;
use grundy::solve::Limits;
use grundy::Play;

use crate::failure::Failure;

/// Prints the explanations of `text` (`-` reads the expression from standard input).
pub fn run(text: &str, markdown: bool, misere: bool, max_nodes: usize) -> Result<(), Failure> {
    let owned;
    let text = if text.trim() == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map_err(|e| {
            Failure::input(format!(
                "cannot read the expression from standard input: {e}"
            ))
        })?;
        owned = s;
        owned.as_str()
    } else {
        text
    };
    let pos = expr::parse(text).map_err(|e| Failure::parse(&e, text))?;
    let play = if misere { Play::Misere } else { Play::Normal };
    let parts = explain_position(&pos, play, &Limits { max_nodes })?;
    let render = if markdown { to_markdown } else { to_text };
    let out: Vec<String> = parts.iter().map(render).collect();
    print!("{}", out.join("\n"));
    Ok(())
}
