//! JSON as the fuzz suite reads it: numbers kept as their text, for exact comparison.
//!
//! The spec writes nim-values as JSON integers of any size. The workspace's serde_json has the
//! `arbitrary_precision` feature (the binary under test needs it too), so its strict parser
//! keeps every number as written; the test below holds that premise.

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum J {
    Null,
    Bool(bool),
    /// The number exactly as written.
    Num(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

impl J {
    pub fn get(&self, key: &str) -> Option<&J> {
        match self {
            J::Obj(items) => items.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn str(&self) -> Option<&str> {
        match self {
            J::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn num(&self) -> Option<&str> {
        match self {
            J::Num(s) => Some(s),
            _ => None,
        }
    }

    pub fn arr(&self) -> Option<&[J]> {
        match self {
            J::Arr(v) => Some(v),
            _ => None,
        }
    }
}

/// Parses one JSON value with optional surrounding whitespace, with serde_json, whose
/// parser is strict (RFC 8259) and, with the workspace's `arbitrary_precision` feature, keeps
/// every number as written.
pub fn parse(bytes: &[u8]) -> Result<J, String> {
    let v: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
    Ok(of(v))
}

fn of(v: serde_json::Value) -> J {
    use serde_json::Value;
    match v {
        Value::Null => J::Null,
        Value::Bool(b) => J::Bool(b),
        Value::Number(n) => J::Num(n.to_string()),
        Value::String(s) => J::Str(s),
        Value::Array(items) => J::Arr(items.into_iter().map(of).collect()),
        Value::Object(map) => J::Obj(map.into_iter().map(|(k, v)| (k, of(v))).collect()),
    }
}

#[test]
fn the_reader_keeps_big_integers_and_refuses_bad_syntax() {
    let v = parse(br#" {"a": [1, -2.5e3, null, true], "n": 123456789012345678901234567890, "s": "x\u00e9\n"} "#)
        .unwrap();
    assert_eq!(
        v.get("n").unwrap().num(),
        Some("123456789012345678901234567890")
    );
    assert_eq!(v.get("s").unwrap().str(), Some("x\u{e9}\n"));
    for bad in [
        "",
        "{",
        "[1,]",
        "01",
        "{\"a\" 1}",
        "\"\u{1}\"",
        "1 2",
        "nul",
        "-",
        "1.",
    ] {
        assert!(parse(bad.as_bytes()).is_err(), "{bad}");
    }
}
