//! A nonprofit admin's account follows its nonprofit (standing.rs): deactivated or deleted,
//! its admins cannot sign in and their sessions end; activated again, they are back. Other
//! nonprofits' admins are never touched, and a redelivered event changes nothing.

use crate::support::*;
use common::bus::{Event, EventHandler};
use identity::service::Identity;
use identity::standing::Standing;
use serde_json::json;

fn charity_event(verb: &str, charity: &str, active: bool) -> Event {
    Event::new(
        &format!("catalogue.charity.{verb}"),
        json!({ "id": charity, "charityName": "Water For All", "adminVerification": "Approve", "isActive": active, "isImported": false }),
    )
}

async fn a_nonprofit_admin_stands_and_falls_with_its_nonprofit(id: Identity) {
    let nia = id.create_charity_admin("nia@water.example.org", "Charity#1", "Nia", "Owner", "charity-1").await.unwrap();
    let ola = id.create_charity_admin("ola@food.example.org", "Charity#2", "Ola", "Other", "charity-2").await.unwrap();
    let session = id.login("nia@water.example.org", "Charity#1", true, IP).await.unwrap();
    let other = id.login("ola@food.example.org", "Charity#2", true, IP).await.unwrap();
    let consumer = Standing(id.clone());

    let off = charity_event("status_changed", "charity-1", false);
    consumer.handle(&off).await.unwrap();
    let events = outbox_events(&id).await.len();
    consumer.handle(&off).await.unwrap();
    assert_eq!(outbox_events(&id).await.len(), events, "a redelivered event changes nothing");
    assert!(!user_by_id(&id, &nia.id).await.unwrap().is_active);
    // Its session ended, and its password no longer signs it in.
    assert_session_expired(id.refresh(&session.refresh_token).await);
    match id.login("nia@water.example.org", "Charity#1", true, IP).await {
        Err(identity::error::Error::Forbidden(m)) => assert_eq!(m, identity::sessions::CHARITY_INACTIVE),
        other => panic!("expected Forbidden, got {other:?}"),
    }
    let p = id.principal(&nia.id).await.unwrap().0;
    assert!(!p.is_active, "the BFF's standing says inactive");
    // What the bus was told: its sessions ended, its account was disabled with the nonprofit.
    let told: Vec<(String, serde_json::Value)> =
        outbox_events(&id).await.into_iter().filter(|(_, p)| p["id"] == nia.id.as_str()).collect();
    assert!(told.iter().any(|(k, _)| k == "identity.account.sessions_ended"), "{told:?}");
    assert!(
        told.iter().any(|(k, p)| k == "identity.charity_admin.status_changed"
            && p["isActive"] == false
            && p["charityId"] == "charity-1"),
        "{told:?}"
    );
    // Another nonprofit's admin is untouched.
    assert!(user_by_id(&id, &ola.id).await.unwrap().is_active);
    assert!(id.refresh(&other.refresh_token).await.is_ok());

    // Activated again: the account is back (a new sign-in; the ended session stays ended).
    consumer.handle(&charity_event("status_changed", "charity-1", true)).await.unwrap();
    assert!(user_by_id(&id, &nia.id).await.unwrap().is_active);
    id.login("nia@water.example.org", "Charity#1", true, IP).await.unwrap();
    assert_session_expired(id.refresh(&session.refresh_token).await);

    // Deleted: disabled whatever the payload's isActive says; restored: back.
    consumer.handle(&charity_event("deleted", "charity-1", true)).await.unwrap();
    assert!(!user_by_id(&id, &nia.id).await.unwrap().is_active);
    consumer.handle(&charity_event("restored", "charity-1", true)).await.unwrap();
    assert!(user_by_id(&id, &nia.id).await.unwrap().is_active);
    // Sub-admins and the main admin are never nonprofit admins, whatever an event names.
    let sub = sub_admin(&id, "Sam", "Sub", "sam@example.org").await;
    consumer.handle(&charity_event("deleted", &sub.id, false)).await.unwrap();
    assert!(user_by_id(&id, &sub.id).await.unwrap().is_active);
}

on_both_backends! {
    a_nonprofit_admin_stands_and_falls_with_its_nonprofit =>
        a_nonprofit_admin_stands_and_falls_with_its_nonprofit_on_sqlite,
        a_nonprofit_admin_stands_and_falls_with_its_nonprofit_on_postgres;
}
