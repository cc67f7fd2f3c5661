//! The content service's trash (common::trash): leadership entries, FAQs, FAQ categories and
//! contact messages. A delete moves the record's row to its table's twin and names it in the
//! trash with the payload of its events; a restore moves it back (refused while another FAQ
//! category took its name, or while a FAQ's category is not there); a purge drops it for good.
//! Nothing else of the service points at these records but a FAQ at its category, and a
//! category with FAQs is not deleted; contact messages move the kept read and unread counts.

use crate::contacts_store;
use crate::error::{Error, Result};
use crate::events;
use crate::service::Content;
use common::Actor;
use common::trash::{self, Entry};
use common::write::Write;
use serde_json::Value;

/// One kind of record the trash keeps: its console module, its table, its events and what its
/// restore says when a rule refuses it.
pub(crate) struct Kind {
    pub module: &'static str,
    table: &'static str,
    trashed: &'static str,
    restored: &'static str,
    deleted: &'static str,
    /// The restore's refusal when a unique rule or a reference fails.
    refused: &'static str,
}

pub(crate) const LEADERSHIP: Kind = Kind {
    module: "/content_management/leadership",
    table: "leadership",
    trashed: events::LEADERSHIP_TRASHED,
    restored: events::LEADERSHIP_RESTORED,
    deleted: events::LEADERSHIP_DELETED,
    refused: "This leadership entry cannot be restored",
};
pub(crate) const FAQ: Kind = Kind {
    module: "/category/FAQ",
    table: "faqs",
    trashed: events::FAQ_TRASHED,
    restored: events::FAQ_RESTORED,
    deleted: events::FAQ_DELETED,
    refused: "This FAQ's category is not there: restore its category first",
};
pub(crate) const FAQ_CATEGORY: Kind = Kind {
    module: "/category",
    table: "faq_categories",
    trashed: events::FAQ_CATEGORY_TRASHED,
    restored: events::FAQ_CATEGORY_RESTORED,
    deleted: events::FAQ_CATEGORY_DELETED,
    refused: "Another FAQ category has this name now: rename it, then restore this one",
};
pub(crate) const CONTACT: Kind = Kind {
    module: "/category/contact_form",
    table: "contact_messages",
    trashed: events::CONTACT_TRASHED,
    restored: events::CONTACT_RESTORED,
    deleted: events::CONTACT_DELETED,
    refused: "This contact message cannot be restored",
};

const KINDS: [&Kind; 4] = [&LEADERSHIP, &FAQ, &FAQ_CATEGORY, &CONTACT];

fn kind(module: &str) -> Result<&'static Kind> {
    KINDS.into_iter().find(|k| k.module == module).ok_or_else(|| Error::NotFound(trash::NOT_IN_TRASH.into()))
}

impl Content {
    /// Moves record `id` of `kind`, called `name`, to the trash in write `w`, with its trashed
    /// event (`payload`, kept for its restored and deleted events).
    pub(crate) async fn trash(
        w: &mut Write<'_>,
        kind: &Kind,
        id: &str,
        name: &str,
        payload: &impl serde::Serialize,
    ) -> Result<()> {
        if kind.module == CONTACT.module
            && let Some(m) = contacts_store::get_contact(w, id).await?
        {
            contacts_store::count_contacts(w, m.is_read, -1).await?;
        }
        trash::move_rows(w, kind.table, "id", id).await?;
        let payload = serde_json::to_value(payload).map_err(anyhow::Error::from)?;
        trash::put(w, kind.module, id, name, &payload).await?;
        w.emit(kind.trashed, &payload).await
    }

    pub async fn list_trash(&self, q: &trash::Query) -> Result<(Vec<Entry>, i64)> {
        trash::list(&mut *self.conn().await?, q).await
    }

    /// Puts a record of the trash back where it was, with its restored event.
    pub async fn restore_trashed(&self, module: &str, id: &str, actor: &Actor) -> Result<Entry> {
        let kind = kind(module)?;
        let mut w = self.write(actor).await?;
        let e = trash::take(&mut w, module, id).await?;
        trash::restore_rows(&mut w, kind.table, "id", id).await.map_err(|err| refused(err, kind.refused))?;
        if kind.module == CONTACT.module
            && let Some(m) = contacts_store::get_contact(&mut w, id).await?
        {
            contacts_store::count_contacts(&mut w, m.is_read, 1).await?;
        }
        w.emit(kind.restored, &e.detail::<Value>()).await?;
        w.commit().await?;
        Ok(e)
    }

    /// Deletes a record of the trash for good, with the deleted event it had before the trash.
    pub async fn purge_trashed(&self, module: &str, id: &str, actor: &Actor) -> Result<Entry> {
        let kind = kind(module)?;
        let mut w = self.write(actor).await?;
        let e = trash::take(&mut w, module, id).await?;
        trash::drop_rows(&mut w, kind.table, "id", id).await?;
        w.emit(kind.deleted, &e.detail::<Value>()).await?;
        w.commit().await?;
        Ok(e)
    }
}

/// A restore a rule refuses (a unique name taken, a reference gone) as a conflict saying so.
fn refused(err: sqlx::Error, message: &str) -> Error {
    let rule = err.as_database_error().is_some_and(|d| d.is_unique_violation() || d.is_foreign_key_violation());
    if rule { Error::Conflict(message.into()) } else { err.into() }
}
