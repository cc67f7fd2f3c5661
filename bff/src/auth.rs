//! Authentication and authorisation of every request, in one middleware driven by
//! the permission table: the route's template and method give its rule, and the path's
//! `{id}` decides a nonprofit admin's own-only entries. Handlers check no roles.

use crate::error::ApiError;
use crate::permissions::{self, Access, Rule};
use crate::principal::Principal;
use crate::state::AppState;
use axum::RequestExt;
use axum::extract::{MatchedPath, RawPathParams, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::net::IpAddr;
use std::sync::Arc;
use tokens::TokenError;

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
    /// Who makes a service call: the actor every write call carries (`common.v1.Actor`).
    pub fn to_pb(&self) -> proto::common::v1::Actor {
        proto::common::v1::Actor {
            id: self.id.clone(),
            account_type: common::account::from_name(&self.admin_type).into(),
            address: self.address.clone(),
        }
    }
}

/// The client's network address: the one place that decides it (sign-in and
/// forgot-password throttling, the caller passed to services, event actors). Behind
/// trusted proxies it is the rightmost X-Forwarded-For hop that is not one of them (each
/// proxy appends the address it saw, so hops to the right of the client's are written by
/// proxies and anything to the left by the client itself); from any other peer it is the
/// peer, whatever the headers say.
pub fn client_address(
    settings: &crate::state::Settings,
    headers: &axum::http::HeaderMap,
    peer: std::net::SocketAddr,
) -> String {
    let trusted = |ip: &IpAddr| settings.trusted_proxies.iter().any(|net| net.contains(ip));
    let mut client = peer.ip().to_canonical();
    if !trusted(&client) {
        return client.to_string();
    }
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    for hop in hops.iter().rev() {
        // Not an address: written by the client, so the hop to its right is the answer.
        let Ok(ip) = hop.parse::<IpAddr>() else { break };
        client = ip.to_canonical();
        if !trusted(&client) {
            break;
        }
    }
    client.to_string()
}

/// TRUSTED_PROXIES: comma-separated CIDRs (a bare address is one host).
pub fn parse_proxies(list: &str) -> anyhow::Result<Vec<ipnet::IpNet>> {
    list.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<ipnet::IpNet>()
                .or_else(|_| s.parse::<IpAddr>().map(ipnet::IpNet::from))
                .map_err(|_| anyhow::anyhow!("TRUSTED_PROXIES: {s:?} is not a CIDR range such as 10.0.0.0/8"))
        })
        .collect()
}

/// Who may read the OpenAPI document when it is not public: the main admin, as any
/// main-admin path (a valid access token, its session live, its account active).
const DOCS: Rule = Rule { access: Access::MainAdmin, nonprofit: permissions::Nonprofit::Never };

/// Whether answers of `method` on the route `path` are for their caller only, so never
/// stored by a browser or a proxy: every path that needs a signed-in caller (the OpenAPI
/// document unless it is public), and the public calls that are not reads (sign-in,
/// token refresh, password and two-factor steps: their answers carry tokens; RFC 6749
/// 5.1). Public reads (the public site with its ETag, media files, /auth/metaData) and the
/// probes keep their own caching.
pub fn private_answers(settings: &crate::state::Settings, method: &axum::http::Method, path: &str) -> bool {
    use axum::http::Method;
    if path == "/healthz" || path == "/readyz" {
        return false;
    }
    if path.starts_with("/api-docs") {
        return !settings.openapi_public;
    }
    let read = *method == Method::GET || *method == Method::HEAD;
    match permissions::lookup().get(&(if *method == Method::HEAD { Method::GET } else { method.clone() }, path)) {
        Some(rule) => rule.access != Access::Public || !read,
        // A method the path does not take (405).
        None => true,
    }
}

/// `Cache-Control: no-store` on every answer (success, refusal, error, timeout) of a route
/// whose answers are private ([`private_answers`]).
pub async fn no_store(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let private = req
        .extensions()
        .get::<MatchedPath>()
        .is_some_and(|p| private_answers(&state.settings, req.method(), p.as_str()));
    let mut res = next.run(req).await;
    if private {
        res.headers_mut().insert(axum::http::header::CACHE_CONTROL, axum::http::HeaderValue::from_static("no-store"));
    }
    res
}

pub async fn authorize(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let Some(path) = req.extensions().get::<MatchedPath>().map(|p| p.as_str().to_string()) else {
        return next.run(req).await;
    };
    let Some(rule) = permissions::lookup().get(&(req.method().clone(), path.as_str())).copied() else {
        // Infrastructure routes (health, docs) are outside the table. The OpenAPI document
        // (every path and its rule) is the main admin's unless OPENAPI_PUBLIC says otherwise.
        if path.starts_with("/api-docs") && !state.settings.openapi_public {
            if let Err(e) = caller(&state, bearer(req.headers()), DOCS, None).await {
                return e.into_response();
            }
            return next.run(req).await;
        }
        if path.starts_with("/healthz") || path.starts_with("/readyz") || path.starts_with("/api-docs") {
            return next.run(req).await;
        }
        // A known path asked with another method: 405 naming the methods it takes.
        let mut allowed: Vec<&str> =
            permissions::lookup().keys().filter(|(_, p)| *p == path).map(|(m, _)| m.as_str()).collect();
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
    let token = bearer(req.headers()).map(str::to_string);
    let path_id = match req.extract_parts::<RawPathParams>().await {
        Ok(params) => params.iter().find(|(name, _)| *name == "id").map(|(_, v)| v.to_string()),
        Err(e) => return e.into_response(),
    };
    match caller(&state, token.as_deref(), rule, path_id.as_deref()).await {
        Ok(principal) => {
            let peer = req.extensions().get::<axum::extract::ConnectInfo<std::net::SocketAddr>>().map(|c| c.0);
            let address = peer.map(|p| client_address(&state.settings, req.headers(), p)).unwrap_or_default();
            if let Some(flag) = permissions::refused_body_flag(rule, &principal) {
                req = match refuse_flag(req, flag).await {
                    Ok(req) => req,
                    Err(e) => return e.into_response(),
                };
            }
            req.extensions_mut().insert(Caller { principal, address });
            next.run(req).await
        }
        Err(e) => e.into_response(),
    }
}

/// Refuses a request whose JSON body sets `flag` to true (the permission table's
/// `Nonprofit::OwnWithout`); any other request goes on with its body as it came.
async fn refuse_flag(req: Request, flag: &str) -> Result<Request, ApiError> {
    /// axum's default body limit, which the handler's JSON extractor applies too.
    const LIMIT: usize = 2 * 1024 * 1024;
    let (parts, body) = req.into_parts();
    // Too long: the answer the handler's JSON extractor gives.
    let bytes = axum::body::to_bytes(body, LIMIT).await.map_err(|_| {
        ApiError::validation("body", "Invalid request body: Failed to buffer the request body: length limit exceeded")
    })?;
    let set = serde_json::from_slice::<serde_json::Value>(&bytes)
        .ok()
        .is_some_and(|v| v.get(flag) == Some(&serde_json::Value::Bool(true)));
    if set {
        return Err(ApiError::forbidden());
    }
    Ok(Request::from_parts(parts, axum::body::Body::from(bytes)))
}

/// The access token of an `Authorization: Bearer` header.
pub fn bearer(headers: &axum::http::HeaderMap) -> Option<&str> {
    let h = headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    let t = h.strip_prefix("Bearer ").or_else(|| h.strip_prefix("bearer "))?.trim();
    (!t.is_empty()).then_some(t)
}

/// The signed-in admin an access token names, refused as the REST refuses it (no token,
/// invalid, expired, session ended, inactive, not allowed by `rule`). The socket layer's
/// /admin handshake and its per-event checks use the same (bff/src/live/admin.rs).
pub async fn caller(
    state: &AppState,
    token: Option<&str>,
    rule: Rule,
    path_id: Option<&str>,
) -> Result<Arc<Principal>, ApiError> {
    let token = token.ok_or_else(|| ApiError::unauthorized("Please sign in to continue"))?;
    let claims = state.keys.verify(token).map_err(|e| match e {
        TokenError::Expired => ApiError::token_expired(),
        TokenError::Invalid => ApiError::unauthorized("Invalid session token. Please sign in again."),
    })?;
    // A member token or a sign-in challenge has no session: neither is an access token.
    if claims.sid.is_empty() || claims.is_challenge() || claims.is_member() {
        return Err(ApiError::unauthorized("Invalid session token. Please sign in again."));
    }
    let (p, ended) = state.principal(&claims.sub, &claims.sid).await?;
    if ended {
        return Err(ApiError::unauthorized("Your session has ended. Please sign in again."));
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderMap;

    fn settings(proxies: &str) -> crate::state::Settings {
        crate::state::Settings {
            public_url: "http://127.0.0.1".into(),
            media_url: "http://127.0.0.1/media".into(),
            web_dir: None,
            trusted_proxies: parse_proxies(proxies).unwrap(),
            openapi_public: false,
            principal_ttl: std::time::Duration::from_secs(30),
            request_timeout: std::time::Duration::from_secs(60),
            upload_quota: crate::storage::Quota::default(),
            trash: crate::state::Retention::default(),
        }
    }

    fn address(proxies: &str, forwarded: &[&str], peer: &str) -> String {
        let mut headers = HeaderMap::new();
        for f in forwarded {
            headers.append("x-forwarded-for", f.parse().unwrap());
        }
        client_address(&settings(proxies), &headers, std::net::SocketAddr::new(peer.parse().unwrap(), 40000))
    }

    #[test]
    fn without_trusted_proxies_the_peer_is_the_client_whatever_the_headers_say() {
        assert_eq!(address("", &["203.0.113.9"], "198.51.100.4"), "198.51.100.4");
        assert_eq!(address("", &[], "198.51.100.4"), "198.51.100.4");
        // A peer outside the trusted ranges cannot speak for anyone either.
        assert_eq!(address("10.0.0.0/8", &["203.0.113.9"], "198.51.100.4"), "198.51.100.4");
    }

    #[test]
    fn behind_trusted_proxies_the_rightmost_untrusted_hop_is_the_client() {
        // The ingress (10.0.0.5) appended the address it saw; what the client wrote is left of it.
        assert_eq!(address("10.0.0.0/8", &["1.2.3.4, 203.0.113.9"], "10.0.0.5"), "203.0.113.9");
        // Two trusted hops (a load balancer, then the ingress).
        assert_eq!(
            address("10.0.0.0/8, 192.168.1.1", &["6.6.6.6, 203.0.113.9, 192.168.1.1"], "10.0.0.5"),
            "203.0.113.9"
        );
        // Hops split over several headers count in order.
        assert_eq!(address("10.0.0.0/8", &["6.6.6.6", "203.0.113.9"], "10.0.0.5"), "203.0.113.9");
        // Garbage written by the client stops the walk at the hop a proxy wrote.
        assert_eq!(address("10.0.0.0/8", &["not-an-ip, 203.0.113.9"], "10.0.0.5"), "203.0.113.9");
        assert_eq!(address("10.0.0.0/8", &["203.0.113.9, not-an-ip"], "10.0.0.5"), "10.0.0.5");
        // No header: the proxy itself; only trusted hops: the leftmost.
        assert_eq!(address("10.0.0.0/8", &[], "10.0.0.5"), "10.0.0.5");
        assert_eq!(address("10.0.0.0/8", &["10.1.1.1, 10.2.2.2"], "10.0.0.5"), "10.1.1.1");
        // IPv6, and IPv4 mapped into IPv6.
        assert_eq!(address("fd00::/8", &["2001:db8::1"], "fd00::5"), "2001:db8::1");
        assert_eq!(address("127.0.0.1", &["203.0.113.9"], "::ffff:127.0.0.1"), "203.0.113.9");
    }

    #[test]
    fn answers_are_private_on_authenticated_paths_and_public_calls_that_are_not_reads() {
        use axum::http::Method;
        let s = settings("");
        let private = |method: Method, path: &str| private_answers(&s, &method, path);
        assert!(private(Method::POST, "/admin/sub-admin/subAdminList"));
        assert!(private(Method::GET, "/v1/common/getAllCountry"), "any signed-in account");
        assert!(private(Method::GET, "/admin/audit/verify"), "main admin only");
        assert!(private(Method::POST, "/admin-login/login"), "its answer carries tokens");
        assert!(private(Method::POST, "/v1/common/refreshToken"));
        assert!(private(Method::DELETE, "/admin/charity/delete"), "a method the path does not take");
        assert!(private(Method::GET, "/api-docs/openapi.json"));
        for path in ["/v1/public/faq", "/v1/public/page/{key}", "/media/{module}/{file}", "/auth/metaData"] {
            assert!(!private(Method::GET, path), "{path}");
            assert!(!private(Method::HEAD, path), "{path}");
        }
        assert!(!private(Method::GET, "/healthz"));
        assert!(!private(Method::GET, "/readyz"));
        let open = crate::state::Settings { openapi_public: true, ..settings("") };
        assert!(!private_answers(&open, &Method::GET, "/api-docs/openapi.json"));
    }

    #[test]
    fn trusted_proxies_take_cidrs_and_single_addresses_and_refuse_anything_else() {
        assert_eq!(parse_proxies("").unwrap(), vec![]);
        assert_eq!(parse_proxies(" 10.0.0.0/8 ,127.0.0.1,::1").unwrap().len(), 3);
        let err = parse_proxies("10.0.0.0/8, ingress").unwrap_err().to_string();
        assert_eq!(err, "TRUSTED_PROXIES: \"ingress\" is not a CIDR range such as 10.0.0.0/8");
    }
}
