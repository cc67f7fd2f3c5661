//! Who acts: the account behind a write, as the BFF authenticated it (proto `common.v1.Actor`,
//! mapped once by `common::wire::actor`). Every event names its actor (ARCHITECTURE section 6);
//! work with no account (jobs, event handlers) acts as [`Actor::system`].

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Actor {
    /// The account's id; empty for the system.
    pub id: String,
    /// "Admin", "Sub Admin", "Charity Admin", or [`Actor::SYSTEM`].
    pub account_type: String,
    /// The client's network address.
    pub address: String,
}

impl Actor {
    /// The account type of work no account asked for.
    pub const SYSTEM: &'static str = "system";

    pub fn new(id: impl Into<String>, account_type: impl Into<String>, address: impl Into<String>) -> Self {
        Self { id: id.into(), account_type: account_type.into(), address: address.into() }
    }

    /// Jobs, imports with no account, event handlers.
    pub fn system() -> Self {
        Self { id: String::new(), account_type: Self::SYSTEM.into(), address: String::new() }
    }

    /// Whether an account is named (a call without one is refused where an account must act).
    pub fn is_known(&self) -> bool {
        !self.id.is_empty()
    }
}
