//! Runs the real binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

/// The workspace root, where the README's relative example paths resolve.
pub fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

pub fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the grundy binary runs")
}

pub fn grundy_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the grundy binary runs");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let data = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(data.as_bytes()));
    let out = child.wait_with_output().expect("the binary finishes");
    writer
        .join()
        .expect("writer thread")
        .expect("stdin written");
    out
}

pub fn json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "status {:?}, stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("valid JSON on stdout")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

#[test]
fn analyze_nim_345_json() {
    let v = json(&grundy(&["analyze", "--json", "nim(3,4,5)"]));
    assert_eq!(v["game"], "nim(3,4,5)");
    assert_eq!(v["play"], "normal");
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["nimber"], 2);
    assert_eq!(v["value"], "*2");
    // 3 ^ 4 ^ 5 = 2 and only heap 3 has that bit: exactly one Nim move wins (to 1,4,5).
    let moves = v["winning_moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["to"], "nim(1,4,5)");
}

#[test]
fn analyze_p_position_has_no_winning_moves() {
    let v = json(&grundy(&["analyze", "--json", "nim(1,2,3)"]));
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["nimber"], 0);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 0);
}

#[test]
fn normal_play_beyond_the_value_search_says_so() {
    // mult's nim-values are searched up to N = 10^6; beyond, the outcome stays exact.
    let out = grundy(&["analyze", "--max-moves", "1", "mult[2..9,10^100](1)"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("outcome:  N"), "{text}");
    assert!(text.contains("value:    (not computed"), "{text}");
    assert!(!text.contains("misere"), "{text}");
}

#[test]
fn misere_json_has_null_nimber() {
    let v = json(&grundy(&["analyze", "--misere", "--json", "nim(1,1,1)"]));
    assert_eq!(v["play"], "misere");
    assert_eq!(v["outcome"], "P");
    assert!(v["nimber"].is_null());
}

#[test]
fn a_million_heaps_from_stdin() {
    // Heaps 1..=10^6; the XOR of 1..n for n = 0 mod 4 is n, so the value is 10^6.
    let heaps: Vec<String> = (1..=1_000_000u64).map(|h| h.to_string()).collect();
    let text = format!("nim({})", heaps.join(","));
    let out = grundy_stdin(&["analyze", "--json", "--max-moves", "3", "-"], &text);
    let v = json(&out);
    assert_eq!(v["nimber"], 1_000_000);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 3);
    assert_eq!(v["winning_moves_truncated"], true);
    let total = v["winning_moves_total"].as_u64().unwrap();
    // Heaps with bit 19 set (the top bit of 10^6) win: 524288..=1000000.
    assert_eq!(total, 1_000_000 - 524_288 + 1);
}

#[test]
fn three_hundred_digit_heaps_are_exact() {
    let a = format!("1{}", "0".repeat(299));
    let b = format!("1{}1", "0".repeat(298));
    let out = grundy(&["analyze", "--json", &format!("nim({a},{b})")]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    // The nimber is a JSON integer written exactly: a XOR b = 1.
    assert!(text.contains("\"nimber\":1,"), "{text}");
    let v = json(&out);
    assert_eq!(v["winning_moves"][0]["to"], format!("nim({a},{a})"));
    let out = grundy(&["analyze", "--json", &format!("nim({a},1)")]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    // 10^299 XOR 1 = 10^299 + 1, which is b.
    assert!(text.contains(&format!("\"nimber\":{b},")), "{text}");
}

#[test]
fn bad_input_exits_2_with_the_column() {
    for (expr, needle) in [
        ("nim(3,4", "column 8"),
        ("nimm(3)", "unknown ruleset 'nimm'"),
        ("nim(-3)", "negative"),
        ("sub[](4)", "column 5"),
        ("tb[0.9z](4)", "column 7"),
        ("tb[0.07](4", "expected ',' or ')'"),
        ("((nim(1)", "expected ')'"),
    ] {
        let out = grundy(&["analyze", expr]);
        assert_eq!(out.status.code(), Some(2), "{expr}: {}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains(needle), "{expr}: {err}");
        assert!(!err.contains("panicked"), "{expr}: {err}");
    }
}

#[test]
fn astronomic_heap_without_closed_form_exits_3() {
    let out = grundy(&["analyze", "tb[0.6](10^100)"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("too large"));
}

#[test]
fn node_limit_exits_3_and_says_how_to_raise_it() {
    let out = grundy(&[
        "analyze",
        "--misere",
        "--max-nodes",
        "10",
        "sub[1,2](9,9,9) + tb[0.07](9)",
    ]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("--max-nodes"));
}

#[test]
fn table_json_matches_the_spec_shape() {
    let v = json(&grundy(&["table", "--json", "tb[0.07]", "--to", "10"]));
    assert_eq!(v["ruleset"], "tb[0.07]");
    let values: Vec<u64> = v["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    assert_eq!(values, vec![0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3]);
    // The field is always there; ten values are too few to find tb[0.07]'s period (34 from
    // heap 53), so it is null.
    assert_eq!(v.get("period"), Some(&Value::Null), "{v}");
}

#[test]
fn table_refuses_non_heap_rulesets_and_huge_n() {
    let out = grundy(&["table", "tb[0.07]", "--to", "10^30"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    let out = grundy(&["table", "tb[0.07]", "--to", "many"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn list_names_every_required_ruleset() {
    let v = json(&grundy(&["list", "--json"]));
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    for want in ["nim", "sub", "tb"] {
        assert!(names.contains(&want), "{want} missing from {names:?}");
    }
    for f in v.as_array().unwrap() {
        // Every example in the list is itself a valid expression.
        let ex = f["example"].as_str().unwrap();
        let out = grundy(&["analyze", "--json", ex]);
        assert!(out.status.success(), "{ex}: {}", stderr(&out));
    }
}

#[test]
fn usage_errors_exit_2() {
    let out = grundy(&["analyze"]);
    assert_eq!(out.status.code(), Some(2));
    let out = grundy(&["frobnicate"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn graph_command_prints_every_vertex() {
    let out = grundy(&["graph", "--csv", "examples/graphs/cycle.txt"]);
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.starts_with("vertex,value,outcome\n"), "{text}");
    assert!(
        text.contains("a,0,P\n") && text.contains("b,*,N\n") && text.contains("x,∞,D\n"),
        "{text}"
    );
    let v = json(&grundy(&["graph", "--json", "examples/graphs/cycle.txt"]));
    assert_eq!(v["acyclic"], false);
    assert_eq!(v["values"].as_array().unwrap().len(), 7);
}

#[test]
fn graph_positions_draw_and_win() {
    let v = json(&grundy(&[
        "analyze",
        "--json",
        "graph[examples/graphs/cycle.txt](x)",
    ]));
    assert_eq!(v["outcome"], "D");
    assert!(v["nimber"].is_null());
    assert_eq!(v["value"], "∞");
    assert_eq!(
        v["drawing_moves"][0]["to"],
        "graph[examples/graphs/cycle.txt](y)"
    );
    let v = json(&grundy(&[
        "analyze",
        "--json",
        "graph[examples/graphs/cycle.txt](b,d)",
    ]));
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["nimber"], 0);
}

#[test]
fn graph_bad_input_exits_2() {
    for (args, needle) in [
        (vec!["graph", "no/such/file.txt"], "cannot read"),
        (vec!["analyze", "graph[no/such/file.txt](a)"], "cannot read"),
        (
            vec!["analyze", "graph[examples/graphs/cycle.txt](zz)"],
            "not a vertex",
        ),
        (
            vec!["analyze", "--misere", "graph[examples/graphs/cycle.txt](a)"],
            "misere",
        ),
    ] {
        let out = grundy(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(needle), "{args:?}: {}", stderr(&out));
    }
}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("grundy-cli-{}-{name}", std::process::id()))
}

#[test]
fn table_file_with_checkpoint_reports_the_proven_period() {
    let out = temp("kayles.bin");
    let ckpt = temp("kayles.ckpt");
    let o = grundy(&[
        "table",
        "tb[0.77]",
        "--to",
        "2000",
        "--out",
        out.to_str().unwrap(),
        "--checkpoint",
        ckpt.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        text.contains("period: 12 (preperiod 71, saltus 0, proven"),
        "{text}"
    );
    // The finished table is written and the checkpoint is gone.
    assert!(std::fs::metadata(&out).unwrap().len() > 2000);
    assert!(!ckpt.exists());
    let _ = std::fs::remove_file(&out);
}

#[test]
fn corrupt_or_mismatched_checkpoints_are_refused() {
    let out = temp("refused.bin");
    let ckpt = temp("refused.ckpt");
    std::fs::write(&ckpt, b"not a checkpoint at all").unwrap();
    let o = grundy(&[
        "table",
        "tb[0.07]",
        "--to",
        "1000",
        "--out",
        out.to_str().unwrap(),
        "--checkpoint",
        ckpt.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(ckpt.to_str().unwrap()),
        "{}",
        stderr(&o)
    );
    // The refused checkpoint is left untouched.
    assert_eq!(std::fs::read(&ckpt).unwrap(), b"not a checkpoint at all");
    let _ = std::fs::remove_file(&ckpt);
}

/// A table beyond memory is kept on disk; one beyond the disk too is refused before anything
/// is written.
#[test]
fn table_files_refuse_sizes_beyond_the_disk_before_writing() {
    let out = temp("huge.bin");
    let o = grundy(&[
        "table",
        "tb[0.6]",
        "--to",
        "10^15",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("bytes on disk"), "{}", stderr(&o));
    assert!(!out.exists());
    assert!(!std::path::Path::new(&format!("{}.part1", out.display())).exists());
}

/// `grundy table RULES --to N --out OUT` with `more` flags.
fn table_file(rules: &str, to: &str, out: &std::path::Path, more: &[&str]) -> Output {
    let mut args = vec!["table", rules, "--to", to, "--out", out.to_str().unwrap()];
    args.extend_from_slice(more);
    grundy(&args)
}

/// `--timeout` with `--out` stops the run (it was dropped: a table file ran to the end), as a
/// limit (exit 3) that keeps the checkpoint; the run resumed from it gives the straight run's
/// bytes.
#[test]
fn a_table_file_honours_its_timeout_and_keeps_the_checkpoint() {
    let (out, cp, straight) = (temp("timed.bin"), temp("timed.ckpt"), temp("straight.bin"));
    let table = |out: &std::path::Path, more: &[&str]| table_file("tb[0.6]", "3000000", out, more);
    // Three million Officers values take seconds; a hundredth of a second is not enough.
    let o = table(
        &out,
        &["--checkpoint", cp.to_str().unwrap(), "--timeout", "0.01"],
    );
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    let said = stderr(&o);
    assert!(
        said.contains("time limit") && said.contains("holds them") && said.contains("--timeout"),
        "{said}"
    );
    assert!(cp.exists() && !out.exists());
    let o = table(&out, &["--checkpoint", cp.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = table(&straight, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read(&out).ok(), std::fs::read(&straight).ok());
    assert!(!cp.exists());
}

/// Under a small memory limit the table is computed into its file: the same values as in
/// memory, said on the values line; a certificate, written from memory, is refused.
#[test]
fn tables_beyond_half_the_memory_limit_are_kept_on_disk() {
    let (disk, memory) = (temp("disk.bin"), temp("memory.bin"));
    let cert = temp("disk.cert");
    let table = |out: &std::path::Path, more: &[&str]| table_file("tb[0.77]", "400000", out, more);
    let o = table(&disk, &["--memory-limit", "2M"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let said = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(said.contains("kept on disk"), "{said}");
    assert!(said.contains("period: 12"), "{said}");
    let o = table(&memory, &[]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!String::from_utf8_lossy(&o.stdout).contains("kept on disk"));
    let (a, b) = (
        grundy_heap::read_table(&disk).unwrap(),
        grundy_heap::read_table(&memory).unwrap(),
    );
    assert_eq!(a.values, b.values);
    assert_eq!((a.stats, a.period), (b.stats, b.period));
    let o = table(
        &disk,
        &[
            "--memory-limit",
            "2M",
            "--certificate",
            cert.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("kept on disk"), "{}", stderr(&o));
    assert!(!cert.exists());
}

#[test]
fn plots_are_written_as_svg_and_png() {
    let svg = temp("k.svg");
    let o = grundy(&[
        "plot",
        "tb[0.77]",
        "--to",
        "300",
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(
        text.starts_with("<svg") || text.starts_with("<?xml"),
        "{}",
        &text[..40]
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("period 12 from heap 71 (proven)"));
    // The plot marks the period and shows the rule under its title, as the playground does.
    assert!(text.contains("period 12 preperiod 71 (proven)"), "{text}");
    assert!(
        text.contains("rule: G(n + 12) = G(n) for n &gt;= 71; G(71..82) = [7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2] (proven)"),
        "{text}"
    );
    let png = temp("k.png");
    let o = grundy(&[
        "plot",
        "sub[2,3,7]",
        "--to",
        "100",
        "--out",
        png.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
    // A family without a table of one-heap values cannot be plotted.
    let o = grundy(&[
        "plot",
        "wythoff",
        "--to",
        "100",
        "--out",
        png.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_file(&svg);
    let _ = std::fs::remove_file(&png);
}

#[test]
fn huge_heaps_use_the_proven_period() {
    let v = json(&grundy(&[
        "analyze",
        "--json",
        "--max-moves",
        "3",
        "tb[0.07](10^18)",
    ]));
    // 10^18 - 53 = 34 q + 13, so G(10^18) = G(66), and G_{0.07}(66) = A002187(65) = 3.
    assert_eq!(v["nimber"], 3);
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 3);
    for m in v["winning_moves"].as_array().unwrap() {
        let to = m["to"].as_str().unwrap();
        let w = json(&grundy(&["analyze", "--json", "--max-moves", "0", to]));
        assert_eq!(w["outcome"], "P", "{to}");
    }
}

#[test]
fn graph_files_with_errors_name_the_line() {
    let bad = temp("bad-graph.txt");
    std::fs::write(&bad, "a b\nb c d\n").unwrap();
    let o = grundy(&["graph", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("line 2"), "{}", stderr(&o));
    assert!(stderr(&o).contains("b c d"), "{}", stderr(&o));
    std::fs::write(&bad, "# only a comment\n").unwrap();
    let o = grundy(&["graph", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("empty"), "{}", stderr(&o));
    // A self-loop is a legal move (the token can move forever: a draw) and duplicate edges
    // change nothing.
    std::fs::write(&bad, "a a\na b\na b\n").unwrap();
    let v = json(&grundy(&["graph", "--json", bad.to_str().unwrap()]));
    assert_eq!(v["edges"], 2);
    let _ = std::fs::remove_file(&bad);
}

#[test]
fn default_move_lists_of_huge_positions_stay_small() {
    let heaps: Vec<String> = (1..=200_000u64).map(|h| h.to_string()).collect();
    let text = format!("nim({})", heaps.join(","));
    let out = grundy_stdin(&["analyze", "--json", "-"], &text);
    let v = json(&out);
    let listed = v["winning_moves"].as_array().unwrap().len();
    // Each listed move renders the whole position: at most 16 MiB of them by default.
    assert!(listed >= 1 && listed * text.len() <= 16 << 20, "{listed}");
    assert_eq!(v["winning_moves_truncated"], true);
    assert!(out.stdout.len() < 40 << 20);
}

#[test]
fn misere_search_of_a_huge_heap_stops_at_the_limit_quickly() {
    // A misere search stores whole sums; its default limit stops this one within seconds
    // (it used to run for minutes with no output).
    let out = grundy(&["analyze", "--misere", "sub[fib](10^7)"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("--max-nodes"));
}

/// Lasker's Nim (a closed form) has its winning moves counted and listed exactly at any size
/// (issue 18: a heap of 10^9 + 1 reported 0 winning moves, or no count). The counts are those
/// of a plain scan of every move: 64 for `tb[4.[3]](1002) + *1004`, 17 for `(5000) + *4993`.
#[test]
fn lasker_nim_winning_moves_are_counted_at_any_size() {
    for (expr, want) in [
        ("tb[4.[3]](1002) + *1004", 64u32),
        ("tb[4.[3]](5000) + *4993", 17),
        ("tb[8.[3]](1002) + *1003", 666),
    ] {
        let j = json(&grundy(&["analyze", "--json", "--no-remoteness", expr]));
        assert_eq!(j["winning_moves_total"], want, "{expr}: {j}");
        assert!(j.get("winning_moves_note").is_none(), "{expr}: {j}");
    }
    // A heap of 300 digits: every split listed leads to a P-position, and the count is exact.
    let big = format!("tb[4.[3]](1{}) + *6", "0".repeat(300));
    let j = json(&grundy(&[
        "analyze",
        "--json",
        "--no-remoteness",
        "--max-moves",
        "5",
        &big,
    ]));
    assert_eq!(j["outcome"], "N", "{j}");
    assert!(j["winning_moves_total"].is_number(), "{j}");
    assert!(j.get("winning_moves_note").is_none(), "{j}");
    for m in j["winning_moves"].as_array().unwrap() {
        let to = m["to"].as_str().unwrap();
        let a = json(&grundy(&["analyze", "--json", "--no-remoteness", to]));
        assert_eq!(a["outcome"], "P", "{to}");
    }
}

/// The run shorthand of take-and-break codes (HDU 3980 with m = 1000 needs 999 zeros) names
/// the same ruleset as the code spelled out, and prints compactly.
#[test]
fn code_runs_name_the_spelled_out_ruleset() {
    let spelled = format!("tb[0.{}7](2500)", "0".repeat(999));
    let a = json(&grundy(&[
        "analyze",
        "--json",
        "--no-remoteness",
        "tb[0.0{999}7](2500)",
    ]));
    let b = json(&grundy(&["analyze", "--json", "--no-remoteness", &spelled]));
    assert_eq!(a["game"], "tb[0.0{999}7](2500)");
    assert_eq!(a, b);
    // Painting m = 1000 beads of a chain of 2500: the first move leaves a line of 1500, from
    // which one move leaves two lines with no room for another (values 0), so G(1500) = 1.
    let c = json(&grundy(&[
        "analyze",
        "--json",
        "--no-remoteness",
        "tb[0.0{999}7](1500)",
    ]));
    assert_eq!(c["nimber"], 1, "{c}");
}
