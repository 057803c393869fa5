//! Limits that every solver honours: positions, memory, wall time, and cancellation from
//! another thread; and progress reports for long work.
//!
//! **Invariant:** a search checks [`Limits::check`] at least every [`CHECK_EVERY`] positions,
//! so a cancellation or a deadline stops it within a fraction of a second.
//!
//! All of it lives in `grundy-types`, below every crate, and is re-exported here: the
//! [`Limits`] of a request, the [`Ticker`] that checks them, the [`Stop`] a check gives
//! (the engine's error converts it: `From<Stop> for Error`), [`Cancel`], [`CHECK_EVERY`],
//! [`Progress`] and its sink, [`short_task`] and the deadline [`Watchdog`].

// CHECK_EVERY: how many positions a search expands between two checks of the cancellation
// flag and the deadline, the interval the cheap loops of every crate share.
pub use grundy_types::{
    short_task, Cancel, Limits, Progress, ProgressSink, Stop, Ticker, Watchdog, CHECK_EVERY,
    MAX_TASK_CHARS, MISERE_NODES, NORMAL_NODES,
};

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use super::*;
    use crate::error::{Error, Limit};

    /// A ruleset of 63,214 elements (Codeforces 1091H) reported its whole name, 400 KB, in
    /// every progress line; the report now carries a line's worth.
    #[test]
    fn long_task_texts_reach_the_sink_shortened() {
        let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = seen.clone();
        let l = Limits {
            progress: Some(Arc::new(move |p: &Progress| {
                sink.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .push(p.task.clone())
            })),
            ..Limits::default()
        };
        let set: Vec<String> = (0..63_214u64).map(|k| (3 * k + 2).to_string()).collect();
        let name = format!("sub[{}]", set.join(","));
        assert!(name.len() > 400_000);
        l.report(&format!("values of {name}"), 10, Some(100));
        l.report("values of tb[0.07]", 10, Some(100));
        let seen = seen.lock().unwrap_or_else(|e| e.into_inner());
        assert_eq!(seen[1], "values of tb[0.07]");
        let short = &seen[0];
        assert!(short.chars().count() <= MAX_TASK_CHARS, "{short}");
        assert!(short.starts_with("values of sub[2,5,8,"), "{short}");
        assert!(short.ends_with(",...] (63214 elements)"), "{short}");
        // Ranges count every element they hold (a subtraction set prints runs as ranges).
        let ranged = format!("values of sub[2..7,9..11,{}]", set.join(","));
        assert!(short_task(&ranged).starts_with("values of sub[2..7,9..11,2,5,"));
        assert!(short_task(&ranged).ends_with(",...] (63223 elements)"));
        // A list of other things is measured in characters.
        let spec = format!("values of dag[{}]", vec!["1,2;3"; 40].join(";"));
        assert!(
            short_task(&spec).ends_with("... (254 characters)"),
            "{}",
            short_task(&spec)
        );
        // Without a list: the head and the length; multibyte text is cut on a character.
        let words = "é".repeat(150);
        assert_eq!(
            short_task(&words),
            format!("{}... (150 characters)", "é".repeat(60))
        );
        // A text just at the limit is kept whole.
        let edge = "x".repeat(MAX_TASK_CHARS);
        assert_eq!(short_task(&edge), edge);
    }

    /// A stop of the budget becomes the engine's error: cancelled, or a time limit.
    #[test]
    fn stops_become_engine_errors() {
        let c = Cancel::new();
        let l = Limits::default().with_cancel(c.clone());
        c.cancel();
        assert_eq!(l.check().map_err(Error::from), Err(Error::Cancelled));
        let l = Limits::default().with_timeout(Duration::ZERO);
        assert!(matches!(
            l.check().map_err(Error::from),
            Err(Error::Limit {
                limit: Limit::Time(_),
                ..
            })
        ));
    }
}
