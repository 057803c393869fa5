//! ARCHITECTURE.md's boundary: no import loops between the top-level modules of any crate of
//! the workspace (a module and its own submodules count as one).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The modules that each top-level module of `src` names through `crate::` (in `use`
/// declarations and in paths anywhere in the code), read with Rust's own grammar (`syn`);
/// test modules (`#[cfg(test)]`) are left out, and `lib.rs` and `main.rs`, which only gather
/// the modules, too.
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
            let file = syn::parse_file(&text)
                .unwrap_or_else(|e| panic!("{}: not Rust: {e}", path.display()));
            let mut names = CrateNames::default();
            syn::visit::visit_file(&mut names, &file);
            let deps = out.entry(top.clone()).or_default();
            deps.extend(names.0.into_iter().filter(|n| *n != top));
        }
    }
    let known: BTreeSet<String> = out.keys().cloned().collect();
    for deps in out.values_mut() {
        deps.retain(|d| known.contains(d));
    }
    out
}

/// The first names after `crate::` in a file's `use` trees and paths.
#[derive(Default)]
struct CrateNames(BTreeSet<String>);

impl CrateNames {
    fn use_tree(&mut self, tree: &syn::UseTree, after_crate: bool) {
        match tree {
            syn::UseTree::Path(p) if after_crate => {
                self.0.insert(p.ident.to_string());
            }
            syn::UseTree::Path(p) => self.use_tree(&p.tree, p.ident == "crate"),
            syn::UseTree::Name(n) if after_crate => {
                self.0.insert(n.ident.to_string());
            }
            syn::UseTree::Rename(r) if after_crate => {
                self.0.insert(r.ident.to_string());
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    self.use_tree(t, after_crate);
                }
            }
            _ => {}
        }
    }
}

impl<'ast> syn::visit::Visit<'ast> for CrateNames {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        let test = m.attrs.iter().any(|a| {
            a.path().is_ident("cfg")
                && a.parse_args::<syn::Meta>()
                    .is_ok_and(|meta| meta.path().is_ident("test"))
        });
        if !test {
            syn::visit::visit_item_mod(self, m);
        }
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        self.use_tree(&u.tree, false);
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let mut s = p.segments.iter();
        if let (Some(first), Some(second)) = (s.next(), s.next()) {
            if first.ident == "crate" {
                self.0.insert(second.ident.to_string());
            }
        }
        syn::visit::visit_path(self, p);
    }
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
    let mut crates: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("src").is_dir())
        .collect();
    crates.sort();
    assert!(crates.len() >= 15, "crates not found: {crates:?}");
    for krate in &crates {
        let g = imports(&krate.join("src"));
        if let Some(c) = cycle(&g) {
            panic!("{}: import loop {}", krate.display(), c.join(" -> "));
        }
    }
    // The engine and the CLI are read: their modules are found, with their imports.
    let engine = imports(&root.join("grundy").join("src"));
    assert!(engine.len() > 10, "{engine:?}");
    assert!(
        engine["analysis"].contains("position"),
        "{:?}",
        engine["analysis"]
    );
    // The check finds a loop when there is one.
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    g.insert("b".to_string(), BTreeSet::from(["a".to_string()]));
    assert!(cycle(&g).is_some());
}

/// The reading of imports: `use` trees with groups, renames and nested paths, paths in
/// code, and test modules left out.
#[test]
fn imports_are_read_from_use_trees_and_paths() {
    let file = syn::parse_file(
        "use crate::{a::X, b as _, c::{self, d::Y}};\n\
         use std::fmt;\n\
         fn f() { crate::e::g(); let _ = super::h::Z; }\n\
         #[cfg(test)] mod tests { use crate::t::W; }\n",
    )
    .unwrap();
    let mut names = CrateNames::default();
    syn::visit::visit_file(&mut names, &file);
    let want: BTreeSet<String> = ["a", "b", "c", "e"].iter().map(|s| s.to_string()).collect();
    assert_eq!(names.0, want);
}
