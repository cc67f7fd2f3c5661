//! Subscribed and one-time donors (/admin/subscribed-donor, module /subscribed_donor: view):
//! a donor's totals per recipient.

use super::ListBody;
use crate::reply::{Body, Reply, Route, list, route};
use crate::state::AppState;
use crate::transport::call;
use axum::extract::State;
use axum::http::Method;
use axum::routing::post;
use proto::giving::v1 as pb;

pub fn routes() -> Vec<Route> {
    vec![
        route(
            Method::POST,
            "/admin/subscribed-donor/subscribeDonor",
            "Page of donors with subscriptions, per recipient",
            post(subscribed),
        )
        .body::<ListBody>()
        .page::<pb::DonorTotalsRow>(),
        route(
            Method::POST,
            "/admin/subscribed-donor/oneTime",
            "Page of one-time donors, per recipient",
            post(one_time),
        )
        .body::<ListBody>()
        .page::<pb::DonorTotalsRow>(),
    ]
}

async fn totals(state: AppState, b: ListBody, subscribed: bool) -> Reply {
    let req = pb::ListDonorTotalsRequest { page: Some(b.to_page()), subscribed };
    let page = call!(state.giving().list_donor_totals(req))?;
    list("Donor list", page.items, page.total)
}

async fn subscribed(State(state): State<AppState>, Body(b): Body<ListBody>) -> Reply {
    totals(state, b, true).await
}

async fn one_time(State(state): State<AppState>, Body(b): Body<ListBody>) -> Reply {
    totals(state, b, false).await
}
