//! Two-factor sign-in (TOTP): the second step of a sign-in behind its challenge token,
//! enrolment (from the challenge when the setting requires it, or from the account
//! menu), turning it off, the main admin's setting and reset of a sub-admin's factor.
//! Identity decides every rule (services/identity/src/two_factor.rs); who may call each
//! path is in the permission table.

use super::auth::{SignedIn, signed_in};
use crate::auth::{Caller, client_address};
use crate::reply::{Body, Empty, Reply, Route, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, Method};
use axum::routing::{get, post};
use proto::identity::v1 as pb;
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use utoipa::ToSchema;

pub fn routes() -> Vec<Route> {
    vec![
        route(
            Method::POST,
            "/admin-login/twoFactor",
            "Second sign-in step: the challenge token with a code or a recovery code",
            post(verify),
        )
        .body::<VerifyBody>()
        .answers::<SignedIn>(),
        route(
            Method::POST,
            "/admin-login/twoFactor/enrol",
            "Begin the required two-factor set-up during sign-in, with the code mailed to the account",
            post(challenge_enrol),
        )
        .body::<ChallengeEnrolBody>()
        .answers::<Secret>(),
        route(
            Method::POST,
            "/admin-login/twoFactor/confirm",
            "Confirm the set-up during sign-in: signs in, answers the recovery codes once",
            post(challenge_confirm),
        )
        .body::<ChallengeCodeBody>()
        .answers::<SignedInWithCodes>(),
        route(Method::GET, "/admin/twoFactor/status", "The signed-in account's two-factor standing", get(status))
            .answers::<Status>(),
        route(Method::POST, "/admin/twoFactor/enrol", "Begin setting up two-factor sign-in", post(enrol))
            .answers::<Secret>(),
        route(
            Method::POST,
            "/admin/twoFactor/confirm",
            "Confirm the set-up with a code: answers the recovery codes once",
            post(confirm),
        )
        .body::<CodeBody>()
        .answers::<RecoveryCodes>(),
        route(
            Method::POST,
            "/admin/twoFactor/disable",
            "Turn two-factor sign-in off (needs a current code)",
            post(disable),
        )
        .body::<CodeBody>(),
        route(
            Method::GET,
            "/admin/twoFactor/setting",
            "Whether every admin account must use two-factor sign-in",
            get(setting),
        )
        .answers::<Setting>(),
        route(
            Method::POST,
            "/admin/twoFactor/setting",
            "Require two-factor sign-in for every admin account, or not",
            post(set_setting),
        )
        .body::<Setting>()
        .answers::<Setting>(),
        route(
            Method::POST,
            "/admin/sub-admin/resetTwoFactor/{id}",
            "Remove a sub-admin's second factor (it sets one up again)",
            post(reset),
        ),
    ]
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct VerifyBody {
    challenge_token: String,
    code: String,
    recovery_code: String,
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ChallengeEnrolBody {
    challenge_token: String,
    /// The one-time code mailed to the account when the sign-in answered "enrol".
    email_code: String,
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ChallengeCodeBody {
    challenge_token: String,
    code: String,
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct CodeBody {
    code: String,
}

/// A new secret: Base32 for typing, and the otpauth URI for a QR code.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Secret {
    pub secret: String,
    pub otpauth_uri: String,
}

/// Ten single-use recovery codes, shown this once.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryCodes {
    pub recovery_codes: Vec<String>,
}

/// A sign-in that ended with the set-up of its second factor.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedInWithCodes {
    #[serde(flatten)]
    pub signed_in: SignedIn,
    pub recovery_codes: Vec<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Status {
    pub enabled: bool,
    /// The main admin requires it of every admin account.
    pub required: bool,
    pub recovery_codes_left: i64,
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct Setting {
    required: bool,
}

async fn verify(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(b): Body<VerifyBody>,
) -> Reply {
    let client_ip = client_address(&state.settings, &headers, addr);
    let req = pb::VerifyTwoFactorRequest {
        challenge_token: b.challenge_token,
        code: b.code,
        recovery_code: b.recovery_code,
        client_ip,
    };
    let s = call_unsent!(state.identity().verify_two_factor(req))?;
    signed_in(&state, &headers, s, "Login Successfully", |d| d).await
}

async fn challenge_enrol(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(b): Body<ChallengeEnrolBody>,
) -> Reply {
    let client_ip = client_address(&state.settings, &headers, addr);
    let req = pb::TwoFactorRequest {
        challenge_token: b.challenge_token,
        email_code: b.email_code,
        client_ip,
        ..Default::default()
    };
    let s = call_unsent!(state.identity().enrol_two_factor(req))?;
    ok("Scan the QR code with your authenticator app", Secret { secret: s.secret, otpauth_uri: s.otpauth_uri })
}

async fn challenge_confirm(
    State(state): State<AppState>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Body(b): Body<ChallengeCodeBody>,
) -> Reply {
    let client_ip = client_address(&state.settings, &headers, addr);
    let req =
        pb::TwoFactorRequest { challenge_token: b.challenge_token, code: b.code, client_ip, ..Default::default() };
    let c = call_unsent!(state.identity().confirm_two_factor(req))?;
    let session = c.session.unwrap_or_default();
    let recovery_codes = c.recovery_codes;
    signed_in(&state, &headers, session, "Two-factor sign-in is on. Save your recovery codes.", |signed_in| {
        SignedInWithCodes { signed_in, recovery_codes }
    })
    .await
}

fn own(caller: &Caller, code: String) -> pb::TwoFactorRequest {
    pb::TwoFactorRequest { actor: Some(caller.to_pb()), code, client_ip: caller.address.clone(), ..Default::default() }
}

async fn status(State(state): State<AppState>, Extension(caller): Extension<Caller>) -> Reply {
    let req = own(&caller, String::new());
    let s = call!(state.identity().two_factor_status(req))?;
    ok(
        "Two-factor sign-in",
        Status { enabled: s.enabled, required: s.required, recovery_codes_left: s.recovery_codes_left },
    )
}

async fn enrol(State(state): State<AppState>, Extension(caller): Extension<Caller>) -> Reply {
    let req = own(&caller, String::new());
    let s = call_unsent!(state.identity().enrol_two_factor(req))?;
    ok("Scan the QR code with your authenticator app", Secret { secret: s.secret, otpauth_uri: s.otpauth_uri })
}

async fn confirm(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<CodeBody>,
) -> Reply {
    let req = own(&caller, b.code);
    let c = call_unsent!(state.identity().confirm_two_factor(req))?;
    ok("Two-factor sign-in is on. Save your recovery codes.", RecoveryCodes { recovery_codes: c.recovery_codes })
}

async fn disable(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<CodeBody>,
) -> Reply {
    let req = own(&caller, b.code);
    call_unsent!(state.identity().disable_two_factor(req))?;
    ok("Two-factor sign-in is off", Empty {})
}

async fn setting(State(state): State<AppState>, Extension(caller): Extension<Caller>) -> Reply {
    let req = own(&caller, String::new());
    let s = call!(state.identity().get_two_factor_setting(req))?;
    ok("Two-factor setting", Setting { required: s.required })
}

async fn set_setting(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<Setting>,
) -> Reply {
    let req = pb::SetTwoFactorSettingRequest { actor: Some(caller.to_pb()), required: b.required };
    let s = call!(state.identity().set_two_factor_setting(req))?;
    let message = if s.required {
        "Two-factor sign-in is now required for every admin account"
    } else {
        "Two-factor sign-in is no longer required"
    };
    ok(message, Setting { required: s.required })
}

async fn reset(State(state): State<AppState>, Extension(caller): Extension<Caller>, Path(id): Path<String>) -> Reply {
    let req = pb::IdRequest { id: id.clone(), actor: Some(caller.to_pb()) };
    call!(state.identity().reset_two_factor(req))?;
    state.forget_principal(&id).await;
    ok("Two-factor sign-in of the sub-admin was reset", Empty {})
}
