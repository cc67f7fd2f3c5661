//! Media records on SQLite and on PostgreSQL: uploads recorded, references kept from the
//! bus's events (a donor's avatar set, changed, the donor deleted; a page's images),
//! redeliveries changing nothing, removals, and the orphans the sweep asks for.

use common::Actor;
use common::bus::Event;
use common::error::Error;
use content::app::MIGRATIONS;
use content::media::UploadInput;
use content::service::Content;
use content::store::MediaRef;
use serde_json::json;

fn content(db: common::db::Db) -> Content {
    Content::new(db, None)
}

fn sub_admin() -> Actor {
    Actor::new("s1", "Sub Admin", "127.0.0.1")
}

fn upload(file: &str) -> UploadInput {
    UploadInput { module: "user".into(), file: file.into(), kind: "image".into(), size: 68 }
}

fn event(key: &str, payload: serde_json::Value) -> Event {
    Event::new(key, payload)
}

fn donor(id: &str) -> MediaRef {
    MediaRef { service: "giving".into(), entity: "donor".into(), entity_id: id.into() }
}

async fn refs(c: &Content, file: &str) -> Vec<MediaRef> {
    c.media_use(file).await.unwrap().references
}

fn message(e: Error) -> String {
    match e {
        Error::Validation(v) => v[0].message.clone(),
        other => other.to_string(),
    }
}

async fn uploads_are_recorded_once_with_their_uploader(c: Content) {
    let m = c.record_upload(&upload("0190a1b2c3d4e5f6a7b8c9d0.png"), &sub_admin()).await.unwrap();
    assert_eq!((m.uploader_id.as_str(), m.uploader_type.as_str(), m.removed_at), ("s1", "Sub Admin", None));
    let u = c.media_use("0190a1b2c3d4e5f6a7b8c9d0.png").await.unwrap();
    assert_eq!(u.file.unwrap().module, "user");
    assert!(u.references.is_empty());
    // The same name twice, bad names, no uploader: refused, nothing recorded.
    assert!(matches!(c.record_upload(&upload("0190a1b2c3d4e5f6a7b8c9d0.png"), &sub_admin()).await, Err(Error::Conflict(_))));
    assert_eq!(message(c.record_upload(&upload("../x.png"), &sub_admin()).await.unwrap_err()), "Please give a valid file name");
    assert_eq!(message(c.record_upload(&upload("abc.exe"), &sub_admin()).await.unwrap_err()), "Please give a valid file name");
    assert_eq!(message(c.record_upload(&upload("abc.png"), &Actor::system()).await.unwrap_err()), "An upload needs its uploader");
    assert_eq!(message(c.record_upload(&UploadInput { module: "../etc".into(), ..upload("abd.png") }, &sub_admin()).await.unwrap_err()), "Please give a valid module");
    assert!(c.media_use("abc.png").await.unwrap().file.is_none());
    // Removal is marked once.
    assert!(c.mark_removed("0190a1b2c3d4e5f6a7b8c9d0.png", &sub_admin()).await.unwrap());
    assert!(!c.mark_removed("0190a1b2c3d4e5f6a7b8c9d0.png", &sub_admin()).await.unwrap());
    assert!(!c.mark_removed("unknown.png", &sub_admin()).await.unwrap());
    assert!(c.media_use("0190a1b2c3d4e5f6a7b8c9d0.png").await.unwrap().file.unwrap().removed_at.is_some());
}

async fn a_donor_avatar_is_referenced_changed_and_released_from_events(c: Content) {
    let (a, b, unknown) = ("avatar-a.png", "avatar-b.jpg", "never-recorded.png");
    c.record_upload(&upload(a), &sub_admin()).await.unwrap();
    c.record_upload(&upload(b), &sub_admin()).await.unwrap();

    // Created with avatar a (a URL counts), and a name that is not recorded is ignored.
    let created = event("giving.donor.created", json!({ "id": "d1", "firstName": "Ann", "avatar": format!("http://console.test/media/user/{a}"), "note": unknown }));
    assert!(c.media_event(&created).await.unwrap());
    assert_eq!(refs(&c, a).await, vec![donor("d1")]);
    assert!(refs(&c, unknown).await.is_empty());
    // A redelivery changes nothing.
    assert!(!c.media_event(&created).await.unwrap());
    assert_eq!(refs(&c, a).await, vec![donor("d1")]);

    // Another donor uses a too; d1's avatar changes from a to b.
    c.media_event(&event("giving.donor.updated", json!({ "id": "d2", "avatar": a }))).await.unwrap();
    let changed = event("giving.donor.updated", json!({ "id": "d1", "changes": { "avatar": { "before": a, "after": b } } }));
    assert!(c.media_event(&changed).await.unwrap());
    assert_eq!(refs(&c, a).await, vec![donor("d2")]);
    assert_eq!(refs(&c, b).await, vec![donor("d1")]);
    // A before value still used elsewhere in the payload stays referenced.
    c.media_event(&event("giving.donor.updated", json!({ "id": "d2", "avatar": a, "changes": { "images": { "before": [a], "after": [a, b] } } }))).await.unwrap();
    assert_eq!(refs(&c, a).await, vec![donor("d2")]);
    assert_eq!(refs(&c, b).await, vec![donor("d1"), donor("d2")]);

    // A donor deleted: its references go, another's stay.
    assert!(c.media_event(&event("giving.donor.deleted", json!({ "id": "d1" }))).await.unwrap());
    assert_eq!(refs(&c, b).await, vec![donor("d2")]);
    c.media_event(&event("giving.donor.deleted", json!({ "id": "d2" }))).await.unwrap();
    assert!(refs(&c, a).await.is_empty() && refs(&c, b).await.is_empty());
    // The service's own media events name no record.
    assert!(!c.media_event(&event("content.media.uploaded", json!({ "file": a, "module": "user" }))).await.unwrap());
    assert!(refs(&c, a).await.is_empty());
}

async fn a_page_references_the_images_its_document_names(c: Content) {
    c.record_upload(&upload("page-img-1.png"), &sub_admin()).await.unwrap();
    c.record_upload(&upload("page-img-2.png"), &sub_admin()).await.unwrap();
    let admin = Actor::new("a1", "Admin", "127.0.0.1");
    let page = |img: &str| json!({ "title": "Privacy", "content": format!("<p>Our logo <img src=\"/media/cms/{img}\"> ({img})</p>") }).to_string();
    // The service's own events keep their references as they are written.
    c.save_page("privacy_policy", "", &page("page-img-1.png"), &admin).await.unwrap();
    assert_eq!(refs(&c, "page-img-1.png").await.len(), 1);
    c.save_page("privacy_policy", "", &page("page-img-2.png"), &admin).await.unwrap();
    // The payloads name the files (a restore too), and the bus's copy is not taken again.
    let payloads: Vec<String> =
        sqlx::query_scalar("SELECT body FROM outbox WHERE event_type = 'content.page.published' ORDER BY created_at, id").fetch_all(&c.db.pool).await.unwrap();
    for p in &payloads {
        let e: Event = serde_json::from_str(p).unwrap();
        assert!(!c.media_event(&e).await.unwrap());
    }
    assert_eq!(payloads.len(), 2);
    let page_ref = MediaRef { service: "content".into(), entity: "page".into(), entity_id: "privacy_policy".into() };
    assert!(refs(&c, "page-img-1.png").await.is_empty(), "the image the new revision dropped is released");
    assert_eq!(refs(&c, "page-img-2.png").await, vec![page_ref.clone()]);
    assert!(payloads[1].contains("page-img-1.png") && payloads[1].contains("page-img-2.png"), "{}", payloads[1]);
    // A leadership photo, changed, the entry deleted.
    let l = c
        .create_leadership(&content::service::LeadershipInput { name: "Ada".into(), title: "Chair".into(), photo: "page-img-1.png".into(), ..Default::default() }, &admin)
        .await
        .unwrap();
    let lead = MediaRef { service: "content".into(), entity: "leadership".into(), entity_id: l.id.clone() };
    assert_eq!(refs(&c, "page-img-1.png").await, vec![lead.clone()]);
    c.update_leadership(&l.id, &content::service::LeadershipInput { name: "Ada".into(), title: "Chair".into(), photo: "page-img-2.png".into(), ..Default::default() }, &admin)
        .await
        .unwrap();
    assert!(refs(&c, "page-img-1.png").await.is_empty());
    assert_eq!(refs(&c, "page-img-2.png").await, vec![lead.clone(), page_ref.clone()]);
    c.delete_leadership(&l.id, &admin).await.unwrap();
    assert_eq!(refs(&c, "page-img-2.png").await, vec![page_ref]);
}

async fn orphans_are_old_unreferenced_and_not_removed(c: Content) {
    for f in ["old-orphan.png", "old-used.png", "old-removed.png", "old-chat.png"] {
        c.record_upload(&upload(f), &sub_admin()).await.unwrap();
    }
    c.media_event(&event("catalogue.charity.updated", json!({ "id": "c1", "logo": "old-used.png" }))).await.unwrap();
    // An image sent in a chat message is referenced by the message (chat's payload names it).
    let sent = json!({ "id": "m1", "roomId": "r1", "userId": "d1", "seq": 1, "side": "admin", "hasImage": true, "image": "old-chat.png" });
    c.media_event(&event("chat.message.created", sent)).await.unwrap();
    c.mark_removed("old-removed.png", &sub_admin()).await.unwrap();
    let cut = common::now_ms() + 1;
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    c.record_upload(&upload("young-orphan.png"), &sub_admin()).await.unwrap();
    let names: Vec<String> = c.orphans(cut, 0).await.unwrap().into_iter().map(|m| m.file).collect();
    assert_eq!(names, vec!["old-orphan.png"]);
    assert_eq!(c.orphans(common::now_ms() + 1, 0).await.unwrap().len(), 2, "the young one, once old enough");
    assert!(c.orphans(0, 0).await.unwrap().is_empty());
}

#[test]
fn payload_scan_finds_stored_names_and_what_changes_dropped() {
    let (used, dropped) = content::media::scan(&json!({
        "id": "x", "name": "logo.png is a name, not a file", "images": ["a1.png", "https://cdn.example/media/m/b-2.mp4"],
        "html": "<img src=\"/media/page/c3.jpg\">", "count": 3,
        "changes": { "logo": { "before": "old.png", "after": "new.png" }, "images": { "before": ["a1.png"], "after": ["a1.png"] } }
    }));
    let used: Vec<_> = used.into_iter().collect();
    assert_eq!(used, vec!["a1.png", "b-2.mp4", "c3.jpg", "logo.png", "new.png"]);
    assert_eq!(dropped.into_iter().collect::<Vec<_>>(), vec!["old.png"]);
    assert!(!content::media::is_stored_name("x.exe") && !content::media::is_stored_name(".png") && !content::media::is_stored_name("a/b.png"));
}

common::on_both_backends! { MIGRATIONS, content;
    uploads_are_recorded_once_with_their_uploader => uploads_are_recorded_once_with_their_uploader_on_sqlite, uploads_are_recorded_once_with_their_uploader_on_postgres;
    a_donor_avatar_is_referenced_changed_and_released_from_events => a_donor_avatar_is_referenced_changed_and_released_from_events_on_sqlite, a_donor_avatar_is_referenced_changed_and_released_from_events_on_postgres;
    a_page_references_the_images_its_document_names => a_page_references_the_images_its_document_names_on_sqlite, a_page_references_the_images_its_document_names_on_postgres;
    orphans_are_old_unreferenced_and_not_removed => orphans_are_old_unreferenced_and_not_removed_on_sqlite, orphans_are_old_unreferenced_and_not_removed_on_postgres;
}
