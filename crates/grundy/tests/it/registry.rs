//! The registry as a value: one property test checks every family's hooks (closed forms,
//! tables, outcome-only answers, explanations, the play engine) against plain search over the
//! family's own options; a typed family registered at run time mixes with built-ins in sums.

use std::sync::Arc;

use grundy::analysis::{analyze, Analysis, Options};
use grundy::play::Engine;
use grundy::position::{Position, Replacement, Term};
use grundy::rules::{Arg, ArgError, Comp, Family, Opt, Ruleset, RulesetRef};
use grundy::{Error, ErrorKind, Limits, Nimber, Outcome, Play};

use crate::common::registry_with_files;

/// A family's rules without any of its hooks: only the options, so that the solvers fall back
/// on plain search. Its name differs from the family's, so that the two never share a memo.
struct Plain(RulesetRef);

impl Ruleset for Plain {
    type P = Comp;

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
        let e = grundy::explain::explain_position(&hooked, play, &Limits::default())
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

#[test]
fn every_family_hooks_agree_with_plain_search() {
    let reg = registry_with_files();
    for family in reg.families() {
        let example = reg
            .parse(&family.example)
            .unwrap_or_else(|e| panic!("the example of {} does not parse: {e}", family.name));
        let Some(Term::Game { rules, .. }) = example.terms.first() else {
            panic!("the example of {} is not a game of the family", family.name);
        };
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
        assert!(
            sampled >= 20,
            "{} gives too few samples ({sampled})",
            family.name
        );
    }
}

/// A family written by a user of the library: Kayles-like "take one or two adjacent pins"
/// on a row, typed by the row's length.
struct TakeTwo;

impl Ruleset for TakeTwo {
    type P = u32;

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
    let want: Vec<String> = grundy::api::list(grundy::registry::builtin())
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
