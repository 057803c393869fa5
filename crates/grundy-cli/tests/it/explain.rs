//! `grundy explain`: one test per family of the classic tutorials.

use super::cli::grundy;

fn explain(args: &[&str]) -> String {
    let mut all = vec!["explain"];
    all.extend_from_slice(args);
    let out = grundy(&all);
    assert!(
        out.status.success(),
        "status {:?}, stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    // Compare with whitespace normalised: paragraphs are wrapped.
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn has(text: &str, needles: &[&str]) {
    for n in needles {
        assert!(text.contains(n), "missing '{n}' in:\n{text}");
    }
}

#[test]
fn nim_345_binary_columns_and_the_one_winning_move() {
    let t = explain(&["nim(3,4,5)"]);
    has(
        &t,
        &[
            "nim(3) 011",
            "nim(4) 100",
            "nim(5) 101",
            "XOR 010",
            "Winning moves (1)",
            "nim(1,4,5)",
            "4 XOR 2 = 6 > 4",
            "5 XOR 2 = 7 > 5",
        ],
    );
    assert!(!t.contains("nim(3,2,5)"), "{t}");
}

#[test]
fn nim_p_position_has_no_winning_move() {
    let t = explain(&["nim(1,2,3)"]);
    has(&t, &["XOR 00", "P-position", "no winning move"]);
}

#[test]
fn bash_game_shows_the_period() {
    // Bash's game, take 1..3: SG(n) = n mod 4 (seed: n % (m + 1)).
    let t = explain(&["sub[1..3](10)"]);
    has(&t, &["period 4", "SG(10) = SG(2) = 2", "mex{0, 1, 3} = 2"]);
}

#[test]
fn subtraction_game_window_and_mex() {
    // Seed: take 1 or 3; SG alternates 0, 1.
    let t = explain(&["sub[1,3](6)"]);
    has(&t, &["SG(x)", "N/P", "period 2", "So SG(6) = 0"]);
}

#[test]
fn take_and_break_window() {
    let t = explain(&["tb[0.07](20)"]);
    has(&t, &["tb[0.07]: one heap of 20", "SG(x)", "XOR"]);
}

#[test]
fn markdown_output() {
    let out = grundy(&["explain", "--markdown", "nim(3,4,5)"]);
    assert!(out.status.success());
    let t = String::from_utf8_lossy(&out.stdout);
    assert!(t.contains("## "), "{t}");
    assert!(t.contains("```text\nnim(3)  011"), "{t}");
}

#[test]
fn misere_nim() {
    let t = explain(&["--misere", "nim(1,1,1)"]);
    has(&t, &["Misere Nim", "3 heaps of 1", "loses"]);
}

#[test]
fn families_with_their_own_hook() {
    // Families with an `explain` hook add their blocks (Wythoff, Fibonacci Nim, staircase,
    // trees); whichever of them the registry has is checked here.
    let cases: [(&str, &str, &[&str]); 4] = [
        ("wythoff", "wythoff(4,7)", &["P-position", "phi"]),
        ("fibnim", "fibnim(20)", &["Zeckendorf"]),
        ("staircase", "staircase(3,4,5)", &["XOR"]),
        ("tree", "tree(0,1,1,2)", &["Colon principle"]),
    ];
    for (name, expr, needles) in cases {
        assert!(
            grundy::Registry::shared().find(name).is_some(),
            "{name} is registered"
        );
        let out = grundy(&["explain", expr]);
        assert!(
            out.status.success(),
            "{expr}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let t = String::from_utf8_lossy(&out.stdout)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        for n in needles {
            assert!(t.contains(n), "{name}: missing '{n}' in:\n{t}");
        }
    }
}

#[test]
fn analyze_json_has_remoteness_when_small() {
    let v = super::cli::json(&grundy(&["analyze", "--json", "nim(1,1)"]));
    assert_eq!(v["remoteness"], 2);
    let v = super::cli::json(&grundy(&["analyze", "--json", "nim(3,4,5)"]));
    assert_eq!(v["remoteness"].as_u64().map(|r| r % 2), Some(1));
    // Too large for a remoteness search: the field is left out, analyze still answers.
    let v = super::cli::json(&grundy(&["analyze", "--json", "nim(10^40, 3)"]));
    assert!(v.get("remoteness").is_none(), "{v}");
    assert_eq!(v["outcome"], "N");
}

#[test]
fn loopy_graph_positions_explain_smiths_values() {
    let t = explain(&["graph[examples/graphs/cycle.txt](x) + nim(1)"]);
    has(
        &t,
        &["Smith", "∞", "outcome D", "keep the draw", "from x to y"],
    );
    let t = explain(&["graph[examples/graphs/cycle.txt](b,a)"]);
    has(&t, &["outcome N", "Winning moves (3)"]);
}
