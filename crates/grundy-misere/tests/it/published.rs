//! Quotients published by Plambeck and Siegel, reproduced. Each test names its source.

use grundy_heap::HeapRules;
use grundy_misere::{quotient, QuotientOptions, Stability};

use crate::brute::Brute;

fn q(rules: &str, to: u64) -> grundy_misere::MisereQuotient {
    quotient(
        &HeapRules::parse(rules).unwrap(),
        to,
        &QuotientOptions::default(),
    )
    .unwrap()
}

fn p_names(q: &grundy_misere::MisereQuotient) -> Vec<String> {
    q.p_portion()
        .iter()
        .map(|&x| q.name(x).to_string())
        .collect()
}

/// Source: T. E. Plambeck, "Taming the wild in impartial combinatorial games", INTEGERS 5
/// (2005) #G05, and Plambeck and Siegel, "Misere quotients for impartial games", JCTA
/// 2008: the game 0.75 has the quotient R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab,
/// c^2 = b^2> of order 8 with P-portion {a, b^2}. The heap map is periodic, so our
/// certificate proves it is the quotient of the whole game.
#[test]
fn r8_is_the_quotient_of_0_75() {
    let q = q("tb[0.75]", 30);
    assert_eq!(q.order(), 8);
    assert_eq!(
        q.presentation_text(),
        "<a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>"
    );
    assert_eq!(p_names(&q), vec!["a", "b^2"]);
    assert!(q.stability().is_proven(), "{}", q.stability().statement());
}

/// Source: the tame quotients of misere Nim (Conway's genus theory, On Numbers and
/// Games ch. 12; Plambeck 2005 and Plambeck-Siegel 2008, where the quotient of Nim heaps
/// below 2^k is T_k = <a, b_1.. | a^2 = 1, b_i^3 = b_i, b_i^2 = b_j^2>): heaps 0..1 give
/// <a | a^2 = 1>, heaps 0..3 give T_2 = <a, b | a^2 = 1, b^3 = b> of order 6 with
/// P-portion {a, b^2}. Counting the elements of T_k from that presentation gives
/// 2^k + 2 for k >= 2.
#[test]
fn misere_nim_has_the_tame_quotients() {
    let one = q("tb[0.[3]]", 1);
    assert_eq!(one.presentation_text(), "<a | a^2 = 1>");
    assert_eq!(p_names(&one), vec!["a"]);
    let t2 = q("tb[0.[3]]", 3);
    assert_eq!(t2.presentation_text(), "<a, b | a^2 = 1, b^3 = b>");
    assert_eq!(p_names(&t2), vec!["a", "b^2"]);
    for k in 2..=5u32 {
        let t = q("tb[0.[3]]", (1 << k) - 1);
        assert_eq!(t.order(), (1 << k) + 2, "T_{k}");
        assert_eq!(t.generators().len() as u32, k);
        // b_i^3 = b_i and b_i^2 = b_j^2 hold for every pair of generators after a.
        let b: Vec<u32> = t.generators()[1..].iter().map(|g| g.element).collect();
        for &x in &b {
            assert_eq!(t.pow(x, 3), Some(x));
            assert_eq!(t.pow(x, 2), t.pow(b[0], 2));
        }
    }
}

/// Source: A. N. Siegel, answering questions on MisereSolver (miseregames blog, 28 August
/// 2007): "Q_30(0.07) has size 360". The partial quotient of Dawson's Kayles for heaps up
/// to 30 has order 360.
#[test]
fn dawsons_kayles_to_30_has_order_360() {
    let q = q("tb[0.07]", 30);
    assert_eq!(q.order(), 360);
    // Dawson's chess (0.137) is Dawson's Kayles shifted by one heap size.
    let chess = q_shifted();
    assert_eq!(chess, 360);
}

fn q_shifted() -> usize {
    q("tb[0.137]", 29).order()
}

/// The periodicity certificate, checked against the brute force beyond the computed
/// range: a proven quotient must give right outcomes for sums with larger heaps when
/// their elements are taken from the period.
#[test]
fn proven_periodicity_extends_beyond_the_computed_heaps() {
    let rules = HeapRules::parse("tb[0.75]").unwrap();
    let q = q("tb[0.75]", 30);
    let Stability::Proven {
        preperiod, period, ..
    } = q.stability().clone()
    else {
        panic!("0.75 should be proven periodic");
    };
    let element = |n: u64| {
        let n = if n > 30 {
            preperiod + (n - preperiod) % period
        } else {
            n
        };
        q.heap_element(n).unwrap()
    };
    let mut brute = Brute::new(&rules);
    for a in [31u64, 33, 36, 40] {
        for b in 0..6u64 {
            let x = q.mul(element(a), element(b)).unwrap();
            assert_eq!(q.is_p(x), brute.is_p(&[a, b]), "{a} + {b}");
        }
    }
}
