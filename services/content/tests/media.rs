//! Media records on SQLite and on PostgreSQL: uploads recorded unattached with their
//! uploader, within its daily quota (parallel uploads included); a save takes only its own
//! files or its caller's unattached uploads (another record's file, another account's upload,
//! a removed file: refused naming the field, nothing attached); parallel saves of one upload;
//! releases; the orphans the sweep asks for.

use common::Actor;
use common::error::Error;
use content::app::MIGRATIONS;
use content::media::{Attach, Attached, MediaField, UploadInput};
use content::media_store::MediaOwner;
use content::service::Content;

fn content(db: common::db::Db) -> Content {
    Content::new(db, None)
}

fn sub_admin() -> Actor {
    Actor::new("s1", "Sub Admin", "127.0.0.1")
}

fn another() -> Actor {
    Actor::new("s2", "Sub Admin", "127.0.0.1")
}

fn upload(file: &str) -> UploadInput {
    UploadInput { module: "user".into(), file: file.into(), kind: "image".into(), size: 68, quota_bytes: 0 }
}

fn owner(service: &str, entity: &str, id: &str) -> MediaOwner {
    MediaOwner { service: service.into(), entity: entity.into(), entity_id: id.into() }
}

fn field(name: &str, files: &[&str]) -> MediaField {
    MediaField { field: name.into(), files: files.iter().map(|f| f.to_string()).collect() }
}

async fn owner_of(c: &Content, file: &str) -> Option<MediaOwner> {
    c.media_file(file).await.unwrap().expect("recorded").owner
}

fn message(e: Error) -> String {
    match e {
        Error::Validation(v) => v[0].message.clone(),
        other => other.to_string(),
    }
}

/// The (field, message) pairs of a refusal.
#[track_caller]
fn fields(r: Result<Attached, Error>) -> Vec<(String, String)> {
    match r {
        Err(Error::Validation(v)) => v.into_iter().map(|e| (e.field, e.message)).collect(),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

async fn uploads_are_recorded_once_with_their_uploader(c: Content) {
    let m = c.record_upload(&upload("0190a1b2c3d4e5f6a7b8c9d0.png"), &sub_admin()).await.unwrap();
    assert_eq!(
        (m.uploader_id.as_str(), m.uploader_type.as_str(), m.removed_at, m.owner),
        ("s1", "Sub Admin", None, None)
    );
    assert_eq!(c.media_file("0190a1b2c3d4e5f6a7b8c9d0.png").await.unwrap().unwrap().module, "user");
    // The same name twice, bad names, no uploader: refused, nothing recorded.
    assert!(matches!(
        c.record_upload(&upload("0190a1b2c3d4e5f6a7b8c9d0.png"), &sub_admin()).await,
        Err(Error::Conflict(_))
    ));
    assert_eq!(
        message(c.record_upload(&upload("../x.png"), &sub_admin()).await.unwrap_err()),
        "Please give a valid file name"
    );
    assert_eq!(
        message(c.record_upload(&upload("abc.exe"), &sub_admin()).await.unwrap_err()),
        "Please give a valid file name"
    );
    assert_eq!(
        message(c.record_upload(&upload("abc.png"), &Actor::system()).await.unwrap_err()),
        "An upload needs its uploader"
    );
    assert_eq!(
        message(
            c.record_upload(&UploadInput { module: "../etc".into(), ..upload("abd.png") }, &sub_admin())
                .await
                .unwrap_err()
        ),
        "Please give a valid module"
    );
    assert!(c.media_file("abc.png").await.unwrap().is_none());
    // Removal is marked once.
    assert!(c.mark_removed("0190a1b2c3d4e5f6a7b8c9d0.png", &sub_admin()).await.unwrap());
    assert!(!c.mark_removed("0190a1b2c3d4e5f6a7b8c9d0.png", &sub_admin()).await.unwrap());
    assert!(!c.mark_removed("unknown.png", &sub_admin()).await.unwrap());
    assert!(c.media_file("0190a1b2c3d4e5f6a7b8c9d0.png").await.unwrap().unwrap().removed_at.is_some());
}

async fn a_save_takes_only_its_own_files_or_its_callers_new_uploads(c: Content) {
    let nia = Actor::new("n1", "Charity Admin", "127.0.0.1");
    let leader = owner("content", "leadership", "l1");
    let charity = owner("catalogue", "charity", "c1");
    for f in ["photo-1.png", "logo-1.png", "theirs-1.png"] {
        c.record_upload(&upload(f), &sub_admin()).await.unwrap();
    }
    c.record_upload(&upload("nia-1.png"), &nia).await.unwrap();
    // The leadership entry saves its photo: attached to it.
    let a = c
        .attach(&leader, &[field("photo", &["photo-1.png"])], Attach::AttachReleasingOthers, &sub_admin())
        .await
        .unwrap();
    assert_eq!(a, Attached { attached: 1, released: 0 });
    assert_eq!(owner_of(&c, "photo-1.png").await, Some(leader.clone()));
    // Saved again naming it: still its own, nothing changes.
    assert_eq!(
        c.attach(&leader, &[field("photo", &["photo-1.png"])], Attach::AttachReleasingOthers, &sub_admin())
            .await
            .unwrap(),
        Attached::default()
    );

    // The nonprofit admin names the public photo in its own nonprofit: refused naming the
    // field, whoever asks (the main admin too), nothing attached.
    let admin = Actor::new("a1", "Admin", "127.0.0.1");
    for who in [&nia, &sub_admin(), &admin] {
        let r = c
            .attach(&charity, &[field("logo", &["nia-1.png"]), field("images", &["photo-1.png"])], Attach::Attach, who)
            .await;
        let expected_first = if who.id == "n1" {
            vec![]
        } else {
            vec![("logo".to_string(), content::media::UPLOADED_BY_ANOTHER.to_string())]
        };
        let mut expected = expected_first;
        expected.push(("images".into(), content::media::BELONGS_TO_ANOTHER.into()));
        assert_eq!(fields(r), expected, "{who:?}");
    }
    assert_eq!(owner_of(&c, "nia-1.png").await, None, "a refused save attaches nothing");
    assert_eq!(owner_of(&c, "photo-1.png").await, Some(leader.clone()));
    // Another account's unattached upload is not its to save either.
    assert_eq!(
        fields(c.attach(&charity, &[field("logo", &["theirs-1.png"])], Attach::Check, &another()).await),
        [("logo".into(), content::media::UPLOADED_BY_ANOTHER.into())]
    );
    // A check (a record not created yet) changes nothing.
    c.attach(&owner("catalogue", "charity", ""), &[field("logo", &["nia-1.png"])], Attach::Check, &nia).await.unwrap();
    assert_eq!(owner_of(&c, "nia-1.png").await, None);
    assert!(
        c.attach(&owner("catalogue", "charity", ""), &[field("logo", &["nia-1.png"])], Attach::Attach, &nia)
            .await
            .is_err(),
        "attaching needs the record"
    );
    // Its own upload it saves.
    c.attach(&charity, &[field("logo", &["nia-1.png"])], Attach::AttachReleasingOthers, &nia).await.unwrap();
    assert_eq!(owner_of(&c, "nia-1.png").await, Some(charity.clone()));
    // A removed file is not saved again; a name that is not one of ours is left alone.
    c.mark_removed("theirs-1.png", &sub_admin()).await.unwrap();
    assert_eq!(
        fields(c.attach(&charity, &[field("images", &["theirs-1.png"])], Attach::Attach, &sub_admin()).await),
        [("images".into(), content::media::WAS_REMOVED.into())]
    );
    c.attach(&charity, &[field("logo", &["demo-logo.png", "not a file", "nia-1.png"])], Attach::Attach, &nia)
        .await
        .unwrap();

    // An edit that drops the logo releases it; a delete releases the rest.
    c.record_upload(&upload("logo-2.png"), &nia).await.unwrap();
    let a = c
        .attach(&charity, &[field("logo", &["logo-2.png"]), field("images", &[])], Attach::AttachReleasingOthers, &nia)
        .await
        .unwrap();
    assert_eq!(a, Attached { attached: 1, released: 1 });
    let released = c.media_file("nia-1.png").await.unwrap().unwrap();
    assert!(released.owner.is_none() && released.released_at.is_some());
    // Released, it is an unattached file of its uploader again: no other record takes it.
    assert_eq!(
        fields(c.attach(&leader, &[field("photo", &["nia-1.png"])], Attach::Attach, &sub_admin()).await),
        [("photo".into(), content::media::UPLOADED_BY_ANOTHER.into())]
    );
    assert_eq!(c.release(&charity, &admin).await.unwrap().released, 1);
    assert_eq!(owner_of(&c, "logo-2.png").await, None);
    assert_eq!(owner_of(&c, "photo-1.png").await, Some(leader));
}

async fn twenty_parallel_saves_of_one_upload_attach_it_to_one_record(c: Content) {
    c.record_upload(&upload("race-1.png"), &sub_admin()).await.unwrap();
    let saves: Vec<_> = (0..20)
        .map(|n| {
            let c = c.clone();
            tokio::spawn(async move {
                c.attach(
                    &owner("engagement", "community", &format!("cm{n}")),
                    &[field("coverImage", &["race-1.png"])],
                    Attach::Attach,
                    &sub_admin(),
                )
                .await
            })
        })
        .collect();
    let mut won = 0;
    for s in saves {
        match s.await.unwrap() {
            Ok(a) => {
                assert_eq!(a.attached, 1);
                won += 1;
            }
            Err(e) => assert_eq!(message(e), content::media::BELONGS_TO_ANOTHER),
        }
    }
    assert_eq!(won, 1, "one record owns it");
    assert_eq!(owner_of(&c, "race-1.png").await.unwrap().entity, "community");
}

async fn uploads_stop_at_the_daily_quota_even_in_parallel(c: Content) {
    let with_quota = |f: &str, size: i64| UploadInput { size, quota_bytes: 1000, ..upload(f) };
    c.record_upload(&with_quota("q-1.png", 600), &sub_admin()).await.unwrap();
    assert_eq!(c.upload_allowance(&sub_admin(), 1000).await.unwrap().remaining_bytes, 400);
    let e = c.record_upload(&with_quota("q-2.png", 500), &sub_admin()).await.unwrap_err();
    assert!(
        matches!(&e, Error::TooManyAttempts(m, secs) if m.starts_with("You have reached your upload limit of 0 MB a day") && *secs > 0),
        "{e:?}"
    );
    assert!(c.media_file("q-2.png").await.unwrap().is_none(), "a refused upload is not recorded");
    // Another account has its own allowance.
    c.record_upload(&with_quota("q-3.png", 900), &another()).await.unwrap();
    // Ten parallel uploads of 100 bytes with 400 left: four go through.
    let ups: Vec<_> = (0..10)
        .map(|n| {
            let c = c.clone();
            let u = with_quota(&format!("p-{n}.png"), 100);
            tokio::spawn(async move { c.record_upload(&u, &sub_admin()).await })
        })
        .collect();
    let mut ok = 0;
    for u in ups {
        match u.await.unwrap() {
            Ok(_) => ok += 1,
            Err(Error::TooManyAttempts(..)) => {}
            Err(e) => panic!("{e:?}"),
        }
    }
    assert_eq!(ok, 4);
    assert!(matches!(c.upload_allowance(&sub_admin(), 1000).await, Err(Error::TooManyAttempts(..))));
    // No quota: no limit.
    c.record_upload(&UploadInput { size: 5000, ..upload("free-1.png") }, &sub_admin()).await.unwrap();
    // A window that ended opens anew (its start moved back a day).
    let db = c.db.clone();
    sqlx::query("UPDATE media_usage SET window_start = window_start - 86400001").execute(&db.pool).await.unwrap();
    c.record_upload(&with_quota("q-4.png", 900), &sub_admin()).await.unwrap();
    assert_eq!(c.upload_allowance(&sub_admin(), 1000).await.unwrap().remaining_bytes, 100);
}

async fn orphans_are_old_unattached_and_not_removed(c: Content) {
    for f in ["old-orphan.png", "old-used.png", "old-removed.png", "old-released.png"] {
        c.record_upload(&upload(f), &sub_admin()).await.unwrap();
    }
    let room = owner("chat", "room", "r1");
    c.attach(&room, &[field("image", &["old-used.png", "old-released.png"])], Attach::Attach, &sub_admin())
        .await
        .unwrap();
    c.mark_removed("old-removed.png", &sub_admin()).await.unwrap();
    let cut = common::now_ms() + 1;
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    c.record_upload(&upload("young-orphan.png"), &sub_admin()).await.unwrap();
    // A later millisecond than the young orphan's upload (the same one would order the two
    // by name, ties being broken by the file name).
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    // Released now: its time counts from the release.
    c.attach(&room, &[field("image", &["old-used.png"])], Attach::AttachReleasingOthers, &sub_admin()).await.unwrap();
    let names: Vec<String> = c.orphans(cut, 0).await.unwrap().into_iter().map(|m| m.file).collect();
    assert_eq!(names, vec!["old-orphan.png"]);
    let later: Vec<String> = c.orphans(common::now_ms() + 1, 0).await.unwrap().into_iter().map(|m| m.file).collect();
    assert_eq!(later, vec!["old-orphan.png", "young-orphan.png", "old-released.png"], "oldest first, once old enough");
    assert!(c.orphans(0, 0).await.unwrap().is_empty());
}

#[test]
fn stored_names_have_the_shape_the_bff_makes() {
    assert!(
        content::stored_name::is_stored_name("0190a1b2c3d4e5f6a7b8c9d0.png")
            && content::stored_name::is_stored_name("demo-logo.png")
    );
    assert!(
        !content::stored_name::is_stored_name("x.exe")
            && !content::stored_name::is_stored_name(".png")
            && !content::stored_name::is_stored_name("a/b.png")
    );
}

common::on_both_backends! { MIGRATIONS, content;
    uploads_are_recorded_once_with_their_uploader => uploads_are_recorded_once_with_their_uploader_on_sqlite, uploads_are_recorded_once_with_their_uploader_on_postgres;
    a_save_takes_only_its_own_files_or_its_callers_new_uploads => a_save_takes_only_its_own_files_or_its_callers_new_uploads_on_sqlite, a_save_takes_only_its_own_files_or_its_callers_new_uploads_on_postgres;
    twenty_parallel_saves_of_one_upload_attach_it_to_one_record => twenty_parallel_saves_of_one_upload_attach_it_to_one_record_on_sqlite, twenty_parallel_saves_of_one_upload_attach_it_to_one_record_on_postgres;
    uploads_stop_at_the_daily_quota_even_in_parallel => uploads_stop_at_the_daily_quota_even_in_parallel_on_sqlite, uploads_stop_at_the_daily_quota_even_in_parallel_on_postgres;
    orphans_are_old_unattached_and_not_removed => orphans_are_old_unattached_and_not_removed_on_sqlite, orphans_are_old_unattached_and_not_removed_on_postgres;
}
