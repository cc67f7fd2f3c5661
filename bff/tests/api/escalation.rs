//! The escalation attacks of issue 11 section 6, over HTTP as a signed-in sub-admin would
//! try them: granting itself everything through its own record, and creating a sub-admin
//! with more than it holds. Each is refused with 403 FORBIDDEN and writes nothing.

use crate::helpers::*;
use reqwest::Method;
use serde_json::{Value, json};

/// Every module with every action it offers (what the main admin holds).
fn everything() -> Value {
    json!(proto::modules::all().iter().map(|m| json!({ "slug": m.slug, "actions": m.actions })).collect::<Vec<_>>())
}

fn body(email: &str, permissions: Value) -> Value {
    json!({ "firstName": "Sam", "lastName": "Helper", "email": email, "password": "secret12", "permissions": permissions })
}

/// The permissions of a sub-admin as the main admin reads them back (slug, actions).
async fn permissions_of(app: &TestApp, admin: &str, id: &str) -> Value {
    let r = app.get(&format!("/admin/sub-admin/get/{id}"), Some(admin)).await.expect(200);
    json!(r.body["data"]["permissions"].as_array().unwrap().iter().map(|p| json!([p["slug"], p["actions"]])).collect::<Vec<_>>())
}

#[track_caller]
fn assert_refused(r: Resp, message: &str) {
    let r = r.expect(403);
    assert_eq!((r.code(), r.message()), ("FORBIDDEN", message));
}

#[tokio::test]
async fn a_sub_admin_cannot_grant_itself_everything_through_its_own_record() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let granted = json!([{ "slug": "/donor", "actions": ["view"] }, { "slug": "/sub_admin", "actions": ["view", "edit"] }]);
    let id = app.sub_admin(&t, "climber@example.org", granted).await;
    let before = permissions_of(&app, &t, &id).await;
    let st = app.token_of("/admin-login/login", "climber@example.org").await;

    let path = format!("/admin/sub-admin/update/{id}");
    let r = app.patch(&path, Some(&st), body("climber@example.org", everything())).await;
    assert_refused(r, "You cannot edit your own account: ask the main admin");
    // Twenty at once fare no better.
    let attempts = (0..20).map(|_| app.patch(&path, Some(&st), body("climber@example.org", everything())));
    for r in futures::future::join_all(attempts).await {
        assert_refused(r, "You cannot edit your own account: ask the main admin");
    }
    assert_eq!(permissions_of(&app, &t, &id).await, before, "nothing changed");
    let r = app.login("climber@example.org", "secret12").await.expect(200);
    assert_eq!(r.body["data"]["permissions"].as_array().unwrap().len(), 2);
    app.post("/admin/sub-admin/create", Some(&st), body("x@example.org", json!([]))).await.expect(403);
}

#[tokio::test]
async fn a_sub_admin_cannot_create_a_sub_admin_with_more_rights_than_it_holds() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let granted = json!([{ "slug": "/donor", "actions": ["view"] }, { "slug": "/sub_admin", "actions": ["view", "add"] }]);
    app.sub_admin(&t, "maker@example.org", granted).await;
    let st = app.token_of("/admin-login/login", "maker@example.org").await;

    let more = [
        (everything(), "Only the main admin can grant Sub Admin permissions"),
        (json!([{ "slug": "/donor", "actions": ["view", "delete"] }]), "You can only grant permissions you hold yourself"),
        (json!([{ "slug": "/transaction", "actions": ["view"] }]), "You can only grant permissions you hold yourself"),
        (json!([{ "slug": "/donor", "actions": ["view"] }, { "slug": "/sub_admin", "actions": ["view"] }]), "Only the main admin can grant Sub Admin permissions"),
    ];
    for (i, (permissions, message)) in more.iter().enumerate() {
        let r = app.post("/admin/sub-admin/create", Some(&st), body(&format!("more{i}@example.org"), permissions.clone())).await;
        assert_refused(r, message);
    }
    let attempts = (0..20).map(|i| app.post("/admin/sub-admin/create", Some(&st), body(&format!("p{i}@example.org"), everything())));
    for r in futures::future::join_all(attempts).await {
        assert_refused(r, "Only the main admin can grant Sub Admin permissions");
    }
    let r = app.post("/admin/sub-admin/subAdminList", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 1, "nothing was created");
    for i in 0..4 {
        app.login(&format!("more{i}@example.org"), "secret12").await.expect(400);
    }

    // What it holds, it may hand on.
    let r = app.post("/admin/sub-admin/create", Some(&st), body("peer@example.org", json!([{ "slug": "/donor", "actions": ["view"] }]))).await.expect(200);
    let id = r.body["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(permissions_of(&app, &t, &id).await, json!([["/donor", ["view"]]]));
}

#[tokio::test]
async fn a_sub_admin_edits_a_richer_peer_without_touching_what_it_does_not_hold() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    app.sub_admin(&t, "editor@example.org", json!([{ "slug": "/donor", "actions": ["view", "edit"] }, { "slug": "/sub_admin", "actions": ["edit", "status"] }])).await;
    let peer = app
        .sub_admin(&t, "peer@example.org", json!([{ "slug": "/donor", "actions": ["view", "delete"] }, { "slug": "/sub_admin", "actions": ["view"] }]))
        .await;
    let st = app.token_of("/admin-login/login", "editor@example.org").await;
    let path = format!("/admin/sub-admin/update/{peer}");

    // Stripping a right it does not hold, or Sub Admin rights, is refused.
    let r = app.patch(&path, Some(&st), body("peer@example.org", json!([{ "slug": "/donor", "actions": ["view"] }, { "slug": "/sub_admin", "actions": ["view"] }]))).await;
    assert_refused(r, "You can only remove permissions you hold yourself");
    let r = app.patch(&path, Some(&st), body("peer@example.org", json!([{ "slug": "/donor", "actions": ["view", "delete"] }]))).await;
    assert_refused(r, "Only the main admin can remove Sub Admin permissions");
    assert_eq!(permissions_of(&app, &t, &peer).await, json!([["/donor", ["view", "delete"]], ["/sub_admin", ["view"]]]));

    // Adding and removing what it holds, keeping the rest as it was, goes through.
    let kept = json!([{ "slug": "/donor", "actions": ["edit", "delete"] }, { "slug": "/sub_admin", "actions": ["view"] }]);
    app.patch(&path, Some(&st), body("peer@example.org", kept)).await.expect(200);
    assert_eq!(permissions_of(&app, &t, &peer).await, json!([["/donor", ["edit", "delete"]], ["/sub_admin", ["view"]]]));
    let r = app.login("peer@example.org", "secret12").await.expect(200);
    assert_eq!(r.body["data"]["permissions"][0]["actions"], json!(["edit", "delete"]));

    // It never deactivates or deletes itself; the main admin is out of reach (not a sub-admin).
    let me = app.login("editor@example.org", "secret12").await.expect(200).body["data"]["_id"].as_str().unwrap().to_string();
    let r = app.patch(&format!("/admin/sub-admin/subAdminStatus/{me}"), Some(&st), json!({ "isActive": false })).await;
    assert_refused(r, "You cannot change your own permissions or status");
    let admin_id = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(200).body["data"]["_id"].as_str().unwrap().to_string();
    app.patch(&format!("/admin/sub-admin/subAdminStatus/{admin_id}"), Some(&st), json!({ "isActive": false })).await.expect(404);
    app.patch(&format!("/admin/sub-admin/update/{admin_id}"), Some(&st), body("admin2@example.org", json!([{ "slug": "/donor", "actions": ["view"] }]))).await.expect(404);
    app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(200);
    app.login("editor@example.org", "secret12").await.expect(200);
}

#[tokio::test]
async fn a_nonprofit_admin_never_reaches_the_sub_admin_calls() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let id = app.sub_admin(&t, "some@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])).await;
    app.identity.create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", "000000000000000000000001").await.unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "npo@example.org").await;
    let calls = [
        (Method::POST, "/admin/sub-admin/create".to_string(), Some(body("n@example.org", json!([{ "slug": "/dashboard", "actions": ["view"] }])))),
        (Method::PATCH, format!("/admin/sub-admin/update/{id}"), Some(body("some@example.org", json!([{ "slug": "/dashboard", "actions": ["view"] }])))),
        (Method::PATCH, format!("/admin/sub-admin/subAdminStatus/{id}"), Some(json!({ "isActive": false }))),
        (Method::DELETE, format!("/admin/sub-admin/delete/{id}"), None),
        (Method::POST, "/admin/sub-admin/subAdminList".to_string(), Some(json!({}))),
        (Method::GET, format!("/admin/sub-admin/get/{id}"), None),
    ];
    for (method, path, b) in calls {
        let r = app.call(method, &path, Some(&npo), b).await.expect(403);
        assert_eq!(r.code(), "FORBIDDEN", "{path}");
    }
    assert_eq!(permissions_of(&app, &t, &id).await, json!([["/donor", ["view"]]]));
    app.login("some@example.org", "secret12").await.expect(200);
}

#[tokio::test]
async fn a_nonprofit_admin_cannot_onboard_even_its_own_nonprofit() {
    let app = spawn().await;
    let own = "0000000000000000000000a1";
    app.identity.create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", own).await.unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "npo@example.org").await;
    let r = app.patch(&format!("/admin/charity/update/{own}"), Some(&npo), json!({ "onboard": true })).await.expect(403);
    assert_eq!(r.code(), "FORBIDDEN");
    // Without the flag the door opens (the nonprofit does not exist: 400 or 404, never 403).
    let r = app.patch(&format!("/admin/charity/update/{own}"), Some(&npo), json!({})).await;
    assert!(![401, 403].contains(&r.status.as_u16()), "{}", r.body);
}
