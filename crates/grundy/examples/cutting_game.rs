//! POJ 2311 Cutting Game, answered by implementing one trait.
//!
//! Rules: a W x H sheet; a move cuts one piece in two along a grid line; whoever cuts out a 1x1
//! piece wins. A cut that leaves a strip of width 1 hands the opponent a 1x1 cut, so in the
//! standard analysis only cuts leaving both parts at least 2 wide count, and a position with no
//! such cut is lost for the player to move. Each piece is a component of a sum.
//! Input: lines "W H" (2 <= W, H <= 200) until end of input. Output: WIN or LOSE per line.
//! Run: `cargo run -p grundy --example cutting_game < input.txt`

use std::io::Read;

use grundy::solve::{Limits, Solver};
use grundy::Game;

/// A piece of paper, stored with width <= height so that rotations share one memo entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Paper {
    w: u32,
    h: u32,
}

impl Paper {
    /// A piece of w x h.
    pub fn new(w: u32, h: u32) -> Paper {
        Paper {
            w: w.min(h),
            h: w.max(h),
        }
    }
}

impl Game for Paper {
    fn options(&self) -> Vec<Vec<Self>> {
        let mut out = Vec::new();
        for i in 2..=self.w.saturating_sub(2) {
            out.push(vec![Paper::new(i, self.h), Paper::new(self.w - i, self.h)]);
        }
        for j in 2..=self.h.saturating_sub(2) {
            out.push(vec![Paper::new(self.w, j), Paper::new(self.w, self.h - j)]);
        }
        out
    }
}

/// The judge's output for the judge's input.
pub fn answer(input: &str) -> String {
    let mut solver = Solver::new(Limits::default());
    let nums: Vec<u32> = input
        .split_whitespace()
        .filter_map(|t| t.parse().ok())
        .collect();
    let mut out = String::new();
    for pair in nums.chunks_exact(2) {
        let line = match solver.nimber(&Paper::new(pair[0], pair[1])) {
            Ok(v) if v.is_zero() => "LOSE".to_string(),
            Ok(_) => "WIN".to_string(),
            Err(e) => format!("error: {e}"),
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn main() {
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("error: cannot read standard input: {e}");
        std::process::exit(2);
    }
    print!("{}", answer(&input));
}
