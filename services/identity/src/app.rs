//! Configuration and start-up of the identity service, used by its own binary
//! (cluster mode), by the embedded console and by tests (port 0, fresh database).

use crate::service::{Identity, Settings};
use common::bus::EventBus;
use common::shutdown::Shutdown;
use proto::identity::v1::identity_server::IdentityServer;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Debug, Clone, clap::Args)]
pub struct Config {
    /// sqlite://path/identity.db or postgres://user:pass@host/identity
    #[arg(long, env = "IDENTITY_DATABASE_URL")]
    pub database_url: String,
    /// Shared with the BFF, which verifies the access tokens.
    #[arg(long, env = "JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: String,
    #[arg(long, env = "ACCESS_TOKEN_TTL_SECS", default_value_t = 900)]
    pub access_ttl_secs: i64,
    #[arg(long, env = "REFRESH_TOKEN_TTL_SECS", default_value_t = 30 * 86400)]
    pub refresh_ttl_secs: i64,
    #[arg(long, env = "RESET_TOKEN_TTL_SECS", default_value_t = 3600)]
    pub reset_ttl_secs: i64,
    /// The main admin created on first start.
    #[arg(long, env = "ADMIN_EMAIL", default_value = "admin@giving-console.local")]
    pub admin_email: String,
    /// Its password; when absent a generated one is printed once.
    #[arg(long, env = "ADMIN_PASSWORD", hide_env_values = true)]
    pub admin_password: Option<String>,
    #[arg(long, env = "SMTP_URL", hide_env_values = true)]
    pub smtp_url: Option<String>,
    #[arg(long, env = "MAIL_FROM", default_value = "Giving Console <no-reply@giving-console.local>")]
    pub mail_from: String,
    /// Where mail is written when SMTP is not configured.
    #[arg(long, env = "MAIL_DIR")]
    pub mail_dir: Option<PathBuf>,
    /// Failed sign-ins an account may make before waits begin (then 1 s, doubling).
    #[arg(long, env = "LOGIN_MAX_FAILURES_PER_ACCOUNT", default_value_t = 5)]
    pub max_failures_per_account: i64,
    /// Failed sign-ins from one address before its waits begin (they apply to accounts
    /// that have failed themselves).
    #[arg(long, env = "LOGIN_MAX_FAILURES_PER_ADDRESS", default_value_t = 20)]
    pub max_failures_per_address: i64,
    /// The first wait of a throttled sign-in, seconds (each further failure doubles it).
    #[arg(long, env = "LOGIN_FIRST_WAIT_SECS", default_value_t = 1)]
    pub first_wait_secs: i64,
    /// The longest wait a throttled sign-in is given, seconds.
    #[arg(long, env = "LOGIN_MAX_WAIT_SECS", default_value_t = 300)]
    pub max_wait_secs: i64,
    /// Failures are forgotten after this many quiet seconds.
    #[arg(long, env = "LOGIN_THROTTLE_WINDOW_SECS", default_value_t = 900)]
    pub throttle_window_secs: i64,
    /// Reset mails per email before waits begin (then 1 minute, doubling up to an hour).
    #[arg(long, env = "FORGOT_PASSWORD_PER_EMAIL", default_value_t = 3)]
    pub forgot_per_email: i64,
    /// Forgot-password requests per address before waits begin.
    #[arg(long, env = "FORGOT_PASSWORD_PER_ADDRESS", default_value_t = 20)]
    pub forgot_per_address: i64,
    /// Where people reach the console (links in invitations sent on an event).
    #[arg(long, env = "PUBLIC_URL", default_value = "http://127.0.0.1:8080")]
    pub console_url: String,
    #[arg(long, env = "INVITE_TOKEN_TTL_SECS", default_value_t = 7 * 86400)]
    pub invite_ttl_secs: i64,
}

impl Config {
    /// Every setting from its environment variable or its default (the ones the binary
    /// reads), for the database and token key given: the embedded console, tests and the
    /// benchmark start from it and set only what differs.
    pub fn local(database_url: String, jwt_secret: String) -> Self {
        use clap::Parser;
        #[derive(Parser)]
        struct Local {
            #[command(flatten)]
            config: Config,
        }
        Local::parse_from(["identity", "--database-url", &database_url, "--jwt-secret", &jwt_secret]).config
    }

    pub fn settings(&self) -> Settings {
        Settings {
            jwt_secret: self.jwt_secret.as_bytes().to_vec(),
            access_ttl_secs: self.access_ttl_secs,
            refresh_ttl_secs: self.refresh_ttl_secs,
            reset_ttl_secs: self.reset_ttl_secs,
            max_failures_per_account: self.max_failures_per_account,
            max_failures_per_address: self.max_failures_per_address,
            throttle_window_secs: self.throttle_window_secs,
            first_wait_secs: self.first_wait_secs,
            max_wait_secs: self.max_wait_secs,
            forgot_per_email: self.forgot_per_email,
            forgot_per_address: self.forgot_per_address,
            smtp_url: self.smtp_url.clone().filter(|s| !s.is_empty()),
            mail_from: self.mail_from.clone(),
            mail_dir: self.mail_dir.clone(),
            console_url: self.console_url.clone(),
            invite_ttl_secs: self.invite_ttl_secs,
        }
    }
}

/// Beside the other services in one process: the shared token key, the console's address for
/// its links, and mail written to files when no SMTP_URL is set.
impl common::service::Stacked for Config {
    fn stacked(database_url: String, shared: &common::service::Shared) -> Self {
        Self {
            mail_dir: shared.mail_dir.clone(),
            console_url: shared.public_url.clone(),
            ..Self::local(database_url, shared.jwt_secret.clone())
        }
    }
}

common::service_app! {
    /// Connects, migrates, creates the main admin, starts the relays and serves gRPC on
    /// `listen` (port 0 picks one). Runs until `shutdown`.
    identity: Identity, IdentityServer,
    open: open_serving,
}

/// The identity [`start`] serves (its token key checked first): on its store and relay,
/// subscribed to the events it invites and suspends on, the main admin created, mail sent.
async fn open_serving(cfg: &Config, bus: &Arc<dyn EventBus>, shutdown: &Shutdown) -> anyhow::Result<Identity> {
    anyhow::ensure!(cfg.jwt_secret.len() >= 32, "JWT_SECRET must be at least 32 characters");
    let base = common::grpc::Base::open(&cfg.database_url, &MIGRATIONS, bus.clone(), shutdown).await?;
    let identity = Identity::new(base.db.clone(), cfg.settings(), Some(base.relay));
    let invitations = Arc::new(crate::invitation::Invitations(identity.clone()));
    bus.subscribe(crate::invitation::CONSUMER, &crate::invitation::EVENTS, invitations, shutdown.clone()).await?;
    let standing = Arc::new(crate::standing::Standing(identity.clone()));
    bus.subscribe(crate::standing::CONSUMER, &crate::standing::EVENTS, standing, shutdown.clone()).await?;
    if let Some(pw) = identity.ensure_main_admin(&cfg.admin_email, cfg.admin_password.as_deref()).await? {
        // Printed once, on the first start only.
        println!("\n  Main admin created: {}  password: {pw}\n  (set ADMIN_PASSWORD to choose it)\n", cfg.admin_email);
    }
    crate::mail::spawn(base.db, cfg.settings(), shutdown.clone());
    Ok(identity)
}
