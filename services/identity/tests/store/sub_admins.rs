//! Sub-admins: validation, creation with permissions, updates, status, deletion, and
//! the outbox events each change writes.

use crate::support::*;
use identity::error::Error;
use identity::service::Identity;
use identity::sub_admins::SubAdminInput;
use serde_json::json;

fn pair(field: &str, message: &str) -> (String, String) {
    (field.to_string(), message.to_string())
}

fn dashboard() -> identity::service::Grants {
    grants(&[("/dashboard", &["view"])])
}

#[track_caller]
fn assert_conflict<T: std::fmt::Debug>(r: Result<T, Error>) {
    match r {
        Err(Error::Conflict(m)) => assert_eq!(m, "Email already exists"),
        other => panic!("expected a conflict, got {other:?}"),
    }
}

async fn creating_a_sub_admin_validates_every_field_with_its_message(id: Identity) {
    let admin = as_admin(&id).await;
    let create = |request: SubAdminInput| {
        let (id, admin) = (id.clone(), admin.clone());
        async move { id.create_sub_admin(&admin, request).await }
    };
    assert_eq!(
        field_errors(create(input("", " ", "", "", vec![])).await),
        [
            pair("firstName", "First Name is required"),
            pair("lastName", "Last Name is required"),
            pair("email", "Email is required"),
            pair("password", "Password is required"),
            pair("permissions", "Please select at least one permission"),
        ]
    );
    assert_eq!(
        field_errors(create(input("R2D2", &"x".repeat(51), "sam@", "short", dashboard())).await),
        [
            pair("firstName", "Please enter valid First Name"),
            pair("lastName", "Last Name must be at most 50 characters"),
            pair("email", "Please enter valid email address."),
            pair("password", "Password must be between 6 and 20 characters"),
        ]
    );
    let ok = |password: &str, permissions| input("Sam", "O'Brien-Smith", "sam@example.org", password, permissions);
    assert_invalid(create(ok("Sub Pass1", dashboard())).await, "password", "Password must not contain spaces");
    assert_invalid(
        create(ok("abcdefghijklmnopqrstu", dashboard())).await,
        "password",
        "Password must be between 6 and 20 characters",
    );
    assert_invalid(
        create(ok(SUB_PASSWORD, grants(&[("/dashboard", &["status"])]))).await,
        "permissions",
        "Dashboard does not offer the status action",
    );
    assert_invalid(
        create(ok(SUB_PASSWORD, grants(&[("/donor", &["view"]), ("/badge", &["view"])]))).await,
        "permissions",
        "Badge Management does not offer the view action",
    );
    assert_invalid(
        create(ok(SUB_PASSWORD, grants(&[("/nowhere", &["view"])]))).await,
        "permissions",
        "Unknown module /nowhere",
    );
    assert_invalid(
        create(ok(SUB_PASSWORD, grants(&[("/dashboard", &["view"]), ("/nowhere", &["view"])]))).await,
        "permissions",
        "Unknown module /nowhere",
    );
    assert_invalid(
        create(ok(SUB_PASSWORD, grants(&[("/dashboard", &[])]))).await,
        "permissions",
        "Please select at least one permission",
    );
    // Nothing was written.
    assert_eq!(count(&id, "SELECT COUNT(*) FROM users WHERE admin_type = 'Sub Admin'", &[]).await, 0);
    assert_eq!(count(&id, "SELECT COUNT(*) FROM permissions", &[]).await, 0);
    assert!(outbox_events(&id).await.is_empty());
}

async fn a_sub_admin_is_created_with_its_permissions_in_menu_order(id: Identity) {
    let admin = as_admin(&id).await;
    let requested = grants(&[
        ("/sub_admin", &["status", "view"]),
        ("/transaction", &["view"]),
        ("/community", &["delete", "view", "delete"]),
        ("/sub_admin", &["add"]),
    ]);
    let expected = grants(&[
        ("/community", &["view", "delete"]),
        ("/transaction", &["view"]),
        ("/sub_admin", &["view", "add", "status"]),
    ]);
    let (user, granted) = id
        .create_sub_admin(&admin, input(" Grace ", " Hopper ", " Grace.Hopper@Example.org ", SUB_PASSWORD, requested))
        .await
        .unwrap();
    assert_eq!(granted, expected);
    assert_eq!(user.email, "grace.hopper@example.org");
    assert_eq!((user.first_name.as_str(), user.last_name.as_str()), ("Grace", "Hopper"));
    assert_eq!(user.admin_type, "Sub Admin");
    assert!(user.is_active);
    assert_eq!(user.session_version, 1);
    assert_eq!(user.charity_id, None);

    let stored = user_by_id(&id, &user.id).await.unwrap();
    assert_eq!((stored.email.as_str(), stored.created_at), ("grace.hopper@example.org", user.created_at));
    let (got, got_grants) = id.get_sub_admin(&admin, &user.id).await.unwrap();
    assert_eq!(got.id, user.id);
    assert_eq!(got_grants, expected);
    let session = id.login("grace.hopper@example.org", SUB_PASSWORD, false, IP).await.unwrap();
    assert_eq!(session.permissions, expected);
    assert_eq!(id.principal(&user.id).await.unwrap().1, expected);
    assert_eq!(count(&id, "SELECT COUNT(*) FROM permissions WHERE user_id = $1", &[user.id.as_str()]).await, 3);

    assert_eq!(
        outbox_events(&id).await,
        [(
            "identity.subadmin.created".to_string(),
            json!({ "id": user.id, "email": "grace.hopper@example.org", "isActive": true })
        )]
    );
}

async fn a_duplicate_email_is_a_conflict_whatever_its_case(id: Identity) {
    let admin = as_admin(&id).await;
    let first = sub_admin(&id, "Sam", "Sub", "sam@example.org").await;
    assert_conflict(
        id.create_sub_admin(&admin, input("Sam", "Two", " SAM@Example.ORG", SUB_PASSWORD, dashboard())).await,
    );
    assert_conflict(
        id.create_sub_admin(&admin, input("Ann", "Admin", "Admin@Example.org", SUB_PASSWORD, dashboard())).await,
    );

    // Taking another account's email on update is refused too, and changes nothing.
    let second = sub_admin(&id, "Tom", "Two", "tom@example.org").await;
    assert_conflict(
        id.update_sub_admin(&admin, &second.id, input("Tommy", "Two", "Sam@example.org", "", dashboard())).await,
    );
    let unchanged = user_by_id(&id, &second.id).await.unwrap();
    assert_eq!((unchanged.first_name.as_str(), unchanged.email.as_str()), ("Tom", "tom@example.org"));
    // Keeping one's own email, in another case, is fine.
    id.update_sub_admin(&admin, &first.id, input("Sam", "Sub", "SAM@example.org", "", dashboard())).await.unwrap();

    assert_eq!(count(&id, "SELECT COUNT(*) FROM users WHERE admin_type = 'Sub Admin'", &[]).await, 2);
    let mut types: Vec<String> = outbox_events(&id).await.into_iter().map(|(t, _)| t).collect();
    types.sort();
    assert_eq!(types, ["identity.subadmin.created", "identity.subadmin.created", "identity.subadmin.updated"]);
}

async fn updating_a_sub_admin_changes_its_profile_and_permissions_and_keeps_its_password(id: Identity) {
    let admin = as_admin(&id).await;
    let user = sub_admin(&id, "Sam", "Sub", "sam@example.org").await;
    let session = id.login("sam@example.org", SUB_PASSWORD, false, IP).await.unwrap();
    let new_grants = grants(&[("/event", &["add", "view"]), ("/chat", &["view"])]);
    let (updated, granted) = id
        .update_sub_admin(&admin, &user.id, input("Samuel", "Subadmin", "Samuel@Example.org", "", new_grants))
        .await
        .unwrap();
    let expected = grants(&[("/event", &["view", "add"]), ("/chat", &["view"])]);
    assert_eq!(granted, expected);
    assert_eq!(updated.id, user.id);
    assert_eq!((updated.first_name.as_str(), updated.last_name.as_str()), ("Samuel", "Subadmin"));
    assert_eq!(updated.email, "samuel@example.org");
    assert_eq!(updated.created_at, user.created_at);
    assert_eq!(updated.session_version, 1, "a profile change keeps the sessions");
    assert_eq!(updated.password_hash, user.password_hash);

    let (got, got_grants) = id.get_sub_admin(&admin, &user.id).await.unwrap();
    assert_eq!(got.email, "samuel@example.org");
    assert_eq!(got_grants, expected);
    assert_eq!(count(&id, "SELECT COUNT(*) FROM permissions WHERE slug = '/dashboard'", &[]).await, 0);

    assert_bad_credentials(id.login("sam@example.org", SUB_PASSWORD, false, IP).await);
    let again = id.login("samuel@example.org", SUB_PASSWORD, false, IP).await.unwrap();
    assert_eq!(again.permissions, expected);
    id.refresh(&session.refresh_token).await.unwrap();

    let events = outbox_events(&id).await;
    assert_eq!(events.len(), 2);
    assert!(events.contains(&(
        "identity.subadmin.updated".to_string(),
        json!({ "id": user.id, "email": "samuel@example.org", "isActive": true, "changes": {
            "firstName": { "before": "Sam", "after": "Samuel" },
            "lastName": { "before": "Sub", "after": "Subadmin" },
            "email": { "before": "sam@example.org", "after": "samuel@example.org" },
            "permissions": {
                "before": [{ "slug": "/dashboard", "actions": ["view"] }],
                "after": [{ "slug": "/event", "actions": ["view", "add"] }, { "slug": "/chat", "actions": ["view"] }]
            }
        } })
    )));
}

async fn updating_a_sub_admin_with_a_password_replaces_it_and_ends_its_sessions(id: Identity) {
    let admin = as_admin(&id).await;
    let user = sub_admin(&id, "Sam", "Sub", "sam@example.org").await;
    let session = id.login("sam@example.org", SUB_PASSWORD, false, IP).await.unwrap();

    assert_invalid(
        id.update_sub_admin(&admin, &user.id, input("Sam", "Sub", "sam@example.org", "abc", dashboard())).await,
        "password",
        "Password must be between 6 and 20 characters",
    );
    assert_invalid(
        id.update_sub_admin(&admin, &user.id, input("Sam", "Sub", "sam@example.org", "", vec![])).await,
        "permissions",
        "Please select at least one permission",
    );
    assert_not_found(
        id.update_sub_admin(&admin, "no-such-id", input("Sam", "Sub", "x@example.org", "", dashboard())).await,
        "Sub admin not found",
    );

    let (updated, _) = id
        .update_sub_admin(&admin, &user.id, input("Sam", "Sub", "sam@example.org", "Newer#Pass1", dashboard()))
        .await
        .unwrap();
    assert_eq!(updated.session_version, 2);
    assert_session_expired(id.refresh(&session.refresh_token).await);
    assert_bad_credentials(id.login("sam@example.org", SUB_PASSWORD, false, IP).await);
    id.login("sam@example.org", "Newer#Pass1", false, IP).await.unwrap();
}

async fn deactivating_a_sub_admin_ends_its_sessions_and_blocks_sign_in(id: Identity) {
    let admin = as_admin(&id).await;
    let user = sub_admin(&id, "Sam", "Sub", "sam@example.org").await;
    let session = id.login("sam@example.org", SUB_PASSWORD, false, IP).await.unwrap();

    let inactive = id.set_sub_admin_status(&admin, &user.id, false).await.unwrap();
    assert!(!inactive.is_active);
    assert_eq!(inactive.session_version, 2);
    let (principal, _) = id.principal(&user.id).await.unwrap();
    assert!(!principal.is_active);
    assert_eq!(principal.session_version, 2);
    assert!(refresh_tokens(&id, &user.id).await.iter().all(|(_, _, revoked)| *revoked));
    assert_session_expired(id.refresh(&session.refresh_token).await);
    assert!(matches!(id.login("sam@example.org", SUB_PASSWORD, false, IP).await, Err(Error::Forbidden(_))));
    // Still listed and readable, as inactive.
    assert!(!id.get_sub_admin(&admin, &user.id).await.unwrap().0.is_active);

    let active = id.set_sub_admin_status(&admin, &user.id, true).await.unwrap();
    assert!(active.is_active);
    assert_eq!(active.session_version, 2, "activation does not bump the session version");
    let again = id.login("sam@example.org", SUB_PASSWORD, false, IP).await.unwrap();
    id.refresh(&again.refresh_token).await.unwrap();
    assert_not_found(id.set_sub_admin_status(&admin, "no-such-id", false).await, "Sub admin not found");

    let statuses: Vec<serde_json::Value> = outbox_events(&id)
        .await
        .into_iter()
        .filter(|(t, _)| t == "identity.subadmin.status_changed")
        .map(|(_, p)| p)
        .collect();
    assert_eq!(statuses.len(), 2);
    for active in [false, true] {
        let changes = json!({ "isActive": { "before": !active, "after": active } });
        assert!(
            statuses.contains(
                &json!({ "id": user.id, "email": "sam@example.org", "isActive": active, "changes": changes })
            )
        );
    }
}

async fn deleting_a_sub_admin_removes_it_with_its_permissions_and_tokens(id: Identity) {
    let admin = as_admin(&id).await;
    let user = sub_admin(&id, "Sam", "Sub", "sam@example.org").await;
    let other = sub_admin(&id, "Tom", "Two", "tom@example.org").await;
    let session = id.login("sam@example.org", SUB_PASSWORD, false, IP).await.unwrap();
    id.forgot_password("sam@example.org", "https://console.example.org", IP).await.unwrap();

    id.delete_sub_admin(&admin, &user.id).await.unwrap();
    assert_not_found(id.get_sub_admin(&admin, &user.id).await, "Sub admin not found");
    assert_not_found(id.principal(&user.id).await, "Account not found");
    assert!(user_by_id(&id, &user.id).await.is_none());
    for table in ["permissions", "refresh_tokens", "reset_tokens"] {
        let sql = format!("SELECT COUNT(*) FROM {table} WHERE user_id = $1");
        assert_eq!(count(&id, &sql, &[user.id.as_str()]).await, 0, "{table}");
    }
    assert_session_expired(id.refresh(&session.refresh_token).await);
    assert_bad_credentials(id.login("sam@example.org", SUB_PASSWORD, false, IP).await);
    assert_not_found(id.delete_sub_admin(&admin, &user.id).await, "Sub admin not found");

    // The other one is untouched, and the email is free again.
    assert_eq!(id.get_sub_admin(&admin, &other.id).await.unwrap().1, dashboard());
    sub_admin(&id, "Sam", "Again", "sam@example.org").await;

    // Deleted by the console: in the trash (issue 36), restorable until purged.
    let deleted: Vec<_> =
        outbox_events(&id).await.into_iter().filter(|(t, _)| t == "identity.subadmin.trashed").collect();
    assert_eq!(
        deleted,
        [(
            "identity.subadmin.trashed".to_string(),
            json!({ "id": user.id, "email": "sam@example.org", "isActive": true })
        )]
    );
}

async fn the_main_admin_and_nonprofit_admins_are_out_of_reach_of_the_sub_admin_calls(id: Identity) {
    let admin = as_admin(&id).await;
    let main = main_admin(&id).await;
    let charity = id.create_charity_admin("nina@example.org", "Charity#1", "Nina", "Ngo", "charity-1").await.unwrap();
    for target in [&main.id, &charity.id] {
        let not_found = "Sub admin not found";
        assert_not_found(id.get_sub_admin(&admin, target).await, not_found);
        assert_not_found(
            id.update_sub_admin(&admin, target, input("Evil", "Edit", "evil@example.org", "Evil#Pass1", dashboard()))
                .await,
            not_found,
        );
        assert_not_found(id.set_sub_admin_status(&admin, target, false).await, not_found);
        assert_not_found(id.delete_sub_admin(&admin, target).await, not_found);
    }
    let still = user_by_id(&id, &main.id).await.unwrap();
    assert!(still.is_active);
    assert_eq!((still.email.as_str(), still.session_version), (ADMIN_EMAIL, 1));
    assert_eq!(still.password_hash, main.password_hash);
    id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    id.login("nina@example.org", "Charity#1", true, IP).await.unwrap();
    assert!(outbox_events(&id).await.is_empty());
}

async fn every_sub_admin_change_writes_its_outbox_event(id: Identity) {
    let admin = as_admin(&id).await;
    let user = sub_admin(&id, "Sam", "Sub", "sam@example.org").await;
    id.update_sub_admin(&admin, &user.id, input("Sam", "Sub", "sam2@example.org", "", dashboard())).await.unwrap();
    id.set_sub_admin_status(&admin, &user.id, false).await.unwrap();
    id.delete_sub_admin(&admin, &user.id).await.unwrap();

    let mut events = outbox_events(&id).await;
    events.sort_by_key(|(t, _)| {
        ["created", "updated", "status_changed", "trashed"].iter().position(|k| t.ends_with(k)).unwrap_or(9)
    });
    assert_eq!(
        events,
        [
            (
                "identity.subadmin.created".to_string(),
                json!({ "id": user.id, "email": "sam@example.org", "isActive": true })
            ),
            (
                "identity.subadmin.updated".to_string(),
                json!({ "id": user.id, "email": "sam2@example.org", "isActive": true,
                        "changes": { "email": { "before": "sam@example.org", "after": "sam2@example.org" } } })
            ),
            (
                "identity.subadmin.status_changed".to_string(),
                json!({ "id": user.id, "email": "sam2@example.org", "isActive": false,
                        "changes": { "isActive": { "before": true, "after": false } } })
            ),
            (
                "identity.subadmin.trashed".to_string(),
                json!({ "id": user.id, "email": "sam2@example.org", "isActive": false })
            ),
            // Deactivated, then deleted: each ended its sessions.
            ("identity.account.sessions_ended".to_string(), json!({ "id": user.id, "email": "sam2@example.org" })),
            ("identity.account.sessions_ended".to_string(), json!({ "id": user.id, "email": "sam2@example.org" })),
        ]
    );
    let pending = "SELECT COUNT(*) FROM outbox WHERE published_at IS NULL AND attempts = 0";
    assert_eq!(count(&id, pending, &[]).await, 6);
}

async fn concurrent_sub_admin_changes_all_succeed(id: Identity) {
    let admin = as_admin(&id).await;
    let a = sub_admin(&id, "Sam", "Sub", "sam@example.org").await;
    let b = sub_admin(&id, "Tom", "Two", "tom@example.org").await;
    let c = sub_admin(&id, "Una", "Three", "una@example.org").await;
    let session = id.login("una@example.org", SUB_PASSWORD, false, IP).await.unwrap();
    let mut refresh = session.refresh_token;
    for round in 0..6 {
        let active = round % 2 == 1;
        let last = format!("Three{}", "x".repeat(round));
        let (x, y, z, r) = tokio::join!(
            id.set_sub_admin_status(&admin, &a.id, active),
            id.set_sub_admin_status(&admin, &b.id, active),
            id.update_sub_admin(&admin, &c.id, input("Una", &last, "una@example.org", "", dashboard())),
            id.refresh(&refresh),
        );
        x.unwrap();
        y.unwrap();
        z.unwrap();
        refresh = r.unwrap().1;
    }
    let d = sub_admin(&id, "Vic", "Four", "vic@example.org").await;
    let (x, y) = tokio::join!(id.delete_sub_admin(&admin, &a.id), id.delete_sub_admin(&admin, &d.id));
    x.unwrap();
    y.unwrap();
    assert!(user_by_id(&id, &b.id).await.unwrap().is_active);
    assert_eq!(user_by_id(&id, &c.id).await.unwrap().last_name, "Threexxxxx");
    assert_eq!(count(&id, "SELECT COUNT(*) FROM users WHERE admin_type = 'Sub Admin'", &[]).await, 2);
    // Creates, three changes a round, two deletes; and the sessions ended by each of the
    // three deactivating rounds (two accounts) and by each delete.
    assert_eq!(count(&id, "SELECT COUNT(*) FROM outbox", &[]).await, 4 + 3 * 6 + 2 + 3 * 2 + 2);
}

async fn account_names_answer_names_only_and_leave_unknown_ids_out(id: Identity) {
    let admin = as_admin(&id).await;
    let ada = id
        .create_sub_admin(&admin, input("Ada", "Lovelace", "ada@example.org", "secret12", dashboard()))
        .await
        .unwrap();
    let names = id.account_names(&[ada.0.id.clone(), admin.id.clone(), "no-such-account".into()]).await.unwrap();
    let names: std::collections::HashMap<_, _> = names.into_iter().collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert_eq!(names[&ada.0.id], "Ada Lovelace");
    assert!(!names[&admin.id].is_empty());
    // At most 100 at once: a larger ask is refused, not answered in part.
    let many: Vec<String> = (0..101).map(|n| format!("id{n}")).collect();
    assert_eq!(field_errors(id.account_names(&many).await), [pair("ids", "At most 100 accounts at once")]);
}

on_both_backends! {
    account_names_answer_names_only_and_leave_unknown_ids_out =>
        account_names_answer_names_only_and_leave_unknown_ids_out_on_sqlite,
        account_names_answer_names_only_and_leave_unknown_ids_out_on_postgres;
    creating_a_sub_admin_validates_every_field_with_its_message =>
        creating_a_sub_admin_validates_every_field_with_its_message_on_sqlite,
        creating_a_sub_admin_validates_every_field_with_its_message_on_postgres;
    a_sub_admin_is_created_with_its_permissions_in_menu_order =>
        a_sub_admin_is_created_with_its_permissions_in_menu_order_on_sqlite,
        a_sub_admin_is_created_with_its_permissions_in_menu_order_on_postgres;
    a_duplicate_email_is_a_conflict_whatever_its_case =>
        a_duplicate_email_is_a_conflict_whatever_its_case_on_sqlite,
        a_duplicate_email_is_a_conflict_whatever_its_case_on_postgres;
    updating_a_sub_admin_changes_its_profile_and_permissions_and_keeps_its_password =>
        updating_a_sub_admin_changes_its_profile_and_permissions_and_keeps_its_password_on_sqlite,
        updating_a_sub_admin_changes_its_profile_and_permissions_and_keeps_its_password_on_postgres;
    updating_a_sub_admin_with_a_password_replaces_it_and_ends_its_sessions =>
        updating_a_sub_admin_with_a_password_replaces_it_and_ends_its_sessions_on_sqlite,
        updating_a_sub_admin_with_a_password_replaces_it_and_ends_its_sessions_on_postgres;
    deactivating_a_sub_admin_ends_its_sessions_and_blocks_sign_in =>
        deactivating_a_sub_admin_ends_its_sessions_and_blocks_sign_in_on_sqlite,
        deactivating_a_sub_admin_ends_its_sessions_and_blocks_sign_in_on_postgres;
    deleting_a_sub_admin_removes_it_with_its_permissions_and_tokens =>
        deleting_a_sub_admin_removes_it_with_its_permissions_and_tokens_on_sqlite,
        deleting_a_sub_admin_removes_it_with_its_permissions_and_tokens_on_postgres;
    the_main_admin_and_nonprofit_admins_are_out_of_reach_of_the_sub_admin_calls =>
        the_main_admin_and_nonprofit_admins_are_out_of_reach_of_the_sub_admin_calls_on_sqlite,
        the_main_admin_and_nonprofit_admins_are_out_of_reach_of_the_sub_admin_calls_on_postgres;
    every_sub_admin_change_writes_its_outbox_event =>
        every_sub_admin_change_writes_its_outbox_event_on_sqlite,
        every_sub_admin_change_writes_its_outbox_event_on_postgres;
    concurrent_sub_admin_changes_all_succeed =>
        concurrent_sub_admin_changes_all_succeed_on_sqlite,
        concurrent_sub_admin_changes_all_succeed_on_postgres;
}
