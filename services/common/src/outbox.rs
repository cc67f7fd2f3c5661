//! The transactional outbox. A change and its event are written in one transaction
//! ([`enqueue`]); the [`Relay`] publishes pending rows after commit and marks them,
//! so an event is never lost when the broker is down (it waits in the table) and
//! never published for a change that rolled back. Consumers call [`mark_handled`]
//! in their own transaction so a redelivered event changes nothing.
//!
//! Every service's migrations create the two tables:
//! `outbox(id, event_type, body, created_at, published_at, attempts, last_error)` and
//! `processed_events(id, consumer, handled_at)`.

use crate::bus::{Event, EventBus};
use crate::db::{Backend, Db};
use crate::shutdown::Shutdown;
use anyhow::Context;
use sqlx::{AnyConnection, Row};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;

/// Writes the event into the outbox inside the caller's transaction.
pub async fn enqueue(conn: &mut AnyConnection, event: &Event) -> anyhow::Result<()> {
    sqlx::query("INSERT INTO outbox (id, event_type, body, created_at, attempts) VALUES ($1, $2, $3, $4, 0)")
        .bind(&event.id)
        .bind(&event.event_type)
        .bind(serde_json::to_string(event)?)
        .bind(event.time)
        .execute(conn)
        .await
        .context("failed to write the outbox")?;
    Ok(())
}

/// Records that `consumer` handled `event_id`; answers false when it already had.
pub async fn mark_handled(
    conn: &mut AnyConnection,
    consumer: &str,
    event_id: &str,
) -> anyhow::Result<bool> {
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

/// Publishes what the outbox holds, in order, until shutdown.
#[derive(Clone)]
pub struct Relay {
    db: Db,
    bus: Arc<dyn EventBus>,
    wake: Arc<Notify>,
}

impl Relay {
    pub fn new(db: Db, bus: Arc<dyn EventBus>) -> Self {
        Self { db, bus, wake: Arc::new(Notify::new()) }
    }

    /// Asks the relay to look now instead of at its next tick (call after a commit).
    pub fn poke(&self) {
        self.wake.notify_one();
    }

    pub fn spawn(self, shutdown: Shutdown) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let mut idle = Duration::from_millis(250);
            loop {
                match self.publish_batch(100).await {
                    Ok(n) if n > 0 => {
                        idle = Duration::from_millis(250);
                        continue;
                    }
                    Ok(_) => idle = Duration::from_millis(250),
                    Err(e) => {
                        tracing::warn!(error = %format!("{e:#}"), "outbox relay could not publish; will retry");
                        idle = (idle * 2).min(Duration::from_secs(5));
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

    /// Publishes up to `limit` pending events; answers how many went out. Stops at the
    /// first failure so events of one service keep their order.
    pub async fn publish_batch(&self, limit: i64) -> anyhow::Result<usize> {
        let mut tx = self.db.begin_write().await?;
        let lock = match self.db.backend {
            Backend::Postgres => " FOR UPDATE SKIP LOCKED",
            Backend::Sqlite => "",
        };
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT id, body FROM outbox WHERE published_at IS NULL ORDER BY created_at, id LIMIT $1{lock}"
        )))
        .bind(limit)
        .fetch_all(&mut *tx)
        .await?;
        let mut sent = 0;
        for row in rows {
            let id: String = row.try_get("id")?;
            let body: String = row.try_get("body")?;
            let event: Event = serde_json::from_str(&body)?;
            match self.bus.publish(&event).await {
                Ok(()) => {
                    sqlx::query("UPDATE outbox SET published_at = $1, attempts = attempts + 1, last_error = NULL WHERE id = $2")
                        .bind(crate::now_ms())
                        .bind(&id)
                        .execute(&mut *tx)
                        .await?;
                    sent += 1;
                }
                Err(e) => {
                    sqlx::query("UPDATE outbox SET attempts = attempts + 1, last_error = $1 WHERE id = $2")
                        .bind(format!("{e:#}"))
                        .bind(&id)
                        .execute(&mut *tx)
                        .await?;
                    tx.commit().await?;
                    return Err(e.context(format!("event {id} not published")));
                }
            }
        }
        tx.commit().await?;
        Ok(sent)
    }

    /// How many events wait to be published.
    pub async fn pending(&self) -> anyhow::Result<i64> {
        let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE published_at IS NULL")
            .fetch_one(&self.db.pool)
            .await?;
        Ok(n)
    }
}
