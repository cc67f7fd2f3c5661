//! Nonprofit-admin accounts over REST: the invitation (on approval, or sent again by the main
//! admin), the link that sets the first password once, and what the account then reaches.

use crate::charity::valid_body;
use crate::helpers::*;
use serde_json::json;

const NPO: &str = "nia@water.example.org";
const LINK_INVALID: &str = "This invitation link is invalid or has expired.";

fn set_password(token: &str, password: &str) -> serde_json::Value {
    json!({ "token": token, "newPassword": password })
}

/// The main admin adds a nonprofit (approved by being added); answers its id.
async fn nonprofit(app: &TestApp, t: &str, name: &str, ein: &str, admin_email: &str) -> String {
    let mut body = valid_body(app, t, name, ein).await;
    body["adminEmail"] = json!(admin_email);
    let r = app.post("/admin/charity/create", Some(t), body).await.expect(200);
    r.body["data"]["_id"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn an_invited_nonprofit_admin_sets_a_password_once_and_reaches_only_its_own_nonprofit() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let id = nonprofit(&app, &t, "Water For All", "12-3456789", NPO).await;
    let other = nonprofit(&app, &t, "Other", "98-7654321", "other@example.org").await;

    // Added = approved: the admin contact is invited by itself.
    let first = app.nth_mail(NPO, 1).await;
    assert!(first.contains("http://console.test/set_password/"), "{first}");
    let old = link_token(&first, "/set_password/");

    // The main admin sends it again: a new link, the old one is dead.
    let r = app.post(&format!("/admin/charity/inviteAdmin/{id}"), Some(&t), json!({})).await.expect(200);
    assert_eq!(r.message(), format!("Invitation sent to {NPO}"));
    assert_eq!(r.body["data"]["email"], NPO);
    let new = link_token(&app.nth_mail(NPO, 2).await, "/set_password/");
    assert_ne!(old, new);
    let r = app.post("/admin-login/setPassword", None, set_password(&old, "secret12")).await.expect(400);
    assert_eq!(r.message(), LINK_INVALID);

    // The reset screen's rules; a refused password leaves the link usable.
    let r = app.post("/admin-login/setPassword", None, set_password(&new, "")).await.expect(400);
    assert_eq!(r.body["errors"], json!([{ "field": "newPassword", "message": "New Password is required" }]));
    let r = app.post("/admin-login/setPassword", None, set_password(&new, "abc")).await.expect(400);
    assert_eq!(r.message(), "New Password must be between 6 and 20 characters");
    // No password yet: no sign-in.
    app.post("/admin-login/charityLogin", None, json!({ "email": NPO, "password": "secret12" })).await.expect(400);

    let r = app.post("/admin-login/setPassword", None, set_password(&new, "secret12")).await.expect(200);
    assert_eq!(r.message(), "Your password has been set. Please sign in.");
    let r = app.post("/admin-login/setPassword", None, set_password(&new, "other123")).await.expect(400);
    assert_eq!(r.message(), LINK_INVALID, "a used link is refused");

    // Signs in as a nonprofit admin only, and reaches its own nonprofit only.
    app.login(NPO, "secret12").await.expect(400);
    let npo = app.token_of("/admin-login/charityLogin", NPO).await;
    let r = app.get(&format!("/admin/charity/get/{id}"), Some(&npo)).await.expect(200);
    assert_eq!(r.body["data"]["charityName"], "Water For All");
    app.get(&format!("/admin/charity/get/{other}"), Some(&npo)).await.expect(403);
    app.post("/admin/charity/charityList", Some(&npo), json!({ "page": 1, "limit": 10 })).await.expect(403);

    // The description keeps the approval; a new Tax ID sends it back to Pending.
    // The record as read, sent back (its payment methods kept by their ids).
    let mut edit = r.body["data"].clone();
    edit["description"] = json!("<p>We dig wells.</p>");
    let r = app.patch(&format!("/admin/charity/update/{id}"), Some(&npo), edit.clone()).await.expect(200);
    assert_eq!(
        (r.message(), r.body["data"]["adminVerification"].as_str()),
        ("Nonprofit updated successfully", Some("Approve"))
    );
    edit["taxId"] = json!("11-2223334");
    let r = app.patch(&format!("/admin/charity/update/{id}"), Some(&npo), edit.clone()).await.expect(200);
    assert_eq!(r.body["data"]["adminVerification"], "Pending");
    assert!(r.body["data"]["adminApproveAt"].is_null());

    // Pending: no invitation can be sent; approved again, the account (with its password) gets no new mail.
    let r = app.post(&format!("/admin/charity/inviteAdmin/{id}"), Some(&t), json!({})).await.expect(409);
    assert_eq!(r.message(), "Only an approved nonprofit's admin can be invited");
    app.post("/admin/charity/changeVerification", Some(&t), json!({ "charityId": id, "adminVerification": "Approve" }))
        .await
        .expect(200);
    let other_mail = app.nth_mail("other@example.org", 1).await;
    assert!(other_mail.contains("Other"));
    assert_eq!(app.mails(NPO).len(), 2, "approved again after its password was set: not invited again");
}

#[tokio::test]
async fn only_the_main_admin_invites_and_only_for_an_approved_nonprofit() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let id = nonprofit(&app, &t, "Water For All", "12-3456789", NPO).await;
    let path = format!("/admin/charity/inviteAdmin/{id}");

    app.post(&path, None, json!({})).await.expect(401);
    app.post(&path, Some("not-a-token"), json!({})).await.expect(401);
    // A sub-admin holding every nonprofit right, and the nonprofit's own admin: refused.
    app.sub_admin(
        &t,
        "all@example.org",
        json!([
            { "slug": "/master/charity_management", "actions": ["add", "edit", "delete", "status"] },
            { "slug": "/master", "actions": ["view"] }
        ]),
    )
    .await;
    let sub = app.token_of("/admin-login/login", "all@example.org").await;
    app.post(&path, Some(&sub), json!({})).await.expect(403);
    let token = link_token(&app.nth_mail(NPO, 1).await, "/set_password/");
    app.post("/admin-login/setPassword", None, set_password(&token, "secret12")).await.expect(200);
    let npo = app.token_of("/admin-login/charityLogin", NPO).await;
    app.post(&path, Some(&npo), json!({})).await.expect(403);
    assert_eq!(app.mails(NPO).len(), 1, "nothing sent by the refused calls");

    // Rejected: refused; an unknown nonprofit: 404.
    app.post(
        "/admin/charity/changeVerification",
        Some(&t),
        json!({ "charityId": id, "adminVerification": "Reject", "rejectReason": "Documents missing" }),
    )
    .await
    .expect(200);
    let r = app.post(&path, Some(&t), json!({})).await.expect(409);
    assert_eq!(r.message(), "Only an approved nonprofit's admin can be invited");
    let r = app.post("/admin/charity/inviteAdmin/000000000000000000000000", Some(&t), json!({})).await.expect(404);
    assert_eq!(r.message(), "Nonprofit not found");

    // An admin contact whose email belongs to a sub-admin: a clear error, nothing created.
    let other = nonprofit(&app, &t, "Other", "98-7654321", "all@example.org").await;
    let r = app.post(&format!("/admin/charity/inviteAdmin/{other}"), Some(&t), json!({})).await.expect(409);
    assert_eq!(r.message(), "This email already belongs to an admin account");
    assert_eq!(app.mails("all@example.org").len(), 0);
}

#[tokio::test]
async fn an_expired_invitation_link_is_refused() {
    let app = spawn_with(|c| c.invite_ttl_secs = 0).await;
    let (t, _) = app.admin().await;
    nonprofit(&app, &t, "Water For All", "12-3456789", NPO).await;
    let token = link_token(&app.nth_mail(NPO, 1).await, "/set_password/");
    let r = app.post("/admin-login/setPassword", None, set_password(&token, "secret12")).await.expect(400);
    assert_eq!(r.message(), LINK_INVALID);
    app.post("/admin-login/charityLogin", None, json!({ "email": NPO, "password": "secret12" })).await.expect(400);
}
