//! Leadership entries: the console's create, update, delete and lists, and the public
//! site's active entries; each change with its event in the same transaction. What an entry
//! is made of ([`LeadershipInput`]) is declared once, with the row that holds it, in
//! leadership_store.rs.

use crate::error::{Error, Result};
use crate::events;
pub use crate::leadership_store::LeadershipInput;
use crate::leadership_store::{self, Leadership};
use crate::service::{Content, by_order, order, paging, parse_name, required};
use crate::store;
use crate::trash;
use common::Actor;
use common::error::Check;
use common::paging::Page;
use common::rich_text::{sanitize_html, text_of};

impl Content {
    fn leadership_fields(i: &LeadershipInput) -> Result<LeadershipInput> {
        let mut check = Check::default();
        let name = parse_name(&i.name, &mut check);
        let title = required(&i.title, "title", "Please enter Title", 100, "Title", &mut check);
        let photo = required(&i.photo, "photo", "Please upload Photo", 300, "Photo", &mut check);
        if i.biography.chars().count() > 20_000 {
            check.fail("biography", "Biography must be at most 20,000 characters");
        }
        let biography = sanitize_html(&i.biography);
        let biography = if text_of(&biography).is_empty() { String::new() } else { biography };
        let order = order(i.order, &mut check);
        check.done()?;
        Ok(LeadershipInput { name, title, photo, biography, order, is_active: i.is_active })
    }

    pub async fn create_leadership(&self, i: &LeadershipInput, actor: &Actor) -> Result<Leadership> {
        let i = Self::leadership_fields(i)?;
        let now = common::now_ms();
        let l = Leadership { id: common::new_id(), fields: i, created_at: now, updated_at: now };
        let mut w = self.write(actor).await?;
        leadership_store::insert_leadership(&mut w, &l).await?;
        w.emit(
            events::LEADERSHIP_CREATED,
            &events::Entry {
                id: l.id.clone(),
                name: l.fields.name.clone(),
                photo: l.fields.photo.clone(),
                changes: Default::default(),
            },
        )
        .await?;
        w.commit().await?;
        Ok(l)
    }

    pub async fn update_leadership(&self, id: &str, i: &LeadershipInput, actor: &Actor) -> Result<Leadership> {
        let i = Self::leadership_fields(i)?;
        let mut w = self.write(actor).await?;
        w.lock_row("leadership", id).await?;
        let old = leadership_store::get_leadership(&mut w, id)
            .await?
            .ok_or_else(|| Error::NotFound("Leadership not found".into()))?;
        let l = Leadership { fields: i, updated_at: common::now_ms(), ..old.clone() };
        leadership_store::update_leadership(&mut w, &l).await?;
        let changes = common::bus::changes(&old, &l, &["updatedAt"]);
        w.emit(
            events::LEADERSHIP_UPDATED,
            &events::Entry { id: l.id.clone(), name: l.fields.name.clone(), photo: l.fields.photo.clone(), changes },
        )
        .await?;
        w.commit().await?;
        Ok(l)
    }

    /// Moves the entry to the trash (common::trash): off the lists and the public site until
    /// it is restored.
    pub async fn delete_leadership(&self, id: &str, actor: &Actor) -> Result<()> {
        let mut w = self.write(actor).await?;
        w.lock_row("leadership", id).await?;
        let l = leadership_store::get_leadership(&mut w, id)
            .await?
            .ok_or_else(|| Error::NotFound("Leadership not found".into()))?;
        let payload = events::Entry {
            id: l.id.clone(),
            name: l.fields.name.clone(),
            photo: l.fields.photo,
            changes: Default::default(),
        };
        Self::trash(&mut w, &trash::LEADERSHIP, id, &l.fields.name, &payload).await?;
        w.commit().await?;
        Ok(())
    }

    pub async fn leadership(&self, id: &str) -> Result<Leadership> {
        leadership_store::get_leadership(&mut *self.conn().await?, id)
            .await?
            .ok_or_else(|| Error::NotFound("Leadership not found".into()))
    }

    pub async fn list_leadership(&self, q: &Page, active: Option<bool>) -> Result<(Vec<Leadership>, i64)> {
        let p = paging(&by_order(q), leadership_store::leadership_column)?;
        Ok(leadership_store::list_leadership(&mut *self.conn().await?, &store::key(&q.search), active, p).await?)
    }

    pub async fn active_leadership(&self) -> Result<Vec<Leadership>> {
        Ok(leadership_store::active_leadership(&mut *self.conn().await?).await?)
    }
}
