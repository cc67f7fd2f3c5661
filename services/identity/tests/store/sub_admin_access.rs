//! Who may make the sub-admin calls, and what a sub-admin may grant (ARCHITECTURE
//! section 5): identity decides from its own records with the caller each call names,
//! and a refusal writes nothing.

use crate::support::*;
use common::Actor;
use identity::error::Error;
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
const SUB_ADMIN_GRANT: &str = "Only the main admin can grant Sub Admin permissions";
const SUB_ADMIN_REMOVE: &str = "Only the main admin can remove Sub Admin permissions";

/// A sub-admin created by the main admin holding `held`, with `SUB_PASSWORD`.
async fn holding(id: &Identity, email: &str, held: Grants) -> User {
    id.create_sub_admin(&as_admin(id).await, input("Sam", "Sub", email, SUB_PASSWORD, held)).await.expect("created").0
}

async fn grants_of(id: &Identity, user: &User) -> Grants {
    id.get_sub_admin(&as_admin(id).await, &user.id).await.unwrap().1
}

/// Every one of the seven calls made by `caller` against `target`, each answer checked by `check`.
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
    check("find", id.find_sub_admins(caller, &common::find::Find::parse("tom", 0).unwrap()).await.map(drop));
}

async fn a_call_without_a_caller_it_can_trust_is_refused(id: Identity) {
    let target = sub_admin(&id, "Tom", "Target", "tom@example.org").await;
    let other =
        holding(&id, "other@example.org", grants(&[("/sub_admin", &["view", "add", "edit", "delete", "status"])]))
            .await;
    let inactive =
        holding(&id, "idle@example.org", grants(&[("/sub_admin", &["view", "add", "edit", "delete", "status"])])).await;
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
    let viewer =
        holding(&id, "viewer@example.org", grants(&[("/sub_admin", &["view"]), ("/dashboard", &["view"])])).await;
    every_call(&id, &as_caller(&viewer), &target.id, |call, r| match call {
        "list" | "get" | "find" => r.unwrap(),
        _ => assert_forbidden(r, "You are not allowed to do this"),
    })
    .await;
    let donor = holding(&id, "donor@example.org", grants(&[("/donor", &["view"])])).await;
    every_call(&id, &as_caller(&donor), &target.id, |_, r| assert_forbidden(r, "You are not allowed to do this")).await;
    assert!(user_by_id(&id, &target.id).await.unwrap().is_active);
}

async fn a_sub_admin_grants_only_what_it_holds_and_never_sub_admin_rights(id: Identity) {
    let maker =
        holding(&id, "maker@example.org", grants(&[("/donor", &["view", "edit"]), ("/sub_admin", &["view", "add"])]))
            .await;
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
    assert_invalid(
        id.create_sub_admin(&me, create("x@example.org", vec![])).await,
        "permissions",
        "Please select at least one permission",
    );

    let (peer, granted) =
        id.create_sub_admin(&me, create("peer@example.org", grants(&[("/donor", &["edit", "view"])]))).await.unwrap();
    assert_eq!(granted, grants(&[("/donor", &["view", "edit"])]));
    assert_eq!(grants_of(&id, &peer).await, granted);
    // The main admin grants anything, Sub Admin rights included.
    let all = identity::service::all_grants();
    let (_, granted) = id.create_sub_admin(&as_admin(&id).await, create("all@example.org", all.clone())).await.unwrap();
    assert_eq!(granted, all);
}

async fn on_a_weaker_sub_admin_the_caller_changes_only_what_it_holds(id: Identity) {
    let editor = holding(
        &id,
        "editor@example.org",
        grants(&[("/event", &["view"]), ("/donor", &["view", "edit", "delete"]), ("/sub_admin", &["view", "edit"])]),
    )
    .await;
    let before = grants(&[("/event", &["view"]), ("/donor", &["view"]), ("/sub_admin", &["view"])]);
    let target = holding(&id, "target@example.org", before.clone()).await;
    let me = as_caller(&editor);
    let update = |g: Grants| input("Tom", "Target", "target@example.org", "", g);
    let refused = [
        // Adds transaction view, which the editor does not hold.
        (
            grants(&[
                ("/event", &["view"]),
                ("/donor", &["view"]),
                ("/transaction", &["view"]),
                ("/sub_admin", &["view"]),
            ]),
            NOT_HOLD_GRANT,
        ),
        // Sub Admin rights: neither added (even one the editor holds) nor removed.
        (grants(&[("/event", &["view"]), ("/donor", &["view"]), ("/sub_admin", &["view", "edit"])]), SUB_ADMIN_GRANT),
        (grants(&[("/event", &["view"]), ("/donor", &["view"])]), SUB_ADMIN_REMOVE),
    ];
    let events = outbox_events(&id).await.len();
    for (g, message) in refused {
        assert_forbidden(id.update_sub_admin(&me, &target.id, update(g)).await, message);
    }
    assert_eq!(grants_of(&id, &target).await, before);
    assert_eq!(outbox_events(&id).await.len(), events, "nothing was written");

    // Adding and removing what it holds goes through.
    let after = grants(&[("/donor", &["view", "edit", "delete"]), ("/sub_admin", &["view"])]);
    let (updated, granted) = id
        .update_sub_admin(&me, &target.id, input("Tommy", "Target", "target@example.org", "", after.clone()))
        .await
        .unwrap();
    assert_eq!((updated.first_name.as_str(), granted), ("Tommy", after.clone()));
    assert_eq!(grants_of(&id, &target).await, after);
    // The main admin changes anything.
    id.update_sub_admin(&as_admin(&id).await, &target.id, update(grants(&[("/transaction", &["view"])])))
        .await
        .unwrap();
    assert_eq!(grants_of(&id, &target).await, grants(&[("/transaction", &["view"])]));
}

/// Every right of the Sub Admin module.
const ALL_SUB_ADMIN: &[&str] = &["view", "add", "edit", "delete", "status"];

/// The attacks of issue 32 section 1 by `caller` on `target`: edit with the caller's own
/// permissions, edit with a new password, edit with another email, status, two-factor
/// reset, delete; each answer checked by `check` (call name, answer).
async fn attacks(id: &Identity, caller: &Actor, target: &User, held: &Grants, check: impl Fn(&str, Result<(), Error>)) {
    check(
        "edit",
        id.update_sub_admin(caller, &target.id, input("Mallory", "Owned", &target.email, "", held.clone()))
            .await
            .map(drop),
    );
    check(
        "password",
        id.update_sub_admin(
            caller,
            &target.id,
            input(&target.first_name, &target.last_name, &target.email, "Taken#Over1", held.clone()),
        )
        .await
        .map(drop),
    );
    check(
        "email",
        id.update_sub_admin(
            caller,
            &target.id,
            input(&target.first_name, &target.last_name, "mallory@example.org", "", held.clone()),
        )
        .await
        .map(drop),
    );
    check("status", id.set_sub_admin_status(caller, &target.id, false).await.map(drop));
    check("two-factor reset", id.reset_two_factor(caller, &target.id).await);
    check("delete", id.delete_sub_admin(caller, &target.id).await);
}

async fn a_sub_admin_never_acts_on_a_stronger_one(id: Identity) {
    // The attacker holds every Sub Admin right and donor view; the target holds the same and more.
    let held = grants(&[("/donor", &["view"]), ("/sub_admin", ALL_SUB_ADMIN)]);
    let attacker = holding(&id, "mallory@corp.example.org", held.clone()).await;
    let stronger = grants(&[
        ("/donor", &["view", "edit", "delete", "status"]),
        ("/transaction", &["view"]),
        ("/sub_admin", ALL_SUB_ADMIN),
        ("/manage_service_charges", &["edit"]),
    ]);
    let target = holding(&id, "strong@example.org", stronger.clone()).await;
    let me = as_caller(&attacker);
    let events = outbox_events(&id).await.len();
    attacks(&id, &me, &target, &held, |call, r| match call {
        "password" => assert_forbidden(r, identity::sub_admins::ONLY_MAIN_ADMIN_PASSWORD),
        _ => assert_forbidden(r, identity::sub_admins::STRONGER_TARGET),
    })
    .await;
    // Twenty at once change nothing either.
    let parallel: Vec<_> = (0..20)
        .map(|n| {
            let (id, me, target_id, held) = (id.clone(), me.clone(), target.id.clone(), held.clone());
            tokio::spawn(async move {
                if n % 2 == 0 {
                    id.update_sub_admin(&me, &target_id, input("Mallory", "Owned", "strong@example.org", "", held))
                        .await
                        .map(drop)
                } else {
                    id.set_sub_admin_status(&me, &target_id, false).await.map(drop)
                }
            })
        })
        .collect();
    for p in parallel {
        assert_forbidden(p.await.unwrap(), identity::sub_admins::STRONGER_TARGET);
    }
    let still = user_by_id(&id, &target.id).await.unwrap();
    assert!(still.is_active);
    assert_eq!((still.first_name.as_str(), still.email.as_str()), ("Sam", "strong@example.org"));
    assert_eq!(grants_of(&id, &target).await, stronger);
    assert_eq!(outbox_events(&id).await.len(), events, "nothing was written");
    // Its password still signs it in: nothing was taken over.
    assert!(id.login("strong@example.org", SUB_PASSWORD, false, IP).await.is_ok());
    // A stronger target by one right only is still out of reach.
    let one_more =
        holding(&id, "plus@example.org", grants(&[("/donor", &["view", "edit"]), ("/sub_admin", ALL_SUB_ADMIN)])).await;
    assert_forbidden(id.set_sub_admin_status(&me, &one_more.id, false).await, identity::sub_admins::STRONGER_TARGET);
    // A target holding Sub Admin rights the caller lacks is stronger too.
    let editor = holding(
        &id,
        "editor@example.org",
        grants(&[("/donor", &["view"]), ("/sub_admin", &["view", "edit", "status"])]),
    )
    .await;
    assert_forbidden(
        id.set_sub_admin_status(&as_caller(&editor), &attacker.id, false).await,
        identity::sub_admins::STRONGER_TARGET,
    );
    // The main admin acts on anyone.
    let admin = as_admin(&id).await;
    id.update_sub_admin(&admin, &target.id, input("Sam", "Sub", "strong2@example.org", "New#Pass12", stronger.clone()))
        .await
        .unwrap();
    assert!(id.login("strong2@example.org", "New#Pass12", false, IP).await.is_ok());
    id.set_sub_admin_status(&admin, &target.id, false).await.unwrap();
    id.delete_sub_admin(&admin, &target.id).await.unwrap();
}

async fn a_sub_admin_acts_on_an_equal_or_weaker_one_but_never_sets_its_password_or_email(id: Identity) {
    let held = grants(&[("/donor", &["view", "edit"]), ("/sub_admin", ALL_SUB_ADMIN)]);
    let caller = holding(&id, "lead@example.org", held.clone()).await;
    let me = as_caller(&caller);
    for target_grants in [held.clone(), grants(&[("/donor", &["view"])]), grants(&[("/sub_admin", &["view"])])] {
        let email = format!("t{}@example.org", common::new_id());
        let target = holding(&id, &email, target_grants.clone()).await;
        // Its password and email stay the main admin's to set, whatever the target.
        let with_password = input("Tom", "Target", &email, "Taken#Over1", target_grants.clone());
        assert_forbidden(
            id.update_sub_admin(&me, &target.id, with_password).await,
            identity::sub_admins::ONLY_MAIN_ADMIN_PASSWORD,
        );
        let with_email = input("Tom", "Target", "elsewhere@example.org", "", target_grants.clone());
        assert_forbidden(
            id.update_sub_admin(&me, &target.id, with_email).await,
            identity::sub_admins::ONLY_MAIN_ADMIN_EMAIL,
        );
        assert!(id.login(&email, SUB_PASSWORD, false, IP).await.is_ok(), "the password stayed");
        // The email as stored, in another case or with spaces, is the same email.
        let renamed = input("Tommy", "Target", &format!(" {} ", email.to_uppercase()), "", target_grants.clone());
        let (u, _) = id.update_sub_admin(&me, &target.id, renamed).await.unwrap();
        assert_eq!((u.first_name.as_str(), u.email.as_str()), ("Tommy", email.as_str()));
        let session = id.login(&email, SUB_PASSWORD, false, IP).await.unwrap();
        id.reset_two_factor(&me, &target.id).await.unwrap();
        // The reset ended its sessions.
        assert_session_expired(id.refresh(&session.refresh_token).await);
        id.set_sub_admin_status(&me, &target.id, false).await.unwrap();
        id.set_sub_admin_status(&me, &target.id, true).await.unwrap();
        id.delete_sub_admin(&me, &target.id).await.unwrap();
        assert!(user_by_id(&id, &target.id).await.is_none());
    }
    // Never itself, even to reset its own factor.
    assert_forbidden(
        id.reset_two_factor(&me, &caller.id).await,
        "You cannot reset your own two-factor sign-in: ask the main admin",
    );
    // Without Sub Admin edit, no reset at all.
    let viewer = holding(
        &id,
        "viewer@example.org",
        grants(&[("/donor", &["view", "edit"]), ("/sub_admin", &["view", "status"])]),
    )
    .await;
    let weak = holding(&id, "weak@example.org", grants(&[("/donor", &["view"])])).await;
    assert_forbidden(id.reset_two_factor(&as_caller(&viewer), &weak.id).await, "You are not allowed to do this");
}

async fn a_sub_admin_never_edits_deactivates_or_deletes_itself(id: Identity) {
    let all_sub_admin = grants(&[("/donor", &["view"]), ("/sub_admin", &["view", "add", "edit", "delete", "status"])]);
    let me = holding(&id, "me@example.org", all_sub_admin.clone()).await;
    let caller = as_caller(&me);
    let events = outbox_events(&id).await.len();
    // Not even with its permissions unchanged, nor twenty times at once.
    let same = || input("Sam", "Sub", "me@example.org", "", all_sub_admin.clone());
    assert_forbidden(
        id.update_sub_admin(&caller, &me.id, same()).await,
        "You cannot edit your own account: ask the main admin",
    );
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
    assert_forbidden(
        id.set_sub_admin_status(&caller, &me.id, false).await,
        "You cannot change your own permissions or status",
    );
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

/// Issue 36: a deleted sub-admin waits in the trash, its sessions ended and its grants and
/// second factor kept; it comes back able to sign in (refused while its email is taken), and a
/// purge deletes it for good. Restoring and purging follow the delete's rule: never a stronger
/// account than the caller.
async fn a_deleted_sub_admin_waits_in_the_trash_and_comes_back_whole(id: Identity) {
    use identity::trash::SUB_ADMINS;
    let admin = as_admin(&id).await;
    let target = holding(&id, "tom@example.org", grants(&[("/donor", &["view", "edit"])])).await;
    let session = id.login("tom@example.org", SUB_PASSWORD, false, IP).await.unwrap();
    let lead = holding(&id, "lead@example.org", grants(&[("/donor", &["view"]), ("/sub_admin", ALL_SUB_ADMIN)])).await;
    let lead = as_caller(&lead);
    assert_forbidden(id.delete_sub_admin(&lead, &target.id).await, identity::sub_admins::STRONGER_TARGET);
    id.delete_sub_admin(&admin, &target.id).await.unwrap();
    assert!(user_by_id(&id, &target.id).await.is_none());
    assert_session_expired(id.refresh(&session.refresh_token).await);
    assert!(id.login("tom@example.org", SUB_PASSWORD, false, IP).await.is_err(), "no sign-in while deleted");
    let q = common::trash::query(vec![], "", "", "", 10, 0).unwrap();
    let (items, total) = id.list_trash(&q).await.unwrap();
    assert_eq!((total, items[0].name.as_str(), items[0].module.as_str()), (1, "Sam Sub", SUB_ADMINS));
    // A weaker caller restores and purges no stronger account than itself.
    assert_forbidden(id.restore_trashed(SUB_ADMINS, &target.id, &lead).await, identity::sub_admins::STRONGER_TARGET);
    assert_forbidden(id.purge_trashed(SUB_ADMINS, &target.id, &lead).await, identity::sub_admins::STRONGER_TARGET);
    // Its email taken meanwhile: refused, nothing changes.
    let taker = holding(&id, "tom@example.org", grants(&[("/donor", &["view"])])).await;
    match id.restore_trashed(SUB_ADMINS, &target.id, &admin).await {
        Err(Error::Conflict(m)) => {
            assert_eq!(m, "Another account has this email now: this sub-admin cannot be restored while it does")
        }
        other => panic!("{other:?}"),
    }
    id.delete_sub_admin(&admin, &taker.id).await.unwrap();
    id.purge_trashed(SUB_ADMINS, &taker.id, &Actor::system()).await.unwrap();
    id.restore_trashed(SUB_ADMINS, &target.id, &admin).await.unwrap();
    assert_eq!(grants_of(&id, &target).await, grants(&[("/donor", &["view", "edit"])]), "its grants came back");
    assert!(id.login("tom@example.org", SUB_PASSWORD, false, IP).await.is_ok(), "it signs in again");
    assert!(matches!(id.restore_trashed(SUB_ADMINS, &target.id, &admin).await, Err(Error::NotFound(_))));
    // Purged: gone for good.
    id.delete_sub_admin(&admin, &target.id).await.unwrap();
    id.purge_trashed(SUB_ADMINS, &target.id, &admin).await.unwrap();
    assert!(matches!(id.restore_trashed(SUB_ADMINS, &target.id, &admin).await, Err(Error::NotFound(_))));
    let events = outbox_events(&id).await;
    for key in ["identity.subadmin.trashed", "identity.subadmin.restored", "identity.subadmin.deleted"] {
        assert!(events.iter().any(|(e, _)| e == key), "{key} in {events:?}");
    }
    let wrong = common::trash::twin_mismatches(&mut id.db.pool.acquire().await.unwrap()).await.unwrap();
    assert!(wrong.is_empty(), "{wrong:?}");
}

on_both_backends! {
    a_deleted_sub_admin_waits_in_the_trash_and_comes_back_whole =>
        a_deleted_sub_admin_waits_in_the_trash_and_comes_back_whole_on_sqlite,
        a_deleted_sub_admin_waits_in_the_trash_and_comes_back_whole_on_postgres;
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
    on_a_weaker_sub_admin_the_caller_changes_only_what_it_holds =>
        on_a_weaker_sub_admin_the_caller_changes_only_what_it_holds_on_sqlite,
        on_a_weaker_sub_admin_the_caller_changes_only_what_it_holds_on_postgres;
    a_sub_admin_never_acts_on_a_stronger_one =>
        a_sub_admin_never_acts_on_a_stronger_one_on_sqlite,
        a_sub_admin_never_acts_on_a_stronger_one_on_postgres;
    a_sub_admin_acts_on_an_equal_or_weaker_one_but_never_sets_its_password_or_email =>
        a_sub_admin_acts_on_an_equal_or_weaker_one_but_never_sets_its_password_or_email_on_sqlite,
        a_sub_admin_acts_on_an_equal_or_weaker_one_but_never_sets_its_password_or_email_on_postgres;
    a_sub_admin_never_edits_deactivates_or_deletes_itself =>
        a_sub_admin_never_edits_deactivates_or_deletes_itself_on_sqlite,
        a_sub_admin_never_edits_deactivates_or_deletes_itself_on_postgres;
}
