//! Two-factor sign-in over the store, on both backends: enrolment, a sign-in step used once,
//! recovery codes, the setting and the reset.

use crate::support::*;
use identity::service::Identity;
use identity::sessions::SignIn;
use identity::store::User;
use identity::totp;
use identity::two_factor::{self, Who};

fn now_step() -> i64 {
    totp::step_of(common::now_ms() / 1000)
}

async fn a_factor_is_enrolled_used_once_and_reset(id: Identity) {
    let admin = main_admin(&id).await;
    let sub = sub_admin(&id, "Sam", "Helper", "sam@example.org").await;
    let me = as_caller(&sub);
    let (secret, uri) = id.enrol_two_factor(Who::Caller(&me)).await.unwrap();
    assert!(uri.contains(&secret));
    let s = totp::from_base32(&secret).unwrap();
    let step = now_step();
    let c = id.confirm_two_factor(Who::Caller(&me), &totp::code_at(&s, step), IP).await.unwrap();
    assert_eq!(c.recovery_codes.len(), 10);
    assert!(c.session.is_none());
    assert!(id.two_factor_status(&me).await.unwrap().enabled);

    let SignIn::Challenge { token, needed } = id.sign_in("sam@example.org", SUB_PASSWORD, false, IP).await.unwrap()
    else {
        panic!("a challenge was due")
    };
    assert_eq!(needed, "code");
    assert!(id.verify_two_factor(&token, &totp::code_at(&s, step), "", IP).await.is_err(), "replay");
    let session = id.verify_two_factor(&token, &totp::code_at(&s, step + 1), "", IP).await.unwrap();
    assert_eq!(session.user.id, sub.id);
    let token = challenge(&id, "sam@example.org", SUB_PASSWORD).await;
    assert!(id.verify_two_factor(&token, "", &c.recovery_codes[0], IP).await.is_ok());
    let token = challenge(&id, "sam@example.org", SUB_PASSWORD).await;
    assert!(id.verify_two_factor(&token, "", &c.recovery_codes[0], IP).await.is_err());
    assert_eq!(id.two_factor_status(&me).await.unwrap().recovery_codes_left, 9);

    // The setting, the main admin's only.
    assert!(id.set_two_factor_setting(&me, true).await.is_err());
    let boss = as_caller(&admin);
    assert!(id.set_two_factor_setting(&boss, true).await.unwrap());
    assert!(id.two_factor_setting(&boss).await.unwrap());
    assert!(matches!(
        id.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap(),
        SignIn::Challenge { needed: "enrol", .. }
    ));
    id.set_two_factor_setting(&boss, false).await.unwrap();

    assert!(id.reset_two_factor(&me, &sub.id).await.is_err());
    id.reset_two_factor(&boss, &sub.id).await.unwrap();
    assert!(!id.two_factor_status(&me).await.unwrap().enabled);
    assert!(matches!(id.sign_in("sam@example.org", SUB_PASSWORD, false, IP).await.unwrap(), SignIn::Session(_)));
    // Deleting the account removes its factor rows too.
    id.enrol_two_factor(Who::Caller(&me)).await.unwrap();
    id.delete_sub_admin(&boss, &sub.id).await.unwrap();
}

/// Signs in with a password where a code is due; answers the challenge token.
async fn challenge(id: &Identity, email: &str, password: &str) -> String {
    match id.sign_in(email, password, false, IP).await.unwrap() {
        SignIn::Challenge { token, needed: "code" } => token,
        other => panic!("a code was due: {other:?}"),
    }
}

/// A sub-admin with its factor on from the account menu; answers (account, secret, step used, recovery codes).
async fn enrolled_sub_admin(id: &Identity, email: &str) -> (User, Vec<u8>, i64, Vec<String>) {
    let sub = sub_admin(id, "Sam", "Helper", email).await;
    let me = as_caller(&sub);
    let (secret, _) = id.enrol_two_factor(Who::Caller(&me)).await.unwrap();
    let s = totp::from_base32(&secret).unwrap();
    let step = now_step();
    let c = id.confirm_two_factor(Who::Caller(&me), &totp::code_at(&s, step), IP).await.unwrap();
    (sub, s, step, c.recovery_codes)
}

#[track_caller]
fn assert_challenge_expired<T: std::fmt::Debug>(r: Result<T, identity::error::Error>) {
    assert_invalid(r, "challengeToken", two_factor::CHALLENGE_EXPIRED);
}

/// Issue 32: a challenge token signed in twice within its five minutes. It is spent by its
/// first success: the next step's code, a recovery code or the set-up refuse it after.
async fn a_challenge_starts_one_session_whatever_answers_it_next(id: Identity) {
    main_admin(&id).await;
    let (sub, s, step, codes) = enrolled_sub_admin(&id, "sam@example.org").await;
    let token = challenge(&id, "sam@example.org", SUB_PASSWORD).await;
    // A wrong code does not spend it.
    assert_invalid(
        id.verify_two_factor(&token, &totp::code_at(&s, step + 9), "", IP).await,
        "code",
        two_factor::INVALID_CODE,
    );
    id.verify_two_factor(&token, &totp::code_at(&s, step + 1), "", IP).await.unwrap();
    assert_challenge_expired(id.verify_two_factor(&token, &totp::code_at(&s, step + 2), "", IP).await);
    assert_challenge_expired(id.verify_two_factor(&token, "", &codes[0], IP).await);
    assert_challenge_expired(id.enrol_from_challenge(&token, "12345678", IP).await);
    // Nothing was used by the refused answers: all ten recovery codes are left, one session.
    assert_eq!(id.two_factor_status(&as_caller(&sub)).await.unwrap().recovery_codes_left, 10);
    assert_eq!(count(&id, "SELECT COUNT(*) FROM refresh_families WHERE user_id = $1", &[&sub.id]).await, 1);
    // A new sign-in is a new challenge.
    let token = challenge(&id, "sam@example.org", SUB_PASSWORD).await;
    id.verify_two_factor(&token, "", &codes[0], IP).await.unwrap();
    assert_challenge_expired(id.verify_two_factor(&token, "", &codes[1], IP).await);
    assert_eq!(id.two_factor_status(&as_caller(&sub)).await.unwrap().recovery_codes_left, 9);
}

/// Right answers to one challenge at once (the next step's code and four recovery codes):
/// exactly one starts a session, and only its answer is used.
async fn parallel_right_answers_to_one_challenge_start_one_session(id: Identity) {
    main_admin(&id).await;
    let (sub, s, step, codes) = enrolled_sub_admin(&id, "sam@example.org").await;
    let token = challenge(&id, "sam@example.org", SUB_PASSWORD).await;
    let mut answers = vec![(totp::code_at(&s, step + 1), String::new())];
    answers.extend(codes[..4].iter().map(|c| (String::new(), c.clone())));
    let tasks: Vec<_> = answers
        .into_iter()
        .map(|(code, recovery)| {
            let (id, token) = (id.clone(), token.clone());
            tokio::spawn(async move { (recovery.is_empty(), id.verify_two_factor(&token, &code, &recovery, IP).await) })
        })
        .collect();
    let (mut sessions, mut by_recovery) = (0, 0);
    for t in tasks {
        match t.await.unwrap() {
            (by_code, Ok(_)) => {
                sessions += 1;
                by_recovery += i64::from(!by_code);
            }
            (_, r) => assert_challenge_expired(r),
        }
    }
    assert_eq!(sessions, 1);
    assert_eq!(count(&id, "SELECT COUNT(*) FROM refresh_families WHERE user_id = $1", &[&sub.id]).await, 1);
    assert_eq!(id.two_factor_status(&as_caller(&sub)).await.unwrap().recovery_codes_left, 10 - by_recovery);
}

/// The code mailed when a sign-in answers "enrol" (its 8 digits, from the newest mail to `email`).
async fn mailed_code(id: &Identity, email: &str) -> String {
    let mails = mails_to(id, email).await;
    let mail = mails.first().expect("a mail");
    assert_eq!(mail.subject, "Your Giving Console sign-in code");
    let code: String = mail
        .body
        .split_whitespace()
        .find(|w| w.len() == 8 && w.bytes().all(|b| b.is_ascii_digit()))
        .expect("an 8-digit code")
        .into();
    code
}

async fn require_two_factor(id: &Identity) {
    let boss = as_caller(&user_by_email(id, ADMIN_EMAIL).await.unwrap());
    id.set_two_factor_setting(&boss, true).await.unwrap();
}

/// Signs in where the set-up is due; answers the challenge token.
async fn enrol_challenge(id: &Identity, email: &str, password: &str) -> String {
    match id.sign_in(email, password, false, IP).await.unwrap() {
        SignIn::Challenge { token, needed: "enrol" } => token,
        other => panic!("the set-up was due: {other:?}"),
    }
}

/// Issue 32: with two-factor required, whoever knew the password first bound the factor.
/// The set-up during sign-in now needs the code mailed to the account: the password alone
/// sets up nothing, and the owner, with the mailbox, sets it up.
async fn the_set_up_during_sign_in_needs_the_code_mailed_to_the_account(id: Identity) {
    main_admin(&id).await;
    let sub = sub_admin(&id, "Sam", "Helper", "sam@example.org").await;
    require_two_factor(&id).await;
    // The one who knows the password.
    let stolen = enrol_challenge(&id, "sam@example.org", SUB_PASSWORD).await;
    let first_code = mailed_code(&id, "sam@example.org").await;
    assert!(mails_to(&id, "sam@example.org").await[0].body.contains("Hello Sam"));
    assert_invalid(id.enrol_from_challenge(&stolen, "", IP).await, "emailCode", two_factor::MAIL_CODE_REQUIRED);
    assert_invalid(id.enrol_two_factor(Who::Challenge(&stolen)).await, "emailCode", two_factor::MAIL_CODE_REQUIRED);
    let wrong = if first_code == "12345678" { "87654321" } else { "12345678" };
    assert_invalid(id.enrol_from_challenge(&stolen, wrong, IP).await, "emailCode", two_factor::INVALID_MAIL_CODE);
    assert_invalid(
        id.confirm_two_factor(Who::Challenge(&stolen), "123456", IP).await,
        "emailCode",
        two_factor::MAIL_CODE_FIRST,
    );
    assert!(
        identity::two_factor_store::two_factor(&mut id.db.pool.acquire().await.unwrap(), &sub.id)
            .await
            .unwrap()
            .is_none(),
        "no secret was set up"
    );
    // The code is stored only as a keyed hash.
    assert_eq!(
        count(
            &id,
            "SELECT COUNT(*) FROM sign_in_challenges WHERE mail_code_hash LIKE $1",
            &[&format!("%{first_code}%")]
        )
        .await,
        0
    );

    // The owner signs in: a new code, which only its own challenge takes.
    let mine = enrol_challenge(&id, "sam@example.org", SUB_PASSWORD).await;
    let code = mailed_code(&id, "sam@example.org").await;
    assert_invalid(id.enrol_from_challenge(&mine, &first_code, IP).await, "emailCode", two_factor::INVALID_MAIL_CODE);
    assert_invalid(id.enrol_from_challenge(&stolen, &code, IP).await, "emailCode", two_factor::INVALID_MAIL_CODE);
    let spaced = format!("{} {}", &code[..4], &code[4..]);
    let (secret, _) = id.enrol_from_challenge(&mine, &spaced, IP).await.unwrap();
    // The other challenge, even now that the set-up has begun, still cannot confirm it.
    let s = totp::from_base32(&secret).unwrap();
    assert_invalid(
        id.confirm_two_factor(Who::Challenge(&stolen), &totp::code_at(&s, now_step()), IP).await,
        "emailCode",
        two_factor::MAIL_CODE_FIRST,
    );
    // Asked again (a reload) with the proven code, the set-up starts again.
    let (secret, _) = id.enrol_from_challenge(&mine, &code, IP).await.unwrap();
    let s = totp::from_base32(&secret).unwrap();
    let done = id.confirm_two_factor(Who::Challenge(&mine), &totp::code_at(&s, now_step()), IP).await.unwrap();
    assert_eq!(done.session.expect("signed in").user.id, sub.id);
    assert_eq!(done.recovery_codes.len(), 10);
    // The challenge is spent; the other one finds the factor on.
    assert_challenge_expired(id.enrol_from_challenge(&mine, &code, IP).await);
    assert_challenge_expired(id.enrol_from_challenge(&stolen, &first_code, IP).await);
    // The account menu's own set-up needs no mailed code (the main admin's, signed in).
    let boss = as_caller(&user_by_email(&id, ADMIN_EMAIL).await.unwrap());
    id.enrol_two_factor(Who::Caller(&boss)).await.unwrap();
}

/// Wrong mailed codes are throttled like verification codes, and the mails themselves per
/// account: a password alone cannot flood the mailbox.
async fn mailed_codes_are_throttled(id: Identity) {
    // A long first wait: the refusal below comes within it, however slow the machine.
    let id = reconfigured(&id, |s| s.first_wait_secs = 60);
    main_admin(&id).await;
    sub_admin(&id, "Sam", "Helper", "sam@example.org").await;
    require_two_factor(&id).await;
    let token = enrol_challenge(&id, "sam@example.org", SUB_PASSWORD).await;
    let code = mailed_code(&id, "sam@example.org").await;
    let wrong = if code == "00000000" { "11111111" } else { "00000000" };
    for _ in 0..id.settings.max_failures_per_account {
        assert_invalid(id.enrol_from_challenge(&token, wrong, IP).await, "emailCode", two_factor::INVALID_MAIL_CODE);
    }
    assert!(matches!(
        id.enrol_from_challenge(&token, &code, IP).await,
        Err(identity::error::Error::TooManyAttempts(..))
    ));
    for _ in 1..two_factor::MAIL_CODES_FREE {
        enrol_challenge(&id, "sam@example.org", SUB_PASSWORD).await;
    }
    assert_eq!(mails_to(&id, "sam@example.org").await.len() as i64, two_factor::MAIL_CODES_FREE);
    assert_too_many_attempts(
        id.sign_in("sam@example.org", SUB_PASSWORD, false, IP).await,
        "Too many sign-in code mails. Please try again in 60 seconds.",
    );
    assert_eq!(mails_to(&id, "sam@example.org").await.len() as i64, two_factor::MAIL_CODES_FREE);
}

on_both_backends! {
    a_challenge_starts_one_session_whatever_answers_it_next =>
        a_challenge_starts_one_session_whatever_answers_it_next_on_sqlite,
        a_challenge_starts_one_session_whatever_answers_it_next_on_postgres;
    parallel_right_answers_to_one_challenge_start_one_session =>
        parallel_right_answers_to_one_challenge_start_one_session_on_sqlite,
        parallel_right_answers_to_one_challenge_start_one_session_on_postgres;
    the_set_up_during_sign_in_needs_the_code_mailed_to_the_account =>
        the_set_up_during_sign_in_needs_the_code_mailed_to_the_account_on_sqlite,
        the_set_up_during_sign_in_needs_the_code_mailed_to_the_account_on_postgres;
    mailed_codes_are_throttled =>
        mailed_codes_are_throttled_on_sqlite,
        mailed_codes_are_throttled_on_postgres;
    a_factor_is_enrolled_used_once_and_reset =>
        a_factor_is_enrolled_used_once_and_reset_on_sqlite,
        a_factor_is_enrolled_used_once_and_reset_on_postgres;
}
