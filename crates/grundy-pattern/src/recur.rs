//! Linear recurrences found from the data: the P-positions p_0 < p_1 < ... of a one-argument
//! family as t_i = c_1 t_(i-1) + ... + c_d t_(i-d) + c_0, after a few listed exceptions.
//!
//! The recurrence of least order is found as Berlekamp and Massey find it, by exact linear
//! algebra over the rationals (fractions of 128-bit integers) on the first 2d + 1 terms; it
//! is kept only when its coefficients are integers and it gives every further term seen.

use crate::text::list;

/// The highest order tried.
const MAX_ORDER: usize = 4;

/// The most P-positions listed before the recurrence starts.
const MAX_SKIP: usize = 3;

/// The most terms a recurrence may need to pass 2^64: a recurrence that grows slower
/// (polynomially, as the squares) is not answered in O(log n) and is not returned.
pub(crate) const MAX_STEPS: usize = 200;

/// The P-positions `first` (listed) then t_i = sum of `coeffs[j]` t_(i-1-j) + `constant`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Recurrence {
    /// The first terms: the exceptions, then the d terms that start the recurrence.
    pub first: Vec<u64>,
    /// c_1 .. c_d.
    pub coeffs: Vec<i64>,
    /// c_0.
    pub constant: i64,
}

impl Recurrence {
    /// Whether n is a term, by generating the terms up to n (at most [`MAX_STEPS`]).
    pub fn contains(&self, n: u64) -> bool {
        if self.first.contains(&n) {
            return true;
        }
        let d = self.coeffs.len();
        let mut w: Vec<i128> = self.first[self.first.len() - d..]
            .iter()
            .map(|&x| i128::from(x))
            .collect();
        let n = i128::from(n);
        for _ in 0..=MAX_STEPS {
            let Some(next) = self.next(&w) else {
                return false;
            };
            if next >= n {
                return next == n;
            }
            w.remove(0);
            w.push(next);
        }
        false
    }

    /// The term after the window `w` (the last d terms, oldest first); `None` past 2^100.
    fn next(&self, w: &[i128]) -> Option<i128> {
        let d = w.len();
        let mut s = i128::from(self.constant);
        for (j, &c) in self.coeffs.iter().enumerate() {
            s = s.checked_add(i128::from(c).checked_mul(w[d - 1 - j])?)?;
        }
        (s.abs() < 1 << 100).then_some(s)
    }

    /// The first terms generated, from the start, up to `count` of them.
    pub fn terms(&self, count: usize) -> Vec<u64> {
        let mut t = self.first.clone();
        let d = self.coeffs.len();
        while t.len() < count {
            let w: Vec<i128> = t[t.len() - d..].iter().map(|&x| i128::from(x)).collect();
            match self.next(&w).and_then(|x| u64::try_from(x).ok()) {
                Some(x) => t.push(x),
                None => break,
            }
        }
        t
    }

    /// The recurrence in words.
    pub(crate) fn formula(&self) -> String {
        let d = self.coeffs.len();
        let skip = self.first.len() - d;
        let mut rhs: Vec<String> = Vec::new();
        for (j, &c) in self.coeffs.iter().enumerate() {
            let t = format!("t(i-{})", j + 1);
            match c {
                0 => {}
                1 => rhs.push(t),
                -1 => rhs.push(format!("-{t}")),
                c => rhs.push(format!("{c} {t}")),
            }
        }
        if self.constant != 0 || rhs.is_empty() {
            rhs.push(self.constant.to_string());
        }
        let rhs = rhs.join(" + ").replace("+ -", "- ");
        let mut f = format!(
            "n is a P-position (G(n) = 0) exactly when it is a term of t: {} and then t(i) = \
             {rhs}",
            list(&self.first[skip..])
        );
        if skip > 0 {
            f.push_str(&format!(", or one of {}", list(&self.first[..skip])));
        }
        f.push_str(&format!(" (terms {})", list(&self.terms(10))));
        f
    }
}

/// The recurrence of least order (then fewest exceptions) that gives every term of `p` (the
/// P-positions seen, increasing), with integer coefficients, at least 2d + 4 terms after the
/// exceptions to check it on, and growing fast enough to pass 2^64 in [`MAX_STEPS`] terms.
///
/// Arguments: the P-positions, in increasing order.
/// Returns: the recurrence, if any.
/// Complexity: O(d^3) per candidate, then O(len) to check it.
pub(crate) fn find(p: &[u64]) -> Option<Recurrence> {
    for d in 1..=MAX_ORDER {
        for skip in 0..=MAX_SKIP {
            let t = p.get(skip..)?;
            if t.len() < 2 * d + 4 {
                continue;
            }
            let Some((coeffs, constant)) = solve(t, d) else {
                continue;
            };
            let r = Recurrence {
                first: p[..skip + d].to_vec(),
                coeffs,
                constant,
            };
            let gives = r.terms(p.len()) == p;
            if gives && fast(&r) {
                return Some(r);
            }
        }
    }
    None
}

/// Whether the recurrence passes 2^64 within [`MAX_STEPS`] terms, increasing.
fn fast(r: &Recurrence) -> bool {
    let d = r.coeffs.len();
    let mut w: Vec<i128> = r.first[r.first.len() - d..]
        .iter()
        .map(|&x| i128::from(x))
        .collect();
    for _ in 0..MAX_STEPS {
        let Some(next) = r.next(&w) else {
            return false;
        };
        if next <= w[d - 1] {
            return false;
        }
        if next > i128::from(u64::MAX) {
            return true;
        }
        w.remove(0);
        w.push(next);
    }
    false
}

/// c_1..c_d and c_0 with t_i = sum c_j t_(i-j) + c_0 on i = d..=2d (d + 1 equations), by
/// Gaussian elimination over fractions of i128; `None` when singular or not integers.
fn solve(t: &[u64], d: usize) -> Option<(Vec<i64>, i64)> {
    let n = d + 1;
    // Rows: [t_(i-1), ..., t_(i-d), 1 | t_i] as fractions (numerator, denominator).
    let mut m: Vec<Vec<(i128, i128)>> = (d..d + n)
        .map(|i| {
            let mut row: Vec<(i128, i128)> = (1..=d).map(|j| (i128::from(t[i - j]), 1)).collect();
            row.push((1, 1));
            row.push((i128::from(t[i]), 1));
            row
        })
        .collect();
    for col in 0..n {
        let piv = (col..n).find(|&r| m[r][col].0 != 0)?;
        m.swap(col, piv);
        let p = m[col][col];
        for x in m[col].iter_mut() {
            *x = div(*x, p)?;
        }
        let pivot = m[col].clone();
        for (r, row) in m.iter_mut().enumerate() {
            if r != col && row[col].0 != 0 {
                let f = row[col];
                for (x, &y) in row.iter_mut().zip(&pivot) {
                    *x = sub(*x, mul(f, y)?)?;
                }
            }
        }
    }
    let ints: Option<Vec<i64>> = (0..n)
        .map(|r| {
            let (a, b) = m[r][n];
            (a % b == 0).then(|| i64::try_from(a / b).ok()).flatten()
        })
        .collect();
    let mut ints = ints?;
    let constant = ints.pop()?;
    Some((ints, constant))
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

fn norm((a, b): (i128, i128)) -> Option<(i128, i128)> {
    if b == 0 {
        return None;
    }
    let g = gcd(a, b).max(1);
    let (a, b) = (a / g, b / g);
    Some(if b < 0 { (-a, -b) } else { (a, b) })
}

fn mul(x: (i128, i128), y: (i128, i128)) -> Option<(i128, i128)> {
    norm((x.0.checked_mul(y.0)?, x.1.checked_mul(y.1)?))
}

fn div(x: (i128, i128), y: (i128, i128)) -> Option<(i128, i128)> {
    norm((x.0.checked_mul(y.1)?, x.1.checked_mul(y.0)?))
}

fn sub(x: (i128, i128), y: (i128, i128)) -> Option<(i128, i128)> {
    norm((
        x.0.checked_mul(y.1)?.checked_sub(y.0.checked_mul(x.1)?)?,
        x.1.checked_mul(y.1)?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pell_like_and_tribonacci_recurrences_are_found_with_exceptions() {
        // t_i = 2 t_(i-1) + t_(i-2) + 1, with 0 listed first.
        let mut p = vec![0u64, 1, 3];
        while p.len() < 20 {
            let k = p.len();
            p.push(2 * p[k - 1] + p[k - 2] + 1);
        }
        let r = find(&p).unwrap();
        assert_eq!((r.coeffs.clone(), r.constant), (vec![2, 1], 1));
        assert!(r.contains(p[19]) && !r.contains(p[19] + 1));
        // Far: the terms to 2^64 from the recurrence in u128, against `contains`.
        let mut far: Vec<u128> = p.iter().map(|&x| u128::from(x)).collect();
        while *far.last().unwrap() < u128::from(u64::MAX) {
            let k = far.len();
            far.push(2 * far[k - 1] + far[k - 2] + 1);
        }
        for &x in far.iter().filter(|&&x| x > 3 && x < u128::from(u64::MAX)) {
            let x = x as u64;
            assert!(
                r.contains(x) && !r.contains(x - 1) && !r.contains(x + 1),
                "{x}"
            );
        }
        // Tribonacci numbers 1, 2, 4, 7, 13, ...
        let mut t = vec![1u64, 2, 4];
        while t.len() < 30 {
            let k = t.len();
            t.push(t[k - 1] + t[k - 2] + t[k - 3]);
        }
        assert_eq!(find(&t).unwrap().coeffs, vec![1, 1, 1]);
        // The squares grow too slowly to be answered in O(log n): not returned.
        let sq: Vec<u64> = (1..40u64).map(|k| k * k).collect();
        assert!(find(&sq).is_none());
        // No recurrence in noise.
        let noise: Vec<u64> = (1..40u64).map(|k| k * k * k + (k * 7919) % 13).collect();
        assert!(find(&noise).is_none());
    }
}
