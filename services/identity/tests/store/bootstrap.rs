//! The main admin created on first start.

use crate::support::*;
use identity::service::Identity;
use tokens::Keys;

/// Every module of the console with every action it offers, straight from the table.
fn every_module_with_every_action() -> identity::service::Grants {
    proto::modules::all().iter().map(|m| (m.slug.clone(), m.actions.clone())).collect()
}

async fn the_main_admin_is_created_once_with_a_generated_password(id: Identity) {
    let generated = id.ensure_main_admin("  Boss@Example.org ", None).await.unwrap().expect("a generated password");
    assert_eq!(generated.len(), 16);
    assert!(generated.chars().all(|c| c.is_ascii_hexdigit()), "{generated}");

    // A second start changes nothing, whatever it is given.
    assert_eq!(id.ensure_main_admin("other@example.org", Some("Other#Pass1")).await.unwrap(), None);
    assert_eq!(id.ensure_main_admin("other@example.org", None).await.unwrap(), None);
    assert_eq!(count(&id, "SELECT COUNT(*) FROM users", &[]).await, 1);
    assert!(user_by_email(&id, "other@example.org").await.is_none());

    let admin = user_by_email(&id, "boss@example.org").await.expect("stored trimmed and lower-cased");
    assert_eq!(admin.admin_type, "Admin");
    assert_eq!((admin.first_name.as_str(), admin.last_name.as_str()), ("Main", "Admin"));
    assert!(admin.is_active);
    assert_eq!(admin.session_version, 1);
    assert_eq!(admin.charity_id, None);
    assert!(admin.password_hash.starts_with("$argon2id$"), "only a hash is stored");

    let session = id.login("boss@example.org", &generated, false, IP).await.unwrap();
    assert_eq!(session.user.id, admin.id);
    assert_eq!(session.permissions, every_module_with_every_action());
    assert_eq!(session.permissions.len(), 27);
    let claims = Keys::new(&id.settings.jwt_secret).verify(&session.auth_token).unwrap();
    assert_eq!((claims.sub.as_str(), claims.typ.as_str(), claims.sv), (admin.id.as_str(), "Admin", 1));

    let (principal, grants) = id.principal(&admin.id).await.unwrap();
    assert_eq!(principal.email, "boss@example.org");
    assert_eq!(grants, every_module_with_every_action());
}

async fn a_chosen_main_admin_password_is_used_and_not_answered(id: Identity) {
    assert_eq!(id.ensure_main_admin(ADMIN_EMAIL, Some(ADMIN_PASSWORD)).await.unwrap(), None);
    let session = id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    assert_eq!(session.user.admin_type, "Admin");
    assert_bad_credentials(id.login(ADMIN_EMAIL, "Something#Else1", false, IP).await);
    // The main admin is not a nonprofit admin: the right password at the nonprofit sign-in
    // says which sign-in to use (a wrong one says nothing of the account).
    assert_invalid(
        id.login(ADMIN_EMAIL, ADMIN_PASSWORD, true, IP).await,
        "email",
        identity::sessions::USE_ADMIN_SIGN_IN,
    );
    assert_bad_credentials(id.login(ADMIN_EMAIL, "Something#Else1", true, IP).await);
}

on_both_backends! {
    the_main_admin_is_created_once_with_a_generated_password =>
        the_main_admin_is_created_once_with_a_generated_password_on_sqlite,
        the_main_admin_is_created_once_with_a_generated_password_on_postgres;
    a_chosen_main_admin_password_is_used_and_not_answered =>
        a_chosen_main_admin_password_is_used_and_not_answered_on_sqlite,
        a_chosen_main_admin_password_is_used_and_not_answered_on_postgres;
}
