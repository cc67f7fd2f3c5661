//! Giving partners over REST: the two tabs, one partner, the decision, status and deletion,
//! with the contract's messages, and who may do what (sub-admins by module and action; a
//! nonprofit admin never). Partners apply through the giving service itself (the platform's
//! app does; the console only reviews them).

use crate::helpers::*;
use giving::partners::{Partner, PartnerInput};
use serde_json::{Value, json};

/// The giving service over the test app's own giving database.
async fn giving(app: &TestApp) -> giving::service::Giving {
    let url = format!("sqlite://{}/giving.db", app.data.0.display());
    giving::service::Giving::new(common::db::Db::connect(&url, &giving::app::MIGRATIONS).await.unwrap(), None)
}

async fn apply(g: &giving::service::Giving, name: &str, email: &str, applied_at: i64) -> Partner {
    let input = PartnerInput {
        name: name.into(),
        user_name: "Ava Johnson".into(),
        email_address: email.into(),
        website: "https://www.example.org".into(),
        state: "Texas".into(),
        city: "Austin".into(),
        applied_at,
        ..Default::default()
    };
    g.apply_partner(&input, &common::Actor::system()).await.unwrap()
}

fn list_body(search: &str, column: &str, order: &str) -> Value {
    json!({ "page": 1, "limit": 10, "search": search, "column": column, "order": order })
}

fn names(r: &Resp) -> Vec<String> {
    r.body["data"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap().to_string()).collect()
}

const PENDING: &str = "/admin/strategic-partner/pending-List";
const APPROVED: &str = "/admin/strategic-partner/strategicPartnerList";
const VERIFY: &str = "/admin/strategic-partner/changeVerificationStatus";
const DELETE: &str = "/admin/strategic-partner/deleteByAdmin";

fn status_path(id: &str) -> String {
    format!("/admin/strategic-partner/strategicPartnerStatus/{id}")
}

#[tokio::test]
async fn a_giving_partner_is_reviewed_approved_toggled_and_deleted_over_rest() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let g = giving(&app).await;
    let acme = apply(&g, "Acme Fund", "acme@example.org", 1_700_000_000_000).await;
    apply(&g, "Bolt Aid", "bolt@example.org", 1_700_000_001_000).await;
    apply(&g, "Cove Trust", "cove@example.org", 1_700_000_002_000).await;

    let r = app.post(PENDING, Some(&t), list_body("", "", "")).await.expect(200);
    assert_eq!(
        (names(&r), r.body["total_records"].as_i64()),
        (vec!["Cove Trust".to_string(), "Bolt Aid".into(), "Acme Fund".into()], Some(3))
    );
    let p = &r.body["data"][2];
    assert_eq!(
        (p["_id"].as_str(), p["userName"].as_str(), p["emailAddress"].as_str()),
        (Some(acme.id.as_str()), Some("Ava Johnson"), Some("acme@example.org"))
    );
    assert_eq!(
        (p["adminVerification"].as_str(), p["appliedAt"].as_i64(), p["state"].as_str()),
        (Some("Pending"), Some(1_700_000_000_000), Some("Texas"))
    );
    let r = app.post(PENDING, Some(&t), list_body("FUND", "name", "ascend")).await.expect(200);
    assert_eq!(names(&r), ["Acme Fund"]);
    let r = app.post(PENDING, Some(&t), list_body("", "name", "descend")).await.expect(200);
    assert_eq!(names(&r), ["Cove Trust", "Bolt Aid", "Acme Fund"]);
    let r = app.post(PENDING, Some(&t), list_body("", "website", "asc")).await.expect(400);
    assert_eq!(field(&r.body, "column"), "Sorting by website is not supported");

    let r = app.get(&format!("/admin/strategic-partner/get/{}", acme.id), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["website"], "https://www.example.org");
    let r = app.get("/admin/strategic-partner/get/0000000000000000000000c3", Some(&t)).await.expect(404);
    assert_eq!(r.message(), "Giving partner not found");

    // Reject needs a reason; a rejected partner stays on the pending tab and may be approved.
    for reason in [json!(""), json!("   "), Value::Null] {
        let r = app
            .post(
                VERIFY,
                Some(&t),
                json!({ "strategicPartnerId": acme.id, "adminVerification": "Reject", "rejectReason": reason }),
            )
            .await
            .expect(400);
        assert_eq!(field(&r.body, "rejectReason"), "Please Enter Add Reason");
    }
    let r = app
        .post(VERIFY, Some(&t), json!({ "strategicPartnerId": acme.id, "adminVerification": "Maybe" }))
        .await
        .expect(400);
    assert_eq!(field(&r.body, "adminVerification"), "Please choose Approve or Reject");
    let r = app
        .post(
            VERIFY,
            Some(&t),
            json!({ "strategicPartnerId": acme.id, "adminVerification": "Reject", "rejectReason": "No website" }),
        )
        .await
        .expect(200);
    assert_eq!(r.message(), "Giving partner rejected successfully");
    assert_eq!(
        (r.body["data"]["adminVerification"].as_str(), r.body["data"]["rejectReason"].as_str()),
        (Some("Reject"), Some("No website"))
    );
    let r = app.post(PENDING, Some(&t), list_body("acme", "", "")).await.expect(200);
    assert_eq!(r.body["data"][0]["adminVerification"], "Reject");

    // Status is for approved partners only.
    let r = app.patch(&status_path(&acme.id), Some(&t), json!({ "isActive": false })).await.expect(409);
    assert_eq!(r.message(), giving::partners::ONLY_APPROVED_STATUS);

    let r = app
        .post(
            VERIFY,
            Some(&t),
            json!({ "strategicPartnerId": acme.id, "adminVerification": "Approve", "rejectReason": "x" }),
        )
        .await
        .expect(200);
    assert_eq!(r.message(), "Giving partner approved successfully");
    assert_eq!(
        (r.body["data"]["adminVerification"].as_str(), r.body["data"]["rejectReason"].as_str()),
        (Some("Approve"), Some(""))
    );
    assert!(r.body["data"]["verifiedAt"].as_i64().unwrap() > 0);
    let r = app
        .post(
            VERIFY,
            Some(&t),
            json!({ "strategicPartnerId": acme.id, "adminVerification": "Reject", "rejectReason": "late" }),
        )
        .await
        .expect(409);
    assert_eq!(r.message(), "An approved giving partner cannot be rejected");
    let r = app.post(APPROVED, Some(&t), list_body("", "", "")).await.expect(200);
    assert_eq!((names(&r), r.body["total_records"].as_i64()), (vec!["Acme Fund".to_string()], Some(1)));
    let r = app.post(PENDING, Some(&t), list_body("", "", "")).await.expect(200);
    assert_eq!(r.body["total_records"], 2);

    let r = app.patch(&status_path(&acme.id), Some(&t), json!({})).await.expect(400);
    assert_eq!(field(&r.body, "isActive"), "isActive is required");
    let r = app.patch(&status_path(&acme.id), Some(&t), json!({ "isActive": false })).await.expect(200);
    assert_eq!(
        (r.message(), r.body["data"]["isActive"].as_bool()),
        ("Giving partner deactivated successfully", Some(false))
    );
    let r = app.patch(&status_path(&acme.id), Some(&t), json!({ "isActive": true })).await.expect(200);
    assert_eq!(
        (r.message(), r.body["data"]["isActive"].as_bool()),
        ("Giving partner activated successfully", Some(true))
    );

    let r = app.post(DELETE, Some(&t), json!({ "strategicPartnerId": acme.id })).await.expect(200);
    assert_eq!((r.message(), &r.body["data"]), ("Giving partner deleted successfully", &json!({})));
    app.get(&format!("/admin/strategic-partner/get/{}", acme.id), Some(&t)).await.expect(404);
    let r = app.post(DELETE, Some(&t), json!({ "strategicPartnerId": acme.id })).await.expect(404);
    assert_eq!(r.message(), "Giving partner not found");
    let r = app.post(DELETE, Some(&t), json!({})).await.expect(400);
    assert_eq!(field(&r.body, "strategicPartnerId"), "strategicPartnerId is required");
}

#[tokio::test]
async fn only_the_partner_modules_reach_partners_and_never_a_nonprofit_admin() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let g = giving(&app).await;
    let a = apply(&g, "Acme Fund", "acme@example.org", 0).await;
    let b = apply(&g, "Bolt Aid", "bolt@example.org", 0).await;
    let get = |id: &str| format!("/admin/strategic-partner/get/{id}");

    // Without either partner module: refused everywhere.
    app.sub_admin(&t, "none@example.org", json!([{ "slug": "/dashboard", "actions": ["view"] }])).await;
    let none = app.token_of("/admin-login/login", "none@example.org").await;
    app.post(PENDING, Some(&none), list_body("", "", "")).await.expect(403);
    app.post(APPROVED, Some(&none), list_body("", "", "")).await.expect(403);
    app.get(&get(&a.id), Some(&none)).await.expect(403);
    app.post(VERIFY, Some(&none), json!({ "strategicPartnerId": a.id, "adminVerification": "Approve" }))
        .await
        .expect(403);
    app.post(DELETE, Some(&none), json!({ "strategicPartnerId": a.id })).await.expect(403);
    app.post(PENDING, None, list_body("", "", "")).await.expect(401);

    // The pending module's view: the pending tab, nothing of the approved tab, and no decision:
    // a decision changes a partner's standing, which needs Approved Partners status too.
    app.sub_admin(
        &t,
        "review@example.org",
        json!([{ "slug": "/strategic/pending_strategic_partner", "actions": ["view"] }]),
    )
    .await;
    let reviewer = app.token_of("/admin-login/login", "review@example.org").await;
    app.post(PENDING, Some(&reviewer), list_body("", "", "")).await.expect(200);
    app.get(&get(&a.id), Some(&reviewer)).await.expect(200);
    app.post(VERIFY, Some(&reviewer), json!({ "strategicPartnerId": a.id, "adminVerification": "Approve" }))
        .await
        .expect(403);
    app.sub_admin(&t, "status-only@example.org", json!([{ "slug": "/strategic", "actions": ["status"] }])).await;
    let status_only = app.token_of("/admin-login/login", "status-only@example.org").await;
    app.post(VERIFY, Some(&status_only), json!({ "strategicPartnerId": a.id, "adminVerification": "Approve" }))
        .await
        .expect(403);
    app.sub_admin(&t, "decider@example.org", json!([{ "slug": "/strategic/pending_strategic_partner", "actions": ["view"] }, { "slug": "/strategic", "actions": ["status"] }])).await;
    let decider = app.token_of("/admin-login/login", "decider@example.org").await;
    app.post(VERIFY, Some(&decider), json!({ "strategicPartnerId": a.id, "adminVerification": "Approve" }))
        .await
        .expect(200);
    app.post(APPROVED, Some(&reviewer), list_body("", "", "")).await.expect(403);
    app.patch(&status_path(&a.id), Some(&reviewer), json!({ "isActive": false })).await.expect(403);
    app.post(DELETE, Some(&reviewer), json!({ "strategicPartnerId": a.id })).await.expect(403);

    // The approved module by action: view lists, status toggles, delete deletes.
    app.sub_admin(&t, "viewer@example.org", json!([{ "slug": "/strategic", "actions": ["view"] }])).await;
    let viewer = app.token_of("/admin-login/login", "viewer@example.org").await;
    app.post(APPROVED, Some(&viewer), list_body("", "", "")).await.expect(200);
    app.get(&get(&a.id), Some(&viewer)).await.expect(200);
    app.post(PENDING, Some(&viewer), list_body("", "", "")).await.expect(403);
    app.post(VERIFY, Some(&viewer), json!({ "strategicPartnerId": b.id, "adminVerification": "Approve" }))
        .await
        .expect(403);
    app.patch(&status_path(&a.id), Some(&viewer), json!({ "isActive": false })).await.expect(403);
    app.sub_admin(&t, "status@example.org", json!([{ "slug": "/strategic", "actions": ["status"] }])).await;
    let toggler = app.token_of("/admin-login/login", "status@example.org").await;
    app.patch(&status_path(&a.id), Some(&toggler), json!({ "isActive": false })).await.expect(200);
    app.post(DELETE, Some(&toggler), json!({ "strategicPartnerId": a.id })).await.expect(403);
    app.sub_admin(&t, "delete@example.org", json!([{ "slug": "/strategic", "actions": ["delete"] }])).await;
    let deleter = app.token_of("/admin-login/login", "delete@example.org").await;
    app.patch(&status_path(&a.id), Some(&deleter), json!({ "isActive": true })).await.expect(403);

    // A nonprofit admin: never.
    app.identity
        .create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", "0000000000000000000000a1")
        .await
        .unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "npo@example.org").await;
    app.post(PENDING, Some(&npo), list_body("", "", "")).await.expect(403);
    app.post(APPROVED, Some(&npo), list_body("", "", "")).await.expect(403);
    app.get(&get(&a.id), Some(&npo)).await.expect(403);
    app.post(VERIFY, Some(&npo), json!({ "strategicPartnerId": b.id, "adminVerification": "Approve" }))
        .await
        .expect(403);
    app.patch(&status_path(&a.id), Some(&npo), json!({ "isActive": true })).await.expect(403);
    app.post(DELETE, Some(&npo), json!({ "strategicPartnerId": a.id })).await.expect(403);

    app.post(DELETE, Some(&deleter), json!({ "strategicPartnerId": a.id })).await.expect(200);
    let r = app.get(&get(&b.id), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["adminVerification"], "Pending", "what the refused callers tried changed nothing");
}
