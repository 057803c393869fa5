//! Rule scripts through the binary: `--rules` on the commands, `rules check`, exit statuses.

use crate::cli::grundy;

/// The repository's example scripts (the binary runs at the workspace root).
const LASKER: &str = "examples/rules/lasker.rhai";
const BOUNCE: &str = "examples/rules/bounce.rhai";

fn text(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn table_of_a_script_with_its_period_as_json() {
    let out = grundy(&["table", "--rules", LASKER, "lasker", "--to", "40", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&text(&out)).unwrap();
    assert_eq!(v["ruleset"], "lasker");
    assert_eq!(v["values"][3], 4);
    assert_eq!(v["period"]["period"], 4);
    assert_eq!(v["period"]["proven"], false);
}

#[test]
fn repeated_rules_in_one_sum_with_builtins() {
    let out = grundy(&[
        "analyze",
        "--json",
        "--rules",
        LASKER,
        "--rules",
        BOUNCE,
        "lasker(3) + nim(4) + bounce(0)",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_str(&text(&out)).unwrap();
    assert_eq!(v["outcome"], "P");
    let out = grundy(&["analyze", "--json", "--rules", BOUNCE, "bounce(7)"]);
    let v: serde_json::Value = serde_json::from_str(&text(&out)).unwrap();
    assert_eq!(v["outcome"], "D");
}

#[test]
fn rules_check_reports_and_exit_statuses() {
    let out = grundy(&["rules", "check", LASKER, "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_str(&text(&out)).unwrap();
    assert_eq!(v["name"], "lasker");
    assert_eq!(v["functions"][0]["name"], "moves");
    assert_eq!(v["values"][7], 8);
    let dir = std::env::temp_dir().join(format!("grundy-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.rhai");
    std::fs::write(&bad, "fn moves(n) {\n  [n +]\n}\n").unwrap();
    let out = grundy(&["rules", "check", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.rhai:2:7"), "{err}");
    let spin = dir.join("spin.rhai");
    std::fs::write(&spin, "fn moves(n) { loop { } }\n").unwrap();
    let out = grundy(&["analyze", "--rules", spin.to_str().unwrap(), "spin(1)"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--script-limit operations=N"));
    let out = grundy(&[
        "analyze",
        "--rules",
        spin.to_str().unwrap(),
        "--script-limit",
        "operations=1000",
        "spin(1)",
    ]);
    assert_eq!(out.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&out.stderr).contains("1000 operations"));
    let _ = std::fs::remove_dir_all(&dir);
}

const DIGITS: &str = "examples/rules/digits.rhai";
const CALENDAR: &str = "examples/rules/calendar.rhai";

/// A scratch directory for scripts written by one test.
pub(crate) struct Scratch(std::path::PathBuf);

impl Scratch {
    pub(crate) fn new(tag: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("grundy-rules-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Writes `name` with `text` and returns its path.
    pub(crate) fn file(&self, name: &str, text: &str) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

pub(crate) fn ok(out: &std::process::Output) -> String {
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr: {}\nstdout: {}",
        String::from_utf8_lossy(&out.stderr),
        text(out)
    );
    text(out)
}

pub(crate) fn json(out: &std::process::Output) -> serde_json::Value {
    serde_json::from_str(&ok(out)).unwrap()
}

pub(crate) fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// rules.md, "Loading": a script family sums with built-ins and other scripts, as in the
/// contract's own example `digits(123) + nim(3,4) + lasker(10)`.
#[test]
fn the_contracts_sum_example_works() {
    let args = ["analyze", "--json", "--rules", DIGITS, "--rules", LASKER];
    let mut all = args.to_vec();
    all.push("digits(123) + nim(3,4) + lasker(10)");
    let v = json(&grundy(&all));
    // An integer argument of digits means the string of its digits.
    let mut same = args.to_vec();
    same.push("digits(\"123\") + nim(3,4) + lasker(10)");
    let w = json(&grundy(&same));
    assert_eq!(v["nimber"], w["nimber"]);
    assert_eq!(v["outcome"], w["outcome"]);
    // G(lasker 10) = 10 (10 = 4*2+2), G(nim 3,4) = 7: so the sum is P iff G(digits "123") = 13.
    let d = json(&grundy(&[
        "analyze",
        "--json",
        "--rules",
        DIGITS,
        "digits(123)",
    ]));
    let g = d["nimber"].as_u64().unwrap();
    let p = g ^ 10 ^ 7 == 0;
    assert_eq!(v["outcome"], if p { "P" } else { "N" });
    assert_eq!(v["nimber"].as_u64().unwrap(), g ^ 10 ^ 7);
}

/// rules.md, "Loading": the name is the file's stem unless the script declares `NAME`; an
/// expression naming the stem of a script that declared another name is an input error.
#[test]
fn names_come_from_the_stem_or_const_name() {
    let s = Scratch::new("names");
    let stem = s.file(
        "takeone.rhai",
        "fn moves(n) { if n > 0 { [n - 1] } else { [] } }",
    );
    let named = s.file(
        "whatever.rhai",
        "const NAME = \"tk\";\nfn moves(n) { if n > 1 { [n - 2] } else { [] } }",
    );
    let v = json(&grundy(&[
        "analyze",
        "--json",
        "--rules",
        &stem,
        "takeone(3)",
    ]));
    assert_eq!(v["outcome"], "N");
    let v = json(&grundy(&["analyze", "--json", "--rules", &named, "tk(4)"]));
    assert_eq!(v["outcome"], "P");
    let out = grundy(&["analyze", "--rules", &named, "whatever(4)"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// rules.md, "Positions": `NAME(a)` is `a`, `NAME(a, b, ...)` the array; arguments are 64-bit
/// integers or double-quoted strings, a larger integer is an input error; positions are
/// compared by value (an equal array built anew is the same position, so it makes a cycle).
#[test]
fn positions_are_values_of_the_given_shape() {
    let s = Scratch::new("shapes");
    // moves says what it was given by the shape of its one option's count: a string has 1
    // option, an integer 2, an array of n elements n + 2 (each option is the end).
    let shape = s.file(
        "shape.rhai",
        "const ARITY = \"all\"; fn moves(p) {\n\
         let k = if type_of(p) == \"string\" { 1 } else if type_of(p) == \"i64\" { 2 } \
         else if type_of(p) == \"array\" { p.len() + 2 } else { throw `odd ${type_of(p)}`; };\n\
         let out = []; for i in 0..k { out.push(sum([])); } out }\n\
         fn describe(p, q) { `from ${type_of(p)}` }",
    );
    for (expr, want) in [
        ("shape(\"x\")", "string"),
        ("shape(-5)", "i64"),
        ("shape(9223372036854775807)", "i64"),
        ("shape(1, \"a\", 3)", "array"),
    ] {
        let v = json(&grundy(&["analyze", "--json", "--rules", &shape, expr]));
        let text = v["winning_moves"][0]["move"].as_str().unwrap().to_string();
        assert_eq!(text, format!("from {want}"), "{expr}");
    }
    let v = json(&grundy(&[
        "analyze",
        "--json",
        "--rules",
        &shape,
        "shape(1, 2, 3)",
    ]));
    assert_eq!(v["winning_moves_total"], 5);
    let out = grundy(&["analyze", "--rules", &shape, "shape(9223372036854775808)"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("64-bit"), "{}", stderr(&out));
    // Compared by value: from [0, 1] the only move is to a new array equal to [0, 1].
    let same = s.file(
        "same.rhai",
        "const ARITY = 2; fn moves(p) { let q = []; q.push(p[0]); q.push(p[1]); [q] }",
    );
    let v = json(&grundy(&[
        "analyze",
        "--json",
        "--rules",
        &same,
        "same(0, 1)",
    ]));
    assert_eq!(v["outcome"], "D");
}

/// rules.md, "The one required function": options are positions or sums, `[]` is no move, and
/// the contract's Lasker's Nim has the values of Lasker's Nim (Berlekamp, Conway and Guy,
/// Winning Ways, ch. 4: 0, 1, 2, 4, 3, 5, 6, 8, 7, ...), as `rules check` prints them.
#[test]
fn the_contracts_lasker_example_and_rules_check() {
    let s = Scratch::new("lasker");
    let lasker = s.file(
        "lk.rhai",
        "fn moves(n) {\n    let out = [];\n    for k in 1..=n { out.push(n - k); }\n    \
         for a in 1..n { if a <= n - a { out.push(sum([a, n - a])); } }\n    out\n}\n",
    );
    let v = json(&grundy(&["rules", "check", &lasker, "--to", "8", "--json"]));
    assert_eq!(v["name"], "lk");
    let got: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(got, vec![0, 1, 2, 4, 3, 5, 6, 8, 7]);
    let out = ok(&grundy(&["rules", "check", &lasker, "--to", "8"]));
    assert!(out.contains("values 0..8: 0 1 2 4 3 5 6 8 7"), "{out}");
    assert!(out.contains("functions: moves/1"), "{out}");
    // No move at all: a P-position; sum([]) is a move to the end.
    let none = s.file("none.rhai", "fn moves(p) { [] }");
    let v = json(&grundy(&["analyze", "--json", "--rules", &none, "none(5)"]));
    assert_eq!(v["outcome"], "P");
    let end = s.file("end.rhai", "fn moves(p) { [sum([])] }");
    let v = json(&grundy(&["analyze", "--json", "--rules", &end, "end(5)"]));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["to"], "0");
}

/// rules.md, "Optional functions": `display(p)` is the text of a position wherever one is
/// shown (analyze's game and winning moves, explain, play), and `describe(p, q)` the move.
#[test]
fn display_gives_the_text_of_positions_everywhere() {
    // calendar.rhai shows a date as year-month-day.
    let v = json(&grundy(&[
        "analyze",
        "--json",
        "--rules",
        CALENDAR,
        "calendar(2001, 11, 3) + nim(2)",
    ]));
    // JSON keeps the canonical text, which parses back (the playground and scripts feed it
    // to the next query), and adds the text for people as "shown".
    assert_eq!(v["shown"], "2001-11-3 + nim(2)");
    let game = v["game"].as_str().unwrap();
    assert!(game.starts_with("calendar(2001,11,3)"), "{game}");
    let moves = v["winning_moves"].as_array().unwrap();
    let shown: Vec<&str> = moves.iter().map(|m| m["shown"].as_str().unwrap()).collect();
    // G(2001-11-3) = 1 (judge sample YES; its one option is the end), so the one winning
    // move takes nim(2) to nim(1), and the target is shown with display.
    assert_eq!(shown, vec!["2001-11-3 + nim(1)"]);
    for m in moves {
        let to = m["to"].as_str().unwrap();
        // The canonical text of the target parses back: analyze it again.
        let again = json(&grundy(&["analyze", "--json", "--rules", CALENDAR, to]));
        assert_eq!(again["shown"], "2001-11-3 + nim(1)", "{to}");
    }
    let text = ok(&grundy(&[
        "analyze",
        "--rules",
        CALENDAR,
        "calendar(2001, 11, 2)",
    ]));
    assert!(text.contains("2001-11-2"), "{text}");
    assert!(!text.contains("calendar("), "{text}");
    let text = ok(&grundy(&[
        "explain",
        "--rules",
        CALENDAR,
        "calendar(2001, 11, 3)",
    ]));
    assert!(text.contains("2001-11-3"), "{text}");
    assert!(!text.contains("calendar("), "{text}");
    // A script without display keeps NAME(args).
    let text = ok(&grundy(&["analyze", "--rules", LASKER, "lasker(6)"]));
    assert!(text.contains("lasker("), "{text}");
    // A display that fails falls back to NAME(args) rather than failing the query.
    let s = Scratch::new("display");
    let bad = s.file(
        "bad.rhai",
        "fn moves(n) { if n > 0 { [n - 1] } else { [] } }\nfn display(p) { throw \"no\"; }",
    );
    let text = ok(&grundy(&["analyze", "--rules", &bad, "bad(1)"]));
    assert!(text.contains("bad(0)"), "{text}");
}

/// rules.md, "Limits and errors": no file, network or clock; errors name FILE:LINE:COLUMN
/// with status 2; limits exit with status 3 and say how to raise them (the CLI's words).
#[test]
fn sandbox_errors_and_limits_through_the_cli() {
    let s = Scratch::new("sandbox");
    for (name, body) in [
        ("clock", "fn moves(p) { let t = timestamp(); [] }"),
        (
            "files",
            "fn moves(p) { let f = open_file(\"/etc/passwd\"); [] }",
        ),
        (
            "net",
            "fn moves(p) { http_get(\"http://example.com\"); [] }",
        ),
        ("evil", "fn moves(p) { eval(\"1\"); [] }"),
    ] {
        let f = s.file(&format!("{name}.rhai"), body);
        let out = grundy(&["analyze", "--rules", &f, &format!("{name}(1)")]);
        assert_eq!(out.status.code(), Some(2), "{name}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!("{name}.rhai:")),
            "{}",
            stderr(&out)
        );
    }
    let f = s.file("thrower.rhai", "fn moves(p) {\n  throw \"bad\";\n}");
    let out = grundy(&["table", "--rules", &f, "thrower", "--to", "3"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("thrower.rhai:2:3"),
        "{}",
        stderr(&out)
    );
    let f = s.file(
        "big.rhai",
        "fn moves(p) { let a = []; loop { a.push(1); } }",
    );
    let out = grundy(&["analyze", "--rules", &f, "big(1)"]);
    assert_eq!(out.status.code(), Some(3));
    let err = stderr(&out);
    assert!(err.contains("elements in one array"), "{err}");
    assert!(err.contains("--script-limit array-size=N"), "{err}");
    // `rules check` reports a limit met while computing the first values as a problem, with
    // exit status 3 (rules.md): the family fails the same way in any analysis.
    let out = grundy(&["rules", "check", &f]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out));
    assert!(
        text(&out).contains("elements in one array"),
        "{}",
        text(&out)
    );
    assert!(!text(&out).contains("problems: none"), "{}", text(&out));
    // The search's own limits are limits too.
    let f = s.file("up.rhai", "fn moves(n) { [n + 1] }");
    let out = grundy(&["analyze", "--rules", &f, "--max-nodes", "1000", "up(0)"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    // An endless loop, endless recursion and a game that never ends: `rules check` exits 3.
    for (name, body) in [
        ("spin", "fn moves(n) { loop { } }"),
        ("deep", "fn f(x) { f(x + 1) } fn moves(n) { f(n) }"),
        ("up", "fn moves(n) { [n + 1] }"),
    ] {
        let f = s.file(&format!("{name}.rhai"), body);
        let out = grundy(&["rules", "check", &f]);
        assert_eq!(out.status.code(), Some(3), "{name}: {}", text(&out));
        assert!(
            !text(&out).contains("problems: none"),
            "{name}: {}",
            text(&out)
        );
    }
}

/// rules.md, "Tables": the same output and JSON as built-in heap rulesets, the period not
/// proven; and `plot` of a one-integer script family.
#[test]
fn tables_and_plots_of_scripts() {
    let s = Scratch::new("tables");
    let sub = s.file(
        "s134.rhai",
        "const S = [1, 3, 4];\nfn moves(n) { let o = []; for k in S { if k <= n { o.push(n - k); } } o }",
    );
    let a = json(&grundy(&[
        "table", "--json", "--rules", &sub, "s134", "--to", "60",
    ]));
    let b = json(&grundy(&["table", "--json", "sub[1,3,4]", "--to", "60"]));
    assert_eq!(a["values"], b["values"]);
    assert_eq!(a["period"]["period"], 7);
    assert_eq!(a["period"]["proven"], false);
    let text = ok(&grundy(&["table", "--rules", &sub, "s134", "--to", "60"]));
    assert!(text.contains("not proven"), "{text}");
    let svg = s.0.join("s.svg");
    let svg = svg.to_str().unwrap();
    let out = grundy(&["plot", "--rules", &sub, "s134", "--to", "100", "--out", svg]);
    ok(&out);
    let image = std::fs::read_to_string(svg).unwrap();
    assert!(image.contains("<svg"), "{image}");
    // A game with cycles has no table.
    let out = grundy(&["table", "--rules", BOUNCE, "bounce", "--to", "5"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// `play` with a script: the engine answers with winning moves, shown with display.
#[test]
fn play_a_script_game() {
    // Lasker's Nim from 6 (N): the engine moves first and must leave a P-position; here
    // it takes the whole heap, and the human cannot move.
    // `grundy_stdin` runs in the test's directory: name the examples from the workspace root.
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
    let (lasker, calendar) = (format!("{root}{LASKER}"), format!("{root}{CALENDAR}"));
    let input = "";
    let out = crate::cli::grundy_stdin(
        &["play", "--rules", &lasker, "--engine-first", "lasker(6)"],
        input,
    );
    let text = ok(&out);
    assert!(text.contains("lasker("), "{text}");
    assert!(text.contains("the engine wins"), "{text}");
    let out = crate::cli::grundy_stdin(
        &[
            "play",
            "--rules",
            &calendar,
            "--engine-first",
            "calendar(2001, 11, 3)",
        ],
        "",
    );
    let text = ok(&out);
    assert!(text.contains("2001-11-"), "{text}");
    assert!(!text.contains("calendar("), "{text}");
}

/// A game whose sums grow with every move (0 -> 0 + 0, for ever) holds states of ever more
/// components: the search stops at the memory limit (exit 3, naming the flag that raises it)
/// long before it has many states, instead of exhausting the machine.
#[test]
fn sums_that_grow_without_end_stop_at_the_memory_limit() {
    let s = Scratch::new("grow");
    let f = s.file(
        "grow.rhai",
        "fn moves(n) { if n == 0 { [sum([0, 0])] } else { [] } }",
    );
    let out = grundy(&["analyze", "--rules", &f, "--memory-limit", "64M", "grow(0)"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let text = stderr(&out);
    assert!(text.contains("memory limit"), "{text}");
    assert!(text.contains("--memory-limit"), "{text}");
}

/// `--no-count` skips the listing that counting needs: Euclid's pair (1, 2^31 - 1), whose
/// value the closed form gives at once, has 2^31 - 1 moves, and counting them runs into the
/// script's operation limit (a note says so); without the count nothing is listed, and the
/// answer is the same.
#[test]
fn no_count_answers_without_listing_the_moves() {
    // `grundy_stdin` runs in the test's directory: the script's path is absolute.
    let rules = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/rules/euclid_closed.luau"
    );
    let pair = "euclid(1,2147483647)";
    let counted = json(&grundy(&[
        "analyze",
        "--json",
        "--no-remoteness",
        "--max-moves",
        "0",
        "--rules",
        rules,
        pair,
    ]));
    let note = counted["winning_moves_note"].as_str().unwrap_or_default();
    assert!(note.contains("operations"), "{note}");
    for batch in [false, true] {
        let mut args = vec!["analyze", "--json", "--no-remoteness", "--max-moves", "0"];
        args.extend(["--no-count", "--rules", rules]);
        let a = if batch {
            args.extend(["--batch", "-"]);
            let out = ok(&crate::cli::grundy_stdin(
                &args,
                &format!("{pair}\neuclid(15,24)\n"),
            ));
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines.len(), 2, "{out}");
            let second: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
            assert_eq!(second["outcome"], "P", "{out}");
            serde_json::from_str(lines[0]).unwrap()
        } else {
            args.push(pair);
            json(&grundy(&args))
        };
        assert_eq!(a["outcome"], "N", "{a}");
        assert_eq!(a["nimber"], counted["nimber"], "{a}");
        assert_eq!(a["winning_moves_total"], serde_json::Value::Null, "{a}");
        let note = a["winning_moves_note"].as_str().unwrap_or_default();
        assert_eq!(note, "the winning moves were not counted (not asked for)");
    }
}

/// `--batch` writes each error with the library's one writer (`grundy::ErrorBody`), as the
/// playground's server does: an error raised at a line of a rule script gives its file, line
/// and column as fields, its message without the place, and the limit met is named.
#[test]
fn batch_errors_have_the_one_error_shape() {
    let s = Scratch::new("batch-errors");
    let f = s.file("thrower.rhai", "fn moves(p) {\n  throw \"bad\";\n}");
    let out = crate::cli::grundy_stdin(
        &["analyze", "--json", "--rules", &f, "--batch", "-"],
        "thrower(1)\nnim(3,\n",
    );
    let lines: Vec<serde_json::Value> = ok(&out)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "{lines:?}");
    let e = &lines[0]["error"];
    assert_eq!(lines[0]["line"], 1, "{e}");
    assert_eq!(e["kind"], "input", "{e}");
    let file = e["file"].as_str().unwrap_or_default();
    assert!(file.ends_with("thrower.rhai"), "{e}");
    assert_eq!((&e["line"], &e["column"]), (&2.into(), &3.into()), "{e}");
    assert!(
        !e["message"]
            .as_str()
            .unwrap_or_default()
            .contains("thrower.rhai:"),
        "{e}"
    );
    let e = &lines[1]["error"];
    assert_eq!(
        (&lines[1]["line"], &e["kind"], &e["column"]),
        (&2.into(), &"input".into(), &7.into()),
        "{e}"
    );
    let f = s.file("up.rhai", "fn moves(n) { [n + 1] }");
    let out = crate::cli::grundy_stdin(
        &[
            "analyze",
            "--json",
            "--rules",
            &f,
            "--max-nodes",
            "1000",
            "--batch",
            "-",
        ],
        "up(0)\n",
    );
    let e: serde_json::Value = serde_json::from_str(ok(&out).trim()).unwrap();
    assert_eq!(
        (&e["error"]["kind"], &e["error"]["limit"]),
        (&"limit".into(), &"positions".into()),
        "{e}"
    );
}

/// Two nim heaps as one position of two numbers, in both languages, with a closed form and
/// texts: `rules check` values a box of small positions (each number from 0 up), compares
/// `nimber` with the search there and tries `display` and `describe`, and speaks the
/// script's own language. It computed no values for two numbers, and told a Luau script to
/// write `const ARITY = 2` (Rhai).
const TWO_HEAPS_LUAU: &str = "ARITY = 2
function moves(p)
    if p[1] < 0 or p[2] < 0 then error(\"heaps are not negative\") end
    local out = {}
    for k = 1, p[1] do out[#out + 1] = {p[1] - k, p[2]} end
    for k = 1, p[2] do out[#out + 1] = {p[1], p[2] - k} end
    return out
end
function nimber(p) return bit32.bxor(p[1], p[2]) end
function display(p) return p[1] .. \"|\" .. p[2] end
function describe(p, q) return \"a move\" end
";

const TWO_HEAPS_RHAI: &str = "const ARITY = 2;
fn moves(p) {
    let out = [];
    for k in 1..=p[0] { out.push([p[0] - k, p[1]]); }
    for k in 1..=p[1] { out.push([p[0], p[1] - k]); }
    out
}
fn nimber(p) { p[0] ^ p[1] }
fn display(p) { `${p[0]}|${p[1]}` }
fn describe(p, q) { \"a move\" }
";

#[test]
fn rules_check_values_a_box_of_positions_of_two_numbers_in_either_language() {
    let s = Scratch::new("box");
    for (file, src) in [
        ("heaps.luau", TWO_HEAPS_LUAU),
        ("heaps.rhai", TWO_HEAPS_RHAI),
    ] {
        let path = s.file(file, src);
        let v = json(&grundy(&["rules", "check", &path, "--json"]));
        assert_eq!(v["arity"], 2, "{file}");
        let rows = v["box"]["values"].as_array().cloned().unwrap_or_default();
        assert_eq!(v["box"]["last"], 19, "{file}: {v}");
        assert_eq!(rows.len(), 20, "{file}: {v}");
        for (a, row) in rows.iter().enumerate() {
            let row = row.as_array().cloned().unwrap_or_default();
            assert_eq!(row.len(), 20, "{file}");
            for (b, x) in row.iter().enumerate() {
                assert_eq!(x.as_u64(), Some((a ^ b) as u64), "{file}: heaps({a},{b})");
            }
        }
        assert_eq!(v["closed_forms_checked"], 400, "{file}: {v}");
        assert_eq!(v["texts_checked"], 400, "{file}: {v}");
        assert!(v["values_note"].is_null(), "{file}: {v}");
        // As text: a row a line, `--to` bounds the numbers, no other language's syntax.
        let out = ok(&grundy(&["rules", "check", &path, "--to", "3"]));
        assert!(out.contains("  heaps(2, *): 2 3 0 1\n"), "{file}: {out}");
        assert!(
            out.contains("closed forms: agree with the search on 16 positions"),
            "{out}"
        );
        assert!(
            out.contains("texts: display and describe ran on 16 positions"),
            "{out}"
        );
        assert!(!out.contains("no first values"), "{out}");
    }
}

#[test]
fn rules_check_marks_positions_a_script_refuses_and_speaks_its_language() {
    let s = Scratch::new("refuse");
    // kiki's board has at least one row and one column: the zeros are refused and marked.
    let out = ok(&grundy(&[
        "rules",
        "check",
        "examples/rules/kiki.luau",
        "--to",
        "3",
    ]));
    assert!(
        out.contains("values 0..3 in each of 2 numbers (16 positions"),
        "{out}"
    );
    assert!(out.contains("  kiki(0, *): - - - -\n"), "{out}");
    assert!(out.contains("  kiki(2, *): - 1 2 3\n"), "{out}");
    assert!(
        out.contains("refused: kiki(0, 0) and every position marked -"),
        "{out}"
    );
    // A family of arrays of any length has no box: the note declares ARITY as the script's
    // own language does.
    for (file, src, decl, other) in [
        (
            "rows.luau",
            "ARITY = \"all\"\nfunction moves(p) return {} end\n",
            "(ARITY = \"all\")",
            "const ARITY",
        ),
        (
            "rows.rhai",
            "const ARITY = \"all\";\nfn moves(p) { [] }\n",
            "(const ARITY = \"all\";)",
            "(ARITY = \"all\")",
        ),
    ] {
        let path = s.file(file, src);
        let out = ok(&grundy(&["rules", "check", &path]));
        assert!(out.contains(decl), "{file}: {out}");
        assert!(!out.contains(other), "{file}: {out}");
    }
}

#[test]
fn rules_check_tries_display_and_describe_on_one_number_positions() {
    let s = Scratch::new("texts");
    for (file, src) in [
        (
            "bash.luau",
            "function moves(n) local o = {} for k = 1, 3 do if k <= n then o[#o + 1] = n - k end end return o end
function display(n) if n == 5 then error(\"five\") end return \"heap \" .. n end
",
        ),
        (
            "bash.rhai",
            "fn moves(n) { let o = []; for k in 1..=3 { if k <= n { o.push(n - k); } } o }
fn display(n) { if n == 5 { throw \"five\"; } `heap ${n}` }
",
        ),
    ] {
        let path = s.file(file, src);
        let v = json(&grundy(&["rules", "check", &path, "--to", "8", "--json"]));
        let warnings = v["warnings"].to_string();
        assert!(warnings.contains("display(bash(5)) failed"), "{file}: {v}");
        assert!(v["texts_checked"].is_null(), "{file}: {v}");
        let fixed = src.replace("n == 5", "n == 500");
        let path = s.file(file, &fixed);
        let v = json(&grundy(&["rules", "check", &path, "--to", "8", "--json"]));
        assert_eq!(v["texts_checked"], 9, "{file}: {v}");
        assert_eq!(v["values"][4], 0, "{file}: {v}");
    }
}
