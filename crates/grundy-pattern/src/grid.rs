//! Rules of two-argument families: closed forms, sums of two one-argument rules, Wythoff's
//! P-positions.

use crate::seq::{self, describe_named};
use crate::{code, none_pattern, Closed, Code, PRule, Pattern, Proof, Rule};

/// The fewest P-positions off (0, 0) that a rule of the P-positions needs to be claimed.
const MIN_P_PAIRS: usize = 6;

/// The rule behind G(a, b), 0 <= a, b <= N, of a two-argument family.
///
/// Arguments: the family as written canonically; `grid[a][b]` = G(a, b), a square of side
/// N + 1; a proof the caller holds for this family, if any ([`Proof::WythoffPairs`]).
/// Returns: the first of: a closed form (a xor b, a + b, |a - b|, min, max, (a + b) mod k for
/// k = 2..=8); a sum G(a, b) = G(a, 0) xor G(0, b) whose two sides have rules of their own
/// (each described as a one-argument pattern); Wythoff's P-positions; else kind `none` with
/// what was tried. Every rule returned reproduces every value given.
/// Complexity: O(N^2) per candidate rule.
/// Example:
/// ```
/// let g: Vec<Vec<u64>> = (0..20u64).map(|a| (0..20u64).map(|b| a ^ b).collect()).collect();
/// let p = grundy_pattern::describe_grid("nim2", &g, None);
/// assert_eq!(p.kind(), "formula");
/// ```
pub fn describe_grid(family: &str, grid: &[Vec<u64>], proof: Option<&Proof>) -> Pattern {
    let n = grid.len();
    let checked_to = n.saturating_sub(1) as u64;
    if n == 0 || grid.iter().any(|row| row.len() != n) {
        return none_pattern(
            family,
            2,
            checked_to,
            vec!["nothing: the values do not form a square".to_string()],
        );
    }
    let mut tried = Vec::new();
    let pattern = |rule: Rule, proof: Option<String>, formula: String, code: Code| Pattern {
        family: family.to_string(),
        arity: 2,
        checked_to,
        rule,
        proven: proof.is_some(),
        proof,
        formula,
        code,
    };
    let mut forms = vec![
        Closed::Xor,
        Closed::Add,
        Closed::Diff,
        Closed::Min,
        Closed::Max,
    ];
    forms.extend((2..=8).map(Closed::AddMod));
    for closed in forms {
        let rule = Rule::Formula {
            rule: closed_text(&closed),
            exceptions: vec![],
            closed,
        };
        if check(&rule, grid) {
            let formula = match &rule {
                Rule::Formula { rule, .. } => format!("G(a, b) = {rule}"),
                _ => String::new(),
            };
            let code = code::grid(&rule);
            return pattern(rule, None, formula, code);
        }
    }
    tried.push(
        "closed forms: a xor b, a + b, |a - b|, min(a, b), max(a, b), (a + b) mod k for k = 2..8"
            .to_string(),
    );
    let left: Vec<u64> = grid.iter().map(|row| row[0]).collect();
    let right: Vec<u64> = grid[0].clone();
    let is_sum = grid.iter().enumerate().all(|(a, row)| {
        row.iter()
            .enumerate()
            .all(|(b, &v)| v == left[a] ^ right[b])
    });
    if is_sum {
        let l = describe_named(&format!("{family}(a, 0)"), &left, None, "grundy_left");
        let r = describe_named(&format!("{family}(0, b)"), &right, None, "grundy_right");
        let has_values =
            |p: &Pattern| !matches!(p.rule, Rule::None { .. } | Rule::PPositions { .. });
        if has_values(&l) && has_values(&r) {
            let code = code::sum(&l.code, &r.code);
            let formula = format!(
                "G(a, b) = G1(a) xor G2(b), where G1(a) = G(a, 0): {}; and G2(b) = G(0, b): {}",
                l.formula.replace("G(", "G1("),
                r.formula.replace("G(", "G2(")
            );
            let rule = Rule::Sum {
                left: Box::new(l),
                right: Box::new(r),
            };
            if check(&rule, grid) {
                return pattern(rule, None, formula, code);
            }
        }
        tried.push(
            "a sum G(a, 0) xor G(0, b): it holds, but a side has no rule of its values".to_string(),
        );
    } else {
        tried.push("a sum G(a, 0) xor G(0, b): it does not hold".to_string());
    }
    let p_pairs = grid
        .iter()
        .enumerate()
        .flat_map(|(a, row)| row.iter().enumerate().map(move |(b, &v)| (a, b, v)))
        .filter(|&(a, b, v)| v == 0 && (a, b) != (0, 0))
        .count();
    if p_pairs >= MIN_P_PAIRS {
        let rule = Rule::PPositions {
            rule: "wythoff pairs".to_string(),
            p_positions_seen: p_pairs as u64 + u64::from(grid[0][0] == 0),
            p: PRule::Wythoff,
        };
        if check(&rule, grid) {
            let proof = match proof {
                Some(Proof::WythoffPairs { theorem }) => Some(theorem.clone()),
                _ => None,
            };
            let formula = "(a, b) is a P-position (G = 0) exactly when it is (0, 0) or, for some \
                           k >= 1, {a, b} = {floor(k phi), floor(k phi^2)} with phi = (1 + \
                           sqrt 5) / 2: with a <= b and k = b - a, a = floor(k phi)"
                .to_string();
            let code = code::grid(&rule);
            return pattern(rule, proof, formula, code);
        }
    }
    tried.push(format!(
        "P-positions as Wythoff pairs (floor(k phi), floor(k phi^2)) (needs at least \
         {MIN_P_PAIRS} off (0, 0), found {p_pairs})"
    ));
    none_pattern(family, 2, checked_to, tried)
}

fn closed_text(c: &Closed) -> String {
    match c {
        Closed::Xor => "a xor b".into(),
        Closed::Add => "a + b".into(),
        Closed::Diff => "|a - b|".into(),
        Closed::Min => "min(a, b)".into(),
        Closed::Max => "max(a, b)".into(),
        Closed::AddMod(k) => format!("(a + b) mod {k}"),
        _ => String::new(),
    }
}

/// The value the rule gives at (a, b); `None` for a rule of P-positions only.
fn value_at(rule: &Rule, a: u64, b: u64) -> Option<u64> {
    match rule {
        Rule::Formula { closed, .. } => closed.at2(a, b),
        Rule::Sum { left, right } => {
            Some(seq::value_at(&left.rule, a)? ^ seq::value_at(&right.rule, b)?)
        }
        _ => None,
    }
}

/// Whether the rule reproduces every value of the grid (for P-positions: every outcome).
fn check(rule: &Rule, grid: &[Vec<u64>]) -> bool {
    grid.iter().enumerate().all(|(a, row)| {
        row.iter().enumerate().all(|(b, &v)| {
            let (a, b) = (a as u64, b as u64);
            match rule {
                Rule::PPositions { p, .. } => p.is_p2(a, b) == (v == 0),
                _ => value_at(rule, a, b) == Some(v),
            }
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(n: u64, f: impl Fn(u64, u64) -> u64) -> Vec<Vec<u64>> {
        (0..n).map(|a| (0..n).map(|b| f(a, b)).collect()).collect()
    }

    #[test]
    fn closed_forms_and_their_order() {
        assert_eq!(
            describe_grid("x", &square(30, |a, b| a ^ b), None).formula,
            "G(a, b) = a xor b"
        );
        assert_eq!(
            describe_grid("x", &square(30, |a, b| (a + b) % 3), None).formula,
            "G(a, b) = (a + b) mod 3"
        );
    }

    #[test]
    fn sum_of_two_subtraction_games() {
        // sub[1,2] (n mod 3) xor sub[1,2,3] (n mod 4).
        let g = square(40, |a, b| (a % 3) ^ (b % 4));
        let p = describe_grid("s", &g, None);
        assert_eq!(p.kind(), "sum");
        match &p.rule {
            Rule::Sum { left, right } => {
                assert_eq!(left.formula, "G(n) = [0, 1, 2][n mod 3]");
                assert_eq!(right.formula, "G(n) = [0, 1, 2, 3][n mod 4]");
            }
            r => panic!("{r:?}"),
        }
        assert!(!p.proven);
    }

    #[test]
    fn wythoff_p_positions_proven_only_with_the_proof() {
        // Values: 0 at the P-positions, something else elsewhere (no rule of their own).
        let g = square(50, |a, b| {
            if crate::is_wythoff_p(a, b) {
                0
            } else {
                1 + (a * 7 + b * b * 3) % 5
            }
        });
        let p = describe_grid("w", &g, None);
        assert_eq!(p.kind(), "p-positions");
        assert!(!p.proven);
        let t = Proof::WythoffPairs {
            theorem: "Wythoff".into(),
        };
        assert!(describe_grid("wythoff", &g, Some(&t)).proven);
        // One P-position moved: no rule.
        let mut bad = g.clone();
        bad[3][5] = 1;
        bad[3][6] = 0;
        assert_eq!(describe_grid("w", &bad, Some(&t)).kind(), "none");
    }
}
