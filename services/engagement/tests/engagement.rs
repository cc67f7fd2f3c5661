//! The engagement service's storage and domain on SQLite and on PostgreSQL: communities,
//! events and their members, posts, comments, likes, reports, counts under concurrency, and
//! the giving and catalogue events it consumes.

use common::Actor;
use common::error::Error;
use common::location::Location;
use common::paging::Page;
use engagement::app::MIGRATIONS;
use engagement::calendar::{EventInput, EventQuery, GOING, INTERESTED, NOT_GOING};
use engagement::communities::{CommunityInput, CommunityQuery};
use engagement::events;
use engagement::people_store::DonorRemoval;
use engagement::posts::PostQuery;
use engagement::service::{DonorRef, Engagement};

fn admin() -> Actor {
    Actor::new("admin-1", "Admin", "127.0.0.1")
}

fn fields(e: Error) -> Vec<(String, String)> {
    match e {
        Error::Validation(v) => v.into_iter().map(|f| (f.field, f.message)).collect(),
        Error::FieldConflict(f) => vec![(f.field, f.message)],
        other => vec![(String::new(), other.to_string())],
    }
}

fn donor(n: usize) -> DonorRef {
    DonorRef {
        id: format!("donor-{n:04}"),
        name: format!("Donor {n}"),
        email: format!("donor{n}@example.org"),
        avatar: format!("d{n}.png"),
    }
}

fn community(name: &str) -> CommunityInput {
    CommunityInput {
        name: name.into(),
        description: "<p>About us<script>alert(1)</script></p>".into(),
        cover_image: "cover.png".into(),
        gallery: vec!["a.png".into(), "b.png".into()],
        charity_ids: vec!["charity-1".into(), "charity-2".into()],
        cause_ids: vec!["cause-1".into()],
        location: Location { city: "Austin".into(), zip_code: "78701".into(), ..Default::default() },
        privacy: "public".into(),
        ..Default::default()
    }
}

fn page(page: i64, limit: i64) -> Page {
    Page { page, limit, ..Default::default() }
}

fn cq(search: &str, column: &str, order: &str, deleted: bool) -> CommunityQuery {
    CommunityQuery {
        page: Page { page: 1, limit: 50, search: search.into(), column: column.into(), order: order.into() },
        is_deleted: deleted,
        is_hidden: None,
    }
}

const HOUR: i64 = 3_600_000;

fn event(title: &str, host: &str, starts_at: i64) -> EventInput {
    EventInput {
        title: title.into(),
        description: "<p>Come along</p>".into(),
        images: vec!["e.png".into()],
        video: "v.mp4".into(),
        starts_at,
        ends_at: starts_at + 2 * HOUR,
        time_zone: "America/New_York".into(),
        location: Location { address: "1 Main Street".into(), ..Default::default() },
        host_type: "community".into(),
        host_id: host.into(),
        capacity: 0,
        ..Default::default()
    }
}

async fn outbox(e: &Engagement) -> Vec<String> {
    sqlx::query_scalar("SELECT event_type FROM outbox ORDER BY created_at, id").fetch_all(&e.db.pool).await.unwrap()
}

async fn count(e: &Engagement, sql: &str, id: &str) -> i64 {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).bind(id.to_string()).fetch_one(&e.db.pool).await.unwrap()
}

// ---------------------------------------------------------------------------------------

async fn communities_are_created_checked_listed_searched_and_sorted(e: Engagement) {
    let a = admin();
    // Bad input: every message, nothing written.
    let bad = CommunityInput {
        name: "  ".into(),
        description: "<p> </p>".into(),
        privacy: "secret".into(),
        ..Default::default()
    };
    let errs = fields(e.create_community(&bad, &a).await.unwrap_err());
    assert_eq!(
        errs,
        vec![
            ("name".to_string(), "Please enter Community Name".to_string()),
            ("description".into(), "Please enter Description".into()),
            ("coverImage".into(), "Please upload Cover Image".into()),
            ("privacy".into(), "Please select Privacy".into()),
        ]
    );
    let long = CommunityInput { name: "x".repeat(101), ..community("") };
    assert_eq!(
        fields(e.create_community(&long, &a).await.unwrap_err())[0].1,
        "Community Name must be at most 100 characters"
    );
    let many = CommunityInput { gallery: (0..11).map(|i| format!("{i}.png")).collect(), ..community("Gallery") };
    assert_eq!(fields(e.create_community(&many, &a).await.unwrap_err())[0].0, "gallery");
    let many = CommunityInput { charity_ids: (0..21).map(|i| format!("c{i}")).collect(), ..community("Links") };
    assert_eq!(fields(e.create_community(&many, &a).await.unwrap_err())[0].0, "charityIds");
    assert!(outbox(&e).await.is_empty());

    let c = e.create_community(&community("  Green Streets "), &a).await.unwrap();
    assert_eq!(c.name, "Green Streets");
    assert!(!c.description.contains("script"), "{}", c.description);
    assert_eq!(c.creator.id, "platform");
    assert_eq!(c.creator.name, "Giving Platform");
    assert_eq!(c.creator.kind, "admin");
    assert_eq!((c.members_count, c.posts_count, c.is_hidden, c.is_deleted, c.deleted_at), (0, 0, false, false, None));
    assert_eq!(c.charity_ids, vec!["charity-1", "charity-2"]);
    // Duplicate names, whatever the case.
    let dup = fields(e.create_community(&community("green STREETS"), &a).await.unwrap_err());
    assert_eq!(dup, vec![("name".to_string(), "Community already exists".to_string())]);

    let b = e.create_community(&community("Animal Rescue"), &a).await.unwrap();
    let z = e.create_community(&community("Zoo Friends"), &a).await.unwrap();
    let names = |v: Vec<engagement::communities_store::Community>| v.into_iter().map(|c| c.name).collect::<Vec<_>>();
    let (all, total) = e.list_communities(&cq("", "", "", false)).await.unwrap();
    assert_eq!(total, 3);
    assert_eq!(names(all), ["Zoo Friends", "Animal Rescue", "Green Streets"], "newest first by default");
    let (by_name, _) = e.list_communities(&cq("", "name", "ascend", false)).await.unwrap();
    assert_eq!(names(by_name), ["Animal Rescue", "Green Streets", "Zoo Friends"]);
    let (found, total) = e.list_communities(&cq("REE", "", "", false)).await.unwrap();
    assert_eq!((names(found), total), (vec!["Green Streets".to_string()], 1));
    let (none, total) = e.list_communities(&cq("%", "", "", false)).await.unwrap();
    assert!(none.is_empty() && total == 0, "wildcards are literal");
    assert!(e.list_communities(&cq("", "description", "", false)).await.is_err());

    // Members count sorts.
    e.join_community(&b.id, &donor(1), &a).await.unwrap();
    e.join_community(&b.id, &donor(2), &a).await.unwrap();
    e.join_community(&z.id, &donor(1), &a).await.unwrap();
    let (by_members, _) = e.list_communities(&cq("", "membersCount", "descend", false)).await.unwrap();
    assert_eq!(names(by_members), ["Animal Rescue", "Zoo Friends", "Green Streets"]);

    // Update: 404, checks, duplicate, the event names what changed.
    assert!(
        matches!(e.update_community("nope", &community("X"), &a).await, Err(Error::NotFound(m)) if m == "Community not found")
    );
    assert_eq!(
        fields(e.update_community(&b.id, &community("Zoo friends"), &a).await.unwrap_err())[0].1,
        "Community already exists"
    );
    let u = e
        .update_community(
            &b.id,
            &CommunityInput { privacy: "Private".into(), cause_ids: vec![], ..community("Animal Rescue Circle") },
            &a,
        )
        .await
        .unwrap();
    assert_eq!((u.name.as_str(), u.privacy.as_str(), u.members_count), ("Animal Rescue Circle", "private", 2));
    assert!(u.cause_ids.is_empty());
    let ev = outbox(&e).await;
    assert_eq!(ev.iter().filter(|k| *k == events::COMMUNITY_CREATED).count(), 3);
    assert_eq!(ev.iter().filter(|k| *k == events::MEMBER_JOINED).count(), 3);
    let body: String = sqlx::query_scalar("SELECT body FROM outbox WHERE event_type = 'engagement.community.updated'")
        .fetch_one(&e.db.pool)
        .await
        .unwrap();
    let body: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body["actor"]["id"], "admin-1");
    assert_eq!(body["payload"]["changes"]["name"]["after"], "Animal Rescue Circle");
    assert_eq!(e.get_community(&b.id).await.unwrap().name, "Animal Rescue Circle");
}

async fn delete_restore_toggles_and_hide(e: Engagement) {
    let a = admin();
    let c = e.create_community(&community("Toggle"), &a).await.unwrap();
    let d = e.set_community_deleted(&c.id, true, &a).await.unwrap();
    assert!(d.is_deleted && d.deleted_at.is_some());
    assert_eq!(e.list_communities(&cq("", "", "", false)).await.unwrap().1, 0);
    assert_eq!(e.list_communities(&cq("", "", "", true)).await.unwrap().1, 1);
    // A deleted community's name is free again; restoring the old one then conflicts.
    let other = e.create_community(&community("toggle"), &a).await.unwrap();
    assert_eq!(fields(e.set_community_deleted(&c.id, false, &a).await.unwrap_err())[0].1, "Community already exists");
    e.set_community_deleted(&other.id, true, &a).await.unwrap();
    let r = e.set_community_deleted(&c.id, false, &a).await.unwrap();
    assert!(!r.is_deleted && r.deleted_at.is_none());
    // Deleting twice changes nothing more (one event).
    e.set_community_deleted(&c.id, true, &a).await.unwrap();
    e.set_community_deleted(&c.id, true, &a).await.unwrap();
    let ev = outbox(&e).await;
    assert_eq!(ev.iter().filter(|k| *k == events::COMMUNITY_TRASHED).count(), 3);
    assert_eq!(ev.iter().filter(|k| *k == events::COMMUNITY_RESTORED).count(), 1);
    e.set_community_deleted(&c.id, false, &a).await.unwrap();

    let h = e.set_community_hidden(&c.id, true, &a).await.unwrap();
    assert!(h.is_hidden);
    let hidden = CommunityQuery { is_hidden: Some(true), ..cq("", "", "", false) };
    assert_eq!(e.list_communities(&hidden).await.unwrap().1, 1);
    let shown = CommunityQuery { is_hidden: Some(false), ..cq("", "", "", false) };
    assert_eq!(e.list_communities(&shown).await.unwrap().1, 0);
    assert!(!e.set_community_hidden(&c.id, false, &a).await.unwrap().is_hidden);
    assert!(matches!(e.set_community_hidden("nope", true, &a).await, Err(Error::NotFound(_))));
    assert_eq!(outbox(&e).await.iter().filter(|k| *k == events::COMMUNITY_HIDDEN).count(), 2);

    // Events toggle the same way.
    let ev = e.create_event(&event("Cleanup", &c.id, common::now_ms() + 24 * HOUR), &a).await.unwrap();
    let d = e.set_event_deleted(&ev.id, true, &a).await.unwrap();
    assert!(d.is_deleted && d.deleted_at.is_some());
    let r = e.set_event_deleted(&ev.id, false, &a).await.unwrap();
    assert!(!r.is_deleted && r.deleted_at.is_none());
    assert!(matches!(e.set_event_deleted("nope", true, &a).await, Err(Error::NotFound(m)) if m == "Event not found"));
}

async fn community_members_join_leave_list_and_search(e: Engagement) {
    let a = admin();
    let c = e.create_community(&community("Members"), &a).await.unwrap();
    for n in 1..=12 {
        e.join_community(&c.id, &donor(n), &a).await.unwrap();
    }
    // Joining again changes nothing.
    e.join_community(&c.id, &donor(3), &a).await.unwrap();
    assert_eq!(e.get_community(&c.id).await.unwrap().members_count, 12);
    let (first, total) = e.list_community_members(&c.id, &page(1, 5)).await.unwrap();
    assert_eq!((first.len(), total), (5, 12));
    assert_eq!(first[0].donor_id, "donor-0012", "newest first");
    assert_eq!(first[0].name, "Donor 12");
    assert_eq!(first[0].email, "donor12@example.org");
    let (found, total) =
        e.list_community_members(&c.id, &Page { search: "DONOR1".into(), ..page(1, 10) }).await.unwrap();
    assert_eq!(total, 4, "donor1, donor10, donor11, donor12 by email: {found:?}");
    e.leave_community(&c.id, "donor-0003", &a).await.unwrap();
    assert!(
        matches!(e.leave_community(&c.id, "donor-0003", &a).await, Err(Error::NotFound(m)) if m == "Member not found")
    );
    assert_eq!(e.get_community(&c.id).await.unwrap().members_count, 11);
    assert!(fields(e.join_community(&c.id, &DonorRef::default(), &a).await.unwrap_err())[0].0 == "donorId");
    e.set_community_deleted(&c.id, true, &a).await.unwrap();
    assert!(matches!(e.join_community(&c.id, &donor(50), &a).await, Err(Error::NotFound(_))));
}

async fn events_are_checked_filtered_and_sorted(e: Engagement) {
    let a = admin();
    let c = e.create_community(&community("Hosts"), &a).await.unwrap();
    let now = common::now_ms();
    let bad = EventInput {
        title: "".into(),
        description: "".into(),
        starts_at: now,
        ends_at: now - 1,
        time_zone: "Mars/Base".into(),
        is_online: true,
        online_link: "ftp://x".into(),
        host_type: "community".into(),
        host_id: "".into(),
        capacity: -1,
        ..Default::default()
    };
    let errs = fields(e.create_event(&bad, &a).await.unwrap_err());
    let want = [
        ("title", "Please enter Event Title"),
        ("description", "Please enter Description"),
        ("endsAt", "End Date must be after Start Date"),
        ("timeZone", "Please select valid Time Zone"),
        ("onlineLink", "Please enter valid link"),
        ("capacity", "Please enter valid Capacity"),
        ("hostId", "Please select Host"),
    ];
    assert_eq!(errs, want.iter().map(|(f, m)| (f.to_string(), m.to_string())).collect::<Vec<_>>());
    let no_dates = EventInput { starts_at: 0, ends_at: 0, ..event("T", &c.id, 0) };
    let errs = fields(e.create_event(&no_dates, &a).await.unwrap_err());
    assert_eq!(errs[0], ("startsAt".into(), "Please select Start Date".into()));
    assert_eq!(errs[1], ("endsAt".into(), "Please select End Date".into()));
    let no_venue =
        EventInput { location: Location { address: " ".into(), ..Default::default() }, ..event("T", &c.id, now) };
    assert_eq!(
        fields(e.create_event(&no_venue, &a).await.unwrap_err()),
        vec![("address".to_string(), "Please enter Venue".to_string())]
    );
    let long = event(&"t".repeat(151), &c.id, now);
    assert_eq!(fields(e.create_event(&long, &a).await.unwrap_err())[0].1, "Event Title must be at most 150 characters");
    let unknown_host = event("T", "nope", now);
    assert_eq!(
        fields(e.create_event(&unknown_host, &a).await.unwrap_err()),
        vec![("hostId".to_string(), "Please select Host".to_string())]
    );
    let too_big = EventInput { capacity: 1_000_001, ..event("T", &c.id, now) };
    assert_eq!(fields(e.create_event(&too_big, &a).await.unwrap_err())[0].0, "capacity");
    assert!(outbox(&e).await.iter().all(|k| !k.starts_with("engagement.event")));

    // A nonprofit host: its name as the BFF passes it.
    let charity = EventInput {
        host_type: "charity".into(),
        host_id: "charity-9".into(),
        host_name: "Red Cross".into(),
        is_online: true,
        online_link: "https://meet.example.org/x".into(),
        location: Location::default(),
        ..event("Online Talk", "", now + 48 * HOUR)
    };
    let online = e.create_event(&charity, &a).await.unwrap();
    assert_eq!(
        (online.host_name.as_str(), online.is_online, online.location.address.as_str()),
        ("Red Cross", true, "")
    );
    let soon = e.create_event(&event("Soon", &c.id, now + HOUR), &a).await.unwrap();
    assert_eq!(soon.host_name, "Hosts");
    let later = e.create_event(&event("Later", &c.id, now + 96 * HOUR), &a).await.unwrap();
    let past = e.create_event(&event("Past One", &c.id, now - 72 * HOUR), &a).await.unwrap();
    let older = e.create_event(&event("Past Two", &c.id, now - 96 * HOUR), &a).await.unwrap();
    let gone = e.create_event(&event("Gone", &c.id, now + HOUR), &a).await.unwrap();
    e.set_event_deleted(&gone.id, true, &a).await.unwrap();

    let titles = |v: Vec<engagement::calendar_store::Event>| v.into_iter().map(|e| e.title).collect::<Vec<_>>();
    let list = |filter: &str, search: &str, column: &str, order: &str| EventQuery {
        page: Page { page: 1, limit: 10, search: search.into(), column: column.into(), order: order.into() },
        filter: filter.into(),
        now,
    };
    let (up, total) = e.list_events(&list("", "", "", "")).await.unwrap();
    assert_eq!(
        (titles(up), total),
        (vec!["Soon".to_string(), "Online Talk".into(), "Later".into()], 3),
        "upcoming, soonest first"
    );
    let (p, _) = e.list_events(&list("past", "", "", "")).await.unwrap();
    assert_eq!(titles(p), ["Past One", "Past Two"], "past, latest first");
    let (d, _) = e.list_events(&list("deleted", "", "", "")).await.unwrap();
    assert_eq!(titles(d), ["Gone"]);
    let (s, _) = e.list_events(&list("upcoming", "LAT", "", "")).await.unwrap();
    assert_eq!(titles(s), ["Later"]);
    let (t, _) = e.list_events(&list("upcoming", "", "title", "desc")).await.unwrap();
    assert_eq!(titles(t), ["Soon", "Online Talk", "Later"]);
    assert_eq!(fields(e.list_events(&list("soon", "", "", "")).await.unwrap_err())[0].0, "filter");
    assert_eq!(fields(e.list_events(&list("", "", "hostName", "")).await.unwrap_err())[0].0, "column");

    // Update keeps counts and names its changes; 404.
    let u = e
        .update_event(&later.id, &EventInput { capacity: 10, ..event("Later Still", &c.id, now + 100 * HOUR) }, &a)
        .await
        .unwrap();
    assert_eq!((u.title.as_str(), u.capacity), ("Later Still", 10));
    assert!(matches!(e.update_event("nope", &event("X", &c.id, now), &a).await, Err(Error::NotFound(_))));
    // Renaming the hosting community renames the host of its events.
    e.update_community(&c.id, &community("Renamed Hosts"), &a).await.unwrap();
    assert_eq!(e.get_event(&soon.id).await.unwrap().host_name, "Renamed Hosts");
    assert_eq!(e.get_event(&online.id).await.unwrap().host_name, "Red Cross");
    let _ = (past, older);
}

async fn event_members_by_mode_moves_removal_capacity_and_export(e: Engagement) {
    let a = admin();
    let c = e.create_community(&community("Event hosts"), &a).await.unwrap();
    let ev =
        e.create_event(&EventInput { capacity: 3, ..event("Run", &c.id, common::now_ms() + HOUR) }, &a).await.unwrap();
    for n in 1..=3 {
        e.join_event(&ev.id, &donor(n), GOING, &a).await.unwrap();
    }
    // Over capacity.
    assert!(
        matches!(e.join_event(&ev.id, &donor(4), GOING, &a).await, Err(Error::Precondition(m)) if m == "Event is full")
    );
    e.join_event(&ev.id, &donor(4), INTERESTED, &a).await.unwrap();
    e.join_event(&ev.id, &donor(5), NOT_GOING, &a).await.unwrap();
    // Moving modes moves the member and the counts.
    e.join_event(&ev.id, &donor(1), INTERESTED, &a).await.unwrap();
    let got = e.get_event(&ev.id).await.unwrap();
    assert_eq!((got.interested_count, got.going_count, got.not_going_count), (2, 2, 1));
    // Room again: donor 4 may go now.
    let m4 = e.join_event(&ev.id, &donor(4), GOING, &a).await.unwrap();
    assert_eq!(m4.status, GOING);
    assert!(fields(e.join_event(&ev.id, &donor(6), 4, &a).await.unwrap_err())[0].1 == "Please select valid status");

    let (event, members, total) = e.list_event_members(&ev.id, GOING, &page(1, 10)).await.unwrap();
    assert_eq!((event.going_count, total), (3, 3));
    assert_eq!(members[0].donor_id, "donor-0004", "newest first");
    assert_eq!(members[0].name, "Donor 4");
    let (_, found, total) =
        e.list_event_members(&ev.id, GOING, &Page { search: "donor 2".into(), ..page(1, 10) }).await.unwrap();
    assert_eq!((found.len(), total), (1, 1));
    assert_eq!(
        fields(e.list_event_members(&ev.id, 0, &page(1, 10)).await.unwrap_err()),
        vec![("status".to_string(), "Please select valid status".to_string())]
    );
    assert!(matches!(e.list_event_members("nope", 1, &page(1, 10)).await, Err(Error::NotFound(_))));

    // Removal answers the mode it was in; twice: not found.
    assert_eq!(e.remove_event_member(&m4.id, &a).await.unwrap(), GOING);
    assert!(matches!(e.remove_event_member(&m4.id, &a).await, Err(Error::NotFound(m)) if m == "Member not found"));
    e.leave_event(&ev.id, "donor-0005", &a).await.unwrap();
    let got = e.get_event(&ev.id).await.unwrap();
    assert_eq!((got.interested_count, got.going_count, got.not_going_count), (1, 2, 0));
    let ev_keys = outbox(&e).await;
    assert_eq!(ev_keys.iter().filter(|k| *k == events::MEMBER_REMOVED).count(), 1);
    assert_eq!(ev_keys.iter().filter(|k| *k == events::MEMBER_LEFT).count(), 1);

    // The export: every member of every mode.
    let (tx, mut rx) = tokio::sync::mpsc::channel(10);
    let id = ev.id.clone();
    let e2 = e.clone();
    let task = tokio::spawn(async move { e2.export_event_members(&id, tx).await });
    let mut all = vec![];
    while let Some(m) = rx.recv().await {
        all.push((m.status, m.donor_id));
    }
    task.await.unwrap().unwrap();
    assert_eq!(
        all,
        vec![(INTERESTED, "donor-0001".to_string()), (GOING, "donor-0003".into()), (GOING, "donor-0002".into())]
    );

    // A deleted event takes no joins.
    e.set_event_deleted(&ev.id, true, &a).await.unwrap();
    assert!(matches!(e.join_event(&ev.id, &donor(9), GOING, &a).await, Err(Error::NotFound(_))));
}

async fn posts_feed_caps_pages_and_toggles_active(e: Engagement) {
    let a = admin();
    let c = e.create_community(&community("Feed"), &a).await.unwrap();
    let other = e.create_community(&community("Other"), &a).await.unwrap();
    for n in 0..130 {
        e.create_post(&c.id, &donor(n % 7), &format!("Post number {n}"), &[], &a).await.unwrap();
    }
    e.create_post(&other.id, &donor(1), "Elsewhere", &["x.png".into()], &a).await.unwrap();
    assert_eq!(e.get_community(&c.id).await.unwrap().posts_count, 130);
    assert_eq!(fields(e.create_post(&c.id, &donor(1), " ", &[], &a).await.unwrap_err())[0].0, "text");

    // limit 1,000,000: 100 rows a page, the total counts them all.
    let q = |page: i64, limit: i64, inactive: bool| PostQuery {
        page: Page { page, limit, ..Default::default() },
        community_id: c.id.clone(),
        inactive,
    };
    let (first, total) = e.list_posts(&q(1, 1_000_000, false)).await.unwrap();
    assert_eq!((first.len(), total), (100, 130));
    assert_eq!(first[0].text, "Post number 129", "newest first");
    assert_eq!(first[0].community_name, "Feed");
    assert_eq!(first[0].author.name, "Donor 3");
    let (second, _) = e.list_posts(&q(2, 1_000_000, false)).await.unwrap();
    assert_eq!(second.len(), 30);
    assert_eq!(second[29].text, "Post number 0");
    let (small, _) = e.list_posts(&q(3, 10, false)).await.unwrap();
    assert_eq!(small[0].text, "Post number 109");
    assert!(e.list_posts(&q(0, 10, false)).await.is_err());

    // Deactivate: it moves to the inactive list.
    let p = first[0].clone();
    let off = e.set_post_active(&p.id, false, &a).await.unwrap();
    assert!(!off.is_active);
    let (inactive, total) = e.list_posts(&q(1, 1_000_000, true)).await.unwrap();
    assert_eq!((inactive.len(), total, inactive[0].id.as_str()), (1, 1, p.id.as_str()));
    assert_eq!(e.list_posts(&q(1, 10, false)).await.unwrap().1, 129);
    assert!(e.set_post_active(&p.id, true, &a).await.unwrap().is_active);
    assert!(matches!(e.set_post_active("nope", true, &a).await, Err(Error::NotFound(m)) if m == "Post not found"));
    let keys = outbox(&e).await;
    assert!(keys.contains(&events::POST_DEACTIVATED.to_string()) && keys.contains(&events::POST_ACTIVATED.to_string()));

    // Every community's feed, and its search.
    let all = PostQuery {
        page: Page { page: 1, limit: 5, search: "ELSEWHERE".into(), ..Default::default() },
        ..Default::default()
    };
    let (found, total) = e.list_posts(&all).await.unwrap();
    assert_eq!((total, found[0].images.clone()), (1, vec!["x.png".to_string()]));
    e.set_community_deleted(&other.id, true, &a).await.unwrap();
    assert_eq!(e.list_posts(&all).await.unwrap().1, 0, "a deleted community's posts leave the global feed");
}

async fn likes_toggle_comments_and_replies(e: Engagement) {
    let a = admin();
    let c = e.create_community(&community("Talk"), &a).await.unwrap();
    let p = e.create_post(&c.id, &donor(1), "Hello", &[], &a).await.unwrap();
    // The admin likes as the platform account; like again = unlike.
    let l = e.like_post(&p.id, None, None, &a).await.unwrap();
    assert_eq!((l.liked, l.likes_count), (true, 1));
    assert!(e.get_post(&p.id).await.unwrap().liked_by_admin);
    let l = e.like_post(&p.id, None, None, &a).await.unwrap();
    assert_eq!((l.liked, l.likes_count), (false, 0));
    e.like_post(&p.id, Some(&donor(2)), Some(true), &a).await.unwrap();
    let l = e.like_post(&p.id, Some(&donor(2)), Some(true), &a).await.unwrap();
    assert_eq!((l.liked, l.likes_count), (true, 1), "an explicit like twice stays one like");
    assert!(!e.get_post(&p.id).await.unwrap().liked_by_admin);

    // Comments and replies.
    assert_eq!(
        fields(e.add_comment(&p.id, "  ", None, &a).await.unwrap_err()),
        vec![("text".to_string(), "Please enter Comment".to_string())]
    );
    assert_eq!(
        fields(e.add_comment(&p.id, &"x".repeat(1001), None, &a).await.unwrap_err())[0].1,
        "Comment must be at most 1000 characters"
    );
    let top = e.add_comment(&p.id, " First! ", Some(&donor(3)), &a).await.unwrap();
    assert_eq!((top.text.as_str(), top.author.name.as_str(), top.parent_id.clone()), ("First!", "Donor 3", None));
    let mine = e.add_comment(&p.id, "From the platform", None, &a).await.unwrap();
    assert_eq!((mine.author.id.as_str(), mine.author.kind.as_str()), ("platform", "admin"));
    let reply = e.add_reply(&top.id, "Welcome", None, &a).await.unwrap();
    assert_eq!(reply.parent_id.as_deref(), Some(top.id.as_str()));
    assert_eq!(
        fields(e.add_reply(&reply.id, "Deeper", None, &a).await.unwrap_err()),
        vec![("commentId".to_string(), "You can reply to a comment only".to_string())]
    );
    assert!(matches!(e.add_reply("nope", "x", None, &a).await, Err(Error::NotFound(m)) if m == "Comment not found"));
    assert!(matches!(e.add_comment("nope", "x", None, &a).await, Err(Error::NotFound(m)) if m == "Post not found"));
    for n in 0..25 {
        e.add_reply(&top.id, &format!("reply {n}"), Some(&donor(n)), &a).await.unwrap();
    }
    let l = e.like_comment(&reply.id, None, None, &a).await.unwrap();
    assert_eq!((l.liked, l.likes_count), (true, 1));

    let (list, total) = e.list_comments(&p.id, &page(1, 10)).await.unwrap();
    assert_eq!(total, 2, "top-level comments only");
    assert_eq!(list[0].id, mine.id, "newest first");
    let first = &list[1];
    assert_eq!(first.replies_count, 26);
    assert_eq!(first.replies.len(), 20, "at most 20 replies");
    assert_eq!(first.replies[0].id, reply.id, "oldest first");
    assert!(first.replies[0].liked_by_admin);
    let post = e.get_post(&p.id).await.unwrap();
    assert_eq!(post.comments_count, 28);
    assert_eq!(post.comments_count, count(&e, "SELECT COUNT(*) FROM comments WHERE post_id = $1", &p.id).await);
    let keys = outbox(&e).await;
    assert_eq!(keys.iter().filter(|k| *k == events::POST_COMMENTED).count(), 28);
    assert_eq!(keys.iter().filter(|k| *k == events::POST_LIKED).count(), 4);
    assert_eq!(keys.iter().filter(|k| *k == events::POST_UNLIKED).count(), 1);
}

async fn reports_list_and_delete_closes_them(e: Engagement) {
    let a = admin();
    let c = e.create_community(&community("Reported Place"), &a).await.unwrap();
    let p1 = e.create_post(&c.id, &donor(1), "Buy cheap things", &[], &a).await.unwrap();
    let p2 = e.create_post(&c.id, &donor(2), "Nice day", &[], &a).await.unwrap();
    let _quiet = e.create_post(&c.id, &donor(2), "Nobody minds", &[], &a).await.unwrap();
    for n in 10..17 {
        e.report_post(&p1.id, &donor(n), &format!("Spam {n}"), &a).await.unwrap();
    }
    assert!(matches!(e.report_post(&p1.id, &donor(10), "Again", &a).await, Err(Error::Conflict(_))), "once per donor");
    assert_eq!(fields(e.report_post(&p1.id, &donor(20), " ", &a).await.unwrap_err())[0].1, "Please enter Reason");
    e.report_post(&p2.id, &donor(11), "Rude", &a).await.unwrap();

    let (list, total) = e.list_reported_posts(&page(1, 10)).await.unwrap();
    assert_eq!(total, 2);
    assert_eq!(list[0].post.id, p2.id, "newest report first");
    assert_eq!(list[1].post.reports_count, 7);
    assert_eq!(list[1].reasons.len(), 5, "the 5 newest");
    assert_eq!(list[1].reasons[0].reason, "Spam 16");
    assert_eq!(list[1].reasons[0].reporter.name, "Donor 16");
    let (found, total) = e.list_reported_posts(&Page { search: "CHEAP".into(), ..page(1, 10) }).await.unwrap();
    assert_eq!((total, found[0].post.id.as_str()), (1, p1.id.as_str()));
    let (found, total) = e.list_reported_posts(&Page { search: "reported place".into(), ..page(1, 10) }).await.unwrap();
    assert_eq!((total, found.len()), (2, 2), "search on the community's name");

    e.delete_post(&p1.id, &a).await.unwrap();
    assert!(matches!(e.delete_post(&p1.id, &a).await, Err(Error::NotFound(m)) if m == "Post not found"));
    assert!(matches!(e.get_post(&p1.id).await, Err(Error::NotFound(_))));
    let reports = e.reports_of(&p1.id).await.unwrap();
    assert_eq!(reports.len(), 7);
    assert!(reports.iter().all(|r| r.closed_at.is_some()), "every report closed");
    let closed_by: Vec<String> = sqlx::query_scalar("SELECT closed_by FROM reports WHERE post_id = $1")
        .bind(&p1.id)
        .fetch_all(&e.db.pool)
        .await
        .unwrap();
    assert!(closed_by.iter().all(|b| b == "admin-1"));
    let (list, total) = e.list_reported_posts(&page(1, 10)).await.unwrap();
    assert_eq!((total, list[0].post.id.as_str()), (1, p2.id.as_str()));
    assert_eq!(e.get_community(&c.id).await.unwrap().posts_count, 2, "the community's count drops");
    let feed = PostQuery { page: page(1, 10), community_id: c.id.clone(), inactive: false };
    assert_eq!(e.list_posts(&feed).await.unwrap().1, 2);
    let keys = outbox(&e).await;
    assert_eq!(keys.iter().filter(|k| *k == events::REPORT_CREATED).count(), 8);
    assert_eq!(keys.iter().filter(|k| *k == events::REPORT_CLOSED).count(), 1);
    assert_eq!(keys.iter().filter(|k| *k == events::POST_TRASHED).count(), 1);
    assert_eq!(keys.iter().filter(|k| *k == events::POST_DELETED).count(), 0, "deleted for good only by a purge");
    // A deleted post takes no likes, comments or reports.
    assert!(matches!(e.like_post(&p1.id, None, None, &a).await, Err(Error::NotFound(_))));
    assert!(matches!(e.report_post(&p1.id, &donor(30), "x", &a).await, Err(Error::NotFound(_))));
}

async fn concurrent_likes_and_joins_keep_counts_exact(e: Engagement) {
    let a = admin();
    let c = e.create_community(&community("Busy"), &a).await.unwrap();
    let p = e.create_post(&c.id, &donor(0), "Like me", &[], &a).await.unwrap();
    let ev = e
        .create_event(&EventInput { capacity: 20, ..event("Crowded", &c.id, common::now_ms() + HOUR) }, &a)
        .await
        .unwrap();
    let cm = e.add_comment(&p.id, "Like me too", Some(&donor(0)), &a).await.unwrap();
    let mut tasks = vec![];
    for n in 0..50 {
        let (e, a, post, community, event, comment) =
            (e.clone(), a.clone(), p.id.clone(), c.id.clone(), ev.id.clone(), cm.id.clone());
        tasks.push(tokio::spawn(async move {
            let d = donor(n);
            e.like_post(&post, Some(&d), None, &a).await.unwrap();
            // Every third donor toggles twice more (like, unlike): net one like.
            if n % 3 == 0 {
                e.like_post(&post, Some(&d), None, &a).await.unwrap();
                e.like_post(&post, Some(&d), None, &a).await.unwrap();
            }
            e.join_community(&community, &d, &a).await.unwrap();
            let status = [GOING, INTERESTED, GOING, NOT_GOING][n % 4];
            match e.join_event(&event, &d, status, &a).await {
                Ok(_) | Err(Error::Precondition(_)) => {}
                Err(err) => panic!("{err}"),
            }
            e.like_post(&post, None, None, &a).await.unwrap();
            // The same account toggling at once: every toggle flips what the one before left.
            e.like_comment(&comment, None, None, &a).await.unwrap();
            e.like_comment(&comment, None, None, &a).await.unwrap();
            if n % 2 == 0 {
                e.like_comment(&comment, Some(&d), None, &a).await.unwrap();
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let post = e.get_post(&p.id).await.unwrap();
    let rows = count(&e, "SELECT COUNT(*) FROM post_likes WHERE post_id = $1", &p.id).await;
    assert_eq!(post.likes_count, rows);
    assert_eq!(rows, 50, "50 donors; the admin toggled 50 times: no like left");
    let comment_rows = count(&e, "SELECT COUNT(*) FROM comment_likes WHERE comment_id = $1", &cm.id).await;
    assert_eq!(comment_rows, 25, "25 donors; the admin toggled 100 times: no like left");
    let comment_count: i64 = sqlx::query_scalar("SELECT likes_count FROM comments WHERE id = $1")
        .bind(&cm.id)
        .fetch_one(&e.db.pool)
        .await
        .unwrap();
    assert_eq!(comment_count, comment_rows);
    let com = e.get_community(&c.id).await.unwrap();
    assert_eq!(com.members_count, 50);
    assert_eq!(
        com.members_count,
        count(&e, "SELECT COUNT(*) FROM community_members WHERE community_id = $1", &c.id).await
    );
    let got = e.get_event(&ev.id).await.unwrap();
    for (status, n) in [(1, got.interested_count), (2, got.going_count), (3, got.not_going_count)] {
        let q = format!("SELECT COUNT(*) FROM event_members WHERE event_id = $1 AND status = {status}");
        assert_eq!(n, count(&e, &q, &ev.id).await, "mode {status}");
    }
    assert_eq!(got.going_count, 20, "capacity holds under concurrency");
}

/// A community and its event where `gone` (donor 1, going) and `stays` (donor 2, interested)
/// are members; `gone` posted `mine` and commented `cm` on `q` (by `stays`); both like `q` and
/// `cm` and report `q`.
struct Acted {
    c: String,
    ev: String,
    gone: DonorRef,
    stays: DonorRef,
    mine: String,
    q: String,
    cm: String,
}

async fn acted(e: &Engagement, name: &str) -> Acted {
    let a = admin();
    let c = e.create_community(&community(name), &a).await.unwrap().id;
    let ev = e.create_event(&event(&format!("{name} meetup"), &c, common::now_ms() + HOUR), &a).await.unwrap().id;
    let (gone, stays) = (donor(1), donor(2));
    e.join_community(&c, &gone, &a).await.unwrap();
    e.join_community(&c, &stays, &a).await.unwrap();
    e.join_event(&ev, &gone, GOING, &a).await.unwrap();
    e.join_event(&ev, &stays, INTERESTED, &a).await.unwrap();
    let mine = e.create_post(&c, &gone, "My post", &[], &a).await.unwrap().id;
    let q = e.create_post(&c, &stays, "Other post", &[], &a).await.unwrap().id;
    e.like_post(&q, Some(&gone), None, &a).await.unwrap();
    e.like_post(&q, Some(&stays), None, &a).await.unwrap();
    let cm = e.add_comment(&q, "Hi from gone", Some(&gone), &a).await.unwrap().id;
    e.like_comment(&cm, Some(&gone), None, &a).await.unwrap();
    e.like_comment(&cm, Some(&stays), None, &a).await.unwrap();
    e.report_post(&q, &gone, "Spam", &a).await.unwrap();
    e.report_post(&q, &stays, "Rude", &a).await.unwrap();
    Acted { c, ev, gone, stays, mine, q, cm }
}

async fn donor_events_keep_names_and_remove_a_deleted_donor(e: Engagement) {
    let Acted { c, ev, gone, stays, mine: p, q, .. } = acted(&e, "People").await;

    // giving.donor.updated: the name shown follows; a redelivery changes nothing.
    let upd = events::Donor {
        id: stays.id.clone(),
        first_name: "Renamed".into(),
        last_name: "Person".into(),
        email: "new@example.org".into(),
    };
    assert!(e.donor_changed("evt-1", &upd).await.unwrap());
    let (members, _) = e.list_community_members(&c, &page(1, 10)).await.unwrap();
    assert!(members.iter().any(|m| m.name == "Renamed Person" && m.email == "new@example.org" && m.avatar == "d2.png"));
    let again = events::Donor { first_name: "Other".into(), ..upd.clone() };
    assert!(!e.donor_changed("evt-1", &again).await.unwrap(), "redelivered");
    assert_eq!(e.get_post(&q).await.unwrap().author.name, "Renamed Person");

    // giving.donor.deleted: memberships, likes and reports gone, counts right, content anonymised.
    let removed = e.donor_deleted("evt-2", &gone.id).await.unwrap().unwrap();
    assert_eq!(
        (removed.community_memberships, removed.event_memberships, removed.likes, removed.reports),
        (1, 1, 2, 1)
    );
    assert!(e.donor_deleted("evt-2", &gone.id).await.unwrap().is_none(), "redelivered: nothing happens");
    let com = e.get_community(&c).await.unwrap();
    assert_eq!((com.members_count, com.posts_count), (1, 2));
    let got = e.get_event(&ev).await.unwrap();
    assert_eq!((got.interested_count, got.going_count), (1, 0));
    let post = e.get_post(&q).await.unwrap();
    assert_eq!((post.likes_count, post.reports_count), (1, 1));
    let mine = e.get_post(&p).await.unwrap();
    assert_eq!((mine.author.id.as_str(), mine.author.name.as_str()), ("", "Deleted donor"));
    let (comments, _) = e.list_comments(&q, &page(1, 10)).await.unwrap();
    assert_eq!((comments[0].author.name.as_str(), comments[0].likes_count), ("Deleted donor", 1));
    let (reported, _) = e.list_reported_posts(&page(1, 10)).await.unwrap();
    assert_eq!(reported[0].reasons.len(), 1);
    assert_eq!(reported[0].reasons[0].reporter.id, stays.id);
}

/// The lists and counts a donor's trash changes: members (listed and counted), the event's
/// modes, likes, open reports, the reported list and its count.
async fn counts(e: &Engagement, c: &str, ev: &str, posts: [&str; 2], comment: &str) -> Vec<i64> {
    let com = e.get_community(c).await.unwrap();
    let (_, total) = e.list_community_members(c, &page(1, 10)).await.unwrap();
    let got = e.get_event(ev).await.unwrap();
    let (_, _, going) = e.list_event_members(ev, GOING, &page(1, 10)).await.unwrap();
    let mut out = vec![com.members_count, total, com.posts_count, got.interested_count, got.going_count, going];
    for p in posts {
        let post = e.get_post(p).await.unwrap();
        out.extend([post.likes_count, post.reports_count, e.reports_of(p).await.unwrap().len() as i64]);
    }
    out.push(count(e, "SELECT likes_count FROM comments WHERE id = $1", comment).await);
    out.push(e.list_reported_posts(&page(1, 10)).await.unwrap().1);
    out.push(count(e, "SELECT n FROM post_counts WHERE kind = $1", "reported").await);
    out
}

async fn a_trashed_donor_leaves_every_list_and_count_and_its_restore_brings_it_back(e: Engagement) {
    let Acted { c, ev, gone, stays, mine, q, cm } = acted(&e, "Trash").await;
    // A post only `gone` reports: it leaves the reported list with it.
    let r = e.create_post(&c, &stays, "Reported by one", &[], &admin()).await.unwrap().id;
    e.report_post(&r, &gone, "Spam", &admin()).await.unwrap();
    let posts = [q.as_str(), r.as_str()];
    let before = counts(&e, &c, &ev, posts, &cm).await;
    assert_eq!(before, [2, 2, 3, 1, 1, 1, 2, 2, 2, 0, 1, 1, 2, 2, 2]);

    // giving.donor.trashed: gone from every list and count; its post and comment stay as they were.
    let moved = e.donor_trashed("evt-t", &gone.id).await.unwrap().unwrap();
    assert_eq!((moved.community_memberships, moved.event_memberships, moved.likes, moved.reports), (1, 1, 2, 2));
    let during = counts(&e, &c, &ev, posts, &cm).await;
    assert_eq!(during, [1, 1, 3, 1, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1]);
    let (members, _) = e.list_community_members(&c, &page(1, 10)).await.unwrap();
    assert!(members.iter().all(|m| m.donor_id != gone.id));
    assert_eq!(e.get_post(&mine).await.unwrap().author.name, "Donor 1", "its posts stay until the purge");
    assert!(e.donor_trashed("evt-t", &gone.id).await.unwrap().is_none(), "redelivered: nothing happens");
    assert_eq!(counts(&e, &c, &ev, posts, &cm).await, during);

    // giving.donor.restored: everything back exactly; a redelivery changes nothing.
    let back = e.donor_restored("evt-r", &gone.id).await.unwrap().unwrap();
    assert_eq!(back, moved);
    assert_eq!(counts(&e, &c, &ev, posts, &cm).await, before);
    assert!(e.donor_restored("evt-r", &gone.id).await.unwrap().is_none(), "redelivered");
    // A restore of a donor never trashed (or restored already) changes nothing.
    assert_eq!(e.donor_restored("evt-r2", &stays.id).await.unwrap().unwrap(), DonorRemoval::default());
    assert_eq!(e.donor_restored("evt-r3", &gone.id).await.unwrap().unwrap(), DonorRemoval::default());
    assert_eq!(counts(&e, &c, &ev, posts, &cm).await, before);

    // Trashed again, then purged (giving.donor.deleted): today's work on what is left, the
    // twins dropped; a late restore finds nothing.
    e.donor_trashed("evt-t2", &gone.id).await.unwrap().unwrap();
    let removed = e.donor_deleted("evt-d", &gone.id).await.unwrap().unwrap();
    assert_eq!(
        (removed.community_memberships, removed.event_memberships, removed.likes, removed.reports),
        (0, 0, 0, 0)
    );
    assert_eq!((removed.posts, removed.comments), (1, 1));
    assert_eq!(counts(&e, &c, &ev, posts, &cm).await, during);
    let mine = e.get_post(&mine).await.unwrap();
    assert_eq!((mine.author.id.as_str(), mine.author.name.as_str()), ("", "Deleted donor"));
    for twin in ["community_members_trash", "event_members_trash", "reports_trash"] {
        let q = format!(
            "SELECT COUNT(*) FROM {twin} WHERE {} = $1",
            if twin == "reports_trash" { "reporter_id" } else { "donor_id" }
        );
        assert_eq!(count(&e, &q, &gone.id).await, 0, "{twin}");
    }
    for twin in ["post_likes_trash", "comment_likes_trash"] {
        assert_eq!(count(&e, &format!("SELECT COUNT(*) FROM {twin} WHERE account = $1"), &gone.id).await, 0);
    }
    assert_eq!(e.donor_restored("evt-r4", &gone.id).await.unwrap().unwrap(), DonorRemoval::default());
    assert_eq!(counts(&e, &c, &ev, posts, &cm).await, during);
    let wrong = common::trash::twin_mismatches(&mut e.db.pool.acquire().await.unwrap()).await.unwrap();
    assert!(wrong.is_empty(), "{wrong:?}");
}

async fn catalogue_deletions_drop_links_and_clear_hosts(e: Engagement) {
    let a = admin();
    let c = e.create_community(&community("Linked"), &a).await.unwrap();
    let other = e
        .create_community(
            &CommunityInput { charity_ids: vec!["charity-2".into()], cause_ids: vec![], ..community("Other linked") },
            &a,
        )
        .await
        .unwrap();
    let hosted = EventInput {
        host_type: "charity".into(),
        host_id: "charity-1".into(),
        host_name: "Red Cross".into(),
        ..event("Hosted", "", common::now_ms() + HOUR)
    };
    let ev = e.create_event(&hosted, &a).await.unwrap();
    let changed = e.catalogue_deleted("cat-1", "charity", "charity-1").await.unwrap().unwrap();
    assert_eq!(changed, vec![c.id.clone()]);
    assert_eq!(e.get_community(&c.id).await.unwrap().charity_ids, vec!["charity-2"]);
    let got = e.get_event(&ev.id).await.unwrap();
    assert_eq!((got.host_id.as_str(), got.host_name.as_str()), ("", "Red Cross"));
    assert!(e.catalogue_deleted("cat-1", "charity", "charity-2").await.unwrap().is_none(), "redelivered");
    assert_eq!(e.get_community(&other.id).await.unwrap().charity_ids, vec!["charity-2"]);
    e.catalogue_deleted("cat-2", "cause", "cause-1").await.unwrap();
    assert!(e.get_community(&c.id).await.unwrap().cause_ids.is_empty());
    let links = count(&e, "SELECT COUNT(*) FROM community_links WHERE community_id = $1", &c.id).await;
    assert_eq!(links, 1);
}

/// A nonprofit admin's dashboard (issue 32): each nonprofit's events (hosted by it) and
/// communities (naming it among their nonprofits) are its own, deleted ones left out.
async fn each_nonprofit_counts_its_own_events_and_communities(e: Engagement) {
    let a = admin();
    let now = common::now_ms();
    let charity = |id: &str, title: &str, starts_at: i64| EventInput {
        host_type: "charity".into(),
        host_id: id.into(),
        host_name: "Red Cross".into(),
        ..event(title, "", starts_at)
    };
    // charity-1: two upcoming events and a past one, one of the upcoming deleted later;
    // charity-2: one. A community's event counts for neither.
    e.create_event(&charity("charity-1", "Soon", now + HOUR), &a).await.unwrap();
    let gone = e.create_event(&charity("charity-1", "Cancelled", now + 2 * HOUR), &a).await.unwrap();
    e.create_event(&charity("charity-1", "Last year", now - 400 * 24 * HOUR), &a).await.unwrap();
    e.create_event(&charity("charity-2", "Theirs", now + HOUR), &a).await.unwrap();
    // Communities: "Both" names charity-1 and charity-2 (community()'s nonprofits), "Mine"
    // charity-1, "Theirs" charity-2, "Deleted" charity-1 (deleted later).
    let both = e.create_community(&community("Both"), &a).await.unwrap();
    let mine = e
        .create_community(&CommunityInput { charity_ids: vec!["charity-1".into()], ..community("Mine") }, &a)
        .await
        .unwrap();
    let theirs = e
        .create_community(&CommunityInput { charity_ids: vec!["charity-2".into()], ..community("Theirs") }, &a)
        .await
        .unwrap();
    let deleted = e
        .create_community(&CommunityInput { charity_ids: vec!["charity-1".into()], ..community("Deleted") }, &a)
        .await
        .unwrap();
    e.create_event(&event("Community picnic", &both.id, now + HOUR), &a).await.unwrap();
    for (c, donors) in [(&both, 1..=2), (&mine, 3..=3), (&theirs, 4..=6), (&deleted, 7..=7)] {
        for n in donors {
            e.join_community(&c.id, &donor(n), &a).await.unwrap();
        }
    }
    e.set_event_deleted(&gone.id, true, &a).await.unwrap();
    e.set_community_deleted(&deleted.id, true, &a).await.unwrap();

    let figures = |events, upcoming_events, communities, community_members| {
        engagement::figures_store::NonprofitFigures { events, upcoming_events, communities, community_members }
    };
    assert_eq!(e.nonprofit_figures("charity-1").await.unwrap(), figures(2, 1, 2, 3));
    assert_eq!(e.nonprofit_figures(" charity-2 ").await.unwrap(), figures(1, 1, 2, 5));
    assert_eq!(e.nonprofit_figures("charity-3").await.unwrap(), figures(0, 0, 0, 0));
    assert_eq!(
        fields(e.nonprofit_figures("").await.unwrap_err()),
        vec![("charityId".to_string(), "Please choose a nonprofit".to_string())]
    );
    // The same as the rows say.
    let events = count(
        &e,
        "SELECT COUNT(*) FROM events WHERE host_type = 'charity' AND host_id = $1 AND is_deleted = FALSE",
        "charity-1",
    )
    .await;
    assert_eq!(events, 2);
}

async fn the_consumer_reads_bus_events(e: Engagement) {
    use common::bus::{Event, EventHandler};
    let a = admin();
    let c = e.create_community(&community("Bus"), &a).await.unwrap();
    e.join_community(&c.id, &donor(1), &a).await.unwrap();
    let consumer = engagement::people::Consumer(e.clone());
    let upd = Event::new(
        events::DONOR_UPDATED,
        serde_json::json!({ "id": "donor-0001", "firstName": "Ann", "lastName": "Lee", "email": "ann@example.org" }),
    );
    consumer.handle(&upd).await.unwrap();
    consumer.handle(&upd).await.unwrap();
    assert_eq!(e.list_community_members(&c.id, &page(1, 10)).await.unwrap().0[0].name, "Ann Lee");
    let del = Event::new(events::DONOR_DELETED, serde_json::json!({ "id": "donor-0001" }));
    consumer.handle(&del).await.unwrap();
    consumer.handle(&del).await.unwrap();
    assert_eq!(e.get_community(&c.id).await.unwrap().members_count, 0);
    let cause = Event::new(events::CAUSE_DELETED, serde_json::json!({ "id": "cause-1" }));
    consumer.handle(&cause).await.unwrap();
    assert!(e.get_community(&c.id).await.unwrap().cause_ids.is_empty());
}

async fn the_demo_data_fills_every_list(e: Engagement) {
    let donors: Vec<DonorRef> = (0..40).map(donor).collect();
    let linked = vec![
        engagement::seed::Linked { kind: "charity".into(), id: "charity-1".into(), name: "Red Cross".into() },
        engagement::seed::Linked { kind: "cause".into(), id: "cause-1".into(), name: "Health".into() },
    ];
    let s = engagement::seed::seed(&e, &donors, &linked, "cover.png", 7).await.unwrap();
    assert!(!s.skipped);
    assert_eq!((s.communities, s.events), (8, 6));
    assert!(s.posts > 20 && s.comments > 10 && s.likes > 10 && s.reports > 0, "{s:?}");
    let (_, reported) = e.list_reported_posts(&page(1, 10)).await.unwrap();
    assert!(reported > 0);
    let upcoming = EventQuery { page: page(1, 10), ..Default::default() };
    assert_eq!(e.list_events(&upcoming).await.unwrap().1, 4);
    let again = engagement::seed::seed(&e, &donors, &linked, "cover.png", 7).await.unwrap();
    assert!(again.skipped);
}

/// The totals a list page answers without counting (kept in the same write as the rows,
/// migration 0002) equal what counting says, after every kind of change, repeated and
/// concurrent ones included.
async fn kept_totals_equal_counting(e: Engagement) {
    let a = admin();
    let mut ids = vec![];
    for n in 0..12 {
        ids.push(e.create_community(&community(&format!("Kept {n:02}")), &a).await.unwrap().id);
    }
    // Twenty deletes of one community at once, and of another, then a restore: each moves once.
    let mut tasks = vec![];
    for n in 0..20 {
        let (e, a, id) = (e.clone(), a.clone(), ids[n % 2].clone());
        tasks.push(tokio::spawn(async move { e.set_community_deleted(&id, true, &a).await.unwrap() }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    e.set_community_deleted(&ids[1], false, &a).await.unwrap();
    for id in &ids[2..5] {
        e.set_community_hidden(id, true, &a).await.unwrap();
        e.set_community_hidden(id, true, &a).await.unwrap();
    }
    e.set_community_hidden(&ids[0], true, &a).await.unwrap();
    e.set_community_deleted(&ids[0], false, &a).await.unwrap();
    e.set_community_deleted(&ids[0], true, &a).await.unwrap();
    for (deleted, hidden) in
        [(false, None), (true, None), (false, Some(true)), (false, Some(false)), (true, Some(true))]
    {
        // A page of 2 (not the first) answers the kept total, not a count of the page.
        let q = CommunityQuery {
            page: Page { page: 2, limit: 2, ..Default::default() },
            is_deleted: deleted,
            is_hidden: hidden,
        };
        let kept = e.list_communities(&q).await.unwrap().1;
        let mut sql = format!(
            "SELECT COUNT(*) FROM communities WHERE is_deleted = {} AND id <> $1",
            if deleted { "TRUE" } else { "FALSE" }
        );
        if let Some(h) = hidden {
            sql.push_str(if h { " AND is_hidden = TRUE" } else { " AND is_hidden = FALSE" });
        }
        assert_eq!(kept, count(&e, &sql, "").await, "deleted {deleted}, hidden {hidden:?}");
    }
    assert_eq!(
        e.list_communities(&CommunityQuery { page: page(2, 2), is_deleted: true, is_hidden: None }).await.unwrap().1,
        1
    );

    // The name search (a trigram index on both backends) follows a rename; short searches too.
    e.update_community(&ids[7], &community("Riverside Gardeners"), &a).await.unwrap();
    let (found, total) = e.list_communities(&cq("side gard", "", "", false)).await.unwrap();
    assert_eq!((total, found[0].id.as_str()), (1, ids[7].as_str()));
    assert_eq!(e.list_communities(&cq("kept 07", "", "", false)).await.unwrap().1, 0);
    assert_eq!(
        e.list_communities(&cq("ep", "", "", false)).await.unwrap().1,
        10,
        "two letters: every live 'Kept' community but the renamed one"
    );

    // A community's active and inactive posts.
    let c = &ids[5];
    let mut posts = vec![];
    for n in 0..9 {
        posts.push(e.create_post(c, &donor(n), &format!("Kept post {n}"), &[], &a).await.unwrap().id);
    }
    for p in &posts[..4] {
        e.set_post_active(p, false, &a).await.unwrap();
    }
    e.set_post_active(&posts[0], false, &a).await.unwrap();
    e.set_post_active(&posts[1], true, &a).await.unwrap();
    e.delete_post(&posts[2], &a).await.unwrap();
    e.delete_post(&posts[8], &a).await.unwrap();
    let q = |inactive: bool| PostQuery { page: page(2, 2), community_id: c.clone(), inactive };
    let active = "SELECT COUNT(*) FROM posts WHERE community_id = $1 AND is_deleted = FALSE AND is_active = TRUE";
    let inactive = "SELECT COUNT(*) FROM posts WHERE community_id = $1 AND is_deleted = FALSE AND is_active = FALSE";
    assert_eq!(e.list_posts(&q(false)).await.unwrap().1, count(&e, active, c).await);
    assert_eq!(e.list_posts(&q(true)).await.unwrap().1, count(&e, inactive, c).await);
    assert_eq!((count(&e, active, c).await, count(&e, inactive, c).await), (5, 2));

    // Posts with open reports: reported twice, once, then one deleted and a reporter removed.
    e.report_post(&posts[5], &donor(10), "Spam", &a).await.unwrap();
    e.report_post(&posts[5], &donor(11), "Spam", &a).await.unwrap();
    e.report_post(&posts[6], &donor(10), "Rude", &a).await.unwrap();
    e.report_post(&posts[7], &donor(12), "Rude", &a).await.unwrap();
    e.report_post(&posts[3], &donor(12), "Rude", &a).await.unwrap();
    let reported = |e: Engagement| async move {
        let kept = e.list_reported_posts(&page(2, 1)).await.unwrap().1;
        (
            kept,
            count(&e, "SELECT COUNT(*) FROM posts WHERE reports_count > 0 AND is_deleted = FALSE AND id <> $1", "")
                .await,
        )
    };
    assert_eq!(reported(e.clone()).await, (4, 4));
    e.delete_post(&posts[6], &a).await.unwrap();
    assert_eq!(reported(e.clone()).await, (3, 3));
    e.donor_deleted("evt-kept", "donor-0012").await.unwrap();
    assert_eq!(reported(e.clone()).await, (1, 1), "the removed donor's reports leave two posts unreported");
    e.donor_deleted("evt-kept-2", "donor-0011").await.unwrap();
    assert_eq!(reported(e.clone()).await, (1, 1), "one of two reports left: still reported");
}

/// Deep pages of a big feed are walked from anchors (counted from the oldest post) and equal
/// what the plain walk from the newest post answers: before and after posts arrive, and after
/// a deactivation moves positions (the anchors are taken again).
async fn deep_feed_pages_equal_the_plain_walk(e: Engagement) {
    use engagement::posts_store::{self, PostFilter};
    let a = admin();
    let c = e.create_community(&community("Deep feed"), &a).await.unwrap();
    let n = 2 * posts_store::FEED_STEP + 555;
    // Posts by SQL (thousands), a few sharing a creation time so the order's tie-break counts.
    let sql = format!(
        "WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < {n}) \
         INSERT INTO posts (id, community_id, author_id, text, images, is_active, is_deleted, created_at, updated_at) \
         SELECT 'p' || CAST(100000 + i AS TEXT), $1, 'donor-0001', 'Deep ' || CAST(i AS TEXT), '[]', $2, $3, 1000 * (i / 3), 1000 * (i / 3) FROM s"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql)).bind(&c.id).bind(true).bind(false).execute(&e.db.pool).await.unwrap();
    sqlx::query("UPDATE communities SET posts_count = $1 WHERE id = $2")
        .bind(n)
        .bind(&c.id)
        .execute(&e.db.pool)
        .await
        .unwrap();
    let check = |label: &'static str| {
        let e = e.clone();
        let id = c.id.clone();
        async move {
            let mut conn = e.db.pool.acquire().await.unwrap();
            let f = PostFilter { community_id: id.clone(), active: true, search: String::new() };
            for (page, limit) in [(201, 10), (250, 10), (256, 10), (257, 10), (27, 100), (21, 100), (300, 10)] {
                let q = PostQuery {
                    page: Page { page, limit, ..Default::default() },
                    community_id: id.clone(),
                    inactive: false,
                };
                let (deep, total) = e.list_posts(&q).await.unwrap();
                let (plain, plain_total) =
                    posts_store::list_posts(&mut conn, &f, limit, (page - 1) * limit).await.unwrap();
                let ids = |v: &[engagement::posts_store::Post]| v.iter().map(|p| p.id.clone()).collect::<Vec<_>>();
                assert_eq!((ids(&deep), total), (ids(&plain), plain_total), "{label}: page {page} of {limit}");
            }
        }
    };
    check("first walk").await;
    // New posts arrive at the newest end: the anchors stay, the pages still agree.
    for i in 0..3 {
        e.create_post(&c.id, &donor(i), &format!("New {i}"), &[], &a).await.unwrap();
    }
    check("after new posts").await;
    // A deactivation in the middle moves every older position: the feed's version moves.
    e.set_post_active("p101000", false, &a).await.unwrap();
    check("after a deactivation").await;
    e.delete_post("p100010", &a).await.unwrap();
    check("after a deletion").await;
}

/// Search everywhere (issue 36): communities by name and events by title (any part, any case,
/// wildcards as characters), hidden ones too, deleted ones never; at most the limit.
async fn communities_and_events_are_found_by_name_and_never_once_deleted(e: Engagement) {
    let a = admin();
    let find = |q: &str, limit: i32| common::find::Find::parse(q, limit).unwrap();
    let names = |found: Vec<String>| {
        let mut found = found;
        found.sort();
        found
    };
    let river = e.create_community(&community("River Keepers"), &a).await.unwrap();
    let hidden = e.create_community(&community("Riverside 100%"), &a).await.unwrap();
    e.set_community_hidden(&hidden.id, true, &a).await.unwrap();
    let gone = e.create_community(&community("Rivers Gone"), &a).await.unwrap();
    e.set_community_deleted(&gone.id, true, &a).await.unwrap();
    let communities = |q: &str, limit: i32| {
        let (e, f) = (e.clone(), find(q, limit));
        async move { names(e.find_communities(&f).await.unwrap().into_iter().map(|c| c.name).collect()) }
    };
    assert_eq!(communities("RIVER", 5).await, ["River Keepers", "Riverside 100%"]);
    assert_eq!(communities("ve", 5).await, ["River Keepers", "Riverside 100%"], "two characters, a small table");
    assert_eq!(communities("r k", 5).await, ["River Keepers"]);
    assert_eq!(communities("0%", 5).await, ["Riverside 100%"]);
    assert_eq!(communities("r%k", 5).await, Vec::<String>::new());
    assert_eq!(communities("gone", 5).await, Vec::<String>::new(), "deleted");
    assert_eq!(communities("river", 1).await.len(), 1);

    let now = common::now_ms();
    e.create_event(&event("Beach Cleanup", &river.id, now + 24 * HOUR), &a).await.unwrap();
    e.create_event(&event("Beach_Party", &river.id, now - 48 * HOUR), &a).await.unwrap();
    let old = e.create_event(&event("Beach Gone", &river.id, now + HOUR), &a).await.unwrap();
    e.set_event_deleted(&old.id, true, &a).await.unwrap();
    let events = |q: &str| {
        let (e, f) = (e.clone(), find(q, 5));
        async move { e.find_events(&f).await.unwrap().into_iter().map(|v| v.title).collect::<Vec<_>>() }
    };
    // Upcoming and past alike, the latest start first.
    assert_eq!(events("beach").await, ["Beach Cleanup", "Beach_Party"]);
    assert_eq!(events("h_p").await, ["Beach_Party"]);
    assert_eq!(events("h%c").await, Vec::<String>::new());
    assert_eq!(events("gone").await, Vec::<String>::new(), "deleted");
}

fn trash_query(modules: &[&str]) -> common::trash::Query {
    common::trash::query(modules.iter().map(|m| m.to_string()).collect(), "", "", "", 100, 0).unwrap()
}

async fn in_trash(e: &Engagement, module: &str) -> Vec<String> {
    e.list_trash(&trash_query(&[module])).await.unwrap().0.into_iter().map(|x| x.id).collect()
}

/// Every kept figure a delete and a restore move: a restore must give each back exactly.
async fn figures(e: &Engagement, community: &str) -> Vec<i64> {
    let c = e.get_community(community).await.unwrap();
    let mut v = vec![c.members_count, c.posts_count];
    v.push(count(e, "SELECT inactive_posts_count FROM communities WHERE id = $1", community).await);
    v.push(count(e, "SELECT n FROM post_counts WHERE kind = 'reported' AND $1 <> ''", community).await);
    v.push(e.list_reported_posts(&page(1, 10)).await.unwrap().1);
    v.push(e.list_communities(&cq("", "", "", false)).await.unwrap().1);
    v.push(e.list_communities(&cq("", "", "", true)).await.unwrap().1);
    v
}

async fn the_trash_keeps_communities_events_and_reported_posts(e: Engagement) {
    let a = admin();
    let c = e.create_community(&community("Trash Place"), &a).await.unwrap();
    e.join_community(&c.id, &donor(1), &a).await.unwrap();
    let p1 = e.create_post(&c.id, &donor(1), "  Buy   cheap things  ", &[], &a).await.unwrap();
    let long = "word ".repeat(40);
    let p2 = e.create_post(&c.id, &donor(2), &long, &["i.png".into()], &a).await.unwrap();
    e.set_post_active(&p2.id, false, &a).await.unwrap();
    for n in 10..13 {
        e.report_post(&p1.id, &donor(n), &format!("Spam {n}"), &a).await.unwrap();
    }
    e.report_post(&p2.id, &donor(10), "Rude", &a).await.unwrap();
    e.add_comment(&p1.id, "A comment", Some(&donor(4)), &a).await.unwrap();
    let before = figures(&e, &c.id).await;
    let reports_before = e.reports_of(&p1.id).await.unwrap();

    // A reported post: deleted into the trash with its name, its reports closed; restored
    // whole, the reports its delete closed open again; every figure back as it was.
    e.delete_post(&p1.id, &a).await.unwrap();
    e.delete_post(&p2.id, &a).await.unwrap();
    let (items, total) = e.list_trash(&trash_query(&["/reporte_post"])).await.unwrap();
    assert_eq!(total, 2);
    let names: Vec<&str> = items.iter().map(|i| i.name.as_str()).collect();
    let cut = format!("{}…", long[..80].trim_end());
    assert!(names.contains(&"Buy cheap things") && names.contains(&cut.as_str()), "{names:?}");
    assert_ne!(figures(&e, &c.id).await, before);
    assert_eq!(e.list_reported_posts(&page(1, 10)).await.unwrap().1, 0);
    e.restore_trashed("/reporte_post", &p1.id, &a).await.unwrap();
    e.restore_trashed("/reporte_post", &p2.id, &a).await.unwrap();
    assert_eq!(figures(&e, &c.id).await, before, "counts back as they were");
    assert_eq!(e.reports_of(&p1.id).await.unwrap(), reports_before, "the reports open again");
    assert_eq!(e.get_post(&p1.id).await.unwrap().comments_count, 1);
    assert!(in_trash(&e, "/reporte_post").await.is_empty());
    // A second restore, or one of a record never deleted, finds nothing.
    let again = e.restore_trashed("/reporte_post", &p1.id, &a).await.unwrap_err();
    assert!(matches!(again, Error::NotFound(m) if m == common::trash::NOT_IN_TRASH));
    // Parallel restores restore once.
    e.delete_post(&p1.id, &a).await.unwrap();
    let mut tasks = vec![];
    for _ in 0..6 {
        let (e, a, id) = (e.clone(), a.clone(), p1.id.clone());
        tasks.push(tokio::spawn(async move { e.restore_trashed("/reporte_post", &id, &a).await.is_ok() }));
    }
    let mut restored = 0;
    for t in tasks {
        restored += t.await.unwrap() as usize;
    }
    assert_eq!(restored, 1);
    assert_eq!(figures(&e, &c.id).await, before);

    // A post of a deleted community waits for its community.
    e.delete_post(&p1.id, &a).await.unwrap();
    e.set_community_deleted(&c.id, true, &a).await.unwrap();
    let refused = e.restore_trashed("/reporte_post", &p1.id, &a).await.unwrap_err();
    assert!(matches!(refused, Error::Conflict(m) if m == engagement::trash::RESTORE_COMMUNITY_FIRST));
    assert_eq!(in_trash(&e, "/reporte_post").await, vec![p1.id.clone()], "a refused restore changes nothing");

    // A community: in the trash once deleted by the SPEC's toggle; the toggle's restore takes
    // it out, as the Trash's restore does.
    assert_eq!(in_trash(&e, "/community").await, vec![c.id.clone()]);
    e.set_community_deleted(&c.id, false, &a).await.unwrap();
    assert!(in_trash(&e, "/community").await.is_empty());
    e.set_community_deleted(&c.id, true, &a).await.unwrap();
    e.restore_trashed("/community", &c.id, &a).await.unwrap();
    assert!(!e.get_community(&c.id).await.unwrap().is_deleted);
    // Its name taken meanwhile: the restore is refused and the entry stays.
    e.set_community_deleted(&c.id, true, &a).await.unwrap();
    let other = e.create_community(&community("trash place"), &a).await.unwrap();
    assert!(e.restore_trashed("/community", &c.id, &a).await.is_err());
    assert_eq!(in_trash(&e, "/community").await, vec![c.id.clone()]);
    e.set_community_deleted(&other.id, true, &a).await.unwrap();

    // An event: the same.
    let ev = e.create_event(&event("Trash Walk", &other.id, common::now_ms() + 24 * HOUR), &a).await;
    assert!(ev.is_err(), "a deleted community hosts nothing new");
    e.restore_trashed("/community", &c.id, &a).await.unwrap();
    let ev = e.create_event(&event("Trash Walk", &c.id, common::now_ms() + 24 * HOUR), &a).await.unwrap();
    e.join_event(&ev.id, &donor(3), GOING, &a).await.unwrap();
    e.set_event_deleted(&ev.id, true, &a).await.unwrap();
    e.set_event_deleted(&ev.id, true, &a).await.unwrap();
    assert_eq!(in_trash(&e, "/event").await, vec![ev.id.clone()]);
    e.restore_trashed("/event", &ev.id, &a).await.unwrap();
    assert!(!e.get_event(&ev.id).await.unwrap().is_deleted);

    // Purges: the event with its members; the post with its comments, likes and reports;
    // the community with everything it held. Each emits the old deleted event.
    e.set_event_deleted(&ev.id, true, &a).await.unwrap();
    e.purge_trashed("/event", &ev.id, &a).await.unwrap();
    assert!(matches!(e.get_event(&ev.id).await, Err(Error::NotFound(_))));
    assert_eq!(count(&e, "SELECT COUNT(*) FROM event_members WHERE event_id = $1", &ev.id).await, 0);
    e.purge_trashed("/reporte_post", &p1.id, &a).await.unwrap();
    for sql in [
        "SELECT COUNT(*) FROM posts WHERE id = $1",
        "SELECT COUNT(*) FROM reports WHERE post_id = $1",
        "SELECT COUNT(*) FROM comments WHERE post_id = $1",
    ] {
        assert_eq!(count(&e, sql, &p1.id).await, 0, "{sql}");
    }
    e.delete_post(&p2.id, &a).await.unwrap();
    let reported = count(&e, "SELECT n FROM post_counts WHERE kind = 'reported' AND $1 <> ''", "x").await;
    e.set_community_deleted(&c.id, true, &a).await.unwrap();
    e.purge_trashed("/community", &c.id, &a).await.unwrap();
    assert!(matches!(e.get_community(&c.id).await, Err(Error::NotFound(_))));
    assert!(in_trash(&e, "/reporte_post").await.is_empty(), "its deleted posts went with it");
    for sql in [
        "SELECT COUNT(*) FROM posts WHERE community_id = $1",
        "SELECT COUNT(*) FROM community_members WHERE community_id = $1",
        "SELECT COUNT(*) FROM community_links WHERE community_id = $1",
    ] {
        assert_eq!(count(&e, sql, &c.id).await, 0, "{sql}");
    }
    assert_eq!(count(&e, "SELECT n FROM post_counts WHERE kind = 'reported' AND $1 <> ''", "x").await, reported);
    assert_eq!(
        e.list_communities(&cq("", "", "", true)).await.unwrap().1,
        1,
        "the kept total of deleted communities: only the other one"
    );
    let keys = outbox(&e).await;
    for key in [events::EVENT_DELETED, events::POST_DELETED, events::COMMUNITY_DELETED] {
        assert_eq!(keys.iter().filter(|k| *k == key).count(), 1, "{key}");
    }
    assert!(keys.iter().any(|k| k == events::POST_RESTORED));
    assert!(keys.iter().any(|k| k == events::EVENT_TRASHED));
    // A purged record is not in the trash any more.
    assert!(matches!(e.purge_trashed("/community", &c.id, &a).await, Err(Error::NotFound(_))));
}

async fn records_deleted_before_the_trash_are_adopted_once(e: Engagement) {
    let a = admin();
    let c = e.create_community(&community("Old Place"), &a).await.unwrap();
    let p = e.create_post(&c.id, &donor(1), "Old news", &[], &a).await.unwrap();
    let ev = e.create_event(&event("Old Walk", &c.id, common::now_ms() + 24 * HOUR), &a).await.unwrap();
    e.delete_post(&p.id, &a).await.unwrap();
    e.set_event_deleted(&ev.id, true, &a).await.unwrap();
    e.set_community_deleted(&c.id, true, &a).await.unwrap();
    // As the database was before the trash: deleted, with no entries.
    sqlx::query("DELETE FROM trash").execute(&e.db.pool).await.unwrap();
    let (adopted, again) = tokio::join!(e.adopt_deleted(), e.adopt_deleted());
    assert_eq!(adopted.unwrap() + again.unwrap(), 3, "two starts at once add each once");
    assert_eq!(e.adopt_deleted().await.unwrap(), 0);
    let (items, _) = e.list_trash(&trash_query(&[])).await.unwrap();
    let mut named: Vec<(String, String, String)> =
        items.into_iter().map(|i| (i.module, i.name, i.deleted_by.account_type)).collect();
    named.sort();
    assert_eq!(
        named,
        vec![
            ("/community".into(), "Old Place".into(), "system".into()),
            ("/event".into(), "Old Walk".into(), "system".into()),
            ("/reporte_post".into(), "Old news".into(), "system".into()),
        ]
    );
    e.restore_trashed("/community", &c.id, &a).await.unwrap();
    e.restore_trashed("/reporte_post", &p.id, &a).await.unwrap();
    assert_eq!(e.get_community(&c.id).await.unwrap().posts_count, 1);
}

common::on_both_backends! { MIGRATIONS, |db| Engagement::new(db, None);
    the_trash_keeps_communities_events_and_reported_posts =>
        the_trash_keeps_communities_events_and_reported_posts_on_sqlite,
        the_trash_keeps_communities_events_and_reported_posts_on_postgres;
    records_deleted_before_the_trash_are_adopted_once =>
        records_deleted_before_the_trash_are_adopted_once_on_sqlite,
        records_deleted_before_the_trash_are_adopted_once_on_postgres;
    communities_and_events_are_found_by_name_and_never_once_deleted =>
        communities_and_events_are_found_by_name_and_never_once_deleted_on_sqlite,
        communities_and_events_are_found_by_name_and_never_once_deleted_on_postgres;
    communities_are_created_checked_listed_searched_and_sorted =>
        communities_are_created_checked_listed_searched_and_sorted_on_sqlite,
        communities_are_created_checked_listed_searched_and_sorted_on_postgres;
    delete_restore_toggles_and_hide => delete_restore_toggles_and_hide_on_sqlite, delete_restore_toggles_and_hide_on_postgres;
    community_members_join_leave_list_and_search =>
        community_members_join_leave_list_and_search_on_sqlite, community_members_join_leave_list_and_search_on_postgres;
    events_are_checked_filtered_and_sorted => events_are_checked_filtered_and_sorted_on_sqlite, events_are_checked_filtered_and_sorted_on_postgres;
    event_members_by_mode_moves_removal_capacity_and_export =>
        event_members_by_mode_moves_removal_capacity_and_export_on_sqlite,
        event_members_by_mode_moves_removal_capacity_and_export_on_postgres;
    posts_feed_caps_pages_and_toggles_active => posts_feed_caps_pages_and_toggles_active_on_sqlite, posts_feed_caps_pages_and_toggles_active_on_postgres;
    likes_toggle_comments_and_replies => likes_toggle_comments_and_replies_on_sqlite, likes_toggle_comments_and_replies_on_postgres;
    reports_list_and_delete_closes_them => reports_list_and_delete_closes_them_on_sqlite, reports_list_and_delete_closes_them_on_postgres;
    concurrent_likes_and_joins_keep_counts_exact =>
        concurrent_likes_and_joins_keep_counts_exact_on_sqlite, concurrent_likes_and_joins_keep_counts_exact_on_postgres;
    donor_events_keep_names_and_remove_a_deleted_donor =>
        donor_events_keep_names_and_remove_a_deleted_donor_on_sqlite, donor_events_keep_names_and_remove_a_deleted_donor_on_postgres;
    a_trashed_donor_leaves_every_list_and_count_and_its_restore_brings_it_back =>
        a_trashed_donor_leaves_every_list_and_count_and_its_restore_brings_it_back_on_sqlite,
        a_trashed_donor_leaves_every_list_and_count_and_its_restore_brings_it_back_on_postgres;
    each_nonprofit_counts_its_own_events_and_communities =>
        each_nonprofit_counts_its_own_events_and_communities_on_sqlite, each_nonprofit_counts_its_own_events_and_communities_on_postgres;
    catalogue_deletions_drop_links_and_clear_hosts =>
        catalogue_deletions_drop_links_and_clear_hosts_on_sqlite, catalogue_deletions_drop_links_and_clear_hosts_on_postgres;
    the_consumer_reads_bus_events => the_consumer_reads_bus_events_on_sqlite, the_consumer_reads_bus_events_on_postgres;
    the_demo_data_fills_every_list => the_demo_data_fills_every_list_on_sqlite, the_demo_data_fills_every_list_on_postgres;
    kept_totals_equal_counting => kept_totals_equal_counting_on_sqlite, kept_totals_equal_counting_on_postgres;
    deep_feed_pages_equal_the_plain_walk => deep_feed_pages_equal_the_plain_walk_on_sqlite, deep_feed_pages_equal_the_plain_walk_on_postgres;
}
