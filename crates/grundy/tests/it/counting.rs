//! Counting the winning moves of a component reuses what its valuation found (issue 41: kiki's
//! game of 2000 x 2000 took 12.6 s counted and 3.2 s not, because the memo that held the
//! values of its options was emptied before they were read, and each option searched again).
//! The work is counted in listings of a position's moves, not timed.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use num_bigint::BigUint;

use grundy::analysis::{analyze, Options};
use grundy::rules::{Arg, ArgError, Family, Opt, Ruleset, RulesetRef};
use grundy::{Error, Limits, Outcome, Registry};

/// Kiki's game (HDU 2147) on a board of `n` x `m`: the coin moves one square left, down or
/// diagonally down-left; the corner `(1, 1)` has no move. Counts how often moves are listed.
struct Board(Arc<AtomicUsize>);

impl Ruleset for Board {
    type P = (u64, u64);

    fn sample(&self, _seed: u64) -> Vec<Self::P> {
        Vec::new()
    }

    fn name(&self) -> String {
        "board".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<(u64, u64)>, ArgError> {
        let n = args
            .first()
            .map_or(Ok(1), |a| a.as_u64().map_err(|e| ArgError::at(0, e)))?;
        let m = args
            .get(1)
            .map_or(Ok(1), |a| a.as_u64().map_err(|e| ArgError::at(1, e)))?;
        Ok(vec![(n.max(1), m.max(1))])
    }

    fn args(&self, p: &(u64, u64)) -> Vec<Arg> {
        vec![Arg::int(p.0), Arg::int(p.1)]
    }

    fn options(&self, &(n, m): &(u64, u64), _: &Limits) -> Result<Vec<Opt<(u64, u64)>>, Error> {
        self.0.fetch_add(1, Ordering::Relaxed);
        let mut out = Vec::new();
        if m > 1 {
            out.push(vec![(n, m - 1)]);
        }
        if n > 1 {
            out.push(vec![(n - 1, m)]);
        }
        if n > 1 && m > 1 {
            out.push(vec![(n - 1, m - 1)]);
        }
        Ok(out)
    }
}

/// A registry with the counting board (a fresh memo each time) and its counter.
fn with_board() -> (Registry, Arc<AtomicUsize>) {
    let calls = Arc::new(AtomicUsize::new(0));
    let mut reg = Registry::builtin();
    let c = calls.clone();
    reg.register(Family::new(
        "board",
        &[],
        "board(n, m)",
        "kiki's game, counting its move listings",
        "board(5, 3)",
        None,
        move |_, _| Ok(RulesetRef::of(Board(c.clone()))),
    ))
    .unwrap();
    (reg, calls)
}

/// The position is lost exactly when both sides are odd (the judge's rule, checked here by
/// the definition on small boards); a won board's winning moves are its options with both
/// sides odd.
fn lost(n: u64, m: u64) -> bool {
    n % 2 == 1 && m % 2 == 1
}

#[test]
fn counting_reads_the_values_the_valuation_found() {
    // 40 x 41 = 1640 positions; the position limit 3000 makes the memo hold more than half of
    // it after the valuation, which used to empty it before the options were read.
    let (n, m) = (40, 41);
    let limits = Limits::default().with_nodes(3000);
    let run = |count: bool| {
        let (reg, calls) = with_board();
        let pos = reg.parse(&format!("board({n},{m})")).unwrap();
        let opts = Options {
            max_moves: 0,
            count,
            limits: limits.clone(),
            ..Options::default()
        };
        let a = analyze(&pos, &opts).unwrap();
        (a, calls.load(Ordering::Relaxed))
    };
    let (plain, valued) = run(false);
    let (counted, with_count) = run(true);
    assert_eq!(plain.outcome, Outcome::N);
    assert_eq!(counted.outcome, Outcome::N);
    // The valuation lists every position's moves once.
    assert_eq!(valued as u64, n * m);
    // Counting lists the moves of the component once more, and searches nothing: before the
    // fix, 1640 + 1 + 3 searches of about 1600 positions.
    assert_eq!(with_count, valued + 1, "counting searched again");
    // And the count is exact: the options with both sides odd.
    let exact = [(n, m - 1), (n - 1, m), (n - 1, m - 1)]
        .iter()
        .filter(|&&(a, b)| lost(a, b))
        .count();
    assert_eq!(counted.winning_moves_total, Some(BigUint::from(exact)));
}

#[test]
fn the_rule_of_the_board_holds_on_small_boards() {
    // The rule `lost` above, by the engine's own search on every board up to 12 x 12, with
    // the count of winning moves.
    let (reg, _) = with_board();
    for n in 1..=12u64 {
        for m in 1..=12u64 {
            let pos = reg.parse(&format!("board({n},{m})")).unwrap();
            let a = analyze(&pos, &Options::default()).unwrap();
            assert_eq!(a.outcome == Outcome::P, lost(n, m), "board({n},{m})");
            let mut options = Vec::new();
            if m > 1 {
                options.push((n, m - 1));
            }
            if n > 1 {
                options.push((n - 1, m));
            }
            if n > 1 && m > 1 {
                options.push((n - 1, m - 1));
            }
            let wins = options.iter().filter(|&&(a, b)| lost(a, b)).count();
            assert_eq!(
                a.winning_moves_total,
                Some(BigUint::from(wins)),
                "board({n},{m})"
            );
        }
    }
}
