//! Rules of two-argument families: closed forms, sums of two one-argument rules, Wythoff's
//! P-positions.

use crate::seq::{self, describe_named};
use crate::{code, none_pattern, Closed, Code, Combine, PRule, Pattern, Proof, Rule};

/// The fewest values on a side of the grid for any rule (on a smaller one, a + b fits
/// Wythoff's game).
const MIN_SIDE: usize = 8;

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
    describe_grid_from(family, grid, 0, proof)
}

/// [`describe_grid`] for a family whose positions start at `origin` in both arguments:
/// `grid[i][j]` = G(i + origin, j + origin).
///
/// The rules of the arguments themselves (closed forms, Wythoff's pairs, the golden ratio)
/// are looked for in the family's own arguments; the rules of the table (sums, periods) in
/// the shifted ones, and their code then calls the shifted rule with a - origin, b - origin.
/// Returns: as [`describe_grid`], with `origin` and `checked_to` = origin + side - 1.
/// Complexity: that of [`describe_grid`].
/// Example:
/// ```
/// // Euclid's game on 1 <= a, b <= 30: P exactly when min < max < min * phi.
/// let phi = (1.0 + 5f64.sqrt()) / 2.0;
/// let g: Vec<Vec<u64>> = (1..=30u64)
///     .map(|a| (1..=30u64).map(|b| {
///         let (s, l) = (a.min(b) as f64, a.max(b) as f64);
///         u64::from(!(s < l && l < s * phi))
///     }).collect())
///     .collect();
/// let p = grundy_pattern::describe_grid_from("euclid", &g, 1, None);
/// assert_eq!((p.kind(), p.origin, p.checked_to), ("p-positions", 1, 30));
/// ```
pub fn describe_grid_from(
    family: &str,
    grid: &[Vec<u64>],
    origin: u64,
    proof: Option<&Proof>,
) -> Pattern {
    let n = grid.len();
    let checked_to = (n as u64 + origin).saturating_sub(1);
    if n == 0 || grid.iter().any(|row| row.len() != n) {
        return none_pattern(
            family,
            2,
            checked_to,
            vec!["nothing: the values do not form a square".to_string()],
        );
    }
    if n < MIN_SIDE {
        return none_pattern(
            family,
            2,
            checked_to,
            vec![format!(
                "nothing: a rule needs a side of at least {MIN_SIDE} values, found {n}"
            )],
        );
    }
    let mut tried = Vec::new();
    let pattern = |rule: Rule, proof: Option<String>, formula: String, code: Code| {
        Pattern::found(family, 2, checked_to, origin, rule, proof, (formula, code))
    };
    let mut forms = vec![
        Closed::Xor,
        Closed::Add,
        Closed::Diff,
        Closed::Min,
        Closed::Max,
    ];
    forms.extend((2..=8).map(Closed::AddMod));
    forms.push(Closed::NimProduct);
    for closed in forms {
        let rule = Rule::Formula {
            rule: closed_text(&closed),
            exceptions: vec![],
            closed,
        };
        if check(&rule, grid, origin) {
            let formula = match &rule {
                Rule::Formula { rule, .. } => format!("G(a, b) = {rule}"),
                _ => String::new(),
            };
            let code = code::grid(&rule);
            let proof = match (proof, &rule) {
                (Some(Proof::Formula { closed, theorem }), Rule::Formula { closed: found, .. })
                    if closed == found =>
                {
                    Some(theorem.clone())
                }
                _ => None,
            };
            return pattern(rule, proof, formula, code);
        }
    }
    tried.push(
        "closed forms: a xor b, a + b, |a - b|, min(a, b), max(a, b), (a + b) mod k for k = 2..8, \
         the nim-product a (*) b"
            .to_string(),
    );
    if origin == 0 {
        for combine in Combine::ALL {
            let Some(h) = of_one(grid, combine) else {
                continue;
            };
            let inner = describe_named("h", &h, None, "_h");
            if matches!(inner.rule, Rule::None { .. } | Rule::PPositions { .. }) {
                continue;
            }
            let (words, py, cpp) = combine.text();
            let formula = format!(
                "G(a, b) = h({words}), where {}",
                inner.formula.replace("G(", "h(")
            );
            let code = Code {
                python: format!(
                    "{}\ndef grundy(a, b):\n    return _h({py})\n",
                    inner.code.python
                ),
                cpp: format!(
                    "{}\nunsigned long long grundy(unsigned long long a, unsigned long long b) {{\n    return _h({cpp});\n}}\n",
                    inner.code.cpp
                ),
            };
            let rule = Rule::Formula {
                rule: format!("h({words})"),
                exceptions: vec![],
                closed: Closed::Of {
                    combine,
                    inner: Box::new(inner),
                },
            };
            if check(&rule, grid, 0) {
                return pattern(rule, None, formula, code);
            }
        }
        tried.push(
            "a function of a + b, |a - b|, min(a, b) or max(a, b) alone, with a rule of its own"
                .to_string(),
        );
    }
    let p_pairs = grid
        .iter()
        .enumerate()
        .flat_map(|(a, row)| row.iter().enumerate().map(move |(b, &v)| (a, b, v)))
        .filter(|&(a, b, v)| v == 0 && (a, b) != (0, 0))
        .count();
    let p_seen = p_pairs as u64 + u64::from(grid[0][0] == 0);
    if p_pairs >= MIN_P_PAIRS {
        let rule = Rule::PPositions {
            rule: "wythoff pairs".to_string(),
            p_positions_seen: p_seen,
            p: PRule::Wythoff,
        };
        if check(&rule, grid, origin) {
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
        let rule = Rule::PPositions {
            rule: "golden ratio".to_string(),
            p_positions_seen: p_seen,
            p: PRule::Golden,
        };
        if check(&rule, grid, origin) {
            let formula = "(a, b) is a P-position (G = 0) exactly when 0 < min(a, b) < max(a, b) \
                           < phi * min(a, b), phi = (1 + sqrt 5) / 2 (as in Euclid's game): with \
                           s = min, l = max, exactly when s < l and l (l - s) < s^2"
                .to_string();
            let code = code::grid(&rule);
            return pattern(rule, None, formula, code);
        }
        if let Some(c) = beatty_difference(grid, origin) {
            let rule = Rule::PPositions {
                rule: format!("beatty pairs, b - a = {c} k"),
                p_positions_seen: p_seen,
                p: PRule::Beatty { c },
            };
            if check(&rule, grid, origin) {
                let alpha = (2.0 - c as f64 + ((c * c + 4) as f64).sqrt()) / 2.0;
                let formula = format!(
                    "(a, b) is a P-position (G = 0) exactly when it is (0, 0) or, for some k >= 1, \
                     {{a, b}} = {{floor(k alpha), floor(k beta)}} with alpha = (2 - {c} + \
                     sqrt({})) / 2 = {alpha:.6}..., beta = alpha + {c} (1/alpha + 1/beta = 1): \
                     with a <= b, b - a = {c} k and a (b - 2k) < k (b - a) < (a + 1) (b + 1 - 2k)",
                    c * c + 4
                );
                let code = code::grid(&rule);
                return pattern(rule, None, formula, code);
            }
        }
    }
    tried.push(format!(
        "P-positions as Wythoff pairs (floor(k phi), floor(k phi^2)), as Beatty pairs \
         (floor(k alpha), floor(k (alpha + c))) with b - a = c k, alpha = (2 - c + sqrt(c^2 + \
         4)) / 2, c >= 2 read from the P-position (1, 1 + c), or as the pairs with min < max < \
         phi min (needs at least {MIN_P_PAIRS} off (0, 0), found {p_pairs})"
    ));
    table_rules(family, grid, tried).starting_at(origin)
}

/// The rules of the table itself, in the shifted arguments (G(i, j) = grid[i][j]).
fn table_rules(family: &str, grid: &[Vec<u64>], mut tried: Vec<String>) -> Pattern {
    let checked_to = grid.len() as u64 - 1;
    let pattern = |rule: Rule, formula: String, code: Code| {
        Pattern::found(family, 2, checked_to, 0, rule, None, (formula, code))
    };
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
            if check(&rule, grid, 0) {
                return pattern(rule, formula, code);
            }
        }
        tried.push(
            "a sum G(a, 0) xor G(0, b): it holds, but a side has no rule of its values".to_string(),
        );
    } else {
        tried.push("a sum G(a, 0) xor G(0, b): it does not hold".to_string());
    }
    if let Some(t) = periodic_table(grid, |v| v) {
        let (ka, kb) = (t.len(), t[0].len());
        let rule = Rule::Formula {
            rule: format!("T[a mod {ka}][b mod {kb}]"),
            exceptions: vec![],
            closed: Closed::Table2(t.clone()),
        };
        if check(&rule, grid, 0) {
            let rows: Vec<String> = t.iter().map(|r| crate::text::list(r)).collect();
            let formula = format!(
                "G(a, b) = T[a mod {ka}][b mod {kb}] with T = [{}]",
                rows.join(", ")
            );
            let code = code::grid(&rule);
            return pattern(rule, formula, code);
        }
    }
    tried.push(format!(
        "values periodic in both arguments: G(a, b) = T[a mod ka][b mod kb], ka, kb <= \
         {MAX_PERIOD_2}, each seen three times"
    ));
    let p_pairs = grid
        .iter()
        .enumerate()
        .flat_map(|(a, row)| row.iter().enumerate().map(move |(b, &v)| (a, b, v)))
        .filter(|&(a, b, v)| v == 0 && (a, b) != (0, 0))
        .count();
    if p_pairs >= MIN_P_PAIRS {
        if let Some(t) = periodic_table(grid, |v| v == 0).filter(|t| t.iter().flatten().any(|&p| p))
        {
            let (ka, kb) = (t.len(), t[0].len());
            let cells: Vec<String> = t
                .iter()
                .enumerate()
                .flat_map(|(i, r)| {
                    r.iter()
                        .enumerate()
                        .filter(|(_, &p)| p)
                        .map(move |(j, _)| format!("({i}, {j})"))
                })
                .collect();
            let rule = Rule::PPositions {
                rule: "periodic in both arguments".to_string(),
                p_positions_seen: p_pairs as u64 + u64::from(grid[0][0] == 0),
                p: PRule::Periodic2(t),
            };
            if check(&rule, grid, 0) {
                let formula = format!(
                    "(a, b) is a P-position (G = 0) exactly when (a mod {ka}, b mod {kb}) is one \
                     of {}",
                    cells.join(", ")
                );
                let code = code::grid(&rule);
                return pattern(rule, formula, code);
            }
        }
    }
    tried.push(format!(
        "P-positions periodic in both arguments (needs at least {MIN_P_PAIRS} off (0, 0), \
         found {p_pairs})"
    ));
    none_pattern(family, 2, checked_to, tried)
}

/// c >= 2 when (1, 1 + c) is the only P-position (1, b) with b > 1 in the grid (the first
/// Beatty pair of alpha in (1, 2) is (1, 1 + c)); `grid[i][j]` is the value at
/// (i + origin, j + origin).
fn beatty_difference(grid: &[Vec<u64>], origin: u64) -> Option<u64> {
    let row = usize::try_from(1u64.checked_sub(origin)?).ok()?;
    let mut ps = grid
        .get(row)?
        .iter()
        .enumerate()
        .map(|(j, &v)| (j as u64 + origin, v))
        .filter(|&(b, v)| v == 0 && b > 1);
    let (b, _) = ps.next()?;
    (ps.next().is_none() && b >= 3).then_some(b - 1)
}

/// h with G(a, b) = h(c(a, b)) on the whole grid, h(k) for every k that c takes there, if
/// the values depend on c(a, b) alone.
fn of_one(grid: &[Vec<u64>], combine: Combine) -> Option<Vec<u64>> {
    let n = grid.len() as u64;
    let top = combine.at(n - 1, n - 1)?.max(combine.at(n - 1, 0)?);
    let mut h: Vec<Option<u64>> = vec![None; usize::try_from(top).ok()? + 1];
    for (a, row) in grid.iter().enumerate() {
        for (b, &v) in row.iter().enumerate() {
            let k = combine.at(a as u64, b as u64)? as usize;
            match h[k] {
                None => h[k] = Some(v),
                Some(w) if w != v => return None,
                Some(_) => {}
            }
        }
    }
    h.into_iter().collect()
}

/// The largest period in each direction tried for a grid.
const MAX_PERIOD_2: usize = 12;

/// The least table T (by ka * kb, then ka) with f(G(a, b)) = T[a mod ka][b mod kb] on the
/// whole grid, each period seen at least three times.
fn periodic_table<T: PartialEq + Copy>(
    grid: &[Vec<u64>],
    f: impl Fn(u64) -> T,
) -> Option<Vec<Vec<T>>> {
    let n = grid.len();
    let top = MAX_PERIOD_2.min(n / 3);
    let mut sizes: Vec<(usize, usize)> = (1..=top)
        .flat_map(|ka| (1..=top).map(move |kb| (ka, kb)))
        .collect();
    sizes.sort_by_key(|&(ka, kb)| (ka * kb, ka));
    sizes.into_iter().find_map(|(ka, kb)| {
        let holds = grid.iter().enumerate().all(|(a, row)| {
            row.iter()
                .enumerate()
                .all(|(b, &v)| f(v) == f(grid[a % ka][b % kb]))
        });
        holds.then(|| {
            (0..ka)
                .map(|a| (0..kb).map(|b| f(grid[a][b])).collect())
                .collect()
        })
    })
}

fn closed_text(c: &Closed) -> String {
    match c {
        Closed::Xor => "a xor b".into(),
        Closed::Add => "a + b".into(),
        Closed::Diff => "|a - b|".into(),
        Closed::Min => "min(a, b)".into(),
        Closed::Max => "max(a, b)".into(),
        Closed::AddMod(k) => format!("(a + b) mod {k}"),
        Closed::Table2(t) => format!("T[a mod {}][b mod {}]", t.len(), t[0].len()),
        Closed::NimProduct => "a (*) b, the nim-product".into(),
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

/// Whether the rule reproduces every value of the grid (for P-positions: every outcome),
/// `grid[i][j]` being the value at (i + origin, j + origin).
fn check(rule: &Rule, grid: &[Vec<u64>], origin: u64) -> bool {
    grid.iter().enumerate().all(|(a, row)| {
        row.iter().enumerate().all(|(b, &v)| {
            let (a, b) = (a as u64 + origin, b as u64 + origin);
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
    fn a_function_of_the_smaller_argument() {
        // h(min(a, b)) with h(n) = [0, 1, 1, 2][n mod 4].
        let g = square(40, |a, b| [0, 1, 1, 2][(a.min(b) % 4) as usize]);
        let p = describe_grid("m", &g, None);
        assert_eq!(p.kind(), "formula", "{p:?}");
        assert_eq!(
            p.formula,
            "G(a, b) = h(min(a, b)), where h(n) = [0, 1, 1, 2][n mod 4]"
        );
        assert!(
            p.code.python.contains("return _h(min(a, b))"),
            "{}",
            p.code.python
        );
    }

    #[test]
    fn a_tiny_grid_has_no_rule() {
        // Wythoff's game on 0..1: G = a + b there, and nowhere beyond.
        let p = describe_grid("w", &square(2, |a, b| a + b), None);
        assert_eq!(p.kind(), "none");
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
    fn values_and_p_positions_periodic_in_both_arguments() {
        // Not a sum: G(1, 1) = 0, not G(1, 0) xor G(0, 1) = 3.
        let t = [[0, 1, 2], [2, 0, 1]];
        let g = square(30, |a, b| t[(a % 2) as usize][(b % 3) as usize]);
        let p = describe_grid("t", &g, None);
        assert_eq!(p.kind(), "formula", "{p:?}");
        assert_eq!(
            p.formula,
            "G(a, b) = T[a mod 2][b mod 3] with T = [[0, 1, 2], [2, 0, 1]]"
        );
        // P exactly when both are odd (kiki's game), values otherwise without a rule.
        let g = square(30, |a, b| {
            if a % 2 == 1 && b % 2 == 1 {
                0
            } else {
                1 + ((a * 2_654_435_761 + b * 40_503) >> 7) % 4
            }
        });
        let p = describe_grid("kiki", &g, None);
        assert_eq!(p.kind(), "p-positions", "{p:?}");
        assert!(
            p.formula.ends_with("(a mod 2, b mod 2) is one of (1, 1)"),
            "{}",
            p.formula
        );
        assert!(!p.proven);
    }

    #[test]
    fn beatty_p_positions_with_a_difference_of_c_k() {
        // Fraenkel's a-Wythoff game with a = 2: P-positions (floor(k sqrt 2), floor(k (2 +
        // sqrt 2))); values elsewhere without a rule.
        let g = square(50, |a, b| {
            if crate::is_beatty_p(a, b, 2) {
                0
            } else {
                1 + (a * 7 + b * b * 3) % 5
            }
        });
        let p = describe_grid("w2", &g, None);
        assert_eq!(p.kind(), "p-positions", "{p:?}");
        match &p.rule {
            Rule::PPositions { rule, p: pr, .. } => {
                assert_eq!(rule, "beatty pairs, b - a = 2 k");
                assert_eq!(*pr, PRule::Beatty { c: 2 });
            }
            r => panic!("{r:?}"),
        }
        assert!(p.formula.contains("1.414214"), "{}", p.formula);
        // Even with Wythoff's proof handed over, a rule other than Wythoff's is not proven.
        let t = Proof::WythoffPairs {
            theorem: "Wythoff".into(),
        };
        assert!(!describe_grid("w2", &g, Some(&t)).proven);
        // One P-position moved: no rule.
        let mut bad = g.clone();
        bad[4][10] = 1;
        bad[4][11] = 0;
        assert_eq!(describe_grid("w2", &bad, None).kind(), "none");
    }

    #[test]
    fn a_closed_form_is_proven_only_by_a_proof_of_that_form() {
        let g = square(20, |a, b| crate::nim_mul(a, b, 64));
        assert!(!describe_grid("corners", &g, None).proven);
        let tartan = |closed| Proof::Formula {
            closed,
            theorem: "Tartan".into(),
        };
        let p = describe_grid("corners", &g, Some(&tartan(Closed::NimProduct)));
        assert_eq!((p.kind(), p.proven), ("formula", true));
        assert_eq!(p.proof.as_deref(), Some("Tartan"));
        assert!(!describe_grid("corners", &g, Some(&tartan(Closed::Xor))).proven);
        // A proof of the nim-product does not prove a table that is not one.
        let x = square(20, |a, b| a ^ b);
        assert!(!describe_grid("x", &x, Some(&tartan(Closed::NimProduct))).proven);
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
