//! The gRPC face of the engagement service (translation only) on SQLite and PostgreSQL, and
//! the REST shapes its messages serialise to (the BFF answers them as they are).

use engagement::app::MIGRATIONS;
use engagement::service::Engagement;
use proto::common::v1 as pc;
use proto::engagement::v1 as pb;
use proto::engagement::v1::engagement_server::Engagement as Rpc;
use tokio_stream::StreamExt;
use tonic::{Code, Request};

fn actor() -> Option<pc::Actor> {
    Some(pc::Actor { id: "admin-1".into(), account_type: pc::AccountType::MainAdmin as i32, ..Default::default() })
}

fn donor(n: usize) -> Option<pb::DonorRef> {
    Some(pb::DonorRef {
        id: format!("donor-{n}"),
        name: format!("Donor {n}"),
        email: format!("d{n}@example.org"),
        avatar: String::new(),
    })
}

fn page(limit: i64) -> Option<pc::PageRequest> {
    Some(pc::PageRequest { page: 1, limit, ..Default::default() })
}

async fn the_rpcs_translate_and_serialise_as_the_rest_contract(e: Engagement) {
    let input = pb::CommunityInput {
        name: "Grpc Friends".into(),
        description: "<p>Hi</p>".into(),
        cover_image: "c.png".into(),
        privacy: "public".into(),
        charity_ids: vec!["ch-1".into()],
        ..Default::default()
    };
    let c = Rpc::create_community(
        &e,
        Request::new(pb::CreateCommunityRequest { input: Some(input.clone()), actor: actor() }),
    )
    .await
    .unwrap()
    .into_inner();
    let json = serde_json::to_value(&c).unwrap();
    assert_eq!(json["_id"], c.id.as_str());
    assert_eq!(json["coverImage"], "c.png");
    assert_eq!(json["charityIds"], serde_json::json!(["ch-1"]));
    assert_eq!(json["deletedAt"], serde_json::Value::Null);
    assert_eq!(
        json["creator"],
        serde_json::json!({ "_id": "platform", "type": "admin", "name": "Giving Platform", "avatar": "" })
    );
    assert_eq!((json["membersCount"].as_i64(), json["isHidden"].as_bool()), (Some(0), Some(false)));
    // A REST body reads as the input (missing fields default).
    let body: pb::CommunityInput =
        serde_json::from_value(serde_json::json!({ "name": "X", "causeIds": ["k"] })).unwrap();
    assert_eq!((body.name.as_str(), body.cause_ids.len(), body.privacy.as_str()), ("X", 1, ""));

    let dup =
        Rpc::create_community(&e, Request::new(pb::CreateCommunityRequest { input: Some(input), actor: actor() }))
            .await
            .unwrap_err();
    assert_eq!((dup.code(), dup.message()), (Code::AlreadyExists, "Community already exists"));
    let missing = Rpc::get_community(&e, Request::new(pb::CommunityRef { id: "nope".into() })).await.unwrap_err();
    assert_eq!((missing.code(), missing.message()), (Code::NotFound, "Community not found"));
    let deleted = Rpc::set_community_deleted(
        &e,
        Request::new(pb::SetCommunityDeletedRequest { id: c.id.clone(), is_deleted: true, actor: actor() }),
    )
    .await
    .unwrap()
    .into_inner();
    assert!(deleted.is_deleted && deleted.deleted_at.is_some());
    Rpc::set_community_deleted(
        &e,
        Request::new(pb::SetCommunityDeletedRequest { id: c.id.clone(), is_deleted: false, actor: actor() }),
    )
    .await
    .unwrap();
    let list = Rpc::list_communities(
        &e,
        Request::new(pb::ListCommunitiesRequest { page: page(10), is_deleted: false, is_hidden: Some(false) }),
    )
    .await
    .unwrap()
    .into_inner();
    assert_eq!((list.total, list.items.len()), (1, 1));

    // An event with capacity 1: the second Going join is FAILED_PRECONDITION 'Event is full'.
    let now = common::now_ms();
    let ev_input = pb::EventInput {
        title: "Run".into(),
        description: "<p>Run</p>".into(),
        starts_at: now + 3_600_000,
        ends_at: now + 7_200_000,
        time_zone: "UTC".into(),
        address: "Park".into(),
        host_type: "community".into(),
        host_id: c.id.clone(),
        capacity: 1,
        ..Default::default()
    };
    let ev = Rpc::create_event(&e, Request::new(pb::CreateEventRequest { input: Some(ev_input), actor: actor() }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(ev.host_name, "Grpc Friends");
    let join = |n: usize, status: i32| pb::JoinEventRequest {
        event_id: ev.id.clone(),
        donor: donor(n),
        status,
        actor: actor(),
    };
    let m = Rpc::join_event(&e, Request::new(join(1, 2))).await.unwrap().into_inner();
    let full = Rpc::join_event(&e, Request::new(join(2, 2))).await.unwrap_err();
    assert_eq!((full.code(), full.message()), (Code::FailedPrecondition, "Event is full"));
    Rpc::join_event(&e, Request::new(join(2, 1))).await.unwrap();
    let bad = Rpc::list_event_members(
        &e,
        Request::new(pb::ListEventMembersRequest { event_id: ev.id.clone(), status: 9, page: page(10) }),
    )
    .await
    .unwrap_err();
    assert_eq!((bad.code(), bad.message()), (Code::InvalidArgument, "Please select valid status"));
    let going = Rpc::list_event_members(
        &e,
        Request::new(pb::ListEventMembersRequest { event_id: ev.id.clone(), status: 2, page: page(10) }),
    )
    .await
    .unwrap()
    .into_inner();
    assert_eq!((going.total, going.event.as_ref().map(|e| e.going_count)), (1, Some(1)));
    let member = serde_json::to_value(&going.items[0]).unwrap();
    assert_eq!(
        (member["_id"].as_str(), member["donorId"].as_str(), member["status"].as_i64()),
        (Some(m.id.as_str()), Some("donor-1"), Some(2))
    );
    let mut stream =
        Rpc::stream_event_members(&e, Request::new(pb::EventRef { id: ev.id.clone() })).await.unwrap().into_inner();
    let mut all = vec![];
    while let Some(m) = stream.next().await {
        all.push(m.unwrap().status);
    }
    assert_eq!(all, vec![1, 2]);
    assert_eq!(
        Rpc::stream_event_members(&e, Request::new(pb::EventRef { id: "nope".into() })).await.err().map(|s| s.code()),
        Some(Code::NotFound)
    );
    let removed =
        Rpc::remove_event_member(&e, Request::new(pb::RemoveEventMemberRequest { id: m.id.clone(), actor: actor() }))
            .await
            .unwrap()
            .into_inner();
    assert_eq!(serde_json::to_value(removed).unwrap(), serde_json::json!({ "status": 2 }));

    // Posts, comments and likes; the admin acts as the platform account.
    let p = Rpc::create_post(
        &e,
        Request::new(pb::CreatePostRequest {
            community_id: c.id.clone(),
            donor: donor(1),
            text: "Hello".into(),
            images: vec![],
            actor: actor(),
        }),
    )
    .await
    .unwrap()
    .into_inner();
    let liked = Rpc::like_post(
        &e,
        Request::new(pb::LikeRequest { id: p.id.clone(), donor: None, liked: None, actor: actor() }),
    )
    .await
    .unwrap()
    .into_inner();
    assert_eq!(serde_json::to_value(liked).unwrap(), serde_json::json!({ "liked": true, "likesCount": 1 }));
    let top = Rpc::add_comment(
        &e,
        Request::new(pb::AddCommentRequest { post_id: p.id.clone(), text: "Nice".into(), donor: None, actor: actor() }),
    )
    .await
    .unwrap()
    .into_inner();
    let reply = Rpc::add_reply(
        &e,
        Request::new(pb::AddReplyRequest {
            comment_id: top.id.clone(),
            text: "Thanks".into(),
            donor: donor(1),
            actor: actor(),
        }),
    )
    .await
    .unwrap()
    .into_inner();
    let deeper = Rpc::add_reply(
        &e,
        Request::new(pb::AddReplyRequest {
            comment_id: reply.id.clone(),
            text: "x".into(),
            donor: None,
            actor: actor(),
        }),
    )
    .await
    .unwrap_err();
    assert_eq!((deeper.code(), deeper.message()), (Code::InvalidArgument, "You can reply to a comment only"));
    let comments =
        Rpc::list_comments(&e, Request::new(pb::ListCommentsRequest { post_id: p.id.clone(), page: page(10) }))
            .await
            .unwrap()
            .into_inner();
    let json = serde_json::to_value(&comments.items[0]).unwrap();
    assert_eq!(json["parentId"], serde_json::Value::Null);
    assert_eq!(json["author"]["type"], "admin");
    assert_eq!(json["replies"][0]["parentId"], top.id.as_str());
    assert_eq!(json["replies"][0]["author"]["name"], "Donor 1");
    let feed = Rpc::list_posts(
        &e,
        Request::new(pb::ListPostsRequest { page: page(1_000_000), community_id: c.id.clone(), inactive: false }),
    )
    .await
    .unwrap()
    .into_inner();
    let json = serde_json::to_value(&feed.items[0]).unwrap();
    assert_eq!(
        (json["likedByAdmin"].as_bool(), json["commentsCount"].as_i64(), json["communityName"].as_str()),
        (Some(true), Some(2), Some("Grpc Friends"))
    );

    // Reports and the post's deletion.
    Rpc::report_post(
        &e,
        Request::new(pb::ReportPostRequest {
            post_id: p.id.clone(),
            donor: donor(2),
            reason: "Spam".into(),
            actor: actor(),
        }),
    )
    .await
    .unwrap();
    let again = Rpc::report_post(
        &e,
        Request::new(pb::ReportPostRequest {
            post_id: p.id.clone(),
            donor: donor(2),
            reason: "Spam".into(),
            actor: actor(),
        }),
    )
    .await
    .unwrap_err();
    assert_eq!(again.code(), Code::AlreadyExists);
    let reported = Rpc::list_reported_posts(&e, Request::new(pb::ListReportedPostsRequest { page: page(10) }))
        .await
        .unwrap()
        .into_inner();
    let json = serde_json::to_value(&reported.items[0]).unwrap();
    assert_eq!(
        (json["_id"].as_str(), json["reportsCount"].as_i64(), json["communityName"].as_str()),
        (Some(p.id.as_str()), Some(1), Some("Grpc Friends"))
    );
    assert_eq!(json["reasons"][0]["reporter"]["name"], "Donor 2");
    assert_eq!(json["post"]["_id"], p.id.as_str());
    Rpc::delete_post(&e, Request::new(pb::PostRef { id: p.id.clone(), actor: actor() })).await.unwrap();
    let gone = Rpc::get_post(&e, Request::new(pb::PostRef { id: p.id.clone(), actor: None })).await.unwrap_err();
    assert_eq!((gone.code(), gone.message()), (Code::NotFound, "Post not found"));
    assert_eq!(
        Rpc::list_reported_posts(&e, Request::new(pb::ListReportedPostsRequest { page: page(10) }))
            .await
            .unwrap()
            .into_inner()
            .total,
        0
    );
}

common::on_both_backends! { MIGRATIONS, |db| Engagement::new(db, None);
    the_rpcs_translate_and_serialise_as_the_rest_contract =>
        the_rpcs_translate_and_serialise_as_the_rest_contract_on_sqlite,
        the_rpcs_translate_and_serialise_as_the_rest_contract_on_postgres;
}
