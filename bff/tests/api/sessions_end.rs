//! Issue 32 section 3 and 5, over HTTP: sessions end at once everywhere a password changes
//! (a reset by mail link, an invitation's set-password), and a nonprofit admin's account
//! follows its nonprofit (deactivated or deleted: signed out, refused; activated: back). The
//! standing the BFF caches (30 s) is dropped on each of these paths, so the old access token
//! is refused on its very next request. (Across BFF replicas: bff/tests/cluster.rs.)

use crate::helpers::*;
use serde_json::json;
use std::time::Duration;

const ANY: &str = "/v1/common/getAllCountry";

#[tokio::test]
async fn a_password_reset_by_mail_link_ends_the_old_token_at_once() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    app.sub_admin(&t, "sam@example.org", json!([{ "slug": "/dashboard", "actions": ["view"] }])).await;
    let sam = app.token_of("/admin-login/login", "sam@example.org").await;
    // Its standing is cached now.
    app.get(ANY, Some(&sam)).await.expect(200);
    app.post("/admin/sub-admin/forgotPassword", None, json!({ "email": "sam@example.org" })).await.expect(200);
    let token = reset_token(&app.last_mail("sam@example.org").await);
    app.post("/admin/sub-admin/resetPassword", None, json!({ "token": token, "newPassword": "secret34" }))
        .await
        .expect(200);
    let r = app.get(ANY, Some(&sam)).await.expect(401);
    assert_eq!(r.message(), "Your session has ended. Please sign in again.");
    app.login("sam@example.org", "secret34").await.expect(200);
}

#[tokio::test]
async fn a_password_set_from_an_invitation_ends_the_old_token_at_once() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let mut body = crate::charity::valid_body(&app, &t, "Water For All", "12-3456789").await;
    body["adminEmail"] = json!("nia@water.example.org");
    let id = app.post("/admin/charity/create", Some(&t), body).await.expect(200).body["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let link = link_token(&app.last_mail("nia@water.example.org").await, "/set_password/");
    app.post("/admin-login/setPassword", None, json!({ "token": link, "newPassword": "secret12" })).await.expect(200);
    let nia = app.token_of("/admin-login/charityLogin", "nia@water.example.org").await;
    app.get(&format!("/admin/charity/get/{id}"), Some(&nia)).await.expect(200);
    // The main admin sends the invitation again; whoever holds the link sets a new password.
    app.post(&format!("/admin/charity/inviteAdmin/{id}"), Some(&t), json!({})).await.expect(200);
    let link = link_token(&app.nth_mail("nia@water.example.org", 2).await, "/set_password/");
    app.post("/admin-login/setPassword", None, json!({ "token": link, "newPassword": "secret34" })).await.expect(200);
    app.get(&format!("/admin/charity/get/{id}"), Some(&nia)).await.expect(401);
}

/// Polls until `path` answers `status` to `token` (identity hears the catalogue's event and
/// ends the sessions a moment after the catalogue's answer).
async fn until(app: &TestApp, path: &str, token: &str, status: u16) {
    for _ in 0..100 {
        if app.get(path, Some(token)).await.status.as_u16() == status {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("{path} never answered {status}");
}

#[tokio::test]
async fn a_nonprofits_admin_is_signed_out_with_its_nonprofit_and_comes_back_with_it() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let body = crate::charity::valid_body(&app, &t, "Water For All", "12-3456789").await;
    let id = app.post("/admin/charity/create", Some(&t), body).await.expect(200).body["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    app.identity.create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", &id).await.unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "npo@example.org").await;
    let dashboard = "/admin/dashboard/dashboard-data";
    app.get(dashboard, Some(&npo)).await.expect(200);

    // Deactivated: its session ends, its uploads and dashboard are refused, it cannot sign in.
    app.patch(&format!("/admin/charity/charityStatus/{id}"), Some(&t), json!({ "isActive": false })).await.expect(200);
    until(&app, dashboard, &npo, 401).await;
    let png = crate::media::PNG.to_vec();
    app.upload(
        "/local-image/uploadImage",
        Some(&npo),
        Some(("image", "a.png", png.clone())),
        &[("moduleName", "charity")],
    )
    .await
    .expect(401);
    let r = app
        .post("/admin-login/charityLogin", None, json!({ "email": "npo@example.org", "password": "secret12" }))
        .await
        .expect(403);
    assert_eq!(r.message(), "Your nonprofit is inactive or was deleted. Please contact the administrator.");
    // Another nonprofit's admin is not touched.
    let other = crate::charity::valid_body(&app, &t, "Food For All", "98-7654321").await;
    let other_id = app.post("/admin/charity/create", Some(&t), other).await.expect(200).body["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    app.identity.create_charity_admin("ola@example.org", "secret12", "Ola", "Other", &other_id).await.unwrap();
    let ola = app.token_of("/admin-login/charityLogin", "ola@example.org").await;
    app.get(dashboard, Some(&ola)).await.expect(200);

    // Activated again: it signs in again (the ended session stays ended).
    app.patch(&format!("/admin/charity/charityStatus/{id}"), Some(&t), json!({ "isActive": true })).await.expect(200);
    let mut back = None;
    for _ in 0..100 {
        let r = app
            .post("/admin-login/charityLogin", None, json!({ "email": "npo@example.org", "password": "secret12" }))
            .await;
        if r.status == 200 {
            back = Some(r.body["data"]["authToken"].as_str().unwrap().to_string());
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let npo = back.expect("the account came back with its nonprofit");
    app.get(dashboard, Some(&npo)).await.expect(200);
    app.upload("/local-image/uploadImage", Some(&npo), Some(("image", "a.png", png)), &[("moduleName", "charity")])
        .await
        .expect(200);

    // Deleted: signed out and refused for good.
    app.post("/admin/charity/delete", Some(&t), json!({ "id": id })).await.expect(200);
    until(&app, dashboard, &npo, 401).await;
    app.post("/admin-login/charityLogin", None, json!({ "email": "npo@example.org", "password": "secret12" }))
        .await
        .expect(403);
    app.get(dashboard, Some(&ola)).await.expect(200);
}
