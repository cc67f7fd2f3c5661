//! Posts, comments and likes (/v1/posts, module /community; issue 14). The admin likes,
//! comments and replies as the platform's admin account (the engagement service writes them
//! so when no donor is named; the actor names the real admin). Every post list holds at most
//! 100 rows a page (the service caps the limit; the total counts them all).

use super::PagingQuery;
use super::{ListBody, StatusBody, StatusChange};
use crate::auth::Caller;
use crate::reply::{Body, Reply, Route, list, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{Path, Query, State};
use axum::http::Method;
use axum::routing::{get, post};
use proto::engagement::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

const PAGING: &[(&str, &str)] = &[("page", "Page number, from 1 (default 1)"), ("limit", "Page size (default 10)")];

pub fn routes() -> Vec<Route> {
    vec![
        route(
            Method::POST,
            "/v1/posts/list",
            "Page of active posts of every community, newest first (at most 100 a page; search: text)",
            post(list_all),
        )
        .body::<ListBody>()
        .page::<pb::Post>(),
        route(
            Method::POST,
            "/v1/posts/communityPosts",
            "Page of a community's active posts, newest first (at most 100 a page)",
            post(community_posts),
        )
        .body::<CommunityPostsBody>()
        .page::<pb::Post>(),
        route(
            Method::POST,
            "/v1/posts/InActivePostList",
            "Page of a community's inactive posts, newest first (at most 100 a page)",
            post(inactive_posts),
        )
        .body::<CommunityPostsBody>()
        .page::<pb::Post>(),
        route(Method::POST, "/v1/posts/activeInActivePost/{id}", "Activate or deactivate a post", post(set_active))
            .body::<StatusBody>()
            .answers::<pb::Post>(),
        route(
            Method::POST,
            "/v1/posts/likeUnlikePost/{id}",
            "Like a post as the platform, or unlike it when liked",
            post(like_post),
        )
        .answers::<pb::LikeResult>(),
        route(Method::POST, "/v1/posts/postComment", "Comment on a post as the platform", post(comment))
            .body::<CommentBody>()
            .answers::<pb::Comment>(),
        route(Method::POST, "/v1/posts/postCommentRply", "Reply to a comment as the platform", post(reply))
            .body::<ReplyBody>()
            .answers::<pb::Comment>(),
        route(
            Method::GET,
            "/v1/posts/getPostCommnetList/{id}",
            "Page of a post's comments, newest first, each with its replies",
            get(comments),
        )
        .query(PAGING)
        .page::<pb::Comment>(),
        route(
            Method::POST,
            "/v1/posts/likeUnlikeComment/{id}",
            "Like a comment as the platform, or unlike it when liked",
            post(like_comment),
        )
        .answers::<pb::LikeResult>(),
    ]
}

/// `{ communityId, page, limit }`.
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CommunityPostsBody {
    pub community_id: String,
    pub page: i64,
    pub limit: i64,
}

impl Default for CommunityPostsBody {
    fn default() -> Self {
        Self { community_id: String::new(), page: 1, limit: 10 }
    }
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CommentBody {
    pub post_id: String,
    pub text: String,
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ReplyBody {
    pub comment_id: String,
    pub text: String,
}

fn page(page: i64, limit: i64) -> Option<proto::common::v1::PageRequest> {
    Some(proto::common::v1::PageRequest { page, limit, ..Default::default() })
}

async fn posts(state: &AppState, req: pb::ListPostsRequest, message: &str) -> Reply {
    let r = call!(state.engagement().list_posts(req))?;
    list(message, r.items, r.total)
}

async fn list_all(State(state): State<AppState>, Body(b): Body<ListBody>) -> Reply {
    posts(
        &state,
        pb::ListPostsRequest { page: Some(b.to_page()), community_id: String::new(), inactive: false },
        "Post list",
    )
    .await
}

async fn community_posts(State(state): State<AppState>, Body(b): Body<CommunityPostsBody>) -> Reply {
    posts(
        &state,
        pb::ListPostsRequest { page: page(b.page, b.limit), community_id: b.community_id, inactive: false },
        "Community posts",
    )
    .await
}

async fn inactive_posts(State(state): State<AppState>, Body(b): Body<CommunityPostsBody>) -> Reply {
    posts(
        &state,
        pb::ListPostsRequest { page: page(b.page, b.limit), community_id: b.community_id, inactive: true },
        "Inactive posts",
    )
    .await
}

async fn set_active(State(state): State<AppState>, s: StatusChange) -> Reply {
    let message = s.message("Post");
    let req = pb::SetPostActiveRequest { id: s.id, is_active: s.active, actor: Some(s.actor) };
    ok(&message, call!(state.engagement().set_post_active(req))?)
}

/// A like by the platform's account (no donor named): like again = unlike.
fn platform_like(id: String, caller: &Caller) -> pb::LikeRequest {
    pb::LikeRequest { id, donor: None, liked: None, actor: Some(caller.to_pb()) }
}

async fn like_post(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Reply {
    let req = platform_like(id, &caller);
    let r = call_unsent!(state.engagement().like_post(req))?;
    ok(if r.liked { "Post liked successfully" } else { "Post unliked successfully" }, r)
}

async fn like_comment(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Reply {
    let req = platform_like(id, &caller);
    let r = call_unsent!(state.engagement().like_comment(req))?;
    ok(if r.liked { "Comment liked successfully" } else { "Comment unliked successfully" }, r)
}

async fn comment(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<CommentBody>,
) -> Reply {
    let req = pb::AddCommentRequest { post_id: b.post_id, text: b.text, donor: None, actor: Some(caller.to_pb()) };
    let c = call_unsent!(state.engagement().add_comment(req))?;
    ok("Comment added successfully", c)
}

async fn reply(State(state): State<AppState>, Extension(caller): Extension<Caller>, Body(b): Body<ReplyBody>) -> Reply {
    let req = pb::AddReplyRequest { comment_id: b.comment_id, text: b.text, donor: None, actor: Some(caller.to_pb()) };
    let c = call_unsent!(state.engagement().add_reply(req))?;
    ok("Reply added successfully", c)
}

async fn comments(State(state): State<AppState>, Path(id): Path<String>, Query(q): Query<PagingQuery>) -> Reply {
    let req = pb::ListCommentsRequest { post_id: id, page: page(q.page, q.limit) };
    let r = call!(state.engagement().list_comments(req))?;
    list("Comment list", r.items, r.total)
}
