//! What the chat's store files share: the two sides' names (a message's sender_type, a
//! room's per-side columns) and the small row helpers. Each aggregate's SQL lives beside it:
//! people_store.rs, rooms_store.rs, messages_store.rs and notifications_store.rs (one text
//! for SQLite and PostgreSQL).

use common::db::Backend;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

pub const ADMIN: &str = "admin";
pub const MEMBER: &str = "member";

pub(crate) fn backend(c: &AnyConnection) -> Backend {
    Backend::of_connection(c)
}

pub(crate) fn opt_i64(r: &AnyRow, col: &str) -> sqlx::Result<Option<i64>> {
    r.try_get::<Option<i64>, _>(col)
}
