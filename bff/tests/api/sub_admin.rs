use crate::helpers::*;
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn the_main_admin_creates_views_updates_and_deletes_a_sub_admin() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r = app
        .post(
            "/admin/sub-admin/create",
            Some(&t),
            json!({ "firstName": "Dana", "lastName": "Lee", "email": "Dana@Example.org", "password": "secret12",
                    "permissions": [{ "slug": "/donor", "actions": ["view"] }] }),
        )
        .await
        .expect(200);
    assert_eq!(r.message(), "Sub admin created successfully");
    let id = r.body["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(r.body["data"]["email"], "dana@example.org");

    let r = app.get(&format!("/admin/sub-admin/get/{id}"), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["firstName"], "Dana");
    assert_eq!(r.body["data"]["isActive"], true);
    assert_eq!(
        r.body["data"]["permissions"],
        json!([{ "slug": "/donor", "title": "Donor Management", "actions": ["view"] }])
    );

    let r = app
        .call(
            Method::PATCH,
            &format!("/admin/sub-admin/update/{id}"),
            Some(&t),
            Some(json!({ "firstName": "Dana", "lastName": "Park", "email": "dana@example.org",
                         "permissions": [{ "slug": "/donor", "actions": ["view", "edit"] }, { "slug": "/dashboard", "actions": ["view"] }] })),
        )
        .await
        .expect(200);
    assert_eq!(r.message(), "Sub admin updated successfully");
    let r = app.get(&format!("/admin/sub-admin/get/{id}"), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["lastName"], "Park");
    assert_eq!(r.body["data"]["permissions"].as_array().unwrap().len(), 2);
    // The password was left out, so it is unchanged.
    app.login("dana@example.org", "secret12").await.expect(200);

    let r = app.call(Method::DELETE, &format!("/admin/sub-admin/delete/{id}"), Some(&t), None).await.expect(200);
    assert_eq!(r.message(), "Sub admin deleted successfully");
    app.get(&format!("/admin/sub-admin/get/{id}"), Some(&t)).await.expect(404);
    app.login("dana@example.org", "secret12").await.expect(400);
}

#[tokio::test]
async fn creating_a_sub_admin_checks_every_field() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let base = json!({ "firstName": "Ann", "lastName": "Bo", "email": "ann@example.org", "password": "secret12",
                       "permissions": [{ "slug": "/donor", "actions": ["view"] }] });
    let cases = [
        ("firstName", json!(""), "First Name is required"),
        ("lastName", json!("  "), "Last Name is required"),
        ("email", json!(""), "Email is required"),
        ("email", json!("ann@"), "Please enter valid email address."),
        ("password", json!(""), "Password is required"),
        ("password", json!("abc"), "Password must be between 6 and 20 characters"),
        ("permissions", json!([]), "Please select at least one permission"),
        (
            "permissions",
            json!([{ "slug": "/dashboard", "actions": ["delete"] }]),
            "Dashboard does not offer the delete action",
        ),
        ("permissions", json!([{ "slug": "/nowhere", "actions": ["view"] }]), "Unknown module /nowhere"),
    ];
    for (field, value, message) in cases {
        let mut body = base.clone();
        body[field] = value;
        let r = app.post("/admin/sub-admin/create", Some(&t), body).await.expect(400);
        assert_eq!(r.message(), message, "{field}");
        assert_eq!(r.body["errors"][0]["field"], field);
    }
    // Nothing was written by the refused requests.
    let r = app.post("/admin/sub-admin/subAdminList", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 0);
    app.post("/admin/sub-admin/create", Some(&t), base.clone()).await.expect(200);
    let mut dup = base.clone();
    dup["email"] = json!("ANN@example.org");
    let r = app.post("/admin/sub-admin/create", Some(&t), dup).await.expect(409);
    assert_eq!(r.message(), "Email already exists");
}

#[tokio::test]
async fn the_list_pages_searches_and_sorts_on_the_server() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    for (i, name) in ["Carla", "alice", "Bruno", "Dmitri", "Eve"].iter().enumerate() {
        app.post(
            "/admin/sub-admin/create",
            Some(&t),
            json!({ "firstName": name, "lastName": "Tester", "email": if *name == "Eve" { "eve_x@example.org".to_string() } else { format!("u{i}@example.org") }, "password": "secret12",
                    "permissions": [{ "slug": "/donor", "actions": ["view"] }] }),
        )
        .await
        .expect(200);
    }
    let r = app
        .post(
            "/admin/sub-admin/subAdminList",
            Some(&t),
            json!({ "page": 1, "limit": 2, "column": "firstName", "order": "asc" }),
        )
        .await
        .expect(200);
    assert_eq!(r.body["total_records"], 5);
    let names: Vec<_> =
        r.body["data"].as_array().unwrap().iter().map(|u| u["firstName"].as_str().unwrap().to_string()).collect();
    assert_eq!(names, ["alice", "Bruno"]);
    let r = app
        .post(
            "/admin/sub-admin/subAdminList",
            Some(&t),
            json!({ "page": 3, "limit": 2, "column": "firstName", "order": "asc" }),
        )
        .await
        .expect(200);
    assert_eq!(r.body["data"][0]["firstName"], "Eve");
    let r = app
        .post(
            "/admin/sub-admin/subAdminList",
            Some(&t),
            json!({ "page": 1, "limit": 10, "column": "firstName", "order": "desc" }),
        )
        .await
        .expect(200);
    assert_eq!(r.body["data"][0]["firstName"], "Eve");
    let r = app.post("/admin/sub-admin/subAdminList", Some(&t), json!({ "search": "ALI" })).await.expect(200);
    assert_eq!(r.body["total_records"], 1);
    // Wildcards are literal.
    let r = app.post("/admin/sub-admin/subAdminList", Some(&t), json!({ "search": "_" })).await.expect(200);
    assert_eq!(r.body["total_records"], 1);
    let r = app.post("/admin/sub-admin/subAdminList", Some(&t), json!({ "column": "password_hash" })).await.expect(400);
    assert_eq!(r.message(), "Sorting by password_hash is not supported");
    let r = app.post("/admin/sub-admin/subAdminList", Some(&t), json!({ "page": 0 })).await.expect(400);
    assert_eq!(r.message(), "page must be 1 or more");
}

#[tokio::test]
async fn a_sub_admin_holds_only_what_it_was_granted() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    app.sub_admin(&t, "donor.viewer@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])).await;
    let r = app.login("donor.viewer@example.org", "secret12").await.expect(200);
    assert_eq!(r.body["data"]["adminType"], "Sub Admin");
    assert_eq!(
        r.body["data"]["permissions"],
        json!([{ "slug": "/donor", "title": "Donor Management", "actions": ["view"] }])
    );
    let st = r.body["data"]["authToken"].as_str().unwrap().to_string();
    // Refused by the server, with the distinct code.
    for (method, path) in [
        (Method::POST, "/admin/sub-admin/subAdminList"),
        (Method::POST, "/admin/sub-admin/create"),
        (Method::GET, "/admin/sub-admin/get/000000000000000000000000"),
        (Method::PATCH, "/admin/sub-admin/subAdminStatus/000000000000000000000000"),
        (Method::DELETE, "/admin/sub-admin/delete/000000000000000000000000"),
    ] {
        let r = app.call(method, path, Some(&st), Some(json!({}))).await.expect(403);
        assert_eq!(r.code(), "FORBIDDEN");
    }
    // Signed-in calls are open to it.
    app.get("/v1/common/getAllCountry", Some(&st)).await.expect(200);
}

#[tokio::test]
async fn permission_changes_apply_at_once() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let id = app.sub_admin(&t, "grow@example.org", json!([{ "slug": "/sub_admin", "actions": ["view"] }])).await;
    let st = app.login("grow@example.org", "secret12").await.expect(200).body["data"]["authToken"]
        .as_str()
        .unwrap()
        .to_string();
    app.post("/admin/sub-admin/subAdminList", Some(&st), json!({})).await.expect(200);
    app.post("/admin/sub-admin/create", Some(&st), json!({})).await.expect(403);
    app.call(
        Method::PATCH,
        &format!("/admin/sub-admin/update/{id}"),
        Some(&t),
        Some(json!({ "firstName": "Sam", "lastName": "Helper", "email": "grow@example.org", "permissions": [{ "slug": "/sub_admin", "actions": ["add"] }] })),
    )
    .await
    .expect(200);
    app.post("/admin/sub-admin/subAdminList", Some(&st), json!({})).await.expect(403);
    // Now allowed to add: the request reaches validation.
    app.post("/admin/sub-admin/create", Some(&st), json!({})).await.expect(400);
}

#[tokio::test]
async fn deactivating_a_sub_admin_ends_its_sessions_and_blocks_sign_in() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let id = app.sub_admin(&t, "pause@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])).await;
    let r = app.login("pause@example.org", "secret12").await.expect(200);
    let (st, sr) = (
        r.body["data"]["authToken"].as_str().unwrap().to_string(),
        r.body["data"]["refreshToken"].as_str().unwrap().to_string(),
    );
    app.get("/v1/common/getAllCountry", Some(&st)).await.expect(200);

    let path = format!("/admin/sub-admin/subAdminStatus/{id}");
    let r = app.call(Method::PATCH, &path, Some(&t), Some(json!({}))).await.expect(400);
    assert_eq!(r.message(), "isActive is required");
    let r = app.call(Method::PATCH, &path, Some(&t), Some(json!({ "isActive": false }))).await.expect(200);
    assert_eq!(r.message(), "Sub admin deactivated successfully");
    assert_eq!(r.body["data"]["isActive"], false);

    app.get("/v1/common/getAllCountry", Some(&st)).await.expect(401);
    app.post("/v1/common/refreshToken", None, json!({ "token": sr })).await.expect(401);
    let r = app.login("pause@example.org", "secret12").await.expect(403);
    assert!(r.message().contains("inactive"));

    let r = app.call(Method::PATCH, &path, Some(&t), Some(json!({ "isActive": true }))).await.expect(200);
    assert_eq!(r.message(), "Sub admin activated successfully");
    app.login("pause@example.org", "secret12").await.expect(200);
}

#[tokio::test]
async fn the_main_admin_is_out_of_reach_of_sub_admin_calls() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(200);
    let admin_id = r.body["data"]["_id"].as_str().unwrap().to_string();
    app.call(Method::DELETE, &format!("/admin/sub-admin/delete/{admin_id}"), Some(&t), None).await.expect(404);
    app.call(
        Method::PATCH,
        &format!("/admin/sub-admin/subAdminStatus/{admin_id}"),
        Some(&t),
        Some(json!({ "isActive": false })),
    )
    .await
    .expect(404);
    app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(200);
}
