//! The dashboard over REST (/admin/dashboard, module /dashboard): the composite page
//! survives a service that is down; single cards answer 503 for theirs.

use crate::donor::{donate, donor, nonprofit_admin};
use crate::helpers::*;
use serde_json::json;
use std::time::Duration;

/// Identity, the catalogue and the BFF, with giving's address a closed port.
async fn spawn_without_giving() -> TestApp {
    spawn_full(|_| {}, |cfg| cfg.services.giving = "http://127.0.0.1:9".into(), Duration::ZERO).await
}

#[tokio::test]
async fn the_page_answers_without_giving_and_marks_it_unavailable() {
    let app = spawn_without_giving().await;
    let (t, _) = app.admin().await;
    app.post("/admin/cause/create", Some(&t), json!({ "name": "Clean Water" })).await.expect(200);
    app.post("/admin/charity-category/create", Some(&t), json!({ "name": "Health" })).await.expect(200);

    let r = app.get("/admin/dashboard/dashboard-data", Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["unavailable"], json!(["giving"]));
    assert!(r.body["data"]["giving"].is_null());
    assert_eq!(r.body["data"]["catalogue"], json!({ "nonprofits": 0, "approved": 0, "pendingRequests": 0, "causes": 1, "categories": 1 }));

    let r = app.get("/admin/dashboard/totalDonorUser", Some(&t)).await.expect(503);
    assert_eq!(r.message(), "The giving service is unavailable");
    let r = app.get("/admin/dashboard/yearGraphDashboardUser?year=2026", Some(&t)).await.expect(503);
    assert_eq!(r.message(), "The giving service is unavailable");
    let r = app.get("/admin/dashboard/totalReqCharity", Some(&t)).await.expect(200);
    assert_eq!(r.body["data"], json!({ "nonprofits": 0, "pendingRequests": 0 }));
}

#[tokio::test]
async fn the_page_answers_without_the_catalogue_and_its_cards_answer_503() {
    let app = spawn_full(|_| {}, |cfg| cfg.services.catalogue = "http://127.0.0.1:9".into(), Duration::ZERO).await;
    let (t, _) = app.admin().await;
    let r = app.get("/admin/dashboard/dashboard-data", Some(&t)).await.expect(200);
    assert!(r.body["data"]["catalogue"].is_null());
    assert!(r.body["data"]["unavailable"].as_array().unwrap().contains(&json!("catalogue")), "{}", r.body);
    for path in ["totalReqCharity", "yearGraphDashboardCharity?year=2026"] {
        let r = app.get(&format!("/admin/dashboard/{path}"), Some(&t)).await.expect(503);
        assert_eq!((r.message(), r.code()), ("The catalogue service is unavailable", "UNAVAILABLE"));
    }
}

#[tokio::test]
async fn catalogue_cards_count_nonprofits_per_month_and_check_the_year() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    // A nonprofit added by the main admin (approved), and its admin signed in.
    let npo = nonprofit_admin(&app, &t, "nia@water.example.org").await;
    let r = app.get("/admin/dashboard/totalReqCharity", Some(&t)).await.expect(200);
    assert_eq!(r.body["data"], json!({ "nonprofits": 1, "pendingRequests": 0 }));
    let r = app.get("/admin/dashboard/yearGraphDashboardCharity", Some(&t)).await.expect(200);
    let year = r.body["data"]["year"].as_i64().unwrap();
    let months = r.body["data"]["months"].as_array().unwrap();
    assert_eq!(months.len(), 12);
    assert_eq!(months.iter().map(|m| m["nonprofits"].as_i64().unwrap()).sum::<i64>(), 1, "this year's nonprofit");
    let r = app.get(&format!("/admin/dashboard/yearGraphDashboardCharity?year={}", year - 1), Some(&t)).await.expect(200);
    assert!(r.body["data"]["months"].as_array().unwrap().iter().all(|m| m["nonprofits"] == 0 && m["requests"] == 0));
    for bad in ["1999", "2101", "abc"] {
        for path in ["yearGraphDashboardCharity", "yearGraphDashboardUser"] {
            let r = app.get(&format!("/admin/dashboard/{path}?year={bad}"), Some(&t)).await.expect(400);
            assert_eq!(r.body["errors"], json!([{ "field": "year", "message": "Please choose a valid year" }]));
        }
    }

    // The nonprofit admin sees the same page (Allowed); rights follow the module.
    let r = app.get("/admin/dashboard/dashboard-data", Some(&npo)).await.expect(200);
    assert_eq!(r.body["data"]["catalogue"]["nonprofits"], 1);
    app.sub_admin(&t, "dash@example.org", json!([{ "slug": "/dashboard", "actions": ["view"] }])).await;
    app.sub_admin(&t, "donors@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])).await;
    let dash = app.token_of("/admin-login/login", "dash@example.org").await;
    let donors = app.token_of("/admin-login/login", "donors@example.org").await;
    app.get("/admin/dashboard/totalReqCharity", Some(&dash)).await.expect(200);
    app.get("/admin/dashboard/dashboard-data", Some(&dash)).await.expect(200);
    assert_eq!(app.get("/admin/dashboard/dashboard-data", Some(&donors)).await.expect(403).code(), "FORBIDDEN");
    app.get("/admin/dashboard/dashboard-data", None).await.expect(401);
}

/// Through the giving service's Figures and RecordDonation.
#[tokio::test]
async fn giving_cards_count_donors_and_donations_per_month() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let ada = donor(&app, &t, "Ada", "Lovelace", "ada@example.org").await;
    let bob = donor(&app, &t, "Bob", "Builder", "bob@example.org").await;
    app.patch(&format!("/admin/user/userStatus/{bob}"), Some(&t), json!({ "isActive": false })).await.expect(200);
    let now = common::now_ms();
    donate(&app, &ada, ("c1", "Water For All"), 2500, "ch_1", now).await;
    donate(&app, &ada, ("c1", "Water For All"), 1000, "ch_2", now).await;

    let r = app.get("/admin/dashboard/dashboard-data", Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["unavailable"], json!([]));
    let g = &r.body["data"]["giving"];
    assert_eq!((g["donors"].as_i64(), g["activeDonors"].as_i64(), g["donations"].as_i64(), g["amountCents"].as_i64()), (Some(2), Some(1), Some(2), Some(3500)));
    let r = app.get("/admin/dashboard/totalDonorUser", Some(&t)).await.expect(200);
    assert_eq!(r.body["data"], json!({ "total": 2, "active": 1 }));
    let year = common::calendar::year_of(now);
    let r = app.get(&format!("/admin/dashboard/yearGraphDashboardUser?year={year}"), Some(&t)).await.expect(200);
    let months = r.body["data"]["months"].as_array().unwrap();
    assert_eq!(months.len(), 12);
    let sum = |k: &str| months.iter().map(|m| m[k].as_i64().unwrap()).sum::<i64>();
    assert_eq!((sum("donors"), sum("donations"), sum("amountCents")), (2, 2, 3500));
}
