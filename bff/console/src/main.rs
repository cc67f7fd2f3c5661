//! Embedded mode: the whole console in one process. Every service runs its real tonic
//! server and the BFF reaches it through the same clients as in the cluster, in process,
//! without a socket (`common::grpc::Listen::InProcess`, bff::services::InProcessServices);
//! storage is one SQLite file per service under DATA_DIR, events go through the in-process
//! bus, the cache is in memory. Only the BFF listens (PORT).
//!
//! Reads PORT (8080), DATA_DIR (./data), ADMIN_EMAIL, ADMIN_PASSWORD, WEB_DIR (./web/dist),
//! PUBLIC_URL (http://127.0.0.1:PORT), SMTP_URL, METRICS_LISTEN (off: set e.g. 127.0.0.1:9090
//! for /metrics and the detailed /readyz), OPENAPI_PUBLIC (off), TRUSTED_PROXIES, the numbers
//! REQUEST_TIMEOUT_SECS (60), GRPC_CONNECTIONS, PRINCIPAL_CACHE_SECS (30),
//! UPLOAD_QUOTA_BYTES_PER_DAY and UPLOAD_QUOTA_NONPROFIT_BYTES_PER_DAY (the BFF's), DEMO_DONORS
//! (200), and DEMO_DATA (1: fill an empty console with the demo data set before serving). A
//! number that does not parse stops the start with a message that names it. `giving-console seed` fills the demo data set and exits;
//! `giving-console member-token <donor email>` prints a member token (the chat's app side)
//! for that donor and exits; `giving-console audit-verify` walks the audit chain (exit code 1
//! naming the first broken link).

mod seed_refs;

use anyhow::Context;
use common::grpc::Listen;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn env(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.is_empty())
}

/// A number setting: its default when unset, and a clear refusal when it is not a number
/// (never a quiet default: a typo in REQUEST_TIMEOUT_SECS must not start a console with 60 s).
fn number<T: std::str::FromStr>(name: &str, default: T) -> anyhow::Result<T> {
    match env(name) {
        None => Ok(default),
        Some(v) => v.trim().parse().map_err(|_| anyhow::anyhow!("{name} must be a whole number (got '{v}')")),
    }
}

/// The BFF's number settings, read (and refused when they are not numbers) before anything starts.
struct Numbers {
    request_timeout_secs: u64,
    grpc_connections: usize,
    principal_cache_secs: u64,
    upload_quota_bytes: i64,
    upload_quota_nonprofit_bytes: i64,
}

impl Numbers {
    fn from_env() -> anyhow::Result<Self> {
        Ok(Self {
            request_timeout_secs: number("REQUEST_TIMEOUT_SECS", 60)?,
            grpc_connections: number("GRPC_CONNECTIONS", bff::config::GRPC_CONNECTIONS)?,
            principal_cache_secs: number("PRINCIPAL_CACHE_SECS", 30)?,
            upload_quota_bytes: number("UPLOAD_QUOTA_BYTES_PER_DAY", bff::storage::DEFAULT_UPLOAD_QUOTA)?,
            upload_quota_nonprofit_bytes: number(
                "UPLOAD_QUOTA_NONPROFIT_BYTES_PER_DAY",
                bff::storage::DEFAULT_NONPROFIT_UPLOAD_QUOTA,
            )?,
        })
    }
}

/// A yes/no setting: anything but 0, false, no, off (any case) is yes.
fn flag(value: &str) -> bool {
    !matches!(value.trim().to_lowercase().as_str(), "0" | "false" | "no" | "off" | "n" | "f")
}

/// The token secret is generated on first start and kept in the data folder, so a
/// restart keeps every session valid.
fn secret(data: &Path) -> anyhow::Result<String> {
    if let Some(s) = env("JWT_SECRET") {
        return Ok(s);
    }
    let file = data.join("jwt-secret");
    if let Ok(s) = std::fs::read_to_string(&file) {
        return Ok(s.trim().to_string());
    }
    let bytes: [u8; 32] = rand::random();
    let s = hex::encode(bytes);
    std::fs::write(&file, &s).context("failed to write the token secret")?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600))?;
    }
    Ok(s)
}

/// The demo data set: the catalogue's demo nonprofits and causes (when it has none), then
/// giving's donors, badges, three years of donations and subscriptions to them, and giving
/// partners in every state (when giving has no donor yet), then engagement's communities,
/// events, members, posts, comments, likes and reports by those donors (when it has no
/// community yet), then chat's rooms with a short conversation for ten of them and two past
/// notifications (when chat is empty). Everything goes through the
/// services' domain calls, so totals, rollups, badges and events are what real use makes.
async fn demo(data: &Path, services: &stack::Stack, admin: &chat::messages_store::Person) -> anyhow::Result<()> {
    let (catalogue, giving, content) =
        (&services.catalogue.catalogue, &services.giving.giving, &services.content.content);
    let (engagement, chat) = (&services.engagement.engagement, &services.chat.chat);
    const LOGO: &str = "demo-logo.png";
    const COVER: &str = "demo-cover.png";
    // The demo's one picture, as the nonprofits' logo, the leadership entries' photo and the
    // communities' and events' images.
    for (module, name) in
        [("charity", LOGO), ("leadershipImage", LOGO), ("communityImage", COVER), ("eventImage", COVER)]
    {
        // Where the BFF's media storage (MEDIA_DIR = DATA_DIR/media) keeps `module/name`.
        let file = data.join("media").join(bff::storage::media_path(module, name));
        if !file.exists() {
            std::fs::create_dir_all(file.parent().expect("a folder"))?;
            std::fs::write(&file, include_bytes!("../assets/demo-logo.png"))?;
        }
    }
    let recipients: Vec<giving::gifts::Recipient> = catalogue::demo::seed(catalogue, LOGO)
        .await?
        .into_iter()
        .map(|(kind, id, name)| giving::gifts::Recipient { kind, id, name })
        .collect();
    let opts = giving::seed::SeedOptions { donors: number("DEMO_DONORS", 200)?, ..Default::default() };
    let summary = giving::seed::seed(giving, &recipients, &opts).await?;
    println!(
        "Demo data: {} nonprofits and causes; {} donors, {} donations, {} subscriptions with {} charges, {} badges, {} giving partners{}",
        recipients.len(),
        summary.donors,
        summary.donations,
        summary.subscriptions,
        summary.charges,
        summary.badges,
        summary.partners,
        if summary.skipped { " (giving had data already: kept as it was)" } else { "" }
    );
    let ids = |kind: &str| recipients.iter().filter(|r| r.kind == kind).map(|r| r.id.clone()).collect::<Vec<_>>();
    let published = content::demo::seed(content, &ids("charity"), &ids("cause"), LOGO).await?;
    println!(
        "Demo content: {} pages, {} leadership entries, {} FAQs, {} contact messages{}",
        published.pages,
        published.leadership,
        published.faqs,
        published.contacts,
        if published.skipped { " (the homepage was published already: kept as it was)" } else { "" }
    );
    // Engagement: the demo donors (as giving holds them) in communities and events.
    let page = common::paging::Page { page: 1, limit: 200, ..Default::default() };
    let (donors, _) = giving.list_donors(&giving::service::ListQuery { page, is_active: None }).await?;
    let chat_donors: Vec<chat::seed::Donor> = donors
        .iter()
        .filter(|d| d.is_active)
        .map(|d| chat::seed::Donor {
            id: d.id.clone(),
            name: format!("{} {}", d.first_name, d.last_name),
            email: d.email.clone(),
            avatar: d.avatar.clone(),
        })
        .collect();
    let members = seed_refs::members(donors);
    let e = engagement::seed::seed(engagement, &members, &seed_refs::linked(&recipients), COVER, 14).await?;
    println!(
        "Demo data: {} communities with {} members, {} events with {} members, {} posts, {} comments, {} likes, {} reports{}",
        e.communities,
        e.community_members,
        e.events,
        e.event_members,
        e.posts,
        e.comments,
        e.likes,
        e.reports,
        if e.skipped { " (engagement had data already: kept as it was)" } else { "" }
    );
    // Chat: conversations with ten demo donors, and two notifications (their reach counted
    // by giving as a real send counts it).
    let all_reach = giving.count_donors(&[]).await?;
    let named = |kind: &str| -> Vec<chat::notifications_store::NamedRef> {
        recipients
            .iter()
            .filter(|r| r.kind == kind)
            .take(2)
            .map(|r| chat::notifications_store::NamedRef { id: r.id.clone(), name: r.name.clone() })
            .collect()
    };
    let (charities, causes) = (named("charity"), named("cause"));
    let chosen: Vec<giving::gifts::Recipient> =
        recipients.iter().filter(|r| charities.iter().chain(&causes).any(|n| n.id == r.id)).cloned().collect();
    let selected_reach = giving.count_donors(&chosen).await?;
    let c = chat::seed::seed(chat, &chat_donors, 10, admin, all_reach, (&charities, &causes), selected_reach).await?;
    println!(
        "Demo chat: {} rooms with {} messages ({} unread), {} notifications{}",
        c.rooms,
        c.messages,
        c.unread_rooms,
        c.notifications,
        if c.skipped { " (chat had data already: kept as it was)" } else { "" }
    );
    Ok(())
}

/// The main admin as chat names a sender (its id and name from identity).
async fn main_admin(
    identity: &identity::service::Identity,
    email: &str,
) -> anyhow::Result<chat::messages_store::Person> {
    let mut c = identity.db.pool.acquire().await?;
    let u = identity::store::user_by_email(&mut c, &email.trim().to_lowercase())
        .await?
        .context("the main admin is missing")?;
    Ok(chat::messages_store::Person {
        id: u.id,
        kind: chat::store::ADMIN.into(),
        name: format!("{} {}", u.first_name, u.last_name).trim().into(),
        avatar: String::new(),
    })
}

/// `giving-console member-token <donor email>`: a member token for the donor of that email
/// (giving's data in the data folder), signed by identity with the data folder's secret.
async fn member_token(
    giving: &giving::service::Giving,
    identity: &identity::service::Identity,
    email: &str,
) -> anyhow::Result<String> {
    let email = email.trim().to_lowercase();
    let page = common::paging::Page { page: 1, limit: 50, search: email.clone(), ..Default::default() };
    let (donors, _) = giving.list_donors(&giving::service::ListQuery { page, is_active: None }).await?;
    let donor = donors
        .into_iter()
        .find(|d| d.email.to_lowercase() == email)
        .with_context(|| format!("no donor has the email {email}"))?;
    anyhow::ensure!(donor.is_active, "the donor {email} is inactive: its member token would be refused");
    let (token, _) = identity.issue_member_token(&donor.id, 0)?;
    Ok(token)
}

/// `giving-console audit-verify`: walks the audit chain of the data folder; exits 1 naming
/// the first broken link.
async fn audit_verify() -> anyhow::Result<()> {
    let data = PathBuf::from(env("DATA_DIR").unwrap_or_else(|| "data".into()));
    // The audit service's file of the data folder, as stack::sqlite_in names it.
    let cfg = audit::app::Config { database_url: format!("sqlite://{}", data.join("audit.db").display()) };
    let v = audit::app::open(&cfg).await?.verify().await.map_err(|e| anyhow::anyhow!("{e}"))?;
    if v.ok {
        println!("audit chain ok: {} records checked", v.checked);
        return Ok(());
    }
    eprintln!(
        "audit chain broken at seq {}: {} ({} records checked before it)",
        v.first_broken_seq, v.reason, v.checked
    );
    std::process::exit(1)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    common::return_freed_memory_at_once();
    let mut member_email = None;
    let seed_only = match std::env::args().nth(1).as_deref() {
        None => false,
        Some("seed") => true,
        Some("member-token") => {
            member_email = Some(std::env::args().nth(2).context("usage: giving-console member-token <donor email>")?);
            false
        }
        Some("audit-verify") => return audit_verify().await,
        Some(other) => anyhow::bail!(
            "unknown command {other:?}: run giving-console, giving-console seed, giving-console member-token <donor email>, or giving-console audit-verify"
        ),
    };
    let _telemetry = common::telemetry::init("giving-console", env("LOG_FORMAT").as_deref() == Some("json"));
    common::tls::init()?;
    let port: u16 = number("PORT", 8080)?;
    // Every number is read before anything starts: a bad one stops the start at once.
    let numbers = Numbers::from_env()?;
    let data = PathBuf::from(env("DATA_DIR").unwrap_or_else(|| "data".into()));
    std::fs::create_dir_all(&data).with_context(|| format!("failed to create {}", data.display()))?;
    let data = data.canonicalize()?;
    let jwt_secret = secret(&data)?;
    let public_url = env("PUBLIC_URL").unwrap_or_else(|| format!("http://127.0.0.1:{port}"));
    let shutdown = common::shutdown::Shutdown::new();
    shutdown.on_signals();
    let bus = common::bus::from_url(None).await?;

    // Every service of the table (proto/services.json), in its order, served in process: one
    // SQLite file each in the data folder.
    let shared = common::service::Shared {
        jwt_secret: jwt_secret.clone(),
        public_url: public_url.clone(),
        mail_dir: Some(data.join("mail")),
    };
    let configs = stack::Configs::new(stack::sqlite_in(&data), &shared);
    let services = stack::Stack::start(&configs, Listen::InProcess, bus.clone(), shutdown.clone()).await?;
    if let Some(email) = member_email {
        let token = member_token(&services.giving.giving, &services.identity.identity, &email).await;
        shutdown.trigger();
        services.stopped().await;
        println!("{}", token?);
        return Ok(());
    }
    if seed_only || env("DEMO_DATA").is_some_and(|v| v != "0") {
        let admin = main_admin(&services.identity.identity, &configs.identity.admin_email).await?;
        demo(&data, &services, &admin).await?;
        if seed_only {
            shutdown.trigger();
            services.stopped().await;
            return Ok(());
        }
    }

    // Every service the BFF calls (bff/src/services.rs), by name: its server, in process.
    let mut local = bff::services::InProcessServices::default();
    for (name, server) in services.locals() {
        local = local.with(name, server)?;
    }
    let missing = local.missing();
    anyhow::ensure!(missing.is_empty(), "the embedded console starts no {missing:?} service");
    // No URL is dialled: every service is called in process.
    let urls = bff::services::ServiceUrls::from_fn(|s| format!("in-process://{}", s.name));

    let web_dir = PathBuf::from(env("WEB_DIR").unwrap_or_else(|| "web/dist".into()));
    if !web_dir.join("index.html").exists() {
        tracing::warn!(dir = %web_dir.display(), "no built console found; serving the API only");
    }
    let bff_cfg = bff::config::Config {
        public_url: public_url.clone(),
        web_dir: Some(web_dir),
        trusted_proxies: env("TRUSTED_PROXIES").unwrap_or_default(),
        openapi_public: env("OPENAPI_PUBLIC").is_some_and(|v| flag(&v)),
        // Off unless asked for (one machine: nothing scrapes it by default).
        metrics_listen: env("METRICS_LISTEN").unwrap_or_default(),
        request_timeout_secs: numbers.request_timeout_secs,
        grpc_connections: numbers.grpc_connections,
        principal_cache_secs: numbers.principal_cache_secs,
        upload_quota_bytes: numbers.upload_quota_bytes,
        upload_quota_nonprofit_bytes: numbers.upload_quota_nonprofit_bytes,
        in_process: local,
        ..bff::config::Config::local(urls, jwt_secret, data.join("media"))
    };
    let state = bff_cfg.state().await?;
    bff::events::listen(&state, bus.clone(), bff::events::PUBLIC_CACHE_QUEUE, shutdown.clone()).await?;
    if let Some(addr) = bff::listen_metrics(&state, &bff_cfg.metrics_listen, shutdown.clone()).await? {
        println!("Metrics at http://{addr}/metrics");
    }
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
        .await
        .with_context(|| format!("port {port} is taken (set PORT)"))?;
    println!("Giving Console is running at {public_url} (data in {})", data.display());
    bff::serve(state, listener, shutdown, Duration::ZERO).await?;
    services.stopped().await;
    Ok(())
}
