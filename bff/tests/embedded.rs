//! The embedded wiring (what `giving-console` runs): every service started in process only
//! (`Listen::InProcess`, no listener) and the BFF calling each over the in-process transport.
//! Its own test binary: it installs a global OpenTelemetry tracer and reads the process's
//! metrics registry.

#[path = "support/procs.rs"]
mod procs;
use common::bus::EventBus;
use common::grpc::Listen;
use common::shutdown::Shutdown;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

const SECRET: &str = "embedded-test-secret-embedded-test-secret-01";

/// The count of the histogram series `name{method="…",code="…"}` in the process's metrics.
fn calls(name: &str, method: &str, code: &str) -> u64 {
    let line = format!("{name}_count{{method=\"{method}\",code=\"{code}\"}} ");
    let text = common::metrics::global().render();
    text.lines().find_map(|l| l.strip_prefix(line.as_str())).map_or(0, |n| n.parse().expect("a count"))
}

/// A loopback listener that counts the connections made to it: every service URL the BFF is
/// given points here, so a call that went over TCP would be counted.
async fn trap() -> (String, Arc<AtomicUsize>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let accepted = Arc::new(AtomicUsize::new(0));
    let counter = accepted.clone();
    tokio::spawn(async move {
        while let Ok((conn, _)) = listener.accept().await {
            counter.fetch_add(1, Ordering::SeqCst);
            drop(conn);
        }
    });
    (url, accepted)
}

#[tokio::test]
async fn the_bff_calls_every_service_in_process_without_a_socket() {
    let _provider = common::testing::install_tracer();

    let data = common::testing::temp_dir();
    let db = |name: &str| format!("sqlite://{}/{name}.db", data.0.display());
    let shutdown = Shutdown::new();
    let bus = Arc::new(common::bus::InProcessBus::new());
    let consumer = Arc::new(common::testing::Seen::default());
    bus.subscribe("test", &["identity.subadmin.#"], consumer.clone(), shutdown.clone()).await.unwrap();
    let bus: Arc<dyn EventBus> = bus;
    let (s, b) = (shutdown.clone(), bus.clone());
    let audit =
        audit::app::start(&audit::app::Config { database_url: db("audit") }, Listen::InProcess, b.clone(), s.clone())
            .await
            .unwrap();
    let identity_cfg = identity::app::Config {
        admin_email: "admin@example.org".into(),
        admin_password: Some("Admin@123".into()),
        mail_dir: None,
        console_url: "http://console.test".into(),
        ..identity::app::Config::local(db("identity"), SECRET.into())
    };
    let identity = identity::app::start(&identity_cfg, Listen::InProcess, b.clone(), s.clone()).await.unwrap();
    let catalogue = catalogue::app::start(
        &catalogue::app::Config { database_url: db("catalogue") },
        Listen::InProcess,
        b.clone(),
        s.clone(),
    )
    .await
    .unwrap();
    let giving = giving::app::start(
        &giving::app::Config { database_url: db("giving") },
        Listen::InProcess,
        b.clone(),
        s.clone(),
    )
    .await
    .unwrap();
    let content = content::app::start(
        &content::app::Config { database_url: db("content") },
        Listen::InProcess,
        b.clone(),
        s.clone(),
    )
    .await
    .unwrap();
    let engagement = engagement::app::start(
        &engagement::app::Config { database_url: db("engagement") },
        Listen::InProcess,
        b.clone(),
        s.clone(),
    )
    .await
    .unwrap();
    let chat =
        chat::app::start(&chat::app::Config { database_url: db("chat") }, Listen::InProcess, b, s).await.unwrap();
    let ports = [identity.port, catalogue.port, giving.port, content.port, engagement.port, chat.port, audit.port];
    assert_eq!(ports, [0; 7], "no service listens");

    let local = bff::services::InProcessServices::default()
        .with("identity", identity.local)
        .and_then(|l| l.with("catalogue", catalogue.local))
        .and_then(|l| l.with("giving", giving.local))
        .and_then(|l| l.with("content", content.local))
        .and_then(|l| l.with("engagement", engagement.local))
        .and_then(|l| l.with("chat", chat.local))
        .and_then(|l| l.with("audit", audit.local))
        .unwrap();
    assert!(local.missing().is_empty(), "{:?}", local.missing());
    let (url, dialled) = trap().await;
    let state = bff::config::Config {
        public_url: "http://console.test".into(),
        in_process: local,
        ..bff::config::Config::local(
            bff::services::ServiceUrls::from_fn(|_| url.clone()),
            SECRET.into(),
            data.0.join("media"),
        )
    }
    .state()
    .await
    .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let bff_stop = Shutdown::new();
    tokio::spawn(bff::serve(state, listener, bff_stop.clone(), Duration::ZERO));
    let http = reqwest::Client::new();
    let post =
        |path: &str, token: &str, body: Value| http.post(format!("{base}{path}")).bearer_auth(token).json(&body).send();

    // Readiness asks every service's health in process.
    let ready: Value = http.get(format!("{base}/readyz")).send().await.unwrap().json().await.unwrap();
    for name in ["identity", "catalogue", "giving", "content", "engagement", "chat", "audit"] {
        assert_eq!(ready[name], "serving", "{name}: {ready}");
    }

    // Through a proxy in front of the console: the status alone; no /metrics on its port
    // (the embedded console serves them only on METRICS_LISTEN, off unless set).
    let r = http.get(format!("{base}/readyz")).header("x-forwarded-for", "203.0.113.9").send().await.unwrap();
    assert_eq!(r.json::<Value>().await.unwrap(), json!({ "status": "ready" }));
    assert_eq!(http.get(format!("{base}/metrics")).send().await.unwrap().status().as_u16(), 404);

    // Unary calls: sign-in (identity), a write whose event continues the request's trace.
    let token = procs::sign_in(&http, &base, "admin@example.org", "Admin@123").await;
    // The OpenAPI document is the main admin's (identity asked in process); never stored.
    for (token, want) in [(None, 401), (Some(token.as_str()), 200)] {
        let mut req = http.get(format!("{base}/api-docs/openapi.json"));
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        let r = req.send().await.unwrap();
        assert_eq!((r.status().as_u16(), r.headers()["cache-control"].to_str().unwrap()), (want, "no-store"));
    }
    let trace_id = "4bf92f3577b34da6a3ce929d0e0e4736";
    let create = "/identity.v1.Identity/CreateSubAdmin";
    let (client_before, server_before) =
        (calls("grpc_client_requests_seconds", create, "0"), calls("grpc_server_requests_seconds", create, "0"));
    let res = http
        .post(format!("{base}/admin/sub-admin/create"))
        .bearer_auth(&token)
        .header("traceparent", format!("00-{trace_id}-00f067aa0ba902b7-01"))
        .json(&json!({ "firstName": "In", "lastName": "Process", "email": "inproc@example.org", "password": "secret12",
                       "permissions": [{ "slug": "/donor", "actions": ["view"] }] }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    // The client's metrics layer and the server's each counted the call once.
    assert_eq!(calls("grpc_client_requests_seconds", create, "0"), client_before + 1);
    assert_eq!(calls("grpc_server_requests_seconds", create, "0"), server_before + 1);
    let mut event = None;
    for _ in 0..50 {
        if let Some(e) = consumer.events().await.first().cloned() {
            event = Some(e);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let event = event.expect("the consumer got the event");
    let parent = event.trace.get("traceparent").expect("the event carries the trace");
    assert!(parent.contains(trace_id), "the service's span continues the request's trace: {parent}");

    // An error crosses as a gRPC status (counted under its code on both sides).
    let r = post(
        "/admin/sub-admin/create",
        &token,
        json!({ "firstName": "In", "lastName": "Process", "email": "inproc@example.org", "password": "secret12",
                                                          "permissions": [{ "slug": "/donor", "actions": ["view"] }] }),
    )
    .await
    .unwrap();
    assert_eq!(r.status().as_u16(), 409, "the same email again");
    assert_eq!(calls("grpc_client_requests_seconds", create, "6"), 1, "ALREADY_EXISTS on the client side");
    assert_eq!(calls("grpc_server_requests_seconds", create, "6"), 1, "ALREADY_EXISTS on the server side");

    // A client stream (the Business Master File import) and a server stream (the cause export).
    let file =
        "EIN,NAME,ICO,STREET,CITY,STATE,ZIP,NTEE_CD\n010000001,FIRST AID SOCIETY,,1 MAIN ST,SPRINGFIELD,IL,62701,E20\n";
    let form = reqwest::multipart::Form::new()
        .part("file", reqwest::multipart::Part::bytes(file.as_bytes().to_vec()).file_name("eo_il.csv"));
    let r: Value = http
        .post(format!("{base}/admin/charity/import"))
        .bearer_auth(&token)
        .multipart(form)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!((r["data"]["rows"].as_i64(), r["data"]["new"].as_i64()), (Some(1), Some(1)), "{r}");
    for name in ["Clean Water", "Water Wells"] {
        assert_eq!(
            post("/admin/cause/create", &token, json!({ "name": name, "description": "d" }))
                .await
                .unwrap()
                .status()
                .as_u16(),
            200
        );
    }
    let export = post("/admin/cause/causeList-excel", &token, json!({ "search": "water" })).await.unwrap();
    assert_eq!(export.status().as_u16(), 200);
    assert!(export.bytes().await.unwrap().starts_with(b"PK"), "an xlsx");
    let r: Value = post("/admin/charity/charityList", &token, json!({ "page": 1, "limit": 10, "isNavigator": true }))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(r["total_records"], 0, "a dry run: {r}");

    assert_eq!(dialled.load(Ordering::SeqCst), 0, "no service URL was dialled");

    // The services stop: their health turns NOT_SERVING in process (the BFF still answers).
    shutdown.trigger();
    let mut ready = Value::Null;
    for _ in 0..40 {
        ready = http.get(format!("{base}/readyz")).send().await.unwrap().json().await.unwrap();
        if ready["catalogue"] == "unavailable" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(ready["catalogue"], "unavailable", "{ready}");
    assert_eq!(ready["identity"], "unavailable", "{ready}");
    let finished = tokio::time::timeout(Duration::from_secs(10), catalogue.server)
        .await
        .expect("the server task ends on shutdown");
    finished.unwrap().unwrap();
    bff_stop.trigger();
}
