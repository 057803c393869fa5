//! The piecewise sequence of subtraction sets with large amounts equals brute force, its
//! proven period is a real (least) period, and Codeforces 1194D's sets answer at any size.

use grundy_heap::{find_period, naive_values, FiniteSet, HeapRules, Limits, Piecewise, Values};
use grundy_types::SplitMix64;
use num_bigint::BigUint;

fn set_of(ks: &[u64]) -> FiniteSet {
    FiniteSet::new(ks.iter().map(|&k| (k, k)).collect()).unwrap()
}

#[test]
fn random_sets_with_large_amounts_equal_brute_force() {
    check_random_sets(1194, 150, 300, 8000);
    check_random_sets(1091, 40, 3000, 60_000);
}

/// `count` random sets of up to three amounts below 9 and one or two in 15 ..= 15 + `spread`,
/// against a brute-force table of `n` values.
fn check_random_sets(seed: u64, count: usize, spread: u64, n: usize) {
    // Seeded, so that failures replay.
    let mut rng = SplitMix64::new(seed);
    let opts = Limits::default();
    let (mut proven, mut cases) = (0, 0);
    for _ in 0..count {
        let mut ks: Vec<u64> = (0..rng.next_u64() % 4)
            .map(|_| 1 + rng.next_u64() % 8)
            .collect();
        for _ in 0..1 + rng.next_u64() % 2 {
            ks.push(15 + rng.next_u64() % spread);
        }
        ks.sort_unstable();
        ks.dedup();
        let set = set_of(&ks);
        let text: Vec<String> = ks.iter().map(u64::to_string).collect();
        let rules = HeapRules::parse(&format!("sub[{}]", text.join(","))).unwrap();
        let brute = naive_values(&rules, n);
        let mut g = Piecewise::with_split(&set, 10).unwrap();
        cases += 1;
        // Heaps in a random order, so that stretches are computed on demand.
        for _ in 0..200 {
            let x = rng.next_u64() % n as u64;
            let v = g.value(&BigUint::from(x), &opts).unwrap();
            assert_eq!(v, brute[x as usize], "{rules} heap {x}");
        }
        let Ok(p) = g.period(&opts) else { continue };
        proven += 1;
        let (pre, per) = (p.preperiod as usize, p.period as usize);
        assert!(p.proven && p.saltus == 0);
        if pre + per + 1 < n {
            for x in pre..n - per {
                assert_eq!(brute[x + per], brute[x], "{rules}: period {per} from {pre}");
            }
            assert!(
                pre == 0 || brute[pre - 1 + per] != brute[pre - 1],
                "{rules}"
            );
        }
        // The same least period and preperiod as a table long enough to prove it.
        if let Some(t) = find_period(&rules, &Values::from_u32(&brute)).filter(|t| t.proven) {
            assert_eq!((t.preperiod, t.period), (p.preperiod, p.period), "{rules}");
        }
        // Heaps far beyond: the period's answer.
        for _ in 0..20 {
            let x = BigUint::from(rng.next_u64()) * 1_000_003u32 + 77u32;
            let r = ((&x - p.preperiod) % p.period)
                .to_u64_digits()
                .first()
                .copied()
                .unwrap_or(0);
            let want = g.value(&BigUint::from(p.preperiod + r), &opts).unwrap();
            assert_eq!(g.value(&x, &opts).unwrap(), want);
        }
    }
    // Almost every such set settles into pieces and proves its period.
    assert!(proven * 10 >= cases * 9, "{proven} of {cases}");
}

/// Codeforces 1194D: G(n) of sub[1,2,k] is n mod 3 when 3 does not divide k; otherwise, with
/// r = n mod (k + 1), 3 when r = k and r mod 3 else.
fn cf1194d(n: u64, k: u64) -> u32 {
    if k % 3 != 0 {
        return (n % 3) as u32;
    }
    let r = n % (k + 1);
    if r == k {
        3
    } else {
        (r % 3) as u32
    }
}

#[test]
fn codeforces_1194d_at_full_size() {
    let mut rng = SplitMix64::new(40);
    let opts = Limits::default();
    for _ in 0..200 {
        let k = 3 + rng.next_u64() % 1_000_000_000;
        let mut g = Piecewise::new(&set_of(&[1, 2, k])).unwrap();
        for _ in 0..5 {
            let n = rng.next_u64() % 1_000_000_001;
            assert_eq!(
                g.value(&BigUint::from(n), &opts).unwrap(),
                cf1194d(n, k),
                "k={k} n={n}"
            );
        }
        let p = g.period(&opts).unwrap();
        let want = if k % 3 == 0 { k + 1 } else { 3 };
        assert_eq!((p.preperiod, p.period), (0, want), "k={k}");
        // A stretch count independent of k: a handful of pieces.
        assert!(g.extent().1 <= 8, "k={k}: {:?}", g.extent());
    }
}

#[test]
fn sets_without_large_amounts_are_not_taken() {
    assert!(Piecewise::new(&set_of(&[1, 2, 3])).is_none());
    let many: Vec<u64> = (0..9).map(|i| 10_000 + 7 * i).collect();
    assert!(Piecewise::new(&set_of(&many)).is_none());
}
