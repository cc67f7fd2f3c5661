//! Calendar events (the bus events are in events.rs): the console's create, update, filter,
//! delete/restore toggle, members by mode, removal and export; the app side's join (a mode:
//! Interested 1, Going 2, Notgoing 3; joining in another mode moves the member) and leave.
//! Their SQL and row types are in calendar_store.rs.

use crate::calendar_store::{self, Event, EventFilter, EventMember};
use crate::communities_store;
use crate::events;
use crate::service::{DonorRef, Engagement, capped, checked, keep_donor, names, optional, required, rich};
use common::Actor;
use common::error::{Check, Error, Result};
use common::paging::Page;
use common::write::Write;

pub const NOT_FOUND: &str = "Event not found";
pub const MEMBER_NOT_FOUND: &str = "Member not found";
pub const EVENT_FULL: &str = "Event is full";
pub const MAX_IMAGES: usize = 10;
pub const MAX_CAPACITY: i64 = 1_000_000;

pub const INTERESTED: i32 = 1;
pub const GOING: i32 = 2;
pub const NOT_GOING: i32 = 3;

/// What an event form sends (create and update): the stored event's shape, of which the
/// service reads the form's fields (`title` to `capacity`) and sets the rest. For a community
/// host the service checks the community and takes its name; for a nonprofit host the caller
/// (the BFF, which asks the catalogue) passes its name in `host_name`.
pub type EventInput = Event;

/// An event list query: the page, the filter ('upcoming' default, 'past', 'deleted') and the
/// filter's "now" (the clock when 0).
#[derive(Debug, Clone, Default)]
pub struct EventQuery {
    pub page: Page,
    pub filter: String,
    pub now: i64,
}

fn not_found() -> Error {
    Error::NotFound(NOT_FOUND.into())
}

/// An IANA time zone name as the console's picker sends them: "UTC", or an area of the tz
/// database followed by one or two location parts ("America/New_York",
/// "America/Argentina/Buenos_Aires"). The service has no tz database; this refuses what no
/// picker sends (offsets, free text).
pub fn is_time_zone(tz: &str) -> bool {
    const AREAS: [&str; 11] = [
        "Africa",
        "America",
        "Antarctica",
        "Arctic",
        "Asia",
        "Atlantic",
        "Australia",
        "Europe",
        "Indian",
        "Pacific",
        "Etc",
    ];
    if tz == "UTC" || tz == "GMT" {
        return true;
    }
    let parts: Vec<&str> = tz.split('/').collect();
    (2..=3).contains(&parts.len())
        && AREAS.contains(&parts[0])
        && parts[1..].iter().all(|p| {
            !p.is_empty()
                && p.len() <= 40
                && p.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                && p.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '+'))
        })
}

/// An http or https link with a host and no spaces.
pub fn is_link(link: &str) -> bool {
    let rest = link.strip_prefix("https://").or_else(|| link.strip_prefix("http://"));
    rest.is_some_and(|r| {
        let host = r.split(['/', '?', '#']).next().unwrap_or_default();
        !host.is_empty() && host.contains('.') && !link.chars().any(char::is_whitespace) && link.len() <= 2000
    })
}

/// Checks an event form (the contract's messages) except the host, which needs the store;
/// answers its fields (the rest default).
fn parse(i: &EventInput, check: &mut Check) -> Event {
    let title = required(
        &i.title,
        "title",
        "Please enter Event Title",
        150,
        "Event Title must be at most 150 characters",
        check,
    );
    let description = rich(&i.description, "description", "Please enter Description", check);
    let images = names(&i.images, "images", MAX_IMAGES, "You can upload at most 10 images", check);
    let video = i.video.trim().to_string();
    if video.contains(',') || video.chars().count() > 300 {
        check.fail("video", "You can upload one video only");
    }
    if i.starts_at <= 0 {
        check.fail("startsAt", "Please select Start Date");
    }
    if i.ends_at <= 0 {
        check.fail("endsAt", "Please select End Date");
    } else if i.starts_at > 0 && i.ends_at <= i.starts_at {
        check.fail("endsAt", "End Date must be after Start Date");
    }
    let time_zone = i.time_zone.trim().to_string();
    if !is_time_zone(&time_zone) {
        check.fail("timeZone", "Please select valid Time Zone");
    }
    let online_link = i.online_link.trim().to_string();
    let address = optional(&i.location.address, "address", "Venue", 300, check);
    if i.is_online {
        if !is_link(&online_link) {
            check.fail("onlineLink", "Please enter valid link");
        }
    } else if address.is_empty() {
        check.fail("address", "Please enter Venue");
    }
    if !(0..=MAX_CAPACITY).contains(&i.capacity) {
        check.fail("capacity", "Please enter valid Capacity");
    }
    let host_type = i.host_type.trim().to_lowercase();
    if !matches!(host_type.as_str(), "community" | "charity") || i.host_id.trim().is_empty() {
        check.fail("hostId", "Please select Host");
    }
    Event {
        title,
        description,
        images,
        video,
        starts_at: i.starts_at,
        ends_at: i.ends_at,
        time_zone,
        is_online: i.is_online,
        online_link: if i.is_online { online_link } else { String::new() },
        location: i.location.checked(address, check),
        host_type,
        host_id: i.host_id.trim().to_string(),
        host_name: i.host_name.trim().to_string(),
        capacity: i.capacity,
        ..Default::default()
    }
}

/// Fills the host's name: a community (not deleted) from the store; a nonprofit's as given.
async fn resolve_host(c: &mut sqlx::AnyConnection, e: &mut Event) -> Result<()> {
    let bad = || Error::field("hostId", "Please select Host");
    if e.host_type == "community" {
        let m = communities_store::get_community(c, &e.host_id).await?.filter(|m| !m.is_deleted).ok_or_else(bad)?;
        e.host_name = m.name;
    } else if e.host_name.is_empty() {
        return Err(bad());
    }
    Ok(())
}

fn event_of(e: &Event, changes: common::bus::Changes) -> events::Event {
    events::Event {
        id: e.id.clone(),
        title: e.title.clone(),
        starts_at: e.starts_at,
        ends_at: e.ends_at,
        is_deleted: e.is_deleted,
        images: e.images.clone(),
        video: e.video.clone(),
        changes,
    }
}

/// The bus payload of a membership that ended (removed by an admin, or left).
fn member_gone(m: &EventMember) -> events::Member {
    events::Member {
        id: m.id.clone(),
        donor_id: m.donor_id.clone(),
        event_id: m.event_id.clone(),
        status: m.status,
        ..Default::default()
    }
}

fn status_ok(status: i32) -> Result<i32> {
    if (INTERESTED..=NOT_GOING).contains(&status) {
        Ok(status)
    } else {
        Err(Error::field("status", "Please select valid status"))
    }
}

/// Deletes (into the trash) or restores event `e` in write `w`, once: a repeated call, or two
/// at once, change nothing more. A restore's trash entry is taken by the caller.
pub(crate) async fn set_deleted(w: &mut Write<'_>, e: &Event, deleted: bool) -> Result<Event> {
    let moved = calendar_store::set_event_deleted(w, &e.id, deleted).await?;
    let after = calendar_store::get_event(w, &e.id).await?.ok_or_else(not_found)?;
    if moved {
        let payload = event_of(&after, Default::default());
        if deleted {
            common::trash::put(w, crate::trash::EVENT.module, &e.id, &e.title, &payload).await?;
        }
        w.emit(if deleted { events::EVENT_TRASHED } else { events::EVENT_RESTORED }, &payload).await?;
    }
    Ok(after)
}

impl Engagement {
    pub async fn create_event(&self, input: &EventInput, actor: &Actor) -> Result<Event> {
        let mut e = checked(|check| parse(input, check))?;
        let mut w = self.begin(actor).await?;
        resolve_host(&mut w, &mut e).await?;
        let now = common::now_ms();
        e.id = common::new_id();
        e.created_at = now;
        e.updated_at = now;
        calendar_store::insert_event(&mut w, &e).await?;
        let saved = calendar_store::get_event(&mut w, &e.id).await?.ok_or_else(not_found)?;
        w.emit(events::EVENT_CREATED, &event_of(&saved, Default::default())).await?;
        w.commit().await?;
        Ok(saved)
    }

    /// Updates an event's form fields. A capacity below the Going members already there is
    /// allowed (they stay; new Going joins wait for room).
    pub async fn update_event(&self, id: &str, input: &EventInput, actor: &Actor) -> Result<Event> {
        let mut e = checked(|check| parse(input, check))?;
        let mut w = self.begin(actor).await?;
        let before = calendar_store::get_event(&mut w, id.trim()).await?.ok_or_else(not_found)?;
        if e.host_type == before.host_type
            && e.host_id == before.host_id
            && e.host_type == "charity"
            && e.host_name.is_empty()
        {
            e.host_name = before.host_name.clone();
        }
        resolve_host(&mut w, &mut e).await?;
        e.id = before.id.clone();
        e.updated_at = common::now_ms();
        calendar_store::update_event(&mut w, &e).await?;
        let after = calendar_store::get_event(&mut w, &e.id).await?.ok_or_else(not_found)?;
        w.emit(events::EVENT_UPDATED, &event_of(&after, common::bus::changes(&before, &after, &["updatedAt"]))).await?;
        w.commit().await?;
        Ok(after)
    }

    pub async fn get_event(&self, id: &str) -> Result<Event> {
        calendar_store::get_event(&mut *self.read().await?, id.trim()).await?.ok_or_else(not_found)
    }

    /// Deletes (true) or restores (false) an event: the same call toggles. A delete puts it in
    /// the trash (crate::trash), a restore takes it out, as the Trash screen's restore does.
    pub async fn set_event_deleted(&self, id: &str, deleted: bool, actor: &Actor) -> Result<Event> {
        let mut w = self.begin(actor).await?;
        let e = calendar_store::get_event(&mut w, id.trim()).await?.ok_or_else(not_found)?;
        if !deleted {
            // An event deleted before the trash existed has no entry: nothing to take.
            crate::trash::take_if_there(&mut w, crate::trash::EVENT.module, &e.id).await?;
        }
        let after = set_deleted(&mut w, &e, deleted).await?;
        w.commit().await?;
        Ok(after)
    }

    /// 'upcoming' (default; endsAt >= now, soonest first), 'past' (endsAt < now, latest
    /// first) or 'deleted' (latest deletion first). Search: title; sort: title, startsAt, createdAt.
    /// Search everywhere (issue 36): events not deleted whose title contains the query, the
    /// latest first.
    pub async fn find_events(&self, f: &common::find::Find) -> Result<Vec<Event>> {
        Ok(calendar_store::find_events(&mut *self.read().await?, &f.text, f.limit).await?)
    }

    pub async fn list_events(&self, q: &EventQuery) -> Result<(Vec<Event>, i64)> {
        let mut check = Check::default();
        let filter = match q.filter.trim().to_lowercase().as_str() {
            "" | "upcoming" => Some(EventFilter::Upcoming),
            "past" => Some(EventFilter::Past),
            "deleted" => Some(EventFilter::Deleted),
            _ => {
                check.fail("filter", "Please select valid filter");
                None
            }
        };
        let paging = q.page.check(calendar_store::event_sort, &mut check);
        check.done()?;
        let now = if q.now > 0 { q.now } else { common::now_ms() };
        let search = q.page.search.trim().to_lowercase();
        Ok(calendar_store::list_events(
            &mut *self.read().await?,
            filter.expect("checked"),
            now,
            &search,
            paging.expect("checked"),
        )
        .await?)
    }

    /// The event and its members of one mode (findEvent), newest first; search on name or email.
    pub async fn list_event_members(
        &self,
        event_id: &str,
        status: i32,
        page: &Page,
    ) -> Result<(Event, Vec<EventMember>, i64)> {
        let mut check = Check::default();
        if status_ok(status).is_err() {
            check.fail("status", "Please select valid status");
        }
        let (limit, offset, search) = capped(page, &mut check);
        check.done()?;
        let mut c = self.read().await?;
        let e = calendar_store::get_event(&mut c, event_id.trim()).await?.ok_or_else(not_found)?;
        let (items, total) = calendar_store::list_event_members(&mut c, &e.id, status, &search, limit, offset).await?;
        Ok((e, items, total))
    }

    /// An admin removes a membership; answers the mode it was in.
    pub async fn remove_event_member(&self, membership_id: &str, actor: &Actor) -> Result<i32> {
        let mut w = self.begin(actor).await?;
        let m = calendar_store::event_member_by_id(&mut w, membership_id.trim())
            .await?
            .ok_or_else(|| Error::NotFound(MEMBER_NOT_FOUND.into()))?;
        w.lock_row("events", &m.event_id).await?;
        if !calendar_store::delete_event_member(&mut w, &m).await? {
            return Err(Error::NotFound(MEMBER_NOT_FOUND.into()));
        }
        w.emit(events::MEMBER_REMOVED, &member_gone(&m)).await?;
        w.commit().await?;
        Ok(m.status)
    }

    /// Every member of every mode (Interested, Going, Notgoing; newest first in each), sent in
    /// batches to `out` (the export). Stops quietly when the receiver goes away.
    pub async fn export_event_members(
        &self,
        event_id: &str,
        out: tokio::sync::mpsc::Sender<EventMember>,
    ) -> Result<()> {
        let id = self.get_event(event_id).await?.id;
        for status in [INTERESTED, GOING, NOT_GOING] {
            let mut after = None;
            loop {
                let batch =
                    calendar_store::event_members_after(&mut *self.read().await?, &id, status, after.clone(), 1000)
                        .await?;
                let Some(last) = batch.last() else { break };
                after = Some((last.joined_at, last.id.clone()));
                let full = batch.len() == 1000;
                for m in batch {
                    if out.send(m).await.is_err() {
                        return Ok(());
                    }
                }
                if !full {
                    break;
                }
            }
        }
        Ok(())
    }

    /// A donor joins an event (not deleted) in a mode, or moves to another mode. Going over
    /// capacity fails with 'Event is full' (the event row is held, so concurrent joins count right).
    pub async fn join_event(
        &self,
        event_id: &str,
        donor: &DonorRef,
        status: i32,
        actor: &Actor,
    ) -> Result<EventMember> {
        let status = status_ok(status)?;
        let mut w = self.begin(actor).await?;
        let donor_id = keep_donor(&mut w, donor).await?;
        w.lock_row("events", event_id.trim()).await?;
        let e = calendar_store::get_event(&mut w, event_id.trim())
            .await?
            .filter(|e| !e.is_deleted)
            .ok_or_else(not_found)?;
        let existing = calendar_store::event_member_of(&mut w, &e.id, &donor_id).await?;
        if existing.as_ref().is_some_and(|m| m.status == status) {
            w.commit().await?;
            return Ok(existing.expect("checked"));
        }
        if status == GOING && e.capacity > 0 && e.going_count >= e.capacity {
            return Err(Error::Precondition(EVENT_FULL.into()));
        }
        let mut payload =
            events::Member { donor_id: donor_id.clone(), event_id: e.id.clone(), status, ..Default::default() };
        match &existing {
            Some(m) => {
                calendar_store::move_event_member(&mut w, m, status).await?;
                payload.id = m.id.clone();
                payload.previous_status = m.status;
            }
            None => {
                payload.id = common::new_id();
                calendar_store::insert_event_member(&mut w, &payload.id, &e.id, &donor_id, status).await?;
            }
        }
        let member = calendar_store::event_member_of(&mut w, &e.id, &donor_id).await?.ok_or_else(not_found)?;
        w.emit(events::MEMBER_JOINED, &payload).await?;
        w.commit().await?;
        Ok(member)
    }

    /// A donor leaves an event; 404 'Member not found' when it was not a member.
    pub async fn leave_event(&self, event_id: &str, donor_id: &str, actor: &Actor) -> Result<()> {
        let mut w = self.begin(actor).await?;
        w.lock_row("events", event_id.trim()).await?;
        let m = calendar_store::event_member_of(&mut w, event_id.trim(), donor_id.trim())
            .await?
            .ok_or_else(|| Error::NotFound(MEMBER_NOT_FOUND.into()))?;
        calendar_store::delete_event_member(&mut w, &m).await?;
        w.emit(events::MEMBER_LEFT, &member_gone(&m)).await?;
        w.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn time_zones_and_links() {
        for tz in ["UTC", "America/New_York", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "Asia/Kolkata"] {
            assert!(super::is_time_zone(tz), "{tz}");
        }
        for tz in ["", "EST5", "+05:30", "america/new_york", "Mars/Olympus", "America/", "America/New York"] {
            assert!(!super::is_time_zone(tz), "{tz}");
        }
        assert!(super::is_link("https://meet.example.org/abc?x=1"));
        assert!(!super::is_link("ftp://x.org"));
        assert!(!super::is_link("https://"));
        assert!(!super::is_link("https://a b.org"));
    }
}
