//! The trash (issue 36): every delete of the console moves its record here instead of removing
//! it, so the delete can be undone (the console's Undo, the Trash screen's restore) until the
//! record is purged for good (the Trash screen's purge, or the retention the BFF applies).
//!
//! How a service keeps a deleted record, the one way:
//! - the record's rows leave their tables for twin tables of the same columns (`<table>_trash`,
//!   made by the service's migration; [`move_rows`]), so every list, count, total, search index
//!   and public answer of the service stops showing it with no query knowing of the trash, and
//!   every trigger that keeps a count or a search index sees a delete. A restore moves them
//!   back ([`restore_rows`]): a unique rule another record took meanwhile refuses it (the
//!   insert's own constraint), and the triggers see an insert;
//! - one row in the service's `trash` table (common's migration) names it for the Trash screen:
//!   its console module, id, name, who deleted it and when, and what the delete changed beside
//!   the record that the restore must undo (`detail`, the service's own JSON);
//! - its events: `<service>.<entity>.trashed` when deleted, `.restored` when restored, and the
//!   entity's `.deleted` (the key and payload it had before the trash existed) when purged, so
//!   consumers that drop what pointed at a deleted record do that only when it is gone for good.
//!
//! What a service does besides moving rows (kept counters, what other records of its own lose)
//! is written beside each aggregate, in its trash and restore functions.

use crate::Actor;
use crate::db::{Backend, Sql};
use crate::error::{Error, Result};
use crate::write::Write;
use serde::{Serialize, de::DeserializeOwned};
use sqlx::{AnyConnection, Row};

/// The most entries one list call answers (the BFF merges the services' first entries into
/// pages, so this is also how deep the Trash screen pages).
pub const MAX_LIST: i64 = 10_000;

/// A record in the trash.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    /// Its console module (its slug in proto/modules.json).
    pub module: String,
    pub id: String,
    pub name: String,
    pub deleted_at: i64,
    pub deleted_by: Actor,
    /// What the delete changed beside the record, for the restore (the service's JSON).
    pub detail: String,
}

impl Entry {
    /// The delete's detail, as the service wrote it.
    pub fn detail<T: DeserializeOwned + Default>(&self) -> T {
        serde_json::from_str(&self.detail).unwrap_or_default()
    }
}

const COLUMNS: &str = "module, record_id, name, deleted_at, deleted_by_id, deleted_by_type, deleted_by_address, detail";

fn entry(r: &sqlx::any::AnyRow) -> sqlx::Result<Entry> {
    Ok(Entry {
        module: r.try_get("module")?,
        id: r.try_get("record_id")?,
        name: r.try_get("name")?,
        deleted_at: r.try_get("deleted_at")?,
        deleted_by: Actor::new(
            r.try_get::<String, _>("deleted_by_id")?,
            r.try_get::<String, _>("deleted_by_type")?,
            r.try_get::<String, _>("deleted_by_address")?,
        ),
        detail: r.try_get("detail")?,
    })
}

/// Puts record `id` of `module`, called `name`, in the trash, deleted by the write's actor now,
/// with the `detail` its restore needs. Part of the write that moves its rows.
pub async fn put(w: &mut Write<'_>, module: &str, id: &str, name: &str, detail: &impl Serialize) -> Result<Entry> {
    let e = Entry {
        module: module.into(),
        id: id.into(),
        name: name.into(),
        deleted_at: crate::now_ms(),
        deleted_by: w.actor().clone(),
        detail: serde_json::to_string(detail).map_err(anyhow::Error::from)?,
    };
    sqlx::query(
        "INSERT INTO trash (module, record_id, name, name_key, deleted_at, deleted_by_id, deleted_by_type, \
         deleted_by_address, detail) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&e.module)
    .bind(&e.id)
    .bind(&e.name)
    .bind(e.name.trim().to_lowercase())
    .bind(e.deleted_at)
    .bind(&e.deleted_by.id)
    .bind(&e.deleted_by.account_type)
    .bind(&e.deleted_by.address)
    .bind(&e.detail)
    .execute(&mut **w)
    .await?;
    Ok(e)
}

/// Takes record `id` of `module` out of the trash (a restore or a purge, in its write): its
/// entry, or 404 "Not found in the trash" when it is not there (restored or purged already: a
/// second restore of one record, or two at once, find it once).
pub async fn take(c: &mut AnyConnection, module: &str, id: &str) -> Result<Entry> {
    let q = format!("DELETE FROM trash WHERE module = $1 AND record_id = $2 RETURNING {COLUMNS}");
    let row = sqlx::query(sqlx::AssertSqlSafe(q)).bind(module).bind(id).fetch_optional(c).await?;
    match row {
        Some(r) => Ok(entry(&r)?),
        None => Err(Error::NotFound(NOT_IN_TRASH.into())),
    }
}

pub const NOT_IN_TRASH: &str = "Not found in the trash: it was restored or deleted for good already";

/// A list of the trash as asked (`ListTrashRequest`): its first entries and the total.
#[derive(Debug, Clone, Default)]
pub struct Query {
    pub modules: Vec<String>,
    /// Lower-cased by the caller of `list` ('' = any).
    pub search: String,
    pub by_name: bool,
    pub descending: bool,
    pub limit: i64,
    /// Only entries deleted before this (0 = any).
    pub deleted_before: i64,
}

/// Checks a `ListTrashRequest`'s parts, as every list's are: the sort column, its order, the
/// limit and the search's length.
pub fn query(
    modules: Vec<String>,
    search: &str,
    column: &str,
    order: &str,
    limit: i64,
    deleted_before: i64,
) -> Result<Query> {
    let mut check = crate::error::Check::default();
    let by_name = match column {
        "" | "deletedAt" => false,
        "name" => true,
        other => {
            check.fail("column", format!("Sorting by {other} is not supported"));
            false
        }
    };
    let descending = match order.to_lowercase().as_str() {
        "" => !by_name,
        "asc" | "ascend" | "1" => false,
        "desc" | "descend" | "-1" => true,
        _ => {
            check.fail("order", "order must be asc or desc");
            false
        }
    };
    if !(1..=MAX_LIST).contains(&limit) {
        check.fail("limit", "limit must be between 1 and 10000");
    }
    if search.chars().count() > crate::paging::MAX_SEARCH {
        check.fail("search", "search must be at most 100 characters");
    }
    check.done()?;
    Ok(Query { modules, search: search.trim().to_lowercase(), by_name, descending, limit, deleted_before })
}

/// The first `q.limit` entries of the trash in the asked order, and how many match.
pub async fn list(c: &mut AnyConnection, q: &Query) -> Result<(Vec<Entry>, i64)> {
    let backend = Backend::of_connection(c);
    let filter = |s: &mut Sql| {
        s.push(" FROM trash WHERE TRUE");
        if !q.modules.is_empty() {
            s.push(" AND module IN (").push_list(q.modules.iter(), |s, m| {
                s.push_bind(m.clone());
            });
            s.push(")");
        }
        if !q.search.is_empty() {
            s.push(" AND name_key LIKE ").push_bind(crate::db::like_pattern(&q.search)).push(" ESCAPE '\\'");
        }
        if q.deleted_before > 0 {
            s.push(" AND deleted_at < ").push_bind(q.deleted_before);
        }
    };
    let dir = if q.descending { "DESC" } else { "ASC" };
    let order = if q.by_name {
        format!("name_key {dir}, module {dir}, record_id {dir}")
    } else {
        format!("deleted_at {dir}, module {dir}, record_id {dir}")
    };
    let mut s = Sql::new(backend, format!("SELECT {COLUMNS}"));
    filter(&mut s);
    s.push(" ORDER BY ").push(&order).push(" LIMIT ").push_bind(q.limit);
    let rows = s.build().fetch_all(&mut *c).await?;
    let items = rows.iter().map(entry).collect::<sqlx::Result<Vec<_>>>()?;
    let total = if (items.len() as i64) < q.limit {
        items.len() as i64
    } else {
        let mut s = Sql::new(backend, "SELECT COUNT(*)");
        filter(&mut s);
        s.build().fetch_one(c).await?.try_get(0)?
    };
    Ok((items, total))
}

/// Moves the rows of `table` whose `column` is `value` to its twin `<table>_trash` (same
/// columns, same order: `services/common/tests/trash_twins.rs` checks every service's twins on
/// both backends): answers how many moved. `table` and `column` are fixed names, never input.
/// Move a record's own rows before the record (a cascade would delete them first).
pub async fn move_rows(c: &mut AnyConnection, table: &'static str, column: &'static str, value: &str) -> Result<u64> {
    let copy = format!("INSERT INTO {table}_trash SELECT * FROM {table} WHERE {column} = $1");
    sqlx::query(sqlx::AssertSqlSafe(copy)).bind(value).execute(&mut *c).await?;
    let delete = format!("DELETE FROM {table} WHERE {column} = $1");
    Ok(sqlx::query(sqlx::AssertSqlSafe(delete)).bind(value).execute(c).await?.rows_affected())
}

/// Moves the rows `move_rows` kept back to `table`: a row whose unique value another row took
/// meanwhile fails the statement (the caller answers it as the record's conflict). Restore the
/// record before its own rows.
pub async fn restore_rows(
    c: &mut AnyConnection,
    table: &'static str,
    column: &'static str,
    value: &str,
) -> sqlx::Result<u64> {
    let copy = format!("INSERT INTO {table} SELECT * FROM {table}_trash WHERE {column} = $1");
    let n = sqlx::query(sqlx::AssertSqlSafe(copy)).bind(value).execute(&mut *c).await?.rows_affected();
    drop_rows(c, table, column, value).await?;
    Ok(n)
}

/// Deletes for good the rows of `<table>_trash` whose `column` is `value` (a purge).
pub async fn drop_rows(
    c: &mut AnyConnection,
    table: &'static str,
    column: &'static str,
    value: &str,
) -> sqlx::Result<u64> {
    let delete = format!("DELETE FROM {table}_trash WHERE {column} = $1");
    Ok(sqlx::query(sqlx::AssertSqlSafe(delete)).bind(value).execute(c).await?.rows_affected())
}

/// The columns of `table`, in order (the twin check).
pub async fn columns(c: &mut AnyConnection, table: &str) -> sqlx::Result<Vec<String>> {
    let rows = match Backend::of_connection(c) {
        Backend::Sqlite => {
            sqlx::query("SELECT name FROM pragma_table_info($1) ORDER BY cid").bind(table).fetch_all(c).await?
        }
        Backend::Postgres => {
            sqlx::query(
                "SELECT column_name::TEXT AS name FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
            )
            .bind(table)
            .fetch_all(c)
            .await?
        }
    };
    rows.iter().map(|r| r.try_get("name")).collect()
}

/// Every `<table>_trash` twin of the database whose columns differ from its table's (name and
/// order): empty when all match. A migration that adds a column to a table with a twin adds it
/// to the twin too, in the same place.
pub async fn twin_mismatches(c: &mut AnyConnection) -> sqlx::Result<Vec<String>> {
    let twins: Vec<String> = match Backend::of_connection(c) {
        Backend::Sqlite => {
            sqlx::query_scalar(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%\\_trash' ESCAPE '\\'",
            )
            .fetch_all(&mut *c)
            .await?
        }
        Backend::Postgres => {
            sqlx::query_scalar(
                "SELECT table_name::TEXT FROM information_schema.tables WHERE table_schema = current_schema() \
                 AND table_name LIKE '%\\_trash' ESCAPE '\\'",
            )
            .fetch_all(&mut *c)
            .await?
        }
    };
    let mut wrong = vec![];
    for twin in twins {
        let table = twin.trim_end_matches("_trash");
        let (a, b) = (columns(c, table).await?, columns(c, &twin).await?);
        if a != b {
            wrong.push(format!("{twin}: {b:?} but {table} has {a:?}"));
        }
    }
    Ok(wrong)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_query_checks_its_parts_as_every_list_does() {
        let q = query(vec![], "  Red ", "", "", 10, 0).unwrap();
        assert!(!q.by_name && q.descending && q.search == "red");
        let q = query(vec![], "", "name", "", 10, 0).unwrap();
        assert!(q.by_name && !q.descending);
        let Err(Error::Validation(errs)) = query(vec![], &"x".repeat(101), "size", "up", 0, 0) else { panic!() };
        let fields: Vec<_> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["column", "order", "limit", "search"]);
        assert!(query(vec![], "", "", "", MAX_LIST + 1, 0).is_err());
    }
}
