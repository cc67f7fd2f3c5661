//! The one way a service writes: [`begin`] a transaction for an actor, make the change
//! through the [`Write`] (it is the transaction's connection: store functions take it as
//! `&mut AnyConnection`), [`Write::emit`] each typed event (written to the outbox in the
//! same transaction, naming the actor), then [`Write::commit`]: the change and its events
//! are stored together, and the relay is woken to publish them. Dropping a `Write` without
//! committing rolls everything back (an error returned with `?` does that).
//!
//! ```ignore
//! let mut w = common::write::begin(&self.db, self.relay.as_ref(), actor).await?;
//! store::insert(&mut w, &term).await.map_err(|e| unique_as(e, "Cause already exists"))?;
//! w.emit(events::CAUSE_CREATED, &events::Term::of(&term)).await?;
//! w.commit().await?;
//! ```

use crate::actor::Actor;
use crate::bus::Event;
use crate::db::Db;
use crate::error::Result;
use crate::outbox::{self, Relay};
use serde::Serialize;
use sqlx::AnyConnection;

/// A write in progress: a transaction (taking SQLite's write lock up front, see
/// [`Db::begin_write`]), its actor and whether it emitted events.
pub struct Write<'r> {
    tx: crate::pool::PoolTx,
    actor: Actor,
    relay: Option<&'r Relay>,
    emitted: usize,
}

/// Begins a write for `actor`; `relay` (when the service runs one) is woken after commit.
pub async fn begin<'r>(db: &Db, relay: Option<&'r Relay>, actor: &Actor) -> Result<Write<'r>> {
    Ok(Write { tx: db.begin_write().await?, actor: actor.clone(), relay, emitted: 0 })
}

impl Write<'_> {
    pub fn actor(&self) -> &Actor {
        &self.actor
    }

    /// Holds the row `id` of `table` until this write ends, so a read-then-change is not
    /// overtaken by another write of the same row (two decisions on one partner at once).
    /// PostgreSQL: `SELECT … FOR UPDATE`; SQLite needs nothing (the write lock is taken up
    /// front). `table` is a fixed name, never input.
    pub async fn lock_row(&mut self, table: &'static str, id: &str) -> Result<()> {
        if crate::db::Backend::of_connection(&self.tx) == crate::db::Backend::Postgres {
            let q = format!("SELECT id FROM {table} WHERE id = $1 FOR UPDATE");
            sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(&mut *self.tx).await?;
        }
        Ok(())
    }

    /// Writes the event `key` with its typed `payload` to the outbox, in this transaction.
    pub async fn emit<P: Serialize>(&mut self, key: &str, payload: &P) -> Result<()> {
        let event = Event::typed(key, &self.actor, payload)?;
        outbox::enqueue(&mut self.tx, &event).await?;
        self.emitted += 1;
        Ok(())
    }

    /// Writes the event `key` as part of the statement `q` that the caller runs next in this
    /// write (pushes the outbox row's `INSERT`, the body of a data-modifying CTE on
    /// PostgreSQL): a change and its event in one round trip. The event counts as emitted; if
    /// the statement fails, the caller drops the write.
    pub fn emit_in<P: Serialize>(&mut self, q: &mut crate::db::Sql, key: &str, payload: &P) -> Result<()> {
        let event = Event::typed(key, &self.actor, payload)?;
        outbox::push_enqueue(q, &event)?;
        self.emitted += 1;
        Ok(())
    }

    /// Records, in this transaction, that `consumer` handled `event_id`: answers false when
    /// it already had (a redelivery, which then changes nothing).
    pub async fn mark_handled(&mut self, consumer: &str, event_id: &str) -> Result<bool> {
        Ok(outbox::mark_handled(&mut self.tx, consumer, event_id).await?)
    }

    /// Stores the change and its events together, then wakes the relay.
    pub async fn commit(self) -> Result<()> {
        self.tx.commit().await?;
        if self.emitted > 0
            && let Some(r) = self.relay
        {
            r.poke();
        }
        Ok(())
    }

    /// Drops the change (what dropping the `Write` does too, without waiting).
    pub async fn rollback(self) -> Result<()> {
        Ok(self.tx.rollback().await?)
    }
}

impl std::ops::Deref for Write<'_> {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        &self.tx
    }
}

impl std::ops::DerefMut for Write<'_> {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.tx
    }
}
