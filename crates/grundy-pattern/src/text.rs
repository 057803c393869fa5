//! Small pieces of text shared by the code writer and the rules' formulas.

/// `[a, b, c]`: a list as the formulas and the written code show it.
pub(crate) fn list(v: &[u64]) -> String {
    let items: Vec<String> = v.iter().map(u64::to_string).collect();
    format!("[{}]", items.join(", "))
}
