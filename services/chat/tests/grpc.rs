//! The gRPC face of the chat service (translation only) on SQLite and PostgreSQL, and the
//! REST shapes its messages serialise to (the BFF answers them as they are).

use chat::app::MIGRATIONS;
use chat::service::Chat;
use proto::chat::v1 as pb;
use proto::chat::v1::chat_server::Chat as Rpc;
use proto::common::v1 as pc;
use serde_json::json;
use tonic::{Code, Request};

fn admin() -> Option<pc::Actor> {
    Some(pc::Actor { id: "admin-1".into(), account_type: pc::AccountType::MainAdmin as i32, ..Default::default() })
}

fn member(id: &str) -> Option<pc::Actor> {
    Some(pc::Actor { id: id.into(), account_type: pc::AccountType::Member as i32, ..Default::default() })
}

fn user(id: &str, name: &str) -> Option<pb::RoomUser> {
    Some(pb::RoomUser {
        id: id.into(),
        name: name.into(),
        email: format!("{id}@example.org"),
        avatar: "a.png".into(),
        is_deleted: false,
    })
}

fn admin_sender() -> Option<pb::Person> {
    Some(pb::Person { id: "admin-1".into(), r#type: "admin".into(), name: "Main Admin".into(), avatar: String::new() })
}

async fn the_rpcs_translate_and_serialise_as_the_rest_contract(c: Chat) {
    let missing =
        Rpc::open_room(&c, Request::new(pb::OpenRoomRequest { user_id: "d-ann".into(), actor: admin(), user: None }))
            .await
            .unwrap_err();
    assert_eq!((missing.code(), missing.message()), (Code::NotFound, "User not found"));
    let room = Rpc::open_room(
        &c,
        Request::new(pb::OpenRoomRequest { user_id: "d-ann".into(), actor: admin(), user: user("d-ann", "Ann Doe") }),
    )
    .await
    .unwrap()
    .into_inner();
    let json = serde_json::to_value(&room).unwrap();
    assert_eq!(json["_id"], room.id.as_str());
    assert_eq!(
        json["user"],
        json!({ "_id": "d-ann", "name": "Ann Doe", "email": "d-ann@example.org", "avatar": "a.png", "isDeleted": false })
    );
    assert_eq!(
        (json["lastMessage"].clone(), json["lastMessageAt"].clone(), json["unread"].as_i64(), json["online"].as_bool()),
        (json!(null), json!(null), Some(0), Some(false))
    );

    // A member's send (its own room), then the admin's.
    let send = |side: pb::Side, member_id: &str, text: &str, client: &str| pb::SendRequest {
        room_id: room.id.clone(),
        side: side as i32,
        sender: admin_sender(),
        text: text.into(),
        image: String::new(),
        client_id: client.into(),
        member_id: member_id.into(),
        actor: if member_id.is_empty() { admin() } else { member(member_id) },
    };
    let first =
        Rpc::send(&c, Request::new(send(pb::Side::Member, "d-ann", "Hello", "c-1"))).await.unwrap().into_inner();
    assert!(first.created);
    let m = serde_json::to_value(first.message.as_ref().unwrap()).unwrap();
    assert_eq!(
        (m["seq"].as_i64(), m["roomId"].as_str(), m["clientId"].as_str(), m["image"].as_str()),
        (Some(1), Some(room.id.as_str()), Some("c-1"), Some(""))
    );
    assert_eq!(m["sender"], json!({ "_id": "d-ann", "type": "member", "name": "Ann Doe", "avatar": "a.png" }));
    assert_eq!((m["deliveredAt"].clone(), m["readAt"].clone()), (json!(null), json!(null)));
    let again =
        Rpc::send(&c, Request::new(send(pb::Side::Member, "d-ann", "Hello", "c-1"))).await.unwrap().into_inner();
    assert_eq!((again.created, again.message), (false, first.message));
    Rpc::send(&c, Request::new(send(pb::Side::Admin, "", "Hi Ann", "c-2"))).await.unwrap();
    let bad = Rpc::send(&c, Request::new(send(pb::Side::Admin, "", " ", "c-3"))).await.unwrap_err();
    assert_eq!((bad.code(), bad.message()), (Code::InvalidArgument, "Please enter a message"));
    assert_eq!(common::error::Details::of(&bad).fields[0].field, "text");
    let no_member = Rpc::send(&c, Request::new(send(pb::Side::Member, "", "x", "c-4"))).await.unwrap_err();
    assert_eq!(no_member.code(), Code::InvalidArgument);
    let other = Rpc::send(&c, Request::new(send(pb::Side::Member, "d-bob", "x", "c-5"))).await.unwrap_err();
    assert_eq!((other.code(), other.message()), (Code::PermissionDenied, "You are not allowed to do this"));

    let page = Rpc::list_rooms(
        &c,
        Request::new(pb::ListRoomsRequest {
            page: Some(pc::PageRequest { page: 1, limit: 10, search: "ann".into(), ..Default::default() }),
        }),
    )
    .await
    .unwrap()
    .into_inner();
    assert_eq!(
        (page.total, page.items[0].unread, page.items[0].last_message.as_ref().unwrap().text.as_str()),
        (1, 0, "Hi Ann"),
        "the admin's reply read the room"
    );

    let history = |side: pb::Side, member_id: &str| pb::HistoryRequest {
        room_id: room.id.clone(),
        side: side as i32,
        before: 0,
        limit: 0,
        member_id: member_id.into(),
    };
    let h = Rpc::history(&c, Request::new(history(pb::Side::Admin, ""))).await.unwrap().into_inner();
    assert_eq!((h.items.iter().map(|m| m.seq).collect::<Vec<_>>(), h.has_more), (vec![1, 2], false));
    let read = Rpc::mark_read(
        &c,
        Request::new(pb::MarkRequest {
            room_id: room.id.clone(),
            side: pb::Side::Admin as i32,
            seq: 0,
            member_id: String::new(),
            actor: admin(),
        }),
    )
    .await
    .unwrap()
    .into_inner();
    assert_eq!((read.seq, read.moved, read.room.unwrap().unread), (2, false, 0));
    let missed = Rpc::missed(
        &c,
        Request::new(pb::MissedRequest {
            room_id: room.id.clone(),
            side: pb::Side::Member as i32,
            after: 1,
            limit: 0,
            member_id: "d-ann".into(),
        }),
    )
    .await
    .unwrap()
    .into_inner();
    assert_eq!(missed.items.len(), 1);
    let cleared =
        Rpc::clear_history(&c, Request::new(pb::ClearHistoryRequest { room_id: room.id.clone(), actor: admin() }))
            .await
            .unwrap()
            .into_inner();
    assert_eq!((cleared.last_message, cleared.unread, cleared.admin_cleared_seq), (None, 0, 2));
    let own = Rpc::room_of_member(
        &c,
        Request::new(pb::MemberRef { member_id: "d-ann".into(), actor: member("d-ann"), user: None }),
    )
    .await
    .unwrap()
    .into_inner();
    assert_eq!(own.id, room.id);
    let got = Rpc::get_room(&c, Request::new(pb::RoomRef { id: "nope".into() })).await.unwrap_err();
    assert_eq!((got.code(), got.message()), (Code::NotFound, "Room not found"));

    // Notifications, and a member's list with its read flag beside the fields (JSON).
    let sent = Rpc::send_notification(
        &c,
        Request::new(pb::SendNotificationRequest {
            title: "Hello".into(),
            message: "World".into(),
            audience: "selected".into(),
            charities: vec![pb::NamedRef { id: "c1".into(), name: "Red Cross".into() }],
            causes: vec![],
            sender: Some(pb::Sender { id: "admin-1".into(), name: "Main Admin".into() }),
            reach: 5,
            actor: admin(),
        }),
    )
    .await
    .unwrap()
    .into_inner();
    let n = serde_json::to_value(&sent).unwrap();
    assert_eq!(
        (n["audience"].as_str(), n["reach"].as_i64(), n["charities"].clone()),
        (Some("selected"), Some(5), json!([{ "_id": "c1", "name": "Red Cross" }]))
    );
    assert_eq!(n["sender"], json!({ "_id": "admin-1", "name": "Main Admin" }));
    let history = Rpc::list_notifications(
        &c,
        Request::new(pb::ListNotificationsRequest {
            page: Some(pc::PageRequest { page: 1, limit: 10, ..Default::default() }),
        }),
    )
    .await
    .unwrap()
    .into_inner();
    assert_eq!(history.total, 1);
    let recipients = vec![pb::RecipientRef { kind: "charity".into(), id: "c1".into() }];
    let ask = || pb::MemberNotificationsRequest {
        member_id: "d-ann".into(),
        recipients: recipients.clone(),
        page: Some(pc::PageRequest { page: 1, limit: 10, ..Default::default() }),
    };
    let mine = Rpc::member_notifications(&c, Request::new(ask())).await.unwrap().into_inner();
    assert_eq!((mine.total, mine.items[0].read), (1, false));
    Rpc::mark_notification_read(
        &c,
        Request::new(pb::MarkNotificationReadRequest {
            member_id: "d-ann".into(),
            notification_id: sent.id.clone(),
            actor: member("d-ann"),
        }),
    )
    .await
    .unwrap();
    let mine = Rpc::member_notifications(&c, Request::new(ask())).await.unwrap().into_inner();
    let flat = serde_json::to_value(&mine.items[0]).unwrap();
    assert_eq!(
        (flat["_id"].as_str(), flat["title"].as_str(), flat["read"].as_bool()),
        (Some(sent.id.as_str()), Some("Hello"), Some(true))
    );
    // A recipient the member gave to through a community does not count.
    let other = pb::MemberNotificationsRequest {
        recipients: vec![pb::RecipientRef { kind: "community".into(), id: "c1".into() }],
        ..ask()
    };
    assert_eq!(Rpc::member_notifications(&c, Request::new(other)).await.unwrap().into_inner().total, 0);
}

common::on_both_backends! { MIGRATIONS, |db| Chat::new(db, None);
    the_rpcs_translate_and_serialise_as_the_rest_contract =>
        the_rpcs_translate_and_serialise_as_the_rest_contract_on_sqlite, the_rpcs_translate_and_serialise_as_the_rest_contract_on_postgres;
}
