//! The dashboard (/admin/dashboard, module /dashboard: view).
//!
//! The composite page asks the giving service and the catalogue at once (`tokio::join!`),
//! each with a short deadline of its own: a service that fails or is slow leaves its part
//! `null` and its name in `unavailable`, never a failed page. A single card's path answers
//! 503 with a message naming its service when that service is down.
//!
//! A nonprofit admin is Allowed these paths (the permission table) and gets the same
//! figures as the main admin: they are platform-wide counts with no donor's or other
//! nonprofit's details, so nothing is narrowed for them (the simplest safe answer).

use crate::error::ApiError;
use crate::reply::{Reply, Route, ok, route};
use crate::state::{AppState, retry};
use axum::extract::{Query, State};
use axum::http::{Method, StatusCode};
use axum::routing::get;
use proto::catalogue::v1 as cat;
use proto::giving::v1 as giv;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use utoipa::ToSchema;

/// How long one card waits for its service.
const CARD_DEADLINE: Duration = Duration::from_secs(2);
const YEAR: &[(&str, &str)] = &[("year", "The year (UTC), 2000 to 2100; the current year when absent")];

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::GET, "/admin/dashboard/dashboard-data", "Giving and catalogue figures (a service that is down is listed in unavailable)", get(composite))
            .answers::<DashboardData>(),
        route(Method::GET, "/admin/dashboard/totalDonorUser", "Donors: all and active", get(donor_totals)).answers::<DonorTotals>(),
        route(Method::GET, "/admin/dashboard/yearGraphDashboardUser", "New donors and donations per month of a year", get(donor_year))
            .query(YEAR)
            .answers::<DonorYear>(),
        route(Method::GET, "/admin/dashboard/totalReqCharity", "Nonprofits and pending verification requests", get(charity_totals)).answers::<CharityTotals>(),
        route(Method::GET, "/admin/dashboard/yearGraphDashboardCharity", "Nonprofits created and pending per month of a year", get(charity_year))
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

/// The composite page: each part `null` when its service did not answer in time.
#[derive(Serialize, ToSchema)]
pub struct DashboardData {
    pub giving: Option<GivingFigures>,
    pub catalogue: Option<CatalogueFigures>,
    /// The services that did not answer: "giving", "catalogue".
    pub unavailable: Vec<String>,
}

#[derive(Serialize, ToSchema)]
pub struct DonorTotals {
    pub total: i64,
    pub active: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DonorMonth {
    /// 1 to 12.
    pub month: i32,
    /// Donors who joined in the month.
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
    pub nonprofits: i64,
    pub pending_requests: i64,
}

#[derive(Serialize, ToSchema)]
pub struct CharityMonth {
    /// 1 to 12.
    pub month: i32,
    /// Nonprofits created in the month.
    pub nonprofits: i64,
    /// Those of them still pending verification.
    pub requests: i64,
}

#[derive(Serialize, ToSchema)]
pub struct CharityYear {
    pub year: i32,
    pub months: Vec<CharityMonth>,
}

/// The giving figures of `year`, or why not (logged by the caller).
async fn giving_figures(state: &AppState, year: i32) -> Result<giv::Figures, String> {
    let call = retry(|| async { state.giving().figures(giv::FiguresRequest { year }).await });
    match tokio::time::timeout(CARD_DEADLINE, call).await {
        Ok(Ok(f)) => Ok(f.into_inner()),
        Ok(Err(s)) => Err(format!("{:?}: {}", s.code(), s.message())),
        Err(_) => Err("deadline exceeded".into()),
    }
}

async fn catalogue_figures(state: &AppState, year: i32) -> Result<cat::Figures, String> {
    let call = retry(|| async { state.catalogue().figures(cat::FiguresRequest { year }).await });
    match tokio::time::timeout(CARD_DEADLINE, call).await {
        Ok(Ok(f)) => Ok(f.into_inner()),
        Ok(Err(s)) => Err(format!("{:?}: {}", s.code(), s.message())),
        Err(_) => Err("deadline exceeded".into()),
    }
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

async fn composite(State(state): State<AppState>) -> Reply {
    let year = this_year();
    let (g, c) = tokio::join!(giving_figures(&state, year), catalogue_figures(&state, year));
    let mut unavailable = Vec::new();
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
    ok("Dashboard data", DashboardData { giving, catalogue, unavailable })
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
            Some(y) => y.parse::<i32>().ok().filter(|y| (2000..=2100).contains(y)).ok_or_else(|| ApiError::validation("year", "Please choose a valid year")),
        }
    }
}

async fn donor_totals(State(state): State<AppState>) -> Reply {
    let f = giving_figures(&state, this_year()).await.map_err(|e| down("giving", e))?;
    ok("Donor totals", DonorTotals { total: f.donors, active: f.active_donors })
}

async fn donor_year(State(state): State<AppState>, Query(q): Query<YearQuery>) -> Reply {
    let year = q.year()?;
    let f = giving_figures(&state, year).await.map_err(|e| down("giving", e))?;
    let months = f.months.into_iter().map(|m| DonorMonth { month: m.month, donors: m.new_donors, donations: m.donations, amount_cents: m.amount_cents }).collect();
    ok("Donors per month", DonorYear { year, months })
}

async fn charity_totals(State(state): State<AppState>) -> Reply {
    let f = catalogue_figures(&state, this_year()).await.map_err(|e| down("catalogue", e))?;
    ok("Nonprofit totals", CharityTotals { nonprofits: f.nonprofits, pending_requests: f.pending_requests })
}

async fn charity_year(State(state): State<AppState>, Query(q): Query<YearQuery>) -> Reply {
    let year = q.year()?;
    let f = catalogue_figures(&state, year).await.map_err(|e| down("catalogue", e))?;
    let months = f.months.into_iter().map(|m| CharityMonth { month: m.month, nonprofits: m.nonprofits, requests: m.requests }).collect();
    ok("Nonprofits per month", CharityYear { year, months })
}
