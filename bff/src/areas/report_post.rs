//! Reported posts (/admin/reportPost, module /reporte_post; issue 14): posts with open
//! reports, newest report first, and deleting one (its reports closed).

use super::ListBody;
use crate::auth::Caller;
use crate::reply::{Body, Empty, Reply, Route, list, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{Path, State};
use axum::http::Method;
use axum::routing::post;
use proto::engagement::v1 as pb;

pub fn routes() -> Vec<Route> {
    vec![
        route(
            Method::POST,
            "/admin/reportPost/reportPostList",
            "Page of posts with open reports, newest report first (search: post text, community name)",
            post(list_page),
        )
        .body::<ListBody>()
        .page::<pb::ReportedPost>(),
        route(
            Method::POST,
            "/admin/reportPost/deletePost/{id}",
            "Delete a reported post (listed nowhere anymore) and close its reports",
            post(delete_post),
        ),
    ]
}

pub(crate) async fn list_page(State(state): State<AppState>, Body(b): Body<ListBody>) -> Reply {
    let req = pb::ListReportedPostsRequest { page: Some(b.to_page()) };
    let r = call!(state.engagement().list_reported_posts(req))?;
    list("Reported post list", r.items, r.total)
}

pub(crate) async fn delete_post(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Reply {
    let req = pb::PostRef { id, actor: Some(caller.to_pb()) };
    call_unsent!(state.engagement().delete_post(req))?;
    ok("Post deleted successfully", Empty {})
}
