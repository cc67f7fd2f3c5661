//! The standing of an account as the BFF caches it (identity's answer, mapped once): what
//! the permission table and every object check read.

use serde::{Deserialize, Serialize};

/// The standing of an account, as cached.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Principal {
    pub id: String,
    /// The account type's name (`common::account`), mapped once from identity's enum.
    pub admin_type: String,
    pub active: bool,
    pub session_version: i64,
    pub charity_id: String,
    pub grants: Vec<(String, Vec<String>)>,
}
