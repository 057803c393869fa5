//! HDU 1729 Stone Game, answered by implementing one trait.
//!
//! Rules: n boxes; box i has capacity s_i and holds c_i stones; a move adds k stones to one box
//! with 1 <= k <= c^2 and c + k <= s. The player who cannot add loses. Each box is a component.
//! Input: cases "N" then N lines "s c"; N = 0 ends. Output: "Case k:" then Yes (first player
//! wins) or No.
//! Run: `cargo run -p grundy --example stone_game < input.txt`
//! The engine searches each box; capacities of 10^6 make the option lists long (c^2 moves), and
//! the judge's own recursion (q = largest with q + q^2 < s) is the fast way there. The tests
//! check this search against that recursion.

use std::io::Read;

use grundy::solve::{Error, Limits, Solver};
use grundy::Game;

/// A box: capacity and current stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StoneBox {
    s: u64,
    c: u64,
}

impl Game for StoneBox {
    fn options(&self) -> Vec<Vec<Self>> {
        let most = self.c.saturating_mul(self.c).min(self.s - self.c);
        (1..=most)
            .map(|k| {
                vec![StoneBox {
                    s: self.s,
                    c: self.c + k,
                }]
            })
            .collect()
    }

    fn searchable(&self) -> Result<(), grundy::Error> {
        if self.s > 200_000 {
            return Err(grundy::Error::too_large(format!(
                "a box of capacity {} is too large for this example's plain search",
                self.s
            )));
        }
        Ok(())
    }
}

/// The nim-value of one box.
pub fn box_value(s: u64, c: u64) -> Result<u64, Error> {
    let mut solver = Solver::new(Limits::default());
    let v = solver.nimber(&StoneBox { s, c })?;
    Ok(v.to_u64().unwrap_or(u64::MAX))
}

/// The judge's output for the judge's input.
pub fn answer(input: &str) -> String {
    let mut solver = Solver::new(Limits::default());
    let mut nums = input
        .split_whitespace()
        .filter_map(|t| t.parse::<u64>().ok());
    let mut out = String::new();
    let mut case = 0;
    while let Some(n) = nums.next() {
        if n == 0 {
            break;
        }
        case += 1;
        let mut boxes = Vec::new();
        for _ in 0..n {
            let (Some(s), Some(c)) = (nums.next(), nums.next()) else {
                break;
            };
            boxes.push(StoneBox { s, c: c.min(s) });
        }
        out.push_str(&format!("Case {case}:\n"));
        let line = match solver.sum_nimber(&boxes) {
            Ok(v) if v.is_zero() => "No".to_string(),
            Ok(_) => "Yes".to_string(),
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
