//! What the BFF tells whom (issue 32, section 7): the OpenAPI document is the signed-in main
//! admin's unless OPENAPI_PUBLIC says otherwise; /readyz answers its status alone on the
//! public listener and its details only to this machine itself or on the metrics listener;
//! /metrics is served on the metrics listener only; answers of authenticated paths are
//! never stored, while public reads keep their caching.

use crate::helpers::*;
use common::shutdown::Shutdown;
use serde_json::{Value, json};
use std::time::Duration;

const DOC: &str = "/api-docs/openapi.json";

/// A nonprofit id for the nonprofit admin.
const OWN: &str = "0000000000000000000000a1";

/// The document, asked by every kind of caller: only the signed-in main admin (a valid access
/// token, its session live, its account active) gets it; the others get the API's usual
/// 401/403 answers. Every answer is for its caller only (`no-store`).
async fn the_document_is_the_main_admins(app: TestApp) {
    let refused = |r: Resp, status: u16, code: &str, who: &str| {
        assert_eq!((r.status.as_u16(), r.code()), (status, code), "{who}: {}", r.body);
        assert!(r.body["message"].is_string(), "{who}: the error shape: {}", r.body);
        assert_eq!(r.header("cache-control"), "no-store", "{who}");
        assert!(r.body.get("paths").is_none(), "{who}");
    };
    refused(app.get(DOC, None).await, 401, "UNAUTHORIZED", "no token");
    refused(app.get(DOC, Some("garbage")).await, 401, "UNAUTHORIZED", "a garbage token");

    let (admin, _) = app.admin().await;
    // A sub-admin holding every grant there is.
    let all: Vec<Value> = identity::service::all_grants()
        .into_iter()
        .map(|(slug, actions)| json!({ "slug": slug, "actions": actions }))
        .collect();
    let sub_id = app.sub_admin(&admin, "docs-sub@example.org", json!(all)).await;
    let sub = app.token_of("/admin-login/login", "docs-sub@example.org").await;
    refused(app.get(DOC, Some(&sub)).await, 403, "FORBIDDEN", "a sub-admin holding everything");
    app.identity.create_charity_admin("docs-npo@example.org", "secret12", "Nia", "Owner", OWN).await.unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "docs-npo@example.org").await;
    refused(app.get(DOC, Some(&npo)).await, 403, "FORBIDDEN", "a nonprofit admin");

    let r = app.get(DOC, Some(&admin)).await.expect(200);
    assert!(r.body["paths"]["/admin/sub-admin/create"]["post"].is_object(), "the document");
    assert_eq!(r.header("cache-control"), "no-store");

    // An inactive account's token, an ended session's: refused as anywhere else.
    app.patch(&format!("/admin/sub-admin/subAdminStatus/{sub_id}"), Some(&admin), json!({ "isActive": false }))
        .await
        .expect(200);
    refused(app.get(DOC, Some(&sub)).await, 401, "UNAUTHORIZED", "an inactive sub-admin");
    app.post("/admin-login/logout", Some(&admin), json!({})).await.expect(200);
    refused(app.get(DOC, Some(&admin)).await, 401, "UNAUTHORIZED", "the main admin, signed out");
}

#[tokio::test]
async fn the_openapi_document_is_served_to_the_signed_in_main_admin_only_on_sqlite() {
    the_document_is_the_main_admins(spawn().await).await;
}

#[tokio::test]
async fn the_openapi_document_is_served_to_the_signed_in_main_admin_only_on_postgres() {
    let Some(url) = common::testing::postgres_url() else {
        assert!(!common::testing::services_required(), "REQUIRE_SERVICES=1 but TEST_DATABASE_URL is unset");
        eprintln!("PostgreSQL variant skipped: TEST_DATABASE_URL is unset");
        return;
    };
    let database = common::testing::create_postgres_database(&url).await;
    the_document_is_the_main_admins(spawn_with(|cfg| cfg.database_url = database.url.clone()).await).await;
}

#[tokio::test]
async fn with_openapi_public_the_document_is_served_to_everyone() {
    let app = spawn_full(|_| {}, |b| b.openapi_public = true, Duration::ZERO).await;
    let r = app.get(DOC, None).await.expect(200);
    assert!(r.body["paths"].as_object().is_some_and(|p| !p.is_empty()));
    assert_ne!(r.header("cache-control"), "no-store", "a public document may be cached");
    // A token changes nothing, a bad one neither.
    app.get(DOC, Some("garbage")).await.expect(200);
}

/// GET `path` with `headers` from `client`: (status, body).
async fn get_with(client: &reqwest::Client, url: String, headers: &[(&str, &str)]) -> (u16, Value) {
    let mut req = client.get(url);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let res = req.send().await.expect("answers");
    (res.status().as_u16(), res.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn readyz_tells_its_details_to_this_machine_and_on_the_metrics_listener_its_status_to_everyone_else() {
    let app = spawn().await;
    // Asked on this machine itself (what an operator's curl, kubectl port-forward, do).
    let (status, body) = get_with(&app.client, format!("{}/readyz", app.base), &[]).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["identity"].as_str(), body["cache"].as_str(), body["status"].as_str()),
        (Some("serving"), Some("ok"), Some("ready")),
        "{body}"
    );
    // Through a proxy, even one on this machine (an ingress, a reverse proxy in front of the
    // embedded console): the status alone, whatever the forwarded address says.
    for header in [
        ("x-forwarded-for", "203.0.113.9"),
        ("x-forwarded-for", "127.0.0.1"),
        ("forwarded", "for=203.0.113.9"),
        ("x-real-ip", "203.0.113.9"),
    ] {
        let (status, body) = get_with(&app.client, format!("{}/readyz", app.base), &[header]).await;
        assert_eq!((status, body), (200, json!({ "status": "ready" })), "{header:?}");
    }
    // The metrics listener: the details, whoever asks.
    let (status, body) =
        get_with(&app.client, format!("{}/readyz", app.metrics_base), &[("x-forwarded-for", "203.0.113.9")]).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (body["identity"].as_str(), body["catalogue"].as_str(), body["cache"].as_str()),
        (Some("serving"), Some("serving"), Some("ok")),
        "{body}"
    );
    let (status, _) = get_with(&app.client, format!("{}/healthz", app.metrics_base), &[]).await;
    assert_eq!(status, 200);
}

/// An address of this machine that is not loopback (the one its default route leaves from;
/// no packet is sent), if it has one.
fn own_address() -> Option<std::net::IpAddr> {
    let socket = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    socket.connect("203.0.113.1:9").ok()?;
    Some(socket.local_addr().ok()?.ip()).filter(|ip| !ip.is_loopback() && !ip.is_unspecified())
}

/// What a client on another machine sees (the kubelet's probe, anyone on the network): a BFF
/// listening on this machine's own address, asked from that address (not loopback).
#[tokio::test]
async fn readyz_asked_from_another_address_answers_its_status_alone_and_metrics_are_not_there() {
    let Some(ip) = own_address() else {
        eprintln!("skipped: this machine has no address besides loopback");
        return;
    };
    let data = common::testing::temp_dir();
    let state = bff::config::Config::local(local_urls(&[]), SECRET.into(), data.0.join("media")).state().await.unwrap();
    let listener = tokio::net::TcpListener::bind((ip, 0)).await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let stop = Shutdown::new();
    tokio::spawn(bff::serve(state, listener, stop.clone(), Duration::ZERO));
    let http = reqwest::Client::builder().no_proxy().build().unwrap();
    // No service answers behind this BFF: it is ready all the same (the cache answers), and says nothing more.
    assert_eq!(get_with(&http, format!("{base}/readyz"), &[]).await, (200, json!({ "status": "ready" })));
    let (status, body) = get_with(&http, format!("{base}/metrics"), &[]).await;
    assert_eq!((status, body["code"].as_str()), (404, Some("NOT_FOUND")));
    stop.trigger();
}

#[tokio::test]
async fn answers_of_authenticated_paths_are_never_stored_and_public_reads_keep_their_caching() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let no_store = |r: Resp, what: &str| assert_eq!(r.header("cache-control"), "no-store", "{what}: {}", r.body);
    no_store(app.get("/v1/common/getAllCountry", Some(&t)).await.expect(200), "a signed-in read");
    no_store(app.post("/admin/sub-admin/subAdminList", Some(&t), json!({})).await.expect(200), "a signed-in list");
    no_store(app.get("/v1/common/getAllCountry", None).await.expect(401), "no token");
    no_store(app.get("/v1/common/getAllCountry", Some("garbage")).await.expect(401), "a garbage token");
    app.sub_admin(&t, "store-sub@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])).await;
    let sub = app.token_of("/admin-login/login", "store-sub@example.org").await;
    no_store(app.post("/admin/sub-admin/subAdminList", Some(&sub), json!({})).await.expect(403), "not allowed");
    no_store(app.get("/admin/charity/get/0000000000000000000000c3", Some(&t)).await.expect(404), "not found");
    no_store(app.post("/admin/sub-admin/create", Some(&t), json!({})).await.expect(400), "bad input");
    let res = app.client.delete(format!("{}/admin/charity/delete", app.base)).send().await.unwrap();
    assert_eq!(
        (res.status().as_u16(), res.headers()["cache-control"].to_str().unwrap()),
        (405, "no-store"),
        "a method the path does not take"
    );
    // Answers that carry tokens (sign-in) are not stored either.
    no_store(app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(200), "sign-in");

    // Public reads keep theirs: the public site (ETag, a minute), media files (immutable).
    let r = app.get("/v1/public/faq", None).await.expect(200);
    assert_eq!(r.header("cache-control"), "public, max-age=60");
    assert!(!r.header("etag").is_empty());
    let up = app
        .upload(
            "/local-image/uploadImage",
            Some(&t),
            Some(("image", "a.png", crate::media::PNG.to_vec())),
            &[("moduleName", "charity")],
        )
        .await
        .expect(200);
    let name = up.body["data"]["name"].as_str().unwrap();
    let r = app.get(&format!("/media/charity/{name}"), None).await.expect(200);
    assert_eq!(r.header("cache-control"), "public, max-age=31536000, immutable");
    for path in ["/auth/metaData", "/healthz", "/readyz"] {
        let r = app.get(path, None).await.expect(200);
        assert_ne!(r.header("cache-control"), "no-store", "{path}");
    }
}
