//! Cram and Node Kayles end to end: boards and graphs as users write them, values, winning
//! moves that parse back, errors that name the column.

use crate::cli::{grundy, json};

/// Every winning move of `expr` is a position of value 0 that the binary reads back.
fn moves_parse_back_to_losses(expr: &str) {
    let v = json(&grundy(&["analyze", "--json", expr]));
    let moves = v["winning_moves"].as_array().unwrap();
    assert!(!moves.is_empty(), "{expr} has winning moves: {v}");
    for m in moves {
        let to = m["to"].as_str().unwrap();
        let w = json(&grundy(&["analyze", "--json", to]));
        assert_eq!(w["outcome"], "P", "{expr} -> {to}: {w}");
        assert_eq!(w["game"], to, "{to} prints back as itself");
    }
}

#[test]
fn cram_boards_value_and_move() {
    let v = json(&grundy(&["analyze", "--json", "cram(4,5)"]));
    assert_eq!(v["nimber"], 2);
    assert_eq!(v["winning_moves_total"], 5);
    moves_parse_back_to_losses("cram(4,5)");
    moves_parse_back_to_losses("cram(\"..#./..../....\")");
    // Even by even boards are 0 at any size (the symmetry strategy), without search.
    let v = json(&grundy(&["analyze", "--json", "cram(1000,2000)"]));
    assert_eq!(v["outcome"], "P");
    // Sums with other games.
    let v = json(&grundy(&["analyze", "--json", "cram(2,3) + nim(1)"]));
    assert_eq!(v["nimber"], 0);
    // A board with no empty cell has no move.
    let v = json(&grundy(&["analyze", "--json", "cram(\"##/##\")"]));
    assert_eq!(v["outcome"], "P");
}

#[test]
fn node_kayles_on_grids_and_graphs() {
    // A triangle (*1) and a lone vertex (*1).
    let v = json(&grundy(&[
        "analyze",
        "--json",
        "nodekayles(\"0-1 1-2 2-0 3\")",
    ]));
    assert_eq!(v["nimber"], 0);
    // A path of five vertices is octal 0.137 at 5: *3, won by taking the middle.
    let v = json(&grundy(&[
        "analyze",
        "--json",
        "nodekayles(\"0-1 1-2 2-3 3-4\")",
    ]));
    assert_eq!(v["nimber"], 3);
    assert_eq!(v["winning_moves"][0]["to"], "nodekayles(\"0 4\")");
    moves_parse_back_to_losses("nodekayles(\"0-1 1-2 2-3 3-4\")");
    moves_parse_back_to_losses("nodekayles(3,5)");
    // A hexagon (every move leaves a path of three, *2: so 0) and a lone vertex.
    moves_parse_back_to_losses("nodekayles(\"0-1 1-2 2-3 3-4 4-5 5-0 6\")");
}

#[test]
fn misere_play_of_small_boards() {
    // One domino: the player to move covers it and then the other cannot move and wins.
    let v = json(&grundy(&["analyze", "--json", "--misere", "cram(1,2)"]));
    assert_eq!(v["outcome"], "P");
    let v = json(&grundy(&[
        "analyze",
        "--json",
        "--misere",
        "nodekayles(1,1)",
    ]));
    assert_eq!(v["outcome"], "P");
}

#[test]
fn bad_boards_are_input_errors_naming_the_place() {
    for (expr, says) in [
        ("cram(\"../...\")", "row 2 has 3 cells"),
        ("cram(\"..x.\")", "'x' is not a cell"),
        ("cram(\"\")", "the board is empty"),
        ("cram(0,3)", "1 or more"),
        ("nodekayles(\"0-1 1-1\")", "joins a vertex to itself"),
        ("nodekayles(\"0-1 a\")", "expected a vertex number"),
    ] {
        let out = grundy(&["analyze", expr]);
        assert_eq!(out.status.code(), Some(2), "{expr}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{expr}: {err}");
        assert!(err.contains('^'), "{expr} shows where: {err}");
    }
    // A board beyond the search is a limit (exit 3) that says what is known.
    let out = grundy(&["analyze", "cram(3,50)"]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("at most 128 cells") && err.contains("tb[0.07]"),
        "{err}"
    );
}

#[test]
fn outcome_questions_test_the_value_zero_only() {
    // The board's pruned search asked "is the value 0?": the outcome, no value.
    for (expr, outcome) in [
        ("cram(4,5)", "N"),
        ("cram(5,5)", "P"),
        ("cram(\"..#./..../....\")", "N"),
        ("nodekayles(\"0-1 1-2 2-0 3\")", "P"),
        ("nodekayles(3,4)", "P"),
        ("nodekayles(1,7)", "N"),
    ] {
        let full = json(&grundy(&["analyze", "--json", expr]));
        assert_eq!(full["outcome"], outcome, "{expr}");
        let v = json(&grundy(&["analyze", "--json", "--outcome", expr]));
        assert_eq!(v["outcome"], outcome, "{expr}");
        if outcome == "P" {
            assert_eq!(v["nimber"], 0, "{expr}");
        } else {
            assert!(v["nimber"].is_null(), "{expr}: {v}");
            // The text says why there is no value.
            let out = grundy(&["analyze", "--outcome", expr]);
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(
                text.contains("value:    (not computed: only the outcome was asked for)"),
                "{expr}: {text}"
            );
        }
    }
}
