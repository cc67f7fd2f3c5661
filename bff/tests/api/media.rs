use crate::helpers::*;
use serde_json::json;

/// A tiny valid PNG (1x1).
pub const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
    0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0a, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63,
    0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60,
    0x82,
];

#[tokio::test]
async fn images_are_checked_by_content_and_size_stored_served_and_removed() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r = app.upload("/local-image/uploadImage", Some(&t), Some(("image", "logo.PNG", PNG.to_vec())), &[("moduleName", "charity"), ("other", "x")]).await.expect(200);
    assert_eq!(r.message(), "Image uploaded successfully");
    let name = r.body["data"]["name"].as_str().unwrap().to_string();
    assert!(name.ends_with(".png"));
    assert_eq!(r.body["data"]["url"], format!("http://console.test/media/charity/{name}"));

    // Served publicly, with its type and nosniff.
    let res = app.client.get(format!("{}/media/charity/{name}", app.base)).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "image/png");
    assert_eq!(res.headers()["x-content-type-options"], "nosniff");
    assert_eq!(res.bytes().await.unwrap().as_ref(), PNG);

    // The field may come before the module.
    app.upload("/local-image/uploadImage", Some(&t), Some(("image", "a.png", PNG.to_vec())), &[]).await.expect(400);
    let mut big = PNG.to_vec();
    big.resize(2_000_001, 0);
    let r = app.upload("/local-image/uploadImage", Some(&t), Some(("image", "big.png", big)), &[("moduleName", "charity")]).await.expect(400);
    assert_eq!(r.message(), "Image size should be less than 2 mb");
    let mut exact = PNG.to_vec();
    exact.resize(2_000_000, 0);
    app.upload("/local-image/uploadImage", Some(&t), Some(("image", "exact.png", exact)), &[("moduleName", "charity")]).await.expect(200);
    // A file that lies about its type is refused.
    let r = app.upload("/local-image/uploadImage", Some(&t), Some(("image", "gif.png", b"GIF89a\x01\x00".to_vec())), &[("moduleName", "charity")]).await.expect(400);
    assert_eq!(r.message(), "Only png, jpg, jpeg, jp2, jpx, jpm and tiff images are allowed");
    let r = app.upload("/local-image/uploadImage", Some(&t), Some(("image", "x.png", vec![0xff, 0xd8, 0xff, 0xe0, 0, 0])), &[("moduleName", "charity")]).await.expect(400);
    assert_eq!(r.message(), "The file's content does not match its name");
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".to_vec();
    app.upload("/local-image/uploadImage", Some(&t), Some(("image", "x.svg", svg)), &[("moduleName", "charity")]).await.expect(400);
    let r = app.upload("/local-image/uploadImage", Some(&t), Some(("image", "a.png", PNG.to_vec())), &[("moduleName", "../etc")]).await.expect(400);
    assert_eq!(r.message(), "moduleName may hold only letters, digits, '_' and '-'");
    app.upload("/local-image/uploadImage", None, Some(("image", "a.png", PNG.to_vec())), &[("moduleName", "charity")]).await.expect(401);

    // Removal.
    let r = app.post("/local-image/removeImage", Some(&t), json!({ "moduleName": "charity", "fileName": name })).await.expect(200);
    assert_eq!(r.message(), "Image removed successfully");
    app.get(&format!("/media/charity/{name}"), None).await.expect(404);
    app.post("/local-image/removeImage", Some(&t), json!({ "moduleName": "charity", "fileName": name })).await.expect(404);
    app.post("/local-image/removeImage", Some(&t), json!({ "moduleName": "charity", "fileName": "../../catalogue.db" })).await.expect(400);
    app.get("/media/charity/..%2F..%2Fcatalogue.db", None).await.expect(404);
}

#[tokio::test]
async fn videos_are_checked_by_content_stored_and_removed() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let mut mp4 = b"\0\0\0\x18ftypisom\0\0\x02\0isomiso2".to_vec();
    mp4.resize(300_000, 7);
    let r = app.upload("/local-image/uploadVideo", Some(&t), Some(("video", "clip.mp4", mp4.clone())), &[("moduleName", "event")]).await.expect(200);
    assert_eq!(r.message(), "Video uploaded successfully");
    let name = r.body["data"]["name"].as_str().unwrap().to_string();
    let res = app.client.get(format!("{}/media/event/{name}", app.base)).send().await.unwrap();
    assert_eq!(res.headers()["content-type"], "video/mp4");
    assert_eq!(res.bytes().await.unwrap().len(), mp4.len());
    let r = app.upload("/local-image/uploadVideo", Some(&t), Some(("video", "clip.mp4", PNG.to_vec())), &[("moduleName", "event")]).await.expect(400);
    assert_eq!(r.message(), "Only mp4, webm, mov, mkv, avi and mpeg videos are allowed");
    app.post("/local-image/removeImage", Some(&t), json!({ "moduleName": "event", "fileName": name })).await.expect(400);
    app.post("/local-image/removeVideo", Some(&t), json!({ "moduleName": "event", "fileName": name })).await.expect(200);
    app.get(&format!("/media/event/{name}"), None).await.expect(404);
}

// ---- who may remove a file; the orphan sweep ----

const MAY_NOT: &str = "You may not remove this file";

fn content_client(app: &TestApp) -> bff::services::Content {
    proto::content::v1::content_client::ContentClient::new(bff::state::traced(bff::state::channel(&app.content_url).unwrap()))
}

/// Waits until the content service saw the event that makes `file` referenced (`n` records).
async fn wait_references(app: &TestApp, file: &str, n: usize) {
    let c = content_client(app);
    for _ in 0..200 {
        let u = c.clone().may_remove(proto::content::v1::MediaRef { file: file.into(), actor: None }).await.unwrap().into_inner();
        if u.references.len() == n {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("{file} never had {n} references");
}

async fn upload_png(app: &TestApp, token: &str, module: &str) -> String {
    let r = app.upload("/local-image/uploadImage", Some(token), Some(("image", "a.png", PNG.to_vec())), &[("moduleName", module)]).await.expect(200);
    r.body["data"]["name"].as_str().unwrap().to_string()
}

async fn remove_png(app: &TestApp, token: &str, module: &str, file: &str) -> Resp {
    app.post("/local-image/removeImage", Some(token), json!({ "moduleName": module, "fileName": file })).await
}

async fn sub(app: &TestApp, t: &str, email: &str, permissions: serde_json::Value) -> String {
    app.sub_admin(t, email, permissions).await;
    app.token_of("/admin-login/login", email).await
}

#[tokio::test]
async fn a_file_is_removed_only_by_its_uploader_an_editor_of_a_record_using_it_or_the_main_admin() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let m = "leadershipImage";
    let a = sub(&app, &t, "a@example.org", json!([{ "slug": "/content_management/leadership", "actions": ["add"] }])).await;
    let b = sub(&app, &t, "b@example.org", json!([{ "slug": "/dashboard", "actions": ["view"] }])).await;
    let editor = sub(&app, &t, "e@example.org", json!([{ "slug": "/content_management/leadership", "actions": ["edit"] }])).await;

    // A's upload that nothing uses: B may not remove it, A may.
    let loose = upload_png(&app, &a, m).await;
    let r = remove_png(&app, &b, m, &loose).await.expect(403);
    assert_eq!(r.message(), MAY_NOT);
    app.get(&format!("/media/{m}/{loose}"), None).await.expect(200);
    // Nor can B by naming another module for it.
    remove_png(&app, &b, "charity", &loose).await.expect(404);
    remove_png(&app, &a, m, &loose).await.expect(200);
    app.get(&format!("/media/{m}/{loose}"), None).await.expect(404);

    // A's photo used by a leadership entry: B and a sub-admin who may add and delete
    // leadership but not edit it may not remove it; the leadership editor may.
    let photo = upload_png(&app, &a, m).await;
    let entry = json!({ "name": "Ada", "title": "Chair", "photo": photo, "biography": "", "order": 1, "isActive": true });
    app.post("/admin/leadership/addLeadership", Some(&a), entry).await.expect(200);
    wait_references(&app, &photo, 1).await;
    let r = remove_png(&app, &b, m, &photo).await.expect(403);
    assert_eq!(r.message(), MAY_NOT);
    let adder = sub(&app, &t, "add@example.org", json!([{ "slug": "/content_management/leadership", "actions": ["add", "delete"] }])).await;
    remove_png(&app, &adder, m, &photo).await.expect(403);
    app.get(&format!("/media/{m}/{photo}"), None).await.expect(200);
    remove_png(&app, &editor, m, &photo).await.expect(200);
    app.get(&format!("/media/{m}/{photo}"), None).await.expect(404);
    remove_png(&app, &editor, m, &photo).await.expect(404);

    // A file stored before uploads were recorded: the main admin only.
    let old = format!("{}.png", common::new_id());
    let dir = app.data.0.join("media").join("media").join(m);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(&old), PNG).unwrap();
    let r = remove_png(&app, &a, m, &old).await.expect(403);
    assert_eq!(r.message(), MAY_NOT);
    assert!(dir.join(&old).exists());
    remove_png(&app, &t, m, &old).await.expect(200);
    assert!(!dir.join(&old).exists());

    // The main admin removes anyone's upload.
    let other = upload_png(&app, &b, m).await;
    remove_png(&app, &t, m, &other).await.expect(200);

    // Two removals at once by the uploader: one succeeds, the other finds nothing; the file is gone.
    let twice = upload_png(&app, &a, m).await;
    let (x, y) = tokio::join!(remove_png(&app, &a, m, &twice), remove_png(&app, &a, m, &twice));
    let mut codes = [x.status.as_u16(), y.status.as_u16()];
    codes.sort();
    assert!(codes[0] == 200 && codes[1] < 500, "{codes:?}");
    app.get(&format!("/media/{m}/{twice}"), None).await.expect(404);
}

#[tokio::test]
async fn a_nonprofit_admin_cannot_remove_another_nonprofits_logo() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let mut ids = vec![];
    let mut logos = vec![];
    for (name, ein, email) in [("Water For All", "12-3456789", "w@example.org"), ("Food For All", "98-7654321", "f@example.org")] {
        let mut body = crate::charity::valid_body(&app, &t, name, ein).await;
        body["adminEmail"] = json!(email);
        logos.push(body["logo"].as_str().unwrap().to_string());
        let r = app.post("/admin/charity/create", Some(&t), body).await.expect(200);
        ids.push(r.body["data"]["_id"].as_str().unwrap().to_string());
    }
    for l in &logos {
        wait_references(&app, l, 1).await;
    }
    app.identity.create_charity_admin("npo-w@example.org", "secret12", "Nia", "Owner", &ids[0]).await.unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "npo-w@example.org").await;
    let r = remove_png(&app, &npo, "charity", &logos[1]).await.expect(403);
    assert_eq!(r.message(), MAY_NOT);
    app.get(&format!("/media/charity/{}", logos[1]), None).await.expect(200);
    // Its own nonprofit's logo it may remove.
    remove_png(&app, &npo, "charity", &logos[0]).await.expect(200);
}

#[tokio::test]
async fn the_sweep_removes_old_orphans_and_keeps_used_and_young_files() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let m = "leadershipImage";
    let orphan = upload_png(&app, &t, m).await;
    let used = upload_png(&app, &t, m).await;
    let entry = json!({ "name": "Ada", "title": "Chair", "photo": used, "biography": "", "order": 1, "isActive": true });
    app.post("/admin/leadership/addLeadership", Some(&t), entry).await.expect(200);
    wait_references(&app, &used, 1).await;
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    let cut = common::now_ms();
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    let young = upload_png(&app, &t, m).await;

    let storage = bff::media::Storage::local(&app.data.0.join("media")).unwrap();
    let content = content_client(&app);
    assert_eq!(bff::media::sweep(&storage, &content, cut).await.unwrap(), 1);
    app.get(&format!("/media/{m}/{orphan}"), None).await.expect(404);
    app.get(&format!("/media/{m}/{used}"), None).await.expect(200);
    app.get(&format!("/media/{m}/{young}"), None).await.expect(200);
    let u = content.clone().may_remove(proto::content::v1::MediaRef { file: orphan.clone(), actor: None }).await.unwrap().into_inner();
    assert!(u.file.unwrap().removed_at > 0, "the swept file is marked removed");
    // Run again: nothing more to do at that cut-off.
    assert_eq!(bff::media::sweep(&storage, &content, cut).await.unwrap(), 0);
}
