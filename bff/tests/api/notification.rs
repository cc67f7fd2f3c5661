//! Push notifications (issue 16): the three REST paths of /admin/notification and their
//! delivery over socket.io (/app `notification`, the `notifications` list, read flags).

use crate::helpers::*;
use crate::socket::{Sock, chat_donor, member_sock, member_token};
use serde_json::json;
use std::time::Duration;

const SEND: &str = "/admin/notification/sendNotificationAllUser";

/// A catalogue nonprofit and cause: (charity id, cause id, cause name).
async fn catalogue(app: &TestApp, t: &str) -> (String, String, String) {
    let body = crate::charity::valid_body(app, t, "Water For All", "12-3456789").await;
    let cause = body["causeIds"][0].as_str().unwrap().to_string();
    let charity = app.post("/admin/charity/create", Some(t), body).await.expect(200);
    let causes = app.get("/admin/notification/charityAndCauseNamesList", Some(t)).await.expect(200);
    let name = causes.body["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["_id"] == cause.as_str())
        .map(|o| o["name"].as_str().unwrap().to_string())
        .unwrap_or_default();
    (charity.body["data"]["_id"].as_str().unwrap().to_string(), cause, name)
}

#[tokio::test]
async fn names_list_offers_nonprofits_then_causes_by_search_and_limit() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (charity, cause, cause_name) = catalogue(&app, &t).await;
    let r = app.get("/admin/notification/charityAndCauseNamesList?search=WATER", Some(&t)).await.expect(200);
    let data = r.body["data"].as_array().unwrap();
    assert_eq!(data.len() as i64, r.body["total_records"].as_i64().unwrap());
    assert_eq!(
        (data[0]["_id"].as_str(), data[0]["name"].as_str(), data[0]["type"].as_str()),
        (Some(charity.as_str()), Some("Water For All"), Some("charity"))
    );
    let all = app.get("/admin/notification/charityAndCauseNamesList", Some(&t)).await.expect(200);
    let kinds: Vec<&str> = all.body["data"].as_array().unwrap().iter().map(|o| o["type"].as_str().unwrap()).collect();
    assert_eq!(kinds.first(), Some(&"charity"), "nonprofits first");
    assert!(
        all.body["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o["_id"] == cause.as_str() && o["type"] == "cause" && o["name"] == cause_name.as_str())
    );
    let one = app.get("/admin/notification/charityAndCauseNamesList?limit=1", Some(&t)).await.expect(200);
    assert!(one.body["data"].as_array().unwrap().iter().filter(|o| o["type"] == "cause").count() <= 1);
    let none = app.get("/admin/notification/charityAndCauseNamesList?search=zzzz", Some(&t)).await.expect(200);
    assert_eq!(none.body["total_records"], 0);
}

#[tokio::test]
async fn bad_notifications_get_their_messages_and_store_nothing() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (charity, _, _) = catalogue(&app, &t).await;
    for (body, name, message) in [
        (json!({ "title": "  ", "message": "m" }), "title", "Please enter Title"),
        (json!({ "title": "x".repeat(101), "message": "m" }), "title", "Title must be at most 100 characters"),
        (json!({ "title": "t", "message": "" }), "message", "Please enter Message"),
        (json!({ "title": "t", "message": "x".repeat(1001) }), "message", "Message must be at most 1000 characters"),
        (json!({ "title": "t", "message": "m", "audience": "some" }), "audience", "Please select a valid audience"),
        (
            json!({ "title": "t", "message": "m", "audience": "selected" }),
            "charityIds",
            "Please select nonprofits or causes",
        ),
        (
            json!({ "title": "t", "message": "m", "audience": "selected", "charityIds": ["000000000000000000000000"] }),
            "charityIds",
            "Please select valid nonprofits",
        ),
        (
            json!({ "title": "t", "message": "m", "audience": "selected", "charityIds": [charity], "causeIds": ["000000000000000000000000"] }),
            "causeIds",
            "Please select valid causes",
        ),
    ] {
        let r = app.post(SEND, Some(&t), body).await.expect(400);
        assert_eq!(field(&r.body, name), message);
    }
    let h = app.post("/admin/notification/notificationHistory", Some(&t), json!({})).await.expect(200);
    assert_eq!(h.body["total_records"], 0);
}

#[tokio::test]
async fn a_notification_to_all_reaches_connected_members_at_once_and_later_ones_on_connect() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (kim, _) = chat_donor(&app, &t, "Kim", "kim@example.org").await;
    let (lou, _) = chat_donor(&app, &t, "Lou", "lou@example.org").await;
    let preview = app
        .post(SEND, Some(&t), json!({ "title": "Hello", "message": "Giving Tuesday!", "preview": true }))
        .await
        .expect(200);
    assert_eq!((preview.message(), preview.body["data"]["reach"].as_i64()), ("Success", Some(2)));
    assert_eq!(
        app.post("/admin/notification/notificationHistory", Some(&t), json!({})).await.body["total_records"],
        0,
        "a preview stores nothing"
    );

    let kim_sock = member_sock(&app, &member_token(&app, &kim)).await;
    let r = app.post(SEND, Some(&t), json!({ "title": " Hello ", "message": "Giving Tuesday!" })).await.expect(200);
    assert_eq!(r.message(), "Notification sent successfully");
    let n = &r.body["data"];
    assert_eq!(
        (n["title"].as_str(), n["audience"].as_str(), n["reach"].as_i64(), n["sender"]["name"].is_string()),
        (Some("Hello"), Some("all"), Some(2), true)
    );
    let got = kim_sock.next("notification").await;
    assert_eq!(got["notification"]["_id"], n["_id"]);

    // Lou connects later and finds it in its list, unread; reading it marks it.
    let lou_sock = member_sock(&app, &member_token(&app, &lou)).await;
    let list = Sock::ok(lou_sock.call("notifications", json!({ "page": 1, "limit": 10 })).await);
    assert_eq!(list["total_records"], 1);
    assert_eq!(
        (list["list"][0]["_id"].clone(), list["list"][0]["read"].as_bool(), list["list"][0]["title"].as_str()),
        (n["_id"].clone(), Some(false), Some("Hello"))
    );
    Sock::ok(lou_sock.call("notificationRead", json!({ "id": n["_id"] })).await);
    let list = Sock::ok(lou_sock.call("notifications", json!({})).await);
    assert_eq!(list["list"][0]["read"], true);
    let bad = lou_sock.call("notificationRead", json!({ "id": "" })).await;
    assert_eq!(bad["code"], "validation");
}

#[tokio::test]
async fn a_selected_notification_reaches_only_its_audience_and_history_pages() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (charity, _, _) = catalogue(&app, &t).await;
    let (giver, _) = chat_donor(&app, &t, "Max", "max@example.org").await;
    let (other, _) = chat_donor(&app, &t, "Ned", "ned@example.org").await;
    crate::donor::donate(&app, &giver, (&charity, "Water For All"), 2500, "ch_1", 0).await;
    let giver_sock = member_sock(&app, &member_token(&app, &giver)).await;
    let other_sock = member_sock(&app, &member_token(&app, &other)).await;
    let body = json!({ "title": "Thank you", "message": "Your gift matters", "audience": "selected", "charityIds": [charity] });
    let mut preview = body.clone();
    preview["preview"] = json!(true);
    assert_eq!(app.post(SEND, Some(&t), preview).await.expect(200).body["data"]["reach"], 1);
    let r = app.post(SEND, Some(&t), body).await.expect(200);
    let n = &r.body["data"];
    assert_eq!(
        (n["audience"].as_str(), n["reach"].as_i64(), n["charities"][0]["name"].as_str()),
        (Some("selected"), Some(1), Some("Water For All"))
    );
    assert_eq!(giver_sock.next("notification").await["notification"]["_id"], n["_id"]);
    assert!(other_sock.all_within("notification", Duration::from_millis(500)).await.is_empty(), "not its audience");
    assert_eq!(Sock::ok(other_sock.call("notifications", json!({})).await)["total_records"], 0);

    app.post(SEND, Some(&t), json!({ "title": "Another", "message": "For all" })).await.expect(200);
    let h = app
        .post("/admin/notification/notificationHistory", Some(&t), json!({ "page": 1, "limit": 10 }))
        .await
        .expect(200);
    let titles: Vec<&str> = h.body["data"].as_array().unwrap().iter().map(|n| n["title"].as_str().unwrap()).collect();
    assert_eq!((titles, h.body["total_records"].as_i64()), (vec!["Another", "Thank you"], Some(2)), "newest first");
    let s =
        app.post("/admin/notification/notificationHistory", Some(&t), json!({ "search": "THANK" })).await.expect(200);
    assert_eq!(s.body["total_records"], 1);
    let by = app
        .post("/admin/notification/notificationHistory", Some(&t), json!({ "column": "title", "order": "asc" }))
        .await
        .expect(200);
    assert_eq!(by.body["data"][0]["title"], "Another");
}
