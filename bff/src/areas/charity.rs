//! Nonprofits (/admin/charity), their payment methods, the demo list (/admin/common/list)
//! and the Business Master File import (SPEC section 7, bff/API.md "Nonprofits").
//!
//! The record travels as the catalogue's proto messages, which serialise as the REST JSON.
//! Who may call what, a nonprofit admin's own-nonprofit-only calls included, is the
//! permission table's (bff/src/permissions.rs), onboarding (a body flag) included.

use super::{IdBody, StatusBody, StatusChange};
use crate::auth::Caller;
use crate::error::ApiError;
use crate::media;
use crate::reply::{Body, Empty, Reply, Route, list, list_passed_on, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::Method;
use axum::routing::{get, patch, post};
use futures::StreamExt;
use proto::catalogue::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The largest Business Master File accepted from the console.
pub const MAX_IMPORT_BYTES: u64 = 1024 * 1024 * 1024;
/// How long an uploaded file waits for its apply.
const IMPORT_TTL_MS: i64 = 60 * 60 * 1000;

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::POST, "/admin/charity/getAll", "Approved, active nonprofits by name", post(active))
            .list::<NamedCharity>(),
        route(
            Method::POST,
            "/admin/charity/charityList",
            "Page of nonprofits (isNavigator: imported tab)",
            post(list_page),
        )
        .body::<CharityListBody>()
        .page::<pb::CharityRow>(),
        route(Method::GET, "/admin/charity/get/{id}", "One nonprofit", get(one)).answers::<pb::Charity>(),
        route(Method::POST, "/admin/charity/changeVerification", "Approve or reject a nonprofit", post(verify))
            .body::<VerificationBody>()
            .answers::<pb::Charity>(),
        route(Method::POST, "/admin/charity/create", "Add a nonprofit", post(create))
            .body::<pb::CharityInput>()
            .answers::<pb::Charity>(),
        route(Method::POST, "/admin/charity/delete", "Delete a nonprofit ({ id })", post(remove)).body::<IdBody>(),
        route(Method::PATCH, "/admin/charity/update/{id}", "Edit (or onboard) a nonprofit", patch(update))
            .body::<UpdateBody>()
            .answers::<pb::Charity>(),
        route(Method::PATCH, "/admin/charity/charityStatus/{id}", "Activate or deactivate a nonprofit", patch(status))
            .body::<StatusBody>()
            .answers::<pb::Charity>(),
        route(
            Method::POST,
            "/admin/charity/import",
            "Upload a Business Master File and summarise it (dry run)",
            post(import_upload).layer(DefaultBodyLimit::max(MAX_IMPORT_BYTES as usize + 1024 * 1024)),
        )
        .long_running()
        .multipart::<ImportUpload>()
        .answers::<ImportAnswer>(),
        route(
            Method::POST,
            "/admin/charity/import/{importId}/apply",
            "Apply an uploaded Business Master File",
            post(import_apply),
        )
        .long_running()
        .answers::<ImportAnswer>(),
        route(
            Method::GET,
            "/admin/payment-method/findPaymentMethodbyCharity/{id}",
            "Payment methods of a nonprofit",
            get(payment_methods),
        )
        .list::<pb::PaymentMethod>(),
        route(Method::POST, "/admin/common/list", "Demo list of nonprofit names (type 'charity')", post(common_list))
            .body::<CommonListBody>()
            .page_of::<CommonList>(),
    ]
}

/// A nonprofit by name.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NamedCharity {
    #[serde(rename = "_id")]
    pub id: String,
    pub charity_name: String,
}

/// A nonprofit admin's own nonprofit (its principal's, never the request's), `None` when it
/// is gone; the name lists a nonprofit admin may call (the permission table's `SignedIn`)
/// name it alone: it sees no other nonprofit's name. `Ok(None)` for the main admin and
/// sub-admins (`Err` refuses a nonprofit admin without a nonprofit).
async fn own_only(state: &AppState, caller: &Caller) -> Result<Option<Option<pb::Charity>>, ApiError> {
    if caller.admin_type != common::account::CHARITY_ADMIN {
        return Ok(None);
    }
    if caller.charity_id.is_empty() {
        return Err(ApiError::forbidden());
    }
    let req = pb::CharityRef { id: caller.charity_id.clone(), actor: None };
    match call!(state.catalogue().get_charity(req)) {
        Ok(c) => Ok(Some(Some(c))),
        Err(s) if s.code() == tonic::Code::NotFound => Ok(Some(None)),
        Err(s) => Err(s.into()),
    }
}

/// Approved, onboarded and active, as the catalogue's list of active nonprofits.
fn listed_active(c: &pb::Charity) -> bool {
    !c.is_imported && c.admin_verification == "Approve" && c.is_active
}

async fn active(State(state): State<AppState>, Extension(caller): Extension<Caller>) -> Reply {
    let named = |id: String, charity_name: String| NamedCharity { id, charity_name };
    let list: Vec<NamedCharity> = match own_only(&state, &caller).await? {
        Some(own) => own.filter(listed_active).map(|c| named(c.id, c.charity_name)).into_iter().collect(),
        None => {
            let page = call!(state.catalogue().active_charities(pb::Empty {}))?;
            page.items.into_iter().map(|r| named(r.id, r.charity_name)).collect()
        }
    };
    ok("Nonprofit list", list)
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CharityListBody {
    #[serde(flatten)]
    list: super::ListBody,
    is_navigator: bool,
    admin_verification: String,
}

/// The page as the catalogue wrote it (`items_json`), passed on without decoding it.
pub(crate) async fn list_page(State(state): State<AppState>, Body(b): Body<CharityListBody>) -> Reply {
    let req = pb::ListCharitiesRequest {
        page: Some(b.list.to_page()),
        is_navigator: b.is_navigator,
        admin_verification: b.admin_verification,
        items_as_json: true,
    };
    let page = call!(state.catalogue().list_charities(req))?;
    list_passed_on("Nonprofit list", page.items, &page.items_json, page.total)
}

async fn one(State(state): State<AppState>, Path(id): Path<String>) -> Reply {
    let req = pb::CharityRef { id, actor: None };
    let c = call!(state.catalogue().get_charity(req))?;
    ok("Nonprofit details", c)
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct VerificationBody {
    pub(crate) charity_id: String,
    pub(crate) admin_verification: String,
    pub(crate) reject_reason: String,
}

pub(crate) async fn verify(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<VerificationBody>,
) -> Reply {
    let approve = b.admin_verification == "Approve";
    let req = pb::ChangeVerificationRequest {
        charity_id: b.charity_id,
        admin_verification: b.admin_verification,
        reject_reason: b.reject_reason,
        actor: Some(caller.to_pb()),
    };
    let c = call!(state.catalogue().change_verification(req))?;
    ok(if approve { "Nonprofit approved successfully" } else { "Nonprofit rejected successfully" }, c)
}

/// The files a nonprofit's form names (its logo and images: the whole record's).
fn files(b: &pb::CharityInput) -> media::Files {
    media::Files::new().one("logo", &b.logo).many("images", &b.images)
}

async fn create(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<pb::CharityInput>,
) -> Reply {
    let claim = media::CHARITY.claim(&state, &caller.to_pb(), None, files(&b)).await?;
    let req = pb::CreateCharityRequest { input: Some(b), actor: Some(caller.to_pb()) };
    let c = call_unsent!(state.catalogue().create_charity(req))?;
    claim.attach(&state, &c.id).await;
    ok("Nonprofit created successfully", c)
}

/// A nonprofit's fields, and `onboard` to onboard an imported one.
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateBody {
    #[serde(flatten)]
    input: pb::CharityInput,
    onboard: bool,
}

async fn update(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Body(b): Body<UpdateBody>,
) -> Reply {
    // Onboarding an imported nonprofit is the main admin's and sub-admins' work: the
    // permission table's `OwnWithout("onboard")` refuses it to a nonprofit admin.
    let claim = media::CHARITY.claim(&state, &caller.to_pb(), Some(&id), files(&b.input)).await?.complete();
    let req = pb::UpdateCharityRequest {
        id: id.clone(),
        input: Some(b.input),
        onboard: b.onboard,
        actor: Some(caller.to_pb()),
    };
    let c = call!(state.catalogue().update_charity(req))?;
    claim.attach(&state, &id).await;
    ok("Nonprofit updated successfully", c)
}

pub(crate) async fn status(State(state): State<AppState>, s: StatusChange) -> Reply {
    let message = s.message("Nonprofit");
    let req = pb::SetCharityStatusRequest { id: s.id, active: s.active, actor: Some(s.actor) };
    ok(&message, call!(state.catalogue().set_charity_status(req))?)
}

pub(crate) async fn remove(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<IdBody>,
) -> Reply {
    let req = pb::CharityRef { id: b.id, actor: Some(caller.to_pb()) };
    // To the trash: its admins' accounts follow it (identity hears it); its files stay its
    // own until it is purged (bff/src/trash.rs releases them).
    call_unsent!(state.catalogue().delete_charity(req))?;
    ok("Nonprofit deleted successfully", Empty {})
}

async fn payment_methods(State(state): State<AppState>, Path(id): Path<String>) -> Reply {
    let req = pb::CharityRef { id, actor: None };
    let c = call!(state.catalogue().get_charity(req))?;
    ok("Payment methods", c.payment_methods)
}

#[derive(Deserialize, Serialize, ToSchema)]
#[serde(default)]
pub struct CommonListBody {
    page: i64,
    limit: i64,
    #[serde(rename = "type")]
    kind: String,
    search: String,
}

impl Default for CommonListBody {
    fn default() -> Self {
        Self { page: 1, limit: 10, kind: String::new(), search: String::new() }
    }
}

async fn common_list(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<CommonListBody>,
) -> Reply {
    if b.kind != "charity" {
        return Err(ApiError::validation("type", "type must be charity"));
    }
    if let Some(own) = own_only(&state, &caller).await? {
        // Its own nonprofit when the list would hold it (approved, onboarded, the search
        // of more than 2 characters in its name) and the page is the first.
        let search = b.search.trim().to_lowercase();
        let list_items: Vec<NamedItem> = own
            .filter(|c| !c.is_imported && c.admin_verification == "Approve")
            .filter(|c| search.chars().count() <= 2 || c.charity_name.to_lowercase().contains(&search))
            .map(|c| NamedItem { id: c.id, name: c.charity_name })
            .into_iter()
            .collect();
        let total = list_items.len() as i64;
        let list_items = if b.page <= 1 { list_items } else { vec![] };
        return list("Nonprofit list", CommonList { list: list_items }, total);
    }
    let page = super::ListBody {
        page: b.page,
        limit: b.limit,
        search: b.search,
        column: "charityName".into(),
        order: "asc".into(),
    };
    let req = pb::ListCharitiesRequest {
        page: Some(page.to_page()),
        is_navigator: false,
        admin_verification: "Approve".into(),
        items_as_json: false,
    };
    let page = call!(state.catalogue().list_charities(req))?;
    let list_items = page.items.into_iter().map(|r| NamedItem { id: r.id, name: r.charity_name }).collect();
    list("Nonprofit list", CommonList { list: list_items }, page.total)
}

/// The demo list's page: `{ list: [{ _id, name }] }`.
#[derive(Serialize, ToSchema)]
pub struct CommonList {
    pub list: Vec<NamedItem>,
}

/// A record's id and name.
#[derive(Serialize, ToSchema)]
pub struct NamedItem {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

fn import_path(id: &str) -> String {
    format!("imports/{id}.csv")
}

/// Streams a stored upload to the catalogue's import; answers the summary.
async fn run_import(
    state: &AppState,
    import_id: &str,
    apply: bool,
    caller: &Caller,
) -> Result<pb::ImportSummary, ApiError> {
    let not_found = || ApiError::not_found("Import not found, upload the file again");
    if import_id.len() != 24 || !import_id.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(not_found());
    }
    let path = import_path(import_id);
    let Some((stream, modified, _)) = state.storage.get(&path).await? else {
        return Err(not_found());
    };
    if common::now_ms() - modified > IMPORT_TTL_MS {
        state.storage.delete(&path).await.ok();
        return Err(not_found());
    }
    // A task feeds the request stream; a storage error stops it and is remembered, so the
    // answer says so instead of reporting a short import.
    let (tx, rx) = tokio::sync::mpsc::channel::<pb::ImportChunk>(8);
    let actor = Some(caller.to_pb());
    let feeder = tokio::spawn(async move {
        let mut stream = stream;
        if tx.send(pb::ImportChunk { apply, data: vec![], actor }).await.is_err() {
            return true;
        }
        while let Some(chunk) = stream.next().await {
            match chunk {
                Ok(b) => {
                    if tx.send(pb::ImportChunk { apply: false, data: b.to_vec(), actor: None }).await.is_err() {
                        return true;
                    }
                }
                Err(e) => {
                    tracing::error!(error = %e, "the stored upload could not be read to its end");
                    return false;
                }
            }
        }
        true
    });
    let chunks = tokio_stream::wrappers::ReceiverStream::new(rx);
    let summary = state.catalogue_long().import_bmf(chunks).await?.into_inner();
    if !feeder.await.unwrap_or(false) {
        return Err(ApiError::new(
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            "STORAGE_UNAVAILABLE",
            "File storage is unavailable, please try again later",
        ));
    }
    Ok(summary)
}

/// An import's summary and the id its apply names.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportAnswer {
    #[serde(flatten)]
    pub summary: pb::ImportSummary,
    pub import_id: String,
}

fn summary_json(id: &str, summary: pb::ImportSummary) -> ImportAnswer {
    ImportAnswer { summary, import_id: id.to_string() }
}

/// The multipart form of an import: the Business Master File (.csv).
#[derive(ToSchema)]
pub struct ImportUpload {
    #[schema(format = Binary)]
    pub file: String,
}

async fn import_upload(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    mut form: Multipart,
) -> Reply {
    let read_error = |e: axum::extract::multipart::MultipartError| {
        ApiError::validation("file", &format!("The upload could not be read: {}", e.body_text()))
    };
    let id = common::new_id();
    let mut stored = false;
    while let Some(field) = form.next_field().await.map_err(read_error)? {
        if field.name() != Some("file") {
            continue;
        }
        let name = field.file_name().unwrap_or_default().to_ascii_lowercase();
        if !name.is_empty() && !name.ends_with(".csv") && !name.ends_with(".txt") {
            return Err(ApiError::validation("file", "Please choose a Business Master File (.csv)"));
        }
        let mut field = field;
        let w = state
            .storage
            .writer(&import_path(&id), MAX_IMPORT_BYTES, || {
                ApiError::validation("file", "The file is larger than 1 GB")
            })
            .await?;
        w.write_field(&mut field, read_error).await?;
        stored = true;
    }
    if !stored {
        return Err(ApiError::validation("file", "Please choose a Business Master File (.csv)"));
    }
    match run_import(&state, &id, false, &caller).await {
        Ok(s) => ok("Import checked: nothing is written until you apply it", summary_json(&id, s)),
        Err(e) => {
            state.storage.delete(&import_path(&id)).await.ok();
            Err(e)
        }
    }
}

async fn import_apply(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(import_id): Path<String>,
) -> Reply {
    let s = run_import(&state, &import_id, true, &caller).await?;
    state.storage.delete(&import_path(&import_id)).await.ok();
    ok("Import applied successfully", summary_json(&import_id, s))
}
