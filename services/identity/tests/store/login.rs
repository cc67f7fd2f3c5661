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
    assert_invalid(
        id.login("admin.example.org", ADMIN_PASSWORD, false, IP).await,
        "email",
        "Please enter valid email address.",
    );
    assert_invalid(
        id.login("admin@example", ADMIN_PASSWORD, false, IP).await,
        "email",
        "Please enter valid email address.",
    );
    assert_invalid(id.login(ADMIN_EMAIL, "", false, IP).await, "password", "Password is required");
    assert_invalid(
        id.login(ADMIN_EMAIL, "Admin #Pass1", false, IP).await,
        "password",
        "Password must not contain while spaces",
    );
    assert_invalid(
        id.login(ADMIN_EMAIL, "Admin#Pass1\t", false, IP).await,
        "password",
        "Password must not contain while spaces",
    );
    // Every failing field is told at once.
    assert_eq!(
        field_errors(id.login("", "", true, IP).await),
        [pair("email", "Email is required"), pair("password", "Password is required")]
    );
    // Malformed requests never reach the throttle.
    assert_eq!(count(&id, "SELECT COUNT(*) FROM throttle", &[]).await, 0);
}

async fn a_wrong_password_and_an_unknown_email_get_the_same_answer(id: Identity) {
    main_admin(&id).await;
    let wrong_password = id.login(ADMIN_EMAIL, "Wrong#Pass1", false, IP).await;
    let unknown_email = id.login("nobody@example.org", ADMIN_PASSWORD, false, IP).await;
    assert_bad_credentials(wrong_password);
    assert_bad_credentials(unknown_email);
    // Both count against their account (from this address and from all) and against the
    // address, as failures and as distinct accounts.
    let keys = [
        ("account:admin@example.org|192.0.2.10", 1),
        ("account:admin@example.org", 1),
        ("account:nobody@example.org|192.0.2.10", 1),
        ("account:nobody@example.org", 1),
        ("address:192.0.2.10", 2),
        ("spray:192.0.2.10", 2),
    ];
    for (key, failures) in keys {
        let n = count(&id, "SELECT attempts FROM throttle WHERE throttle_key = $1", &[key]).await;
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
    let (user, _) = id
        .create_sub_admin(&as_admin(&id).await, input("Sam", "Sub", "sam@example.org", SUB_PASSWORD, granted))
        .await
        .unwrap();
    // Its right password at the nonprofit sign-in says where to go; a wrong one says nothing.
    assert_invalid(
        id.login("sam@example.org", SUB_PASSWORD, true, IP).await,
        "email",
        identity::sessions::USE_ADMIN_SIGN_IN,
    );
    assert_bad_credentials(id.login("sam@example.org", "Wrong#Pass1", true, IP).await);
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

    // Its right password at the admin sign-in says where to go (only someone who knows the
    // password learns it); a wrong one is the usual answer, as for an email nobody has.
    assert_invalid(
        id.login("nina@example.org", "Charity#1", false, IP).await,
        "email",
        identity::sessions::USE_NONPROFIT_SIGN_IN,
    );
    assert_bad_credentials(id.login("nina@example.org", "Wrong#1", false, IP).await);
    assert_bad_credentials(id.login("nobody@example.org", "Charity#1", false, IP).await);
    let session = id.login("nina@example.org", "Charity#1", true, IP).await.unwrap();
    assert_eq!(session.user.id, user.id);
    assert_eq!(session.user.charity_id.as_deref(), Some("charity-1"));
    assert_eq!(session.permissions, grants(&[("/dashboard", &["view"]), ("/master/charity_management", &["edit"])]));

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

fn wait(secs: u64) -> String {
    format!("Too many failed sign-in attempts. Please try again in {secs} second{}.", if secs == 1 { "" } else { "s" })
}

/// Moves a key's wait into the past (rather than waiting for it).
async fn wait_over(id: &Identity, key: &str) {
    sqlx::query("UPDATE throttle SET allowed_at = $1 WHERE throttle_key = $2")
        .bind(common::now_ms() - 1)
        .bind(key)
        .execute(&id.db.pool)
        .await
        .unwrap();
}

/// Moves an address's waits into the past: its count of distinct accounts, and its count
/// of failures (which makes accounts that failed there wait).
async fn address_waits_over(id: &Identity, address: &str) {
    wait_over(id, &format!("spray:{address}")).await;
    wait_over(id, &format!("address:{address}")).await;
}

async fn an_account_under_attack_waits_longer_after_each_failure_up_to_the_cap(id: Identity) {
    let id = reconfigured(&id, |s| {
        s.max_failures_per_account = 3;
        s.max_failures_per_address = 100;
        s.first_wait_secs = 20;
        s.max_wait_secs = 100;
    });
    main_admin(&id).await;
    for _ in 0..3 {
        assert_bad_credentials(id.login(ADMIN_EMAIL, "Wrong#Pass1", false, IP).await);
    }
    // Even the right password waits from the attacking address; the owner elsewhere is
    // not shut out by it (the main admin is never locked out by one attacker).
    assert_too_many_attempts(id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await, &wait(20));
    id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, "198.51.100.7").await.unwrap();
    let key = "account:admin@example.org|192.0.2.10";
    // Each further failure doubles the wait, up to the cap (100 s here).
    for secs in [40, 80, 100, 100] {
        wait_over(&id, key).await;
        assert_bad_credentials(id.login(ADMIN_EMAIL, "Wrong#Pass1", false, IP).await);
        assert_too_many_attempts(id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await, &wait(secs));
    }
    assert_eq!(count(&id, "SELECT COUNT(*) FROM refresh_tokens", &[]).await, 1, "only the owner's session");
    // Other accounts do not wait.
    sub_admin(&id, "Sam", "Sub", "sam@example.org").await;
    id.login("sam@example.org", SUB_PASSWORD, false, IP).await.unwrap();
    // Once the wait is over the right password signs in and clears the account.
    wait_over(&id, key).await;
    id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    assert_eq!(count(&id, "SELECT COUNT(*) FROM throttle WHERE throttle_key = $1", &[key]).await, 0);
}

async fn a_successful_sign_in_clears_the_failures_of_its_account(id: Identity) {
    let id = reconfigured(&id, |s| s.max_failures_per_account = 3);
    main_admin(&id).await;
    for _ in 0..2 {
        assert_bad_credentials(id.login(ADMIN_EMAIL, "Wrong#Pass1", false, IP).await);
    }
    id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    let sql = "SELECT COUNT(*) FROM throttle WHERE throttle_key = $1";
    assert_eq!(count(&id, sql, &["account:admin@example.org|192.0.2.10"]).await, 0);
    assert_eq!(count(&id, sql, &["account:admin@example.org"]).await, 0);
    for _ in 0..2 {
        assert_bad_credentials(id.login(ADMIN_EMAIL, "Wrong#Pass1", false, IP).await);
    }
    id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
}

async fn a_busy_address_slows_accounts_that_failed_there_but_not_the_others(id: Identity) {
    let id = reconfigured(&id, |s| {
        s.first_wait_secs = 30;
        s.max_failures_per_account = 100;
        s.max_failures_per_address = 3;
    });
    main_admin(&id).await;
    sub_admin(&id, "Sam", "Sub", "sam@example.org").await;
    sub_admin(&id, "Ola", "Office", "ola@example.org").await;
    let office = "203.0.113.66";
    // Three failures, on two accounts only: the address is busy, but sprays no accounts.
    assert_bad_credentials(id.login(ADMIN_EMAIL, "Wrong#Pass1", false, office).await);
    assert_bad_credentials(id.login(ADMIN_EMAIL, "Wrong#Pass2", false, office).await);
    assert_bad_credentials(id.login("nobody@example.org", "Wrong#Pass1", false, office).await);
    // Accounts that failed from here wait, even with their right password.
    assert_too_many_attempts(id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, office).await, &wait(30));
    // Accounts not under attack sign in from the same busy address, at once.
    id.login("ola@example.org", SUB_PASSWORD, false, office).await.unwrap();
    id.login("sam@example.org", SUB_PASSWORD, false, office).await.unwrap();
    // Another address is not affected.
    id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    // The address's waits grow with its failures, and its count never resets on a success.
    wait_over(&id, "address:203.0.113.66").await;
    assert_bad_credentials(id.login(ADMIN_EMAIL, "Wrong#Pass3", false, office).await);
    assert_too_many_attempts(id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, office).await, &wait(60));
}

/// Issue 32: forty wrong sign-ins on forty different emails from one address were all
/// evaluated. Failures on distinct accounts (unknown emails like known ones) now make the
/// address wait, for every sign-in from it, after `max_failures_per_address`; another
/// address is not slowed.
async fn forty_wrong_sign_ins_on_forty_emails_make_the_address_wait(id: Identity) {
    let id = reconfigured(&id, |s| {
        s.first_wait_secs = 60;
        s.max_failures_per_address = 10;
    });
    main_admin(&id).await;
    for i in 0..3 {
        sub_admin(&id, "Sam", "Sub", &format!("sam{i}@example.org")).await;
    }
    let sprayer = "203.0.113.50";
    let (mut evaluated, mut throttled) = (0, 0);
    for i in 0..40 {
        // Known accounts among the unknown ones: they count alike.
        let email = if i % 10 == 3 { format!("sam{}@example.org", i / 10) } else { format!("user{i}@example.org") };
        match id.login(&email, "Summer#2026", false, sprayer).await {
            Err(Error::Validation(_)) => evaluated += 1,
            Err(Error::TooManyAttempts(m, secs)) => {
                assert_eq!((m.as_str(), secs), (wait(60).as_str(), 60));
                throttled += 1;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!((evaluated, throttled), (10, 30));
    assert_eq!(count(&id, "SELECT attempts FROM throttle WHERE throttle_key = $1", &["spray:203.0.113.50"]).await, 10);
    // Every sign-in from that address waits now, the right password of an untouched account too.
    assert_too_many_attempts(id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, sprayer).await, &wait(60));
    // Another address is evaluated as before, on the same accounts.
    assert_bad_credentials(id.login("user39@example.org", "Summer#2026", false, IP).await);
    id.login("sam2@example.org", SUB_PASSWORD, false, IP).await.unwrap();
    id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
}

/// Issue 32: sixty parallel sign-ins on unknown emails each cost an Argon2 check. Each is
/// claimed from the address before its password is checked: no more than the allowance is
/// evaluated, however many arrive at once.
async fn sixty_parallel_sign_ins_on_unknown_emails_evaluate_at_most_the_allowance(id: Identity) {
    // A long first wait: the 60 all arrive within it, however slow the machine.
    let id = reconfigured(&id, |s| {
        s.first_wait_secs = 60;
        s.max_failures_per_address = 10;
    });
    main_admin(&id).await;
    let attempts: Vec<_> = (0..60)
        .map(|i| {
            let id = id.clone();
            tokio::spawn(async move {
                id.login(&format!("nobody{i}@example.org"), "Summer#2026", false, "203.0.113.60").await
            })
        })
        .collect();
    let (mut evaluated, mut throttled) = (0, 0);
    for a in attempts {
        match a.await.unwrap() {
            Err(Error::Validation(_)) => evaluated += 1,
            Err(Error::TooManyAttempts(..)) => throttled += 1,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!((evaluated, throttled), (10, 50), "exactly the allowance was evaluated");
    assert_eq!(count(&id, "SELECT attempts FROM throttle WHERE throttle_key = $1", &["spray:203.0.113.60"]).await, 10);
    // Another address is not slowed.
    id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
}

/// The address's waits double with each failure on a new account, up to the cap, and never
/// lock it out; a repeat failure on an account already tried waits the current wait without
/// raising it; a right password adds no wait and does not reset the count.
async fn a_spraying_address_waits_longer_after_each_new_account_up_to_the_cap(id: Identity) {
    let id = reconfigured(&id, |s| {
        s.first_wait_secs = 20;
        s.max_wait_secs = 100;
        s.max_failures_per_account = 100;
        s.max_failures_per_address = 3;
    });
    main_admin(&id).await;
    sub_admin(&id, "Sam", "Sub", "sam@example.org").await;
    let sprayer = "203.0.113.70";
    let key = "spray:203.0.113.70";
    let guess = |n: u32| {
        let id = id.clone();
        async move { id.login(&format!("user{n}@example.org"), "Summer#2026", false, sprayer).await }
    };
    for n in 0..3 {
        assert_bad_credentials(guess(n).await);
    }
    assert_too_many_attempts(guess(3).await, &wait(20));
    // Each further failure on a new account doubles the wait.
    address_waits_over(&id, sprayer).await;
    assert_bad_credentials(guess(3).await);
    assert_too_many_attempts(guess(4).await, &wait(40));
    // A repeat on an account already tried is evaluated, then waits the same again.
    address_waits_over(&id, sprayer).await;
    assert_bad_credentials(guess(0).await);
    assert_too_many_attempts(guess(4).await, &wait(40));
    // A right password is evaluated once the wait is over, leaves no wait, and resets nothing.
    address_waits_over(&id, sprayer).await;
    id.login("sam@example.org", SUB_PASSWORD, false, sprayer).await.unwrap();
    assert_bad_credentials(guess(4).await);
    assert_too_many_attempts(guess(5).await, &wait(80));
    // Up to the cap (100 s here), and no further.
    for (n, secs) in [(5, 100), (6, 100)] {
        address_waits_over(&id, sprayer).await;
        assert_bad_credentials(guess(n).await);
        assert_too_many_attempts(guess(n + 1).await, &wait(secs));
    }
    assert_eq!(count(&id, "SELECT attempts FROM throttle WHERE throttle_key = $1", &[key]).await, 7);
    // Never a lockout: once the wait is over, the right password signs in.
    address_waits_over(&id, sprayer).await;
    id.login("sam@example.org", SUB_PASSWORD, false, sprayer).await.unwrap();
}

/// Guesses spread over many addresses (a botnet) are bounded by the account as a whole:
/// `ACCOUNT_WIDE_FACTOR` times the per-address allowance, then every address waits.
async fn guesses_spread_over_many_addresses_slow_the_whole_account(id: Identity) {
    let id = reconfigured(&id, |s| {
        s.max_failures_per_account = 2;
        s.max_failures_per_address = 1000;
        s.first_wait_secs = 60;
    });
    main_admin(&id).await;
    let budget = 2 * identity::sessions::ACCOUNT_WIDE_FACTOR;
    for i in 0..budget {
        let address = format!("198.51.100.{}", i / 2);
        assert_bad_credentials(id.login(ADMIN_EMAIL, "Wrong#Pass1", false, &address).await);
    }
    // A fresh address now waits too, right password or not.
    assert_too_many_attempts(id.login(ADMIN_EMAIL, "Wrong#Pass1", false, "203.0.113.9").await, &wait(60));
    assert!(matches!(
        id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, "203.0.113.10").await,
        Err(Error::TooManyAttempts(..))
    ));
    // Other accounts are not affected.
    sub_admin(&id, "Sam", "Sub", "sam@example.org").await;
    id.login("sam@example.org", SUB_PASSWORD, false, "203.0.113.9").await.unwrap();
}

/// The attack of issue 11: 50 wrong passwords at once. Every attempt is claimed before
/// its password is checked, so no more than the allowance are ever evaluated.
async fn fifty_concurrent_wrong_passwords_cannot_slip_past_the_count(id: Identity) {
    // A long first wait: the 50 all arrive within it, however slow the machine.
    let id = reconfigured(&id, |s| s.first_wait_secs = 60);
    main_admin(&id).await;
    let allowed = id.settings.max_failures_per_account;
    let attempts = (0..50).map(|i| {
        let id = id.clone();
        tokio::spawn(async move { id.login(ADMIN_EMAIL, &format!("Wrong#Pass{i}"), false, IP).await })
    });
    let (mut evaluated, mut throttled) = (0, 0);
    for a in attempts.collect::<Vec<_>>() {
        match a.await.unwrap() {
            Err(Error::Validation(_)) => evaluated += 1,
            Err(Error::TooManyAttempts(..)) => throttled += 1,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!(evaluated, allowed, "exactly the allowance was evaluated");
    assert_eq!(throttled, 50 - allowed);
    assert_eq!(
        count(&id, "SELECT attempts FROM throttle WHERE throttle_key = $1", &["account:admin@example.org|192.0.2.10"])
            .await,
        allowed
    );
    assert!(matches!(id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await, Err(Error::TooManyAttempts(..))));
}

/// The throttle itself: free attempts, then doubling waits; a refused claim is not counted
/// unless recorded after the fact; and no attempt is refused while no wait is set, even
/// one stamped a moment before a concurrent attempt's.
async fn the_throttle_counts_every_claim_and_doubles_its_waits(id: Identity) {
    use identity::throttle_store::{Claim, Policy, claim, wait_left};
    let mut c = id.db.pool.acquire().await.unwrap();
    let p = Policy { free: 3, first_wait_ms: 1000, max_wait_ms: 3000, forget_after_ms: 60_000 };
    let now = common::now_ms();
    assert_eq!(claim(&mut c, "k", p, now, true).await.unwrap(), Claim::Taken(1));
    assert_eq!(claim(&mut c, "k", p, now - 5, true).await.unwrap(), Claim::Taken(2));
    assert_eq!(wait_left(&mut c, "k", now - 5).await.unwrap(), 0);
    // The third (the allowance) sets the first wait.
    assert_eq!(claim(&mut c, "k", p, now, true).await.unwrap(), Claim::Taken(3));
    assert_eq!(claim(&mut c, "k", p, now + 10, true).await.unwrap(), Claim::Wait(990));
    assert_eq!(wait_left(&mut c, "k", now + 10).await.unwrap(), 990);
    // A failure recorded after the fact counts while waiting and doubles the wait, up to the cap.
    assert_eq!(claim(&mut c, "k", p, now + 10, false).await.unwrap(), Claim::Taken(4));
    assert_eq!(wait_left(&mut c, "k", now + 10).await.unwrap(), 2000);
    assert_eq!(claim(&mut c, "k", p, now + 2010, true).await.unwrap(), Claim::Taken(5));
    assert_eq!(wait_left(&mut c, "k", now + 2010).await.unwrap(), 3000);
    // Quiet for longer than `forget_after`: a fresh start.
    assert_eq!(claim(&mut c, "k", p, now + 70_000, true).await.unwrap(), Claim::Taken(1));
}

/// A provisional claim is counted and gated at once; given back, its count and the wait it
/// set are undone (with `spacing`, the restored wait still runs from it); kept, the key's
/// quiet time runs from it. Claims that are never kept do not keep the key alive.
async fn a_provisional_claim_is_kept_or_given_back_with_its_wait(id: Identity) {
    use identity::throttle_store::{Claim, Policy, claim, claim_provisional, keep, refund, wait_left};
    let mut c = id.db.pool.acquire().await.unwrap();
    let p = Policy { free: 3, first_wait_ms: 1000, max_wait_ms: 3000, forget_after_ms: 60_000 };
    let now = common::now_ms();
    for n in 1..=3 {
        assert_eq!(claim_provisional(&mut c, "k", p, now).await.unwrap(), Claim::Taken(n));
    }
    assert_eq!(claim_provisional(&mut c, "k", p, now).await.unwrap(), Claim::Wait(1000));
    // Given back without spacing: two attempts, no wait.
    refund(&mut c, "k", p, false).await.unwrap();
    assert_eq!(wait_left(&mut c, "k", now).await.unwrap(), 0);
    assert_eq!(claim_provisional(&mut c, "k", p, now).await.unwrap(), Claim::Taken(3));
    keep(&mut c, "k", now).await.unwrap();
    // Up to the cap (4: 2000, 5: 3000), then back down exactly, each wait from the last claim.
    assert_eq!(claim(&mut c, "k", p, now, false).await.unwrap(), Claim::Taken(4));
    assert_eq!(claim(&mut c, "k", p, now, false).await.unwrap(), Claim::Taken(5));
    assert_eq!(wait_left(&mut c, "k", now).await.unwrap(), 3000);
    refund(&mut c, "k", p, true).await.unwrap();
    assert_eq!(wait_left(&mut c, "k", now).await.unwrap(), 2000);
    refund(&mut c, "k", p, true).await.unwrap();
    assert_eq!(wait_left(&mut c, "k", now).await.unwrap(), 1000);
    refund(&mut c, "k", p, false).await.unwrap();
    assert_eq!(wait_left(&mut c, "k", now).await.unwrap(), 0);
    assert_eq!(count(&id, "SELECT attempts FROM throttle WHERE throttle_key = $1", &["k"]).await, 2);
    // Provisional claims do not renew the quiet time: forgotten a minute after the last kept one.
    assert_eq!(claim_provisional(&mut c, "k", p, now + 50_000).await.unwrap(), Claim::Taken(3));
    assert_eq!(claim_provisional(&mut c, "k", p, now + 61_000).await.unwrap(), Claim::Taken(1));
    // A cap below the first wait's doublings: 1000, 2000, 2500; back from the cap to 2000.
    let q = Policy { free: 1, first_wait_ms: 1000, max_wait_ms: 2500, forget_after_ms: 60_000 };
    for n in 1..=4 {
        assert_eq!(claim(&mut c, "q", q, now, false).await.unwrap(), Claim::Taken(n));
    }
    assert_eq!(wait_left(&mut c, "q", now).await.unwrap(), 2500);
    refund(&mut c, "q", q, true).await.unwrap();
    assert_eq!(wait_left(&mut c, "q", now).await.unwrap(), 2500);
    refund(&mut c, "q", q, true).await.unwrap();
    assert_eq!(wait_left(&mut c, "q", now).await.unwrap(), 2000);
    refund(&mut c, "q", q, true).await.unwrap();
    assert_eq!(wait_left(&mut c, "q", now).await.unwrap(), 1000);
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
    an_account_under_attack_waits_longer_after_each_failure_up_to_the_cap =>
        an_account_under_attack_waits_longer_after_each_failure_up_to_the_cap_on_sqlite,
        an_account_under_attack_waits_longer_after_each_failure_up_to_the_cap_on_postgres;
    a_successful_sign_in_clears_the_failures_of_its_account =>
        a_successful_sign_in_clears_the_failures_of_its_account_on_sqlite,
        a_successful_sign_in_clears_the_failures_of_its_account_on_postgres;
    a_busy_address_slows_accounts_that_failed_there_but_not_the_others =>
        a_busy_address_slows_accounts_that_failed_there_but_not_the_others_on_sqlite,
        a_busy_address_slows_accounts_that_failed_there_but_not_the_others_on_postgres;
    forty_wrong_sign_ins_on_forty_emails_make_the_address_wait =>
        forty_wrong_sign_ins_on_forty_emails_make_the_address_wait_on_sqlite,
        forty_wrong_sign_ins_on_forty_emails_make_the_address_wait_on_postgres;
    sixty_parallel_sign_ins_on_unknown_emails_evaluate_at_most_the_allowance =>
        sixty_parallel_sign_ins_on_unknown_emails_evaluate_at_most_the_allowance_on_sqlite,
        sixty_parallel_sign_ins_on_unknown_emails_evaluate_at_most_the_allowance_on_postgres;
    a_spraying_address_waits_longer_after_each_new_account_up_to_the_cap =>
        a_spraying_address_waits_longer_after_each_new_account_up_to_the_cap_on_sqlite,
        a_spraying_address_waits_longer_after_each_new_account_up_to_the_cap_on_postgres;
    a_provisional_claim_is_kept_or_given_back_with_its_wait =>
        a_provisional_claim_is_kept_or_given_back_with_its_wait_on_sqlite,
        a_provisional_claim_is_kept_or_given_back_with_its_wait_on_postgres;
    guesses_spread_over_many_addresses_slow_the_whole_account =>
        guesses_spread_over_many_addresses_slow_the_whole_account_on_sqlite,
        guesses_spread_over_many_addresses_slow_the_whole_account_on_postgres;
    fifty_concurrent_wrong_passwords_cannot_slip_past_the_count =>
        fifty_concurrent_wrong_passwords_cannot_slip_past_the_count_on_sqlite,
        fifty_concurrent_wrong_passwords_cannot_slip_past_the_count_on_postgres;
    the_throttle_counts_every_claim_and_doubles_its_waits =>
        the_throttle_counts_every_claim_and_doubles_its_waits_on_sqlite,
        the_throttle_counts_every_claim_and_doubles_its_waits_on_postgres;
}
