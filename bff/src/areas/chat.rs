//! The chat's REST paths (/admin/chat, module /chat; issue 16). The conversation itself
//! runs over socket.io (bff/src/live); these open a donor's room and clear the admin side's
//! view of one. Decisions (README "Chat"): one room per donor, one shared admin inbox;
//! clearing hides the room's messages up to now from the admin side only (the donor keeps
//! its copy).

use crate::auth::Caller;
use crate::error::{ApiError, FieldError};
use crate::live::names;
use crate::live::room::one_with_presence;
use crate::live::wire::RoomAnswer;
use crate::reply::{Body, Reply, Route, ok, route};
use crate::state::AppState;
use crate::transport::call;
use axum::Extension;
use axum::extract::{Path, State};
use axum::http::Method;
use axum::routing::{delete, get, post};
use proto::chat::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    vec![
        route(
            Method::POST,
            "/admin/chat/createRoom",
            "Open a donor's chat room (the same room when it has one)",
            post(create_room),
        )
        .body::<CreateRoomBody>()
        .answers::<pb::Room>(),
        route(
            Method::DELETE,
            "/admin/chat/clearChatHistory/{id}",
            "Clear a room's history from the admin side (the donor keeps its copy)",
            delete(clear_history),
        )
        .answers::<pb::Room>(),
        route(
            Method::GET,
            "/admin/chat/unread",
            "What the admin side has not read: conversations with an unread message, and those messages",
            get(unread),
        )
        .answers::<Unread>(),
    ]
}

/// The Message menu entry's count.
#[derive(Serialize, ToSchema)]
pub struct Unread {
    /// Conversations with a message the admin side has not read.
    pub rooms: i64,
    /// Their unread messages.
    pub messages: i64,
}

async fn unread(State(state): State<AppState>) -> Reply {
    let r = call!(state.chat().unread_total(pb::Empty {}))?;
    ok("Unread messages", Unread { rooms: r.rooms, messages: r.messages })
}

/// `{ userId }`: the donor whose room to open.
#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CreateRoomBody {
    pub user_id: String,
}

async fn create_room(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<CreateRoomBody>,
) -> Reply {
    let user_id = b.user_id.trim().to_string();
    if user_id.is_empty() {
        return Err(ApiError::validation("userId", "Please select a user"));
    }
    let not_found = || {
        let mut e = ApiError::not_found("User not found");
        e.errors = vec![FieldError { field: "userId".into(), message: "User not found".into() }];
        e
    };
    // The donor as giving knows it now (unknown or deleted: 404).
    let user = crate::live::app::room_user(&state, &user_id).await?.ok_or_else(not_found)?;
    let req = pb::OpenRoomRequest { user_id, actor: Some(caller.to_pb()), user: Some(user) };
    // Opening is idempotent (the donor's one room), so a retry is safe.
    let room = match call!(state.chat().open_room(req)) {
        Ok(r) => r,
        Err(s) if s.code() == tonic::Code::NotFound => return Err(not_found()),
        Err(s) => return Err(s.into()),
    };
    ok("Room opened successfully", one_with_presence(&state, room).await)
}

async fn clear_history(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Reply {
    let req = pb::ClearHistoryRequest { room_id: id.clone(), actor: Some(caller.to_pb()) };
    let room = call!(state.chat().clear_history(req))?;
    // The cleared messages' pictures go with them.
    crate::media::ROOM.release(&state, &caller.to_pb(), &id).await;
    let room = one_with_presence(&state, room).await;
    // Every console's room list shows the cleared room at once.
    if let Some(live) = state.live.get() {
        live.emit(
            names::ADMIN_NS,
            vec![names::ADMINS_ROOM.to_string()],
            names::ROOM,
            &RoomAnswer { room: room.clone() },
        )
        .await;
    }
    ok("Chat history cleared successfully", room)
}
