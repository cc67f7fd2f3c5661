//! SQL of the audit records (portable: one text on SQLite and PostgreSQL). Records are only
//! inserted; the chain head row `audit_chain('head')` holds the last seq and hash.

use crate::record::Record;
use common::db::Sql;
use common::paging::Paging;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

const COLUMNS: &str = "id, seq, event_id, event_type, service, entity, verb, module, entity_id, actor_id, \
    account_type, address, changes, payload, trace_id, occurred_at, recorded_at, prev_hash, hash";

/// The list's filters (already checked).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filter {
    pub actor_id: String,
    pub actor_ids: Vec<String>,
    pub actor_text: String,
    pub account_type: String,
    pub module: String,
    pub entity: String,
    pub entity_id: String,
    pub from: i64,
    pub to: i64,
    pub before_seq: i64,
}

fn record(r: &AnyRow) -> sqlx::Result<Record> {
    Ok(Record {
        id: r.try_get("id")?,
        seq: r.try_get("seq")?,
        event_id: r.try_get("event_id")?,
        event_type: r.try_get("event_type")?,
        service: r.try_get("service")?,
        entity: r.try_get("entity")?,
        verb: r.try_get("verb")?,
        module: r.try_get("module")?,
        entity_id: r.try_get("entity_id")?,
        actor_id: r.try_get("actor_id")?,
        account_type: r.try_get("account_type")?,
        address: r.try_get("address")?,
        changes: r.try_get("changes")?,
        payload: r.try_get("payload")?,
        trace_id: r.try_get("trace_id")?,
        occurred_at: r.try_get("occurred_at")?,
        recorded_at: r.try_get("recorded_at")?,
        prev_hash: r.try_get("prev_hash")?,
        hash: r.try_get("hash")?,
    })
}

/// Whether the event is recorded already.
pub async fn has_event(c: &mut AnyConnection, event_id: &str) -> sqlx::Result<bool> {
    Ok(sqlx::query("SELECT 1 FROM audit_records WHERE event_id = $1").bind(event_id).fetch_optional(c).await?.is_some())
}

/// The chain head: the last seq and its hash (0 and '' for an empty chain).
pub async fn head(c: &mut AnyConnection) -> sqlx::Result<(i64, String)> {
    let r = sqlx::query("SELECT seq, hash FROM audit_chain WHERE id = 'head'").fetch_one(c).await?;
    Ok((r.try_get("seq")?, r.try_get("hash")?))
}

pub async fn set_head(c: &mut AnyConnection, seq: i64, hash: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE audit_chain SET seq = $1, hash = $2 WHERE id = 'head'").bind(seq).bind(hash).execute(c).await?;
    Ok(())
}

pub async fn insert(c: &mut AnyConnection, r: &Record) -> sqlx::Result<()> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO audit_records ({COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)"
    )))
    .bind(&r.id)
    .bind(r.seq)
    .bind(&r.event_id)
    .bind(&r.event_type)
    .bind(&r.service)
    .bind(&r.entity)
    .bind(&r.verb)
    .bind(&r.module)
    .bind(&r.entity_id)
    .bind(&r.actor_id)
    .bind(&r.account_type)
    .bind(&r.address)
    .bind(&r.changes)
    .bind(&r.payload)
    .bind(&r.trace_id)
    .bind(r.occurred_at)
    .bind(r.recorded_at)
    .bind(&r.prev_hash)
    .bind(&r.hash)
    .execute(c)
    .await?;
    Ok(())
}

pub async fn get(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Record>> {
    let r = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT {COLUMNS} FROM audit_records WHERE id = $1")))
        .bind(id)
        .fetch_optional(c)
        .await?;
    r.as_ref().map(record).transpose()
}

/// Up to `limit` records after `after_seq`, in seq order (the verifier's batches).
pub async fn batch(c: &mut AnyConnection, after_seq: i64, limit: i64) -> sqlx::Result<Vec<Record>> {
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM audit_records WHERE seq > $1 ORDER BY seq LIMIT $2"
    )))
    .bind(after_seq)
    .bind(limit)
    .fetch_all(c)
    .await?;
    rows.iter().map(record).collect()
}

fn filters(q: &mut Sql, f: &Filter) {
    q.push(" FROM audit_records WHERE 1 = 1");
    if !f.actor_id.is_empty() {
        q.push(" AND actor_id = ").push_bind(f.actor_id.clone());
    }
    if !f.actor_text.is_empty() {
        let pattern = common::db::like_pattern(&f.actor_text);
        q.push(" AND (LOWER(actor_id) LIKE ").push_bind(pattern.clone()).push(" ESCAPE '\\'");
        q.push(" OR LOWER(address) LIKE ").push_bind(pattern).push(" ESCAPE '\\'");
        if !f.actor_ids.is_empty() {
            q.push(" OR actor_id IN (").push_list(f.actor_ids.iter().cloned(), |q, id| {
                q.push_bind(id);
            });
            q.push(")");
        }
        q.push(")");
    } else if !f.actor_ids.is_empty() {
        q.push(" AND actor_id IN (").push_list(f.actor_ids.iter().cloned(), |q, id| {
            q.push_bind(id);
        });
        q.push(")");
    }
    for (col, v) in
        [("account_type", &f.account_type), ("module", &f.module), ("entity", &f.entity), ("entity_id", &f.entity_id)]
    {
        if !v.is_empty() {
            q.push(&format!(" AND {col} = ")).push_bind(v.clone());
        }
    }
    if f.from > 0 {
        q.push(" AND occurred_at >= ").push_bind(f.from);
    }
    if f.to > 0 {
        q.push(" AND occurred_at <= ").push_bind(f.to);
    }
    if f.before_seq > 0 {
        q.push(" AND seq < ").push_bind(f.before_seq);
    }
}

/// One page of records (without payloads) and the total that match.
pub async fn list(c: &mut AnyConnection, f: &Filter, paging: Paging<&'static str>) -> sqlx::Result<(Vec<Record>, i64)> {
    let cols = "id, seq, event_id, event_type, service, entity, verb, module, entity_id, actor_id, \
        account_type, address, changes, '' AS payload, trace_id, occurred_at, recorded_at, prev_hash, hash";
    common::db::page_with_total(c, cols, |q| filters(q, f), paging, record).await
}

/// The distinct modules and entities recorded.
pub async fn modules(c: &mut AnyConnection) -> sqlx::Result<(Vec<String>, Vec<String>)> {
    let m = sqlx::query_scalar("SELECT DISTINCT module FROM audit_records ORDER BY module").fetch_all(&mut *c).await?;
    let e = sqlx::query_scalar("SELECT DISTINCT entity FROM audit_records ORDER BY entity").fetch_all(&mut *c).await?;
    Ok((m, e))
}
