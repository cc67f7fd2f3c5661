//! The SQL of password resets: the reset links (a kind of single-use link, see
//! `store::Link`). Setting the new password is `store::set_password` (shared).

use crate::store::{Link, insert_link, take_link};
use sqlx::AnyConnection;

pub async fn insert_reset(c: &mut AnyConnection, hash: &str, user_id: &str, expires_at: i64) -> sqlx::Result<()> {
    insert_link(c, Link::Reset, hash, user_id, expires_at).await
}

/// Takes a reset token (single use): answers its account when it was valid and unused.
pub async fn take_reset(c: &mut AnyConnection, hash: &str) -> sqlx::Result<Option<String>> {
    take_link(c, Link::Reset, hash).await
}
