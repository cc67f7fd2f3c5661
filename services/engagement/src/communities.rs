//! Communities: the console's create, update, list, delete/restore toggle and hide, their
//! members, and the app side's join and leave.

use crate::calendar_store;
use crate::communities_store::{self, Community, CommunityFilter, CommunityMember};
use crate::events;
use crate::service::{DonorRef, Engagement, capped, checked, keep_donor, names, optional, required, rich};
use crate::store::Person;
use common::Actor;
use common::db::unique_on;
use common::error::{Check, Error, Result};
use common::paging::Page;
use common::write::Write;

pub const NOT_FOUND: &str = "Community not found";
pub const NAME_TAKEN: &str = "Community already exists";
pub const MAX_GALLERY: usize = 10;
pub const MAX_LINKS: usize = 20;

/// What a community form sends (create and update): the stored community's shape, of which
/// the service reads the form's fields (`name` to `privacy`) and sets the rest. The nonprofit
/// and cause ids are checked against the catalogue by the BFF; the service checks how many.
pub type CommunityInput = Community;

/// A community list query: the page, the deleted filter and an optional hidden filter.
#[derive(Debug, Clone, Default)]
pub struct CommunityQuery {
    pub page: Page,
    pub is_deleted: bool,
    pub is_hidden: Option<bool>,
}

fn not_found() -> Error {
    Error::NotFound(NOT_FOUND.into())
}

/// Checks a community form (the contract's messages); answers its fields (the rest default).
fn parse(i: &CommunityInput, check: &mut Check) -> Community {
    let name = required(
        &i.name,
        "name",
        "Please enter Community Name",
        100,
        "Community Name must be at most 100 characters",
        check,
    );
    let description = rich(&i.description, "description", "Please enter Description", check);
    let cover_image = i.cover_image.trim().to_string();
    if cover_image.is_empty() {
        check.fail("coverImage", "Please upload Cover Image");
    }
    let gallery = names(&i.gallery, "gallery", MAX_GALLERY, "You can upload at most 10 images", check);
    let charity_ids = names(&i.charity_ids, "charityIds", MAX_LINKS, "Please select at most 20 nonprofits", check);
    let cause_ids = names(&i.cause_ids, "causeIds", MAX_LINKS, "Please select at most 20 causes", check);
    let privacy = i.privacy.trim().to_lowercase();
    if privacy != "public" && privacy != "private" {
        check.fail("privacy", "Please select Privacy");
    }
    Community {
        name,
        description,
        cover_image,
        gallery,
        charity_ids,
        cause_ids,
        location: i.location.checked(optional(&i.location.address, "address", "Address", 300, check), check),
        privacy,
        ..Default::default()
    }
}

fn event_of(c: &Community, changes: common::bus::Changes) -> events::Community {
    events::Community {
        id: c.id.clone(),
        name: c.name.clone(),
        is_hidden: c.is_hidden,
        is_deleted: c.is_deleted,
        cover_image: c.cover_image.clone(),
        gallery: c.gallery.clone(),
        changes,
    }
}

/// Deletes community `c` (once: a second delete, or two at once, change nothing more) into
/// the trash, in write `w`.
async fn trash_community(w: &mut Write<'_>, c: &Community) -> Result<Community> {
    let moved = communities_store::set_community_deleted(w, &c.id, true).await?;
    let after = communities_store::get_community(w, &c.id).await?.ok_or_else(not_found)?;
    if moved {
        let payload = event_of(&after, Default::default());
        common::trash::put(w, crate::trash::COMMUNITY.module, &c.id, &c.name, &payload).await?;
        w.emit(events::COMMUNITY_TRASHED, &payload).await?;
    }
    Ok(after)
}

/// Restores deleted community `c` in write `w` (its trash entry taken by the caller): 409 when
/// another community took its name meanwhile.
pub(crate) async fn restore_community(w: &mut Write<'_>, c: &Community) -> Result<Community> {
    let moved = communities_store::set_community_deleted(w, &c.id, false)
        .await
        .map_err(|e| unique_on(e, "name", NAME_TAKEN))?;
    let after = communities_store::get_community(w, &c.id).await?.ok_or_else(not_found)?;
    if moved {
        w.emit(events::COMMUNITY_RESTORED, &event_of(&after, Default::default())).await?;
    }
    Ok(after)
}

impl Engagement {
    /// Creates a community as the platform's admin account (its creator).
    pub async fn create_community(&self, input: &CommunityInput, actor: &Actor) -> Result<Community> {
        let mut m = checked(|check| parse(input, check))?;
        let now = common::now_ms();
        m.id = common::new_id();
        m.creator = Person::platform();
        m.created_at = now;
        m.updated_at = now;
        let mut w = self.begin(actor).await?;
        communities_store::insert_community(&mut w, &m).await.map_err(|e| unique_on(e, "name", NAME_TAKEN))?;
        let saved = communities_store::get_community(&mut w, &m.id).await?.ok_or_else(not_found)?;
        w.emit(events::COMMUNITY_CREATED, &event_of(&saved, Default::default())).await?;
        w.commit().await?;
        Ok(saved)
    }

    pub async fn update_community(&self, id: &str, input: &CommunityInput, actor: &Actor) -> Result<Community> {
        let mut m = checked(|check| parse(input, check))?;
        let mut w = self.begin(actor).await?;
        let before = communities_store::get_community(&mut w, id.trim()).await?.ok_or_else(not_found)?;
        m.id = before.id.clone();
        m.updated_at = common::now_ms();
        communities_store::update_community(&mut w, &m).await.map_err(|e| unique_on(e, "name", NAME_TAKEN))?;
        let after = communities_store::get_community(&mut w, &m.id).await?.ok_or_else(not_found)?;
        if after.name != before.name {
            // The events it hosts show its name.
            calendar_store::rename_host(&mut w, &after.id, &after.name).await?;
        }
        let changes = common::bus::changes(&before, &after, &["updatedAt"]);
        w.emit(events::COMMUNITY_UPDATED, &event_of(&after, changes)).await?;
        w.commit().await?;
        Ok(after)
    }

    pub async fn get_community(&self, id: &str) -> Result<Community> {
        communities_store::get_community(&mut *self.read().await?, id.trim()).await?.ok_or_else(not_found)
    }

    /// Deletes (true) or restores (false) a community: the same call toggles (SPEC section 4).
    /// A delete puts it in the trash (crate::trash), a restore takes it out, as the Trash
    /// screen's restore does. Restoring a community whose name another one took meanwhile is
    /// refused (409).
    pub async fn set_community_deleted(&self, id: &str, deleted: bool, actor: &Actor) -> Result<Community> {
        let mut w = self.begin(actor).await?;
        let c = communities_store::get_community(&mut w, id.trim()).await?.ok_or_else(not_found)?;
        let after = if deleted {
            trash_community(&mut w, &c).await?
        } else {
            // A community deleted before the trash existed has no entry: nothing to take.
            crate::trash::take_if_there(&mut w, crate::trash::COMMUNITY.module, &c.id).await?;
            restore_community(&mut w, &c).await?
        };
        w.commit().await?;
        Ok(after)
    }

    pub async fn set_community_hidden(&self, id: &str, hidden: bool, actor: &Actor) -> Result<Community> {
        let mut w = self.begin(actor).await?;
        let c = communities_store::get_community(&mut w, id.trim()).await?.ok_or_else(not_found)?;
        if c.is_hidden != hidden {
            communities_store::set_community_hidden(&mut w, &c.id, hidden).await?;
        }
        let after = communities_store::get_community(&mut w, &c.id).await?.ok_or_else(not_found)?;
        if c.is_hidden != hidden {
            w.emit(events::COMMUNITY_HIDDEN, &event_of(&after, common::bus::changes(&c, &after, &["updatedAt"])))
                .await?;
        }
        w.commit().await?;
        Ok(after)
    }

    /// Search: the name (contains, any case). Sort: name, createdAt (default, newest first),
    /// membersCount, postsCount.
    pub async fn list_communities(&self, q: &CommunityQuery) -> Result<(Vec<Community>, i64)> {
        let paging = checked(|check| q.page.check(communities_store::community_sort, check))?;
        let f = CommunityFilter {
            search: q.page.search.trim().to_lowercase(),
            is_deleted: q.is_deleted,
            is_hidden: q.is_hidden,
        };
        Ok(communities_store::list_communities(&mut *self.read().await?, &f, paging.expect("checked")).await?)
    }

    /// Search everywhere (issue 36): communities not deleted whose name contains the query.
    pub async fn find_communities(&self, f: &common::find::Find) -> Result<Vec<Community>> {
        Ok(communities_store::find_communities(&mut *self.read().await?, &f.text, f.limit).await?)
    }

    /// A community's members, newest first; search on name or email.
    pub async fn list_community_members(&self, community_id: &str, page: &Page) -> Result<(Vec<CommunityMember>, i64)> {
        let (limit, offset, search) = checked(|check| capped(page, check))?;
        let mut c = self.read().await?;
        let m = communities_store::get_community(&mut c, community_id.trim()).await?.ok_or_else(not_found)?;
        Ok(communities_store::list_community_members(&mut c, &m.id, &search, limit, offset).await?)
    }

    /// A donor joins a community (not deleted); joining again changes nothing.
    pub async fn join_community(&self, community_id: &str, donor: &DonorRef, actor: &Actor) -> Result<CommunityMember> {
        let mut w = self.begin(actor).await?;
        let donor_id = keep_donor(&mut w, donor).await?;
        let m = communities_store::get_community(&mut w, community_id.trim())
            .await?
            .filter(|m| !m.is_deleted)
            .ok_or_else(not_found)?;
        let joined = communities_store::join_community(&mut w, &m.id, &donor_id).await?;
        let member = communities_store::community_member_of(&mut w, &m.id, &donor_id).await?.ok_or_else(not_found)?;
        if joined {
            let e = events::Member { id: member.id.clone(), donor_id, community_id: m.id, ..Default::default() };
            w.emit(events::MEMBER_JOINED, &e).await?;
        }
        w.commit().await?;
        Ok(member)
    }

    /// A donor leaves a community; 404 'Member not found' when it was not a member.
    pub async fn leave_community(&self, community_id: &str, donor_id: &str, actor: &Actor) -> Result<()> {
        let mut w = self.begin(actor).await?;
        let member = communities_store::community_member_of(&mut w, community_id.trim(), donor_id.trim())
            .await?
            .ok_or_else(|| Error::NotFound(crate::calendar::MEMBER_NOT_FOUND.into()))?;
        communities_store::leave_community(&mut w, community_id.trim(), donor_id.trim()).await?;
        let e = events::Member {
            id: member.id,
            donor_id: member.donor_id,
            community_id: community_id.trim().into(),
            ..Default::default()
        };
        w.emit(events::MEMBER_LEFT, &e).await?;
        w.commit().await?;
        Ok(())
    }
}
