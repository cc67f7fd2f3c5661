//! Service charges over REST (/admin/setting-master, module /manage_service_charges: edit):
//! percentages in, basis points to giving, percentages out.

use crate::donor::nonprofit_admin;
use crate::helpers::*;
use serde_json::json;

const ID: &str = "5f5b1c2d3e4f5a6b7c8d9e0f";

#[tokio::test]
async fn bad_percentages_get_a_message_per_field_and_unknown_ids_are_not_found() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let path = format!("/admin/setting-master/{ID}");
    let r = app.post(&path, Some(&t), json!({})).await.expect(400);
    assert_eq!(
        r.body["errors"],
        json!([
            { "field": "serviceCharge", "message": "Service Charge is required" },
            { "field": "paymentProcesFee", "message": "Payment Processing Fee is required" }
        ])
    );
    for (sc, fee, field, message) in [
        (json!(101), json!(2.9), "serviceCharge", "Service Charge must be between 0 and 100"),
        (json!("-1"), json!(2.9), "serviceCharge", "Service Charge must be between 0 and 100"),
        (json!("2.555"), json!(2.9), "serviceCharge", "Service Charge can have at most two decimals"),
        (json!(""), json!(2.9), "serviceCharge", "Service Charge is required"),
        (json!(5), json!(100.5), "paymentProcesFee", "Payment Processing Fee must be between 0 and 100"),
        (json!(5), json!(0.001), "paymentProcesFee", "Payment Processing Fee can have at most two decimals"),
        (json!(5), json!("abc"), "paymentProcesFee", "Payment Processing Fee must be a number"),
    ] {
        let r = app.post(&path, Some(&t), json!({ "serviceCharge": sc, "paymentProcesFee": fee })).await.expect(400);
        assert_eq!(r.body["errors"], json!([{ "field": field, "message": message }]), "{sc} {fee}");
    }
    let r = app
        .post(
            "/admin/setting-master/000000000000000000000000",
            Some(&t),
            json!({ "serviceCharge": 5, "paymentProcesFee": 2.9 }),
        )
        .await
        .expect(404);
    assert_eq!(r.message(), "Settings not found");
    let r = app.get("/admin/setting-master/000000000000000000000000", Some(&t)).await.expect(404);
    assert_eq!(r.message(), "Settings not found");

    // Only the module's edit right reaches the settings.
    app.sub_admin(&t, "viewer@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])).await;
    let viewer = app.token_of("/admin-login/login", "viewer@example.org").await;
    assert_eq!(app.get("/admin/setting-master", Some(&viewer)).await.expect(403).code(), "FORBIDDEN");
    app.post(&path, Some(&viewer), json!({ "serviceCharge": 5, "paymentProcesFee": 2.9 })).await.expect(403);
    let npo = nonprofit_admin(&app, &t, "nia@water.example.org").await;
    app.get("/admin/setting-master", Some(&npo)).await.expect(403);
}

/// Through the giving service's GetSettings and UpdateSettings.
#[tokio::test]
async fn settings_are_read_and_changed_with_their_history() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r = app.get("/admin/setting-master", Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["_id"], ID);
    assert!(
        r.body["data"]["serviceCharge"].is_number() && r.body["data"]["paymentProcesFee"].is_number(),
        "{}",
        r.body
    );
    let path = format!("/admin/setting-master/{ID}");
    let r = app.post(&path, Some(&t), json!({ "serviceCharge": "2.5", "paymentProcesFee": 2.9 })).await.expect(200);
    assert_eq!(r.message(), "Service charges updated successfully");
    assert_eq!(
        (r.body["data"]["serviceCharge"].as_f64(), r.body["data"]["paymentProcesFee"].as_f64()),
        (Some(2.5), Some(2.9))
    );
    let h = &r.body["data"]["history"][0];
    assert_eq!((h["newServiceCharge"].as_f64(), h["newPaymentProcesFee"].as_f64()), (Some(2.5), Some(2.9)));
    let r = app.post(&path, Some(&t), json!({ "serviceCharge": 0, "paymentProcesFee": "100" })).await.expect(200);
    let h = &r.body["data"]["history"][0];
    assert_eq!(
        (h["oldServiceCharge"].as_f64(), h["newServiceCharge"].as_f64(), h["newPaymentProcesFee"].as_f64()),
        (Some(2.5), Some(0.0), Some(100.0))
    );
    let r = app.get(&path, Some(&t)).await.expect(200);
    assert_eq!(
        (r.body["data"]["serviceCharge"].as_f64(), r.body["data"]["paymentProcesFee"].as_f64()),
        (Some(0.0), Some(100.0))
    );

    app.sub_admin(&t, "editor@example.org", json!([{ "slug": "/manage_service_charges", "actions": ["edit"] }])).await;
    let editor = app.token_of("/admin-login/login", "editor@example.org").await;
    let r = app.post(&path, Some(&editor), json!({ "serviceCharge": 1, "paymentProcesFee": 1 })).await.expect(200);
    // Who changed it, by name: the sub-admin, then the main admin before.
    let history = &r.body["data"]["history"];
    assert_eq!(
        (history[0]["byName"].as_str(), history[1]["byName"].as_str()),
        (Some("Sam Helper"), Some("Main Admin"))
    );
    assert_eq!(r.body["data"]["updatedByName"], "Sam Helper");
}

#[tokio::test]
async fn the_next_donation_is_charged_at_the_new_settings_and_earlier_ones_keep_theirs() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let ada = crate::donor::donor(&app, &t, "Ada", "Lovelace", "ada@example.org").await;
    let path = format!("/admin/setting-master/{ID}");
    app.post(&path, Some(&t), json!({ "serviceCharge": "5", "paymentProcesFee": "2.9" })).await.expect(200);
    let before = crate::donor::donate(&app, &ada, ("c1", "Water For All"), 10_000, "ch_before", 0).await;
    app.post(&path, Some(&t), json!({ "serviceCharge": "3.25", "paymentProcesFee": "2.5" })).await.expect(200);
    let after = crate::donor::donate(&app, &ada, ("c1", "Water For All"), 10_000, "ch_after", 0).await;

    let read = |id: String| {
        let (app, t) = (&app, &t);
        async move { app.get(&format!("/admin/transaction/get/{id}"), Some(t)).await.expect(200).body["data"].clone() }
    };
    let first = read(before.id).await;
    let second = read(after.id).await;
    // $100.00 at 2.90 % + 5.00 %, then at 2.50 % + 3.25 %: stored, never recomputed.
    assert_eq!((first["processingFeeBp"].as_i64(), first["serviceChargeBp"].as_i64()), (Some(290), Some(500)));
    assert_eq!(
        (first["processingFeeCents"].as_i64(), first["serviceChargeCents"].as_i64(), first["netCents"].as_i64()),
        (Some(290), Some(500), Some(9_210))
    );
    assert_eq!((second["processingFeeBp"].as_i64(), second["serviceChargeBp"].as_i64()), (Some(250), Some(325)));
    assert_eq!(
        (second["processingFeeCents"].as_i64(), second["serviceChargeCents"].as_i64(), second["netCents"].as_i64()),
        (Some(250), Some(325), Some(9_425))
    );
}
