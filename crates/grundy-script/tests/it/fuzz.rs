//! Fuzzing: random rule scripts generated from a small grammar of move rules, analysed by the
//! engine on random sums, and checked against a brute force written here that interprets the
//! same rules directly (nim-values by mex, outcomes of whole sums in normal and misere play by
//! plain game-tree search). Then random mutations of valid scripts and random source text:
//! whatever they do, the engine must answer or fail with a typed error, never panic or hang.

use std::collections::HashMap;

use grundy::analysis::Options;
use grundy::{api, Outcome, Play, Registry};
use grundy_script::Sandbox;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// One move rule of a heap game at heap `n`; a script's moves are the union of its rules.
#[derive(Clone, Debug)]
enum Rule {
    /// Take `k` (when `k <= n`).
    Take(i64),
    /// Take `k` and split what is left into two non-empty heaps `a + b` (`a <= b`).
    TakeSplit(i64),
    /// Divide by `d` (rounding down), when `n >= 1`.
    Div(i64),
    /// When `n % m == r`, take 1.
    TakeIfMod(i64, i64),
    /// Take `k` and leave two copies of what is left (a sum of two equal heaps), when
    /// `n > k`.
    Twin(i64),
    /// Take any number from 1 to `n` when `n <= c`.
    TakeAnyBelow(i64),
}

impl Rule {
    /// The Rhai statements that push this rule's options of `n` onto `out`.
    fn rhai(&self) -> String {
        match self {
            Rule::Take(k) => format!("if n >= {k} {{ out.push(n - {k}); }}"),
            Rule::TakeSplit(k) => format!(
                "let r = n - {k}; for a in 1..r {{ if a <= r - a {{ out.push(sum([a, r - a])); }} }}"
            ),
            Rule::Div(d) => format!("if n >= 1 {{ out.push(n / {d}); }}"),
            Rule::TakeIfMod(m, r) => {
                format!("if n >= 1 && n % {m} == {r} {{ out.push(n - 1); }}")
            }
            Rule::Twin(k) => format!("if n > {k} {{ out.push(sum([n - {k}, n - {k}])); }}"),
            Rule::TakeAnyBelow(c) => {
                format!("if n <= {c} {{ for k in 1..=n {{ out.push(n - k); }} }}")
            }
        }
    }

    /// The options of `n` under this rule, each a list of heaps (the independent brute force).
    fn options(&self, n: i64, out: &mut Vec<Vec<i64>>) {
        match *self {
            Rule::Take(k) if n >= k => out.push(vec![n - k]),
            Rule::TakeSplit(k) => {
                let r = n - k;
                for a in 1..r {
                    if a <= r - a {
                        out.push(vec![a, r - a]);
                    }
                }
            }
            Rule::Div(d) if n >= 1 => out.push(vec![n / d]),
            Rule::TakeIfMod(m, r) if n >= 1 && n % m == r => out.push(vec![n - 1]),
            Rule::Twin(k) if n > k => out.push(vec![n - k, n - k]),
            Rule::TakeAnyBelow(c) if n <= c => out.extend((1..=n).map(|k| vec![n - k])),
            _ => {}
        }
    }
}

fn rule() -> impl Strategy<Value = Rule> {
    prop_oneof![
        (1i64..=4).prop_map(Rule::Take),
        (1i64..=3).prop_map(Rule::TakeSplit),
        (2i64..=3).prop_map(Rule::Div),
        (2i64..=4)
            .prop_flat_map(|m| (Just(m), 0..m))
            .prop_map(|(m, r)| Rule::TakeIfMod(m, r)),
        (2i64..=3).prop_map(Rule::Twin),
        (0i64..=4).prop_map(Rule::TakeAnyBelow),
    ]
}

/// The script of a list of rules, in one of several equivalent spellings (a loop over
/// constants, statements in a helper function, a `switch`), so that more of Rhai is exercised.
fn script(rules: &[Rule], style: u8) -> String {
    let body: Vec<String> = rules.iter().map(Rule::rhai).collect();
    match style % 3 {
        0 => format!(
            "fn moves(n) {{\n    let out = [];\n    {}\n    out\n}}\n",
            body.join("\n    ")
        ),
        1 => format!(
            "const NAME = \"g\";\nfn add(n, out) {{\n    {}\n    out\n}}\nfn moves(n) {{ add(n, []) }}\n",
            body.join("\n    ")
        ),
        _ => {
            let arms: Vec<String> = body
                .iter()
                .enumerate()
                .map(|(i, b)| format!("{i} => {{ {b} }}"))
                .collect();
            format!(
                "fn moves(n) {{\n    let out = [];\n    for i in 0..{} {{\n        switch i {{ {}, _ => {{}} }}\n    }}\n    out\n}}\n",
                rules.len(),
                arms.join(", ")
            )
        }
    }
}

/// Nim-values of heaps by the rules, memoised (heaps only shrink: every rule's options are
/// smaller than `n`, so the recursion is as deep as the heap, which stays small here).
struct Brute<'a> {
    rules: &'a [Rule],
    memo: HashMap<i64, u32>,
}

impl Brute<'_> {
    fn options(&self, n: i64) -> Vec<Vec<i64>> {
        let mut out = Vec::new();
        for r in self.rules {
            r.options(n, &mut out);
        }
        out
    }

    fn value(&mut self, n: i64) -> u32 {
        if let Some(&v) = self.memo.get(&n) {
            return v;
        }
        let mut seen: Vec<u32> = self
            .options(n)
            .iter()
            .map(|o| o.iter().fold(0, |x, &h| x ^ self.value(h)))
            .collect();
        seen.sort_unstable();
        seen.dedup();
        let v = (0..).find(|v| seen.binary_search(v).is_err()).unwrap_or(0);
        self.memo.insert(n, v);
        v
    }

    /// Whether the player to move wins the sum of script heaps `heaps` plus Nim heaps `nims`,
    /// by plain search over whole sums (no Sprague-Grundy theory), in normal or misere play.
    fn wins(
        &self,
        heaps: &[i64],
        nims: &[i64],
        misere: bool,
        memo: &mut HashMap<Key, bool>,
    ) -> bool {
        let mut h = heaps.to_vec();
        h.retain(|&x| !self.options(x).is_empty());
        h.sort_unstable();
        let mut m: Vec<i64> = nims.iter().copied().filter(|&x| x > 0).collect();
        m.sort_unstable();
        let key = (h.clone(), m.clone());
        if let Some(&w) = memo.get(&key) {
            return w;
        }
        let mut any_move = false;
        let mut win = false;
        'all: for i in 0..h.len() {
            for o in self.options(h[i]) {
                any_move = true;
                let mut next = h.clone();
                next.swap_remove(i);
                next.extend(o);
                if !self.wins(&next, &m, misere, memo) {
                    win = true;
                    break 'all;
                }
            }
        }
        if !win {
            'nim: for i in 0..m.len() {
                for k in 0..m[i] {
                    any_move = true;
                    let mut next = m.clone();
                    next[i] = k;
                    if !self.wins(&h, &next, misere, memo) {
                        win = true;
                        break 'nim;
                    }
                }
            }
        }
        let w = if any_move { win } else { misere };
        memo.insert(key, w);
        w
    }
}

type Key = (Vec<i64>, Vec<i64>);

fn registry(src: &str) -> Registry {
    let mut reg = Registry::builtin();
    let family = grundy_script::load(src, "fuzz/g.rhai", &Sandbox::default())
        .unwrap_or_else(|e| panic!("{e}\n{src}"));
    reg.register(family).unwrap_or_else(|e| panic!("{e}"));
    reg
}

fn runner(cases: u32) -> TestRunner {
    TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    })
}

#[test]
fn random_scripts_agree_with_brute_force() {
    let case = (
        prop::collection::vec(rule(), 1..4),
        any::<u8>(),
        prop::collection::vec(0i64..=7, 1..3),
        prop::collection::vec(0i64..=5, 0..2),
        any::<bool>(),
    );
    let result = runner(48).run(&case, |(rules, style, heaps, nims, misere)| {
        let src = script(&rules, style);
        let reg = registry(&src);
        let mut brute = Brute {
            rules: &rules,
            memo: HashMap::new(),
        };
        let mut terms: Vec<String> = heaps.iter().map(|h| format!("g({h})")).collect();
        if !nims.is_empty() {
            let n: Vec<String> = nims.iter().map(i64::to_string).collect();
            terms.push(format!("nim({})", n.join(",")));
        }
        let expr = terms.join(" + ");
        let play = if misere { Play::Misere } else { Play::Normal };
        let opts = Options {
            play,
            ..Options::default()
        };
        let a = api::analyze(&reg, &expr, &opts)
            .map_err(|e| TestCaseError::fail(format!("{expr}: {e}\n{src}")))?;
        let wins = brute.wins(&heaps, &nims, misere, &mut HashMap::new());
        let want = if wins { Outcome::N } else { Outcome::P };
        prop_assert_eq!(a.outcome, want, "{} ({:?})\n{}", expr, play, src);
        if !misere {
            let v = heaps.iter().fold(0, |x, &h| x ^ brute.value(h))
                ^ nims.iter().fold(0u32, |x, &n| x ^ n as u32);
            let got = a.nimber.as_ref().and_then(grundy::Nimber::to_u64);
            prop_assert_eq!(got, Some(u64::from(v)), "{}\n{}", expr, src);
        }
        // The table of the one-heap game agrees with the brute force's values.
        let t = api::table(&reg, "g", &12u32.into(), &Default::default())
            .map_err(|e| TestCaseError::fail(format!("table: {e}\n{src}")))?;
        let got: Vec<u32> = t.values.iter().collect();
        let want: Vec<u32> = (0..=12).map(|n| brute.value(n)).collect();
        prop_assert_eq!(got, want, "{}", src);
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// Scripts that are valid Rhai but break the contract in random ways, and random text: the
/// engine answers or fails with an error of the right kind, and never panics.
#[test]
fn mutated_and_random_scripts_fail_cleanly() {
    let pieces = [
        "fn moves(n) { [n + 1] }", // an endless chain: positions limit
        "fn moves(n) { [n] }",     // a loop onto itself: a draw
        "fn moves(n) { [1.5] }",   // a float: a wrong shape
        "fn moves(n) { n }",       // not an array
        "fn moves(n) { [[[[[[[[[[[[[[[[[[[n]]]]]]]]]]]]]]]]]]] }", // too deep
        "fn moves(n) { [#{a: 1}] }", // a map
        "fn moves(n) { [sum(n)] }", // sum of a non-array
        "fn moves(n) { throw n; }", // a throw of a non-string
        "fn moves(n) { let a = []; a.pad(100000, n); a }", // too many options
        "fn moves(n) { moves(n) }", // recursion
        "fn moves(n) { [\"x\" * 10] }", // a type error
        "fn moves(n) { if n > 0 { [sum([n - 1, n - 1, n - 1])] } else { [] } }", // fine
        "fn moves(n) { [n - 1] }", // negative forever: positions limit
        "fn moves(n, m) { [] }",   // wrong arity
        "fn moves(n) { [()] }",    // unit
        "fn moves(n) { let s = \"ab\"; loop { s += s; } }", // huge string
    ];
    let reg_with = |src: &str| -> Option<Registry> {
        let mut reg = Registry::builtin();
        let family = grundy_script::load(src, "fuzz/g.rhai", &Sandbox::default()).ok()?;
        reg.register(family).ok()?;
        Some(reg)
    };
    let mut opts = Options::default();
    opts.limits.max_nodes = 20_000;
    for src in pieces {
        let Some(reg) = reg_with(src) else { continue };
        for expr in ["g(3)", "g(0) + nim(2)", "g(2) + g(2)"] {
            for play in [Play::Normal, Play::Misere] {
                let o = Options {
                    play,
                    ..opts.clone()
                };
                if let Err(e) = api::analyze(&reg, expr, &o) {
                    // Every failure is typed and says something.
                    assert!(!e.to_string().is_empty(), "{src}");
                    assert!(
                        matches!(
                            e.kind(),
                            grundy::ErrorKind::Input
                                | grundy::ErrorKind::Limit
                                | grundy::ErrorKind::Unsupported
                        ),
                        "{src}: {e:?}"
                    );
                }
            }
        }
        let _ = api::table(&reg, "g", &20u32.into(), &opts.limits);
    }
    // Random text built from Rhai's tokens: it must compile or fail with a located error.
    let tokens = prop::collection::vec(
        prop::sample::select(vec![
            "fn", "moves", "(", ")", "{", "}", "[", "]", "n", "let", "out", "=", ";", "for", "in",
            "..", "if", "else", "loop", "sum", ",", "+", "-", "1", "0", "\"a\"", "push", ".",
            "return", "throw", "while", "true",
        ]),
        0..40,
    );
    let result = runner(200).run(&tokens, |t| {
        let src = format!("fn moves(n) {{ {} }}", t.join(" "));
        if let Some(reg) = reg_with(&src) {
            let _ = api::analyze(&reg, "g(2)", &opts);
        }
        let report = grundy_script::check(&src, "fuzz/g.rhai", &Sandbox::default());
        // A script that does not compile says where: each such problem has its line.
        for p in &report.problems {
            if matches!(p, grundy_script::ScriptError::Compile { .. }) {
                prop_assert!(p.line_column().is_some(), "{src}: {p}");
            }
        }
        Ok(())
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}
