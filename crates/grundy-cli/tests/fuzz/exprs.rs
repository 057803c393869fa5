//! Random positions of every family, and hostile mutations of their text.
//!
//! The argument shapes follow crates/grundy/src/families/*.rs: which families take brackets,
//! which arguments must be distinct, in range or paired. A family that `grundy list` names
//! but this file does not know is still fuzzed, through its listed example and mutations.

use crate::rng::Rng;

/// How large generated positions may be.
#[derive(Clone, Copy, Debug)]
pub struct Sizes {
    /// Numbers of any size (powers, hundreds of digits); else at most a few hundred.
    pub huge: bool,
    /// Sizes known to take minutes (the long mode's hunt): huge heaps of take-and-break
    /// codes without a quickly proven period, big heaps of codes that split heaps.
    pub slow: bool,
}

impl Sizes {
    /// The CI's default: huge numbers where closed forms and proven periods make them cheap.
    pub const CI: Sizes = Sizes {
        huge: true,
        slow: false,
    };
    /// Small positions, for searches whose cost grows fast (misere play, the play engine).
    pub const SMALL: Sizes = Sizes {
        huge: false,
        slow: false,
    };
    /// Everything, slow sizes included.
    pub const LONG: Sizes = Sizes {
        huge: true,
        slow: true,
    };

    /// A number for an argument.
    pub fn number(self, r: &mut Rng) -> String {
        if self.huge {
            number(r)
        } else if r.chance(1, 5) {
            r.below(201).to_string()
        } else {
            r.below(31).to_string()
        }
    }
}

/// Take-and-break codes whose period is proven from a short table, so that heaps of any size
/// answer at once.
pub const FAST_CODES: &[&str] = &[
    "0.07", "0.77", "0.137", "4.07", "0.[3]", "0.f", "0.51", "4.[3]", "0.3", "0.7",
];

/// A number as an argument is written: small, a machine word, a power (`10^18`), many digits.
pub fn number(r: &mut Rng) -> String {
    match r.below(20) {
        0..=7 => r.below(21).to_string(),
        8..=10 => r.below(10_001).to_string(),
        11 => r.next_u64().to_string(),
        12 => {
            // Near the edges of machine words.
            let base = *r.pick(&[1u128 << 31, 1 << 32, 1 << 53, 1 << 63, 1 << 64, 1 << 127]);
            (base + u128::from(r.below(3)) - 1).to_string()
        }
        13 | 14 => format!("10^{}", r.range(1, 30)),
        15 => format!("10^{}", r.range(31, 2000)),
        16 => format!("{}^{}", r.range(2, 9), r.range(1, 200)),
        17 => {
            let len = r.range(20, 400) as usize;
            digits(r, len)
        }
        _ => r.below(101).to_string(),
    }
}

/// A small number (0..=max), as a family whose search is small needs.
pub fn small(r: &mut Rng, max: u64) -> String {
    r.below(max + 1).to_string()
}

/// `len` random decimal digits, not starting with 0.
pub fn digits(r: &mut Rng, len: usize) -> String {
    let mut s = String::with_capacity(len);
    s.push(char::from(b'1' + r.below(9) as u8));
    for _ in 1..len {
        s.push(char::from(b'0' + r.below(10) as u8));
    }
    s
}

fn list(items: &[String]) -> String {
    items.join(",")
}

/// `k` distinct numbers from `lo..`, either small or spread wide.
fn distinct(r: &mut Rng, k: usize, lo: u64, sizes: Sizes) -> Vec<String> {
    let wide = sizes.huge && r.chance(1, 4);
    let mut v: Vec<u64> = Vec::new();
    while v.len() < k {
        let x = if wide {
            lo + r.skewed(1 << 40)
        } else {
            lo + r.below(3 * k as u64 + 5)
        };
        if !v.contains(&x) {
            v.push(x);
        }
    }
    if r.chance(1, 2) {
        v.sort_unstable();
    }
    v.iter().map(u64::to_string).collect()
}

/// A graph of `n` vertices `v0..` as an edge list, with a chance of cycles; returns the text
/// and the vertex names.
pub fn edge_list(r: &mut Rng, n: usize) -> (String, Vec<String>) {
    let names: Vec<String> = (0..n).map(|i| format!("v{i}")).collect();
    let mut text = String::new();
    if r.chance(1, 3) {
        text.push_str("# a generated graph\n");
    }
    let cyclic = r.chance(1, 2);
    for i in 0..n {
        let deg = r.below(4);
        for _ in 0..deg {
            let j = r.index(n);
            if !cyclic && j <= i {
                continue;
            }
            text.push_str(&format!("{} {}\n", names[i], names[j]));
        }
        if r.chance(1, 5) {
            text.push_str(&format!("{}\n", names[i]));
        }
    }
    if text.is_empty() || r.chance(1, 4) {
        text.push_str(&format!("{}\n", names[0]));
    }
    (text, names)
}

/// The same kind of graph in the DOT subset.
pub fn dot(r: &mut Rng, n: usize) -> (String, Vec<String>) {
    let names: Vec<String> = (0..n).map(|i| format!("n{i}")).collect();
    let mut text = String::from(if r.chance(1, 2) {
        "digraph G {\n"
    } else {
        "strict digraph {\n"
    });
    for i in 0..n {
        let j = r.index(n);
        let k = r.index(n);
        match r.below(4) {
            0 => text.push_str(&format!(
                "  {} -> {} -> {};\n",
                names[i], names[j], names[k]
            )),
            1 => text.push_str(&format!(
                "  \"{}\" -> {} [color=red];\n",
                names[i], names[j]
            )),
            2 => text.push_str(&format!("  {};\n", names[i])),
            _ => text.push_str(&format!(
                "  {} -> {{ {} {} }}\n",
                names[i], names[j], names[k]
            )),
        }
    }
    text.push_str("}\n");
    (text, names)
}

/// A random take-and-break code (valid most of the time).
pub fn code(r: &mut Rng) -> String {
    const OTHERS: &[&str] = &[
        "0.6",
        "4!.0",
        "0.1[37]",
        ".6",
        "0.16",
        "0.3f",
        "0.4!",
        "0.14",
        "0.007",
        "0.0f0f",
        "0.0{9}7",
        "0.0{99}7",
        "0.3{0}7",
        "0.[0{5}3]",
        "4.[3]",
        "8.[3]",
        "0.0{999}7",
    ];
    match r.below(4) {
        0 => return r.pick(FAST_CODES).to_string(),
        1 => return r.pick(OTHERS).to_string(),
        _ => {}
    }
    let mut s = String::from(*r.pick(&["0", "4", "", "0", "4!"]));
    s.push('.');
    let len = r.range(1, 6);
    for _ in 0..len {
        let d = r.below(16);
        s.push(char::from_digit(d as u32, 16).unwrap_or('0'));
        if r.chance(1, 8) {
            s.push('!');
        }
        // The run shorthand: `d{n}` is n copies of the digit.
        if r.chance(1, 8) {
            s.push_str(&format!("{{{}}}", r.below(12)));
        }
    }
    if r.chance(1, 5) {
        s.push('[');
        for _ in 0..r.range(1, 3) {
            s.push(char::from_digit(r.below(16) as u32, 16).unwrap_or('0'));
        }
        s.push(']');
    }
    s
}

/// A random subtraction set.
pub fn subset(r: &mut Rng) -> String {
    match r.below(8) {
        0 => "pow2".into(),
        1 => "fib".into(),
        2 => format!("1..{}", r.range(1, 40)),
        3 => format!("{}..{}", r.range(1, 5), r.range(5, 12)),
        4 => format!("1,{}..{},{}", r.range(2, 4), r.range(5, 8), r.range(9, 30)),
        5 => {
            let k = r.range(1, 3) as usize;
            let mut v: Vec<String> = (0..k).map(|_| number(r)).collect();
            v.retain(|x| x != "0");
            if v.is_empty() {
                v.push("1".into());
            }
            list(&v)
        }
        _ => {
            let k = r.range(1, 5);
            let mut v: Vec<u64> = (0..k).map(|_| r.range(1, 12)).collect();
            v.sort_unstable();
            v.dedup();
            let s: Vec<String> = v.iter().map(u64::to_string).collect();
            list(&s)
        }
    }
}

/// A heap ruleset for `table` and `plot`: mostly `sub` and `tb`, sometimes another family.
pub fn heap_ruleset(r: &mut Rng) -> String {
    match r.below(10) {
        0..=3 => format!("tb[{}]", code(r)),
        4..=6 => format!("sub[{}]", subset(r)),
        7 => format!("take[{}..{}]", r.range(1, 4), r.range(4, 12)),
        8 => format!("octal[{}]", code(r)),
        _ => r
            .pick(&[
                "nim",
                "wythoff",
                "beans[5]",
                "mult[2..9,162]",
                "subtraction[1,2]",
                "fibnim",
            ])
            .to_string(),
    }
}

/// A graph source for `graph[...]`: the shipped example, or a file to be written by the
/// case (its path is `graph.txt` in the case's directory, relative paths from there).
pub enum GraphSource {
    Example,
    Generated { text: String, names: Vec<String> },
}

/// One position of the family `name`, or `None` when this file does not know the family.
/// `graph_file` is the path to write into `graph[...]` for a generated graph.
pub fn family_term(
    r: &mut Rng,
    name: &str,
    graph: &mut Option<GraphSource>,
    sizes: Sizes,
) -> Option<String> {
    let heaps = |r: &mut Rng, max: u64| -> Vec<String> {
        let k = r.range(1, max) as usize;
        (0..k).map(|_| sizes.number(r)).collect()
    };
    Some(match name {
        "nim" => format!("nim({})", list(&heaps(r, 6))),
        "sub" | "subtraction" => format!("{name}[{}]({})", subset(r), list(&heaps(r, 4))),
        "tb" | "octal" => {
            let c = code(r);
            // Without a quickly proven period, big heaps take minutes (see KNOWN_FAILURES).
            let args = if sizes.slow || FAST_CODES.contains(&c.as_str()) {
                heaps(r, 3)
            } else {
                let k = r.range(1, 3);
                (0..k)
                    .map(|_| r.below(if sizes.huge { 101 } else { 31 }).to_string())
                    .collect()
            };
            format!("{name}[{c}]({})", list(&args))
        }
        "graph" => {
            if graph.is_none() {
                *graph = Some(if r.chance(1, 2) {
                    GraphSource::Example
                } else {
                    let n = r.range(1, 40) as usize;
                    let (text, names) = if r.chance(1, 3) {
                        dot(r, n)
                    } else {
                        edge_list(r, n)
                    };
                    GraphSource::Generated { text, names }
                });
            }
            let (path, names): (&str, Vec<String>) = match graph.as_ref() {
                Some(GraphSource::Generated { names, .. }) => ("@GRAPH@", names.clone()),
                _ => (
                    "@EXAMPLE@",
                    ["a", "b", "c", "d", "e", "x", "y"]
                        .map(String::from)
                        .to_vec(),
                ),
            };
            let k = r.range(1, 3) as usize;
            let args: Vec<String> = (0..k).map(|_| r.pick(&names).clone()).collect();
            format!("graph[{path}]({})", args.join(", "))
        }
        "turtles" | "mock_turtles" => {
            let k = r.below(6) as usize;
            format!("{name}({})", list(&distinct(r, k, 0, sizes)))
        }
        "beans" | "split" => {
            let cells = if sizes.huge && r.chance(1, 4) {
                r.skewed(1 << 40) + 1
            } else {
                r.range(1, 12)
            };
            let k = r.below(6);
            let args: Vec<String> = (0..k).map(|_| r.below(cells).to_string()).collect();
            format!("{name}[{cells}]({})", list(&args))
        }
        "dag" => {
            let n = if sizes.huge && r.chance(1, 10) {
                r.range(100, 3000)
            } else {
                r.range(1, 12)
            };
            let mut lists = Vec::new();
            for i in 0..n {
                let mut succ = Vec::new();
                for _ in 0..r.below(3) {
                    if i + 1 < n {
                        succ.push(r.range(i + 1, n - 1).to_string());
                    }
                }
                lists.push(succ.join(","));
            }
            let k = r.range(1, 4);
            let args: Vec<String> = (0..k).map(|_| r.below(n).to_string()).collect();
            format!("dag[{}]({})", lists.join(";"), list(&args))
        }
        "wythoff" => format!("wythoff({},{})", sizes.number(r), sizes.number(r)),
        "fibnim" | "fibonacci_nim" => {
            if r.chance(1, 2) {
                format!("{name}({})", sizes.number(r))
            } else {
                format!("{name}({},{})", sizes.number(r), sizes.number(r))
            }
        }
        "staircase" | "stair" => format!("{name}({})", list(&heaps(r, 6))),
        "georgia" => {
            let k = r.range(1, 8) as usize;
            format!("georgia({})", list(&distinct(r, k, 1, sizes)))
        }
        "hill" => {
            let k = r.range(1, 7) as usize;
            let cells = distinct(r, k, 0, sizes);
            format!("hill[{}]({})", r.range(1, k as u64), list(&cells))
        }
        "northcott" => {
            let w = r.range(2, 12);
            let rows = r.range(1, 4);
            let mut args = Vec::new();
            for _ in 0..rows {
                let a = r.range(1, w);
                let mut b = r.range(1, w);
                if b == a {
                    b = if a == w { a - 1 } else { a + 1 };
                }
                args.push(a.to_string());
                args.push(b.to_string());
            }
            if r.chance(1, 3) {
                format!("northcott({})", list(&args))
            } else {
                format!("northcott[{w}]({})", list(&args))
            }
        }
        "take" => {
            let q = r.skewed(if sizes.huge { 100_000 } else { 20 }).max(1);
            let p = r.range(1, q);
            format!("take[{p}..{q}]({})", list(&heaps(r, 3)))
        }
        "mult" | "multiplication" => {
            let b = r.skewed(if sizes.huge { 1_000_000 } else { 20 }).max(2);
            let a = r.range(2, b);
            let goal = sizes.number(r);
            let goal = if goal == "0" { "1".to_string() } else { goal };
            let k = r.range(1, 3);
            let args: Vec<String> = (0..k).map(|_| small(r, 50).replace('0', "1")).collect();
            format!("{name}[{a}..{b},{goal}]({})", list(&args))
        }
        "tree" | "hackenbush" => {
            let n = if sizes.huge && r.chance(1, 12) {
                r.range(100, 2500)
            } else {
                r.below(25)
            };
            let parents: Vec<String> = (1..=n).map(|i| r.below(i).to_string()).collect();
            format!("{name}({})", list(&parents))
        }
        _ => return None,
    })
}

/// A nimber term: `*`, `*k`, `0`.
pub fn nimber(r: &mut Rng) -> String {
    match r.below(4) {
        0 => "*".into(),
        1 => "0".into(),
        2 => format!("*{}", r.below(64)),
        _ => {
            let len = r.range(1, 40) as usize;
            format!("*{}", digits(r, len))
        }
    }
}

/// Random whitespace, as a user may type it.
pub fn space(r: &mut Rng) -> &'static str {
    *r.pick(&["", " ", "  ", "\t", " \n "])
}

/// The text inserted by mutations: brackets and operators, control characters, non-ASCII
/// digits and letters, direction overrides, a byte-order mark.
const HOSTILE: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    ",",
    "+",
    "*",
    "^",
    "-",
    ".",
    "!",
    ";",
    "\"",
    "'",
    "..",
    " ",
    "\t",
    "\n",
    "\r",
    "\u{1}",
    "\u{1b}[31m",
    "\u{7f}",
    "\u{9b}",
    "\u{202e}",
    "\u{feff}",
    "\u{200b}",
    "é",
    "∞",
    "１２",
    "٣",
    "𝟘",
    "ǅ",
    "ß",
    "İ",
    "\u{301}",
    "0",
    "9",
    "a",
    "_",
    "x",
    "nim",
    "*0",
    "^^",
    "10^",
    "^10",
    "-1",
    "1e9",
    "0x10",
    "#",
    "%",
    "\\",
    "/",
    "{",
    "}",
    "<",
    ">",
    "|",
    "&",
    "$",
];

/// A number chosen to hurt: a huge power, a huge exponent, many digits, negative, malformed.
pub fn hostile_number(r: &mut Rng) -> String {
    r.pick(&[
        "10^300000",
        "10^300001",
        "10^1000000",
        "9^999999999",
        "2^1000000",
        "2^1000001",
        "10^18446744073709551615",
        "10^18446744073709551616",
        "1^99999999999999999999",
        "0^0",
        "0^99999999999",
        "-1",
        "-0",
        "-10^100",
        "00000000000000000007",
        "18446744073709551615",
        "18446744073709551616",
        "340282366920938463463374607431768211456",
        "4294967295",
        "4294967296",
        "9223372036854775808",
        "10^",
        "^5",
        "10^-3",
        "10^^3",
        "1.5",
        "1e6",
        "0x1f",
        "+5",
        "5_000",
        "",
        " ",
    ])
    .to_string()
}

/// Mutates valid text: deletes, duplicates, swaps or inserts characters, replaces numbers by
/// hostile ones, cuts the text, or wraps it in brackets.
pub fn mutate(r: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let rounds = r.range(1, 4);
    for _ in 0..rounds {
        let len = chars.len();
        match r.below(11) {
            0 if len > 0 => {
                let at = r.index(len);
                let n = r.range(1, 3.min(len - at) as u64) as usize;
                chars.drain(at..at + n);
            }
            1 if len > 0 => {
                let at = r.index(len);
                let n = r.range(1, (8.min(len - at)) as u64) as usize;
                let piece: Vec<char> = chars[at..at + n].to_vec();
                let times = *r.pick(&[1usize, 2, 10, 1000]);
                for _ in 0..times {
                    chars.splice(at..at, piece.iter().copied());
                }
            }
            2 if len > 1 => {
                let a = r.index(len);
                let b = r.index(len);
                chars.swap(a, b);
            }
            3 | 4 => {
                let at = r.index(len + 1);
                let ins: Vec<char> = r.pick(HOSTILE).chars().collect();
                chars.splice(at..at, ins);
            }
            5 | 6 => {
                // Replace one run of digits by a hostile number.
                let runs: Vec<(usize, usize)> = digit_runs(&chars);
                if let Some(&(a, b)) = runs.get(r.index(runs.len().max(1))) {
                    let n: Vec<char> = hostile_number(r).chars().collect();
                    chars.splice(a..b, n);
                }
            }
            7 if len > 0 => {
                let at = r.index(len);
                chars.truncate(at);
            }
            8 => {
                let depth = *r.pick(&[1usize, 5, 199, 200, 201, 5000]);
                let open = r.pick(&["(", "[", "nim("]).to_string();
                let close = match open.as_str() {
                    "[" => "]",
                    _ => ")",
                };
                let mut s = open.repeat(depth);
                s.extend(chars.iter());
                if r.chance(3, 4) {
                    s.push_str(&close.repeat(depth));
                }
                chars = s.chars().collect();
            }
            9 => {
                // Empty arguments or parameters.
                let at = r.index(len + 1);
                let ins = r.pick(&[",", ",,", "()", "[]", "(,)", "[,]", "+", "++", "+ +"]);
                chars.splice(at..at, ins.chars());
            }
            _ if len > 0 => {
                // Replace a character by a random code point.
                let at = r.index(len);
                let c = loop {
                    if let Some(c) = char::from_u32(r.below(0x3_0000) as u32) {
                        break c;
                    }
                };
                chars[at] = c;
            }
            _ => {}
        }
    }
    chars.into_iter().collect()
}

fn digit_runs(chars: &[char]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            let a = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            runs.push((a, i));
        } else {
            i += 1;
        }
    }
    runs
}
