//! Authentication and authorisation of every request, in one middleware driven by
//! the permission table: the route's template and method give its rule, and the path's
//! `{id}` decides a nonprofit admin's own-only entries. Handlers check no roles.

use crate::error::ApiError;
use crate::permissions::{self, Access, Rule};
use crate::state::{AppState, Principal};
use std::sync::Arc;
use axum::RequestExt;
use axum::extract::{MatchedPath, RawPathParams, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use identity::tokens::TokenError;

/// The signed-in caller (its standing and the client address it called from), put on
/// the request for handlers.
#[derive(Debug, Clone)]
pub struct Caller {
    pub principal: Arc<Principal>,
    /// The client's network address (see [`client_address`]).
    pub address: String,
}

impl std::ops::Deref for Caller {
    type Target = Principal;
    fn deref(&self) -> &Principal {
        &self.principal
    }
}

impl Caller {
    /// Who makes a service call, as identity's `Caller` message carries it.
    pub fn to_pb(&self) -> proto::identity::v1::Caller {
        proto::identity::v1::Caller { id: self.id.clone(), admin_type: self.admin_type.clone(), address: self.address.clone() }
    }
}

/// The client's network address: the one place that decides it (sign-in throttling,
/// the caller passed to services, event actors).
pub fn client_address(settings: &crate::state::Settings, headers: &axum::http::HeaderMap, peer: std::net::SocketAddr) -> String {
    if settings.trust_forwarded
        && let Some(first) = headers
            .get("x-forwarded-for")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next())
    {
        return first.trim().to_string();
    }
    peer.ip().to_string()
}

pub async fn authorize(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let Some(path) = req.extensions().get::<MatchedPath>().map(|p| p.as_str().to_string()) else {
        return next.run(req).await;
    };
    let Some(rule) = permissions::lookup().get(&(req.method().clone(), path.as_str())).copied() else {
        // Infrastructure routes (health, docs) are outside the table.
        if path.starts_with("/healthz") || path.starts_with("/readyz") || path.starts_with("/api-docs") || path == "/metrics" {
            return next.run(req).await;
        }
        // A known path asked with another method: 405 naming the methods it takes.
        let mut allowed: Vec<&str> = permissions::lookup().keys().filter(|(_, p)| *p == path).map(|(m, _)| m.as_str()).collect();
        if !allowed.is_empty() {
            allowed.sort_unstable();
            let mut res = ApiError::method_not_allowed().into_response();
            if let Ok(v) = allowed.join(", ").parse() {
                res.headers_mut().insert(axum::http::header::ALLOW, v);
            }
            return res;
        }
        tracing::error!(%path, "route missing from the permission table");
        return ApiError::forbidden().into_response();
    };
    if rule.access == Access::Public {
        return next.run(req).await;
    }
    let token = bearer(&req).map(str::to_string);
    let path_id = match req.extract_parts::<RawPathParams>().await {
        Ok(params) => params.iter().find(|(name, _)| *name == "id").map(|(_, v)| v.to_string()),
        Err(e) => return e.into_response(),
    };
    match caller(&state, token.as_deref(), rule, path_id.as_deref()).await {
        Ok(principal) => {
            let peer = req.extensions().get::<axum::extract::ConnectInfo<std::net::SocketAddr>>().map(|c| c.0);
            let address = peer.map(|p| client_address(&state.settings, req.headers(), p)).unwrap_or_default();
            req.extensions_mut().insert(Caller { principal, address });
            next.run(req).await
        }
        Err(e) => e.into_response(),
    }
}

fn bearer(req: &Request) -> Option<&str> {
    let h = req.headers().get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let t = h.strip_prefix("Bearer ").or_else(|| h.strip_prefix("bearer "))?.trim();
    (!t.is_empty()).then_some(t)
}

async fn caller(state: &AppState, token: Option<&str>, rule: Rule, path_id: Option<&str>) -> Result<Arc<Principal>, ApiError> {
    let token = token.ok_or_else(|| ApiError::unauthorized("Please sign in to continue"))?;
    let claims = state.keys.verify(token).map_err(|e| match e {
        TokenError::Expired => ApiError::token_expired(),
        TokenError::Invalid => ApiError::unauthorized("Invalid session token. Please sign in again."),
    })?;
    let p = state.principal(&claims.sub).await?;
    if !p.active {
        return Err(ApiError::unauthorized("Your account is inactive. Please contact the administrator."));
    }
    if p.session_version != claims.sv {
        return Err(ApiError::unauthorized("Your session has ended. Please sign in again."));
    }
    if !permissions::allows(rule, &p, path_id) {
        return Err(ApiError::forbidden());
    }
    Ok(p)
}
