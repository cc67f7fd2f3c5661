//! Badges over REST: the list, one badge, its edit (the rule's REST names, the threshold in
//! cents for 'totalGiven') and its deletion, with the contract's messages, and who may do what.
//! Badges are stored in the giving service's own table for the test (the console only edits
//! them).

use crate::helpers::*;
use serde_json::{Value, json};

/// Stores a badge in the test app's giving database; answers its id.
async fn badge(app: &TestApp, name: &str, rule: i64, threshold: i64) -> String {
    let url = format!("sqlite://{}/giving.db", app.data.0.display());
    let db = common::db::Db::connect(&url, &giving::app::MIGRATIONS).await.unwrap();
    let id = common::new_id();
    sqlx::query(
        "INSERT INTO badges (id, name, name_key, image, description, is_active, rule, threshold, awarded_count, created_at, updated_at) \
         VALUES ($1, $2, $3, 'badges/gold.png', 'Given a lot', TRUE, $4, $5, 0, $6, $6)",
    )
    .bind(&id)
    .bind(name)
    .bind(name.to_lowercase())
    .bind(rule)
    .bind(threshold)
    .bind(common::now_ms())
    .execute(&db.pool)
    .await
    .unwrap();
    id
}

fn body(name: &str, rule: Value, threshold: Value) -> Value {
    json!({ "name": name, "image": "badges/gold.png", "description": "Given a lot", "isActive": true, "rule": rule, "threshold": threshold })
}

const LIST: &str = "/admin/badge/badgeList";
const NOTHING: &str = "0000000000000000000000c3";

fn update(id: &str) -> String {
    format!("/admin/badge/badgeUpdate/{id}")
}

#[tokio::test]
async fn a_badge_edit_with_a_wrong_rule_or_threshold_is_refused_by_the_bff() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    for rule in [json!("gold"), json!(""), json!(2), Value::Null] {
        let r = app.patch(&update(NOTHING), Some(&t), body("Gold", rule, json!(100))).await.expect(400);
        assert_eq!((r.message(), field(&r.body, "rule").as_str()), ("Please choose a rule", "Please choose a rule"));
    }
    for threshold in [json!(0), json!(-5), json!(1.5), json!("abc"), json!(""), Value::Null] {
        let r = app.patch(&update(NOTHING), Some(&t), body("Gold", json!("donations"), threshold)).await.expect(400);
        assert_eq!(field(&r.body, "threshold"), "Threshold must be a whole number greater than 0");
    }
    let r = app.patch(&update(NOTHING), Some(&t), body("Gold", json!("silver"), json!(0))).await.expect(400);
    assert_eq!(
        (field(&r.body, "rule").as_str(), field(&r.body, "threshold").as_str()),
        ("Please choose a rule", "Threshold must be a whole number greater than 0")
    );
}

#[tokio::test]
async fn only_the_badge_module_reaches_badges_and_each_action_its_own_call() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let bad = body("Gold", json!("gold"), json!(1));
    let del = format!("/admin/badge/delete/{NOTHING}");
    let find = format!("/admin/badge/findBadge/{NOTHING}");

    app.sub_admin(&t, "none@example.org", json!([{ "slug": "/dashboard", "actions": ["view"] }])).await;
    let none = app.token_of("/admin-login/login", "none@example.org").await;
    app.post(LIST, Some(&none), json!({})).await.expect(403);
    app.get(&find, Some(&none)).await.expect(403);
    app.patch(&update(NOTHING), Some(&none), bad.clone()).await.expect(403);
    app.call(reqwest::Method::DELETE, &del, Some(&none), None).await.expect(403);
    app.post(LIST, None, json!({})).await.expect(401);

    // Edit: the door opens (the BFF's own 400 answers), delete stays shut.
    app.sub_admin(&t, "edit@example.org", json!([{ "slug": "/badge", "actions": ["edit"] }])).await;
    let editor = app.token_of("/admin-login/login", "edit@example.org").await;
    app.patch(&update(NOTHING), Some(&editor), bad.clone()).await.expect(400);
    app.call(reqwest::Method::DELETE, &del, Some(&editor), None).await.expect(403);

    // Delete: the other way round.
    app.sub_admin(&t, "delete@example.org", json!([{ "slug": "/badge", "actions": ["delete"] }])).await;
    let deleter = app.token_of("/admin-login/login", "delete@example.org").await;
    app.patch(&update(NOTHING), Some(&deleter), bad.clone()).await.expect(403);
    let r = app.call(reqwest::Method::DELETE, &del, Some(&deleter), None).await;
    assert!(![401, 403].contains(&r.status.as_u16()), "a deleter may delete: {}", r.body);

    app.identity
        .create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", "0000000000000000000000a1")
        .await
        .unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "npo@example.org").await;
    app.post(LIST, Some(&npo), json!({})).await.expect(403);
    app.get(&find, Some(&npo)).await.expect(403);
    app.patch(&update(NOTHING), Some(&npo), bad).await.expect(403);
    app.call(reqwest::Method::DELETE, &del, Some(&npo), None).await.expect(403);
}

/// Needs the giving service's badge RPCs (ListBadges, GetBadge, UpdateBadge, DeleteBadge).
#[tokio::test]
async fn a_badge_is_listed_read_edited_and_deleted_over_rest() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    // The platform's starting badges come first (made on giving's first start); these tests
    // work on their own three.
    let r = app.post(LIST, Some(&t), json!({ "page": 1, "limit": 10 })).await.expect(200);
    assert_eq!(r.body["total_records"], 5, "the starting set");
    for b in r.body["data"].as_array().unwrap() {
        app.call(
            reqwest::Method::DELETE,
            &format!("/admin/badge/delete/{}", b["_id"].as_str().unwrap()),
            Some(&t),
            None,
        )
        .await
        .expect(200);
    }
    let gold = badge(&app, "Gold Giver", 1, 100_000).await;
    badge(&app, "Regular", 2, 12).await;
    badge(&app, "Loyal", 3, 6).await;

    let r = app
        .post(LIST, Some(&t), json!({ "page": 1, "limit": 10, "column": "threshold", "order": "ascend" }))
        .await
        .expect(200);
    assert_eq!(r.body["total_records"], 3);
    let rules: Vec<_> = r.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["name"].as_str().unwrap(), b["rule"].as_str().unwrap()))
        .collect();
    assert_eq!(rules, [("Loyal", "monthsSubscribed"), ("Regular", "donations"), ("Gold Giver", "totalGiven")]);
    let r = app.post(LIST, Some(&t), json!({ "search": "gold" })).await.expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["_id"].as_str()), (Some(1), Some(gold.as_str())));

    let r = app.get(&format!("/admin/badge/findBadge/{gold}"), Some(&t)).await.expect(200);
    let b = &r.body["data"];
    assert_eq!(
        (b["rule"].as_str(), b["threshold"].as_i64(), b["isActive"].as_bool(), b["awardedCount"].as_i64()),
        (Some("totalGiven"), Some(100_000), Some(true), Some(0))
    );
    let r = app.get(&format!("/admin/badge/findBadge/{NOTHING}"), Some(&t)).await.expect(404);
    assert_eq!(r.message(), "Badge not found");

    let r = app.patch(&update(&gold), Some(&t), body(" ", json!("totalGiven"), json!(500))).await.expect(400);
    assert_eq!(field(&r.body, "name"), "Please enter Name");
    let r =
        app.patch(&update(&gold), Some(&t), body("Platinum Giver", json!("donations"), json!("25"))).await.expect(200);
    assert_eq!(r.message(), "Badge updated successfully");
    assert_eq!(
        (r.body["data"]["name"].as_str(), r.body["data"]["rule"].as_str(), r.body["data"]["threshold"].as_i64()),
        (Some("Platinum Giver"), Some("donations"), Some(25))
    );
    let r = app.patch(&update(NOTHING), Some(&t), body("Gold", json!("donations"), json!(5))).await.expect(404);
    assert_eq!(r.message(), "Badge not found");

    let r = app.call(reqwest::Method::DELETE, &format!("/admin/badge/delete/{gold}"), Some(&t), None).await.expect(200);
    assert_eq!((r.message(), &r.body["data"]), ("Badge deleted successfully", &json!({})));
    app.get(&format!("/admin/badge/findBadge/{gold}"), Some(&t)).await.expect(404);
    let r = app.post(LIST, Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 2);
}
