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
