//! The catalogue domain: causes and nonprofit categories, each change with its event
//! in the same transaction.

use crate::error::{Error, Result};
use crate::events;
use crate::store::{self, Kind, Term, Verb};
use common::Actor;
use common::db::{Db, unique_as};
use common::error::Check;
use common::outbox::Relay;
use common::paging::Page;
use common::write::{self, Write};

#[derive(Clone)]
pub struct Catalogue {
    pub db: Db,
    pub relay: Option<Relay>,
    pub lists: std::sync::Arc<crate::list_cache::ListCache>,
}

pub use common::rules::parse_name;

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

    pub(crate) fn not_found(kind: Kind) -> Error {
        Error::NotFound(format!("{} not found", kind.label()))
    }

    fn conflict(kind: Kind) -> impl Fn(sqlx::Error) -> Error {
        move |e| unique_as(e, &format!("{} already exists", kind.label()))
    }

    /// Begins a write for `actor` (see common::write).
    pub(crate) async fn write(&self, actor: &Actor) -> Result<Write<'_>> {
        write::begin(&self.db, self.relay.as_ref(), actor).await
    }

    /// A term's event; an update names what changed since `before`.
    pub(crate) async fn emit(w: &mut Write<'_>, kind: Kind, verb: Verb, t: &Term, before: Option<&Term>) -> Result<()> {
        let changes = before.map(|b| common::bus::changes(b, t, &["createdAt"])).unwrap_or_default();
        w.emit(
            kind.event(verb),
            &events::Term { id: t.id.clone(), name: t.name.clone(), is_active: t.is_active, changes },
        )
        .await
    }

    pub async fn create(&self, kind: Kind, name: &str, description: &str, actor: &Actor) -> Result<Term> {
        let mut check = Check::default();
        let name = parse_name(name, &mut check);
        let description = parse_description(description, &mut check);
        check.done()?;
        let t = Term { id: common::new_id(), name, description, is_active: true, created_at: common::now_ms() };
        let mut tx = self.write(actor).await?;
        store::insert(&mut tx, kind, &t).await.map_err(Self::conflict(kind))?;
        Self::emit(&mut tx, kind, Verb::Created, &t, None).await?;
        tx.commit().await?;
        Ok(t)
    }

    /// Renames (and re-describes when `description` is given).
    pub async fn update(
        &self,
        kind: Kind,
        id: &str,
        name: &str,
        description: Option<&str>,
        actor: &Actor,
    ) -> Result<Term> {
        let mut check = Check::default();
        let name = parse_name(name, &mut check);
        let description = description.map(|d| parse_description(d, &mut check));
        check.done()?;
        let mut tx = self.write(actor).await?;
        let old = store::get(&mut tx, kind, id).await?.ok_or_else(|| Self::not_found(kind))?;
        let description = description.unwrap_or_else(|| old.description.clone());
        store::update(&mut tx, kind, id, &name, &description).await.map_err(Self::conflict(kind))?;
        let t = store::get(&mut tx, kind, id).await?.ok_or_else(|| Self::not_found(kind))?;
        Self::emit(&mut tx, kind, Verb::Updated, &t, Some(&old)).await?;
        tx.commit().await?;
        Ok(t)
    }

    pub async fn set_active(&self, kind: Kind, id: &str, active: bool, actor: &Actor) -> Result<Term> {
        let mut tx = self.write(actor).await?;
        let old = store::get(&mut tx, kind, id).await?;
        if !store::set_active(&mut tx, kind, id, active).await? {
            return Err(Self::not_found(kind));
        }
        let t = store::get(&mut tx, kind, id).await?.ok_or_else(|| Self::not_found(kind))?;
        Self::emit(&mut tx, kind, Verb::StatusChanged, &t, old.as_ref()).await?;
        tx.commit().await?;
        Ok(t)
    }

    /// The nonprofits that use a category or a cause (`kind` "category" or "cause"; any other
    /// kind is used by nothing here).
    pub async fn usage(&self, kind: &str, id: &str) -> Result<Vec<(String, i64)>> {
        let category = match kind {
            "category" => true,
            "cause" => false,
            _ => return Ok(vec![]),
        };
        let n = crate::charity_store::charities_using(&mut *self.db.pool.acquire().await?, category, id.trim()).await?;
        Ok(if n > 0 { vec![(nonprofits(n), n)] } else { vec![] })
    }

    pub async fn get(&self, kind: Kind, id: &str) -> Result<Term> {
        store::get(&mut *self.db.pool.acquire().await?, kind, id).await?.ok_or_else(|| Self::not_found(kind))
    }

    pub async fn list(&self, kind: Kind, q: &Page) -> Result<(Vec<Term>, i64)> {
        let mut check = Check::default();
        let paging = q.check(store::sort_column, &mut check);
        check.done()?;
        let search = store::name_key(&q.search);
        Ok(store::list(&mut *self.db.pool.acquire().await?, kind, &search, paging.expect("checked")).await?)
    }

    /// Every term that matches the list query's search and order (its paging is ignored), sent
    /// one by one to `out`.
    pub async fn export(&self, kind: Kind, q: &Page, out: tokio::sync::mpsc::Sender<Term>) -> Result<()> {
        let mut check = Check::default();
        let everything = Page::everything(q.search.clone(), q.column.clone(), q.order.clone());
        let paging = everything.check(store::sort_column, &mut check);
        check.done()?;
        let paging = paging.expect("checked");
        let search = store::name_key(&q.search);
        let mut c = self.db.pool.acquire().await?;
        Ok(store::each(&mut c, kind, &search, paging.column, paging.descending, &out).await?)
    }

    pub async fn active(&self, kind: Kind) -> Result<Vec<Term>> {
        Ok(store::active(&mut *self.db.pool.acquire().await?, kind).await?)
    }
}

pub(crate) fn nonprofits(n: i64) -> String {
    format!("{n} nonprofit{}", if n == 1 { "" } else { "s" })
}
