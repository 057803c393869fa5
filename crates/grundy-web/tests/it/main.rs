//! The server over real loopback sockets: the contract (same JSON as the library's typed API,
//! which the CLI prints), errors and limits (oversized bodies, malformed JSON, hostile
//! expressions, time limits), cancellation when the client goes away, and many concurrent
//! heavy requests while light ones still answer.
#![allow(clippy::unwrap_used)]

use std::net::SocketAddr;
use std::time::Duration;

use grundy::analysis::Options;
use grundy::{api, Play, Registry};
use grundy_web::Config;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Starts a server with `config` on a free loopback port.
async fn start(config: Config) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(grundy_web::serve(listener, config, std::future::pending()));
    addr
}

/// Splits a raw HTTP/1.1 answer into its status and JSON body (decoding a chunked body).
fn parse_answer(raw: &[u8]) -> (u16, Value) {
    let text = String::from_utf8_lossy(raw);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status: u16 = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        let mut out = String::new();
        let mut rest = body;
        while let Some((size, tail)) = rest.split_once("\r\n") {
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if n == 0 {
                break;
            }
            out.push_str(&tail[..n]);
            rest = &tail[n + 2..];
        }
        out
    } else {
        body.to_string()
    };
    let json = serde_json::from_str(&body).unwrap_or(Value::String(body));
    (status, json)
}

/// Sends one request with `Connection: close` and reads the whole answer.
async fn send(addr: SocketAddr, method: &str, path: &str, body: &[u8]) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    // The server may answer (413) and close before reading everything: that is its right.
    let _ = s.write_all(body).await;
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw).await;
    parse_answer(&raw)
}

async fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    send(addr, "POST", path, body.to_string().as_bytes()).await
}

/// The contract's error shape: `{"error": {"kind": ..., "message": ...}}`, lowercase message.
fn assert_error(v: &Value, kind: &str) {
    let e = &v["error"];
    assert_eq!(e["kind"], kind, "{v}");
    let m = e["message"].as_str().unwrap();
    assert!(!m.is_empty() && !m.ends_with('.'), "{m}");
}

/// The analysis the CLI prints with `--json` for the same options as the server.
fn library_analysis(expr: &str, misere: bool) -> Value {
    let play = Play::from_misere(misere);
    let opts = Options {
        remoteness: true,
        ..Options::for_play(play)
    };
    serde_json::to_value(api::analyze(&Registry::builtin(), expr, &opts).unwrap()).unwrap()
}

/// The analysis with the remoteness searched within `budget` sum states.
fn library_within(expr: &str, misere: bool, budget: usize) -> Value {
    let opts = Options::for_play(Play::from_misere(misere));
    let a = api::analyze_within(&Registry::builtin(), expr, &opts, budget).unwrap();
    serde_json::to_value(a).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn analyze_and_table_answer_the_cli_json() {
    let addr = start(Config::default()).await;
    let (status, v) = send(addr, "GET", "/api/health", b"").await;
    assert_eq!((status, v), (200, json!({"ok": true})));
    for (expr, misere) in [
        ("nim(3,4,5)", false),
        ("nim(3,4,5)", true),
        ("tb[0.07](20) + sub[1,3,4](7,9) + *3", false),
        ("wythoff(3,5)", false),
        ("nim(1,1)", true),
        ("nim(3,4,5) + tb[0.07](20) + wythoff(3,5)", false),
    ] {
        // Asked for, the remoteness is searched as `grundy analyze --json` does: the same
        // JSON.
        let (status, v) = post(
            addr,
            "/api/analyze",
            json!({"expr": expr, "misere": misere, "remoteness": true}),
        )
        .await;
        assert_eq!(status, 200, "{expr}: {v}");
        assert_eq!(v, library_analysis(expr, misere), "{expr}");
        // By default, within the server's small budget: the same JSON, with the remoteness
        // when that search finds it.
        let (status, v) = post(
            addr,
            "/api/analyze",
            json!({"expr": expr, "misere": misere}),
        )
        .await;
        assert_eq!(status, 200, "{expr}: {v}");
        let budget = Config::default().remoteness_budget;
        assert_eq!(v, library_within(expr, misere, budget), "{expr}");
        // Without it: the same without the field.
        let (_, none) = post(
            addr,
            "/api/analyze",
            json!({"expr": expr, "misere": misere, "remoteness": false}),
        )
        .await;
        assert_eq!(none.get("remoteness"), None, "{expr}");
        let mut v = v;
        v.as_object_mut().unwrap().remove("remoteness");
        assert_eq!(none, v, "{expr}");
        // Not counted, no moves listed: the same outcome and value, no total.
        let (status, bare) = post(
            addr,
            "/api/analyze",
            json!({"expr": expr, "misere": misere, "remoteness": false, "count": false, "max_moves": 0}),
        )
        .await;
        assert_eq!(status, 200, "{expr}: {bare}");
        assert_eq!(bare["outcome"], v["outcome"], "{expr}");
        assert_eq!(bare["nimber"], v["nimber"], "{expr}");
        assert_eq!(bare["winning_moves"], json!([]), "{expr}");
        if v["outcome"] == "N" {
            assert_eq!(bare["winning_moves_total"], Value::Null, "{expr}: {bare}");
        }
    }
    // The small positions have their remoteness within the server's budget (nim(3,4,5): 11,
    // as the README shows).
    let (_, v) = post(addr, "/api/analyze", json!({"expr": "nim(3,4,5)"})).await;
    assert_eq!(v["remoteness"], 11);
    // "to" as a number or as the CLI's text.
    for to in [json!(300), json!("3*10^2")] {
        let (status, v) = post(addr, "/api/table", json!({"ruleset": "tb[0.07]", "to": to})).await;
        if to.is_string() {
            // 3*10^2 is not a natural as the CLI reads it: the same error as --to gives.
            assert_eq!(status, 400, "{v}");
            continue;
        }
        assert_eq!(status, 200, "{v}");
        let t = api::table(
            &Registry::builtin(),
            "tb[0.07]",
            &300u32.into(),
            &Default::default(),
        )
        .unwrap();
        assert_eq!(v, serde_json::to_value(&t).unwrap());
        // Dawson's Kayles: period 34 from 53 (Winning Ways, ch. 4; OEIS A002187).
        assert_eq!(v["period"]["period"], 34);
    }
    let (status, v) = post(
        addr,
        "/api/table",
        json!({"ruleset": "sub[1,2]", "to": "10^3"}),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["values"].as_array().unwrap().len(), 1001);
    // /api/pattern: the same answer as the library, and a `to` beyond what the server
    // computes is a size limit that says so.
    let (status, v) = post(addr, "/api/pattern", json!({"family": "tb[0.07]"})).await;
    assert_eq!(status, 200, "{v}");
    let p = api::pattern(&Registry::builtin(), "tb[0.07]", None, &Default::default()).unwrap();
    assert_eq!(v, serde_json::to_value(&p).unwrap());
    let (status, v) = post(
        addr,
        "/api/pattern",
        json!({"family": "sub[1,2]", "to": "10^30"}),
    )
    .await;
    assert!(status == 413 || status == 422, "{status} {v}");
    assert!(
        v.to_string()
            .contains("more values than this server computes"),
        "{v}"
    );
}

/// The remoteness within a small budget is the remoteness: on random small sums of several
/// families, in both conventions, whenever a search within a small budget finds it, it is the
/// one the CLI's larger search finds, and the rest of the analysis is the same.
#[test]
fn remoteness_within_a_budget_agrees_with_the_full_search() {
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let mut found = [0; 2];
    for round in 0..120 {
        let mut parts = Vec::new();
        for _ in 0..1 + next(3) {
            parts.push(match next(4) {
                0 => format!("nim({},{})", next(5), next(6)),
                1 => format!("tb[0.07]({})", next(12)),
                2 => format!("wythoff({},{})", next(4), next(5)),
                _ => format!("sub[1,3,4]({})", next(10)),
            });
        }
        let expr = parts.join(" + ");
        let misere = round % 3 == 0;
        let full = library_analysis(&expr, misere);
        for (i, budget) in [(0, 50), (1, 500)] {
            let small = library_within(&expr, misere, budget);
            // Past the budget the analysis comes without it.
            if let Some(r) = small.get("remoteness") {
                found[i] += 1;
                assert_eq!(Some(r), full.get("remoteness"), "{expr} misere {misere}");
            }
            let (mut a, mut b) = (small.clone(), full.clone());
            a.as_object_mut().unwrap().remove("remoteness");
            b.as_object_mut().unwrap().remove("remoteness");
            assert_eq!(a, b, "{expr}");
        }
    }
    // Both budgets answered some: the comparison was not empty.
    assert!(found[0] > 10 && found[1] > 60, "{found:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_bodies_get_413() {
    let config = Config {
        max_body_bytes: 4096,
        ..Config::default()
    };
    let addr = start(config).await;
    // A declared length above the limit: the body is read and thrown away, then refused with
    // a message that names the limit.
    let big = format!(r#"{{"expr": "nim({})"}}"#, "1,".repeat(10_000) + "1");
    let (status, v) = send(addr, "POST", "/api/analyze", big.as_bytes()).await;
    assert_eq!(status, 413, "{v}");
    assert_error(&v, "too_large");
    let m = v["error"]["message"].as_str().unwrap();
    assert!(m.contains("4096 bytes (4 KiB)"), "{m}");
    assert!(m.contains(&format!("has {} bytes", big.len())), "{m}");
    // A chunked body that passes the limit while it is read.
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(
        b"POST /api/analyze HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\
          Connection: close\r\n\r\n",
    )
    .await
    .unwrap();
    for _ in 0..8 {
        let chunk = "x".repeat(1024);
        let _ = s
            .write_all(format!("{:x}\r\n{chunk}\r\n", chunk.len()).as_bytes())
            .await;
    }
    let _ = s.write_all(b"0\r\n\r\n").await;
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw).await;
    let (status, v) = parse_answer(&raw);
    assert_eq!(status, 413, "{v}");
    assert_error(&v, "too_large");
    // Just below the limit is fine.
    let (status, _) = post(addr, "/api/analyze", json!({"expr": "nim(1)"})).await;
    assert_eq!(status, 200);
    // A client that waits for "100 Continue" gets its 413 at once, without sending the body.
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(
        b"POST /api/analyze HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n\
          Content-Length: 1000000\r\nExpect: 100-continue\r\n\r\n",
    )
    .await
    .unwrap();
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw).await;
    let (status, v) = parse_answer(&raw);
    assert_eq!(status, 413, "{v}");
    assert!(!String::from_utf8_lossy(&raw).contains("100 Continue"));
}

/// A client that sends all of a 21 MB body before it reads (as Python's urllib does) reads
/// the 413: every byte it writes is taken, none fails with a broken pipe or a reset.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_sends_a_large_body_reads_its_413() {
    let addr = start(Config::default()).await;
    let body = vec![b' '; 21 << 20];
    for keep_alive in [false, true] {
        let mut s = TcpStream::connect(addr).await.unwrap();
        let head = format!(
            "POST /api/analyze HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\n{}\r\n",
            body.len(),
            if keep_alive {
                ""
            } else {
                "Connection: close\r\n"
            }
        );
        s.write_all(head.as_bytes()).await.unwrap();
        // In pieces, as a client's socket writes them; each write must succeed.
        for piece in body.chunks(64 << 10) {
            s.write_all(piece).await.unwrap();
        }
        s.flush().await.unwrap();
        let mut raw = Vec::new();
        if keep_alive {
            // The connection stays open: read the head and the JSON body it announces.
            let mut buf = [0u8; 4096];
            while !String::from_utf8_lossy(&raw).contains("}}") {
                let n = s.read(&mut buf).await.unwrap();
                assert!(n > 0, "closed before the answer: {raw:?}");
                raw.extend_from_slice(&buf[..n]);
            }
        } else {
            s.read_to_end(&mut raw).await.unwrap();
        }
        let (status, v) = parse_answer(&raw);
        assert_eq!(status, 413, "{v}");
        assert_error(&v, "too_large");
        let m = v["error"]["message"].as_str().unwrap();
        assert!(m.contains("1048576 bytes (1 MiB)"), "{m}");
        if keep_alive {
            // The body was read to its end, so the same connection takes the next request.
            let next = json!({"expr": "nim(1)"}).to_string();
            let head = format!(
                "POST /api/analyze HTTP/1.1\r\nHost: t\r\nContent-Length: {}\r\n\
                 Connection: close\r\n\r\n{next}",
                next.len()
            );
            s.write_all(head.as_bytes()).await.unwrap();
            let mut raw = Vec::new();
            s.read_to_end(&mut raw).await.unwrap();
            let (status, v) = parse_answer(&raw);
            assert_eq!((status, &v["outcome"]), (200, &json!("N")), "{v}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_requests_get_400_in_the_contract_shape() {
    let addr = start(Config::default()).await;
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("/api/analyze", b"{\"expr\": ".to_vec()),
        ("/api/analyze", b"not json".to_vec()),
        ("/api/analyze", b"".to_vec()),
        ("/api/analyze", b"{\"expr\": 5}".to_vec()),
        ("/api/analyze", b"{\"misere\": true}".to_vec()),
        ("/api/analyze", b"[1,2,3]".to_vec()),
        (
            "/api/analyze",
            b"{\"expr\": \"nim(1)\", \"misere\": \"yes\"}".to_vec(),
        ),
        ("/api/analyze", vec![b'{', 0xff, 0xfe, b'}']),
        ("/api/table", b"{\"ruleset\": \"tb[0.07]\"}".to_vec()),
        (
            "/api/table",
            b"{\"ruleset\": \"tb[0.07]\", \"to\": -5}".to_vec(),
        ),
        (
            "/api/table",
            b"{\"ruleset\": \"tb[0.07]\", \"to\": 1.5}".to_vec(),
        ),
        (
            "/api/table",
            b"{\"ruleset\": \"tb[0.07]\", \"to\": [1]}".to_vec(),
        ),
        (
            "/api/grid",
            b"{\"game\": \"wythoff\", \"size\": -1}".to_vec(),
        ),
        (
            "/api/grid",
            b"{\"game\": \"wythoff\", \"size\": 100000}".to_vec(),
        ),
        ("/api/pattern", b"{\"to\": 10}".to_vec()),
        ("/api/pattern", b"{\"family\": 5}".to_vec()),
        (
            "/api/pattern",
            b"{\"family\": \"sub[1,2]\", \"to\": -5}".to_vec(),
        ),
        (
            "/api/pattern",
            b"{\"family\": \"sub[1,2]\", \"to\": [1]}".to_vec(),
        ),
        ("/api/pattern", b"{\"family\": \"nim(3\"}".to_vec()),
    ];
    for (path, body) in cases {
        let (status, v) = send(addr, "POST", path, &body).await;
        assert_eq!(
            status,
            400,
            "{path} {:?}: {v}",
            String::from_utf8_lossy(&body)
        );
        assert!(
            ["json", "input"].contains(&v["error"]["kind"].as_str().unwrap()),
            "{v}"
        );
    }
    // A JSON syntax error says where.
    let (_, v) = send(addr, "POST", "/api/analyze", b"{\"expr\": }").await;
    assert_error(&v, "json");
    assert_eq!(
        (v["error"]["line"].as_u64(), v["error"]["column"].as_u64()),
        (Some(1), Some(10))
    );
    // Wrong method and unknown path: JSON errors too.
    let (status, v) = send(addr, "GET", "/api/analyze", b"").await;
    assert_eq!(status, 405);
    assert_error(&v, "method");
    let (status, v) = send(addr, "GET", "/api/nothing", b"").await;
    assert_eq!(status, 404);
    assert_error(&v, "not_found");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_expressions_never_get_a_5xx() {
    let addr = start(Config::default()).await;
    let deep = "(".repeat(50_000) + "nim(1)" + &")".repeat(50_000);
    let many = format!("nim({})", vec!["7"; 60_000].join(","));
    let hostile: Vec<String> = vec![
        String::new(),
        "   ".into(),
        deep,
        many,
        "nim(10^10^10)".into(),
        "nim(99999999999999999999999999999999999999999999999999)".into(),
        "tb[0.6](10^18)".into(),
        "tb[0.123456789abcdef](50)".into(),
        "sub[](5)".into(),
        "sub[1..10^12](7)".into(),
        "graph[/etc/passwd](root)".into(),
        "graph[../../Cargo.toml](a)".into(),
        "nim(3,4,5) + \u{0}\u{1b}[31m".into(),
        "wythoff(10^30, 10^30)".into(),
        "ᚠᛇᚻ(1) + 😀".into(),
        "*".repeat(10_000),
        "nim(1)+".repeat(5_000) + "nim(1)",
    ];
    for expr in &hostile {
        for misere in [false, true] {
            let (status, v) = post(
                addr,
                "/api/analyze",
                json!({"expr": expr, "misere": misere}),
            )
            .await;
            let shown: String = expr.chars().take(40).collect();
            assert!(
                status == 200 || (400..500).contains(&status),
                "{shown}: {status} {v}"
            );
            if status != 200 {
                assert!(v["error"]["kind"].is_string(), "{shown}: {v}");
            }
            // The server's files stay closed: no file's text comes back.
            assert!(!v.to_string().contains("root:"), "{shown}: {v}");
            assert!(!v.to_string().contains("[workspace]"), "{shown}: {v}");
        }
    }
    // The same hostile texts as rulesets of a table, and as explanations and move lists.
    for text in &hostile {
        for (path, body) in [
            ("/api/table", json!({"ruleset": text, "to": 100})),
            ("/api/explain", json!({"expr": text})),
            ("/api/moves", json!({"expr": text})),
            ("/api/engine", json!({"expr": text})),
            ("/api/grid", json!({"game": text, "size": 8})),
        ] {
            let (status, v) = post(addr, path, body).await;
            assert!(
                status == 200 || (400..500).contains(&status),
                "{path}: {status} {v}"
            );
        }
    }
    // A graph file is text in the request, never a path.
    let (status, v) = post(addr, "/api/graph", json!({"text": "/etc/passwd"})).await;
    assert!(status == 200 || status == 400, "{v}");
    assert!(!v.to_string().contains("root:"), "{v}");
}

/// A time limit of zero has run out before any work begins, so the computation stops at its
/// first check: the time limit is reached whatever the machine's speed, with no clock raced.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_computation_stops_at_its_time_limit_with_422() {
    let config = Config {
        light_time: Duration::ZERO,
        ..Config::default()
    };
    let addr = start(config).await;
    // A misere sum of several families: no misere quotient applies, the search is huge.
    let (status, v) = post(
        addr,
        "/api/analyze",
        json!({"expr": "wythoff(30,40) + wythoff(33,45) + nim(30,31,29) + sub[1,3,4](30,31)", "misere": true}),
    )
    .await;
    assert_eq!(status, 422, "{v}");
    assert_error(&v, "limit");
    assert_eq!(v["error"]["limit"], "time", "{v}");
    // A table longer than the server gives: 422 before any work.
    let (status, v) = post(
        addr,
        "/api/table",
        json!({"ruleset": "sub[1,2]", "to": "10^9"}),
    )
    .await;
    assert_eq!(status, 422, "{v}");
    assert_eq!(v["error"]["limit"], "size");
}

/// The time limit is a timer that raises the request's cancellation flag: heap kernels (which
/// watch that flag) and searches stop at it, and the answer is the time limit's 422, not a
/// cancellation. Limits of zero have run out before the work begins (no clock is raced).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_time_limit_stops_heap_tables_and_searches_as_a_limit() {
    let config = Config {
        light_time: Duration::ZERO,
        heavy_time: Duration::ZERO,
        ..Config::default()
    };
    let addr = start(config).await;
    for (path, body) in [
        // Officers to 10^6: the dense kernel checks the flag every 16384 values.
        ("/api/table", json!({"ruleset": "tb[0.6]", "to": 1_000_000})),
        (
            "/api/analyze",
            json!({"expr": "wythoff(30,40) + wythoff(33,45) + nim(30,31,29) + sub[1,3,4](30,31)", "misere": true}),
        ),
    ] {
        let (status, v) = post(addr, path, body).await;
        assert_eq!(status, 422, "{path}: {v}");
        assert_error(&v, "limit");
        if path == "/api/table" {
            assert_eq!(v["error"]["limit"], "time", "{v}");
            let m = v["error"]["message"].as_str().unwrap();
            let limit = format!("time limit of {:.1?}", Duration::ZERO);
            assert!(m.contains(&limit), "{m}");
        }
    }
    let v = wait_status(addr, |v| v["running"] == 0).await;
    // A stop at the time limit is not counted as a client that went away.
    assert_eq!(v["cancelled"], 0, "{v}");
}

/// Polls the status until `pred` holds (at most about 30 s: a generous bound, not a timing).
async fn wait_status(addr: SocketAddr, pred: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..300 {
        let (_, v) = send(addr, "GET", "/api/status", b"").await;
        if pred(&v) {
            return v;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the status never reached the expected state");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_goes_away_cancels_its_computation() {
    // Time limits beyond the test's wait: the computation can only end in time by
    // cancellation (and a failing test still ends, when the limit stops the work).
    let config = Config {
        light_time: Duration::from_secs(45),
        heavy_time: Duration::from_secs(45),
        ..Config::default()
    };
    let addr = start(config).await;
    let body = json!({"game": "wythoff", "size": 128, "misere": true}).to_string();
    let mut s = TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST /api/grid HTTP/1.1\r\nHost: t\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(head.as_bytes()).await.unwrap();
    wait_status(addr, |v| v["running_heavy"] == 1).await;
    drop(s);
    let v = wait_status(addr, |v| v["running"] == 0).await;
    assert_eq!(v["cancelled"], 1, "{v}");
}

/// One heavy slot: while a heavy computation holds it, health and a light analysis answer, and
/// further heavy requests are refused as busy rather than piling up. No clock decides it: the
/// held computation's time limit is beyond the test, a request finding no free slot is refused
/// without queueing, and the held computation ends when its client goes away.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn heavy_requests_do_not_block_light_ones() {
    let config = Config {
        heavy_permits: 1,
        light_permits: 2,
        heavy_time: Duration::from_secs(45),
        queue_wait: Duration::ZERO,
        ..Config::default()
    };
    let addr = start(config).await;
    let grid = json!({"game": "wythoff", "size": 128, "misere": true});
    let held = tokio::spawn(post(addr, "/api/grid", grid.clone()));
    wait_status(addr, |v| v["running_heavy"] == 1).await;
    // While the heavy slot is taken, health and a light analysis answer.
    let (status, v) = send(addr, "GET", "/api/health", b"").await;
    assert_eq!((status, v), (200, json!({"ok": true})));
    let (status, v) = post(addr, "/api/analyze", json!({"expr": "nim(3,4,5)"})).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["nimber"], 2);
    // More heavy requests than slots: refused as busy.
    for _ in 0..7 {
        let (status, v) = post(addr, "/api/grid", grid.clone()).await;
        assert_eq!(status, 503, "{v}");
        assert_error(&v, "busy");
    }
    held.abort();
    let v = wait_status(addr, |v| v["running"] == 0).await;
    assert_eq!(v["refused_busy"], 7, "{v}");
    assert_eq!(v["cancelled"], 1, "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_and_its_assets_are_served_without_network() {
    let addr = start(Config::default()).await;
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).await.unwrap();
    let page = String::from_utf8_lossy(&raw);
    assert!(page.starts_with("HTTP/1.1 200"));
    assert!(page.contains("<script src=\"/app.js\">"));
    // No resource from elsewhere: every URL in the page, script and style is local.
    for asset in [
        &*page,
        include_str!("../../assets/app.js"),
        include_str!("../../assets/app.css"),
    ] {
        for bad in ["http://", "https://", "//cdn"] {
            let hits: Vec<_> = asset
                .match_indices(bad)
                .map(|(i, _)| &asset[i..i + 40.min(asset.len() - i)])
                .collect();
            // The SVG namespace is a name, not a fetch.
            assert!(
                hits.iter()
                    .all(|h| h.starts_with("http://www.w3.org/2000/svg")),
                "{hits:?}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rule_scripts_without_a_script_engine_are_refused_plainly() {
    let addr = start(Config::default()).await;
    let rules = json!([{"name": "lasker", "source": "fn moves(n) { [] }"}]);
    let (status, v) = post(
        addr,
        "/api/analyze",
        json!({"expr": "nim(1)", "rules": rules}),
    )
    .await;
    assert_eq!(status, 400, "{v}");
    assert_error(&v, "unsupported");
    let (status, v) = post(addr, "/api/rules/check", json!({ "rules": rules })).await;
    assert_eq!(status, 400, "{v}");
    // Without "rules" the same request works.
    let (status, _) = post(addr, "/api/analyze", json!({"expr": "nim(1)"})).await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_endpoints_follow_the_engine() {
    let addr = start(Config::default()).await;
    let (status, v) = post(addr, "/api/moves", json!({"expr": "nim(1,2)"})).await;
    assert_eq!(status, 200, "{v}");
    // nim(1,2): three moves; only 2 -> 1 leaves a P-position (1 XOR 1 = 0).
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 3);
    let winners: Vec<_> = moves
        .iter()
        .filter(|m| m["outcome"] == "P")
        .map(|m| m["to"].clone())
        .collect();
    assert_eq!(winners, vec![json!("nim(1,1)")]);
    let (_, v) = post(addr, "/api/engine", json!({"expr": "nim(1,2)"})).await;
    assert_eq!(v["move"]["to"], "nim(1,1)");
    assert_eq!(v["move"]["wins"], true);
    // In a P-position there is no hint.
    let (_, v) = post(
        addr,
        "/api/engine",
        json!({"expr": "nim(1,1)", "hint": true}),
    )
    .await;
    assert_eq!(v["move"], Value::Null);
    let (_, v) = post(addr, "/api/moves", json!({"expr": "nim(0,0)"})).await;
    assert_eq!(v["over"], true);
}

/// A stand-in for the script engine: accepts a script whose source is `ok`, and reports an
/// error at line 2, column 5 of any other (as the engine names `FILE:LINE:COLUMN`).
struct FakeScripts;

impl grundy_web::RulesLoader for FakeScripts {
    fn load(
        &self,
        _reg: &mut Registry,
        scripts: &[grundy_web::RuleScript],
        _limits: &grundy::Limits,
    ) -> Result<(), grundy::Error> {
        for s in scripts {
            if s.source != "ok" {
                return Err(grundy::Error::Input {
                    message: "syntax error: expecting ']'".into(),
                    column: None,
                    location: Some(format!("{}.rhai:2:5", s.name)),
                });
            }
        }
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn script_errors_come_back_at_their_line() {
    let config = Config {
        rules: Some(std::sync::Arc::new(FakeScripts)),
        ..Config::default()
    };
    let addr = start(config).await;
    let (status, v) = post(
        addr,
        "/api/rules/check",
        json!({"rules": [{"name": "digits", "source": "fn moves(n) {\n  [;\n}"}]}),
    )
    .await;
    assert_eq!(status, 400, "{v}");
    assert_error(&v, "input");
    assert_eq!(
        (
            &v["error"]["line"],
            &v["error"]["column"],
            &v["error"]["file"]
        ),
        (&json!(2), &json!(5), &json!("digits.rhai"))
    );
    let (status, v) = post(
        addr,
        "/api/analyze",
        json!({"expr": "nim(1)", "rules": [{"name": "digits", "source": "ok"}]}),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    // A name that is a path is refused before the engine sees it.
    let (status, v) = post(
        addr,
        "/api/rules/check",
        json!({"rules": [{"name": "../etc/passwd", "source": "ok"}]}),
    )
    .await;
    assert_eq!(status, 400, "{v}");
    assert_error(&v, "input");
}
