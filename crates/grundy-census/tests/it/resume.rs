//! Resuming, cancelling, state files and certificate files.

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use grundy_census::{census, octal_codes, CensusError, CensusOptions, FirstDigit};
use grundy_types::{Limits, Progress};
use grundy_verify::{verify_text, VerifyOptions};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-census-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The default budget with a progress sink.
fn listening(sink: impl Fn(&Progress) + Send + Sync + 'static) -> Limits {
    Limits {
        progress: Some(Arc::new(sink)),
        ..Limits::default()
    }
}

/// The one budget stops a census: cancelled before it starts, it computes nothing and says
/// so; with its deadline passed, it stops with a time limit; both keep the state file
/// resumable.
#[test]
fn a_cancelled_or_expired_budget_stops_a_census() {
    let dir = scratch("stopped");
    let state = dir.join("state.json");
    let codes = octal_codes(2, FirstDigit::Zero);
    let opts = CensusOptions {
        state: Some(state.clone()),
        ..CensusOptions::default()
    };
    let flag = grundy_types::Cancel::new();
    flag.cancel();
    let cancelled = Limits::default().with_cancel(flag);
    let e = census(&codes, 600, &opts, &cancelled).unwrap_err();
    assert!(matches!(e, CensusError::Cancelled { done: 0, .. }), "{e}");
    assert_eq!(e.kind(), grundy_types::ErrorKind::Cancelled);
    let expired = Limits::default().with_timeout(std::time::Duration::ZERO);
    let e = census(&codes, 600, &opts, &expired).unwrap_err();
    assert!(matches!(e, CensusError::TimeLimit { done: 0, .. }), "{e}");
    assert_eq!(e.kind(), grundy_types::ErrorKind::Limit);
    // The same census under the default budget finishes from the same state file.
    let whole = census(&codes, 600, &opts, &Limits::default()).unwrap();
    assert_eq!(whole.rows.len(), codes.len());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_interrupted_census_continues_without_computing_anything_twice() {
    let dir = scratch("resume");
    let state = dir.join("state.json");
    let codes = octal_codes(2, FirstDigit::Zero);
    let n = 600;
    let whole = census(&codes, n, &CensusOptions::default(), &Limits::default()).unwrap();

    // First run: cancel after 20 rulesets have finished.
    let cancel = grundy_types::Cancel::new();
    let first_seen: Arc<Mutex<Vec<String>>> = Arc::default();
    let (seen, raise) = (first_seen.clone(), cancel.clone());
    let limits = listening(move |p: &Progress| {
        seen.lock().unwrap().push(p.task.clone());
        if p.done >= 20 {
            raise.cancel();
        }
    })
    .with_cancel(cancel);
    let opts = CensusOptions {
        state: Some(state.clone()),
        ..CensusOptions::default()
    };
    let e = census(&codes, n, &opts, &limits).unwrap_err();
    let CensusError::Cancelled { done, total } = e else {
        panic!("expected a cancellation, got {e}");
    };
    assert!(done >= 20 && done < total, "{done} of {total}");
    let first_seen = first_seen.lock().unwrap().clone();
    assert_eq!(first_seen.len(), done);

    // Second run: only the rest is computed, and the table equals the uninterrupted one.
    let second_seen: Arc<Mutex<Vec<String>>> = Arc::default();
    let calls = Arc::new(AtomicUsize::new(0));
    let (seen, count) = (second_seen.clone(), calls.clone());
    let limits = listening(move |p: &Progress| {
        count.fetch_add(1, Ordering::Relaxed);
        seen.lock().unwrap().push(p.task.clone());
    });
    let resumed = census(&codes, n, &opts, &limits).unwrap();
    let second_seen = second_seen.lock().unwrap().clone();
    assert_eq!(second_seen.len(), total - done);
    assert!(second_seen.iter().all(|r| !first_seen.contains(r)));
    assert_eq!(resumed, whole);

    // A third run computes nothing at all.
    let limits = listening(|_: &Progress| panic!("nothing should be computed"));
    assert_eq!(census(&codes, n, &opts, &limits).unwrap(), whole);

    // The state belongs to this census: another N or list is refused.
    let opts = CensusOptions {
        state: Some(state.clone()),
        ..CensusOptions::default()
    };
    let e = census(&codes, n + 1, &opts, &Limits::default()).unwrap_err();
    assert!(e.to_string().contains("another census"), "{e}");
    // A damaged state file is refused with advice, not silently overwritten.
    std::fs::write(&state, "{\"format\": ").unwrap();
    let e = census(&codes, n, &opts, &Limits::default()).unwrap_err();
    assert!(matches!(e, CensusError::BadState { .. }), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn tables_and_certificates_are_written() {
    let dir = scratch("files");
    let certs = dir.join("certs");
    let codes = vec![
        "tb[0.07]".to_string(),
        "tb[0.6]".to_string(),
        "sub[2,3,7]".to_string(),
    ];
    let opts = CensusOptions {
        cert_dir: Some(certs.clone()),
        ..CensusOptions::default()
    };
    let table = census(&codes, 500, &opts, &Limits::default()).unwrap();
    table.write_csv(&dir.join("t.csv")).unwrap();
    table.write_json(&dir.join("t.json")).unwrap();
    let csv = std::fs::read_to_string(dir.join("t.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 4);
    assert!(
        lines[1].starts_with("0.07,500,53,34,0,true,"),
        "{}",
        lines[1]
    );
    assert!(lines[2].starts_with("0.6,500,,,,false,"), "{}", lines[2]);
    assert!(lines[3].starts_with("\"sub[2,3,7]\",500,"), "{}", lines[3]);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("t.json")).unwrap()).unwrap();
    assert_eq!(json["rows"][0]["period"], 34);
    assert_eq!(json["rows"][1]["proven"], false);
    // Certificates of the two proven periods, each accepted by the checker.
    let dawson = std::fs::read_to_string(certs.join("0.07.cert")).unwrap();
    assert_eq!(
        verify_text(&dawson, &VerifyOptions::default(), &Limits::default())
            .unwrap()
            .period,
        34
    );
    let sub = std::fs::read_to_string(certs.join("sub_2,3,7_.cert")).unwrap();
    assert_eq!(
        verify_text(&sub, &VerifyOptions::default(), &Limits::default())
            .unwrap()
            .period,
        5
    );
    assert!(!certs.join("0.6.cert").exists());
    // No temporary file is left behind.
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(!name.contains(".tmp"), "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_lists_are_refused() {
    let e = census(&[], 10, &CensusOptions::default(), &Limits::default()).unwrap_err();
    assert!(matches!(e, CensusError::Empty(_)), "{e}");
    let e = census(
        &["tb[0.7x]".to_string()],
        10,
        &CensusOptions::default(),
        &Limits::default(),
    )
    .unwrap_err();
    assert!(e.to_string().contains("0.7x"), "{e}");
    let e = grundy_census::canonical_rules(&["0.7x"]).unwrap_err();
    assert!(matches!(e, CensusError::Rules { .. }), "{e}");
}

#[test]
fn a_ruleset_listed_twice_is_refused() {
    let list = vec!["tb[0.07]".to_string(), "tb[0.070]".to_string()];
    let e = census(&list, 10, &CensusOptions::default(), &Limits::default()).unwrap_err();
    assert!(e.to_string().contains("listed twice"), "{e}");
}
