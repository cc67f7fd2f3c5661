//! Subscribed and one-time donors over REST (/admin/subscribed-donor, module
//! /subscribed_donor: view).

use crate::donor::{donate, donor, nonprofit_admin};
use crate::helpers::*;
use serde_json::json;

#[tokio::test]
async fn subscribed_donor_rights_follow_the_module() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    app.sub_admin(&t, "other@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])).await;
    let other = app.token_of("/admin-login/login", "other@example.org").await;
    for path in ["/admin/subscribed-donor/subscribeDonor", "/admin/subscribed-donor/oneTime"] {
        assert_eq!(app.post(path, Some(&other), json!({})).await.expect(403).code(), "FORBIDDEN");
        app.post(path, None, json!({})).await.expect(401);
    }
    let npo = nonprofit_admin(&app, &t, "nia@water.example.org").await;
    app.post("/admin/subscribed-donor/oneTime", Some(&npo), json!({})).await.expect(403);
}

/// Through the giving service's RecordDonation and ListDonorTotals.
#[tokio::test]
async fn one_time_donors_are_totalled_per_recipient() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let ada = donor(&app, &t, "Ada", "Lovelace", "ada@example.org").await;
    let bob = donor(&app, &t, "Bob", "Builder", "bob@example.org").await;
    let now = common::now_ms();
    donate(&app, &ada, ("c1", "Water For All"), 2500, "ch_1", now).await;
    donate(&app, &ada, ("c1", "Water For All"), 1050, "ch_2", now).await;
    donate(&app, &bob, ("c2", "Books For Kids"), 500, "ch_3", now).await;

    app.sub_admin(&t, "viewer@example.org", json!([{ "slug": "/subscribed_donor", "actions": ["view"] }])).await;
    let viewer = app.token_of("/admin-login/login", "viewer@example.org").await;
    let r = app
        .post("/admin/subscribed-donor/oneTime", Some(&viewer), json!({ "column": "totalAmount", "order": "descend" }))
        .await
        .expect(200);
    assert_eq!(r.body["total_records"], 2);
    let first = &r.body["data"][0];
    assert_eq!(
        (
            first["donorId"].as_str(),
            first["name"].as_str(),
            first["totalAmountCents"].as_i64(),
            first["totalAmount"].as_str()
        ),
        (Some(ada.as_str()), Some("Water For All"), Some(3550), Some("35.50"))
    );
    let r = app.post("/admin/subscribed-donor/oneTime", Some(&t), json!({ "search": "bob" })).await.expect(200);
    assert_eq!(
        (r.body["total_records"].as_i64(), r.body["data"][0]["email"].as_str()),
        (Some(1), Some("bob@example.org"))
    );
    let r = app.post("/admin/subscribed-donor/subscribeDonor", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 0);
    let r = app.post("/admin/subscribed-donor/oneTime", Some(&t), json!({ "column": "nope" })).await.expect(400);
    assert!(r.message().contains("nope"), "{}", r.body);
}
