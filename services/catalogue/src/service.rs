//! The catalogue domain: causes and nonprofit categories, each change with its event
//! in the same transaction.

use crate::error::{Error, Result};
use crate::store::{self, Kind, Term};
use common::bus::Event;
use common::db::{Db, is_unique_violation};
use common::error::Check;
use common::outbox::{self, Relay};

#[derive(Clone)]
pub struct Catalogue {
    pub db: Db,
    pub relay: Option<Relay>,
    pub lists: std::sync::Arc<crate::list_cache::ListCache>,
}

pub struct ListQuery {
    pub page: i64,
    pub limit: i64,
    pub search: String,
    pub column: String,
    pub order: String,
}

/// A term name: 'Please enter Name' when empty, 'Please enter valid Name' when only
/// white space (SPEC section 5), at most 100 characters.
pub fn parse_name(raw: &str, check: &mut Check) -> String {
    let v = raw.trim();
    if raw.is_empty() {
        check.fail("name", "Please enter Name");
    } else if v.is_empty() {
        check.fail("name", "Please enter valid Name");
    } else if v.chars().count() > 100 {
        check.fail("name", "Name must be at most 100 characters");
    }
    v.to_string()
}

fn parse_description(raw: &str, check: &mut Check) -> String {
    let v = raw.trim();
    if v.chars().count() > 500 {
        check.fail("description", "Description must be at most 500 characters");
    }
    v.to_string()
}

impl Catalogue {
    pub fn new(db: Db, relay: Option<Relay>) -> Self {
        Self { db, relay, lists: Default::default() }
    }

    fn not_found(kind: Kind) -> Error {
        Error::NotFound(format!("{} not found", kind.label()))
    }

    fn conflict(kind: Kind) -> impl Fn(sqlx::Error) -> Error {
        move |e| {
            if is_unique_violation(&e) { Error::Conflict(format!("{} already exists", kind.label())) } else { e.into() }
        }
    }

    async fn emit(&self, tx: &mut sqlx::AnyConnection, kind: Kind, verb: &str, t: &Term) -> Result<()> {
        let ev = Event::new(
            &format!("catalogue.{}.{verb}", kind.entity()),
            serde_json::json!({ "id": t.id, "name": t.name, "isActive": t.is_active }),
        );
        outbox::enqueue(tx, &ev).await?;
        Ok(())
    }

    pub(crate) fn poke(&self) {
        if let Some(r) = &self.relay {
            r.poke();
        }
    }

    pub async fn create(&self, kind: Kind, name: &str, description: &str) -> Result<Term> {
        let mut check = Check::default();
        let name = parse_name(name, &mut check);
        let description = parse_description(description, &mut check);
        check.done()?;
        let t = Term { id: common::new_id(), name, description, is_active: true, created_at: common::now_ms() };
        let mut tx = self.db.begin_write().await?;
        store::insert(&mut tx, kind, &t).await.map_err(Self::conflict(kind))?;
        self.emit(&mut tx, kind, "created", &t).await?;
        tx.commit().await?;
        self.poke();
        Ok(t)
    }

    /// Renames (and re-describes when `description` is given).
    pub async fn update(&self, kind: Kind, id: &str, name: &str, description: Option<&str>) -> Result<Term> {
        let mut check = Check::default();
        let name = parse_name(name, &mut check);
        let description = description.map(|d| parse_description(d, &mut check));
        check.done()?;
        let mut tx = self.db.begin_write().await?;
        let old = store::get(&mut tx, kind, id).await?.ok_or_else(|| Self::not_found(kind))?;
        let description = description.unwrap_or(old.description);
        store::update(&mut tx, kind, id, &name, &description).await.map_err(Self::conflict(kind))?;
        let t = store::get(&mut tx, kind, id).await?.ok_or_else(|| Self::not_found(kind))?;
        self.emit(&mut tx, kind, "updated", &t).await?;
        tx.commit().await?;
        self.poke();
        Ok(t)
    }

    pub async fn set_active(&self, kind: Kind, id: &str, active: bool) -> Result<Term> {
        let mut tx = self.db.begin_write().await?;
        if !store::set_active(&mut tx, kind, id, active).await? {
            return Err(Self::not_found(kind));
        }
        let t = store::get(&mut tx, kind, id).await?.ok_or_else(|| Self::not_found(kind))?;
        self.emit(&mut tx, kind, "status_changed", &t).await?;
        tx.commit().await?;
        self.poke();
        Ok(t)
    }

    pub async fn delete(&self, kind: Kind, id: &str) -> Result<()> {
        if id.trim().is_empty() {
            return Err(Error::field("id", "id is required"));
        }
        let mut tx = self.db.begin_write().await?;
        let t = store::get(&mut tx, kind, id).await?.ok_or_else(|| Self::not_found(kind))?;
        store::delete(&mut tx, kind, id).await?;
        self.emit(&mut tx, kind, "deleted", &t).await?;
        tx.commit().await?;
        self.poke();
        Ok(())
    }

    pub async fn get(&self, kind: Kind, id: &str) -> Result<Term> {
        store::get(&mut *self.db.pool.acquire().await?, kind, id).await?.ok_or_else(|| Self::not_found(kind))
    }

    pub async fn list(&self, kind: Kind, q: &ListQuery) -> Result<(Vec<Term>, i64)> {
        let mut check = Check::default();
        let col = store::sort_column(&q.column);
        let (descending, offset) = common::error::paging(q.page, q.limit, &q.search, &q.column, &q.order, col.is_some(), &mut check);
        check.done()?;
        let search = store::name_key(&q.search);
        Ok(store::list(&mut *self.db.pool.acquire().await?, kind, &search, col.expect("checked"), descending, q.limit, offset).await?)
    }

    /// Every term that matches the list query's search and order (its paging is ignored), sent
    /// one by one to `out`.
    pub async fn export(&self, kind: Kind, q: &ListQuery, out: tokio::sync::mpsc::Sender<Term>) -> Result<()> {
        let mut check = Check::default();
        let col = store::sort_column(&q.column);
        let (descending, _) = common::error::paging(1, 1, &q.search, &q.column, &q.order, col.is_some(), &mut check);
        check.done()?;
        let search = store::name_key(&q.search);
        let mut c = self.db.pool.acquire().await?;
        Ok(store::each(&mut c, kind, &search, col.expect("checked"), descending, &out).await?)
    }

    pub async fn active(&self, kind: Kind) -> Result<Vec<Term>> {
        Ok(store::active(&mut *self.db.pool.acquire().await?, kind).await?)
    }
}
