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
            .modules
            .iter()
            .map(|n| reexports.get(n).cloned().unwrap_or_else(|| n.clone()));
        deps.extend(resolved.filter(|n| n != top));
        deps.extend(defined_elsewhere.called_by(&names).filter(|n| n != top));
    }
    let known: BTreeSet<String> = out.keys().cloned().collect();
    for deps in out.values_mut() {
        deps.retain(|d| known.contains(d));
    }
    out
}

/// The functions that modules define on a type away from the type's own module (where its
/// `struct` or `enum` is, else the module the crate root re-exports it from): `impl Registry
/// { fn builtin() }` in `families` gives `(Registry, builtin) -> families`. A call of one
/// counts as an import of the module that defines it, whose code it runs.
#[derive(Default)]
struct ForeignImpls {
    /// `Type::function` paths (`Registry::builtin()`, `Self::builtin()` inside `impl Registry`).
    by_path: BTreeMap<(String, String), BTreeSet<String>>,
    /// Methods with a `self` receiver (`reg.parse_ruleset(..)`), by type and name.
    by_method: BTreeMap<(String, String), BTreeSet<String>>,
}

impl ForeignImpls {
    /// The modules whose functions the file read into `names` calls. A method call counts
    /// when the file also names the type (`reg: &Registry` and `reg.parse_ruleset(..)`):
    /// without types, a method's name alone (`parse`) would mistake `str::parse` for it.
    fn called_by<'a>(&'a self, names: &'a CrateNames) -> impl Iterator<Item = String> + 'a {
        let paths = names
            .pairs
            .iter()
            .filter_map(|pair| self.by_path.get(pair))
            .flatten();
        let methods = self
            .by_method
            .iter()
            .filter(|((ty, m), _)| names.named.contains(ty) && names.methods.contains(m))
            .flat_map(|(_, modules)| modules);
        paths.chain(methods).cloned()
    }
}

fn foreign_impls(
    files: &[(String, syn::File)],
    reexports: &BTreeMap<String, String>,
) -> ForeignImpls {
    // Where each type is defined; a name defined in two modules has no home.
    let mut defined: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (top, file) in files {
        for item in &file.items {
            let name = match item {
                syn::Item::Struct(i) => &i.ident,
                syn::Item::Enum(i) => &i.ident,
                syn::Item::Union(i) => &i.ident,
                syn::Item::Type(i) => &i.ident,
                _ => continue,
            };
            defined
                .entry(name.to_string())
                .or_default()
                .insert(top.clone());
        }
    }
    let home = |ty: &str| match defined.get(ty) {
        Some(m) if m.len() == 1 => m.iter().next().cloned(),
        Some(_) => None,
        None => reexports.get(ty).cloned(),
    };
    // Every module that defines each (type, function), and whether it takes `self`.
    let mut all: BTreeMap<(String, String), (BTreeSet<String>, bool)> = BTreeMap::new();
    for (top, file) in files {
        for item in &file.items {
            let syn::Item::Impl(imp) = item else {
                continue;
            };
            let Some(name) = type_name(&imp.self_ty) else {
                continue;
            };
            for f in &imp.items {
                if let syn::ImplItem::Fn(f) = f {
                    let key = (name.clone(), f.sig.ident.to_string());
                    let entry = all.entry(key).or_default();
                    entry.0.insert(top.clone());
                    entry.1 |= f.sig.receiver().is_some();
                }
            }
        }
    }
    let mut out = ForeignImpls::default();
    for ((ty, f), (modules, method)) in all {
        let Some(home) = home(&ty) else {
            continue;
        };
        // A function the type's own module defines too (`Error::from`, from `From` impls in
        // `error` and in `expr`) cannot be told apart by its name: it is read as the home's.
        if modules.contains(&home) {
            continue;
        }
        if method {
            out.by_method
                .insert((ty.clone(), f.clone()), modules.clone());
        }
        out.by_path.insert((ty, f), modules);
    }
    out
}

/// The last name of a type written as a path (`Registry`, `crate::Registry`).
fn type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(p) => p.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
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

/// What a file names: the first names after `crate::` in its `use` trees and paths
/// (`modules`), every pair of adjacent names in its paths (`pairs`: `Registry::builtin`, with
/// `Self` read as the type of its `impl`), every name in its paths (`named`) and the names of
/// the methods it calls (`methods`), for [`ForeignImpls`].
#[derive(Default)]
struct CrateNames {
    modules: BTreeSet<String>,
    pairs: BTreeSet<(String, String)>,
    named: BTreeSet<String>,
    methods: BTreeSet<String>,
    /// The types of the `impl` blocks being read, innermost last.
    self_types: Vec<String>,
}

impl CrateNames {
    fn use_tree(&mut self, tree: &syn::UseTree, after_crate: bool) {
        match tree {
            syn::UseTree::Path(p) if after_crate => {
                self.modules.insert(p.ident.to_string());
            }
            syn::UseTree::Path(p) => self.use_tree(&p.tree, p.ident == "crate"),
            syn::UseTree::Name(n) if after_crate => {
                self.modules.insert(n.ident.to_string());
            }
            syn::UseTree::Rename(r) if after_crate => {
                self.modules.insert(r.ident.to_string());
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

    fn visit_item_impl(&mut self, i: &'ast syn::ItemImpl) {
        let ty = type_name(&i.self_ty).unwrap_or_default();
        self.self_types.push(ty);
        syn::visit::visit_item_impl(self, i);
        self.self_types.pop();
    }

    fn visit_expr_method_call(&mut self, m: &'ast syn::ExprMethodCall) {
        self.methods.insert(m.method.to_string());
        syn::visit::visit_expr_method_call(self, m);
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        let names: Vec<String> = p
            .segments
            .iter()
            .map(|s| match (s.ident == "Self", self.self_types.last()) {
                (true, Some(ty)) => ty.clone(),
                _ => s.ident.to_string(),
            })
            .collect();
        for w in names.windows(2) {
            self.pairs.insert((w[0].clone(), w[1].clone()));
        }
        self.named.extend(names.iter().cloned());
        if names.len() >= 2 && names[0] == "crate" {
            self.modules.insert(names[1].clone());
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
    assert_eq!(names.modules, want);
}

/// A function defined on a type away from the type's module is found, and a call of it is
/// read as an import of the module that defines it: by its path (`Registry::builtin()`, or
/// `Self::builtin()` in the type's own impl), or as a method in a file that names the type.
/// A function the type's own module defines too (`Error::from`) is left to the home, and a
/// method's name alone in a file that never names the type (`text.parse()`) is no import.
#[test]
fn functions_defined_on_another_modules_type_are_imports_of_their_module() {
    let files: Vec<(String, syn::File)> = [
        (
            "registry",
            "pub struct Registry; impl Registry { fn fresh() -> Self { Self::builtin() } }",
        ),
        (
            "families",
            "impl Registry { pub fn builtin() -> Registry { Registry } }",
        ),
        (
            "expr",
            "impl Registry { pub fn parse(&self, t: &str) {} }\n\
                  impl From<char> for Error { fn from(_: char) -> Self { Error } }",
        ),
        (
            "error",
            "pub struct Error; impl From<u8> for Error { fn from(_: u8) -> Self { Error } }",
        ),
        ("position", "fn f() { let _ = crate::Registry::builtin(); }"),
        ("pattern", "fn f(reg: &Registry) { reg.parse(\"x\"); }"),
        (
            "quotient",
            "fn f(t: &str) -> u8 { let _ = Error::from(1u8); t.parse().unwrap() }",
        ),
    ]
    .iter()
    .map(|(m, t)| (m.to_string(), syn::parse_file(t).unwrap()))
    .collect();
    let reexports = BTreeMap::from([("Registry".to_string(), "registry".to_string())]);
    let found = foreign_impls(&files, &reexports);
    let calls = |module: &str| -> BTreeSet<String> {
        let (_, file) = files.iter().find(|(m, _)| m == module).unwrap();
        let mut names = CrateNames::default();
        syn::visit::visit_file(&mut names, file);
        found.called_by(&names).collect()
    };
    let set = |m: &[&str]| -> BTreeSet<String> { m.iter().map(|s| s.to_string()).collect() };
    assert_eq!(calls("position"), set(&["families"]));
    assert_eq!(calls("registry"), set(&["families"]));
    assert_eq!(calls("pattern"), set(&["expr"]));
    assert_eq!(calls("quotient"), set(&[]));
    assert_eq!(found.by_path.len(), 2, "{:?}", found.by_path.keys());
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
