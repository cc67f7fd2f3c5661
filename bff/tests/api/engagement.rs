//! Engagement over REST (issue 14): communities, events and their members (with the
//! export), posts, comments, likes and reported posts; the app side (joins, posts, reports)
//! is made through the engagement service's gRPC, as the donor apps' backend does.

use crate::content::{XSS, harmless};
use crate::helpers::*;
use crate::media::PNG;
use calamine::{Data, Reader, Xlsx};
use proto::engagement::v1 as pb;
use reqwest::Method;
use serde_json::{Value, json};

fn id(r: &Resp) -> String {
    r.body["data"]["_id"].as_str().unwrap_or_else(|| panic!("an _id in {}", r.body)).to_string()
}

pub(crate) async fn upload(app: &TestApp, t: &str, module: &str) -> String {
    let r = app
        .upload(
            "/local-image/uploadImage",
            Some(t),
            Some(("image", "cover.png", PNG.to_vec())),
            &[("moduleName", module)],
        )
        .await
        .expect(200);
    r.body["data"]["name"].as_str().unwrap().to_string()
}

/// A catalogue nonprofit and cause: (charity id, charity name, cause id).
async fn catalogue(app: &TestApp, t: &str) -> (String, String, String) {
    let body = crate::charity::valid_body(app, t, "Water For All", "12-3456789").await;
    let cause = body["causeIds"][0].as_str().unwrap().to_string();
    let charity = app.post("/admin/charity/create", Some(t), body).await.expect(200);
    (id(&charity), "Water For All".into(), cause)
}

pub(crate) fn community_body(name: &str, cover: &str, charities: &[&str], causes: &[&str]) -> Value {
    json!({
        "name": name, "description": "<p>Neighbours who <b>give</b></p>", "coverImage": cover, "gallery": [],
        "charityIds": charities, "causeIds": causes, "address": "1 Main St", "city": "Springfield", "state": "Illinois",
        "country": "United States", "cityId": "1", "stateId": "IL", "countryId": "US", "zipCode": "62701", "privacy": "public"
    })
}

pub(crate) async fn community(app: &TestApp, t: &str, name: &str) -> String {
    let cover = upload(app, t, "communityImage").await;
    id(&app.post("/admin/admin-community/create", Some(t), community_body(name, &cover, &[], &[])).await.expect(200))
}

const HOUR: i64 = 3_600_000;

pub(crate) fn event_body(title: &str, host_type: &str, host_id: &str, starts_at: i64) -> Value {
    json!({
        "title": title, "description": "<p>Bring a friend</p>", "images": [], "video": "",
        "startsAt": starts_at, "endsAt": starts_at + 2 * HOUR, "timeZone": "America/New_York",
        "isOnline": false, "onlineLink": "", "address": "12 Park Ave", "city": "Springfield", "state": "Illinois",
        "country": "United States", "cityId": "1", "stateId": "IL", "countryId": "US", "zipCode": "62701",
        "hostType": host_type, "hostId": host_id, "capacity": 0
    })
}

// ---- the app side (gRPC) ----

pub(crate) async fn client(app: &TestApp) -> Client {
    Client::connect(app.engagement_url.clone()).await.unwrap()
}

/// A console with the community "Givers" and its event "Gala" in two days: the main admin's
/// token, their ids, and an engagement client (the app side's joins and posts).
struct Gala {
    app: TestApp,
    t: String,
    cid: String,
    eid: String,
    c: Client,
}

async fn gala() -> Gala {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let cid = community(&app, &t, "Givers").await;
    let starts = common::now_ms() + 48 * HOUR;
    let eid = id(&app
        .post("/admin/event/addEvent", Some(&t), event_body("Gala", "community", &cid, starts))
        .await
        .expect(200));
    let c = client(&app).await;
    Gala { app, t, cid, eid, c }
}

pub(crate) fn donor(n: usize) -> pb::DonorRef {
    pb::DonorRef {
        id: format!("{n:024x}"),
        name: format!("Donor {n}"),
        email: format!("donor{n}@example.org"),
        avatar: String::new(),
    }
}

// ---- communities ----

#[tokio::test]
async fn a_community_is_created_named_listed_hidden_deleted_and_restored() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (charity, charity_name, cause) = catalogue(&app, &t).await;
    let cover = upload(&app, &t, "communityImage").await;

    // Bad input: each field's message, nothing created.
    let r = app.post("/admin/admin-community/create", Some(&t), json!({})).await.expect(400);
    assert_eq!(field(&r.body, "name"), "Please enter Community Name");
    assert_eq!(field(&r.body, "description"), "Please enter Description");
    assert_eq!(field(&r.body, "coverImage"), "Please upload Cover Image");
    assert_eq!(field(&r.body, "privacy"), "Please select Privacy");
    let long = "n".repeat(101);
    let r =
        app.post("/admin/admin-community/create", Some(&t), community_body(&long, &cover, &[], &[])).await.expect(400);
    assert_eq!(field(&r.body, "name"), "Community Name must be at most 100 characters");
    let r = app
        .post(
            "/admin/admin-community/create",
            Some(&t),
            community_body("Givers", &cover, &["0000000000000000000000c3"], &[]),
        )
        .await
        .expect(400);
    assert_eq!(field(&r.body, "charityIds"), "Please select valid nonprofits");
    let r = app
        .post(
            "/admin/admin-community/create",
            Some(&t),
            community_body("Givers", &cover, &[], &["0000000000000000000000c3"]),
        )
        .await
        .expect(400);
    assert_eq!(field(&r.body, "causeIds"), "Please select valid causes");
    let r = app.post("/admin/admin-community/communityList", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 0, "nothing was created");

    // Created with its nonprofits and causes named; the XSS of a description comes back clean.
    let mut body = community_body("Givers", &cover, &[&charity], &[&cause]);
    body["description"] = json!(format!("<p>Hello</p>{}", XSS.join("")));
    let r = app.post("/admin/admin-community/create", Some(&t), body.clone()).await.expect(200);
    assert_eq!(r.message(), "Community created successfully");
    let d = &r.body["data"];
    let cid = id(&r);
    assert_eq!(d["name"], "Givers");
    assert_eq!(d["charities"], json!([{ "_id": charity, "name": charity_name }]));
    assert_eq!(d["causes"][0]["_id"], cause.as_str());
    assert!(!d["causes"][0]["name"].as_str().unwrap().is_empty());
    assert_eq!(d["creator"], json!({ "_id": "platform", "type": "admin", "name": "Giving Platform", "avatar": "" }));
    assert_eq!(
        (d["membersCount"].as_i64(), d["postsCount"].as_i64(), d["isHidden"].as_bool(), d["isDeleted"].as_bool()),
        (Some(0), Some(0), Some(false), Some(false))
    );
    assert!(d["deletedAt"].is_null() && d["createdAt"].is_i64());
    harmless(d["description"].as_str().unwrap());
    assert!(d["description"].as_str().unwrap().contains("<p>Hello</p>"));

    // Duplicate names, whatever their case.
    let another_cover = upload(&app, &t, "communityImage").await;
    let r = app
        .post("/admin/admin-community/create", Some(&t), community_body("  gIVERS ", &another_cover, &[], &[]))
        .await
        .expect(409);
    assert_eq!(field(&r.body, "name"), "Community already exists");

    // Detail, update, 404s.
    let r = app.get(&format!("/v1/community/getCommunityDetail/{cid}"), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["charities"][0]["name"], charity_name.as_str());
    let r = app.get("/v1/community/getCommunityDetail/0000000000000000000000c3", Some(&t)).await.expect(404);
    assert_eq!(r.message(), "Community not found");
    let r = app
        .patch(
            &format!("/admin/admin-community/update/{cid}"),
            Some(&t),
            community_body("Givers United", &cover, &[], &[&cause]),
        )
        .await
        .expect(200);
    assert_eq!(r.message(), "Community updated successfully");
    assert_eq!(
        (r.body["data"]["name"].as_str(), r.body["data"]["charities"].as_array().map(Vec::len)),
        (Some("Givers United"), Some(0))
    );
    // (Files are checked first: this community's cover is not another record's to save.)
    let r = app
        .patch(
            "/admin/admin-community/update/0000000000000000000000c3",
            Some(&t),
            community_body("Other", &another_cover, &[], &[]),
        )
        .await
        .expect(404);
    assert_eq!(r.message(), "Community not found");
    let r = app
        .patch(&format!("/admin/admin-community/update/{cid}"), Some(&t), community_body("", &cover, &[], &[]))
        .await
        .expect(400);
    assert_eq!(field(&r.body, "name"), "Please enter Community Name");

    // The list: search, sort, paging.
    let other = community(&app, &t, "Anchor Club").await;
    let r =
        app.post("/admin/admin-community/communityList", Some(&t), json!({ "page": 1, "limit": 10 })).await.expect(200);
    assert_eq!(r.body["total_records"], 2);
    assert_eq!(r.body["data"][0]["_id"], other.as_str(), "newest first");
    let r = app.post("/admin/admin-community/communityList", Some(&t), json!({ "search": "UNITED" })).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["_id"].as_str()), (Some(1), Some(cid.as_str())));
    assert_eq!(r.body["data"][0]["causes"][0]["_id"], cause.as_str(), "lists name causes too");
    let r = app
        .post(
            "/admin/admin-community/communityList",
            Some(&t),
            json!({ "column": "name", "order": "ascend", "limit": 1 }),
        )
        .await
        .expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"].as_array().unwrap().len()), (Some(2), 1));
    assert_eq!(r.body["data"][0]["name"], "Anchor Club");

    // Hide and unhide.
    let r = app
        .post(&format!("/admin/admin-community/hideCommunity/{cid}"), Some(&t), json!({ "isHidden": true }))
        .await
        .expect(200);
    assert_eq!((r.message(), r.body["data"]["isHidden"].as_bool()), ("Community hidden successfully", Some(true)));
    let r = app.post("/admin/admin-community/communityList", Some(&t), json!({ "isHidden": true })).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["_id"].as_str()), (Some(1), Some(cid.as_str())));
    let r = app
        .post(&format!("/admin/admin-community/hideCommunity/{cid}"), Some(&t), json!({ "isHidden": false }))
        .await
        .expect(200);
    assert_eq!(r.message(), "Community unhidden successfully");
    let r = app.post(&format!("/admin/admin-community/hideCommunity/{cid}"), Some(&t), json!({})).await.expect(400);
    assert!(!field(&r.body, "isHidden").is_empty());

    // Delete and restore through the same call (SPEC section 4).
    let r =
        app.post("/admin/admin-community/delete", Some(&t), json!({ "_id": cid, "isDeleted": true })).await.expect(200);
    assert_eq!((r.message(), r.body["data"]["isDeleted"].as_bool()), ("Community deleted Successfully", Some(true)));
    assert!(r.body["data"]["deletedAt"].is_i64());
    let r = app.post("/admin/admin-community/communityList", Some(&t), json!({})).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["_id"].as_str()), (Some(1), Some(other.as_str())));
    let r = app.post("/admin/admin-community/communityList", Some(&t), json!({ "isDeleted": true })).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["_id"].as_str()), (Some(1), Some(cid.as_str())));
    let r = app
        .post("/admin/admin-community/delete", Some(&t), json!({ "_id": cid, "isDeleted": false }))
        .await
        .expect(200);
    assert_eq!((r.message(), r.body["data"]["isDeleted"].as_bool()), ("Community Restore Successfully", Some(false)));
    assert!(r.body["data"]["deletedAt"].is_null());
    let r = app.post("/admin/admin-community/communityList", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 2);
    let r = app
        .post(
            "/admin/admin-community/delete",
            Some(&t),
            json!({ "_id": "0000000000000000000000c3", "isDeleted": true }),
        )
        .await
        .expect(404);
    assert_eq!(r.message(), "Community not found");
    let r = app.post("/admin/admin-community/delete", Some(&t), json!({ "_id": cid })).await.expect(400);
    assert!(!field(&r.body, "isDeleted").is_empty());
}

#[tokio::test]
async fn a_communitys_members_are_paged_newest_first_and_searched() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let cid = community(&app, &t, "Givers").await;
    let mut c = client(&app).await;
    for n in 1..=3 {
        join_community(&mut c, &cid, donor(n)).await;
    }
    let path = format!("/admin/admin-community/members/{cid}");
    let r = app.post(&path, Some(&t), json!({ "page": 1, "limit": 2 })).await.expect(200);
    assert_eq!(r.body["total_records"], 3);
    assert_eq!(r.body["data"].as_array().unwrap().len(), 2);
    let m = &r.body["data"][0];
    assert_eq!(
        (m["donorId"].as_str(), m["name"].as_str(), m["email"].as_str()),
        (Some(donor(3).id.as_str()), Some("Donor 3"), Some("donor3@example.org"))
    );
    assert!(m["_id"].is_string() && m["joinedAt"].is_i64() && m["avatar"].is_string());
    let r = app.post(&path, Some(&t), json!({ "search": "DONOR2@" })).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["name"].as_str()), (Some(1), Some("Donor 2")));
    let r = app.get(&format!("/v1/community/getCommunityDetail/{cid}"), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["membersCount"], 3);
}

// ---- events ----

#[tokio::test]
async fn an_event_is_created_filtered_deleted_and_restored() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (charity, charity_name, _) = catalogue(&app, &t).await;
    let cid = community(&app, &t, "Givers").await;
    let now = common::now_ms();

    // Bad input: each field's message.
    let r = app.post("/admin/event/addEvent", Some(&t), json!({})).await.expect(400);
    assert_eq!(field(&r.body, "title"), "Please enter Event Title");
    assert_eq!(field(&r.body, "description"), "Please enter Description");
    assert_eq!(field(&r.body, "startsAt"), "Please select Start Date");
    assert_eq!(field(&r.body, "endsAt"), "Please select End Date");
    let mut bad = event_body(&"t".repeat(151), "community", &cid, now + HOUR);
    bad["endsAt"] = json!(now);
    bad["timeZone"] = json!("Mars/Olympus");
    let r = app.post("/admin/event/addEvent", Some(&t), bad).await.expect(400);
    assert_eq!(field(&r.body, "title"), "Event Title must be at most 150 characters");
    assert_eq!(field(&r.body, "endsAt"), "End Date must be after Start Date");
    assert_eq!(field(&r.body, "timeZone"), "Please select valid Time Zone");
    let mut bad = event_body("Gala", "community", &cid, now + HOUR);
    bad["isOnline"] = json!(true);
    bad["onlineLink"] = json!("javascript:alert(1)");
    let r = app.post("/admin/event/addEvent", Some(&t), bad).await.expect(400);
    assert_eq!(field(&r.body, "onlineLink"), "Please enter valid link");
    let mut bad = event_body("Gala", "community", &cid, now + HOUR);
    bad["address"] = json!("");
    let r = app.post("/admin/event/addEvent", Some(&t), bad).await.expect(400);
    assert_eq!(field(&r.body, "address"), "Please enter Venue");
    for capacity in [json!(-1), json!(1_000_001), json!(2.5), json!("ten")] {
        let mut bad = event_body("Gala", "community", &cid, now + HOUR);
        bad["capacity"] = capacity.clone();
        let r = app.post("/admin/event/addEvent", Some(&t), bad).await.expect(400);
        assert_eq!(field(&r.body, "capacity"), "Please enter valid Capacity", "{capacity}");
    }
    for (kind, host) in
        [("community", "0000000000000000000000c3"), ("charity", "0000000000000000000000c3"), ("community", "")]
    {
        let r =
            app.post("/admin/event/addEvent", Some(&t), event_body("Gala", kind, host, now + HOUR)).await.expect(400);
        assert_eq!(field(&r.body, "hostId"), "Please select Host", "{kind} {host}");
    }
    let r = app.post("/admin/event/eventFilter", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 0, "nothing was created");

    // Created: hosted by a community, and by a nonprofit (named from the catalogue).
    let r = app
        .post("/admin/event/addEvent", Some(&t), event_body("Gala Dinner", "community", &cid, now + 48 * HOUR))
        .await
        .expect(200);
    assert_eq!(r.message(), "Event created successfully");
    let gala = id(&r);
    let d = &r.body["data"];
    assert_eq!(
        (d["hostType"].as_str(), d["hostName"].as_str(), d["timeZone"].as_str()),
        (Some("community"), Some("Givers"), Some("America/New_York"))
    );
    assert_eq!(
        (d["interestedCount"].as_i64(), d["goingCount"].as_i64(), d["notGoingCount"].as_i64(), d["capacity"].as_i64()),
        (Some(0), Some(0), Some(0), Some(0))
    );
    let mut online = event_body("Webinar", "charity", &charity, now + 24 * HOUR);
    online["isOnline"] = json!(true);
    online["onlineLink"] = json!("https://meet.example.org/w");
    online["address"] = json!("");
    online["capacity"] = json!(100);
    let r = app.post("/admin/event/addEvent", Some(&t), online).await.expect(200);
    let webinar = id(&r);
    assert_eq!(
        (r.body["data"]["hostName"].as_str(), r.body["data"]["capacity"].as_i64()),
        (Some(charity_name.as_str()), Some(100))
    );
    let r = app
        .post("/admin/event/addEvent", Some(&t), event_body("Old Picnic", "community", &cid, now - 72 * HOUR))
        .await
        .expect(200);
    let picnic = id(&r);

    // Filters: upcoming soonest first (default), past, search, 404s.
    let r = app.post("/admin/event/eventFilter", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 2);
    assert_eq!(
        (r.body["data"][0]["_id"].as_str(), r.body["data"][1]["_id"].as_str()),
        (Some(webinar.as_str()), Some(gala.as_str()))
    );
    let r = app.post("/admin/event/eventFilter", Some(&t), json!({ "filter": "past" })).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["_id"].as_str()), (Some(1), Some(picnic.as_str())));
    let r = app.post("/admin/event/eventFilter", Some(&t), json!({ "search": "gala" })).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["_id"].as_str()), (Some(1), Some(gala.as_str())));
    let r = app
        .patch(
            &format!("/admin/event/editEvent/{gala}"),
            Some(&t),
            event_body("Gala Night", "charity", &charity, now + 48 * HOUR),
        )
        .await
        .expect(200);
    assert_eq!(r.message(), "Event updated successfully");
    assert_eq!(
        (r.body["data"]["title"].as_str(), r.body["data"]["hostName"].as_str()),
        (Some("Gala Night"), Some(charity_name.as_str()))
    );
    let r = app
        .patch(
            "/admin/event/editEvent/0000000000000000000000c3",
            Some(&t),
            event_body("X", "community", &cid, now + HOUR),
        )
        .await
        .expect(404);
    assert_eq!(r.message(), "Event not found");

    // Delete and restore through the same call.
    let r =
        app.post(&format!("/admin/event/deleteEvent/{gala}"), Some(&t), json!({ "isDeleted": true })).await.expect(200);
    assert_eq!((r.message(), r.body["data"]["isDeleted"].as_bool()), ("Event deleted Successfully", Some(true)));
    let r = app.post("/admin/event/eventFilter", Some(&t), json!({ "filter": "deleted" })).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["_id"].as_str()), (Some(1), Some(gala.as_str())));
    let r = app.post("/admin/event/eventFilter", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 1, "a deleted event is not upcoming");
    let r = app
        .post(&format!("/admin/event/deleteEvent/{gala}"), Some(&t), json!({ "isDeleted": false }))
        .await
        .expect(200);
    assert_eq!((r.message(), r.body["data"]["isDeleted"].as_bool()), ("Event Restore Successfully", Some(false)));
    let r = app.post("/admin/event/eventFilter", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 2);
    let r = app
        .post("/admin/event/deleteEvent/0000000000000000000000c3", Some(&t), json!({ "isDeleted": true }))
        .await
        .expect(404);
    assert_eq!(r.message(), "Event not found");
    let r = app.post(&format!("/admin/event/deleteEvent/{gala}"), Some(&t), json!({})).await.expect(400);
    assert!(!field(&r.body, "isDeleted").is_empty());
}

#[tokio::test]
async fn event_members_are_listed_by_mode_removed_and_exported() {
    let Gala { app, t, eid, mut c, .. } = gala().await;
    // 1..=5 interested, 6..=8 going, 9 not going; 10 goes from interested to going.
    for n in 1..=10 {
        join_event(
            &mut c,
            &eid,
            donor(n),
            if n <= 5 || n == 10 {
                1
            } else if n <= 8 {
                2
            } else {
                3
            },
        )
        .await;
    }
    join_event(&mut c, &eid, donor(10), 2).await;

    let find = format!("/admin/event/findEvent/{eid}");
    let r = app.post(&find, Some(&t), json!({ "status": 1, "page": 1, "limit": 2 })).await.expect(200);
    assert_eq!(r.body["total_records"], 5);
    assert_eq!(r.body["data"]["event"]["_id"], eid.as_str());
    assert_eq!(
        (
            r.body["data"]["event"]["interestedCount"].as_i64(),
            r.body["data"]["event"]["goingCount"].as_i64(),
            r.body["data"]["event"]["notGoingCount"].as_i64()
        ),
        (Some(5), Some(4), Some(1))
    );
    let members = r.body["data"]["members"].as_array().unwrap();
    assert_eq!(members.len(), 2);
    assert_eq!(
        (members[0]["name"].as_str(), members[0]["status"].as_i64()),
        (Some("Donor 5"), Some(1)),
        "newest first"
    );
    let r = app.post(&find, Some(&t), json!({ "status": 2 })).await.expect(200);
    assert_eq!(r.body["total_records"], 4);
    assert_eq!(r.body["data"]["members"][0]["name"], "Donor 10", "moved to going");
    let going_member = r.body["data"]["members"][0]["_id"].as_str().unwrap().to_string();
    let r = app.post(&find, Some(&t), json!({ "status": 3, "search": "donor9@" })).await.expect(200);
    assert_eq!(
        (r.body["total_records"].as_i64(), r.body["data"]["members"][0]["email"].as_str()),
        (Some(1), Some("donor9@example.org"))
    );
    for status in [json!(0), json!(4), json!("going"), json!(null)] {
        let r = app.post(&find, Some(&t), json!({ "status": status })).await.expect(400);
        assert_eq!(field(&r.body, "status"), "Please select valid status", "{status}");
    }
    let r =
        app.post("/admin/event/findEvent/0000000000000000000000c3", Some(&t), json!({ "status": 1 })).await.expect(404);
    assert_eq!(r.message(), "Event not found");

    // Removing a member answers the mode it was in (the tab to refresh).
    let r = app
        .call(Method::DELETE, "/v1/event/removeMember", Some(&t), Some(json!({ "_id": going_member })))
        .await
        .expect(200);
    assert_eq!((r.message(), r.body["data"]["status"].as_i64()), ("Member removed successfully", Some(2)));
    let r = app.post(&find, Some(&t), json!({ "status": 2 })).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"]["event"]["goingCount"].as_i64()), (Some(3), Some(3)));
    let r = app
        .call(Method::DELETE, "/v1/event/removeMember", Some(&t), Some(json!({ "_id": going_member })))
        .await
        .expect(404);
    assert_eq!(r.message(), "Member not found");

    // The export: a real workbook, the event's sheet and every member of every mode.
    let res =
        app.client.get(format!("{}/v1/event/eventDetailsExport/{eid}", app.base)).bearer_auth(&t).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    assert_eq!(res.headers()["content-disposition"], format!("attachment; filename=\"event-{eid}.xlsx\"").as_str());
    let bytes = res.bytes().await.unwrap();
    let mut wb = Xlsx::new(std::io::Cursor::new(bytes.to_vec())).expect("a real workbook");
    assert_eq!(wb.sheet_names(), ["Event", "Members"]);
    let event = wb.worksheet_range("Event").unwrap();
    let text = |d: &Data| d.to_string();
    let fields: Vec<(String, String)> = event.rows().skip(1).map(|r| (text(&r[0]), text(&r[1]))).collect();
    assert!(fields.contains(&("Title".into(), "Gala".into())), "{fields:?}");
    assert!(fields.contains(&("Host".into(), "Givers".into())), "{fields:?}");
    assert!(fields.contains(&("Time Zone".into(), "America/New_York".into())), "{fields:?}");
    assert!(fields.contains(&("Going".into(), "3".into())), "{fields:?}");
    let members = wb.worksheet_range("Members").unwrap();
    let head: Vec<String> = members.rows().next().unwrap().iter().map(text).collect();
    assert_eq!(head, ["Name", "Email", "Status", "Joined At"]);
    let mut rows: Vec<(String, String)> = members.rows().skip(1).map(|r| (text(&r[0]), text(&r[2]))).collect();
    rows.sort();
    assert_eq!(rows.len(), 9, "every member of every mode: {rows:?}");
    assert!(
        rows.contains(&("Donor 9".into(), "Not going".into()))
            && rows.contains(&("Donor 1".into(), "Interested".into()))
            && rows.contains(&("Donor 6".into(), "Going".into())),
        "{rows:?}"
    );
    assert!(!rows.iter().any(|(n, _)| n == "Donor 10"), "the removed member is gone");
    let r = app.get("/v1/event/eventDetailsExport/0000000000000000000000c3", Some(&t)).await.expect(404);
    assert_eq!(r.message(), "Event not found");
}

// ---- posts ----

#[tokio::test]
async fn posts_are_liked_commented_replied_and_deactivated_as_the_platform() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let cid = community(&app, &t, "Givers").await;
    let other = community(&app, &t, "Anchor Club").await;
    let mut c = client(&app).await;
    let first = create_post(&mut c, &cid, donor(1), "First post").await;
    let second = create_post(&mut c, &cid, donor(2), "Second post").await;
    create_post(&mut c, &other, donor(3), "Elsewhere").await;

    let r = app.post("/v1/posts/list", Some(&t), json!({ "page": 1, "limit": 10 })).await.expect(200);
    assert_eq!(r.body["total_records"], 3);
    let r = app
        .post("/v1/posts/communityPosts", Some(&t), json!({ "communityId": cid, "page": 1, "limit": 100 }))
        .await
        .expect(200);
    assert_eq!(r.body["total_records"], 2);
    let p = &r.body["data"][0];
    assert_eq!(
        (p["_id"].as_str(), p["communityName"].as_str(), p["text"].as_str()),
        (Some(second.as_str()), Some("Givers"), Some("Second post")),
        "newest first"
    );
    assert_eq!(p["author"], json!({ "_id": donor(2).id, "type": "donor", "name": "Donor 2", "avatar": "" }));
    assert_eq!(
        (p["isActive"].as_bool(), p["likedByAdmin"].as_bool(), p["likesCount"].as_i64()),
        (Some(true), Some(false), Some(0))
    );

    // Like twice = unlike.
    let like = format!("/v1/posts/likeUnlikePost/{first}");
    let r = app.post(&like, Some(&t), json!({})).await.expect(200);
    assert_eq!(
        (r.message(), r.body["data"]["liked"].as_bool(), r.body["data"]["likesCount"].as_i64()),
        ("Post liked successfully", Some(true), Some(1))
    );
    let r = app.post("/v1/posts/communityPosts", Some(&t), json!({ "communityId": cid })).await.expect(200);
    assert_eq!(
        (r.body["data"][1]["likedByAdmin"].as_bool(), r.body["data"][1]["likesCount"].as_i64()),
        (Some(true), Some(1))
    );
    let r = app.post(&like, Some(&t), json!({})).await.expect(200);
    assert_eq!(
        (r.message(), r.body["data"]["liked"].as_bool(), r.body["data"]["likesCount"].as_i64()),
        ("Post unliked successfully", Some(false), Some(0))
    );
    app.post("/v1/posts/likeUnlikePost/0000000000000000000000c3", Some(&t), json!({})).await.expect(404);

    // Comments and replies, as the platform's account.
    let r = app.post("/v1/posts/postComment", Some(&t), json!({ "postId": first, "text": "   " })).await.expect(400);
    assert_eq!(field(&r.body, "text"), "Please enter Comment");
    let r = app
        .post("/v1/posts/postComment", Some(&t), json!({ "postId": first, "text": "c".repeat(1001) }))
        .await
        .expect(400);
    assert_eq!(field(&r.body, "text"), "Comment must be at most 1000 characters");
    let r = app
        .post("/v1/posts/postComment", Some(&t), json!({ "postId": first, "text": "  Welcome!  " }))
        .await
        .expect(200);
    assert_eq!(r.message(), "Comment added successfully");
    let comment = id(&r);
    assert_eq!(
        (r.body["data"]["text"].as_str(), r.body["data"]["postId"].as_str()),
        (Some("Welcome!"), Some(first.as_str()))
    );
    assert!(r.body["data"]["parentId"].is_null());
    assert_eq!(
        r.body["data"]["author"],
        json!({ "_id": "platform", "type": "admin", "name": "Giving Platform", "avatar": "" })
    );
    let r = app
        .post("/v1/posts/postCommentRply", Some(&t), json!({ "commentId": comment, "text": "Thanks all" }))
        .await
        .expect(200);
    assert_eq!(r.message(), "Reply added successfully");
    let reply = id(&r);
    assert_eq!(r.body["data"]["parentId"], comment.as_str());
    let r = app
        .post("/v1/posts/postCommentRply", Some(&t), json!({ "commentId": reply, "text": "Deeper" }))
        .await
        .expect(400);
    assert_eq!(field(&r.body, "commentId"), "You can reply to a comment only");
    let r = app
        .post("/v1/posts/postCommentRply", Some(&t), json!({ "commentId": "0000000000000000000000c3", "text": "Hi" }))
        .await
        .expect(404);
    assert_eq!(r.message(), "Comment not found");
    let r =
        app.post("/v1/posts/postCommentRply", Some(&t), json!({ "commentId": comment, "text": "" })).await.expect(400);
    assert_eq!(field(&r.body, "text"), "Please enter Comment");

    let r = app.post(&format!("/v1/posts/likeUnlikeComment/{reply}"), Some(&t), json!({})).await.expect(200);
    assert_eq!(
        (r.message(), r.body["data"]["liked"].as_bool(), r.body["data"]["likesCount"].as_i64()),
        ("Comment liked successfully", Some(true), Some(1))
    );
    let r = app.post(&format!("/v1/posts/likeUnlikeComment/{comment}"), Some(&t), json!({})).await.expect(200);
    assert_eq!(r.message(), "Comment liked successfully");
    let r = app.post(&format!("/v1/posts/likeUnlikeComment/{comment}"), Some(&t), json!({})).await.expect(200);
    assert_eq!(
        (r.message(), r.body["data"]["liked"].as_bool(), r.body["data"]["likesCount"].as_i64()),
        ("Comment unliked successfully", Some(false), Some(0))
    );

    let r = app.get(&format!("/v1/posts/getPostCommnetList/{first}?page=1&limit=10"), Some(&t)).await.expect(200);
    assert_eq!(r.body["total_records"], 1, "top-level comments only");
    let top = &r.body["data"][0];
    assert_eq!(
        (top["_id"].as_str(), top["repliesCount"].as_i64(), top["likesCount"].as_i64()),
        (Some(comment.as_str()), Some(1), Some(0))
    );
    assert_eq!(
        (top["replies"][0]["_id"].as_str(), top["replies"][0]["likedByAdmin"].as_bool()),
        (Some(reply.as_str()), Some(true))
    );
    let r = app.post("/v1/posts/communityPosts", Some(&t), json!({ "communityId": cid })).await.expect(200);
    assert_eq!(r.body["data"][1]["commentsCount"], 2, "the comment and its reply");

    // Deactivate: out of the feed, into the inactive tab; and back.
    let r = app
        .post(&format!("/v1/posts/activeInActivePost/{first}"), Some(&t), json!({ "isActive": false }))
        .await
        .expect(200);
    assert_eq!((r.message(), r.body["data"]["isActive"].as_bool()), ("Post deactivated successfully", Some(false)));
    let r = app.post("/v1/posts/communityPosts", Some(&t), json!({ "communityId": cid })).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["_id"].as_str()), (Some(1), Some(second.as_str())));
    let r = app
        .post("/v1/posts/InActivePostList", Some(&t), json!({ "communityId": cid, "page": 1, "limit": 1000000 }))
        .await
        .expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["_id"].as_str()), (Some(1), Some(first.as_str())));
    let r = app.post("/v1/posts/list", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 2, "the list holds active posts only");
    let r = app
        .post(&format!("/v1/posts/activeInActivePost/{first}"), Some(&t), json!({ "isActive": true }))
        .await
        .expect(200);
    assert_eq!(r.message(), "Post activated successfully");
    let r = app
        .post("/v1/posts/activeInActivePost/0000000000000000000000c3", Some(&t), json!({ "isActive": true }))
        .await
        .expect(404);
    assert_eq!(r.message(), "Post not found");
    app.post(&format!("/v1/posts/activeInActivePost/{first}"), Some(&t), json!({})).await.expect(400);
}

#[tokio::test]
async fn the_inactive_list_asked_for_a_million_rows_answers_a_page_of_at_most_100() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let cid = community(&app, &t, "Givers").await;
    let mut c = client(&app).await;
    let mut ids = Vec::new();
    for n in 0..105 {
        ids.push(create_post(&mut c, &cid, donor(n % 7), &format!("Post {n}")).await);
    }
    for p in &ids {
        app.post(&format!("/v1/posts/activeInActivePost/{p}"), Some(&t), json!({ "isActive": false }))
            .await
            .expect(200);
    }
    let r = app
        .post("/v1/posts/InActivePostList", Some(&t), json!({ "communityId": cid, "page": 1, "limit": 1000000 }))
        .await
        .expect(200);
    assert_eq!(r.body["total_records"], 105);
    assert_eq!(r.body["data"].as_array().unwrap().len(), 100);
    let r = app
        .post("/v1/posts/InActivePostList", Some(&t), json!({ "communityId": cid, "page": 2, "limit": 1000000 }))
        .await
        .expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"].as_array().unwrap().len()), (Some(105), 5));
    assert_eq!(r.body["data"][4]["_id"], ids[0].as_str(), "the oldest last");
    let r = app
        .post("/v1/posts/communityPosts", Some(&t), json!({ "communityId": cid, "page": 1, "limit": 1000000 }))
        .await
        .expect(200);
    assert_eq!(r.body["total_records"], 0);
}

// ---- reported posts ----

#[tokio::test]
async fn deleting_a_reported_post_closes_its_reports_and_drops_it_everywhere() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let cid = community(&app, &t, "Givers").await;
    let mut c = client(&app).await;
    let bad = create_post(&mut c, &cid, donor(1), "Buy cheap watches").await;
    let fine = create_post(&mut c, &cid, donor(2), "Lovely day").await;
    for n in 3..=9 {
        report_post(&mut c, &bad, donor(n), &format!("Spam {n}")).await;
    }
    report_post(&mut c, &fine, donor(3), "Not sure").await;

    let r = app.post("/admin/reportPost/reportPostList", Some(&t), json!({ "page": 1, "limit": 10 })).await.expect(200);
    assert_eq!(r.body["total_records"], 2);
    assert_eq!(r.body["data"][0]["_id"], fine.as_str(), "newest report first");
    let reported = &r.body["data"][1];
    assert_eq!(
        (reported["_id"].as_str(), reported["reportsCount"].as_i64(), reported["communityName"].as_str()),
        (Some(bad.as_str()), Some(7), Some("Givers"))
    );
    assert_eq!(reported["post"]["text"], "Buy cheap watches");
    let reasons = reported["reasons"].as_array().unwrap();
    assert_eq!(reasons.len(), 5, "the 5 newest");
    assert_eq!(
        (reasons[0]["reason"].as_str(), reasons[0]["reporter"]["name"].as_str()),
        (Some("Spam 9"), Some("Donor 9"))
    );
    let r = app.post("/admin/reportPost/reportPostList", Some(&t), json!({ "search": "WATCHES" })).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["_id"].as_str()), (Some(1), Some(bad.as_str())));
    let r = app.post("/admin/reportPost/reportPostList", Some(&t), json!({ "search": "givers" })).await.expect(200);
    assert_eq!(r.body["total_records"], 2, "search on the community's name");

    let r = app.post(&format!("/admin/reportPost/deletePost/{bad}"), Some(&t), json!({})).await.expect(200);
    assert_eq!(r.message(), "Post deleted successfully");
    assert_eq!(r.body["data"], json!({}));
    let r = app.post("/admin/reportPost/reportPostList", Some(&t), json!({})).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["_id"].as_str()), (Some(1), Some(fine.as_str())));
    let r = app.post("/v1/posts/communityPosts", Some(&t), json!({ "communityId": cid })).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["_id"].as_str()), (Some(1), Some(fine.as_str())));
    let r = app.post("/v1/posts/InActivePostList", Some(&t), json!({ "communityId": cid })).await.expect(200);
    assert_eq!(r.body["total_records"], 0);
    let r = app.post("/v1/posts/list", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 1);
    let r = app.get(&format!("/v1/community/getCommunityDetail/{cid}"), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["postsCount"], 1, "the community's count drops");
    let r = app.post(&format!("/admin/reportPost/deletePost/{bad}"), Some(&t), json!({})).await.expect(404);
    assert_eq!(r.message(), "Post not found");
    app.post(&format!("/v1/posts/likeUnlikePost/{bad}"), Some(&t), json!({})).await.expect(404);
}

#[tokio::test]
async fn reported_posts_events_and_communities_come_back_from_the_trash_or_go_for_good() {
    let Gala { app, t, cid, eid, mut c } = gala().await;
    let bad = create_post(&mut c, &cid, donor(1), "Buy cheap watches").await;
    for n in 3..=5 {
        report_post(&mut c, &bad, donor(n), &format!("Spam {n}")).await;
    }
    let restore = |module: &str, id: &str| json!({ "items": [{ "module": module, "_id": id }] });
    app.post(&format!("/admin/reportPost/deletePost/{bad}"), Some(&t), json!({})).await.expect(200);
    app.post(&format!("/admin/event/deleteEvent/{eid}"), Some(&t), json!({ "isDeleted": true })).await.expect(200);
    let r = app.post("/admin/trash/list", Some(&t), json!({ "modules": ["/reporte_post", "/event"] })).await;
    let mut names: Vec<String> =
        r.expect(200).body["data"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap().into()).collect();
    names.sort();
    assert_eq!(names, ["Buy cheap watches", "Gala"]);
    // Work no account asked for (here a call naming none) is the system's.
    let starts = common::now_ms() + 72 * HOUR;
    let quiet = id(&app
        .post("/admin/event/addEvent", Some(&t), event_body("Quiet", "community", &cid, starts))
        .await
        .expect(200));
    let req = pb::SetEventDeletedRequest { id: quiet.clone(), is_deleted: true, actor: None };
    c.set_event_deleted(req).await.expect("deleted");
    let r = app.post("/admin/trash/list", Some(&t), json!({ "search": "quiet" })).await.expect(200);
    assert_eq!(r.body["data"][0]["deletedBy"]["name"], "System", "{}", r.body);
    app.post("/admin/trash/purge", Some(&t), restore("/event", &quiet)).await.expect(200);

    // A sub-admin who may view events and reported posts but not delete them restores nothing.
    let viewer = json!([{ "slug": "/event", "actions": ["view"] }, { "slug": "/reporte_post", "actions": ["view"] }]);
    app.sub_admin(&t, "look@example.org", viewer).await;
    let look = app.token_of("/admin-login/login", "look@example.org").await;
    for (module, id) in [("/event", &eid), ("/reporte_post", &bad)] {
        app.post("/admin/trash/restore", Some(&look), restore(module, id)).await.expect(403);
        app.post("/admin/trash/purge", Some(&look), restore(module, id)).await.expect(403);
    }

    // The reported post comes back with its reports open again, in every list and count.
    app.post("/admin/trash/restore", Some(&t), restore("/reporte_post", &bad)).await.expect(200);
    let r = app.post("/admin/reportPost/reportPostList", Some(&t), json!({})).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["reportsCount"].as_i64()), (Some(1), Some(3)));
    let r = app.get(&format!("/v1/community/getCommunityDetail/{cid}"), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["postsCount"], 1);

    // The event, deleted from its list, comes back from the Trash; its Deleted tab is empty.
    app.post("/admin/trash/restore", Some(&t), restore("/event", &eid)).await.expect(200);
    let r = app.post("/admin/event/eventFilter", Some(&t), json!({ "filter": "deleted" })).await.expect(200);
    assert_eq!(r.body["total_records"], 0);
    // Parallel restores of one record: once.
    app.post(&format!("/admin/event/deleteEvent/{eid}"), Some(&t), json!({ "isDeleted": true })).await.expect(200);
    let tries = (0..5).map(|_| app.post("/admin/trash/restore", Some(&t), restore("/event", &eid)));
    let done = futures::future::join_all(tries).await.into_iter().filter(|r| r.status.as_u16() == 200).count();
    assert_eq!(done, 1);

    // The community goes for good with its post; the Trash forgets both.
    app.post(&format!("/admin/reportPost/deletePost/{bad}"), Some(&t), json!({})).await.expect(200);
    app.post("/admin/admin-community/delete", Some(&t), json!({ "_id": cid, "isDeleted": true })).await.expect(200);
    let r = app.post("/admin/trash/purge", Some(&t), restore("/community", &cid)).await.expect(200);
    assert_eq!(r.body["data"]["done"][0]["name"], "Givers");
    app.get(&format!("/v1/community/getCommunityDetail/{cid}"), Some(&t)).await.expect(404);
    let r = app.post("/admin/trash/list", Some(&t), json!({ "modules": ["/reporte_post", "/community"] })).await;
    assert_eq!(r.expect(200).body["total_records"], 0);
}

// ---- who may do what ----

#[tokio::test]
async fn viewers_and_nonprofit_admins_cannot_change_engagement() {
    let Gala { app, t, cid, eid, mut c } = gala().await;
    let post = create_post(&mut c, &cid, donor(1), "Hello").await;
    join_event(&mut c, &eid, donor(2), 2).await;
    let r = app.post(&format!("/admin/event/findEvent/{eid}"), Some(&t), json!({ "status": 2 })).await.expect(200);
    let member = r.body["data"]["members"][0]["_id"].as_str().unwrap().to_string();
    let cover = upload(&app, &t, "communityImage").await;

    app.sub_admin(&t, "viewer@example.org", json!([{ "slug": "/community", "actions": ["view"] }])).await;
    let viewer = app.token_of("/admin-login/login", "viewer@example.org").await;
    app.post("/admin/admin-community/communityList", Some(&viewer), json!({})).await.expect(200);
    app.post(&format!("/admin/admin-community/members/{cid}"), Some(&viewer), json!({})).await.expect(200);
    app.post("/v1/posts/communityPosts", Some(&viewer), json!({ "communityId": cid })).await.expect(200);
    app.post("/admin/admin-community/create", Some(&viewer), community_body("Mine", &cover, &[], &[]))
        .await
        .expect(403);
    app.post(&format!("/admin/admin-community/hideCommunity/{cid}"), Some(&viewer), json!({ "isHidden": true }))
        .await
        .expect(403);
    app.post("/admin/admin-community/delete", Some(&viewer), json!({ "_id": cid, "isDeleted": true }))
        .await
        .expect(403);
    app.post(&format!("/v1/posts/likeUnlikePost/{post}"), Some(&viewer), json!({})).await.expect(403);
    app.post("/v1/posts/postComment", Some(&viewer), json!({ "postId": post, "text": "Hi" })).await.expect(403);
    app.post(&format!("/v1/posts/activeInActivePost/{post}"), Some(&viewer), json!({ "isActive": false }))
        .await
        .expect(403);
    app.post("/admin/event/eventFilter", Some(&viewer), json!({})).await.expect(403);
    app.post(&format!("/admin/reportPost/deletePost/{post}"), Some(&viewer), json!({})).await.expect(403);

    app.sub_admin(&t, "events@example.org", json!([{ "slug": "/event", "actions": ["view"] }])).await;
    let events = app.token_of("/admin-login/login", "events@example.org").await;
    app.post(&format!("/admin/event/findEvent/{eid}"), Some(&events), json!({ "status": 2 })).await.expect(200);
    app.call(Method::DELETE, "/v1/event/removeMember", Some(&events), Some(json!({ "_id": member }))).await.expect(403);
    app.post(&format!("/admin/event/deleteEvent/{eid}"), Some(&events), json!({ "isDeleted": true })).await.expect(403);
    let res = app
        .client
        .get(format!("{}/v1/event/eventDetailsExport/{eid}", app.base))
        .bearer_auth(&events)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200, "viewers may export");

    app.identity
        .create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", "0000000000000000000000a1")
        .await
        .unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "npo@example.org").await;
    app.post("/admin/admin-community/communityList", Some(&npo), json!({})).await.expect(403);
    app.post("/admin/admin-community/create", Some(&npo), community_body("Mine", &cover, &[], &[])).await.expect(403);
    app.post(&format!("/v1/posts/likeUnlikePost/{post}"), Some(&npo), json!({})).await.expect(403);
    app.call(Method::DELETE, "/v1/event/removeMember", Some(&npo), Some(json!({ "_id": member }))).await.expect(403);
    app.post("/admin/reportPost/reportPostList", Some(&npo), json!({})).await.expect(403);

    // Nothing changed.
    let r = app.post(&format!("/admin/event/findEvent/{eid}"), Some(&t), json!({ "status": 2 })).await.expect(200);
    assert_eq!(r.body["total_records"], 1);
    let r = app.post("/v1/posts/communityPosts", Some(&t), json!({ "communityId": cid })).await.expect(200);
    assert_eq!(
        (
            r.body["data"][0]["likesCount"].as_i64(),
            r.body["data"][0]["commentsCount"].as_i64(),
            r.body["data"][0]["isActive"].as_bool()
        ),
        (Some(0), Some(0), Some(true))
    );
    let r = app.post("/admin/admin-community/communityList", Some(&t), json!({})).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["isHidden"].as_bool()), (Some(1), Some(false)));
}

pub(crate) type Client = pb::engagement_client::EngagementClient<tonic::transport::Channel>;

pub(crate) async fn join_community(c: &mut Client, community: &str, d: pb::DonorRef) {
    c.join_community(pb::JoinCommunityRequest { community_id: community.into(), donor: Some(d), actor: None })
        .await
        .expect("joined");
}

async fn join_event(c: &mut Client, event: &str, d: pb::DonorRef, status: i32) {
    c.join_event(pb::JoinEventRequest { event_id: event.into(), donor: Some(d), status, actor: None })
        .await
        .expect("joined");
}

async fn create_post(c: &mut Client, community: &str, d: pb::DonorRef, text: &str) -> String {
    let req = pb::CreatePostRequest {
        community_id: community.into(),
        donor: Some(d),
        text: text.into(),
        images: vec![],
        actor: None,
    };
    c.create_post(req).await.expect("posted").into_inner().id
}

async fn report_post(c: &mut Client, post: &str, d: pb::DonorRef, reason: &str) {
    c.report_post(pb::ReportPostRequest { post_id: post.into(), donor: Some(d), reason: reason.into(), actor: None })
        .await
        .expect("reported");
}
