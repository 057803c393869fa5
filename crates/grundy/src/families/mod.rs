//! The built-in game families, one file each, and the built-in registry they make.
//!
//! A family is one file in this module plus one line in [`builtin_families`].
//! **Invariant:** the fronts (CLI, server, bindings) never name a family; they go through the
//! registry, so adding a family needs no edit outside this module.
//!
//! **Layer:** the families stand on the interface they implement (`crate::rules`) and on the
//! registry's type; the grammar, positions, the registry and the interface name none of them.

use crate::registry::Registry;
use crate::rules::Family;

pub mod beans;
pub mod classic;
pub mod coins;
pub mod cram;
pub mod dag;
pub mod fibnim;
pub mod georgia;
pub mod graph;
pub mod hackenbush;
pub mod hill;
pub mod mult;
pub mod nim;
pub mod nodekayles;
pub mod northcott;
pub mod staircase;
pub mod sub;
pub mod take;
pub mod tb;
pub mod tree;
pub mod turtles;
pub mod wythoff;

/// Every built-in family, in the order `grundy list` shows them.
pub fn builtin_families() -> Vec<Family> {
    let mut all = vec![
        nim::family(),
        sub::family(),
        tb::family(),
        graph::family(),
        turtles::family(),
        beans::family(),
        dag::family(),
        wythoff::family(),
        fibnim::family(),
        staircase::family(),
        georgia::family(),
        hill::family(),
        northcott::family(),
        take::family(),
        mult::family(),
        tree::family(),
        hackenbush::family(),
        cram::family(),
        nodekayles::family(),
    ];
    all.extend(coins::families());
    all.extend(classic::families());
    all
}

impl Registry {
    /// The built-in families, reading no files.
    pub fn builtin() -> Registry {
        Registry::of_fixed(builtin_families())
    }

    /// The built-in registry, made once and shared, for callers that need no families or
    /// files of their own.
    pub fn shared() -> &'static Registry {
        static REG: std::sync::OnceLock<Registry> = std::sync::OnceLock::new();
        REG.get_or_init(Registry::builtin)
    }
}

impl Default for Registry {
    /// [`Registry::builtin`].
    fn default() -> Self {
        Registry::builtin()
    }
}
