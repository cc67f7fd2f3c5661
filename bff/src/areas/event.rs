//! Events (/admin/event and /v1/event, module /event; issue 14): the engagement service keeps
//! them and their members; the BFF names a nonprofit host from the catalogue and writes the
//! members' export.

use super::ListBody;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::media;
use crate::names::named_charities;
use crate::reply::{Body, Reply, Route, list, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use crate::xlsx::{Cell, Row, Sheet, Summary, XLSX};
use axum::Extension;
use axum::extract::{Path, State};
use axum::http::Method;
use axum::routing::{delete, get, patch, post};
use proto::engagement::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::POST, "/admin/event/addEvent", "Create an event", post(create))
            .body::<EventInput>()
            .answers::<pb::Event>(),
        route(Method::PATCH, "/admin/event/editEvent/{id}", "Change an event", patch(update))
            .body::<EventInput>()
            .answers::<pb::Event>(),
        route(
            Method::POST,
            "/admin/event/eventFilter",
            "Page of events: filter 'upcoming' (default), 'past' or 'deleted' (sort: title, startsAt, createdAt)",
            post(list_page),
        )
        .body::<EventFilterBody>()
        .page::<pb::Event>(),
        route(
            Method::POST,
            "/admin/event/deleteEvent/{id}",
            "Delete (isDeleted true) or restore (false) an event",
            post(delete_or_restore),
        )
        .body::<EventDeleteBody>()
        .answers::<pb::Event>(),
        route(
            Method::POST,
            "/admin/event/findEvent/{id}",
            "An event and a page of its members of one mode (1 Interested, 2 Going, 3 Not going)",
            post(find),
        )
        .body::<FindEventBody>()
        .page_of::<EventDetail>(),
        route(
            Method::DELETE,
            "/v1/event/removeMember",
            "Remove a member from an event (answers the mode it was in)",
            delete(remove_member),
        )
        .body::<RemoveMemberBody>()
        .answers::<pb::RemovedMember>(),
        route(
            Method::GET,
            "/v1/event/eventDetailsExport/{id}",
            "The event and every member as an Excel workbook (.xlsx)",
            get(export),
        )
        .file(XLSX),
    ]
}

// ---- REST shapes ----

/// What the event form sends.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct EventInput {
    pub title: String,
    /// Rich text (sanitised by the service).
    pub description: String,
    /// Stored file names (media module 'eventImage'), at most 10.
    pub images: Vec<String>,
    /// A stored file name (media module 'eventVideo') or ''.
    pub video: String,
    /// Epoch milliseconds.
    pub starts_at: i64,
    /// Epoch milliseconds.
    pub ends_at: i64,
    /// IANA name, e.g. 'America/New_York'.
    pub time_zone: String,
    pub is_online: bool,
    /// http or https (when online).
    pub online_link: String,
    /// The venue (when not online).
    pub address: String,
    pub city: String,
    pub state: String,
    pub country: String,
    pub city_id: String,
    pub state_id: String,
    pub country_id: String,
    pub zip_code: String,
    /// 'community' | 'charity'
    pub host_type: String,
    pub host_id: String,
    /// 0 = unlimited; an integer up to 1,000,000.
    #[schema(value_type = i64)]
    pub capacity: serde_json::Value,
}

/// The list body with the filter: 'upcoming' (default), 'past' or 'deleted'.
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct EventFilterBody {
    #[serde(flatten)]
    pub list: ListBody,
    pub filter: String,
}

/// `{ isDeleted }`: delete (true) or restore (false).
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct EventDeleteBody {
    pub is_deleted: Option<bool>,
}

/// The members of one mode: status 1 Interested, 2 Going, 3 Not going.
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct FindEventBody {
    #[schema(value_type = i64)]
    pub status: serde_json::Value,
    pub page: i64,
    pub limit: i64,
    pub search: String,
}

impl Default for FindEventBody {
    fn default() -> Self {
        Self { status: serde_json::Value::Null, page: 1, limit: 10, search: String::new() }
    }
}

/// An event and a page of its members of one mode.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct EventDetail {
    pub event: pb::Event,
    pub members: Vec<pb::EventMember>,
}

/// `{ _id }`: the membership to remove.
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct RemoveMemberBody {
    #[serde(rename = "_id")]
    pub id: String,
}

// ---- helpers ----

/// The mode's name in the export.
fn mode_name(status: i32) -> &'static str {
    match status {
        1 => "Interested",
        2 => "Going",
        3 => "Not going",
        _ => "",
    }
}

const CHARITY_HOST: &str = "charity";

/// The service's input from the form: a capacity that is not a whole number is refused here
/// (the service checks its range); a nonprofit host is checked in the catalogue and named
/// from it (the service checks and names a community host).
async fn input(state: &AppState, b: EventInput) -> ApiResult<Option<pb::EventInput>> {
    let capacity = match &b.capacity {
        serde_json::Value::Null => 0,
        serde_json::Value::Number(n) => {
            n.as_i64().ok_or_else(|| ApiError::validation("capacity", "Please enter valid Capacity"))?
        }
        _ => return Err(ApiError::validation("capacity", "Please enter valid Capacity")),
    };
    let host_id = b.host_id.trim().to_string();
    let mut host_name = String::new();
    if b.host_type == CHARITY_HOST && !host_id.is_empty() {
        match named_charities(state, std::slice::from_ref(&host_id)).await.pop().flatten() {
            Some(charity) => host_name = charity.name,
            None => return Err(ApiError::validation("hostId", "Please select Host")),
        }
    }
    Ok(Some(pb::EventInput {
        title: b.title,
        description: b.description,
        images: b.images,
        video: b.video,
        starts_at: b.starts_at,
        ends_at: b.ends_at,
        time_zone: b.time_zone,
        is_online: b.is_online,
        online_link: b.online_link,
        address: b.address,
        city: b.city,
        state: b.state,
        country: b.country,
        city_id: b.city_id,
        state_id: b.state_id,
        country_id: b.country_id,
        zip_code: b.zip_code,
        host_type: b.host_type,
        host_id,
        host_name,
        capacity,
    }))
}

async fn get_event(state: &AppState, id: &str) -> ApiResult<pb::Event> {
    let req = pb::EventRef { id: id.to_string() };
    Ok(call!(state.engagement().get_event(req))?)
}

// ---- handlers ----

async fn create(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<EventInput>,
) -> Reply {
    let input = input(&state, b).await?;
    let claim = media::EVENT.claim(&state, &caller.to_pb(), None, files(input.as_ref())).await?;
    let req = pb::CreateEventRequest { input, actor: Some(caller.to_pb()) };
    let e = call_unsent!(state.engagement().create_event(req))?;
    claim.attach(&state, &e.id).await;
    ok("Event created successfully", e)
}

async fn update(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Body(b): Body<EventInput>,
) -> Reply {
    let input = input(&state, b).await?;
    let claim = media::EVENT.claim(&state, &caller.to_pb(), Some(&id), files(input.as_ref())).await?.complete();
    let req = pb::UpdateEventRequest { id: id.clone(), input, actor: Some(caller.to_pb()) };
    let e = call!(state.engagement().update_event(req))?;
    claim.attach(&state, &id).await;
    ok("Event updated successfully", e)
}

/// The files an event's form names (its images and video: the whole record's).
fn files(input: Option<&pb::EventInput>) -> media::Files {
    match input {
        Some(i) => media::Files::new().many("images", &i.images).one("video", &i.video),
        None => media::Files::new(),
    }
}

pub(crate) async fn list_page(State(state): State<AppState>, Body(b): Body<EventFilterBody>) -> Reply {
    let req = pb::ListEventsRequest { page: Some(b.list.to_page()), filter: b.filter, now: 0 };
    let r = call!(state.engagement().list_events(req))?;
    list("Event list", r.items, r.total)
}

pub(crate) async fn delete_or_restore(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Body(b): Body<EventDeleteBody>,
) -> Reply {
    let is_deleted = b.is_deleted.ok_or_else(|| ApiError::validation("isDeleted", "isDeleted is required"))?;
    let req = pb::SetEventDeletedRequest { id, is_deleted, actor: Some(caller.to_pb()) };
    let e = call!(state.engagement().set_event_deleted(req))?;
    ok(if is_deleted { "Event deleted Successfully" } else { "Event Restore Successfully" }, e)
}

async fn find(State(state): State<AppState>, Path(id): Path<String>, Body(b): Body<FindEventBody>) -> Reply {
    let status = b
        .status
        .as_i64()
        .filter(|s| (1..=3).contains(s))
        .ok_or_else(|| ApiError::validation("status", "Please select valid status"))?;
    let page = proto::common::v1::PageRequest { page: b.page, limit: b.limit, search: b.search, ..Default::default() };
    let req = pb::ListEventMembersRequest { event_id: id, status: status as i32, page: Some(page) };
    let r = call!(state.engagement().list_event_members(req))?;
    list("Event details", EventDetail { event: r.event.unwrap_or_default(), members: r.items }, r.total)
}

async fn remove_member(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<RemoveMemberBody>,
) -> Reply {
    let req = pb::RemoveEventMemberRequest { id: b.id, actor: Some(caller.to_pb()) };
    let r = call_unsent!(state.engagement().remove_event_member(req))?;
    ok("Member removed successfully", r)
}

// ---- export ----

const FIELD_COLUMNS: &[(&str, f64)] = &[("Field", 18.0), ("Value", 60.0)];
const MEMBER_COLUMNS: &[(&str, f64)] = &[("Name", 30.0), ("Email", 36.0), ("Status", 14.0), ("Joined At", 22.0)];

/// `ms` (epoch milliseconds) as the wall-clock time of `zone` (an IANA name), as Excel keeps
/// dates: the time the event's own page shows. An unknown zone (none is stored: the service
/// checks the name) leaves UTC.
pub fn local_ms(ms: i64, zone: &str) -> i64 {
    let Ok(tz) = jiff::tz::TimeZone::get(zone) else { return ms };
    let Ok(at) = jiff::Timestamp::from_millisecond(ms) else { return ms };
    ms + i64::from(tz.to_offset(at).seconds()) * 1000
}

/// The 'Event' sheet: one field and its value a row, as the event's screen words them (its
/// times in its own zone, a capacity of 0 as Unlimited).
fn summary(e: &pb::Event) -> Summary {
    let text = |f: &str, v: &str| vec![Cell::Text(f.into()), Cell::Text(v.into())];
    let number = |f: &str, v: i64| vec![Cell::Text(f.into()), Cell::Number(v as f64)];
    let date = |f: &str, v: i64| vec![Cell::Text(f.into()), Cell::DateMs(local_ms(v, &e.time_zone))];
    let venue = if e.is_online {
        text("Link", &e.online_link)
    } else {
        let parts = [&e.address, &e.city, &e.state, &e.zip_code, &e.country];
        text("Venue", &parts.iter().filter(|p| !p.is_empty()).map(|p| p.as_str()).collect::<Vec<_>>().join(", "))
    };
    Summary {
        title: "Event".into(),
        columns: FIELD_COLUMNS,
        rows: vec![
            text("Title", &e.title),
            date("Starts", e.starts_at),
            date("Ends", e.ends_at),
            text("Time Zone", &e.time_zone),
            venue,
            text("Host", &e.host_name),
            text("Host Type", if e.host_type == CHARITY_HOST { "Nonprofit" } else { "Community" }),
            if e.capacity == 0 { text("Capacity", "Unlimited") } else { number("Capacity", e.capacity) },
            number("Interested", e.interested_count),
            number("Going", e.going_count),
            number("Not going", e.not_going_count),
        ],
    }
}

/// The 'Members' sheet (also driven by bff/examples/engagement_bench.rs).
pub fn members_sheet(event_id: &str) -> Sheet<pb::EventMember> {
    Sheet {
        title: "Members".into(),
        file_name: format!("event-{event_id}.xlsx"),
        columns: MEMBER_COLUMNS,
        row: member_row,
    }
}

fn member_row(r: &mut Row, m: &pb::EventMember) {
    r.text(&m.name).text(&m.email).text(mode_name(m.status)).date_ms(m.joined_at);
}

/// The event and every member of every mode, streamed from the service.
async fn export(State(state): State<AppState>, Path(id): Path<String>) -> Result<axum::response::Response, ApiError> {
    let event = get_event(&state, &id).await?;
    let req = pb::EventRef { id: id.clone() };
    let stream = call!(state.engagement_long().stream_event_members(req))?;
    crate::xlsx::export_with_summary(stream, summary(&event), members_sheet(&id)).await
}

#[cfg(test)]
mod tests {
    #[test]
    fn an_events_times_are_written_in_its_own_zone() {
        // 2024-03-05 13:41 UTC is 8:41 am in New York (EST, -5 h) and 2:41 pm in Paris (+1 h).
        let at = 1_709_646_060_000;
        assert_eq!(super::local_ms(at, "America/New_York"), at - 5 * 3_600_000);
        assert_eq!(super::local_ms(at, "Europe/Paris"), at + 3_600_000);
        // Summer time: 2024-07-05 13:41 UTC is 9:41 am in New York (EDT, -4 h).
        let summer = 1_720_186_860_000;
        assert_eq!(super::local_ms(summer, "America/New_York"), summer - 4 * 3_600_000);
        assert_eq!(super::local_ms(at, "UTC"), at);
        assert_eq!(super::local_ms(at, "Nowhere/Else"), at);
    }
}
