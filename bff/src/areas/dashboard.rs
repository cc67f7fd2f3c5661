//! The dashboard (/admin/dashboard, module /dashboard: view).
//!
//! The composite page asks its services at once (`tokio::join!`), each with a short deadline
//! of its own: a service that fails or is slow leaves its part `null` and its name in
//! `unavailable`, never a failed page. A single card's path answers 503 with a message naming
//! its service when that service is down.
//!
//! Who asks decides what is counted. The main admin and sub-admins get the platform's
//! figures (giving's counters and months, the catalogue's nonprofit counts). A nonprofit
//! admin (Allowed these paths by the permission table) gets its own nonprofit's only, the
//! nonprofit of its principal and never one a request names: donations to it, its donors
//! and subscriptions and its months (giving's kept per-recipient months), the events it
//! hosts and the communities that support it (engagement), its own name and verification
//! (the catalogue). What has no meaning for one nonprofit (active donor accounts, giving
//! partners, every nonprofit's counts and requests) is not sent to it.

use crate::auth::Caller;
use crate::error::ApiError;
use crate::reply::{Reply, Route, ok, route};
use crate::state::AppState;
use axum::Extension;
use axum::extract::{FromRequestParts, Query, State};
use axum::http::request::Parts;
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use proto::catalogue::v1 as cat;
use proto::engagement::v1 as eng;
use proto::giving::v1 as giv;
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::time::Duration;
use utoipa::ToSchema;

/// How long one card waits for its service.
const CARD_DEADLINE: Duration = Duration::from_secs(2);
const YEAR: &[(&str, &str)] = &[("year", "The year (UTC), 2000 to 2100; the current year when absent")];

pub fn routes() -> Vec<Route> {
    vec![
        route(
            Method::GET,
            "/admin/dashboard/dashboard-data",
            "The platform's figures, or a nonprofit admin's own nonprofit's (a service that is down is listed in unavailable)",
            get(composite),
        )
        .answers::<DashboardData>(),
        route(Method::GET, "/admin/dashboard/totalDonorUser", "Donors: all and active (a nonprofit admin: its donors)", get(donor_totals))
            .answers::<DonorTotals>(),
        route(
            Method::GET,
            "/admin/dashboard/yearGraphDashboardUser",
            "New donors and donations per month of a year (a nonprofit admin: its own)",
            get(donor_year),
        )
        .query(YEAR)
        .answers::<DonorYear>(),
        route(
            Method::GET,
            "/admin/dashboard/totalReqCharity",
            "Nonprofits and pending verification requests (a nonprofit admin: its own nonprofit)",
            get(charity_totals),
        )
        .answers::<CharityTotals>(),
        route(
            Method::GET,
            "/admin/dashboard/yearGraphDashboardCharity",
            "Nonprofits created and pending per month of a year (a nonprofit admin: its own nonprofit)",
            get(charity_year),
        )
        .query(YEAR)
        .answers::<CharityYear>(),
    ]
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GivingFigures {
    pub donors: i64,
    pub active_donors: i64,
    pub donations: i64,
    pub amount_cents: i64,
    pub active_subscriptions: i64,
    pub approved_partners: i64,
    pub pending_partners: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogueFigures {
    pub nonprofits: i64,
    pub approved: i64,
    pub pending_requests: i64,
    pub causes: i64,
    pub categories: i64,
}

/// The composite page: the platform's (main admin, sub-admins), or a nonprofit admin's own
/// nonprofit's (it holds `nonprofit`).
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum DashboardData {
    Platform(PlatformDashboard),
    Nonprofit(NonprofitDashboard),
}

/// The platform's figures: each part `null` when its service did not answer in time.
#[derive(Serialize, ToSchema)]
pub struct PlatformDashboard {
    pub giving: Option<GivingFigures>,
    pub catalogue: Option<CatalogueFigures>,
    /// The services that did not answer: "giving", "catalogue".
    pub unavailable: Vec<String>,
}

/// A nonprofit admin's page: its own nonprofit's figures only, each part `null` when its
/// service did not answer in time.
#[derive(Serialize, ToSchema)]
pub struct NonprofitDashboard {
    /// Its nonprofit (the catalogue).
    #[schema(required = true)]
    pub nonprofit: Option<OwnNonprofit>,
    /// Donations to it (giving).
    pub giving: Option<NonprofitGiving>,
    /// The events it hosts and the communities that support it (engagement).
    pub engagement: Option<NonprofitEngagement>,
    /// The services that did not answer: "giving", "catalogue", "engagement".
    pub unavailable: Vec<String>,
}

/// The nonprofit admin's nonprofit.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnNonprofit {
    #[serde(rename = "_id")]
    pub id: String,
    pub charity_name: String,
    /// Pending, Approve or Reject.
    pub admin_verification: String,
}

/// Donations to one nonprofit.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NonprofitGiving {
    /// Donors with a succeeded gift to it.
    pub donors: i64,
    /// Its succeeded donations and their amount.
    pub donations: i64,
    pub amount_cents: i64,
    /// Active subscriptions to it.
    pub active_subscriptions: i64,
}

/// What engagement holds of one nonprofit (deleted events and communities left out).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NonprofitEngagement {
    /// Events it hosts, and those not ended yet.
    pub events: i64,
    pub upcoming_events: i64,
    /// Communities whose nonprofits include it, and their members.
    pub communities: i64,
    pub community_members: i64,
}

#[derive(Serialize, ToSchema)]
pub struct DonorTotals {
    /// Every donor (a nonprofit admin: the donors with a succeeded gift to its nonprofit).
    pub total: i64,
    /// Donors whose account is active; absent for a nonprofit admin.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub active: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DonorMonth {
    /// 1 to 12.
    pub month: i32,
    /// Donors who joined in the month (a nonprofit admin: donors whose first gift to its
    /// nonprofit fell in the month).
    pub donors: i64,
    pub donations: i64,
    pub amount_cents: i64,
}

#[derive(Serialize, ToSchema)]
pub struct DonorYear {
    pub year: i32,
    pub months: Vec<DonorMonth>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CharityTotals {
    /// Onboarded nonprofits (a nonprofit admin: 1, its own).
    pub nonprofits: i64,
    /// Pending verification requests (a nonprofit admin: 1 while its own is pending).
    pub pending_requests: i64,
}

#[derive(Serialize, ToSchema)]
pub struct CharityMonth {
    /// 1 to 12.
    pub month: i32,
    /// Nonprofits created in the month (a nonprofit admin: its own, in the month it was created).
    pub nonprofits: i64,
    /// Those of them still pending verification.
    pub requests: i64,
}

#[derive(Serialize, ToSchema)]
pub struct CharityYear {
    pub year: i32,
    pub months: Vec<CharityMonth>,
}

/// Whose figures a request gets: the platform's, or one nonprofit's (a nonprofit admin's
/// principal names it; one without a nonprofit is refused).
enum Scope {
    Platform,
    Nonprofit(String),
}

fn scope(caller: &Caller) -> Result<Scope, ApiError> {
    if caller.admin_type != common::account::CHARITY_ADMIN {
        return Ok(Scope::Platform);
    }
    if caller.charity_id.is_empty() {
        return Err(ApiError::forbidden());
    }
    Ok(Scope::Nonprofit(caller.charity_id.clone()))
}

/// A service call within the card deadline, or why not (logged by the caller).
async fn within<T, F, Fut>(call: F) -> Result<T, String>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<tonic::Response<T>, tonic::Status>>,
{
    crate::transport::within(CARD_DEADLINE, call).await
}

/// The platform's giving figures of `year`.
async fn giving_figures(state: &AppState, year: i32) -> Result<giv::Figures, String> {
    within(|| async { state.giving().figures(giv::FiguresRequest { year }).await }).await
}

/// The giving figures of donations to one nonprofit, with its months of `year`.
async fn nonprofit_giving(state: &AppState, charity_id: &str, year: i32) -> Result<giv::RecipientFigures, String> {
    let req = giv::RecipientFiguresRequest { recipient_id: charity_id.to_string(), year };
    within(|| async { state.giving().recipient_figures(req.clone()).await }).await
}

async fn catalogue_figures(state: &AppState, year: i32) -> Result<cat::Figures, String> {
    within(|| async { state.catalogue().figures(cat::FiguresRequest { year }).await }).await
}

/// The nonprofit admin's own nonprofit.
async fn own_charity(state: &AppState, charity_id: &str) -> Result<cat::Charity, String> {
    let req = cat::CharityRef { id: charity_id.to_string(), actor: None };
    within(|| async { state.catalogue().get_charity(req.clone()).await }).await
}

async fn nonprofit_engagement(state: &AppState, charity_id: &str) -> Result<eng::NonprofitFigures, String> {
    let req = eng::NonprofitFiguresRequest { charity_id: charity_id.to_string() };
    within(|| async { state.engagement().nonprofit_figures(req.clone()).await }).await
}

/// The part of a service that answered; a failure is logged and its name listed.
fn part<T, U>(name: &str, r: Result<T, String>, unavailable: &mut Vec<String>, f: impl FnOnce(T) -> U) -> Option<U> {
    match r {
        Ok(v) => Some(f(v)),
        Err(e) => {
            tracing::warn!(service = name, error = %e, "dashboard figures unavailable");
            unavailable.push(name.into());
            None
        }
    }
}

fn this_year() -> i32 {
    common::calendar::year_of(common::now_ms())
}

async fn composite(State(state): State<AppState>, Extension(caller): Extension<Caller>) -> Reply {
    let year = this_year();
    let mut unavailable = Vec::new();
    let data = match scope(&caller)? {
        Scope::Platform => {
            let (g, c) = tokio::join!(giving_figures(&state, year), catalogue_figures(&state, year));
            let giving = part("giving", g, &mut unavailable, |f| GivingFigures {
                donors: f.donors,
                active_donors: f.active_donors,
                donations: f.donations,
                amount_cents: f.amount_cents,
                active_subscriptions: f.active_subscriptions,
                approved_partners: f.approved_partners,
                pending_partners: f.pending_partners,
            });
            let catalogue = part("catalogue", c, &mut unavailable, |f| CatalogueFigures {
                nonprofits: f.nonprofits,
                approved: f.approved,
                pending_requests: f.pending_requests,
                causes: f.causes,
                categories: f.categories,
            });
            DashboardData::Platform(PlatformDashboard { giving, catalogue, unavailable })
        }
        Scope::Nonprofit(id) => {
            let (g, c, e) = tokio::join!(
                nonprofit_giving(&state, &id, year),
                own_charity(&state, &id),
                nonprofit_engagement(&state, &id)
            );
            let giving = part("giving", g, &mut unavailable, |f| NonprofitGiving {
                donors: f.donors,
                donations: f.donations,
                amount_cents: f.amount_cents,
                active_subscriptions: f.active_subscriptions,
            });
            let nonprofit = part("catalogue", c, &mut unavailable, |c| OwnNonprofit {
                id: c.id,
                charity_name: c.charity_name,
                admin_verification: c.admin_verification,
            });
            let engagement = part("engagement", e, &mut unavailable, |f| NonprofitEngagement {
                events: f.events,
                upcoming_events: f.upcoming_events,
                communities: f.communities,
                community_members: f.community_members,
            });
            DashboardData::Nonprofit(NonprofitDashboard { nonprofit, giving, engagement, unavailable })
        }
    };
    ok("Dashboard data", data)
}

/// The 503 of a card whose service is down.
fn down(name: &str, e: String) -> ApiError {
    tracing::warn!(service = name, error = %e, "dashboard card unavailable");
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "UNAVAILABLE", format!("The {name} service is unavailable"))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct YearQuery {
    year: Option<String>,
}

impl YearQuery {
    /// The asked year (2000..=2100), the current one when absent.
    fn year(&self) -> Result<i32, ApiError> {
        match self.year.as_deref().map(str::trim) {
            None | Some("") => Ok(this_year()),
            Some(y) => y
                .parse::<i32>()
                .ok()
                .filter(|y| (2000..=2100).contains(y))
                .ok_or_else(|| ApiError::validation("year", "Please choose a valid year")),
        }
    }
}

/// What a year's graph takes: the year (`?year`, checked first: a bad one is the 400) and
/// the caller's scope.
struct InYear {
    year: i32,
    scope: Scope,
}

impl FromRequestParts<AppState> for InYear {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Response> {
        let Extension(caller) =
            Extension::<Caller>::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
        let Query(q) =
            Query::<YearQuery>::from_request_parts(parts, state).await.map_err(IntoResponse::into_response)?;
        let year = q.year().map_err(IntoResponse::into_response)?;
        Ok(Self { year, scope: scope(&caller).map_err(IntoResponse::into_response)? })
    }
}

async fn donor_totals(State(state): State<AppState>, Extension(caller): Extension<Caller>) -> Reply {
    let totals = match scope(&caller)? {
        Scope::Platform => {
            let f = giving_figures(&state, this_year()).await.map_err(|e| down("giving", e))?;
            DonorTotals { total: f.donors, active: Some(f.active_donors) }
        }
        Scope::Nonprofit(id) => {
            let f = nonprofit_giving(&state, &id, this_year()).await.map_err(|e| down("giving", e))?;
            DonorTotals { total: f.donors, active: None }
        }
    };
    ok("Donor totals", totals)
}

async fn donor_year(State(state): State<AppState>, InYear { year, scope }: InYear) -> Reply {
    let months = match scope {
        Scope::Platform => giving_figures(&state, year).await.map_err(|e| down("giving", e))?.months,
        Scope::Nonprofit(id) => nonprofit_giving(&state, &id, year).await.map_err(|e| down("giving", e))?.months,
    };
    let months = months
        .into_iter()
        .map(|m| DonorMonth {
            month: m.month,
            donors: m.new_donors,
            donations: m.donations,
            amount_cents: m.amount_cents,
        })
        .collect();
    ok("Donors per month", DonorYear { year, months })
}

async fn charity_totals(State(state): State<AppState>, Extension(caller): Extension<Caller>) -> Reply {
    let totals = match scope(&caller)? {
        Scope::Platform => {
            let f = catalogue_figures(&state, this_year()).await.map_err(|e| down("catalogue", e))?;
            CharityTotals { nonprofits: f.nonprofits, pending_requests: f.pending_requests }
        }
        Scope::Nonprofit(id) => {
            let c = own_charity(&state, &id).await.map_err(|e| down("catalogue", e))?;
            CharityTotals { nonprofits: 1, pending_requests: i64::from(c.admin_verification == "Pending") }
        }
    };
    ok("Nonprofit totals", totals)
}

async fn charity_year(State(state): State<AppState>, InYear { year, scope }: InYear) -> Reply {
    let months = match scope {
        Scope::Platform => {
            let f = catalogue_figures(&state, year).await.map_err(|e| down("catalogue", e))?;
            f.months
                .into_iter()
                .map(|m| CharityMonth { month: m.month, nonprofits: m.nonprofits, requests: m.requests })
                .collect()
        }
        Scope::Nonprofit(id) => {
            // Its own nonprofit, in the month it was created.
            let c = own_charity(&state, &id).await.map_err(|e| down("catalogue", e))?;
            let created = (common::calendar::year_of(c.created_at) == year).then(|| {
                let bounds = common::calendar::month_bounds(year);
                bounds[1..].iter().position(|end| c.created_at < *end).map_or(12, |i| i as i32 + 1)
            });
            let pending = i64::from(c.admin_verification == "Pending");
            (1..=12)
                .map(|month| {
                    let here = i64::from(created == Some(month));
                    CharityMonth { month, nonprofits: here, requests: here * pending }
                })
                .collect()
        }
    };
    ok("Nonprofits per month", CharityYear { year, months })
}
