//! The Trash over REST (issue 36): a delete moves its record to the trash, the Trash lists what
//! the caller may restore, restore brings it back whole and purge deletes it for good; and the
//! attacks: a sub-admin restoring or purging in a module it may not delete in, a replayed
//! restore, parallel restores, a nonprofit admin, hostile input.

use crate::helpers::*;
use reqwest::Method;
use serde_json::{Value, json};

async fn leadership(app: &TestApp, t: &str, name: &str) -> String {
    let body = json!({ "name": name, "title": "Chair", "photo": "p.png", "order": 0, "isActive": true });
    let r = app.post("/admin/leadership/addLeadership", Some(t), body).await.expect(200);
    r.body["data"]["_id"].as_str().unwrap().to_string()
}

async fn faq(app: &TestApp, t: &str) -> (String, String) {
    let r = app.post("/admin/faq-category/create", Some(t), json!({ "name": "Giving" })).await.expect(200);
    let cat = r.body["data"]["_id"].as_str().unwrap().to_string();
    let body =
        json!({ "categoryId": cat, "question": "How do I give?", "answer": "<p>So</p>", "order": 0, "isActive": true });
    let r = app.post("/admin/faq/create", Some(t), body).await.expect(200);
    (cat, r.body["data"]["_id"].as_str().unwrap().to_string())
}

fn ids(r: &Resp) -> Vec<String> {
    r.body["data"].as_array().unwrap().iter().map(|e| e["_id"].as_str().unwrap().to_string()).collect()
}

fn item(module: &str, id: &str) -> Value {
    json!({ "items": [{ "module": module, "_id": id }] })
}

const LEADERSHIP: &str = "/content_management/leadership";
const FAQ: &str = "/category/FAQ";

#[tokio::test]
async fn a_delete_goes_to_the_trash_and_comes_back_whole_or_goes_for_good() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let ada = leadership(&app, &t, "Ada Lovelace").await;
    let bo = leadership(&app, &t, "Bo").await;
    let (_, question) = faq(&app, &t).await;
    let r = app.call(Method::DELETE, &format!("/admin/leadership/deleteLeadership/{ada}"), Some(&t), None).await;
    assert_eq!(r.expect(200).message(), "Leadership deleted successfully", "the spec's message stays");
    app.call(Method::DELETE, &format!("/admin/leadership/deleteLeadership/{bo}"), Some(&t), None).await.expect(200);
    app.call(Method::DELETE, &format!("/admin/faq/delete/{question}"), Some(&t), None).await.expect(200);

    // Gone from its list, its record and the public site.
    let r = app.post("/admin/leadership/listLeadership", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 0);
    app.get(&format!("/admin/leadership/getLeadership/{ada}"), Some(&t)).await.expect(404);
    let r = app.get("/v1/public/leadership", None).await.expect(200);
    assert!(!r.body.to_string().contains("Ada"), "{}", r.body);

    // The Trash lists them with who deleted them and when they go for good.
    let r = app.post("/admin/trash/list", Some(&t), json!({ "page": 1, "limit": 10 })).await.expect(200);
    assert_eq!(r.body["total_records"], 3);
    let first = &r.body["data"][0];
    assert!(first["deletedAt"].as_i64().unwrap() > 0);
    assert_eq!(first["deletedBy"]["type"], "Admin");
    assert!(!first["deletedBy"]["name"].as_str().unwrap().is_empty());
    let days = (first["purgeAt"].as_i64().unwrap() - first["deletedAt"].as_i64().unwrap()) / 86_400_000;
    assert_eq!(days, 30, "the default retention");
    let r = app.post("/admin/trash/list", Some(&t), json!({ "search": "lovelace" })).await.expect(200);
    assert_eq!(ids(&r), std::slice::from_ref(&ada));
    let r = app.post("/admin/trash/list", Some(&t), json!({ "modules": [FAQ] })).await.expect(200);
    assert_eq!(ids(&r), std::slice::from_ref(&question));
    let r = app.post("/admin/trash/list", Some(&t), json!({ "column": "name", "order": "asc", "limit": 2 })).await;
    let names: Vec<_> = r.expect(200).body["data"].as_array().unwrap().iter().map(|e| e["name"].clone()).collect();
    assert_eq!(names, [json!("Ada Lovelace"), json!("Bo")]);
    let r = app.post("/admin/trash/list", Some(&t), json!({ "page": 2, "limit": 2 })).await.expect(200);
    assert_eq!((r.body["data"].as_array().unwrap().len(), r.body["total_records"].as_i64()), (1, Some(3)));

    // Restore (the console's Undo): back in its list and on the public site.
    let r = app.post("/admin/trash/restore", Some(&t), item(LEADERSHIP, &ada)).await.expect(200);
    assert_eq!(r.message(), "Restored successfully");
    assert_eq!(r.body["data"]["done"][0]["name"], "Ada Lovelace");
    app.get(&format!("/admin/leadership/getLeadership/{ada}"), Some(&t)).await.expect(200);
    let r = app.get("/v1/public/leadership", None).await.expect(200);
    assert!(r.body.to_string().contains("Ada Lovelace"), "the public answer is renewed: {}", r.body);
    // A replayed restore finds nothing to restore, and changes nothing.
    let r = app.post("/admin/trash/restore", Some(&t), item(LEADERSHIP, &ada)).await.expect(404);
    assert_eq!(r.message(), common::trash::NOT_IN_TRASH);

    // Purge: gone for good; many at once say what each did.
    let body = json!({ "items": [{ "module": LEADERSHIP, "_id": bo }, { "module": FAQ, "_id": question }, { "module": FAQ, "_id": "nope" }] });
    let r = app.post("/admin/trash/purge", Some(&t), body).await.expect(200);
    assert_eq!(r.message(), "2 of 3 done, 1 refused");
    assert_eq!(r.body["data"]["refused"][0]["_id"], "nope");
    assert_eq!(r.body["data"]["refused"][0]["message"], common::trash::NOT_IN_TRASH);
    let r = app.post("/admin/trash/list", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 0);
    app.post("/admin/trash/restore", Some(&t), item(LEADERSHIP, &bo)).await.expect(404);
}

#[tokio::test]
async fn only_the_delete_right_of_a_records_module_restores_or_purges_it() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let ada = leadership(&app, &t, "Ada").await;
    let (_, question) = faq(&app, &t).await;
    app.call(Method::DELETE, &format!("/admin/leadership/deleteLeadership/{ada}"), Some(&t), None).await.expect(200);
    app.call(Method::DELETE, &format!("/admin/faq/delete/{question}"), Some(&t), None).await.expect(200);

    // No delete right anywhere: the Trash is closed.
    app.sub_admin(&t, "edit@example.org", json!([{ "slug": LEADERSHIP, "actions": ["add", "edit"] }])).await;
    let editor = app.token_of("/admin-login/login", "edit@example.org").await;
    for path in ["/admin/trash/list", "/admin/trash/restore", "/admin/trash/purge"] {
        let r = app.post(path, Some(&editor), item(LEADERSHIP, &ada)).await.expect(403);
        assert_eq!(r.code(), "FORBIDDEN", "{path}");
    }

    // FAQ delete only: sees and restores FAQs, never leadership, even by naming it.
    app.sub_admin(&t, "faq@example.org", json!([{ "slug": FAQ, "actions": ["delete"] }])).await;
    let faqs = app.token_of("/admin-login/login", "faq@example.org").await;
    let r = app.post("/admin/trash/list", Some(&faqs), json!({})).await.expect(200);
    assert_eq!(ids(&r), std::slice::from_ref(&question), "no leadership entry shown");
    let r = app.post("/admin/trash/list", Some(&faqs), json!({ "modules": [LEADERSHIP] })).await.expect(200);
    assert_eq!(r.body["total_records"], 0, "asking for a module it may not delete in shows nothing");
    for path in ["/admin/trash/restore", "/admin/trash/purge"] {
        app.post(path, Some(&faqs), item(LEADERSHIP, &ada)).await.expect(403);
        // Mixed with one it may restore: refused as a whole, nothing done.
        let both = json!({ "items": [{ "module": FAQ, "_id": question }, { "module": LEADERSHIP, "_id": ada }] });
        app.post(path, Some(&faqs), both).await.expect(403);
    }
    let r = app.post("/admin/trash/list", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 2, "nothing was restored or purged");
    app.post("/admin/trash/restore", Some(&faqs), item(FAQ, &question)).await.expect(200);

    // Hostile and wrong input: a clear 400, nothing done.
    for (body, field) in [
        (json!({ "items": [] }), "items"),
        (json!({ "items": [{ "module": "/donor'; DROP TABLE trash;--", "_id": ada }] }), "items"),
        (
            json!({ "items": (0..501).map(|i| json!({ "module": LEADERSHIP, "_id": format!("x{i}") })).collect::<Vec<_>>() }),
            "items",
        ),
    ] {
        let r = app.post("/admin/trash/restore", Some(&t), body).await.expect(400);
        assert!(
            !r.body["errors"].as_array().unwrap().is_empty() && r.body["errors"][0]["field"] == field,
            "{}",
            r.body
        );
    }
    for (body, field) in [
        (json!({ "page": 0 }), "page"),
        (json!({ "limit": 5000 }), "limit"),
        (json!({ "page": 1001, "limit": 10 }), "page"),
        (json!({ "modules": ["/nowhere"] }), "modules"),
        (json!({ "column": "secret" }), "column"),
        (json!({ "search": "x".repeat(101) }), "search"),
    ] {
        let r = app.post("/admin/trash/list", Some(&t), body.clone()).await.expect(400);
        assert_eq!(r.body["errors"][0]["field"], field, "{body}");
    }
    let r = app.post("/admin/trash/list", Some(&t), json!({ "search": "%' OR 1=1 --" })).await.expect(200);
    assert_eq!(r.body["total_records"], 0, "the search is a bound value");

    // Unsigned: 401.
    app.post("/admin/trash/list", None, json!({})).await.expect(401);
}

#[tokio::test]
async fn parallel_restores_of_one_record_restore_it_once() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let ada = leadership(&app, &t, "Ada").await;
    app.call(Method::DELETE, &format!("/admin/leadership/deleteLeadership/{ada}"), Some(&t), None).await.expect(200);
    let calls = (0..6).map(|_| app.post("/admin/trash/restore", Some(&t), item(LEADERSHIP, &ada)));
    let statuses: Vec<u16> = futures::future::join_all(calls).await.iter().map(|r| r.status.as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == 200 || *s == 404), "{statuses:?}");
    let r = app.post("/admin/leadership/listLeadership", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 1, "back once");
}

#[tokio::test]
async fn a_deleted_contact_message_leaves_the_inbox_and_its_counts_until_restored() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let body = json!({ "name": "Eve", "email": "eve@example.org", "subject": "Hello", "message": "Hi there" });
    app.post("/v1/public/contactUs", None, body).await.expect(201);
    let r = app.post("/admin/ContactUs", Some(&t), json!({})).await.expect(200);
    let id = r.body["data"][0]["_id"].as_str().unwrap().to_string();
    // Only the contact form's delete right deletes it.
    app.sub_admin(&t, "reader@example.org", json!([{ "slug": "/category/contact_form", "actions": ["view"] }])).await;
    let reader = app.token_of("/admin-login/login", "reader@example.org").await;
    app.call(Method::DELETE, &format!("/admin/ContactUs/delete/{id}"), Some(&reader), None).await.expect(403);
    let r = app.call(Method::DELETE, &format!("/admin/ContactUs/delete/{id}"), Some(&t), None).await.expect(200);
    assert_eq!(r.message(), "Contact message deleted successfully");
    let r = app.post("/admin/ContactUs", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 0);
    app.get(&format!("/admin/ContactUs/getContactUs/{id}"), Some(&t)).await.expect(404);
    let r = app.post("/admin/trash/list", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["data"][0]["name"], "Eve: Hello");
    app.post("/admin/trash/restore", Some(&t), item("/category/contact_form", &id)).await.expect(200);
    let r = app.post("/admin/ContactUs", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 1);
}

const DONOR: &str = "/donor";

/// What the console shows of donors and their money: the donor list, the dashboard's donor
/// counts and year, both Subscribed Donor tabs and the badges' awarded counts.
async fn donor_screens(app: &TestApp, t: &str) -> Value {
    let list = app.post("/admin/user/userList", Some(t), json!({ "limit": 50 })).await.expect(200).body;
    let counts = app.get("/admin/dashboard/totalDonorUser", Some(t)).await.expect(200).body;
    let year = app.get("/admin/dashboard/yearGraphDashboardUser", Some(t)).await.expect(200).body;
    let mut tabs = vec![];
    for tab in ["subscribeDonor", "oneTime"] {
        let r = app.post(&format!("/admin/subscribed-donor/{tab}"), Some(t), json!({ "limit": 50 })).await.expect(200);
        tabs.push(json!([r.body["total_records"], r.body["data"]]));
    }
    let badges =
        app.post("/admin/badge/badgeList", Some(t), json!({ "limit": 50, "column": "name" })).await.expect(200);
    json!({
        "donors": [list["total_records"], list["data"]],
        "counts": counts["data"],
        "year": year["data"],
        "tabs": tabs,
        "badges": badges.body["data"],
    })
}

fn donor_ids(screens: &Value) -> Vec<String> {
    screens["donors"][1].as_array().unwrap().iter().map(|d| d["_id"].as_str().unwrap().to_string()).collect()
}

/// The members of community `cid` as the console lists them, once engagement's count and
/// list agree with `want` (engagement hears giving's donor events through the bus).
async fn members_become(app: &TestApp, t: &str, cid: &str, want: i64) -> Value {
    let path = format!("/admin/admin-community/members/{cid}");
    for _ in 0..100 {
        let r = app.post(&path, Some(t), json!({ "page": 1, "limit": 10 })).await.expect(200);
        let d = app.get(&format!("/v1/community/getCommunityDetail/{cid}"), Some(t)).await.expect(200);
        if r.body["total_records"] == want && d.body["data"]["membersCount"] == want {
            return r.body["data"].clone();
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("community {cid} never had {want} members");
}

/// Issue 36 for giving: a deleted donor leaves the donor list, the dashboard's figures, the
/// Subscribed Donor tabs, its badges' counts and (engagement, on giving.donor.trashed) its
/// communities' members, and comes back whole on restore; its avatar stays its own until the
/// purge; only its module's delete right restores or purges it; parallel restores restore
/// once; its email taken meanwhile refuses the restore.
async fn a_deleted_donor_leaves_every_screen_and_comes_back_whole(app: TestApp) {
    let (t, _) = app.admin().await;
    let ada = crate::donor::donor(&app, &t, "Ada", "Lovelace", "ada@example.org").await;
    let bob = crate::donor::donor(&app, &t, "Bob", "Builder", "bob@example.org").await;
    let avatar = crate::media::upload_png(&app, &t, "userImage").await;
    let mut body = crate::donor::donor_body("Ada", "Lovelace", "ada@example.org");
    body["avatar"] = json!(avatar);
    app.patch(&format!("/admin/user/update/{ada}"), Some(&t), body).await.expect(200);
    let now = common::now_ms();
    let gift = crate::donor::donate(&app, &ada, ("c1", "Water For All"), 2500, "ch_1", now).await;
    crate::donor::donate(&app, &bob, ("c2", "Books For Kids"), 500, "ch_2", now).await;
    {
        use proto::giving::v1 as pb;
        let mut g = pb::giving_client::GivingClient::connect(app.giving_url.clone()).await.unwrap();
        let recipient =
            pb::Recipient { kind: pb::RecipientKind::Charity as i32, id: "c1".into(), name: "Water For All".into() };
        g.start_subscription(pb::StartSubscriptionRequest {
            donor_id: ada.clone(),
            recipient: Some(recipient),
            amount_cents: 1000,
            currency: "USD".into(),
            interval: "monthly".into(),
            started_at: 0,
            actor: None,
        })
        .await
        .unwrap();
    }
    let cid = crate::engagement::community(&app, &t, "Givers").await;
    let mut c = crate::engagement::client(&app).await;
    let member = |id: &str, name: &str| proto::engagement::v1::DonorRef {
        id: id.into(),
        name: name.into(),
        email: String::new(),
        avatar: String::new(),
    };
    crate::engagement::join_community(&mut c, &cid, member(&ada, "Ada Lovelace")).await;
    crate::engagement::join_community(&mut c, &cid, member(&bob, "Bob Builder")).await;
    let members = members_become(&app, &t, &cid, 2).await;
    let before = donor_screens(&app, &t).await;
    assert_eq!(before["tabs"][0][0], 1, "{before}");

    let r = app.call(Method::DELETE, &format!("/admin/user/delete/{ada}"), Some(&t), None).await.expect(200);
    assert_eq!(r.message(), "Donor deleted successfully", "the spec's message stays");
    let gone = donor_screens(&app, &t).await;
    assert_eq!((gone["donors"][0].as_i64(), donor_ids(&gone)), (Some(1), vec![bob.clone()]));
    assert_eq!((gone["counts"]["total"].as_i64(), gone["counts"]["active"].as_i64()), (Some(1), Some(1)));
    assert_eq!(gone["tabs"][0][0], 0, "gone from the subscribed donors");
    assert_eq!(gone["tabs"][1][0], 1, "and from the one-time donors");
    assert!(!gone.to_string().contains("Lovelace"), "{gone}");
    let left = members_become(&app, &t, &cid, 1).await;
    assert_eq!(left[0]["donorId"].as_str(), Some(bob.as_str()), "gone from its community's members");
    let first =
        |s: &Value| s["badges"].as_array().unwrap().iter().find(|b| b["name"] == "First Gift").cloned().unwrap();
    assert_eq!((first(&before)["awardedCount"].as_i64(), first(&gone)["awardedCount"].as_i64()), (Some(2), Some(1)));
    // Its transactions stay as they were; its avatar stays its own.
    let r = app.get(&format!("/admin/transaction/get/{}", gift.id), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["donorName"], "Ada Lovelace");
    let owner = Some(("giving".to_string(), "donor".to_string(), ada.clone()));
    assert_eq!(crate::media::owner_of(&app, &avatar).await, owner);
    let r = app.post("/admin/trash/list", Some(&t), json!({ "modules": [DONOR] })).await.expect(200);
    assert_eq!((ids(&r), r.body["data"][0]["name"].as_str()), (vec![ada.clone()], Some("Ada Lovelace")));

    // A sub-admin with the donor module's view and edit but not its delete: the Trash is shut
    // (no delete right anywhere), or, with another module's delete, shows and restores no donor.
    let rights = |more: Value| {
        let mut p = vec![json!({ "slug": DONOR, "actions": ["view", "edit"] })];
        if !more.is_null() {
            p.push(more);
        }
        Value::from(p)
    };
    app.sub_admin(&t, "editor@example.org", rights(Value::Null)).await;
    let editor = app.token_of("/admin-login/login", "editor@example.org").await;
    app.sub_admin(&t, "badges@example.org", rights(json!({ "slug": "/badge", "actions": ["delete"] }))).await;
    let badges = app.token_of("/admin-login/login", "badges@example.org").await;
    for who in [&editor, &badges] {
        for path in ["/admin/trash/restore", "/admin/trash/purge"] {
            let r = app.post(path, Some(who), item(DONOR, &ada)).await.expect(403);
            assert_eq!(r.code(), "FORBIDDEN");
        }
    }
    app.post("/admin/trash/list", Some(&editor), json!({})).await.expect(403);
    let r = app.post("/admin/trash/list", Some(&badges), json!({ "modules": [DONOR] })).await.expect(200);
    assert_eq!(r.body["total_records"], 0, "no donor shown to it");

    // Its email taken meanwhile: refused with the reason, nothing changes.
    let other = crate::donor::donor(&app, &t, "Ada", "Two", "ada@example.org").await;
    let r = app.post("/admin/trash/restore", Some(&t), item(DONOR, &ada)).await.expect(409);
    assert_eq!(r.message(), "Another donor has this email now: this donor cannot be restored while it does");
    app.call(Method::DELETE, &format!("/admin/user/delete/{other}"), Some(&t), None).await.expect(200);

    // Restores at once restore once; everything is back as it was.
    let calls = (0..6).map(|_| app.post("/admin/trash/restore", Some(&t), item(DONOR, &ada)));
    let statuses: Vec<u16> = futures::future::join_all(calls).await.iter().map(|r| r.status.as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == 200 || *s == 404), "{statuses:?}");
    assert_eq!(donor_screens(&app, &t).await, before);
    assert_eq!(members_become(&app, &t, &cid, 2).await, members, "back among the members as it was");

    // Purged: gone for good, its avatar released, its transactions anonymised.
    app.call(Method::DELETE, &format!("/admin/user/delete/{ada}"), Some(&t), None).await.expect(200);
    members_become(&app, &t, &cid, 1).await;
    let r = app.post("/admin/trash/purge", Some(&t), item(DONOR, &ada)).await.expect(200);
    assert_eq!(r.message(), "Deleted for good");
    assert_eq!(crate::media::owner_of(&app, &avatar).await, None);
    let r = app.get(&format!("/admin/transaction/get/{}", gift.id), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["donorName"], "Deleted donor");
    app.post("/admin/trash/restore", Some(&t), item(DONOR, &ada)).await.expect(404);
    members_become(&app, &t, &cid, 1).await;
}

#[tokio::test]
async fn a_deleted_donor_leaves_every_screen_and_comes_back_whole_on_sqlite() {
    a_deleted_donor_leaves_every_screen_and_comes_back_whole(spawn().await).await;
}

#[tokio::test]
async fn a_deleted_donor_leaves_every_screen_and_comes_back_whole_on_postgres() {
    if let Some((app, _databases)) = spawn_on_postgres().await {
        a_deleted_donor_leaves_every_screen_and_comes_back_whole(app).await;
    }
}

async fn badge_list(app: &TestApp, t: &str) -> Value {
    app.post("/admin/badge/badgeList", Some(t), json!({ "limit": 50 })).await.expect(200).body
}

/// Badges and giving partners go to the trash too and come back from it.
async fn a_deleted_badge_or_giving_partner_comes_back_from_the_trash(app: TestApp) {
    let (t, _) = app.admin().await;
    let ada = crate::donor::donor(&app, &t, "Ada", "Lovelace", "ada@example.org").await;
    crate::donor::donate(&app, &ada, ("c1", "Water For All"), 2500, "ch_1", common::now_ms()).await;
    let before = badge_list(&app, &t).await;
    let first = before["data"].as_array().unwrap().iter().find(|b| b["name"] == "First Gift").unwrap().clone();
    let id = first["_id"].as_str().unwrap();
    assert_eq!(first["awardedCount"], 1);
    let r = app.call(Method::DELETE, &format!("/admin/badge/delete/{id}"), Some(&t), None).await.expect(200);
    assert_eq!(r.message(), "Badge deleted successfully");
    assert_eq!(badge_list(&app, &t).await["total_records"], 4);
    let r = app.get(&format!("/admin/user/viewUserDetails/{ada}"), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["badges"], json!([]), "its award waits with it");
    app.post("/admin/trash/restore", Some(&t), item("/badge", id)).await.expect(200);
    assert_eq!(badge_list(&app, &t).await, before, "back with its award and count");

    let p = {
        use proto::giving::v1 as pb;
        let mut g = pb::giving_client::GivingClient::connect(app.giving_url.clone()).await.unwrap();
        let apply = pb::ApplyPartnerRequest {
            name: "Cove Fund".into(),
            user_name: "Ava Johnson".into(),
            email_address: "cove@example.org".into(),
            website: "https://www.example.org".into(),
            state: "Texas".into(),
            city: "Austin".into(),
            ..Default::default()
        };
        g.apply_partner(apply).await.unwrap().into_inner()
    };
    let r = app.post("/admin/strategic-partner/deleteByAdmin", Some(&t), json!({ "strategicPartnerId": p.id })).await;
    assert_eq!(r.expect(200).message(), "Giving partner deleted successfully");
    let r = app.post("/admin/strategic-partner/pending-List", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 0);
    let r = app.post("/admin/trash/list", Some(&t), json!({ "modules": ["/strategic"] })).await.expect(200);
    assert_eq!(r.body["data"][0]["name"], "Cove Fund");
    app.post("/admin/trash/restore", Some(&t), item("/strategic", &p.id)).await.expect(200);
    let r = app.post("/admin/strategic-partner/pending-List", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 1);
}

#[tokio::test]
async fn a_deleted_badge_or_giving_partner_comes_back_from_the_trash_on_sqlite() {
    a_deleted_badge_or_giving_partner_comes_back_from_the_trash(spawn().await).await;
}

#[tokio::test]
async fn a_deleted_badge_or_giving_partner_comes_back_from_the_trash_on_postgres() {
    if let Some((app, _databases)) = spawn_on_postgres().await {
        a_deleted_badge_or_giving_partner_comes_back_from_the_trash(app).await;
    }
}
