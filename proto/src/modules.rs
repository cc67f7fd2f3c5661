//! The console's modules (SPEC sections 2 and 6), read from the one table in
//! `proto/modules.json` that the web console also imports.

use serde::Deserialize;
use std::sync::OnceLock;

#[derive(Debug, Clone, Deserialize)]
pub struct Module {
    pub slug: String,
    pub title: String,
    pub group: Option<String>,
    pub actions: Vec<String>,
    /// The service that keeps its deleted records until restored or purged (issue 36).
    #[serde(default)]
    pub trash: Option<String>,
}

#[derive(Deserialize)]
struct Table {
    modules: Vec<Module>,
}

/// Every module, in menu order.
pub fn all() -> &'static [Module] {
    static TABLE: OnceLock<Vec<Module>> = OnceLock::new();
    TABLE.get_or_init(|| {
        serde_json::from_str::<Table>(include_str!("../modules.json")).expect("proto/modules.json is valid").modules
    })
}

pub fn find(slug: &str) -> Option<&'static Module> {
    all().iter().find(|m| m.slug == slug)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_holds_every_menu_entry_with_known_actions() {
        assert_eq!(all().len(), 27, "the menu entries and the giving-partner page");
        for m in all() {
            assert!(!m.actions.is_empty(), "{} grants nothing", m.slug);
            for a in &m.actions {
                assert!(["view", "add", "edit", "delete", "status"].contains(&a.as_str()));
            }
        }
        assert_eq!(find("/sub_admin").unwrap().actions, ["view", "add", "edit", "delete", "status"]);
        assert_eq!(find("/badge").unwrap().actions, ["edit", "delete"]);
    }
}
