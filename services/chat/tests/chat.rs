//! The chat service's storage and domain on SQLite and on PostgreSQL: rooms (one per donor,
//! the admin side's list), messages (seq under concurrency, idempotent sends, keyset
//! history, missed messages), read markers and unread counts per side, clearing the admin
//! side, members confined to their own room, notifications, and giving's donor events.

use chat::app::MIGRATIONS;
use chat::events;
use chat::messages::SendInput;
use chat::messages_store::Person;
use chat::notifications::NotificationInput;
use chat::notifications_store::NamedRef;
use chat::rooms::DonorInfo;
use chat::rooms_store::Room;
use chat::service::{Caller, Chat};
use common::Actor;
use common::error::Error;
use common::paging::Page;

fn admin() -> Actor {
    Actor::new("admin-1", "Admin", "127.0.0.1")
}

fn member_actor(id: &str) -> Actor {
    Actor::new(id, "Member", "127.0.0.1")
}

fn admin_person() -> Person {
    Person { id: "admin-1".into(), kind: "admin".into(), name: "Main Admin".into(), avatar: "a.png".into() }
}

fn fields(e: Error) -> Vec<(String, String)> {
    match e {
        Error::Validation(v) => v.into_iter().map(|f| (f.field, f.message)).collect(),
        other => vec![(String::new(), other.to_string())],
    }
}

fn info(name: &str, email: &str) -> DonorInfo {
    DonorInfo { name: name.into(), email: email.into(), avatar: format!("{name}.png") }
}

async fn room(c: &Chat, donor: &str, name: &str) -> Room {
    c.open_room(donor, Some(&info(name, &format!("{}@example.org", name.to_lowercase().replace(' ', ".")))), &admin())
        .await
        .unwrap()
}

fn msg(room: &Room, text: &str, client_id: &str) -> SendInput {
    SendInput {
        room_id: room.id.clone(),
        sender: admin_person(),
        text: text.into(),
        image: String::new(),
        client_id: client_id.into(),
    }
}

async fn from_member(c: &Chat, room: &Room, text: &str, client_id: &str) -> chat::messages::Sent {
    c.send(&msg(room, text, client_id), &Caller::Member(room.user.id.clone()), &member_actor(&room.user.id))
        .await
        .unwrap()
}

async fn from_admin(c: &Chat, room: &Room, text: &str, client_id: &str) -> chat::messages::Sent {
    c.send(&msg(room, text, client_id), &Caller::Admin, &admin()).await.unwrap()
}

/// The outbox's events of `kind`, oldest first (each with its actor and payload).
async fn events(c: &Chat, kind: &str) -> Vec<serde_json::Value> {
    let rows: Vec<(String, String)> = sqlx::query_as("SELECT event_type, body FROM outbox ORDER BY created_at, id")
        .fetch_all(&c.db.pool)
        .await
        .unwrap();
    rows.into_iter().filter(|(t, _)| t == kind).map(|(_, b)| serde_json::from_str(&b).unwrap()).collect()
}

fn seqs(list: &[chat::messages_store::Message]) -> Vec<i64> {
    list.iter().map(|m| m.seq).collect()
}

async fn rooms_open_once_and_list_by_last_message_with_search(c: Chat) {
    // Checks: a user is required; an unknown donor (no copy, none given) is not found.
    assert_eq!(
        fields(c.open_room(" ", None, &admin()).await.unwrap_err()),
        [("userId".to_string(), "Please select a user".to_string())]
    );
    assert!(matches!(c.open_room("nobody", None, &admin()).await, Err(Error::NotFound(m)) if m == "User not found"));

    let ann = room(&c, "d-ann", "Ann Doe").await;
    let again = c.open_room("d-ann", None, &admin()).await.unwrap();
    assert_eq!(again.id, ann.id, "the same room");
    assert_eq!(
        (ann.user.name.as_str(), ann.user.email.as_str(), ann.user.avatar.as_str()),
        ("Ann Doe", "ann.doe@example.org", "Ann Doe.png")
    );
    assert_eq!((ann.last_seq, ann.admin_unread, ann.last_message.is_none(), ann.last_message_at), (0, 0, true, None));
    assert_eq!(events(&c, events::ROOM_CREATED).await.len(), 1, "opened once");
    let opened = &events(&c, events::ROOM_CREATED).await[0];
    assert_eq!(
        (opened["actor"]["id"].as_str(), opened["payload"]["userId"].as_str()),
        (Some("admin-1"), Some("d-ann"))
    );

    let bob = room(&c, "d-bob", "Bob Roe").await;
    let cy = room(&c, "d-cy", "Cy Poe").await;
    let dee = room(&c, "d-dee", "Dee Moe").await;
    from_member(&c, &ann, "hi", "a1").await;
    tokio::time::sleep(std::time::Duration::from_millis(3)).await;
    from_admin(&c, &bob, "hello", "b1").await;
    // Rooms with messages by the newest first, then rooms with none, newest room first.
    let (list, total) = c.list_rooms(1, 10, "").await.unwrap();
    let order: Vec<&str> = list.iter().map(|r| r.user.id.as_str()).collect();
    assert_eq!((order, total), (vec!["d-bob", "d-ann", "d-dee", "d-cy"], 4));
    assert_eq!(list[1].admin_unread, 1);
    assert_eq!(list[1].last_message.as_ref().unwrap().text, "hi");
    assert_eq!(list[1].last_message.as_ref().unwrap().sender.name, "Ann Doe", "a member's name from its donor");
    assert_eq!(list[0].last_message.as_ref().unwrap().sender.name, "Main Admin", "the real admin");
    let (page2, total) = c.list_rooms(2, 3, "").await.unwrap();
    assert_eq!((page2.len(), page2[0].id.as_str(), total), (1, cy.id.as_str(), 4));
    let _ = dee;

    // Search: the donor's name or email, case-insensitive, LIKE characters taken literally.
    let (found, total) = c.list_rooms(1, 10, "ROE").await.unwrap();
    assert_eq!((found.len(), found[0].id.as_str(), total), (1, bob.id.as_str(), 1));
    assert_eq!(c.list_rooms(1, 10, "cy.poe@").await.unwrap().1, 1);
    assert_eq!(c.list_rooms(1, 10, "%").await.unwrap().1, 0);
    let bad = fields(c.list_rooms(-1, 51, "").await.unwrap_err());
    assert_eq!(bad.iter().map(|f| f.0.as_str()).collect::<Vec<_>>(), ["page", "limit"]);

    // GetRoom, and the member's own room (opened on its first visit).
    assert_eq!(c.get_room(&ann.id, &Caller::Admin).await.unwrap().last_seq, 1);
    assert!(matches!(c.get_room("nope", &Caller::Admin).await, Err(Error::NotFound(m)) if m == "Room not found"));
    let own = c.room_of_member("d-ann", None, &member_actor("d-ann")).await.unwrap();
    assert_eq!(own.id, ann.id);
    let eve =
        c.room_of_member("d-eve", Some(&info("Eve Noe", "eve@example.org")), &member_actor("d-eve")).await.unwrap();
    assert_eq!((eve.user.name.as_str(), c.list_rooms(1, 10, "").await.unwrap().1), ("Eve Noe", 5));
    // A renamed donor is found by the new name (SQLite's trigram table follows the room's key),
    // two letters too, and a page past the matches still answers their count.
    c.room_of_member("d-eve", Some(&info("Eve Zyxwood", "eve@example.org")), &member_actor("d-eve")).await.unwrap();
    assert_eq!(c.list_rooms(1, 10, "zyxwo").await.unwrap().1, 1);
    assert_eq!(c.list_rooms(1, 10, "noe").await.unwrap().1, 0);
    assert_eq!(c.list_rooms(1, 10, "zy").await.unwrap().1, 1);
    let (past, total) = c.list_rooms(3, 10, "zyxwo").await.unwrap();
    assert_eq!((past.len(), total), (0, 1));
}

async fn sends_are_checked_and_idempotent_on_the_client_id(c: Chat) {
    let r = room(&c, "d-ann", "Ann Doe").await;
    let member = Caller::Member("d-ann".into());
    let bad = |text: &str, image: &str, client: &str| SendInput { image: image.into(), ..msg(&r, text, client) };
    for (input, caller, field, text) in [
        (bad("  ", "", "c1"), &Caller::Admin, "text", "Please enter a message".to_string()),
        (
            bad(&"x".repeat(2001), "", "c1"),
            &Caller::Admin,
            "text",
            "Message must be at most 2000 characters".to_string(),
        ),
        (bad("hi", "", ""), &Caller::Admin, "clientId", "Please send a valid clientId".to_string()),
        (bad("hi", "", &"c".repeat(65)), &Caller::Admin, "clientId", "Please send a valid clientId".to_string()),
        (bad("hi", "", "a b"), &Caller::Admin, "clientId", "Please send a valid clientId".to_string()),
        (bad("hi", "pic.png", "c1"), &member, "image", "Members can send text only".to_string()),
    ] {
        assert_eq!(fields(c.send(&input, caller, &admin()).await.unwrap_err()), [(field.to_string(), text)]);
    }
    assert_eq!(c.get_room(&r.id, &Caller::Admin).await.unwrap().last_seq, 0, "nothing stored");
    assert!(events(&c, events::MESSAGE_CREATED).await.is_empty());

    // An admin may send an image alone; text is trimmed; exactly 2000 characters pass.
    let pic = c.send(&bad("", " pic.png ", "c-pic"), &Caller::Admin, &admin()).await.unwrap();
    assert_eq!(
        (pic.message.seq, pic.message.image.as_str(), pic.message.text.as_str(), pic.created),
        (1, "pic.png", "", true)
    );
    let long = from_admin(&c, &r, &format!("  {}  ", "y".repeat(2000)), "c-long").await;
    assert_eq!(long.message.text.len(), 2000);

    // The same clientId again (a resend after a reconnect): the stored message, nothing new.
    let first = from_member(&c, &r, "hello", "0b8f-uuid-1").await;
    let second = from_member(&c, &r, "hello again", "0b8f-uuid-1").await;
    assert!(first.created && !second.created);
    assert_eq!(second.message, first.message);
    assert_eq!(second.room.last_seq, 3);
    assert_eq!((second.room.admin_unread, second.room.member_unread), (1, 2));
    assert_eq!(events(&c, events::MESSAGE_CREATED).await.len(), 3);
    let e = &events(&c, events::MESSAGE_CREATED).await[2];
    assert_eq!(
        (e["payload"]["seq"].as_i64(), e["payload"]["side"].as_str(), e["payload"]["userId"].as_str()),
        (Some(3), Some("member"), Some("d-ann"))
    );
    assert_eq!(
        (e["actor"]["id"].as_str(), e["actor"]["accountType"].as_str()),
        (Some("d-ann"), Some("Member")),
        "a member's actor"
    );
    // The same clientId in another room is another message.
    let other = room(&c, "d-bob", "Bob Roe").await;
    assert!(from_member(&c, &other, "hello", "0b8f-uuid-1").await.created);
    assert!(c.send(&msg(&r, "x", "c9"), &Caller::Admin, &admin()).await.is_ok());
    let unknown = SendInput { room_id: "nope".into(), ..msg(&r, "x", "c10") };
    assert!(matches!(c.send(&unknown, &Caller::Admin, &admin()).await, Err(Error::NotFound(_))));
}

async fn concurrent_sends_get_consecutive_seqs(c: Chat) {
    let r = room(&c, "d-ann", "Ann Doe").await;
    let sends = (0..50).map(|i| {
        let c = c.clone();
        let r = r.clone();
        async move { from_member(&c, &r, &format!("m{i}"), &format!("client-{i}")).await.message.seq }
    });
    let handles: Vec<_> = sends.map(tokio::spawn).collect();
    let mut got = vec![];
    for h in handles {
        got.push(h.await.unwrap());
    }
    got.sort();
    assert_eq!(got, (1..=50).collect::<Vec<_>>(), "seqs 1..50, no gap, no repeat");
    let after = c.get_room(&r.id, &Caller::Admin).await.unwrap();
    assert_eq!((after.last_seq, after.admin_unread, after.member_unread), (50, 50, 0));
    let (all, more) = c.missed(&r.id, &Caller::Admin, 0, 0).await.unwrap();
    assert_eq!((seqs(&all), more), ((1..=50).collect::<Vec<_>>(), false));
}

async fn history_pages_by_seq_and_missed_follows_a_seq(c: Chat) {
    let r = room(&c, "d-ann", "Ann Doe").await;
    for i in 1..=40 {
        if i % 2 == 0 {
            from_admin(&c, &r, &format!("m{i}"), &format!("c{i}")).await
        } else {
            from_member(&c, &r, &format!("m{i}"), &format!("c{i}")).await
        };
    }
    let (newest, more) = c.history(&r.id, &Caller::Admin, 0, 0).await.unwrap();
    assert_eq!((seqs(&newest), more), ((26..=40).collect::<Vec<_>>(), true), "15 newest, ascending");
    assert_eq!(newest[0].text, "m26");
    let (older, more) = c.history(&r.id, &Caller::Admin, 26, 0).await.unwrap();
    assert_eq!((seqs(&older), more), ((11..=25).collect::<Vec<_>>(), true));
    let (oldest, more) = c.history(&r.id, &Caller::Admin, 11, 15).await.unwrap();
    assert_eq!((seqs(&oldest), more), ((1..=10).collect::<Vec<_>>(), false));
    let (five, more) = c.history(&r.id, &Caller::Member("d-ann".into()), 0, 5).await.unwrap();
    assert_eq!((seqs(&five), more), ((36..=40).collect::<Vec<_>>(), true));
    assert_eq!(fields(c.history(&r.id, &Caller::Admin, 0, 51).await.unwrap_err())[0].0, "limit");

    let (missed, more) = c.missed(&r.id, &Caller::Admin, 35, 0).await.unwrap();
    assert_eq!((seqs(&missed), more), ((36..=40).collect::<Vec<_>>(), false));
    let (two, more) = c.missed(&r.id, &Caller::Admin, 35, 2).await.unwrap();
    assert_eq!((seqs(&two), more), (vec![36, 37], true));
    assert!(c.missed(&r.id, &Caller::Admin, 40, 0).await.unwrap().0.is_empty());
    assert_eq!(fields(c.missed(&r.id, &Caller::Admin, 0, 501).await.unwrap_err())[0].0, "limit");
}

async fn read_markers_and_unread_counts_are_per_side(c: Chat) {
    let r = room(&c, "d-ann", "Ann Doe").await;
    let member = Caller::Member("d-ann".into());
    from_admin(&c, &r, "a1", "a1").await;
    from_admin(&c, &r, "a2", "a2").await;
    for i in 3..=5 {
        from_member(&c, &r, &format!("m{i}"), &format!("m{i}")).await;
    }
    let now = c.get_room(&r.id, &Caller::Admin).await.unwrap();
    assert_eq!(
        (now.admin_unread, now.member_unread, now.admin_read_seq),
        (3, 2, 2),
        "an admin's message reads the room up to it"
    );

    // The admin side reads up to 4: one of the member's messages stays unread.
    let read = c.mark_read(&r.id, &Caller::Admin, 4, &admin()).await.unwrap();
    assert!(read.moved);
    assert_eq!(
        (read.seq, read.room.admin_unread, read.room.admin_read_seq, read.room.admin_delivered_seq),
        (4, 1, 4, 4)
    );
    let (list, _) = c.history(&r.id, &Caller::Admin, 0, 0).await.unwrap();
    let read_at: Vec<bool> = list.iter().map(|m| m.read_at.is_some()).collect();
    assert_eq!(read_at, [false, false, true, true, false], "the admin side read the member's first two");
    assert_eq!(list[2].read_at, Some(read.at));
    assert!(list[2].delivered_at.is_some());
    // Everything (0 = the last), and never backwards.
    let all = c.mark_read(&r.id, &Caller::Admin, 0, &admin()).await.unwrap();
    assert_eq!((all.seq, all.room.admin_unread), (5, 0));
    let back = c.mark_read(&r.id, &Caller::Admin, 1, &admin()).await.unwrap();
    assert_eq!((back.moved, back.seq), (false, 5));
    let ev = events(&c, events::MESSAGE_READ).await;
    let moves: Vec<(Option<&str>, Option<i64>)> =
        ev.iter().map(|e| (e["payload"]["side"].as_str(), e["payload"]["seq"].as_i64())).collect();
    assert_eq!(
        moves,
        [(Some("admin"), Some(1)), (Some("admin"), Some(2)), (Some("admin"), Some(4)), (Some("admin"), Some(5))]
    );

    // The member side: delivered first, then read; its unread is the admin's messages, and
    // its own messages never read the room for it.
    let got = c.mark_delivered(&r.id, &member, 1, &member_actor("d-ann")).await.unwrap();
    assert_eq!((got.room.member_delivered_seq, got.room.member_read_seq, got.room.member_unread), (1, 0, 2));
    let (list, _) = c.history(&r.id, &member, 0, 0).await.unwrap();
    assert!(list[0].delivered_at.is_some() && list[0].read_at.is_none() && list[1].delivered_at.is_none());
    let mine = c.mark_read(&r.id, &member, 99, &member_actor("d-ann")).await.unwrap();
    assert_eq!((mine.seq, mine.room.member_unread, mine.room.admin_unread), (5, 0, 0));
    assert_eq!(fields(c.mark_read(&r.id, &member, -1, &admin()).await.unwrap_err())[0].0, "seq");
}

async fn clearing_hides_history_from_the_admin_side_only(c: Chat) {
    let r = room(&c, "d-ann", "Ann Doe").await;
    let member = Caller::Member("d-ann".into());
    for i in 1..=3 {
        from_member(&c, &r, &format!("m{i}"), &format!("m{i}")).await;
    }
    let cleared = c.clear_history(&r.id, &admin()).await.unwrap();
    assert_eq!(
        (cleared.last_message.is_none(), cleared.admin_unread, cleared.admin_cleared_seq, cleared.last_seq),
        (true, 0, 3, 3)
    );
    assert!(c.history(&r.id, &Caller::Admin, 0, 0).await.unwrap().0.is_empty());
    assert!(c.missed(&r.id, &Caller::Admin, 0, 0).await.unwrap().0.is_empty());
    assert_eq!(seqs(&c.history(&r.id, &member, 0, 0).await.unwrap().0), [1, 2, 3], "the donor keeps its copy");
    let own = c.room_of_member("d-ann", None, &member_actor("d-ann")).await.unwrap();
    assert_eq!(own.last_message.map(|m| m.seq), Some(3));
    let ev = events(&c, events::ROOM_CLEARED).await;
    assert_eq!((ev.len(), ev[0]["payload"]["clearedSeq"].as_i64()), (1, Some(3)));

    // A new message shows on both sides; the admin side still never reads seq <= 3.
    from_member(&c, &r, "m4", "m4").await;
    assert_eq!(seqs(&c.history(&r.id, &Caller::Admin, 0, 0).await.unwrap().0), [4]);
    assert_eq!(seqs(&c.missed(&r.id, &Caller::Admin, 1, 0).await.unwrap().0), [4]);
    let now = c.get_room(&r.id, &Caller::Admin).await.unwrap();
    assert_eq!((now.admin_unread, now.last_message.map(|m| m.seq)), (1, Some(4)));
    assert!(matches!(c.clear_history("nope", &admin()).await, Err(Error::NotFound(m)) if m == "Room not found"));
}

async fn a_member_reaches_only_its_own_room(c: Chat) {
    let ann = room(&c, "d-ann", "Ann Doe").await;
    room(&c, "d-bob", "Bob Roe").await;
    let bob = Caller::Member("d-bob".into());
    let forbidden =
        |r: Result<_, Error>| matches!(r, Err(Error::Forbidden(m)) if m == "You are not allowed to do this");
    assert!(forbidden(c.get_room(&ann.id, &bob).await.map(|_| ())));
    assert!(forbidden(c.history(&ann.id, &bob, 0, 0).await.map(|_| ())));
    assert!(forbidden(c.missed(&ann.id, &bob, 0, 0).await.map(|_| ())));
    assert!(forbidden(c.send(&msg(&ann, "x", "x1"), &bob, &member_actor("d-bob")).await.map(|_| ())));
    assert!(forbidden(c.mark_read(&ann.id, &bob, 0, &member_actor("d-bob")).await.map(|_| ())));
    assert_eq!(c.get_room(&ann.id, &Caller::Admin).await.unwrap().last_seq, 0);
}

fn named(id: &str, name: &str) -> NamedRef {
    NamedRef { id: id.into(), name: name.into() }
}

fn note(title: &str, audience: &str, charities: Vec<NamedRef>, causes: Vec<NamedRef>, reach: i64) -> NotificationInput {
    NotificationInput {
        title: title.into(),
        message: format!("About {title}"),
        audience: audience.into(),
        charities,
        causes,
        sender_id: "admin-1".into(),
        sender_name: "Main Admin".into(),
        reach,
        ..Default::default()
    }
}

async fn notifications_are_checked_listed_and_read_per_member(c: Chat) {
    let base = note("T", "all", vec![], vec![], 3);
    for (input, field, text) in [
        (NotificationInput { title: "  ".into(), ..base.clone() }, "title", "Please enter Title"),
        (NotificationInput { title: "t".repeat(101), ..base.clone() }, "title", "Title must be at most 100 characters"),
        (NotificationInput { message: "".into(), ..base.clone() }, "message", "Please enter Message"),
        (
            NotificationInput { message: "m".repeat(1001), ..base.clone() },
            "message",
            "Message must be at most 1000 characters",
        ),
        (NotificationInput { audience: "some".into(), ..base.clone() }, "audience", "Please select a valid audience"),
        (
            NotificationInput { audience: "selected".into(), ..base.clone() },
            "charityIds",
            "Please select nonprofits or causes",
        ),
        (
            NotificationInput {
                audience: "selected".into(),
                charities: (0..51).map(|i| named(&format!("c{i}"), "C")).collect(),
                ..base.clone()
            },
            "charityIds",
            "Please select at most 50 nonprofits",
        ),
    ] {
        assert_eq!(
            fields(c.send_notification(&input, &admin()).await.unwrap_err()),
            [(field.to_string(), text.to_string())]
        );
    }
    assert_eq!(
        c.list_notifications(&Page { page: 1, limit: 10, ..Default::default() }).await.unwrap().1,
        0,
        "nothing stored"
    );

    let all = c
        .send_notification(&note("Giving Tuesday", "", vec![named("c1", "Ignored")], vec![], 120), &admin())
        .await
        .unwrap();
    assert_eq!((all.audience.as_str(), all.charities.len(), all.reach), ("all", 0, 120), "'all' names no targets");
    tokio::time::sleep(std::time::Duration::from_millis(3)).await;
    let red = c
        .send_notification(
            &note("Red Cross news", "selected", vec![named("c1", "Red Cross"), named("c1", "Red Cross")], vec![], 7),
            &admin(),
        )
        .await
        .unwrap();
    assert_eq!(red.charities, vec![named("c1", "Red Cross")], "repeats dropped");
    tokio::time::sleep(std::time::Duration::from_millis(3)).await;
    let water = c
        .send_notification(&note("Water update", "selected", vec![], vec![named("k1", "Clean Water")], 2), &admin())
        .await
        .unwrap();
    let ev = events(&c, events::NOTIFICATION_SENT).await;
    assert_eq!(
        (ev.len(), ev[1]["payload"]["charityIds"][0].as_str(), ev[2]["payload"]["reach"].as_i64()),
        (3, Some("c1"), Some(2))
    );

    // The console's history: newest first; search on title; sort by title or reach.
    let titles = |l: &[chat::notifications_store::Notification]| l.iter().map(|n| n.title.clone()).collect::<Vec<_>>();
    let p = |search: &str, column: &str, order: &str| Page {
        page: 1,
        limit: 10,
        search: search.into(),
        column: column.into(),
        order: order.into(),
    };
    let (list, total) = c.list_notifications(&p("", "", "")).await.unwrap();
    assert_eq!(
        (titles(&list), total),
        (vec!["Water update".to_string(), "Red Cross news".into(), "Giving Tuesday".into()], 3)
    );
    assert_eq!(titles(&c.list_notifications(&p("CROSS", "", "")).await.unwrap().0), ["Red Cross news"]);
    assert_eq!(titles(&c.list_notifications(&p("", "title", "asc")).await.unwrap().0)[0], "Giving Tuesday");
    assert_eq!(c.list_notifications(&p("", "reach", "desc")).await.unwrap().0[0].id, all.id);
    assert_eq!(fields(c.list_notifications(&p("", "message", "")).await.unwrap_err())[0].0, "column");

    // A member who gave to c1 sees 'all' and Red Cross; one who gave nothing sees 'all'.
    let (mine, total) = c.member_notifications("d-ann", &["c1".into()], 1, 10).await.unwrap();
    let ids: Vec<&str> = mine.iter().map(|(n, _)| n.id.as_str()).collect();
    assert_eq!((ids, total), (vec![red.id.as_str(), all.id.as_str()], 2));
    assert!(mine.iter().all(|(_, read)| !read));
    assert_eq!(c.member_notifications("d-bob", &[], 1, 10).await.unwrap().1, 1);
    assert_eq!(c.member_notifications("d-cy", &["k1".into(), "c1".into()], 1, 10).await.unwrap().1, 3);
    assert_eq!(c.member_notifications("d-cy", &["k1".into(), "c1".into()], 2, 2).await.unwrap().0[0].0.id, all.id);
    let _ = water;

    // Read markers: written when read, once, per member.
    c.mark_notification_read("d-ann", &red.id, &member_actor("d-ann")).await.unwrap();
    c.mark_notification_read("d-ann", &red.id, &member_actor("d-ann")).await.unwrap();
    let (mine, _) = c.member_notifications("d-ann", &["c1".into()], 1, 10).await.unwrap();
    assert_eq!(mine.iter().map(|(_, r)| *r).collect::<Vec<_>>(), [true, false]);
    assert!(c.member_notifications("d-cy", &["c1".into()], 1, 10).await.unwrap().0.iter().all(|(_, r)| !r));
    let reads: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM notification_reads").fetch_one(&c.db.pool).await.unwrap();
    assert_eq!(reads.0, 1);
    assert!(
        matches!(c.mark_notification_read("d-ann", "nope", &admin()).await, Err(Error::NotFound(m)) if m == "Notification not found")
    );
}

fn donor_event(id: &str, first: &str, last: &str, active: bool) -> events::Donor {
    events::Donor {
        id: id.into(),
        first_name: first.into(),
        last_name: last.into(),
        email: format!("{}@example.org", first.to_lowercase()),
        is_active: active,
    }
}

async fn a_trashed_donor_is_shown_deleted_and_its_restore_brings_it_back_as_it_was(c: Chat) {
    let r = room(&c, "d-eve", "Eve Roe").await;
    assert!(c.donor_changed("t1", &donor_event("d-eve", "Eve", "Roe", false)).await.unwrap());
    from_admin(&c, &r, "hello", "a1").await;
    let before = c.get_room(&r.id, &Caller::Admin).await.unwrap().user;
    assert_eq!((before.avatar.as_str(), before.is_active), ("Eve Roe.png", false));
    assert_eq!(c.list_rooms(1, 10, "eve").await.unwrap().1, 1);

    // giving.donor.trashed: shown as a deleted donor is (no name, email, avatar or search);
    // no member messages; a redelivery changes nothing.
    assert!(c.donor_trashed("t2", "d-eve").await.unwrap());
    assert!(!c.donor_trashed("t2", "d-eve").await.unwrap());
    let hidden = c.get_room(&r.id, &Caller::Admin).await.unwrap().user;
    assert_eq!((hidden.name.as_str(), hidden.email.as_str(), hidden.avatar.as_str()), ("Deleted donor", "", ""));
    assert!(hidden.is_deleted);
    assert_eq!(c.list_rooms(1, 10, "eve").await.unwrap().1, 0);
    assert!(matches!(
        c.send(&msg(&r, "x", "m1"), &Caller::Member("d-eve".into()), &member_actor("d-eve")).await,
        Err(Error::Forbidden(_))
    ));

    // giving.donor.restored: back exactly as it was, searchable, kept current again.
    assert!(c.donor_restored("t3", "d-eve").await.unwrap());
    assert!(!c.donor_restored("t3", "d-eve").await.unwrap(), "redelivered");
    assert_eq!(c.get_room(&r.id, &Caller::Admin).await.unwrap().user, before);
    assert_eq!(c.list_rooms(1, 10, "eve").await.unwrap().1, 1);
    assert!(c.donor_changed("t4", &donor_event("d-eve", "Evie", "Roe", true)).await.unwrap());
    let now = c.get_room(&r.id, &Caller::Admin).await.unwrap().user;
    assert_eq!((now.name.as_str(), now.is_active), ("Evie Roe", true));
    from_member(&c, &r, "back", "m2").await;

    // A restore of a donor never trashed (or restored already) changes nothing.
    assert!(c.donor_restored("t5", "d-eve").await.unwrap());
    assert_eq!(c.get_room(&r.id, &Caller::Admin).await.unwrap().user, now);
    assert!(c.donor_restored("t6", "d-nobody").await.unwrap());
    let nobody = chat::people_store::get_person(&mut c.db.pool.acquire().await.unwrap(), "d-nobody").await.unwrap();
    assert_eq!(nobody, None);
    // A trash of a donor chat never knew hides nothing, so its restore finds it as it comes.
    assert!(c.donor_trashed("t7", "d-new").await.unwrap());
    assert!(c.donor_restored("t8", "d-new").await.unwrap());
    assert!(c.donor_changed("t9", &donor_event("d-new", "New", "One", true)).await.unwrap());
    let new = chat::people_store::get_person(&mut c.db.pool.acquire().await.unwrap(), "d-new").await.unwrap();
    assert_eq!(new.map(|p| (p.name, p.is_deleted)), Some(("New One".to_string(), false)));

    // Trashed, then purged (giving.donor.deleted): as today, for good; a late restore or
    // update does not revive it.
    assert!(c.donor_trashed("t10", "d-eve").await.unwrap());
    assert!(c.donor_deleted("t11", "d-eve").await.unwrap());
    assert!(c.donor_restored("t12", "d-eve").await.unwrap());
    assert!(c.donor_changed("t13", &donor_event("d-eve", "Eve", "Back", true)).await.unwrap());
    let gone = c.get_room(&r.id, &Caller::Admin).await.unwrap().user;
    assert_eq!((gone.name.as_str(), gone.email.as_str(), gone.is_deleted), ("Deleted donor", "", true));
    let kept: (i64,) = sqlx::query_as("SELECT COUNT(*) FROM people_trash").fetch_one(&c.db.pool).await.unwrap();
    assert_eq!(kept.0, 0);
    let wrong = common::trash::twin_mismatches(&mut c.db.pool.acquire().await.unwrap()).await.unwrap();
    assert!(wrong.is_empty(), "{wrong:?}");
}

async fn donor_events_keep_people_current_and_deleted_donors_stay_as_deleted_donor(c: Chat) {
    assert!(c.donor_changed("e1", &donor_event("d-ann", "Ann", "Doe", true)).await.unwrap());
    let r = c.open_room("d-ann", None, &admin()).await.unwrap();
    assert_eq!((r.user.name.as_str(), r.user.email.as_str()), ("Ann Doe", "ann@example.org"));
    from_member(&c, &r, "hi", "m1").await;
    from_admin(&c, &r, "hello", "a1").await;

    // A redelivered event changes nothing (its id is handled once).
    assert!(c.donor_changed("e2", &donor_event("d-ann", "Anna", "Doe", true)).await.unwrap());
    assert!(!c.donor_changed("e1", &donor_event("d-ann", "Ann", "Doe", true)).await.unwrap());
    let now = c.get_room(&r.id, &Caller::Admin).await.unwrap();
    assert_eq!(now.user.name, "Anna Doe");
    assert_eq!(now.user.avatar, "", "the avatar stays what the BFF passed (none here)");
    assert_eq!(
        c.history(&r.id, &Caller::Admin, 0, 0).await.unwrap().0[0].sender.name,
        "Anna Doe",
        "a member's name is its current one"
    );
    assert!(c.donor_changed("e3", &donor_event("d-ann", "Anna", "Doe", false)).await.unwrap());
    assert!(!c.get_room(&r.id, &Caller::Admin).await.unwrap().user.is_active);

    // Deleted: the room and its messages stay, named 'Deleted donor'; no more opening it,
    // no more member messages; a late update does not bring the donor back.
    assert!(c.donor_deleted("e4", "d-ann").await.unwrap());
    assert!(!c.donor_deleted("e4", "d-ann").await.unwrap());
    assert!(c.donor_changed("e5", &donor_event("d-ann", "Ann", "Back", true)).await.unwrap());
    let gone = c.get_room(&r.id, &Caller::Admin).await.unwrap();
    assert_eq!((gone.user.name.as_str(), gone.user.email.as_str(), gone.user.is_deleted), ("Deleted donor", "", true));
    let (list, _) = c.history(&r.id, &Caller::Admin, 0, 0).await.unwrap();
    assert_eq!(
        (list.len(), list[0].sender.name.as_str(), list[1].sender.name.as_str()),
        (2, "Deleted donor", "Main Admin")
    );
    assert_eq!(c.list_rooms(1, 10, "deleted").await.unwrap().1, 1);
    assert!(matches!(c.open_room("d-ann", None, &admin()).await, Err(Error::NotFound(m)) if m == "User not found"));
    let given = info("Ann Doe", "ann@example.org");
    assert!(
        matches!(c.open_room("d-ann", Some(&given), &admin()).await, Err(Error::NotFound(_))),
        "not revived by a stale copy"
    );
    assert!(matches!(
        c.send(&msg(&r, "x", "m2"), &Caller::Member("d-ann".into()), &member_actor("d-ann")).await,
        Err(Error::Forbidden(_))
    ));

    // Through the consumer, as the bus delivers it.
    use common::bus::{Event, EventHandler};
    let consumer = chat::people::Consumer(c.clone());
    let created = Event::new(
        events::DONOR_CREATED,
        serde_json::json!({ "id": "d-bob", "firstName": "Bob", "lastName": "Roe", "email": "bob@example.org", "isActive": true }),
    );
    consumer.handle(&created).await.unwrap();
    consumer.handle(&created).await.unwrap();
    assert_eq!(c.open_room("d-bob", None, &admin()).await.unwrap().user.name, "Bob Roe");
}

async fn demo_data_fills_an_empty_chat_once(c: Chat) {
    let donors: Vec<chat::seed::Donor> = (0..12)
        .map(|i| chat::seed::Donor {
            id: format!("d{i}"),
            name: format!("Donor {i}"),
            email: format!("d{i}@example.org"),
            avatar: String::new(),
        })
        .collect();
    let s =
        chat::seed::seed(&c, &donors, 10, &admin_person(), 12, (&[named("c1", "Red Cross")], &[]), 4).await.unwrap();
    assert_eq!((s.rooms, s.unread_rooms, s.notifications, s.skipped), (10, 4, 2, false));
    let (rooms, total) = c.list_rooms(1, 50, "").await.unwrap();
    assert_eq!(total, 10);
    assert_eq!(rooms.iter().filter(|r| r.admin_unread > 0).count(), 4);
    assert!(rooms.iter().all(|r| r.member_unread == 0 && r.last_message.is_some()));
    let again = chat::seed::seed(&c, &donors, 10, &admin_person(), 12, (&[], &[]), 0).await.unwrap();
    assert!(again.skipped);
}

common::on_both_backends! { MIGRATIONS, |db| Chat::new(db, None);
    a_trashed_donor_is_shown_deleted_and_its_restore_brings_it_back_as_it_was =>
        a_trashed_donor_is_shown_deleted_and_its_restore_brings_it_back_as_it_was_on_sqlite,
        a_trashed_donor_is_shown_deleted_and_its_restore_brings_it_back_as_it_was_on_postgres;
    rooms_open_once_and_list_by_last_message_with_search =>
        rooms_open_once_and_list_by_last_message_with_search_on_sqlite, rooms_open_once_and_list_by_last_message_with_search_on_postgres;
    sends_are_checked_and_idempotent_on_the_client_id =>
        sends_are_checked_and_idempotent_on_the_client_id_on_sqlite, sends_are_checked_and_idempotent_on_the_client_id_on_postgres;
    concurrent_sends_get_consecutive_seqs => concurrent_sends_get_consecutive_seqs_on_sqlite, concurrent_sends_get_consecutive_seqs_on_postgres;
    history_pages_by_seq_and_missed_follows_a_seq =>
        history_pages_by_seq_and_missed_follows_a_seq_on_sqlite, history_pages_by_seq_and_missed_follows_a_seq_on_postgres;
    read_markers_and_unread_counts_are_per_side =>
        read_markers_and_unread_counts_are_per_side_on_sqlite, read_markers_and_unread_counts_are_per_side_on_postgres;
    clearing_hides_history_from_the_admin_side_only =>
        clearing_hides_history_from_the_admin_side_only_on_sqlite, clearing_hides_history_from_the_admin_side_only_on_postgres;
    a_member_reaches_only_its_own_room => a_member_reaches_only_its_own_room_on_sqlite, a_member_reaches_only_its_own_room_on_postgres;
    notifications_are_checked_listed_and_read_per_member =>
        notifications_are_checked_listed_and_read_per_member_on_sqlite, notifications_are_checked_listed_and_read_per_member_on_postgres;
    donor_events_keep_people_current_and_deleted_donors_stay_as_deleted_donor =>
        donor_events_keep_people_current_and_deleted_donors_stay_as_deleted_donor_on_sqlite,
        donor_events_keep_people_current_and_deleted_donors_stay_as_deleted_donor_on_postgres;
    demo_data_fills_an_empty_chat_once => demo_data_fills_an_empty_chat_once_on_sqlite, demo_data_fills_an_empty_chat_once_on_postgres;
}
