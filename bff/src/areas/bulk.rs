//! Bulk actions (/admin/bulk, issue 36 section 2): one action on many rows of one list.
//!
//! [`ACTIONS`] is the one table of what exists: for each module, the actions its list offers in
//! bulk and the single-row path each one is (its permission table entry). A bulk request needs
//! that path's rule exactly (`permissions::allows`, else 403 for the whole request, nothing
//! done), then each row is done by calling that single-row path's own handler, a few at a time:
//! every object-level rule of the services holds (a sub-admin never acts on a stronger one), a
//! row is one service call in one transaction (never half-applied), and each refusal is listed
//! with the service's message. Over [`job_threshold`] rows the console starts a job instead
//! (`/admin/bulk/jobs`): it walks the module's list with the console's filter (the list's own
//! handler), then acts on each row the same way; its progress is kept in the cache (Redis in the
//! cluster, so any replica answers it) and only the account that started it may read it.

use super::{ListBody, StatusBody, StatusChange};
use super::{badge, charity, community, contact_us, donor, event, faq, giving_partner, leadership};
use super::{report_post, sub_admin, terms};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::permissions;
use crate::reply::{Body, Reply, Route, ok, route};
use crate::state::AppState;
use axum::Extension;
use axum::extract::{Path, State};
use axum::http::Method;
use axum::response::Response;
use axum::routing::{get, post};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::time::Duration;
use utoipa::ToSchema;

/// Rows one `/admin/bulk` call takes.
pub const MAX_IDS: usize = 500;
/// Rows a job acts on at most (the list it walks is read whole before it starts).
pub const MAX_JOB_ROWS: i64 = 1_000_000;
/// Refused rows a job's progress names (the rest are counted).
pub const JOB_REFUSED_SHOWN: usize = 100;
/// Rows done at once (each its own service call).
const AT_ONCE: usize = 8;
/// Rows a job reads from its list per page.
const JOB_PAGE: i64 = 500;
/// How long a job's progress stays readable.
const JOB_TTL: Duration = Duration::from_secs(24 * 3600);
/// Rows over which the console runs a bulk action as a job, unless BULK_JOB_THRESHOLD says otherwise.
pub const JOB_THRESHOLD: i64 = 10_000;

/// Rows over which the console runs a bulk action as a job: BULK_JOB_THRESHOLD (a test hook:
/// the end-to-end tests need not make 10,000 rows), else [`JOB_THRESHOLD`].
pub fn job_threshold() -> i64 {
    std::env::var("BULK_JOB_THRESHOLD")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .filter(|n| *n > 0)
        .unwrap_or(JOB_THRESHOLD)
}

/// What a bulk request does to each row.
#[derive(Deserialize, Serialize, ToSchema, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Verb {
    /// Activate or deactivate (`isActive`).
    Status,
    /// Delete (to the Trash where the module has one).
    Delete,
    /// Approve a pending nonprofit or giving partner.
    Approve,
    /// Reject a pending nonprofit or giving partner (`reason`).
    Reject,
}

/// One (module, action) pair a list offers in bulk: the single-row path it is.
pub struct BulkAction {
    pub module: &'static str,
    pub verb: Verb,
    pub method: Method,
    pub path: &'static str,
}

const fn pair(module: &'static str, verb: Verb, method: Method, path: &'static str) -> BulkAction {
    BulkAction { module, verb, method, path }
}

const CHARITY: &str = "/master/charity_management";
const NEW_CHARITY: &str = "/master";
const CAUSE: &str = "/master/cause_management";
const CATEGORY: &str = "/master/charity_category_management";
const DONOR: &str = "/donor";
const PARTNER: &str = "/strategic";
const PENDING_PARTNER: &str = "/strategic/pending_strategic_partner";
const SUB_ADMIN: &str = "/sub_admin";
const LEADERSHIP: &str = "/content_management/leadership";
const FAQ: &str = "/category/FAQ";
const FAQ_CATEGORY: &str = "/category";
const BADGE: &str = "/badge";
const COMMUNITY: &str = "/community";
const EVENT: &str = "/event";
const REPORTED_POST: &str = "/reporte_post";
const CONTACT: &str = "/category/contact_form";

use Verb::{Approve, Delete, Reject, Status};

/// Every (module, action) a list offers in bulk, and the single-row path whose rule and
/// handler each row takes.
pub const ACTIONS: &[BulkAction] = &[
    pair(CHARITY, Status, Method::PATCH, "/admin/charity/charityStatus/{id}"),
    pair(CHARITY, Delete, Method::POST, "/admin/charity/delete"),
    pair(NEW_CHARITY, Approve, Method::POST, "/admin/charity/changeVerification"),
    pair(NEW_CHARITY, Reject, Method::POST, "/admin/charity/changeVerification"),
    pair(CAUSE, Status, Method::PATCH, "/admin/cause/activeStatus/{id}"),
    pair(CAUSE, Delete, Method::POST, "/admin/cause/delete"),
    pair(CATEGORY, Status, Method::PATCH, "/admin/charity-category/activeStatus/{id}"),
    pair(CATEGORY, Delete, Method::POST, "/admin/charity-category/delete"),
    pair(DONOR, Status, Method::PATCH, "/admin/user/userStatus/{id}"),
    pair(DONOR, Delete, Method::DELETE, "/admin/user/delete/{id}"),
    pair(PARTNER, Status, Method::PATCH, "/admin/strategic-partner/strategicPartnerStatus/{id}"),
    pair(PARTNER, Delete, Method::POST, "/admin/strategic-partner/deleteByAdmin"),
    pair(PENDING_PARTNER, Approve, Method::POST, "/admin/strategic-partner/changeVerificationStatus"),
    pair(PENDING_PARTNER, Reject, Method::POST, "/admin/strategic-partner/changeVerificationStatus"),
    pair(SUB_ADMIN, Status, Method::PATCH, "/admin/sub-admin/subAdminStatus/{id}"),
    pair(SUB_ADMIN, Delete, Method::DELETE, "/admin/sub-admin/delete/{id}"),
    pair(LEADERSHIP, Delete, Method::DELETE, "/admin/leadership/deleteLeadership/{id}"),
    pair(FAQ, Delete, Method::DELETE, "/admin/faq/delete/{id}"),
    pair(FAQ_CATEGORY, Delete, Method::DELETE, "/admin/faq-category/delete/{id}"),
    pair(BADGE, Delete, Method::DELETE, "/admin/badge/delete/{id}"),
    pair(COMMUNITY, Delete, Method::POST, "/admin/admin-community/delete"),
    pair(EVENT, Delete, Method::POST, "/admin/event/deleteEvent/{id}"),
    pair(REPORTED_POST, Delete, Method::POST, "/admin/reportPost/deletePost/{id}"),
    pair(CONTACT, Delete, Method::DELETE, "/admin/ContactUs/delete/{id}"),
];

/// The permission table's `Grant` of the bulk paths: some right of each pair of [`ACTIONS`]
/// (approving and rejecting: the pending list's view; the handler then asks the pair's own
/// path's rule, which needs the status right besides).
pub const GRANTS: &[(&str, &str)] = &[
    (CHARITY, "status"),
    (CHARITY, "delete"),
    (NEW_CHARITY, "view"),
    (CAUSE, "status"),
    (CAUSE, "delete"),
    (CATEGORY, "status"),
    (CATEGORY, "delete"),
    (DONOR, "status"),
    (DONOR, "delete"),
    (PARTNER, "status"),
    (PARTNER, "delete"),
    (PENDING_PARTNER, "view"),
    (SUB_ADMIN, "status"),
    (SUB_ADMIN, "delete"),
    (LEADERSHIP, "delete"),
    (FAQ, "delete"),
    (FAQ_CATEGORY, "delete"),
    (BADGE, "delete"),
    (COMMUNITY, "delete"),
    (EVENT, "delete"),
    (REPORTED_POST, "delete"),
    (CONTACT, "delete"),
];

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::POST, "/admin/bulk", "One action on up to 500 rows of one list", post(bulk))
            .body::<BulkBody>()
            .answers::<BulkOutcome>(),
        route(
            Method::POST,
            "/admin/bulk/jobs",
            "Start a bulk action on every row a list's filter matches (a job)",
            post(start_job),
        )
        .body::<BulkJobBody>()
        .answers::<BulkJob>(),
        route(Method::GET, "/admin/bulk/jobs/{id}", "A bulk job's progress (the caller's own)", get(job))
            .answers::<BulkJob>(),
    ]
}

/// What to do: the module (its slug), the action, and what the action needs.
#[derive(Deserialize, Serialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct BulkWhat {
    /// The list's module (proto/modules.json slug).
    pub module: String,
    pub action: Verb,
    /// Status: the wanted state.
    #[serde(default)]
    pub is_active: Option<bool>,
    /// Reject: the reason (one for every row).
    #[serde(default)]
    pub reason: String,
}

/// One action on the rows named (1 to 500 ids, as the module's single-row path takes them).
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkBody {
    #[serde(flatten)]
    pub what: BulkWhat,
    pub ids: Vec<String>,
}

/// A row refused, and the service's reason.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
pub struct BulkRefused {
    #[serde(rename = "_id")]
    pub id: String,
    pub message: String,
}

/// What a bulk request did: each row done, each refused with its reason.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
pub struct BulkOutcome {
    pub done: Vec<String>,
    pub refused: Vec<BulkRefused>,
}

/// The pair of [`ACTIONS`] asked for, once the caller may use it and the action has what it needs.
fn checked(caller: &Caller, w: &BulkWhat) -> Result<&'static BulkAction, ApiError> {
    let a = ACTIONS
        .iter()
        .find(|a| a.module == w.module && a.verb == w.action)
        .ok_or_else(|| ApiError::validation("action", "This list offers no such bulk action"))?;
    let rule = permissions::lookup().get(&(a.method.clone(), a.path)).expect("every bulk action is in the table");
    if !permissions::allows(*rule, caller, None) {
        return Err(ApiError::forbidden());
    }
    match a.verb {
        Status if w.is_active.is_none() => Err(ApiError::validation("isActive", "isActive is required")),
        Reject if w.reason.trim().is_empty() => Err(ApiError::validation("reason", "Please Enter Add Reason")),
        _ => Ok(a),
    }
}

/// One row, by the single-row path's own handler.
async fn one(state: &AppState, caller: &Caller, a: &BulkAction, w: &BulkWhat, id: String) -> Reply {
    let s = State(state.clone());
    let who = Extension(caller.clone());
    let active = w.is_active.unwrap_or_default();
    let change = |id: String| StatusChange { id, active, actor: caller.to_pb() };
    let status_body = || Body(StatusBody { is_active: Some(active) });
    let decision = if a.verb == Approve { "Approve" } else { "Reject" };
    let reason = if a.verb == Reject { w.reason.trim().to_string() } else { String::new() };
    match (a.module, a.verb) {
        (CHARITY, Status) => charity::status(s, change(id)).await,
        (CHARITY, Delete) => charity::remove(s, who, Body(super::IdBody { id })).await,
        (NEW_CHARITY, _) => {
            let b = charity::VerificationBody {
                charity_id: id,
                admin_verification: decision.into(),
                reject_reason: reason,
            };
            charity::verify(s, who, Body(b)).await
        }
        (CAUSE, Status) => terms::status(s, Extension(terms::CAUSE), who, Path(id), status_body()).await,
        (CAUSE, Delete) => terms::remove(s, Extension(terms::CAUSE), who, Body(super::IdBody { id })).await,
        (CATEGORY, Status) => terms::status(s, Extension(terms::CATEGORY), who, Path(id), status_body()).await,
        (CATEGORY, Delete) => terms::remove(s, Extension(terms::CATEGORY), who, Body(super::IdBody { id })).await,
        (DONOR, Status) => donor::status(s, change(id)).await,
        (DONOR, Delete) => donor::remove(s, who, Path(id)).await,
        (PARTNER, Status) => giving_partner::status(s, change(id)).await,
        (PARTNER, Delete) => {
            giving_partner::remove(s, who, Body(giving_partner::PartnerIdBody { strategic_partner_id: id })).await
        }
        (PENDING_PARTNER, _) => {
            let b = giving_partner::PartnerVerificationBody {
                strategic_partner_id: id,
                admin_verification: decision.into(),
                reject_reason: Some(reason).filter(|r| !r.is_empty()),
            };
            giving_partner::verify(s, who, Body(b)).await
        }
        (SUB_ADMIN, Status) => sub_admin::status(s, change(id)).await,
        (SUB_ADMIN, Delete) => sub_admin::remove(s, who, Path(id)).await,
        (LEADERSHIP, Delete) => leadership::remove(s, who, Path(id)).await,
        (FAQ, Delete) => faq::delete_faq(s, who, Path(id)).await,
        (FAQ_CATEGORY, Delete) => faq::delete_category(s, who, Path(id)).await,
        (BADGE, Delete) => badge::remove(s, who, Path(id)).await,
        (COMMUNITY, Delete) => {
            let b = community::CommunityDeleteBody { id, is_deleted: Some(true) };
            community::delete_or_restore(s, who, Body(b)).await
        }
        (EVENT, Delete) => {
            event::delete_or_restore(s, who, Path(id), Body(event::EventDeleteBody { is_deleted: Some(true) })).await
        }
        (REPORTED_POST, Delete) => report_post::delete_post(s, who, Path(id)).await,
        (CONTACT, Delete) => contact_us::remove(s, who, Path(id)).await,
        _ => unreachable!("every pair of ACTIONS is handled"),
    }
}

/// The `message` of a handler's answer.
async fn message_of(r: Response) -> String {
    let bytes = axum::body::to_bytes(r.into_body(), 1 << 20).await.unwrap_or_default();
    serde_json::from_slice::<Value>(&bytes)
        .ok()
        .and_then(|v| v["message"].as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Each row, a few at a time: the rows done, the rows refused, and the last done row's message.
async fn each(
    state: &AppState,
    caller: &Caller,
    a: &BulkAction,
    w: &BulkWhat,
    ids: Vec<String>,
) -> (Vec<String>, Vec<BulkRefused>, String) {
    let (mut done, mut refused, mut message) = (vec![], vec![], String::new());
    for chunk in ids.chunks(AT_ONCE) {
        let calls = chunk.iter().map(|id| async move { (id.clone(), one(state, caller, a, w, id.clone()).await) });
        for (id, r) in futures::future::join_all(calls).await {
            match r {
                Ok(r) => {
                    message = message_of(r).await;
                    done.push(id);
                }
                Err(e) => refused.push(BulkRefused { id, message: e.message }),
            }
        }
    }
    (done, refused, message)
}

/// The answer's message: the single-row message when every row was done, else the counts.
fn summary(done: usize, refused: usize, single: String) -> String {
    if refused == 0 { single } else { format!("{done} of {} done, {refused} refused", done + refused) }
}

async fn bulk(State(state): State<AppState>, Extension(caller): Extension<Caller>, Body(b): Body<BulkBody>) -> Reply {
    let mut ids: Vec<String> = b.ids.into_iter().map(|i| i.trim().to_string()).collect();
    if ids.iter().any(String::is_empty) {
        return Err(ApiError::validation("ids", "An id is empty"));
    }
    ids.sort();
    ids.dedup();
    if ids.is_empty() {
        return Err(ApiError::validation("ids", "Choose at least one row"));
    }
    if ids.len() > MAX_IDS {
        return Err(ApiError::validation("ids", "At most 500 rows at once"));
    }
    let a = checked(&caller, &b.what)?;
    let (done, refused, single) = each(&state, &caller, a, &b.what, ids).await;
    ok(&summary(done.len(), refused.len(), single), BulkOutcome { done, refused })
}

// ---- jobs ----

/// A bulk action on every row the filter matches.
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkJobBody {
    #[serde(flatten)]
    pub what: BulkWhat,
    /// The body of the module's list path (its search and filters; paging is the job's).
    #[serde(default)]
    #[schema(value_type = Object)]
    pub filter: Value,
}

/// Where a job is.
#[derive(Deserialize, Serialize, ToSchema, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum JobState {
    Running,
    Done,
    Failed,
}

/// A bulk job's progress.
#[derive(Deserialize, Serialize, ToSchema, Debug, Clone)]
#[serde(rename_all = "camelCase")]
pub struct BulkJob {
    #[serde(rename = "_id")]
    pub id: String,
    pub state: JobState,
    /// Rows the filter matched.
    pub total: i64,
    /// Rows done.
    pub done: i64,
    /// Rows refused.
    pub refused_count: i64,
    /// The first 100 rows refused, with their reasons.
    pub refused: Vec<BulkRefused>,
    /// Why the job failed, or its summary once done.
    pub message: String,
    /// The account that started it (kept beside it in the cache, never answered).
    #[serde(skip)]
    pub owner: String,
}

fn job_key(id: &str) -> String {
    format!("bulk-job:{id}")
}

async fn save(state: &AppState, job: &BulkJob) {
    #[derive(Serialize)]
    struct Stored<'a> {
        #[serde(flatten)]
        job: &'a BulkJob,
        owner: &'a str,
    }
    let text = serde_json::to_string(&Stored { job, owner: &job.owner }).expect("a job serialises");
    if let Err(e) = state.cache.set(&job_key(&job.id), &text, JOB_TTL).await {
        tracing::warn!(job = %job.id, "a bulk job's progress was not kept: {e:#}");
    }
}

/// One page of the module's list under `filter`: its rows' ids and how many match.
async fn list_page(
    state: &AppState,
    caller: &Caller,
    module: &str,
    filter: &Value,
    page: i64,
) -> Result<(Vec<String>, i64), ApiError> {
    fn body<T: serde::de::DeserializeOwned>(filter: &Value, page: i64) -> Result<Body<T>, ApiError> {
        let mut f = match filter {
            Value::Object(m) => m.clone(),
            Value::Null => serde_json::Map::new(),
            _ => return Err(ApiError::validation("filter", "filter must be the list's body (an object)")),
        };
        f.insert("page".into(), page.into());
        f.insert("limit".into(), JOB_PAGE.into());
        serde_json::from_value(Value::Object(f))
            .map(Body)
            .map_err(|e| ApiError::validation("filter", &format!("filter is not this list's body: {e}")))
    }
    let s = State(state.clone());
    let r = match module {
        CHARITY | NEW_CHARITY => charity::list_page(s, body(filter, page)?).await,
        CAUSE => terms::list_page(s, Extension(terms::CAUSE), body::<ListBody>(filter, page)?).await,
        CATEGORY => terms::list_page(s, Extension(terms::CATEGORY), body::<ListBody>(filter, page)?).await,
        DONOR => donor::list_page(s, body(filter, page)?).await,
        PARTNER => giving_partner::approved(s, body(filter, page)?).await,
        PENDING_PARTNER => giving_partner::pending(s, body(filter, page)?).await,
        SUB_ADMIN => sub_admin::list_page(s, Extension(caller.clone()), body(filter, page)?).await,
        LEADERSHIP => leadership::list_page(s, body(filter, page)?).await,
        FAQ => faq::list_faqs(s, body(filter, page)?).await,
        FAQ_CATEGORY => faq::list_categories(s, body(filter, page)?).await,
        BADGE => badge::page(s, body(filter, page)?).await,
        COMMUNITY => community::list_page(s, body(filter, page)?).await,
        EVENT => event::list_page(s, body(filter, page)?).await,
        REPORTED_POST => report_post::list_page(s, body(filter, page)?).await,
        CONTACT => contact_us::list_page(s, body(filter, page)?).await,
        _ => unreachable!("every module of ACTIONS has a list"),
    }?;
    let bytes = axum::body::to_bytes(r.into_body(), usize::MAX).await.map_err(ApiError::internal)?;
    let v: Value = serde_json::from_slice(&bytes).map_err(ApiError::internal)?;
    let ids = v["data"]
        .as_array()
        .map(|rows| rows.iter().filter_map(|r| r["_id"].as_str().map(str::to_string)).collect())
        .unwrap_or_default();
    Ok((ids, v["total_records"].as_i64().unwrap_or_default()))
}

async fn start_job(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<BulkJobBody>,
) -> Reply {
    let a = checked(&caller, &b.what)?;
    // The first page now: a filter the list refuses is the request's 400, and the total is known.
    let (first, total) = list_page(&state, &caller, a.module, &b.filter, 1).await?;
    if total > MAX_JOB_ROWS {
        return Err(ApiError::validation("filter", "A bulk job acts on 1,000,000 rows at most: narrow the filter"));
    }
    let job = BulkJob {
        id: common::new_id(),
        state: JobState::Running,
        total,
        done: 0,
        refused_count: 0,
        refused: vec![],
        message: String::new(),
        owner: caller.id.clone(),
    };
    save(&state, &job).await;
    tokio::spawn(run_job(state.clone(), caller, a, b, first, job.clone()));
    ok("Bulk job started", job)
}

/// Reads every matching row's id (before acting, so acting does not move the pages), then
/// acts on them, saving progress after each few rows.
async fn run_job(
    state: AppState,
    caller: Caller,
    a: &'static BulkAction,
    b: BulkJobBody,
    first: Vec<String>,
    mut job: BulkJob,
) {
    let mut ids = first;
    let mut page = 1;
    while (ids.len() as i64) < job.total {
        page += 1;
        match list_page(&state, &caller, a.module, &b.filter, page).await {
            Ok((more, _)) if more.is_empty() => break,
            Ok((more, _)) => ids.extend(more),
            Err(e) => {
                job.state = JobState::Failed;
                job.message = e.message;
                save(&state, &job).await;
                return;
            }
        }
    }
    ids.dedup();
    job.total = ids.len() as i64;
    save(&state, &job).await;
    let mut single = String::new();
    for chunk in ids.chunks(AT_ONCE * 8) {
        let (done, refused, message) = each(&state, &caller, a, &b.what, chunk.to_vec()).await;
        if !message.is_empty() {
            single = message;
        }
        job.done += done.len() as i64;
        job.refused_count += refused.len() as i64;
        let room = JOB_REFUSED_SHOWN.saturating_sub(job.refused.len());
        job.refused.extend(refused.into_iter().take(room));
        save(&state, &job).await;
    }
    job.state = JobState::Done;
    job.message = summary(job.done as usize, job.refused_count as usize, single);
    save(&state, &job).await;
}

async fn job(State(state): State<AppState>, Extension(caller): Extension<Caller>, Path(id): Path<String>) -> Reply {
    #[derive(Deserialize)]
    struct Stored {
        #[serde(flatten)]
        job: BulkJob,
        owner: String,
    }
    let stored = state.cache.get(&job_key(&id)).await.ok().flatten();
    let found = stored.and_then(|t| serde_json::from_str::<Stored>(&t).ok()).filter(|s| s.owner == caller.id);
    match found {
        Some(s) => ok("Bulk job", s.job),
        None => Err(ApiError::not_found("Bulk job not found")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bulk_action_is_a_single_row_path_of_the_table_and_granted_on_the_bulk_paths() {
        for a in ACTIONS {
            assert!(permissions::lookup().contains_key(&(a.method.clone(), a.path)), "{} {}", a.module, a.path);
            assert!(GRANTS.iter().any(|(m, _)| *m == a.module), "{} has no grant on /admin/bulk", a.module);
        }
        for (m, _) in GRANTS {
            assert!(ACTIONS.iter().any(|a| a.module == *m), "{m} is granted but offers nothing");
        }
    }
}
