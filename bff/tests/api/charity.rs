use crate::helpers::*;
use crate::media::PNG;
use serde_json::{Value, json};

/// A category, a cause and an uploaded logo; answers a valid nonprofit body.
pub(crate) async fn valid_body(app: &TestApp, t: &str, name: &str, ein: &str) -> Value {
    let cat = app
        .post("/admin/charity-category/create", Some(t), json!({ "name": format!("Health {ein}"), "description": "" }))
        .await
        .expect(200);
    let cause = app
        .post("/admin/cause/create", Some(t), json!({ "name": format!("Water {ein}"), "description": "" }))
        .await
        .expect(200);
    let logo = app
        .upload(
            "/local-image/uploadImage",
            Some(t),
            Some(("image", "logo.png", PNG.to_vec())),
            &[("moduleName", "charity")],
        )
        .await
        .expect(200);
    json!({
        "charityName": name, "taxId": ein, "categoryId": cat.body["data"]["_id"], "causeIds": [cause.body["data"]["_id"]],
        "mission": "<p>Clean <b>water</b><script>x()</script></p>", "description": "", "logo": logo.body["data"]["name"], "images": [],
        "website": "https://water.example.org", "email": "info@water.example.org", "phoneNumber": "(555) 123-4567",
        "address": "1 Main St", "city": "Springfield", "state": "Illinois", "country": "United States", "zipCode": "62701",
        "countryId": "US", "stateId": "IL", "cityId": "1", "adminFirstName": "Nia", "adminLastName": "Owner",
        "adminEmail": "nia@water.example.org", "adminPhone": "",
        "paymentMethods": [{ "type": "bank_account", "bankName": "First Bank", "accountHolder": "WFA", "routingNumber": "021000021", "accountNumber": "000123456789" }]
    })
}

fn list_body(search: &str, column: &str, order: &str, imported: bool, verification: &str) -> Value {
    json!({ "page": 1, "limit": 10, "search": search, "column": column, "order": order, "isNavigator": imported, "adminVerification": verification })
}

#[tokio::test]
async fn a_nonprofit_goes_through_its_whole_life_over_rest() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let body = valid_body(&app, &t, "Water For All", "12-3456789").await;
    let r = app.post("/admin/charity/create", Some(&t), body.clone()).await.expect(200);
    assert_eq!(r.message(), "Nonprofit created successfully");
    let d = &r.body["data"];
    let id = d["_id"].as_str().unwrap().to_string();
    assert_eq!(
        (d["taxId"].as_str(), d["adminVerification"].as_str(), d["isActive"].as_bool()),
        (Some("12-3456789"), Some("Approve"), Some(true))
    );
    assert!(d["adminApproveAt"].is_i64());
    assert_eq!(d["mission"], "<p>Clean <b>water</b></p>");
    assert_eq!(d["paymentMethods"][0]["last4"], "6789");
    assert!(d["paymentMethods"][0].get("accountNumber").is_none());
    assert_eq!(d["causes"][0]["name"], "Water 12-3456789");

    // The same again (a new logo: the first is the first nonprofit's now).
    let mut again = body.clone();
    again["logo"] = app
        .upload(
            "/local-image/uploadImage",
            Some(&t),
            Some(("image", "logo.png", PNG.to_vec())),
            &[("moduleName", "charity")],
        )
        .await
        .expect(200)
        .body["data"]["name"]
        .clone();
    let r = app.post("/admin/charity/create", Some(&t), again).await.expect(409);
    assert_eq!(r.message(), "Tax ID already exists");

    let r = app.get(&format!("/admin/charity/get/{id}"), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["charityName"], "Water For All");
    let r = app.get(&format!("/admin/payment-method/findPaymentMethodbyCharity/{id}"), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"][0]["bankName"], "First Bank");

    let r = app
        .post("/admin/charity/charityList", Some(&t), list_body("wat", "charityName", "asc", false, "Approve"))
        .await
        .expect(200);
    assert_eq!(r.body["total_records"], 1);
    let row = &r.body["data"][0];
    assert_eq!((row["_id"].as_str(), row["taxId"].as_str()), (Some(id.as_str()), Some("12-3456789")));
    let r = app
        .post("/admin/charity/charityList", Some(&t), list_body("", "adminApproveAt", "desc", true, ""))
        .await
        .expect(200);
    assert_eq!(r.body["total_records"], 0, "the imported tab is empty");

    let r = app
        .patch(&format!("/admin/charity/charityStatus/{id}"), Some(&t), json!({ "isActive": false }))
        .await
        .expect(200);
    assert_eq!(r.message(), "Nonprofit deactivated successfully");
    let r = app.post("/admin/charity/getAll", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["data"], json!([]));
    let r = app
        .patch(&format!("/admin/charity/charityStatus/{id}"), Some(&t), json!({ "isActive": true }))
        .await
        .expect(200);
    assert_eq!(r.message(), "Nonprofit activated successfully");
    let r = app.post("/admin/charity/getAll", Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["data"], json!([{ "_id": id, "charityName": "Water For All" }]));
    let r =
        app.post("/admin/common/list", Some(&t), json!({ "page": 1, "limit": 5, "type": "charity" })).await.expect(200);
    assert_eq!(
        (r.body["data"]["list"][0]["name"].as_str(), r.body["total_records"].as_i64()),
        (Some("Water For All"), Some(1))
    );

    let mut edit = body.clone();
    edit["charityName"] = json!("Water For Everyone");
    edit.as_object_mut().unwrap().remove("paymentMethods");
    let r = app.patch(&format!("/admin/charity/update/{id}"), Some(&t), edit).await.expect(200);
    assert_eq!(r.message(), "Nonprofit updated successfully");
    assert_eq!(r.body["data"]["paymentMethods"].as_array().unwrap().len(), 1, "absent payment methods stay");

    let r = app
        .post(
            "/admin/charity/changeVerification",
            Some(&t),
            json!({ "charityId": id, "adminVerification": "Reject", "rejectReason": "" }),
        )
        .await
        .expect(400);
    assert_eq!(r.message(), "Please Enter Add Reason");
    let r = app
        .post(
            "/admin/charity/changeVerification",
            Some(&t),
            json!({ "charityId": id, "adminVerification": "Reject", "rejectReason": "No papers" }),
        )
        .await
        .expect(200);
    assert_eq!(r.message(), "Nonprofit rejected successfully");
    let r = app.post("/admin/charity/charityList", Some(&t), list_body("", "", "", false, "Reject")).await.expect(200);
    assert_eq!(r.body["data"][0]["rejectReason"], "No papers");
    let r = app
        .post(
            "/admin/charity/changeVerification",
            Some(&t),
            json!({ "charityId": id, "adminVerification": "Approve", "rejectReason": "" }),
        )
        .await
        .expect(200);
    assert_eq!(r.message(), "Nonprofit approved successfully");

    let r = app.post("/admin/charity/delete", Some(&t), json!({ "id": id })).await.expect(200);
    assert_eq!(r.message(), "Nonprofit deleted successfully");
    let r = app.get(&format!("/admin/charity/get/{id}"), Some(&t)).await.expect(404);
    assert_eq!(r.message(), "Nonprofit not found");
}

#[tokio::test]
async fn bad_nonprofit_input_gets_clear_messages_and_changes_nothing() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r = app.post("/admin/charity/create", Some(&t), json!({})).await.expect(400);
    assert_eq!(field(&r.body, "charityName"), "Please enter Nonprofit Name");
    assert_eq!(field(&r.body, "taxId"), "Please enter Tax ID");
    assert_eq!(field(&r.body, "logo"), "Please upload Logo");
    let mut bad = valid_body(&app, &t, "Water", "12-3456789").await;
    bad["taxId"] = json!("12-34");
    bad["phoneNumber"] = json!("12345");
    let r = app.post("/admin/charity/create", Some(&t), bad).await.expect(400);
    assert_eq!(field(&r.body, "taxId"), "Please enter valid Tax ID");
    assert_eq!(field(&r.body, "phoneNumber"), "Please enter valid Phone Number");
    app.post("/admin/charity/create", Some(&t), json!({ "charityName": 5 })).await.expect(400);
    let r = app.post("/admin/charity/charityList", Some(&t), list_body("", "taxId", "", false, "")).await.expect(400);
    assert_eq!(r.message(), "Sorting by taxId is not supported");
    let r = app.post("/admin/common/list", Some(&t), json!({ "type": "donor" })).await.expect(400);
    assert_eq!(r.message(), "type must be charity");
    app.patch("/admin/charity/charityStatus/nope", Some(&t), json!({})).await.expect(400);
    app.patch("/admin/charity/charityStatus/nope", Some(&t), json!({ "isActive": true })).await.expect(404);
    let r = app.post("/admin/charity/charityList", Some(&t), list_body("", "", "", false, "")).await.expect(200);
    assert_eq!(r.body["total_records"], 0);
}

#[tokio::test]
async fn each_right_of_section_6_opens_only_its_calls_and_a_nonprofit_admin_only_its_own() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let body = valid_body(&app, &t, "Water For All", "12-3456789").await;
    let id = app.post("/admin/charity/create", Some(&t), body.clone()).await.expect(200).body["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let mut other = valid_body(&app, &t, "Other", "98-7654321").await;
    other["categoryId"] = body["categoryId"].clone();
    let other_id = app.post("/admin/charity/create", Some(&t), other).await.expect(200).body["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();

    app.sub_admin(&t, "edit@example.org", json!([{ "slug": "/master/charity_management", "actions": ["edit"] }])).await;
    let editor = app.token_of("/admin-login/login", "edit@example.org").await;
    app.post("/admin/charity/charityList", Some(&editor), list_body("", "", "", false, "")).await.expect(200);
    app.patch(&format!("/admin/charity/update/{id}"), Some(&editor), body.clone()).await.expect(200);
    app.post("/admin/charity/create", Some(&editor), body.clone()).await.expect(403);
    app.post("/admin/charity/delete", Some(&editor), json!({ "id": id })).await.expect(403);
    // "edit or add shows the status toggle" (SPEC section 6): the server follows.
    app.patch(&format!("/admin/charity/charityStatus/{id}"), Some(&editor), json!({ "isActive": true }))
        .await
        .expect(200);
    app.post(
        "/admin/charity/changeVerification",
        Some(&editor),
        json!({ "charityId": id, "adminVerification": "Approve" }),
    )
    .await
    .expect(403);
    app.upload("/admin/charity/import", Some(&editor), Some(("file", "bmf.csv", b"EIN\n".to_vec())), &[])
        .await
        .expect(403);

    app.sub_admin(&t, "verify@example.org", json!([{ "slug": "/master", "actions": ["view"] }])).await;
    let verifier = app.token_of("/admin-login/login", "verify@example.org").await;
    app.post("/admin/charity/charityList", Some(&verifier), list_body("", "", "", false, "Pending")).await.expect(200);
    app.get(&format!("/admin/charity/get/{id}"), Some(&verifier)).await.expect(200);
    // A decision changes the nonprofit's standing: the view alone does not make it, nor the
    // status right alone; both do.
    let reject = json!({ "charityId": id, "adminVerification": "Reject", "rejectReason": "x" });
    app.post("/admin/charity/changeVerification", Some(&verifier), reject.clone()).await.expect(403);
    app.sub_admin(&t, "status@example.org", json!([{ "slug": "/master/charity_management", "actions": ["status"] }]))
        .await;
    let status_only = app.token_of("/admin-login/login", "status@example.org").await;
    app.post("/admin/charity/changeVerification", Some(&status_only), reject.clone()).await.expect(403);
    app.sub_admin(&t, "decide@example.org", json!([{ "slug": "/master", "actions": ["view"] }, { "slug": "/master/charity_management", "actions": ["status"] }])).await;
    let decider = app.token_of("/admin-login/login", "decide@example.org").await;
    app.post("/admin/charity/changeVerification", Some(&decider), reject).await.expect(200);
    app.patch(&format!("/admin/charity/update/{id}"), Some(&verifier), body.clone()).await.expect(403);

    app.sub_admin(&t, "deleter@example.org", json!([{ "slug": "/master/charity_management", "actions": ["delete"] }]))
        .await;
    let deleter = app.token_of("/admin-login/login", "deleter@example.org").await;
    app.patch(&format!("/admin/charity/charityStatus/{id}"), Some(&deleter), json!({ "isActive": false }))
        .await
        .expect(403);
    app.patch(&format!("/admin/charity/update/{id}"), Some(&deleter), body.clone()).await.expect(403);

    app.sub_admin(&t, "none@example.org", json!([{ "slug": "/dashboard", "actions": ["view"] }])).await;
    let none = app.token_of("/admin-login/login", "none@example.org").await;
    app.post("/admin/charity/charityList", Some(&none), list_body("", "", "", false, "")).await.expect(403);
    app.get(&format!("/admin/charity/get/{id}"), Some(&none)).await.expect(403);
    app.post("/admin/charity/getAll", Some(&none), json!({})).await.expect(200);
    app.post("/admin/charity/charityList", None, list_body("", "", "", false, "")).await.expect(401);

    // A nonprofit admin: its own nonprofit only, and never lists, status, verification or delete.
    app.identity.create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", &id).await.unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "npo@example.org").await;
    app.get(&format!("/admin/charity/get/{id}"), Some(&npo)).await.expect(200);
    app.get(&format!("/admin/payment-method/findPaymentMethodbyCharity/{id}"), Some(&npo)).await.expect(200);
    let r = app.patch(&format!("/admin/charity/update/{id}"), Some(&npo), body.clone()).await.expect(200);
    assert_eq!(r.body["data"]["adminVerification"], "Pending", "an edit of a rejected nonprofit goes back to review");
    app.get(&format!("/admin/charity/get/{other_id}"), Some(&npo)).await.expect(403);
    app.get(&format!("/admin/payment-method/findPaymentMethodbyCharity/{other_id}"), Some(&npo)).await.expect(403);
    app.patch(&format!("/admin/charity/update/{other_id}"), Some(&npo), body.clone()).await.expect(403);
    app.post("/admin/charity/charityList", Some(&npo), list_body("", "", "", false, "")).await.expect(403);
    app.patch(&format!("/admin/charity/charityStatus/{id}"), Some(&npo), json!({ "isActive": false }))
        .await
        .expect(403);
    app.post("/admin/charity/delete", Some(&npo), json!({ "id": id })).await.expect(403);
    app.post(
        "/admin/charity/changeVerification",
        Some(&npo),
        json!({ "charityId": id, "adminVerification": "Approve" }),
    )
    .await
    .expect(403);
    let r = app.get(&format!("/admin/charity/get/{other_id}"), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["charityName"], "Other", "nothing the others tried changed it");
}

const BMF_HEADER: &str = "EIN,NAME,ICO,STREET,CITY,STATE,ZIP,GROUP,SUBSECTION,AFFILIATION,CLASSIFICATION,RULING,DEDUCTIBILITY,FOUNDATION,ACTIVITY,ORGANIZATION,STATUS,TAX_PERIOD,ASSET_CD,INCOME_CD,FILING_REQ_CD,PF_FILING_REQ_CD,ACCT_PD,ASSET_AMT,INCOME_AMT,REVENUE_AMT,NTEE_CD,SORT_NAME";

#[tokio::test]
async fn a_business_master_file_is_uploaded_checked_applied_and_imported_once() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let file = format!(
        "{BMF_HEADER}\n010000001,FIRST AID SOCIETY,,1 MAIN ST,SPRINGFIELD,IL,62701,0,3,3,1,1,1,15,0,1,1,202312,0,0,1,0,12,0,0,0,E20,\n\
         010000002,HOPE HOUSE,,2 MAIN ST,PEORIA,IL,61602,0,3,3,1,1,1,15,0,1,1,202312,0,0,1,0,12,0,0,0,P20,\n\
         12,BAD EIN,,3 MAIN ST,PEORIA,IL,61602,0,3,3,1,1,1,15,0,1,1,202312,0,0,1,0,12,0,0,0,P20,\n"
    );
    let r = app
        .upload("/admin/charity/import", Some(&t), Some(("file", "eo_il.csv", file.clone().into_bytes())), &[])
        .await
        .expect(200);
    let d = &r.body["data"];
    assert_eq!((d["rows"].as_i64(), d["new"].as_i64(), d["invalid"].as_i64()), (Some(3), Some(2), Some(1)));
    assert_eq!(d["errors"], json!([{ "row": 4, "reason": "EIN must be 9 digits (got '12')" }]));
    let import_id = d["importId"].as_str().unwrap().to_string();
    let r = app.post("/admin/charity/charityList", Some(&t), list_body("", "", "", true, "")).await.expect(200);
    assert_eq!(r.body["total_records"], 0, "the dry run wrote nothing");

    let r = app.post(&format!("/admin/charity/import/{import_id}/apply"), Some(&t), json!({})).await.expect(200);
    assert_eq!(r.message(), "Import applied successfully");
    assert_eq!(r.body["data"]["new"], 2);
    let r = app
        .post("/admin/charity/charityList", Some(&t), list_body("hope", "charityName", "asc", true, ""))
        .await
        .expect(200);
    assert_eq!((r.body["total_records"].as_i64(), r.body["data"][0]["isImported"].as_bool()), (Some(1), Some(true)));
    let r = app.post(&format!("/admin/charity/import/{import_id}/apply"), Some(&t), json!({})).await.expect(404);
    assert_eq!(r.message(), "Import not found, upload the file again");

    let r = app
        .upload("/admin/charity/import", Some(&t), Some(("file", "eo_il.csv", file.into_bytes())), &[])
        .await
        .expect(200);
    assert_eq!((r.body["data"]["new"].as_i64(), r.body["data"]["unchanged"].as_i64()), (Some(0), Some(2)));
    let r = app
        .upload("/admin/charity/import", Some(&t), Some(("file", "x.csv", b"a,b\n1,2\n".to_vec())), &[])
        .await
        .expect(400);
    assert_eq!(
        r.message(),
        "The file is not a Business Master File: missing column EIN, NAME, STREET, CITY, STATE, ZIP"
    );
    let r =
        app.upload("/admin/charity/import", Some(&t), Some(("file", "x.exe", b"MZ".to_vec())), &[]).await.expect(400);
    assert_eq!(r.message(), "Please choose a Business Master File (.csv)");
    app.upload("/admin/charity/import", Some(&t), None, &[]).await.expect(400);
}

/// Every call answers 504 in the API's shape once the request deadline passes, except the
/// imports: they work through their whole file however long it takes. A deadline of zero
/// makes every call that waits on a service late.
#[tokio::test]
async fn calls_past_the_deadline_answer_504_but_imports_run_to_the_end() {
    let app = spawn_full(|_| {}, |bff| bff.request_timeout_secs = 0, std::time::Duration::ZERO).await;
    // Signing in is itself a call with a deadline: the session comes from identity directly.
    let t = app.identity.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, "127.0.0.1").await.unwrap().auth_token;
    let r = app.post("/admin/charity/charityList", Some(&t), list_body("", "", "", true, "")).await.expect(504);
    assert_eq!(
        (r.body["code"].as_str(), r.message()),
        (Some("TIMEOUT"), "The request took too long. Please try again.")
    );

    let file = format!(
        "{BMF_HEADER}\n010000001,FIRST AID SOCIETY,,1 MAIN ST,SPRINGFIELD,IL,62701,0,3,3,1,1,1,15,0,1,1,202312,0,0,1,0,12,0,0,0,E20,\n"
    );
    let r = app
        .upload("/admin/charity/import", Some(&t), Some(("file", "eo_il.csv", file.into_bytes())), &[])
        .await
        .expect(200);
    assert_eq!(r.body["data"]["new"], 1);
    let import_id = r.body["data"]["importId"].as_str().unwrap().to_string();
    let r = app.post(&format!("/admin/charity/import/{import_id}/apply"), Some(&t), json!({})).await.expect(200);
    assert_eq!((r.message(), r.body["data"]["new"].as_i64()), ("Import applied successfully", Some(1)));
}

#[tokio::test]
async fn the_cause_export_is_a_real_spreadsheet_of_the_current_filter() {
    use std::io::Read;
    let app = spawn().await;
    let (t, _) = app.admin().await;
    for name in ["Clean Water", "Water Wells", "Schools"] {
        app.post("/admin/cause/create", Some(&t), json!({ "name": name, "description": "d" })).await.expect(200);
    }
    let res = app
        .client
        .post(format!("{}/admin/cause/causeList-excel", app.base))
        .bearer_auth(&t)
        .json(&json!({ "search": "water", "column": "name", "order": "desc" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    assert_eq!(res.headers()["content-disposition"], "attachment; filename=\"causes.xlsx\"");
    let bytes = res.bytes().await.unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).expect("an xlsx is a zip");
    let mut sheet = String::new();
    zip.by_name("xl/worksheets/sheet1.xml").unwrap().read_to_string(&mut sheet).unwrap();
    let (a, b) = (sheet.find("Water Wells").expect("matching row"), sheet.find("Clean Water").expect("matching row"));
    assert!(a < b, "in the list's order");
    assert!(!sheet.contains("Schools"), "only the filter's rows");
    let r = app.post("/admin/cause/causeList-excel", Some(&t), json!({ "column": "nope" })).await.expect(400);
    assert_eq!(r.message(), "Sorting by nope is not supported");
    app.post("/admin/cause/causeList-excel", None, json!({})).await.expect(401);
}
