//! Sessions and throttling attacked over HTTP (issue 11, section 6): replayed refresh
//! tokens, sign-out and deactivation ending access tokens at once, the refresh-token
//! cookie, parallel and spoofed sign-in guesses, forgot-password floods.

use crate::helpers::*;
use futures::future::join_all;
use reqwest::Method;
use serde_json::{Value, json};
use std::time::Duration;

const LIST: &str = "/admin/sub-admin/subAdminList";

/// 20 parallel refreshes of one token: one rotation wins, the rest find the token spent
/// and end the session, so every token any of them returned is refused afterwards, the
/// original too, and the session's access tokens stop working at once.
#[tokio::test]
async fn twenty_parallel_refreshes_of_one_token_leave_no_live_token() {
    let app = spawn().await;
    let (access, refresh) = app.admin().await;
    app.post(LIST, Some(&access), json!({})).await.expect(200);
    let answers =
        join_all((0..20).map(|_| app.post("/v1/common/refreshToken", None, json!({ "token": refresh })))).await;
    let mut minted = Vec::new();
    for r in answers {
        match r.status.as_u16() {
            200 => minted.push((
                r.body["data"]["authToken"].as_str().unwrap().to_string(),
                r.body["data"]["refreshToken"].as_str().unwrap().to_string(),
            )),
            401 => assert_eq!(r.message(), "Your session has expired. Please sign in again."),
            other => panic!("unexpected {other}: {}", r.body),
        }
    }
    assert!(!minted.is_empty() && minted.len() < 20, "{} rotations won", minted.len());
    for (new_access, new_refresh) in &minted {
        app.post("/v1/common/refreshToken", None, json!({ "token": new_refresh })).await.expect(401);
        let r = app.post(LIST, Some(new_access), json!({})).await.expect(401);
        assert_eq!(r.message(), "Your session has ended. Please sign in again.");
    }
    app.post("/v1/common/refreshToken", None, json!({ "token": refresh })).await.expect(401);
    app.post(LIST, Some(&access), json!({})).await.expect(401);
    // Another sign-in is untouched.
    let (other, _) = app.admin().await;
    app.post(LIST, Some(&other), json!({})).await.expect(200);
}

#[tokio::test]
async fn logout_ends_the_access_token_at_once_whichever_way_the_session_is_named() {
    let app = spawn().await;
    // By the access token alone (the console in cookie mode).
    let (access, refresh) = app.admin().await;
    app.post(LIST, Some(&access), json!({})).await.expect(200);
    app.post("/admin-login/logout", Some(&access), json!({})).await.expect(200);
    let r = app.post(LIST, Some(&access), json!({})).await.expect(401);
    assert_eq!(r.message(), "Your session has ended. Please sign in again.");
    app.post("/v1/common/refreshToken", None, json!({ "token": refresh })).await.expect(401);

    // By the refresh token in the body (the documented form), without any access token.
    let (access, refresh) = app.admin().await;
    app.post(LIST, Some(&access), json!({})).await.expect(200);
    app.post("/admin-login/logout", None, json!({ "refreshToken": refresh })).await.expect(200);
    app.post(LIST, Some(&access), json!({})).await.expect(401);

    // An expired access token still names its session.
    let (access, refresh) = app.admin().await;
    let keys = tokens::Keys::new(SECRET.as_bytes());
    let mut claims = keys.verify(&access).unwrap();
    claims.exp = common::now_ms() / 1000 - 10;
    app.post("/admin-login/logout", Some(&keys.issue(&claims).unwrap()), json!({})).await.expect(200);
    app.post("/v1/common/refreshToken", None, json!({ "token": refresh })).await.expect(401);

    // Signing out with nothing to name is still a plain success.
    app.post("/admin-login/logout", None, json!({})).await.expect(200);
}

#[tokio::test]
async fn a_deactivated_sub_admin_is_refused_on_its_very_next_request() {
    let app = spawn().await;
    let (admin, _) = app.admin().await;
    let id = app.sub_admin(&admin, "sam@example.org", json!([{ "slug": "/sub_admin", "actions": ["view"] }])).await;
    let sam = app.token_of("/admin-login/login", "sam@example.org").await;
    // Its standing is cached now.
    app.post(LIST, Some(&sam), json!({})).await.expect(200);
    let path = format!("/admin/sub-admin/subAdminStatus/{id}");
    app.call(Method::PATCH, &path, Some(&admin), Some(json!({ "isActive": false }))).await.expect(200);
    app.post(LIST, Some(&sam), json!({})).await.expect(401);
}

/// The Set-Cookie headers of an answer, and its body.
async fn send(req: reqwest::RequestBuilder) -> (u16, Vec<String>, Value) {
    let res = req.send().await.unwrap();
    let cookies = res.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap().to_string()).collect();
    let status = res.status().as_u16();
    (status, cookies, res.json().await.unwrap_or(Value::Null))
}

fn cookie_value(set_cookie: &[String]) -> String {
    let c = set_cookie.iter().find(|c| c.starts_with("gc_refresh=")).expect("the refresh cookie");
    c["gc_refresh=".len()..].split(';').next().unwrap().to_string()
}

#[tokio::test]
async fn in_cookie_mode_the_refresh_token_lives_only_in_a_strict_http_only_cookie() {
    let app = spawn().await;
    let url = |p: &str| format!("{}{p}", app.base);
    let (status, set, body) = send(
        app.client
            .post(url("/admin-login/login"))
            .header("x-refresh-cookie", "1")
            .json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD })),
    )
    .await;
    assert_eq!(status, 200);
    assert!(body["data"].get("refreshToken").is_none(), "no refresh token in the body: {body}");
    assert_eq!(set.len(), 1);
    assert!(set[0].ends_with("; Path=/v1/common/refreshToken; HttpOnly; Secure; SameSite=Strict"), "{}", set[0]);
    let first = cookie_value(&set);
    assert_eq!(first.len(), 64);

    // The cookie rotates: a new one is set, the body carries only the access token.
    let (status, set, body) = send(
        app.client
            .post(url("/v1/common/refreshToken"))
            .header("x-refresh-cookie", "1")
            .header("cookie", format!("gc_refresh={first}"))
            .json(&json!({})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(body["data"]["authToken"].as_str().is_some());
    assert!(body["data"].get("refreshToken").is_none());
    let second = cookie_value(&set);
    assert_ne!(second, first);
    // The spent cookie replayed ends the session.
    let (status, ..) = send(
        app.client
            .post(url("/v1/common/refreshToken"))
            .header("cookie", format!("gc_refresh={first}"))
            .json(&json!({})),
    )
    .await;
    assert_eq!(status, 401);
    let (status, ..) = send(
        app.client
            .post(url("/v1/common/refreshToken"))
            .header("cookie", format!("gc_refresh={second}"))
            .json(&json!({})),
    )
    .await;
    assert_eq!(status, 401);

    // Logout clears the cookie on the same path.
    let (status, set, _) = send(app.client.post(url("/admin-login/logout")).json(&json!({}))).await;
    assert_eq!(status, 200);
    assert_eq!(
        set,
        vec!["gc_refresh=; Path=/v1/common/refreshToken; HttpOnly; Secure; SameSite=Strict; Max-Age=0".to_string()]
    );

    // Without the header the documented body form is unchanged and sets no cookie.
    let r = app
        .client
        .post(url("/admin-login/login"))
        .json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD }))
        .send()
        .await
        .unwrap();
    assert!(r.headers().get("set-cookie").is_none());
}

/// Signs in with `password` for the main admin, as a client behind the ingress that
/// writes `spoofed` into X-Forwarded-For; the ingress (127.0.0.1, trusted) appends the
/// address it saw.
/// A sign-in whose X-Forwarded-For names `spoofed`, then the real client 203.0.113.77 as the
/// (trusted) loopback proxy saw it.
async fn guess(app: &TestApp, password: &str, spoofed: String) -> reqwest::Response {
    guess_from(app, password, format!("{spoofed}, 203.0.113.77")).await
}

async fn guess_from(app: &TestApp, password: &str, forwarded_for: String) -> reqwest::Response {
    app.client
        .post(format!("{}/admin-login/login", app.base))
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({ "email": ADMIN_EMAIL, "password": password }))
        .send()
        .await
        .unwrap()
}

/// Counts (evaluated, throttled) answers, checking every 429's message and Retry-After.
async fn tally(answers: Vec<reqwest::Response>) -> (usize, usize) {
    let (mut evaluated, mut throttled) = (0, 0);
    for r in answers {
        match r.status().as_u16() {
            400 => evaluated += 1,
            429 => {
                let wait: u64 = r.headers()["retry-after"].to_str().unwrap().parse().unwrap();
                let body: Value = r.json().await.unwrap();
                assert_eq!(body["code"], "TOO_MANY_ATTEMPTS");
                let unit = if wait == 1 { "second" } else { "seconds" };
                assert_eq!(
                    body["message"],
                    format!("Too many failed sign-in attempts. Please try again in {wait} {unit}.")
                );
                throttled += 1;
            }
            other => panic!("unexpected {other}"),
        }
    }
    (evaluated, throttled)
}

#[tokio::test]
async fn thirty_wrong_passwords_each_with_another_forwarded_address_count_against_one_client() {
    // Only the address's count can stop these (the account allows 100 failures).
    let app = spawn_with(|c| {
        c.max_failures_per_account = 100;
        c.max_failures_per_address = 5;
        c.first_wait_secs = 60;
    })
    .await;
    let mut answers = Vec::new();
    for i in 0..30 {
        answers.push(guess(&app, "Wrong@123", format!("198.51.100.{i}")).await);
    }
    let (evaluated, throttled) = tally(answers).await;
    assert_eq!((evaluated, throttled), (5, 25));
    // The address is the one the ingress saw: another account that failed from it waits too.
    app.identity.create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", "c1").await.unwrap();
    let from_same = |pw: &'static str| {
        app.client
            .post(format!("{}/admin-login/charityLogin", app.base))
            .header("x-forwarded-for", "192.0.2.1, 203.0.113.77")
            .json(&json!({ "email": "npo@example.org", "password": pw }))
            .send()
    };
    assert_eq!(from_same("wrong-one").await.unwrap().status().as_u16(), 400);
    assert_eq!(from_same("secret12").await.unwrap().status().as_u16(), 429);
}

#[tokio::test]
async fn without_trusted_proxies_forwarded_addresses_are_ignored() {
    let tune = |c: &mut identity::app::Config| {
        c.max_failures_per_account = 100;
        c.max_failures_per_address = 5;
        c.first_wait_secs = 60;
    };
    let app = spawn_full(tune, |b| b.trusted_proxies = String::new(), Duration::ZERO).await;
    let mut answers = Vec::new();
    for i in 0..12 {
        answers.push(guess(&app, "Wrong@123", format!("198.51.100.{i}")).await);
    }
    assert_eq!(tally(answers).await, (5, 7));
}

#[tokio::test]
async fn fifty_concurrent_wrong_passwords_cannot_slip_past_the_count() {
    // A long first wait: the 50 all arrive within it, however slow the machine.
    let app = spawn_with(|c| c.first_wait_secs = 60).await;
    let answers = join_all((0..50).map(|_| guess(&app, "Wrong@123", "198.51.100.1".to_string()))).await;
    assert_eq!(tally(answers).await, (5, 45));
    let r = guess(&app, ADMIN_PASSWORD, "198.51.100.1".to_string()).await;
    assert_eq!(r.status(), 429);
}

#[tokio::test]
async fn concurrent_guesses_from_many_addresses_are_bounded_by_the_whole_account() {
    let app = spawn_with(|c| c.first_wait_secs = 60).await;
    let budget = 5 * identity::sessions::ACCOUNT_WIDE_FACTOR as usize;
    // Really distinct clients: the trusted loopback proxy names each one.
    let answers = join_all((0..budget + 20).map(|i| guess_from(&app, "Wrong@123", format!("198.51.100.{i}")))).await;
    assert_eq!(tally(answers).await, (budget, 20));
    // Now every address waits on this account, the owner's too, for a while (never for good).
    let r = guess_from(&app, ADMIN_PASSWORD, "203.0.113.1".to_string()).await;
    assert_eq!(r.status(), 429);
}

/// A sign-in of `email` with a wrong password, with `X-Forwarded-For: forwarded_for` when given.
async fn spray(app: &TestApp, email: String, forwarded_for: Option<String>) -> reqwest::Response {
    let mut req = app
        .client
        .post(format!("{}/admin-login/login", app.base))
        .json(&json!({ "email": email, "password": "Summer@2026" }));
    if let Some(f) = forwarded_for {
        req = req.header("x-forwarded-for", f);
    }
    req.send().await.unwrap()
}

/// A spraying address's limits: 10 failures on distinct accounts, then a minute's wait (the
/// account allows 100, so only the address's count can stop these).
fn spray_limits(c: &mut identity::app::Config) {
    c.max_failures_per_account = 100;
    c.max_failures_per_address = 10;
    c.first_wait_secs = 60;
}

/// Issue 32: forty wrong sign-ins on forty different emails from one address were all
/// evaluated. Behind the ingress every one writes another X-Forwarded-For; they are still
/// one client (the address the ingress saw), which waits after the allowance, for every
/// sign-in; another client is still heard.
#[tokio::test]
async fn forty_emails_sprayed_behind_spoofed_forwarded_addresses_count_against_one_client() {
    let app = spawn_with(spray_limits).await;
    let mut answers = Vec::new();
    for i in 0..40 {
        answers.push(spray(&app, format!("user{i}@example.org"), Some(format!("198.51.100.{i}, 203.0.113.77"))).await);
    }
    assert_eq!(tally(answers).await, (10, 30));
    // The right password of an untouched account waits there too.
    assert_eq!(guess(&app, ADMIN_PASSWORD, "198.51.100.200".to_string()).await.status(), 429);
    // Another client behind the same ingress is evaluated, and signs in.
    assert_eq!(spray(&app, "user0@example.org".into(), Some("203.0.113.78".into())).await.status(), 400);
    assert_eq!(guess_from(&app, ADMIN_PASSWORD, "203.0.113.78".to_string()).await.status(), 200);
}

/// Without trusted proxies the header is ignored: forty emails with forty forwarded
/// addresses are one peer's spray.
#[tokio::test]
async fn without_trusted_proxies_a_spoofed_forwarded_for_does_not_dodge_the_spray_count() {
    let app = spawn_full(spray_limits, |b| b.trusted_proxies = String::new(), Duration::ZERO).await;
    let mut answers = Vec::new();
    for i in 0..40 {
        answers.push(spray(&app, format!("user{i}@example.org"), Some(format!("198.51.100.{i}"))).await);
    }
    assert_eq!(tally(answers).await, (10, 30));
    assert_eq!(spray(&app, "fresh@example.org".into(), None).await.status(), 429);
}

/// Issue 32: sixty parallel sign-ins on unknown emails each cost an Argon2 check. Claimed
/// from the address before the password is checked: only the allowance is evaluated.
#[tokio::test]
async fn sixty_parallel_sign_ins_on_unknown_emails_evaluate_at_most_the_allowance() {
    let app = spawn_with(spray_limits).await;
    let answers =
        join_all((0..60).map(|i| spray(&app, format!("nobody{i}@example.org"), Some("203.0.113.79".into())))).await;
    assert_eq!(tally(answers).await, (10, 50));
    assert_eq!(spray(&app, "nobody0@example.org".into(), Some("203.0.113.80".into())).await.status(), 400);
}

#[tokio::test]
async fn fifty_forgot_password_requests_for_one_email_write_at_most_the_allowance_of_mails() {
    let app = spawn().await;
    let ask = |i: usize| {
        app.client
            .post(format!("{}/admin/sub-admin/forgotPassword", app.base))
            .header("x-forwarded-for", format!("198.51.100.{i}"))
            .json(&json!({ "email": ADMIN_EMAIL }))
            .send()
    };
    let answers = join_all((0..50).map(ask)).await;
    let mut statuses: Vec<u16> = answers.iter().map(|r| r.as_ref().unwrap().status().as_u16()).collect();
    statuses.sort();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 3, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 47, "{statuses:?}");
    let mut c = app.identity.db.pool.acquire().await.unwrap();
    assert_eq!(identity::mail_store::all_mail(&mut c, ADMIN_EMAIL).await.unwrap().len(), 3);
    // An unknown email is answered exactly the same way (no enumeration).
    let unknown = |_| {
        app.client
            .post(format!("{}/admin/sub-admin/forgotPassword", app.base))
            .json(&json!({ "email": "nobody@example.org" }))
            .send()
    };
    let answers = join_all((0..5).map(unknown)).await;
    let statuses: Vec<u16> = answers.iter().map(|r| r.as_ref().unwrap().status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 3, "{statuses:?}");
}

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let web = common::testing::temp_dir();
    std::fs::write(web.0.join("index.html"), "<!doctype html><title>Giving Console</title>").unwrap();
    let dir = web.0.clone();
    let app = spawn_full(|_| {}, move |b| b.web_dir = Some(dir), Duration::ZERO).await;
    let media = app.data.0.join("media").join("media").join("cause");
    std::fs::create_dir_all(&media).unwrap();
    std::fs::write(media.join("a.png"), b"\x89PNG\r\n\x1a\n").unwrap();
    for (path, status) in [
        ("/", 200),
        ("/reset_password/abc", 200),
        ("/auth/metaData", 200),
        ("/admin/sub-admin/subAdminList", 405),
        ("/admin/unknown", 404),
        ("/media/cause/a.png", 200),
    ] {
        let r = app.client.get(format!("{}{path}", app.base)).send().await.unwrap();
        assert_eq!(r.status().as_u16(), status, "{path}");
        let h = r.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        if path.starts_with("/media/") {
            // A media file keeps its own stricter policy: nothing runs, even opened directly.
            assert_eq!(csp, "default-src 'none'; sandbox");
        } else {
            for part in [
                "default-src 'self'",
                "script-src 'self';",
                "frame-ancestors 'none'",
                "object-src 'none'",
                "base-uri 'self'",
            ] {
                assert!(csp.contains(part), "{path}: {csp}");
            }
        }
        assert!(!csp.contains("'unsafe-eval'") && !csp.contains("script-src 'self' 'unsafe-inline'"), "{csp}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{path}");
        assert!(h.get("strict-transport-security").is_none(), "no HSTS on http");
    }
    // Behind https, HSTS too.
    let https = spawn_full(|_| {}, |b| b.public_url = "https://console.example.org".into(), Duration::ZERO).await;
    let r = https.client.get(format!("{}/auth/metaData", https.base)).send().await.unwrap();
    assert_eq!(r.headers()["strict-transport-security"], "max-age=31536000; includeSubDomains");
}

/// The console is served as a production site: hashed assets precompressed and cached as
/// immutable, index.html (every screen's path) never cached, security headers on both.
#[tokio::test]
async fn the_console_is_served_with_immutable_assets_and_an_uncached_page() {
    let web = common::testing::temp_dir();
    std::fs::write(web.0.join("index.html"), "<!doctype html><title>Giving Console</title>").unwrap();
    std::fs::create_dir_all(web.0.join("assets")).unwrap();
    std::fs::write(web.0.join("assets/index-abc123.js"), "console.log('plain')").unwrap();
    std::fs::write(web.0.join("assets/index-abc123.js.br"), "brotli bytes").unwrap();
    std::fs::write(web.0.join("assets/index-abc123.js.gz"), "gzip bytes").unwrap();
    std::fs::create_dir_all(web.0.join(".vite")).unwrap();
    std::fs::write(web.0.join(".vite/manifest.json"), "{}").unwrap();
    let dir = web.0.clone();
    let app = spawn_full(|_| {}, move |b| b.web_dir = Some(dir), Duration::ZERO).await;
    let get = |path: &str, encoding: Option<&str>| {
        let mut req = app.client.get(format!("{}{path}", app.base));
        if let Some(e) = encoding {
            req = req.header("accept-encoding", e);
        }
        req.send()
    };
    for (encoding, sent, body) in [
        (Some("gzip, deflate, br"), Some("br"), "brotli bytes"),
        (Some("gzip"), Some("gzip"), "gzip bytes"),
        (None, None, "console.log('plain')"),
    ] {
        let r = get("/assets/index-abc123.js", encoding).await.unwrap();
        assert_eq!(r.status().as_u16(), 200);
        let h = r.headers().clone();
        assert_eq!(h["cache-control"], "public, max-age=31536000, immutable", "{encoding:?}");
        assert_eq!(h.get("content-encoding").map(|v| v.to_str().unwrap()), sent, "{encoding:?}");
        assert!(h["content-type"].to_str().unwrap().contains("javascript"), "{h:?}");
        assert_eq!(h["x-content-type-options"], "nosniff");
        assert!(h.contains_key("content-security-policy"));
        assert_eq!(r.text().await.unwrap(), body);
    }
    // A missing asset is a 404, never the page (nor cached); so is a build file of the bundler.
    for path in ["/assets/gone-000.js", "/.vite/manifest.json", "/assets/.hidden"] {
        let r = get(path, None).await.unwrap();
        assert_eq!(r.status().as_u16(), 404, "{path}");
        assert!(r.headers().get("cache-control").is_none(), "{path}");
    }
    for path in ["/", "/index.html", "/master/charity_management"] {
        let r = get(path, Some("gzip, br")).await.unwrap();
        assert_eq!(r.status().as_u16(), 200, "{path}");
        assert_eq!(r.headers()["cache-control"], "no-cache", "{path}");
        assert_eq!(r.headers()["x-frame-options"], "DENY", "{path}");
        assert!(r.text().await.unwrap().contains("<title>Giving Console</title>"), "{path}");
    }
}
