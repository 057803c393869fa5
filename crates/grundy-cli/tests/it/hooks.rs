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
