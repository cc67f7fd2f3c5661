//! Subscriptions on SQLite and PostgreSQL: start, charge (idempotent), cancel, the donor
//! totals screen, the donor's profile.

mod support;

use common::error::Error;
use giving::app::MIGRATIONS;
use giving::donations::ChargeInput;
use giving::fees;
use giving::gifts::Recipient;
use giving::service::Giving;
use giving::subscriptions::SubscriptionInput;
use support::*;

fn sub(donor_id: &str, to: Recipient, cents: i64, interval: &str, started_at: i64) -> SubscriptionInput {
    SubscriptionInput {
        donor_id: donor_id.into(),
        recipient: to,
        amount_cents: cents,
        currency: String::new(),
        interval: interval.into(),
        started_at,
    }
}

fn charge(id: &str, reference: &str, at: i64) -> ChargeInput {
    ChargeInput {
        subscription_id: id.into(),
        payment_method: "ach".into(),
        provider_reference: reference.into(),
        charged_at: at,
    }
}

async fn subscriptions_start_charge_and_cancel(g: Giving) {
    let d = donor(&g, "Ann", "Doe").await;
    let jan31 = fees::month_start(2026, 1) + 30 * 86_400_000;
    for (input, f, text) in [
        (
            sub(&d.id, charity("c1", "Red Cross"), 1_000, "weekly", jan31),
            "interval",
            "Interval must be monthly or yearly",
        ),
        (
            sub(&d.id, charity("c1", "Red Cross"), 0, "monthly", jan31),
            "amountCents",
            "Amount must be between $0.01 and $1,000,000.00",
        ),
        (sub(&d.id, charity("", "Red Cross"), 1_000, "monthly", jan31), "recipientId", "Please choose a recipient"),
        (sub("", charity("c1", "Red Cross"), 1_000, "monthly", jan31), "donorId", "Please choose a donor"),
    ] {
        let e = g.start_subscription(&input, &admin()).await.unwrap_err();
        assert_eq!(
            (field(e), message(g.start_subscription(&input, &admin()).await.unwrap_err())),
            (f.to_string(), text.to_string())
        );
    }
    assert!(matches!(
        g.start_subscription(&sub("nobody", charity("c1", "Red Cross"), 1_000, "monthly", jan31), &admin()).await,
        Err(Error::NotFound(_))
    ));

    let s =
        g.start_subscription(&sub(&d.id, charity("c1", "Red Cross"), 1_000, "monthly", jan31), &admin()).await.unwrap();
    assert_eq!((s.status.as_str(), s.currency.as_str(), s.charges_count), ("active", "USD", 0));
    assert_eq!(s.next_charge_at, fees::month_start(2026, 2) + 27 * 86_400_000); // Feb 28
    assert_eq!(g.figures(2026).await.unwrap().active_subscriptions, 1);

    let t = g.charge_subscription(&charge(&s.id, "ch-1", s.next_charge_at), &admin()).await.unwrap();
    assert_eq!(
        (t.kind.as_str(), t.subscription_id.as_str(), t.amount_cents, t.payment_method.as_str()),
        ("recurring", s.id.as_str(), 1_000, "ach")
    );
    assert_eq!((t.processing_fee_cents, t.service_charge_cents, t.net_cents), (29, 50, 921));
    // The same charge again answers the first transaction and changes nothing.
    assert_eq!(g.charge_subscription(&charge(&s.id, "ch-1", s.next_charge_at), &admin()).await.unwrap(), t);
    let after = g.get_subscription(&s.id).await.unwrap();
    assert_eq!((after.charges_count, after.next_charge_at), (1, fees::month_start(2026, 3) + 27 * 86_400_000));
    g.charge_subscription(&charge(&s.id, "ch-2", after.next_charge_at), &admin()).await.unwrap();
    assert_eq!(scalar(&g, &format!("SELECT months_subscribed FROM donors WHERE id = '{}'", d.id)).await, 2);
    let got = g.get_donor(&d.id).await.unwrap();
    assert_eq!((got.total_given_cents, got.donations_count), (2_000, 2));

    // A yearly subscription counts twelve months per charge.
    let y =
        g.start_subscription(&sub(&d.id, charity("c2", "Food Bank"), 12_000, "yearly", jan31), &admin()).await.unwrap();
    assert_eq!(y.next_charge_at, fees::add_months(jan31, 12));
    g.charge_subscription(&charge(&y.id, "ch-y", 0), &admin()).await.unwrap();
    assert_eq!(scalar(&g, &format!("SELECT months_subscribed FROM donors WHERE id = '{}'", d.id)).await, 14);

    // The subscribed tab: one row per donor and recipient, recurring totals.
    let (rows, total) = g.list_donor_totals(&page(1, 10, "ann", "totalAmount", "desc"), true).await.unwrap();
    assert_eq!(total, 2);
    assert_eq!(
        rows.iter().map(|r| (r.name.as_str(), r.total_amount_cents, r.subscribed_donor_count)).collect::<Vec<_>>(),
        [("Food Bank", 12_000, 1), ("Red Cross", 2_000, 1)]
    );
    assert_eq!(g.list_donor_totals(&page(1, 10, "zed", "", ""), true).await.unwrap().1, 0);
    let (rows, _) = g.list_donor_totals(&page(1, 10, "", "name", "asc"), true).await.unwrap();
    assert_eq!(rows[0].name, "Food Bank");
    assert_eq!(field(g.list_donor_totals(&page(1, 10, "", "password", ""), true).await.unwrap_err()), "column");
    assert_eq!(g.list_donor_totals(&page(1, 10, "", "", ""), false).await.unwrap().1, 0);

    // Cancel once; a cancelled subscription is neither cancelled again nor charged.
    let c = g.cancel_subscription(&s.id, &admin()).await.unwrap();
    assert_eq!((c.status.as_str(), c.cancelled_at > 0), ("cancelled", true));
    assert_eq!(
        message(g.cancel_subscription(&s.id, &admin()).await.unwrap_err()),
        "The subscription is already cancelled"
    );
    assert_eq!(
        message(g.charge_subscription(&charge(&s.id, "ch-3", 0), &admin()).await.unwrap_err()),
        "Only an active subscription can be charged"
    );
    assert!(
        matches!(g.cancel_subscription("nope", &admin()).await, Err(Error::NotFound(m)) if m == "Subscription not found")
    );
    assert!(
        matches!(g.charge_subscription(&charge("nope", "ch-4", 0), &admin()).await, Err(Error::NotFound(m)) if m == "Subscription not found")
    );
    assert_eq!(g.figures(2026).await.unwrap().active_subscriptions, 1);

    // Refunding a monthly charge takes its month back.
    g.refund_transaction(&t.id, &admin()).await.unwrap();
    assert_eq!(scalar(&g, &format!("SELECT months_subscribed FROM donors WHERE id = '{}'", d.id)).await, 13);

    let detail = g.donor_details(&d.id).await.unwrap();
    assert_eq!(detail.donor.id, d.id);
    assert_eq!(detail.subscriptions.len(), 2);
    assert_eq!(detail.recent_transactions.len(), 3);
    assert!(detail.recent_transactions.windows(2).all(|w| w[0].created_at >= w[1].created_at));
    assert!(matches!(g.donor_details("nope").await, Err(Error::NotFound(m)) if m == "Donor not found"));
    let kinds = events(&g).await;
    for k in ["giving.subscription.started", "giving.subscription.charged", "giving.subscription.cancelled"] {
        assert!(kinds.iter().any(|e| e == k), "{k} in {kinds:?}");
    }
    assert_eq!(kinds.iter().filter(|e| *e == "giving.subscription.charged").count(), 3);
}

async fn the_profile_shows_the_ten_newest_transactions(g: Giving) {
    let d = donor(&g, "Ann", "Doe").await;
    for i in 0..12 {
        g.record_donation(
            &giving::donations::DonationInput {
                created_at: 1_000_000 + i,
                ..gift(&d.id, charity("c1", "Red Cross"), 100 + i, &format!("r{i}"))
            },
            &admin(),
        )
        .await
        .unwrap();
    }
    let detail = g.donor_details(&d.id).await.unwrap();
    assert_eq!(detail.recent_transactions.len(), 10);
    assert_eq!(detail.recent_transactions[0].provider_reference, "r11");
    assert_eq!(detail.recent_transactions[9].provider_reference, "r2");
}

/// The subscribed tab sorted by its subscription count (migration 0011's partial index on
/// PostgreSQL), both ways, ties by donor then recipient; one-time pairs never show.
async fn the_subscribed_tab_sorts_by_subscription_count(g: Giving) {
    let ann = donor(&g, "Ann", "Doe").await;
    let bob = donor(&g, "Bob", "Roe").await;
    for (d, to, n) in [
        (&ann, charity("c1", "Red Cross"), 3),
        (&bob, charity("c2", "Food Bank"), 1),
        (&bob, charity("c1", "Red Cross"), 2),
    ] {
        for _ in 0..n {
            g.start_subscription(&sub(&d.id, to.clone(), 500, "monthly", 1_000_000), &admin()).await.unwrap();
        }
    }
    g.record_donation(&gift(&ann.id, charity("c3", "Shelter"), 100, "once"), &admin()).await.unwrap();
    let order = |rows: Vec<giving::donor_totals_store::DonorTotalsRow>| {
        rows.iter().map(|r| (r.name.clone(), r.subscribed_donor_count)).collect::<Vec<_>>()
    };
    let (rows, total) = g.list_donor_totals(&page(1, 10, "", "subscribedDonorCount", "descend"), true).await.unwrap();
    assert_eq!(total, 3);
    assert_eq!(order(rows), [("Red Cross".to_string(), 3), ("Red Cross".to_string(), 2), ("Food Bank".to_string(), 1)]);
    let (rows, _) = g.list_donor_totals(&page(1, 2, "", "subscribedDonorCount", "ascend"), true).await.unwrap();
    assert_eq!(order(rows), [("Food Bank".to_string(), 1), ("Red Cross".to_string(), 2)]);
    let (rows, total) = g.list_donor_totals(&page(1, 10, "", "subscribedDonorCount", "descend"), false).await.unwrap();
    assert_eq!((total, order(rows)), (1, vec![("Shelter".to_string(), 0)]));
}

common::on_both_backends! { MIGRATIONS, giving;
    the_subscribed_tab_sorts_by_subscription_count => the_subscribed_tab_sorts_by_subscription_count_on_sqlite, the_subscribed_tab_sorts_by_subscription_count_on_postgres;
    subscriptions_start_charge_and_cancel => subscriptions_start_charge_and_cancel_on_sqlite, subscriptions_start_charge_and_cancel_on_postgres;
    the_profile_shows_the_ten_newest_transactions => the_profile_shows_the_ten_newest_transactions_on_sqlite, the_profile_shows_the_ten_newest_transactions_on_postgres;
}
