//! The audit domain: appending an event to the chain (once), the list, one record, the
//! chain's verification.

use crate::record::Record;
use crate::store::{self, Filter};
use common::Actor;
use common::bus::Event;
use common::db::Db;
use common::error::{Check, Error, Result};
use common::paging::Page;

/// The consumer name of the audit service (its queue, its handled-event marks).
pub const CONSUMER: &str = "audit";

/// How many records the verifier reads at a time.
const VERIFY_BATCH: i64 = 1000;

#[derive(Clone)]
pub struct Audit {
    pub db: Db,
}

/// A list query as asked.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ListQuery {
    pub page: Page,
    pub filter: Filter,
}

/// What the verifier found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verification {
    pub ok: bool,
    pub checked: i64,
    /// 0 when ok.
    pub first_broken_seq: i64,
    pub reason: String,
}

fn columns(c: &str) -> Option<&'static str> {
    match c {
        "" | "seq" | "occurredAt" | "createdAt" => Some("seq"),
        _ => None,
    }
}

impl Audit {
    pub fn new(db: Db) -> Self {
        Self { db }
    }

    /// Appends `event` to the chain; answers false when it was recorded already (a
    /// redelivery). Appends are serialised on the chain head: SQLite's write lock is taken
    /// when the write begins, PostgreSQL locks the head row; so seq has no gap and every
    /// record's prev_hash is the hash of the one before, however many consumers append.
    pub async fn record(&self, event: &Event) -> Result<bool> {
        let mut w = common::write::begin(&self.db, None, &Actor::system()).await?;
        w.lock_row("audit_chain", "head").await?;
        if !w.mark_handled(CONSUMER, &event.id).await? || store::has_event(&mut w, &event.id).await? {
            return Ok(false);
        }
        let (seq, prev_hash) = store::head(&mut w).await?;
        let mut r = Record::of(event, common::now_ms());
        r.seq = seq + 1;
        r.prev_hash = prev_hash;
        r.hash = r.compute_hash();
        store::insert(&mut w, &r).await?;
        store::set_head(&mut w, r.seq, &r.hash).await?;
        w.commit().await?;
        Ok(true)
    }

    pub async fn list(&self, q: &ListQuery) -> Result<(Vec<Record>, i64)> {
        let mut check = Check::default();
        let paging = q.page.check(columns, &mut check);
        let f = &q.filter;
        if f.from > 0 && f.to > 0 && f.from > f.to {
            check.fail("toDate", "To date must be on or after From date");
        }
        if f.actor_text.chars().count() > 100 {
            check.fail("actor", "actor must be at most 100 characters");
        }
        if f.actor_ids.len() > 500 {
            check.fail("actor", "actor matches too many accounts; type more of it");
        }
        check.done()?;
        let Some(paging) = paging else {
            return Err(Error::Internal(anyhow::anyhow!("a checked page has its paging")));
        };
        let mut c = self.db.pool.acquire().await?;
        Ok(store::list(&mut c, f, paging).await?)
    }

    pub async fn get(&self, id: &str) -> Result<Record> {
        let mut c = self.db.pool.acquire().await?;
        store::get(&mut c, id).await?.ok_or_else(|| Error::NotFound("Audit record not found".into()))
    }

    pub async fn modules(&self) -> Result<(Vec<String>, Vec<String>)> {
        let mut c = self.db.pool.acquire().await?;
        Ok(store::modules(&mut c).await?)
    }

    /// Walks the chain in seq order and names its first broken link: a gap in seq, a
    /// prev_hash that is not the previous record's hash, a hash that does not match the
    /// record, or a head that names another last record (one removed from the end).
    pub async fn verify(&self) -> Result<Verification> {
        let mut c = self.db.pool.acquire().await?;
        let (mut last_seq, mut last_hash, mut checked) = (0i64, String::new(), 0i64);
        let broken =
            |seq: i64, checked: i64, reason: String| Verification { ok: false, checked, first_broken_seq: seq, reason };
        loop {
            let batch = store::batch(&mut c, last_seq, VERIFY_BATCH).await?;
            if batch.is_empty() {
                break;
            }
            for r in batch {
                if r.seq != last_seq + 1 {
                    return Ok(broken(
                        last_seq + 1,
                        checked,
                        format!("gap: seq {} is missing (the next record is {})", last_seq + 1, r.seq),
                    ));
                }
                if r.prev_hash != last_hash {
                    return Ok(broken(
                        r.seq,
                        checked,
                        format!("prev mismatch: seq {} does not follow the hash of seq {}", r.seq, last_seq),
                    ));
                }
                if r.compute_hash() != r.hash {
                    return Ok(broken(
                        r.seq,
                        checked,
                        format!("hash mismatch: seq {} was changed after it was recorded", r.seq),
                    ));
                }
                checked += 1;
                last_seq = r.seq;
                last_hash = r.hash;
            }
        }
        let (head_seq, head_hash) = store::head(&mut c).await?;
        if head_seq != last_seq || head_hash != last_hash {
            return Ok(broken(
                last_seq + 1,
                checked,
                format!("gap: the chain head is seq {head_seq} but the last record is seq {last_seq}"),
            ));
        }
        Ok(Verification { ok: true, checked, first_broken_seq: 0, reason: String::new() })
    }
}
