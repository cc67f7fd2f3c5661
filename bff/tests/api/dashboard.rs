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
    assert_eq!(
        r.body["data"]["catalogue"],
        json!({ "nonprofits": 0, "approved": 0, "pendingRequests": 0, "causes": 1, "categories": 1 })
    );

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
    let r =
        app.get(&format!("/admin/dashboard/yearGraphDashboardCharity?year={}", year - 1), Some(&t)).await.expect(200);
    assert!(r.body["data"]["months"].as_array().unwrap().iter().all(|m| m["nonprofits"] == 0 && m["requests"] == 0));
    for bad in ["1999", "2101", "abc"] {
        for path in ["yearGraphDashboardCharity", "yearGraphDashboardUser"] {
            let r = app.get(&format!("/admin/dashboard/{path}?year={bad}"), Some(&t)).await.expect(400);
            assert_eq!(r.body["errors"], json!([{ "field": "year", "message": "Please choose a valid year" }]));
        }
    }

    // The nonprofit admin is Allowed the page, with its own nonprofit's figures (issue 32,
    // below), never the platform's counts; rights follow the module.
    let r = app.get("/admin/dashboard/dashboard-data", Some(&npo)).await.expect(200);
    assert_eq!(r.body["data"]["nonprofit"]["charityName"], "Water For All");
    assert!(r.body["data"].get("catalogue").is_none(), "{}", r.body);
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
    assert_eq!(
        (g["donors"].as_i64(), g["activeDonors"].as_i64(), g["donations"].as_i64(), g["amountCents"].as_i64()),
        (Some(2), Some(1), Some(2), Some(3500))
    );
    let r = app.get("/admin/dashboard/totalDonorUser", Some(&t)).await.expect(200);
    assert_eq!(r.body["data"], json!({ "total": 2, "active": 1 }));
    let year = common::calendar::year_of(now);
    let r = app.get(&format!("/admin/dashboard/yearGraphDashboardUser?year={year}"), Some(&t)).await.expect(200);
    let months = r.body["data"]["months"].as_array().unwrap();
    assert_eq!(months.len(), 12);
    let sum = |k: &str| months.iter().map(|m| m[k].as_i64().unwrap()).sum::<i64>();
    assert_eq!((sum("donors"), sum("donations"), sum("amountCents")), (2, 2, 3500));
}

/// Issue 32: a nonprofit admin's dashboard holds its own nonprofit's figures only (donations
/// to it, its donors, the events it hosts and the communities that support it, its months),
/// whatever the request names; the name lists it may call name its own nonprofit alone; the
/// main admin's figures stay the platform's.
#[tokio::test]
async fn a_nonprofit_admin_gets_its_own_nonprofits_figures_and_name_only() {
    use crate::engagement::{client, community_body, event_body, join_community, upload};
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let npo = nonprofit_admin(&app, &t, "nia@water.example.org").await;
    let r = app.post("/admin/charity/getAll", Some(&t), json!({})).await.expect(200);
    let own = r.body["data"][0]["_id"].as_str().unwrap().to_string();
    let mut body = crate::charity::valid_body(&app, &t, "Harbor Food Bank", "98-7654321").await;
    body["adminEmail"] = json!("harbor@example.org");
    let other = app.post("/admin/charity/create", Some(&t), body).await.expect(200).body["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();

    // Donations to both: Ada and Bob give to its nonprofit, Bob and Cy to the other.
    let ada = donor(&app, &t, "Ada", "Lovelace", "ada@example.org").await;
    let bob = donor(&app, &t, "Bob", "Builder", "bob@example.org").await;
    let cy = donor(&app, &t, "Cy", "Young", "cy@example.org").await;
    let now = common::now_ms();
    donate(&app, &ada, (&own, "Water For All"), 2500, "w1", now).await;
    donate(&app, &ada, (&own, "Water For All"), 1000, "w2", now).await;
    donate(&app, &bob, (&own, "Water For All"), 500, "w3", now).await;
    donate(&app, &bob, (&other, "Harbor Food Bank"), 4000, "h1", now).await;
    donate(&app, &cy, (&other, "Harbor Food Bank"), 700, "h2", now).await;
    // Its events and communities: one event each, two communities support it (one of them
    // both), one with a member; one supports the other only.
    let mut ids = vec![];
    for (name, charities) in [
        ("Wells", vec![own.as_str()]),
        ("Coast", vec![own.as_str(), other.as_str()]),
        ("Harbor Friends", vec![other.as_str()]),
    ] {
        // Each community its own cover (a file belongs to the record that saved it).
        let cover = upload(&app, &t, "communityImage").await;
        let r = app
            .post("/admin/admin-community/create", Some(&t), community_body(name, &cover, &charities, &[]))
            .await
            .expect(200);
        ids.push(r.body["data"]["_id"].as_str().unwrap().to_string());
    }
    join_community(&mut client(&app).await, &ids[0], crate::engagement::donor(1)).await;
    join_community(&mut client(&app).await, &ids[2], crate::engagement::donor(2)).await;
    for (title, host) in [("Dig day", &own), ("Food drive", &other)] {
        app.post("/admin/event/addEvent", Some(&t), event_body(title, "charity", host, now + 86_400_000))
            .await
            .expect(200);
    }

    // The nonprofit admin's page: its own nonprofit only, also when the request names another.
    let own_page = json!({
        "nonprofit": { "_id": own, "charityName": "Water For All", "adminVerification": "Approve" },
        "giving": { "donors": 2, "donations": 3, "amountCents": 4000, "activeSubscriptions": 0 },
        "engagement": { "events": 1, "upcomingEvents": 1, "communities": 2, "communityMembers": 1 },
        "unavailable": []
    });
    let r = app.get("/admin/dashboard/dashboard-data", Some(&npo)).await.expect(200);
    assert_eq!(r.body["data"], own_page);
    let r = app
        .get(&format!("/admin/dashboard/dashboard-data?charityId={other}&recipientId={other}"), Some(&npo))
        .await
        .expect(200);
    assert_eq!(r.body["data"], own_page);
    assert!(!r.body.to_string().contains("Harbor"), "no other nonprofit's name: {}", r.body);
    let r = app.get("/admin/dashboard/totalDonorUser", Some(&npo)).await.expect(200);
    assert_eq!(r.body["data"], json!({ "total": 2 }));
    let year = common::calendar::year_of(now);
    let r = app.get(&format!("/admin/dashboard/yearGraphDashboardUser?year={year}"), Some(&npo)).await.expect(200);
    let months = r.body["data"]["months"].as_array().unwrap().clone();
    assert_eq!(months.len(), 12);
    let sum = |months: &[serde_json::Value], k: &str| months.iter().map(|m| m[k].as_i64().unwrap()).sum::<i64>();
    assert_eq!((sum(&months, "donors"), sum(&months, "donations"), sum(&months, "amountCents")), (2, 3, 4000));
    let r = app.get("/admin/dashboard/totalReqCharity", Some(&npo)).await.expect(200);
    assert_eq!(r.body["data"], json!({ "nonprofits": 1, "pendingRequests": 0 }));
    let r = app.get(&format!("/admin/dashboard/yearGraphDashboardCharity?year={year}"), Some(&npo)).await.expect(200);
    let months = r.body["data"]["months"].as_array().unwrap().clone();
    assert_eq!((sum(&months, "nonprofits"), sum(&months, "requests")), (1, 0));

    // The name lists it may call: its own nonprofit alone.
    let r = app.post("/admin/charity/getAll", Some(&npo), json!({})).await.expect(200);
    assert_eq!(r.body["data"], json!([{ "_id": own, "charityName": "Water For All" }]));
    let r = app
        .post("/admin/common/list", Some(&npo), json!({ "page": 1, "limit": 5, "type": "charity", "search": "" }))
        .await
        .expect(200);
    assert_eq!(
        (r.body["data"]["list"].clone(), r.body["total_records"].clone()),
        (json!([{ "_id": own, "name": "Water For All" }]), json!(1))
    );
    let r = app
        .post("/admin/common/list", Some(&npo), json!({ "page": 1, "limit": 5, "type": "charity", "search": "harbor" }))
        .await
        .expect(200);
    assert_eq!((r.body["data"]["list"].clone(), r.body["total_records"].clone()), (json!([]), json!(0)));

    // The main admin keeps the platform's figures and every name.
    let r = app.get("/admin/dashboard/dashboard-data", Some(&t)).await.expect(200);
    let g = &r.body["data"]["giving"];
    assert_eq!(
        (g["donors"].as_i64(), g["activeDonors"].as_i64(), g["donations"].as_i64(), g["amountCents"].as_i64()),
        (Some(3), Some(3), Some(5), Some(8700))
    );
    assert_eq!(r.body["data"]["catalogue"]["nonprofits"], 2);
    assert!(r.body["data"].get("nonprofit").is_none(), "{}", r.body);
    let r = app.get("/admin/dashboard/totalDonorUser", Some(&t)).await.expect(200);
    assert_eq!(r.body["data"], json!({ "total": 3, "active": 3 }));
    let r = app.get("/admin/dashboard/totalReqCharity", Some(&t)).await.expect(200);
    assert_eq!(r.body["data"], json!({ "nonprofits": 2, "pendingRequests": 0 }));
    let r = app.post("/admin/charity/getAll", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["data"].as_array().unwrap().len(), 2);
    let r = app
        .post("/admin/common/list", Some(&t), json!({ "page": 1, "limit": 5, "type": "charity", "search": "" }))
        .await
        .expect(200);
    assert_eq!(r.body["total_records"], 2);
}
