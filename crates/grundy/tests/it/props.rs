//! Property tests: every fast path equals brute force; sums add by XOR; parse(print(x)) = x.

use grundy::analysis::{analyze, Options};
use grundy::expr::{parse, parse_ruleset};
use grundy::Outcome;
use proptest::prelude::*;

use crate::brute::{sub_values, Octal};

/// A small random term with its brute-force heap rules.
#[derive(Clone, Debug)]
pub enum Spec {
    Nim(Vec<u64>),
    Sub(Vec<u64>, Vec<u64>),
    Tb(Octal, Vec<u64>),
    Star(u64),
}

impl Spec {
    pub fn text(&self) -> String {
        let heaps = |h: &[u64]| h.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        match self {
            Spec::Nim(h) => format!("nim({})", heaps(h)),
            Spec::Sub(s, h) => format!("sub[{}]({})", heaps(s), heaps(h)),
            Spec::Tb(c, h) => format!("tb[{}]({})", c.text(), heaps(h)),
            Spec::Star(n) => format!("*{n}"),
        }
    }

    /// Heaps with their brute-force options.
    pub fn heaps(&self) -> Vec<u64> {
        match self {
            Spec::Nim(h) | Spec::Sub(_, h) | Spec::Tb(_, h) => h.clone(),
            Spec::Star(n) => vec![*n],
        }
    }

    pub fn options(&self, n: u64) -> Vec<Vec<u64>> {
        match self {
            Spec::Nim(_) | Spec::Star(_) => (0..n)
                .map(|m| if m == 0 { vec![] } else { vec![m] })
                .collect(),
            Spec::Sub(s, _) => s
                .iter()
                .filter(|&&k| k <= n)
                .map(|&k| if k == n { vec![] } else { vec![n - k] })
                .collect(),
            Spec::Tb(c, _) => c.options(n),
        }
    }

    /// Brute-force nim-value of the whole term.
    pub fn value(&self) -> u64 {
        let hs = self.heaps();
        let max = hs.iter().copied().max().unwrap_or(0);
        let g = match self {
            Spec::Nim(_) | Spec::Star(_) => (0..=max).collect(),
            Spec::Sub(s, _) => sub_values(s, max),
            Spec::Tb(c, _) => c.values(max),
        };
        hs.iter().fold(0, |acc, &h| acc ^ g[h as usize])
    }
}

pub fn octal() -> impl Strategy<Value = Octal> {
    (
        prop_oneof![Just(0u8), Just(4u8), Just(8u8)],
        prop::collection::vec(0u8..16, 1..4),
        any::<bool>(),
    )
        .prop_map(|(d0, mut rest, distinct)| {
            // The canonical form drops trailing zero digits; keep one nonzero digit last.
            if let Some(last) = rest.last_mut() {
                if *last == 0 {
                    *last = 3;
                }
            }
            let mut digits = vec![d0];
            digits.extend(rest);
            Octal { digits, distinct }
        })
}

pub fn spec() -> impl Strategy<Value = Spec> {
    spec_up_to(12)
}

/// Components for misere sums, which cannot be decomposed: the searched space is the product of
/// the components' spaces, so the heaps stay below 7 (a few hundred thousand positions at most).
pub fn small_spec() -> impl Strategy<Value = Spec> {
    spec_up_to(7)
}

fn spec_up_to(limit: u64) -> impl Strategy<Value = Spec> {
    let heaps = prop::collection::vec(0u64..limit, 1..3);
    prop_oneof![
        heaps.clone().prop_map(Spec::Nim),
        (prop::collection::btree_set(1u64..8, 1..4), heaps.clone())
            .prop_map(|(s, h)| Spec::Sub(s.into_iter().collect(), h)),
        (octal(), heaps).prop_map(|(c, h)| Spec::Tb(c, h)),
        (0u64..6).prop_map(Spec::Star),
    ]
}

fn sum_text(specs: &[Spec]) -> String {
    specs.iter().map(Spec::text).collect::<Vec<_>>().join(" + ")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn octal_tables_equal_brute_force(c in octal(), n in 0u64..60) {
        let r = parse_ruleset(&format!("tb[{}]", c.text())).unwrap();
        let t = r.rules().heap_table(n, crate::common::limits()).unwrap().unwrap();
        let got: Vec<u64> = t.values.iter().map(u64::from).collect();
        prop_assert_eq!(got, c.values(n), "code {}", c.text());
    }

    #[test]
    fn subtraction_tables_equal_brute_force(
        s in prop::collection::btree_set(1u64..20, 1..5), n in 0u64..120
    ) {
        let set: Vec<u64> = s.into_iter().collect();
        let text = set.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let r = parse_ruleset(&format!("sub[{text}]")).unwrap();
        let t = r.rules().heap_table(n, crate::common::limits()).unwrap().unwrap();
        let got: Vec<u64> = t.values.iter().map(u64::from).collect();
        prop_assert_eq!(got, sub_values(&set, n));
    }

    #[test]
    fn sums_equal_brute_force_and_winning_moves_win(specs in prop::collection::vec(spec(), 1..4)) {
        let text = sum_text(&specs);
        let pos = parse(&text).unwrap();
        let a = analyze(&pos, &Options::default()).unwrap();
        let want = specs.iter().fold(0, |acc, s| acc ^ s.value());
        prop_assert_eq!(a.nimber.clone().unwrap().to_u64(), Some(want), "{}", text);
        prop_assert_eq!(a.outcome == Outcome::P, want == 0);
        // Count winning moves by brute force: options of one heap reaching the target value.
        let mut count = 0usize;
        if want != 0 {
            for s in &specs {
                let hs = s.heaps();
                let max = hs.iter().copied().max().unwrap_or(0);
                let g: Vec<u64> = match s {
                    Spec::Nim(_) | Spec::Star(_) => (0..=max).collect(),
                    Spec::Sub(set, _) => sub_values(set, max),
                    Spec::Tb(c, _) => c.values(max),
                };
                for &h in &hs {
                    let target = want ^ g[h as usize];
                    count += s.options(h).iter()
                        .filter(|p| p.iter().fold(0, |acc, &x| acc ^ g[x as usize]) == target)
                        .count();
                }
            }
        }
        prop_assert_eq!(crate::common::total(&a), count, "{}", text);
        for m in &a.winning_moves {
            let after = parse(&m.to).unwrap();
            let b = analyze(&after, &Options::default()).unwrap();
            prop_assert_eq!(b.outcome, Outcome::P, "{} -> {}", text, m.to);
        }
    }

    #[test]
    fn sum_value_is_xor_of_parts(a in spec(), b in spec()) {
        let va = analyze(&parse(&a.text()).unwrap(), &Options::default()).unwrap().nimber.unwrap();
        let vb = analyze(&parse(&b.text()).unwrap(), &Options::default()).unwrap().nimber.unwrap();
        let both = format!("{} + {}", a.text(), b.text());
        let vab = analyze(&parse(&both).unwrap(), &Options::default()).unwrap().nimber.unwrap();
        prop_assert_eq!(vab, va ^ vb);
    }

    #[test]
    fn parse_print_round_trips(specs in prop::collection::vec(spec(), 0..4)) {
        let text = if specs.is_empty() { "0".to_string() } else { sum_text(&specs) };
        let pos = parse(&text).unwrap();
        let printed = pos.to_string();
        let again = parse(&printed).unwrap();
        prop_assert_eq!(&again, &pos);
        prop_assert_eq!(again.to_string(), printed);
    }
}
