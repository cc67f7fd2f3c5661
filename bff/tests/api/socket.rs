//! A small socket.io v5 client over Engine.IO v4 WebSocket frames, for the chat tests:
//! the open packet, `40/ns,{auth}` connect (answered `40` or `44` connect_error),
//! `42/ns,id[event,data]` emits with acknowledgement ids, `43/ns,id[data]` acks, server
//! events `42/ns,[event,data]`, `41/ns,` disconnect, and ping (`2`) answered pong (`3`).

use futures::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::sync::{Mutex, mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;

pub struct Sock {
    ns: String,
    out: mpsc::UnboundedSender<String>,
    next_id: AtomicU64,
    acks: Arc<std::sync::Mutex<HashMap<u64, oneshot::Sender<Value>>>>,
    events: Mutex<mpsc::UnboundedReceiver<(String, Value)>>,
    seen: Mutex<Vec<(String, Value)>>,
}

/// How long an answer or an event may take.
const WAIT: Duration = Duration::from_secs(10);

/// A socket.io packet of namespace `ns`: its type, ack id and JSON data.
fn parse(text: &str) -> Option<(char, String, Option<u64>, Value)> {
    let rest = text.strip_prefix('4')?;
    let mut chars = rest.chars();
    let kind = chars.next()?;
    let mut rest = chars.as_str();
    let mut ns = "/".to_string();
    if rest.starts_with('/') {
        let end = rest.find(',').unwrap_or(rest.len());
        ns = rest[..end].to_string();
        rest = rest.get(end + 1..).unwrap_or("");
    }
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let id = if digits.is_empty() { None } else { digits.parse().ok() };
    let json = &rest[digits.len()..];
    let data = if json.is_empty() { Value::Null } else { serde_json::from_str(json).ok()? };
    Some((kind, ns, id, data))
}

impl Sock {
    /// Connects to namespace `ns` of the BFF at `base` (http://host:port) with `auth`;
    /// Err(the connect_error message) when refused.
    pub async fn connect_with(base: &str, ns: &str, auth: Value) -> Result<Sock, String> {
        let url = format!("{}/socket.io/?EIO=4&transport=websocket", base.replacen("http", "ws", 1));
        let (ws, _) = tokio_tungstenite::connect_async(url).await.expect("websocket opened");
        let (mut sink, mut stream) = ws.split();
        // The Engine.IO open packet.
        let open = tokio::time::timeout(WAIT, stream.next()).await.expect("open packet").expect("open").expect("frame");
        assert!(open.to_text().unwrap_or_default().starts_with('0'), "open packet: {open:?}");
        sink.send(Message::Text(format!("40{ns},{auth}").into())).await.expect("connect sent");
        let answer = loop {
            let frame = tokio::time::timeout(WAIT, stream.next()).await.expect("connect answer").expect("answer").expect("frame");
            let text = frame.to_text().unwrap_or_default().to_string();
            if text == "2" {
                sink.send(Message::Text("3".into())).await.expect("pong");
                continue;
            }
            break text;
        };
        let (kind, _, _, data) = parse(&answer).unwrap_or_else(|| panic!("socket.io packet: {answer}"));
        if kind == '4' {
            return Err(data["message"].as_str().unwrap_or_default().to_string());
        }
        assert_eq!(kind, '0', "connect answer: {answer}");
        let (out, mut out_rx) = mpsc::unbounded_channel::<String>();
        let (ev_tx, events) = mpsc::unbounded_channel();
        let acks: Arc<std::sync::Mutex<HashMap<u64, oneshot::Sender<Value>>>> = Default::default();
        tokio::spawn(async move {
            while let Some(text) = out_rx.recv().await {
                if sink.send(Message::Text(text.into())).await.is_err() {
                    return;
                }
            }
            // The Sock was dropped: the connection closes (the server sees a disconnect).
            let _ = sink.send(Message::Close(None)).await;
            let _ = sink.close().await;
        });
        // Weak: dropping the Sock ends the writer above.
        let (pong, waiting) = (out.downgrade(), acks.clone());
        tokio::spawn(async move {
            while let Some(Ok(frame)) = stream.next().await {
                let Ok(text) = frame.to_text() else { continue };
                if text == "2" {
                    if let Some(pong) = pong.upgrade() {
                        let _ = pong.send("3".into());
                    }
                    continue;
                }
                match parse(text) {
                    Some(('2', _, _, Value::Array(mut items))) if !items.is_empty() => {
                        let name = items.remove(0).as_str().unwrap_or_default().to_string();
                        let _ = ev_tx.send((name, items.into_iter().next().unwrap_or(Value::Null)));
                    }
                    Some(('3', _, Some(id), Value::Array(items))) => {
                        if let Some(tx) = waiting.lock().unwrap().remove(&id) {
                            let _ = tx.send(items.into_iter().next().unwrap_or(Value::Null));
                        }
                    }
                    Some(('1', _, _, _)) => {
                        let _ = ev_tx.send(("disconnect".into(), Value::Null));
                    }
                    _ => {}
                }
            }
            let _ = ev_tx.send(("close".into(), Value::Null));
        });
        Ok(Sock { ns: ns.to_string(), out, next_id: AtomicU64::new(1), acks, events: Mutex::new(events), seen: Mutex::new(vec![]) })
    }

    /// Connects with `{token}` (none: no auth at all).
    pub async fn connect(base: &str, ns: &str, token: Option<&str>) -> Result<Sock, String> {
        let auth = token.map(|t| json!({ "token": t })).unwrap_or(json!({}));
        Self::connect_with(base, ns, auth).await
    }

    /// Emits `event` with `data` and waits for its acknowledgement.
    pub async fn call(&self, event: &str, data: Value) -> Value {
        let id = self.next_id.fetch_add(1, Ordering::SeqCst);
        let (tx, rx) = oneshot::channel();
        self.acks.lock().unwrap().insert(id, tx);
        let _ = self.out.send(format!("42{},{id}{}", self.ns, json!([event, data])));
        tokio::time::timeout(WAIT, rx).await.unwrap_or_else(|_| panic!("no answer to {event}")).expect("answer")
    }

    /// `call` that must succeed: its `data`.
    #[track_caller]
    pub fn ok(answer: Value) -> Value {
        assert_eq!(answer["ok"], true, "refused: {answer}");
        answer["data"].clone()
    }

    /// The next `event` received (earlier ones of other names are kept for later).
    pub async fn next(&self, event: &str) -> Value {
        let mut seen = self.seen.lock().await;
        if let Some(at) = seen.iter().position(|(n, _)| n == event) {
            return seen.remove(at).1;
        }
        let mut events = self.events.lock().await;
        loop {
            let got = tokio::time::timeout(WAIT, events.recv()).await.unwrap_or_else(|_| panic!("no {event} event")).expect("events");
            if got.0 == event {
                return got.1;
            }
            seen.push(got);
        }
    }

    /// The next `event` whose payload passes `wanted` (the others of that name are dropped).
    pub async fn next_where(&self, event: &str, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next(event).await;
            if wanted(&v) {
                return v;
            }
        }
    }

    /// Every `event` received within `within` (the others are kept).
    pub async fn all_within(&self, event: &str, within: Duration) -> Vec<Value> {
        let mut seen = self.seen.lock().await;
        let mut events = self.events.lock().await;
        let deadline = tokio::time::Instant::now() + within;
        while let Ok(Some(got)) = tokio::time::timeout_at(deadline, events.recv()).await {
            seen.push(got);
        }
        let (matched, rest): (Vec<_>, Vec<_>) = seen.drain(..).partition(|(n, _)| n == event);
        *seen = rest;
        matched.into_iter().map(|(_, v)| v).collect()
    }
}

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
    assert_eq!(refused(Sock::connect(&app.base, "/admin", Some("not-a-token")).await), "Invalid session token. Please sign in again.");
    // An access token past its expiry: code token_expired (the console refreshes and reconnects).
    let keys = tokens::Keys::new(SECRET.as_bytes());
    let mut claims = keys.verify(&t).unwrap();
    claims.exp = claims.iat - 10;
    let expired = keys.issue(&claims).unwrap();
    let text = refused(Sock::connect(&app.base, "/admin", Some(&expired)).await);
    assert_eq!(text, "Your session token has expired");
    assert_eq!(bff::live::Refusal::code_of(&text), "token_expired");
    // A member token on /admin and on the admin REST; an admin token on /app.
    assert_eq!(refused(Sock::connect(&app.base, "/admin", Some(&member)).await), "Invalid session token. Please sign in again.");
    app.post("/admin/chat/createRoom", Some(&member), json!({ "userId": donor })).await.expect(401);
    assert_eq!(refused(Sock::connect(&app.base, "/app", Some(&t)).await), "Invalid session token. Please sign in again.");
    assert_eq!(refused(Sock::connect(&app.base, "/app", None).await), "Please sign in to continue");
    let mut m = keys.verify(&member).unwrap();
    m.exp = m.iat - 10;
    assert_eq!(refused(Sock::connect(&app.base, "/app", Some(&keys.issue(&m).unwrap())).await), "Your session token has expired");
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
    assert_eq!(bff::live::Refusal::code_of("You are not allowed to do this"), "forbidden");

    let viewer = admin_sock(&app, &app.token_of("/admin-login/login", "viewer@example.org").await).await;
    let users = Sock::ok(viewer.call("users", json!({})).await);
    assert_eq!(users["total_records"], 1);
    let send = viewer.call("send", json!({ "roomId": room, "text": "hello", "clientId": uuid() })).await;
    assert_eq!((send["ok"].as_bool(), send["code"].as_str(), send["message"].as_str()), (Some(false), Some("forbidden"), Some("You are not allowed to do this")));
    let typing = viewer.call("typing", json!({ "roomId": room, "typing": true })).await;
    assert_eq!(typing["code"], "forbidden");
    assert!(Sock::ok(viewer.call("history", json!({ "roomId": room })).await)["list"].as_array().unwrap().is_empty(), "nothing was stored");

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
