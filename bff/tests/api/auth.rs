use crate::helpers::*;
use reqwest::Method;
use serde_json::json;

#[tokio::test]
async fn login_answers_the_session_user_with_every_module_for_the_main_admin() {
    let app = spawn().await;
    let r = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(200);
    assert_eq!(r.message(), "Login Successfully");
    let d = &r.body["data"];
    assert_eq!(d["adminType"], "Admin");
    assert_eq!(d["_id"].as_str().unwrap().len(), 24);
    assert!(d["authToken"].as_str().unwrap().split('.').count() == 3);
    assert!(d["refreshToken"].as_str().unwrap().len() >= 32);
    let perms = d["permissions"].as_array().unwrap();
    assert_eq!(perms.len(), proto::modules::all().len());
    let sub = perms.iter().find(|p| p["slug"] == "/sub_admin").unwrap();
    assert_eq!(sub["title"], "Sub Admin");
    assert_eq!(sub["actions"], json!(["view", "add", "edit", "delete", "status"]));
}

#[tokio::test]
async fn login_refuses_bad_input_with_the_spec_messages() {
    let app = spawn().await;
    let cases = [
        (json!({ "email": "", "password": "x" }), "Email is required"),
        (json!({ "email": "not-an-email", "password": "x" }), "Please enter valid email address."),
        (json!({ "email": "a@b.co", "password": "" }), "Password is required"),
        (json!({ "email": "a@b.co", "password": "has space" }), "Password must not contain while spaces"),
    ];
    for (body, message) in cases {
        let r = app.post("/admin-login/login", None, body).await.expect(400);
        assert_eq!(r.message(), message);
        assert_eq!(r.code(), "VALIDATION");
        assert_eq!(r.body["errors"][0]["message"], message);
    }
    let r = app.post("/admin-login/login", None, json!("not an object")).await.expect(400);
    assert!(r.message().starts_with("Invalid request body"));
}

#[tokio::test]
async fn a_wrong_password_is_refused_and_repeated_failures_are_throttled() {
    let app = spawn().await;
    let r = app.login(ADMIN_EMAIL, "wrong-one").await.expect(400);
    assert_eq!(r.message(), "Invalid email or password");
    for _ in 0..4 {
        app.login(ADMIN_EMAIL, "wrong-one").await.expect(400);
    }
    // Locked now, even with the right password.
    let r = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(429);
    assert_eq!(r.code(), "TOO_MANY_ATTEMPTS");
    assert!(r.message().starts_with("Too many failed sign-in attempts"), "{}", r.message());
}

#[tokio::test]
async fn failures_from_one_address_are_throttled_across_accounts() {
    let app = spawn_with(|c| {
        c.max_failures_per_address = 3;
        c.max_failures_per_account = 100;
    })
    .await;
    let from = |ip: &'static str| {
        let app = &app;
        async move {
            app.client
                .post(format!("{}/admin-login/login", app.base))
                .header("x-forwarded-for", ip)
                .json(&json!({ "email": ADMIN_EMAIL, "password": "wrong-one" }))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }
    };
    assert_eq!(from("10.9.9.9").await, 400);
    assert_eq!(from("10.9.9.9").await, 400);
    assert_eq!(from("10.9.9.9").await, 400);
    assert_eq!(from("10.9.9.9").await, 429);
    // Another address is still heard.
    assert_eq!(from("10.8.8.8").await, 400);
}

#[tokio::test]
async fn charity_login_is_only_for_nonprofit_admins() {
    let app = spawn().await;
    // The main admin's right password at the nonprofit sign-in says where to go; a wrong one
    // the usual answer.
    let r = app
        .post("/admin-login/charityLogin", None, json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD }))
        .await
        .expect(400);
    assert_eq!(r.message(), "This is an admin account: please sign in at the admin sign-in");
    let r = app
        .post("/admin-login/charityLogin", None, json!({ "email": ADMIN_EMAIL, "password": "Wrong@123" }))
        .await
        .expect(400);
    assert_eq!(r.message(), "Invalid email or password");
    app.identity.create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", "charity-1").await.unwrap();
    let r = app
        .post("/admin-login/login", None, json!({ "email": "npo@example.org", "password": "secret12" }))
        .await
        .expect(400);
    assert_eq!(
        (r.message(), r.body["errors"][0]["field"].as_str()),
        ("This is a nonprofit admin account: please sign in at the nonprofit sign-in", Some("email"))
    );
    let r = app
        .post("/admin-login/charityLogin", None, json!({ "email": "npo@example.org", "password": "secret12" }))
        .await
        .expect(200);
    assert_eq!(r.body["data"]["adminType"], "Charity Admin");
    assert_eq!(r.body["data"]["charityId"], "charity-1");
    // And not through the admin path.
    app.login("npo@example.org", "secret12").await.expect(400);
    // A nonprofit admin holds no sub-admin rights.
    let t = r.body["data"]["authToken"].as_str().unwrap();
    let r = app.post("/admin/sub-admin/subAdminList", Some(t), json!({})).await.expect(403);
    assert_eq!(r.code(), "FORBIDDEN");
}

#[tokio::test]
async fn tokens_are_checked_missing_bad_and_expired_apart() {
    let app = spawn().await;
    let (token, _) = app.admin().await;
    app.post("/admin/sub-admin/subAdminList", Some(&token), json!({})).await.expect(200);
    let r = app.post("/admin/sub-admin/subAdminList", None, json!({})).await.expect(401);
    assert_eq!(r.code(), "UNAUTHORIZED");
    let r = app.post("/admin/sub-admin/subAdminList", Some("not.a.jwt"), json!({})).await.expect(401);
    assert_eq!(r.code(), "UNAUTHORIZED");
    // An expired token signed with the right key: 403 TOKEN_EXPIRED so the console refreshes.
    let keys = tokens::Keys::new(SECRET.as_bytes());
    let mut claims = keys.verify(&token).unwrap();
    claims.exp = common::now_ms() / 1000 - 10;
    let expired = keys.issue(&claims).unwrap();
    let r = app.post("/admin/sub-admin/subAdminList", Some(&expired), json!({})).await.expect(403);
    assert_eq!(r.code(), "TOKEN_EXPIRED");
    // A token signed with another key is refused outright.
    let forged = tokens::Keys::new(b"another-secret-another-secret-another").issue(&claims).unwrap();
    app.post("/admin/sub-admin/subAdminList", Some(&forged), json!({})).await.expect(401);
}

#[tokio::test]
async fn refresh_rotates_and_a_reused_refresh_token_revokes_the_family() {
    let app = spawn().await;
    let (_, first) = app.admin().await;
    let r = app.post("/v1/common/refreshToken", None, json!({ "token": first })).await.expect(200);
    let second = r.body["data"]["refreshToken"].as_str().unwrap().to_string();
    let access = r.body["data"]["authToken"].as_str().unwrap().to_string();
    assert_ne!(second, first);
    app.post("/admin/sub-admin/subAdminList", Some(&access), json!({})).await.expect(200);
    // The first token again: reuse. It fails, and so does the newest of its family.
    let r = app.post("/v1/common/refreshToken", None, json!({ "token": first })).await.expect(401);
    assert_eq!(r.code(), "UNAUTHORIZED");
    app.post("/v1/common/refreshToken", None, json!({ "token": second })).await.expect(401);
    let r = app.post("/v1/common/refreshToken", None, json!({ "token": "" })).await.expect(400);
    assert_eq!(r.message(), "Refresh token is required");
}

#[tokio::test]
async fn logout_revokes_the_refresh_token() {
    let app = spawn().await;
    let (_, refresh) = app.admin().await;
    let r = app.post("/admin-login/logout", None, json!({ "refreshToken": refresh })).await.expect(200);
    assert_eq!(r.message(), "Logout Successfully");
    app.post("/v1/common/refreshToken", None, json!({ "token": refresh })).await.expect(401);
}

#[tokio::test]
async fn change_password_checks_the_rules_then_ends_the_sessions() {
    let app = spawn().await;
    let (token, refresh) = app.admin().await;
    let cases = [
        (json!({ "currentPassword": "", "newPassword": "secret99" }), "Old Password is Required"),
        (json!({ "currentPassword": ADMIN_PASSWORD, "newPassword": "" }), "New Password is Required"),
        (
            json!({ "currentPassword": ADMIN_PASSWORD, "newPassword": "abc" }),
            "New Password must be between 6 and 20 characters",
        ),
        (
            json!({ "currentPassword": ADMIN_PASSWORD, "newPassword": "abc defg" }),
            "New Password must not contain spaces",
        ),
        (
            json!({ "currentPassword": ADMIN_PASSWORD, "newPassword": ADMIN_PASSWORD }),
            "Old Password and New Password can not be same",
        ),
        (json!({ "currentPassword": "Wrong@123", "newPassword": "Newpass@1" }), "Old Password is incorrect"),
    ];
    for (body, message) in cases {
        let r = app.post("/admin/sub-admin/changePassword", Some(&token), body).await.expect(400);
        assert_eq!(r.message(), message);
    }
    app.post("/admin/sub-admin/changePassword", None, json!({})).await.expect(401);
    let r = app
        .post(
            "/admin/sub-admin/changePassword",
            Some(&token),
            json!({ "currentPassword": ADMIN_PASSWORD, "newPassword": "Newpass@1" }),
        )
        .await
        .expect(200);
    assert!(r.message().starts_with("Password changed successfully"));
    // Every session ended: the access token and the refresh token stop working.
    app.post("/admin/sub-admin/subAdminList", Some(&token), json!({})).await.expect(401);
    app.post("/v1/common/refreshToken", None, json!({ "token": refresh })).await.expect(401);
    app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(400);
    app.login(ADMIN_EMAIL, "Newpass@1").await.expect(200);
}

/// Parallel changes with a wrong old password, more than a pool's connections: each is told so
/// (none holds a connection while the hashes are worked out and its write waits for another).
#[tokio::test]
async fn parallel_wrong_old_passwords_each_get_their_message() {
    let app = spawn().await;
    let (token, _) = app.admin().await;
    let body = json!({ "currentPassword": "Wrong@123", "newPassword": "Newpass@1" });
    let answers = futures::future::join_all(
        (0..12).map(|_| app.post("/admin/sub-admin/changePassword", Some(&token), body.clone())),
    )
    .await;
    for r in answers {
        assert_eq!((r.status.as_u16(), r.message()), (400, "Old Password is incorrect"));
    }
    app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(200);
}

#[tokio::test]
async fn change_password_cannot_target_another_account() {
    let app = spawn().await;
    let (token, _) = app.admin().await;
    let r = app
        .post(
            "/admin/sub-admin/changePassword",
            Some(&token),
            json!({ "id": "someoneelse0000000000000", "currentPassword": ADMIN_PASSWORD, "newPassword": "Newpass@1" }),
        )
        .await
        .expect(403);
    assert_eq!(r.code(), "FORBIDDEN");
}

#[tokio::test]
async fn forgot_and_reset_password_work_once_through_the_mailed_link() {
    let app = spawn().await;
    for (body, message) in [
        (json!({ "email": "" }), "Please enter register email id"),
        (json!({ "email": "nope" }), "Please enter valid email address."),
    ] {
        assert_eq!(app.post("/admin/sub-admin/forgotPassword", None, body).await.expect(400).message(), message);
    }
    // Unknown emails get the same answer (no account discovery).
    let unknown =
        app.post("/admin/sub-admin/forgotPassword", None, json!({ "email": "ghost@example.org" })).await.expect(200);
    let r = app.post("/admin/sub-admin/forgotPassword", None, json!({ "email": ADMIN_EMAIL })).await.expect(200);
    assert_eq!(unknown.message(), r.message());
    let mail = app.last_mail(ADMIN_EMAIL).await;
    assert!(mail.contains("http://console.test/reset_password/"), "{mail}");
    let token = reset_token(&mail);
    let r = app
        .post("/admin/sub-admin/resetPassword", None, json!({ "token": token, "newPassword": "" }))
        .await
        .expect(400);
    assert_eq!(r.message(), "New Password is required");
    app.post("/admin/sub-admin/resetPassword", None, json!({ "token": token, "newPassword": "Reset@123" }))
        .await
        .expect(200);
    let r = app
        .post("/admin/sub-admin/resetPassword", None, json!({ "token": token, "newPassword": "Again@123" }))
        .await
        .expect(400);
    assert_eq!(r.message(), "This password reset link is invalid or has expired.");
    app.login(ADMIN_EMAIL, "Reset@123").await.expect(200);
    app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(400);
}

#[tokio::test]
async fn metadata_is_public_and_names_the_media_base() {
    let app = spawn().await;
    let r = app.call(Method::GET, "/auth/metaData", None, None).await.expect(200);
    assert_eq!(r.body["data"]["mediaURL"], "http://console.test/media");
    assert!(r.body["data"]["placeholder"].as_str().unwrap().starts_with("http://console.test/media/"));
}
