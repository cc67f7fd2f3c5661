//! Transactions over REST (/admin/transaction, module /transaction: view) and their Excel
//! export. Donations are recorded through the giving gRPC client, as the apps do.

use crate::donor::{donate, donor, nonprofit_admin};
use crate::helpers::*;
use serde_json::json;

#[tokio::test]
async fn transaction_rights_follow_the_module() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    app.sub_admin(&t, "donors@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])).await;
    let donors = app.token_of("/admin-login/login", "donors@example.org").await;
    for path in ["/admin/transaction/transactionList", "/admin/transaction/TransactionList-excel"] {
        assert_eq!(app.post(path, Some(&donors), json!({})).await.expect(403).code(), "FORBIDDEN");
        app.post(path, None, json!({})).await.expect(401);
    }
    app.get("/admin/transaction/get/x", Some(&donors)).await.expect(403);
    let npo = nonprofit_admin(&app, &t, "nia@water.example.org").await;
    app.post("/admin/transaction/transactionList", Some(&npo), json!({})).await.expect(403);
}

/// Through the giving service's RecordDonation, ListTransactions, GetTransaction and
/// StreamTransactions.
#[tokio::test]
async fn transactions_are_listed_filtered_read_and_exported() {
    use std::io::Read;
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let ada = donor(&app, &t, "Ada", "Lovelace", "ada@example.org").await;
    let bob = donor(&app, &t, "Bob", "Builder", "bob@example.org").await;
    let day = 86_400_000;
    let now = common::now_ms();
    let first = donate(&app, &ada, ("c1", "Water For All"), 2500, "ch_1", now - 3 * day).await;
    donate(&app, &bob, ("c2", "Books For Kids"), 1000, "ch_2", now - 2 * day).await;
    let last = donate(&app, &ada, ("c2", "Books For Kids"), 12345, "ch_3", now - day).await;

    app.sub_admin(&t, "viewer@example.org", json!([{ "slug": "/transaction", "actions": ["view"] }])).await;
    let viewer = app.token_of("/admin-login/login", "viewer@example.org").await;
    let r = app.post("/admin/transaction/transactionList", Some(&viewer), json!({})).await.expect(200);
    assert_eq!(r.body["total_records"], 3);
    assert_eq!(r.body["data"][0]["_id"].as_str(), Some(last.id.as_str()), "newest first");
    let tx = &r.body["data"][0];
    assert_eq!(
        (tx["donorName"].as_str(), tx["recipientName"].as_str(), tx["amountCents"].as_i64()),
        (Some("Ada Lovelace"), Some("Books For Kids"), Some(12345))
    );
    let r = app
        .post(
            "/admin/transaction/transactionList",
            Some(&t),
            json!({ "donorId": ada, "column": "amountCents", "order": "ascend" }),
        )
        .await
        .expect(200);
    let amounts: Vec<i64> =
        r.body["data"].as_array().unwrap().iter().map(|t| t["amountCents"].as_i64().unwrap()).collect();
    assert_eq!(amounts, [2500, 12345]);
    let r = app.post("/admin/transaction/transactionList", Some(&t), json!({ "search": "books" })).await.expect(200);
    assert_eq!(r.body["total_records"], 2);
    let r = app
        .post(
            "/admin/transaction/transactionList",
            Some(&t),
            json!({ "from": now - 3 * day - 1, "to": now - 2 * day - 1 }),
        )
        .await
        .expect(200);
    assert_eq!(
        (r.body["total_records"].as_i64(), r.body["data"][0]["_id"].as_str()),
        (Some(1), Some(first.id.as_str()))
    );
    let r = app.post("/admin/transaction/transactionList", Some(&t), json!({ "status": "refunded" })).await.expect(200);
    assert_eq!(r.body["total_records"], 0);
    let r = app.post("/admin/transaction/transactionList", Some(&t), json!({ "status": "lost" })).await.expect(400);
    assert_eq!(r.body["errors"][0]["field"], "status");
    let r = app
        .post("/admin/transaction/transactionList", Some(&t), json!({ "recipientType": "planet" }))
        .await
        .expect(400);
    assert_eq!(r.body["errors"][0]["field"], "recipientType");

    let r = app.get(&format!("/admin/transaction/get/{}", first.id), Some(&viewer)).await.expect(200);
    assert_eq!(
        (r.body["data"]["amountCents"].as_i64(), r.body["data"]["providerReference"].as_str()),
        (Some(2500), Some("ch_1"))
    );
    let r = app.get("/admin/transaction/get/000000000000000000000000", Some(&t)).await.expect(404);
    assert_eq!(r.message(), "Transaction not found");

    // The export: the filter's rows in the list's order, the contract's columns.
    let res = app
        .client
        .post(format!("{}/admin/transaction/TransactionList-excel", app.base))
        .bearer_auth(&viewer)
        .json(&json!({ "search": "books", "column": "amountCents", "order": "descend" }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    assert_eq!(res.headers()["content-disposition"], "attachment; filename=\"transactions.xlsx\"");
    let bytes = res.bytes().await.unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).expect("an xlsx is a zip");
    let mut sheet = String::new();
    zip.by_name("xl/worksheets/sheet1.xml").unwrap().read_to_string(&mut sheet).unwrap();
    let mut at = 0;
    for head in [
        "Receipt",
        "Date",
        "Donor",
        "Donor Email",
        "Recipient",
        "Recipient Type",
        "Amount",
        "Processing Fee",
        "Service Charge",
        "Net",
        "Currency",
        "Method",
        "Status",
        "Type",
    ] {
        let found = sheet[at..].find(&format!(">{head}<")).unwrap_or_else(|| panic!("header {head} in order"));
        at += found + 1;
    }
    assert_eq!(sheet.matches("<row ").count(), 3, "the header and two rows");
    let (a, b) = (sheet.find("Ada Lovelace").expect("Ada's row"), sheet.find("Bob Builder").expect("Bob's row"));
    assert!(a < b, "in the list's order (largest amount first)");
    assert!(sheet.contains(">123.45<") && sheet.contains(">10<"), "amounts in dollars: {sheet}");
    let r =
        app.post("/admin/transaction/TransactionList-excel", Some(&t), json!({ "column": "nope" })).await.expect(400);
    assert!(r.message().contains("nope"), "{}", r.body);
}

/// The export words what the screens word (issue 34): codes as words, and a failed donation
/// shows no fees and no net, as no money moved.
#[tokio::test]
async fn the_export_writes_words_and_no_fees_where_no_money_moved() {
    use proto::giving::v1 as pb;
    use std::io::Read;
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let ada = donor(&app, &t, "Ada", "Lovelace", "ada@example.org").await;
    donate(&app, &ada, ("c1", "Wells"), 10_000, "ok_1", common::now_ms()).await;
    let mut client = pb::giving_client::GivingClient::connect(app.giving_url.clone()).await.unwrap();
    let failed = pb::RecordDonationRequest {
        donor_id: ada.clone(),
        recipient: Some(pb::Recipient {
            kind: pb::RecipientKind::Cause as i32,
            id: "k1".into(),
            name: "Clean Water".into(),
        }),
        amount_cents: 5_000,
        currency: "USD".into(),
        payment_method: "apple_pay".into(),
        provider_reference: "bad_1".into(),
        status: "failed".into(),
        created_at: common::now_ms(),
        actor: None,
    };
    client.record_donation(failed).await.unwrap();
    let res = app
        .client
        .post(format!("{}/admin/transaction/TransactionList-excel", app.base))
        .bearer_auth(&t)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    let bytes = res.bytes().await.unwrap();
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let mut sheet = String::new();
    zip.by_name("xl/worksheets/sheet1.xml").unwrap().read_to_string(&mut sheet).unwrap();
    for words in [">Nonprofit<", ">Cause<", ">One Time<", ">Succeeded<", ">Failed<", ">Card<", ">Apple Pay<"] {
        assert!(sheet.contains(words), "{words} in {sheet}");
    }
    for code in [">charity<", ">cause<", ">one_time<", ">succeeded<", ">failed<", ">apple_pay<"] {
        assert!(!sheet.contains(code), "{code} written raw in {sheet}");
    }
    // The failed row: its amount, then three empty cells (fee, charge, net).
    let row = sheet.split("<row ").find(|r| r.contains("Clean Water")).expect("the failed row");
    let numbers = row.matches("<v>").count();
    let succeeded = sheet.split("<row ").find(|r| r.contains("Wells")).expect("the succeeded row");
    assert_eq!(succeeded.matches("<v>").count() - numbers, 3, "no fee, charge or net for a failed donation: {row}");
}
