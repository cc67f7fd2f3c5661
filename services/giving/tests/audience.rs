//! Chat's notification audiences on SQLite and PostgreSQL: CountDonors (every active donor,
//! or the distinct active donors with a succeeded transaction to any chosen recipient) and
//! DonorRecipients (what one donor has given to).

mod support;

use giving::app::MIGRATIONS;
use giving::donations::DonationInput;
use giving::gifts::Recipient;
use giving::service::Giving;
use support::*;

fn cause(id: &str, name: &str) -> Recipient {
    Recipient { kind: "cause".into(), id: id.into(), name: name.into() }
}

async fn audiences_count_active_donors_who_gave(g: Giving) {
    let ann = donor(&g, "Ann", "Doe").await;
    let bob = donor(&g, "Bob", "Roe").await;
    let cy = donor(&g, "Cy", "Poe").await;
    let dee = donor(&g, "Dee", "Moe").await;
    let _eve = donor(&g, "Eve", "Noe").await;
    // Ann gave to c1 twice and to cause k1; Bob to c1; Cy to c2; Dee's gift is pending.
    give(&g, &ann, charity("c1", "Red Cross"), 1000, "r1").await;
    give(&g, &ann, charity("c1", "Red Cross"), 500, "r2").await;
    give(&g, &ann, cause("k1", "Clean Water"), 700, "r3").await;
    give(&g, &bob, charity("c1", "Red Cross"), 900, "r4").await;
    let refunded = give(&g, &cy, charity("c2", "Food Bank"), 400, "r5").await;
    g.record_donation(
        &DonationInput { status: "pending".into(), ..gift(&dee.id, charity("c1", "Red Cross"), 300, "r6") },
        &admin(),
    )
    .await
    .unwrap();

    assert_eq!(g.count_donors(&[]).await.unwrap(), 5, "every active donor");
    assert_eq!(g.count_donors(&[charity("c1", "")]).await.unwrap(), 2, "Ann and Bob (Dee's is pending)");
    assert_eq!(g.count_donors(&[charity("c1", ""), cause("k1", "")]).await.unwrap(), 2, "Ann counts once");
    assert_eq!(g.count_donors(&[charity("c2", "")]).await.unwrap(), 1);
    assert_eq!(g.count_donors(&[charity("nowhere", "")]).await.unwrap(), 0);

    // A refund takes the gift away; an inactive donor does not count.
    g.refund_transaction(&refunded.id, &admin()).await.unwrap();
    assert_eq!(g.count_donors(&[charity("c2", "")]).await.unwrap(), 0);
    g.set_donor_active(&bob.id, false, &admin()).await.unwrap();
    assert_eq!(g.count_donors(&[charity("c1", "")]).await.unwrap(), 1);
    assert_eq!(g.count_donors(&[]).await.unwrap(), 4);

    let too_many: Vec<Recipient> =
        (0..=giving::audience::MAX_RECIPIENTS).map(|i| charity(&format!("c{i}"), "")).collect();
    assert_eq!(field(g.count_donors(&too_many).await.unwrap_err()), "recipients");

    let mut got = g.donor_recipients(&ann.id).await.unwrap();
    got.sort_by(|a, b| a.id.cmp(&b.id));
    assert_eq!(got, vec![charity("c1", "Red Cross"), cause("k1", "Clean Water")]);
    assert!(g.donor_recipients(&cy.id).await.unwrap().is_empty(), "a refunded gift is no longer given");
    assert!(g.donor_recipients(&dee.id).await.unwrap().is_empty(), "a pending gift is not given yet");
    assert!(g.donor_recipients("nobody").await.unwrap().is_empty());
}

common::on_both_backends! { MIGRATIONS, giving;
    audiences_count_active_donors_who_gave => audiences_count_active_donors_who_gave_on_sqlite, audiences_count_active_donors_who_gave_on_postgres;
}
