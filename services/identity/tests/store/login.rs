//! Sign-in: validation, the admin and nonprofit-admin paths, inactive accounts, throttling.

use crate::support::*;
use identity::error::Error;
use identity::service::Identity;

fn pair(field: &str, message: &str) -> (String, String) {
    (field.to_string(), message.to_string())
}

async fn sign_in_rejects_missing_or_malformed_credentials_with_the_spec_messages(id: Identity) {
    main_admin(&id).await;
    assert_invalid(id.login("", ADMIN_PASSWORD, false, IP).await, "email", "Email is required");
    assert_invalid(id.login("   ", ADMIN_PASSWORD, false, IP).await, "email", "Email is required");
    assert_invalid(id.login("admin.example.org", ADMIN_PASSWORD, false, IP).await, "email", "Please enter valid email address.");
    assert_invalid(id.login("admin@example", ADMIN_PASSWORD, false, IP).await, "email", "Please enter valid email address.");
    assert_invalid(id.login(ADMIN_EMAIL, "", false, IP).await, "password", "Password is required");
    assert_invalid(id.login(ADMIN_EMAIL, "Admin #Pass1", false, IP).await, "password", "Password must not contain while spaces");
    assert_invalid(id.login(ADMIN_EMAIL, "Admin#Pass1\t", false, IP).await, "password", "Password must not contain while spaces");
    // Every failing field is told at once.
    assert_eq!(
        field_errors(id.login("", "", true, IP).await),
        [pair("email", "Email is required"), pair("password", "Password is required")]
    );
    // Malformed requests never reach the throttle.
    assert_eq!(count(&id, "SELECT COUNT(*) FROM login_failures", &[]).await, 0);
}

async fn a_wrong_password_and_an_unknown_email_get_the_same_answer(id: Identity) {
    main_admin(&id).await;
    let wrong_password = id.login(ADMIN_EMAIL, "Wrong#Pass1", false, IP).await;
    let unknown_email = id.login("nobody@example.org", ADMIN_PASSWORD, false, IP).await;
    assert_bad_credentials(wrong_password);
    assert_bad_credentials(unknown_email);
    // Both count against their account and against the address.
    for (key, failures) in [("account:admin@example.org", 1), ("account:nobody@example.org", 1), ("address:192.0.2.10", 2)] {
        let n = count(&id, "SELECT failures FROM login_failures WHERE throttle_key = $1", &[key]).await;
        assert_eq!(n, failures, "{key}");
    }
    assert_eq!(count(&id, "SELECT COUNT(*) FROM refresh_tokens", &[]).await, 0, "no session was opened");
}

async fn sign_in_ignores_the_case_and_surrounding_spaces_of_the_email(id: Identity) {
    let admin = main_admin(&id).await;
    let session = id.login("  ADMIN@Example.ORG ", ADMIN_PASSWORD, false, IP).await.unwrap();
    assert_eq!(session.user.id, admin.id);
    assert!(!session.auth_token.is_empty());
    assert_eq!(session.refresh_token.len(), 64);
    let tokens = refresh_tokens(&id, &admin.id).await;
    assert_eq!(tokens.len(), 1);
    assert_eq!((tokens[0].1, tokens[0].2), (false, false), "a fresh token is neither used nor revoked");
}

async fn a_sub_admin_cannot_sign_in_through_the_nonprofit_path(id: Identity) {
    let granted = grants(&[("/donor", &["view", "status"]), ("/dashboard", &["view"])]);
    let (user, _) = id.create_sub_admin(&as_admin(&id).await, input("Sam", "Sub", "sam@example.org", SUB_PASSWORD, granted)).await.unwrap();
    assert_bad_credentials(id.login("sam@example.org", SUB_PASSWORD, true, IP).await);
    let session = id.login("sam@example.org", SUB_PASSWORD, false, IP).await.unwrap();
    assert_eq!(session.user.id, user.id);
    assert_eq!(session.user.admin_type, "Sub Admin");
    assert_eq!(session.permissions, grants(&[("/dashboard", &["view"]), ("/donor", &["view", "status"])]));
}

async fn a_nonprofit_admin_signs_in_only_through_the_nonprofit_path(id: Identity) {
    let user = id.create_charity_admin(" Nina@Example.org", "Charity#1", "Nina", "Ngo", "charity-1").await.unwrap();
    assert_eq!(user.email, "nina@example.org");
    assert_eq!(user.admin_type, "Charity Admin");
    assert_eq!(user.charity_id.as_deref(), Some("charity-1"));

    assert_bad_credentials(id.login("nina@example.org", "Charity#1", false, IP).await);
    let session = id.login("nina@example.org", "Charity#1", true, IP).await.unwrap();
    assert_eq!(session.user.id, user.id);
    assert_eq!(session.user.charity_id.as_deref(), Some("charity-1"));
    assert_eq!(
        session.permissions,
        grants(&[("/dashboard", &["view"]), ("/master/charity_management", &["edit"])])
    );

    // Its creation is validated and its email is unique too.
    match id.create_charity_admin("NINA@example.org", "Charity#2", "Nina", "Other", "charity-2").await {
        Err(Error::Conflict(m)) => assert_eq!(m, "Email already exists"),
        other => panic!("expected a conflict, got {other:?}"),
    }
    assert_eq!(
        field_errors(id.create_charity_admin("nina", "short", "", "N0go", "c").await),
        [
            pair("email", "Please enter valid email address."),
            pair("password", "Password must be between 6 and 20 characters"),
            pair("firstName", "First Name is required"),
            pair("lastName", "Please enter valid Last Name"),
        ]
    );
    assert_eq!(count(&id, "SELECT COUNT(*) FROM users", &[]).await, 1);
}

async fn an_inactive_sub_admin_is_forbidden_to_sign_in(id: Identity) {
    let user = sub_admin(&id, "Ida", "Idle", "ida@example.org").await;
    id.set_sub_admin_status(&as_admin(&id).await, &user.id, false).await.unwrap();
    match id.login("ida@example.org", SUB_PASSWORD, false, IP).await {
        Err(Error::Forbidden(m)) => assert_eq!(m, "Your account is inactive. Please contact the administrator."),
        other => panic!("expected Forbidden, got {other:?}"),
    }
    // A wrong password tells nothing about the account's state.
    assert_bad_credentials(id.login("ida@example.org", "Wrong#Pass1", false, IP).await);
    assert_eq!(count(&id, "SELECT COUNT(*) FROM refresh_tokens", &[]).await, 0);

    id.set_sub_admin_status(&as_admin(&id).await, &user.id, true).await.unwrap();
    id.login("ida@example.org", SUB_PASSWORD, false, IP).await.unwrap();
}

// --- throttling -------------------------------------------------------------------------

async fn an_account_is_locked_after_too_many_failures_even_with_the_right_password(id: Identity) {
    let id = reconfigured(&id, |s| {
        s.max_failures_per_account = 3;
        s.max_failures_per_address = 100;
    });
    main_admin(&id).await;
    for _ in 0..3 {
        assert_bad_credentials(id.login(ADMIN_EMAIL, "Wrong#Pass1", false, IP).await);
    }
    let locked = "Too many failed sign-in attempts. Please try again in 15 minutes.";
    assert_too_many_attempts(id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await, locked);
    // The lock is on the account: another address does not help.
    assert_too_many_attempts(id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, "198.51.100.7").await, locked);
    let locked_until =
        count(&id, "SELECT locked_until FROM login_failures WHERE throttle_key = $1", &["account:admin@example.org"]).await;
    let now = common::now_ms();
    assert!(locked_until > now + 14 * 60_000 && locked_until <= now + 15 * 60_000, "{locked_until} vs {now}");
    assert_eq!(count(&id, "SELECT COUNT(*) FROM refresh_tokens", &[]).await, 0);
    // Other accounts are not locked.
    sub_admin(&id, "Sam", "Sub", "sam@example.org").await;
    id.login("sam@example.org", SUB_PASSWORD, false, IP).await.unwrap();
}

async fn a_successful_sign_in_clears_the_failures_of_its_account(id: Identity) {
    let id = reconfigured(&id, |s| s.max_failures_per_account = 3);
    main_admin(&id).await;
    for _ in 0..2 {
        assert_bad_credentials(id.login(ADMIN_EMAIL, "Wrong#Pass1", false, IP).await);
    }
    id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    let sql = "SELECT COUNT(*) FROM login_failures WHERE throttle_key = $1";
    assert_eq!(count(&id, sql, &["account:admin@example.org"]).await, 0);
    for _ in 0..2 {
        assert_bad_credentials(id.login(ADMIN_EMAIL, "Wrong#Pass1", false, IP).await);
    }
    id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
}

async fn an_address_is_locked_after_too_many_failures_across_accounts(id: Identity) {
    let id = reconfigured(&id, |s| {
        s.max_failures_per_account = 100;
        s.max_failures_per_address = 3;
        s.lockout_secs = 60;
    });
    main_admin(&id).await;
    sub_admin(&id, "Sam", "Sub", "sam@example.org").await;
    let attacker = "203.0.113.66";
    assert_bad_credentials(id.login(ADMIN_EMAIL, "Wrong#Pass1", false, attacker).await);
    assert_bad_credentials(id.login("nobody@example.org", "Wrong#Pass1", false, attacker).await);
    assert_bad_credentials(id.login("sam@example.org", "Wrong#Pass1", true, attacker).await);
    // A different account, with its right password, from the same address.
    let locked = "Too many failed sign-in attempts. Please try again in 1 minute.";
    assert_too_many_attempts(id.login("sam@example.org", SUB_PASSWORD, false, attacker).await, locked);
    assert_too_many_attempts(id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, attacker).await, locked);
    // Another address is not affected.
    id.login("sam@example.org", SUB_PASSWORD, false, IP).await.unwrap();
    id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
}

async fn a_lock_lifts_when_the_lockout_is_over(id: Identity) {
    let id = reconfigured(&id, |s| s.max_failures_per_account = 2);
    main_admin(&id).await;
    for _ in 0..2 {
        assert_bad_credentials(id.login(ADMIN_EMAIL, "Wrong#Pass1", false, IP).await);
    }
    let key = "account:admin@example.org";
    assert_too_many_attempts(
        id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await,
        "Too many failed sign-in attempts. Please try again in 15 minutes.",
    );
    // The lockout runs out (moved into the past rather than waited for).
    let ago = common::now_ms() - 1;
    sqlx::query("UPDATE login_failures SET locked_until = $1 WHERE throttle_key = $2")
        .bind(ago)
        .bind(key)
        .execute(&id.db.pool)
        .await
        .unwrap();
    let session = id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    assert_eq!(session.user.email, ADMIN_EMAIL);
    assert_eq!(count(&id, "SELECT COUNT(*) FROM login_failures WHERE throttle_key = $1", &[key]).await, 0);
}

on_both_backends! {
    sign_in_rejects_missing_or_malformed_credentials_with_the_spec_messages =>
        sign_in_rejects_missing_or_malformed_credentials_with_the_spec_messages_on_sqlite,
        sign_in_rejects_missing_or_malformed_credentials_with_the_spec_messages_on_postgres;
    a_wrong_password_and_an_unknown_email_get_the_same_answer =>
        a_wrong_password_and_an_unknown_email_get_the_same_answer_on_sqlite,
        a_wrong_password_and_an_unknown_email_get_the_same_answer_on_postgres;
    sign_in_ignores_the_case_and_surrounding_spaces_of_the_email =>
        sign_in_ignores_the_case_and_surrounding_spaces_of_the_email_on_sqlite,
        sign_in_ignores_the_case_and_surrounding_spaces_of_the_email_on_postgres;
    a_sub_admin_cannot_sign_in_through_the_nonprofit_path =>
        a_sub_admin_cannot_sign_in_through_the_nonprofit_path_on_sqlite,
        a_sub_admin_cannot_sign_in_through_the_nonprofit_path_on_postgres;
    a_nonprofit_admin_signs_in_only_through_the_nonprofit_path =>
        a_nonprofit_admin_signs_in_only_through_the_nonprofit_path_on_sqlite,
        a_nonprofit_admin_signs_in_only_through_the_nonprofit_path_on_postgres;
    an_inactive_sub_admin_is_forbidden_to_sign_in =>
        an_inactive_sub_admin_is_forbidden_to_sign_in_on_sqlite,
        an_inactive_sub_admin_is_forbidden_to_sign_in_on_postgres;
    an_account_is_locked_after_too_many_failures_even_with_the_right_password =>
        an_account_is_locked_after_too_many_failures_even_with_the_right_password_on_sqlite,
        an_account_is_locked_after_too_many_failures_even_with_the_right_password_on_postgres;
    a_successful_sign_in_clears_the_failures_of_its_account =>
        a_successful_sign_in_clears_the_failures_of_its_account_on_sqlite,
        a_successful_sign_in_clears_the_failures_of_its_account_on_postgres;
    an_address_is_locked_after_too_many_failures_across_accounts =>
        an_address_is_locked_after_too_many_failures_across_accounts_on_sqlite,
        an_address_is_locked_after_too_many_failures_across_accounts_on_postgres;
    a_lock_lifts_when_the_lockout_is_over =>
        a_lock_lifts_when_the_lockout_is_over_on_sqlite,
        a_lock_lifts_when_the_lockout_is_over_on_postgres;
}
