//! The registry of families as a value: the built-ins plus families added at run time (rule
//! scripts, Python-defined games, a Rust user's own `Game`), and the loader through which the
//! front hands in files named inside expressions.
//!
//! **Boundary:** the core reads no file; a front that allows `graph[FILE](v)` gives a
//! [`Loader`] (the CLI reads the disk, the web server only uploaded files).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::rules::{BuildContext, Family, RulesetRef};
use crate::Error;

pub use crate::loader::{DiskLoader, Loader, NoFiles};

/// The most rulesets kept built between queries (graph files read, heap tables computed).
const CACHE_SIZE: usize = 256;

/// Families by name, a file loader, and the rulesets already built.
pub struct Registry {
    families: Vec<Arc<Family>>,
    /// How many of `families`, from the front, are built in (never replaced).
    builtins: usize,
    loader: Arc<dyn Loader>,
    cache: Mutex<HashMap<String, RulesetRef>>,
}

impl std::fmt::Debug for Registry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.families.iter().map(|f| f.name.as_str()).collect();
        f.debug_struct("Registry")
            .field("families", &names)
            .finish()
    }
}

impl Clone for Registry {
    /// A registry with the same families and loader and an empty cache of built rulesets.
    fn clone(&self) -> Self {
        Registry {
            families: self.families.clone(),
            builtins: self.builtins,
            loader: self.loader.clone(),
            cache: Mutex::new(HashMap::new()),
        }
    }
}

impl Registry {
    /// A registry of `families`, which stay fixed ([`Registry::replace`] refuses them), reading
    /// no files. [`Registry::builtin`] is this with the built-in families.
    pub(crate) fn of_fixed(families: Vec<Family>) -> Registry {
        let families: Vec<Arc<Family>> = families.into_iter().map(Arc::new).collect();
        Registry {
            builtins: families.len(),
            families,
            loader: Arc::new(NoFiles),
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// The same registry with `loader` for files named in expressions.
    pub fn with_loader(mut self, loader: Arc<dyn Loader>) -> Registry {
        self.loader = loader;
        self.cache = Mutex::new(HashMap::new());
        self
    }

    /// Adds a family.
    ///
    /// Returns: an input error when its name or an alias is already taken (a script may not
    /// shadow `nim`), or is not a valid name (letters, digits and `_`, starting with a letter).
    pub fn register(&mut self, family: Family) -> Result<(), Error> {
        for name in std::iter::once(&family.name).chain(family.aliases.iter()) {
            let valid = name.chars().next().is_some_and(|c| c.is_alphabetic())
                && name.chars().all(|c| c.is_alphanumeric() || c == '_');
            if !valid {
                return Err(Error::input(format!(
                    "'{name}' is not a valid family name: use letters, digits and _, starting \
                     with a letter"
                )));
            }
            if let Some(f) = self.find(name) {
                return Err(Error::input(format!(
                    "the name '{name}' is already taken by the family {}; choose another name",
                    f.name
                )));
            }
        }
        self.families.push(Arc::new(family));
        Ok(())
    }

    /// Adds a family, replacing an added family of the same name (a rule script loaded
    /// again, a Python game defined again).
    ///
    /// Returns: an input error when the name is a built-in family's (built-ins are never
    /// replaced) or, as for [`Registry::register`], an alias is taken or the name is invalid.
    pub fn replace(&mut self, family: Family) -> Result<(), Error> {
        if let Some(f) = self.families[..self.builtins]
            .iter()
            .find(|f| f.answers_to(&family.name))
        {
            return Err(Error::input(format!(
                "the name '{}' is taken by the built-in family {}, which cannot be replaced; \
                 choose another name",
                family.name, f.name
            )));
        }
        self.families.retain(|f| f.name != family.name);
        if let Ok(mut c) = self.cache.lock() {
            c.clear();
        }
        self.register(family)
    }

    /// Every family, built-ins first, in the order `list` shows them.
    pub fn families(&self) -> impl Iterator<Item = &Family> {
        self.families.iter().map(|f| f.as_ref())
    }

    /// The family called `name` (or with that alias).
    pub fn find(&self, name: &str) -> Option<&Family> {
        self.families().find(|f| f.answers_to(name))
    }

    /// The family names closest to `name` (a likely typo), for messages.
    pub fn suggest(&self, name: &str) -> Option<String> {
        let mut best: Option<(usize, &str)> = None;
        for f in self.families() {
            for cand in std::iter::once(&f.name).chain(f.aliases.iter()) {
                let d = edit_distance(name, cand);
                if d <= 2 && best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, cand));
                }
            }
        }
        best.map(|(_, s)| s.to_string())
    }

    /// Builds (or finds already built) the ruleset of `family` with `params`.
    pub(crate) fn build(
        &self,
        family: &Family,
        params: Option<&str>,
    ) -> Result<RulesetRef, crate::rules::ParamError> {
        let key = format!("{}[{}]", family.name, params.unwrap_or(""));
        if let Some(r) = self.cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
            return Ok(r);
        }
        let ctx = BuildContext {
            loader: self.loader.as_ref(),
        };
        let r = (family.build)(params, &ctx)?;
        if let Ok(mut c) = self.cache.lock() {
            if c.len() >= CACHE_SIZE {
                c.clear();
            }
            c.insert(key, r.clone());
        }
        Ok(r)
    }
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}
