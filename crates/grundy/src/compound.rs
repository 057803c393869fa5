//! Compounds other than the disjunctive sum (Winning Ways, chapter 9), and Anti-SG.
//!
//! Each compound takes parts, each part an expression (a disjunctive sum of components), and
//! is itself one impartial game, so it may stand in a sum or inside another compound:
//!
//! - `conj(A, B, ...)`, the **conjunctive compound**: a move is a move in every part at once;
//!   play ends as soon as some part has no move (normal play: who cannot move loses).
//!   Theory (Smith; Winning Ways, chapter 9, "Slow Joe"): with Steinhaus' remoteness R (0 at
//!   the end; a won position is 1 + the least even R of its options, a lost one 1 + the
//!   greatest R), the compound's remoteness is the least R of its parts, and the player to
//!   move loses exactly when it is even.
//! - `every(A, B, ...)`, the **continued conjunctive compound** (Every-SG, HDU 3595 "GG and
//!   MM"): a move is a move in every part that still has one; play ends when no part has a
//!   move. Theory (Winning Ways' suspense numbers; Jia Zhihao, "Every-SG", 2009): step(v) = 0
//!   at the end; 1 + the greatest step of an option of value 0 when v has nonzero value (the
//!   winner prolongs); 1 + the least step of an option when v has value 0 (the loser
//!   hurries). The player to move wins exactly when the greatest step of the parts is odd.
//! - `select(A, B, ...)`, the **selective compound**: a move is a move in any nonempty set of
//!   parts; play ends when no part has a move. Theory (Winning Ways, chapter 9): the player to
//!   move loses exactly when every part has value 0; the winning moves move every part of
//!   nonzero value to value 0 and nothing else.
//! - `anti(A, B, ...)`, **Anti-SG with the SJ rule**: the sum of the parts under misere play
//!   (who makes the last move loses), where play also ends as soon as every part has value 0
//!   (then the player to move has won). SJ theorem (Jia Zhihao, 2009): the player to move
//!   wins exactly when the XOR of the parts' values is nonzero and some part has value above
//!   1, or the XOR is 0 and no part has value above 1. As a game of the engine (normal play),
//!   a position where every part has value 0 has a single move, "the game is over", to 0.
//!
//! The nim-value of a compound (needed only when it stands in a sum) comes from a bounded
//! search; the outcome and winning moves of a compound alone come from the theory above at
//! any size the parts' own searches allow.
//! **Boundary:** the parser knows compounds only by [`Kind::of`]; the analysis sees one
//! ruleset per kind, whose positions are [`Parts`].

use std::collections::HashMap;
use std::sync::Mutex;

use num_bigint::BigUint;

use crate::explanation::{Block, Explanation};
use crate::position::{Component, Position, Term};
use crate::rules::{Arg, ArgError, BuildContext, Family, Opt, Ruleset, RulesetRef};
use crate::solve::{RemotenessSolver, Solver};
use crate::{Error, Game, Limits, Nimber, Outcome, Play};

/// Which compound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Move in every part; ends when some part ends.
    Conj,
    /// Move in every part that can move; ends when all parts end (Every-SG).
    Every,
    /// Move in any nonempty set of parts.
    Select,
    /// Misere sum that also ends when every part has value 0 (SJ theorem).
    Anti,
}

impl Kind {
    /// Every kind, in the order `grundy list` shows them.
    pub const ALL: [Kind; 4] = [Kind::Conj, Kind::Every, Kind::Select, Kind::Anti];

    /// The name in expressions.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Conj => "conj",
            Kind::Every => "every",
            Kind::Select => "select",
            Kind::Anti => "anti",
        }
    }

    /// The kind whose canonical ruleset name is `name` (the parser reads the arguments of
    /// these rulesets as expressions).
    pub fn of(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }

    fn title(self) -> &'static str {
        match self {
            Kind::Conj => "conjunctive compound",
            Kind::Every => "continued conjunctive compound (Every-SG)",
            Kind::Select => "selective compound",
            Kind::Anti => "Anti-SG sum with the SJ rule",
        }
    }
}

/// The entry of the compound called `name`, if it is one.
pub fn family(name: &str) -> Option<Family> {
    families().into_iter().find(|f| f.answers_to(name))
}

/// The compounds, as entries the parser and `list` use (they are not registry entries).
pub fn families() -> Vec<Family> {
    let entry = |kind: Kind, summary: &str, example: &str| {
        Family::new(
            kind.name(),
            &[],
            &format!("{}(A, B, ...) with each part an expression", kind.name()),
            summary,
            example,
            None,
            move |_: Option<&str>, _: &BuildContext<'_>| Ok(RulesetRef::of(Compound::new(kind))),
        )
    };
    vec![
        entry(
            Kind::Conj,
            "conjunctive compound: move in every part; ends when some part ends (remoteness)",
            "conj(nim(3), sub[1,2](7))",
        )
        .with_help(
            "Each argument is a whole expression (a sum such as nim(1,2) + *3). Alone, the \
             compound is lost for the player to move when the least remoteness of its parts \
             is even.",
        ),
        entry(
            Kind::Every,
            "Every-SG: move in every part that can move; ends when all parts end (steps)",
            "every(nim(2), nim(1,1))",
        )
        .with_help(
            "HDU 3595 GG and MM. Alone, the compound is won for the player to move when the \
             greatest step (suspense number) of its parts is odd.",
        ),
        entry(
            Kind::Select,
            "selective compound: move in any nonempty set of parts",
            "select(nim(3), wythoff(1,2))",
        )
        .with_help("Alone, the compound is lost for the player to move when every part is."),
        entry(
            Kind::Anti,
            "Anti-SG: misere sum of the parts that also ends when every part has value 0 (SJ)",
            "anti(nim(1), nim(1), nim(2))",
        )
        .with_help(
            "SJ theorem: the player to move wins when the XOR is nonzero and some part is \
             above 1, or the XOR is 0 and no part is above 1. A position where every part has \
             value 0 is over; the engine shows it as N with the single move 'the game is over'.",
        ),
    ]
}

/// The parts of a compound: each part is a disjunctive sum, as its sorted components.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Parts(pub Vec<Vec<Component>>);

/// The text of one part: its components joined by ` + `, `0` when empty.
pub fn part_text(part: &[Component]) -> String {
    if part.is_empty() {
        return "0".to_string();
    }
    let t: Vec<String> = part.iter().map(Component::describe).collect();
    t.join(" + ")
}

/// The part written by a parsed sub-expression.
pub fn part_of(pos: &Position) -> Vec<Component> {
    let mut comps: Vec<Component> = pos.components().into_iter().map(|(_, c)| c).collect();
    comps.sort();
    comps
}

/// Most compound positions one option list may hold (a conjunctive move multiplies choices).
pub const MAX_OPTIONS: usize = 200_000;

/// Most positions the bounded search for a compound's nim-value may visit.
pub const VALUE_SEARCH_NODES: usize = 10_000;

fn limit_options(n: usize) -> Result<(), Error> {
    if n > MAX_OPTIONS {
        return Err(Error::too_large(format!(
            "the compound has more than {MAX_OPTIONS} moves to list; alone, its outcome comes \
             from the theory without listing them"
        )));
    }
    Ok(())
}

/// Every option of a disjunctive sum: one component moves.
///
/// Arguments: the sorted components of a sum. Returns: the sums after each move, sorted.
/// Complexity: one option listing per component.
pub fn sum_options(part: &[Component]) -> Result<Vec<Vec<Component>>, Error> {
    let mut out = Vec::new();
    for (i, c) in part.iter().enumerate() {
        if i > 0 && part[i - 1] == *c {
            // Moving either of two equal components gives the same sum.
            continue;
        }
        for o in c.try_options()? {
            let mut next: Vec<Component> = part[..i].to_vec();
            next.extend(part[i + 1..].iter().cloned());
            next.extend(o);
            next.sort();
            out.push(next);
            limit_options(out.len())?;
        }
    }
    Ok(out)
}

/// The nim-value of a part (a sum): the XOR of its components' values.
pub fn part_value(part: &[Component], limits: &Limits) -> Result<Nimber, Error> {
    let mut v = Nimber::ZERO;
    for c in part {
        v ^= &crate::analysis::component_nimber(c, limits)?;
    }
    Ok(v)
}

/// Every option of a compound position (an empty option: the Anti-SG game is over).
///
/// Arguments: the kind, the parts, limits (for the parts' values of Anti-SG).
/// Returns: the options as compound positions. Complexity: the product of the parts' option
/// counts for `conj` and `every`, the product of (count + 1) for `select`, bounded by
/// [`MAX_OPTIONS`].
pub fn compound_options(
    kind: Kind,
    parts: &Parts,
    limits: &Limits,
) -> Result<Vec<Opt<Parts>>, Error> {
    let p = &parts.0;
    match kind {
        Kind::Anti => {
            let mut all_zero = true;
            for part in p {
                if !part_value(part, limits)?.is_zero() {
                    all_zero = false;
                    break;
                }
            }
            if all_zero {
                return Ok(vec![vec![]]);
            }
            let mut out = Vec::new();
            for (i, part) in p.iter().enumerate() {
                for o in sum_options(part)? {
                    let mut next = p.clone();
                    next[i] = o;
                    out.push(vec![Parts(next)]);
                    limit_options(out.len())?;
                }
            }
            Ok(out)
        }
        Kind::Conj | Kind::Every | Kind::Select => {
            let each: Vec<Vec<Vec<Component>>> = p
                .iter()
                .map(|part| sum_options(part))
                .collect::<Result<_, _>>()?;
            // For each part, the choices: its options, plus staying put where allowed.
            let mut choices: Vec<Vec<Option<&Vec<Component>>>> = Vec::with_capacity(p.len());
            for opts in &each {
                let mut c: Vec<Option<&Vec<Component>>> = opts.iter().map(Some).collect();
                let stay = match kind {
                    Kind::Conj => false,
                    Kind::Every => opts.is_empty(),
                    _ => true,
                };
                if stay {
                    c.push(None);
                }
                if c.is_empty() {
                    // Conjunctive: a part without a move ends the whole compound.
                    return Ok(vec![]);
                }
                choices.push(c);
            }
            let mut total: usize = 1;
            for c in &choices {
                total = total.saturating_mul(c.len());
            }
            limit_options(total)?;
            let mut out = Vec::with_capacity(total);
            let mut idx = vec![0usize; choices.len()];
            loop {
                let moved = idx.iter().zip(&choices).any(|(&i, c)| c[i].is_some());
                if moved {
                    let next: Vec<Vec<Component>> = idx
                        .iter()
                        .zip(&choices)
                        .zip(p)
                        .map(|((&i, c), part)| c[i].cloned().unwrap_or_else(|| part.clone()))
                        .collect();
                    out.push(vec![Parts(next)]);
                }
                // The next combination (odometer order).
                let mut k = 0;
                loop {
                    if k == idx.len() {
                        return Ok(out);
                    }
                    idx[k] += 1;
                    if idx[k] < choices[k].len() {
                        break;
                    }
                    idx[k] = 0;
                    k += 1;
                }
            }
        }
    }
}

/// A compound position for the generic solver (plain search: the brute force of the tests and
/// the compound's own nim-value).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// Which compound.
    pub kind: Kind,
    /// Its parts.
    pub parts: Parts,
}

impl Game for Node {
    fn options(&self) -> Vec<Vec<Self>> {
        self.try_options().unwrap_or_default()
    }

    fn try_options(&self) -> Result<Vec<Vec<Self>>, Error> {
        Ok(
            compound_options(self.kind, &self.parts, &Limits::default())?
                .into_iter()
                .map(|o| {
                    o.into_iter()
                        .map(|parts| Node {
                            kind: self.kind,
                            parts,
                        })
                        .collect()
                })
                .collect(),
        )
    }
}

/// The remoteness of each part under normal play.
pub fn remotenesses(parts: &Parts, limits: &Limits) -> Result<Vec<u64>, Error> {
    let mut solver = RemotenessSolver::new(Play::Normal, limits.clone());
    parts
        .0
        .iter()
        .map(|part| Ok(solver.remoteness(part)?.moves))
        .collect()
}

/// The step (suspense number) of a part, as Every-SG defines it, by an explicit-stack search.
///
/// Arguments: a part and limits (the number of sums stored is bounded by `max_nodes`).
/// Returns: step(v) = 0 at the end; 1 + the greatest step of an option of value 0 when v has
/// nonzero value; 1 + the least step of an option when v has value 0.
/// Complexity: every sum reachable from the part is stored once.
pub fn step(part: &[Component], limits: &Limits) -> Result<u64, Error> {
    let mut memo: HashMap<Vec<Component>, u64> = HashMap::new();
    // Each frame: the sum, its options, and how many of them are settled.
    let mut stack: Vec<(Vec<Component>, Vec<Vec<Component>>, usize)> = Vec::new();
    let root = part.to_vec();
    stack.push((root.clone(), sum_options(&root)?, 0));
    let mut on_stack: std::collections::HashSet<Vec<Component>> = std::collections::HashSet::new();
    on_stack.insert(root.clone());
    while let Some(top) = stack.last_mut() {
        if top.2 < top.1.len() {
            let o = top.1[top.2].clone();
            if memo.contains_key(&o) {
                top.2 += 1;
                continue;
            }
            if on_stack.contains(&o) {
                return Err(Error::unsupported(
                    "a part of every(...) can return to an earlier position; steps need games \
                     that end",
                ));
            }
            if memo.len() + stack.len() > limits.max_nodes {
                return Err(Error::positions(limits.max_nodes));
            }
            if memo.len() % 1024 == 1023 {
                limits.check()?;
            }
            let opts = sum_options(&o)?;
            on_stack.insert(o.clone());
            stack.push((o, opts, 0));
            continue;
        }
        let Some((state, opts, _)) = stack.pop() else {
            break;
        };
        on_stack.remove(&state);
        let s = if opts.is_empty() {
            0
        } else if part_value(&state, limits)?.is_zero() {
            1 + opts.iter().map(|o| memo[o]).min().unwrap_or(0)
        } else {
            let mut best = None;
            for o in &opts {
                if part_value(o, limits)?.is_zero() {
                    best = best.max(Some(memo[o]));
                }
            }
            1 + best.unwrap_or(0)
        };
        memo.insert(state, s);
    }
    Ok(memo.get(&root).copied().unwrap_or(0))
}

/// What the theory says about a compound alone: the outcome, and the numbers it came from
/// (remoteness, steps or values of the parts, in order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Who wins (N: the player to move).
    pub outcome: Outcome,
    /// The per-part numbers the theory used.
    pub numbers: Vec<BigUint>,
}

/// The outcome of a compound alone, by the theory of its kind.
///
/// Arguments: the kind, the parts, limits for the parts' own searches.
/// Returns: the [`Verdict`]. Complexity: one search per part (remoteness, steps) or one value
/// per component (selective, Anti-SG); never a search of the compound itself.
/// Example: `conj(nim(1), nim(2))` has remoteness min(1, 1) = 1, odd: N.
pub fn verdict(kind: Kind, parts: &Parts, limits: &Limits) -> Result<Verdict, Error> {
    match kind {
        Kind::Conj => {
            let r = remotenesses(parts, limits)?;
            let least = r.iter().copied().min().unwrap_or(0);
            Ok(Verdict {
                outcome: if least % 2 == 0 {
                    Outcome::P
                } else {
                    Outcome::N
                },
                numbers: r.into_iter().map(BigUint::from).collect(),
            })
        }
        Kind::Every => {
            let s: Vec<u64> = parts
                .0
                .iter()
                .map(|p| step(p, limits))
                .collect::<Result<_, _>>()?;
            let most = s.iter().copied().max().unwrap_or(0);
            Ok(Verdict {
                outcome: if most % 2 == 1 {
                    Outcome::N
                } else {
                    Outcome::P
                },
                numbers: s.into_iter().map(BigUint::from).collect(),
            })
        }
        Kind::Select | Kind::Anti => {
            let v: Vec<Nimber> = parts
                .0
                .iter()
                .map(|p| part_value(p, limits))
                .collect::<Result<_, _>>()?;
            let outcome = if kind == Kind::Select {
                if v.iter().all(Nimber::is_zero) {
                    Outcome::P
                } else {
                    Outcome::N
                }
            } else {
                let x = crate::nim_sum(v.iter());
                let big = v.iter().any(|n| *n > Nimber::new(1));
                if x.is_zero() != big {
                    Outcome::N
                } else {
                    Outcome::P
                }
            };
            Ok(Verdict {
                outcome,
                numbers: v.iter().map(Nimber::to_biguint).collect(),
            })
        }
    }
}

/// The moves of a compound alone to positions the theory says are lost for the player who
/// then moves (the winning moves), in option order.
pub fn winning_moves(kind: Kind, parts: &Parts, limits: &Limits) -> Result<Vec<Opt<Parts>>, Error> {
    let mut out = Vec::new();
    for (i, o) in compound_options(kind, parts, limits)?
        .into_iter()
        .enumerate()
    {
        if i % 256 == 255 {
            limits.check()?;
        }
        let lost = match o.as_slice() {
            [] => true,
            [next] => verdict(kind, next, limits)?.outcome == Outcome::P,
            _ => false,
        };
        if lost {
            out.push(o);
        }
    }
    Ok(out)
}

/// A compound ruleset: one per kind.
#[derive(Debug)]
pub struct Compound {
    kind: Kind,
    /// Nim-values found by the bounded search, kept between queries.
    memo: Mutex<Option<Solver<Node>>>,
}

impl Compound {
    /// The ruleset of a kind.
    pub fn new(kind: Kind) -> Compound {
        Compound {
            kind,
            memo: Mutex::new(None),
        }
    }
}

impl Ruleset for Compound {
    type P = Parts;

    fn name(&self) -> String {
        self.kind.name().to_string()
    }

    fn components(&self, args: &[Arg]) -> Result<Vec<Parts>, ArgError> {
        // Reached only when a caller builds a compound from arguments (the parser reads the
        // parts itself): each argument is then the text of a part.
        if args.is_empty() {
            return Err(ArgError::whole(format!(
                "{}(...) needs at least one part",
                self.kind.name()
            )));
        }
        // Reading a part needs the whole expression language (and its registry), which
        // depends on this module: the parser reads parts itself.
        Err(ArgError::whole(format!(
            "the parts of {}(...) are read by the expression parser; write the compound in an \
             expression, e.g. {}(nim(3), nim(4))",
            self.kind.name(),
            self.kind.name()
        )))
    }

    fn args(&self, p: &Parts) -> Vec<Arg> {
        p.0.iter().map(|part| Arg::Name(part_text(part))).collect()
    }

    fn text(&self, p: &Parts) -> Option<String> {
        let t: Vec<String> = p.0.iter().map(|part| part_text(part)).collect();
        Some(t.join(", "))
    }

    fn options(&self, p: &Parts, limits: &Limits) -> Result<Vec<Opt<Parts>>, Error> {
        compound_options(self.kind, p, limits)
    }

    fn describe(&self, p: &Parts, to: &[Parts]) -> String {
        let Some(next) = to.first() else {
            return "the game is over (every part has value 0): take the win".to_string();
        };
        let changed: Vec<String> =
            p.0.iter()
                .zip(&next.0)
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(i, (a, b))| format!("part {}: {} -> {}", i + 1, part_text(a), part_text(b)))
                .collect();
        changed.join("; ")
    }

    fn nimber(&self, p: &Parts, limits: &Limits) -> Result<Option<Nimber>, Error> {
        let node = Node {
            kind: self.kind,
            parts: p.clone(),
        };
        let budget = limits
            .clone()
            .with_nodes(VALUE_SEARCH_NODES.min(limits.max_nodes));
        // A compound nested in one of its own kind asks for values while the outer search
        // holds the memo: then the inner query searches with a memo of its own.
        let mut own = None;
        let mut guard = self.memo.try_lock().ok();
        let solver = match guard.as_mut() {
            Some(g) => g.get_or_insert_with(|| Solver::new(budget.clone())),
            None => own.get_or_insert_with(|| Solver::new(budget.clone())),
        };
        if solver.len() >= VALUE_SEARCH_NODES / 2 {
            *solver = Solver::new(budget.clone());
        }
        solver.set_limits(budget);
        match solver.nimber(&node) {
            Ok(v) => Ok(Some(v)),
            Err(e) if e.limit_reached().is_some() || e.is_too_large() => {
                *solver = Solver::new(limits.clone());
                Err(Error::too_large(format!(
                    "the nim-value of this {} needs a search of more than {VALUE_SEARCH_NODES} \
                     positions ({e}); alone, its outcome and winning moves come from the theory",
                    self.kind.title()
                )))
            }
            Err(e) => Err(e),
        }
    }

    fn outcome_alone(&self, p: &Parts, limits: &Limits) -> Result<Option<Outcome>, Error> {
        Ok(Some(verdict(self.kind, p, limits)?.outcome))
    }

    fn winning_moves_alone(
        &self,
        p: &Parts,
        limits: &Limits,
    ) -> Result<Option<Vec<Opt<Parts>>>, Error> {
        Ok(Some(winning_moves(self.kind, p, limits)?))
    }

    fn explain(&self, p: &Parts) -> Option<Explanation> {
        let limits = Limits::default();
        let v = verdict(self.kind, p, &limits).ok()?;
        let (rule, column) = match self.kind {
            Kind::Conj => (
                "A move moves every part; play ends when some part cannot move. Remoteness R \
                 (Steinhaus): 0 at the end; a won position is 1 + the least even R of its \
                 options (the winner hurries), a lost one 1 + the greatest R (the loser \
                 delays). The compound lasts as long as its shortest part: the player to move \
                 loses exactly when the least R is even (Winning Ways, chapter 9).",
                "remoteness R",
            ),
            Kind::Every => (
                "A move moves every part that still can; play ends when no part can. Step \
                 (suspense number): 0 at the end; for a part of nonzero value, 1 + the \
                 greatest step of its options of value 0 (the winner prolongs); for a part of \
                 value 0, 1 + the least step of its options (the loser hurries). The last part \
                 to end decides: the player to move wins exactly when the greatest step is \
                 odd (Every-SG, Jia Zhihao 2009; Winning Ways, chapter 9).",
                "step",
            ),
            Kind::Select => (
                "A move moves any nonempty set of parts. If every part has value 0, every move \
                 leaves some part nonzero and the opponent restores them all to 0; otherwise \
                 moving exactly the nonzero parts to 0 wins. So the player to move loses \
                 exactly when every part has value 0 (Winning Ways, chapter 9).",
                "value",
            ),
            Kind::Anti => (
                "The sum under misere play (the last mover loses) that also ends when every \
                 part has value 0. SJ theorem (Jia Zhihao 2009): the player to move wins \
                 exactly when the XOR of the values is nonzero and some part is above 1, or \
                 the XOR is 0 and no part is above 1.",
                "value",
            ),
        };
        let rows: Vec<Vec<String>> =
            p.0.iter()
                .zip(&v.numbers)
                .enumerate()
                .take(40)
                .map(|(i, (part, n))| vec![(i + 1).to_string(), part_text(part), n.to_string()])
                .collect();
        Some(Explanation {
            title: format!("{} of {} parts", self.kind.title(), p.0.len()),
            blocks: vec![
                Block::Para(rule.to_string()),
                Block::Table {
                    header: vec!["part".to_string(), "game".to_string(), column.to_string()],
                    rows,
                },
                Block::Para(format!(
                    "So the compound is {} for the player to move.",
                    if v.outcome == Outcome::N {
                        "won (N)"
                    } else {
                        "lost (P)"
                    }
                )),
            ],
        })
    }

    fn sample(&self, seed: u64) -> Vec<Parts> {
        vec![random_parts(seed)]
    }
}

/// One heap of a built-in heap family, built without the parser.
fn sample_term(name: &str, params: Option<&str>, heap: u64) -> Option<Term> {
    let family = crate::rules::builtin_families()
        .into_iter()
        .find(|f| f.name == name)?;
    let ctx = BuildContext {
        loader: &crate::loader::NoFiles,
    };
    let rules = (family.build)(params, &ctx).ok()?;
    let comps = rules.rules().components(&[Arg::int(heap)]).ok()?;
    Some(Term::Game { rules, comps })
}

/// Small random parts for tests: sums of one or two Nim heaps, subtraction heaps and nimbers.
pub fn random_parts(seed: u64) -> Parts {
    let mut rng = crate::rules::Rng::new(seed);
    let k = rng.range(1, 3);
    let mut parts = Vec::new();
    for _ in 0..k {
        let mut terms = Vec::new();
        for _ in 0..rng.range(1, 2) {
            let n = rng.range(0, 4);
            terms.push(match rng.range(0, 3) {
                0 => sample_term("nim", None, n),
                1 => sample_term("sub", Some("1,2"), n + 1),
                2 => Some(Term::Star(Nimber::from(n))),
                _ => sample_term("tb", Some("0.07"), n + 1),
            });
        }
        let pos = Position {
            terms: terms.into_iter().flatten().collect(),
        };
        parts.push(part_of(&pos));
    }
    Parts(parts)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use crate::solve::Solver;

    /// Brute force: the outcome of the compound by plain search of its whole game tree.
    fn searched(s: &mut Solver<Node>, kind: Kind, parts: &Parts) -> Outcome {
        let v = s
            .nimber(&Node {
                kind,
                parts: parts.clone(),
            })
            .unwrap();
        Outcome::of_nimber(&v)
    }

    #[test]
    fn theory_matches_exhaustive_search_on_random_compounds() {
        let limits = Limits::default();
        for kind in Kind::ALL {
            let mut seen = [0usize; 2];
            let mut s = Solver::new(Limits::default());
            for seed in 0..60u64 {
                let parts = random_parts(seed.wrapping_mul(31).wrapping_add(kind as u64));
                let theory = verdict(kind, &parts, &limits).unwrap().outcome;
                let brute = searched(&mut s, kind, &parts);
                assert_eq!(theory, brute, "{kind:?} {parts:?}");
                seen[usize::from(brute == Outcome::N)] += 1;
                // Winning moves: the options the search says are lost for the next player.
                let by_theory = winning_moves(kind, &parts, &limits).unwrap();
                let by_search: Vec<_> = compound_options(kind, &parts, &limits)
                    .unwrap()
                    .into_iter()
                    .filter(|o| match o.as_slice() {
                        [] => true,
                        [next] => searched(&mut s, kind, next) == Outcome::P,
                        _ => false,
                    })
                    .collect();
                assert_eq!(by_theory, by_search, "{kind:?} {parts:?}");
            }
            // Both outcomes occur, so the comparison means something.
            assert!(seen[0] > 3 && seen[1] > 3, "{kind:?}: {seen:?}");
        }
    }

    #[test]
    fn parse_print_round_trip_and_values() {
        let reg = crate::registry::builtin();
        for text in [
            "conj(nim(3), sub[1,2](7))",
            "every(nim(2), nim(1) + nim(1))",
            "select(nim(3), *2) + nim(1)",
            "anti(nim(1), nim(1), nim(2))",
            "conj(conj(nim(1), nim(2)), 0)",
            "anti(anti(nim(1), nim(2)), nim(1))",
        ] {
            let p = reg.parse(text).unwrap();
            let printed = p.to_string();
            assert_eq!(reg.parse(&printed).unwrap(), p, "{text} -> {printed}");
        }
        // A compound nested in its own kind is valued (no deadlock on the shared memo).
        let p = reg.parse("anti(anti(nim(1), nim(2)), nim(1))").unwrap();
        assert!(crate::analysis::nimber(&p, &Limits::default()).is_ok());
        // conj with an empty part is over at once: a P-position (value 0).
        let p = reg.parse("conj(nim(5), 0)").unwrap();
        assert_eq!(
            crate::analysis::nimber(&p, &Limits::default()).unwrap(),
            Nimber::ZERO
        );
    }

    #[test]
    fn every_sg_hdu_3595_rule() {
        // every(nim(1), nim(2)): steps 1 and 1 (take all), greatest odd: N.
        let reg = crate::registry::builtin();
        let p = reg.parse("every(nim(1), nim(2))").unwrap();
        let crate::position::Term::Game { comps, .. } = &p.terms[0] else {
            panic!("not a game term")
        };
        let parts = comps[0].get::<Parts>().unwrap();
        let v = verdict(Kind::Every, parts, &Limits::default()).unwrap();
        assert_eq!(v.outcome, Outcome::N);
        assert_eq!(v.numbers, vec![BigUint::from(1u32), BigUint::from(1u32)]);
    }
}
