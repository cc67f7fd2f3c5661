//! Cluster mode: identity and the BFF as separate processes (the real binaries) on
//! PostgreSQL, Redis and RabbitMQ. Needs TEST_DATABASE_URL, TEST_REDIS_URL and
//! TEST_AMQP_URL; without them it is skipped, unless REQUIRE_SERVICES=1.

use futures::StreamExt;
use lapin::options::{
    BasicAckOptions, BasicConsumeOptions, ExchangeDeclareOptions, QueueBindOptions, QueueDeclareOptions,
};
use lapin::types::FieldTable;
use serde_json::{Value, json};
use std::process::Command;
use std::time::{Duration, Instant};

#[path = "support/procs.rs"]
mod procs;
use procs::*;

const SECRET: &str = "cluster-test-secret-cluster-test-secret-0123";

/// The tests of this file run one at a time. Their processes share RabbitMQ's queues (each
/// service consumes from one queue of its own name), so while both run one test's identity
/// takes the other's catalogue events and invites that test's nonprofit admin from its own
/// database (the invitation link then fails where it is used), and one test's chat service
/// takes the other's room events.
static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Where the identity process writes its mail (no SMTP in the test).
fn mail_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("gc-cluster-mail-{}", std::process::id()))
}

/// The first mail to `to` holding `containing`, once written (within 15 s, else fails saying
/// no `what` came).
async fn mailed(to: &str, containing: &str, what: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let found = std::fs::read_dir(mail_dir()).into_iter().flatten().flatten().find_map(|e| {
            std::fs::read_to_string(e.path())
                .ok()
                .filter(|t| t.contains(&format!("To: {to}")) && t.contains(containing))
        });
        if let Some(m) = found {
            return m;
        }
        assert!(Instant::now() < deadline, "no {what} mailed within 15 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn identity_proc(db: &str, amqp: &str, port: u16) -> Proc {
    let mut cmd = Command::new(binary("identity"));
    cmd.env("IDENTITY_DATABASE_URL", db)
        .env("JWT_SECRET", SECRET)
        .env("ADMIN_EMAIL", "admin@example.org")
        .env("ADMIN_PASSWORD", "Admin@123")
        .env("AMQP_URL", amqp)
        .env("GRPC_LISTEN", format!("127.0.0.1:{port}"))
        .env("METRICS_LISTEN", "127.0.0.1:0")
        .env("MAIL_DIR", mail_dir())
        .env("PUBLIC_URL", "https://console.example.org")
        .env("LOG_FORMAT", "json");
    Proc::spawn(cmd, &format!("identity-{port}"))
}

/// A BFF process calling every service of the table at its port in `ports`.
fn bff_proc(ports: &[(&str, u16)], redis: &str, port: u16, metrics_port: u16) -> Proc {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_bff"));
    for s in proto::services::ALL {
        let (_, at) = ports.iter().find(|(name, _)| *name == s.name).expect("every service has a port");
        cmd.env(s.url, format!("http://127.0.0.1:{at}"));
    }
    cmd.env("JWT_SECRET", SECRET)
        .env("REDIS_URL", redis)
        // Content events renew the public answers (bff/src/events.rs).
        .env("AMQP_URL", std::env::var("TEST_AMQP_URL").unwrap_or_default())
        .env("LISTEN", format!("127.0.0.1:{port}"))
        .env("METRICS_LISTEN", format!("127.0.0.1:{metrics_port}"))
        .env("PUBLIC_URL", format!("http://127.0.0.1:{port}"))
        // Every replica shares one media store (a volume or a bucket in a cluster).
        .env("MEDIA_DIR", std::env::temp_dir().join(format!("gc-cluster-media-{}", std::process::id())))
        .env("LOG_FORMAT", "json");
    Proc::spawn(cmd, &format!("bff-{port}"))
}

/// Every service of the table (proto/services.json) as its own process on a PostgreSQL
/// database of its own: identity with the test's settings, the others with their defaults.
struct Cluster {
    /// Each service's name and gRPC port.
    ports: Vec<(&'static str, u16)>,
    identity: Proc,
    identity_db: String,
    _others: Vec<Proc>,
    _databases: Vec<common::testing::PostgresDatabase>,
}

impl Cluster {
    async fn start(pg: &str, amqp: &str) -> Self {
        let (mut ports, mut others, mut databases) = (Vec::new(), Vec::new(), Vec::new());
        let mut identity = None;
        for s in proto::services::ALL {
            let db = common::testing::create_postgres_database(pg).await;
            let port = free_port();
            if s.name == "identity" {
                identity = Some((identity_proc(&db.url, amqp, port), db.url.clone()));
            } else {
                others.push(service_proc(s.name, &db.url, amqp, port));
            }
            ports.push((s.name, port));
            databases.push(db);
        }
        let (identity, identity_db) = identity.expect("the table holds identity");
        Cluster { ports, identity, identity_db, _others: others, _databases: databases }
    }

    fn port(&self, name: &str) -> u16 {
        self.ports.iter().find(|(n, _)| *n == name).map(|(_, p)| *p).expect("a service of the table")
    }
}

/// Every service of the table serving and the cache answering, as /readyz reports them.
fn ready() -> Vec<(&'static str, &'static str)> {
    proto::services::ALL.iter().map(|s| (s.name, "serving")).chain([("cache", "ok")]).collect()
}

async fn call(
    http: &reqwest::Client,
    method: reqwest::Method,
    url: String,
    token: Option<&str>,
    body: Value,
) -> (u16, Value) {
    let mut req = http.request(method, url).json(&body);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    let r = req.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn identity_and_the_bff_run_as_separate_processes_on_postgres_redis_and_rabbitmq() {
    let _one = ONE_AT_A_TIME.lock().await;
    let Some((pg, redis, amqp)) = services() else {
        eprintln!("cluster test skipped: set TEST_DATABASE_URL, TEST_REDIS_URL, TEST_AMQP_URL");
        return;
    };
    // A queue of our own on the events exchange, to see the sub-admin events identity
    // publishes (its other events, e.g. invitations for the other test's nonprofits, which its
    // consumer queue shares, are not this test's).
    let conn = lapin::Connection::connect(&amqp, lapin::ConnectionProperties::default()).await.unwrap();
    let ch = conn.create_channel().await.unwrap();
    ch.exchange_declare(
        common::bus::EXCHANGE.into(),
        lapin::ExchangeKind::Topic,
        ExchangeDeclareOptions { durable: true, ..Default::default() },
        FieldTable::default(),
    )
    .await
    .unwrap();
    let queue = format!("cluster-test-{}", common::new_id());
    ch.queue_declare(
        queue.as_str().into(),
        QueueDeclareOptions { exclusive: true, auto_delete: true, ..Default::default() },
        FieldTable::default(),
    )
    .await
    .unwrap();
    ch.queue_bind(
        queue.as_str().into(),
        common::bus::EXCHANGE.into(),
        "identity.subadmin.#".into(),
        QueueBindOptions::default(),
        FieldTable::default(),
    )
    .await
    .unwrap();
    let mut events = ch
        .basic_consume(queue.as_str().into(), "t".into(), BasicConsumeOptions::default(), FieldTable::default())
        .await
        .unwrap();

    // Every service, and two BFF replicas sharing Redis.
    let mut cluster = Cluster::start(&pg, &amqp).await;
    let ip = cluster.port("identity");
    let (bp, bp2, bm) = (free_port(), free_port(), free_port());
    let mut bff = bff_proc(&cluster.ports, &redis, bp, bm);
    let mut bff2 = bff_proc(&cluster.ports, &redis, bp2, free_port());
    let base = format!("http://127.0.0.1:{bp}");
    let other = format!("http://127.0.0.1:{bp2}");
    let http = reqwest::Client::builder().timeout(Duration::from_secs(30)).build().unwrap();
    wait_ready(&http, &base, &ready(), &mut bff).await;
    wait_ready(&http, &other, &ready(), &mut bff2).await;

    // The BFF binary's listeners (tests/api/exposure.rs has the rest): /metrics and the
    // detailed /readyz on METRICS_LISTEN only; through the ingress /readyz says its status alone.
    let metrics = format!("http://127.0.0.1:{bm}");
    let r = http.get(format!("{base}/metrics")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 404, "no /metrics on the public listener");
    let text = http.get(format!("{metrics}/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(
        text.contains(r#"http_server_requests_seconds_count{route="/readyz",method="GET",status="200"}"#),
        "{text}"
    );
    let ready: Value = http
        .get(format!("{metrics}/readyz"))
        .header("x-forwarded-for", "203.0.113.9")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        (ready["identity"].as_str(), ready["cache"].as_str(), ready["events"].as_str()),
        (Some("serving"), Some("ok"), Some("ok")),
        "{ready}"
    );
    let r = http.get(format!("{base}/readyz")).header("x-forwarded-for", "203.0.113.9").send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.json::<Value>().await.unwrap(), json!({ "status": "ready" }));

    use reqwest::Method as M;
    let (s, login) = call(
        &http,
        M::POST,
        format!("{base}/admin-login/login"),
        None,
        json!({ "email": "admin@example.org", "password": "Admin@123" }),
    )
    .await;
    assert_eq!(s, 200, "{login}");
    let t = login["data"]["authToken"].as_str().unwrap().to_string();
    let (s, created) = call(
        &http,
        M::POST,
        format!("{base}/admin/sub-admin/create"),
        Some(&t),
        json!({ "firstName": "Cluster", "lastName": "Test", "email": "cluster@example.org", "password": "secret12",
                "permissions": [{ "slug": "/donor", "actions": ["view"] }] }),
    )
    .await;
    assert_eq!(s, 200, "{created}");
    let id = created["data"]["_id"].as_str().unwrap().to_string();

    // The event went through the outbox and RabbitMQ.
    let delivery = tokio::time::timeout(Duration::from_secs(15), events.next())
        .await
        .expect("an event within 15 s")
        .unwrap()
        .unwrap();
    let ev: common::bus::Event = serde_json::from_slice(&delivery.data).unwrap();
    assert_eq!(ev.event_type, "identity.subadmin.created");
    assert_eq!(ev.payload["id"], id);
    delivery.ack(BasicAckOptions::default()).await.unwrap();

    let (s, sub) = call(
        &http,
        M::POST,
        format!("{base}/admin-login/login"),
        None,
        json!({ "email": "cluster@example.org", "password": "secret12" }),
    )
    .await;
    assert_eq!(s, 200);
    let st = sub["data"]["authToken"].as_str().unwrap().to_string();
    // Refused by either replica.
    for b in [&base, &other] {
        let (s, body) = call(&http, M::POST, format!("{b}/admin/sub-admin/subAdminList"), Some(&st), json!({})).await;
        assert_eq!((s, body["code"].as_str()), (403, Some("FORBIDDEN")));
    }
    // The OpenAPI document: the main admin's only (standings from Redis); never stored.
    for (token, want) in [(None, 401), (Some(st.as_str()), 403), (Some(t.as_str()), 200)] {
        let mut req = http.get(format!("{other}/api-docs/openapi.json"));
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        let r = req.send().await.unwrap();
        assert_eq!((r.status().as_u16(), r.headers()["cache-control"].to_str().unwrap()), (want, "no-store"));
    }
    // Its standing is cached in Redis now (by the other replica); deactivation through one
    // replica must end the session at once on both.
    assert_eq!(call(&http, M::GET, format!("{other}/v1/common/getAllCountry"), Some(&st), Value::Null).await.0, 200);
    let (s, _) = call(
        &http,
        M::PATCH,
        format!("{base}/admin/sub-admin/subAdminStatus/{id}"),
        Some(&t),
        json!({ "isActive": false }),
    )
    .await;
    assert_eq!(s, 200);
    assert_eq!(call(&http, M::GET, format!("{other}/v1/common/getAllCountry"), Some(&st), Value::Null).await.0, 401);
    assert_eq!(call(&http, M::GET, format!("{base}/v1/common/getAllCountry"), Some(&st), Value::Null).await.0, 401);

    // Identity restarts: reads made during the restart are retried, not failed.
    let _ = cluster.identity.child.kill();
    let _ = cluster.identity.child.wait();
    let restarted = tokio::spawn({
        let db = cluster.identity_db.clone();
        let amqp = amqp.clone();
        async move {
            tokio::time::sleep(Duration::from_millis(300)).await;
            identity_proc(&db, &amqp, ip)
        }
    });
    let (s, list) = call(&http, M::POST, format!("{other}/admin/sub-admin/subAdminList"), Some(&t), json!({})).await;
    assert_eq!(s, 200, "{list}");
    assert_eq!(list["total_records"], 1);
    cluster.identity = restarted.await.unwrap();
    // A write right after the restart goes through either replica.
    let (s, body) = call(
        &http,
        M::POST,
        format!("{other}/admin/sub-admin/create"),
        Some(&t),
        json!({ "firstName": "Second", "lastName": "Replica", "email": "second@example.org", "password": "secret12",
                "permissions": [{ "slug": "/dashboard", "actions": ["view"] }] }),
    )
    .await;
    assert_eq!(s, 200, "{body}");

    // The status change published before the restart arrives too: nothing lost. Delivery is
    // at least once (identity killed between publishing and marking an event sent publishes it
    // again after its restart), so events are told apart by id.
    let (mut kinds, mut seen) = (vec![], std::collections::HashSet::new());
    while kinds.len() < 2 {
        let delivery = tokio::time::timeout(Duration::from_secs(15), events.next())
            .await
            .expect("every event arrives")
            .unwrap()
            .unwrap();
        let ev: common::bus::Event = serde_json::from_slice(&delivery.data).unwrap();
        if seen.insert(ev.id.clone()) {
            kinds.push(ev.event_type);
        }
        delivery.ack(BasicAckOptions::default()).await.unwrap();
    }
    assert_eq!(kinds, ["identity.subadmin.status_changed", "identity.subadmin.created"]);

    // The catalogue through both replicas: created on one, seen and changed on the other.
    let (s, cause) =
        call(&http, M::POST, format!("{base}/admin/cause/create"), Some(&t), json!({ "name": "Clean Water" })).await;
    assert_eq!(s, 200, "{cause}");
    let cause_id = cause["data"]["_id"].as_str().unwrap().to_string();
    let (s, list) = call(&http, M::POST, format!("{other}/admin/cause/causeList"), Some(&t), json!({})).await;
    assert_eq!((s, list["total_records"].as_i64()), (200, Some(1)));
    let (s, _) = call(
        &http,
        M::PATCH,
        format!("{other}/admin/cause/activeStatus/{cause_id}"),
        Some(&t),
        json!({ "isActive": false }),
    )
    .await;
    assert_eq!(s, 200);

    // Giving through both replicas: a donor created on one, read and toggled on the other.
    let (s, donor) = call(
        &http,
        M::POST,
        format!("{base}/admin/user/create"),
        Some(&t),
        json!({ "firstName": "Ada", "lastName": "Lovelace", "email": "ada@example.org" }),
    )
    .await;
    assert_eq!(s, 200, "{donor}");
    let donor_id = donor["data"]["_id"].as_str().unwrap().to_string();
    let (s, list) =
        call(&http, M::POST, format!("{other}/admin/user/userList"), Some(&t), json!({ "search": "ada" })).await;
    assert_eq!((s, list["data"][0]["_id"].as_str()), (200, Some(donor_id.as_str())), "{list}");
    let (s, body) = call(
        &http,
        M::PATCH,
        format!("{other}/admin/user/userStatus/{donor_id}"),
        Some(&t),
        json!({ "isActive": false }),
    )
    .await;
    assert_eq!((s, body["data"]["isActive"].as_bool()), (200, Some(false)), "{body}");

    // Content: the public page is cached in the shared Redis; an update through one replica
    // is what the other serves next (the cached answer was forgotten for every replica).
    let home = |title: &str| json!({ "heroTitle": title, "ctaText": "Give", "ctaLink": "https://give.example.org" });
    let (s, body) =
        call(&http, M::POST, format!("{base}/admin/homepage/updateHomepage"), Some(&t), home("First")).await;
    assert_eq!(s, 200, "{body}");
    let (s, page) = call(&http, M::GET, format!("{other}/v1/public/page/homepage"), None, Value::Null).await;
    assert_eq!((s, page["data"]["heroTitle"].as_str()), (200, Some("First")), "{page}");
    let (s, body) =
        call(&http, M::POST, format!("{base}/admin/homepage/updateHomepage"), Some(&t), home("Second")).await;
    assert_eq!(s, 200, "{body}");
    let (s, page) = call(&http, M::GET, format!("{other}/v1/public/page/homepage"), None, Value::Null).await;
    assert_eq!((s, page["data"]["heroTitle"].as_str()), (200, Some("Second")), "{page}");
    // A change that does not go through a BFF (another client of the content service) reaches
    // the public answers through content's events over RabbitMQ, on every replica.
    for b in [&base, &other] {
        let (s, list) = call(&http, M::GET, format!("{b}/v1/public/leadership"), None, Value::Null).await;
        assert_eq!((s, list["data"].as_array().map(Vec::len)), (200, Some(0)), "{list}");
    }
    {
        use proto::content::v1 as pb;
        let mut content =
            pb::content_client::ContentClient::connect(format!("http://127.0.0.1:{}", cluster.port("content")))
                .await
                .unwrap();
        let fields = pb::LeadershipFields {
            name: "Grace".into(),
            title: "Treasurer".into(),
            photo: "g.png".into(),
            biography: String::new(),
            order: 1,
            is_active: true,
        };
        content.create_leadership(pb::LeadershipInput { fields: Some(fields), actor: None }).await.unwrap();
    }
    for b in [&base, &other] {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let (_, list) = call(&http, M::GET, format!("{b}/v1/public/leadership"), None, Value::Null).await;
            if list["data"][0]["name"] == "Grace" {
                break;
            }
            assert!(Instant::now() < deadline, "content.leadership.created did not renew {b}'s answer: {list}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    // A nonprofit added through one replica: identity hears of it over RabbitMQ and mails its
    // admin contact a link (to identity's PUBLIC_URL) that sets the password through the other.
    let (s, category) =
        call(&http, M::POST, format!("{base}/admin/charity-category/create"), Some(&t), json!({ "name": "Health" }))
            .await;
    assert_eq!(s, 200, "{category}");
    let (s, wells) =
        call(&http, M::POST, format!("{base}/admin/cause/create"), Some(&t), json!({ "name": "Wells" })).await;
    assert_eq!(s, 200, "{wells}");
    let npo = format!("npo-{}@example.org", common::new_id());
    let (s, charity) = call(
        &http,
        M::POST,
        format!("{base}/admin/charity/create"),
        Some(&t),
        json!({ "charityName": "Water For All", "taxId": "12-3456789", "categoryId": category["data"]["_id"], "causeIds": [wells["data"]["_id"]],
                "mission": "<p>Wells</p>", "logo": "logo.png", "email": "info@water.example.org", "phoneNumber": "5551234567",
                "address": "1 Main St", "city": "Springfield", "state": "Illinois", "country": "United States", "zipCode": "62701",
                "adminFirstName": "Nia", "adminLastName": "Owner", "adminEmail": npo }),
    )
    .await;
    assert_eq!(s, 200, "{charity}");
    let route = "https://console.example.org/set_password/";
    let mail = mailed(&npo, "", "invitation").await;
    let token = mail[mail.find(route).expect("an invitation link") + route.len()..].split_whitespace().next().unwrap();
    let (s, body) = call(
        &http,
        M::POST,
        format!("{other}/admin-login/setPassword"),
        None,
        json!({ "token": token, "newPassword": "secret12" }),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    let (s, body) = call(
        &http,
        M::POST,
        format!("{base}/admin-login/charityLogin"),
        None,
        json!({ "email": npo, "password": "secret12" }),
    )
    .await;
    assert_eq!((s, body["data"]["charityId"].as_str()), (200, charity["data"]["_id"].as_str()), "{body}");
    let npo_token = body["data"]["authToken"].as_str().unwrap().to_string();
    let charity_id = charity["data"]["_id"].as_str().unwrap().to_string();

    // Sessions end everywhere a password changes (issue 32 section 3): the nonprofit admin's
    // standing is cached (Redis) after a request through each replica; a reset by mail link
    // through one replica refuses its old token at once on the other.
    let own = |b: &str| format!("{b}/admin/charity/get/{charity_id}");
    for b in [&base, &other] {
        assert_eq!(call(&http, M::GET, own(b), Some(&npo_token), Value::Null).await.0, 200);
    }
    let (s, _) =
        call(&http, M::POST, format!("{base}/admin/sub-admin/forgotPassword"), None, json!({ "email": npo })).await;
    assert_eq!(s, 200);
    // The link points at the console that asked (the BFF's PUBLIC_URL).
    let route = "/reset_password/";
    let reset = mailed(&npo, route, "reset link").await;
    let token = reset[reset.find(route).expect("a reset link") + route.len()..].split_whitespace().next().unwrap();
    let (s, body) = call(
        &http,
        M::POST,
        format!("{other}/admin/sub-admin/resetPassword"),
        None,
        json!({ "token": token, "newPassword": "secret34" }),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    for b in [&base, &other] {
        assert_eq!(
            call(&http, M::GET, own(b), Some(&npo_token), Value::Null).await.0,
            401,
            "{b} still took the old token"
        );
    }
    // Its nonprofit deactivated through one replica: identity hears it over RabbitMQ, disables
    // the account and ends its sessions; both replicas refuse its new token.
    let (s, body) = call(
        &http,
        M::POST,
        format!("{base}/admin-login/charityLogin"),
        None,
        json!({ "email": npo, "password": "secret34" }),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    let npo_token = body["data"]["authToken"].as_str().unwrap().to_string();
    for b in [&base, &other] {
        assert_eq!(call(&http, M::GET, own(b), Some(&npo_token), Value::Null).await.0, 200);
    }
    let (s, body) = call(
        &http,
        M::PATCH,
        format!("{other}/admin/charity/charityStatus/{charity_id}"),
        Some(&t),
        json!({ "isActive": false }),
    )
    .await;
    assert_eq!(s, 200, "{body}");
    for b in [&base, &other] {
        let deadline = Instant::now() + Duration::from_secs(15);
        while call(&http, M::GET, own(b), Some(&npo_token), Value::Null).await.0 != 401 {
            assert!(Instant::now() < deadline, "{b} still served the admin of a deactivated nonprofit");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    let (s, body) = call(
        &http,
        M::POST,
        format!("{base}/admin-login/charityLogin"),
        None,
        json!({ "email": npo, "password": "secret34" }),
    )
    .await;
    assert_eq!(
        (s, body["message"].as_str()),
        (403, Some("Your nonprofit is inactive or was deleted. Please contact the administrator.")),
        "{body}"
    );
    // Activated again: the account is back.
    let (s, _) = call(
        &http,
        M::PATCH,
        format!("{base}/admin/charity/charityStatus/{charity_id}"),
        Some(&t),
        json!({ "isActive": true }),
    )
    .await;
    assert_eq!(s, 200);
    let deadline = Instant::now() + Duration::from_secs(15);
    while call(
        &http,
        M::POST,
        format!("{other}/admin-login/charityLogin"),
        None,
        json!({ "email": npo, "password": "secret34" }),
    )
    .await
    .0 != 200
    {
        assert!(Instant::now() < deadline, "the admin of a reactivated nonprofit never got its account back");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let _ = std::fs::remove_dir_all(mail_dir());
    drop(cluster);
}

#[path = "support/socketio.rs"]
mod socketio;

/// The chat across two BFF processes sharing Redis (the socket.io Redis adapter and the
/// presence counts): a member connected to replica A gets the message an admin sends on
/// replica B, the admin on B hears the member's presence and its reply.
#[tokio::test]
async fn the_chat_crosses_bff_replicas_over_redis() {
    let _one = ONE_AT_A_TIME.lock().await;
    use socketio::Sock;
    let Some((pg, redis, amqp)) = services() else {
        eprintln!("cluster chat test skipped: set TEST_DATABASE_URL, TEST_REDIS_URL, TEST_AMQP_URL");
        return;
    };
    let cluster = Cluster::start(&pg, &amqp).await;
    let ip = cluster.port("identity");
    let (ap, bp) = (free_port(), free_port());
    let mut bff_a = bff_proc(&cluster.ports, &redis, ap, free_port());
    let mut bff_b = bff_proc(&cluster.ports, &redis, bp, free_port());
    let (a, b) = (format!("http://127.0.0.1:{ap}"), format!("http://127.0.0.1:{bp}"));
    let http = reqwest::Client::builder().timeout(Duration::from_secs(30)).build().unwrap();
    wait_ready(&http, &a, &ready(), &mut bff_a).await;
    wait_ready(&http, &b, &ready(), &mut bff_b).await;

    use reqwest::Method as M;
    let (_, login) = call(
        &http,
        M::POST,
        format!("{a}/admin-login/login"),
        None,
        json!({ "email": "admin@example.org", "password": "Admin@123" }),
    )
    .await;
    let t = login["data"]["authToken"].as_str().expect("signed in").to_string();
    let (s, donor) = call(
        &http,
        M::POST,
        format!("{a}/admin/user/create"),
        Some(&t),
        json!({ "firstName": "Ola", "lastName": "Giver", "email": "ola@example.org", "phoneNumber": "(555) 123-4567", "city": "Springfield", "zipCode": "62701" }),
    )
    .await;
    assert_eq!(s, 200, "{donor}");
    let donor = donor["data"]["_id"].as_str().unwrap().to_string();
    let (s, room) =
        call(&http, M::POST, format!("{b}/admin/chat/createRoom"), Some(&t), json!({ "userId": donor })).await;
    assert_eq!(s, 200, "{room}");
    let room = room["data"]["_id"].as_str().unwrap().to_string();
    let mut identity =
        proto::identity::v1::identity_client::IdentityClient::connect(format!("http://127.0.0.1:{ip}")).await.unwrap();
    let member = identity
        .issue_member_token(proto::identity::v1::IssueMemberTokenRequest { donor_id: donor.clone(), ttl_seconds: 0 })
        .await
        .unwrap()
        .into_inner()
        .token;

    let admin_b = Sock::connect(&b, "/admin", Some(&t)).await.expect("the console connects to replica B");
    Sock::ok(admin_b.call("join", json!({ "roomId": room })).await);
    let member_a = Sock::connect(&a, "/app", Some(&member)).await.expect("the app connects to replica A");
    let p = admin_b.next_where("presence", |p| p["userId"] == donor.as_str()).await;
    assert_eq!(p["online"], true, "presence crosses replicas");
    let users = Sock::ok(admin_b.call("users", json!({})).await);
    assert_eq!(users["list"][0]["online"], true);
    let sent = Sock::ok(admin_b.call("send", json!({ "roomId": room, "text": "from B", "clientId": "c-b-1" })).await);
    let got = member_a.next("message").await;
    assert_eq!(got["message"]["_id"], sent["message"]["_id"], "the member on A gets what the admin sent on B");
    let back = Sock::ok(member_a.call("send", json!({ "text": "from A", "clientId": "c-a-1" })).await);
    admin_b.next_where("message", |m| m["message"]["_id"] == back["message"]["_id"]).await;
    drop(member_a);
    let p = admin_b.next_where("presence", |p| p["userId"] == donor.as_str()).await;
    assert_eq!(p["online"], false);
}
