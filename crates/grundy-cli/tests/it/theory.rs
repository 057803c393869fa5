//! `grundy quotient`, misere analysis through quotients, `table --certificate`, `verify` and
//! `census`, end to end.

use std::fs;
use std::path::PathBuf;

use serde_json::Value;

use crate::cli::{grundy, grundy_stdin, json};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("grundy-theory-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).unwrap();
    d
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// Source: Plambeck and Siegel, "Misere quotients for impartial games", JCTA 2008: 0.75 has
/// the quotient R8 of order 8 with P-portion {a, b^2}, proven by its periodic heap map.
#[test]
fn quotient_text_of_0_75() {
    let out = grundy(&["quotient", "tb[0.75]", "--to", "30"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("order 8"), "{text}");
    assert!(text.contains("P-portion: a, b^2"), "{text}");
    assert!(text.contains("presentation: <a, b, c |"), "{text}");
    assert!(
        text.contains("proven: this is the misere quotient of the whole game"),
        "{text}"
    );
}

#[test]
fn quotient_json_of_kayles() {
    let v = json(&grundy(&["quotient", "--json", "tb[0.77]", "--to", "12"]));
    assert_eq!(v["ruleset"], "tb[0.77]");
    assert_eq!(v["computed_to"], 12);
    let order = v["order"].as_u64().unwrap() as usize;
    assert_eq!(order % 2, 0, "an impartial quotient has even order");
    let table = v["table"].as_array().unwrap();
    assert_eq!(table.len(), order);
    assert!(table
        .iter()
        .all(|row| row.as_array().unwrap().len() == order));
    assert_eq!(v["heaps"].as_array().unwrap().len(), 13);
    assert!(!v["p_portion"].as_array().unwrap().is_empty());
    assert!(v["presentation"].as_str().unwrap().starts_with("<a"));
    assert_eq!(v["stability"]["kind"], "observed");
}

#[test]
fn quotient_errors_and_limits() {
    let out = grundy(&["quotient", "wythoff", "--to", "5"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("not a heap ruleset"),
        "{}",
        stderr(&out)
    );
    let out = grundy(&["quotient", "tb[0.77]", "--to", "30", "--max-order", "4"]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("--max-order"), "{}", stderr(&out));
    let out = grundy(&["quotient", "tb[0.77]", "--to", "ten"]);
    assert_eq!(out.status.code(), Some(2));
}

/// A hundred Kayles heaps under misere play: answered through the quotient, and the winning
/// move leads to a P-position.
#[test]
fn misere_kayles_sum_of_a_hundred_heaps() {
    let heaps: Vec<String> = (0..100u64)
        .map(|i| (1 + (i * 37 + 11) % 20).to_string())
        .collect();
    let expr = format!("tb[0.77]({})", heaps.join(","));
    let v = json(&grundy_stdin(
        &["analyze", "--misere", "--json", "--no-remoteness", "-"],
        &expr,
    ));
    assert!(v["method"]
        .as_str()
        .unwrap()
        .starts_with("misere quotient of tb[0.77]"));
    assert_eq!(v["nimber"], Value::Null);
    if v["outcome"] == "N" {
        let to = v["winning_moves"][0]["to"].as_str().unwrap().to_string();
        let w = json(&grundy_stdin(
            &["analyze", "--misere", "--json", "--no-remoteness", "-"],
            &to,
        ));
        assert_eq!(w["outcome"], "P");
    }
    let text = stdout(&grundy(&["analyze", "--misere", "tb[0.07](3,4,5)"]));
    assert!(text.contains("method:   misere quotient"), "{text}");
}

#[test]
fn certificate_written_by_table_verifies_and_tampering_fails() {
    let d = scratch("cert");
    let cert = d.join("dawson.cert");
    let c = cert.to_str().unwrap();
    let out = grundy(&["table", "tb[0.07]", "--to", "300", "--certificate", c]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("period"), "the table is printed too");
    let ok = grundy(&["verify", c]);
    assert!(ok.status.success(), "{}", stderr(&ok));
    assert!(
        stdout(&ok).contains("period 34 from heap 53"),
        "{}",
        stdout(&ok)
    );
    let v = json(&grundy(&["verify", "--json", c]));
    assert_eq!(v["verified"], true);
    assert_eq!(
        (v["preperiod"].as_u64(), v["period"].as_u64()),
        (Some(53), Some(34))
    );
    let text = fs::read_to_string(&cert).unwrap();
    let v2 = json(&grundy_stdin(&["verify", "--json", "-"], &text));
    assert_eq!(v2["checksum"], v["checksum"]);

    // A changed value: the checksum no longer matches.
    let tampered = d.join("value.cert");
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let i = lines.iter().position(|l| l.starts_with("values ")).unwrap();
    lines[i] = lines[i].replacen("values 0 0 1", "values 0 0 2", 1);
    fs::write(&tampered, lines.join("\n")).unwrap();
    let bad = grundy(&["verify", tampered.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    assert!(stderr(&bad).contains("does not verify"), "{}", stderr(&bad));

    // A changed value with its checksum recomputed: the recomputation catches it.
    let mut parsed = grundy_verify::Certificate::parse(&text).unwrap();
    parsed.values[40] ^= 1;
    parsed.checksum = grundy_verify::checksum(parsed.values.iter().copied());
    let forged = d.join("forged.cert");
    fs::write(&forged, parsed.to_text()).unwrap();
    let bad = grundy(&["verify", forged.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    assert!(
        stderr(&bad).contains("wrong value: heap 40"),
        "{}",
        stderr(&bad)
    );

    // A false claim: another period.
    let claim = d.join("claim.cert");
    fs::write(&claim, text.replace("period 34", "period 68")).unwrap();
    let bad = grundy(&["verify", claim.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));

    // Not a certificate, and no file.
    fs::write(d.join("junk.cert"), "hello\n").unwrap();
    let bad = grundy(&["verify", d.join("junk.cert").to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2));
    let bad = grundy(&["verify", d.join("missing.cert").to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(1));
    let _ = fs::remove_dir_all(&d);
}

/// `grundy table --out FILE --certificate CERT` writes the certificate in the binary form
/// (format 2), which `grundy verify` checks as it checks the text; a changed byte, a forged
/// value, a cut file and a lower `--max-values` are refused with their exit codes.
#[test]
fn a_table_file_gets_a_binary_certificate_that_verifies() {
    let d = scratch("bincert");
    let (table, cert) = (d.join("t.bin"), d.join("t.cert"));
    let (t, c) = (table.to_str().unwrap(), cert.to_str().unwrap());
    let out = grundy(&[
        "table",
        "tb[0.07]",
        "--to",
        "3000",
        "--out",
        t,
        "--certificate",
        c,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("certificate written"),
        "{}",
        stderr(&out)
    );
    let bytes = fs::read(&cert).unwrap();
    assert!(String::from_utf8_lossy(&bytes).contains("grundy-period-certificate 2\n"));
    let v = json(&grundy(&["verify", "--json", c]));
    assert_eq!(v["verified"], true);
    assert_eq!(
        (
            v["preperiod"].as_u64(),
            v["period"].as_u64(),
            v["values_checked"].as_u64()
        ),
        (Some(53), Some(34), Some(176))
    );
    // The same certificate as the text one `grundy table` prints beside the values.
    let (text_cert, _) = certificate(&d, "tb[0.07]", "300");
    let text = fs::read_to_string(&text_cert).unwrap();
    assert_eq!(
        grundy_verify::Certificate::parse_binary(&bytes).unwrap(),
        grundy_verify::Certificate::parse(&text).unwrap()
    );
    // A changed value byte (the checksum), a value forged with its checksum (the
    // recomputation), a cut file (the format): exit 2.
    let at = bytes
        .windows(14)
        .position(|w| w == b"values-binary ")
        .unwrap()
        + 16;
    let mut changed = bytes.clone();
    changed[at + 40] ^= 1;
    let mut forged = grundy_verify::Certificate::parse_binary(&bytes).unwrap();
    forged.values[40] ^= 1;
    forged.checksum = grundy_verify::checksum(forged.values.iter().copied());
    let mut forged_bytes = Vec::new();
    forged.write_binary(&mut forged_bytes).unwrap();
    for (name, bad, says) in [
        ("changed", changed, "checksum"),
        ("forged", forged_bytes, "wrong value: heap 40"),
        (
            "cut",
            bytes[..bytes.len() - 3].to_vec(),
            "not a valid certificate",
        ),
    ] {
        let f = d.join(format!("{name}.cert"));
        fs::write(&f, bad).unwrap();
        let out = grundy(&["verify", f.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{name}: {}", stderr(&out));
        assert!(stderr(&out).contains(says), "{name}: {}", stderr(&out));
    }
    // More values than --max-values allows: a limit (exit 3) that names the flag.
    let out = grundy(&["verify", "--max-values", "100", c]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("--max-values"), "{}", stderr(&out));
    // A file longer than any certificate of that many values is refused before it is read.
    let long = d.join("long.cert");
    fs::write(&long, vec![b'#'; 3 << 20]).unwrap();
    let out = grundy(&["verify", "--max-values", "1000", long.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert!(stderr(&out).contains("longer than"), "{}", stderr(&out));
    // No period proven in the table: the table is written, the certificate refused.
    let out = grundy(&[
        "table",
        "tb[0.07]",
        "--to",
        "100",
        "--out",
        t,
        "--certificate",
        c,
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("period: none found"),
        "{}",
        stdout(&out)
    );
    let _ = fs::remove_dir_all(&d);
}

/// Runs `grundy table RULES --to TO --certificate` into `dir`: the certificate's path and
/// the table's output.
fn certificate(dir: &std::path::Path, rules: &str, to: &str) -> (PathBuf, std::process::Output) {
    let cert = dir.join("table.cert");
    let c = cert.to_str().unwrap();
    let out = grundy(&["table", rules, "--to", to, "--certificate", c]);
    assert!(out.status.success(), "{}", stderr(&out));
    (cert, out)
}

/// 0.127: period 4, last exception n = 46577 (OEIS A071464; ../shared/reference/known-results.md).
/// The Guy-Smith count is 2 * 46578 + 2 * 4 + 3 = 93167 values; the plain recomputation of
/// them takes 2.17 * 10^9 option evaluations, the sparse check a tenth of that.
#[test]
fn a_long_published_period_is_reproduced_and_certified_sparsely() {
    let d = scratch("cert127");
    let (cert, out) = certificate(&d, "tb[0.127]", "93166");
    let c = cert.to_str().unwrap();
    assert!(
        stderr(&out).contains("period 4 from heap 46578, 93167 values"),
        "{}",
        stderr(&out)
    );
    let ok = grundy(&["verify", c]);
    assert!(ok.status.success(), "{}", stderr(&ok));
    assert!(
        stdout(&ok).contains("period 4 from heap 46578"),
        "{}",
        stdout(&ok)
    );
    assert!(
        stdout(&ok).contains("work: sparse check: "),
        "{}",
        stdout(&ok)
    );
    let v = json(&grundy(&["verify", "--json", "--threads", "2", c]));
    assert_eq!(v["verified"], true);
    assert_eq!(v["work"]["method"], "sparse");
    assert_eq!(v["work"]["bytes_per_value"], 1);
    let evaluations = v["work"]["option_evaluations"].as_u64().unwrap();
    assert!(evaluations < 500_000_000, "{evaluations}");
    assert!(v["work"]["rare_heaps"].as_u64().unwrap() > 0);

    // One value changed, with the checksum forged, early, in the middle, at the last
    // exception and near the end: each is found at its heap.
    let text = fs::read_to_string(&cert).unwrap();
    let good = grundy_verify::Certificate::parse(&text).unwrap();
    for heap in [10, 46577, 70001, 93166] {
        let mut bad = good.clone();
        bad.values[heap] ^= 1;
        bad.checksum = grundy_verify::checksum(bad.values.iter().copied());
        let forged = d.join(format!("forged{heap}.cert"));
        fs::write(&forged, bad.to_text()).unwrap();
        let out = grundy(&["verify", forged.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!("wrong value: heap {heap} ")),
            "{}",
            stderr(&out)
        );
    }
    // Another period or preperiod.
    for (from, to) in [
        ("\nperiod 4\n", "\nperiod 8\n"),
        ("\npreperiod 46578\n", "\npreperiod 46579\n"),
    ] {
        assert!(text.contains(from), "{from}");
        let claim = d.join("claim.cert");
        fs::write(&claim, text.replace(from, to)).unwrap();
        let out = grundy(&["verify", claim.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{to}: {}", stderr(&out));
    }
    let _ = fs::remove_dir_all(&d);
}

#[test]
fn verify_plain_and_sparse_agree_and_say_which_ran() {
    let d = scratch("certmethod");
    let (cert, _) = certificate(&d, "tb[0.77]", "300");
    let c = cert.to_str().unwrap();
    for method in ["plain", "sparse"] {
        let v = json(&grundy(&["verify", "--json", "--method", method, c]));
        assert_eq!(v["verified"], true);
        assert_eq!(v["work"]["method"], method);
        assert_eq!(v["period"], 12);
    }
    let bad = grundy(&["verify", "--method", "fast", c]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    let _ = fs::remove_dir_all(&d);
}

#[test]
fn no_certificate_without_a_proven_period() {
    let d = scratch("nocert");
    let cert = d.join("officers.cert");
    let out = grundy(&[
        "table",
        "tb[0.6]",
        "--to",
        "200",
        "--certificate",
        cert.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("no certificate"), "{}", stderr(&out));
    assert!(!cert.exists());
    let _ = fs::remove_dir_all(&d);
}

/// Rows of the two-digit table of Winning Ways ch. 4, as transcribed and checked by
/// T. Czajka (github.com/tczajka/octal-games, TrivialGames.md), with Dawson's Kayles (OEIS
/// A002187) and Kayles (OEIS A002186); Officers (0.6) has no known period. The whole
/// two-digit table is compared in crates/grundy-census/tests/it/published.rs.
#[test]
fn census_of_given_codes_matches_published_rows() {
    let v = json(&grundy(&[
        "census", "0.07", "tb[0.77]", "0.15", "0.34", "0.53", "0.6", "--to", "1000", "--json",
    ]));
    let rows = v["rows"].as_array().unwrap();
    let row = |code: &str| rows.iter().find(|r| r["code"] == code).unwrap().clone();
    for (code, n0, p) in [
        ("0.07", 53, 34),
        ("0.77", 71, 12),
        ("0.15", 1, 10),
        ("0.34", 7, 8),
        ("0.53", 11, 9),
    ] {
        let r = row(code);
        assert_eq!(r["proven"], true, "{code}");
        assert_eq!(
            (r["preperiod"].as_u64(), r["period"].as_u64()),
            (Some(n0), Some(p)),
            "{code}"
        );
        assert_eq!(r["verified"], true, "{code}");
    }
    assert_eq!(row("0.6")["proven"], false);
}

#[test]
fn census_of_one_digit_codes_writes_files_and_resumes() {
    let d = scratch("census");
    let csv = d.join("one.csv");
    let state = d.join("one.state");
    let certs = d.join("certs");
    let args = |csv: &str| {
        vec![
            "census".to_string(),
            "--digits".into(),
            "1".into(),
            "--to".into(),
            "300".into(),
            "--csv-file".into(),
            csv.into(),
            "--state".into(),
            state.to_str().unwrap().into(),
            "--certificates".into(),
            certs.to_str().unwrap().into(),
            "--threads".into(),
            "2".into(),
        ]
    };
    let first: Vec<String> = args(csv.to_str().unwrap());
    let out = grundy(&first.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(out.status.success(), "{}", stderr(&out));
    let table = fs::read_to_string(&csv).unwrap();
    assert!(table.starts_with("code,values,preperiod,period"), "{table}");
    assert_eq!(
        table.lines().count(),
        8,
        "a header and the seven codes 0.1 to 0.7"
    );
    assert!(state.exists());
    // Every proven code has a certificate that `grundy verify` accepts.
    let written: Vec<PathBuf> = fs::read_dir(&certs)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    let proven = table
        .lines()
        .skip(1)
        .filter(|l| l.contains(",true,"))
        .count();
    assert_eq!(written.len(), proven, "{table}");
    for cert in &written {
        let ok = grundy(&["verify", cert.to_str().unwrap()]);
        assert!(ok.status.success(), "{}: {}", cert.display(), stderr(&ok));
    }
    // Run again with the same state: the rows come from the state file, the same table.
    let again = d.join("again.csv");
    let second: Vec<String> = args(again.to_str().unwrap());
    let out = grundy(&second.iter().map(String::as_str).collect::<Vec<_>>());
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(fs::read_to_string(&again).unwrap(), table);
    // The state of another census is refused.
    let out = grundy(&[
        "census",
        "--digits",
        "2",
        "--to",
        "300",
        "--state",
        state.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let _ = fs::remove_dir_all(&d);
}

#[test]
fn census_csv_on_standard_output_and_bad_input() {
    let out = grundy(&["census", "0.07", "--to", "200"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("code,values,"), "{text}");
    assert!(
        text.lines().nth(1).unwrap().starts_with("0.07,201,53,34,"),
        "{text}"
    );
    let out = grundy(&["census", "0.9z", "--to", "200"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = grundy(&["census", "--digits", "9", "--to", "200"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// `take[p..q]` is neither a code nor a subtraction set: it reaches the heap kernels through
/// its own heap moves. Its table file, plot and quotient agree with its analysis.
#[test]
fn a_family_with_its_own_heap_moves_reaches_the_laboratory() {
    let dir = scratch("take");
    let file = dir.join("take.bin");
    let out = grundy(&[
        "table",
        "take[2..5]",
        "--to",
        "5000",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(text.contains("proven"), "{text}");
    // Every value in the file is the value `analyze` gives the heap.
    let table = grundy_heap::read_table(&file).unwrap();
    for n in [0usize, 1, 2, 3, 6, 7, 13, 4999] {
        let v = json(&grundy(&["analyze", "--json", &format!("take[2..5]({n})")]));
        assert_eq!(
            v["nimber"].as_u64(),
            Some(u64::from(table.values.to_vec()[n])),
            "heap {n}"
        );
    }
    let svg = dir.join("take.svg");
    let out = grundy(&[
        "plot",
        "take[2..5]",
        "--to",
        "60",
        "--out",
        svg.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(fs::read_to_string(&svg).unwrap().contains("<svg"));
    let q = json(&grundy(&["quotient", "take[2..5]", "--to", "40", "--json"]));
    assert_eq!(q["ruleset"], "take[2..5]");
    // Misere sums go through that quotient, and the certificate says why there is none.
    let v = json(&grundy(&[
        "analyze",
        "--json",
        "--misere",
        "take[2..5](3,9,14)",
    ]));
    assert!(v["method"].as_str().unwrap().contains("quotient"), "{v}");
    let out = grundy(&[
        "table",
        "take[2..5]",
        "--to",
        "100",
        "--certificate",
        dir.join("c").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("tb[...]"), "{}", stderr(&out));
    let _ = fs::remove_dir_all(&dir);
}
