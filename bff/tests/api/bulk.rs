//! Bulk actions over REST (issue 36 section 2), on both backends: one action on many rows,
//! each row by its single-row path's service call; the answer counts what was done and names
//! each refused row with its reason. And the attacks: a right the caller lacks for the named
//! module (403, nothing done), ids of records it may not touch (a stronger sub-admin: that
//! row refused), a nonprofit admin, too many ids, hostile input, another account's job.

use crate::helpers::*;
use reqwest::Method;
use serde_json::{Value, json};
use std::time::Duration;

const BULK: &str = "/admin/bulk";
const JOBS: &str = "/admin/bulk/jobs";
const UNKNOWN: &str = "0000000000000000000000c3";

fn ids_of(r: &Resp, part: &str) -> Vec<String> {
    let mut v: Vec<String> =
        r.body["data"][part].as_array().unwrap().iter().map(|e| e.as_str().unwrap().to_string()).collect();
    v.sort();
    v
}

async fn donor_active(app: &TestApp, t: &str, id: &str) -> Option<bool> {
    let r = app.get(&format!("/admin/user/viewUserDetails/{id}"), Some(t)).await;
    if r.status != 200 {
        return None;
    }
    r.body["data"]["donor"]["isActive"].as_bool()
}

async fn cause(app: &TestApp, t: &str, name: &str) -> String {
    let r = app.post("/admin/cause/create", Some(t), json!({ "name": name, "description": "Helps" })).await.expect(200);
    r.body["data"]["_id"].as_str().unwrap().to_string()
}

async fn bulk_actions(app: TestApp) {
    let (t, _) = app.admin().await;

    // Status on 3 donors, one of them unknown: 2 of 3 done, the unknown one refused.
    let ada = crate::donor::donor(&app, &t, "Ada", "Lovelace", "ada@example.org").await;
    let bo = crate::donor::donor(&app, &t, "Bo", "Diddley", "bo@example.org").await;
    let body = json!({ "module": "/donor", "action": "status", "isActive": false, "ids": [ada, bo, UNKNOWN] });
    let r = app.post(BULK, Some(&t), body).await.expect(200);
    assert_eq!(r.message(), "2 of 3 done, 1 refused");
    let mut both = vec![ada.clone(), bo.clone()];
    both.sort();
    assert_eq!(ids_of(&r, "done"), both);
    assert_eq!(r.body["data"]["refused"][0]["_id"], UNKNOWN);
    assert!(!r.body["data"]["refused"][0]["message"].as_str().unwrap().is_empty(), "{}", r.body);
    assert_eq!(donor_active(&app, &t, &ada).await, Some(false));
    assert_eq!(donor_active(&app, &t, &bo).await, Some(false));
    // Every row done: the single-row path's own message.
    let r = app.post(BULK, Some(&t), json!({ "module": "/donor", "action": "status", "isActive": true, "ids": [ada] }));
    assert_eq!(r.await.expect(200).message(), "Donor activated successfully");

    // Delete of causes, one of them in use: refused with the usage message, the others in the Trash.
    let body = crate::charity::valid_body(&app, &t, "Water For All", "12-3456789").await;
    let used = body["causeIds"][0].as_str().unwrap().to_string();
    app.post("/admin/charity/create", Some(&t), body).await.expect(200);
    let (c1, c2) = (cause(&app, &t, "Bulk One").await, cause(&app, &t, "Bulk Two").await);
    let body = json!({ "module": "/master/cause_management", "action": "delete", "ids": [c1, used, c2] });
    let r = app.post(BULK, Some(&t), body).await.expect(200);
    assert_eq!(r.message(), "2 of 3 done, 1 refused");
    assert_eq!(r.body["data"]["refused"][0]["_id"], used.as_str());
    assert!(
        r.body["data"]["refused"][0]["message"].as_str().unwrap().contains("still used by 1 nonprofit"),
        "{}",
        r.body
    );
    app.get(&format!("/admin/cause/get/{used}"), Some(&t)).await.expect(200);
    app.get(&format!("/admin/cause/get/{c1}"), Some(&t)).await.expect(404);
    let r = app.post("/admin/trash/list", Some(&t), json!({ "modules": ["/master/cause_management"] })).await;
    assert_eq!(r.expect(200).body["total_records"], 2, "the deleted causes are in the Trash");

    // A sub-admin with donor status but not delete asking delete: 403, nothing deleted.
    app.sub_admin(&t, "status@example.org", json!([{ "slug": "/donor", "actions": ["view", "status"] }])).await;
    let st = app.token_of("/admin-login/login", "status@example.org").await;
    let r = app.post(BULK, Some(&st), json!({ "module": "/donor", "action": "delete", "ids": [ada, bo] })).await;
    assert_eq!(r.expect(403).code(), "FORBIDDEN");
    assert!(donor_active(&app, &t, &ada).await.is_some() && donor_active(&app, &t, &bo).await.is_some());
    // Another module it holds nothing of, by naming it: 403 too.
    let r = app.post(BULK, Some(&st), json!({ "module": "/master/cause_management", "action": "delete", "ids": [c1] }));
    r.await.expect(403);
    // What it holds, it does.
    let r =
        app.post(BULK, Some(&st), json!({ "module": "/donor", "action": "status", "isActive": false, "ids": [ada] }));
    assert_eq!(r.await.expect(200).message(), "Donor deactivated successfully");

    // A sub-admin naming a stronger sub-admin among the ids to deactivate: that row refused
    // with the strength message, the weaker ones done.
    let rights = json!({ "slug": "/sub_admin", "actions": ["view", "status"] });
    app.sub_admin(&t, "mallory@example.org", json!([rights])).await;
    let strong = app
        .sub_admin(
            &t,
            "strong@example.org",
            json!([{ "slug": "/sub_admin", "actions": ["view", "status"] }, { "slug": "/donor", "actions": ["view"] }]),
        )
        .await;
    let weak1 = app.sub_admin(&t, "weak1@example.org", json!([{ "slug": "/sub_admin", "actions": ["view"] }])).await;
    let weak2 = app.sub_admin(&t, "weak2@example.org", json!([{ "slug": "/sub_admin", "actions": ["status"] }])).await;
    let mt = app.token_of("/admin-login/login", "mallory@example.org").await;
    let body = json!({ "module": "/sub_admin", "action": "status", "isActive": false, "ids": [weak1, strong, weak2] });
    let r = app.post(BULK, Some(&mt), body).await.expect(200);
    assert_eq!(r.message(), "2 of 3 done, 1 refused");
    assert_eq!(r.body["data"]["refused"][0]["_id"], strong.as_str());
    assert_eq!(
        r.body["data"]["refused"][0]["message"],
        "This sub-admin holds permissions you do not hold: ask the main admin"
    );
    app.login("strong@example.org", "secret12").await.expect(200);
    app.login("weak1@example.org", "secret12").await.expect(403);

    // Hostile input: too many ids, none, an empty one, an unknown module or action, a status
    // without its state, a reject without its reason. Each 400, nothing done.
    let many: Vec<String> = (0..501).map(|i| format!("{i:024x}")).collect();
    let r = app.post(BULK, Some(&t), json!({ "module": "/donor", "action": "status", "isActive": true, "ids": many }));
    assert_eq!(r.await.expect(400).message(), "At most 500 rows at once");
    for (body, message) in [
        (json!({ "module": "/donor", "action": "status", "isActive": true, "ids": [] }), "Choose at least one row"),
        (json!({ "module": "/donor", "action": "status", "isActive": true, "ids": [" "] }), "An id is empty"),
        (json!({ "module": "/donor", "action": "approve", "ids": [ada] }), "This list offers no such bulk action"),
        (json!({ "module": "/transaction", "action": "delete", "ids": [ada] }), "This list offers no such bulk action"),
        (json!({ "module": "/donor", "action": "status", "ids": [ada] }), "isActive is required"),
        (json!({ "module": "/master", "action": "reject", "reason": "  ", "ids": [ada] }), "Please Enter Add Reason"),
    ] {
        assert_eq!(app.post(BULK, Some(&t), body.clone()).await.expect(400).message(), message, "{body}");
    }
    app.post(BULK, Some(&t), json!({ "module": "/donor", "action": "drop", "ids": [ada] })).await.expect(400);
    app.post(BULK, Some(&t), json!({ "module": "/donor", "action": "status", "isActive": true, "ids": "x" }))
        .await
        .expect(400);
    assert_eq!(donor_active(&app, &t, &ada).await, Some(false), "nothing changed");
    // Without a token: 401.
    app.post(BULK, None, json!({ "module": "/donor", "action": "delete", "ids": [ada] })).await.expect(401);

    // Parallel requests on the same rows: each row is changed once per request, never half.
    let body = json!({ "module": "/donor", "action": "status", "isActive": true, "ids": [ada, bo] });
    let calls = (0..6).map(|_| app.post(BULK, Some(&t), body.clone()));
    for r in futures::future::join_all(calls).await {
        assert_eq!(r.expect(200).body["data"]["done"].as_array().unwrap().len(), 2);
    }
    assert_eq!(donor_active(&app, &t, &ada).await, Some(true));

    // Pending giving partners: approve two, reject one with the reason.
    let mut giving = proto::giving::v1::giving_client::GivingClient::connect(app.giving_url.clone()).await.unwrap();
    let mut partners = vec![];
    for (name, email) in
        [("Acme Fund", "acme@example.org"), ("Bolt Aid", "bolt@example.org"), ("Cove", "cove@example.org")]
    {
        let req = proto::giving::v1::ApplyPartnerRequest {
            name: name.into(),
            user_name: "Ava Johnson".into(),
            email_address: email.into(),
            website: "https://www.example.org".into(),
            state: "Texas".into(),
            city: "Austin".into(),
            ..Default::default()
        };
        partners.push(giving.apply_partner(req).await.unwrap().into_inner().id);
    }
    let pending = "/strategic/pending_strategic_partner";
    let body = json!({ "module": pending, "action": "approve", "ids": [partners[0], partners[1]] });
    app.post(BULK, Some(&t), body).await.expect(200);
    let body = json!({ "module": pending, "action": "reject", "reason": "Not a fit", "ids": [partners[2]] });
    let r = app.post(BULK, Some(&t), body).await.expect(200);
    assert_eq!(r.message(), "Giving partner rejected successfully");
    let r = app.post("/admin/strategic-partner/strategicPartnerList", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 2);
    let r = app.get(&format!("/admin/strategic-partner/get/{}", partners[2]), Some(&t)).await.expect(200);
    assert_eq!(
        (r.body["data"]["adminVerification"].as_str(), r.body["data"]["rejectReason"].as_str()),
        (Some("Reject"), Some("Not a fit"))
    );
    // A sub-admin with the pending view but not the partners' status right: 403 (the single
    // row's rule needs both).
    app.sub_admin(&t, "viewer@example.org", json!([{ "slug": pending, "actions": ["view"] }])).await;
    let vt = app.token_of("/admin-login/login", "viewer@example.org").await;
    let r = app.post(BULK, Some(&vt), json!({ "module": pending, "action": "approve", "ids": [partners[2]] }));
    r.await.expect(403);

    // The console learns when to run a job (BULK_JOB_THRESHOLD, 10,000 unless set).
    let r = app.get("/auth/metaData", None).await.expect(200);
    assert_eq!(r.body["data"]["bulkJobThreshold"], 10_000);

    // A job over a filter: the donors matching a search, to done with progress; another
    // account cannot read it.
    for i in 0..12 {
        crate::donor::donor(&app, &t, &format!("Jobby{i}"), "Many", &format!("jobby{i}@example.org")).await;
    }
    let body = json!({ "module": "/donor", "action": "status", "isActive": false, "filter": { "search": "jobby" } });
    let r = app.post(JOBS, Some(&t), body).await.expect(200);
    assert_eq!(r.body["data"]["total"], 12);
    let job = r.body["data"]["_id"].as_str().unwrap().to_string();
    let mut progress = Value::Null;
    for _ in 0..200 {
        progress = app.get(&format!("{JOBS}/{job}"), Some(&t)).await.expect(200).body["data"].clone();
        if progress["state"] != "running" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        (progress["state"].as_str(), progress["total"].as_i64(), progress["done"].as_i64()),
        (Some("done"), Some(12), Some(12)),
        "{progress}"
    );
    assert_eq!(progress["refusedCount"], 0);
    let r = app.post("/admin/user/userList", Some(&t), json!({ "search": "jobby", "isActive": true })).await;
    assert_eq!(r.expect(200).body["total_records"], 0);
    let r = app.get(&format!("{JOBS}/{job}"), Some(&st)).await.expect(404);
    assert_eq!(r.message(), "Bulk job not found");
    // A job the caller may not start, and a filter the list refuses.
    let body = json!({ "module": "/donor", "action": "delete", "filter": {} });
    app.post(JOBS, Some(&st), body).await.expect(403);
    let body = json!({ "module": "/donor", "action": "status", "isActive": true, "filter": { "column": "nope" } });
    app.post(JOBS, Some(&t), body).await.expect(400);
    let body = json!({ "module": "/donor", "action": "status", "isActive": true, "filter": [1] });
    app.post(JOBS, Some(&t), body).await.expect(400);
}

#[tokio::test]
async fn bulk_actions_on_sqlite() {
    bulk_actions(spawn().await).await;
}

#[tokio::test]
async fn bulk_actions_on_postgres() {
    if let Some((app, _databases)) = spawn_on_postgres().await {
        bulk_actions(app).await;
    }
}

/// A nonprofit admin is never let in, whatever it names (its own nonprofit included).
#[tokio::test]
async fn a_nonprofit_admin_may_not_act_in_bulk() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let mut body = crate::charity::valid_body(&app, &t, "Water For All", "12-3456789").await;
    body["adminEmail"] = json!("nia@water.example.org");
    let r = app.post("/admin/charity/create", Some(&t), body).await.expect(200);
    let charity = r.body["data"]["_id"].as_str().unwrap().to_string();
    let link = link_token(&app.nth_mail("nia@water.example.org", 1).await, "/set_password/");
    let set = json!({ "token": link, "newPassword": "secret12" });
    app.post("/admin-login/setPassword", None, set).await.expect(200);
    let npo = app.token_of("/admin-login/charityLogin", "nia@water.example.org").await;
    let r = app
        .post(
            BULK,
            Some(&npo),
            json!({ "module": "/master/charity_management", "action": "status", "isActive": false, "ids": [charity] }),
        )
        .await;
    assert_eq!(r.expect(403).code(), "FORBIDDEN");
    app.post(JOBS, Some(&npo), json!({ "module": "/donor", "action": "delete", "filter": {} })).await.expect(403);
    app.call(Method::GET, &format!("{JOBS}/{UNKNOWN}"), Some(&npo), None).await.expect(403);
}

/// A job walks the list with the screen's own filter (ListCard's `bulk.filter`): deleting every
/// FAQ of one category leaves the other category's FAQs alone.
#[tokio::test]
async fn a_job_acts_only_on_the_rows_its_lists_own_filter_keeps() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let mut cats = vec![];
    for name in ["Giving", "Taxes"] {
        let r = app.post("/admin/faq-category/create", Some(&t), json!({ "name": name })).await.expect(200);
        let cat = r.body["data"]["_id"].as_str().unwrap().to_string();
        for i in 0..3 {
            let body = json!({
                "categoryId": cat, "question": format!("{name} question {i}?"), "answer": "<p>So</p>",
                "order": i, "isActive": true
            });
            app.post("/admin/faq/create", Some(&t), body).await.expect(200);
        }
        cats.push(cat);
    }
    let body = json!({ "module": "/category/FAQ", "action": "delete", "filter": { "categoryId": cats[0] } });
    let r = app.post(JOBS, Some(&t), body).await.expect(200);
    assert_eq!(r.body["data"]["total"], 3, "the filter's rows only");
    let job = r.body["data"]["_id"].as_str().unwrap().to_string();
    let mut progress = Value::Null;
    for _ in 0..400 {
        progress = app.get(&format!("{JOBS}/{job}"), Some(&t)).await.expect(200).body["data"].clone();
        if progress["state"] != "running" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!((progress["state"].as_str(), progress["done"].as_i64()), (Some("done"), Some(3)), "{progress}");
    let count = |cat: &str| app.post("/admin/faq/list", Some(&t), json!({ "categoryId": cat }));
    assert_eq!(count(&cats[0]).await.expect(200).body["total_records"], 0);
    assert_eq!(count(&cats[1]).await.expect(200).body["total_records"], 3, "the other category's FAQs stay");
    let r = app.post("/admin/trash/list", Some(&t), json!({ "modules": ["/category/FAQ"] })).await.expect(200);
    assert_eq!(r.body["total_records"], 3, "the deleted ones wait in the trash");
}
