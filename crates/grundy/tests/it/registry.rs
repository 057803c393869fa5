//! The registry as a value: one property test checks every family's hooks (closed forms,
//! tables, outcome-only answers, explanations, the play engine) against plain search over the
//! family's own options; a typed family registered at run time mixes with built-ins in sums.

use std::sync::Arc;

use grundy::analysis::{analyze, Analysis, Options};
use grundy::api::Engine;
use grundy::position::{Position, Replacement, Term};
use grundy::rules::{Arg, ArgError, Comp, Family, HeapKernel, Opt, Ruleset, RulesetRef};
use grundy::{Error, ErrorKind, Limits, Nimber, Outcome, Play};

use crate::common::registry_with_files;

/// A family's rules without any of its hooks: only the options, so that the solvers fall back
/// on plain search. Its name differs from the family's, so that the two never share a memo.
struct Plain(RulesetRef);

impl Ruleset for Plain {
    type P = Comp;

    fn sample(&self, _seed: u64) -> Vec<Self::P> {
        Vec::new()
    }

    fn name(&self) -> String {
        format!("plain {}", self.0.name())
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Comp>, ArgError> {
        self.0.rules().components(args)
    }

    fn args(&self, p: &Comp) -> Vec<Arg> {
        self.0.rules().args(p)
    }

    fn options(&self, p: &Comp, limits: &Limits) -> Result<Vec<Opt<Comp>>, Error> {
        self.0.rules().options(p, limits)
    }

    fn searchable(&self, p: &Comp) -> Result<(), Error> {
        self.0.rules().searchable(p)
    }
}

fn position(rules: &RulesetRef, comps: &[Comp]) -> Position {
    Position {
        terms: vec![Term::Game {
            rules: rules.clone(),
            comps: comps.to_vec(),
        }],
    }
}

/// Components of a family as components of its [`Plain`] twin (whose positions are the
/// family's components, erased once more).
fn wrap(comps: &[Comp]) -> Vec<Comp> {
    comps.iter().map(|c| Comp::new(c.clone())).collect()
}

/// A move of the family's position made in the twin position.
fn replay(searched: &Position, m: &grundy::analysis::PositionMove) -> Position {
    let to = match &m.replacement {
        Replacement::States(states) => Replacement::States(wrap(states)),
        other => other.clone(),
    };
    searched.replace(m.place, to)
}

fn opts(play: Play) -> Options {
    Options {
        play,
        limits: Limits::default().with_nodes(2_000_000),
        ..Options::default()
    }
}

/// Plain search's answer, or `None` when plain search cannot answer (cycles: loopy families
/// answer through their hook alone).
fn plain(pos: &Position, play: Play) -> Option<Analysis> {
    match analyze(pos, &opts(play)) {
        Ok(a) => Some(a),
        Err(Error::Cycle) => None,
        Err(e) => panic!("plain search of {pos} failed: {e}"),
    }
}

/// Checks one family's hooks on one sampled position (two copies of the sample: a sum).
fn check(rules: &RulesetRef, comps: &[Comp]) {
    let bare = RulesetRef::of(Plain(rules.clone()));
    let hooked = position(rules, comps);
    let searched = position(&bare, &wrap(comps));
    // Misere play and the play engine search the whole sum (it does not decompose): only
    // two components at most there.
    let whole = comps.len() <= 2;
    let plays: &[Play] = if whole {
        &[Play::Normal, Play::Misere]
    } else {
        &[Play::Normal]
    };
    for &play in plays {
        let Some(want) = plain(&searched, play) else {
            continue;
        };
        let got = match analyze(&hooked, &opts(play)) {
            Ok(a) => a,
            // Misere play of a family with cycles is refused with a reason, not answered.
            Err(e) if matches!(e.kind(), ErrorKind::Unsupported) => continue,
            Err(e) => panic!("{hooked} ({play:?}): {e}"),
        };
        assert_eq!(got.outcome, want.outcome, "{hooked} ({play:?})");
        assert_eq!(got.nimber, want.nimber, "{hooked} ({play:?})");
        assert_eq!(
            got.winning_moves_total,
            want.winning_moves_total,
            "{hooked} ({play:?}): winning moves {:?} against {:?}",
            got.winning_moves.iter().map(|m| &m.to).collect::<Vec<_>>(),
            want.winning_moves.iter().map(|m| &m.to).collect::<Vec<_>>()
        );
        // Every winning move the hooks give leads, by plain search, to a lost position.
        for m in &got.winning_moves {
            let after = replay(&searched, m);
            let a = plain(&after, play).expect("the position after a move is searchable");
            assert_eq!(a.outcome, Outcome::P, "{hooked} ({play:?}) -> {}", m.to);
        }
        // The explanation is made without error and names the value that search found.
        let e = grundy::api::explain_position(&hooked, play, &Limits::default())
            .unwrap_or_else(|e| panic!("explain {hooked}: {e}"));
        assert!(!e.is_empty(), "explain {hooked}");
        // The perfect opponent wins from a won position.
        if !whole {
            continue;
        }
        let mut engine = Engine::new(play, Limits::default());
        if let Some(choice) = engine.choose(&hooked).unwrap() {
            assert_eq!(
                choice.wins,
                want.outcome == Outcome::N,
                "engine on {hooked}"
            );
            if choice.wins {
                let after = choice.mv.apply(&hooked);
                let after = position(&bare, &wrap(&comps_of(&after)));
                assert_eq!(
                    plain(&after, play).unwrap().outcome,
                    Outcome::P,
                    "engine on {hooked}"
                );
            }
        }
    }
}

fn comps_of(pos: &Position) -> Vec<Comp> {
    match pos.terms.first() {
        Some(Term::Game { comps, .. }) => comps.clone(),
        _ => Vec::new(),
    }
}

/// Checks a ruleset's hooks on its own samples: forty seeds, half of them sums of two.
fn check_samples(name: &str, rules: &RulesetRef) {
    let mut sampled = 0;
    for seed in 0..40u64 {
        let mut comps = rules.rules().sample(seed);
        if comps.is_empty() {
            continue;
        }
        sampled += 1;
        // Half the cases are a sum of two samples (normal play only: see `check`).
        if seed % 2 == 1 {
            comps.extend(rules.rules().sample(seed + 1000));
        }
        check(rules, &comps);
    }
    assert!(sampled >= 20, "{name} gives too few samples ({sampled})");
}

/// A family's [`Plain`] twin: its options without any hook, searched.
pub(crate) fn plain_twin(rules: &RulesetRef) -> RulesetRef {
    RulesetRef::of(Plain(rules.clone()))
}

pub(crate) fn rules_of(reg: &grundy::Registry, text: &str) -> RulesetRef {
    let pos = reg
        .parse(text)
        .unwrap_or_else(|e| panic!("{text} does not parse: {e}"));
    match pos.terms.first() {
        Some(Term::Game { rules, .. }) => rules.clone(),
        _ => panic!("{text} is not a game of a family"),
    }
}

#[test]
fn every_family_hooks_agree_with_plain_search() {
    let reg = registry_with_files();
    let families: Vec<_> = reg.families().collect();
    // The families are checked on two threads, each taking the next family unchecked: this
    // is the longest test of the suite (turtles, staircase and Fibonacci Nim take seconds),
    // and the test command waits for it.
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some(family) =
                    families.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
                {
                    let rules = rules_of(&reg, &family.example);
                    check_samples(&family.name, &rules);
                }
            });
        }
    });
    assert!(next.into_inner() >= families.len());
}

/// Parameters other than the examples', where the hooks take other paths: a range whose
/// smallest take is 1 or equals the largest, a goal reached in one move, a king at the top or
/// far down, a board without width, a longer strip, a graph with shared successors.
#[test]
fn hooks_agree_with_plain_search_for_other_parameters() {
    let reg = registry_with_files();
    for text in [
        "take[1..3](1)",
        "take[3..3](1)",
        "take[3..7](1)",
        "mult[2..3,50](1)",
        "mult[3..4,200](1)",
        "mult[2..2,9](1)",
        "hill[1](1)",
        "hill[2](1,2)",
        "northcott(1,2)",
        "beans[1](0)",
        "beans[12](0)",
        "dag[1,2,3;2,3;3;](0)",
        "dag[;;](0)",
    ] {
        check_samples(text, &rules_of(&reg, text));
    }
}

/// A family written by a user of the library: Kayles-like "take one or two adjacent pins"
/// on a row, typed by the row's length.
struct TakeTwo;

impl Ruleset for TakeTwo {
    type P = u32;

    fn sample(&self, _seed: u64) -> Vec<Self::P> {
        Vec::new()
    }

    fn name(&self) -> String {
        "taketwo".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<u32>, ArgError> {
        args.iter()
            .enumerate()
            .map(|(i, a)| {
                a.as_u64()
                    .ok()
                    .and_then(|n| u32::try_from(n).ok())
                    .filter(|&n| n <= 1000)
                    .ok_or_else(|| ArgError::at(i, "a row of 0 to 1000 pins"))
            })
            .collect()
    }

    fn args(&self, p: &u32) -> Vec<Arg> {
        vec![Arg::int(*p)]
    }

    fn options(&self, p: &u32, _limits: &Limits) -> Result<Vec<Opt<u32>>, Error> {
        // Knock down one or two adjacent pins; the row may split in two.
        let n = *p;
        let mut out = Vec::new();
        for take in 1..=2u32.min(n) {
            for left in 0..=(n - take) {
                let right = n - take - left;
                out.push([left, right].into_iter().filter(|&x| x > 0).collect());
            }
        }
        Ok(out)
    }
}

#[test]
fn a_family_registered_at_run_time_mixes_with_built_ins() {
    let mut reg = grundy::Registry::builtin();
    let family = Family::new(
        "taketwo",
        &[],
        "taketwo(n, ...)",
        "Kayles typed by hand",
        "taketwo(5)",
        None,
        |_params, _ctx| Ok(RulesetRef::of(TakeTwo)),
    );
    reg.register(family).unwrap();
    // The same name twice is refused.
    let again = Family::new("taketwo", &[], "", "", "taketwo(1)", None, |_p, _c| {
        Ok(RulesetRef::of(TakeTwo))
    });
    assert!(reg.register(again).is_err());
    // An added family may be replaced (a script loaded again); a built-in, or a built-in's
    // alias, may not.
    for (name, ok) in [("taketwo", true), ("nim", false), ("octal", false)] {
        let f = Family::new(name, &[], "", "", "taketwo(1)", None, |_p, _c| {
            Ok(RulesetRef::of(TakeTwo))
        });
        assert_eq!(reg.replace(f).is_ok(), ok, "replace {name}");
    }
    assert!(reg.parse("nim(3)").is_ok() && reg.parse("tb[0.77](3)").is_ok());
    // Kayles is the octal game 0.77: a sum with it is a sum of equal games, value 0.
    for n in 0..40u32 {
        let text = format!("taketwo({n}) + tb[0.77]({n}) + nim(2) + *2");
        let pos = reg.parse(&text).unwrap();
        let a = analyze(&pos, &Options::default()).unwrap();
        assert_eq!(a.nimber, Some(Nimber::from(0u64)), "{text}");
        assert_eq!(a.outcome, Outcome::P, "{text}");
        let one = analyze(
            &reg.parse(&format!("taketwo({n})")).unwrap(),
            &Options::default(),
        )
        .unwrap();
        let kayles = analyze(
            &reg.parse(&format!("tb[0.77]({n})")).unwrap(),
            &Options::default(),
        )
        .unwrap();
        assert_eq!(one.nimber, kayles.nimber, "heap {n}");
    }
    // The family is listed, and the built-in registry is untouched.
    assert!(grundy::api::list(&reg).iter().any(|f| f.name == "taketwo"));
    assert!(grundy::Registry::builtin().parse("taketwo(3)").is_err());
    let _ = Arc::new(TakeTwo);
}

/// A heap game that no code or subtraction set writes: take one counter, or halve the heap
/// (keep n / 2, rounded down).
struct Halve;

impl grundy_heap::HeapMoves for Halve {
    fn name(&self) -> String {
        "halve".to_string()
    }
    fn options(&self, n: u64, each: &mut dyn FnMut(&[u64])) {
        if n >= 1 {
            each(&[n - 1]);
            each(&[n / 2]);
        }
    }
}

/// The family of [`Halve`], typed by the heap size; its heap rules hand the laboratory the
/// same moves.
struct HalveFamily(grundy_heap::HeapRules);

impl Ruleset for HalveFamily {
    type P = num_bigint::BigUint;

    fn name(&self) -> String {
        "halve".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Self::P>, ArgError> {
        grundy::rules::heap_sizes(args)
    }

    fn args(&self, p: &Self::P) -> Vec<Arg> {
        grundy::rules::heap_args(p)
    }

    fn options(&self, p: &Self::P, _limits: &Limits) -> Result<Vec<Opt<Self::P>>, Error> {
        if *p == num_bigint::BigUint::from(0u32) {
            return Ok(Vec::new());
        }
        Ok(vec![vec![p - 1u32], vec![p / 2u32]])
    }

    fn sample(&self, seed: u64) -> Vec<Self::P> {
        grundy::rules::sample_heaps(seed, 60)
    }

    fn heap(&self) -> Option<&dyn HeapKernel> {
        Some(self)
    }
}

impl HeapKernel for HalveFamily {
    fn heap_rules(&self) -> Option<&grundy_heap::HeapRules> {
        Some(&self.0)
    }
}

/// The heap kernels are open to new families: a family registered at run time with its own
/// heap moves gets the dense table, misere quotients, and misere sums answered through its
/// quotient, each checked against plain search over its options.
#[test]
fn a_heap_family_registered_at_run_time_reaches_the_heap_kernels() {
    let mut reg = grundy::Registry::builtin();
    reg.register(Family::new(
        "halve",
        &[],
        "halve(n, ...)",
        "take one counter, or halve the heap",
        "halve(9)",
        None,
        |_params, _ctx| {
            Ok(RulesetRef::of(HalveFamily(grundy_heap::HeapRules::Custom(
                grundy_heap::CustomRules::new(Halve),
            ))))
        },
    ))
    .unwrap();
    let rules = rules_of(&reg, "halve(9)");
    // Normal and misere play, winning moves, explanations and the engine against search.
    check_samples("halve", &rules);
    // The dense kernel's table against the analysis of each heap.
    let heap = rules.rules().heap_rules().unwrap().clone();
    let table = grundy_heap::values(
        &heap,
        300,
        &grundy_heap::Limits::default(),
        grundy_heap::Strategy::default(),
    )
    .unwrap();
    for (n, &v) in table.to_vec().iter().enumerate() {
        let a = analyze(
            &reg.parse(&format!("halve({n})")).unwrap(),
            &Options::default(),
        )
        .unwrap();
        assert_eq!(a.nimber, Some(Nimber::from(u64::from(v))), "halve({n})");
    }
    // A misere sum of many heaps is answered through the quotient and agrees with search.
    let text = "halve(5, 7, 12, 3, 9)";
    let got = analyze(&reg.parse(text).unwrap(), &opts(Play::Misere)).unwrap();
    assert!(
        got.method
            .as_deref()
            .is_some_and(|m| m.contains("quotient")),
        "{:?}",
        got.method
    );
    let plain_sum = position(
        &RulesetRef::of(Plain(rules.clone())),
        &wrap(&comps_of(&reg.parse(text).unwrap())),
    );
    let want = plain(&plain_sum, Play::Misere).unwrap();
    assert_eq!(got.outcome, want.outcome, "{text}");
    assert_eq!(
        got.winning_moves_total,
        want.winning_moves_total,
        "{text}: {:?} against {:?}",
        got.winning_moves.iter().map(|m| &m.to).collect::<Vec<_>>(),
        want.winning_moves.iter().map(|m| &m.to).collect::<Vec<_>>()
    );
    // The quotient report names the family's rules.
    let q = grundy::api::quotient(
        &reg,
        "halve",
        &num_bigint::BigUint::from(8u32),
        &grundy::api::QuotientLimits::default(),
        &Limits::default(),
    )
    .unwrap();
    assert_eq!(q.ruleset, "halve");
}

#[test]
fn the_readme_family_table_is_the_registry() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md")).unwrap();
    let rows: Vec<&str> = readme
        .lines()
        .skip_while(|l| !l.starts_with("| name | syntax | rule | example |"))
        .skip(2)
        .take_while(|l| l.starts_with('|') && !l.starts_with("| `*n`"))
        .collect();
    let want: Vec<String> = grundy::api::list(grundy::Registry::shared())
        .iter()
        .map(|f| {
            format!(
                "| `{}` | `{}` | {} | `{}` |",
                f.name, f.syntax, f.summary, f.example
            )
        })
        .collect();
    assert_eq!(
        rows,
        want,
        "the README's family table differs from the registry; the registry's rows:\n{}",
        want.join("\n")
    );
}

/// The texts of winning moves, family by family, as the first seam made them with each move
/// (`grundy analyze --json` before the families moved to typed positions); the typed seam
/// makes them only for the moves shown, from the position and the option.
#[test]
fn moves_are_described_as_the_first_seam_described_them() {
    let reg = registry_with_files();
    let cases: &[(&str, Play, &[&str])] = &[
        ("take[2..4](7,6)", Play::Normal, &["take 2 from the heap of 7", "take 4 from the heap of 6"]),
        ("take[2..4](10^30)", Play::Normal, &["take 4 from the heap of 1000000000000000000000000000000"]),
        ("take[5..5](3,4)", Play::Misere, &["take 3 from the heap of 3", "take 4 from the heap of 4"]),
        ("mult[2..3,100](1,2)", Play::Normal, &["multiply 1 by 2, making 2", "multiply 2 by 3, making 6"]),
        ("mult[3..5,1000](7)", Play::Misere, &["multiply 7 by 4, making 28", "multiply 7 by 5, making 35"]),
        ("staircase(10^30,5,10^20,7)", Play::Normal, &["carry 999999999900000000000000000000 coins from stair 1 to the ground"]),
        ("staircase(1,2,3,4,5)", Play::Normal, &["carry 1 coins from stair 4 to stair 3", "carry 3 coins from stair 5 to stair 4"]),
        ("staircase(4,0,1)", Play::Misere, &["carry 4 coins from stair 1 to the ground"]),
        ("georgia(1,5,6,7,9,12,14,17)", Play::Normal, &["move the piece on cell 17 to cell 16", "move the piece on cell 12 to cell 11", "move the piece on cell 5 to cell 2"]),
        ("georgia(10^20,5,3)", Play::Normal, &["move the piece on cell 100000000000000000000 to cell 8"]),
        ("georgia(9,2,6)", Play::Misere, &["move the piece on cell 9 to cell 7"]),
        ("hill[1](100,200)", Play::Normal, &["move the person on cell 100 up to cell 0"]),
        ("hill[3](2,5,9,11)", Play::Normal, &["move the person on cell 5 up to cell 4", "move the person on cell 9 up to cell 8"]),
        ("hill[2](2,3,5,8,9)", Play::Misere, &["move the person on cell 2 up to cell 1"]),
        ("northcott(1,10^30)", Play::Normal, &["move the piece on column 1 to column 999999999999999999999999999999 (toward 1000000000000000000000000000000)"]),
        ("northcott(10,3,2,8)", Play::Misere, &["move the piece on column 10 to column 9 (toward 3)"]),
        ("tree(2,0,2,3)", Play::Normal, &["remove the edge above node 2 (4 edges fall)"]),
        // Three edges leave the same tree; the first seam's lists named the last of them.
        ("tree(0,0,0)", Play::Normal, &["remove the edge above node 3 (1 edge falls)", "remove the edge above node 3 (1 edge falls)", "remove the edge above node 3 (1 edge falls)"]),
        ("turtles(3,7,12)", Play::Normal, &["turn over coins 0, 4 and 12", "turn over coins 1, 5 and 12", "turn over coins 2, 6 and 12"]),
        ("turtles(10^20)", Play::Normal, &["turn over coin 100000000000000000000"]),
        ("turtles(0,1,2,3)", Play::Misere, &["turn over coin 0", "turn over coins 1, 2 and 3"]),
        ("beans[10](0,3,5)", Play::Normal, &["split a bean of cell 0 into beans on cells 4 and 6", "split a bean of cell 0 into beans on cells 3 and 5", "split a bean of cell 0 into beans on cells 2 and 8"]),
        ("beans[3](0,0,1,1,1,2)", Play::Misere, &["split a bean of cell 1 into beans on cells 2 and 2"]),
        ("dag[1,2,3;2,3;3;](0,0,1)", Play::Normal, &["move a token from vertex 0 to vertex 2", "move a token from vertex 0 to vertex 2", "move a token from vertex 1 to vertex 3"]),
        ("dag[1,2;;3;](0,2)", Play::Misere, &["move a token from vertex 0 to vertex 1"]),
        ("hill[2](1,3,6) + take[1..2](4)", Play::Normal, &["move the person on cell 6 up to cell 5", "take 2 from the heap of 4"]),
    ];
    for &(text, play, want) in cases {
        let pos = reg.parse(text).unwrap();
        let a = analyze(
            &pos,
            &Options {
                play,
                ..Options::default()
            },
        )
        .unwrap_or_else(|e| panic!("{text}: {e}"));
        let got: Vec<&str> = a
            .winning_moves
            .iter()
            .map(|m| m.text.as_str())
            .take(want.len())
            .collect();
        assert_eq!(got, want, "{text} ({play:?})");
    }
}

/// The text of a position after a move, written from pieces rendered once (what the analysis
/// does for positions of many components), is exactly the whole position rendered after the
/// replacement: for every family's samples, in a sum with a nimber and a Nim term (a family
/// written with its components inside one term), for every component and each of its first
/// options, for a replacement by nothing, and for the nimber's replacements.
#[test]
fn moves_written_from_pieces_are_the_whole_position_written() {
    let reg = registry_with_files();
    let nim = rules_of(&reg, "nim(1)");
    let nim_comps = match reg.parse("nim(3,0,5)").map(|p| p.terms) {
        Ok(terms) => match terms.first() {
            Some(Term::Game { comps, .. }) => comps.clone(),
            _ => panic!("nim(3,0,5) is a Nim term"),
        },
        Err(e) => panic!("nim(3,0,5): {e}"),
    };
    let mut checked = 0;
    for family in reg.families() {
        let rules = rules_of(&reg, &family.example);
        for seed in 0..6u64 {
            let comps = rules.rules().sample(seed);
            if comps.is_empty() {
                continue;
            }
            let pos = Position {
                terms: vec![
                    Term::Star(Nimber::new(3)),
                    Term::Game {
                        rules: rules.clone(),
                        comps: comps.clone(),
                    },
                    Term::Game {
                        rules: nim.clone(),
                        comps: nim_comps.clone(),
                    },
                ],
            };
            let pieces = pos.pieces();
            let mut same = |place: grundy::position::Place, rep: Replacement| {
                let want = pos.replace(place, rep.clone()).to_string();
                assert_eq!(pieces.replaced(place, &rep), want, "{pos}: {place:?}");
                checked += 1;
            };
            for (place, c) in pos.components() {
                match c {
                    grundy::position::Component::Star(_) => {
                        for m in [0u64, 1, 7] {
                            same(place, Replacement::Star(Nimber::new(m)));
                        }
                    }
                    grundy::position::Component::Of(r, p) => {
                        same(place, Replacement::States(Vec::new()));
                        if r.rules().searchable(&p).is_err() {
                            continue;
                        }
                        let Ok(options) = r.rules().options(&p, &Limits::default()) else {
                            continue;
                        };
                        for o in options.into_iter().take(4) {
                            same(place, Replacement::States(o));
                        }
                    }
                }
            }
        }
    }
    assert!(checked > 500, "{checked}");
}
