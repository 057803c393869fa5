//! `Datum`: the value of a script position (an integer, a string, or an array of them).

use std::fmt;

use rhai::{Array, Dynamic, ImmutableString};

/// The tag that marks the array returned by `sum([...])` as a disjunctive sum. A sum is an
/// ordinary Rhai array (so Rhai's size limits count its contents, which they would not do for
/// a custom type), marked with a tag that scripts cannot set: the tag functions live in
/// Rhai's language-core package, which this sandbox leaves out.
pub(crate) const SUM_TAG: i32 = 0x5355;

/// The first item of a position of another family in a script's options: `game("tb[0.77]",
/// 8)` is the array `[GAME, "tb[0.77]", 8]`. The control character U+0001 keeps it apart from
/// any string a position would hold by chance.
pub const GAME: &str = "\u{1}game";

/// The first item of `k` copies of a position in a script's options: `copies(3, q)` is the
/// array `[COPIES, 3, q]` (for k of at least 2; one copy is `q`, none is nothing). Marked as
/// [`GAME`] is.
pub const COPIES: &str = "\u{1}copies";

/// A position of a script family, compared by value.
///
/// In an expression, `NAME(a)` is the position `a` and `NAME(a, b, ...)` is the position
/// `[a, b, ...]`; scripts see integers as Rhai integers, strings as Rhai strings and lists as
/// Rhai arrays. The derived order (integers, then strings, then lists, each by value) is the
/// canonical order of positions.
///
/// Positions nest only as deep as [`crate::Sandbox::position_depth`] allows when they come
/// from a script, so the derived (recursive) `Eq`, `Ord`, `Hash`, `Clone` and `Drop` stay
/// shallow.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Datum {
    /// A 64-bit integer.
    Int(i64),
    /// A string.
    Str(String),
    /// An array of positions.
    List(Vec<Datum>),
}

/// Why a script value is not a position: what it was (in Rhai syntax, shortened) and which
/// kind of value it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeError {
    /// The offending value as Rhai prints it, cut to a readable length.
    pub value: String,
    /// What is wrong with it, e.g. `a decimal number is not a position`.
    pub reason: String,
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.value, self.reason)
    }
}

/// The longest rendering of an offending value kept in an error message.
const MAX_SHOWN: usize = 80;

/// How deep [`show_dynamic`] descends into nested arrays and maps.
const MAX_SHOWN_DEPTH: usize = 8;

/// A short rendering of `value` in Rhai syntax for messages: at most [`MAX_SHOWN`] characters
/// and [`MAX_SHOWN_DEPTH`] levels, so that neither a huge nor a deeply nested value costs
/// time or stack (Rhai's own printer recurses through every level).
pub(crate) fn show_dynamic(value: &Dynamic) -> String {
    let mut out = String::new();
    write_dynamic(&mut out, value, 0);
    shorten(&out)
}

fn write_dynamic(out: &mut String, value: &Dynamic, depth: usize) {
    if out.len() > MAX_SHOWN {
        return;
    }
    if let Ok(n) = value.as_int() {
        out.push_str(&n.to_string());
    } else if let Some(s) = value.read_lock::<ImmutableString>() {
        out.push_str(&format!("{:?}", shorten(s.as_str())));
    } else if value.is_array() || value.is_map() {
        if depth >= MAX_SHOWN_DEPTH {
            out.push_str(if value.is_array() { "[…]" } else { "#{…}" });
            return;
        }
        if let Some(array) = value.read_lock::<Array>() {
            if value.tag() == SUM_TAG {
                out.push_str("sum(");
            }
            out.push('[');
            for (i, item) in array.iter().enumerate() {
                if out.len() > MAX_SHOWN {
                    break;
                }
                if i > 0 {
                    out.push_str(", ");
                }
                write_dynamic(out, item, depth + 1);
            }
            out.push(']');
            if value.tag() == SUM_TAG {
                out.push(')');
            }
        } else if let Some(map) = value.read_lock::<rhai::Map>() {
            out.push_str("#{");
            for (i, (key, item)) in map.iter().enumerate() {
                if out.len() > MAX_SHOWN {
                    break;
                }
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(&shorten(key.as_str()));
                out.push_str(": ");
                write_dynamic(out, item, depth + 1);
            }
            out.push('}');
        }
    } else if let Ok(x) = value.as_float() {
        out.push_str(&format!("{x:?}"));
    } else if let Ok(b) = value.as_bool() {
        out.push_str(&b.to_string());
    } else if let Ok(c) = value.as_char() {
        out.push_str(&format!("{c:?}"));
    } else if value.is_unit() {
        out.push_str("()");
    } else if let Some(f) = value.read_lock::<rhai::FnPtr>() {
        out.push_str(&format!("Fn({:?})", shorten(f.fn_name())));
    } else {
        out.push_str(&format!("<{}>", value.type_name()));
    }
}

/// `text` cut to [`MAX_SHOWN`] characters with an ellipsis.
pub(crate) fn shorten(text: &str) -> String {
    if text.chars().count() <= MAX_SHOWN {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(MAX_SHOWN).collect();
        s.push('…');
        s
    }
}

/// A phrase naming the kind of a Rhai value, for messages ("a decimal number").
pub(crate) fn kind_of(value: &Dynamic) -> String {
    if value.is_array() && value.tag() == SUM_TAG {
        return "a sum (a sum may only be a whole option, not part of a position)".into();
    }
    match value.type_name() {
        "()" => "nothing (the unit value `()`)".into(),
        "bool" => "a boolean".into(),
        "char" => "a character (write a string in double quotes instead)".into(),
        "f64" | "f32" => "a decimal number".into(),
        "map" => "an object map".into(),
        "Fn" => "a function pointer".into(),
        "array" => "an array".into(),
        "string" => "a string".into(),
        "i64" | "i32" => "an integer".into(),
        other if other.contains("Range") || other.starts_with("range") => {
            "a range (collect it into an array first)".into()
        }
        other if other.ends_with("::Options") => {
            "a list of options from options() (return it as the result of moves)".into()
        }
        other => format!("a value of type {other}"),
    }
}

/// How many arguments write one position of a family (`const ARITY = k;` in a rule script,
/// `arity=k` in Python; rules.md, Positions).
///
/// - `Fixed(1)` (the default): `NAME(a)` is the position `a`, and `NAME(a, b, c)` is the sum
///   of three positions, as for `nim(3,4,5)`.
/// - `Fixed(k)`, k > 1: `NAME(a1, ..., ak)` is the position `[a1, ..., ak]`; a multiple of k
///   arguments is the sum of consecutive groups of k.
/// - `All` (`const ARITY = "all";`, an extension): every argument of a term makes one array
///   position, for positions of varying length (a Chomp board of any number of rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arity {
    /// Exactly this many arguments a position (at least 1).
    Fixed(usize),
    /// All the arguments of a term are one position.
    All,
}

impl Default for Arity {
    fn default() -> Self {
        Arity::Fixed(1)
    }
}

/// The largest fixed arity a family may declare.
pub const MAX_ARITY: usize = 64;

impl Arity {
    /// The positions that a term's arguments write, or a message naming the arity when the
    /// count does not fit it.
    ///
    /// Example:
    /// ```
    /// use grundy_script::{Arity, Datum};
    /// let two = Arity::Fixed(2);
    /// let args: Vec<Datum> = [1, 2, 3, 4].into_iter().map(Datum::Int).collect();
    /// assert_eq!(two.positions(args.clone()).unwrap().len(), 2);
    /// assert_eq!(Arity::Fixed(1).positions(args.clone()).unwrap().len(), 4);
    /// assert!(Arity::Fixed(3).positions(args).is_err());
    /// ```
    pub fn positions(self, args: Vec<Datum>) -> Result<Vec<Datum>, String> {
        match self {
            Arity::All => Ok(vec![Datum::from_args(args)]),
            Arity::Fixed(0) => Err("an arity must be at least 1".to_string()),
            Arity::Fixed(_) if args.is_empty() => Err(format!(
                "a position needs {} (ARITY {})",
                self.argument_count(),
                self.text()
            )),
            Arity::Fixed(1) => Ok(args),
            Arity::Fixed(k) if args.len() % k != 0 => Err(format!(
                "found {} arguments: a position of this family is written with {} \
                 (ARITY {k}), and a sum with a multiple of {k}",
                args.len(),
                self.argument_count()
            )),
            Arity::Fixed(k) => {
                let mut out = Vec::with_capacity(args.len() / k);
                let mut it = args.into_iter();
                loop {
                    let group: Vec<Datum> = it.by_ref().take(k).collect();
                    if group.is_empty() {
                        break;
                    }
                    out.push(Datum::List(group));
                }
                Ok(out)
            }
        }
    }

    /// Whether `p` has the shape of a position of this arity (an array of k values for a
    /// fixed arity above 1; anything otherwise).
    pub fn fits(self, p: &Datum) -> bool {
        if p.game().is_some() {
            return true;
        }
        if let Some((_, q)) = p.copies() {
            return self.fits(q);
        }
        match (self, p) {
            (Arity::Fixed(k), Datum::List(items)) if k > 1 => items.len() == k,
            (Arity::Fixed(k), _) if k > 1 => false,
            _ => true,
        }
    }

    /// `"2 arguments"`, `"1 argument"`, `"any number of arguments"`.
    pub fn argument_count(self) -> String {
        match self {
            Arity::Fixed(1) => "1 argument".to_string(),
            Arity::Fixed(k) => format!("{k} arguments"),
            Arity::All => "any number of arguments".to_string(),
        }
    }

    /// The arity as a script declares it: `2`, or `"all"`.
    pub fn text(self) -> String {
        match self {
            Arity::Fixed(k) => k.to_string(),
            Arity::All => "\"all\"".to_string(),
        }
    }
}

impl Datum {
    /// The game and arguments of a position of another family (`game("tb[0.77]", 8)`, see
    /// [`GAME`]); `None` for the family's own positions.
    pub fn game(&self) -> Option<(&Datum, &[Datum])> {
        match self {
            Datum::List(items) => match items.as_slice() {
                [Datum::Str(mark), name, args @ ..] if mark == GAME => Some((name, args)),
                _ => None,
            },
            _ => None,
        }
    }

    /// How many copies of which position (`copies(k, q)`, see `COPIES`); `None` for every
    /// other position.
    pub fn copies(&self) -> Option<(u64, &Datum)> {
        match self {
            Datum::List(items) => match items.as_slice() {
                [Datum::Str(mark), Datum::Int(k), q] if mark == COPIES => {
                    Some((u64::try_from(*k).ok()?, q))
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// `k` copies of `q` as a position, for `k` of at least 2 (see `COPIES`).
    pub fn copies_of(k: u64, q: Datum) -> Datum {
        Datum::List(vec![
            Datum::Str(COPIES.into()),
            Datum::Int(i64::try_from(k).unwrap_or(i64::MAX)),
            q,
        ])
    }

    /// The position written `NAME(args...)`: the argument itself when there is one, the list of
    /// them otherwise (`NAME()` is the empty list).
    ///
    /// Example:
    /// ```
    /// use grundy_script::Datum;
    /// assert_eq!(Datum::from_args(vec![Datum::Int(5)]), Datum::Int(5));
    /// assert_eq!(
    ///     Datum::from_args(vec![Datum::Int(1), Datum::Int(2)]),
    ///     Datum::List(vec![Datum::Int(1), Datum::Int(2)])
    /// );
    /// ```
    pub fn from_args(mut args: Vec<Datum>) -> Datum {
        if args.len() == 1 {
            if let Some(one) = args.pop() {
                return one;
            }
        }
        Datum::List(args)
    }

    /// The arguments this position is written with, the inverse of [`Datum::from_args`]:
    /// an integer or a string is one argument; a list of other than one element is its
    /// elements; a list of exactly one element stays one (list) argument, so that it is not
    /// confused with the element itself.
    pub fn to_args(&self) -> Vec<Datum> {
        match self {
            Datum::List(items) if items.len() != 1 => items.clone(),
            other => vec![other.clone()],
        }
    }

    /// The default text of the position in family `name`: `name(args)`.
    ///
    /// Example:
    /// ```
    /// use grundy_script::Datum;
    /// let p = Datum::List(vec![Datum::Int(3), Datum::Str("a b".into())]);
    /// assert_eq!(p.call_text("maze"), "maze(3, \"a b\")");
    /// ```
    pub fn call_text(&self, name: &str) -> String {
        format!("{name}({self})")
    }

    /// The position as a Rhai value (an integer, a string or an array).
    pub fn to_dynamic(&self) -> Dynamic {
        match self {
            Datum::Int(n) => Dynamic::from_int(*n),
            Datum::Str(s) => Dynamic::from(ImmutableString::from(s.as_str())),
            Datum::List(items) => {
                let array: Array = items.iter().map(Datum::to_dynamic).collect();
                Dynamic::from_array(array)
            }
        }
    }

    /// Reads a position from a Rhai value: an integer, a string, or an array of positions
    /// nested at most `max_depth` arrays deep.
    ///
    /// Returns the position, or a [`ShapeError`] naming the first value that is not one
    /// (a decimal number, a map, a boolean, `()`, a sum inside a position, ...).
    ///
    /// Complexity: linear in the size of the value; recursion is bounded by `max_depth`.
    pub fn from_dynamic(value: &Dynamic, max_depth: usize) -> Result<Datum, ShapeError> {
        from_dynamic_at(value, value, max_depth)
    }

    /// How many arrays deep the position nests (0 for an integer or a string), computed
    /// without recursion so that any value, however it was built, can be checked.
    pub fn depth(&self) -> usize {
        let mut deepest = 0;
        let mut stack: Vec<(&Datum, usize)> = vec![(self, 0)];
        while let Some((d, level)) = stack.pop() {
            if let Datum::List(items) = d {
                deepest = deepest.max(level + 1);
                stack.extend(items.iter().map(|x| (x, level + 1)));
            }
        }
        deepest
    }

    /// The integer, when the position is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Datum::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// Writes the position as one argument: lists in brackets.
    fn fmt_arg(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Datum::Int(n) => write!(f, "{n}"),
            Datum::Str(s) => write_quoted(f, s),
            Datum::List(items) => {
                f.write_str("[")?;
                write_list(f, items)?;
                f.write_str("]")
            }
        }
    }
}

/// Writes `s` in double quotes, escaping the quotes and backslashes inside (the expression
/// parser reads `\"` as a quote).
fn write_quoted(f: &mut fmt::Formatter<'_>, s: &str) -> fmt::Result {
    f.write_str("\"")?;
    for c in s.chars() {
        if c == '"' {
            f.write_str("\\\"")?;
        } else {
            write!(f, "{c}")?;
        }
    }
    f.write_str("\"")
}

fn write_list(f: &mut fmt::Formatter<'_>, items: &[Datum]) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        item.fmt_arg(f)?;
    }
    Ok(())
}

/// The position as an expression's argument list would print it: `5`, `"a"`, `1, 2` for the
/// list `[1, 2]`, `[7]` for a list of one element, nested lists in brackets. Strings are always
/// quoted, so that the string `"12"` never reads back as the integer 12.
impl fmt::Display for Datum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Datum::List(items) if items.len() != 1 => write_list(f, items),
            other => other.fmt_arg(f),
        }
    }
}

impl From<i64> for Datum {
    fn from(n: i64) -> Self {
        Datum::Int(n)
    }
}

impl From<&str> for Datum {
    fn from(s: &str) -> Self {
        Datum::Str(s.to_string())
    }
}

impl From<String> for Datum {
    fn from(s: String) -> Self {
        Datum::Str(s)
    }
}

impl From<Vec<Datum>> for Datum {
    fn from(items: Vec<Datum>) -> Self {
        Datum::List(items)
    }
}

fn from_dynamic_at(
    value: &Dynamic,
    whole: &Dynamic,
    depth_left: usize,
) -> Result<Datum, ShapeError> {
    if let Ok(n) = value.as_int() {
        return Ok(Datum::Int(n));
    }
    if let Some(s) = value.read_lock::<ImmutableString>() {
        return Ok(Datum::Str(s.to_string()));
    }
    if value.is_array() && value.tag() != SUM_TAG {
        if depth_left == 0 {
            return Err(ShapeError {
                value: show_dynamic(whole),
                reason: "the position nests arrays too deeply (raise the script limit \
                         `position-depth`)"
                    .into(),
            });
        }
        if let Some(array) = value.read_lock::<Array>() {
            let mut items = Vec::with_capacity(array.len());
            for item in array.iter() {
                items.push(from_dynamic_at(item, whole, depth_left - 1)?);
            }
            return Ok(Datum::List(items));
        }
    }
    let mut reason = format!("{} is not a position", kind_of(value));
    if !std::ptr::eq(value, whole) {
        reason.push_str(&format!(" (found inside {})", show_dynamic(whole)));
    }
    reason.push_str("; a position is an integer, a string, or an array of them");
    Err(ShapeError {
        value: show_dynamic(value),
        reason,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(items: Vec<Datum>) -> Datum {
        Datum::List(items)
    }

    #[test]
    fn display_as_arguments() {
        assert_eq!(Datum::Int(-3).to_string(), "-3");
        assert_eq!(Datum::from("a\"b").to_string(), "\"a\\\"b\"");
        assert_eq!(list(vec![1.into(), "x".into()]).to_string(), "1, \"x\"");
        assert_eq!(list(vec![7.into()]).to_string(), "[7]");
        assert_eq!(list(vec![]).to_string(), "");
        assert_eq!(
            list(vec![list(vec![1.into(), 2.into()]), 3.into()]).to_string(),
            "[1, 2], 3"
        );
    }

    #[test]
    fn args_round_trip() {
        for d in [
            Datum::Int(4),
            Datum::from("s"),
            list(vec![]),
            list(vec![1.into()]),
            list(vec![1.into(), 2.into()]),
        ] {
            assert_eq!(Datum::from_args(d.to_args()), d, "{d:?}");
        }
    }

    #[test]
    fn dynamic_round_trip_and_rejections() {
        let d = list(vec![1.into(), "two".into(), list(vec![3.into()])]);
        assert_eq!(Datum::from_dynamic(&d.to_dynamic(), 8), Ok(d.clone()));
        assert_eq!(d.depth(), 2);
        assert!(Datum::from_dynamic(&d.to_dynamic(), 1).is_err());
        let float = Dynamic::from_float(1.5);
        let e = Datum::from_dynamic(&float, 8).unwrap_err();
        assert!(e.reason.contains("decimal"), "{e}");
        let unit = Dynamic::UNIT;
        assert!(Datum::from_dynamic(&unit, 8)
            .unwrap_err()
            .reason
            .contains("unit"));
        let inner: Array = vec![Dynamic::from_int(1), Dynamic::from_bool(true)];
        let e = Datum::from_dynamic(&Dynamic::from_array(inner), 8).unwrap_err();
        assert!(
            e.reason.contains("boolean") && e.reason.contains("inside"),
            "{e}"
        );
    }

    #[test]
    fn order_is_by_value() {
        let mut v = vec![
            list(vec![]),
            Datum::from("b"),
            Datum::Int(2),
            Datum::Int(-1),
        ];
        v.sort();
        assert_eq!(v[0], Datum::Int(-1));
        assert_eq!(v[3], list(vec![]));
    }
}
