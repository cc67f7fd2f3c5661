//! Nonprofit-admin invitations: sent on approval (the catalogue's events, once however often
//! they arrive) or by the main admin, accepted once, before they expire.

use crate::support::*;
use common::Actor;
use common::bus::{Event, EventHandler};
use identity::invitation::{Contact, Invitations};
use identity::service::Identity;
use serde_json::json;

const NPO: &str = "nia@water.example.org";
const LINK_INVALID: &str = "This invitation link is invalid or has expired.";

fn caller(id: &str, admin_type: &str) -> Actor {
    Actor::new(id, admin_type, IP)
}

fn contact(charity: &str, email: &str) -> Contact {
    Contact {
        charity_id: charity.into(),
        charity_name: "Water For All".into(),
        email: email.into(),
        first_name: "Nia".into(),
        last_name: "Owner".into(),
    }
}

/// The catalogue's event for a nonprofit approved with its admin contact.
fn approved(verb: &str, charity: &str, email: &str, verification: &str) -> Event {
    Event::new(
        &format!("catalogue.charity.{verb}"),
        json!({
            "id": charity, "charityName": "Water For All", "taxId": "12-3456789", "adminVerification": verification,
            "rejectReason": "", "isActive": true, "isImported": false, "adminEmail": email,
            "adminFirstName": "Nia", "adminLastName": "Owner",
        }),
    )
}

/// The token of the newest invitation mailed to `to`.
async fn invitation_token(id: &Identity, to: &str) -> String {
    let mails = mails_to(id, to).await;
    token_in(&mails.first().expect("an invitation mail").body, "/set_password/")
}

async fn an_approval_invites_the_admin_contact_once_however_often_it_arrives(id: Identity) {
    let consumer = Invitations(id.clone());
    let ev = approved("verified", "charity-1", " Nia@Water.example.org", "Approve");
    consumer.handle(&ev).await.unwrap();
    consumer.handle(&ev).await.unwrap();
    let user = user_by_email(&id, NPO).await.expect("the nonprofit-admin account");
    assert_eq!((user.admin_type.as_str(), user.charity_id.as_deref()), ("Charity Admin", Some("charity-1")));
    assert_eq!((user.first_name.as_str(), user.last_name.as_str()), ("Nia", "Owner"));
    assert_eq!(count(&id, "SELECT COUNT(*) FROM users WHERE admin_type = $1", &["Charity Admin"]).await, 1);
    let mails = mails_to(&id, NPO).await;
    assert_eq!(mails.len(), 1, "the same event twice: one mail");
    assert!(mails[0].body.contains("http://127.0.0.1:8080/set_password/"), "{}", mails[0].body);
    assert!(mails[0].body.contains("Water For All") && mails[0].body.contains("7 days"), "{}", mails[0].body);
    // No password yet: nothing signs in.
    assert_bad_credentials(id.login(NPO, "Charity#1", true, IP).await);
    assert_eq!(
        count(&id, "SELECT COUNT(*) FROM invitations WHERE token_hash = $1", &[&invitation_token(&id, NPO).await])
            .await,
        0,
        "stored hashed"
    );

    // A nonprofit added (approved by being added) invites too; one added Pending does not.
    consumer.handle(&approved("created", "charity-2", "second@example.org", "Approve")).await.unwrap();
    consumer.handle(&approved("created", "charity-3", "third@example.org", "Pending")).await.unwrap();
    assert_eq!(mails_to(&id, "second@example.org").await.len(), 1);
    assert!(user_by_email(&id, "third@example.org").await.is_none());

    // Approved again after the admin set a password (a new Tax ID went back to Pending): no new mail.
    id.accept_invitation(&invitation_token(&id, NPO).await, "Charity#1").await.unwrap();
    consumer.handle(&approved("verified", "charity-1", NPO, "Approve")).await.unwrap();
    assert_eq!(mails_to(&id, NPO).await.len(), 1);
    id.login(NPO, "Charity#1", true, IP).await.unwrap();
}

async fn a_contact_that_cannot_be_invited_is_skipped_and_changes_nothing(id: Identity) {
    main_admin(&id).await;
    sub_admin(&id, "Sam", "Helper", "sam@example.org").await;
    let consumer = Invitations(id.clone());
    // The main admin's and a sub-admin's email, a malformed email: handled (not retried), nothing written.
    for email in [ADMIN_EMAIL, "sam@example.org", "not-an-email"] {
        let ev = approved("verified", "charity-1", email, "Approve");
        consumer.handle(&ev).await.unwrap();
        assert_eq!(count(&id, "SELECT COUNT(*) FROM processed_events WHERE id = $1", &[&ev.id]).await, 1);
    }
    assert_eq!(count(&id, "SELECT COUNT(*) FROM users WHERE admin_type = $1", &["Charity Admin"]).await, 0);
    assert_eq!(count(&id, "SELECT COUNT(*) FROM mail_outbox", &[]).await, 0);
    assert_eq!(count(&id, "SELECT COUNT(*) FROM invitations", &[]).await, 0);

    // The main admin gets clear errors for the same cases.
    let admin = caller("admin", "Admin");
    let r = id.invite_charity_admin(&admin, &contact("charity-1", "sam@example.org"), "").await;
    assert!(
        matches!(&r, Err(identity::error::Error::Conflict(m)) if m == "This email already belongs to an admin account"),
        "{r:?}"
    );
    assert_invalid(
        id.invite_charity_admin(&admin, &contact("charity-1", "not-an-email"), "").await,
        "adminEmail",
        "Please enter valid email address.",
    );
    assert_invalid(
        id.invite_charity_admin(&admin, &contact("charity-1", ""), "").await,
        "adminEmail",
        "Please enter Admin Email",
    );
    // One email administers one nonprofit.
    id.invite_charity_admin(&admin, &contact("charity-1", NPO), "").await.unwrap();
    let r = id.invite_charity_admin(&admin, &contact("charity-2", NPO), "").await;
    assert!(
        matches!(&r, Err(identity::error::Error::Conflict(m)) if m == "This email is already the admin of another nonprofit"),
        "{r:?}"
    );
    assert_eq!(count(&id, "SELECT COUNT(*) FROM users WHERE admin_type = $1", &["Charity Admin"]).await, 1);
    assert_eq!(mails_to(&id, NPO).await.len(), 1);
}

async fn only_the_main_admin_invites(id: Identity) {
    for who in [caller("s", "Sub Admin"), caller("c", "Charity Admin"), Actor::default()] {
        let r = id.invite_charity_admin(&who, &contact("charity-1", NPO), "").await;
        assert!(matches!(r, Err(identity::error::Error::Forbidden(_))), "{who:?}: {r:?}");
    }
    assert!(user_by_email(&id, NPO).await.is_none());
    assert_eq!(count(&id, "SELECT COUNT(*) FROM mail_outbox", &[]).await, 0);
}

async fn an_invitation_sets_the_password_once_and_a_resend_ends_the_earlier_link(id: Identity) {
    let admin = caller("admin", "Admin");
    let first =
        id.invite_charity_admin(&admin, &contact("charity-1", NPO), "https://console.example.org/").await.unwrap();
    let old = invitation_token(&id, NPO).await;
    assert!(mails_to(&id, NPO).await[0].body.contains(&format!("https://console.example.org/set_password/{old}")));
    let again = id.invite_charity_admin(&admin, &contact("charity-1", NPO), "").await.unwrap();
    assert_eq!(first.user.id, again.user.id, "the resend finds the account");
    let new = invitation_token(&id, NPO).await;
    assert_ne!(old, new);
    assert_invalid(id.accept_invitation(&old, "Charity#1").await, "token", LINK_INVALID);

    // The password rules and messages of a reset; a refused password leaves the link usable.
    assert_invalid(id.accept_invitation(&new, "").await, "newPassword", "New Password is required");
    assert_invalid(
        id.accept_invitation(&new, "two words").await,
        "newPassword",
        "New Password must not contain spaces",
    );
    assert_invalid(id.accept_invitation("", "Charity#1").await, "token", LINK_INVALID);
    assert_invalid(id.accept_invitation("not-a-token", "Charity#1").await, "token", LINK_INVALID);

    id.accept_invitation(&new, "Charity#1").await.unwrap();
    assert_invalid(id.accept_invitation(&new, "Charity#2").await, "token", LINK_INVALID);
    let s = id.login(NPO, "Charity#1", true, IP).await.unwrap();
    assert_eq!((s.user.admin_type.as_str(), s.user.charity_id.as_deref()), ("Charity Admin", Some("charity-1")));
    // Not through the admins' sign-in: the right password there says which one to use.
    assert_invalid(id.login(NPO, "Charity#1", false, IP).await, "email", identity::sessions::USE_NONPROFIT_SIGN_IN);
}

async fn parallel_accepts_of_one_link_set_one_password(id: Identity) {
    id.invite_charity_admin(&caller("admin", "Admin"), &contact("charity-1", NPO), "").await.unwrap();
    let token = invitation_token(&id, NPO).await;
    let mut tries = tokio::task::JoinSet::new();
    for i in 0..8 {
        let (id, token) = (id.clone(), token.clone());
        tries.spawn(async move { (i, id.accept_invitation(&token, &format!("Charity#{i}")).await) });
    }
    let results = tries.join_all().await;
    let won: Vec<usize> = results.iter().filter(|(_, r)| r.is_ok()).map(|(i, _)| *i).collect();
    assert_eq!(won.len(), 1, "{results:?}");
    id.login(NPO, &format!("Charity#{}", won[0]), true, IP).await.unwrap();
}

async fn an_expired_invitation_is_refused(id: Identity) {
    let short = reconfigured(&id, |s| s.invite_ttl_secs = 0);
    short.invite_charity_admin(&caller("admin", "Admin"), &contact("charity-1", NPO), "").await.unwrap();
    let token = invitation_token(&id, NPO).await;
    assert_invalid(id.accept_invitation(&token, "Charity#1").await, "token", LINK_INVALID);
    assert_bad_credentials(id.login(NPO, "Charity#1", true, IP).await);
}

on_both_backends! {
    an_approval_invites_the_admin_contact_once_however_often_it_arrives =>
        an_approval_invites_the_admin_contact_once_however_often_it_arrives_on_sqlite,
        an_approval_invites_the_admin_contact_once_however_often_it_arrives_on_postgres;
    a_contact_that_cannot_be_invited_is_skipped_and_changes_nothing =>
        a_contact_that_cannot_be_invited_is_skipped_and_changes_nothing_on_sqlite,
        a_contact_that_cannot_be_invited_is_skipped_and_changes_nothing_on_postgres;
    only_the_main_admin_invites =>
        only_the_main_admin_invites_on_sqlite,
        only_the_main_admin_invites_on_postgres;
    an_invitation_sets_the_password_once_and_a_resend_ends_the_earlier_link =>
        an_invitation_sets_the_password_once_and_a_resend_ends_the_earlier_link_on_sqlite,
        an_invitation_sets_the_password_once_and_a_resend_ends_the_earlier_link_on_postgres;
    parallel_accepts_of_one_link_set_one_password =>
        parallel_accepts_of_one_link_set_one_password_on_sqlite,
        parallel_accepts_of_one_link_set_one_password_on_postgres;
    an_expired_invitation_is_refused =>
        an_expired_invitation_is_refused_on_sqlite,
        an_expired_invitation_is_refused_on_postgres;
}
