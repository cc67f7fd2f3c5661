//! Starts the real thing for a test: the identity service (fresh SQLite file, or a
//! fresh PostgreSQL database when asked) on a loopback port, and the BFF on another,
//! with typed request helpers.

use common::shutdown::Shutdown;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::time::Duration;

pub const ADMIN_EMAIL: &str = "admin@example.org";
pub const ADMIN_PASSWORD: &str = "Admin@123";
pub const SECRET: &str = "bff-test-secret-bff-test-secret-0123456789";

/// The message of one field in a 400 answer ('' when it names none).
pub fn field(body: &Value, name: &str) -> String {
    body["errors"]
        .as_array()
        .and_then(|a| a.iter().find(|e| e["field"] == name))
        .and_then(|e| e["message"].as_str())
        .unwrap_or_default()
        .to_string()
}

pub struct TestApp {
    pub base: String,
    /// The BFF's metrics listener (/metrics, /healthz, the detailed /readyz).
    pub metrics_base: String,
    pub client: reqwest::Client,
    pub data: common::testing::TempDir,
    pub identity: identity::service::Identity,
    /// The giving service's gRPC address (tests record donations through it).
    pub giving_url: String,
    /// The content service's gRPC address (writes that do not go through the BFF).
    pub content_url: String,
    /// The catalogue's gRPC address (writes that do not go through the BFF).
    pub catalogue_url: String,
    /// The engagement service's gRPC address (tests make the app side's posts, joins and reports through it).
    #[allow(dead_code)] // until the engagement REST tests read it
    pub engagement_url: String,
    /// The chat service's gRPC address (tests make the app side's rooms and messages through it).
    #[allow(dead_code)] // until the chat REST tests read it
    pub chat_url: String,
    /// Stops the identity service.
    pub shutdown: Shutdown,
    /// Stops the BFF.
    pub bff_stop: Shutdown,
}

pub struct Resp {
    pub status: StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
}

impl Resp {
    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or_default()
    }
    pub fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or_default()
    }
    /// The answer's header `name` ("" when absent).
    pub fn header(&self, name: &str) -> &str {
        self.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_default()
    }
    #[track_caller]
    pub fn expect(self, status: u16) -> Self {
        assert_eq!(self.status.as_u16(), status, "unexpected answer: {}", self.body);
        self
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.shutdown.trigger();
        self.bff_stop.trigger();
    }
}

pub async fn spawn() -> TestApp {
    spawn_with(|_| {}).await
}

/// Starts identity and the BFF; `tune` may change identity's configuration.
pub async fn spawn_with(tune: impl FnOnce(&mut identity::app::Config)) -> TestApp {
    spawn_full(tune, |_| {}, Duration::ZERO).await
}

/// Starts every service of the table (the `stack` crate) and the BFF, identity's and the BFF's
/// configuration tuned by their closures;
/// `drain` is the BFF's pause between readiness turning false and its listener closing on
/// shutdown.
pub async fn spawn_full(
    tune: impl FnOnce(&mut identity::app::Config),
    tune_bff: impl FnOnce(&mut bff::config::Config),
    drain: Duration,
) -> TestApp {
    spawn_stack(None, tune, tune_bff, drain).await
}

/// Every service on a fresh PostgreSQL database of its own (TEST_DATABASE_URL), and the BFF;
/// the databases are dropped with the second part of the answer. None (a note printed) when
/// TEST_DATABASE_URL is unset, which fails the test under REQUIRE_SERVICES=1.
pub async fn spawn_on_postgres() -> Option<(TestApp, Vec<common::testing::PostgresDatabase>)> {
    let Some(admin) = common::testing::postgres_url() else {
        assert!(!common::testing::services_required(), "REQUIRE_SERVICES=1 but TEST_DATABASE_URL is unset");
        eprintln!("PostgreSQL variant skipped: TEST_DATABASE_URL is unset");
        return None;
    };
    let mut databases = vec![];
    for s in proto::services::ALL {
        databases.push((s.name, common::testing::create_postgres_database(&admin).await));
    }
    let urls: Vec<(&str, String)> = databases.iter().map(|(name, d)| (*name, d.url.clone())).collect();
    let app = spawn_stack(Some(&urls), |_| {}, |_| {}, Duration::ZERO).await;
    Some((app, databases.into_iter().map(|(_, d)| d).collect()))
}

/// The stack on `databases` (each service's URL by name), or on SQLite files of the test's
/// folder when None.
async fn spawn_stack(
    databases: Option<&[(&str, String)]>,
    tune: impl FnOnce(&mut identity::app::Config),
    tune_bff: impl FnOnce(&mut bff::config::Config),
    drain: Duration,
) -> TestApp {
    let data = common::testing::temp_dir();
    let shutdown = Shutdown::new();
    // Every service of the table (proto/services.json), each on a loopback port of its own.
    let shared = common::service::Shared {
        jwt_secret: SECRET.into(),
        public_url: "http://console.test".into(),
        mail_dir: Some(data.0.join("mail")),
    };
    let mut configs = {
        let sqlite = stack::sqlite_in(&data.0);
        let database_url = |s: &proto::services::Service| match databases {
            Some(urls) => {
                urls.iter().find(|(name, _)| *name == s.name).map(|(_, url)| url.clone()).expect("a database")
            }
            None => sqlite(s),
        };
        stack::Configs::new(database_url, &shared)
    };
    configs.identity = identity::app::Config {
        refresh_ttl_secs: 86400,
        admin_email: ADMIN_EMAIL.into(),
        admin_password: Some(ADMIN_PASSWORD.into()),
        mail_from: "Giving Console <no-reply@example.org>".into(),
        max_failures_per_address: 50,
        forgot_per_address: 50,
        ..configs.identity
    };
    tune(&mut configs.identity);
    let bus = common::bus::from_url(None).await.unwrap();
    let services = stack::Stack::start(&configs, "127.0.0.1:0", bus.clone(), shutdown.clone()).await.unwrap();
    let url = |port: u16| format!("http://127.0.0.1:{port}");
    let mut bff_cfg = bff::config::Config {
        public_url: "http://console.test".into(),
        trusted_proxies: "127.0.0.1".into(),
        ..bff::config::Config::local(local_urls(&services.ports()), SECRET.into(), data.0.join("media"))
    };
    tune_bff(&mut bff_cfg);
    let state = bff_cfg.state().await.unwrap();
    bff::events::listen(&state, bus, bff::events::PUBLIC_CACHE_QUEUE, shutdown.clone()).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let bff_stop = Shutdown::new();
    let metrics =
        bff::listen_metrics(&state, "127.0.0.1:0", bff_stop.clone()).await.unwrap().expect("a metrics listener");
    tokio::spawn(bff::serve(state, listener, bff_stop.clone(), drain));
    TestApp {
        base: format!("http://127.0.0.1:{port}"),
        metrics_base: format!("http://{metrics}"),
        client: reqwest::Client::new(),
        data,
        giving_url: url(services.giving.port),
        content_url: url(services.content.port),
        catalogue_url: url(services.catalogue.port),
        engagement_url: url(services.engagement.port),
        chat_url: url(services.chat.port),
        identity: services.identity.identity,
        shutdown,
        bff_stop,
    }
}

impl TestApp {
    pub async fn call(&self, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> Resp {
        let mut req = self.client.request(method, format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res = req.send().await.expect("request sent");
        let (status, headers) = (res.status(), res.headers().clone());
        let text = res.text().await.unwrap_or_default();
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Resp { status, headers, body }
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Resp {
        self.call(Method::POST, path, token, Some(body)).await
    }

    pub async fn patch(&self, path: &str, token: Option<&str>, body: Value) -> Resp {
        self.call(Method::PATCH, path, token, Some(body)).await
    }

    /// A multipart form post: `file` = (field, file name, bytes), plus text fields.
    pub async fn upload(
        &self,
        path: &str,
        token: Option<&str>,
        file: Option<(&str, &str, Vec<u8>)>,
        fields: &[(&str, &str)],
    ) -> Resp {
        let mut form = reqwest::multipart::Form::new();
        for (k, v) in fields {
            form = form.text(k.to_string(), v.to_string());
        }
        if let Some((field, name, bytes)) = file {
            form = form.part(field.to_string(), reqwest::multipart::Part::bytes(bytes).file_name(name.to_string()));
        }
        let mut req = self.client.post(format!("{}{path}", self.base)).multipart(form);
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        let res = req.send().await.expect("request sent");
        let (status, headers) = (res.status(), res.headers().clone());
        let text = res.text().await.unwrap_or_default();
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        Resp { status, headers, body }
    }

    /// Signs in with a sub-admin's or nonprofit admin's password `secret12`; answers the token.
    pub async fn token_of(&self, path: &str, email: &str) -> String {
        let r = self.post(path, None, json!({ "email": email, "password": "secret12" })).await.expect(200);
        r.body["data"]["authToken"].as_str().unwrap().to_string()
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Resp {
        self.call(Method::GET, path, token, None).await
    }

    pub async fn login(&self, email: &str, password: &str) -> Resp {
        self.post("/admin-login/login", None, json!({ "email": email, "password": password })).await
    }

    /// Signs in as the main admin; answers (authToken, refreshToken).
    pub async fn admin(&self) -> (String, String) {
        let r = self.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(200);
        (r.body["data"]["authToken"].as_str().unwrap().into(), r.body["data"]["refreshToken"].as_str().unwrap().into())
    }

    /// Creates a sub-admin holding `permissions` and answers its id.
    pub async fn sub_admin(&self, token: &str, email: &str, permissions: Value) -> String {
        let r = self
            .post(
                "/admin/sub-admin/create",
                Some(token),
                json!({ "firstName": "Sam", "lastName": "Helper", "email": email, "password": "secret12", "permissions": permissions }),
            )
            .await
            .expect(200);
        r.body["data"]["_id"].as_str().unwrap().to_string()
    }

    /// The newest mail written to the tester's mailbox for `to`.
    pub async fn last_mail(&self, to: &str) -> String {
        self.nth_mail(to, 1).await;
        self.mails(to).pop().expect("a mail")
    }

    /// Every mail written to the tester's mailbox for `to`, oldest first.
    pub fn mails(&self, to: &str) -> Vec<String> {
        let Ok(entries) = std::fs::read_dir(self.data.0.join("mail")) else { return vec![] };
        let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        files.sort();
        files
            .iter()
            .map(|f| std::fs::read_to_string(f).unwrap_or_default())
            .filter(|t| t.contains(&format!("To: {to}")))
            .collect()
    }

    /// Waits until `n` mails were written for `to`; answers the n-th.
    pub async fn nth_mail(&self, to: &str, n: usize) -> String {
        for _ in 0..50 {
            if let Some(m) = self.mails(to).get(n - 1) {
                return m.clone();
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("no mail number {n} for {to}");
    }
}

/// The reset token from a mail's link.
pub fn reset_token(mail: &str) -> String {
    link_token(mail, "/reset_password/")
}

/// The token of a mail's `<route><token>` link (reset, invitation).
pub fn link_token(mail: &str, route: &str) -> String {
    let at = mail.find(route).unwrap_or_else(|| panic!("a {route} link in {mail}")) + route.len();
    mail[at..].split_whitespace().next().unwrap().to_string()
}

/// The services' addresses: the given ones on loopback, any other a closed port.
pub fn local_urls(ports: &[(&str, u16)]) -> bff::services::ServiceUrls {
    bff::services::ServiceUrls::from_fn(|s| {
        let port = ports.iter().find(|(name, _)| *name == s.name).map_or(9, |(_, p)| *p);
        format!("http://127.0.0.1:{port}")
    })
}
