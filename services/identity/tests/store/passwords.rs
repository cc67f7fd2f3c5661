//! Passwords: changing one, and the forgot / reset flow with its mail.

use crate::support::*;
use identity::error::Error;
use identity::service::Identity;
use tokens::Keys;

fn pair(field: &str, message: &str) -> (String, String) {
    (field.to_string(), message.to_string())
}

async fn changing_the_password_validates_both_passwords_with_the_spec_messages(id: Identity) {
    let admin = main_admin(&id).await;
    let change = |current: &'static str, new: &'static str| {
        let (id, user) = (id.clone(), admin.id.clone());
        async move { id.change_password(&user, current, new).await }
    };
    assert_eq!(
        field_errors(change("", "").await),
        [pair("currentPassword", "Old Password is Required"), pair("newPassword", "New Password is Required")]
    );
    assert_eq!(
        field_errors(change("abc", "abcdefghijklmnopqrstu").await),
        [
            pair("currentPassword", "Old Password must be between 6 and 20 characters"),
            pair("newPassword", "New Password must be between 6 and 20 characters"),
        ]
    );
    assert_eq!(
        field_errors(change("Admin #Pass1", "New Pass1").await),
        [
            pair("currentPassword", "Old Password must not contain spaces"),
            pair("newPassword", "New Password must not contain spaces"),
        ]
    );
    assert_invalid(
        change(ADMIN_PASSWORD, ADMIN_PASSWORD).await,
        "newPassword",
        "Old Password and New Password can not be same",
    );
    assert_invalid(change("Wrong#Pass1", "Brand#New1").await, "currentPassword", "Old Password is incorrect");
    assert_not_found(id.change_password("no-such-account", ADMIN_PASSWORD, "Brand#New1").await, "Account not found");

    // Nothing changed.
    let (user, _) = id.principal(&admin.id).await.unwrap();
    assert_eq!(user.session_version, 1);
    assert_eq!(user.password_hash, admin.password_hash);
    id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
}

async fn changing_the_password_ends_every_session_and_only_the_new_one_signs_in(id: Identity) {
    let admin = main_admin(&id).await;
    let first = id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    let second = id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    let (_, rotated) = id.refresh(&second.refresh_token).await.unwrap();

    id.change_password(&admin.id, ADMIN_PASSWORD, "Brand#New1").await.unwrap();

    let (user, _) = id.principal(&admin.id).await.unwrap();
    assert_eq!(user.session_version, 2, "access tokens issued before are now stale");
    assert_ne!(user.password_hash, admin.password_hash);
    let tokens = refresh_tokens(&id, &admin.id).await;
    assert_eq!(tokens.len(), 3);
    assert!(tokens.iter().all(|(_, _, revoked)| *revoked), "{tokens:?}");
    assert_session_expired(id.refresh(&first.refresh_token).await);
    assert_session_expired(id.refresh(&rotated).await);

    assert_bad_credentials(id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await);
    let session = id.login(ADMIN_EMAIL, "Brand#New1", false, IP).await.unwrap();
    assert_eq!(Keys::new(&id.settings.jwt_secret).verify(&session.auth_token).unwrap().sv, 2);
    id.refresh(&session.refresh_token).await.unwrap();
    // The change is an event of the account (the audit trail's), with no secret in it.
    assert_eq!(
        outbox_events(&id).await,
        [
            (
                "identity.account.sessions_ended".to_string(),
                serde_json::json!({ "id": admin.id, "email": ADMIN_EMAIL })
            ),
            (
                "identity.account.password_changed".to_string(),
                serde_json::json!({ "id": admin.id, "email": ADMIN_EMAIL })
            ),
        ]
    );
}

async fn forgot_password_validates_the_email_with_the_spec_messages(id: Identity) {
    let url = "https://console.example.org";
    assert_invalid(id.forgot_password("", url, IP).await, "email", "Please enter register email id");
    assert_invalid(id.forgot_password("  ", url, IP).await, "email", "Please enter register email id");
    assert_invalid(id.forgot_password("admin@", url, IP).await, "email", "Please enter valid email address.");
    assert_invalid(id.forgot_password("admin@example", url, IP).await, "email", "Please enter valid email address.");
    // Plus tags are allowed.
    id.forgot_password("someone+tag@example.org", url, IP).await.unwrap();
}

async fn forgot_password_for_an_unknown_or_inactive_account_queues_no_mail(id: Identity) {
    let url = "https://console.example.org";
    id.forgot_password("nobody@example.org", url, IP).await.unwrap();
    let idle = sub_admin(&id, "Ida", "Idle", "ida@example.org").await;
    id.set_sub_admin_status(&as_admin(&id).await, &idle.id, false).await.unwrap();
    id.forgot_password("ida@example.org", url, IP).await.unwrap();
    assert_eq!(count(&id, "SELECT COUNT(*) FROM mail_outbox", &[]).await, 0);
    assert_eq!(count(&id, "SELECT COUNT(*) FROM reset_tokens", &[]).await, 0);
}

async fn a_mailed_reset_link_sets_a_new_password_once(id: Identity) {
    let admin = main_admin(&id).await;
    let session = id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();

    id.forgot_password(" Admin@Example.org ", "https://console.example.org/", IP).await.unwrap();
    let mails = mails_to(&id, ADMIN_EMAIL).await;
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert_eq!(mail.to_addr, ADMIN_EMAIL);
    assert_eq!(mail.subject, "Reset your Giving Console password");
    assert!(mail.body.starts_with("Hello Main,"), "{}", mail.body);
    assert!(mail.body.contains("within 60 minutes"), "{}", mail.body);
    let token = reset_token_in(&mail.body);
    assert!(mail.body.contains(&format!("https://console.example.org/reset_password/{token}\n")), "{}", mail.body);
    // Only the token's hash is stored.
    assert_eq!(count(&id, "SELECT COUNT(*) FROM reset_tokens WHERE token_hash = $1", &[token.as_str()]).await, 0);
    let hash = tokens::hash_token(&token);
    assert_eq!(
        count(&id, "SELECT COUNT(*) FROM reset_tokens WHERE token_hash = $1 AND used_at IS NULL", &[hash.as_str()])
            .await,
        1
    );

    id.reset_password(&token, "Brand#New1").await.unwrap();
    assert_invalid(id.reset_password(&token, "Other#New2").await, "token", RESET_LINK_INVALID);
    assert_eq!(count(&id, "SELECT COUNT(*) FROM reset_tokens WHERE used_at IS NOT NULL", &[]).await, 1);

    // The new password works, the old one does not, and the sessions are over.
    assert_bad_credentials(id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await);
    assert_bad_credentials(id.login(ADMIN_EMAIL, "Other#New2", false, IP).await);
    assert_session_expired(id.refresh(&session.refresh_token).await);
    assert_eq!(id.principal(&admin.id).await.unwrap().0.session_version, 2);
    id.login(ADMIN_EMAIL, "Brand#New1", false, IP).await.unwrap();
    // The request, the sessions it ended and the reset are events of the account; none carries the link.
    let events = outbox_events(&id).await;
    assert_eq!(
        events,
        [
            (
                "identity.account.password_reset_requested".to_string(),
                serde_json::json!({ "id": admin.id, "email": ADMIN_EMAIL })
            ),
            // Its sessions ended with the reset (the BFF drops its cached standing on it).
            ("identity.account.sessions_ended".to_string(), serde_json::json!({ "id": admin.id })),
            ("identity.account.password_reset".to_string(), serde_json::json!({ "id": admin.id })),
        ]
    );
    assert!(!format!("{events:?}").contains(&token));
}

async fn an_expired_reset_link_is_refused(id: Identity) {
    let id = reconfigured(&id, |s| s.reset_ttl_secs = 0);
    main_admin(&id).await;
    let token = reset_token_for(&id, ADMIN_EMAIL).await;
    assert_invalid(id.reset_password(&token, "Brand#New1").await, "token", RESET_LINK_INVALID);
    id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
}

async fn resetting_validates_the_new_password_and_the_link(id: Identity) {
    main_admin(&id).await;
    let token = reset_token_for(&id, ADMIN_EMAIL).await;
    assert_invalid(id.reset_password(&token, "").await, "newPassword", "New Password is required");
    assert_invalid(
        id.reset_password(&token, "short").await,
        "newPassword",
        "New Password must be between 6 and 20 characters",
    );
    assert_invalid(
        id.reset_password(&token, "Brand New1").await,
        "newPassword",
        "New Password must not contain spaces",
    );
    assert_invalid(id.reset_password("", "Brand#New1").await, "token", RESET_LINK_INVALID);
    assert_invalid(id.reset_password(&"0".repeat(64), "Brand#New1").await, "token", RESET_LINK_INVALID);
    assert_eq!(
        field_errors(id.reset_password(" ", "").await),
        [pair("newPassword", "New Password is required"), pair("token", RESET_LINK_INVALID)]
    );
    // A refused attempt does not spend the link.
    id.reset_password(&token, "Brand#New1").await.unwrap();
    id.login(ADMIN_EMAIL, "Brand#New1", false, IP).await.unwrap();
}

async fn pending_mail_is_written_to_the_mail_folder_once(id: Identity) {
    let dir = tempfile::tempdir().unwrap();
    let id = reconfigured(&id, |s| s.mail_dir = Some(dir.path().join("mail")));
    main_admin(&id).await;
    id.forgot_password(ADMIN_EMAIL, "http://localhost:3000", IP).await.unwrap();

    assert_eq!(identity::mail::send_pending(&id.db, &id.settings).await.unwrap(), 1);
    let files: Vec<_> = std::fs::read_dir(dir.path().join("mail")).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 1);
    assert_eq!(files[0].extension().and_then(|e| e.to_str()), Some("eml"));
    let text = std::fs::read_to_string(&files[0]).unwrap();
    assert!(text.starts_with(&format!(
        "To: {ADMIN_EMAIL}\nFrom: Giving Console <no-reply@giving-console.local>\nSubject: Reset your Giving Console password\n\nHello Main,"
    )), "{text}");
    assert!(text.contains("http://localhost:3000/reset_password/"), "{text}");

    // Sent mail is marked and not sent again.
    assert_eq!(identity::mail::send_pending(&id.db, &id.settings).await.unwrap(), 0);
    assert_eq!(std::fs::read_dir(dir.path().join("mail")).unwrap().count(), 1);
    let sent = "SELECT COUNT(*) FROM mail_outbox WHERE sent_at IS NOT NULL AND attempts = 1 AND last_error IS NULL";
    assert_eq!(count(&id, sent, &[]).await, 1);

    // The link in the file is the one that works.
    id.reset_password(&reset_token_in(&text), "Brand#New1").await.unwrap();
    id.login(ADMIN_EMAIL, "Brand#New1", false, IP).await.unwrap();
}

async fn a_new_password_cancels_every_other_reset_link(id: Identity) {
    main_admin(&id).await;
    id.forgot_password(ADMIN_EMAIL, "https://console.example.org", IP).await.unwrap();
    id.forgot_password(ADMIN_EMAIL, "https://console.example.org", IP).await.unwrap();
    let mails = mails_to(&id, ADMIN_EMAIL).await;
    assert_eq!(mails.len(), 2);
    let (a, b) = (reset_token_in(&mails[0].body), reset_token_in(&mails[1].body));
    id.reset_password(&a, "Brand#New1").await.unwrap();
    assert_invalid(id.reset_password(&b, "Other#New2").await, "token", RESET_LINK_INVALID);
    // A change of password cancels pending links as well.
    id.forgot_password(ADMIN_EMAIL, "https://console.example.org", IP).await.unwrap();
    let c = reset_token_in(&mails_to(&id, ADMIN_EMAIL).await[0].body);
    let admin = id.login(ADMIN_EMAIL, "Brand#New1", false, IP).await.unwrap();
    id.change_password(&admin.user.id, "Brand#New1", "Third#New3").await.unwrap();
    assert_invalid(id.reset_password(&c, "Other#New2").await, "token", RESET_LINK_INVALID);
}

/// The attack of issue 11: 50 forgot-password requests for one email write no more
/// mails than the per-email allowance, and an unknown email is answered the same way.
async fn fifty_forgot_password_requests_for_one_email_mail_at_most_the_allowance(id: Identity) {
    main_admin(&id).await;
    let allowed = id.settings.forgot_per_email;
    for email in [ADMIN_EMAIL, "nobody@example.org"] {
        let asks = (0..50).map(|i| {
            let id = id.clone();
            // Each from its own address: the per-email count holds whatever the address.
            tokio::spawn(async move {
                id.forgot_password(email, "https://console.example.org", &format!("198.51.100.{i}")).await
            })
        });
        let (mut taken, mut throttled) = (0, 0);
        for a in asks.collect::<Vec<_>>() {
            match a.await.unwrap() {
                Ok(()) => taken += 1,
                Err(Error::TooManyAttempts(m, secs)) => {
                    assert_eq!(m, format!("Too many password reset requests. Please try again in {secs} seconds."));
                    assert!((1..=61).contains(&secs), "{secs}"); // the first wait, a minute (rounded up)
                    throttled += 1;
                }
                Err(e) => panic!("unexpected {e:?}"),
            }
        }
        assert_eq!((taken, throttled), (allowed, 50 - allowed), "{email}");
    }
    assert_eq!(mails_to(&id, ADMIN_EMAIL).await.len() as i64, allowed);
    assert_eq!(count(&id, "SELECT COUNT(*) FROM mail_outbox", &[]).await, allowed);
}

async fn forgot_password_is_throttled_per_address_across_emails(id: Identity) {
    let id = reconfigured(&id, |s| s.forgot_per_address = 4);
    for i in 0..4 {
        id.forgot_password(&format!("user{i}@example.org"), "https://console.example.org", IP).await.unwrap();
    }
    assert!(matches!(
        id.forgot_password("user9@example.org", "https://console.example.org", IP).await,
        Err(Error::TooManyAttempts(..))
    ));
    id.forgot_password("user9@example.org", "https://console.example.org", "198.51.100.7").await.unwrap();
}

on_both_backends! {
    a_new_password_cancels_every_other_reset_link =>
        a_new_password_cancels_every_other_reset_link_on_sqlite,
        a_new_password_cancels_every_other_reset_link_on_postgres;
    changing_the_password_validates_both_passwords_with_the_spec_messages =>
        changing_the_password_validates_both_passwords_with_the_spec_messages_on_sqlite,
        changing_the_password_validates_both_passwords_with_the_spec_messages_on_postgres;
    changing_the_password_ends_every_session_and_only_the_new_one_signs_in =>
        changing_the_password_ends_every_session_and_only_the_new_one_signs_in_on_sqlite,
        changing_the_password_ends_every_session_and_only_the_new_one_signs_in_on_postgres;
    forgot_password_validates_the_email_with_the_spec_messages =>
        forgot_password_validates_the_email_with_the_spec_messages_on_sqlite,
        forgot_password_validates_the_email_with_the_spec_messages_on_postgres;
    forgot_password_for_an_unknown_or_inactive_account_queues_no_mail =>
        forgot_password_for_an_unknown_or_inactive_account_queues_no_mail_on_sqlite,
        forgot_password_for_an_unknown_or_inactive_account_queues_no_mail_on_postgres;
    a_mailed_reset_link_sets_a_new_password_once =>
        a_mailed_reset_link_sets_a_new_password_once_on_sqlite,
        a_mailed_reset_link_sets_a_new_password_once_on_postgres;
    an_expired_reset_link_is_refused =>
        an_expired_reset_link_is_refused_on_sqlite,
        an_expired_reset_link_is_refused_on_postgres;
    resetting_validates_the_new_password_and_the_link =>
        resetting_validates_the_new_password_and_the_link_on_sqlite,
        resetting_validates_the_new_password_and_the_link_on_postgres;
    pending_mail_is_written_to_the_mail_folder_once =>
        pending_mail_is_written_to_the_mail_folder_once_on_sqlite,
        pending_mail_is_written_to_the_mail_folder_once_on_postgres;
    fifty_forgot_password_requests_for_one_email_mail_at_most_the_allowance =>
        fifty_forgot_password_requests_for_one_email_mail_at_most_the_allowance_on_sqlite,
        fifty_forgot_password_requests_for_one_email_mail_at_most_the_allowance_on_postgres;
    forgot_password_is_throttled_per_address_across_emails =>
        forgot_password_is_throttled_per_address_across_emails_on_sqlite,
        forgot_password_is_throttled_per_address_across_emails_on_postgres;
}
