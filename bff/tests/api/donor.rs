//! Donors over REST (/admin/user, module /donor), and the giving helpers the other giving
//! tests share: a donor made over REST, donations recorded through the giving gRPC client
//! (the donation side), a nonprofit admin's token.

use crate::charity::valid_body;
use crate::helpers::*;
use reqwest::Method;
use serde_json::{Value, json};

pub fn donor_body(first: &str, last: &str, email: &str) -> Value {
    json!({ "firstName": first, "lastName": last, "email": email, "phoneNumber": "(555) 123-4567", "city": "Springfield", "zipCode": "62701" })
}

/// Creates a donor over REST; answers its id.
pub async fn donor(app: &TestApp, t: &str, first: &str, last: &str, email: &str) -> String {
    let r = app.post("/admin/user/create", Some(t), donor_body(first, last, email)).await.expect(200);
    r.body["data"]["_id"].as_str().unwrap().to_string()
}

/// Records a succeeded donation through the giving service's gRPC API (the apps' side).
pub async fn donate(
    app: &TestApp,
    donor_id: &str,
    recipient: (&str, &str),
    amount_cents: i64,
    reference: &str,
    created_at: i64,
) -> proto::giving::v1::Transaction {
    use proto::giving::v1 as pb;
    let mut client = pb::giving_client::GivingClient::connect(app.giving_url.clone()).await.unwrap();
    let req = pb::RecordDonationRequest {
        donor_id: donor_id.into(),
        recipient: Some(pb::Recipient {
            kind: pb::RecipientKind::Charity as i32,
            id: recipient.0.into(),
            name: recipient.1.into(),
        }),
        amount_cents,
        currency: "USD".into(),
        payment_method: "card".into(),
        provider_reference: reference.into(),
        status: String::new(),
        created_at,
        actor: None,
    };
    client.record_donation(req).await.expect("giving records the donation").into_inner()
}

/// A nonprofit added by the main admin, its admin invited and signed in: answers the
/// nonprofit admin's token.
pub async fn nonprofit_admin(app: &TestApp, t: &str, email: &str) -> String {
    let mut body = valid_body(app, t, "Water For All", "12-3456789").await;
    body["adminEmail"] = json!(email);
    app.post("/admin/charity/create", Some(t), body).await.expect(200);
    let link = link_token(&app.nth_mail(email, 1).await, "/set_password/");
    app.post("/admin-login/setPassword", None, json!({ "token": link, "newPassword": "secret12" })).await.expect(200);
    app.token_of("/admin-login/charityLogin", email).await
}

#[tokio::test]
async fn a_donor_is_created_listed_edited_toggled_and_deleted() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r =
        app.post("/admin/user/create", Some(&t), donor_body(" Ada ", "Lovelace", "Ada@Example.org")).await.expect(200);
    assert_eq!(r.message(), "Donor created successfully");
    let d = &r.body["data"];
    assert_eq!(
        (d["firstName"].as_str(), d["email"].as_str(), d["isActive"].as_bool()),
        (Some("Ada"), Some("ada@example.org"), Some(true))
    );
    assert_eq!((d["totalGivenCents"].as_i64(), d["donationsCount"].as_i64()), (Some(0), Some(0)));
    let ada = d["_id"].as_str().unwrap().to_string();
    let bob = donor(&app, &t, "Bob", "Builder", "bob@example.org").await;
    donor(&app, &t, "Cy", "Young", "cy@example.org").await;

    let r = app
        .post("/admin/user/userList", Some(&t), json!({ "column": "firstName", "order": "descend" }))
        .await
        .expect(200);
    assert_eq!(r.body["total_records"], 3);
    let names: Vec<&str> =
        r.body["data"].as_array().unwrap().iter().map(|d| d["firstName"].as_str().unwrap()).collect();
    assert_eq!(names, ["Cy", "Bob", "Ada"]);
    let r = app.post("/admin/user/userList", Some(&t), json!({ "search": "LOVE", "limit": 1 })).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["_id"].as_str()), (Some(1), Some(ada.as_str())));
    let r = app.post("/admin/user/userList", Some(&t), json!({ "column": "nope" })).await.expect(400);
    assert!(r.message().contains("nope"), "{}", r.body);

    let mut edit = donor_body("Ada", "King", "ada@example.org");
    edit["state"] = json!("Illinois");
    let r = app.patch(&format!("/admin/user/update/{ada}"), Some(&t), edit).await.expect(200);
    assert_eq!(
        (r.message(), r.body["data"]["lastName"].as_str(), r.body["data"]["state"].as_str()),
        ("Donor updated successfully", Some("King"), Some("Illinois"))
    );

    let r =
        app.patch(&format!("/admin/user/userStatus/{bob}"), Some(&t), json!({ "isActive": false })).await.expect(200);
    assert_eq!((r.message(), r.body["data"]["isActive"].as_bool()), ("Donor deactivated successfully", Some(false)));
    let r = app.post("/admin/user/userList", Some(&t), json!({ "isActive": true })).await.expect(200);
    assert_eq!(r.body["total_records"], 2);
    let r = app.post("/admin/user/userList", Some(&t), json!({ "isActive": false })).await.expect(200);
    assert_eq!(r.body["data"][0]["_id"].as_str(), Some(bob.as_str()));
    let r =
        app.patch(&format!("/admin/user/userStatus/{bob}"), Some(&t), json!({ "isActive": true })).await.expect(200);
    assert_eq!(r.message(), "Donor activated successfully");
    let r = app.patch(&format!("/admin/user/userStatus/{bob}"), Some(&t), json!({})).await.expect(400);
    assert_eq!(r.message(), "isActive is required");

    let r = app.call(Method::DELETE, &format!("/admin/user/delete/{bob}"), Some(&t), None).await.expect(200);
    assert_eq!((r.message(), &r.body["data"]), ("Donor deleted successfully", &json!({})));
    let r = app.call(Method::DELETE, &format!("/admin/user/delete/{bob}"), Some(&t), None).await.expect(404);
    assert_eq!(r.message(), "Donor not found");
    let r = app
        .patch(&format!("/admin/user/update/{bob}"), Some(&t), donor_body("B", "B", "b@example.org"))
        .await
        .expect(404);
    assert_eq!(r.message(), "Donor not found");
    assert_eq!(app.post("/admin/user/userList", Some(&t), json!({})).await.expect(200).body["total_records"], 2);
}

#[tokio::test]
async fn bad_donor_input_gets_the_spec_messages_and_changes_nothing() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r = app.post("/admin/user/create", Some(&t), json!({})).await.expect(400);
    let errors = r.body["errors"].as_array().unwrap().clone();
    for (field, message) in [
        ("firstName", "Please enter First Name"),
        ("lastName", "Please enter Last Name"),
        ("email", "Please enter Email"),
    ] {
        assert!(errors.contains(&json!({ "field": field, "message": message })), "{field}: {errors:?}");
    }
    for (patch, field, message) in [
        (json!({ "email": "nope" }), "email", "Please enter valid email address."),
        (json!({ "phoneNumber": "12" }), "phoneNumber", "Please enter valid Phone Number"),
        (json!({ "zipCode": "1" }), "zipCode", "Please enter valid Zip Code"),
    ] {
        let mut body = donor_body("Ada", "Lovelace", "ada@example.org");
        body.as_object_mut().unwrap().extend(patch.as_object().unwrap().clone());
        let r = app.post("/admin/user/create", Some(&t), body).await.expect(400);
        assert_eq!(r.body["errors"][0], json!({ "field": field, "message": message }));
    }
    let r = app.post("/admin/user/create", Some(&t), json!({ "firstName": 5 })).await.expect(400);
    assert_eq!(r.body["errors"][0]["field"], "body");
    assert_eq!(app.post("/admin/user/userList", Some(&t), json!({})).await.expect(200).body["total_records"], 0);
    donor(&app, &t, "Ada", "Lovelace", "ada@example.org").await;
    let r = app.post("/admin/user/create", Some(&t), donor_body("Ada", "Again", "ADA@example.org")).await.expect(409);
    assert_eq!(r.message(), "Email already exists");
    // The taken email is named, so the console shows the message on the field.
    assert_eq!(r.body["errors"], json!([{ "field": "email", "message": "Email already exists" }]));
    assert_eq!(app.post("/admin/user/userList", Some(&t), json!({})).await.expect(200).body["total_records"], 1);
}

#[tokio::test]
async fn donor_rights_follow_the_module_actions() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let id = donor(&app, &t, "Ada", "Lovelace", "ada@example.org").await;
    app.sub_admin(&t, "viewer@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])).await;
    app.sub_admin(&t, "adder@example.org", json!([{ "slug": "/donor", "actions": ["add"] }])).await;
    app.sub_admin(&t, "other@example.org", json!([{ "slug": "/transaction", "actions": ["view"] }])).await;
    let viewer = app.token_of("/admin-login/login", "viewer@example.org").await;
    let adder = app.token_of("/admin-login/login", "adder@example.org").await;
    let other = app.token_of("/admin-login/login", "other@example.org").await;

    app.post("/admin/user/userList", Some(&viewer), json!({})).await.expect(200);
    for (method, path, body) in [
        (Method::POST, "/admin/user/create".to_string(), Some(donor_body("X", "Y", "x@example.org"))),
        (Method::PATCH, format!("/admin/user/update/{id}"), Some(donor_body("X", "Y", "x@example.org"))),
        (Method::PATCH, format!("/admin/user/userStatus/{id}"), Some(json!({ "isActive": false }))),
        (Method::DELETE, format!("/admin/user/delete/{id}"), None),
    ] {
        assert_eq!(app.call(method, &path, Some(&viewer), body).await.expect(403).code(), "FORBIDDEN", "{path}");
    }
    let r = app.post("/admin/user/create", Some(&adder), donor_body("X", "Y", "x@example.org")).await.expect(200);
    assert_eq!(r.message(), "Donor created successfully");
    app.post("/admin/user/userList", Some(&adder), json!({})).await.expect(403);
    app.post("/admin/user/userList", Some(&other), json!({})).await.expect(403);
    let npo = nonprofit_admin(&app, &t, "nia@water.example.org").await;
    app.post("/admin/user/userList", Some(&npo), json!({})).await.expect(403);
    app.post("/admin/user/userList", None, json!({})).await.expect(401);
}

/// Through the giving service's DonorDetails and RecordDonation.
#[tokio::test]
async fn a_donors_details_show_totals_and_recent_transactions_and_survive_deletion() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let ada = donor(&app, &t, "Ada", "Lovelace", "ada@example.org").await;
    let now = common::now_ms();
    donate(&app, &ada, ("c1", "Water For All"), 2500, "ch_1", now - 1000).await;
    let last = donate(&app, &ada, ("c1", "Water For All"), 1000, "ch_2", now).await;
    let r = app.get(&format!("/admin/user/viewUserDetails/{ada}"), Some(&t)).await.expect(200);
    let d = &r.body["data"];
    assert_eq!((d["donor"]["totalGivenCents"].as_i64(), d["donor"]["donationsCount"].as_i64()), (Some(3500), Some(2)));
    assert_eq!(d["recentTransactions"][0]["_id"].as_str(), Some(last.id.as_str()));
    assert!(d["badges"].is_array() && d["subscriptions"].is_array());
    app.call(Method::DELETE, &format!("/admin/user/delete/{ada}"), Some(&t), None).await.expect(200);
    let r = app.get(&format!("/admin/user/viewUserDetails/{ada}"), Some(&t)).await.expect(404);
    assert_eq!(r.message(), "Donor not found");
    // In the trash its transactions stay as they were; purged, they stay anonymised.
    let r = app.get(&format!("/admin/transaction/get/{}", last.id), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["donorName"], "Ada Lovelace");
    let purge = json!({ "items": [{ "module": "/donor", "_id": ada }] });
    app.post("/admin/trash/purge", Some(&t), purge).await.expect(200);
    let r = app.get(&format!("/admin/transaction/get/{}", last.id), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["donorName"], "Deleted donor");
}
