//! A small cursor for the text forms of games, coins and positions, and the position parsers.
//!
//! Proposed expression-language forms (the fronts wire them later):
//!
//! - one-dimensional: `ruler(1,4,6)`, `twins(0,3)`, `turning_turtles(2,5)`,
//!   `turn[1-3](0,1,2)`: the game (see [`crate::Line::parse`]) applied to the head-up coins;
//! - two-dimensional: `corners((3,5),(7,2))`, `tartan[ruler,mock_turtles]((1,0),(4,4))`,
//!   `acrostic[twins,twins]((1,3),(3,2))`: the product (see [`crate::Product::parse`]) applied
//!   to the head-up coins as (row, column) pairs. [`parse_coins`] and [`parse_cells`] read the
//!   argument lists.
//! - while the expression language has no tuples, a flat list of pairs: `corners(3,5, 7,2)`
//!   means heads (3, 5) and (7, 2); [`cells_from_pairs`] groups it.

use crate::error::CoinError;

/// A position in a text being parsed.
pub(crate) struct Cursor<'a> {
    pub(crate) text: &'a str,
    pub(crate) pos: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Cursor { text, pos: 0 }
    }

    pub(crate) fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    pub(crate) fn skip_ws(&mut self) {
        let rest = self.rest();
        let trimmed = rest.trim_start();
        self.pos += rest.len() - trimmed.len();
    }

    pub(crate) fn peek(&mut self) -> Option<char> {
        self.skip_ws();
        self.rest().chars().next()
    }

    pub(crate) fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    pub(crate) fn expect(&mut self, c: char, what: &str) -> Result<(), CoinError> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.error(format!("expected '{c}' {what}")))
        }
    }

    pub(crate) fn error(&self, message: impl Into<String>) -> CoinError {
        CoinError::parse(self.text, self.pos, message)
    }

    pub(crate) fn at_end(&mut self) -> bool {
        self.skip_ws();
        self.pos == self.text.len()
    }

    pub(crate) fn expect_end(&mut self) -> Result<(), CoinError> {
        if self.at_end() {
            Ok(())
        } else {
            Err(self.error("unexpected text; remove it"))
        }
    }

    /// An identifier of letters, digits and underscores, lowercased.
    pub(crate) fn ident(&mut self) -> Option<String> {
        self.skip_ws();
        let len = self
            .rest()
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(self.rest().len());
        if len == 0 {
            return None;
        }
        let word = self.rest()[..len].to_ascii_lowercase();
        self.pos += len;
        Some(word)
    }

    /// A decimal integer that fits a `u64`.
    pub(crate) fn number(&mut self, what: &str) -> Result<u64, CoinError> {
        self.skip_ws();
        let len = self
            .rest()
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(self.rest().len());
        if len == 0 {
            return Err(self.error(format!("expected {what} (a number from 0 to 2^64 - 1)")));
        }
        let digits = &self.rest()[..len];
        let value = digits.parse::<u64>().map_err(|_| {
            self.error(format!(
                "{what} {digits} is too large; coordinates go up to 2^64 - 1 = {}",
                u64::MAX
            ))
        })?;
        self.pos += len;
        Ok(value)
    }
}

/// Reads a list of coins such as `1, 4, 6` (possibly empty).
///
/// Arguments: the text. Returns: the numbers in the order written (duplicates are checked by
/// the game, which knows its numbering). Complexity: linear. Example: `parse_coins("1,4, 6")`
/// gives `[1, 4, 6]`.
pub fn parse_coins(text: &str) -> Result<Vec<u64>, CoinError> {
    let mut c = Cursor::new(text);
    let mut out = Vec::new();
    if c.at_end() {
        return Ok(out);
    }
    loop {
        out.push(c.number("a coin")?);
        if c.at_end() {
            return Ok(out);
        }
        c.expect(',', "between coins")?;
    }
}

/// Reads a list of cells such as `(3,5), (7,2)` (possibly empty): (row, column) pairs.
///
/// Complexity: linear. Example: `parse_cells("(3,5),(7,2)")` gives `[(3, 5), (7, 2)]`.
pub fn parse_cells(text: &str) -> Result<Vec<(u64, u64)>, CoinError> {
    let mut c = Cursor::new(text);
    let mut out = Vec::new();
    if c.at_end() {
        return Ok(out);
    }
    loop {
        c.expect('(', "to open a cell (row, column)")?;
        let x = c.number("a row")?;
        c.expect(',', "between the row and the column")?;
        let y = c.number("a column")?;
        c.expect(')', "to close the cell")?;
        out.push((x, y));
        if c.at_end() {
            return Ok(out);
        }
        c.expect(',', "between cells")?;
    }
}

/// Groups a flat list `x1, y1, x2, y2, ...` into cells `(x1, y1), (x2, y2), ...`.
///
/// Errors: an odd count (the last row has no column). Example: `[3, 5, 7, 2]` gives
/// `[(3, 5), (7, 2)]`.
pub fn cells_from_pairs(flat: &[u64]) -> Result<Vec<(u64, u64)>, CoinError> {
    if let (true, Some(&row)) = (flat.len() % 2 == 1, flat.last()) {
        return Err(CoinError::UnpairedRow {
            count: flat.len(),
            row,
        });
    }
    Ok(flat.chunks_exact(2).map(|p| (p[0], p[1])).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists() {
        assert_eq!(parse_coins(" 1, 4,6 ").unwrap(), vec![1, 4, 6]);
        assert_eq!(parse_coins("").unwrap(), Vec::<u64>::new());
        assert_eq!(
            parse_cells("(3,5), ( 7 , 2 )").unwrap(),
            vec![(3, 5), (7, 2)]
        );
        assert_eq!(parse_coins("18446744073709551615").unwrap(), vec![u64::MAX]);
    }

    #[test]
    fn flat_pairs() {
        assert_eq!(
            cells_from_pairs(&[3, 5, 7, 2]).unwrap(),
            vec![(3, 5), (7, 2)]
        );
        assert!(cells_from_pairs(&[3, 5, 7]).is_err());
    }

    #[test]
    fn errors_say_where_and_what() {
        let e = parse_coins("1,,2").unwrap_err();
        assert!(matches!(e, CoinError::Parse { offset: 2, .. }), "{e}");
        let e = parse_coins("18446744073709551616").unwrap_err();
        assert!(e.to_string().contains("too large"), "{e}");
        let e = parse_cells("(1,2").unwrap_err();
        assert!(e.to_string().contains("close the cell"), "{e}");
        let e = parse_cells("(1 2)").unwrap_err();
        assert!(e.to_string().contains("between the row"), "{e}");
    }
}
