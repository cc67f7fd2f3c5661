//! Nonprofit-admin accounts (bff/API.md "Nonprofit admins"): the main admin (re)sends a
//! nonprofit's admin contact its invitation, and the link's holder sets the first password.
//! Approval sends the first invitation by itself (identity consumes the catalogue's event).

use crate::auth::Caller;
use crate::error::ApiError;
use crate::reply::{Body, Empty, Reply, Route, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{Path, State};
use axum::http::{Method, StatusCode};
use axum::routing::post;
use proto::catalogue::v1 as cat;
use proto::identity::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    vec![
        route(
            Method::POST,
            "/admin/charity/inviteAdmin/{id}",
            "Send (again) an approved nonprofit's admin contact the link to set a password",
            post(invite),
        )
        .answers::<InvitationSent>(),
        route(
            Method::POST,
            "/admin-login/setPassword",
            "Set a nonprofit admin's first password with an invitation link's token",
            post(set_password),
        )
        .body::<SetPasswordBody>(),
    ]
}

async fn invite(State(state): State<AppState>, Extension(caller): Extension<Caller>, Path(id): Path<String>) -> Reply {
    let req = cat::CharityRef { id, actor: None };
    let c = call!(state.catalogue().get_charity(req))?;
    if c.admin_verification != "Approve" {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "CONFLICT",
            "Only an approved nonprofit's admin can be invited",
        ));
    }
    let req = pb::InviteCharityAdminRequest {
        actor: Some(caller.to_pb()),
        charity_id: c.id,
        charity_name: c.charity_name,
        email: c.admin_email,
        first_name: c.admin_first_name,
        last_name: c.admin_last_name,
        console_url: state.settings.public_url.clone(),
    };
    let sent = call_unsent!(state.identity().invite_charity_admin(req))?;
    ok(
        &format!("Invitation sent to {}", sent.email),
        InvitationSent { user_id: sent.user_id, email: sent.email, expires_at: sent.expires_at },
    )
}

/// The invitation sent: the nonprofit admin's account, where it went, until when it holds.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationSent {
    pub user_id: String,
    pub email: String,
    /// Milliseconds since the epoch.
    pub expires_at: i64,
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SetPasswordBody {
    token: String,
    new_password: String,
}

async fn set_password(State(state): State<AppState>, Body(b): Body<SetPasswordBody>) -> Reply {
    let req = pb::AcceptInvitationRequest { token: b.token, new_password: b.new_password };
    let account = call_unsent!(state.identity().accept_invitation(req))?;
    state.forget_principal(&account.id).await;
    ok("Your password has been set. Please sign in.", Empty {})
}
