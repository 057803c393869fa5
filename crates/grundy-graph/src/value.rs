//! Smith's generalized Sprague-Grundy values and the outcome classes of loopy games.

pub use grundy_types::{Outcome, Value as LoopyValue};

/// The value of a disjunctive sum of components with the given values (Smith's rules).
///
/// Arguments: `values`, the generalized values of the components.
///
/// Returns: the XOR when every value is finite; `∞(K ⊕ a)` when exactly one component is
/// `∞(K)` and the XOR of the finite ones is `a` (so the sum is N iff `a ∈ K`, else D);
/// `∞` (empty `K`, a draw) when two or more components are infinite. The empty sum is `0`.
///
/// Complexity: O(k + |K| log |K|) for k components.
///
/// Example:
/// ```
/// use grundy_graph::{sum_value, LoopyValue, LoopyValue::*};
/// assert_eq!(sum_value(&[LoopyValue::finite(3), LoopyValue::finite(5)]), LoopyValue::finite(6));
/// assert_eq!(sum_value(&[Infinite(vec![0, 2]), LoopyValue::finite(2)]), Infinite(vec![0, 2]));
/// assert_eq!(sum_value(&[Infinite(vec![0]), Infinite(vec![0])]), Infinite(vec![]));
/// ```
pub fn sum_value(values: &[LoopyValue]) -> LoopyValue {
    grundy_types::value_sum(values)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // Tests unwrap inputs they built themselves.
mod tests {
    use super::*;

    #[test]
    fn display_and_parse_round_trip() {
        for (v, s) in [
            (LoopyValue::finite(0), "0"),
            (LoopyValue::finite(3), "*3"),
            (LoopyValue::Infinite(vec![]), "∞"),
            (LoopyValue::Infinite(vec![0, 1]), "∞(0,1)"),
        ] {
            assert_eq!(v.to_string(), s);
            assert_eq!(s.parse::<LoopyValue>().ok(), Some(v));
        }
        assert!("*x".parse::<LoopyValue>().is_err());
        assert!("∞(1".parse::<LoopyValue>().is_err());
    }

    #[test]
    fn outcomes() {
        assert_eq!(LoopyValue::finite(0).outcome(), Outcome::P);
        assert_eq!(LoopyValue::finite(2).outcome(), Outcome::N);
        assert_eq!(LoopyValue::Infinite(vec![]).outcome(), Outcome::D);
        assert_eq!(LoopyValue::Infinite(vec![0, 3]).outcome(), Outcome::N);
    }

    #[test]
    fn sums_follow_smith() {
        use LoopyValue::*;
        assert_eq!(sum_value(&[]), LoopyValue::finite(0));
        assert_eq!(
            sum_value(&[
                LoopyValue::finite(1),
                LoopyValue::finite(2),
                LoopyValue::finite(3)
            ]),
            LoopyValue::finite(0)
        );
        // One infinite component: N exactly when the finite part is in K.
        let s = sum_value(&[Infinite(vec![1, 2]), LoopyValue::finite(1)]);
        assert_eq!(s, Infinite(vec![0, 3]));
        assert_eq!(s.outcome(), Outcome::N);
        assert_eq!(
            sum_value(&[Infinite(vec![1, 2]), LoopyValue::finite(4)]).outcome(),
            Outcome::D
        );
        assert_eq!(
            sum_value(&[
                Infinite(vec![0]),
                LoopyValue::finite(0),
                Infinite(vec![0, 1])
            ]),
            Infinite(vec![])
        );
    }
}
