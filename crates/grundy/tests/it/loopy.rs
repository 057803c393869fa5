//! Sums of tokens on graphs with cycles: the engine's analysis against plain win/loss/draw
//! retrograde analysis of the whole sum graph (an independent brute force).

use std::collections::HashMap;
use std::io::Write;

use grundy::analysis::{analyze, Options};

use grundy::Outcome;
use proptest::prelude::*;

/// Retrograde analysis of the sum of `tokens` on the graph `succ` (vertices 0..n).
fn brute(succ: &[Vec<usize>], tokens: &[usize]) -> Outcome {
    // Enumerate all states reachable from the start (sorted token tuples).
    let mut start = tokens.to_vec();
    start.sort();
    let mut index: HashMap<Vec<usize>, usize> = HashMap::new();
    let mut states: Vec<Vec<usize>> = Vec::new();
    let mut moves: Vec<Vec<usize>> = Vec::new();
    index.insert(start.clone(), 0);
    states.push(start);
    let mut i = 0;
    while i < states.len() {
        let s = states[i].clone();
        let mut out = Vec::new();
        for t in 0..s.len() {
            for &w in &succ[s[t]] {
                let mut next = s.clone();
                next[t] = w;
                next.sort();
                let id = *index.entry(next.clone()).or_insert_with(|| {
                    states.push(next);
                    states.len() - 1
                });
                out.push(id);
            }
        }
        moves.push(out);
        i += 1;
    }
    // Fixpoint: a state is lost if every move goes to a won state (including no move); won if
    // some move goes to a lost state; the rest are draws.
    let n = states.len();
    let mut result: Vec<Option<bool>> = vec![None; n];
    loop {
        let mut changed = false;
        for s in 0..n {
            if result[s].is_some() {
                continue;
            }
            if moves[s].iter().any(|&m| result[m] == Some(false)) {
                result[s] = Some(true);
                changed = true;
            } else if moves[s].iter().all(|&m| result[m] == Some(true)) {
                result[s] = Some(false);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    match result[0] {
        Some(true) => Outcome::N,
        Some(false) => Outcome::P,
        None => Outcome::D,
    }
}

fn graph_and_tokens() -> impl Strategy<Value = (Vec<Vec<usize>>, Vec<usize>)> {
    (2usize..7).prop_flat_map(|n| {
        (
            prop::collection::vec(prop::collection::vec(0..n, 0..3), n),
            prop::collection::vec(0..n, 1..4),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn loopy_sums_equal_retrograde_analysis((succ, tokens) in graph_and_tokens()) {
        let mut file = tempfile();
        for (v, ws) in succ.iter().enumerate() {
            writeln!(file.1, "v{v}").unwrap();
            for w in ws {
                writeln!(file.1, "v{v} v{w}").unwrap();
            }
        }
        file.1.flush().unwrap();
        let names: Vec<String> = tokens.iter().map(|t| format!("v{t}")).collect();
        let text = format!("graph[{}]({})", file.0, names.join(","));
        let reg = crate::common::registry_with_files();
        let pos = reg.parse(&text).unwrap();
        let a = analyze(&pos, &Options::default()).unwrap();
        prop_assert_eq!(a.outcome, brute(&succ, &tokens), "{}", text);
        for m in &a.winning_moves {
            let b = analyze(&reg.parse(&m.to).unwrap(), &Options::default()).unwrap();
            prop_assert_eq!(b.outcome, Outcome::P);
        }
        for m in &a.drawing_moves {
            let b = analyze(&reg.parse(&m.to).unwrap(), &Options::default()).unwrap();
            prop_assert_eq!(b.outcome, Outcome::D);
        }
        prop_assert_eq!(a.winning_moves.is_empty(), a.outcome != Outcome::N);
        prop_assert_eq!(a.drawing_moves.is_empty(), a.outcome != Outcome::D);
        let _ = std::fs::remove_file(&file.0);
    }
}

/// A fresh file in the system's temporary directory.
fn tempfile() -> (String, std::fs::File) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static N: AtomicUsize = AtomicUsize::new(0);
    let path = std::env::temp_dir().join(format!(
        "grundy-loopy-{}-{}.txt",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let f = std::fs::File::create(&path).unwrap();
    (path.to_string_lossy().to_string(), f)
}
