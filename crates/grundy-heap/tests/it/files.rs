//! Table files, checkpoints and resource limits.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use grundy_heap::{
    compute_to_file, read_table, values, write_table, HeapError, HeapRules, Limits, RunOptions,
    Strategy, Values,
};

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-heap-it-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir.join(name)
}

fn officers() -> HeapRules {
    HeapRules::parse("tb[0.6]").expect("valid")
}

#[test]
fn table_file_roundtrip_and_stats() {
    let out = tmp("officers.bin");
    let t = compute_to_file(
        &officers(),
        8_000,
        &out,
        &RunOptions::default(),
        &Limits::default(),
        Strategy::default(),
    )
    .expect("computes");
    let back = read_table(&out).expect("reads");
    assert_eq!(back, t);
    assert_eq!(back.rules, "tb[0.6]");
    assert!(!back.checkpoint);
    assert_eq!(back.values.bytes_per_value(), 1);
    // Officers' values stay below 256 up to 8000: one byte per value plus a small header.
    let size = std::fs::metadata(&out).expect("exists").len();
    assert!(size < 8_000 + 4096, "file of {size} bytes");
    assert_eq!(back.stats.max_value, back.values.max_value());
    assert!(back.stats.rare_mask != 0 && back.stats.rare_count > 0);
    assert!(back.stats.last_rare_at.is_some());
}

#[test]
fn cancelled_runs_resume_to_identical_bytes() {
    let reference = tmp("ref.bin");
    compute_to_file(
        &officers(),
        60_000,
        &reference,
        &RunOptions::default(),
        &Limits::default(),
        Strategy::default(),
    )
    .expect("computes");
    let out = tmp("resumed.bin");
    let cp = tmp("resumed.cp");
    let run = RunOptions {
        checkpoint: Some(cp.clone()),
        checkpoint_every: std::time::Duration::ZERO,
    };
    // Cancel at several points; every run must make progress and keep a checkpoint.
    let mut cancels = 0;
    for stop_at in [20_000u64, 40_000, 50_000] {
        let opts = crate::cancel_at(stop_at);
        match compute_to_file(&officers(), 60_000, &out, &run, &opts, Strategy::default()) {
            Err(HeapError::Cancelled { .. }) => cancels += 1,
            Ok(_) => break,
            Err(e) => panic!("unexpected error {e}"),
        }
        let saved = read_table(&cp).expect("checkpoint readable");
        assert!(saved.checkpoint);
        assert!(saved.values.len() as u64 >= stop_at - 16_384);
    }
    assert!(cancels >= 1);
    compute_to_file(
        &officers(),
        60_000,
        &out,
        &run,
        &Limits::default(),
        Strategy::default(),
    )
    .expect("finishes");
    assert_eq!(std::fs::read(&out).ok(), std::fs::read(&reference).ok());
    assert!(!cp.exists(), "checkpoint removed after success");
}

#[test]
fn corrupt_or_mismatched_checkpoints_are_refused() {
    let cp = tmp("bad.cp");
    let out = tmp("bad.bin");
    let run = RunOptions {
        checkpoint: Some(cp.clone()),
        checkpoint_every: std::time::Duration::ZERO,
    };
    // Make a real checkpoint by cancelling early.
    let flag = Arc::new(AtomicBool::new(true));
    let budget = grundy_types::Limits::default().with_cancel(flag.into());
    // A run of `rules` to `n` values with this checkpoint, under `limits`.
    let run_with = |rules: &HeapRules, n: usize, limits: &grundy_types::Limits| {
        compute_to_file(rules, n, &out, &run, limits, Strategy::default())
    };
    let l = Limits::default();
    let _ = run_with(&officers(), 100_000, &budget);
    let good = std::fs::read(&cp).expect("checkpoint written");

    // Other rules: refused, file left alone.
    let kayles = HeapRules::parse("tb[0.77]").expect("valid");
    let err = run_with(&kayles, 100_000, &l).expect_err("mismatched rules");
    assert!(matches!(&err, HeapError::BadFile { reason, .. } if reason.contains("tb[0.6]")));
    // Another size: refused.
    let err = run_with(&officers(), 99_999, &l).expect_err("mismatched size");
    assert!(matches!(err, HeapError::BadFile { .. }));
    assert_eq!(std::fs::read(&cp).ok(), Some(good.clone()));

    // One flipped byte or a cut: refused with a checksum or truncation message.
    let mut flipped = good.clone();
    let mid = flipped.len() / 2;
    flipped[mid] ^= 0x40;
    std::fs::write(&cp, &flipped).expect("write");
    let err = run_with(&officers(), 100_000, &l).expect_err("corrupt");
    assert!(matches!(&err, HeapError::BadFile { reason, .. } if reason.contains("checksum")));
    std::fs::write(&cp, &good[..good.len() / 3]).expect("write");
    assert!(matches!(
        run_with(&officers(), 100_000, &l),
        Err(HeapError::BadFile { .. })
    ));
    std::fs::write(&cp, b"hello").expect("write");
    assert!(matches!(
        run_with(&officers(), 100_000, &l),
        Err(HeapError::BadFile { .. })
    ));
    assert!(!out.exists(), "no table written from a refused checkpoint");
}

#[test]
fn too_large_is_an_error_before_allocating() {
    let opts = crate::memory(1 << 20);
    match values(&officers(), 2 << 20, &opts, Strategy::default()) {
        Err(HeapError::TooLarge {
            needed_bytes,
            limit,
            ..
        }) => {
            assert_eq!(limit, 1 << 20);
            assert!(needed_bytes >= 2 << 20);
        }
        other => panic!("expected TooLarge, got {other:?}"),
    }
    // usize::MAX values can never fit, whatever the limit.
    let huge = crate::memory(u64::MAX);
    assert!(matches!(
        values(&officers(), usize::MAX, &huge, Strategy::default()),
        Err(HeapError::TooLarge { .. })
    ));
}

#[test]
fn progress_is_reported_and_cancellation_is_prompt() {
    let seen = Arc::new(AtomicU64::new(0));
    let store = seen.clone();
    let opts = grundy_types::Limits {
        progress: Some(Arc::new(move |p: &grundy_types::Progress| {
            store.store(p.done, Ordering::Relaxed);
        })),
        ..grundy_types::Limits::default()
    };
    let g = values(&officers(), 50_000, &opts, Strategy::default()).expect("computes");
    assert_eq!(seen.load(Ordering::Relaxed), g.len() as u64);
    let flag = Arc::new(AtomicBool::new(true));
    let budget = grundy_types::Limits::default().with_cancel(flag.into());
    match values(&officers(), 1_000_000, &budget, Strategy::default()) {
        Err(HeapError::Cancelled { done }) => assert!(done <= 16_384),
        other => panic!("expected Cancelled, got {other:?}"),
    }
}

#[test]
fn tables_of_every_width_round_trip() {
    // One, two and four bytes per value, each over more than one write piece (16384 values).
    let rules = HeapRules::parse("tb[0.6]").expect("valid");
    for (width, top) in [(1usize, 200u32), (2, 60_000), (4, 3_000_000)] {
        let raw: Vec<u32> = (0..40_000u32).map(|i| (i * 7919) % top).collect();
        let values = Values::from_u32(&raw);
        assert_eq!(values.bytes_per_value(), width);
        let path = tmp(&format!("width-{width}.bin"));
        write_table(&path, &rules, &values, None).expect("writes");
        let back = read_table(&path).expect("reads");
        assert_eq!(back.values, values, "width {width}");
        let _ = std::fs::remove_file(&path);
    }
}

/// A prefix with values no game of these rules reaches (a checkpoint's values are trusted)
/// is refused for memory before the kernels size their arrays by it, and the statistics of
/// such a table are counted without an array as long as its largest value.
#[test]
fn huge_values_in_a_prefix_are_refused_not_allocated() {
    let o = crate::memory(1 << 30);
    for rules in ["tb[0.77]", "tb[0.[3]]", "tb[0.8]", "sub[1,2]"] {
        let r = HeapRules::parse(rules).unwrap();
        for big in [1u32 << 24, u32::MAX] {
            let prefix = Values::from_u32(&[0, 1, big]);
            let err = grundy_heap::extend(&r, prefix, 10, &o, Strategy::default()).unwrap_err();
            assert!(matches!(err, HeapError::TooLarge { .. }), "{rules}: {err}");
        }
    }
    let s = grundy_heap::table_stats(&Values::from_u32(&[0, u32::MAX, 3, u32::MAX]));
    assert_eq!(
        (s.max_value, s.max_value_at, s.last_new_value_at),
        (u32::MAX, 1, 2)
    );
}
