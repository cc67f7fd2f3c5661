//! Who may make the sub-admin calls, and what a sub-admin may grant (ARCHITECTURE
//! section 5): identity decides from its own records with the caller each call names,
//! and a refusal writes nothing.

use crate::support::*;
use identity::error::Error;
use common::Actor;
use identity::service::{Grants, Identity};
use identity::store::User;

#[track_caller]
fn assert_forbidden<T: std::fmt::Debug>(r: Result<T, Error>, message: &str) {
    match r {
        Err(Error::Forbidden(m)) => assert_eq!(m, message),
        other => panic!("expected Forbidden({message}), got {other:?}"),
    }
}

#[track_caller]
fn assert_unauthenticated<T: std::fmt::Debug>(r: Result<T, Error>) {
    assert!(matches!(r, Err(Error::Unauthenticated(_))), "expected Unauthenticated, got {r:?}");
}

const NOT_HOLD_GRANT: &str = "You can only grant permissions you hold yourself";
const NOT_HOLD_REMOVE: &str = "You can only remove permissions you hold yourself";
const SUB_ADMIN_GRANT: &str = "Only the main admin can grant Sub Admin permissions";
const SUB_ADMIN_REMOVE: &str = "Only the main admin can remove Sub Admin permissions";

/// A sub-admin created by the main admin holding `held`, with `SUB_PASSWORD`.
async fn holding(id: &Identity, email: &str, held: Grants) -> User {
    id.create_sub_admin(&as_admin(id).await, input("Sam", "Sub", email, SUB_PASSWORD, held)).await.expect("created").0
}

async fn grants_of(id: &Identity, user: &User) -> Grants {
    id.get_sub_admin(&as_admin(id).await, &user.id).await.unwrap().1
}

/// Every one of the six calls made by `caller` against `target`, each answer checked by `check`.
async fn every_call(id: &Identity, caller: &Actor, target: &str, check: impl Fn(&str, Result<(), Error>)) {
    let edit = || input("Eve", "Edit", "eve@example.org", "", grants(&[("/dashboard", &["view"])]));
    let create = input("Eve", "New", "new@example.org", SUB_PASSWORD, grants(&[("/dashboard", &["view"])]));
    check("create", id.create_sub_admin(caller, create).await.map(drop));
    check("update", id.update_sub_admin(caller, target, edit()).await.map(drop));
    check("status", id.set_sub_admin_status(caller, target, false).await.map(drop));
    check("delete", id.delete_sub_admin(caller, target).await);
    let q = common::paging::Page { page: 1, limit: 10, ..Default::default() };
    check("list", id.list_sub_admins(caller, &q).await.map(drop));
    check("get", id.get_sub_admin(caller, target).await.map(drop));
}

async fn a_call_without_a_caller_it_can_trust_is_refused(id: Identity) {
    let target = sub_admin(&id, "Tom", "Target", "tom@example.org").await;
    let other = holding(&id, "other@example.org", grants(&[("/sub_admin", &["view", "add", "edit", "delete", "status"])])).await;
    let inactive = holding(&id, "idle@example.org", grants(&[("/sub_admin", &["view", "add", "edit", "delete", "status"])])).await;
    id.set_sub_admin_status(&as_admin(&id).await, &inactive.id, false).await.unwrap();
    let events = outbox_events(&id).await.len();
    let callers = [
        Actor::default(),
        Actor::new("no-such-account", "Admin", IP),
        // A sub-admin claiming to be the main admin.
        Actor { account_type: "Admin".into(), ..as_caller(&other) },
        as_caller(&user_by_id(&id, &inactive.id).await.unwrap()),
    ];
    for caller in &callers {
        every_call(&id, caller, &target.id, |call, r| {
            assert!(matches!(r, Err(Error::Unauthenticated(_))), "{call} by {caller:?}: {r:?}");
        })
        .await;
    }
    assert_unauthenticated(id.get_sub_admin(&Actor::default(), &target.id).await);
    assert!(user_by_id(&id, &target.id).await.unwrap().is_active);
    assert_eq!(grants_of(&id, &target).await, grants(&[("/dashboard", &["view"])]));
    assert_eq!(count(&id, "SELECT COUNT(*) FROM users WHERE email = 'new@example.org'", &[]).await, 0);
    assert_eq!(outbox_events(&id).await.len(), events, "nothing was written");
}

async fn a_nonprofit_admin_never_makes_a_sub_admin_call(id: Identity) {
    let target = sub_admin(&id, "Tom", "Target", "tom@example.org").await;
    let npo = id.create_charity_admin("nina@example.org", "Charity#1", "Nina", "Ngo", "charity-1").await.unwrap();
    every_call(&id, &as_caller(&npo), &target.id, |call, r| match r {
        Err(Error::Forbidden(m)) => assert_eq!(m, "Only the main admin or a sub-admin can manage sub-admins", "{call}"),
        other => panic!("{call}: {other:?}"),
    })
    .await;
    assert!(user_by_id(&id, &target.id).await.unwrap().is_active);
    assert_eq!(count(&id, "SELECT COUNT(*) FROM users WHERE admin_type = 'Sub Admin'", &[]).await, 1);
}

async fn a_sub_admin_needs_the_sub_admin_action_of_each_call(id: Identity) {
    let target = sub_admin(&id, "Tom", "Target", "tom@example.org").await;
    let viewer = holding(&id, "viewer@example.org", grants(&[("/sub_admin", &["view"]), ("/dashboard", &["view"])])).await;
    every_call(&id, &as_caller(&viewer), &target.id, |call, r| match call {
        "list" | "get" => r.unwrap(),
        _ => assert_forbidden(r, "You are not allowed to do this"),
    })
    .await;
    let donor = holding(&id, "donor@example.org", grants(&[("/donor", &["view"])])).await;
    every_call(&id, &as_caller(&donor), &target.id, |_, r| assert_forbidden(r, "You are not allowed to do this")).await;
    assert!(user_by_id(&id, &target.id).await.unwrap().is_active);
}

async fn a_sub_admin_grants_only_what_it_holds_and_never_sub_admin_rights(id: Identity) {
    let maker = holding(&id, "maker@example.org", grants(&[("/donor", &["view", "edit"]), ("/sub_admin", &["view", "add"])])).await;
    let me = as_caller(&maker);
    let create = |email: &str, g: Grants| input("New", "Peer", email, SUB_PASSWORD, g);
    let refused = [
        (grants(&[("/donor", &["view", "delete"])]), NOT_HOLD_GRANT),
        (grants(&[("/event", &["view"])]), NOT_HOLD_GRANT),
        (grants(&[("/sub_admin", &["view"])]), SUB_ADMIN_GRANT),
        (grants(&[("/donor", &["view"]), ("/sub_admin", &["add"])]), SUB_ADMIN_GRANT),
        (identity::service::all_grants(), SUB_ADMIN_GRANT),
    ];
    for (g, message) in refused {
        assert_forbidden(id.create_sub_admin(&me, create("more@example.org", g)).await, message);
    }
    assert!(user_by_email(&id, "more@example.org").await.is_none(), "nothing was created");
    // Validation still comes with its own message.
    assert_invalid(id.create_sub_admin(&me, create("x@example.org", vec![])).await, "permissions", "Please select at least one permission");

    let (peer, granted) = id.create_sub_admin(&me, create("peer@example.org", grants(&[("/donor", &["edit", "view"])]))).await.unwrap();
    assert_eq!(granted, grants(&[("/donor", &["view", "edit"])]));
    assert_eq!(grants_of(&id, &peer).await, granted);
    // The main admin grants anything, Sub Admin rights included.
    let all = identity::service::all_grants();
    let (_, granted) = id.create_sub_admin(&as_admin(&id).await, create("all@example.org", all.clone())).await.unwrap();
    assert_eq!(granted, all);
}

async fn on_update_what_the_caller_does_not_hold_stays_as_the_target_had_it(id: Identity) {
    let editor = holding(&id, "editor@example.org", grants(&[("/donor", &["view", "edit"]), ("/sub_admin", &["view", "edit"])])).await;
    let before = grants(&[("/event", &["view"]), ("/donor", &["view", "delete"]), ("/sub_admin", &["view"])]);
    let target = holding(&id, "target@example.org", before.clone()).await;
    let me = as_caller(&editor);
    let update = |g: Grants| input("Tom", "Target", "target@example.org", "", g);
    let refused = [
        // Removes event view, which the editor does not hold.
        (grants(&[("/donor", &["view", "delete"]), ("/sub_admin", &["view"])]), NOT_HOLD_REMOVE),
        // Removes donor delete.
        (grants(&[("/event", &["view"]), ("/donor", &["view"]), ("/sub_admin", &["view"])]), NOT_HOLD_REMOVE),
        // Adds transaction view.
        (grants(&[("/event", &["view"]), ("/donor", &["view", "delete"]), ("/transaction", &["view"]), ("/sub_admin", &["view"])]), NOT_HOLD_GRANT),
        // Sub Admin rights: neither added (even one the editor holds) nor removed.
        (grants(&[("/event", &["view"]), ("/donor", &["view", "delete"]), ("/sub_admin", &["view", "edit"])]), SUB_ADMIN_GRANT),
        (grants(&[("/event", &["view"]), ("/donor", &["view", "delete"])]), SUB_ADMIN_REMOVE),
    ];
    let events = outbox_events(&id).await.len();
    for (g, message) in refused {
        assert_forbidden(id.update_sub_admin(&me, &target.id, update(g)).await, message);
    }
    assert_eq!(grants_of(&id, &target).await, before);
    assert_eq!(outbox_events(&id).await.len(), events, "nothing was written");

    // Adding and removing what it holds, the rest left as it was, goes through.
    let after = grants(&[("/event", &["view"]), ("/donor", &["edit", "delete"]), ("/sub_admin", &["view"])]);
    let (updated, granted) = id.update_sub_admin(&me, &target.id, input("Tommy", "Target", "target@example.org", "", after.clone())).await.unwrap();
    assert_eq!((updated.first_name.as_str(), granted), ("Tommy", after.clone()));
    assert_eq!(grants_of(&id, &target).await, after);
    // The main admin removes what the editor could not.
    id.update_sub_admin(&as_admin(&id).await, &target.id, update(grants(&[("/donor", &["view"])]))).await.unwrap();
    assert_eq!(grants_of(&id, &target).await, grants(&[("/donor", &["view"])]));
}

async fn a_sub_admin_never_edits_deactivates_or_deletes_itself(id: Identity) {
    let all_sub_admin = grants(&[("/donor", &["view"]), ("/sub_admin", &["view", "add", "edit", "delete", "status"])]);
    let me = holding(&id, "me@example.org", all_sub_admin.clone()).await;
    let caller = as_caller(&me);
    let events = outbox_events(&id).await.len();
    // Not even with its permissions unchanged, nor twenty times at once.
    let same = || input("Sam", "Sub", "me@example.org", "", all_sub_admin.clone());
    assert_forbidden(id.update_sub_admin(&caller, &me.id, same()).await, "You cannot edit your own account: ask the main admin");
    let attempts: Vec<_> = (0..20)
        .map(|_| {
            let (id, caller, target) = (id.clone(), caller.clone(), me.id.clone());
            let everything = input("Sam", "Sub", "me@example.org", "", identity::service::all_grants());
            tokio::spawn(async move { id.update_sub_admin(&caller, &target, everything).await })
        })
        .collect();
    for a in attempts {
        assert_forbidden(a.await.unwrap(), "You cannot edit your own account: ask the main admin");
    }
    assert_forbidden(id.set_sub_admin_status(&caller, &me.id, false).await, "You cannot change your own permissions or status");
    assert_forbidden(id.delete_sub_admin(&caller, &me.id).await, "You cannot delete your own account");
    let still = user_by_id(&id, &me.id).await.unwrap();
    assert!(still.is_active);
    assert_eq!(grants_of(&id, &me).await, all_sub_admin);
    assert_eq!(outbox_events(&id).await.len(), events, "nothing was written");
    // It still reads its own record, and the main admin is out of its reach.
    assert_eq!(id.get_sub_admin(&caller, &me.id).await.unwrap().0.id, me.id);
    let main = main_admin(&id).await;
    assert_not_found(id.set_sub_admin_status(&caller, &main.id, false).await, "Sub admin not found");
    assert_not_found(id.delete_sub_admin(&caller, &main.id).await, "Sub admin not found");
    assert!(user_by_id(&id, &main.id).await.unwrap().is_active);
}

on_both_backends! {
    a_call_without_a_caller_it_can_trust_is_refused =>
        a_call_without_a_caller_it_can_trust_is_refused_on_sqlite,
        a_call_without_a_caller_it_can_trust_is_refused_on_postgres;
    a_nonprofit_admin_never_makes_a_sub_admin_call =>
        a_nonprofit_admin_never_makes_a_sub_admin_call_on_sqlite,
        a_nonprofit_admin_never_makes_a_sub_admin_call_on_postgres;
    a_sub_admin_needs_the_sub_admin_action_of_each_call =>
        a_sub_admin_needs_the_sub_admin_action_of_each_call_on_sqlite,
        a_sub_admin_needs_the_sub_admin_action_of_each_call_on_postgres;
    a_sub_admin_grants_only_what_it_holds_and_never_sub_admin_rights =>
        a_sub_admin_grants_only_what_it_holds_and_never_sub_admin_rights_on_sqlite,
        a_sub_admin_grants_only_what_it_holds_and_never_sub_admin_rights_on_postgres;
    on_update_what_the_caller_does_not_hold_stays_as_the_target_had_it =>
        on_update_what_the_caller_does_not_hold_stays_as_the_target_had_it_on_sqlite,
        on_update_what_the_caller_does_not_hold_stays_as_the_target_had_it_on_postgres;
    a_sub_admin_never_edits_deactivates_or_deletes_itself =>
        a_sub_admin_never_edits_deactivates_or_deletes_itself_on_sqlite,
        a_sub_admin_never_edits_deactivates_or_deletes_itself_on_postgres;
}
