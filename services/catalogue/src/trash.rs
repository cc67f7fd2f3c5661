//! The catalogue's trash (common::trash): nonprofits (with their payment methods), causes and
//! nonprofit categories. A delete moves the record's rows to their tables' twins, so every
//! list, count, search and kept position drops it (the tables' triggers see a delete); its
//! admins are signed out by identity on `catalogue.charity.trashed`. A restore moves it back:
//! refused while another record took its Tax ID or name, or, for a nonprofit, while its
//! category or one of its causes is not there (restore those first). A purge deletes it for
//! good with the `deleted` event it had before the trash, on which the other services let go
//! of it (giving's transactions, engagement's links).

use crate::charity_store as charities;
use crate::error::{Error, Result};
use crate::events;
use crate::service::Catalogue;
use crate::store::{self, Kind, Verb};
use common::Actor;
use common::trash::{self, Entry};

pub const CHARITY: &str = "/master/charity_management";
pub const CAUSE: &str = "/master/cause_management";
pub const CATEGORY: &str = "/master/charity_category_management";

/// The kind of term of a module.
fn term_kind(module: &str) -> Option<Kind> {
    match module {
        CAUSE => Some(Kind::Cause),
        CATEGORY => Some(Kind::Category),
        _ => None,
    }
}

fn module_of(kind: Kind) -> &'static str {
    match kind {
        Kind::Cause => CAUSE,
        Kind::Category => CATEGORY,
    }
}

/// A restore a unique rule refuses, as a conflict saying so.
fn taken(err: sqlx::Error, message: &str) -> Error {
    if common::db::is_unique_violation(&err) { Error::Conflict(message.into()) } else { err.into() }
}

impl Catalogue {
    /// Moves a nonprofit and its payment methods to the trash, with its trashed event.
    pub async fn delete_charity(&self, id: &str, actor: &Actor) -> Result<()> {
        if id.trim().is_empty() {
            return Err(Error::field("id", "id is required"));
        }
        let mut tx = self.write(actor).await?;
        tx.lock_row("charities", id).await?;
        let r = charities::get(&mut tx, id).await?.ok_or_else(crate::charity::not_found)?;
        trash::move_rows(&mut tx, "charity_payment_methods", "charity_id", id).await?;
        trash::move_rows(&mut tx, "charities", "id", id).await?;
        trash::put(&mut tx, CHARITY, id, &r.profile.charity_name, &()).await?;
        Self::emit_charity(&mut tx, events::CHARITY_TRASHED, &r, None).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Moves a cause or a category that no nonprofit uses to the trash (the BFF asks the other
    /// services first: transactions, communities, the homepage; this is the catalogue's own
    /// check, in the write that deletes).
    pub async fn delete(&self, kind: Kind, id: &str, actor: &Actor) -> Result<()> {
        if id.trim().is_empty() {
            return Err(Error::field("id", "id is required"));
        }
        let mut tx = self.write(actor).await?;
        tx.lock_row(kind.table(), id).await?;
        let t = store::get(&mut tx, kind, id).await?.ok_or_else(|| Self::not_found(kind))?;
        let used = charities::charities_using(&mut tx, kind == Kind::Category, id).await?;
        if used > 0 {
            let what = if kind == Kind::Category { "category" } else { "cause" };
            return Err(Error::Conflict(common::error::in_use(what, &[crate::service::nonprofits(used)])));
        }
        trash::move_rows(&mut tx, kind.table(), "id", id).await?;
        trash::put(&mut tx, module_of(kind), id, &t.name, &()).await?;
        Self::emit(&mut tx, kind, Verb::Trashed, &t, None).await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn list_trash(&self, q: &trash::Query) -> Result<(Vec<Entry>, i64)> {
        trash::list(&mut *self.db.pool.acquire().await?, q).await
    }

    /// Puts a record of the trash back, with its restored event.
    pub async fn restore_trashed(&self, module: &str, id: &str, actor: &Actor) -> Result<Entry> {
        let mut tx = self.write(actor).await?;
        let e = trash::take(&mut tx, module, id).await?;
        if let Some(kind) = term_kind(module) {
            let what = kind.label().to_lowercase();
            trash::restore_rows(&mut tx, kind.table(), "id", id).await.map_err(|err| {
                taken(err, &format!("Another {what} has this name now: rename it, then restore this one"))
            })?;
            let t = store::get(&mut tx, kind, id).await?.ok_or_else(|| Self::not_found(kind))?;
            Self::emit(&mut tx, kind, Verb::Restored, &t, None).await?;
        } else if module == CHARITY {
            trash::restore_rows(&mut tx, "charities", "id", id).await.map_err(|err| {
                taken(err, "Another nonprofit has this Tax ID now: this one cannot be restored while it does")
            })?;
            trash::restore_rows(&mut tx, "charity_payment_methods", "charity_id", id).await?;
            let r = charities::get(&mut tx, id).await?.ok_or_else(crate::charity::not_found)?;
            let p = &r.profile;
            if !p.category_id.is_empty()
                && charities::term_names(&mut tx, "charity_categories", std::slice::from_ref(&p.category_id), false)
                    .await?
                    .is_empty()
            {
                return Err(Error::Conflict(
                    "This nonprofit's category is not there: restore its category first".into(),
                ));
            }
            if charities::term_names(&mut tx, "causes", &p.cause_ids, false).await?.len() != p.cause_ids.len() {
                return Err(Error::Conflict("A cause of this nonprofit is not there: restore its causes first".into()));
            }
            Self::emit_charity(&mut tx, events::CHARITY_RESTORED, &r, None).await?;
        } else {
            return Err(Error::NotFound(trash::NOT_IN_TRASH.into()));
        }
        tx.commit().await?;
        Ok(e)
    }

    /// Deletes a record of the trash for good, with the deleted event it had before the trash.
    pub async fn purge_trashed(&self, module: &str, id: &str, actor: &Actor) -> Result<Entry> {
        let mut tx = self.write(actor).await?;
        let e = trash::take(&mut tx, module, id).await?;
        if let Some(kind) = term_kind(module) {
            let t = store::get_from(&mut tx, kind, true, id).await?.ok_or_else(|| Self::not_found(kind))?;
            trash::drop_rows(&mut tx, kind.table(), "id", id).await?;
            Self::emit(&mut tx, kind, Verb::Deleted, &t, None).await?;
        } else if module == CHARITY {
            let r = charities::get_trashed(&mut tx, id).await?.ok_or_else(crate::charity::not_found)?;
            trash::drop_rows(&mut tx, "charity_payment_methods", "charity_id", id).await?;
            trash::drop_rows(&mut tx, "charities", "id", id).await?;
            Self::emit_charity(&mut tx, events::CHARITY_DELETED, &r, None).await?;
        } else {
            return Err(Error::NotFound(trash::NOT_IN_TRASH.into()));
        }
        tx.commit().await?;
        Ok(e)
    }
}
