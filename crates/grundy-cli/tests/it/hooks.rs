//! The search hooks `canonical` and `split` of rule scripts (issue 43, boards.md "Rule-script
//! hooks"): the search values through them, and `rules check` holds them against plain
//! search, reporting a wrong one as a problem that names the position (exit status 2).

use crate::cli::grundy;
use crate::rules::{json, ok, stderr, Scratch};

/// Kayles on a row of pins written as a number, with both hooks, in both languages.
const KAYLES: [&str; 2] = [
    "examples/rules/kayles_row.luau",
    "examples/rules/kayles_row.rhai",
];

#[test]
fn rules_check_holds_right_hooks_against_the_search() {
    for file in KAYLES {
        let v = json(&grundy(&["rules", "check", file, "--to", "40", "--json"]));
        assert_eq!(v["ok"], true, "{file}: {v}");
        assert_eq!(v["hooks_checked"], 41, "{file}: {v}");
        // Kayles: a row of 4 pins (15) is worth 1, two rows of 2 (0b11011 = 27) are worth 0.
        assert_eq!(v["values"][15], 1, "{file}: {v}");
        assert_eq!(v["values"][27], 0, "{file}: {v}");
        let out = ok(&grundy(&["rules", "check", file, "--to", "8"]));
        assert!(
            out.contains("search hooks: agree with the search on 9 positions"),
            "{out}"
        );
    }
}

#[test]
fn the_search_values_through_the_hooks_and_shows_the_real_moves() {
    // Twenty pins in a row beside pins 0 and 2: Kayles' value of 20 is 1, and the winning
    // moves leave positions as they stand: knocking down pin 0 of 5 leaves 4, whose
    // canonical image is 1 (both are listed, each as itself).
    for file in KAYLES {
        let v = json(&grundy(&[
            "analyze",
            "--json",
            "--rules",
            file,
            "kayles_row(1048575) + kayles_row(5)",
        ]));
        assert_eq!(v["nimber"], 1, "{file}: {v}");
        let to: Vec<&str> = v["winning_moves"]
            .as_array()
            .map(|m| m.iter().filter_map(|m| m["to"].as_str()).collect())
            .unwrap_or_default();
        assert_eq!(
            to,
            vec![
                "kayles_row(1047039) + kayles_row(5)",
                "kayles_row(1048575) + kayles_row(4)",
                "kayles_row(1048575) + kayles_row(1)",
            ],
            "{file}"
        );
    }
}

#[test]
fn rules_check_reports_a_wrong_hook_naming_the_position() {
    let s = Scratch::new("hooks");
    let cases = [
        (
            "wrong.luau",
            "function moves(n) local o = {} for k = 1, 2 do if k <= n then o[#o + 1] = n - k end end return o end
function canonical(n) if n == 4 then return 5 end return nil end
",
            "canonical(wrong(4)) gives wrong(5), worth 2, but the search of the moves values wrong(4) at 1",
        ),
        (
            "wrong.rhai",
            "fn moves(n) { let o = []; for k in [1, 2] { if k <= n { o.push(n - k); } } o }
fn split(n) { if n == 5 { [2, 2] } else { () } }
",
            "split(wrong(5)) gives wrong(2) + wrong(2), worth 0 in all, but the search of the moves values wrong(5) at 2",
        ),
    ];
    for (file, src, says) in cases {
        let path = s.file(file, src);
        let out = grundy(&["rules", "check", &path]);
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert!(stderr(&out).contains(says), "{file}: {}", stderr(&out));
    }
}

/// A subtraction game whose set is the judge's input (its first number the count), in both
/// languages: the data reaches the top level, which builds the set once.
const GIVEN_LUAU: &str = "local S = {}
for i = 2, DATA_NUMBERS[1] + 1 do S[#S + 1] = DATA_NUMBERS[i] end
function moves(n) local o = {} for _, k in S do if k <= n then o[#o + 1] = n - k end end return o end
function display(n) return #DATA .. \":\" .. n end
";

const GIVEN_RHAI: &str =
    "const S = { let s = []; for i in 1..=DATA_NUMBERS[0] { s.push(DATA_NUMBERS[i]); } s };
fn moves(n) { let o = []; for k in S { if k <= n { o.push(n - k); } } o }
fn display(n) { `${DATA.len()}:${n}` }
";

#[test]
fn data_reaches_scripts_as_text_and_numbers() {
    let s = Scratch::new("data");
    let data = s.file("in.txt", "2\n1 4\n");
    for (file, src) in [("given.luau", GIVEN_LUAU), ("given.rhai", GIVEN_RHAI)] {
        let path = s.file(file, src);
        // Subtraction {1, 4}: 0 1 0 1 2, period 5.
        let v = json(&grundy(&[
            "table", "--rules", &path, "--data", &data, "given", "--to", "9", "--json",
        ]));
        assert_eq!(
            v["values"],
            serde_json::json!([0, 1, 0, 1, 2, 0, 1, 0, 1, 2]),
            "{file}"
        );
        let out = ok(&grundy(&[
            "analyze", "--rules", &path, "--data", &data, "given(2)",
        ]));
        assert!(out.contains("6:2"), "{file}: {out}");
        let v = json(&grundy(&[
            "rules", "check", &path, "--data", &data, "--to", "4", "--json",
        ]));
        assert_eq!(v["values"], serde_json::json!([0, 1, 0, 1, 2]), "{file}");
        // A missing data file is named.
        let out = grundy(&[
            "analyze",
            "--rules",
            &path,
            "--data",
            "no/such.txt",
            "given(2)",
        ]);
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert!(
            stderr(&out).contains("cannot read the data file no/such.txt"),
            "{}",
            stderr(&out)
        );
    }
    // Data without a script to read it is a mistake, said so.
    let out = grundy(&["analyze", "--data", &data, "nim(3)"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("add --rules FILE"),
        "{}",
        stderr(&out)
    );
}
