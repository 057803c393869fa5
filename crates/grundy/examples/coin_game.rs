//! HDU 3951 Coin Game, answered by implementing one trait.
//!
//! Rules: n coins in a circle; a move takes 1..K consecutive coins; coins on either side of a
//! gap are no longer consecutive. Whoever takes the last coin wins. The first move turns the
//! circle into a line; a move on a line leaves up to two lines (a sum).
//! Input: T, then T lines "N K". Output: "Case i: first" or "Case i: second".
//! Run: `cargo run -p grundy --example coin_game < input.txt`
//! The search covers circles of up to a few thousand coins; the judge's N up to 10^9 needs the
//! symmetry argument (K >= N, or K = 1 and N odd), which the tests compare with this search.

use std::io::Read;

use grundy::solve::{Error, Limits, Solver};
use grundy::Game;

/// A circle or a line of coins, with the most coins one move may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coins {
    n: u64,
    k: u64,
    circle: bool,
}

impl Game for Coins {
    fn options(&self) -> Vec<Vec<Self>> {
        let line = |n: u64| Coins {
            n,
            k: self.k,
            circle: false,
        };
        let mut out = Vec::new();
        for take in 1..=self.k.min(self.n) {
            let rest = self.n - take;
            if self.circle {
                out.push(if rest == 0 { vec![] } else { vec![line(rest)] });
                continue;
            }
            for left in 0..=rest / 2 {
                let right = rest - left;
                let parts: Vec<Coins> = [left, right]
                    .into_iter()
                    .filter(|&m| m > 0)
                    .map(line)
                    .collect();
                out.push(parts);
            }
        }
        out
    }

    fn searchable(&self) -> Result<(), grundy::Error> {
        if self.n > 5_000 {
            return Err(grundy::Error::too_large(format!(
                "{} coins are too many for this example's plain search",
                self.n
            )));
        }
        Ok(())
    }
}

/// Whether the first player wins the circle of n coins with moves of 1..=k.
pub fn first_wins(n: u64, k: u64) -> Result<bool, Error> {
    let mut solver = Solver::new(Limits::default());
    let v = solver.nimber(&Coins { n, k, circle: true })?;
    Ok(!v.is_zero())
}

/// The judge's output for the judge's input.
pub fn answer(input: &str) -> String {
    let mut nums = input
        .split_whitespace()
        .filter_map(|t| t.parse::<u64>().ok());
    let t = nums.next().unwrap_or(0);
    let mut out = String::new();
    for case in 1..=t {
        let (Some(n), Some(k)) = (nums.next(), nums.next()) else {
            break;
        };
        let word = match first_wins(n, k) {
            Ok(true) => "first".to_string(),
            Ok(false) => "second".to_string(),
            Err(e) => format!("error: {e}"),
        };
        out.push_str(&format!("Case {case}: {word}\n"));
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
