//! Success shapes of the REST contract, and the route description each area gives.

use crate::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::extract::FromRequest;
use axum::http::Method;
use axum::routing::MethodRouter;
use serde::Serialize;
use serde_json::{Value, json};

pub type Reply = Result<Json<Value>, ApiError>;

pub fn ok(message: &str, data: impl Serialize) -> Reply {
    Ok(Json(json!({ "message": message, "data": data })))
}

pub fn list(message: &str, data: impl Serialize, total: i64) -> Reply {
    Ok(Json(json!({ "message": message, "data": data, "total_records": total })))
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
