//! The quotient against the brute force on many random sums, and theorems that every
//! quotient must satisfy.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Mutex, OnceLock};

use grundy_heap::HeapRules;
use grundy_misere::{quotient, FnGame, MisereQuotient, Outcome, QuotientOptions};
use proptest::prelude::*;

use crate::brute::Brute;

/// Heap bound of the checked quotients: small enough for the brute force.
const TO: u64 = 10;

/// Octal, hexadecimal and subtraction games, tame and wild, with and without "!" and
/// repeating blocks.
const GAMES: &[&str] = &[
    "tb[0.07]",  // Dawson's Kayles
    "tb[0.77]",  // Kayles
    "tb[0.75]",  // Plambeck's wild game with quotient R8
    "tb[0.137]", // Dawson's chess
    "tb[0.6]",
    "tb[0.17]",
    "tb[4.7]", // Daisies
    "tb[0.31]",
    "tb[0.123]",
    "tb[0.[3]]", // Nim
    "tb[4!.0]",  // Grundy's game
    "tb[0.f]",   // split into up to three heaps
    "tb[0.0f]",
    "tb[0.54]",
    "sub[1,2]",
    "sub[2,3]",
    "sub[1,3,4]",
    "sub[pow2]",
];

struct Case {
    rules: HeapRules,
    q: MisereQuotient,
    brute: Brute,
}

fn cases() -> &'static Mutex<HashMap<&'static str, Case>> {
    static CASES: OnceLock<Mutex<HashMap<&'static str, Case>>> = OnceLock::new();
    CASES.get_or_init(|| {
        let mut m = HashMap::new();
        for &g in GAMES {
            let rules = HeapRules::parse(g).unwrap();
            let q = quotient(&rules, TO, &QuotientOptions::default()).unwrap();
            let brute = Brute::new(&rules);
            m.insert(g, Case { rules, q, brute });
        }
        Mutex::new(m)
    })
}

/// Checks outcome, winning move and the set of all winning moves of one sum.
fn check_sum(case: &mut Case, heaps: &[u64]) -> Result<(), TestCaseError> {
    let a = case.q.analyze_sum(&case.rules, heaps).unwrap();
    let brute_p = case.brute.is_p(heaps);
    prop_assert_eq!(a.outcome == Outcome::P, brute_p, "outcome of {:?}", heaps);
    let mut sorted = heaps.to_vec();
    sorted.retain(|&h| h != 0);
    sorted.sort_unstable();
    let brute_moves: Vec<(usize, Vec<u64>, Vec<u64>)> = case.brute.moves(&sorted);
    // Winning (heap size, parts) pairs by brute force.
    let mut want: BTreeSet<(u64, Vec<u64>)> = BTreeSet::new();
    for (i, parts, next) in brute_moves.iter().cloned() {
        if case.brute.is_p(&next) {
            want.insert((sorted[i], parts));
        }
    }
    let got: BTreeSet<(u64, Vec<u64>)> = case
        .q
        .winning_moves(&case.rules, heaps)
        .unwrap()
        .into_iter()
        .map(|m| {
            assert_eq!(heaps[m.index], m.heap);
            (m.heap, m.to)
        })
        .collect();
    prop_assert_eq!(&got, &want, "winning moves of {:?}", heaps);
    match &a.winning_move {
        Some(m) => prop_assert!(want.contains(&(m.heap, m.to.clone()))),
        None => prop_assert!(brute_p || brute_moves.is_empty()),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    /// The product of the heaps' elements decides the outcome exactly as the brute-force
    /// search of the sum does, and the winning moves found by multiplying are exactly
    /// the brute force's.
    #[test]
    fn quotient_agrees_with_brute_force(
        game in 0..GAMES.len(),
        heaps in prop::collection::vec(0..=TO, 0..=6),
    ) {
        let mut heaps = heaps;
        // Keep the brute force small: at most 22 tokens in all.
        while heaps.iter().sum::<u64>() > 22 {
            heaps.pop();
        }
        let mut all = cases().lock().unwrap();
        let case = all.get_mut(GAMES[game]).unwrap();
        check_sum(case, &heaps)?;
    }

    /// Sums of many small heaps.
    #[test]
    fn many_small_heaps(
        game in 0..GAMES.len(),
        heaps in prop::collection::vec(0..=4u64, 0..=12),
    ) {
        let mut all = cases().lock().unwrap();
        let case = all.get_mut(GAMES[game]).unwrap();
        check_sum(case, &heaps)?;
    }

    /// Misere Nim is the degenerate case: Bouton's rule. If every heap has at most one
    /// token, P iff the number of nonempty heaps is odd; otherwise P iff the nim-sum is 0.
    #[test]
    fn misere_nim_is_bouton(heaps in prop::collection::vec(0..=31u64, 0..=120)) {
        let q = nim_quotient();
        let small = heaps.iter().all(|&h| h <= 1);
        let bouton = if small {
            heaps.iter().filter(|&&h| h == 1).count() % 2 == 1
        } else {
            heaps.iter().fold(0, |x, &h| x ^ h) == 0
        };
        prop_assert_eq!(q.is_p_sum(&heaps).unwrap(), bouton);
        let a = q.analyze_sum(&HeapRules::parse("tb[0.[3]]").unwrap(), &heaps).unwrap();
        if let Some(m) = a.winning_move {
            // Play the move and check Bouton's rule says P.
            let mut next = heaps.clone();
            next.remove(m.index);
            next.extend(m.to);
            let small = next.iter().all(|&h| h <= 1);
            let p = if small {
                next.iter().filter(|&&h| h == 1).count() % 2 == 1
            } else {
                next.iter().fold(0, |x, &h| x ^ h) == 0
            };
            prop_assert!(p);
        }
    }
}

fn nim_quotient() -> &'static MisereQuotient {
    static Q: OnceLock<MisereQuotient> = OnceLock::new();
    Q.get_or_init(|| {
        quotient(
            &HeapRules::parse("tb[0.[3]]").unwrap(),
            31,
            &QuotientOptions::default(),
        )
        .unwrap()
    })
}

/// Plambeck and Siegel (JCTA 2008): every misere quotient of impartial games other than
/// the trivial one has even order. Checked on every partial quotient of every game here.
#[test]
fn nontrivial_quotients_have_even_order() {
    for &g in GAMES {
        let rules = HeapRules::parse(g).unwrap();
        for to in 0..=TO {
            let q = quotient(&rules, to, &QuotientOptions::default()).unwrap();
            assert!(
                q.order() == 1 || q.order() % 2 == 0,
                "{g} to {to}: order {}",
                q.order()
            );
        }
    }
}

/// The quotient is reduced (any two elements are told apart by some third one), its
/// table is commutative and associative, and the relations hold in it.
#[test]
fn quotients_are_reduced_commutative_monoids() {
    let all = cases().lock().unwrap();
    for (g, case) in all.iter() {
        let q = &case.q;
        let t = q.table();
        let n = q.order();
        for x in 0..n {
            for y in 0..n {
                assert_eq!(t[x][y], t[y][x], "{g}");
                for z in 0..n {
                    assert_eq!(t[t[x][y] as usize][z], t[x][t[y][z] as usize], "{g}");
                }
            }
            if x > 0 {
                let distinguished = (0..n).any(|z| q.is_p(t[x][z]) != q.is_p(t[0][z]));
                assert!(distinguished, "{g}: element {x} equals the identity");
            }
        }
        for x in 0..n {
            for y in 0..x {
                let told = (0..n).any(|z| q.is_p(t[x][z]) != q.is_p(t[y][z]));
                assert!(told, "{g}: elements {x} and {y} are indistinguishable");
            }
        }
        let eval = |e: &[u32]| {
            q.generators().iter().zip(e).fold(0u32, |acc, (g, &k)| {
                q.mul(acc, q.pow(g.element, u64::from(k)).unwrap()).unwrap()
            })
        };
        for r in q.relations() {
            assert_eq!(
                eval(&r.lhs_exponents),
                eval(&r.rhs_exponents),
                "{g}: {} = {}",
                r.lhs,
                r.rhs
            );
        }
        for (i, e) in q.elements().iter().enumerate() {
            assert_eq!(eval(&e.exponents) as usize, i, "{g}: normal form of {i}");
        }
    }
}

/// A closure-defined game gives the same quotient as the code it spells out.
#[test]
fn closures_match_codes() {
    // Kayles by hand: remove one or two adjacent pins, possibly splitting the row.
    let kayles = FnGame::new("kayles", |n| {
        let mut out = Vec::new();
        for take in 1..=2u64.min(n) {
            for left in 0..=(n - take) {
                out.push(vec![left, n - take - left]);
            }
        }
        out
    });
    let by_hand = quotient(&kayles, 14, &QuotientOptions::default()).unwrap();
    let by_code = quotient(
        &HeapRules::parse("tb[0.77]").unwrap(),
        14,
        &QuotientOptions::default(),
    )
    .unwrap();
    assert_eq!(by_hand.order(), by_code.order());
    assert_eq!(by_hand.heap_elements(), by_code.heap_elements());
    assert_eq!(by_hand.table(), by_code.table());
    assert_eq!(by_hand.p_portion(), by_code.p_portion());
}
