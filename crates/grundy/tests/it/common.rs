//! Helpers shared by the test files: a family's moves as argument lists with their text, an
//! analysis's count as a number, and input errors with their column.

use grundy::analysis::Analysis;
use grundy::rules::{Arg, Comp, RulesetRef};
use grundy::{Error, Limits};

/// Default limits (read once).
pub fn limits() -> &'static Limits {
    static L: std::sync::OnceLock<Limits> = std::sync::OnceLock::new();
    L.get_or_init(Limits::default)
}

/// A move as the first seam gave it: the components after it (as arguments) and its text.
pub struct Mv {
    pub to: Vec<Vec<Arg>>,
    #[allow(dead_code)]
    pub text: String,
}

fn mv(r: &RulesetRef, c: &Comp, to: Vec<Comp>) -> Mv {
    Mv {
        text: r.rules().describe(c, &to),
        to: to.iter().map(|t| r.rules().args(t)).collect(),
    }
}

/// Every move of a component, from the family's own options.
pub fn moves(r: &RulesetRef, c: &Comp) -> Vec<Mv> {
    r.rules()
        .options(c, limits())
        .unwrap_or_default()
        .into_iter()
        .map(|to| mv(r, c, to))
        .collect()
}

/// The family's winning moves of a component played alone.
pub fn alone(r: &RulesetRef, c: &Comp) -> Result<Option<Vec<Mv>>, Error> {
    Ok(r.rules()
        .counted_winning_moves_alone(c, usize::MAX, limits())?
        .map(|(ms, _)| ms.into_iter().map(|to| mv(r, c, to)).collect()))
}

/// The number of winning moves of an analysis (which must have been counted).
pub fn total(a: &Analysis) -> usize {
    a.winning_moves_total
        .as_ref()
        .and_then(|n| usize::try_from(n).ok())
        .expect("the winning moves are counted")
}

/// An input error with its column and message.
pub struct PErr {
    pub column: usize,
    pub message: String,
}

/// The error of an expression that must not parse.
pub fn parse_err(text: &str) -> PErr {
    match grundy::expr::parse(text) {
        Ok(p) => panic!("{text} parsed as {p}"),
        Err(e) => PErr {
            column: e.column().unwrap_or(0),
            message: e.to_string(),
        },
    }
}

/// A loader for tests that name graph files (the library itself reads no files).
struct TestFiles;

impl grundy::Loader for TestFiles {
    fn open(&self, name: &str) -> Result<Box<dyn std::io::Read + Send>, Error> {
        // Names in examples are relative to the repository's root; tests run in the crate.
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
        let path = if std::path::Path::new(name).exists() {
            std::path::PathBuf::from(name)
        } else {
            root.join(name)
        };
        std::fs::File::open(path)
            .map(|f| Box::new(f) as Box<dyn std::io::Read + Send>)
            .map_err(|e| Error::Io {
                message: format!("{name}: {e}"),
            })
    }
}

/// The built-in registry reading graph files from the disk.
pub fn registry_with_files() -> grundy::Registry {
    grundy::Registry::builtin().with_loader(std::sync::Arc::new(TestFiles))
}
