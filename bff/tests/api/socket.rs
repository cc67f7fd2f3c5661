//! The chat's socket handshakes (issue 16) and what the chat tests share: the socket.io test
//! client (bff/tests/support/socketio.rs, also used by bff/tests/cluster.rs), member tokens,
//! donors whose room is open.

pub use crate::socketio::Sock;
use serde_json::json;
use std::time::Duration;

// ---- shared by the chat tests ----

use crate::helpers::*;

/// A member token for `donor_id` (identity's IssueMemberToken, as the apps' backend gets it).
pub fn member_token(app: &TestApp, donor_id: &str) -> String {
    app.identity.issue_member_token(donor_id, 0).expect("a member token").0
}

/// A donor made over REST whose chat room can be opened (the chat service learns donors from
/// giving's events: answers once createRoom knows the donor).
pub async fn chat_donor(app: &TestApp, t: &str, first: &str, email: &str) -> (String, String) {
    let id = crate::donor::donor(app, t, first, "Giver", email).await;
    for _ in 0..100 {
        let r = app.post("/admin/chat/createRoom", Some(t), json!({ "userId": id })).await;
        if r.status == 200 {
            return (id, r.body["data"]["_id"].as_str().unwrap().to_string());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the chat service never learnt donor {id}");
}

pub async fn admin_sock(app: &TestApp, token: &str) -> Sock {
    Sock::connect(&app.base, "/admin", Some(token)).await.expect("the console connects")
}

pub async fn member_sock(app: &TestApp, token: &str) -> Sock {
    Sock::connect(&app.base, "/app", Some(token)).await.expect("the app connects")
}

pub fn uuid() -> String {
    format!("{:032x}", rand_u128())
}

fn rand_u128() -> u128 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos());
    ((h.finish() as u128) << 64) | std::collections::hash_map::RandomState::new().build_hasher().finish() as u128
}

// ---- handshakes ----

#[tokio::test]
async fn handshakes_refuse_missing_bad_expired_and_foreign_tokens_with_their_codes() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (donor, _) = chat_donor(&app, &t, "Mia", "mia@example.org").await;
    let member = member_token(&app, &donor);

    let refused = |r: Result<Sock, String>| r.err().expect("refused");
    assert_eq!(refused(Sock::connect(&app.base, "/admin", None).await), "Please sign in to continue");
    assert_eq!(
        refused(Sock::connect(&app.base, "/admin", Some("not-a-token")).await),
        "Invalid session token. Please sign in again."
    );
    // An access token past its expiry: code token_expired (the console refreshes and reconnects).
    let keys = tokens::Keys::new(SECRET.as_bytes());
    let mut claims = keys.verify(&t).unwrap();
    claims.exp = claims.iat - 10;
    let expired = keys.issue(&claims).unwrap();
    let text = refused(Sock::connect(&app.base, "/admin", Some(&expired)).await);
    assert_eq!(text, "Your session token has expired");
    assert_eq!(bff::live::socket::Refusal::code_of(&text), "token_expired");
    // A member token on /admin and on the admin REST; an admin token on /app.
    assert_eq!(
        refused(Sock::connect(&app.base, "/admin", Some(&member)).await),
        "Invalid session token. Please sign in again."
    );
    app.post("/admin/chat/createRoom", Some(&member), json!({ "userId": donor })).await.expect(401);
    assert_eq!(
        refused(Sock::connect(&app.base, "/app", Some(&t)).await),
        "Invalid session token. Please sign in again."
    );
    assert_eq!(refused(Sock::connect(&app.base, "/app", None).await), "Please sign in to continue");
    let mut m = keys.verify(&member).unwrap();
    m.exp = m.iat - 10;
    assert_eq!(
        refused(Sock::connect(&app.base, "/app", Some(&keys.issue(&m).unwrap())).await),
        "Your session token has expired"
    );
    // The right tokens connect.
    admin_sock(&app, &t).await;
    member_sock(&app, &member).await;
    // A signed-out session is refused.
    app.post("/admin-login/logout", Some(&t), json!({})).await;
    let after = Sock::connect(&app.base, "/admin", Some(&t)).await;
    assert!(after.is_err(), "a signed-out session is refused");
}

#[tokio::test]
async fn inactive_and_deleted_donors_cannot_connect() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (ann, _) = chat_donor(&app, &t, "Ann", "ann@example.org").await;
    let (ben, _) = chat_donor(&app, &t, "Ben", "ben@example.org").await;
    app.patch(&format!("/admin/user/userStatus/{ann}"), Some(&t), json!({ "isActive": false })).await;
    let r = Sock::connect(&app.base, "/app", Some(&member_token(&app, &ann))).await;
    assert_eq!(r.err().as_deref(), Some("Your account is inactive. Please contact the administrator."));
    app.call(reqwest::Method::DELETE, &format!("/admin/user/delete/{ben}"), Some(&t), None).await;
    let r = Sock::connect(&app.base, "/app", Some(&member_token(&app, &ben))).await;
    assert_eq!(r.err().as_deref(), Some("Your account no longer exists. Please sign in again."));
}

#[tokio::test]
async fn sub_admins_need_chat_view_to_connect_and_chat_add_to_send() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (_, room) = chat_donor(&app, &t, "Cal", "cal@example.org").await;
    app.sub_admin(&t, "none@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])).await;
    app.sub_admin(&t, "viewer@example.org", json!([{ "slug": "/chat", "actions": ["view"] }])).await;
    app.sub_admin(&t, "writer@example.org", json!([{ "slug": "/chat", "actions": ["view", "add"] }])).await;
    let none = app.token_of("/admin-login/login", "none@example.org").await;
    let r = Sock::connect(&app.base, "/admin", Some(&none)).await;
    assert_eq!(r.err().as_deref(), Some("You are not allowed to do this"));
    assert_eq!(bff::live::socket::Refusal::code_of("You are not allowed to do this"), "forbidden");

    let viewer = admin_sock(&app, &app.token_of("/admin-login/login", "viewer@example.org").await).await;
    let users = Sock::ok(viewer.call("users", json!({})).await);
    assert_eq!(users["total_records"], 1);
    let send = viewer.call("send", json!({ "roomId": room, "text": "hello", "clientId": uuid() })).await;
    assert_eq!(
        (send["ok"].as_bool(), send["code"].as_str(), send["message"].as_str()),
        (Some(false), Some("forbidden"), Some("You are not allowed to do this"))
    );
    let typing = viewer.call("typing", json!({ "roomId": room, "typing": true })).await;
    assert_eq!(typing["code"], "forbidden");
    assert!(
        Sock::ok(viewer.call("history", json!({ "roomId": room })).await)["list"].as_array().unwrap().is_empty(),
        "nothing was stored"
    );

    let writer = admin_sock(&app, &app.token_of("/admin-login/login", "writer@example.org").await).await;
    let sent = Sock::ok(writer.call("send", json!({ "roomId": room, "text": "hello", "clientId": uuid() })).await);
    assert_eq!(sent["message"]["sender"]["name"], "Sam Helper", "the real admin is the sender");
    assert_eq!(sent["message"]["sender"]["type"], "admin");

    // A nonprofit admin gets neither chat nor notifications.
    let np = crate::donor::nonprofit_admin(&app, &t, "np@example.org").await;
    let r = Sock::connect(&app.base, "/admin", Some(&np)).await;
    assert_eq!(r.err().as_deref(), Some("You are not allowed to do this"));
    app.post("/admin/chat/createRoom", Some(&np), json!({ "userId": "x" })).await.expect(403);
}

#[tokio::test]
async fn an_access_token_expired_since_the_handshake_is_refused_and_disconnected() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (_, room) = chat_donor(&app, &t, "Dee", "dee@example.org").await;
    let keys = tokens::Keys::new(SECRET.as_bytes());
    let mut claims = keys.verify(&t).unwrap();
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
    claims.exp = now + 2;
    let short = keys.issue(&claims).unwrap();
    let sock = admin_sock(&app, &short).await;
    Sock::ok(sock.call("users", json!({})).await);
    // Wait out the token's life (jsonwebtoken counts whole seconds).
    while std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64 <= claims.exp {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let r = sock.call("send", json!({ "roomId": room, "text": "late", "clientId": uuid() })).await;
    assert_eq!((r["ok"].as_bool(), r["code"].as_str()), (Some(false), Some("token_expired")));
    sock.next("disconnect").await;
}
