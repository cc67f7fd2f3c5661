use crate::helpers::*;
use reqwest::Method;
use serde_json::json;

/// (REST prefix, list path, label) of causes and of nonprofit categories.
const KINDS: [(&str, &str, &str); 2] = [
    ("/admin/cause", "/admin/cause/causeList", "Cause"),
    ("/admin/charity-category", "/admin/charity-category/categoryList", "Category"),
];

#[tokio::test]
async fn causes_and_categories_go_through_their_whole_life() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    for (prefix, list_path, label) in KINDS {
        let r = app
            .post(&format!("{prefix}/create"), Some(&t), json!({ "name": "Clean Water", "description": "Wells" }))
            .await
            .expect(200);
        assert_eq!(r.message(), format!("{label} created successfully"));
        let id = r.body["data"]["_id"].as_str().unwrap().to_string();
        assert_eq!(r.body["data"]["isActive"], true);

        let r = app.get(&format!("{prefix}/get/{id}"), Some(&t)).await.expect(200);
        assert_eq!(r.body["data"]["name"], "Clean Water");
        let r = app
            .call(Method::PATCH, &format!("{prefix}/update/{id}"), Some(&t), Some(json!({ "name": "Safe Water" })))
            .await
            .expect(200);
        assert_eq!(r.message(), format!("{label} updated successfully"));
        assert_eq!(r.body["data"]["description"], "Wells", "a rename keeps the description");

        let r = app
            .post(
                list_path,
                Some(&t),
                json!({ "page": 1, "limit": 10, "search": "safe", "column": "name", "order": "asc" }),
            )
            .await
            .expect(200);
        assert_eq!(r.body["total_records"], 1);
        assert_eq!(r.body["data"][0]["_id"], id.as_str());

        let status = format!("{prefix}/activeStatus/{id}");
        let r = app.call(Method::PATCH, &status, Some(&t), Some(json!({ "isActive": false }))).await.expect(200);
        assert_eq!(r.message(), format!("{label} deactivated successfully"));
        let r = app.post(&format!("{prefix}/getAll"), Some(&t), json!({})).await.expect(200);
        assert_eq!(r.body["data"], json!([]));
        app.call(Method::PATCH, &status, Some(&t), Some(json!({ "isActive": true }))).await.expect(200);
        let r = app.post(&format!("{prefix}/getAll"), Some(&t), json!({})).await.expect(200);
        assert_eq!(r.body["data"], json!([{ "_id": id, "name": "Safe Water" }]));

        let r = app.post(&format!("{prefix}/delete"), Some(&t), json!({ "id": id })).await.expect(200);
        assert_eq!(r.message(), format!("{label} deleted successfully"));
        let r = app.get(&format!("{prefix}/get/{id}"), Some(&t)).await.expect(404);
        assert_eq!(r.message(), format!("{label} not found"));
    }
}

#[tokio::test]
async fn bad_term_input_gets_the_spec_messages() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    for (prefix, _, label) in KINDS {
        for (name, message) in [("", "Please enter Name"), ("   ", "Please enter valid Name")] {
            let r = app.post(&format!("{prefix}/create"), Some(&t), json!({ "name": name })).await.expect(400);
            assert_eq!(r.message(), message);
            assert_eq!(r.body["errors"][0]["field"], "name");
        }
        app.post(&format!("{prefix}/create"), Some(&t), json!({ "name": "Health" })).await.expect(200);
        let r = app.post(&format!("{prefix}/create"), Some(&t), json!({ "name": "HEALTH" })).await.expect(409);
        assert_eq!(r.message(), format!("{label} already exists"));
        let r =
            app.call(Method::PATCH, &format!("{prefix}/activeStatus/x"), Some(&t), Some(json!({}))).await.expect(400);
        assert_eq!(r.message(), "isActive is required");
        let r = app.post(&format!("{prefix}/delete"), Some(&t), json!({})).await.expect(400);
        assert_eq!(r.message(), "id is required");
    }
    let r = app.post("/admin/cause/causeList", Some(&t), json!({ "column": "secret" })).await.expect(400);
    assert_eq!(r.message(), "Sorting by secret is not supported");
}

#[tokio::test]
async fn term_rights_are_enforced_per_action() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let id = app.post("/admin/cause/create", Some(&t), json!({ "name": "Arts" })).await.expect(200).body["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    app.sub_admin(
        &t,
        "status.only@example.org",
        json!([{ "slug": "/master/cause_management", "actions": ["status"] }]),
    )
    .await;
    let st = app.login("status.only@example.org", "secret12").await.expect(200).body["data"]["authToken"]
        .as_str()
        .unwrap()
        .to_string();
    // Any granted action opens the list (the module has no view); status toggles.
    app.post("/admin/cause/causeList", Some(&st), json!({})).await.expect(200);
    app.get(&format!("/admin/cause/get/{id}"), Some(&st)).await.expect(200);
    app.call(Method::PATCH, &format!("/admin/cause/activeStatus/{id}"), Some(&st), Some(json!({ "isActive": false })))
        .await
        .expect(200);
    for (method, path, body) in [
        (Method::POST, "/admin/cause/create".to_string(), json!({ "name": "X" })),
        (Method::PATCH, format!("/admin/cause/update/{id}"), json!({ "name": "X" })),
        (Method::POST, "/admin/cause/delete".to_string(), json!({ "id": id })),
        (Method::POST, "/admin/charity-category/categoryList".to_string(), json!({})),
    ] {
        let r = app.call(method, &path, Some(&st), Some(body)).await.expect(403);
        assert_eq!(r.code(), "FORBIDDEN");
    }
    // Select lists are open to any signed-in account.
    app.post("/admin/charity-category/getAll", Some(&st), json!({})).await.expect(200);
    app.post("/admin/cause/getAll", None, json!({})).await.expect(401);
}

/// Issue 34: a category or a cause that records still use is not deleted; the answer says what
/// uses it and how many, and nothing changes. Once nothing uses it, it goes.
#[tokio::test]
async fn a_category_or_cause_in_use_is_not_deleted_and_the_answer_says_what_uses_it() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let body = crate::charity::valid_body(&app, &t, "Water For All", "12-3456789").await;
    let (category, cause) =
        (body["categoryId"].as_str().unwrap().to_string(), body["causeIds"][0].as_str().unwrap().to_string());
    let charity = app.post("/admin/charity/create", Some(&t), body).await.expect(200).body["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let r = app.post("/admin/charity-category/delete", Some(&t), json!({ "id": category })).await.expect(409);
    assert_eq!(
        (r.code(), r.message()),
        ("IN_USE", "This category is still used by 1 nonprofit. Deactivate it instead.")
    );
    app.get(&format!("/admin/charity-category/get/{category}"), Some(&t)).await.expect(200);

    // The cause: by the nonprofit, by a donation to it, by a community and by the homepage.
    let ada = crate::donor::donor(&app, &t, "Ada", "Lovelace", "ada@example.org").await;
    let mut client = proto::giving::v1::giving_client::GivingClient::connect(app.giving_url.clone()).await.unwrap();
    let gift = proto::giving::v1::RecordDonationRequest {
        donor_id: ada,
        recipient: Some(proto::giving::v1::Recipient {
            kind: proto::giving::v1::RecipientKind::Cause as i32,
            id: cause.clone(),
            name: "Water".into(),
        }),
        amount_cents: 1_000,
        currency: "USD".into(),
        payment_method: "card".into(),
        provider_reference: "cause_1".into(),
        status: String::new(),
        created_at: common::now_ms(),
        actor: None,
    };
    client.record_donation(gift).await.unwrap();
    let cover = crate::media::upload_png(&app, &t, "communityImage").await;
    let community = json!({
        "name": "Neighbours", "description": "<p>Hi</p>", "coverImage": cover, "gallery": [], "charityIds": [], "causeIds": [cause],
        "address": "1 Main St", "city": "Springfield", "state": "Illinois", "country": "United States", "cityId": "1",
        "stateId": "IL", "countryId": "US", "zipCode": "62701", "privacy": "public"
    });
    let community =
        app.post("/admin/admin-community/create", Some(&t), community).await.expect(200).body["data"]["_id"]
            .as_str()
            .unwrap()
            .to_string();
    app.post("/admin/homepage/updateHomepage", Some(&t), json!({ "heroTitle": "Give", "featuredCauseIds": [cause], "ctaText": "Give", "ctaLink": "https://give.example.org" }))
        .await
        .expect(200);
    let r = app.post("/admin/cause/delete", Some(&t), json!({ "id": cause })).await.expect(409);
    assert_eq!(
        r.message(),
        "This cause is still used by 1 nonprofit, 1 transaction, 1 community and the homepage's featured causes. Deactivate it instead."
    );
    app.get(&format!("/admin/cause/get/{cause}"), Some(&t)).await.expect(200);
    let home = app.get("/admin/homepage/getHomepageDetails", Some(&t)).await.expect(200);
    assert_eq!(home.body["data"]["featuredCauseIds"], json!([cause]), "the homepage kept it");
    // Take it off what can let go of it: the transaction stays, so the cause stays too.
    app.post("/admin/charity/delete", Some(&t), json!({ "id": charity })).await.expect(200);
    app.post("/admin/admin-community/delete", Some(&t), json!({ "_id": community, "isDeleted": true }))
        .await
        .expect(200);
    app.post("/admin/homepage/updateHomepage", Some(&t), json!({ "heroTitle": "Give", "featuredCauseIds": [], "ctaText": "Give", "ctaLink": "https://give.example.org" }))
        .await
        .expect(200);
    let r = app.post("/admin/cause/delete", Some(&t), json!({ "id": cause })).await.expect(409);
    assert!(r.message().starts_with("This cause is still used by 1 transaction"), "{}", r.message());
    // The category, once no nonprofit uses it, goes.
    app.post("/admin/charity-category/delete", Some(&t), json!({ "id": category })).await.expect(200);
    // A cause nothing uses goes too.
    let free = app
        .post("/admin/cause/create", Some(&t), json!({ "name": "Unused", "description": "" }))
        .await
        .expect(200)
        .body["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    app.post("/admin/cause/delete", Some(&t), json!({ "id": free })).await.expect(200);
}
