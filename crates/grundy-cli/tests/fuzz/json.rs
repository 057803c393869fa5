//! A strict JSON reader (RFC 8259) that keeps numbers as their text.
//!
//! The spec writes nim-values as JSON integers of any size; serde_json without its
//! `arbitrary_precision` feature refuses integers beyond 1e308, and enabling that feature in a
//! dev-dependency would change the serde_json of the binary under test. This reader checks the
//! syntax exactly and leaves numbers as text for exact comparison.

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

/// The deepest nesting read (the binary's outputs are shallow).
const MAX_DEPTH: usize = 64;

/// Parses one JSON value with optional surrounding whitespace.
pub fn parse(bytes: &[u8]) -> Result<J, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8: {e}"))?;
    let mut p = P {
        s: text.as_bytes(),
        i: 0,
    };
    p.ws();
    let v = p.value(0)?;
    p.ws();
    if p.i != p.s.len() {
        return Err(format!("trailing text at byte {}", p.i));
    }
    Ok(v)
}

struct P<'a> {
    s: &'a [u8],
    i: usize,
}

impl P<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn err<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("{what} at byte {}", self.i))
    }

    fn eat(&mut self, lit: &[u8]) -> bool {
        if self.s[self.i..].starts_with(lit) {
            self.i += lit.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self, depth: usize) -> Result<J, String> {
        if depth > MAX_DEPTH {
            return self.err("nested too deep");
        }
        match self.s.get(self.i) {
            None => self.err("unexpected end"),
            Some(b'n') if self.eat(b"null") => Ok(J::Null),
            Some(b't') if self.eat(b"true") => Ok(J::Bool(true)),
            Some(b'f') if self.eat(b"false") => Ok(J::Bool(false)),
            Some(b'"') => self.string().map(J::Str),
            Some(b'[') => {
                self.i += 1;
                let mut v = Vec::new();
                self.ws();
                if self.eat(b"]") {
                    return Ok(J::Arr(v));
                }
                loop {
                    self.ws();
                    v.push(self.value(depth + 1)?);
                    self.ws();
                    if self.eat(b",") {
                        continue;
                    }
                    if self.eat(b"]") {
                        return Ok(J::Arr(v));
                    }
                    return self.err("expected ',' or ']'");
                }
            }
            Some(b'{') => {
                self.i += 1;
                let mut v = Vec::new();
                self.ws();
                if self.eat(b"}") {
                    return Ok(J::Obj(v));
                }
                loop {
                    self.ws();
                    if self.s.get(self.i) != Some(&b'"') {
                        return self.err("expected a key");
                    }
                    let k = self.string()?;
                    self.ws();
                    if !self.eat(b":") {
                        return self.err("expected ':'");
                    }
                    self.ws();
                    let x = self.value(depth + 1)?;
                    v.push((k, x));
                    self.ws();
                    if self.eat(b",") {
                        continue;
                    }
                    if self.eat(b"}") {
                        return Ok(J::Obj(v));
                    }
                    return self.err("expected ',' or '}'");
                }
            }
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => self.err("unexpected character"),
        }
    }

    fn number(&mut self) -> Result<J, String> {
        let start = self.i;
        self.eat(b"-");
        let digits = |p: &mut Self| {
            let a = p.i;
            while p.i < p.s.len() && p.s[p.i].is_ascii_digit() {
                p.i += 1;
            }
            p.i - a
        };
        let int_at = self.i;
        let n = digits(self);
        if n == 0 || (n > 1 && self.s[int_at] == b'0') {
            return self.err("bad number");
        }
        if self.eat(b".") && digits(self) == 0 {
            return self.err("bad fraction");
        }
        if self.eat(b"e") || self.eat(b"E") {
            if !self.eat(b"+") {
                self.eat(b"-");
            }
            if digits(self) == 0 {
                return self.err("bad exponent");
            }
        }
        Ok(J::Num(
            String::from_utf8_lossy(&self.s[start..self.i]).into_owned(),
        ))
    }

    fn string(&mut self) -> Result<String, String> {
        self.i += 1;
        let mut out = String::new();
        loop {
            let Some(&c) = self.s.get(self.i) else {
                return self.err("unterminated string");
            };
            match c {
                b'"' => {
                    self.i += 1;
                    return Ok(out);
                }
                b'\\' => {
                    self.i += 1;
                    let Some(&e) = self.s.get(self.i) else {
                        return self.err("unterminated escape");
                    };
                    self.i += 1;
                    match e {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let hi = self.hex4()?;
                            let c = if (0xd800..0xdc00).contains(&hi) {
                                if !self.eat(b"\\u") {
                                    return self.err("lone surrogate");
                                }
                                let lo = self.hex4()?;
                                if !(0xdc00..0xe000).contains(&lo) {
                                    return self.err("bad low surrogate");
                                }
                                0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00)
                            } else {
                                hi
                            };
                            match char::from_u32(c) {
                                Some(ch) => out.push(ch),
                                None => return self.err("bad code point"),
                            }
                        }
                        _ => return self.err("bad escape"),
                    }
                }
                0..=0x1f => return self.err("raw control character in a string"),
                _ => {
                    // Copy one UTF-8 sequence (the input was checked to be UTF-8).
                    let len = match c {
                        0..=0x7f => 1,
                        0xc0..=0xdf => 2,
                        0xe0..=0xef => 3,
                        _ => 4,
                    };
                    let end = (self.i + len).min(self.s.len());
                    out.push_str(&String::from_utf8_lossy(&self.s[self.i..end]));
                    self.i = end;
                }
            }
        }
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let Some(h) = self.s.get(self.i..self.i + 4) else {
            return self.err("short \\u escape");
        };
        let h = std::str::from_utf8(h).map_err(|e| e.to_string())?;
        let v = u32::from_str_radix(h, 16).map_err(|_| format!("bad \\u escape at {}", self.i))?;
        self.i += 4;
        Ok(v)
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
