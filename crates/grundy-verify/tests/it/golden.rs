//! Published sequences and periods, recomputed by the checker's plain mex.

use grundy_verify::Limits;
use grundy_verify::{plain_values, Rules};

use crate::cert_of;

fn plain(rules: &str, n: usize) -> Vec<u32> {
    plain_values(&Rules::parse(rules).unwrap(), n, &Limits::default()).unwrap()
}

#[test]
fn oeis_first_terms() {
    // OEIS A002186, Kayles (0.77), offset 0.
    let kayles = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
        4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
        7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
    ];
    assert_eq!(plain("0.77", kayles.len()), kayles);
    // OEIS A002187, Dawson's chess (0.137), offset 0; Dawson's Kayles 0.07 is it shifted
    // by one heap (OEIS A002187 comment).
    let dawson = [
        0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
        5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2,
        1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1,
        1, 3, 0, 2, 1, 1, 0, 4, 5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9,
        3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    ];
    assert_eq!(plain("0.137", dawson.len()), dawson);
    let dk = plain("0.07", dawson.len() + 1);
    assert_eq!(&dk[1..], &dawson[..]);
}

#[test]
fn published_periods_are_certified() {
    // Kayles: period 12, preperiod 71 (OEIS A002186; CGSuite test tables).
    let c = cert_of("tb[0.77]", 200);
    assert_eq!((c.preperiod, c.period), (71, 12));
    // Dawson's Kayles: period 34, preperiod 53 (OEIS A002187 comment; CGSuite).
    let c = cert_of("tb[0.07]", 200);
    assert_eq!((c.preperiod, c.period), (53, 34));
    // Dawson's chess: period 34, last exception n = 51, so preperiod 52.
    let c = cert_of("tb[0.137]", 250);
    assert_eq!((c.preperiod, c.period), (52, 34));
    // Subtraction {2,3,7}: period 5 (CGSuite test tables).
    assert_eq!(cert_of("sub[2,3,7]", 40).period, 5);
    // Octal .117: period 48, "the only exceptions are n = 2, 6, 7, 12, 16, 22, 26, 36 and
    // 46" (OEIS A071453, whose a(n) is heap n; Winning Ways ch. 4, p. 104), so the
    // preperiod is 47.
    let c = cert_of("tb[0.117]", 400);
    assert_eq!((c.preperiod, c.period), (47, 48));
}
