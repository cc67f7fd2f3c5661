//! The escalation attacks of issue 11 section 6 and issue 32 section 1, over HTTP as a signed-in
//! sub-admin would try them: granting itself everything through its own record, creating a
//! sub-admin with more than it holds, taking over a stronger sub-admin (its password, its email,
//! its status, its factor, its account). Each is refused with 403 FORBIDDEN and writes nothing.

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

/// The grants of a sub-admin as the main admin reads them back, each as `each` writes it.
async fn grants(app: &TestApp, admin: &str, id: &str, each: fn(&Value) -> Value) -> Value {
    let r = app.get(&format!("/admin/sub-admin/get/{id}"), Some(admin)).await.expect(200);
    json!(r.body["data"]["permissions"].as_array().unwrap().iter().map(each).collect::<Vec<_>>())
}

/// The permissions of a sub-admin as the main admin reads them back (slug, actions).
async fn permissions_of(app: &TestApp, admin: &str, id: &str) -> Value {
    grants(app, admin, id, |p| json!([p["slug"], p["actions"]])).await
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
    let granted =
        json!([{ "slug": "/donor", "actions": ["view"] }, { "slug": "/sub_admin", "actions": ["view", "edit"] }]);
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
    let granted =
        json!([{ "slug": "/donor", "actions": ["view"] }, { "slug": "/sub_admin", "actions": ["view", "add"] }]);
    app.sub_admin(&t, "maker@example.org", granted).await;
    let st = app.token_of("/admin-login/login", "maker@example.org").await;

    let more = [
        (everything(), "Only the main admin can grant Sub Admin permissions"),
        (
            json!([{ "slug": "/donor", "actions": ["view", "delete"] }]),
            "You can only grant permissions you hold yourself",
        ),
        (json!([{ "slug": "/transaction", "actions": ["view"] }]), "You can only grant permissions you hold yourself"),
        (
            json!([{ "slug": "/donor", "actions": ["view"] }, { "slug": "/sub_admin", "actions": ["view"] }]),
            "Only the main admin can grant Sub Admin permissions",
        ),
    ];
    for (i, (permissions, message)) in more.iter().enumerate() {
        let r = app
            .post("/admin/sub-admin/create", Some(&st), body(&format!("more{i}@example.org"), permissions.clone()))
            .await;
        assert_refused(r, message);
    }
    let attempts = (0..20)
        .map(|i| app.post("/admin/sub-admin/create", Some(&st), body(&format!("p{i}@example.org"), everything())));
    for r in futures::future::join_all(attempts).await {
        assert_refused(r, "Only the main admin can grant Sub Admin permissions");
    }
    let r = app.post("/admin/sub-admin/subAdminList", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 1, "nothing was created");
    for i in 0..4 {
        app.login(&format!("more{i}@example.org"), "secret12").await.expect(400);
    }

    // What it holds, it may hand on.
    let r = app
        .post(
            "/admin/sub-admin/create",
            Some(&st),
            body("peer@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])),
        )
        .await
        .expect(200);
    let id = r.body["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(permissions_of(&app, &t, &id).await, json!([["/donor", ["view"]]]));
}

const STRONGER: &str = "This sub-admin holds permissions you do not hold: ask the main admin";
const NOT_PASSWORD: &str = "Only the main admin can set another account's password";
const NOT_EMAIL: &str = "Only the main admin can change another account's email";

/// An update body without a password (what a sub-admin's form sends).
fn edit(email: &str, permissions: Value) -> Value {
    json!({ "firstName": "Sam", "lastName": "Helper", "email": email, "permissions": permissions })
}

/// Issue 32 section 1, over HTTP: a sub-admin holding only Sub Admin view and edit (and
/// status and delete) goes after a sub-admin holding service charges, donors, transactions and
/// every Sub Admin action: its own permissions with a new password, its email for a reset link,
/// its status, its factor, its account. Every one is refused and nothing changes; equal and
/// weaker sub-admins it does manage, but never their password or email.
async fn a_sub_admin_never_takes_over_a_stronger_one(app: TestApp) {
    let (t, _) = app.admin().await;
    let sub_admin_rights = json!({ "slug": "/sub_admin", "actions": ["view", "edit", "delete", "status"] });
    app.sub_admin(&t, "mallory@example.org", json!([sub_admin_rights])).await;
    let strong_rights = json!([
        { "slug": "/donor", "actions": ["view", "edit"] }, { "slug": "/transaction", "actions": ["view"] },
        { "slug": "/sub_admin", "actions": ["view", "add", "edit", "delete", "status"] }, { "slug": "/manage_service_charges", "actions": ["edit"] }
    ]);
    let strong = app.sub_admin(&t, "strong@example.org", strong_rights.clone()).await;
    let st = app.token_of("/admin-login/login", "mallory@example.org").await;
    let before = permissions_of(&app, &t, &strong).await;
    let path = format!("/admin/sub-admin/update/{strong}");

    // Its own permissions and a new password; then the attacker's email (a reset link would
    // reach it); then its status, its factor, its account.
    let mut with_password = edit("strong@example.org", json!([sub_admin_rights]));
    with_password["password"] = json!("takeover1");
    assert_refused(app.patch(&path, Some(&st), with_password).await, NOT_PASSWORD);
    assert_refused(app.patch(&path, Some(&st), edit("mallory2@example.org", strong_rights.clone())).await, STRONGER);
    assert_refused(app.patch(&path, Some(&st), edit("strong@example.org", json!([sub_admin_rights]))).await, STRONGER);
    assert_refused(
        app.patch(&format!("/admin/sub-admin/subAdminStatus/{strong}"), Some(&st), json!({ "isActive": false })).await,
        STRONGER,
    );
    app.sub_admin(&t, "resetter@example.org", json!([{ "slug": "/sub_admin", "actions": ["view", "edit"] }])).await;
    let resetter = app.token_of("/admin-login/login", "resetter@example.org").await;
    assert_refused(
        app.post(&format!("/admin/sub-admin/resetTwoFactor/{strong}"), Some(&resetter), json!({})).await,
        STRONGER,
    );
    assert_refused(
        app.call(Method::DELETE, &format!("/admin/sub-admin/delete/{strong}"), Some(&st), None).await,
        STRONGER,
    );
    // Twenty status changes at once fare no better.
    let status = format!("/admin/sub-admin/subAdminStatus/{strong}");
    let attempts = (0..20).map(|_| app.patch(&status, Some(&st), json!({ "isActive": false })));
    for r in futures::future::join_all(attempts).await {
        assert_refused(r, STRONGER);
    }
    // Nothing changed: it signs in with its own password, still strong, with its own email.
    assert_eq!(permissions_of(&app, &t, &strong).await, before);
    let r = app.login("strong@example.org", "secret12").await.expect(200);
    let stoken = r.body["data"]["authToken"].as_str().unwrap().to_string();
    app.get("/admin/setting-master", Some(&stoken)).await.expect(200);
    app.login("strong@example.org", "takeover1").await.expect(400);
    // A reset asked for its email mails it, never the attacker.
    app.post("/admin/sub-admin/forgotPassword", None, json!({ "email": "strong@example.org" })).await.expect(200);
    assert!(app.last_mail("strong@example.org").await.contains("/reset_password/"));
    assert!(app.mails("mallory2@example.org").is_empty() && app.mails("mallory@example.org").is_empty());

    // An equal one and a weaker one it manages (no password, its email as it is) ...
    let equal = app.sub_admin(&t, "equal@example.org", json!([sub_admin_rights])).await;
    let weak = app.sub_admin(&t, "weak@example.org", json!([{ "slug": "/sub_admin", "actions": ["view"] }])).await;
    for (id, email) in [(&equal, "equal@example.org"), (&weak, "weak@example.org")] {
        let r = app
            .patch(
                &format!("/admin/sub-admin/update/{id}"),
                Some(&st),
                edit(email, permissions_json(&app, &t, id).await),
            )
            .await
            .expect(200);
        assert_eq!(r.body["data"]["firstName"], "Sam");
        app.patch(&format!("/admin/sub-admin/subAdminStatus/{id}"), Some(&st), json!({ "isActive": false }))
            .await
            .expect(200);
        app.patch(&format!("/admin/sub-admin/subAdminStatus/{id}"), Some(&st), json!({ "isActive": true }))
            .await
            .expect(200);
        // ... but never its password or email.
        let mut pw = edit(email, permissions_json(&app, &t, id).await);
        pw["password"] = json!("takeover1");
        assert_refused(app.patch(&format!("/admin/sub-admin/update/{id}"), Some(&st), pw).await, NOT_PASSWORD);
        assert_refused(
            app.patch(
                &format!("/admin/sub-admin/update/{id}"),
                Some(&st),
                edit("mallory3@example.org", permissions_json(&app, &t, id).await),
            )
            .await,
            NOT_EMAIL,
        );
        app.login(email, "secret12").await.expect(200);
    }
    app.post(&format!("/admin/sub-admin/resetTwoFactor/{weak}"), Some(&resetter), json!({})).await.expect(200);
    app.call(Method::DELETE, &format!("/admin/sub-admin/delete/{weak}"), Some(&st), None).await.expect(200);
    app.call(Method::DELETE, &format!("/admin/sub-admin/delete/{equal}"), Some(&st), None).await.expect(200);

    // The list names each row's rights, so the console offers actions only on the reachable.
    let r = app.post("/admin/sub-admin/subAdminList", Some(&st), json!({ "page": 1, "limit": 10 })).await.expect(200);
    let row = r.body["data"].as_array().unwrap().iter().find(|r| r["_id"] == strong.as_str()).unwrap().clone();
    assert_eq!(row["permissions"].as_array().unwrap().len(), 4);

    // The main admin sets anything.
    let mut all = edit("strong2@example.org", strong_rights);
    all["password"] = json!("newpass12");
    app.patch(&path, Some(&t), all).await.expect(200);
    app.login("strong2@example.org", "newpass12").await.expect(200);
}

/// The grants of a sub-admin as an update body's `permissions`.
async fn permissions_json(app: &TestApp, admin: &str, id: &str) -> Value {
    grants(app, admin, id, |p| json!({ "slug": p["slug"], "actions": p["actions"] })).await
}

#[tokio::test]
async fn a_sub_admin_never_takes_over_a_stronger_one_on_sqlite() {
    a_sub_admin_never_takes_over_a_stronger_one(spawn().await).await;
}

#[tokio::test]
async fn a_sub_admin_never_takes_over_a_stronger_one_on_postgres() {
    let Some(url) = common::testing::postgres_url() else {
        assert!(
            std::env::var("REQUIRE_SERVICES").is_err_and(|_| true)
                || std::env::var("REQUIRE_SERVICES").is_ok_and(|v| v != "1"),
            "REQUIRE_SERVICES=1 but TEST_DATABASE_URL is unset"
        );
        return;
    };
    let database = common::testing::create_postgres_database(&url).await;
    a_sub_admin_never_takes_over_a_stronger_one(spawn_with(|cfg| cfg.database_url = database.url.clone()).await).await;
}

#[tokio::test]
async fn a_sub_admin_never_touches_itself_or_the_main_admin() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    app.sub_admin(&t, "editor@example.org", json!([{ "slug": "/donor", "actions": ["view", "edit"] }, { "slug": "/sub_admin", "actions": ["edit", "status"] }])).await;
    let st = app.token_of("/admin-login/login", "editor@example.org").await;
    let me =
        app.login("editor@example.org", "secret12").await.expect(200).body["data"]["_id"].as_str().unwrap().to_string();
    let r = app.patch(&format!("/admin/sub-admin/subAdminStatus/{me}"), Some(&st), json!({ "isActive": false })).await;
    assert_refused(r, "You cannot change your own permissions or status");
    let admin_id =
        app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(200).body["data"]["_id"].as_str().unwrap().to_string();
    app.patch(&format!("/admin/sub-admin/subAdminStatus/{admin_id}"), Some(&st), json!({ "isActive": false }))
        .await
        .expect(404);
    app.patch(
        &format!("/admin/sub-admin/update/{admin_id}"),
        Some(&st),
        edit("admin2@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])),
    )
    .await
    .expect(404);
    app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(200);
    app.login("editor@example.org", "secret12").await.expect(200);
}

#[tokio::test]
async fn a_nonprofit_admin_never_reaches_the_sub_admin_calls() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let id = app.sub_admin(&t, "some@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])).await;
    app.identity
        .create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", "000000000000000000000001")
        .await
        .unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "npo@example.org").await;
    let calls = [
        (
            Method::POST,
            "/admin/sub-admin/create".to_string(),
            Some(body("n@example.org", json!([{ "slug": "/dashboard", "actions": ["view"] }]))),
        ),
        (
            Method::PATCH,
            format!("/admin/sub-admin/update/{id}"),
            Some(body("some@example.org", json!([{ "slug": "/dashboard", "actions": ["view"] }]))),
        ),
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
    let r =
        app.patch(&format!("/admin/charity/update/{own}"), Some(&npo), json!({ "onboard": true })).await.expect(403);
    assert_eq!(r.code(), "FORBIDDEN");
    // Without the flag the door opens (the nonprofit does not exist: 400 or 404, never 403).
    let r = app.patch(&format!("/admin/charity/update/{own}"), Some(&npo), json!({})).await;
    assert!(![401, 403].contains(&r.status.as_u16()), "{}", r.body);
}
