//! The rules as self-contained Python and C++ functions.
//!
//! Python's are exact for integers of any size; C++'s take 64-bit arguments (`unsigned long
//! long`) and use `unsigned __int128` where an intermediate product needs it.

use crate::text::list;
use crate::{Closed, Code, Exception, Intervals, PRule, Recurrence, Rule, SelfSimilar, Step};

/// The code of a one-argument rule, its function named `fname` (`first_player_wins` for a
/// rule of P-positions, whatever `fname` says).
pub(crate) fn sequence(rule: &Rule, fname: &str) -> Code {
    match rule {
        Rule::Periodic {
            preperiod_values,
            period_values,
            exceptions,
            ..
        } => with_exceptions(
            periodic(fname, preperiod_values, period_values, 0),
            fname,
            exceptions,
        ),
        Rule::ArithmeticPeriodic {
            preperiod_values,
            period_values,
            saltus,
            exceptions,
            ..
        } => with_exceptions(
            periodic(fname, preperiod_values, period_values, *saltus),
            fname,
            exceptions,
        ),
        Rule::Formula {
            exceptions, closed, ..
        } => formula1(fname, exceptions, closed),
        Rule::PPositions { p, .. } | Rule::Recurrence { p, .. } => p_positions1(p),
        Rule::SelfSimilar { rule, .. } => self_similar(fname, rule),
        Rule::Intervals { rule, .. } => intervals(fname, rule),
        _ => {
            let (python, cpp) = no_rule(1);
            Code { python, cpp }
        }
    }
}

/// A self-similar rule: n is divided by the base until it is below the rule's start, the
/// steps adding up on the way (O(log n) steps).
fn self_similar(fname: &str, rule: &SelfSimilar) -> Code {
    let (k, n0, below) = (rule.base, rule.from, list(&rule.below));
    let cbelow = cpp_list(&rule.below);
    let head_py = format!("def {fname}(n):\n    below = {below}\n");
    let head_cpp = format!(
        "unsigned long long {fname}(unsigned long long n) {{\n    static const unsigned long long below[{n0}] = {cbelow};\n"
    );
    if rule.steps.iter().all(|s| *s == Step::Recurse { add: 0 }) {
        return Code {
            python: format!(
                "{head_py}    while n >= {n0}:\n        n //= {k}\n    return below[n]\n"
            ),
            cpp: format!(
                "{head_cpp}    while (n >= {n0}ULL) n /= {k}ULL;\n    return below[n];\n}}\n"
            ),
        };
    }
    // Each step as (0, c): G(k m + r) = G(m) + c, or (1, a, b): G(k m + r) = a m + b.
    let triples: Vec<[u64; 3]> = rule
        .steps
        .iter()
        .map(|s| match *s {
            Step::Recurse { add } => [0, add, 0],
            Step::Linear { slope, add } => [1, slope, add],
        })
        .collect();
    let py_steps: Vec<String> = triples
        .iter()
        .map(|t| format!("({}, {}, {})", t[0], t[1], t[2]))
        .collect();
    let cpp_steps: Vec<String> = triples.iter().map(|t| cpp_list(t)).collect();
    let python = format!(
        "{head_py}    # (0, c): G({k}m + r) = G(m) + c; (1, a, b): G({k}m + r) = a m + b.\n    steps = [{}]\n    acc = 0\n    while n >= {n0}:\n        n, r = divmod(n, {k})\n        kind, a, b = steps[r]\n        if kind == 1:\n            return acc + a * n + b\n        acc += a\n    return acc + below[n]\n",
        py_steps.join(", ")
    );
    let cpp = format!(
        "{head_cpp}    // {{0, c, 0}}: G({k}m + r) = G(m) + c; {{1, a, b}}: G({k}m + r) = a m + b.\n    static const unsigned long long steps[{k}][3] = {{{}}};\n    unsigned long long acc = 0;\n    while (n >= {n0}ULL) {{\n        unsigned long long r = n % {k}ULL;\n        n /= {k}ULL;\n        if (steps[r][0] == 1ULL) return acc + steps[r][1] * n + steps[r][2];\n        acc += steps[r][1];\n    }}\n    return acc + below[n];\n}}\n",
        cpp_steps.join(", ")
    );
    Code { python, cpp }
}

/// Values constant on intervals: n is divided by the ratio until it is below the start of
/// the scaled intervals, then its interval is looked up (O(log n) steps).
fn intervals(fname: &str, rule: &Intervals) -> Code {
    let cut = rule.from + rule.block;
    let (ends, vals) = (&rule.ends[..cut], &rule.values[..cut]);
    let (s, r) = (rule.scaled_from(), rule.ratio);
    let python = format!(
        "def {fname}(n):\n    # G is constant on [ends[i], ends[i + 1]); G(n) = G(n // {r}) for n >= {s}.\n    ends = {}\n    vals = {}\n    while n >= {s}:\n        n //= {r}\n    i = len(ends) - 1\n    while ends[i] > n:\n        i -= 1\n    return vals[i]\n",
        list(ends),
        list(vals)
    );
    let cpp = format!(
        "unsigned long long {fname}(unsigned long long n) {{\n    // G is constant on [ends[i], ends[i + 1]); G(n) = G(n / {r}) for n >= {s}.\n    static const unsigned long long ends[{cut}] = {};\n    static const unsigned long long vals[{cut}] = {};\n    while (n >= {s}ULL) n /= {r}ULL;\n    int i = {};\n    while (ends[i] > n) --i;\n    return vals[i];\n}}\n",
        cpp_list(ends),
        cpp_list(vals),
        cut - 1
    );
    Code { python, cpp }
}

/// P-positions by a linear recurrence: the terms are generated up to n (O(log n) of them,
/// as the recurrence grows geometrically), in `__int128` in C++ (signed coefficients).
fn recurrence(r: &Recurrence) -> Code {
    let d = r.coeffs.len();
    let py_sum: Vec<String> = r
        .coeffs
        .iter()
        .enumerate()
        .map(|(j, c)| format!("{c} * t[-{}]", j + 1))
        .collect();
    let cpp_sum: Vec<String> = r
        .coeffs
        .iter()
        .enumerate()
        .map(|(j, c)| format!("(i128){c} * w[{}]", d - 1 - j))
        .collect();
    let c0 = r.constant;
    let python = format!(
        "def first_player_wins(n):\n    # The P-positions are the terms of t: t(i) = sum of c_j t(i - j) + c_0.\n    t = {}\n    if n in t:\n        return False\n    while t[-1] < n:\n        t.append({} + {c0})\n    return t[-1] != n\n",
        list(&r.first),
        py_sum.join(" + ")
    );
    let first: Vec<String> = r.first.iter().map(|x| format!("{x}ULL")).collect();
    let cpp = format!(
        "bool first_player_wins(unsigned long long n) {{\n    // The P-positions are the terms of t: t(i) = sum of c_j t(i - j) + c_0.\n    __extension__ typedef __int128 i128;\n    static const unsigned long long first[{k}] = {{{}}};\n    for (unsigned long long x : first) if (x == n) return false;\n    i128 w[{d}];\n    for (int j = 0; j < {d}; ++j) w[j] = first[{k} - {d} + j];\n    while (w[{d} - 1] < (i128)n) {{\n        i128 next = {} + (i128){c0};\n        for (int j = 0; j + 1 < {d}; ++j) w[j] = w[j + 1];\n        w[{d} - 1] = next;\n    }}\n    return w[{d} - 1] != (i128)n;\n}}\n",
        first.join(", "),
        cpp_sum.join(" + "),
        k = r.first.len(),
    );
    Code { python, cpp }
}

/// The code with a first check of the listed exceptions: the rule's function renamed
/// `_{fname}_rule` and called off them.
fn with_exceptions(code: Code, fname: &str, e: &[Exception]) -> Code {
    if e.is_empty() {
        return code;
    }
    let inner = format!("_{fname}_rule");
    let pairs: Vec<String> = e.iter().map(|x| format!("{}: {}", x.n, x.value)).collect();
    let ns: Vec<u64> = e.iter().map(|x| x.n).collect();
    let vs: Vec<u64> = e.iter().map(|x| x.value).collect();
    let k = e.len();
    Code {
        python: format!(
            "{}\ndef {fname}(n):\n    exceptions = {{{}}}\n    if n in exceptions:\n        return exceptions[n]\n    return {inner}(n)\n",
            code.python.replace(&format!("def {fname}("), &format!("def {inner}(")),
            pairs.join(", ")
        ),
        cpp: format!(
            "{}\nunsigned long long {fname}(unsigned long long n) {{\n    static const unsigned long long at[{k}] = {};\n    static const unsigned long long value[{k}] = {};\n    for (int i = 0; i < {k}; ++i) if (at[i] == n) return value[i];\n    return {inner}(n);\n}}\n",
            code.cpp.replace(&format!(" {fname}(unsigned"), &format!(" {inner}(unsigned")),
            cpp_list(&ns),
            cpp_list(&vs)
        ),
    }
}

fn cpp_list(v: &[u64]) -> String {
    let items: Vec<String> = v.iter().map(|x| format!("{x}ULL")).collect();
    format!("{{{}}}", items.join(", "))
}

fn periodic(fname: &str, pre: &[u64], per: &[u64], s: u64) -> Code {
    let (k, p) = (pre.len(), per.len());
    if k == 0 && per == [0] && s > 0 {
        // G(n) = s n (Nim: n).
        let (py, cpp) = if s == 1 {
            ("n".to_string(), "n".to_string())
        } else {
            (format!("{s} * n"), format!("{s}ULL * n"))
        };
        return Code {
            python: format!("def {fname}(n):\n    return {py}\n"),
            cpp: format!(
                "unsigned long long {fname}(unsigned long long n) {{\n    return {cpp};\n}}\n"
            ),
        };
    }
    let mut py = format!("def {fname}(n):\n");
    if k > 0 {
        py.push_str(&format!(
            "    pre = {}\n    if n < {k}:\n        return pre[n]\n",
            list(pre)
        ));
    }
    py.push_str(&format!("    per = {}\n", list(per)));
    let m = if k > 0 {
        format!("(n - {k})")
    } else {
        "n".to_string()
    };
    if s == 0 {
        py.push_str(&format!("    return per[{m} % {p}]\n"));
    } else {
        py.push_str(&format!(
            "    q, r = divmod({m}, {p})\n    return per[r] + {s} * q\n"
        ));
    }
    let mut cpp = format!("unsigned long long {fname}(unsigned long long n) {{\n");
    if k > 0 {
        cpp.push_str(&format!(
            "    static const unsigned long long pre[{k}] = {};\n    if (n < {k}ULL) return pre[n];\n",
            cpp_list(pre)
        ));
    }
    cpp.push_str(&format!(
        "    static const unsigned long long per[{p}] = {};\n",
        cpp_list(per)
    ));
    cpp.push_str(&if k > 0 {
        format!("    unsigned long long m = n - {k}ULL;\n")
    } else {
        "    unsigned long long m = n;\n".to_string()
    });
    if s == 0 {
        cpp.push_str(&format!("    return per[m % {p}ULL];\n}}\n"));
    } else {
        cpp.push_str(&format!(
            "    // Exact while the value fits in 64 bits.\n    return per[m % {p}ULL] + {s}ULL * (m / {p}ULL);\n}}\n"
        ));
    }
    Code { python: py, cpp }
}

fn formula1(fname: &str, exc: &[u64], c: &Closed) -> Code {
    let k = exc.len();
    let mut py = format!("def {fname}(n):\n");
    let mut cpp = format!("unsigned long long {fname}(unsigned long long n) {{\n");
    if k > 0 {
        py.push_str(&format!(
            "    exceptions = {}\n    if n < {k}:\n        return exceptions[n]\n",
            list(exc)
        ));
        cpp.push_str(&format!(
            "    static const unsigned long long exceptions[{k}] = {};\n    if (n < {k}ULL) return exceptions[n];\n",
            cpp_list(exc)
        ));
    }
    let (pyb, cppb) = match *c {
        Closed::Valuation { shift, add } => (
            format!("    m = n + {shift}\n    return (m & -m).bit_length() - 1 + {add}\n"),
            format!(
                "    // n + {shift} must be nonzero and fit in 64 bits.\n    unsigned long long m = n + {shift}ULL;\n    return (unsigned long long)__builtin_ctzll(m) + {add}ULL;\n"
            ),
        ),
        Closed::LowBit { shift } => (
            format!("    m = n + {shift}\n    return m & -m\n"),
            format!(
                "    // n + {shift} must fit in 64 bits.\n    unsigned long long m = n + {shift}ULL;\n    return m & (~m + 1ULL);\n"
            ),
        ),
        Closed::Ones { modulus } => {
            let md = if modulus == 0 {
                String::new()
            } else {
                format!(" % {modulus}")
            };
            (
                format!("    return bin(n).count(\"1\"){md}\n"),
                format!("    return (unsigned long long)__builtin_popcountll(n){md};\n"),
            )
        }
        Closed::TwiceWithParity { odd } => {
            let (py_extra, cpp_extra) = if odd {
                ("1 - bin(n).count(\"1\") % 2", "1ULL - (unsigned long long)(__builtin_popcountll(n) % 2)")
            } else {
                ("bin(n).count(\"1\") % 2", "(unsigned long long)(__builtin_popcountll(n) % 2)")
            };
            (
                format!("    return 2 * n + {py_extra}\n"),
                format!("    // Exact for n < 2^63.\n    return 2ULL * n + {cpp_extra};\n"),
            )
        }
        Closed::BitLength { shift } => (
            format!("    return (n + {shift}).bit_length()\n"),
            format!(
                "    // n + {shift} must fit in 64 bits.\n    unsigned long long m = n + {shift}ULL;\n    return m == 0 ? 0ULL : 64ULL - (unsigned long long)__builtin_clzll(m);\n"
            ),
        ),
        _ => (String::new(), String::new()),
    };
    py.push_str(&pyb);
    cpp.push_str(&cppb);
    cpp.push_str("}\n");
    Code { python: py, cpp }
}

fn bools(v: &[bool], py: bool) -> String {
    let items: Vec<&str> = v
        .iter()
        .map(|&b| match (b, py) {
            (true, true) => "True",
            (false, true) => "False",
            (true, false) => "true",
            (false, false) => "false",
        })
        .collect();
    if py {
        format!("[{}]", items.join(", "))
    } else {
        format!("{{{}}}", items.join(", "))
    }
}

fn p_positions1(p: &PRule) -> Code {
    match p {
        PRule::Fibonacci => Code {
            python: "def first_player_wins(n):\n    \
                     # The P-positions are 0 and the Fibonacci numbers 1, 2, 3, 5, 8, ...\n    \
                     if n == 0:\n        return False\n    \
                     a, b = 1, 2\n    \
                     while a < n:\n        a, b = b, a + b\n    \
                     return a != n\n"
                .to_string(),
            cpp: "bool first_player_wins(unsigned long long n) {\n    \
                  // The P-positions are 0 and the Fibonacci numbers 1, 2, 3, 5, 8, ...\n    \
                  if (n == 0) return false;\n    \
                  unsigned long long a = 1, b = 2;\n    \
                  while (a < n) {\n        \
                  if (b > ~0ULL - a) { a = b; break; }  // the next one is beyond 64 bits\n        \
                  unsigned long long c = a + b;\n        \
                  a = b;\n        \
                  b = c;\n    \
                  }\n    \
                  return a != n;\n}\n"
                .to_string(),
        },
        PRule::Recurrence(r) => recurrence(r),
        PRule::Geometric {
            exceptions,
            low,
            high,
            ratio,
        } => {
            let items: Vec<String> = exceptions.iter().map(|x| format!("{x}ULL")).collect();
            let cpp_exc = if exceptions.is_empty() {
                String::new()
            } else {
                format!(
                    "    static const unsigned long long exceptions[{}] = {{{}}};\n    for (unsigned long long x : exceptions) if (x == n) return false;\n",
                    exceptions.len(),
                    items.join(", ")
                )
            };
            Code {
                python: format!(
                    "def first_player_wins(n):\n    \
                     # P-positions: {} and {low} * {ratio}^k < n <= {high} * {ratio}^k, k >= 0.\n    \
                     if n in {}:\n        return False\n    \
                     lo, hi = {low}, {high}\n    \
                     while lo < n:\n        \
                     if n <= hi:\n            return False\n        \
                     lo, hi = lo * {ratio}, hi * {ratio}\n    \
                     return True\n",
                    list(exceptions),
                    list(exceptions)
                ),
                cpp: format!(
                    "bool first_player_wins(unsigned long long n) {{\n    \
                     // P-positions: the exceptions and {low} * {ratio}^k < n <= {high} * {ratio}^k, k >= 0.\n\
                     {cpp_exc}    \
                     __extension__ unsigned __int128 lo = {low}, hi = {high};\n    \
                     while (lo < n) {{\n        \
                     if (n <= hi) return false;\n        \
                     lo *= {ratio};\n        \
                     hi *= {ratio};\n    \
                     }}\n    \
                     return true;\n}}\n"
                ),
            }
        }
        PRule::Periodic { pre, per } => {
            let (k, q) = (pre.len(), per.len());
            let mut py = "def first_player_wins(n):\n".to_string();
            let mut cpp = "bool first_player_wins(unsigned long long n) {\n".to_string();
            py.push_str("    # is_p[n]: whether n is a P-position (G(n) = 0).\n");
            if k > 0 {
                py.push_str(&format!(
                    "    pre = {}\n    if n < {k}:\n        return not pre[n]\n",
                    bools(pre, true)
                ));
                cpp.push_str(&format!(
                    "    static const bool pre[{k}] = {};\n    if (n < {k}ULL) return !pre[n];\n",
                    bools(pre, false)
                ));
            }
            py.push_str(&format!(
                "    per = {}\n    return not per[(n - {k}) % {q}]\n",
                bools(per, true)
            ));
            cpp.push_str(&format!(
                "    static const bool per[{q}] = {};\n    return !per[(n - {k}ULL) % {q}ULL];\n}}\n",
                bools(per, false)
            ));
            Code { python: py, cpp }
        }
        _ => {
            let (python, cpp) = no_rule(1);
            Code { python, cpp }
        }
    }
}

/// The code of a two-argument closed form or rule of P-positions.
pub(crate) fn grid(rule: &Rule) -> Code {
    match rule {
        Rule::Formula {
            closed: Closed::Table2(t),
            ..
        } => {
            let (ka, kb) = (t.len(), t[0].len());
            let py: Vec<String> = t.iter().map(|r| list(r)).collect();
            let cpp: Vec<String> = t.iter().map(|r| cpp_list(r)).collect();
            Code {
                python: format!(
                    "def grundy(a, b):\n    t = [{}]\n    return t[a % {ka}][b % {kb}]\n",
                    py.join(", ")
                ),
                cpp: format!(
                    "unsigned long long grundy(unsigned long long a, unsigned long long b) {{\n    static const unsigned long long t[{ka}][{kb}] = {{{}}};\n    return t[a % {ka}ULL][b % {kb}ULL];\n}}\n",
                    cpp.join(", ")
                ),
            }
        }
        Rule::Formula {
            closed: Closed::NimProduct,
            ..
        } => Code {
            python: "def _nim_mul(a, b, bits):\n    \
                     # a, b < 2^bits, bits a power of 2; F = 2^(bits/2) and F*F = F ^ F/2.\n    \
                     if a < 2 or b < 2:\n        return a * b\n    \
                     h = bits // 2\n    \
                     a1, a0, b1, b0 = a >> h, a & ((1 << h) - 1), b >> h, b & ((1 << h) - 1)\n    \
                     c00 = _nim_mul(a0, b0, h)\n    \
                     c11 = _nim_mul(a1, b1, h)\n    \
                     c = _nim_mul(a0 ^ a1, b0 ^ b1, h)\n    \
                     return ((c ^ c00) << h) ^ c00 ^ _nim_mul(c11, 1 << (h - 1), h)\n\n\
                     def grundy(a, b):\n    \
                     # The nim-product a (*) b, exact at any size.\n    \
                     bits = 1\n    \
                     while max(a, b) >> bits:\n        bits *= 2\n    \
                     return _nim_mul(a, b, bits)\n"
                .to_string(),
            cpp: "static unsigned long long nim_mul_(unsigned long long a, unsigned long long b, int bits) {\n    \
                  // a, b < 2^bits, bits a power of 2; F = 2^(bits/2) and F*F = F ^ F/2.\n    \
                  if (a < 2 || b < 2) return a * b;\n    \
                  int h = bits / 2;\n    \
                  unsigned long long mask = (1ULL << h) - 1;\n    \
                  unsigned long long a1 = a >> h, a0 = a & mask, b1 = b >> h, b0 = b & mask;\n    \
                  unsigned long long c00 = nim_mul_(a0, b0, h);\n    \
                  unsigned long long c11 = nim_mul_(a1, b1, h);\n    \
                  unsigned long long c = nim_mul_(a0 ^ a1, b0 ^ b1, h);\n    \
                  return ((c ^ c00) << h) ^ c00 ^ nim_mul_(c11, 1ULL << (h - 1), h);\n}\n\n\
                  unsigned long long grundy(unsigned long long a, unsigned long long b) {\n    \
                  // The nim-product a (*) b.\n    \
                  return nim_mul_(a, b, 64);\n}\n"
                .to_string(),
        },
        Rule::PPositions {
            p: PRule::Periodic2(t),
            ..
        } => {
            let (ka, kb) = (t.len(), t[0].len());
            let py: Vec<String> = t.iter().map(|r| bools(r, true)).collect();
            let cpp: Vec<String> = t.iter().map(|r| bools(r, false)).collect();
            Code {
                python: format!(
                    "def first_player_wins(a, b):\n    # is_p[a % {ka}][b % {kb}]: whether (a, b) is a P-position.\n    is_p = [{}]\n    return not is_p[a % {ka}][b % {kb}]\n",
                    py.join(", ")
                ),
                cpp: format!(
                    "bool first_player_wins(unsigned long long a, unsigned long long b) {{\n    static const bool is_p[{ka}][{kb}] = {{{}}};\n    return !is_p[a % {ka}ULL][b % {kb}ULL];\n}}\n",
                    cpp.join(", ")
                ),
            }
        }
        Rule::Formula { closed, .. } => {
            let (py, cpp) = match *closed {
                Closed::Xor => ("a ^ b".to_string(), "a ^ b".to_string()),
                Closed::Add => ("a + b".to_string(), "a + b".to_string()),
                Closed::Diff => (
                    "a - b if a >= b else b - a".to_string(),
                    "a >= b ? a - b : b - a".to_string(),
                ),
                Closed::Min => ("min(a, b)".to_string(), "a < b ? a : b".to_string()),
                Closed::Max => ("max(a, b)".to_string(), "a > b ? a : b".to_string()),
                Closed::AddMod(k) => (
                    format!("(a + b) % {k}"),
                    format!("(a % {k}ULL + b % {k}ULL) % {k}ULL"),
                ),
                _ => (String::new(), String::new()),
            };
            Code {
                python: format!("def grundy(a, b):\n    return {py}\n"),
                cpp: format!(
                    "unsigned long long grundy(unsigned long long a, unsigned long long b) {{\n    return {cpp};\n}}\n"
                ),
            }
        }
        Rule::PPositions {
            p: PRule::Golden, ..
        } => Code {
            python: "def first_player_wins(a, b):\n    \
                     # P exactly when 0 < s < l < phi*s, s = min, l = max, phi = (1 + 5 ** 0.5) / 2:\n    \
                     # l < phi*s exactly when l*(l - s) < s*s (integers only, exact at any size).\n    \
                     s, l = min(a, b), max(a, b)\n    \
                     return not (0 < s < l and l * (l - s) < s * s)\n"
                .to_string(),
            cpp: "bool first_player_wins(unsigned long long a, unsigned long long b) {\n    \
                  // P exactly when 0 < s < l < phi*s, s = min, l = max, phi = (1 + sqrt 5) / 2:\n    \
                  // l < phi*s exactly when l*(l - s) < s*s; the products fit in 128 bits.\n    \
                  __extension__ unsigned __int128 s = a < b ? a : b, l = a < b ? b : a;\n    \
                  bool p = 0 < s && s < l && l * (l - s) < s * s;\n    \
                  return !p;\n}\n"
                .to_string(),
        },
        Rule::PPositions {
            p: PRule::Beatty { c },
            ..
        } => beatty(*c),
        Rule::PPositions {
            p: PRule::Wythoff, ..
        } => Code {
            python: "def first_player_wins(a, b):\n    \
                     # P-positions: (0, 0) and {floor(k*phi), floor(k*phi^2)}, phi = (1 + 5 ** 0.5) / 2.\n    \
                     # With a <= b and k = b - a >= 1: a = floor(k*phi) exactly when\n    \
                     # a*(a - k) < k*k < (a + 1)*(a + 1 - k) (integers only, exact at any size).\n    \
                     if a > b:\n        a, b = b, a\n    \
                     k = b - a\n    \
                     if k == 0:\n        return a != 0\n    \
                     if a < k:\n        return True\n    \
                     p = a * (a - k) < k * k < (a + 1) * (a + 1 - k)\n    \
                     return not p\n"
                .to_string(),
            cpp: "bool first_player_wins(unsigned long long a, unsigned long long b) {\n    \
                  // P-positions: (0, 0) and {floor(k*phi), floor(k*phi^2)}, phi = (1 + sqrt 5) / 2.\n    \
                  // With a <= b and k = b - a >= 1: a = floor(k*phi) exactly when\n    \
                  // a*(a - k) < k*k < (a + 1)*(a + 1 - k); the products fit in 128 bits.\n    \
                  if (a > b) { unsigned long long t = a; a = b; b = t; }\n    \
                  unsigned long long k = b - a;\n    \
                  if (k == 0) return a != 0;\n    \
                  if (a < k) return true;\n    \
                  __extension__ unsigned __int128 A = a, K = k;\n    \
                  bool p = A * (A - K) < K * K && K * K < (A + 1) * (A + 1 - K);\n    \
                  return !p;\n}\n"
                .to_string(),
        },
        _ => {
            let (python, cpp) = no_rule(2);
            Code { python, cpp }
        }
    }
}

/// The code of the Beatty pairs with b - a = c k ([`PRule::Beatty`]).
fn beatty(c: u64) -> Code {
    let head = format!(
        "P-positions: (0, 0) and {{floor(k*alpha), floor(k*beta)}}, k >= 1, with\n    \
         // alpha = (2 - {c} + sqrt({})) / 2 and beta = alpha + {c} (1/alpha + 1/beta = 1).\n    \
         // With a <= b: b - a = {c}*k, b >= 2k, and a = floor(k*alpha) exactly when\n    \
         // a*(b - 2k) < k*(b - a) < (a + 1)*(b + 1 - 2k)",
        c * c + 4
    );
    Code {
        python: format!(
            "def first_player_wins(a, b):\n    \
             # {}\n    \
             # (integers only, exact at any size).\n    \
             if a > b:\n        a, b = b, a\n    \
             d = b - a\n    \
             if d == 0:\n        return a != 0\n    \
             if d % {c}:\n        return True\n    \
             k = d // {c}\n    \
             if b < 2 * k:\n        return True\n    \
             p = a * (b - 2 * k) < k * d < (a + 1) * (b + 1 - 2 * k)\n    \
             return not p\n",
            head.replace("\n    // ", "\n    # ")
        ),
        cpp: format!(
            "bool first_player_wins(unsigned long long a, unsigned long long b) {{\n    \
             // {head}\n    \
             // (the products fit in 128 bits).\n    \
             if (a > b) {{ unsigned long long t = a; a = b; b = t; }}\n    \
             unsigned long long d = b - a;\n    \
             if (d == 0) return a != 0;\n    \
             if (d % {c}ULL != 0) return true;\n    \
             unsigned long long k = d / {c}ULL;\n    \
             if (k > b / 2) return true;  // b < 2k\n    \
             __extension__ typedef unsigned __int128 u128;\n    \
             u128 A = a, B = b, K = k, D = d;\n    \
             bool p = A * (B - 2 * K) < K * D && K * D < (A + 1) * (B + 1 - 2 * K);\n    \
             return !p;\n}}\n"
        ),
    }
}

/// The code of a sum: both sides' functions, then `grundy(a, b)`.
pub(crate) fn sum(left: &Code, right: &Code) -> Code {
    Code {
        python: format!(
            "{}\n{}\ndef grundy(a, b):\n    return grundy_left(a) ^ grundy_right(b)\n",
            left.python, right.python
        ),
        cpp: format!(
            "{}\n{}\nunsigned long long grundy(unsigned long long a, unsigned long long b) {{\n    return grundy_left(a) ^ grundy_right(b);\n}}\n",
            left.cpp, right.cpp
        ),
    }
}

/// The code of kind `none`: a function that says it has no rule.
pub(crate) fn no_rule(arity: u8) -> (String, String) {
    let (args, cargs, unused) = if arity == 2 {
        (
            "a, b",
            "unsigned long long a, unsigned long long b",
            "(void)a;\n    (void)b;",
        )
    } else {
        ("n", "unsigned long long n", "(void)n;")
    };
    (
        format!(
            "def grundy({args}):\n    raise NotImplementedError(\"no rule found: compute the value by search\")\n"
        ),
        format!(
            "#include <stdexcept>\nunsigned long long grundy({cargs}) {{\n    {unused}\n    throw std::runtime_error(\"no rule found: compute the value by search\");\n}}\n"
        ),
    )
}
