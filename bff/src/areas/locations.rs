//! Countries, states and cities (SPEC section 7, Locations).

use crate::error::ApiError;
use crate::reply::{Reply, Route, ok, route};
use crate::state::AppState;
use crate::transport::call;
use axum::extract::{Query, State};
use axum::http::Method;
use axum::routing::get;
use proto::identity::v1 as pb;
use serde::Serialize;
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::GET, "/v1/common/getAllCountry", "Every country", get(countries)).list::<Place>(),
        route(Method::GET, "/v1/common/getAllState", "States of a country (countryId)", get(states))
            .query(&[("countryId", "The country's id")])
            .list::<Place>(),
        route(Method::GET, "/v1/common/getAllCities", "Cities of a state (stateId)", get(cities))
            .query(&[("stateId", "The state's id")])
            .list::<Place>(),
    ]
}

/// A country, state or city.
#[derive(Serialize, ToSchema)]
pub struct Place {
    pub id: i64,
    pub name: String,
    pub code: String,
}

fn items(p: pb::Places) -> Vec<Place> {
    p.items.into_iter().map(|i| Place { id: i.id, name: i.name, code: i.code }).collect()
}

/// Reads a numeric id from the query, with a clear message when absent or malformed.
fn id_param(q: &std::collections::HashMap<String, String>, name: &str, message: &str) -> Result<i64, ApiError> {
    q.get(name)
        .and_then(|v| v.trim().parse().ok())
        .filter(|v: &i64| *v > 0)
        .ok_or_else(|| ApiError::validation(name, message))
}

async fn countries(State(state): State<AppState>) -> Reply {
    let p = call!(state.identity().list_countries(pb::Empty {}))?;
    ok("Country list", items(p))
}

async fn states(State(state): State<AppState>, Query(q): Query<std::collections::HashMap<String, String>>) -> Reply {
    let country_id = id_param(&q, "countryId", "Please select a valid country")?;
    let p = call!(state.identity().list_states(pb::ListStatesRequest { country_id }))?;
    ok("State list", items(p))
}

async fn cities(State(state): State<AppState>, Query(q): Query<std::collections::HashMap<String, String>>) -> Reply {
    let state_id = id_param(&q, "stateId", "Please select a valid state")?;
    let p = call!(state.identity().list_cities(pb::ListCitiesRequest { state_id }))?;
    ok("City list", items(p))
}
