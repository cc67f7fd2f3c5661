//! Two-factor sign-in over the store, on both backends: enrolment, a sign-in step used once,
//! recovery codes, the setting and the reset.

use crate::support::*;
use identity::service::{Identity, SignIn};
use identity::totp;
use identity::two_factor::Who;

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

    let SignIn::Challenge { token, needed } = id.sign_in("sam@example.org", SUB_PASSWORD, false, IP).await.unwrap() else {
        panic!("a challenge was due")
    };
    assert_eq!(needed, "code");
    assert!(id.verify_two_factor(&token, &totp::code_at(&s, step), "", IP).await.is_err(), "replay");
    let session = id.verify_two_factor(&token, &totp::code_at(&s, step + 1), "", IP).await.unwrap();
    assert_eq!(session.user.id, sub.id);
    assert!(id.verify_two_factor(&token, "", &c.recovery_codes[0], IP).await.is_ok());
    assert!(id.verify_two_factor(&token, "", &c.recovery_codes[0], IP).await.is_err());
    assert_eq!(id.two_factor_status(&me).await.unwrap().recovery_codes_left, 9);

    // The setting, the main admin's only.
    assert!(id.set_two_factor_setting(&me, true).await.is_err());
    let boss = as_caller(&admin);
    assert!(id.set_two_factor_setting(&boss, true).await.unwrap());
    assert!(id.two_factor_setting(&boss).await.unwrap());
    assert!(matches!(id.sign_in(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap(), SignIn::Challenge { needed: "enrol", .. }));
    id.set_two_factor_setting(&boss, false).await.unwrap();

    assert!(id.reset_two_factor(&me, &sub.id).await.is_err());
    id.reset_two_factor(&boss, &sub.id).await.unwrap();
    assert!(!id.two_factor_status(&me).await.unwrap().enabled);
    assert!(matches!(id.sign_in("sam@example.org", SUB_PASSWORD, false, IP).await.unwrap(), SignIn::Session(_)));
    // Deleting the account removes its factor rows too.
    id.enrol_two_factor(Who::Caller(&me)).await.unwrap();
    id.delete_sub_admin(&boss, &sub.id).await.unwrap();
}

on_both_backends! {
    a_factor_is_enrolled_used_once_and_reset =>
        a_factor_is_enrolled_used_once_and_reset_on_sqlite,
        a_factor_is_enrolled_used_once_and_reset_on_postgres;
}
