//! Sign-in, sessions, passwords and metadata (SPEC section 7, Auth).

use crate::auth::{Caller, bearer};
use crate::error::ApiError;
use crate::reply::{Body, Empty, Reply, Route, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, HeaderValue, Method, header};
use axum::response::Response;
use axum::routing::{get, post};
use proto::identity::v1 as pb;
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::POST, "/admin-login/login", "Sign in (main admin, sub-admin)", post(login))
            .body::<LoginBody>()
            .answers::<LoginAnswer>(),
        route(Method::POST, "/admin-login/charityLogin", "Sign in (nonprofit admin)", post(charity_login))
            .body::<LoginBody>()
            .answers::<LoginAnswer>(),
        route(
            Method::POST,
            "/admin-login/logout",
            "Sign out: ends the session (refresh token in the body or cookie, else the access token's)",
            post(logout),
        )
        .body::<LogoutBody>(),
        route(Method::GET, "/auth/metaData", "Media base URL and placeholder image", get(metadata))
            .answers::<Metadata>(),
        route(
            Method::POST,
            "/v1/common/refreshToken",
            "Rotate the refresh token, get a new access token",
            post(refresh),
        )
        .body::<RefreshBody>()
        .answers::<Refreshed>(),
        route(
            Method::POST,
            "/admin/sub-admin/changePassword",
            "Change the signed-in account's password",
            post(change_password),
        )
        .body::<ChangePasswordBody>(),
        route(Method::POST, "/admin/sub-admin/forgotPassword", "Send a password reset link", post(forgot_password))
            .body::<ForgotBody>(),
        route(
            Method::POST,
            "/admin/sub-admin/resetPassword",
            "Set a new password with a reset link's token",
            post(reset_password),
        )
        .body::<ResetBody>(),
    ]
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct LoginBody {
    email: String,
    password: String,
}

async fn sign_in(state: AppState, headers: HeaderMap, addr: SocketAddr, b: LoginBody, kind: pb::LoginKind) -> Reply {
    let req = pb::LoginRequest {
        email: b.email,
        password: b.password,
        kind: kind as i32,
        client_ip: crate::auth::client_address(&state.settings, &headers, addr),
    };
    let s = call_unsent!(state.identity().login(req))?;
    if !s.challenge_token.is_empty() {
        let message = if s.two_factor == "enrol" {
            "Two-factor sign-in is required. Enter the code we sent to your email to set it up."
        } else {
            "Enter the code from your authenticator app"
        };
        return ok(message, TwoFactorChallenge { two_factor: s.two_factor, challenge_token: s.challenge_token });
    }
    signed_in(&state, &headers, s, "Login Successfully", |d| d).await
}

/// Answers a started session (sign-in, its second step): its account and tokens, the
/// refresh token in the body or the cookie, as `wrap` shapes the data.
pub(crate) async fn signed_in<T: Serialize>(
    state: &AppState,
    headers: &HeaderMap,
    s: pb::Session,
    message: &str,
    wrap: impl FnOnce(SignedIn) -> T,
) -> Reply {
    let admin_type = common::account::name(s.account_type());
    let tokens = s.tokens.unwrap_or_default();
    state.forget_principal(&s.id).await;
    let data = |refresh_token| {
        wrap(SignedIn {
            id: s.id,
            first_name: s.first_name,
            last_name: s.last_name,
            email: s.email,
            admin_type: admin_type.into(),
            charity_id: s.charity_id,
            auth_token: tokens.auth_token,
            permissions: s.permissions.into_iter().map(super::ModuleGrant::from_pb).collect(),
            refresh_token,
        })
    };
    with_refresh_token(headers, message, data, &tokens.refresh_token)
}

/// What a sign-in answers: the session, or (two-factor sign-in) the second step to take.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum LoginAnswer {
    SignedIn(SignedIn),
    TwoFactor(TwoFactorChallenge),
}

/// The second step of a sign-in: "code" (enter a code, or a recovery code, at
/// /admin-login/twoFactor) or "enrol" (set up the required second factor at
/// /admin-login/twoFactor/enrol, with the code just mailed to the account, and /confirm),
/// with the challenge token (5 minutes, one session at most) to send.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorChallenge {
    pub two_factor: String,
    pub challenge_token: String,
}

/// A signed-in account: who it is, what it holds, its access token and (unless the
/// refresh token travels in the cookie) its refresh token.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedIn {
    #[serde(rename = "_id")]
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    /// "Admin", "Sub Admin" or "Charity Admin".
    pub admin_type: String,
    /// A nonprofit admin's nonprofit ("" for the others).
    pub charity_id: String,
    pub auth_token: String,
    pub permissions: Vec<super::ModuleGrant>,
    /// Absent in cookie mode (`X-Refresh-Cookie: 1`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refresh_token: Option<String>,
}

/// The name of the console's refresh-token cookie, and the one path it is sent to.
pub const REFRESH_COOKIE: &str = "gc_refresh";
pub const REFRESH_PATH: &str = "/v1/common/refreshToken";

/// Whether the caller asked for the refresh token in a cookie (`X-Refresh-Cookie: 1`).
fn cookie_mode(headers: &HeaderMap) -> bool {
    headers.get("x-refresh-cookie").is_some_and(|v| v.as_bytes() == b"1")
}

/// The refresh token sent with the request in the console's cookie.
fn refresh_cookie(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|c| c.trim().split_once('='))
        .find(|(name, value)| *name == REFRESH_COOKIE && !value.is_empty())
        .map(|(_, value)| value.to_string())
}

/// Sets (or, with an empty token, clears) the refresh-token cookie: HttpOnly (no script
/// reads it), Secure, SameSite=Strict and scoped to the refresh path (see bff/API.md,
/// "Refresh-token cookie"). A session cookie: it ends with the browser.
fn put_refresh_cookie(res: &mut Response, token: &str) {
    let max_age = if token.is_empty() { "; Max-Age=0" } else { "" };
    let cookie = format!("{REFRESH_COOKIE}={token}; Path={REFRESH_PATH}; HttpOnly; Secure; SameSite=Strict{max_age}");
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        res.headers_mut().append(header::SET_COOKIE, v);
    }
}

/// Answers the `data` made with the refresh token in the body (`refreshToken`, the
/// documented form) or, in cookie mode, without it (the token goes only in the cookie).
fn with_refresh_token<T: Serialize>(
    headers: &HeaderMap,
    message: &str,
    data: impl FnOnce(Option<String>) -> T,
    token: &str,
) -> Reply {
    if !cookie_mode(headers) {
        return ok(message, data(Some(token.to_string())));
    }
    let mut res = ok(message, data(None))?;
    put_refresh_cookie(&mut res, token);
    Ok(res)
}

async fn login(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(b): Body<LoginBody>,
) -> Reply {
    sign_in(state, headers, addr, b, pb::LoginKind::Admin).await
}

async fn charity_login(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(b): Body<LoginBody>,
) -> Reply {
    sign_in(state, headers, addr, b, pb::LoginKind::Charity).await
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct LogoutBody {
    refresh_token: String,
}

/// Ends the session of the refresh token in the body, else of the cookie's, else of the
/// presented access token (even an expired one: its signature proves the session), and
/// clears the cookie. Every replica refuses the session's access tokens from the next request.
async fn logout(State(state): State<AppState>, headers: HeaderMap, Body(b): Body<LogoutBody>) -> Reply {
    let refresh_token = Some(b.refresh_token).filter(|t| !t.trim().is_empty()).or_else(|| refresh_cookie(&headers));
    let session_id =
        bearer(&headers).and_then(|t| state.keys.verify_signature(t).ok()).map(|c| c.sid).unwrap_or_default();
    if refresh_token.is_some() || !session_id.is_empty() {
        let req =
            pb::LogoutRequest { refresh_token: refresh_token.unwrap_or_default(), session_id: session_id.clone() };
        let ended = call!(state.identity().logout(req))?.session_id;
        state.end_session(&ended).await;
        if ended != session_id {
            state.end_session(&session_id).await;
        }
    }
    let mut res = ok("Logout Successfully", Empty {})?;
    put_refresh_cookie(&mut res, "");
    Ok(res)
}

/// Where media files are reached.
#[derive(Serialize, ToSchema)]
pub struct Metadata {
    #[serde(rename = "mediaURL")]
    pub media_url: String,
    pub placeholder: String,
    /// Rows over which the console runs a bulk action as a job (issue 36; BULK_JOB_THRESHOLD).
    #[serde(rename = "bulkJobThreshold")]
    pub bulk_job_threshold: i64,
}

async fn metadata(State(state): State<AppState>) -> Reply {
    let media_url = state.settings.media_url.clone();
    let placeholder = format!("{media_url}/placeholder/placeholder.png");
    ok("Metadata", Metadata { placeholder, media_url, bulk_job_threshold: super::bulk::job_threshold() })
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct RefreshBody {
    token: String,
}

/// Rotates the refresh token of the body (`token`) or of the cookie. A reused token ends
/// its session: identity names it, and its access tokens are refused at once.
async fn refresh(State(state): State<AppState>, headers: HeaderMap, Body(b): Body<RefreshBody>) -> Reply {
    let token = Some(b.token).filter(|t| !t.trim().is_empty()).or_else(|| refresh_cookie(&headers)).unwrap_or_default();
    let req = pb::RefreshRequest { refresh_token: token };
    let t = match call_unsent!(state.identity().refresh(req)) {
        Ok(t) => t,
        Err(s) => {
            let details = common::error::Details::of(&s);
            if s.code() == tonic::Code::Unauthenticated
                && details.reason == common::error::codes::SESSION_REUSED
                && let Some(sid) = details.metadata.get(common::error::codes::SESSION_ID)
            {
                state.end_session(sid).await;
            }
            return Err(s.into());
        }
    };
    with_refresh_token(
        &headers,
        "Token refreshed",
        |refresh_token| Refreshed { auth_token: t.auth_token, refresh_token },
        &t.refresh_token,
    )
}

/// A new access token and (unless in cookie mode) the rotated refresh token.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Refreshed {
    pub auth_token: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refresh_token: Option<String>,
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ChangePasswordBody {
    id: String,
    current_password: String,
    new_password: String,
}

async fn change_password(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<ChangePasswordBody>,
) -> Reply {
    if !b.id.is_empty() && b.id != caller.id {
        return Err(ApiError::forbidden());
    }
    let req = pb::ChangePasswordRequest {
        user_id: caller.id.clone(),
        current_password: b.current_password,
        new_password: b.new_password,
    };
    call_unsent!(state.identity().change_password(req))?;
    state.forget_principal(&caller.id).await;
    ok("Password changed successfully. Please sign in again.", Empty {})
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct ForgotBody {
    email: String,
}

async fn forgot_password(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(b): Body<ForgotBody>,
) -> Reply {
    let client_ip = crate::auth::client_address(&state.settings, &headers, addr);
    let req = pb::ForgotPasswordRequest { email: b.email, console_url: state.settings.public_url.clone(), client_ip };
    call!(state.identity().forgot_password(req))?;
    ok("If this email is registered, a password reset link has been sent to it.", Empty {})
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ResetBody {
    token: String,
    new_password: String,
}

async fn reset_password(State(state): State<AppState>, Body(b): Body<ResetBody>) -> Reply {
    let req = pb::ResetPasswordRequest { token: b.token, new_password: b.new_password };
    let account = call_unsent!(state.identity().reset_password(req))?;
    // Its sessions ended: their access tokens are refused from the next request on.
    state.forget_principal(&account.id).await;
    ok("Your password has been reset. Please sign in with the new password.", Empty {})
}
