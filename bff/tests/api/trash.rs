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
