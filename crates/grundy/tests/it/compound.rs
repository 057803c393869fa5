//! Compounds (`conj`, `every`, `select`, `anti`) against a plain search of the product game,
//! built here from the definitions alone: outcomes, nim-values, winning moves and their
//! count (moves, as in sums), alone and in sums; every move's `to` parses back. Judge-size
//! compounds answer by the theory, and their cost grows with the number of parts as the
//! theory promises (counted in move listings, not timed).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use num_bigint::BigUint;

use grundy::analysis::{analyze, Analysis, Options};
use grundy::compound::{self, Kind, Parts};
use grundy::position::{Component, Position, Term};
use grundy::rules::{Arg, ArgError, Family, Opt, Rng, Ruleset, RulesetRef};
use grundy::{Error, Game, Limits, Outcome, Registry};

type Sum = Vec<Component>;

fn mex(values: impl IntoIterator<Item = u64>) -> u64 {
    let mut seen: Vec<u64> = values.into_iter().collect();
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .find(|&(i, &v)| v != i as u64)
        .map_or(seen.len() as u64, |(i, _)| i as u64)
}

/// Every tuple of one item from each list.
fn product<T: Clone>(lists: &[Vec<T>]) -> Vec<Vec<T>> {
    let mut out: Vec<Vec<T>> = vec![Vec::new()];
    for list in lists {
        let mut next = Vec::new();
        for item in list {
            for prefix in &out {
                let mut t = prefix.clone();
                t.push(item.clone());
                next.push(t);
            }
        }
        out = next;
    }
    out
}

/// The product game searched plainly, from the definitions of the compounds. A part's moves
/// are the moves of each of its components, one per sum they lead to; the compounds' moves
/// are built from those, with no theory.
#[derive(Default)]
struct Brute {
    sums: HashMap<Sum, u64>,
    compounds: HashMap<(Kind, Vec<Sum>), u64>,
}

impl Brute {
    /// The moves of a part: a part is a sorted multiset, so moving either of two equal
    /// components is one move (each option of a component as its family lists it, as in a
    /// plain sum).
    fn sum_moves(part: &Sum) -> Vec<Sum> {
        let mut out = Vec::new();
        for i in 0..part.len() {
            if i > 0 && part[i - 1] == part[i] {
                continue;
            }
            for o in part[i].try_options().unwrap() {
                let mut next = part.clone();
                next.remove(i);
                next.extend(o);
                next.sort();
                out.push(next);
            }
        }
        out
    }

    fn sum_value(&mut self, part: &Sum) -> u64 {
        if let Some(&v) = self.sums.get(part) {
            return v;
        }
        let kids: Vec<u64> = Brute::sum_moves(part)
            .iter()
            .map(|o| self.sum_value(o))
            .collect();
        let v = mex(kids);
        self.sums.insert(part.clone(), v);
        v
    }

    /// Every move of a compound (one entry per position it leads to), as the parts it leaves;
    /// the Anti-SG move "the game is over" leaves no parts (the finished game).
    fn moves(&mut self, kind: Kind, parts: &[Sum]) -> Vec<Vec<Sum>> {
        if parts.is_empty() {
            return Vec::new();
        }
        let each: Vec<Vec<Sum>> = parts.iter().map(Brute::sum_moves).collect();
        match kind.name() {
            "anti" => {
                if parts.iter().all(|p| self.sum_value(p) == 0) {
                    return vec![Vec::new()];
                }
                let mut out = Vec::new();
                for (i, ms) in each.iter().enumerate() {
                    for m in ms {
                        let mut next = parts.to_vec();
                        next[i] = m.clone();
                        out.push(next);
                    }
                }
                out
            }
            "conj" => {
                if each.iter().any(Vec::is_empty) {
                    return Vec::new();
                }
                product(&each)
            }
            "every" => {
                if each.iter().all(Vec::is_empty) {
                    return Vec::new();
                }
                let lists: Vec<Vec<Sum>> = each
                    .iter()
                    .zip(parts)
                    .map(|(ms, p)| {
                        if ms.is_empty() {
                            vec![p.clone()]
                        } else {
                            ms.clone()
                        }
                    })
                    .collect();
                product(&lists)
            }
            "select" => {
                let lists: Vec<Vec<Option<Sum>>> = each
                    .iter()
                    .map(|ms| {
                        let mut l: Vec<Option<Sum>> = ms.iter().cloned().map(Some).collect();
                        l.push(None);
                        l
                    })
                    .collect();
                product(&lists)
                    .into_iter()
                    .filter(|t| t.iter().any(Option::is_some))
                    .map(|t| {
                        t.into_iter()
                            .zip(parts)
                            .map(|(c, p)| c.unwrap_or_else(|| p.clone()))
                            .collect()
                    })
                    .collect()
            }
            other => panic!("no brute force for the compound {other}"),
        }
    }

    fn value(&mut self, kind: Kind, parts: &[Sum]) -> u64 {
        let key = (kind, parts.to_vec());
        if let Some(&v) = self.compounds.get(&key) {
            return v;
        }
        let kids: Vec<u64> = self
            .moves(kind, parts)
            .iter()
            .map(|m| self.value(kind, m))
            .collect();
        let v = mex(kids);
        self.compounds.insert(key, v);
        v
    }
}

fn the_parts(pos: &Position) -> (Kind, Parts) {
    let Some(Term::Game { rules, comps }) = pos.terms.first() else {
        panic!("{pos} is not a compound")
    };
    let kind = Kind::of(rules.name()).expect("a compound");
    (
        kind,
        comps[0].get::<Parts>().expect("compound parts").clone(),
    )
}

fn all_moves() -> Options {
    Options {
        max_moves: 1_000_000,
        ..Options::default()
    }
}

/// The parts after each listed move of an analysis of a compound standing alone; each `to`
/// parses back and prints the same.
fn listed(reg: &Registry, a: &Analysis) -> Vec<Vec<Sum>> {
    let mut out: Vec<Vec<Sum>> = a
        .winning_moves
        .iter()
        .map(|m| {
            let after = reg
                .parse(&m.to)
                .unwrap_or_else(|e| panic!("{} -> {} does not parse: {e}", a.game, m.to));
            assert_eq!(after.to_string(), m.to, "parse(print(x)) = x");
            if after.terms.is_empty() {
                // After the Anti-SG move "the game is over" the compound has left: `0`.
                return Vec::new();
            }
            the_parts(&after).1 .0
        })
        .collect();
    out.sort();
    out
}

const PIECES: [&str; 12] = [
    "nim(1)",
    "nim(2)",
    "nim(3)",
    "nim(0)",
    "*1",
    "*2",
    "sub[1,2](2)",
    "sub[1,2](4)",
    "tb[0.07](4)",
    "tree(0,1)",
    "tree(0,1,0,3)",
    "tree(0,0,1)",
];

fn random_part(rng: &mut Rng, nested: bool) -> String {
    random_part_of(rng, nested, 2)
}

fn random_part_of(rng: &mut Rng, nested: bool, most: u64) -> String {
    if nested && rng.range(0, 9) == 0 {
        let kind = Kind::all()[rng.range(0, 3) as usize];
        let a = PIECES[rng.range(0, 5) as usize];
        let b = PIECES[rng.range(0, 5) as usize];
        return format!("{}({a}, {b})", kind.name());
    }
    let n = rng.range(1, most);
    let pieces: Vec<&str> = (0..n)
        .map(|_| PIECES[rng.range(0, PIECES.len() as u64 - 1) as usize])
        .collect();
    pieces.join(" + ")
}

fn random_compound(rng: &mut Rng, kind: Kind, nested: bool) -> String {
    random_compound_of(rng, kind, nested, 2)
}

/// A compound of 1 to 3 parts, each of 1 to `most` pieces (or a small compound, `nested`).
fn random_compound_of(rng: &mut Rng, kind: Kind, nested: bool, most: u64) -> String {
    let n = rng.range(1, 3);
    let parts: Vec<String> = (0..n).map(|_| random_part_of(rng, nested, most)).collect();
    format!("{}({})", kind.name(), parts.join(", "))
}

#[test]
fn theory_agrees_with_a_plain_search_of_the_product_game() {
    let reg = Registry::builtin();
    let mut brute = Brute::default();
    for (i, kind) in Kind::all().into_iter().enumerate() {
        let mut rng = Rng::new(23 + i as u64);
        let mut seen = [0usize; 2];
        for _ in 0..150 {
            let text = random_compound(&mut rng, kind, true);
            let pos = reg.parse(&text).unwrap();
            assert_eq!(reg.parse(&pos.to_string()).unwrap(), pos, "{text}");
            let (_, parts) = the_parts(&pos);
            let value = brute.value(kind, &parts.0);
            let outcome = if value == 0 { Outcome::P } else { Outcome::N };
            seen[usize::from(value != 0)] += 1;

            // The theory alone.
            let limits = Limits::default();
            let v = compound::verdict(kind, &parts, &limits).unwrap();
            assert_eq!(v.outcome, outcome, "{text}");
            let mut wins: Vec<Vec<Sum>> = brute
                .moves(kind, &parts.0)
                .into_iter()
                .filter(|m| brute.value(kind, m) == 0)
                .collect();
            wins.sort();
            let (theirs, count) =
                compound::winning_moves(kind, &parts, usize::MAX, &limits).unwrap();
            let mut theirs: Vec<Vec<Sum>> = theirs.into_iter().map(|p| p.0).collect();
            theirs.sort();
            assert_eq!(theirs, wins, "{text}");
            assert_eq!(count, Some(BigUint::from(wins.len())), "{text}");

            // The analysis, as every front shows it.
            let a = analyze(&pos, &all_moves()).unwrap();
            assert_eq!(a.outcome, outcome, "{text}");
            if let Some(n) = &a.nimber {
                assert_eq!(n.to_u64(), Some(value), "{text}");
            }
            assert_eq!(
                a.winning_moves_total,
                Some(BigUint::from(wins.len())),
                "{text}"
            );
            assert_eq!(listed(&reg, &a), wins, "{text}");
            // At most as many as asked, and counted all the same.
            let few = analyze(
                &pos,
                &Options {
                    max_moves: 1,
                    ..Options::default()
                },
            )
            .unwrap();
            assert_eq!(few.winning_moves.len(), wins.len().min(1), "{text}");
            assert_eq!(few.winning_moves_total, a.winning_moves_total, "{text}");
        }
        // Both outcomes occur, so the comparison means something.
        assert!(seen[0] > 10 && seen[1] > 10, "{kind:?}: {seen:?}");
    }
}

#[test]
fn compounds_in_sums_agree_with_a_plain_search() {
    let reg = Registry::builtin();
    let mut brute = Brute::default();
    for (i, kind) in Kind::all().into_iter().enumerate() {
        let mut rng = Rng::new(99 + i as u64);
        for _ in 0..60 {
            // One piece a part: the product game stays under the value search's bound.
            let text = random_compound_of(&mut rng, kind, false, 1);
            let pos = reg.parse(&text).unwrap();
            let (_, parts) = the_parts(&pos);
            let value = brute.value(kind, &parts.0);
            let moves = brute.moves(kind, &parts.0);
            for heap in 0..4u64 {
                let sum = reg.parse(&format!("{text} + nim({heap})")).unwrap();
                let a = analyze(&sum, &all_moves()).unwrap();
                assert_eq!(
                    a.nimber.as_ref().and_then(|n| n.to_u64()),
                    Some(value ^ heap),
                    "{sum}"
                );
                // Winning: a move of the compound to value `heap`, or of the heap to `value`.
                let expected = if value == heap {
                    0
                } else {
                    let here = moves
                        .iter()
                        .filter(|m| brute.value(kind, m) == heap)
                        .count();
                    here + usize::from(value < heap)
                };
                assert_eq!(
                    a.winning_moves_total,
                    Some(BigUint::from(expected)),
                    "{sum}"
                );
                for m in &a.winning_moves {
                    let after = reg.parse(&m.to).unwrap();
                    assert_eq!(after.to_string(), m.to, "{sum}");
                    let b = analyze(&after, &Options::default()).unwrap();
                    assert_eq!(b.outcome, Outcome::P, "{sum} -> {}", m.to);
                }
            }
        }
    }
}

#[test]
fn parse_print_round_trip_of_random_compounds() {
    let reg = Registry::builtin();
    let mut rng = Rng::new(2323);
    for i in 0..400 {
        let kind = Kind::all()[(i % 4) as usize];
        let inner_kind = Kind::all()[rng.range(0, 3) as usize];
        let inner = random_compound(&mut rng, inner_kind, true);
        let text = match rng.range(0, 3) {
            0 => random_compound(&mut rng, kind, true),
            1 => format!("{}({inner}, {})", kind.name(), random_part(&mut rng, true)),
            2 => format!(
                "{} + nim(2) + {}",
                random_compound(&mut rng, kind, true),
                random_compound(&mut rng, inner_kind, false)
            ),
            _ => format!("{}(0)", kind.name()),
        };
        let pos = reg.parse(&text).unwrap();
        let printed = pos.to_string();
        assert_eq!(reg.parse(&printed).unwrap(), pos, "{text} -> {printed}");
        assert_eq!(reg.parse(&printed).unwrap().to_string(), printed);
    }
}

#[test]
fn anti_sg_game_over_moves_to_a_text_that_parses() {
    // Every part has value 0: the game is over, the one move goes to the finished game.
    let reg = Registry::builtin();
    let pos = reg.parse("anti(nim(1,1), sub[1,2](3))").unwrap();
    let a = analyze(&pos, &Options::default()).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(a.winning_moves.len(), 1);
    let to = &a.winning_moves[0].to;
    // The compound leaves the sum: alone, the empty game.
    assert_eq!(to, "0");
    let after = reg.parse(to).unwrap();
    assert_eq!(after.to_string(), *to);
    let b = analyze(&after, &Options::default()).unwrap();
    assert_eq!(b.outcome, Outcome::P);
    assert_eq!(b.winning_moves_total, Some(BigUint::default()));
    // In a sum too: anti(0) is N (value 1, its one move ends it), so beside nim(0) the
    // winning move ends the compound, which leaves the sum.
    let pos = reg.parse("anti(0) + nim(0)").unwrap();
    let a = analyze(&pos, &all_moves()).unwrap();
    let tos: Vec<&str> = a.winning_moves.iter().map(|m| m.to.as_str()).collect();
    assert_eq!(tos, ["nim(0)"]);
    // nim(3) + anti(nim(1,1)) + *3 has value 3 ^ 1 ^ 3 = 1.
    let pos = reg.parse("nim(3) + anti(nim(1,1)) + *3").unwrap();
    let a = analyze(&pos, &all_moves()).unwrap();
    let tos: Vec<&str> = a.winning_moves.iter().map(|m| m.to.as_str()).collect();
    assert_eq!(
        tos,
        [
            "nim(2) + anti(nim(1) + nim(1)) + *3",
            "nim(3) + *3",
            "nim(3) + anti(nim(1) + nim(1)) + *2"
        ]
    );
    for to in tos {
        assert_eq!(reg.parse(to).unwrap().to_string(), to);
    }
    for m in &a.winning_moves {
        assert_eq!(reg.parse(&m.to).unwrap().to_string(), m.to);
    }
}

#[test]
fn a_compound_of_no_parts_is_an_input_error_at_its_column() {
    let reg = Registry::builtin();
    for (text, column) in [
        ("conj()", 1),
        ("every( )", 1),
        ("nim(3) + select()", 10),
        ("conj(nim(1), anti())", 14),
    ] {
        let e = reg.parse(text).unwrap_err();
        assert_eq!(e.kind(), grundy::ErrorKind::Input, "{text}: {e}");
        assert_eq!(e.column(), Some(column), "{text}: {e}");
        let name = &text[column - 1..text[column - 1..].find('(').unwrap() + column - 1];
        let msg = e.to_string();
        assert!(
            msg.contains(&format!("{name}() has no parts")),
            "{text}: {msg}"
        );
    }
}

/// A move is the position it leads to, listed and counted once: in a plain sum the terms keep
/// their order, so moving the first or the second of two equal heaps leads to two positions;
/// a compound's part is a sorted multiset, so there it is one move (issue 41: the moves of
/// `conj(nim(2,2), wythoff(2,3))` were listed twice each).
#[test]
fn a_move_is_the_position_it_leads_to() {
    let reg = Registry::builtin();
    let count = |text: &str| {
        let a = analyze(&reg.parse(text).unwrap(), &all_moves()).unwrap();
        assert_eq!(a.winning_moves.len(), crate::common::total(&a), "{text}");
        let mut tos: Vec<&str> = a.winning_moves.iter().map(|m| m.to.as_str()).collect();
        tos.sort_unstable();
        tos.dedup();
        assert_eq!(
            tos.len(),
            a.winning_moves.len(),
            "{text}: a position listed twice"
        );
        crate::common::total(&a)
    };
    assert_eq!(count("nim(1,1,1)"), 3);
    assert_eq!(count("nim(3) + nim(3) + nim(1)"), 3);
    // One position after taking any of the three heaps.
    assert_eq!(count("select(nim(1,1,1))"), 1);
    assert_eq!(count("every(nim(1,1,1))"), 1);
    assert_eq!(count("anti(nim(1,1,1), nim(2))"), 1);
    // Part 1 has one move; part 2 two (a heap of 2 to 0 or to 1), every one wins.
    assert_eq!(count("conj(nim(1), nim(2,2))"), 2);
    // The examples: two winning moves, and one.
    assert_eq!(count("conj(nim(2,2), wythoff(2,3))"), 2);
    assert_eq!(count("every(nim(2,2), sub[1,3,4](5))"), 1);
    // In a sum with another game, where the compound's moves to a value are counted.
    assert_eq!(count("select(nim(1,1)) + nim(2)"), 1);
}

#[test]
fn large_products_answer_by_the_theory() {
    let reg = Registry::builtin();
    // 60 * 70 * 80 = 336,000 moves: more than a listing holds, yet answered.
    let a = analyze(
        &reg.parse("every(nim(60), nim(70), nim(80))").unwrap(),
        &Options::default(),
    )
    .unwrap();
    assert_eq!(a.outcome, Outcome::N);
    // The only winning move takes every heap: the game ends with the opponent to move.
    assert_eq!(a.winning_moves_total, Some(BigUint::from(1u32)));
    assert_eq!(a.winning_moves[0].to, "every(nim(0), nim(0), nim(0))");
    let a = analyze(
        &reg.parse("select(nim(60), nim(70), nim(80))").unwrap(),
        &Options::default(),
    )
    .unwrap();
    assert_eq!(a.winning_moves_total, Some(BigUint::from(1u32)));
    // conj: a winning move empties some heap (remoteness 0 is even): every move but the
    // 59 * 69 * 79 that leave all three heaps nonempty.
    let opts = Options {
        max_moves: 5,
        ..Options::default()
    };
    let a = analyze(
        &reg.parse("conj(nim(60), nim(70), nim(80))").unwrap(),
        &opts,
    )
    .unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert_eq!(
        a.winning_moves_total,
        Some(BigUint::from(60u32 * 70 * 80 - 59 * 69 * 79))
    );
    assert_eq!(a.winning_moves.len(), 5);
    for m in &a.winning_moves {
        let after = reg.parse(&m.to).unwrap();
        assert_eq!(
            analyze(&after, &Options::default()).unwrap().outcome,
            Outcome::P
        );
    }
}

/// Euclid's game (HDU 1525): subtract a positive multiple of the smaller number from the
/// larger; making a number 0 ends the game (the mover wins). Each part of HDU 3595.
struct Euclid;

impl Ruleset for Euclid {
    type P = (u64, u64);

    fn sample(&self, _seed: u64) -> Vec<Self::P> {
        Vec::new()
    }

    fn name(&self) -> String {
        "euclid".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<(u64, u64)>, ArgError> {
        let [a, b] = args else {
            return Err(ArgError::whole("euclid takes two numbers"));
        };
        let a = a.as_u64().map_err(|e| ArgError::at(0, e))?;
        let b = b.as_u64().map_err(|e| ArgError::at(1, e))?;
        if a == 0 || b == 0 {
            return Err(ArgError::whole("both numbers must be positive"));
        }
        Ok(vec![(a.min(b), a.max(b))])
    }

    fn args(&self, p: &(u64, u64)) -> Vec<Arg> {
        vec![Arg::int(p.0), Arg::int(p.1)]
    }

    fn options(
        &self,
        &(small, big): &(u64, u64),
        _: &Limits,
    ) -> Result<Vec<Opt<(u64, u64)>>, Error> {
        Ok((1..=big / small)
            .map(|k| {
                let r = big - k * small;
                if r == 0 {
                    vec![]
                } else {
                    vec![(r.min(small), r.max(small))]
                }
            })
            .collect())
    }
}

fn with_euclid() -> Registry {
    let mut reg = Registry::builtin();
    reg.register(Family::new(
        "euclid",
        &[],
        "euclid(a, b)",
        "Euclid's game",
        "euclid(3, 5)",
        None,
        |_, _| Ok(RulesetRef::of(Euclid)),
    ))
    .unwrap();
    reg
}

/// The step of Euclid's game by its structure (the usual HDU 3595 solution, independent of
/// the engine), for `small <= big`. A step is even exactly when the position is lost.
/// With `big = q * small + r`: if r = 0 the mover ends the game (step 1); if q = 1 the move
/// is forced; otherwise the mover wins, and of the options only `(r, small)` and
/// `(small, r + small)` can be lost (the others leave a choice to the opponent), exactly one
/// of them is, and the winner goes there.
fn euclid_step(small: u64, big: u64) -> u64 {
    if big.is_multiple_of(small) {
        return 1;
    }
    let r = big % small;
    if big < 2 * small {
        return euclid_step(r, small) + 1;
    }
    let next = euclid_step(r, small);
    if next.is_multiple_of(2) {
        next + 1
    } else {
        euclid_step(small, r + small) + 1
    }
}

#[test]
fn every_sg_of_euclid_parts_at_judge_size() {
    let reg = with_euclid();
    let pos = reg.parse("every(euclid(3,1000), euclid(7,999))").unwrap();
    let (kind, parts) = the_parts(&pos);
    let v = compound::verdict(kind, &parts, &Limits::default()).unwrap();
    assert_eq!(v.numbers, vec![BigUint::from(3u32), BigUint::from(5u32)]);
    assert_eq!(v.outcome, Outcome::N);
    let a = analyze(&pos, &Options::default()).unwrap();
    assert_eq!(a.outcome, Outcome::N);
    assert!(!a.winning_moves.is_empty());

    // HDU 3595: 1000 parts up to 1000; the judge's rule is the parity of the greatest step.
    let mut rng = Rng::new(3595);
    let mut steps = Vec::new();
    let mut texts = Vec::new();
    for _ in 0..1000 {
        let (a, b) = (rng.range(1, 1000), rng.range(1, 1000));
        steps.push(euclid_step(a.min(b), a.max(b)));
        texts.push(format!("euclid({a},{b})"));
    }
    let pos = reg.parse(&format!("every({})", texts.join(", "))).unwrap();
    let (kind, parts) = the_parts(&pos);
    let v = compound::verdict(kind, &parts, &Limits::default()).unwrap();
    let numbers: Vec<BigUint> = steps.iter().map(|&s| BigUint::from(s)).collect();
    assert_eq!(v.numbers, numbers);
    let won = steps.iter().max().is_some_and(|s| s % 2 == 1);
    let opts = Options {
        max_moves: 3,
        ..Options::default()
    };
    let a = analyze(&pos, &opts).unwrap();
    assert_eq!(a.outcome == Outcome::N, won);
    assert!(a.winning_moves.len() <= 3);
    if won {
        assert!(a
            .winning_moves_total
            .is_some_and(|n| n > BigUint::default()));
    }
}

/// Nim heaps that count how often their moves are listed, with no hook: the work of an
/// analysis, counted in listings of one heap's moves.
struct Counted(Arc<AtomicUsize>);

impl Ruleset for Counted {
    type P = u64;

    fn sample(&self, _seed: u64) -> Vec<Self::P> {
        Vec::new()
    }

    fn name(&self) -> String {
        "counted".to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<u64>, ArgError> {
        args.iter()
            .enumerate()
            .map(|(i, a)| a.as_u64().map_err(|e| ArgError::at(i, e)))
            .collect()
    }

    fn args(&self, p: &u64) -> Vec<Arg> {
        vec![Arg::int(*p)]
    }

    fn options(&self, p: &u64, _: &Limits) -> Result<Vec<Opt<u64>>, Error> {
        self.0.fetch_add(1, Ordering::Relaxed);
        Ok((0..*p).map(|k| vec![k]).collect())
    }
}

fn with_counted() -> (Registry, Arc<AtomicUsize>) {
    let calls = Arc::new(AtomicUsize::new(0));
    let mut reg = Registry::builtin();
    let c = calls.clone();
    reg.register(Family::new(
        "counted",
        &[],
        "counted(n)",
        "Nim heaps that count their move listings",
        "counted(3)",
        None,
        move |_, _| Ok(RulesetRef::of(Counted(c.clone()))),
    ))
    .unwrap();
    (reg, calls)
}

#[test]
fn a_compound_of_n_parts_costs_about_n_parts() {
    // Anti-SG first: its product search was the costly one (HDU 3590, 100 trees: 64 s).
    for kind in ["anti", "conj", "every", "select"].map(|k| Kind::of(k).unwrap()) {
        for n in [16u64, 64, 256] {
            let (reg, calls) = with_counted();
            // Parts of heaps 1..=5 plus a heap of 1 (so that the compounds are N and the
            // winning moves are listed): one part's own search lists at most 6 positions.
            let parts: Vec<String> = (0..n)
                .map(|i| format!("counted({}) + counted(1)", 1 + i % 5))
                .collect();
            let pos = reg
                .parse(&format!("{}({})", kind.name(), parts.join(", ")))
                .unwrap();
            let a = analyze(&pos, &Options::default()).unwrap();
            let used = calls.load(Ordering::Relaxed) as u64;
            assert!(
                used <= 4 * n + 100,
                "{kind:?} of {n} parts listed heap moves {used} times ({:?})",
                a.outcome
            );
        }
    }
}

#[test]
fn the_axes_of_acrostic_and_anti_against_misere_are_documented() {
    let reg = Registry::builtin();
    let families = grundy::api::list(&reg);
    let acrostic = families.iter().find(|f| f.name == "acrostic").unwrap();
    assert!(
        acrostic.summary.contains("G1-move on the first coordinate")
            && acrostic.summary.contains("G2-move on the second"),
        "{}",
        acrostic.summary
    );
    assert!(
        acrostic.help.contains("(x1, y), ..., (xm, y)"),
        "{}",
        acrostic.help
    );

    // Literal misere play and Anti-SG with the SJ rule differ on a tree of value 0 that can
    // still move; both the help and the explanation of an anti position say so.
    let misere = Options::for_play(grundy::Play::Misere);
    let literal = analyze(&reg.parse("tree(0,1,0,3)").unwrap(), &misere).unwrap();
    assert_eq!(literal.outcome, Outcome::P);
    let sj = analyze(
        &reg.parse("anti(tree(0,1,0,3))").unwrap(),
        &Options::default(),
    )
    .unwrap();
    assert_eq!(sj.outcome, Outcome::N);
    let anti = families.iter().find(|f| f.name == "anti").unwrap();
    assert!(anti.help.contains("--misere"), "{}", anti.help);
    let text: String = grundy::api::explain(
        &reg,
        "anti(tree(0,1,0,3))",
        grundy::Play::Normal,
        &Limits::default(),
    )
    .unwrap()
    .iter()
    .map(|e| format!("{e:?}"))
    .collect();
    assert!(
        text.contains("--misere") && text.contains("tree(0,1,0,3)"),
        "{text}"
    );
}
