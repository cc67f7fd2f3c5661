//! Typed configuration of the BFF, from flags or environment variables.

use crate::cache::{Cache, MemoryCache, RedisCache};
use crate::services::{InProcessServices, ServiceUrls, Services};
use crate::state::{AppState, Inner, Settings};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tokens::Keys;

/// HTTP/2 connections to each replica of a service unless configured (see `state::Clients`).
pub const GRPC_CONNECTIONS: usize = 4;

#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// The services' gRPC addresses (bff/src/services.rs).
    #[command(flatten)]
    pub services: ServiceUrls,
    /// The services called in process instead of at their URL (the embedded console).
    #[arg(skip)]
    pub in_process: InProcessServices,
    /// Shared with identity; verifies access tokens.
    #[arg(long, env = "JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: String,
    /// Redis for the shared cache; memory when absent.
    #[arg(long, env = "REDIS_URL")]
    pub redis_url: Option<String>,
    /// RabbitMQ, for the events the BFF listens to (bff/src/events.rs); none when absent.
    #[arg(long, env = "AMQP_URL", hide_env_values = true)]
    pub amqp_url: Option<String>,
    /// Where people reach the console (reset links point here).
    #[arg(long, env = "PUBLIC_URL", default_value = "http://127.0.0.1:8080")]
    pub public_url: String,
    /// Base URL of media files; defaults to PUBLIC_URL/media.
    #[arg(long, env = "MEDIA_URL")]
    pub media_url: Option<String>,
    /// Folder of media files and uploads (when no S3 bucket is configured).
    #[arg(long, env = "MEDIA_DIR", default_value = "data/media")]
    pub media_dir: PathBuf,
    /// An S3-compatible bucket for media files and uploads (credentials from
    /// AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY); shared by every replica.
    #[arg(long, env = "S3_BUCKET")]
    pub media_s3_bucket: Option<String>,
    /// The S3 endpoint (MinIO and other non-AWS stores).
    #[arg(long, env = "S3_ENDPOINT")]
    pub s3_endpoint: Option<String>,
    #[arg(long, env = "S3_REGION")]
    pub s3_region: Option<String>,
    /// Path-style addressing (MinIO and most non-AWS stores).
    #[arg(long, env = "S3_FORCE_PATH_STYLE", default_value_t = false)]
    pub s3_force_path_style: bool,
    /// The built web console to serve.
    #[arg(long, env = "WEB_DIR")]
    pub web_dir: Option<PathBuf>,
    /// Comma-separated CIDRs of the proxies in front of the BFF (the ingress): the client
    /// address is the rightmost X-Forwarded-For hop that is not one of them. Empty = the
    /// peer's address, X-Forwarded-For ignored.
    #[arg(long, env = "TRUSTED_PROXIES", default_value = "")]
    pub trusted_proxies: String,
    /// Serve the OpenAPI document (/api-docs/openapi.json) to everyone; otherwise only to
    /// a signed-in main admin (Bearer access token). 0, false, no, off = no.
    #[arg(long, env = "OPENAPI_PUBLIC", value_parser = clap::builder::FalseyValueParser::new(), default_value_t = false)]
    pub openapi_public: bool,
    /// Where /metrics, /healthz and the detailed /readyz are served (Prometheus text), never
    /// on the public listener; off when empty.
    #[arg(long, env = "METRICS_LISTEN", default_value = "0.0.0.0:9090")]
    pub metrics_listen: String,
    /// Seconds an account's standing is cached.
    #[arg(long, env = "PRINCIPAL_CACHE_SECS", default_value_t = 30)]
    pub principal_cache_secs: u64,
    /// Seconds an API call may take before it answers 504 (imports excepted: they run as
    /// long as their file).
    #[arg(long, env = "REQUEST_TIMEOUT_SECS", default_value_t = 60)]
    pub request_timeout_secs: u64,
    /// HTTP/2 connections to each replica of each service (one connection is served on one
    /// core): that many balanced channels per service, used in turn.
    #[arg(long, env = "GRPC_CONNECTIONS", default_value_t = GRPC_CONNECTIONS)]
    pub grpc_connections: usize,
    /// Seconds between two resolutions of a service URL's host name (its replicas,
    /// bff/src/discovery.rs); IP addresses are not resolved.
    #[arg(long, env = "GRPC_RESOLVE_INTERVAL_SECS", default_value_t = crate::discovery::RESOLVE_INTERVAL_SECS)]
    pub grpc_resolve_interval_secs: u64,
    /// Bytes the main admin and each sub-admin may upload in a day (images and videos);
    /// 0 = no quota. Past it an upload answers 429.
    #[arg(long, env = "UPLOAD_QUOTA_BYTES_PER_DAY", default_value_t = crate::storage::DEFAULT_UPLOAD_QUOTA)]
    pub upload_quota_bytes: i64,
    /// The same for each nonprofit admin (smaller: one nonprofit's pictures).
    #[arg(long, env = "UPLOAD_QUOTA_NONPROFIT_BYTES_PER_DAY", default_value_t = crate::storage::DEFAULT_NONPROFIT_UPLOAD_QUOTA)]
    pub upload_quota_nonprofit_bytes: i64,
    /// Days a deleted record stays in the trash (restorable) before it is deleted for good
    /// with its files (bff/src/trash.rs): 1 to 3650.
    #[arg(long, env = "TRASH_RETENTION_DAYS", default_value_t = crate::state::RETENTION_DAYS,
          value_parser = clap::value_parser!(u32).range(1..=3650))]
    pub trash_retention_days: u32,
    /// Seconds between two runs of the trash's retention (one replica at a time).
    #[arg(long, env = "TRASH_SWEEP_INTERVAL_SECS", default_value_t = 3_600,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub trash_sweep_interval_secs: u64,
}

impl Config {
    /// The BFF on this machine: services at the given gRPC addresses, memory cache, media in
    /// a folder, API only, no metrics listener, defaults elsewhere (the embedded console,
    /// tests, benchmarks).
    pub fn local(services: ServiceUrls, jwt_secret: String, media_dir: PathBuf) -> Self {
        Self {
            services,
            in_process: InProcessServices::default(),
            jwt_secret,
            redis_url: None,
            amqp_url: None,
            public_url: "http://127.0.0.1".into(),
            media_url: None,
            media_dir,
            media_s3_bucket: None,
            s3_endpoint: None,
            s3_region: None,
            s3_force_path_style: false,
            web_dir: None,
            trusted_proxies: String::new(),
            openapi_public: false,
            metrics_listen: String::new(),
            principal_cache_secs: 30,
            request_timeout_secs: 60,
            grpc_connections: GRPC_CONNECTIONS,
            grpc_resolve_interval_secs: crate::discovery::RESOLVE_INTERVAL_SECS,
            upload_quota_bytes: crate::storage::DEFAULT_UPLOAD_QUOTA,
            upload_quota_nonprofit_bytes: crate::storage::DEFAULT_NONPROFIT_UPLOAD_QUOTA,
            trash_retention_days: crate::state::RETENTION_DAYS,
            trash_sweep_interval_secs: 3_600,
        }
    }

    pub async fn state(&self) -> anyhow::Result<AppState> {
        anyhow::ensure!(self.jwt_secret.len() >= 32, "JWT_SECRET must be at least 32 characters");
        let cache: Arc<dyn Cache> = match self.redis_url.as_deref().filter(|u| !u.is_empty()) {
            Some(url) => Arc::new(RedisCache::connect(url).await?),
            None => Arc::new(MemoryCache::default()),
        };
        anyhow::ensure!(
            self.upload_quota_bytes >= 0 && self.upload_quota_nonprofit_bytes >= 0,
            "UPLOAD_QUOTA_BYTES_PER_DAY and UPLOAD_QUOTA_NONPROFIT_BYTES_PER_DAY must be 0 (no quota) or a number of bytes"
        );
        crate::discovery::set_resolve_interval(Duration::from_secs(self.grpc_resolve_interval_secs.max(1)));
        let services = Services::connect(&self.services, &self.in_process, self.grpc_connections)?;
        let storage = crate::storage::Storage::from_config(
            &self.media_dir,
            self.media_s3_bucket.as_deref(),
            self.s3_endpoint.as_deref(),
            self.s3_region.as_deref(),
            self.s3_force_path_style,
        )?;
        tracing::info!(storage = %storage.describe, "media storage");
        storage.ensure_placeholder().await;
        let public_url = self.public_url.trim_end_matches('/').to_string();
        let state = AppState(Arc::new(Inner {
            services,
            storage,
            keys: Keys::new(self.jwt_secret.as_bytes()),
            cache,
            settings: Settings {
                media_url: self.media_url.clone().unwrap_or_else(|| format!("{public_url}/media")),
                public_url,
                web_dir: self.web_dir.clone(),
                trusted_proxies: crate::auth::parse_proxies(&self.trusted_proxies)?,
                openapi_public: self.openapi_public,
                principal_ttl: Duration::from_secs(self.principal_cache_secs),
                request_timeout: Duration::from_secs(self.request_timeout_secs),
                upload_quota: crate::storage::Quota {
                    admin: self.upload_quota_bytes,
                    nonprofit: self.upload_quota_nonprofit_bytes,
                },
                trash: crate::state::Retention {
                    keep: Duration::from_secs(u64::from(self.trash_retention_days) * 86_400),
                    interval: Duration::from_secs(self.trash_sweep_interval_secs),
                },
            },
            ready: AtomicBool::new(true),
            parsed: Default::default(),
            live: Default::default(),
            bus: Default::default(),
        }));
        // The chat's socket.io server; over Redis its emits reach every replica's sockets.
        let live = crate::live::hub::Live::start(&state, self.redis_url.as_deref().filter(|u| !u.is_empty())).await?;
        let _ = state.live.set(live);
        Ok(state)
    }
}
