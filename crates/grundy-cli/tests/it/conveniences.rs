//! Issue 41's conveniences and messages, through the real binary: table files read back,
//! completions and the manual page, explain's JSON, table's default end, census carets, a
//! port in use, explain on a game with cycles, the graph command's CSV documented.

use crate::cli::{grundy, grundy_stdin};

fn temp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("grundy-conv-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A table written with --out reads back with --from: the values of a range, the count of
/// each value, the largest value, the length and the period, as text and JSON, equal to what
/// `table --json` computes; a file cut short or foreign is refused with exit 2.
#[test]
fn a_table_file_reads_back_with_from() {
    let path = temp("kayles.tbl");
    let p = path.to_str().unwrap();
    let out = grundy(&["table", "tb[0.07]", "--to", "299", "--out", p]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let computed: serde_json::Value =
        serde_json::from_slice(&grundy(&["table", "tb[0.07]", "--to", "299", "--json"]).stdout)
            .unwrap();
    let values = computed["values"].as_array().unwrap();

    let out = grundy(&[
        "table", "--from", p, "--first", "20", "--to", "29", "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let read: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(read["values"].as_array().unwrap(), &values[20..30]);
    assert_eq!(read["ruleset"], "tb[0.07]");
    assert_eq!(read["length"], 300);
    assert_eq!(read["finished"], true);
    assert_eq!(read["period"], computed["period"]);
    let counted: u64 = read["counts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["count"].as_u64().unwrap())
        .sum();
    assert_eq!(counted, 300);
    let largest = values.iter().map(|v| v.as_u64().unwrap()).max().unwrap();
    assert_eq!(read["largest_value"], largest);

    let out = grundy(&["table", "--from", p, "--to", "11"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let shown = text(&out.stdout);
    assert!(shown.contains("ruleset: tb[0.07]\nlength: 300 values (heaps 0..299)\nheaps 0..11:\n       0:   0   0   1   1   2   0   3   1   1   0\n      10:   3   3\n"), "{shown}");
    assert!(
        shown.contains(&format!("largest value: {largest} (first at heap")),
        "{shown}"
    );
    assert!(
        shown.contains("period: 34 (preperiod 53, saltus 0, proven"),
        "{shown}"
    );

    // Beyond the table, cut short, foreign: input errors (exit 2) saying what is wrong.
    let out = grundy(&["table", "--from", p, "--first", "300"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("holds heaps 0..299"),
        "{}",
        text(&out.stderr)
    );
    let bytes = std::fs::read(&path).unwrap();
    let cut = temp("cut.tbl");
    std::fs::write(&cut, &bytes[..bytes.len() - 100]).unwrap();
    let foreign = temp("foreign.tbl");
    std::fs::write(&foreign, b"P1\n1 1\n0\n").unwrap();
    for (file, says) in [(&cut, "cut short"), (&foreign, "not a grundy table file")] {
        let out = grundy(&["table", "--from", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert!(text(&out.stderr).contains(says), "{}", text(&out.stderr));
    }
}

/// `table RULESET` without --to takes pattern's default end, heaps 0..1000.
#[test]
fn a_table_without_to_takes_a_default() {
    let out = grundy(&["table", "tb[0.07]", "--json"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let t: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(t["values"].as_array().unwrap().len(), 1001);
    // Neither a ruleset nor a file: clap's usage error.
    assert_eq!(grundy(&["table"]).status.code(), Some(2));
}

/// Completion scripts for bash, zsh and fish name the subcommands; the manual page is roff
/// with every subcommand; an unknown shell is a usage error.
#[test]
fn completions_and_the_manual_page() {
    for (shell, mark) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef grundy"),
        ("fish", "complete -c grundy"),
    ] {
        let out = grundy(&["completions", shell]);
        assert!(out.status.success(), "{shell}: {}", text(&out.stderr));
        let script = text(&out.stdout);
        assert!(script.contains(mark), "{shell}");
        for sub in ["analyze", "table", "census", "completions"] {
            assert!(script.contains(sub), "{shell}: {sub}");
        }
    }
    assert_eq!(grundy(&["completions", "tcsh"]).status.code(), Some(2));
    let out = grundy(&["man"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = text(&out.stdout);
    assert!(
        page.starts_with(".ie") || page.contains(".TH grundy"),
        "{}",
        &page[..200]
    );
    for sub in ["analyze", "table", "explain", "serve"] {
        assert!(page.contains(sub), "{sub}");
    }
    // With --dir, a page for each command too, with its options.
    let dir = temp("man");
    std::fs::create_dir_all(&dir).unwrap();
    let out = grundy(&["man", "--dir", dir.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = std::fs::read_to_string(dir.join("grundy-table.1")).unwrap();
    assert!(table.contains("\\-\\-from"), "{table}");
    assert!(dir.join("grundy.1").exists() && dir.join("grundy-census.1").exists());
    let out = grundy(&["man", "--dir", temp("no/such/dir").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
}

/// `explain --json` prints the playground's object: explanations with title, blocks and
/// Markdown.
#[test]
fn explain_prints_json() {
    let out = grundy_stdin(&["explain", "--json", "-"], "nim(3,4,5)");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let parts = v["explanations"].as_array().unwrap();
    assert!(!parts.is_empty());
    for p in parts {
        assert!(p["title"].is_string() && p["markdown"].is_string(), "{p}");
        assert!(p["blocks"].as_array().is_some_and(|b| !b.is_empty()), "{p}");
    }
    assert!(text(&out.stdout).contains("nim(1,4,5)"));
}

/// Explain on a rule script whose play loops points to analyze, which answers it.
#[test]
fn explain_on_a_game_with_cycles_points_to_analyze() {
    let args = ["--rules", "examples/rules/bounce.rhai"];
    let out = grundy(&[&args[..], &["explain", "bounce(3)"]].concat());
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(
        text(&out.stderr).contains("'grundy analyze bounce(3)'"),
        "{}",
        text(&out.stderr)
    );
    let out = grundy(&[&args[..], &["analyze", "bounce(3)"]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
}

/// Census parse errors show the ruleset and a caret under the column, counted in the text
/// typed (without the `tb[` a bare code is read with).
#[test]
fn census_errors_show_a_caret() {
    let out = grundy(&["census", "0.07", "0.0x7", "--to", "10"]);
    assert_eq!(out.status.code(), Some(2));
    let e = text(&out.stderr);
    assert!(e.starts_with("error: column 4: ruleset \"0.0x7\": "), "{e}");
    assert!(e.ends_with("\n  0.0x7\n     ^\n"), "{e}");
    assert!(!e.contains("offset"), "{e}");
    let out = grundy(&["census", "sub[1,x]", "--to", "10"]);
    assert!(
        text(&out.stderr).ends_with("\n  sub[1,x]\n        ^\n"),
        "{}",
        text(&out.stderr)
    );
}

/// A port in use is the user's choice of address: exit 2, saying what to do.
#[test]
fn serve_on_a_port_in_use_exits_2() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap().to_string();
    let out = grundy(&["serve", "--bind", &addr]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let e = text(&out.stderr);
    assert!(
        e.contains(&format!("cannot listen on {addr}")) && e.contains("--bind"),
        "{e}"
    );
}

/// The graph command's help documents the CSV quoting of loopy values and a vertex with no
/// edges alone on a line; both behave as documented.
#[test]
fn graph_csv_quoting_and_lone_vertices_are_documented() {
    let help = text(&grundy(&["graph", "--help"]).stdout);
    assert!(help.contains("\"∞(0,1)\""), "{help}");
    assert!(
        help.contains("a name alone on a line is a vertex with no edges"),
        "{help}"
    );
    let file = temp("lone.txt");
    // x and y move to each other and to z (0) and w (1): both are ∞(0,1); d has no edges.
    std::fs::write(&file, "x y\ny x\nx z\ny z\nx w\ny w\nw z\nd\n").unwrap();
    let out = grundy(&["graph", "--csv", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let csv = text(&out.stdout);
    assert!(csv.contains("\nx,\"∞(0,1)\",N\n"), "{csv}");
    assert!(csv.contains("\nd,0,P\n"), "{csv}");
}
