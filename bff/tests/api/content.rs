//! Content over REST (issue 15): pages with revisions, leadership, FAQ categories and
//! FAQs, the contact-us inbox and the public site (cache, ETag, throttle).

use crate::helpers::*;
use reqwest::Method;
use serde_json::{Value, json};

/// Real XSS payloads; none may come back with anything executable.
pub const XSS: [&str; 9] = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<a href=\"javascript:alert(1)\">x</a>",
    "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
    "<svg onload=alert(1)><circle r=\"1\"/></svg>",
    "<p style=\"background:url(javascript:alert(1));width:expression(alert(1))\">s</p>",
    "<iframe src=\"https://evil.example\"></iframe>",
    "<div onmouseover=\"alert(1)\">hover</div>",
    "<a href=\"JaVaScRiPt:alert(1)\">y</a><math><mi xlink:href=\"javascript:alert(1)\">m</mi></math>",
];

/// Fails unless `html` holds nothing executable (what the services' cleaning leaves).
#[track_caller]
pub fn harmless(html: &str) {
    let l = html.to_lowercase();
    for bad in [
        "<script",
        "onerror",
        "onload",
        "onmouseover",
        "javascript:",
        "data:text",
        "<iframe",
        "<svg",
        "expression(",
        "style=",
        "<math",
    ] {
        assert!(!l.contains(bad), "{bad} left in {html}");
    }
}

fn homepage(title: &str) -> Value {
    json!({
        "heroTitle": title, "heroSubtitle": "Give where it counts", "bannerImages": ["a.png"], "video": "",
        "featuredCharityIds": [], "featuredCauseIds": [], "ctaText": "Donate", "ctaLink": "https://give.example.org",
        "howItWorks": [{ "title": "Pick", "description": "a cause" }], "impactFigures": [{ "label": "Donors", "value": "10k" }]
    })
}

#[tokio::test]
async fn the_homepage_is_saved_as_revisions_and_restored() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r = app.get("/admin/homepage/getHomepageDetails", Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["revision"], 0);
    assert_eq!(r.body["data"]["heroTitle"], "");

    let r = app.post("/admin/homepage/updateHomepage", Some(&t), homepage("Welcome")).await.expect(200);
    assert_eq!(r.message(), "Homepage updated successfully");
    assert_eq!(r.body["data"]["revision"], 1);
    assert_eq!(r.body["data"]["heroTitle"], "Welcome");
    assert!(!r.body["data"]["updatedBy"].as_str().unwrap().is_empty());
    // The same content again: success, no new revision.
    let r = app.post("/admin/homepage/updateHomepage", Some(&t), homepage("Welcome")).await.expect(200);
    assert_eq!(r.body["data"]["revision"], 1);
    app.post("/admin/homepage/updateHomepage", Some(&t), homepage("Welcome back")).await.expect(200);

    let r = app.get("/admin/homepage/revisions?page=1&limit=10", Some(&t)).await.expect(200);
    assert_eq!(r.body["total_records"], 2);
    assert_eq!(r.body["data"][0]["number"], 2, "newest first");
    assert!(r.body["data"][0].get("document").is_none(), "lists carry no document");
    let first = r.body["data"][1]["_id"].as_str().unwrap().to_string();
    let r = app.get(&format!("/admin/homepage/revision/{first}"), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["document"]["heroTitle"], "Welcome");
    assert!(r.body["data"]["document"].get("revision").is_none());
    assert!(r.body["data"]["authorName"].as_str().is_some());

    let r = app.post(&format!("/admin/homepage/restoreRevision/{first}"), Some(&t), json!({})).await.expect(200);
    assert_eq!(r.message(), "Revision restored successfully");
    assert_eq!(r.body["data"]["revision"], 3);
    assert_eq!(r.body["data"]["heroTitle"], "Welcome");
    let r = app.get("/admin/homepage/revisions", Some(&t)).await.expect(200);
    assert_eq!(r.body["data"][0]["restoredFrom"], 1);

    // A revision of another page is not the homepage's.
    let pages = app.get("/admin/cms/cmsPagesList", Some(&t)).await.expect(200);
    let privacy = pages.body["data"][0]["_id"].as_str().unwrap().to_string();
    app.post(
        &format!("/admin/cms/updateCms/{privacy}"),
        Some(&t),
        json!({ "title": "Privacy", "content": "<p>Ours</p>" }),
    )
    .await
    .expect(200);
    let r = app.get(&format!("/admin/cms/revisions/{privacy}"), Some(&t)).await.expect(200);
    let cms_rev = r.body["data"][0]["_id"].as_str().unwrap().to_string();
    let r = app.get(&format!("/admin/homepage/revision/{cms_rev}"), Some(&t)).await.expect(404);
    assert_eq!(r.message(), "Revision not found");
}

#[tokio::test]
async fn bad_homepage_input_gets_its_message_and_changes_nothing() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let mut b = homepage("");
    let r = app.post("/admin/homepage/updateHomepage", Some(&t), b.clone()).await.expect(400);
    assert_eq!(field(&r.body, "heroTitle"), "Please enter Hero Title");
    b["heroTitle"] = json!("x".repeat(121));
    app.post("/admin/homepage/updateHomepage", Some(&t), b.clone()).await.expect(400);
    b["heroTitle"] = json!("Ok");
    b["ctaLink"] = json!("javascript:alert(1)");
    let r = app.post("/admin/homepage/updateHomepage", Some(&t), b.clone()).await.expect(400);
    assert_eq!(field(&r.body, "ctaLink"), "Please enter valid link");
    b["ctaLink"] = json!("https://ok.example.org");
    b["ctaText"] = json!("");
    let r = app.post("/admin/homepage/updateHomepage", Some(&t), b.clone()).await.expect(400);
    assert_eq!(field(&r.body, "ctaText"), "Please enter Call to Action Text");
    b["ctaText"] = json!("Go");
    b["featuredCharityIds"] = json!(["0000000000000000000000c3"]);
    let r = app.post("/admin/homepage/updateHomepage", Some(&t), b.clone()).await.expect(400);
    assert_eq!(field(&r.body, "featuredCharityIds"), "Please select valid nonprofits");
    let r = app.get("/admin/homepage/getHomepageDetails", Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["revision"], 0, "nothing was saved");
}

#[tokio::test]
async fn featured_names_come_from_the_catalogue() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let cause = app
        .post("/admin/cause/create", Some(&t), json!({ "name": "Clean Water", "description": "" }))
        .await
        .expect(200);
    let id = cause.body["data"]["_id"].as_str().unwrap();
    let mut b = homepage("Hi");
    b["featuredCauseIds"] = json!([id]);
    let r = app.post("/admin/homepage/updateHomepage", Some(&t), b).await.expect(200);
    assert_eq!(r.body["data"]["featuredCauses"], json!([{ "_id": id, "name": "Clean Water" }]));
}

#[tokio::test]
async fn cms_pages_are_seeded_saved_and_guarded_by_their_own_module() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r = app.get("/admin/cms/cmsPagesList", Some(&t)).await.expect(200);
    let pages = r.body["data"].as_array().unwrap().clone();
    assert_eq!(
        pages.iter().map(|p| p["slug"].as_str().unwrap()).collect::<Vec<_>>(),
        ["privacy_policy", "terms_condition"]
    );
    let privacy = pages[0]["_id"].as_str().unwrap().to_string();
    let terms = pages[1]["_id"].as_str().unwrap().to_string();

    let r = app
        .post(&format!("/admin/cms/updateCms/{privacy}"), Some(&t), json!({ "title": "", "content": "<p>&nbsp;</p>" }))
        .await
        .expect(400);
    assert_eq!(field(&r.body, "title"), "Please enter Title");
    assert_eq!(field(&r.body, "content"), "Please enter Content");
    let r = app
        .post(
            &format!("/admin/cms/updateCms/{privacy}"),
            Some(&t),
            json!({ "title": "Privacy", "content": XSS.join("") + "<p>kept</p>" }),
        )
        .await
        .expect(200);
    assert_eq!(r.message(), "Page updated successfully");
    harmless(r.body["data"]["content"].as_str().unwrap());
    assert!(r.body["data"]["content"].as_str().unwrap().contains("<p>kept</p>"));
    assert_eq!(r.body["data"]["revision"], 1);

    // A sub-admin with only the privacy policy's edit may not touch the terms.
    app.sub_admin(
        &t,
        "cms@example.org",
        json!([{ "slug": "/content_management/privacy_policy", "actions": ["edit"] }]),
    )
    .await;
    let sub = app.token_of("/admin-login/login", "cms@example.org").await;
    app.post(
        &format!("/admin/cms/updateCms/{privacy}"),
        Some(&sub),
        json!({ "title": "Privacy 2", "content": "<p>x</p>" }),
    )
    .await
    .expect(200);
    let r = app
        .post(&format!("/admin/cms/updateCms/{terms}"), Some(&sub), json!({ "title": "Terms", "content": "<p>x</p>" }))
        .await
        .expect(403);
    assert_eq!(r.code(), "FORBIDDEN");
    app.get(&format!("/admin/cms/revisions/{terms}"), Some(&sub)).await.expect(403);
    let r = app.get(&format!("/admin/cms/revisions/{privacy}"), Some(&sub)).await.expect(200);
    let rev = r.body["data"][1]["_id"].as_str().unwrap().to_string();
    let r = app.get(&format!("/admin/cms/revision/{rev}"), Some(&sub)).await.expect(200);
    assert_eq!(r.body["data"]["document"]["title"], "Privacy");
    let r = app.post(&format!("/admin/cms/restoreRevision/{rev}"), Some(&sub), json!({})).await.expect(200);
    assert_eq!(r.body["data"]["title"], "Privacy");
    assert_eq!(r.body["data"]["revision"], 3);
    // Terms' revisions are refused to it too.
    app.post(&format!("/admin/cms/updateCms/{terms}"), Some(&t), json!({ "title": "Terms", "content": "<p>t</p>" }))
        .await
        .expect(200);
    let r = app.get(&format!("/admin/cms/revisions/{terms}"), Some(&t)).await.expect(200);
    let terms_rev = r.body["data"][0]["_id"].as_str().unwrap().to_string();
    app.get(&format!("/admin/cms/revision/{terms_rev}"), Some(&sub)).await.expect(403);
    app.post(&format!("/admin/cms/restoreRevision/{terms_rev}"), Some(&sub), json!({})).await.expect(403);
    let r = app
        .post("/admin/cms/updateCms/0000000000000000000000c3", Some(&t), json!({ "title": "T", "content": "<p>x</p>" }))
        .await
        .expect(404);
    assert_eq!(r.message(), "Page not found");
}

#[tokio::test]
async fn about_us_and_the_giving_partner_page_are_saved_with_revisions() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r =
        app.post("/admin/aboutUs/updateAboutUs", Some(&t), json!({ "content": "", "images": [] })).await.expect(400);
    assert_eq!(field(&r.body, "content"), "Please enter Content");
    let r = app
        .post(
            "/admin/aboutUs/updateAboutUs",
            Some(&t),
            json!({ "content": "<p>Us</p><img src=x onerror=alert(1)>", "images": ["a.png"] }),
        )
        .await
        .expect(200);
    assert_eq!(r.message(), "About us updated successfully");
    harmless(r.body["data"]["content"].as_str().unwrap());
    let r = app.get("/v1/aboutUs/aboutUsList", Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["images"], json!(["a.png"]));
    assert_eq!(r.body["data"]["revision"], 1);
    let r = app.get("/admin/aboutUs/revisions", Some(&t)).await.expect(200);
    let rev = r.body["data"][0]["_id"].as_str().unwrap().to_string();
    app.get(&format!("/admin/aboutUs/revision/{rev}"), Some(&t)).await.expect(200);
    let r = app.post(&format!("/admin/aboutUs/restoreRevision/{rev}"), Some(&t), json!({})).await.expect(200);
    assert_eq!(r.body["data"]["revision"], 2);

    let r = app.get("/admin/givingPartner/getDetails", Some(&t)).await.expect(200);
    let id = r.body["data"]["_id"].as_str().unwrap().to_string();
    let r = app
        .post(
            "/admin/givingPartner/update",
            Some(&t),
            json!({ "_id": id, "content": "<p>Join&nbsp;us</p>", "image": "p.png" }),
        )
        .await
        .expect(200);
    assert_eq!(r.message(), "Giving partner page updated successfully");
    assert_eq!(r.body["data"]["content"], "<p>Join us</p>");
    let r = app.get("/admin/givingPartner/revisions", Some(&t)).await.expect(200);
    let rev = r.body["data"][0]["_id"].as_str().unwrap().to_string();
    app.get(&format!("/admin/givingPartner/revision/{rev}"), Some(&t)).await.expect(200);
    app.post(&format!("/admin/givingPartner/restoreRevision/{rev}"), Some(&t), json!({})).await.expect(200);
}

#[tokio::test]
async fn the_giving_partner_page_is_rewritten_only_with_its_own_module() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let page = json!({ "content": "<p>Defaced</p>", "image": "" });
    // Any other right, however wide, does not reach it (it once did: any signed-in sub-admin).
    let everything_else: Vec<serde_json::Value> = proto::modules::all()
        .iter()
        .filter(|m| m.slug != "/giving_partner")
        .map(|m| json!({ "slug": m.slug, "actions": m.actions }))
        .collect();
    app.sub_admin(&t, "wide@example.org", json!(everything_else)).await;
    let wide = app.token_of("/admin-login/login", "wide@example.org").await;
    let r = app.post("/admin/givingPartner/update", Some(&wide), page.clone()).await.expect(403);
    assert_eq!(r.code(), "FORBIDDEN");
    app.get("/admin/givingPartner/getDetails", Some(&wide)).await.expect(403);
    app.get("/admin/givingPartner/revisions", Some(&wide)).await.expect(403);
    app.identity.create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", "c1").await.unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "npo@example.org").await;
    app.post("/admin/givingPartner/update", Some(&npo), page.clone()).await.expect(403);
    // Its module's edit, granted like any other, opens it.
    app.sub_admin(&t, "page@example.org", json!([{ "slug": "/giving_partner", "actions": ["edit"] }])).await;
    let editor = app.token_of("/admin-login/login", "page@example.org").await;
    app.get("/admin/givingPartner/getDetails", Some(&editor)).await.expect(200);
    app.post("/admin/givingPartner/update", Some(&editor), json!({ "content": "<p>Join us</p>", "image": "" }))
        .await
        .expect(200);
    let r = app.get("/v1/public/page/giving_partner", None).await.expect(200);
    assert!(r.body.to_string().contains("Join us"), "{}", r.body);
}

#[tokio::test]
async fn leadership_goes_through_its_whole_life() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let body = json!({ "name": "Ada Lovelace", "title": "Chair", "photo": "ada.png", "biography": "<p>Math</p><script>x()</script>", "order": 2, "isActive": true });
    let r = app.post("/admin/leadership/addLeadership", Some(&t), body.clone()).await.expect(200);
    assert_eq!(r.message(), "Leadership added successfully");
    assert_eq!(r.body["data"]["biography"], "<p>Math</p>");
    let id = r.body["data"]["_id"].as_str().unwrap().to_string();
    app.post(
        "/admin/leadership/addLeadership",
        Some(&t),
        json!({ "name": "Bo", "title": "CEO", "photo": "b.png", "order": 1, "isActive": false }),
    )
    .await
    .expect(200);

    for (bad, f, m) in [
        (json!({ "name": "", "title": "T", "photo": "p", "order": 0 }), "name", "Please enter Name"),
        (json!({ "name": "  ", "title": "T", "photo": "p", "order": 0 }), "name", "Please enter valid Name"),
        (json!({ "name": "N", "title": "", "photo": "p", "order": 0 }), "title", "Please enter Title"),
        (json!({ "name": "N", "title": "T", "photo": "", "order": 0 }), "photo", "Please upload Photo"),
        (json!({ "name": "N", "title": "T", "photo": "p", "order": -1 }), "order", "Please enter valid Order"),
    ] {
        let r = app.post("/admin/leadership/addLeadership", Some(&t), bad).await.expect(400);
        assert_eq!(field(&r.body, f), m);
    }

    let r = app.post("/admin/leadership/listLeadership", Some(&t), json!({ "page": 1, "limit": 10 })).await.expect(200);
    assert_eq!(r.body["total_records"], 2);
    assert_eq!(r.body["data"][0]["name"], "Bo", "by order, ascending");
    let r = app
        .post("/admin/leadership/listLeadership", Some(&t), json!({ "search": "chair", "isActive": true }))
        .await
        .expect(200);
    assert_eq!(r.body["total_records"], 1);
    let r = app.get(&format!("/admin/leadership/getLeadership/{id}"), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["title"], "Chair");
    let r = app
        .patch(
            &format!("/admin/leadership/updateLeadership/{id}"),
            Some(&t),
            json!({ "name": "Ada", "title": "Chair", "photo": "ada.png", "order": 0, "isActive": true }),
        )
        .await
        .expect(200);
    assert_eq!(r.message(), "Leadership updated successfully");
    let r =
        app.call(Method::DELETE, &format!("/admin/leadership/deleteLeadership/{id}"), Some(&t), None).await.expect(200);
    assert_eq!(r.message(), "Leadership deleted successfully");
    let r = app.get(&format!("/admin/leadership/getLeadership/{id}"), Some(&t)).await.expect(404);
    assert_eq!(r.message(), "Leadership not found");
}

#[tokio::test]
async fn faq_categories_and_faqs_go_through_their_whole_life() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r = app
        .post("/admin/faq-category/create", Some(&t), json!({ "name": "Giving", "description": "About giving" }))
        .await
        .expect(200);
    assert_eq!(r.message(), "FAQ category created successfully");
    let cat = r.body["data"]["_id"].as_str().unwrap().to_string();
    let r = app.post("/admin/faq-category/create", Some(&t), json!({ "name": "GIVING" })).await.expect(409);
    assert_eq!(field(&r.body, "name"), "Category already exists");
    let r = app.post("/admin/faq-category/create", Some(&t), json!({ "name": " " })).await.expect(400);
    assert_eq!(r.message(), "Please enter valid Name");

    let r = app
        .post("/admin/faq/create", Some(&t), json!({ "categoryId": "", "question": "", "answer": "" }))
        .await
        .expect(400);
    assert_eq!(field(&r.body, "categoryId"), "Please select Category");
    assert_eq!(field(&r.body, "question"), "Please enter Question");
    assert_eq!(field(&r.body, "answer"), "Please enter Answer");
    let r = app
        .post("/admin/faq/create", Some(&t), json!({ "categoryId": "nope", "question": "Q", "answer": "<p>A</p>" }))
        .await
        .expect(400);
    assert_eq!(field(&r.body, "categoryId"), "Please select valid Category");
    let r = app.post("/admin/faq/create", Some(&t), json!({ "categoryId": cat, "question": "How?", "answer": "<p>Like this</p><iframe src=x></iframe>", "order": 1, "isActive": true })).await.expect(200);
    assert_eq!(r.message(), "FAQ created successfully");
    assert_eq!(r.body["data"]["categoryName"], "Giving");
    harmless(r.body["data"]["answer"].as_str().unwrap());
    let faq = r.body["data"]["_id"].as_str().unwrap().to_string();

    let r = app.call(Method::DELETE, &format!("/admin/faq-category/delete/{cat}"), Some(&t), None).await.expect(409);
    assert_eq!(r.message(), "This category still has FAQs. Delete or move them first.");
    let r = app.post("/admin/faq-category/list", Some(&t), json!({ "search": "giv" })).await.expect(200);
    assert_eq!(r.body["data"][0]["faqCount"], 1);
    let r = app
        .patch(&format!("/admin/faq-category/update/{cat}"), Some(&t), json!({ "name": "Donating", "order": 3 }))
        .await
        .expect(200);
    assert_eq!(r.message(), "FAQ category updated successfully");
    assert_eq!(r.body["data"]["description"], "About giving");
    app.get(&format!("/admin/faq-category/get/{cat}"), Some(&t)).await.expect(200);

    let r = app.post("/admin/faq/list", Some(&t), json!({ "categoryId": cat, "search": "how" })).await.expect(200);
    assert_eq!(r.body["total_records"], 1);
    let r = app
        .patch(
            &format!("/admin/faq/update/{faq}"),
            Some(&t),
            json!({ "categoryId": cat, "question": "Why?", "answer": "<p>B</p>", "order": 0, "isActive": true }),
        )
        .await
        .expect(200);
    assert_eq!(r.body["data"]["categoryName"], "Donating");
    app.get(&format!("/admin/faq/get/{faq}"), Some(&t)).await.expect(200);
    let r = app.call(Method::DELETE, &format!("/admin/faq/delete/{faq}"), Some(&t), None).await.expect(200);
    assert_eq!(r.message(), "FAQ deleted successfully");
    let r = app.get(&format!("/admin/faq/get/{faq}"), Some(&t)).await.expect(404);
    assert_eq!(r.message(), "FAQ not found");
    let r = app.call(Method::DELETE, &format!("/admin/faq-category/delete/{cat}"), Some(&t), None).await.expect(200);
    assert_eq!(r.message(), "FAQ category deleted successfully");
    let r = app.get(&format!("/admin/faq-category/get/{cat}"), Some(&t)).await.expect(404);
    assert_eq!(r.message(), "FAQ category not found");
}

fn contact(subject: &str) -> Value {
    json!({ "name": "Pat", "email": "pat@example.org", "phoneNumber": "(555) 123-4567", "subject": subject, "message": "Hello" })
}

#[tokio::test]
async fn contact_messages_are_received_listed_and_read_once() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    for (bad, f, m) in [
        (json!({ "email": "a@b.org", "subject": "s", "message": "m" }), "name", "Please enter Name"),
        (json!({ "name": "n", "subject": "s", "message": "m" }), "email", "Please enter Email"),
        (
            json!({ "name": "n", "email": "nope", "subject": "s", "message": "m" }),
            "email",
            "Please enter valid email address.",
        ),
        (
            json!({ "name": "n", "email": "a@b.org", "phoneNumber": "12", "subject": "s", "message": "m" }),
            "phoneNumber",
            "Please enter valid Phone Number",
        ),
        (json!({ "name": "n", "email": "a@b.org", "subject": "", "message": "m" }), "subject", "Please enter Subject"),
        (json!({ "name": "n", "email": "a@b.org", "subject": "s", "message": "" }), "message", "Please enter Message"),
        (
            json!({ "name": "n", "email": "a@b.org", "subject": "s", "message": "m".repeat(5001) }),
            "message",
            "Message must be at most 5000 characters",
        ),
    ] {
        let r = app.post("/v1/public/contactUs", None, bad).await.expect(400);
        assert_eq!(field(&r.body, f), m);
    }
    let r = app
        .post(
            "/v1/public/contactUs",
            None,
            json!({ "name": "n", "email": "a@b.org", "subject": "s", "message": "m".repeat(17_000) }),
        )
        .await
        .expect(413);
    assert_eq!(r.message(), "Request is too large");

    let r = app.post("/v1/public/contactUs", None, contact("Volunteering")).await.expect(201);
    assert_eq!(r.message(), "Thank you for contacting us. We will get back to you soon.");
    app.post("/v1/public/contactUs", None, contact("Receipts")).await.expect(201);

    let r = app.post("/admin/ContactUs", Some(&t), json!({ "page": 1, "limit": 10 })).await.expect(200);
    assert_eq!(r.body["total_records"], 2);
    assert_eq!(r.body["data"][0]["subject"], "Receipts", "newest first");
    assert_eq!(r.body["data"][0]["readBy"], Value::Null);
    let id = r.body["data"][1]["_id"].as_str().unwrap().to_string();
    let r = app.post("/admin/ContactUs", Some(&t), json!({ "search": "VOLUNT" })).await.expect(200);
    assert_eq!(r.body["total_records"], 1);

    let r = app.get(&format!("/admin/ContactUs/getContactUs/{id}"), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["isRead"], true);
    let read_at = r.body["data"]["readAt"].clone();
    assert!(read_at.as_i64().unwrap() > 0);
    assert!(!r.body["data"]["readBy"].as_str().unwrap().is_empty());
    // A second open keeps the first reading.
    let r = app.get(&format!("/admin/ContactUs/getContactUs/{id}"), Some(&t)).await.expect(200);
    assert_eq!(r.body["data"]["readAt"], read_at);
    let r = app.post("/admin/ContactUs", Some(&t), json!({ "isRead": false })).await.expect(200);
    assert_eq!(r.body["total_records"], 1);
    let r = app.post("/admin/ContactUs", Some(&t), json!({ "column": "nope" })).await.expect(400);
    assert_eq!(field(&r.body, "column"), "Sorting by nope is not supported");
    app.get("/admin/ContactUs/getContactUs/0000000000000000000000c3", Some(&t)).await.expect(404);
}

#[tokio::test]
async fn a_spoofed_forwarded_for_does_not_dodge_the_contact_throttle() {
    // The tests' BFF trusts 127.0.0.1 as its proxy: the hop the proxy appended is the client.
    let app = spawn().await;
    let send = |spoof: String| {
        let app = &app;
        async move {
            app.client
                .post(format!("{}/v1/public/contactUs", app.base))
                .header("x-forwarded-for", format!("{spoof}, 203.0.113.9"))
                .json(&contact("Hi"))
                .send()
                .await
                .unwrap()
        }
    };
    for i in 0..5 {
        assert_eq!(send(format!("10.9.9.{i}")).await.status(), 201);
    }
    let r = send("198.51.100.77".into()).await;
    assert_eq!(r.status(), 429);
    assert!(r.headers().get("retry-after").is_some());
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["message"], "Too many messages. Please try again later.");
    // Another client is not held back.
    let r = app
        .client
        .post(format!("{}/v1/public/contactUs", app.base))
        .header("x-forwarded-for", "203.0.113.10")
        .json(&contact("Hi"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
}

#[tokio::test]
async fn the_public_site_is_cached_with_etags_and_invalidated_by_updates() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    app.post("/admin/homepage/updateHomepage", Some(&t), homepage("First")).await.expect(200);
    let url = format!("{}/v1/public/page/homepage", app.base);
    let r = app.client.get(&url).send().await.unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["cache-control"], "public, max-age=60");
    let etag = r.headers()["etag"].to_str().unwrap().to_string();
    assert!(etag.starts_with('"'), "a strong ETag");
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["data"]["heroTitle"], "First");
    assert!(body["data"].get("revision").is_none() && body["data"].get("updatedBy").is_none());

    let r = app.client.get(&url).header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(r.status(), 304);
    assert_eq!(r.headers()["etag"].to_str().unwrap(), etag);
    assert!(r.bytes().await.unwrap().is_empty());
    let r = app.client.get(&url).header("if-none-match", format!("\"other\", W/{etag}")).send().await.unwrap();
    assert_eq!(r.status(), 304, "one of several, compared weakly");
    let r = app.client.get(&url).header("if-none-match", "\"other\"").send().await.unwrap();
    assert_eq!(r.status(), 200);

    app.post("/admin/homepage/updateHomepage", Some(&t), homepage("Second")).await.expect(200);
    let r = app.client.get(&url).header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(r.status(), 200, "the update invalidated the cached page");
    let body: Value = r.json().await.unwrap();
    assert_eq!(body["data"]["heroTitle"], "Second");

    let r = app.get("/v1/public/page/elsewhere", None).await.expect(404);
    assert_eq!(r.message(), "Page not found");

    // Leadership and FAQ: active entries only, refreshed after a change.
    let r = app.get("/v1/public/leadership", None).await.expect(200);
    assert_eq!(r.body["data"], json!([]));
    app.post(
        "/admin/leadership/addLeadership",
        Some(&t),
        json!({ "name": "Ada", "title": "Chair", "photo": "a.png", "order": 0, "isActive": true }),
    )
    .await
    .expect(200);
    app.post(
        "/admin/leadership/addLeadership",
        Some(&t),
        json!({ "name": "Hidden", "title": "X", "photo": "h.png", "order": 0, "isActive": false }),
    )
    .await
    .expect(200);
    let r = app.get("/v1/public/leadership", None).await.expect(200);
    assert_eq!(r.body["data"].as_array().unwrap().len(), 1);
    let cat = app.post("/admin/faq-category/create", Some(&t), json!({ "name": "General" })).await.expect(200);
    let cat = cat.body["data"]["_id"].as_str().unwrap();
    app.get("/v1/public/faq", None).await.expect(200);
    app.post("/admin/faq/create", Some(&t), json!({ "categoryId": cat, "question": "Q?", "answer": "<p>A<script>x</script></p>", "order": 0, "isActive": true })).await.expect(200);
    let r = app.get("/v1/public/faq", None).await.expect(200);
    assert_eq!(r.body["data"][0]["name"], "General");
    assert_eq!(r.body["data"][0]["faqs"][0]["answer"], "<p>A</p>");
}

/// A change written by another client of the content service (the donor apps' backend, a
/// script, another replica) reaches the public site through content's events, before the
/// kept answer would expire.
#[tokio::test]
async fn the_public_site_is_renewed_by_content_events_from_any_writer() {
    use proto::content::v1 as pb;
    let app = spawn().await;
    let r = app.get("/v1/public/leadership", None).await.expect(200);
    assert_eq!(r.body["data"], json!([]));
    let r = app.get("/v1/public/leadership", None).await.expect(200);
    assert_eq!(r.body["data"], json!([]), "kept for up to a minute");

    let mut content = pb::content_client::ContentClient::connect(app.content_url.clone()).await.unwrap();
    let fields = pb::LeadershipFields {
        name: "Grace".into(),
        title: "Treasurer".into(),
        photo: "g.png".into(),
        biography: String::new(),
        order: 1,
        is_active: true,
    };
    content.create_leadership(pb::LeadershipInput { fields: Some(fields), actor: None }).await.unwrap();
    // The outbox relay publishes after the write commits: wait for the event's effect (the
    // kept answer would otherwise be served for a minute).
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    loop {
        let r = app.get("/v1/public/leadership", None).await.expect(200);
        if r.body["data"][0]["name"] == "Grace" {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "content.leadership.created did not renew the kept answer");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn a_nonprofit_admin_is_refused_content() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let npo = crate::donor::nonprofit_admin(&app, &t, "npo-content@example.org").await;
    app.post("/admin/homepage/updateHomepage", Some(&npo), homepage("Mine")).await.expect(403);
    app.post("/admin/ContactUs", Some(&npo), json!({})).await.expect(403);
    app.get("/admin/homepage/revisions", Some(&npo)).await.expect(403);
}
