//! One recipient's figures (a nonprofit admin's dashboard) on SQLite and PostgreSQL: donations
//! to two nonprofits, each one's figures equal to what its rows say (the plain queries over
//! the transactions, donors and subscriptions), through back-dated gifts, refunds,
//! subscriptions, a donor's deletion and a rebuild; the platform's figures stay the sum.

mod support;

use giving::app::MIGRATIONS;
use giving::donations::{ChargeInput, DonationInput};
use giving::fees::{self, month_start};
use giving::figures::{MonthFigures, RecipientFigures};
use giving::service::Giving;
use giving::store::Donor;
use giving::subscriptions::SubscriptionInput;
use std::collections::{BTreeMap, HashSet};
use support::*;

const DAY: i64 = 86_400_000;

/// What the rows say of `recipient`: its succeeded transactions, its donors (existing donors
/// with one, counted in the month of their first) and its active subscriptions.
async fn truth(g: &Giving, recipient: &str, year: i32) -> RecipientFigures {
    let gifts: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT donor_id, created_at, amount_cents FROM transactions WHERE recipient_id = $1 AND status = 'succeeded'",
    )
    .bind(recipient)
    .fetch_all(&g.db.pool)
    .await
    .unwrap();
    let donors: HashSet<String> =
        sqlx::query_scalar("SELECT id FROM donors").fetch_all(&g.db.pool).await.unwrap().into_iter().collect();
    let active: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM subscriptions WHERE recipient_id = $1 AND status = 'active'")
            .bind(recipient)
            .fetch_one(&g.db.pool)
            .await
            .unwrap();
    let mut firsts: BTreeMap<&str, i64> = BTreeMap::new();
    for (donor, at, _) in gifts.iter().filter(|(d, _, _)| donors.contains(d)) {
        let first = firsts.entry(donor).or_insert(*at);
        *first = (*first).min(*at);
    }
    let months = (1..=12)
        .map(|month| {
            let here = |at: i64| fees::year_month(at) == (year, month);
            MonthFigures {
                month,
                new_donors: firsts.values().filter(|at| here(**at)).count() as i64,
                donations: gifts.iter().filter(|(_, at, _)| here(*at)).count() as i64,
                amount_cents: gifts.iter().filter(|(_, at, _)| here(*at)).map(|(_, _, c)| c).sum(),
            }
        })
        .collect();
    RecipientFigures {
        donors: firsts.len() as i64,
        donations: gifts.len() as i64,
        amount_cents: gifts.iter().map(|(_, _, c)| c).sum(),
        active_subscriptions: active,
        months,
    }
}

/// Each recipient's kept figures equal what its rows say, for each year asked.
async fn agree(g: &Giving, what: &str) {
    for recipient in ["c1", "c2", "k1", "nothing"] {
        for year in [2025, 2026] {
            assert_eq!(
                g.recipient_figures(recipient, year).await.unwrap(),
                truth(g, recipient, year).await,
                "{recipient} {year} {what}"
            );
        }
    }
}

async fn gift_at(
    g: &Giving,
    d: &Donor,
    to: &str,
    cents: i64,
    reference: &str,
    at: i64,
) -> giving::transaction::Transaction {
    let name = if to == "c1" { "Clearwater Wells" } else { "Harbor Food Bank" };
    g.record_donation(&DonationInput { created_at: at, ..gift(&d.id, charity(to, name), cents, reference) }, &admin())
        .await
        .unwrap()
}

/// (donors, donations, amount, active subscriptions) of a recipient.
async fn totals(g: &Giving, recipient: &str) -> (i64, i64, i64, i64) {
    let f = g.recipient_figures(recipient, 2026).await.unwrap();
    (f.donors, f.donations, f.amount_cents, f.active_subscriptions)
}

/// Donors of `recipient` by month of 2026 (January first).
async fn new_donors(g: &Giving, recipient: &str, year: i32) -> Vec<i64> {
    g.recipient_figures(recipient, year).await.unwrap().months.iter().map(|m| m.new_donors).collect()
}

fn only(month: usize, n: i64) -> Vec<i64> {
    (1..=12).map(|m| if m == month { n } else { 0 }).collect()
}

async fn each_nonprofit_gets_its_own_figures(g: Giving) {
    let (jan, feb, mar) =
        (month_start(2026, 1) + 4 * DAY, month_start(2026, 2) + 9 * DAY, month_start(2026, 3) + 2 * DAY);
    let ann = donor(&g, "Ann", "Doe").await;
    let bob = donor(&g, "Bob", "Roe").await;
    let cy = donor(&g, "Cy", "Poe").await;

    // Ann gives to c1 twice and to c2 once; Bob to c1; Cy's gift to c2 is refunded; a pending
    // gift counts for nobody.
    gift_at(&g, &ann, "c1", 1_000, "a1", jan).await;
    gift_at(&g, &ann, "c1", 500, "a2", mar).await;
    gift_at(&g, &ann, "c2", 700, "a3", feb).await;
    gift_at(&g, &bob, "c1", 900, "b1", feb).await;
    let refunded = gift_at(&g, &cy, "c2", 400, "c1", mar).await;
    g.record_donation(
        &DonationInput {
            status: "pending".into(),
            created_at: feb,
            ..gift(&cy.id, charity("c1", "Clearwater Wells"), 300, "c2")
        },
        &admin(),
    )
    .await
    .unwrap();
    assert_eq!(totals(&g, "c1").await, (2, 3, 2_400, 0));
    assert_eq!(totals(&g, "c2").await, (2, 2, 1_100, 0));
    assert_eq!(
        new_donors(&g, "c1", 2026).await,
        [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
        "Ann in January, Bob in February"
    );
    let c1 = g.recipient_figures("c1", 2026).await.unwrap();
    assert_eq!(c1.months[2], MonthFigures { month: 3, new_donors: 0, donations: 1, amount_cents: 500 });
    agree(&g, "after the gifts").await;

    g.refund_transaction(&refunded.id, &admin()).await.unwrap();
    assert_eq!(totals(&g, "c2").await, (1, 1, 700, 0), "a refund that leaves Cy without a gift takes Cy away");
    assert_eq!(new_donors(&g, "c2", 2026).await, only(2, 1));

    // A back-dated gift (December) moves Ann to its month; refunding it moves Ann back to her
    // next first gift (January).
    let dec = month_start(2025, 12) + 20 * DAY;
    let early = gift_at(&g, &ann, "c1", 200, "a4", dec).await;
    assert_eq!((new_donors(&g, "c1", 2025).await, new_donors(&g, "c1", 2026).await), (only(12, 1), only(2, 1)));
    agree(&g, "after a back-dated gift").await;
    g.refund_transaction(&early.id, &admin()).await.unwrap();
    assert_eq!(
        (new_donors(&g, "c1", 2025).await, new_donors(&g, "c1", 2026).await),
        (only(12, 0), [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0].to_vec())
    );
    // Refunding Ann's first (January) gift: March's is her first now.
    let first = sqlx::query_scalar::<_, String>("SELECT id FROM transactions WHERE provider_reference = 'a1'")
        .fetch_one(&g.db.pool)
        .await
        .unwrap();
    g.refund_transaction(&first, &admin()).await.unwrap();
    assert_eq!(new_donors(&g, "c1", 2026).await, [0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    agree(&g, "after refunds").await;

    // Subscriptions: Bob's to c1 (charged twice), Cy's to the cause k1 cancelled.
    let started = month_start(2026, 1) + 14 * DAY;
    let sub = |d: &Donor, to, name: &str| SubscriptionInput {
        donor_id: d.id.clone(),
        recipient: giving::gifts::Recipient {
            kind: if to == "k1" { "cause".into() } else { "charity".into() },
            id: String::from(to),
            name: name.into(),
        },
        amount_cents: 1_500,
        currency: "USD".into(),
        interval: "monthly".into(),
        started_at: started,
    };
    let s = g.start_subscription(&sub(&bob, "c1", "Clearwater Wells"), &admin()).await.unwrap();
    for (i, at) in [s.next_charge_at, fees::add_months(s.next_charge_at, 1)].into_iter().enumerate() {
        let c = ChargeInput {
            subscription_id: s.id.clone(),
            payment_method: "card".into(),
            provider_reference: format!("s{i}"),
            charged_at: at,
        };
        g.charge_subscription(&c, &admin()).await.unwrap();
    }
    let k = g.start_subscription(&sub(&cy, "k1", "Clean Water"), &admin()).await.unwrap();
    assert_eq!(totals(&g, "k1").await.3, 1);
    g.cancel_subscription(&k.id, &admin()).await.unwrap();
    assert_eq!(totals(&g, "c1").await, (2, 4, 4_400, 1));
    assert_eq!(totals(&g, "k1").await, (0, 0, 0, 0));
    agree(&g, "after the subscriptions").await;

    // Deleting Bob: he leaves c1's donors and his subscription ends; his gifts stay counted,
    // also when one is refunded later.
    g.delete_donor(&bob.id, &admin()).await.unwrap();
    assert_eq!(totals(&g, "c1").await, (1, 4, 4_400, 0));
    let bobs = sqlx::query_scalar::<_, String>("SELECT id FROM transactions WHERE provider_reference = 'b1'")
        .fetch_one(&g.db.pool)
        .await
        .unwrap();
    g.refund_transaction(&bobs, &admin()).await.unwrap();
    assert_eq!(totals(&g, "c1").await, (1, 3, 3_500, 0));
    agree(&g, "after a donor's deletion").await;

    // The platform's figures hold both nonprofits' and the rest; a rebuild changes nothing.
    let all = g.figures(2026).await.unwrap();
    assert_eq!((all.donations, all.amount_cents), (4, 4_200));
    let before = [totals(&g, "c1").await, totals(&g, "c2").await];
    let months = (new_donors(&g, "c1", 2026).await, g.recipient_figures("c2", 2026).await.unwrap().months);
    giving::rollups::rebuild(&g.db).await.unwrap();
    assert_eq!([totals(&g, "c1").await, totals(&g, "c2").await], before);
    assert_eq!((new_donors(&g, "c1", 2026).await, g.recipient_figures("c2", 2026).await.unwrap().months), months);
    agree(&g, "after a rebuild").await;

    // The checks of the call.
    assert_eq!(field(g.recipient_figures(" ", 2026).await.unwrap_err()), "recipientId");
    assert_eq!(field(g.recipient_figures("c1", 1999).await.unwrap_err()), "year");
    assert_eq!(g.recipient_figures("c1", 0).await.unwrap().months.len(), 12, "0: this year");
}

common::on_both_backends! { MIGRATIONS, giving;
    each_nonprofit_gets_its_own_figures => each_nonprofit_gets_its_own_figures_on_sqlite, each_nonprofit_gets_its_own_figures_on_postgres;
}
