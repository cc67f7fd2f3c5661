//! The chat (issue 16): the REST paths (createRoom, clearChatHistory) and every socket.io
//! event of /admin and /app, against the real services (the chat service stores; the BFF
//! relays over socket.io).

use crate::helpers::*;
use crate::socket::{Sock, admin_sock, chat_donor, member_sock, member_token, uuid};
use reqwest::Method;
use serde_json::{Value, json};

#[track_caller]
fn refused(answer: &Value, code: &str, message: &str) {
    assert_eq!(
        (answer["ok"].as_bool(), answer["code"].as_str(), answer["message"].as_str()),
        (Some(false), Some(code), Some(message)),
        "{answer}"
    );
}

#[tokio::test]
async fn a_room_opens_once_per_donor_and_bad_input_gets_its_message() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r = app.post("/admin/chat/createRoom", Some(&t), json!({})).await.expect(400);
    assert_eq!(field(&r.body, "userId"), "Please select a user");
    let r =
        app.post("/admin/chat/createRoom", Some(&t), json!({ "userId": "000000000000000000000000" })).await.expect(404);
    assert_eq!((r.message(), field(&r.body, "userId").as_str()), ("User not found", "User not found"));
    let (donor, room) = chat_donor(&app, &t, "Eve", "eve@example.org").await;
    let again = app.post("/admin/chat/createRoom", Some(&t), json!({ "userId": donor })).await.expect(200);
    assert_eq!(again.message(), "Room opened successfully");
    let d = &again.body["data"];
    assert_eq!(d["_id"].as_str(), Some(room.as_str()), "the donor's one room");
    assert_eq!(
        (d["user"]["_id"].as_str(), d["user"]["email"].as_str(), d["user"]["name"].as_str()),
        (Some(donor.as_str()), Some("eve@example.org"), Some("Eve Giver"))
    );
    assert_eq!(
        (d["lastMessage"].clone(), d["unread"].as_i64(), d["online"].as_bool()),
        (Value::Null, Some(0), Some(false))
    );
    let r = app
        .call(Method::DELETE, "/admin/chat/clearChatHistory/000000000000000000000000", Some(&t), None)
        .await
        .expect(404);
    assert_eq!(r.message(), "Room not found");
}

#[tokio::test]
async fn admin_and_member_talk_live_with_acks_typing_read_markers_and_presence() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (donor, room) = chat_donor(&app, &t, "Fay", "fay@example.org").await;
    let admin = admin_sock(&app, &t).await;
    let users = Sock::ok(admin.call("users", json!({ "page": 1, "limit": 10 })).await);
    assert_eq!(
        (users["total_records"].as_i64(), users["page"].as_i64(), users["limit"].as_i64()),
        (Some(1), Some(1), Some(10))
    );
    assert_eq!(users["list"][0]["online"], false);

    // The donor connects: presence on /admin, `online` in the list.
    let member = member_sock(&app, &member_token(&app, &donor)).await;
    let p = admin.next("presence").await;
    assert_eq!((p["userId"].as_str(), p["online"].as_bool()), (Some(donor.as_str()), Some(true)));
    assert_eq!(Sock::ok(admin.call("users", json!({})).await)["list"][0]["online"], true);
    let joined = Sock::ok(admin.call("join", json!({ "roomId": room })).await);
    assert_eq!(joined["room"]["_id"].as_str(), Some(room.as_str()));

    // The member writes: stored before its ack (the ack's id is the stored message's).
    let client_id = uuid();
    let sent = Sock::ok(member.call("send", json!({ "text": "  Hi there  ", "clientId": client_id })).await);
    let m = &sent["message"];
    assert_eq!(
        (m["text"].as_str(), m["seq"].as_i64(), m["sender"]["type"].as_str(), m["clientId"].as_str()),
        (Some("Hi there"), Some(1), Some("member"), Some(client_id.as_str()))
    );
    let history = Sock::ok(admin.call("history", json!({ "roomId": room })).await);
    assert_eq!(history["list"][0]["_id"], m["_id"]);
    assert_eq!(history["hasMore"], false);
    // The admin side fetched it: the donor sees its message delivered (not read yet).
    let mine = Sock::ok(member.call("history", json!({})).await);
    assert!(mine["list"][0]["deliveredAt"].is_i64() && mine["list"][0]["readAt"].is_null(), "{mine}");
    let got = admin.next("message").await;
    assert_eq!((got["message"]["_id"].clone(), got["room"]["unread"].as_i64()), (m["_id"].clone(), Some(1)));
    let listed = admin.next("room").await;
    assert_eq!(
        (listed["room"]["lastMessage"]["text"].as_str(), listed["room"]["unread"].as_i64()),
        (Some("Hi there"), Some(1))
    );

    // The admin answers with text and an image; the member gets it on its own sockets.
    let reply = Sock::ok(
        admin
            .call("send", json!({ "roomId": room, "text": "Hello Fay", "image": "pic.png", "clientId": uuid() }))
            .await,
    );
    assert_eq!(
        (
            reply["message"]["seq"].as_i64(),
            reply["message"]["image"].as_str(),
            reply["message"]["sender"]["type"].as_str()
        ),
        (Some(2), Some("pic.png"), Some("admin"))
    );
    // (The member's own sockets got its own message first.)
    let got = member.next_where("message", |m| m["message"]["_id"] == reply["message"]["_id"]).await;
    assert_eq!(got["message"]["text"], "Hello Fay");
    // Reaching the connected donor marked it delivered.
    let admin_view = Sock::ok(admin.call("history", json!({ "roomId": room })).await);
    assert!(admin_view["list"][1]["deliveredAt"].is_i64(), "{admin_view}");
    assert!(admin_view["list"][1]["readAt"].is_null());

    // Typing both ways.
    Sock::ok(member.call("typing", json!({ "typing": true })).await);
    let ty = admin.next("typing").await;
    assert_eq!(
        (ty["roomId"].as_str(), ty["from"]["type"].as_str(), ty["typing"].as_bool()),
        (Some(room.as_str()), Some("member"), Some(true))
    );
    Sock::ok(admin.call("typing", json!({ "roomId": room, "typing": false })).await);
    let ty = member.next("typing").await;
    assert_eq!((ty["from"]["type"].as_str(), ty["typing"].as_bool()), (Some("admin"), Some(false)));

    // Read markers: the admin's reply read the room up to itself (unread 0); the member is
    // told. Reading seq 1 again moves nothing.
    let r = member.next("read").await;
    assert_eq!((r["side"].as_str(), r["seq"].as_i64(), r["readAt"].is_i64()), (Some("admin"), Some(2), true));
    let read = Sock::ok(admin.call("read", json!({ "roomId": room, "seq": 1 })).await);
    assert_eq!(read["room"]["unread"], 0);
    Sock::ok(member.call("read", json!({ "seq": 2 })).await);
    let r = admin.next_where("read", |r| r["side"] == "member").await;
    assert_eq!((r["side"].as_str(), r["seq"].as_i64()), (Some("member"), Some(2)));
    let mine = Sock::ok(member.call("history", json!({})).await);
    assert!(mine["list"][0]["readAt"].is_i64(), "the member's message was read by the admin side: {mine}");

    // Bad input changes nothing.
    refused(
        &admin.call("send", json!({ "roomId": room, "text": "   ", "clientId": uuid() })).await,
        "validation",
        "Please enter a message",
    );
    refused(
        &admin.call("send", json!({ "roomId": room, "text": "x".repeat(2001), "clientId": uuid() })).await,
        "validation",
        "Message must be at most 2000 characters",
    );
    refused(
        &admin.call("send", json!({ "roomId": room, "text": "no id" })).await,
        "validation",
        "Please send a valid clientId",
    );
    refused(
        &member.call("send", json!({ "text": "pic", "image": "a.png", "clientId": uuid() })).await,
        "validation",
        "Members send text only",
    );
    refused(&admin.call("join", json!({ "roomId": "000000000000000000000000" })).await, "not_found", "Room not found");
    refused(
        &admin.call("history", json!({ "roomId": room, "limit": 51 })).await,
        "validation",
        "Please ask for at most 50 messages",
    );
    assert_eq!(Sock::ok(admin.call("history", json!({ "roomId": room })).await)["list"].as_array().unwrap().len(), 2);

    // Leaving the room: no more `message` for that socket, the `room` updates go on.
    Sock::ok(admin.call("leave", json!({ "roomId": room })).await);

    // The member leaves: presence false.
    drop(member);
    let p = admin.next("presence").await;
    assert_eq!((p["userId"].as_str(), p["online"].as_bool()), (Some(donor.as_str()), Some(false)));
}

#[tokio::test]
async fn a_member_reaches_only_its_own_room() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (gus, _) = chat_donor(&app, &t, "Gus", "gus@example.org").await;
    let (_, hal_room) = chat_donor(&app, &t, "Hal", "hal@example.org").await;
    let gus = member_sock(&app, &member_token(&app, &gus)).await;
    for (event, body) in [
        ("history", json!({ "roomId": hal_room })),
        ("missed", json!({ "roomId": hal_room, "after": 0 })),
        ("send", json!({ "roomId": hal_room, "text": "psst", "clientId": uuid() })),
        ("typing", json!({ "roomId": hal_room, "typing": true })),
        ("read", json!({ "roomId": hal_room, "seq": 1 })),
    ] {
        refused(&gus.call(event, body).await, "forbidden", "You are not allowed to do this");
    }
    let admin = admin_sock(&app, &t).await;
    assert!(
        Sock::ok(admin.call("history", json!({ "roomId": hal_room })).await)["list"].as_array().unwrap().is_empty()
    );
}

#[tokio::test]
async fn a_reconnect_gets_missed_messages_once_and_a_resend_stores_nothing_new() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (donor, room) = chat_donor(&app, &t, "Ivy", "ivy@example.org").await;
    let token = member_token(&app, &donor);
    let admin = admin_sock(&app, &t).await;
    let member = member_sock(&app, &token).await;
    let first = Sock::ok(admin.call("send", json!({ "roomId": room, "text": "one", "clientId": uuid() })).await);
    member.next("message").await;
    let last_seen = first["message"]["seq"].as_i64().unwrap();
    drop(member);
    // While the member is away.
    Sock::ok(admin.call("send", json!({ "roomId": room, "text": "two", "clientId": uuid() })).await);
    Sock::ok(admin.call("send", json!({ "roomId": room, "text": "three", "clientId": uuid() })).await);
    let member = member_sock(&app, &token).await;
    let missed = Sock::ok(member.call("missed", json!({ "after": last_seen })).await);
    let texts: Vec<&str> = missed["list"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["two", "three"]);
    assert_eq!(missed["hasMore"], false);
    // A send whose ack was lost is sent again with the same clientId: one message.
    let client_id = uuid();
    let a = Sock::ok(member.call("send", json!({ "text": "are you there?", "clientId": client_id })).await);
    let b = Sock::ok(member.call("send", json!({ "text": "are you there?", "clientId": client_id })).await);
    assert_eq!(a["message"]["_id"], b["message"]["_id"]);
    let all = Sock::ok(admin.call("history", json!({ "roomId": room })).await);
    assert_eq!(all["list"].as_array().unwrap().len(), 4);
    // History pages by `before`.
    let page = Sock::ok(admin.call("history", json!({ "roomId": room, "limit": 2 })).await);
    let seqs: Vec<i64> = page["list"].as_array().unwrap().iter().map(|m| m["seq"].as_i64().unwrap()).collect();
    assert_eq!((seqs, page["hasMore"].as_bool()), (vec![3, 4], Some(true)));
    let older = Sock::ok(admin.call("history", json!({ "roomId": room, "limit": 2, "before": 3 })).await);
    let seqs: Vec<i64> = older["list"].as_array().unwrap().iter().map(|m| m["seq"].as_i64().unwrap()).collect();
    assert_eq!((seqs, older["hasMore"].as_bool()), (vec![1, 2], Some(false)));
}

#[tokio::test]
async fn parallel_sends_get_consecutive_seqs_and_clearing_hides_history_from_the_admin_side_only() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (donor, room) = chat_donor(&app, &t, "Jo", "jo@example.org").await;
    let admin = admin_sock(&app, &t).await;
    let member = member_sock(&app, &member_token(&app, &donor)).await;
    let sends =
        (0..20).map(|i| admin.call("send", json!({ "roomId": room, "text": format!("m{i}"), "clientId": uuid() })));
    let acks: Vec<Value> = futures::future::join_all(sends).await.into_iter().map(Sock::ok).collect();
    let mut seqs: Vec<i64> = acks.iter().map(|a| a["message"]["seq"].as_i64().unwrap()).collect();
    seqs.sort();
    assert_eq!(seqs, (1..=20).collect::<Vec<_>>(), "distinct consecutive seqs");
    let h = Sock::ok(admin.call("history", json!({ "roomId": room, "limit": 50 })).await);
    let listed: Vec<i64> = h["list"].as_array().unwrap().iter().map(|m| m["seq"].as_i64().unwrap()).collect();
    assert_eq!(listed, (1..=20).collect::<Vec<_>>());
    // The member receives each once (relays of parallel sends may cross: clients order by seq).
    let mut received = vec![];
    for _ in 0..20 {
        received.push(member.next("message").await["message"]["seq"].as_i64().unwrap());
    }
    received.sort();
    assert_eq!(received, (1..=20).collect::<Vec<_>>());

    let r = app.call(Method::DELETE, &format!("/admin/chat/clearChatHistory/{room}"), Some(&t), None).await.expect(200);
    assert_eq!(r.message(), "Chat history cleared successfully");
    assert_eq!((r.body["data"]["lastMessage"].clone(), r.body["data"]["unread"].as_i64()), (Value::Null, Some(0)));
    assert!(Sock::ok(admin.call("history", json!({ "roomId": room })).await)["list"].as_array().unwrap().is_empty());
    assert!(
        Sock::ok(admin.call("missed", json!({ "roomId": room, "after": 0 })).await)["list"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        Sock::ok(member.call("history", json!({ "limit": 50 })).await)["list"].as_array().unwrap().len(),
        20,
        "the donor keeps its copy"
    );
}

/// Two BFF replicas over a real Redis (TEST_REDIS_URL; skipped without it unless
/// REQUIRE_SERVICES=1): a member on replica A gets what an admin sends on replica B, the
/// admin on B gets what the member sends on A, and presence crosses replicas.
#[tokio::test]
async fn two_replicas_over_redis_relay_messages_and_presence() {
    let Some(redis) = std::env::var("TEST_REDIS_URL").ok().filter(|u| !u.is_empty()) else {
        assert_ne!(
            std::env::var("REQUIRE_SERVICES").as_deref(),
            Ok("1"),
            "REQUIRE_SERVICES=1 but TEST_REDIS_URL is unset"
        );
        return;
    };
    let captured = std::sync::Arc::new(std::sync::Mutex::new(None));
    let keep = captured.clone();
    let url = redis.clone();
    let app = spawn_full(
        |_| {},
        move |c| {
            c.redis_url = Some(url);
            *keep.lock().unwrap() = Some(c.clone());
        },
        std::time::Duration::ZERO,
    )
    .await;
    // Replica B: the same services and Redis, its own socket.io server.
    let cfg: bff::config::Config = captured.lock().unwrap().take().unwrap();
    let state = cfg.state().await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let b = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let stop = common::shutdown::Shutdown::new();
    tokio::spawn(bff::serve(state, listener, stop.clone(), std::time::Duration::ZERO));

    let (t, _) = app.admin().await;
    let (donor, room) = chat_donor(&app, &t, "Ola", "ola@example.org").await;
    let admin_b = Sock::connect(&b, "/admin", Some(&t)).await.expect("the console connects to replica B");
    Sock::ok(admin_b.call("join", json!({ "roomId": room })).await);
    let member_a = member_sock(&app, &member_token(&app, &donor)).await;
    loop {
        let p = admin_b.next("presence").await;
        if p["userId"] == donor.as_str() {
            assert_eq!(p["online"], true);
            break;
        }
    }
    let users = Sock::ok(admin_b.call("users", json!({ "search": "ola@" })).await);
    assert_eq!(users["list"][0]["online"], true, "presence is read from the shared cache");
    let sent = Sock::ok(admin_b.call("send", json!({ "roomId": room, "text": "from B", "clientId": uuid() })).await);
    assert_eq!(member_a.next("message").await["message"]["_id"], sent["message"]["_id"]);
    let back = Sock::ok(member_a.call("send", json!({ "text": "from A", "clientId": uuid() })).await);
    loop {
        let m = admin_b.next("message").await;
        if m["message"]["_id"] == back["message"]["_id"] {
            break;
        }
    }
    drop(member_a);
    loop {
        let p = admin_b.next("presence").await;
        if p["userId"] == donor.as_str() {
            assert_eq!(p["online"], false);
            break;
        }
    }
    stop.trigger();
}

/// The Message menu's count: (conversations waiting, their unread messages).
async fn unread(app: &TestApp, t: &str) -> (i64, i64) {
    let r = app.get("/admin/chat/unread", Some(t)).await.expect(200);
    (r.body["data"]["rooms"].as_i64().unwrap(), r.body["data"]["messages"].as_i64().unwrap())
}

/// Issue 34: an admin's reply leaves no unread behind it, and the Message menu's count says
/// how many conversations wait.
#[tokio::test]
async fn a_reply_reads_the_room_and_the_menu_counts_the_conversations_waiting() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (fay, fay_room) = chat_donor(&app, &t, "Fay", "fay@example.org").await;
    let (gus, _) = chat_donor(&app, &t, "Gus", "gus@example.org").await;
    assert_eq!(unread(&app, &t).await, (0, 0));
    for (donor, text) in [(&fay, "one"), (&fay, "two"), (&gus, "hello")] {
        let member = member_sock(&app, &member_token(&app, donor)).await;
        Sock::ok(member.call("send", json!({ "text": text, "clientId": uuid() })).await);
    }
    assert_eq!(unread(&app, &t).await, (2, 3));
    // The admin answers Fay without opening her messages first: her room has nothing unread.
    let admin = admin_sock(&app, &t).await;
    let reply =
        Sock::ok(admin.call("send", json!({ "roomId": fay_room, "text": "Thanks!", "clientId": uuid() })).await);
    assert_eq!(reply["message"]["text"], "Thanks!");
    let rooms = Sock::ok(admin.call("users", json!({ "page": 1, "limit": 10 })).await);
    let fay_row = rooms["list"].as_array().unwrap().iter().find(|r| r["_id"] == fay_room.as_str()).unwrap().clone();
    assert_eq!(fay_row["unread"], 0, "{fay_row}");
    assert_eq!(unread(&app, &t).await, (1, 1));
    // Only a Message right reads the count.
    app.sub_admin(&t, "donors@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])).await;
    let other = app.token_of("/admin-login/login", "donors@example.org").await;
    app.get("/admin/chat/unread", Some(&other)).await.expect(403);
}
