//! Success shapes of the REST contract, and the route description each area gives.

use crate::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::extract::FromRequest;
use axum::http::Method;
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;
use serde::Serialize;

pub type Reply = Result<Response, ApiError>;

/// A success body, written straight from the handler's data (no JSON value tree between).
#[derive(Serialize)]
struct Success<'a, T> {
    message: &'a str,
    data: T,
    #[serde(skip_serializing_if = "Option::is_none")]
    total_records: Option<i64>,
}

pub fn ok(message: &str, data: impl Serialize) -> Reply {
    Ok(Json(Success { message, data, total_records: None }).into_response())
}

pub fn list(message: &str, data: impl Serialize, total: i64) -> Reply {
    Ok(Json(Success { message, data, total_records: Some(total) }).into_response())
}

/// A JSON body whose rejection is our 400 shape.
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Body<T>(pub T);

/// One REST route: method, path template (as in the permission table), summary for
/// the OpenAPI document, its handler, and whether it may run past the request deadline.
pub struct Route {
    pub method: Method,
    pub path: &'static str,
    pub summary: &'static str,
    pub handler: MethodRouter<AppState>,
    pub long_running: bool,
}

pub fn route(method: Method, path: &'static str, summary: &'static str, handler: MethodRouter<AppState>) -> Route {
    Route { method, path, summary, handler, long_running: false }
}

impl Route {
    /// No deadline: the call works through a whole uploaded file (imports), however long.
    pub fn long_running(mut self) -> Self {
        self.long_running = true;
        self
    }
}
