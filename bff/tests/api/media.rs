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
