//! The engagement service's trash (common::trash): communities, events and reported posts.
//! They were deleted softly before the trash existed (`is_deleted`: SPEC section 4's Deleted
//! tabs list them and the same call restores them), so their rows stay where they are and the
//! flag keeps them out of every list, count and feed; the trash entry names them for the Trash
//! screen and the retention. A restore by either path (the SPEC's toggle, or the Trash's
//! restore) takes the entry; a purge deletes the record for good with everything it held, and
//! emits the `.deleted` event the console's delete emitted before the trash.

use crate::calendar_store;
use crate::communities_store;
use crate::error::{Error, Result};
use crate::events;
use crate::posts_store::{self, Post};
use crate::service::Engagement;
use common::Actor;
use common::trash::{self, Entry};
use common::write::Write;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One kind of record the trash keeps: its console module (proto/modules.json).
pub struct Kind {
    pub module: &'static str,
}

pub const COMMUNITY: Kind = Kind { module: "/community" };
pub const EVENT: Kind = Kind { module: "/event" };
pub const POST: Kind = Kind { module: "/reporte_post" };

/// What a reported post's delete keeps for its restore and purge: its event payload and the
/// reports the delete closed (they open again on restore).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct PostDetail {
    pub post: events::Post,
    pub reopen: Vec<String>,
}

/// The most characters of a post's text its trash entry shows.
const POST_NAME_CHARS: usize = 80;

/// A post's name in the trash: its text cut to 80 characters, or where it was when it has none.
pub fn post_name(p: &Post) -> String {
    let text = p.text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.is_empty() {
        return format!("Post in {}", p.community_name);
    }
    match text.char_indices().nth(POST_NAME_CHARS) {
        Some((end, _)) => format!("{}…", text[..end].trim_end()),
        None => text,
    }
}

/// Takes record `id`'s entry out of the trash when it has one (a record deleted before the
/// trash existed has none; the migration gave the ones it found theirs).
pub(crate) async fn take_if_there(w: &mut Write<'_>, module: &str, id: &str) -> Result<()> {
    match trash::take(w, module, id).await {
        Ok(_) | Err(Error::NotFound(_)) => Ok(()),
        Err(e) => Err(e),
    }
}

fn not_in_trash() -> Error {
    Error::NotFound(trash::NOT_IN_TRASH.into())
}

/// A post's restore while its community is deleted.
pub const RESTORE_COMMUNITY_FIRST: &str = "This post's community is deleted: restore its community first";

/// The records deleted before the trash existed that have no entry yet: (module, id, name,
/// deleted at, detail). Posts are named as `post_name` names them.
const UNADOPTED: [(&str, &str); 3] = [
    (
        "/community",
        "SELECT c.id, c.name, COALESCE(c.deleted_at, c.updated_at) AS deleted_at, '' AS community_id, '' AS author_id \
         FROM communities c WHERE c.is_deleted = $1 AND NOT EXISTS \
         (SELECT 1 FROM trash t WHERE t.module = '/community' AND t.record_id = c.id)",
    ),
    (
        "/event",
        "SELECT e.id, e.title AS name, COALESCE(e.deleted_at, e.updated_at) AS deleted_at, '' AS community_id, '' AS author_id \
         FROM events e WHERE e.is_deleted = $1 AND NOT EXISTS \
         (SELECT 1 FROM trash t WHERE t.module = '/event' AND t.record_id = e.id)",
    ),
    (
        "/reporte_post",
        "SELECT p.id, p.text AS name, COALESCE(p.deleted_at, p.updated_at) AS deleted_at, p.community_id, p.author_id \
         FROM posts p WHERE p.is_deleted = $1 AND NOT EXISTS \
         (SELECT 1 FROM trash t WHERE t.module = '/reporte_post' AND t.record_id = p.id)",
    ),
];

impl Engagement {
    /// Gives every record deleted before the trash existed its entry, deleted by the system
    /// when the record says: the Trash screen lists them and the retention purges them as the
    /// rest. A post's reports stay closed on its restore (which ones its delete closed is not
    /// known). Runs at start; two replicas starting at once add each entry once. Answers how
    /// many it added.
    pub async fn adopt_deleted(&self) -> Result<u64> {
        use sqlx::Row;
        let mut w = self.begin(&Actor::system()).await?;
        let mut added = 0;
        for (module, select) in UNADOPTED {
            let rows = sqlx::query(select).bind(true).fetch_all(&mut *w).await?;
            for r in rows {
                let id: String = r.try_get("id")?;
                let community_id: String = r.try_get("community_id")?;
                let (name, detail) = if module == POST.module {
                    let community = communities_store::get_community(&mut w, &community_id).await?;
                    let p = Post {
                        text: r.try_get("name")?,
                        community_name: community.map(|c| c.name).unwrap_or_default(),
                        ..Default::default()
                    };
                    let post = events::Post { id: id.clone(), community_id, author_id: r.try_get("author_id")? };
                    (post_name(&p), serde_json::to_value(PostDetail { post, reopen: vec![] }))
                } else {
                    let name: String = r.try_get("name")?;
                    (name.clone(), Ok(serde_json::json!({ "id": id, "name": name, "isDeleted": true })))
                };
                let detail = detail.map_err(anyhow::Error::from)?.to_string();
                added += sqlx::query(
                    "INSERT INTO trash (module, record_id, name, name_key, deleted_at, deleted_by_id, deleted_by_type, \
                     deleted_by_address, detail) VALUES ($1, $2, $3, $4, $5, '', $6, '', $7) ON CONFLICT DO NOTHING",
                )
                .bind(module)
                .bind(&id)
                .bind(&name)
                .bind(name.trim().to_lowercase())
                .bind(r.try_get::<i64, _>("deleted_at")?)
                .bind(Actor::SYSTEM)
                .bind(&detail)
                .execute(&mut *w)
                .await?
                .rows_affected();
            }
        }
        w.commit().await?;
        Ok(added)
    }

    pub async fn list_trash(&self, q: &trash::Query) -> Result<(Vec<Entry>, i64)> {
        trash::list(&mut *self.read().await?, q).await
    }

    /// Puts a record of the trash back where it was, with its restored event: 409 when another
    /// community took a community's name, or when a post's community is deleted.
    pub async fn restore_trashed(&self, module: &str, id: &str, actor: &Actor) -> Result<Entry> {
        let mut w = self.begin(actor).await?;
        let e = trash::take(&mut w, module, id).await?;
        if module == COMMUNITY.module {
            let c = communities_store::get_community(&mut w, id).await?.ok_or_else(not_in_trash)?;
            crate::communities::restore_community(&mut w, &c).await?;
        } else if module == EVENT.module {
            let ev = calendar_store::get_event(&mut w, id).await?.ok_or_else(not_in_trash)?;
            crate::calendar::set_deleted(&mut w, &ev, false).await?;
        } else if module == POST.module {
            let p = posts_store::get_post(&mut w, id).await?.ok_or_else(not_in_trash)?;
            let community = communities_store::get_community(&mut w, &p.community_id).await?;
            if community.is_none_or(|c| c.is_deleted) {
                return Err(Error::Conflict(RESTORE_COMMUNITY_FIRST.into()));
            }
            let detail: PostDetail = e.detail();
            if posts_store::undelete_post(&mut w, id, &detail.reopen).await? {
                w.emit(events::POST_RESTORED, &detail.post).await?;
            }
        } else {
            return Err(not_in_trash());
        }
        w.commit().await?;
        Ok(e)
    }

    /// Deletes a record of the trash for good, with what it held, and the deleted event it had
    /// before the trash.
    pub async fn purge_trashed(&self, module: &str, id: &str, actor: &Actor) -> Result<Entry> {
        let mut w = self.begin(actor).await?;
        let e = trash::take(&mut w, module, id).await?;
        if module == COMMUNITY.module {
            // Its deleted posts wait in the trash too: they go with it.
            sqlx::query(
                "DELETE FROM trash WHERE module = $1 AND record_id IN (SELECT id FROM posts WHERE community_id = $2)",
            )
            .bind(POST.module)
            .bind(id)
            .execute(&mut *w)
            .await?;
            if communities_store::purge_community(&mut w, id).await? {
                w.emit(events::COMMUNITY_DELETED, &e.detail::<Value>()).await?;
            }
        } else if module == EVENT.module {
            if calendar_store::purge_event(&mut w, id).await? {
                w.emit(events::EVENT_DELETED, &e.detail::<Value>()).await?;
            }
        } else if module == POST.module {
            if posts_store::purge_post(&mut w, id).await? {
                w.emit(events::POST_DELETED, &e.detail::<PostDetail>().post).await?;
            }
        } else {
            return Err(not_in_trash());
        }
        w.commit().await?;
        Ok(e)
    }
}
