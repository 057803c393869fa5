//! Helpers shared by the tests: an independent nim-multiplication and symbolic move values.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use grundy_coins::{Line, LineMove};

/// `2^i (*) 2^j` by Ferguson's two rules (Game Theory, Part I, section 5.3): a Fermat 2-power
/// times a smaller number is the ordinary product, and `F (*) F = 3F/2`. Writing `2^i` as the
/// product of the distinct Fermat 2-powers `2^(2^k)`, k a bit of i, a repeated factor
/// `F = 2^(2^k)` (k the top common bit) is replaced by `F + F/2`. Independent of the crate's
/// halving code.
pub fn pow2_ref(i: u32, j: u32) -> u128 {
    static MEMO: OnceLock<Mutex<HashMap<(u32, u32), u128>>> = OnceLock::new();
    let memo = MEMO.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(&v) = memo.lock().unwrap().get(&(i, j)) {
        return v;
    }
    let common = i & j;
    let v = if common == 0 {
        // Distinct Fermat 2-powers multiply as ordinary numbers.
        1u128 << (i | j)
    } else {
        let k = 31 - common.leading_zeros();
        let f = 1u32 << k;
        // 2^i = F * 2^(i - 2^k) with 2^(i - 2^k) < F, and likewise for j.
        let rest = pow2_ref(i - f, j - f);
        // F * F * rest = (F + F/2) * rest = F * rest (ordinary, rest < F) + (F/2) * rest.
        (rest << f) ^ mul_ref(1u128 << (f - 1), rest)
    };
    memo.lock().unwrap().insert((i, j), v);
    v
}

/// The nim-product by distributing over bits and [`pow2_ref`].
pub fn mul_ref(a: u128, b: u128) -> u128 {
    let mut out = 0u128;
    for i in 0..128 {
        if (a >> i) & 1 == 1 {
            for j in 0..128 {
                if (b >> j) & 1 == 1 {
                    out ^= pow2_ref(i, j);
                }
            }
        }
    }
    out
}

/// The nim-sum of `G(c)` over the coins of a line move, without listing long Ruler runs: the
/// nim-sum of Ruler values over 1..n is the Gray code n + (n >> 1), checked below against the
/// definition.
pub fn move_sum(line: &Line, m: &LineMove) -> u128 {
    match (line, m) {
        (Line::Ruler, LineMove::Run { first, last }) => {
            let gray = |n: u64| u128::from(n ^ (n >> 1));
            gray(*last) ^ gray(first - 1)
        }
        _ => m
            .coins(1 << 20)
            .unwrap()
            .iter()
            .fold(0, |v, &c| v ^ line.value(c).unwrap()),
    }
}

#[test]
fn ruler_prefix_sums_are_gray_codes() {
    let mut acc = 0u128;
    for n in 1..5000u64 {
        acc ^= Line::Ruler.value(n).unwrap();
        assert_eq!(acc, u128::from(n ^ (n >> 1)), "n = {n}");
    }
}

#[test]
fn reference_agrees_with_fergusons_rules() {
    // 16 (*) 16 = 24, 8 (*) 8 = 13, 2^64 squared = 3 * 2^63.
    assert_eq!(mul_ref(16, 16), 24);
    assert_eq!(mul_ref(8, 8), 13);
    assert_eq!(mul_ref(1 << 64, 1 << 64), 3 << 63);
}
