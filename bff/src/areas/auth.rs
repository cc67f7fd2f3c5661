//! Sign-in, sessions, passwords and metadata (SPEC section 7, Auth).

use crate::auth::Caller;
use crate::error::ApiError;
use crate::reply::{Body, Reply, Route, ok, route};
use crate::state::{AppState, retry, retry_unsent};
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, Method};
use axum::routing::{get, post};
use axum::Extension;
use proto::identity::v1 as pb;
use serde::Deserialize;
use serde_json::json;
use std::net::SocketAddr;

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::POST, "/admin-login/login", "Sign in (main admin, sub-admin)", post(login)),
        route(Method::POST, "/admin-login/charityLogin", "Sign in (nonprofit admin)", post(charity_login)),
        route(Method::POST, "/admin-login/logout", "Sign out: revokes the refresh token's family", post(logout)),
        route(Method::GET, "/auth/metaData", "Media base URL and placeholder image", get(metadata)),
        route(Method::POST, "/v1/common/refreshToken", "Rotate the refresh token, get a new access token", post(refresh)),
        route(Method::POST, "/admin/sub-admin/changePassword", "Change the signed-in account's password", post(change_password)),
        route(Method::POST, "/admin/sub-admin/forgotPassword", "Send a password reset link", post(forgot_password)),
        route(Method::POST, "/admin/sub-admin/resetPassword", "Set a new password with a reset link's token", post(reset_password)),
    ]
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct LoginBody {
    email: String,
    password: String,
}

async fn sign_in(state: AppState, headers: HeaderMap, addr: SocketAddr, b: LoginBody, kind: pb::LoginKind) -> Reply {
    let req = pb::LoginRequest { email: b.email, password: b.password, kind: kind as i32, client_ip: crate::auth::client_address(&state.settings, &headers, addr) };
    let s = retry_unsent(|| async { state.identity().login(req.clone()).await }).await?.into_inner();
    let tokens = s.tokens.unwrap_or_default();
    state.forget_principal(&s.id).await;
    let permissions: Vec<_> = s
        .permissions
        .into_iter()
        .map(|p| {
            let title = proto::modules::find(&p.slug).map(|m| m.title.clone()).unwrap_or_default();
            json!({ "slug": p.slug, "title": title, "actions": p.actions })
        })
        .collect();
    ok(
        "Login Successfully",
        json!({
            "_id": s.id, "firstName": s.first_name, "lastName": s.last_name, "email": s.email,
            "adminType": s.admin_type, "charityId": s.charity_id,
            "authToken": tokens.auth_token, "refreshToken": tokens.refresh_token,
            "permissions": permissions,
        }),
    )
}

async fn login(State(state): State<AppState>, ConnectInfo(addr): ConnectInfo<SocketAddr>, headers: HeaderMap, Body(b): Body<LoginBody>) -> Reply {
    sign_in(state, headers, addr, b, pb::LoginKind::Admin).await
}

async fn charity_login(State(state): State<AppState>, ConnectInfo(addr): ConnectInfo<SocketAddr>, headers: HeaderMap, Body(b): Body<LoginBody>) -> Reply {
    sign_in(state, headers, addr, b, pb::LoginKind::Charity).await
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct LogoutBody {
    refresh_token: String,
}

async fn logout(State(state): State<AppState>, Body(b): Body<LogoutBody>) -> Reply {
    if !b.refresh_token.is_empty() {
        let req = pb::LogoutRequest { refresh_token: b.refresh_token };
        retry(|| async { state.identity().logout(req.clone()).await }).await?;
    }
    ok("Logout Successfully", json!({}))
}

async fn metadata(State(state): State<AppState>) -> Reply {
    ok(
        "Metadata",
        json!({ "mediaURL": state.settings.media_url, "placeholder": format!("{}/placeholder/placeholder.png", state.settings.media_url) }),
    )
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct RefreshBody {
    token: String,
}

async fn refresh(State(state): State<AppState>, Body(b): Body<RefreshBody>) -> Reply {
    let req = pb::RefreshRequest { refresh_token: b.token };
    let t = retry_unsent(|| async { state.identity().refresh(req.clone()).await }).await?.into_inner();
    ok("Token refreshed", json!({ "authToken": t.auth_token, "refreshToken": t.refresh_token }))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ChangePasswordBody {
    id: String,
    current_password: String,
    new_password: String,
}

async fn change_password(State(state): State<AppState>, Extension(caller): Extension<Caller>, Body(b): Body<ChangePasswordBody>) -> Reply {
    if !b.id.is_empty() && b.id != caller.id {
        return Err(ApiError::forbidden());
    }
    let req = pb::ChangePasswordRequest { user_id: caller.id.clone(), current_password: b.current_password, new_password: b.new_password };
    retry_unsent(|| async { state.identity().change_password(req.clone()).await }).await?;
    state.forget_principal(&caller.id).await;
    ok("Password changed successfully. Please sign in again.", json!({}))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct ForgotBody {
    email: String,
}

async fn forgot_password(State(state): State<AppState>, Body(b): Body<ForgotBody>) -> Reply {
    let req = pb::ForgotPasswordRequest { email: b.email, console_url: state.settings.public_url.clone() };
    retry(|| async { state.identity().forgot_password(req.clone()).await }).await?;
    ok("If this email is registered, a password reset link has been sent to it.", json!({}))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ResetBody {
    token: String,
    new_password: String,
}

async fn reset_password(State(state): State<AppState>, Body(b): Body<ResetBody>) -> Reply {
    let req = pb::ResetPasswordRequest { token: b.token, new_password: b.new_password };
    retry_unsent(|| async { state.identity().reset_password(req.clone()).await }).await?;
    ok("Your password has been reset. Please sign in with the new password.", json!({}))
}
