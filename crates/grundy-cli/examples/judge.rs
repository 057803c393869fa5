//! Judge adapter: answers the classic judge problems (docs/judge.md) with the Grundy library.
//!
//! Each problem reads its judge input, turns every case into one or more Grundy expressions
//! (the same text `grundy analyze` accepts), asks the engine, and prints the judge's output.
//! Nothing here knows a game's formula: the engine answers, the adapter only converts formats.
//! Run: `cargo run -p grundy-cli --example judge -- hdu1846 < input.txt`;
//! `judge --list` prints every problem with the command that answers it.

use std::io::Read;

use grundy::analysis::{analyze, nimber, Options};
use grundy::expr::parse;
use grundy::position::{Component, Position};
use grundy::rules::Arg;
use grundy::solve::Limits;
use grundy::{Outcome, Play};

/// One question for the engine: an expression, the play convention, and whether the winning
/// moves are needed (without them, normal play needs only the nim-value, exact at any size).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    /// The expression, as `grundy analyze` takes it.
    pub expr: String,
    /// Normal or misere play (`--misere`).
    pub play: Play,
    /// Whether the printer reads the winning moves.
    pub moves: bool,
}

impl Query {
    fn outcome(expr: String) -> Query {
        Query {
            expr,
            play: Play::Normal,
            moves: false,
        }
    }
    fn misere(expr: String) -> Query {
        Query {
            expr,
            play: Play::Misere,
            moves: false,
        }
    }
    fn with_moves(expr: String) -> Query {
        Query {
            expr,
            play: Play::Normal,
            moves: true,
        }
    }
}

/// The engine's answer to a query: what the judges print is derived from these.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Who wins.
    pub outcome: Outcome,
    /// The canonical renderings of the positions after each winning move (when asked for).
    pub moves_to: Vec<String>,
    /// How many winning moves there are.
    pub moves_total: usize,
}

/// Prints one case's output from the answers to its queries.
type Printer = Box<dyn Fn(&[Answer]) -> Result<String, String>>;

/// One case of a judge input: its queries and how to print their answers.
pub struct Case {
    /// The questions, asked in order.
    pub queries: Vec<Query>,
    print: Printer,
}

impl Case {
    fn new(
        queries: Vec<Query>,
        print: impl Fn(&[Answer]) -> Result<String, String> + 'static,
    ) -> Case {
        Case {
            queries,
            print: Box::new(print),
        }
    }

    /// A case of one outcome-only query printed as `win` or `lose` plus a newline.
    fn one(query: Query, win: &'static str, lose: &'static str) -> Case {
        Case::new(vec![query], move |a| {
            Ok(format!(
                "{}\n",
                if first(a)?.outcome == Outcome::N {
                    win
                } else {
                    lose
                }
            ))
        })
    }
}

fn first(a: &[Answer]) -> Result<&Answer, String> {
    a.first()
        .ok_or_else(|| "the engine gave no answer".to_string())
}

/// A judge problem: its name, title, the command that answers one case, and its input reader.
pub struct Problem {
    /// The key on the command line, e.g. `hdu1846`.
    pub name: &'static str,
    /// The judge and title.
    pub title: &'static str,
    /// The `grundy` command that answers one case (for docs/judge.md).
    pub command: &'static str,
    /// Reads the whole judge input into cases.
    pub read: fn(&str) -> Result<Vec<Case>, String>,
}

/// Every problem the adapter answers.
pub static PROBLEMS: &[Problem] = &[
    Problem {
        name: "hdu1846",
        title: "HDU 1846 Brave Game",
        command: "grundy analyze 'sub[1..m](n)'",
        read: hdu1846,
    },
    Problem {
        name: "hdu2149",
        title: "HDU 2149 Public Sale",
        command: "grundy analyze 'sub[1..N](M)' (winning moves; a move to 0 also stands for raises M+1..N)",
        read: hdu2149,
    },
    Problem {
        name: "hdu2188",
        title: "HDU 2188 选拔志愿者",
        command: "grundy analyze 'sub[1..m](n)'",
        read: hdu2188,
    },
    Problem {
        name: "hdu1847",
        title: "HDU 1847 Good Luck in CET-4 Everybody!",
        command: "grundy analyze 'sub[pow2](n)'",
        read: hdu1847,
    },
    Problem {
        name: "hdu1907",
        title: "HDU 1907 John",
        command: "grundy analyze --misere 'nim(a1, ..., an)'",
        read: hdu1907,
    },
    Problem {
        name: "hdu1850",
        title: "HDU 1850 Being a Good Boy in Spring Festival",
        command: "grundy analyze --json 'nim(n1, ..., nm)' (winning_moves_total)",
        read: hdu1850,
    },
    Problem {
        name: "poj2975",
        title: "POJ 2975 Nim",
        command: "grundy analyze --json 'nim(k1, ..., kn)' (winning_moves_total)",
        read: poj2975,
    },
    Problem {
        name: "hdu2176",
        title: "HDU 2176 取(m堆)石子游戏",
        command: "grundy analyze 'nim(a1, ..., am)' (winning moves)",
        read: hdu2176,
    },
    Problem {
        name: "hdu1849",
        title: "HDU 1849 Rabbit and Grass",
        command: "grundy analyze 'nim(k1, ..., km)'",
        read: hdu1849,
    },
    Problem {
        name: "hdu1848",
        title: "HDU 1848 Fibonacci again and again",
        command: "grundy analyze 'sub[fib](m, n, p)'",
        read: hdu1848,
    },
    Problem {
        name: "hdu1536",
        title: "HDU 1536 / POJ 2960 S-Nim",
        command: "grundy analyze 'sub[s1,...,sk](h1, ..., hl)'",
        read: hdu1536,
    },
    Problem {
        name: "hdu3032",
        title: "HDU 3032 Nim or not Nim?",
        command: "grundy analyze 'tb[4.[3]](s1, ..., sn)'",
        read: hdu3032,
    },
    Problem {
        name: "hdu1524",
        title: "HDU 1524 / POJ 2425 A Chess Game",
        command: "grundy analyze 'dag[SUCC;...](p1, ..., pm)'",
        read: hdu1524,
    },
    Problem {
        name: "hdu5795",
        title: "HDU 5795 A Simple Nim",
        command: "grundy analyze 'tb[8.[3]](s1, ..., sn)'",
        read: hdu5795,
    },
    Problem {
        name: "hdu2509",
        title: "HDU 2509 Be the Winner",
        command: "grundy analyze --misere 'nim(a1, ..., an)' (same outcome as --misere 'tb[0.[7]](...)')",
        read: hdu2509,
    },
    Problem {
        name: "hdu3537",
        title: "HDU 3537 Daizhenyang's Coin",
        command: "grundy analyze 'turtles(x1, ..., xn)' (distinct positions)",
        read: hdu3537,
    },
    Problem {
        name: "poj3537",
        title: "POJ 3537 Crosses and Crosses",
        command: "grundy analyze 'tb[0.11337](n)'",
        read: poj3537,
    },
    Problem {
        name: "hdu1517",
        title: "HDU 1517 / POJ 2505 A Multiplication Game",
        command: "grundy analyze 'mult[2..9,n](1)'",
        read: hdu1517,
    },
    Problem {
        name: "hdu2897",
        title: "HDU 2897 邂逅明下",
        command: "grundy analyze --misere 'take[p..q](n)'",
        read: hdu2897,
    },
    Problem {
        name: "hdu1730",
        title: "HDU 1730 Northcott Game",
        command: "grundy analyze 'northcott[m](t1, j1, ..., tn, jn)'",
        read: hdu1730,
    },
    Problem {
        name: "hdu4315",
        title: "HDU 4315 Climbing the Hill",
        command: "grundy analyze 'hill[k](c1, ..., cn)'",
        read: hdu4315,
    },
    Problem {
        name: "hdu2516",
        title: "HDU 2516 取石子游戏 (Fibonacci Nim)",
        command: "grundy analyze 'fibnim(n)'",
        read: hdu2516,
    },
    Problem {
        name: "hdu1527",
        title: "HDU 1527 / POJ 1067 取石子游戏 (Wythoff)",
        command: "grundy analyze 'wythoff(a, b)'",
        read: hdu1527,
    },
    Problem {
        name: "agc017d",
        title: "AtCoder AGC017 D Game on Tree",
        command: "grundy analyze 'tree(p1, ..., pn)' (the tree rooted at vertex 1, as a parent list)",
        read: agc017d,
    },
    Problem {
        name: "poj1704",
        title: "POJ 1704 Georgia and Bob",
        command: "grundy analyze 'georgia(p1, ..., pn)'",
        read: poj1704,
    },
    Problem {
        name: "hdu4664",
        title: "HDU 4664 Triangulation",
        command: "grundy analyze 'tb[0.07](n1, ..., nN)' (Dawson's Kayles: dawsons_kayles(...))",
        read: hdu4664,
    },
    Problem {
        name: "hdu3980",
        title: "HDU 3980 Paint Chain",
        command: "grundy analyze 'tb[0.0{m-1}7](n-m)' (the line the first move leaves; P: the first player wins)",
        read: hdu3980,
    },
    Problem {
        name: "poj2484",
        title: "POJ 2484 A Funny Game",
        command: "grundy analyze 'kayles(n-1)' and 'kayles(n-2)' (the lines the first move leaves; one P: Alice wins)",
        read: poj2484,
    },
    Problem {
        name: "hdu3094",
        title: "HDU 3094 A tree game",
        command: "grundy analyze 'hackenbush(I1-J1, ..., Ik-Jk)' (the edges, vertex 1 written g)",
        read: hdu3094,
    },
    Problem {
        name: "hdu5011",
        title: "HDU 5011 Game",
        command: "grundy analyze 'nim(a1, ..., an)' (the game is tb[0.[7]], whose heaps are Nim heaps)",
        read: hdu5011,
    },
];

/// Looks a problem up by its key.
pub fn problem(name: &str) -> Option<&'static Problem> {
    PROBLEMS.iter().find(|p| p.name == name)
}

/// Answers a query with the library (what `grundy analyze` computes).
///
/// Arguments: the query. Returns: the outcome and, when asked for, the winning moves.
/// Complexity: that of the engine's analysis of the expression.
/// Example: `library(&Query::outcome("nim(1,2)".into()))?.outcome == Outcome::N`.
pub fn library(q: &Query) -> Result<Answer, String> {
    let pos = parse(&q.expr).map_err(|e| format!("{}: {e}", q.expr))?;
    if q.play == Play::Normal && !q.moves {
        // Normal play without moves: the nim-value alone, exact at any size for families with
        // a closed form. Families that know only the outcome at large sizes (Wythoff, the
        // multiplication game) go through the full analysis below.
        if let Ok(v) = nimber(&pos, &Limits::default()) {
            return Ok(Answer {
                outcome: if v.is_zero() { Outcome::P } else { Outcome::N },
                moves_to: vec![],
                moves_total: 0,
            });
        }
    }
    let opts = Options {
        play: q.play,
        max_moves: 1_000_000,
        ..Options::default()
    };
    let a = analyze(&pos, &opts).map_err(|e| format!("{}: {e}", q.expr))?;
    if !q.moves {
        return Ok(Answer {
            outcome: a.outcome,
            moves_to: vec![],
            moves_total: 0,
        });
    }
    Ok(Answer {
        outcome: a.outcome,
        moves_to: a.winning_moves.into_iter().map(|m| m.to).collect(),
        moves_total: a
            .winning_moves_total
            .and_then(|n| usize::try_from(n).ok())
            .unwrap_or(usize::MAX),
    })
}

/// Answers a whole judge input.
///
/// Arguments: the problem, its input, and the engine to ask (the library, or in the tests the
/// `grundy` binary). Returns: the judge's output, or what was wrong with the input.
pub fn answer_with(
    p: &Problem,
    input: &str,
    engine: &mut dyn FnMut(&Query) -> Result<Answer, String>,
) -> Result<String, String> {
    let mut out = String::new();
    for case in (p.read)(input)? {
        let answers = case
            .queries
            .iter()
            .map(&mut *engine)
            .collect::<Result<Vec<_>, _>>()?;
        out.push_str(&(case.print)(&answers)?);
    }
    Ok(out)
}

/// Answers a whole judge input with the library.
pub fn answer(p: &Problem, input: &str) -> Result<String, String> {
    answer_with(p, input, &mut library)
}

// ---------------------------------------------------------------- reading judge input

/// Whitespace-separated numbers of a judge input.
struct Tokens<'a> {
    it: std::iter::Peekable<std::str::SplitWhitespace<'a>>,
}

impl<'a> Tokens<'a> {
    fn new(input: &'a str) -> Self {
        Tokens {
            it: input.split_whitespace().peekable(),
        }
    }

    fn at_end(&mut self) -> bool {
        self.it.peek().is_none()
    }

    /// The next number, or an error naming what was expected.
    fn num(&mut self, what: &str) -> Result<u64, String> {
        match self.it.next() {
            None => Err(format!("the input ended where {what} was expected")),
            Some(t) => t
                .parse()
                .map_err(|_| format!("expected {what} (a whole number), found '{t}'")),
        }
    }

    fn nums(&mut self, k: u64, what: &str) -> Result<Vec<u64>, String> {
        (0..k).map(|_| self.num(what)).collect()
    }
}

/// Reads cases one after another until the input ends; `read` returns `None` at a
/// terminator line (such as a lone 0), which ends the input early.
fn until_end(
    input: &str,
    mut read: impl FnMut(&mut Tokens<'_>) -> Result<Option<Case>, String>,
) -> Result<Vec<Case>, String> {
    let mut t = Tokens::new(input);
    let mut cases = Vec::new();
    while !t.at_end() {
        match read(&mut t)? {
            Some(case) => cases.push(case),
            None => break,
        }
    }
    Ok(cases)
}

/// Reads the number of cases, then that many cases.
fn counted(
    input: &str,
    what: &str,
    mut read: impl FnMut(&mut Tokens<'_>) -> Result<Case, String>,
) -> Result<Vec<Case>, String> {
    let mut t = Tokens::new(input);
    let count = t.num(what)?;
    (0..count).map(|_| read(&mut t)).collect()
}

fn join(xs: &[u64]) -> String {
    xs.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

/// The heap sizes of a single-term heap position, as rendered by the engine.
fn heaps_of(rendered: &str) -> Result<Vec<u64>, String> {
    let pos: Position = parse(rendered).map_err(|e| format!("{rendered}: {e}"))?;
    pos.components()
        .into_iter()
        .map(|(_, c)| match c {
            Component::Of(r, s) => match r.rules().args(&s).first() {
                Some(a @ Arg::Int(_)) => a.as_u64(),
                _ => Err(format!("{rendered}: not a heap position")),
            },
            Component::Star(_) => Err(format!("{rendered}: not a heap position")),
        })
        .collect()
}

fn hdu1846(input: &str) -> Result<Vec<Case>, String> {
    counted(input, "the number of cases C", |t| {
        let n = t.num("n")?;
        let m = t.num("m")?;
        Ok(Case::one(
            Query::outcome(format!("sub[1..{m}]({n})")),
            "first",
            "second",
        ))
    })
}

fn hdu2149(input: &str) -> Result<Vec<Case>, String> {
    // The price must reach M; a raise of k >= the remaining distance finishes, so the game is
    // take 1..N from a heap of M, where the finishing move also stands for every larger raise.
    until_end(input, |t| {
        let m = t.num("the cost M")?;
        let n = t.num("the largest raise N")?;
        Ok(Some(Case::new(
            vec![Query::with_moves(format!("sub[1..{n}]({m})"))],
            move |a| {
                let mut raises = Vec::new();
                for to in &first(a)?.moves_to {
                    let left = heaps_of(to)?.first().copied().unwrap_or(0);
                    raises.push(m - left);
                    if left == 0 {
                        raises.extend(m + 1..=n);
                    }
                }
                raises.sort_unstable();
                Ok(if raises.is_empty() {
                    "none\n".to_string()
                } else {
                    let words: Vec<String> = raises.iter().map(u64::to_string).collect();
                    format!("{}\n", words.join(" "))
                })
            },
        )))
    })
}

fn hdu2188(input: &str) -> Result<Vec<Case>, String> {
    counted(input, "the number of cases C", |t| {
        let n = t.num("n")?;
        let m = t.num("m")?;
        Ok(Case::one(
            Query::outcome(format!("sub[1..{m}]({n})")),
            "Grass",
            "Rabbit",
        ))
    })
}

fn hdu1847(input: &str) -> Result<Vec<Case>, String> {
    until_end(input, |t| {
        let n = t.num("n")?;
        Ok(Some(Case::one(
            Query::outcome(format!("sub[pow2]({n})")),
            "Kiki",
            "Cici",
        )))
    })
}

fn hdu1907(input: &str) -> Result<Vec<Case>, String> {
    counted(input, "the number of tests T", |t| {
        let n = t.num("N")?;
        let a = t.nums(n, "a pile size")?;
        Ok(Case::one(
            Query::misere(format!("nim({})", join(&a))),
            "John",
            "Brother",
        ))
    })
}

/// Nim inputs "m, then m heaps" ended by m = 0, printing the number of winning moves.
fn count_nim_moves(input: &str) -> Result<Vec<Case>, String> {
    until_end(input, |t| {
        let m = t.num("the number of piles")?;
        if m == 0 {
            return Ok(None);
        }
        let h = t.nums(m, "a pile size")?;
        Ok(Some(Case::new(
            vec![Query::with_moves(format!("nim({})", join(&h)))],
            |a| Ok(format!("{}\n", first(a)?.moves_total)),
        )))
    })
}

fn hdu1850(input: &str) -> Result<Vec<Case>, String> {
    count_nim_moves(input)
}

fn poj2975(input: &str) -> Result<Vec<Case>, String> {
    count_nim_moves(input)
}

fn hdu2176(input: &str) -> Result<Vec<Case>, String> {
    until_end(input, |t| {
        let m = t.num("the number of piles m")?;
        if m == 0 {
            return Ok(None);
        }
        let h = t.nums(m, "a pile size")?;
        let before = h.clone();
        Ok(Some(Case::new(
            vec![Query::with_moves(format!("nim({})", join(&h)))],
            move |a| {
                let a = first(a)?;
                if a.outcome == Outcome::P {
                    return Ok("No\n".to_string());
                }
                let mut out = String::from("Yes\n");
                for to in &a.moves_to {
                    let after = heaps_of(to)?;
                    // A Nim move changes exactly one pile: print it before and after.
                    for (x, y) in before.iter().zip(&after) {
                        if x != y {
                            out.push_str(&format!("{x} {y}\n"));
                        }
                    }
                }
                Ok(out)
            },
        )))
    })
}

fn hdu1849(input: &str) -> Result<Vec<Case>, String> {
    until_end(input, |t| {
        let m = t.num("the number of pieces m")?;
        if m == 0 {
            return Ok(None);
        }
        let k = t.nums(m, "a cell")?;
        Ok(Some(Case::one(
            Query::outcome(format!("nim({})", join(&k))),
            "Rabbit Win!",
            "Grass Win!",
        )))
    })
}

fn hdu1848(input: &str) -> Result<Vec<Case>, String> {
    until_end(input, |t| {
        let h = t.nums(3, "a pile size")?;
        if h == [0, 0, 0] {
            return Ok(None);
        }
        Ok(Some(Case::one(
            Query::outcome(format!("sub[fib]({})", join(&h))),
            "Fibo",
            "Nacci",
        )))
    })
}

fn hdu1536(input: &str) -> Result<Vec<Case>, String> {
    until_end(input, |t| {
        let k = t.num("the size k of S")?;
        if k == 0 {
            return Ok(None);
        }
        // The judge's S is unsorted and may repeat values: the set is what counts.
        let mut s = t.nums(k, "a value of S")?;
        s.sort_unstable();
        s.dedup();
        let m = t.num("the number of positions m")?;
        let mut queries = Vec::new();
        for _ in 0..m {
            let l = t.num("the number of heaps l")?;
            let h = t.nums(l, "a heap size")?;
            queries.push(Query::outcome(format!("sub[{}]({})", join(&s), join(&h))));
        }
        Ok(Some(Case::new(queries, |a| {
            let mut line: String = a
                .iter()
                .map(|x| if x.outcome == Outcome::N { 'W' } else { 'L' })
                .collect();
            line.push('\n');
            Ok(line)
        })))
    })
}

/// "T cases, each n then n heaps" inputs with an outcome-only question.
fn heaps_cases(
    input: &str,
    ruleset: &str,
    win: &'static str,
    lose: &'static str,
) -> Result<Vec<Case>, String> {
    counted(input, "the number of cases T", |t| {
        let n = t.num("the number of heaps")?;
        let h = t.nums(n, "a heap size")?;
        Ok(Case::one(
            Query::outcome(format!("{ruleset}({})", join(&h))),
            win,
            lose,
        ))
    })
}

fn hdu3032(input: &str) -> Result<Vec<Case>, String> {
    heaps_cases(input, "tb[4.[3]]", "Alice", "Bob")
}

fn hdu5795(input: &str) -> Result<Vec<Case>, String> {
    heaps_cases(
        input,
        "tb[8.[3]]",
        "First player wins.",
        "Second player wins.",
    )
}

fn hdu1524(input: &str) -> Result<Vec<Case>, String> {
    let mut t = Tokens::new(input);
    let mut cases = Vec::new();
    while !t.at_end() {
        let n = t.num("the number of positions N")?;
        let mut lists = Vec::new();
        for _ in 0..n {
            let x = t.num("the number of successors")?;
            lists.push(join(&t.nums(x, "a successor")?));
        }
        let spec = lists.join(";");
        loop {
            let m = t.num("the number of pieces M (0 ends the test case)")?;
            if m == 0 {
                break;
            }
            let p = t.nums(m, "a piece's position")?;
            cases.push(Case::one(
                Query::outcome(format!("dag[{spec}]({})", join(&p))),
                "WIN",
                "LOSE",
            ));
        }
    }
    Ok(cases)
}

fn hdu2509(input: &str) -> Result<Vec<Case>, String> {
    // Taking consecutive apples from a group is tb[0.[7]], whose heaps have Nim's values; its
    // misere play has misere Nim's outcomes (checked by the tests against tb[0.[7]] itself), so
    // the judge's full sizes go through Bouton's misere rule.
    until_end(input, |t| {
        let n = t.num("the number of groups n")?;
        let h = t.nums(n, "a group size")?;
        Ok(Some(Case::one(
            Query::misere(format!("nim({})", join(&h))),
            "Yes",
            "No",
        )))
    })
}

fn hdu3537(input: &str) -> Result<Vec<Case>, String> {
    // The judge may list a head-up coin twice: it is the same coin, so drop repeats.
    until_end(input, |t| {
        let n = t.num("the number of head-up coins n")?;
        let mut x = t.nums(n, "a coin position")?;
        x.sort_unstable();
        x.dedup();
        // Note the inverted sense: "Yes" when the first player loses.
        Ok(Some(Case::one(
            Query::outcome(format!("turtles({})", join(&x))),
            "No",
            "Yes",
        )))
    })
}

fn poj3537(input: &str) -> Result<Vec<Case>, String> {
    // A cross on a free cell forbids the two cells on each side (a cross there would hand the
    // opponent three in a row): take 1..5 cells, leaving heaps only beyond the forbidden zone.
    until_end(input, |t| {
        let n = t.num("the strip length n")?;
        Ok(Some(Case::one(
            Query::outcome(format!("tb[0.11337]({n})")),
            "1",
            "2",
        )))
    })
}

fn hdu1517(input: &str) -> Result<Vec<Case>, String> {
    until_end(input, |t| {
        let n = t.num("n")?;
        Ok(Some(Case::one(
            Query::outcome(format!("mult[2..9,{n}](1)")),
            "Stan wins.",
            "Ollie wins.",
        )))
    })
}

fn hdu2897(input: &str) -> Result<Vec<Case>, String> {
    // The taker of the last coin loses: misere play of take[p..q].
    until_end(input, |t| {
        let n = t.num("n")?;
        let p = t.num("p")?;
        let q = t.num("q")?;
        Ok(Some(Case::one(
            Query::misere(format!("take[{p}..{q}]({n})")),
            "WIN",
            "LOST",
        )))
    })
}

fn hdu1730(input: &str) -> Result<Vec<Case>, String> {
    until_end(input, |t| {
        let n = t.num("the number of rows n")?;
        let m = t.num("the number of columns m")?;
        let rows = t.nums(2 * n, "a piece's column")?;
        Ok(Some(Case::one(
            Query::outcome(format!("northcott[{m}]({})", join(&rows))),
            "I WIN!",
            "BAD LUCK!",
        )))
    })
}

fn hdu4315(input: &str) -> Result<Vec<Case>, String> {
    until_end(input, |t| {
        let n = t.num("the number of people N")?;
        let k = t.num("the king's rank k")?;
        let c = t.nums(n, "a person's cell")?;
        Ok(Some(Case::one(
            Query::outcome(format!("hill[{k}]({})", join(&c))),
            "Alice",
            "Bob",
        )))
    })
}

fn hdu2516(input: &str) -> Result<Vec<Case>, String> {
    until_end(input, |t| {
        let n = t.num("n")?;
        if n == 0 {
            return Ok(None);
        }
        Ok(Some(Case::one(
            Query::outcome(format!("fibnim({n})")),
            "First win",
            "Second win",
        )))
    })
}

fn hdu1527(input: &str) -> Result<Vec<Case>, String> {
    until_end(input, |t| {
        let a = t.num("a")?;
        let b = t.num("b")?;
        Ok(Some(Case::one(
            Query::outcome(format!("wythoff({a},{b})")),
            "1",
            "0",
        )))
    })
}

fn agc017d(input: &str) -> Result<Vec<Case>, String> {
    // Root the tree at vertex 1 (the ground) and number the other vertices 1..N-1 in
    // breadth-first order, so that every node's parent comes before it.
    let mut t = Tokens::new(input);
    let n = t.num("the number of vertices N")?;
    let n = usize::try_from(n).map_err(|_| format!("{n} vertices are too many"))?;
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n + 1];
    for _ in 1..n {
        let x = t.num("an edge's end x")?;
        let y = t.num("an edge's end y")?;
        let (Ok(x), Ok(y)) = (usize::try_from(x), usize::try_from(y)) else {
            return Err(format!("the edge {x} {y} names a vertex out of 1..{n}"));
        };
        if x == 0 || y == 0 || x > n || y > n {
            return Err(format!("the edge {x} {y} names a vertex out of 1..{n}"));
        }
        adj[x].push(y);
        adj[y].push(x);
    }
    let mut number = vec![usize::MAX; n + 1];
    number[1] = 0;
    let mut order = vec![1usize];
    let mut parents: Vec<u64> = Vec::with_capacity(n.saturating_sub(1));
    let mut head = 0;
    while head < order.len() {
        let u = order[head];
        head += 1;
        for &v in &adj[u] {
            if number[v] == usize::MAX {
                number[v] = order.len();
                order.push(v);
                parents.push(number[u] as u64);
            }
        }
    }
    if order.len() != n {
        return Err("the edges do not connect every vertex to vertex 1".to_string());
    }
    Ok(vec![Case::one(
        Query::outcome(format!("tree({})", join(&parents))),
        "Alice",
        "Bob",
    )])
}

fn poj1704(input: &str) -> Result<Vec<Case>, String> {
    counted(input, "the number of tests T", |t| {
        let n = t.num("the number of pieces N")?;
        let p = t.nums(n, "a piece's cell")?;
        Ok(Case::one(
            Query::outcome(format!("georgia({})", join(&p))),
            "Georgia will win",
            "Bob will win",
        ))
    })
}

fn hdu4664(input: &str) -> Result<Vec<Case>, String> {
    // A segment joins two of the n points and no later segment may touch or cross it: the
    // points on each side are two independent games. That is taking two and splitting the
    // rest in two anyhow: Dawson's Kayles, tb[0.07], with the points as the heap.
    heaps_cases(input, "tb[0.07]", "Carol", "Dave")
}

fn hdu3980(input: &str) -> Result<Vec<Case>, String> {
    // The first move paints m beads of the circle and leaves a line of n - m beads, where a
    // move paints m consecutive beads, splitting the line or not: tb[0.0...07] with the 7 at
    // place m. The first player wins when that line is a P-position; with n < m he cannot
    // move at all.
    let mut number = 0;
    counted(input, "the number of cases T", |t| {
        let n = t.num("the number of beads n")?;
        let m = t.num("the number of beads painted m")?;
        number += 1;
        let case = number;
        let print = move |first_wins: bool| {
            let who = if first_wins { "aekdycoin" } else { "abcdxyzk" };
            format!("Case #{case}: {who}\n")
        };
        if m == 0 {
            return Err("the number of beads painted m must be at least 1".to_string());
        }
        if n < m {
            return Ok(Case::new(vec![], move |_| Ok(print(false))));
        }
        Ok(Case::new(
            vec![Query::outcome(format!("tb[0.0{{{}}}7]({})", m - 1, n - m))],
            move |a| Ok(print(first(a)?.outcome == Outcome::P)),
        ))
    })
}

fn poj2484(input: &str) -> Result<Vec<Case>, String> {
    // Taking one coin or two adjacent coins of the circle leaves a line of n - 1 or n - 2
    // coins, where the same moves are Kayles: Alice wins when one of those lines is a
    // P-position.
    until_end(input, |t| {
        let n = t.num("the number of coins n")?;
        if n == 0 {
            return Ok(None);
        }
        let lines: Vec<Query> = [1, 2]
            .iter()
            .filter(|&&k| k <= n)
            .map(|&k| Query::outcome(format!("kayles({})", n - k)))
            .collect();
        Ok(Some(Case::new(lines, |a| {
            let alice = a.iter().any(|x| x.outcome == Outcome::P);
            Ok(if alice { "Alice\n" } else { "Bob\n" }.to_string())
        })))
    })
}

fn hdu3094(input: &str) -> Result<Vec<Case>, String> {
    // Green Hackenbush on the tree itself: its edges, with the root (vertex 1) as the ground.
    counted(input, "the number of cases T", |t| {
        let n = t.num("the number of vertices N")?;
        let mut edges = Vec::new();
        for _ in 1..n {
            let ends = t.nums(2, "an edge's end")?;
            let name = |v: u64| {
                if v == 1 {
                    "g".to_string()
                } else {
                    v.to_string()
                }
            };
            edges.push(format!("{}-{}", name(ends[0]), name(ends[1])));
        }
        Ok(Case::one(
            Query::outcome(format!("hackenbush({})", edges.join(","))),
            "Alice",
            "Bob",
        ))
    })
}

fn hdu5011(input: &str) -> Result<Vec<Case>, String> {
    // Take at least one bead from a pile, then split the rest in two or not: tb[0.[7]], whose
    // heap n has the value n (checked by the tests against the game), so Nim answers at the
    // judge's sizes.
    until_end(input, |t| {
        let n = t.num("the number of piles n")?;
        let h = t.nums(n, "a pile size")?;
        Ok(Some(Case::one(
            Query::outcome(format!("nim({})", join(&h))),
            "Win",
            "Lose",
        )))
    })
}

#[allow(dead_code)]
fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(name) = args.first() else {
        eprintln!("usage: judge PROBLEM < input, or judge --list");
        std::process::exit(2);
    };
    if name == "--list" {
        for p in PROBLEMS {
            println!("{}\t{}\t{}", p.name, p.title, p.command);
        }
        return;
    }
    let Some(p) = problem(name) else {
        eprintln!("unknown problem '{name}'; judge --list shows every problem");
        std::process::exit(2);
    };
    let mut input = String::new();
    if let Err(e) = std::io::stdin().read_to_string(&mut input) {
        eprintln!("cannot read the input: {e}");
        std::process::exit(2);
    }
    match answer(p, &input) {
        Ok(out) => print!("{out}"),
        Err(e) => {
            eprintln!("{}: {e}", p.name);
            std::process::exit(2);
        }
    }
}
