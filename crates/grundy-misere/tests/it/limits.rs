//! Limits, cancellation, errors and output shapes.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use grundy_heap::HeapRules;
use grundy_misere::{quotient, render, FnGame, QuotientError, QuotientOptions};

fn dawson() -> HeapRules {
    HeapRules::parse("tb[0.07]").unwrap()
}

#[test]
fn order_limit_is_named() {
    let opts = QuotientOptions {
        max_order: 10,
        ..QuotientOptions::default()
    };
    let err = quotient(&dawson(), 20, &opts).unwrap_err();
    assert!(
        matches!(err, QuotientError::OrderLimit { limit: 10, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("max_order"));
}

#[test]
fn work_limit_is_named() {
    let opts = QuotientOptions {
        max_work: 1000,
        ..QuotientOptions::default()
    };
    let err = quotient(&dawson(), 30, &opts).unwrap_err();
    assert!(
        matches!(err, QuotientError::WorkLimit { limit: 1000, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("max_work"));
}

#[test]
fn candidate_limit_is_named() {
    let opts = QuotientOptions {
        max_candidate: 20,
        ..QuotientOptions::default()
    };
    let err = quotient(&dawson(), 20, &opts).unwrap_err();
    assert!(
        matches!(err, QuotientError::CandidateLimit { limit: 20, .. }),
        "{err:?}"
    );
}

#[test]
fn memory_limit_is_named() {
    let opts = QuotientOptions {
        max_memory: 4096,
        ..QuotientOptions::default()
    };
    let err = quotient(&dawson(), 30, &opts).unwrap_err();
    assert!(
        matches!(err, QuotientError::MemoryLimit { limit: 4096, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("max_memory"));
}

#[test]
fn option_limit_is_named() {
    let opts = QuotientOptions {
        max_option_parts: 100,
        ..QuotientOptions::default()
    };
    let err = quotient(&dawson(), 1000, &opts).unwrap_err();
    assert!(
        matches!(err, QuotientError::OptionLimit { limit: 100, .. }),
        "{err:?}"
    );
}

#[test]
fn cancellation_stops_the_computation() {
    let flag = Arc::new(AtomicBool::new(true));
    let opts = QuotientOptions {
        budget: Some(grundy_types::Limits::default().with_cancel(flag.into())),
        ..QuotientOptions::default()
    };
    let err = quotient(&dawson(), 30, &opts).unwrap_err();
    assert!(matches!(err, QuotientError::Cancelled { .. }), "{err:?}");
}

/// The request's deadline stops the computation by itself (the engine used to turn it into
/// a cancellation flag through a watchdog thread), as a limit, not a cancellation.
#[test]
fn the_deadline_of_the_budget_stops_the_computation() {
    let opts = QuotientOptions {
        budget: Some(grundy_types::Limits::default().with_timeout(Duration::ZERO)),
        ..QuotientOptions::default()
    };
    let err = quotient(&dawson(), 30, &opts).unwrap_err();
    assert!(
        matches!(err, QuotientError::TimeLimit { limit, .. } if limit == Duration::ZERO),
        "{err:?}"
    );
    assert_eq!(err.kind(), grundy_types::ErrorKind::Limit);
}

#[test]
fn heaps_beyond_the_range_are_errors() {
    let q = quotient(&dawson(), 12, &QuotientOptions::default()).unwrap();
    let err = q.is_p_sum(&[3, 13]).unwrap_err();
    assert_eq!(
        err,
        QuotientError::HeapOutOfRange {
            heap: 13,
            computed_to: 12
        }
    );
    assert!(q.analyze_sum(&dawson(), &[u64::MAX]).is_err());
    assert!(q.heap_element(12).is_ok());
}

#[test]
fn options_must_leave_smaller_heaps() {
    let bad = FnGame::new("bad", |n| if n == 3 { vec![vec![1, 3]] } else { vec![] });
    let err = quotient(&bad, 5, &QuotientOptions::default()).unwrap_err();
    assert_eq!(err, QuotientError::InvalidOption { heap: 3, part: 3 });
}

#[test]
fn large_bounds_are_refused_without_allocating() {
    let err = quotient(&dawson(), u64::MAX, &QuotientOptions::default()).unwrap_err();
    assert_eq!(err, QuotientError::BoundTooLarge { to: u64::MAX });
}

#[test]
fn json_shape() {
    let q = quotient(
        &HeapRules::parse("tb[0.75]").unwrap(),
        12,
        &QuotientOptions::default(),
    )
    .unwrap();
    let v = serde_json::to_value(&q).unwrap();
    for key in [
        "rules",
        "computed_to",
        "order",
        "generators",
        "relations",
        "elements",
        "p_portion",
        "table",
        "heaps",
        "growth",
        "stability",
        "work",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["rules"], "tb[0.75]");
    assert_eq!(v["order"], 8);
    assert_eq!(v["table"].as_array().unwrap().len(), 8);
    assert_eq!(v["heaps"].as_array().unwrap().len(), 13);
    assert_eq!(v["generators"][0]["name"], "a");
    assert_eq!(v["relations"][0]["lhs"], "a^2");
    assert_eq!(v["stability"]["kind"], "observed");
    let a = q
        .analyze_sum(&HeapRules::parse("tb[0.75]").unwrap(), &[2, 3])
        .unwrap();
    let v = serde_json::to_value(&a).unwrap();
    assert!(v["outcome"] == "N" || v["outcome"] == "P");
}

#[test]
fn text_report() {
    let rules = HeapRules::parse("tb[0.75]").unwrap();
    let q = quotient(&rules, 30, &QuotientOptions::default()).unwrap();
    let text = render::quotient_text(&q);
    assert!(text.starts_with("misere quotient of tb[0.75] for heaps 0..=30: order 8\n"));
    assert!(text.contains("presentation: <a, b, c | a^2 = 1, bc = ab, c^2 = b^2, b^3 = b>"));
    assert!(text.contains("generators: a = heap 1, b = heap 2, c = heap 5"));
    assert!(text.contains("P-portion: a, b^2"));
    assert!(text.contains("table (element ids"));
    assert!(text.contains("proven:"));
    let big = quotient(&dawson(), 25, &QuotientOptions::default()).unwrap();
    assert!(render::quotient_text(&big).contains("left out"));
}
