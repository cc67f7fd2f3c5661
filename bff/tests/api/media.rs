use crate::helpers::*;
use serde_json::json;

/// A tiny valid PNG (1x1).
pub const PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0a, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00,
    0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
];

#[tokio::test]
async fn images_are_checked_by_content_and_size_stored_served_and_removed() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r = app
        .upload(
            "/local-image/uploadImage",
            Some(&t),
            Some(("image", "logo.PNG", PNG.to_vec())),
            &[("moduleName", "charity"), ("other", "x")],
        )
        .await
        .expect(200);
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
    let r = app
        .upload("/local-image/uploadImage", Some(&t), Some(("image", "big.png", big)), &[("moduleName", "charity")])
        .await
        .expect(400);
    assert_eq!(r.message(), "Image size should be less than 2 mb");
    let mut exact = PNG.to_vec();
    exact.resize(2_000_000, 0);
    app.upload("/local-image/uploadImage", Some(&t), Some(("image", "exact.png", exact)), &[("moduleName", "charity")])
        .await
        .expect(200);
    // A file that lies about its type is refused.
    let r = app
        .upload(
            "/local-image/uploadImage",
            Some(&t),
            Some(("image", "gif.png", b"GIF89a\x01\x00".to_vec())),
            &[("moduleName", "charity")],
        )
        .await
        .expect(400);
    assert_eq!(r.message(), "Only png, jpg, jpeg, jp2, jpx, jpm and tiff images are allowed");
    let r = app
        .upload(
            "/local-image/uploadImage",
            Some(&t),
            Some(("image", "x.png", vec![0xff, 0xd8, 0xff, 0xe0, 0, 0])),
            &[("moduleName", "charity")],
        )
        .await
        .expect(400);
    assert_eq!(r.message(), "The file's content does not match its name");
    let svg = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".to_vec();
    app.upload("/local-image/uploadImage", Some(&t), Some(("image", "x.svg", svg)), &[("moduleName", "charity")])
        .await
        .expect(400);
    let r = app
        .upload(
            "/local-image/uploadImage",
            Some(&t),
            Some(("image", "a.png", PNG.to_vec())),
            &[("moduleName", "../etc")],
        )
        .await
        .expect(400);
    assert_eq!(r.message(), "moduleName may hold only letters, digits, '_' and '-'");
    app.upload("/local-image/uploadImage", None, Some(("image", "a.png", PNG.to_vec())), &[("moduleName", "charity")])
        .await
        .expect(401);

    // Removal.
    let r = app
        .post("/local-image/removeImage", Some(&t), json!({ "moduleName": "charity", "fileName": name }))
        .await
        .expect(200);
    assert_eq!(r.message(), "Image removed successfully");
    app.get(&format!("/media/charity/{name}"), None).await.expect(404);
    app.post("/local-image/removeImage", Some(&t), json!({ "moduleName": "charity", "fileName": name }))
        .await
        .expect(404);
    app.post(
        "/local-image/removeImage",
        Some(&t),
        json!({ "moduleName": "charity", "fileName": "../../catalogue.db" }),
    )
    .await
    .expect(400);
    app.get("/media/charity/..%2F..%2Fcatalogue.db", None).await.expect(404);
}

#[tokio::test]
async fn videos_are_checked_by_content_stored_and_removed() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let mut mp4 = b"\0\0\0\x18ftypisom\0\0\x02\0isomiso2".to_vec();
    mp4.resize(300_000, 7);
    let r = app
        .upload(
            "/local-image/uploadVideo",
            Some(&t),
            Some(("video", "clip.mp4", mp4.clone())),
            &[("moduleName", "event")],
        )
        .await
        .expect(200);
    assert_eq!(r.message(), "Video uploaded successfully");
    let name = r.body["data"]["name"].as_str().unwrap().to_string();
    let res = app.client.get(format!("{}/media/event/{name}", app.base)).send().await.unwrap();
    assert_eq!(res.headers()["content-type"], "video/mp4");
    assert_eq!(res.bytes().await.unwrap().len(), mp4.len());
    let r = app
        .upload(
            "/local-image/uploadVideo",
            Some(&t),
            Some(("video", "clip.mp4", PNG.to_vec())),
            &[("moduleName", "event")],
        )
        .await
        .expect(400);
    assert_eq!(r.message(), "Only mp4, webm, mov, mkv, avi and mpeg videos are allowed");
    app.post("/local-image/removeImage", Some(&t), json!({ "moduleName": "event", "fileName": name }))
        .await
        .expect(400);
    app.post("/local-image/removeVideo", Some(&t), json!({ "moduleName": "event", "fileName": name }))
        .await
        .expect(200);
    app.get(&format!("/media/event/{name}"), None).await.expect(404);
}

// ---- who owns a file, who may remove it; the orphan sweep ----

const MAY_NOT: &str = "You may not remove this file";
const BELONGS: &str = "This file belongs to another record";
const NOT_YOURS: &str = "This file was uploaded by another account";

fn content_client(app: &TestApp) -> bff::services::Content {
    proto::content::v1::content_client::ContentClient::new(bff::transport::traced(
        bff::transport::channel(&app.content_url).unwrap(),
    ))
}

/// The content service's record of `file`: its owner as (service, entity, id), if any.
pub async fn owner_of(app: &TestApp, file: &str) -> Option<(String, String, String)> {
    let u = content_client(app)
        .may_remove(proto::content::v1::MediaRef { file: file.into(), actor: None })
        .await
        .unwrap()
        .into_inner();
    u.file.and_then(|f| f.owner).map(|o| (o.service, o.entity, o.entity_id))
}

pub async fn upload_png(app: &TestApp, token: &str, module: &str) -> String {
    let r = app
        .upload(
            "/local-image/uploadImage",
            Some(token),
            Some(("image", "a.png", PNG.to_vec())),
            &[("moduleName", module)],
        )
        .await
        .expect(200);
    r.body["data"]["name"].as_str().unwrap().to_string()
}

async fn remove_png(app: &TestApp, token: &str, module: &str, file: &str) -> Resp {
    app.post("/local-image/removeImage", Some(token), json!({ "moduleName": module, "fileName": file })).await
}

async fn sub(app: &TestApp, t: &str, email: &str, permissions: serde_json::Value) -> String {
    app.sub_admin(t, email, permissions).await;
    app.token_of("/admin-login/login", email).await
}

fn leader(photo: &str) -> serde_json::Value {
    json!({ "name": "Ada", "title": "Chair", "photo": photo, "biography": "", "order": 1, "isActive": true })
}

#[tokio::test]
async fn a_file_is_removed_only_by_an_editor_of_its_record_or_its_uploader_before_a_record_owns_it() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let m = "leadershipImage";
    let a =
        sub(&app, &t, "a@example.org", json!([{ "slug": "/content_management/leadership", "actions": ["add"] }])).await;
    let b = sub(&app, &t, "b@example.org", json!([{ "slug": "/dashboard", "actions": ["view"] }])).await;
    let editor =
        sub(&app, &t, "e@example.org", json!([{ "slug": "/content_management/leadership", "actions": ["edit"] }]))
            .await;

    // A's upload that no record owns: B may not remove it, A may.
    let loose = upload_png(&app, &a, m).await;
    let r = remove_png(&app, &b, m, &loose).await.expect(403);
    assert_eq!(r.message(), MAY_NOT);
    app.get(&format!("/media/{m}/{loose}"), None).await.expect(200);
    // Nor can B by naming another module for it.
    remove_png(&app, &b, "charity", &loose).await.expect(404);
    remove_png(&app, &a, m, &loose).await.expect(200);
    app.get(&format!("/media/{m}/{loose}"), None).await.expect(404);

    // A's photo saved by a leadership entry belongs to the entry at once: its uploader, B and
    // a sub-admin who may add and delete leadership but not edit it may not remove it; the
    // leadership editor may.
    let photo = upload_png(&app, &a, m).await;
    let entry = app.post("/admin/leadership/addLeadership", Some(&a), leader(&photo)).await.expect(200);
    let entry_id = entry.body["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(owner_of(&app, &photo).await, Some(("content".into(), "leadership".into(), entry_id)));
    for who in [
        &a,
        &b,
        &sub(
            &app,
            &t,
            "add@example.org",
            json!([{ "slug": "/content_management/leadership", "actions": ["add", "delete"] }]),
        )
        .await,
    ] {
        assert_eq!(remove_png(&app, who, m, &photo).await.expect(403).message(), MAY_NOT);
    }
    app.get(&format!("/media/{m}/{photo}"), None).await.expect(200);
    remove_png(&app, &editor, m, &photo).await.expect(200);
    app.get(&format!("/media/{m}/{photo}"), None).await.expect(404);
    remove_png(&app, &editor, m, &photo).await.expect(404);

    // A file stored before uploads were recorded (the demo's pictures): the main admin only.
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
async fn a_nonprofit_admin_cannot_take_the_public_leadership_photo_into_its_nonprofit() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let photo = upload_png(&app, &t, "leadershipImage").await;
    app.post("/admin/leadership/addLeadership", Some(&t), leader(&photo)).await.expect(200);
    // The attacker reads the photo's name from the public site.
    let public = app.get("/v1/public/leadership", None).await.expect(200);
    assert!(public.body.to_string().contains(&photo));
    let body = crate::charity::valid_body(&app, &t, "Water For All", "12-3456789").await;
    let own = app.post("/admin/charity/create", Some(&t), body.clone()).await.expect(200).body["data"].clone();
    let id = own["_id"].as_str().unwrap().to_string();
    app.identity.create_charity_admin("npo-w@example.org", "secret12", "Nia", "Owner", &id).await.unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "npo-w@example.org").await;
    let mut edit = body.clone();
    edit["images"] = json!([photo]);
    let r = app.patch(&format!("/admin/charity/update/{id}"), Some(&npo), edit).await.expect(400);
    assert_eq!(field(&r.body, "images"), BELONGS, "{}", r.body);
    let stored = app.get(&format!("/admin/charity/get/{id}"), Some(&npo)).await.expect(200);
    assert_eq!(stored.body["data"]["images"], json!([]), "nothing was saved");
    assert_eq!(remove_png(&app, &npo, "leadershipImage", &photo).await.expect(403).message(), MAY_NOT);
    app.get(&format!("/media/leadershipImage/{photo}"), None).await.expect(200);
    // Its own nonprofit's logo (the main admin's upload, saved by the nonprofit) it may remove,
    // and its own new upload it may save.
    let logo = own["logo"].as_str().unwrap().to_string();
    assert_eq!(owner_of(&app, &logo).await.map(|o| o.2), Some(id.clone()));
    let mine = upload_png(&app, &npo, "charity").await;
    let mut edit = body.clone();
    edit["images"] = json!([mine]);
    app.patch(&format!("/admin/charity/update/{id}"), Some(&npo), edit).await.expect(200);
    assert_eq!(owner_of(&app, &mine).await.map(|o| o.2), Some(id.clone()));
    remove_png(&app, &npo, "charity", &logo).await.expect(200);
}

/// A console with a nonprofit the main admin made: the app, the main admin's token, the
/// nonprofit's logo.
async fn a_nonprofits_logo() -> (TestApp, String, String) {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let body = crate::charity::valid_body(&app, &t, "Water For All", "12-3456789").await;
    let logo = app.post("/admin/charity/create", Some(&t), body).await.expect(200).body["data"]["logo"]
        .as_str()
        .unwrap()
        .to_string();
    (app, t, logo)
}

#[tokio::test]
async fn a_community_editor_cannot_take_a_nonprofits_logo_into_a_gallery() {
    let (app, t, logo) = a_nonprofits_logo().await;
    let editor = sub(&app, &t, "c@example.org", json!([{ "slug": "/community", "actions": ["view", "edit"] }])).await;
    let cover = upload_png(&app, &t, "communityImage").await;
    let community = json!({
        "name": "Neighbours", "description": "<p>Hi</p>", "coverImage": cover, "gallery": [], "charityIds": [], "causeIds": [],
        "address": "1 Main St", "city": "Springfield", "state": "Illinois", "country": "United States", "cityId": "1",
        "stateId": "IL", "countryId": "US", "zipCode": "62701", "privacy": "public"
    });
    let cid =
        app.post("/admin/admin-community/create", Some(&t), community.clone()).await.expect(200).body["data"]["_id"]
            .as_str()
            .unwrap()
            .to_string();
    let mut edit = community.clone();
    edit["gallery"] = json!([logo]);
    let r = app.patch(&format!("/admin/admin-community/update/{cid}"), Some(&editor), edit).await.expect(400);
    assert_eq!(field(&r.body, "gallery"), BELONGS);
    assert_eq!(remove_png(&app, &editor, "charity", &logo).await.expect(403).message(), MAY_NOT);
    app.get(&format!("/media/charity/{logo}"), None).await.expect(200);
    // The main admin's unattached upload is not the editor's to save either.
    let loose = upload_png(&app, &t, "communityImage").await;
    let mut edit = community.clone();
    edit["gallery"] = json!([loose]);
    let r = app.patch(&format!("/admin/admin-community/update/{cid}"), Some(&editor), edit).await.expect(400);
    assert_eq!(field(&r.body, "gallery"), NOT_YOURS);
    // Its own community's cover it may remove.
    remove_png(&app, &editor, "communityImage", &cover).await.expect(200);
}

#[tokio::test]
async fn a_chat_message_cannot_carry_another_records_file() {
    let (app, t, logo) = a_nonprofits_logo().await;
    let writer = sub(&app, &t, "m@example.org", json!([{ "slug": "/chat", "actions": ["view", "add"] }])).await;
    let (_, room) = crate::socket::chat_donor(&app, &t, "Fay", "fay@example.org").await;
    let admin = crate::socket::admin_sock(&app, &writer).await;
    let reply = admin
        .call("send", json!({ "roomId": room, "text": "look", "image": logo, "clientId": crate::socket::uuid() }))
        .await;
    assert!(reply.to_string().contains(BELONGS), "{reply}");
    assert_eq!(remove_png(&app, &writer, "charity", &logo).await.expect(403).message(), MAY_NOT);
    app.get(&format!("/media/charity/{logo}"), None).await.expect(200);
    // Its own new picture goes, and then belongs to the conversation.
    let pic = upload_png(&app, &writer, "chatImage").await;
    crate::socket::Sock::ok(
        admin
            .call("send", json!({ "roomId": room, "text": "", "image": pic, "clientId": crate::socket::uuid() }))
            .await,
    );
    assert_eq!(owner_of(&app, &pic).await, Some(("chat".into(), "room".into(), room.clone())));
    // Clearing the conversation releases its pictures.
    app.call(reqwest::Method::DELETE, &format!("/admin/chat/clearChatHistory/{room}"), Some(&writer), None)
        .await
        .expect(200);
    assert_eq!(owner_of(&app, &pic).await, None);
}

#[tokio::test]
async fn an_event_naming_a_file_makes_no_owner() {
    // A record written without the BFF (the apps' side, another tool) names an upload: the
    // file stays its uploader's, so an editor of such records cannot remove it.
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let other = sub(&app, &t, "o@example.org", json!([{ "slug": "/dashboard", "actions": ["view"] }])).await;
    let upload = upload_png(&app, &other, "charity").await;
    let body = crate::charity::valid_body(&app, &t, "Water For All", "12-3456789").await;
    let id = app.post("/admin/charity/create", Some(&t), body.clone()).await.expect(200).body["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let mut input: proto::catalogue::v1::CharityInput = serde_json::from_value(body).unwrap();
    input.images = vec![upload.clone()];
    let mut catalogue =
        proto::catalogue::v1::catalogue_client::CatalogueClient::connect(app.catalogue_url.clone()).await.unwrap();
    let actor = proto::common::v1::Actor {
        id: "x".into(),
        account_type: proto::common::v1::AccountType::System.into(),
        address: String::new(),
    };
    catalogue
        .update_charity(proto::catalogue::v1::UpdateCharityRequest {
            id: id.clone(),
            input: Some(input),
            onboard: false,
            actor: Some(actor),
        })
        .await
        .unwrap();
    let editor =
        sub(&app, &t, "ed@example.org", json!([{ "slug": "/master/charity_management", "actions": ["edit"] }])).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(owner_of(&app, &upload).await, None);
    assert_eq!(remove_png(&app, &editor, "charity", &upload).await.expect(403).message(), MAY_NOT);
}

/// The files under the media folder's `path` (relative), sorted; the placeholder picture the
/// BFF writes at start left out.
fn files_under(app: &TestApp, path: &str) -> Vec<String> {
    let root = app.data.0.join("media").join(path);
    let mut out = vec![];
    let mut stack = vec![root];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            if e.path().is_dir() {
                stack.push(e.path());
            } else if !e.path().ends_with("placeholder/placeholder.png") {
                out.push(e.path().display().to_string());
            }
        }
    }
    out.sort();
    out
}

#[tokio::test]
async fn a_refused_upload_leaves_no_file_behind() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let mut mp4 = b"\0\0\0\x18ftypisom\0\0\x02\0isomiso2".to_vec();
    mp4.resize(50_000, 7);
    let send = |form: reqwest::multipart::Form, path: &'static str| {
        let req = app.client.post(format!("{}{path}", app.base)).bearer_auth(&t).multipart(form);
        async move {
            let res = req.send().await.unwrap();
            (res.status().as_u16(), res.json::<serde_json::Value>().await.unwrap())
        }
    };
    let part = |bytes: &[u8], name: &str| reqwest::multipart::Part::bytes(bytes.to_vec()).file_name(name.to_string());
    // Two videos in one form.
    let form = reqwest::multipart::Form::new()
        .text("moduleName", "eventVideo")
        .part("video", part(&mp4, "a.mp4"))
        .part("video", part(&mp4, "b.mp4"));
    let (status, body) = send(form, "/local-image/uploadVideo").await;
    assert_eq!((status, body["message"].as_str().unwrap()), (400, "Please upload one video at a time"));
    // A video, then a module that is not one.
    let form = reqwest::multipart::Form::new().part("video", part(&mp4, "a.mp4")).text("moduleName", "../etc");
    assert_eq!(send(form, "/local-image/uploadVideo").await.0, 400);
    // No module at all.
    let form = reqwest::multipart::Form::new().part("video", part(&mp4, "a.mp4"));
    assert_eq!(send(form, "/local-image/uploadVideo").await.0, 400);
    // Two images.
    let form = reqwest::multipart::Form::new()
        .text("moduleName", "charity")
        .part("image", part(PNG, "a.png"))
        .part("image", part(PNG, "b.png"));
    assert_eq!(send(form, "/local-image/uploadImage").await.1["message"], "Please upload one image at a time");
    assert_eq!(files_under(&app, ""), Vec::<String>::new(), "nothing was stored");
    // A good one still goes.
    let form = reqwest::multipart::Form::new().text("moduleName", "eventVideo").part("video", part(&mp4, "a.mp4"));
    assert_eq!(send(form, "/local-image/uploadVideo").await.0, 200);
    assert_eq!(files_under(&app, "uploads"), Vec::<String>::new());
    assert_eq!(files_under(&app, "media").len(), 1);
}

#[tokio::test]
async fn uploads_stop_at_the_daily_quota_a_smaller_one_for_nonprofit_admins() {
    let app = spawn_full(
        |_| {},
        |b| {
            b.upload_quota_bytes = 200;
            b.upload_quota_nonprofit_bytes = 100;
        },
        std::time::Duration::ZERO,
    )
    .await;
    let (t, _) = app.admin().await;
    app.identity.create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", "c1").await.unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "npo@example.org").await;
    // PNG is 67 bytes: one fits the nonprofit admin's 100, two fit the main admin's 200.
    upload_png(&app, &npo, "charity").await;
    let r = app
        .upload(
            "/local-image/uploadImage",
            Some(&npo),
            Some(("image", "a.png", PNG.to_vec())),
            &[("moduleName", "charity")],
        )
        .await
        .expect(429);
    assert!(r.message().contains("daily upload limit"), "{}", r.message());
    upload_png(&app, &t, "charity").await;
    upload_png(&app, &t, "charity").await;
    let r = app
        .upload(
            "/local-image/uploadImage",
            Some(&t),
            Some(("image", "a.png", PNG.to_vec())),
            &[("moduleName", "charity")],
        )
        .await
        .expect(429);
    assert_eq!(r.code(), "UPLOAD_QUOTA");
    // A video bigger than what is left stops while it streams, and leaves nothing.
    let mut mp4 = b"\0\0\0\x18ftypisom\0\0\x02\0isomiso2".to_vec();
    mp4.resize(5_000, 7);
    let r = app
        .upload("/local-image/uploadVideo", Some(&t), Some(("video", "a.mp4", mp4)), &[("moduleName", "eventVideo")])
        .await
        .expect(429);
    assert!(r.message().contains("daily upload limit"), "{}", r.message());
    assert_eq!(files_under(&app, "media").len(), 3);
    assert_eq!(files_under(&app, "uploads"), Vec::<String>::new());
}

#[tokio::test]
async fn the_sweep_removes_old_unattached_files_and_stale_holding_files_and_keeps_the_rest() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let m = "leadershipImage";
    let orphan = upload_png(&app, &t, m).await;
    let used = upload_png(&app, &t, m).await;
    let dropped = upload_png(&app, &t, m).await;
    let entry = app.post("/admin/leadership/addLeadership", Some(&t), leader(&dropped)).await.expect(200);
    let entry_id = entry.body["data"]["_id"].as_str().unwrap().to_string();
    // An edit that replaces the photo releases the old one.
    app.patch(&format!("/admin/leadership/updateLeadership/{entry_id}"), Some(&t), leader(&used)).await.expect(200);
    assert_eq!(owner_of(&app, &dropped).await, None);
    let holding = app.data.0.join("media").join("uploads");
    std::fs::create_dir_all(&holding).unwrap();
    std::fs::write(holding.join("stale-upload"), b"half a video").unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    let cut = common::now_ms();
    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    let young = upload_png(&app, &t, m).await;

    let storage = bff::storage::Storage::local(&app.data.0.join("media")).unwrap();
    let content = content_client(&app);
    assert_eq!(
        bff::media::sweep(&storage, &content, cut).await.unwrap(),
        3,
        "the orphan, the released photo, the stale holding file"
    );
    app.get(&format!("/media/{m}/{orphan}"), None).await.expect(404);
    app.get(&format!("/media/{m}/{dropped}"), None).await.expect(404);
    app.get(&format!("/media/{m}/{used}"), None).await.expect(200);
    app.get(&format!("/media/{m}/{young}"), None).await.expect(200);
    assert!(!holding.join("stale-upload").exists());
    let u = content
        .clone()
        .may_remove(proto::content::v1::MediaRef { file: orphan.clone(), actor: None })
        .await
        .unwrap()
        .into_inner();
    assert!(u.file.unwrap().removed_at > 0, "the swept file is marked removed");
    // Run again: nothing more to do at that cut-off.
    assert_eq!(bff::media::sweep(&storage, &content, cut).await.unwrap(), 0);
}

/// Issue 34: the placeholder `/auth/metaData` names is a real picture, written to the media
/// store at start and served from the binary if the store lost it.
#[tokio::test]
async fn the_placeholder_the_metadata_names_is_a_real_picture() {
    let app = spawn().await;
    let meta = app.get("/auth/metaData", None).await.expect(200);
    let url = meta.body["data"]["placeholder"].as_str().unwrap().to_string();
    assert_eq!(url, "http://console.test/media/placeholder/placeholder.png");
    let stored = app.data.0.join("media").join("media").join("placeholder").join("placeholder.png");
    assert!(stored.exists(), "written to the media store at start");
    for _ in 0..2 {
        let res = app.client.get(format!("{}/media/placeholder/placeholder.png", app.base)).send().await.unwrap();
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-type"], "image/png");
        let bytes = res.bytes().await.unwrap();
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.len() > 100);
        // Lost from the store: still served.
        let _ = std::fs::remove_file(&stored);
    }
}
