//! ARCHITECTURE.md's boundary: no import loops between the top-level modules of the engine
//! (a module and its own submodules count as one) or of the CLI.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The modules that each top-level module of `src` names through `crate::`, outside comments
/// and tests.
fn imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).unwrap();
            let top = rel
                .components()
                .next()
                .unwrap()
                .as_os_str()
                .to_string_lossy()
                .trim_end_matches(".rs")
                .to_string();
            if top == "lib" || top == "main" {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            let deps = out.entry(top.clone()).or_default();
            for line in code.lines().map(str::trim_start) {
                if line.starts_with("//") {
                    continue;
                }
                for (i, _) in line.match_indices("crate::") {
                    let rest = &line[i + "crate::".len()..];
                    let names: Vec<&str> = if let Some(group) = rest.strip_prefix('{') {
                        group
                            .split('}')
                            .next()
                            .unwrap_or("")
                            .split(',')
                            .map(|p| p.trim().split("::").next().unwrap_or(""))
                            .collect()
                    } else {
                        vec![rest
                            .split(|c: char| !(c.is_ascii_lowercase() || c == '_'))
                            .next()
                            .unwrap_or("")]
                    };
                    for n in names {
                        if !n.is_empty()
                            && n != top
                            && n.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                        {
                            deps.insert(n.to_string());
                        }
                    }
                }
            }
        }
    }
    let known: BTreeSet<String> = out.keys().cloned().collect();
    for deps in out.values_mut() {
        deps.retain(|d| known.contains(d));
    }
    out
}

/// A cycle in the graph, if there is one (depth-first search with colours).
fn cycle(g: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        v: &str,
        g: &BTreeMap<String, BTreeSet<String>>,
        state: &mut BTreeMap<String, u8>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        state.insert(v.to_string(), 1);
        path.push(v.to_string());
        for w in g.get(v).into_iter().flatten() {
            match state.get(w.as_str()).copied().unwrap_or(0) {
                1 => {
                    let start = path.iter().position(|p| p == w).unwrap_or(0);
                    let mut c = path[start..].to_vec();
                    c.push(w.clone());
                    return Some(c);
                }
                0 => {
                    if let Some(c) = visit(w, g, state, path) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        path.pop();
        state.insert(v.to_string(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for v in g.keys() {
        if state.get(v.as_str()).copied().unwrap_or(0) == 0 {
            if let Some(c) = visit(v, g, &mut state, &mut Vec::new()) {
                return Some(c);
            }
        }
    }
    None
}

#[test]
fn no_import_loops_between_modules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for krate in ["grundy", "grundy-cli"] {
        let g = imports(&root.join(krate).join("src"));
        assert!(g.len() > 3, "{krate}: modules not found");
        if let Some(c) = cycle(&g) {
            panic!("{krate}: import loop {}", c.join(" -> "));
        }
    }
    // The check finds a loop when there is one.
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    g.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    assert!(cycle(&g).is_some());
}
