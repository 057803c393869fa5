//! The census table as CSV and JSON, and crash-safe file writes.

use std::fmt::Write as _;
use std::path::Path;

use crate::error::CensusError;
use crate::file::write_atomic;
use crate::run::Census;

/// The CSV header; one column per [`crate::Row`] field except `rules` (the code says it).
pub const CSV_HEADER: &str = "code,values,preperiod,period,saltus,proven,values_needed,\
max_value,rare_mask,rare_heaps,last_rare,rare_values,checksum,verified,note";

fn opt<T: ToString>(x: Option<T>) -> String {
    x.map_or_else(String::new, |v| v.to_string())
}

/// Quotes a CSV field when it holds a comma, a quote or a line break (RFC 4180).
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

impl Census {
    /// The table as CSV: [`CSV_HEADER`], then one line per row; empty fields for unknowns,
    /// `rare_mask` in hexadecimal, `rare_values` separated by spaces, `verified` as
    /// `yes`, `no` or empty.
    pub fn to_csv(&self) -> String {
        let mut out = String::from(CSV_HEADER);
        out.push('\n');
        for r in &self.rows {
            let rare: Vec<String> = r.rare_values.iter().map(u32::to_string).collect();
            let fields = [
                csv_field(&r.code),
                r.values.to_string(),
                opt(r.preperiod),
                opt(r.period),
                opt(r.saltus),
                r.proven.to_string(),
                opt(r.values_needed),
                r.max_value.to_string(),
                r.rare_mask.map_or_else(String::new, |m| format!("{m:x}")),
                r.rare_heaps.to_string(),
                opt(r.last_rare),
                rare.join(" "),
                r.checksum.clone(),
                match r.verified {
                    Some(true) => "yes".into(),
                    Some(false) => "no".into(),
                    None => String::new(),
                },
                csv_field(&r.note),
            ];
            let _ = writeln!(out, "{}", fields.join(","));
        }
        out
    }

    /// The table as JSON: `{"n": N, "rows": [{...}, ...]}` with the fields of
    /// [`crate::Row`].
    pub fn to_json(&self) -> String {
        // Serialising plain data (strings, numbers, options, vectors) cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Writes [`Census::to_csv`] to `path`, crash-safe.
    pub fn write_csv(&self, path: &Path) -> Result<(), CensusError> {
        write_atomic(path, self.to_csv().as_bytes())
    }

    /// Writes [`Census::to_json`] to `path`, crash-safe.
    pub fn write_json(&self, path: &Path) -> Result<(), CensusError> {
        write_atomic(path, self.to_json().as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_only_when_needed() {
        assert_eq!(csv_field("0.07"), "0.07");
        assert_eq!(csv_field("sub[1,3]"), "\"sub[1,3]\"");
        assert_eq!(csv_field("a \"b\""), "\"a \"\"b\"\"\"");
    }
}
