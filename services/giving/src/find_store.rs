//! The SQL of search everywhere's lookups (find.rs): donors by the start of their email, phone
//! or name, by id; transactions by the start of their receipt number or provider reference.
//! Each a range on a unique or plain index (`common::find::push_prefix`), a few rows, no count.

use crate::store::{COLUMNS, Donor, donor};
use crate::transaction::{TX_COLUMNS, Transaction, transaction};
use common::db::{Backend, Sql};
use sqlx::AnyConnection;
use sqlx::any::AnyRow;

/// At most `limit` rows of `table` whose `col` starts with `prefix`, in `col`'s order.
async fn by_prefix<T>(
    c: &mut AnyConnection,
    (columns, table, col): (&str, &str, &str),
    prefix: &str,
    limit: i64,
    read: fn(&AnyRow) -> sqlx::Result<T>,
) -> sqlx::Result<Vec<T>> {
    let mut q = Sql::new(Backend::of_connection(c), format!("SELECT {columns} FROM {table} WHERE TRUE"));
    common::find::push_prefix(&mut q, col, prefix);
    q.push(&format!(" ORDER BY {col} LIMIT ")).push_bind(limit);
    q.build().fetch_all(c).await?.iter().map(read).collect()
}

/// Donors whose email (stored lower-cased) starts with `prefix` (the unique index on email).
pub async fn donors_by_email(c: &mut AnyConnection, prefix: &str, limit: i64) -> sqlx::Result<Vec<Donor>> {
    by_prefix(c, (COLUMNS, "donors", "email"), prefix, limit, donor).await
}

/// Donors whose phone (stored as its ten digits) starts with `digits` (migration 0014's index).
pub async fn donors_by_phone(c: &mut AnyConnection, digits: &str, limit: i64) -> sqlx::Result<Vec<Donor>> {
    by_prefix(c, (COLUMNS, "donors", "phone_number"), digits, limit, donor).await
}

/// Donors whose name ("first last", lower-cased) starts with `prefix` (the name index).
pub async fn donors_by_name_start(c: &mut AnyConnection, prefix: &str, limit: i64) -> sqlx::Result<Vec<Donor>> {
    by_prefix(c, (COLUMNS, "donors", "name_key"), prefix, limit, donor).await
}

/// The donors among `ids`, in the order of `ids`.
pub async fn donors_by_id(c: &mut AnyConnection, ids: &[String]) -> sqlx::Result<Vec<Donor>> {
    if ids.is_empty() {
        return Ok(vec![]);
    }
    let mut q = Sql::new(Backend::of_connection(c), format!("SELECT {COLUMNS} FROM donors WHERE id IN ("));
    q.push_list(ids, |q, id| {
        q.push_bind(id.clone());
    });
    q.push(")");
    let mut found: Vec<Donor> = q.build().fetch_all(c).await?.iter().map(donor).collect::<sqlx::Result<_>>()?;
    found.sort_by_key(|d| ids.iter().position(|id| *id == d.id));
    Ok(found)
}

/// Transactions whose receipt number starts with `prefix` (the unique index on receipt_number).
pub async fn transactions_by_receipt(
    c: &mut AnyConnection,
    prefix: &str,
    limit: i64,
) -> sqlx::Result<Vec<Transaction>> {
    by_prefix(c, (TX_COLUMNS, "transactions", "receipt_number"), prefix, limit, transaction).await
}

/// Transactions whose provider reference starts with `prefix` (its unique index).
pub async fn transactions_by_reference(
    c: &mut AnyConnection,
    prefix: &str,
    limit: i64,
) -> sqlx::Result<Vec<Transaction>> {
    by_prefix(c, (TX_COLUMNS, "transactions", "provider_reference"), prefix, limit, transaction).await
}
