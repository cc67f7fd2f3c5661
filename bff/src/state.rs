//! The state every handler shares: the service clients (made by `crate::services` over
//! `crate::transport`), token keys, the cache and its account standings, configuration.

use crate::cache::Cache;
use crate::error::{ApiError, ApiResult};
use crate::principal::Principal;
use crate::transport::retry;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokens::Keys;

#[derive(Debug, Clone)]
pub struct Settings {
    /// Where the console is reached (reset links point here).
    pub public_url: String,
    /// The base of media file links given by /auth/metaData.
    pub media_url: String,
    /// The built console (web/dist); absent = API only.
    pub web_dir: Option<std::path::PathBuf>,
    /// The proxies whose X-Forwarded-For hops are skipped (see `auth::client_address`).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// The OpenAPI document is served to everyone (else to a signed-in main admin only).
    pub openapi_public: bool,
    /// How long account standings are cached.
    pub principal_ttl: Duration,
    /// How long an API call may take (long-running routes excepted).
    pub request_timeout: Duration,
    /// Bytes a day each account may upload.
    pub upload_quota: crate::storage::Quota,
    /// How long deleted records stay in the trash, and how often the retention runs.
    pub trash: Retention,
}

/// Days a deleted record stays restorable unless TRASH_RETENTION_DAYS says otherwise.
pub const RETENTION_DAYS: u32 = 30;

/// How long deleted records are kept, and how often the retention runs.
#[derive(Debug, Clone, Copy)]
pub struct Retention {
    pub keep: Duration,
    pub interval: Duration,
}

impl Default for Retention {
    fn default() -> Self {
        Self { keep: Duration::from_secs(u64::from(RETENTION_DAYS) * 86_400), interval: Duration::from_secs(3_600) }
    }
}

#[derive(Clone)]
pub struct AppState(pub Arc<Inner>);

pub struct Inner {
    /// Every service's clients (bff/src/services.rs).
    pub services: crate::services::Services,
    pub storage: crate::storage::Storage,
    pub keys: Keys,
    pub cache: Arc<dyn Cache>,
    pub settings: Settings,
    pub ready: AtomicBool,
    /// Standings as last parsed, by cache key, with the cached text they came from: a request
    /// whose cached text is the same takes the parsed one (parsing it was about 2% of a list
    /// request's CPU). What the shared cache holds stays the only truth.
    pub parsed: std::sync::Mutex<std::collections::HashMap<String, (String, Arc<Principal>)>>,
    /// The chat's socket.io server (bff/src/live), set once the state is made.
    pub live: std::sync::OnceLock<crate::live::hub::Live>,
    /// The RabbitMQ bus the BFF listens on (cluster mode, bff/src/events.rs): its health is
    /// part of /readyz.
    pub bus: std::sync::OnceLock<Arc<dyn common::bus::EventBus>>,
}

impl std::ops::Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

/// `state.<service>()` (the next connection's client) and `state.<service>_long()` (the
/// client without the per-call deadline) for every service of the table.
macro_rules! accessors {
    ($($field:ident: $Name:ident { long: $long:ident, port: $port:literal, database: $db:literal, url: $env:literal, flag: $flag:literal, client: [$($client:tt)*], server: [$($server:tt)*] };)*) => {
        impl Inner {
            $(
                #[doc = concat!("The next connection's ", stringify!($field), " client.")]
                pub fn $field(&self) -> crate::services::$Name {
                    self.services.$field.clients.next()
                }

                #[doc = concat!("The ", stringify!($field), " service without the per-call deadline, for calls that stream (imports, exports, the audit chain's walk).")]
                pub fn $long(&self) -> crate::services::$Name {
                    self.services.$field.long.clone()
                }
            )*
        }
    };
}

proto::for_each_service!(accessors);

impl Inner {
    /// The account's standing and whether the session `sid` (the access token's) has
    /// ended. One cache round trip per request (one MGET of both); when either is missing,
    /// one call to identity answers both and they are cached for `principal_ttl`.
    pub async fn principal(&self, id: &str, sid: &str) -> ApiResult<(Arc<Principal>, bool)> {
        let keys = [format!("principal:{id}"), session_key(sid)];
        match self.cache.get_many(&keys).await {
            Ok(found) => {
                if let [Some(json), Some(session)] = found.as_slice()
                    && let Some(p) = self.parse_principal(&keys[0], json.clone())
                {
                    return Ok((p, session == SESSION_ENDED));
                }
            }
            Err(e) => tracing::warn!(error = %format!("{e:#}"), "cache read failed; asking identity"),
        }
        let req = proto::identity::v1::GetPrincipalRequest { user_id: id.to_string(), session_id: sid.to_string() };
        let p = retry(|| async { self.identity().get_principal(req.clone()).await }).await;
        let p = match p {
            Ok(p) => p.into_inner(),
            Err(s) if s.code() == tonic::Code::NotFound => {
                return Err(ApiError::unauthorized("Your account no longer exists. Please sign in again."));
            }
            Err(s) => return Err(s.into()),
        };
        let ended = p.session_revoked;
        let p = Arc::new(Principal {
            admin_type: common::account::name(p.account_type()).into(),
            id: p.id,
            active: p.active,
            session_version: p.session_version,
            charity_id: p.charity_id,
            grants: p.permissions.into_iter().map(|g| (g.slug, g.actions)).collect(),
        });
        if let Ok(json) = serde_json::to_string(&p) {
            self.cache_put(&keys[0], &json).await;
            self.remember(keys[0].clone(), json, p.clone());
        }
        if ended {
            self.cache_put(&keys[1], SESSION_ENDED).await;
        } else if let Err(e) = self.cache.add(&keys[1], SESSION_LIVE, self.settings.principal_ttl).await {
            // Added, never set: a sign-out marked while identity was being asked stays.
            tracing::warn!(error = %format!("{e:#}"), "cache write failed");
        }
        Ok((p, ended))
    }

    async fn cache_put(&self, key: &str, value: &str) {
        if let Err(e) = self.cache.set(key, value, self.settings.principal_ttl).await {
            tracing::warn!(error = %format!("{e:#}"), "cache write failed");
        }
    }

    /// Marks a session ended in the shared cache, so every replica refuses its access
    /// tokens on their next request (identity, asked on a miss, says the same).
    pub async fn end_session(&self, sid: &str) {
        if !sid.is_empty() {
            self.cache_put(&session_key(sid), SESSION_ENDED).await;
        }
    }

    /// The standing cached as `json`: the one parsed before when the text is the same.
    fn parse_principal(&self, key: &str, json: String) -> Option<Arc<Principal>> {
        if let Some((text, p)) = self.parsed.lock().expect("principal memo").get(key)
            && *text == json
        {
            return Some(p.clone());
        }
        let p: Arc<Principal> = Arc::new(serde_json::from_str(&json).ok()?);
        self.remember(key.to_string(), json, p.clone());
        Some(p)
    }

    fn remember(&self, key: String, json: String, p: Arc<Principal>) {
        let mut parsed = self.parsed.lock().expect("principal memo");
        if parsed.len() >= 10_000 && !parsed.contains_key(&key) {
            parsed.clear();
        }
        parsed.insert(key, (json, p));
    }

    /// Drops a cached standing after the account changed (every replica sees it via Redis).
    pub async fn forget_principal(&self, id: &str) {
        if let Err(e) = self.cache.del(&format!("principal:{id}")).await {
            tracing::warn!(error = %format!("{e:#}"), "cache delete failed");
        }
    }

    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::SeqCst)
    }
}

const SESSION_LIVE: &str = "live";
const SESSION_ENDED: &str = "ended";

fn session_key(sid: &str) -> String {
    format!("session:{sid}")
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    /// A standing parsed once is reused while the shared cache holds the same text, and
    /// never once the cache holds another (an account changed on any replica).
    #[tokio::test]
    async fn standings_are_parsed_again_only_when_the_cached_text_changes() {
        let dir = std::env::temp_dir().join(format!("bff-state-{}", common::new_id()));
        let state = crate::config::Config::local(
            crate::services::ServiceUrls::from_fn(|_| "http://127.0.0.1:9".into()),
            "x".repeat(32),
            dir,
        )
        .state()
        .await
        .unwrap();
        let standing = |admin_type: &str| {
            serde_json::json!({ "id": "u1", "admin_type": admin_type, "active": true, "session_version": 1, "charity_id": "", "grants": [["dashboard", ["view"]]] })
                .to_string()
        };
        let ttl = std::time::Duration::from_secs(30);
        state.cache.set("principal:u1", &standing("Sub Admin"), ttl).await.unwrap();
        state.cache.set("session:s1", "live", ttl).await.unwrap();
        let (first, ended) = state.principal("u1", "s1").await.unwrap();
        assert!(!ended);
        assert_eq!(first.admin_type, "Sub Admin");
        assert_eq!(first.grants, vec![("dashboard".to_string(), vec!["view".to_string()])]);
        assert!(
            Arc::ptr_eq(&first, &state.principal("u1", "s1").await.unwrap().0),
            "the same text is not parsed again"
        );

        state.cache.set("principal:u1", &standing("Main Admin"), ttl).await.unwrap();
        assert_eq!(state.principal("u1", "s1").await.unwrap().0.admin_type, "Main Admin");
        // A session marked ended on any replica is ended here.
        state.end_session("s1").await;
        assert!(state.principal("u1", "s1").await.unwrap().1);
        // Gone from the cache and identity unreachable: an error, never the remembered one.
        state.cache.del("principal:u1").await.unwrap();
        assert!(
            tokio::time::timeout(std::time::Duration::from_secs(30), state.principal("u1", "s1"))
                .await
                .unwrap()
                .is_err()
        );
    }
}
