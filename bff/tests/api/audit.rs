//! The audit trail over REST (issue 17): the main admin's alone; a write through the API
//! appears with its actor, module, entity, id and changes; filters; the export; the chain.

use crate::helpers::*;
use calamine::{Data, Reader, Xlsx};
use reqwest::Method;
use serde_json::{Value, json};
use std::time::Duration;

/// The audit list of `body`, once it holds at least `n` records (events are relayed after
/// the write's commit).
async fn audit_list(app: &TestApp, t: &str, body: Value, n: usize) -> Value {
    for _ in 0..100 {
        let r = app.post("/admin/audit/auditList", Some(t), body.clone()).await.expect(200);
        if r.body["data"].as_array().is_some_and(|a| a.len() >= n) {
            return r.body;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the audit list never held {n} records for {body}");
}

#[tokio::test]
async fn only_the_main_admin_reads_the_audit_trail() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    app.sub_admin(
        &t,
        "all@example.org",
        json!(
            identity::service::all_grants()
                .into_iter()
                .map(|(slug, actions)| json!({"slug": slug, "actions": actions}))
                .collect::<Vec<_>>()
        ),
    )
    .await;
    let sub = app.token_of("/admin-login/login", "all@example.org").await;
    app.identity
        .create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", "0123456789abcdef01234567")
        .await
        .unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "npo@example.org").await;
    for token in [&sub, &npo] {
        app.post("/admin/audit/auditList", Some(token), json!({})).await.expect(403);
        app.post("/admin/audit/auditList-excel", Some(token), json!({})).await.expect(403);
        app.get("/admin/audit/verify", Some(token)).await.expect(403);
        app.get("/admin/audit/filters", Some(token)).await.expect(403);
        app.get("/admin/audit/get/x", Some(token)).await.expect(403);
    }
    app.post("/admin/audit/auditList", None, json!({})).await.expect(401);
}

#[tokio::test]
async fn a_write_appears_with_its_actor_module_entity_and_changes() {
    let app = spawn().await;
    let r = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(200);
    let t = r.body["data"]["authToken"].as_str().unwrap().to_string();
    let admin_id = r.body["data"]["_id"].as_str().unwrap().to_string();
    let cat = app
        .post("/admin/faq-category/create", Some(&t), json!({ "name": "Giving", "description": "About giving" }))
        .await
        .expect(200);
    let cat_id = cat.body["data"]["_id"].as_str().unwrap().to_string();
    app.patch(
        &format!("/admin/faq-category/update/{cat_id}"),
        Some(&t),
        json!({ "name": "Gifts", "description": "About giving" }),
    )
    .await
    .expect(200);

    let body = audit_list(&app, &t, json!({ "module": "/category", "entity": "faq_category" }), 2).await;
    let rows = body["data"].as_array().unwrap();
    assert_eq!(body["total_records"], 2);
    let (updated, created) = (&rows[0], &rows[1]);
    assert!(updated["seq"].as_i64() > created["seq"].as_i64(), "newest first");
    for r in rows {
        assert_eq!(
            (r["actorId"].as_str(), r["accountType"].as_str(), r["entityId"].as_str()),
            (Some(admin_id.as_str()), Some("Admin"), Some(cat_id.as_str()))
        );
        assert_ne!(r["actorName"], admin_id.as_str(), "the admin is named");
    }
    assert_eq!(created["action"], "created");
    assert_eq!(updated["action"], "updated");
    assert_eq!(updated["changes"]["name"], json!({ "before": "Giving", "after": "Gifts" }));

    let one = app.get(&format!("/admin/audit/get/{}", updated["_id"].as_str().unwrap()), Some(&t)).await.expect(200);
    assert_eq!(one.body["data"]["payload"]["id"], cat_id.as_str());
    app.get("/admin/audit/get/nope", Some(&t)).await.expect(404);

    // Filters: by entity id, by actor name text, by date; wrong ones are refused.
    let b = audit_list(&app, &t, json!({ "entityId": cat_id }), 2).await;
    assert_eq!(b["total_records"], 2);
    let r = app.post("/admin/audit/auditList", Some(&t), json!({ "module": "/donor" })).await.expect(200);
    assert_eq!(r.body["total_records"], 0);
    let r = app.post("/admin/audit/auditList", Some(&t), json!({ "actor": "nobody-like-this" })).await.expect(200);
    assert_eq!(r.body["total_records"], 0);
    let r = app.post("/admin/audit/auditList", Some(&t), json!({ "actor": admin_id })).await.expect(200);
    assert!(r.body["total_records"].as_i64().unwrap() >= 2);
    let r = app.post("/admin/audit/auditList", Some(&t), json!({ "fromDate": 10, "toDate": 5 })).await.expect(400);
    assert_eq!(r.message(), "To date must be on or after From date");
    let r = app.post("/admin/audit/auditList", Some(&t), json!({ "toDate": 5 })).await.expect(200);
    assert_eq!(r.body["total_records"], 0);

    let f = app.get("/admin/audit/filters", Some(&t)).await.expect(200);
    assert!(f.body["data"]["modules"].as_array().unwrap().contains(&json!("/category")), "{}", f.body);
    assert!(f.body["data"]["entities"].as_array().unwrap().contains(&json!("faq_category")));

    let v = app.get("/admin/audit/verify", Some(&t)).await.expect(200);
    assert_eq!(v.body["data"]["ok"], true, "{}", v.body);
    assert!(v.body["data"]["checked"].as_i64().unwrap() >= 2);

    // The export of the filter: a real workbook of those two records.
    let res = app
        .client
        .post(format!("{}/admin/audit/auditList-excel", app.base))
        .bearer_auth(&t)
        .json(&json!({ "entity": "faq_category" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    let bytes = res.bytes().await.unwrap();
    let mut wb = Xlsx::new(std::io::Cursor::new(bytes.to_vec())).expect("a real workbook");
    let sheet = wb.worksheet_range("Audit log").unwrap();
    let rows: Vec<Vec<String>> = sheet.rows().map(|r| r.iter().map(Data::to_string).collect()).collect();
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert_eq!(rows[0][0], "Seq");
    assert_eq!((rows[1][7].as_str(), rows[1][8].as_str()), (cat_id.as_str(), "updated"));
    assert!(rows[1][9].contains("Gifts"));

    // A password change is recorded with its account, never with a secret.
    app.post(
        "/admin/sub-admin/changePassword",
        Some(&t),
        json!({ "currentPassword": ADMIN_PASSWORD, "newPassword": "secret99" }),
    )
    .await
    .expect(200);
    let t =
        app.login(ADMIN_EMAIL, "secret99").await.expect(200).body["data"]["authToken"].as_str().unwrap().to_string();
    let b = audit_list(&app, &t, json!({ "entity": "account" }), 1).await;
    let r = &b["data"][0];
    assert_eq!(
        (r["action"].as_str(), r["actorId"].as_str(), r["entityId"].as_str()),
        (Some("password_changed"), Some(admin_id.as_str()), Some(admin_id.as_str()))
    );
    let one = app
        .call(Method::GET, &format!("/admin/audit/get/{}", r["_id"].as_str().unwrap()), Some(&t), None)
        .await
        .expect(200);
    let text = one.body.to_string();
    assert!(!text.contains("secret99") && !text.contains("$argon2"), "{text}");
}

/// An app user's act (a donor writing in the chat) is named by the donor's name, not its id.
#[tokio::test]
async fn an_app_users_act_is_named_by_the_donors_name() {
    use crate::socket::{Sock, chat_donor, member_sock, member_token, uuid};
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (donor, _) = chat_donor(&app, &t, "Fay", "fay@example.org").await;
    let member = member_sock(&app, &member_token(&app, &donor)).await;
    Sock::ok(member.call("send", json!({ "text": "Hello", "clientId": uuid() })).await);
    let mut row = None;
    for _ in 0..100 {
        let r = app.post("/admin/audit/auditList", Some(&t), json!({ "accountType": "Member" })).await.expect(200);
        if let Some(first) = r.body["data"].as_array().and_then(|a| a.first()).cloned() {
            row = Some(first);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let row = row.expect("the member's message is in the audit trail");
    assert_eq!(
        (row["actorId"].as_str(), row["actorName"].as_str()),
        (Some(donor.as_str()), Some("Fay Giver")),
        "{row}"
    );
}
