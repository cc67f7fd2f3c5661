//! Search everywhere over REST (GET /admin/search, issue 36), on SQLite and on PostgreSQL:
//! what the main admin finds, what a sub-admin may not see (the palette leaking a record a
//! caller may not view), the query's rules and hostile text, a nonprofit admin refused, and a
//! service that is down marking only its own groups.

use crate::donor::{donate, nonprofit_admin};
use crate::helpers::*;
use serde_json::{Value, json};
use std::time::Duration;

const EMAIL: &str = "ada.search@example.org";

/// `/admin/search?q=…`, the text encoded.
fn path(q: &str) -> String {
    let mut url = reqwest::Url::parse("http://x/admin/search").unwrap();
    url.query_pairs_mut().append_pair("q", q);
    format!("{}?{}", url.path(), url.query().unwrap())
}

/// The kinds of the answer's groups, in order.
fn kinds(r: &Resp) -> Vec<String> {
    groups(r).iter().map(|g| g["kind"].as_str().unwrap().to_string()).collect()
}

fn groups(r: &Resp) -> Vec<Value> {
    r.body["data"]["groups"].as_array().cloned().unwrap_or_default()
}

/// The items of the group of `kind` (panics when the answer holds no such group).
fn items(r: &Resp, kind: &str) -> Vec<Value> {
    let group =
        groups(r).into_iter().find(|g| g["kind"] == kind).unwrap_or_else(|| panic!("no {kind} group: {}", r.body));
    assert_eq!(group["unavailable"], false, "{}", r.body);
    group["items"].as_array().cloned().unwrap()
}

const EVERY_KIND: [&str; 7] = ["nonprofit", "donor", "transaction", "community", "event", "subAdmin", "faq"];

/// A donor with a phone, one donation to it, a nonprofit with its admin, a sub-admin and a FAQ.
struct Seeded {
    admin: String,
    donor: String,
    receipt: String,
    transaction: String,
    nonprofit_admin: String,
}

async fn seed(app: &TestApp) -> Seeded {
    let (t, _) = app.admin().await;
    let body = json!({ "firstName": "Ada", "lastName": "Lovelace", "email": EMAIL, "phoneNumber": "(212) 555-0199" });
    let donor = app.post("/admin/user/create", Some(&t), body).await.expect(200).body["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let tx = donate(app, &donor, ("0000000000000000000000c1", "Water For All"), 2_500, "pi_SearchRef_1", 0).await;
    let nonprofit_admin = nonprofit_admin(app, &t, "nia@water.example.org").await;
    app.sub_admin(&t, "sam.helper@example.org", json!([{ "slug": "/dashboard", "actions": ["view"] }])).await;
    let cat = app.post("/admin/faq-category/create", Some(&t), json!({ "name": "Giving" })).await.expect(200);
    let faq = json!({ "categoryId": cat.body["data"]["_id"], "question": "How is my gift receipted?", "answer": "<p>By mail</p>" });
    app.post("/admin/faq/create", Some(&t), faq).await.expect(200);
    Seeded { admin: t, donor, receipt: tx.receipt_number, transaction: tx.id, nonprofit_admin }
}

/// The main admin finds each kind by what its service matches; a sub-admin holding only
/// Transaction view gets the transaction group alone, and nothing of a donor even for its exact
/// email or phone; parallel callers each get their own groups.
async fn each_caller_finds_only_what_it_may_view(app: TestApp) {
    let s = seed(&app).await;
    let t = s.admin.as_str();

    // By email: every kind is asked, the donor named with its email and phone.
    let r = app.get(&path("ADA.search@"), Some(t)).await.expect(200);
    assert_eq!(r.message(), "Search results");
    assert_eq!(kinds(&r), EVERY_KIND);
    let donors = items(&r, "donor");
    assert_eq!(
        donors,
        [json!({ "_id": s.donor, "title": "Ada Lovelace", "subtitle": "ada.search@example.org · (212) 555-0199" })]
    );
    // By phone, written any way; by name.
    for q in ["212-555-01", "(212) 5550199", "lovelace", "a lovel"] {
        let r = app.get(&path(q), Some(t)).await.expect(200);
        assert_eq!(items(&r, "donor")[0]["_id"], json!(s.donor), "{q}");
    }
    // A transaction by its receipt number (any case) and by its provider reference.
    for q in [s.receipt.to_lowercase(), "pi_SearchRef".to_string()] {
        let r = app.get(&path(&q), Some(t)).await.expect(200);
        let found = items(&r, "transaction");
        assert_eq!(found.len(), 1, "{q}: {}", r.body);
        assert_eq!(found[0]["_id"], json!(s.transaction));
        assert_eq!(found[0]["title"], json!(s.receipt));
        assert_eq!(found[0]["subtitle"], "$25.00 · Ada Lovelace to Water For All · Succeeded");
    }
    // A nonprofit by its Tax ID's start and by name; a sub-admin; a FAQ.
    let r = app.get(&path("12-3456"), Some(t)).await.expect(200);
    assert_eq!(items(&r, "nonprofit")[0]["title"], "Water For All");
    assert_eq!(items(&r, "nonprofit")[0]["subtitle"], "Tax ID 12-3456789 · Approved");
    assert_eq!(items(&app.get(&path("water for"), Some(t)).await.expect(200), "nonprofit").len(), 1);
    let r = app.get(&path("helper"), Some(t)).await.expect(200);
    assert_eq!(items(&r, "subAdmin")[0]["subtitle"], "sam.helper@example.org");
    let r = app.get(&path("receipted"), Some(t)).await.expect(200);
    assert_eq!(items(&r, "faq")[0]["subtitle"], "Giving");

    // A sub-admin holding Transaction view only: one group, and no trace of the donor.
    app.sub_admin(t, "tess@example.org", json!([{ "slug": "/transaction", "actions": ["view"] }])).await;
    let tess = app.token_of("/admin-login/login", "tess@example.org").await;
    for q in [EMAIL, "212-555-0199", "Ada Lovelace", "lovelace"] {
        let r = app.get(&path(q), Some(&tess)).await.expect(200);
        assert_eq!(kinds(&r), ["transaction"], "{q}");
        assert_eq!(items(&r, "transaction"), Vec::<Value>::new(), "{q}");
        let text = r.body.to_string().to_lowercase();
        assert!(!text.contains("lovelace") && !text.contains("ada.search") && !text.contains("donor"), "{q}: {text}");
    }
    // What it may view it finds (the transaction list names the donor too).
    let r = app.get(&path(&s.receipt), Some(&tess)).await.expect(200);
    assert_eq!(items(&r, "transaction")[0]["_id"], json!(s.transaction));
    // Donor add (no view) opens no donor group either.
    app.sub_admin(t, "dan@example.org", json!([{ "slug": "/donor", "actions": ["add"] }])).await;
    let dan = app.token_of("/admin-login/login", "dan@example.org").await;
    let r = app.get(&path(EMAIL), Some(&dan)).await.expect(200);
    assert_eq!(kinds(&r), Vec::<String>::new());

    // A nonprofit admin: refused, whatever it asks.
    let r = app.get(&path(EMAIL), Some(&s.nonprofit_admin)).await.expect(403);
    assert_eq!(r.code(), "FORBIDDEN");
    app.get(&path(EMAIL), None).await.expect(401);

    // In parallel, each caller gets its own answer: its own groups, and never another's
    // records. Twelve searches at once are 84 lookups on a test machine running other tests:
    // a group whose service is slower than the deadline answers unavailable (and empty), which
    // is the search's rule, not a leak; what matters here is whose groups each answer holds.
    let asks = (0..12).map(|i| {
        let (app, token) = (&app, if i % 2 == 0 { t.to_string() } else { tess.clone() });
        async move { (i, app.get(&path(EMAIL), Some(&token)).await) }
    });
    for (i, r) in futures::future::join_all(asks).await {
        let r = r.expect(200);
        if i % 2 == 0 {
            assert_eq!(kinds(&r), EVERY_KIND);
            let donor = groups(&r).into_iter().find(|g| g["kind"] == "donor").unwrap();
            let found = donor["items"].as_array().unwrap().len();
            assert!(found == 1 || (donor["unavailable"] == true && found == 0), "{}", r.body);
        } else {
            assert_eq!(kinds(&r), ["transaction"]);
            let text = r.body.to_string().to_lowercase();
            assert!(!text.contains("lovelace") && !text.contains("ada.search"), "{text}");
        }
    }
    // Once the burst is over, the main admin finds the donor again.
    assert_eq!(items(&app.get(&path(EMAIL), Some(t)).await.expect(200), "donor").len(), 1);
}

#[tokio::test]
async fn each_caller_finds_only_what_it_may_view_on_sqlite() {
    each_caller_finds_only_what_it_may_view(spawn().await).await;
}

#[tokio::test]
async fn each_caller_finds_only_what_it_may_view_on_postgres() {
    if let Some((app, _databases)) = spawn_on_postgres().await {
        each_caller_finds_only_what_it_may_view(app).await;
    }
}

#[tokio::test]
async fn the_query_is_checked_and_hostile_text_is_only_text() {
    let app = spawn().await;
    let s = seed(&app).await;
    let t = s.admin.as_str();
    for (q, message) in [
        (None, "Type at least 2 characters to search"),
        (Some(" a "), "Type at least 2 characters to search"),
        (Some("%"), "Type at least 2 characters to search"),
        (Some(&*"x".repeat(101)), "Search text must be at most 100 characters"),
    ] {
        let url = q.map_or_else(|| "/admin/search".to_string(), path);
        let r = app.get(&url, Some(t)).await.expect(400);
        assert_eq!((r.message(), field(&r.body, "q").as_str(), r.code()), (message, message, "VALIDATION"));
    }
    // 100 characters (not bytes) are fine.
    app.get(&path(&"é".repeat(100)), Some(t)).await.expect(200);
    // Wildcards match themselves, not everything; SQL is text.
    for q in ["%%", "__", "a%", "%@example.org", "'; DROP TABLE donors; --", "\\\\", "\" OR 1=1 --"] {
        let r = app.get(&path(q), Some(t)).await.expect(200);
        for g in groups(&r) {
            assert_eq!((g["unavailable"].clone(), g["items"].clone()), (json!(false), json!([])), "{q}: {}", r.body);
        }
    }
    let r = app.post("/admin/user/userList", Some(t), json!({ "page": 1, "limit": 10 })).await.expect(200);
    assert_eq!(r.body["total_records"], 1, "nothing changed");
}

#[tokio::test]
async fn a_service_that_is_down_marks_only_its_own_groups() {
    let app = spawn_full(|_| {}, |cfg| cfg.services.giving = "http://127.0.0.1:9".into(), Duration::ZERO).await;
    let (t, _) = app.admin().await;
    let cat = app.post("/admin/faq-category/create", Some(&t), json!({ "name": "Giving" })).await.expect(200);
    let faq = json!({ "categoryId": cat.body["data"]["_id"], "question": "Where does my gift go?", "answer": "<p>There</p>" });
    app.post("/admin/faq/create", Some(&t), faq).await.expect(200);
    let r = app.get(&path("gift"), Some(&t)).await.expect(200);
    assert_eq!(kinds(&r), EVERY_KIND);
    for g in groups(&r) {
        let down = g["kind"] == "donor" || g["kind"] == "transaction";
        assert_eq!(g["unavailable"], json!(down), "{}", r.body);
        if down {
            assert_eq!(g["items"], json!([]));
        }
    }
    assert_eq!(items(&r, "faq")[0]["title"], "Where does my gift go?");
    // A caller that may not see giving's kinds gets no group of them: absent, not unavailable.
    app.sub_admin(&t, "fay@example.org", json!([{ "slug": "/category/FAQ", "actions": ["edit"] }])).await;
    let fay = app.token_of("/admin-login/login", "fay@example.org").await;
    let r = app.get(&path("gift"), Some(&fay)).await.expect(200);
    assert_eq!(kinds(&r), ["faq"]);
}
