//! Bounded runs: tables kept in their file, not in memory, give the same values as runs in
//! memory, resume from checkpoints to the same bytes, and refuse damaged part files.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use grundy_heap::{
    compute_bounded, compute_to_file, find_period, fits_in_memory, read_table, table_stats, values,
    HeapError, HeapRules, Limits, RunOptions, Strategy,
};

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-heap-bounded-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A bounded run at the default memory limit (128 MiB of values resident at each end).
fn bounded(
    rules: &HeapRules,
    n: usize,
    out: &Path,
    run: &RunOptions,
) -> Result<grundy_heap::TableSummary, HeapError> {
    compute_bounded(rules, n, out, run, &Limits::default(), Strategy::default())
}

/// Every kernel, and values that widen the file from one byte to two and to four: the table
/// read back equals the values computed in memory, and so do its statistics and period.
#[test]
fn bounded_tables_equal_tables_in_memory() {
    for (code, n) in [
        ("tb[0.6]", 150_000),
        ("tb[0.77]", 5_000),
        ("tb[0.137]", 3_000),
        ("tb[4.[3]]", 3_000),
        ("tb[0.007]", 20_000),
        ("sub[1,3,4]", 10_000),
        ("sub[1..1000]", 5_000),
        ("sub[1..100000]", 70_000),
    ] {
        let rules = HeapRules::parse(code).unwrap();
        let out = tmp("equal.bin");
        let s = bounded(&rules, n, &out, &RunOptions::default()).unwrap();
        let want = values(&rules, n, &Limits::default(), Strategy::default()).unwrap();
        let back = read_table(&out).unwrap();
        assert_eq!(back.values, want, "{code}");
        assert_eq!(back.stats, table_stats(&want), "{code}");
        assert_eq!(s.stats, back.stats, "{code}");
        assert_eq!(back.period, find_period(&rules, &want), "{code}");
        assert_eq!(s.period, back.period, "{code}");
        assert_eq!(s.width, want.bytes_per_value(), "{code}");
        assert!(!back.checkpoint);
        for w in [1, 2, 4] {
            assert!(
                !Path::new(&format!("{}.part{w}", out.display())).exists(),
                "{code}"
            );
        }
    }
}

/// With a memory limit of 32 MiB only the first and last MiB of values stay resident: the
/// middle of Officers' 3 * 10^6 values (6 MB) is handed back again and again while the
/// kernel runs, and read back from the file, and the values are still those in memory.
#[test]
fn values_handed_back_to_the_file_read_back_the_same() {
    let rules = HeapRules::parse("tb[0.6]").unwrap();
    let n = 3_000_000;
    let out = tmp("trimmed.bin");
    let opts = crate::memory(32 << 20);
    compute_bounded(
        &rules,
        n,
        &out,
        &RunOptions::default(),
        &opts,
        Strategy::default(),
    )
    .unwrap();
    let want = values(&rules, n, &Limits::default(), Strategy::default()).unwrap();
    assert_eq!(read_table(&out).unwrap().values, want);
}

/// A bounded run cancelled three times and resumed from its checkpoint writes the same bytes
/// as one run straight through; a damaged part file or checkpoint is refused on resuming.
#[test]
fn bounded_runs_resume_to_identical_bytes_and_refuse_damage() {
    let rules = HeapRules::parse("tb[0.6]").unwrap();
    let n = 200_000;
    let reference = tmp("ref.bin");
    bounded(&rules, n, &reference, &RunOptions::default()).unwrap();
    let out = tmp("resumed.bin");
    let cp = tmp("resumed.cp");
    let run = RunOptions {
        checkpoint: Some(cp.clone()),
        checkpoint_every: Duration::ZERO,
    };
    let mut cancels = 0;
    for stop_at in [40_000u64, 90_000, 150_000] {
        let opts = crate::cancel_at(stop_at);
        match compute_bounded(&rules, n, &out, &run, &opts, Strategy::default()) {
            Err(HeapError::Cancelled { .. }) => cancels += 1,
            Ok(_) => break,
            Err(e) => panic!("unexpected error {e}"),
        }
        // Officers' values pass 255 at heap 13539: the values are two bytes wide.
        assert!(cp.exists() && Path::new(&format!("{}.part2", out.display())).exists());
    }
    assert_eq!(cancels, 3);

    // A changed value in the part file: refused, and nothing written.
    let part = PathBuf::from(format!("{}.part2", out.display()));
    let good = std::fs::read(&part).unwrap();
    let mut bad = good.clone();
    bad[(1 << 16) + 1000] ^= 1;
    std::fs::write(&part, &bad).unwrap();
    let err = bounded(&rules, n, &out, &run).unwrap_err();
    assert!(
        matches!(&err, HeapError::BadFile { reason, .. } if reason.contains("do not match")),
        "{err}"
    );
    assert!(!out.exists());
    // A damaged checkpoint, another target, other rules: refused.
    std::fs::write(&part, &good).unwrap();
    let record = std::fs::read(&cp).unwrap();
    let mut flipped = record.clone();
    flipped[12] ^= 4;
    std::fs::write(&cp, &flipped).unwrap();
    let err = bounded(&rules, n, &out, &run).unwrap_err();
    assert!(
        matches!(&err, HeapError::BadFile { reason, .. } if reason.contains("checksum")),
        "{err}"
    );
    std::fs::write(&cp, &record).unwrap();
    let err = bounded(&rules, n - 1, &out, &run).unwrap_err();
    assert!(
        matches!(&err, HeapError::BadFile { reason, .. } if reason.contains("asks for")),
        "{err}"
    );
    let kayles = HeapRules::parse("tb[0.77]").unwrap();
    let err = bounded(&kayles, n, &out, &run).unwrap_err();
    assert!(
        matches!(&err, HeapError::BadFile { reason, .. } if reason.contains("tb[0.6]")),
        "{err}"
    );
    // A checkpoint of an in-memory run is not a bounded run's.
    let mem_cp = tmp("memory.cp");
    let stop = Arc::new(AtomicBool::new(true));
    let budget = grundy_types::Limits::default().with_cancel(stop.into());
    let opts = budget;
    let mem_run = RunOptions {
        checkpoint: Some(mem_cp.clone()),
        checkpoint_every: Duration::ZERO,
    };
    let _ = compute_to_file(
        &rules,
        n,
        &tmp("memory.bin"),
        &mem_run,
        &opts,
        Strategy::default(),
    );
    let err = bounded(&rules, n, &tmp("memory.bin"), &mem_run).unwrap_err();
    assert!(
        matches!(&err, HeapError::BadFile { reason, .. } if reason.contains("held in memory")),
        "{err}"
    );
    let err = compute_to_file(
        &rules,
        n,
        &tmp("other.bin"),
        &run,
        &Limits::default(),
        Strategy::default(),
    )
    .unwrap_err();
    assert!(
        matches!(&err, HeapError::BadFile { reason, .. } if reason.contains("kept on disk")),
        "{err}"
    );

    // Intact again: the resumed table is byte for byte the straight run's.
    let summary = bounded(&rules, n, &out, &run).unwrap();
    let table = std::fs::read(&out).unwrap();
    assert_eq!(Some(&table), std::fs::read(&reference).ok().as_ref());
    assert!(!cp.exists() && !part.exists());

    // Killed after the finished table was renamed into place and before the checkpoint was
    // removed: the next run accepts the table (its checksum checked) and removes the
    // checkpoint, rather than failing on the missing part file.
    std::fs::write(&cp, &record).unwrap();
    assert_eq!(bounded(&rules, n, &out, &run).unwrap(), summary);
    assert!(!cp.exists());
    assert_eq!(std::fs::read(&out).unwrap(), table);
    // The same with a damaged table: refused, the checkpoint and the table left as they are.
    let mut damaged = table.clone();
    damaged[(1 << 16) + 77] ^= 2;
    std::fs::write(&out, &damaged).unwrap();
    std::fs::write(&cp, &record).unwrap();
    let err = bounded(&rules, n, &out, &run).unwrap_err();
    assert!(
        matches!(&err, HeapError::BadFile { reason, .. } if reason.contains("cannot be read")),
        "{err}"
    );
    assert!(cp.exists());
    assert_eq!(std::fs::read(&out).unwrap(), damaged);
}

/// A run without a checkpoint leaves no part file when it is cancelled.
#[test]
fn a_cancelled_run_without_checkpoint_leaves_nothing() {
    let rules = HeapRules::parse("tb[0.6]").unwrap();
    let out = tmp("gone.bin");
    let budget =
        grundy_types::Limits::default().with_cancel(Arc::new(AtomicBool::new(true)).into());
    let err = compute_bounded(
        &rules,
        100_000,
        &out,
        &RunOptions::default(),
        &budget,
        Strategy::default(),
    )
    .unwrap_err();
    assert!(matches!(err, HeapError::Cancelled { .. }), "{err}");
    assert!(!out.exists());
    for w in [1, 2, 4] {
        assert!(!Path::new(&format!("{}.part{w}", out.display())).exists());
    }
}

#[test]
fn tables_in_memory_are_those_that_fit_at_four_bytes_in_half_the_limit() {
    assert!(fits_in_memory(1_000, 8_000));
    assert!(!fits_in_memory(1_001, 8_000));
    assert!(!fits_in_memory(u64::MAX, u64::MAX));
}

/// A checkpoint named like one of the table's part files is refused before anything is
/// written (the record would replace the values; found by review).
#[test]
fn a_checkpoint_named_like_a_part_file_is_refused() {
    let rules = HeapRules::parse("tb[4!.0]").unwrap();
    let out = tmp("named.bin");
    for w in [1, 2, 4] {
        let run = RunOptions {
            checkpoint: Some(PathBuf::from(format!("{}.part{w}", out.display()))),
            checkpoint_every: Duration::ZERO,
        };
        let err = bounded(&rules, 300_000, &out, &run).unwrap_err();
        assert!(
            matches!(&err, HeapError::BadFile { reason, .. } if reason.contains("part files")),
            "{err}"
        );
        assert!(!out.exists());
    }
}
