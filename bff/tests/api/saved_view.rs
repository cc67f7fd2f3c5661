//! Saved views over REST (issue 36): saved, listed, replaced by name and deleted with the
//! contract's messages; bad input refused with its message and nothing stored; and the
//! attacks: a sub-admin on a list of a module it does not hold, another account's view, a
//! nonprofit admin, a hostile name, and the limit of a list under parallel saves.

use crate::helpers::*;
use futures::StreamExt;
use serde_json::{Value, json};

const PATH: &str = "/admin/savedViews";

fn list_path(list: &str) -> String {
    format!("{PATH}?list={list}")
}

fn delete_path(id: &str, list: &str) -> String {
    format!("{PATH}/{id}?list={list}")
}

fn body(list: &str, name: &str, query: &str) -> Value {
    json!({ "list": list, "name": name, "query": query })
}

/// (name, query) of the views a GET answers.
fn names(r: &Resp) -> Vec<(String, String)> {
    r.body["data"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| (v["name"].as_str().unwrap().to_string(), v["query"].as_str().unwrap().to_string()))
        .collect()
}

async fn delete(app: &TestApp, path: &str, token: &str) -> Resp {
    app.call(reqwest::Method::DELETE, path, Some(token), None).await
}

#[tokio::test]
async fn a_view_is_saved_listed_replaced_and_deleted() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r = app.post(PATH, Some(&t), body("/donor", "Big donors", "q=smith&page=4&size=20&sort=name&order=asc")).await;
    let r = r.expect(200);
    assert_eq!(r.message(), "View saved");
    let v = &r.body["data"];
    let id = v["_id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 24);
    assert_eq!(
        (&v["list"], &v["name"], &v["query"], &v["replaced"]),
        (&json!("/donor"), &json!("Big donors"), &json!("q=smith&size=20&sort=name&order=asc"), &json!(false))
    );
    assert!(v["createdAt"].as_i64().unwrap() > 0 && v["updatedAt"] == v["createdAt"]);

    let r = app.get(&list_path("/donor"), Some(&t)).await.expect(200);
    assert_eq!(r.message(), "Saved views");
    assert_eq!(names(&r), [("Big donors".to_string(), "q=smith&size=20&sort=name&order=asc".to_string())]);
    assert_eq!(r.body["data"][0]["_id"], id.as_str());
    assert!(
        app.get(&list_path("/transaction"), Some(&t)).await.expect(200).body["data"].as_array().unwrap().is_empty()
    );

    // The same name again (case aside): that view's query is replaced, and the answer says so.
    let r = app.post(PATH, Some(&t), body("/donor", "big donors", "q=jones")).await.expect(200);
    assert_eq!(r.message(), "View updated: the view of this name now shows this list");
    assert_eq!((&r.body["data"]["_id"], &r.body["data"]["replaced"]), (&json!(id), &json!(true)));
    let r = app.get(&list_path("%2Fdonor"), Some(&t)).await.expect(200);
    assert_eq!(names(&r), [("big donors".to_string(), "q=jones".to_string())]);

    let r = delete(&app, &delete_path(&id, "/donor"), &t).await.expect(200);
    assert_eq!(r.message(), "View deleted");
    assert!(app.get(&list_path("/donor"), Some(&t)).await.expect(200).body["data"].as_array().unwrap().is_empty());
    let r = delete(&app, &delete_path(&id, "/donor"), &t).await.expect(404);
    assert_eq!((r.message(), r.code()), ("View not found", "NOT_FOUND"));
}

#[tokio::test]
async fn bad_input_gets_its_message_and_stores_nothing() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let refused = |list: &str, name: &str, query: &str| body(list, name, query);
    for (b, field_name, message) in [
        (refused("/donor", "", ""), "name", "Please enter Name"),
        (refused("/donor", "   ", ""), "name", "Please enter valid Name"),
        (refused("/donor", &"x".repeat(61), ""), "name", "Name must be at most 60 characters"),
        (refused("/donor", "Tab\there", ""), "name", "Please enter valid Name"),
        (
            refused("/donor", "Long", &format!("q={}", "a".repeat(1999))),
            "query",
            "Query must be at most 2000 characters",
        ),
        (refused("/donor", "Control", "q=%00"), "query", "Please enter a valid query string"),
        (refused("/donor", "Spaced", "q=a b"), "query", "Please enter a valid query string"),
        (refused("/donor", "Script", "q=<script>alert(1)</script>"), "query", "Please enter a valid query string"),
        (refused("/nowhere", "Ok", ""), "list", "Please choose a list of the console"),
        (refused("", "Ok", ""), "list", "Please choose a list of the console"),
        (refused("/donor/donor_add", "Ok", ""), "list", "Please choose a list of the console"),
    ] {
        let r = app.post(PATH, Some(&t), b.clone()).await.expect(400);
        assert_eq!((r.code(), field(&r.body, field_name).as_str()), ("VALIDATION", message), "{b}");
    }
    let r = app.post(PATH, Some(&t), json!({ "list": "/donor", "name": 5 })).await.expect(400);
    assert_eq!(r.code(), "VALIDATION");
    let r = app.get(PATH, Some(&t)).await.expect(400);
    assert_eq!(field(&r.body, "list"), "Please choose a list of the console");
    let r = delete(&app, &format!("{PATH}/000000000000000000000000"), &t).await.expect(400);
    assert_eq!(field(&r.body, "list"), "Please choose a list of the console");
    assert!(app.get(&list_path("/donor"), Some(&t)).await.expect(200).body["data"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn a_hostile_name_is_kept_and_answered_as_text() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let hostile = "<img src=x onerror=alert(1)>";
    let r = app.post(PATH, Some(&t), body("/donor", hostile, "q=%3Cb%3E")).await.expect(200);
    assert_eq!(r.body["data"]["name"], hostile);
    let r = app.get(&list_path("/donor"), Some(&t)).await.expect(200);
    assert!(r.header("content-type").starts_with("application/json"));
    assert_eq!(names(&r), [(hostile.to_string(), "q=%3Cb%3E".to_string())]);
}

#[tokio::test]
async fn a_sub_admin_keeps_views_only_of_the_lists_of_its_modules() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    app.sub_admin(&t, "sam@example.org", json!([{ "slug": "/donor", "actions": ["delete"] }])).await;
    let sam = app.token_of("/admin-login/login", "sam@example.org").await;
    let r = app.post(PATH, Some(&sam), body("/donor", "Mine", "q=a")).await.expect(200);
    let id = r.body["data"]["_id"].as_str().unwrap().to_string();
    app.get(&list_path("/donor"), Some(&sam)).await.expect(200);
    // A list of a module it holds nothing of: refused as any missing permission, nothing stored.
    for r in [
        app.post(PATH, Some(&sam), body("/transaction", "Payments", "")).await,
        app.get(&list_path("/transaction"), Some(&sam)).await,
        delete(&app, &delete_path(&id, "/transaction"), &sam).await,
    ] {
        let r = r.expect(403);
        assert_eq!(r.code(), "FORBIDDEN");
    }
    assert!(
        app.get(&list_path("/transaction"), Some(&t)).await.expect(200).body["data"].as_array().unwrap().is_empty()
    );
    assert_eq!(names(&app.get(&list_path("/donor"), Some(&sam)).await.expect(200)).len(), 1);
}

#[tokio::test]
async fn another_accounts_view_is_never_listed_and_its_delete_is_not_found() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    app.sub_admin(&t, "sam@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])).await;
    let sam = app.token_of("/admin-login/login", "sam@example.org").await;
    let r = app.post(PATH, Some(&t), body("/donor", "Admin's", "q=secret")).await.expect(200);
    let admins = r.body["data"]["_id"].as_str().unwrap().to_string();
    app.post(PATH, Some(&sam), body("/donor", "Sam's", "")).await.expect(200);
    assert_eq!(
        names(&app.get(&list_path("/donor"), Some(&sam)).await.expect(200)),
        [("Sam's".to_string(), String::new())]
    );
    let r = delete(&app, &delete_path(&admins, "/donor"), &sam).await.expect(404);
    assert_eq!((r.message(), r.code()), ("View not found", "NOT_FOUND"));
    // Saving the other account's name makes a view of its own, replacing nothing.
    let r = app.post(PATH, Some(&sam), body("/donor", "Admin's", "q=mine")).await.expect(200);
    assert_eq!(r.body["data"]["replaced"], false);
    assert_eq!(
        names(&app.get(&list_path("/donor"), Some(&t)).await.expect(200)),
        [("Admin's".to_string(), "q=secret".to_string())]
    );
}

#[tokio::test]
async fn a_nonprofit_admin_keeps_no_views() {
    let app = spawn().await;
    app.identity.create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", "c1").await.unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "npo@example.org").await;
    for r in [
        app.post(PATH, Some(&npo), body("/master/charity_management", "Mine", "")).await,
        app.get(&list_path("/master/charity_management"), Some(&npo)).await,
        app.get(&list_path("/dashboard"), Some(&npo)).await,
        delete(&app, &delete_path("000000000000000000000000", "/dashboard"), &npo).await,
    ] {
        assert_eq!(r.expect(403).code(), "FORBIDDEN");
    }
}

#[tokio::test]
async fn sixty_parallel_saves_leave_fifty_views() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let answers: Vec<Resp> = futures::stream::iter(0..60)
        .map(|n| {
            let (app, t) = (&app, &t);
            async move { app.post(PATH, Some(t), body("/donor", &format!("View {n}"), &format!("q=v{n}"))).await }
        })
        .buffer_unordered(60)
        .collect()
        .await;
    let saved = answers.iter().filter(|r| r.status == 200).count();
    let refused: Vec<&Resp> = answers.iter().filter(|r| r.status != 200).collect();
    assert_eq!(saved, 50);
    for r in &refused {
        assert_eq!(r.status, 400, "{}", r.body);
        assert_eq!(field(&r.body, "name"), "You can keep at most 50 views on a list: delete one first");
    }
    assert_eq!(names(&app.get(&list_path("/donor"), Some(&t)).await.expect(200)).len(), 50);
}
