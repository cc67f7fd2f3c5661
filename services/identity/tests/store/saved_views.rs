//! Saved views (issue 36) over the store, on both backends: saved, replaced by name, listed
//! for their own account and list only, their rules and messages, the limit of a list (under
//! parallel saves too), deletion of one's own (another account's is not found), and views
//! going with their account.

use crate::support::*;
use common::Actor;
use identity::error::Error;
use identity::saved_views::{INVALID_QUERY, NOT_FOUND, TOO_MANY, UNKNOWN_LIST};
use identity::service::Identity;
use serde_json::json;

const DONOR: &str = "/donor";
const TRANSACTION: &str = "/transaction";

fn pair(field: &str, message: &str) -> (String, String) {
    (field.to_string(), message.to_string())
}

/// (name, query) of the caller's views of `list`, in the order listed.
async fn names(id: &Identity, who: &Actor, list: &str) -> Vec<(String, String)> {
    id.list_saved_views(who, list).await.unwrap().into_iter().map(|v| (v.name, v.query)).collect()
}

async fn views_stored(id: &Identity) -> i64 {
    count(id, "SELECT COUNT(*) FROM saved_views", &[]).await
}

/// Events of saved views in the outbox (type, payload).
async fn view_events(id: &Identity) -> Vec<(String, serde_json::Value)> {
    outbox_events(id).await.into_iter().filter(|(t, _)| t.starts_with("identity.saved_view.")).collect()
}

async fn a_view_is_saved_and_listed_by_name(id: Identity) {
    let admin = as_admin(&id).await;
    let saved =
        id.save_view(&admin, DONOR, "  Big donors ", "q=smith&page=3&size=20&sort=name&order=asc").await.unwrap();
    assert!(!saved.replaced);
    let v = saved.view;
    assert_eq!(v.id.len(), 24);
    assert_eq!((v.list.as_str(), v.name.as_str()), (DONOR, "Big donors"));
    assert_eq!(v.query, "q=smith&size=20&sort=name&order=asc", "a view opens on page 1");
    assert_eq!(v.account_id, admin.id);
    assert!(v.created_at > 0 && v.created_at == v.updated_at);
    id.save_view(&admin, DONOR, "active", "status=active").await.unwrap();
    id.save_view(&admin, DONOR, "Zeta", "").await.unwrap();
    assert_eq!(
        names(&id, &admin, DONOR).await,
        [
            ("active".to_string(), "status=active".to_string()),
            ("Big donors".into(), "q=smith&size=20&sort=name&order=asc".into()),
            ("Zeta".into(), "".into())
        ],
        "by name, case aside"
    );
    let events = view_events(&id).await;
    assert_eq!(events.len(), 3);
    assert_eq!(events[0].0, "identity.saved_view.saved");
    assert_eq!(
        events[0].1,
        json!({"id": v.id, "accountId": admin.id, "list": DONOR, "name": "Big donors",
               "query": "q=smith&size=20&sort=name&order=asc"})
    );
}

async fn saving_a_name_again_replaces_that_views_query(id: Identity) {
    let admin = as_admin(&id).await;
    let first = id.save_view(&admin, DONOR, "Big donors", "q=smith").await.unwrap().view;
    let again = id.save_view(&admin, DONOR, "BIG DONORS", "q=jones&sort=name&order=desc").await.unwrap();
    assert!(again.replaced);
    assert_eq!(again.view.id, first.id, "the same view");
    assert_eq!(again.view.name, "BIG DONORS", "the name takes the new spelling");
    assert_eq!(again.view.query, "q=jones&sort=name&order=desc");
    assert_eq!(again.view.created_at, first.created_at);
    assert_eq!(
        names(&id, &admin, DONOR).await,
        [("BIG DONORS".to_string(), "q=jones&sort=name&order=desc".to_string())]
    );
    assert_eq!(views_stored(&id).await, 1);
    // The same name on another list is another view.
    id.save_view(&admin, TRANSACTION, "Big donors", "status=success").await.unwrap();
    assert_eq!(views_stored(&id).await, 2);
    let events = view_events(&id).await;
    assert_eq!(events[1].0, "identity.saved_view.saved");
    assert_eq!(
        events[1].1["changes"],
        json!({"name": {"before": "Big donors", "after": "BIG DONORS"},
               "query": {"before": "q=smith", "after": "q=jones&sort=name&order=desc"}})
    );
}

async fn views_are_listed_only_for_their_own_account_and_list(id: Identity) {
    let admin = as_admin(&id).await;
    let sam = as_caller(&sub_admin(&id, "Sam", "Helper", "sam@example.org").await);
    id.save_view(&admin, DONOR, "Mine", "q=admin").await.unwrap();
    id.save_view(&admin, TRANSACTION, "Payments", "status=success").await.unwrap();
    id.save_view(&sam, DONOR, "Mine", "q=sam").await.unwrap();
    assert_eq!(names(&id, &admin, DONOR).await, [("Mine".to_string(), "q=admin".to_string())]);
    assert_eq!(names(&id, &sam, DONOR).await, [("Mine".to_string(), "q=sam".to_string())]);
    assert_eq!(names(&id, &sam, TRANSACTION).await, []);
    assert_eq!(names(&id, &admin, "/badge").await, []);
    // Saving the other account's name replaces nothing of the other account's.
    assert!(!id.save_view(&sam, TRANSACTION, "Payments", "").await.unwrap().replaced);
    assert_eq!(names(&id, &admin, TRANSACTION).await, [("Payments".to_string(), "status=success".to_string())]);
}

async fn a_view_is_checked_before_anything_is_stored(id: Identity) {
    let admin = as_admin(&id).await;
    let save = |list: &'static str, name: String, query: String| {
        let (id, admin) = (id.clone(), admin.clone());
        async move { id.save_view(&admin, list, &name, &query).await }
    };
    assert_eq!(field_errors(save(DONOR, "".into(), "".into()).await), [pair("name", "Please enter Name")]);
    assert_eq!(field_errors(save(DONOR, "   ".into(), "".into()).await), [pair("name", "Please enter valid Name")]);
    assert_eq!(
        field_errors(save(DONOR, "x".repeat(61), "".into()).await),
        [pair("name", "Name must be at most 60 characters")]
    );
    assert!(save(DONOR, "é".repeat(60), "".into()).await.is_ok(), "60 characters, not bytes");
    assert_eq!(field_errors(save(DONOR, "a\u{0}b".into(), "".into()).await), [pair("name", "Please enter valid Name")]);
    assert_eq!(
        field_errors(save(DONOR, "Long".into(), format!("q={}", "a".repeat(1999))).await),
        [pair("query", "Query must be at most 2000 characters")]
    );
    for query in ["q=a b", "q=%00", "q=\r\n", "=x", "q=%G1", "q=<script>"] {
        assert_eq!(
            field_errors(save(DONOR, "Bad".into(), query.into()).await),
            [pair("query", INVALID_QUERY)],
            "{query:?}"
        );
    }
    for list in ["", "/nowhere", "/donor/donor_add", "/audit_log", "donor"] {
        assert_eq!(field_errors(id.save_view(&admin, list, "Ok", "").await), [pair("list", UNKNOWN_LIST)], "{list:?}");
        assert_eq!(field_errors(id.list_saved_views(&admin, list).await), [pair("list", UNKNOWN_LIST)]);
    }
    // Every field at once, each with its message.
    assert_eq!(
        field_errors(id.save_view(&admin, "/x", "", "a b").await),
        [pair("list", UNKNOWN_LIST), pair("name", "Please enter Name"), pair("query", INVALID_QUERY)]
    );
    assert_eq!(views_stored(&id).await, 1, "only the valid 60-character name");
    assert_eq!(view_events(&id).await.len(), 1);
}

async fn a_list_keeps_at_most_fifty_views_of_an_account(id: Identity) {
    let admin = as_admin(&id).await;
    let sam = as_caller(&sub_admin(&id, "Sam", "Helper", "sam@example.org").await);
    for n in 0..50 {
        id.save_view(&admin, DONOR, &format!("View {n:02}"), &format!("q=v{n}")).await.unwrap();
    }
    assert_eq!(field_errors(id.save_view(&admin, DONOR, "One more", "").await), [pair("name", TOO_MANY)]);
    // A replacement adds nothing: still allowed. Other lists and accounts have their own limit.
    assert!(id.save_view(&admin, DONOR, "view 07", "q=new").await.unwrap().replaced);
    id.save_view(&admin, TRANSACTION, "One more", "").await.unwrap();
    id.save_view(&sam, DONOR, "One more", "").await.unwrap();
    // Deleting one makes room.
    let v = id.list_saved_views(&admin, DONOR).await.unwrap().remove(0);
    id.delete_saved_view(&admin, &v.id, DONOR).await.unwrap();
    id.save_view(&admin, DONOR, "One more", "").await.unwrap();
    assert_eq!(id.list_saved_views(&admin, DONOR).await.unwrap().len(), 50);
}

async fn parallel_saves_never_pass_the_limit(id: Identity) {
    let admin = as_admin(&id).await;
    for n in 0..40 {
        id.save_view(&admin, DONOR, &format!("Kept {n}"), "").await.unwrap();
    }
    // Twenty new names and twenty replacements of a kept one, all at once.
    let saves: Vec<_> = (0..40)
        .map(|n| {
            let (id, admin) = (id.clone(), admin.clone());
            let name = if n % 2 == 0 { format!("New {n}") } else { "kept 0".to_string() };
            tokio::spawn(async move { id.save_view(&admin, DONOR, &name, &format!("q=n{n}")).await })
        })
        .collect();
    let mut refused = 0;
    for save in saves {
        match save.await.unwrap() {
            Ok(_) => {}
            Err(Error::Validation(e)) if e[0].message == TOO_MANY => refused += 1,
            Err(e) => panic!("unexpected {e:?}"),
        }
    }
    let kept = id.list_saved_views(&admin, DONOR).await.unwrap();
    assert_eq!(kept.len(), 50, "filled to the limit, never past it");
    assert_eq!(refused, 10, "ten new names did not fit; every replacement did");
    assert_eq!(kept.iter().filter(|v| v.name.eq_ignore_ascii_case("kept 0")).count(), 1, "one view of a name");
}

async fn an_account_deletes_its_own_views_only(id: Identity) {
    let admin = as_admin(&id).await;
    let sam = as_caller(&sub_admin(&id, "Sam", "Helper", "sam@example.org").await);
    let mine = id.save_view(&sam, DONOR, "Mine", "q=sam").await.unwrap().view;
    let theirs = id.save_view(&admin, DONOR, "Theirs", "q=admin").await.unwrap().view;
    // Another account's view, or the view named under another list: not found, and kept.
    assert_not_found(id.delete_saved_view(&sam, &theirs.id, DONOR).await, NOT_FOUND);
    assert_not_found(id.delete_saved_view(&sam, &mine.id, TRANSACTION).await, NOT_FOUND);
    assert_not_found(id.delete_saved_view(&sam, "000000000000000000000000", DONOR).await, NOT_FOUND);
    assert_eq!(views_stored(&id).await, 2);
    id.delete_saved_view(&sam, &mine.id, DONOR).await.unwrap();
    assert_eq!(names(&id, &sam, DONOR).await, []);
    assert_not_found(id.delete_saved_view(&sam, &mine.id, DONOR).await, NOT_FOUND);
    assert_eq!(names(&id, &admin, DONOR).await, [("Theirs".to_string(), "q=admin".to_string())]);
    let events = view_events(&id).await;
    assert_eq!(events.last().unwrap().0, "identity.saved_view.deleted");
    assert_eq!(events.last().unwrap().1["id"], mine.id);
    assert_eq!(events.len(), 3);
}

async fn views_go_with_their_account(id: Identity) {
    let admin = as_admin(&id).await;
    let sam = sub_admin(&id, "Sam", "Helper", "sam@example.org").await;
    let tom = sub_admin(&id, "Tom", "Helper", "tom@example.org").await;
    id.save_view(&as_caller(&sam), DONOR, "A", "").await.unwrap();
    id.save_view(&as_caller(&tom), DONOR, "B", "").await.unwrap();
    id.save_view(&admin, DONOR, "C", "").await.unwrap();
    id.delete_sub_admin(&admin, &sam.id).await.unwrap();
    assert_eq!(count(&id, "SELECT COUNT(*) FROM saved_views WHERE account_id = $1", &[&sam.id]).await, 0);
    // The table's own rule, whoever removes an account.
    sqlx::query("DELETE FROM permissions WHERE user_id = $1").bind(&tom.id).execute(&id.db.pool).await.unwrap();
    sqlx::query("DELETE FROM users WHERE id = $1").bind(&tom.id).execute(&id.db.pool).await.unwrap();
    assert_eq!(views_stored(&id).await, 1);
}

async fn only_active_admins_and_sub_admins_keep_views(id: Identity) {
    let admin = as_admin(&id).await;
    let npo = id.create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", "c1").await.unwrap();
    match id.save_view(&as_caller(&npo), DONOR, "Mine", "").await {
        Err(Error::Forbidden(_)) => {}
        other => panic!("expected Forbidden, got {other:?}"),
    }
    assert!(matches!(id.list_saved_views(&as_caller(&npo), DONOR).await, Err(Error::Forbidden(_))));
    let sam = sub_admin(&id, "Sam", "Helper", "sam@example.org").await;
    id.set_sub_admin_status(&admin, &sam.id, false).await.unwrap();
    assert!(matches!(id.save_view(&as_caller(&sam), DONOR, "Mine", "").await, Err(Error::Unauthenticated(_))));
    let nobody = Actor::new("000000000000000000000000", "Admin", IP);
    assert!(matches!(id.list_saved_views(&nobody, DONOR).await, Err(Error::Unauthenticated(_))));
    // An account named with another account type than its own is nobody.
    let sam_as_admin = Actor::new(&sam.id, "Admin", IP);
    assert!(matches!(id.save_view(&sam_as_admin, DONOR, "Mine", "").await, Err(Error::Unauthenticated(_))));
    assert_eq!(views_stored(&id).await, 0);
}

on_both_backends! {
    a_view_is_saved_and_listed_by_name =>
        a_view_is_saved_and_listed_by_name_on_sqlite,
        a_view_is_saved_and_listed_by_name_on_postgres;
    saving_a_name_again_replaces_that_views_query =>
        saving_a_name_again_replaces_that_views_query_on_sqlite,
        saving_a_name_again_replaces_that_views_query_on_postgres;
    views_are_listed_only_for_their_own_account_and_list =>
        views_are_listed_only_for_their_own_account_and_list_on_sqlite,
        views_are_listed_only_for_their_own_account_and_list_on_postgres;
    a_view_is_checked_before_anything_is_stored =>
        a_view_is_checked_before_anything_is_stored_on_sqlite,
        a_view_is_checked_before_anything_is_stored_on_postgres;
    a_list_keeps_at_most_fifty_views_of_an_account =>
        a_list_keeps_at_most_fifty_views_of_an_account_on_sqlite,
        a_list_keeps_at_most_fifty_views_of_an_account_on_postgres;
    parallel_saves_never_pass_the_limit =>
        parallel_saves_never_pass_the_limit_on_sqlite,
        parallel_saves_never_pass_the_limit_on_postgres;
    an_account_deletes_its_own_views_only =>
        an_account_deletes_its_own_views_only_on_sqlite,
        an_account_deletes_its_own_views_only_on_postgres;
    views_go_with_their_account =>
        views_go_with_their_account_on_sqlite,
        views_go_with_their_account_on_postgres;
    only_active_admins_and_sub_admins_keep_views =>
        only_active_admins_and_sub_admins_keep_views_on_sqlite,
        only_active_admins_and_sub_admins_keep_views_on_postgres;
}
