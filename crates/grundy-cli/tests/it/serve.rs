//! `grundy serve` end to end: it prints its URL, answers /api/health, and stops cleanly with
//! status 0 on Ctrl-C (SIGINT), as the web spec says.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

#[cfg(unix)]
#[test]
fn serve_prints_its_url_answers_and_stops_on_ctrl_c() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--bind", "127.0.0.1:0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap()
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{line}");
    let mut s = TcpStream::connect(&addr).unwrap();
    s.write_all(b"GET /api/health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.ends_with(r#"{"ok":true}"#), "{answer}");
    // A rule script sent with the request (web spec: "rules"): Lasker's Nim from the examples,
    // G(3) = 4, so lasker(3) + nim(4) is a P-position.
    let source = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/rules/lasker.rhai"
    ))
    .unwrap();
    let body = serde_json::json!({
        "expr": "lasker(3) + nim(4)",
        "rules": [{"name": "lasker", "source": source}],
    })
    .to_string();
    let mut s = TcpStream::connect(&addr).unwrap();
    write!(
        s,
        "POST /api/analyze HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""outcome":"P""#), "{answer}");
    // The same game in Luau (`"language": "luau"`), checked by /api/rules/check: its first
    // values are answered (G(0..4) of Lasker's Nim: 0 1 2 4 3).
    let luau = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/rules/lasker.luau"
    ))
    .unwrap();
    let rules = serde_json::json!([{"name": "lasker", "source": luau, "language": "luau"}]);
    let answer = post(
        &addr,
        "/api/rules/check",
        &serde_json::json!({ "rules": rules }),
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""values":[0,1,2,4,3,"#), "{answer}");
    let answer = post(
        &addr,
        "/api/analyze",
        &serde_json::json!({"expr": "lasker(3) + nim(4)", "rules": rules}),
    );
    assert!(answer.contains(r#""outcome":"P""#), "{answer}");
    // An endless loop is refused by the check (not at the next analysis), naming the limit.
    let endless = serde_json::json!([{
        "name": "spin",
        "source": "function moves(n) while true do end end",
        "language": "luau",
    }]);
    let answer = post(
        &addr,
        "/api/rules/check",
        &serde_json::json!({ "rules": endless }),
    );
    assert!(answer.starts_with("HTTP/1.1 422"), "{answer}");
    assert!(
        answer.contains(r#""script_limit":"operations""#),
        "{answer}"
    );
    // A language the server does not know is an input error that names the choices.
    let answer = post(
        &addr,
        "/api/rules/check",
        &serde_json::json!({"rules": [{"name": "x", "source": "", "language": "lua5"}]}),
    );
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("use \\\"luau\\\""), "{answer}");
    // /api/pattern is `grundy pattern --json`: the rule of a subtraction game, proven, with
    // code; of a rule script (the Luau Lasker's Nim, period 4 with saltus 4, observed); a
    // family of no integer argument is an input error.
    let answer = post(
        &addr,
        "/api/pattern",
        &serde_json::json!({"family": "sub[1,2]"}),
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#""kind":"periodic""#), "{answer}");
    assert!(answer.contains(r#""period_values":[0,1,2]"#), "{answer}");
    assert!(answer.contains(r#""proven":true"#), "{answer}");
    assert!(answer.contains("def grundy(n)"), "{answer}");
    let answer = post(
        &addr,
        "/api/pattern",
        &serde_json::json!({"family": "lasker", "to": 200, "rules": rules}),
    );
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        answer.contains(r#""kind":"arithmetic-periodic""#),
        "{answer}"
    );
    assert!(answer.contains(r#""saltus":4"#), "{answer}");
    assert!(answer.contains(r#""proven":false"#), "{answer}");
    let answer = post(
        &addr,
        "/api/pattern",
        &serde_json::json!({"family": "nim(3)"}),
    );
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    assert_eq!(child.wait().unwrap().code(), Some(0));
}

/// POSTs `body` to `path` of the server at `addr`; returns the whole answer.
#[cfg(unix)]
fn post(addr: &str, path: &str, body: &serde_json::Value) -> String {
    let body = body.to_string();
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    answer
}

#[test]
fn serve_refuses_a_wrong_address_with_status_2() {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--bind", "localhost"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--bind localhost"));
}
