//! Rule scripts for the `script` area: small games of random arity written in Rhai or Luau,
//! either well-formed (the suite computes their nim-value itself, by a plain mex search) or
//! hostile (an option of the wrong shape, an endless loop, endless recursion, a huge array, a
//! game that never ends, a thrown error, a syntax error), which must be refused with exit 2
//! or 3 and never answered.

use std::collections::HashMap;

use crate::rng::Rng;

/// How a script declares its arity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arity {
    /// No `ARITY` line: 1.
    Default,
    /// `ARITY = k`.
    Fixed(usize),
    /// `ARITY = "all"`: every argument of a term is one array position.
    All(usize),
}

impl Arity {
    /// The numbers in one position.
    fn len(self) -> usize {
        match self {
            Arity::Default => 1,
            Arity::Fixed(k) | Arity::All(k) => k,
        }
    }

    /// Whether a position is an array (a number otherwise).
    fn array(self) -> bool {
        match self {
            Arity::Default | Arity::Fixed(1) => false,
            Arity::Fixed(_) | Arity::All(_) => true,
        }
    }
}

/// What a hostile script does wrong at every position.
#[derive(Clone, Copy, Debug)]
enum Hostile {
    /// An option of an array family with one number too many.
    WrongArity,
    /// A string as an option of an array family.
    Text,
    /// A number with a fraction as an option.
    Fraction,
    /// A loop without end.
    Endless,
    /// Recursion without end.
    Recursion,
    /// An array of 10^8 elements.
    HugeArray,
    /// An option one larger than the position: a game that never ends.
    NeverEnds,
    /// A thrown error.
    Throws,
    /// The script does not parse.
    Syntax,
}

const HOSTILE: [Hostile; 9] = [
    Hostile::WrongArity,
    Hostile::Text,
    Hostile::Fraction,
    Hostile::Endless,
    Hostile::Recursion,
    Hostile::HugeArray,
    Hostile::NeverEnds,
    Hostile::Throws,
    Hostile::Syntax,
];

/// A generated script and the position to analyze.
#[derive(Debug)]
pub struct Script {
    /// The file name (its stem names the family; its extension the language).
    pub file: String,
    pub source: String,
    /// The expression: a sum of positions of the family.
    pub expr: String,
    /// The expected nim-value of a well-formed script; `None` for a hostile one.
    pub nimber: Option<u64>,
    /// What the script does wrong, for the report.
    pub what: String,
    /// Options of `analyze` the case needs: a game that never ends is stopped by
    /// `--max-nodes` within a second (the default limit of 5,000,000 positions takes Rhai
    /// about a minute when each position has a dozen options).
    pub flags: Vec<String>,
}

/// The game: from a position of `k` numbers, subtract any `d` of `set` from one number, or
/// (with `diagonal`) from all at once.
struct Game {
    set: Vec<u64>,
    diagonal: bool,
}

impl Game {
    fn options(&self, p: &[u64]) -> Vec<Vec<u64>> {
        let mut out = Vec::new();
        for &d in &self.set {
            for i in 0..p.len() {
                if p[i] >= d {
                    let mut q = p.to_vec();
                    q[i] -= d;
                    out.push(q);
                }
            }
            if self.diagonal && p.len() > 1 && p.iter().all(|&x| x >= d) {
                out.push(p.iter().map(|&x| x - d).collect());
            }
        }
        out
    }

    /// The nim-value of `p` by a plain mex search (every option is smaller in its sum).
    fn value(&self, p: &[u64], memo: &mut HashMap<Vec<u64>, u64>) -> u64 {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let seen: Vec<u64> = self
            .options(p)
            .iter()
            .map(|q| self.value(q, memo))
            .collect();
        let v = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
        memo.insert(p.to_vec(), v);
        v
    }
}

/// Draws a script: a well-formed one two times in three.
pub fn script(r: &mut Rng, index: u64) -> Script {
    let luau = r.chance(1, 2);
    let arity = match r.below(5) {
        0 => Arity::Default,
        1 => Arity::Fixed(1),
        2 => Arity::Fixed(2),
        3 => Arity::Fixed(3),
        // A term of one argument is a number under "all" (rules.md), so arrays of 2 or 3.
        _ => Arity::All(2 + r.below(2) as usize),
    };
    let k = arity.len();
    let mut set: Vec<u64> = (1..=5).filter(|_| r.chance(1, 2)).collect();
    if set.is_empty() {
        set.push(1 + r.below(5));
    }
    let game = Game {
        set,
        diagonal: r.chance(1, 2),
    };
    let hostile = if r.chance(1, 3) {
        let h = *r.pick(&HOSTILE);
        match (h, arity) {
            (Hostile::WrongArity | Hostile::Text, Arity::Fixed(k)) if k > 1 => Some(h),
            // At arity 1 and under "all" any value is a position (a word, an array of any
            // length), so only a fraction is of the wrong shape there.
            (Hostile::WrongArity | Hostile::Text, _) => Some(Hostile::Fraction),
            _ => Some(h),
        }
    } else {
        None
    };
    let name = format!("fz{index}");
    // One to three components, each of k numbers up to 12 (at most 13^3 positions each).
    let parts: Vec<Vec<u64>> = (0..1 + r.below(3))
        .map(|_| (0..k).map(|_| r.below(13)).collect())
        .collect();
    let mut memo = HashMap::new();
    let nimber = parts
        .iter()
        .fold(0, |acc, p| acc ^ game.value(p, &mut memo));
    let term = |p: &[u64]| {
        let args: Vec<String> = p.iter().map(ToString::to_string).collect();
        args.join(", ")
    };
    // A sum written in one term where the arity allows it, or as terms joined by `+`.
    let expr = if !matches!(arity, Arity::All(_)) && r.chance(1, 2) {
        let all: Vec<String> = parts.iter().map(|p| term(p)).collect();
        format!("{name}({})", all.join(", "))
    } else {
        let terms: Vec<String> = parts
            .iter()
            .map(|p| format!("{name}({})", term(p)))
            .collect();
        terms.join(" + ")
    };
    let source = if luau {
        luau_source(&game, arity, hostile)
    } else {
        rhai_source(&game, arity, hostile)
    };
    Script {
        file: format!("{name}.{}", if luau { "luau" } else { "rhai" }),
        source,
        expr,
        nimber: if hostile.is_some() {
            None
        } else {
            Some(nimber)
        },
        flags: if matches!(hostile, Some(Hostile::NeverEnds)) {
            vec!["--max-nodes".into(), "100000".into()]
        } else {
            Vec::new()
        },
        what: format!(
            "{} arity {arity:?}, set {:?}, diagonal {}, hostile {hostile:?}",
            if luau { "Luau" } else { "Rhai" },
            game.set,
            game.diagonal
        ),
    }
}

fn list(set: &[u64]) -> String {
    let s: Vec<String> = set.iter().map(ToString::to_string).collect();
    s.join(", ")
}

fn rhai_source(game: &Game, arity: Arity, hostile: Option<Hostile>) -> String {
    let k = arity.len();
    let mut s = String::from("// A fuzz game: subtract a number of the set.\n");
    match arity {
        Arity::Default => {}
        Arity::Fixed(k) => s.push_str(&format!("const ARITY = {k};\n")),
        Arity::All(_) => s.push_str("const ARITY = \"all\";\n"),
    }
    if matches!(hostile, Some(Hostile::Recursion)) {
        s.push_str("fn deeper(x) { 1 + deeper(x + 1) }\n");
    }
    s.push_str("fn moves(p) {\n    let out = [];\n");
    s.push_str(&format!("    for d in [{}] {{\n", list(&game.set)));
    if arity.array() {
        s.push_str(&format!(
            "        for i in 0..{k} {{ if p[i] >= d {{ let q = p; q[i] -= d; out.push(q); }} }}\n"
        ));
        if game.diagonal && k > 1 {
            s.push_str(&format!(
                "        let ok = true;\n        for i in 0..{k} {{ if p[i] < d {{ ok = false; }} }}\n        if ok {{ let q = p; for i in 0..{k} {{ q[i] -= d; }} out.push(q); }}\n"
            ));
        }
    } else {
        s.push_str("        if p >= d { out.push(p - d); }\n");
    }
    s.push_str("    }\n");
    s.push_str(&hostile_code(hostile, arity, false));
    s.push_str("    out\n}\n");
    s
}

fn luau_source(game: &Game, arity: Arity, hostile: Option<Hostile>) -> String {
    let k = arity.len();
    let mut s = String::from("-- A fuzz game: subtract a number of the set.\n");
    match arity {
        Arity::Default => {}
        Arity::Fixed(k) => s.push_str(&format!("ARITY = {k}\n")),
        Arity::All(_) => s.push_str("ARITY = \"all\"\n"),
    }
    if matches!(hostile, Some(Hostile::Recursion)) {
        s.push_str("local function deeper(x) return 1 + deeper(x + 1) end\n");
    }
    s.push_str("function moves(p)\n    local out = {}\n");
    s.push_str(&format!(
        "    for _, d in ipairs({{{}}}) do\n",
        list(&game.set)
    ));
    if arity.array() {
        s.push_str(&format!(
            "        for i = 1, {k} do\n            if p[i] >= d then\n                local q = {{}}\n                for j = 1, {k} do q[j] = p[j] end\n                q[i] -= d\n                out[#out + 1] = q\n            end\n        end\n"
        ));
        if game.diagonal && k > 1 {
            s.push_str(&format!(
                "        local ok = true\n        for i = 1, {k} do if p[i] < d then ok = false end end\n        if ok then\n            local q = {{}}\n            for j = 1, {k} do q[j] = p[j] - d end\n            out[#out + 1] = q\n        end\n"
            ));
        }
    } else {
        s.push_str("        if p >= d then out[#out + 1] = p - d end\n");
    }
    s.push_str("    end\n");
    s.push_str(&hostile_code(hostile, arity, true));
    s.push_str("    return out\nend\n");
    s
}

/// The lines that make a script hostile, at the end of `moves` (where `out` holds the options
/// and `p` is the position), in Luau or in Rhai.
fn hostile_code(hostile: Option<Hostile>, arity: Arity, luau: bool) -> String {
    let k = arity.len();
    let push = |x: &str| {
        if luau {
            format!("    out[#out + 1] = {x}\n")
        } else {
            format!("    out.push({x});\n")
        }
    };
    let either = |l: &str, r: &str| if luau { l.to_string() } else { r.to_string() };
    match hostile {
        None => String::new(),
        Some(Hostile::WrongArity) => {
            let zeros = vec!["0"; k + 1].join(", ");
            push(&either(&format!("{{{zeros}}}"), &format!("[{zeros}]")))
        }
        Some(Hostile::Text) => push("\"seven\""),
        Some(Hostile::Fraction) => push("1.5"),
        Some(Hostile::Recursion) => push("deeper(0)"),
        Some(Hostile::NeverEnds) if !arity.array() => push("p + 1"),
        Some(Hostile::NeverEnds) => either(
            &format!("    local q = {{}}\n    for j = 1, {k} do q[j] = p[j] end\n    q[1] += 1\n    out[#out + 1] = q\n"),
            "    let q = p; q[0] += 1; out.push(q);\n",
        ),
        Some(Hostile::Endless) => either(
            "    local n = 0\n    while true do n += 1 end\n",
            "    let n = 0;\n    loop { n += 1; }\n",
        ),
        Some(Hostile::HugeArray) => either(
            "    local a = table.create(100000000, 0)\n",
            "    let a = [];\n    a.pad(100000000, 0);\n",
        ),
        Some(Hostile::Throws) => either(
            "    error(\"the fuzz script fails here\")\n",
            "    throw \"the fuzz script fails here\";\n",
        ),
        Some(Hostile::Syntax) => either("    local = \n", "    let = ;\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_brute_force_knows_small_games() {
        // Subtract 1 or 2 from one heap: values n mod 3.
        let g = Game {
            set: vec![1, 2],
            diagonal: false,
        };
        let mut memo = HashMap::new();
        assert_eq!(g.value(&[7], &mut memo), 1);
        // Two heaps without the diagonal move: the XOR of their values.
        assert_eq!(g.value(&[7, 5], &mut memo), 1 ^ 2);
    }
}
