//! The data a front hands a script to read (`--data FILE`, Python's `load_rules(...,
//! data=...)`): the globals `DATA` and `DATA_NUMBERS`, set before the script's top level runs,
//! so that one script and one `--batch` answer a whole judge input without the script opening
//! a file (it cannot).

use std::sync::Arc;

/// The largest integer `DATA_NUMBERS` holds in either direction: 2^53, which both languages
/// hold exactly (Luau's numbers are doubles).
pub const MAX_DATA_NUMBER: i64 = 1 << 53;

/// What a script is given to read: the text of a data file, and its numbers when every token
/// of the text (separated by white space) is an integer of at most [`MAX_DATA_NUMBER`] in size.
///
/// In the script, `DATA` is the text and `DATA_NUMBERS` the array of the numbers (`nil` in
/// Luau, `()` in Rhai, when some token is not such an integer); both are `nil`/`()` when no
/// data was given.
///
/// Example:
/// ```
/// use grundy_script::ScriptData;
/// let d = ScriptData::of_text("3\n1 4 -1\n");
/// assert_eq!(d.numbers(), Some(&[3, 1, 4, -1][..]));
/// assert_eq!(ScriptData::of_text("3 apples").numbers(), None);
/// assert_eq!(ScriptData::default().text(), None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScriptData {
    text: Option<Arc<str>>,
    numbers: Option<Arc<[i64]>>,
}

impl ScriptData {
    /// The data of a text: the text, and its numbers when every token is an integer.
    ///
    /// Complexity: linear in the text.
    pub fn of_text(text: &str) -> ScriptData {
        let numbers: Option<Vec<i64>> = text
            .split_whitespace()
            .map(|t| {
                t.parse::<i64>()
                    .ok()
                    .filter(|n| n.unsigned_abs() <= MAX_DATA_NUMBER.unsigned_abs())
            })
            .collect();
        ScriptData {
            text: Some(Arc::from(text)),
            numbers: numbers.map(Arc::from),
        }
    }

    /// The text (`DATA`), when data was given.
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// The numbers (`DATA_NUMBERS`), when data was given and every token is an integer.
    pub fn numbers(&self) -> Option<&[i64]> {
        self.numbers.as_deref()
    }
}
