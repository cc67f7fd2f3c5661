use crate::helpers::*;
use reqwest::Method;
use serde_json::json;

/// (REST prefix, list path, label) of causes and of nonprofit categories.
const KINDS: [(&str, &str, &str); 2] = [
    ("/admin/cause", "/admin/cause/causeList", "Cause"),
    ("/admin/charity-category", "/admin/charity-category/categoryList", "Category"),
];

#[tokio::test]
async fn causes_and_categories_go_through_their_whole_life() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    for (prefix, list_path, label) in KINDS {
        let r = app.post(&format!("{prefix}/create"), Some(&t), json!({ "name": "Clean Water", "description": "Wells" })).await.expect(200);
        assert_eq!(r.message(), format!("{label} created successfully"));
        let id = r.body["data"]["_id"].as_str().unwrap().to_string();
        assert_eq!(r.body["data"]["isActive"], true);

        let r = app.get(&format!("{prefix}/get/{id}"), Some(&t)).await.expect(200);
        assert_eq!(r.body["data"]["name"], "Clean Water");
        let r = app.call(Method::PATCH, &format!("{prefix}/update/{id}"), Some(&t), Some(json!({ "name": "Safe Water" }))).await.expect(200);
        assert_eq!(r.message(), format!("{label} updated successfully"));
        assert_eq!(r.body["data"]["description"], "Wells", "a rename keeps the description");

        let r = app.post(list_path, Some(&t), json!({ "page": 1, "limit": 10, "search": "safe", "column": "name", "order": "asc" })).await.expect(200);
        assert_eq!(r.body["total_records"], 1);
        assert_eq!(r.body["data"][0]["_id"], id.as_str());

        let status = format!("{prefix}/activeStatus/{id}");
        let r = app.call(Method::PATCH, &status, Some(&t), Some(json!({ "isActive": false }))).await.expect(200);
        assert_eq!(r.message(), format!("{label} deactivated successfully"));
        let r = app.post(&format!("{prefix}/getAll"), Some(&t), json!({})).await.expect(200);
        assert_eq!(r.body["data"], json!([]));
        app.call(Method::PATCH, &status, Some(&t), Some(json!({ "isActive": true }))).await.expect(200);
        let r = app.post(&format!("{prefix}/getAll"), Some(&t), json!({})).await.expect(200);
        assert_eq!(r.body["data"], json!([{ "_id": id, "name": "Safe Water" }]));

        let r = app.post(&format!("{prefix}/delete"), Some(&t), json!({ "id": id })).await.expect(200);
        assert_eq!(r.message(), format!("{label} deleted successfully"));
        let r = app.get(&format!("{prefix}/get/{id}"), Some(&t)).await.expect(404);
        assert_eq!(r.message(), format!("{label} not found"));
    }
}

#[tokio::test]
async fn bad_term_input_gets_the_spec_messages() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    for (prefix, _, label) in KINDS {
        for (name, message) in [("", "Please enter Name"), ("   ", "Please enter valid Name")] {
            let r = app.post(&format!("{prefix}/create"), Some(&t), json!({ "name": name })).await.expect(400);
            assert_eq!(r.message(), message);
            assert_eq!(r.body["errors"][0]["field"], "name");
        }
        app.post(&format!("{prefix}/create"), Some(&t), json!({ "name": "Health" })).await.expect(200);
        let r = app.post(&format!("{prefix}/create"), Some(&t), json!({ "name": "HEALTH" })).await.expect(409);
        assert_eq!(r.message(), format!("{label} already exists"));
        let r = app.call(Method::PATCH, &format!("{prefix}/activeStatus/x"), Some(&t), Some(json!({}))).await.expect(400);
        assert_eq!(r.message(), "isActive is required");
        let r = app.post(&format!("{prefix}/delete"), Some(&t), json!({})).await.expect(400);
        assert_eq!(r.message(), "id is required");
    }
    let r = app.post("/admin/cause/causeList", Some(&t), json!({ "column": "secret" })).await.expect(400);
    assert_eq!(r.message(), "Sorting by secret is not supported");
}

#[tokio::test]
async fn term_rights_are_enforced_per_action() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let id = app.post("/admin/cause/create", Some(&t), json!({ "name": "Arts" })).await.expect(200).body["data"]["_id"].as_str().unwrap().to_string();
    app.sub_admin(&t, "status.only@example.org", json!([{ "slug": "/master/cause_management", "actions": ["status"] }])).await;
    let st = app.login("status.only@example.org", "secret12").await.expect(200).body["data"]["authToken"].as_str().unwrap().to_string();
    // Any granted action opens the list (the module has no view); status toggles.
    app.post("/admin/cause/causeList", Some(&st), json!({})).await.expect(200);
    app.get(&format!("/admin/cause/get/{id}"), Some(&st)).await.expect(200);
    app.call(Method::PATCH, &format!("/admin/cause/activeStatus/{id}"), Some(&st), Some(json!({ "isActive": false }))).await.expect(200);
    for (method, path, body) in [
        (Method::POST, "/admin/cause/create".to_string(), json!({ "name": "X" })),
        (Method::PATCH, format!("/admin/cause/update/{id}"), json!({ "name": "X" })),
        (Method::POST, "/admin/cause/delete".to_string(), json!({ "id": id })),
        (Method::POST, "/admin/charity-category/categoryList".to_string(), json!({})),
    ] {
        let r = app.call(method, &path, Some(&st), Some(body)).await.expect(403);
        assert_eq!(r.code(), "FORBIDDEN");
    }
    // Select lists are open to any signed-in account.
    app.post("/admin/charity-category/getAll", Some(&st), json!({})).await.expect(200);
    app.post("/admin/cause/getAll", None, json!({})).await.expect(401);
}
