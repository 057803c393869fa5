//! ARCHITECTURE.md's boundary: no import loops between the top-level modules of any crate of
//! the workspace (a module and its own submodules count as one).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The modules that each top-level module of `src` names through `crate::` (in `use`
/// declarations and in paths anywhere in the code), read with Rust's own grammar (`syn`);
/// test modules (`#[cfg(test)]`) are left out, and `lib.rs` and `main.rs`, which only gather
/// the modules, too.
///
/// A name the crate root re-exports from one of its modules (`crate::Registry`, from
/// `pub use registry::{Loader, Registry}` in `lib.rs`) counts as that module.
fn imports(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let reexports = root_reexports(src);
    let mut files: Vec<(String, syn::File)> = Vec::new();
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
            files.push((top, file));
        }
    }
    let defined_elsewhere = foreign_impls(&files, &reexports);
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (top, file) in &files {
        let mut names = CrateNames::default();
        syn::visit::visit_file(&mut names, file);
        let deps = out.entry(top.clone()).or_default();
        let resolved = names
            .0
            .into_iter()
            .map(|n| reexports.get(&n).cloned().unwrap_or(n));
        let called = names
            .1
            .iter()
            .filter_map(|pair| defined_elsewhere.get(pair).cloned());
        deps.extend(resolved.chain(called).filter(|n| n != top));
    }
    let known: BTreeSet<String> = out.keys().cloned().collect();
    for deps in out.values_mut() {
        deps.retain(|d| known.contains(d));
    }
    out
}

/// The functions a module defines on a type that the crate root re-exports from another
/// module, and nowhere else: `impl Registry { fn builtin() }` in `families` gives
/// `(Registry, builtin) -> families`. Calling `Registry::builtin()` then counts as an import
/// of `families`, whose code it runs, and not only of `registry`.
fn foreign_impls(
    files: &[(String, syn::File)],
    reexports: &BTreeMap<String, String>,
) -> BTreeMap<(String, String), String> {
    // Every module that defines each (type, function), so that a name defined in two places
    // (`Error::from`, from `From` impls in `error` and in `expr`) is read as neither.
    let mut all: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for (top, file) in files {
        for item in &file.items {
            let syn::Item::Impl(imp) = item else {
                continue;
            };
            let syn::Type::Path(ty) = imp.self_ty.as_ref() else {
                continue;
            };
            let Some(name) = ty.path.segments.last().map(|s| s.ident.to_string()) else {
                continue;
            };
            for f in &imp.items {
                if let syn::ImplItem::Fn(f) = f {
                    let key = (name.clone(), f.sig.ident.to_string());
                    all.entry(key).or_default().insert(top.clone());
                }
            }
        }
    }
    all.into_iter()
        .filter_map(|((ty, f), modules)| {
            let home = reexports.get(&ty)?;
            let only = modules.iter().next().filter(|_| modules.len() == 1)?;
            (only != home).then(|| ((ty, f), only.clone()))
        })
        .collect()
}

/// The names `lib.rs` (or `main.rs`) re-exports from the crate's own modules, with the module
/// each comes from: `pub use registry::{Loader, Registry};` gives Loader and Registry ->
/// registry.
fn root_reexports(src: &Path) -> BTreeMap<String, String> {
    fn names(tree: &syn::UseTree, module: Option<&str>, out: &mut BTreeMap<String, String>) {
        match tree {
            syn::UseTree::Path(p) => {
                let first = p.ident.to_string();
                match module {
                    None if first == "crate" => names(&p.tree, None, out),
                    None => names(&p.tree, Some(&first), out),
                    Some(m) => names(&p.tree, Some(m), out),
                }
            }
            syn::UseTree::Name(n) => {
                if let Some(m) = module {
                    out.insert(n.ident.to_string(), m.to_string());
                }
            }
            syn::UseTree::Rename(r) => {
                if let Some(m) = module {
                    out.insert(r.rename.to_string(), m.to_string());
                }
            }
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    names(t, module, out);
                }
            }
            syn::UseTree::Glob(_) => {}
        }
    }
    let mut out = BTreeMap::new();
    let mut modules = BTreeSet::new();
    for root in ["lib.rs", "main.rs"] {
        let Ok(text) = std::fs::read_to_string(src.join(root)) else {
            continue;
        };
        let file = syn::parse_file(&text).unwrap_or_else(|e| panic!("{root}: not Rust: {e}"));
        for item in &file.items {
            match item {
                syn::Item::Use(u) => names(&u.tree, None, &mut out),
                syn::Item::Mod(m) => {
                    modules.insert(m.ident.to_string());
                }
                _ => {}
            }
        }
    }
    // A module's own name in a path (`crate::values::Cell`) is the module, even where a
    // function of another module is re-exported under the same name (`values`).
    out.retain(|name, _| !modules.contains(name));
    // Names from other crates (`pub use grundy_types::Nimber`) are kept only when the first
    // segment is one of this crate's modules: `imports` drops the rest as unknown.
    out
}

/// The first names after `crate::` in a file's `use` trees and paths, and every pair of
/// adjacent names in its paths (`Registry::builtin`), for [`foreign_impls`].
#[derive(Default)]
struct CrateNames(BTreeSet<String>, BTreeSet<(String, String)>);

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
        for w in p.segments.iter().collect::<Vec<_>>().windows(2) {
            self.1
                .insert((w[0].ident.to_string(), w[1].ident.to_string()));
        }
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

/// A function defined on a type away from the type's module is found, and a call of it is
/// read as an import of the module that defines it; one defined in two modules is neither's.
#[test]
fn functions_defined_on_another_modules_type_are_imports_of_their_module() {
    let files: Vec<(String, syn::File)> = [
        ("registry", "pub struct Registry;"),
        (
            "families",
            "impl Registry { pub fn builtin() -> Registry { Registry } }",
        ),
        ("position", "fn f() { let _ = crate::Registry::builtin(); }"),
        (
            "error",
            "pub struct Error; impl From<u8> for Error { fn from(_: u8) -> Self { Error } }",
        ),
        (
            "expr",
            "impl From<char> for Error { fn from(_: char) -> Self { Error } }",
        ),
    ]
    .iter()
    .map(|(m, t)| (m.to_string(), syn::parse_file(t).unwrap()))
    .collect();
    let reexports = BTreeMap::from([
        ("Registry".to_string(), "registry".to_string()),
        ("Error".to_string(), "error".to_string()),
    ]);
    let found = foreign_impls(&files, &reexports);
    let key = ("Registry".to_string(), "builtin".to_string());
    assert_eq!(found.get(&key).map(String::as_str), Some("families"));
    assert_eq!(found.len(), 1);
    let mut names = CrateNames::default();
    syn::visit::visit_file(&mut names, &files[2].1);
    assert!(names.1.contains(&key));
}

/// The engine's modules in layers, the ground first: a module may import only modules of
/// lower layers, so that each layer can be read and changed knowing only those below it. A
/// new module must be placed here. The grammar (`syntax`, compounds as its terms), the family
/// interface (`rules`), positions and the registry are below the concrete families
/// (`families`) and know none of them; `expr` binds its names to the registry's families and
/// to the compound operators, so it stands above the compound theory.
const ENGINE_LAYERS: &[&[&str]] = &[
    &["error", "explanation", "literal"],
    &["limits", "loader", "syntax"],
    &["game"],
    &["solve"],
    &["rules"],
    &["registry", "position"],
    &["families"],
    &["pattern", "quotient"],
    &["analysis"],
    &["compound", "explain"],
    &["expr"],
    &["play"],
    &["api"],
    &["lab"],
    &["render"],
];

/// The imports of `g` that do not run down the layers: `(from, to)` for each import of a
/// module from its own layer or a higher one, and `(module, "")` for a module in no layer.
fn arrows_up(g: &BTreeMap<String, BTreeSet<String>>, layers: &[&[&str]]) -> Vec<(String, String)> {
    let layer = |m: &str| layers.iter().position(|l| l.contains(&m));
    let mut bad = Vec::new();
    for (from, deps) in g {
        let Some(lf) = layer(from) else {
            bad.push((from.clone(), String::new()));
            continue;
        };
        for to in deps {
            if layer(to).is_none_or(|lt| lt >= lf) {
                bad.push((from.clone(), to.clone()));
            }
        }
    }
    bad
}

#[test]
fn the_engine_imports_only_down_its_layers() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let g = imports(&root.join("src"));
    let bad = arrows_up(&g, ENGINE_LAYERS);
    assert!(
        bad.is_empty(),
        "imports that do not run down ENGINE_LAYERS (a module in no layer has \"\"): {bad:?}"
    );
    // A call of a function that a higher module defines on a lower one's type is an import
    // of the higher module: `expr` calls `Registry::shared`, defined with the families.
    assert!(g["expr"].contains("families"), "{:?}", g["expr"]);
    // Every layer's modules exist, so a renamed module is not silently left out.
    for m in ENGINE_LAYERS.iter().flat_map(|l| l.iter()) {
        assert!(g.contains_key(*m), "{m} is in ENGINE_LAYERS but not in src");
    }
    // The check finds an import up, one sideways, and a module with no layer.
    let mut g = BTreeMap::new();
    g.insert("a".to_string(), BTreeSet::from(["b".to_string()]));
    g.insert("b".to_string(), BTreeSet::from(["c".to_string()]));
    g.insert("c".to_string(), BTreeSet::new());
    g.insert("d".to_string(), BTreeSet::new());
    let found = arrows_up(&g, &[&["a"], &["b", "c"]]);
    assert_eq!(
        found,
        vec![
            ("a".to_string(), "b".to_string()),
            ("b".to_string(), "c".to_string()),
            ("d".to_string(), String::new()),
        ]
    );
}

/// Names the crate root re-exports count as their modules (`crate::Registry` is an import of
/// `registry`), and a module's own name stays the module where a function of another module
/// is re-exported under it.
#[test]
fn root_reexports_are_read_as_their_modules() {
    let heap = Path::new(env!("CARGO_MANIFEST_DIR")).join("../grundy-heap/src");
    let r = root_reexports(&heap);
    assert_eq!(r.get("HeapRules").map(String::as_str), Some("rules"));
    assert_eq!(r.get("values"), None);
    let engine = root_reexports(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert_eq!(engine.get("Registry").map(String::as_str), Some("registry"));
}

/// A compound operator is one file: every file of `src/compound` but the shared `mod.rs` and
/// `theory.rs` is one of `compound::OPERATORS`, named as the operator, and every operator is
/// such a file.
#[test]
fn each_compound_operator_is_one_file() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/compound");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
        .filter(|stem| stem != "mod" && stem != "theory")
        .collect();
    files.sort();
    let mut operators: Vec<String> = grundy::compound::Kind::all()
        .into_iter()
        .map(|k| k.name().to_string())
        .collect();
    operators.sort();
    assert_eq!(files, operators);
    // The shared code names no operator's theory: each file holds its own.
    let shared = std::fs::read_to_string(dir.join("theory.rs")).unwrap();
    for op in &operators {
        assert!(!shared.contains(&format!("{op}::")), "theory.rs names {op}");
    }
}
