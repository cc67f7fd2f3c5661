//! The transactional outbox. A change and its event are written in one transaction
//! ([`enqueue`]); the [`Relay`] publishes pending rows after commit and marks them,
//! so an event is never lost when the broker is down (it waits in the table) and
//! never published for a change that rolled back. Consumers call [`mark_handled`]
//! in their own transaction so a redelivered event changes nothing.
//!
//! common's migrations create the tables of every service:
//! `outbox(id, event_type, body, created_at, published_at, attempts, last_error, next_attempt_at)`,
//! `outbox_failed(id, event_type, body, created_at, attempts, last_error, failed_at)` and
//! `processed_events(id, consumer, handled_at)`.
//!
//! The relay, row by row:
//! - the broker unreachable (the bus reports itself unhealthy after a failed publish): the
//!   pass stops, nothing is counted against the row, and the relay retries with backoff; the
//!   rows wait for as long as the outage lasts.
//! - the bus up but this row's publish failing (refused, a malformed body): the row counts an
//!   attempt, keeps its last error and is tried again after a backoff (1 s doubling, at most
//!   5 minutes) while the rows behind it go on; after `OUTBOX_MAX_ATTEMPTS` (default 10) it
//!   is moved to `outbox_failed` and counted in `outbox_failed_total`.
//! - published but unroutable (no queue bound to its key, RabbitMQ returned it): it is marked
//!   published (kept until pruned, its `last_error` saying so), counted in
//!   `outbox_unroutable_total` and logged with its key. Retrying cannot help: nobody listens
//!   to that key (a consumer declares its durable queue when it first starts; what was
//!   published before is not for it).
//! - published rows are deleted after `OUTBOX_RETENTION_SECS` (default 7 days), 500 at a time.
//!
//! The gauge `outbox_pending` shows the rows that wait (of the last relay that counted, in
//! a process that runs several services).

use crate::bus::{Event, EventBus, Published};
use crate::db::{Backend, Db};
use crate::shutdown::Shutdown;
use anyhow::Context;
use sqlx::{AnyConnection, Row};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// Writes the event into the outbox inside the caller's transaction.
pub async fn enqueue(conn: &mut AnyConnection, event: &Event) -> anyhow::Result<()> {
    let mut q = crate::db::Sql::new(Backend::of_connection(conn), "");
    push_enqueue(&mut q, event)?;
    q.build().execute(conn).await.context("failed to write the outbox")?;
    Ok(())
}

/// The statement of [`enqueue`], pushed onto `q`: also the body of a data-modifying CTE when a
/// write stores its change and its event in one statement ([`crate::write::Write::emit_in`]).
pub fn push_enqueue(q: &mut crate::db::Sql, event: &Event) -> anyhow::Result<()> {
    q.push("INSERT INTO outbox (id, event_type, body, created_at, attempts) VALUES (")
        .push_bind(event.id.clone())
        .push(", ")
        .push_bind(event.event_type.clone())
        .push(", ")
        .push_bind(serde_json::to_string(event)?)
        .push(", ")
        .push_bind(event.time)
        .push(", 0)");
    Ok(())
}

/// Marks rows published now: `routed` ones, and `unroutable` ones with a note saying so.
async fn mark_published(
    conn: &mut AnyConnection,
    backend: Backend,
    routed: &[String],
    unroutable: &[String],
) -> anyhow::Result<()> {
    let now = crate::now_ms();
    for (ids, note) in [(routed, None), (unroutable, Some("unroutable: no queue is bound to its routing key"))] {
        if ids.is_empty() {
            continue;
        }
        let mut q = crate::db::Sql::new(backend, "UPDATE outbox SET published_at = ");
        q.push_bind(now)
            .push(", attempts = attempts + 1, last_error = ")
            .push_bind(note.map(str::to_string))
            .push(" WHERE id IN (");
        q.push_list(ids, |q, id| {
            q.push_bind(id.clone());
        });
        q.push(")");
        // One text per batch size: not kept among the connection's prepared statements.
        q.build().persistent(false).execute(&mut *conn).await?;
    }
    Ok(())
}

/// Records that `consumer` handled `event_id`; answers false when it already had.
pub async fn mark_handled(conn: &mut AnyConnection, consumer: &str, event_id: &str) -> anyhow::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO processed_events (id, consumer, handled_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
    )
    .bind(event_id)
    .bind(consumer)
    .bind(crate::now_ms())
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The relay's limits (from the environment by default, see [`RelayOptions::from_env`]).
#[derive(Debug, Clone)]
pub struct RelayOptions {
    /// Failed publishes of one row before it is moved to `outbox_failed`.
    pub max_attempts: i64,
    /// The wait after a row's first failure (doubling with each further one).
    pub first_backoff: Duration,
    /// The longest wait between a row's attempts.
    pub max_backoff: Duration,
    /// How long published rows are kept.
    pub retention: Duration,
    /// Rows deleted per pruning statement.
    pub prune_batch: i64,
}

impl Default for RelayOptions {
    fn default() -> Self {
        Self {
            max_attempts: 10,
            first_backoff: Duration::from_secs(1),
            max_backoff: Duration::from_secs(300),
            retention: Duration::from_secs(7 * 24 * 3600),
            prune_batch: 500,
        }
    }
}

impl RelayOptions {
    /// The defaults, with `OUTBOX_MAX_ATTEMPTS` and `OUTBOX_RETENTION_SECS` when set (a value
    /// that is not a positive number is refused at start, naming the variable).
    pub fn from_env() -> anyhow::Result<Self> {
        let mut o = Self::default();
        let read = |name: &str| -> anyhow::Result<Option<u64>> {
            match std::env::var(name) {
                Ok(v) if !v.trim().is_empty() => match v.trim().parse::<u64>() {
                    Ok(n) if n > 0 => Ok(Some(n)),
                    _ => anyhow::bail!("{name} must be a positive whole number, not {v:?}"),
                },
                _ => Ok(None),
            }
        };
        if let Some(n) = read("OUTBOX_MAX_ATTEMPTS")? {
            o.max_attempts = n.min(i64::MAX as u64) as i64;
        }
        if let Some(n) = read("OUTBOX_RETENTION_SECS")? {
            o.retention = Duration::from_secs(n);
        }
        Ok(o)
    }

    /// The wait before the next attempt of a row that failed `attempts` times.
    fn backoff(&self, attempts: i64) -> Duration {
        let doublings = (attempts.max(1) - 1).min(30) as u32;
        self.first_backoff.saturating_mul(2u32.saturating_pow(doublings)).min(self.max_backoff)
    }
}

/// What one relay pass did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Pass {
    /// Published (routed or not).
    pub published: usize,
    /// Of those, returned unroutable.
    pub unroutable: usize,
    /// Failed this time and left for a later attempt.
    pub retried: usize,
    /// Moved to `outbox_failed`.
    pub failed: usize,
}

/// Publishes what the outbox holds, in order, until shutdown.
#[derive(Clone)]
pub struct Relay {
    db: Db,
    bus: Arc<dyn EventBus>,
    wake: Arc<Notify>,
    options: Arc<RelayOptions>,
}

impl Relay {
    /// A relay with the options of the environment (see [`RelayOptions::from_env`]; a bad
    /// value is logged and the defaults used).
    pub fn new(db: Db, bus: Arc<dyn EventBus>) -> Self {
        let options = RelayOptions::from_env().unwrap_or_else(|e| {
            tracing::error!(error = %format!("{e:#}"), "outbox options ignored");
            RelayOptions::default()
        });
        Self::with_options(db, bus, options)
    }

    pub fn with_options(db: Db, bus: Arc<dyn EventBus>, options: RelayOptions) -> Self {
        Self { db, bus, wake: Arc::new(Notify::new()), options: Arc::new(options) }
    }

    /// Whether the bus takes events now (a service's readiness).
    pub async fn bus_healthy(&self) -> bool {
        self.bus.healthy().await
    }

    /// Asks the relay to look now instead of at its next tick (call after a commit).
    pub fn poke(&self) {
        self.wake.notify_one();
    }

    pub fn spawn(self, shutdown: Shutdown) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let mut idle = Duration::from_millis(250);
            let mut last_prune: Option<std::time::Instant> = None;
            loop {
                match self.publish_batch(100).await {
                    Ok(n) if n > 0 => {
                        idle = Duration::from_millis(250);
                        continue;
                    }
                    Ok(_) => idle = Duration::from_millis(250),
                    Err(e) => {
                        crate::pool::note_any(&e);
                        tracing::warn!(error = %format!("{e:#}"), "outbox relay could not publish; will retry");
                        idle = (idle * 2).min(Duration::from_secs(5));
                    }
                }
                if let Ok(n) = self.pending().await {
                    crate::metrics::global().gauge("outbox_pending", n as f64);
                }
                if last_prune.is_none_or(|t| t.elapsed() >= Duration::from_secs(60)) {
                    last_prune = Some(std::time::Instant::now());
                    if let Err(e) = self.prune_all(&shutdown).await {
                        crate::pool::note_any(&e);
                        tracing::warn!(error = %format!("{e:#}"), "outbox pruning failed; will retry");
                    }
                }
                tokio::select! {
                    _ = tokio::time::sleep(idle) => {},
                    _ = self.wake.notified() => {},
                    _ = shutdown.wait() => {
                        // One last pass so what was committed before the signal goes out.
                        let _ = self.publish_batch(1000).await;
                        return;
                    }
                }
            }
        })
    }

    /// Publishes up to `limit` due events; answers how many went out (routed or not). See
    /// [`Relay::pass`].
    pub async fn publish_batch(&self, limit: i64) -> anyhow::Result<usize> {
        Ok(self.pass(limit).await?.published)
    }

    /// One pass over up to `limit` due rows, oldest first (see the module for what happens
    /// to each). Errs, after keeping what was done, when the bus is unreachable.
    pub async fn pass(&self, limit: i64) -> anyhow::Result<Pass> {
        let mut tx = self.db.begin_write().await?;
        let lock = match self.db.backend {
            Backend::Postgres => {
                // The marks need no flush to disk before the pass goes on: a mark a crash loses
                // publishes its event again, which consumers already expect (at least once;
                // `mark_handled`). Spares a WAL flush per pass beside the writes that made the events.
                sqlx::query("SET LOCAL synchronous_commit = off").execute(&mut *tx).await?;
                " FOR UPDATE SKIP LOCKED"
            }
            Backend::Sqlite => "",
        };
        let now = crate::now_ms();
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT id, body, attempts FROM outbox WHERE published_at IS NULL AND (next_attempt_at IS NULL OR next_attempt_at <= $1) \
             ORDER BY created_at, id LIMIT $2{lock}"
        )))
        .bind(now)
        .bind(limit)
        .fetch_all(&mut *tx)
        .await?;
        let mut pass = Pass::default();
        // Published rows, marked together (one statement each kind) before the commit.
        let (mut routed, mut unroutable) = (vec![], vec![]);
        for row in rows {
            let id: String = row.try_get("id")?;
            let body: String = row.try_get("body")?;
            let attempts: i64 = row.try_get("attempts")?;
            let outcome = match serde_json::from_str::<Event>(&body) {
                Ok(event) => match self.bus.publish_checked(&event).await {
                    Ok(p) => Ok((p, event.event_type)),
                    Err(e) if !self.bus.healthy().await => {
                        // The broker is down: not this row's fault. Keep it as it is.
                        mark_published(&mut tx, self.db.backend, &routed, &unroutable).await?;
                        tx.commit().await?;
                        return Err(e.context(format!("event {id} not published: the event bus is unreachable")));
                    }
                    Err(e) => Err(format!("{e:#}")),
                },
                Err(e) => Err(format!("malformed outbox body: {e}")),
            };
            match outcome {
                Ok((published, key)) => {
                    pass.published += 1;
                    if published != Published::Unroutable {
                        routed.push(id);
                    } else {
                        unroutable.push(id.clone());
                        pass.unroutable += 1;
                        crate::metrics::global().count("outbox_unroutable_total", 1);
                        tracing::warn!(key = %key, id = %id, "published event reached no queue");
                    }
                }
                Err(error) if attempts + 1 >= self.options.max_attempts => {
                    sqlx::query(
                        "INSERT INTO outbox_failed (id, event_type, body, created_at, attempts, last_error, failed_at) \
                         SELECT id, event_type, body, created_at, attempts + 1, $1, $2 FROM outbox WHERE id = $3",
                    )
                    .bind(&error)
                    .bind(crate::now_ms())
                    .bind(&id)
                    .execute(&mut *tx)
                    .await?;
                    sqlx::query("DELETE FROM outbox WHERE id = $1").bind(&id).execute(&mut *tx).await?;
                    pass.failed += 1;
                    crate::metrics::global().count("outbox_failed_total", 1);
                    tracing::error!(id = %id, attempts = attempts + 1, error = %error, "event moved to outbox_failed after its last attempt");
                }
                Err(error) => {
                    let next = now + self.options.backoff(attempts + 1).as_millis() as i64;
                    sqlx::query("UPDATE outbox SET attempts = attempts + 1, last_error = $1, next_attempt_at = $2 WHERE id = $3")
                        .bind(&error)
                        .bind(next)
                        .bind(&id)
                        .execute(&mut *tx)
                        .await?;
                    pass.retried += 1;
                    tracing::warn!(id = %id, attempts = attempts + 1, error = %error, "event not published; will retry");
                }
            }
        }
        mark_published(&mut tx, self.db.backend, &routed, &unroutable).await?;
        tx.commit().await?;
        Ok(pass)
    }

    /// Deletes up to one batch of rows published before the retention period; answers how many.
    pub async fn prune(&self) -> anyhow::Result<u64> {
        let before = crate::now_ms() - self.options.retention.as_millis() as i64;
        let done = sqlx::query(
            "DELETE FROM outbox WHERE id IN \
             (SELECT id FROM outbox WHERE published_at IS NOT NULL AND published_at < $1 ORDER BY published_at LIMIT $2)",
        )
        .bind(before)
        .bind(self.options.prune_batch)
        .execute(&self.db.pool)
        .await?;
        Ok(done.rows_affected())
    }

    /// Prunes batch after batch (a short pause between them) until none is left or shutdown.
    async fn prune_all(&self, shutdown: &Shutdown) -> anyhow::Result<()> {
        while !shutdown.is_triggered() {
            if (self.prune().await? as i64) < self.options.prune_batch {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Ok(())
    }

    /// How many events wait to be published.
    pub async fn pending(&self) -> anyhow::Result<i64> {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE published_at IS NULL")
            .fetch_one(&self.db.pool)
            .await?;
        Ok(n)
    }

    /// How many events were moved aside after their last attempt.
    pub async fn failed(&self) -> anyhow::Result<i64> {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox_failed").fetch_one(&self.db.pool).await?;
        Ok(n)
    }
}
