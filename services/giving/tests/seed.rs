//! The demo seed on SQLite and PostgreSQL: made through the domain, deterministic, counted right.

mod support;

use giving::app::MIGRATIONS;
use giving::seed::{SeedOptions, demo_recipients, seed};
use giving::service::Giving;
use support::*;

async fn the_seed_fills_a_consistent_demo_set_once(g: Giving) {
    let now = giving::fees::month_start(2026, 11) + 12 * 86_400_000;
    let opts = SeedOptions { donors: 12, years: 3, seed: 7, now };
    let s = seed(&g, &demo_recipients(), &opts).await.unwrap();
    assert!(!s.skipped);
    assert_eq!((s.donors, s.badges), (12, 5));
    // Giving partners in every state, in each verification state.
    assert_eq!(s.partners, 100);
    assert_eq!(scalar(&g, "SELECT COUNT(DISTINCT state) FROM partners").await, 50);
    assert_eq!(scalar(&g, "SELECT COUNT(DISTINCT admin_verification) FROM partners").await, 3);
    assert!(s.donations + s.charges > 12, "{s:?}");
    // Everything the counters and rollups say is what the transactions hold.
    let counted = scalar(&g, "SELECT COUNT(*) FROM transactions WHERE status = 'succeeded'").await;
    let amount = scalar(
        &g,
        "SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) FROM transactions WHERE status = 'succeeded'",
    )
    .await;
    let mut months_total = (0, 0, 0);
    for year in 2023..=2026 {
        for m in g.figures(year).await.unwrap().months {
            months_total =
                (months_total.0 + m.new_donors, months_total.1 + m.donations, months_total.2 + m.amount_cents);
        }
    }
    let f = g.figures(2026).await.unwrap();
    assert_eq!((f.donors, f.donations, f.amount_cents), (12, counted, amount));
    assert_eq!(months_total, (12, counted, amount));
    assert_eq!(f.active_subscriptions, scalar(&g, "SELECT COUNT(*) FROM subscriptions WHERE status = 'active'").await);
    let given = scalar(&g, "SELECT CAST(SUM(total_given_cents) AS BIGINT) FROM donors").await;
    assert_eq!(given, amount);
    // A second run changes nothing.
    assert!(seed(&g, &demo_recipients(), &opts).await.unwrap().skipped);
    assert_eq!(g.figures(2026).await.unwrap().donors, 12);
}

async fn the_seed_is_deterministic(g: Giving) {
    let now = giving::fees::month_start(2026, 11);
    let opts = SeedOptions { donors: 5, years: 1, seed: 42, now };
    let a = seed(&g, &demo_recipients(), &opts).await.unwrap();
    let names: Vec<String> =
        sqlx::query_scalar("SELECT email FROM donors ORDER BY email").fetch_all(&g.db.pool).await.unwrap();
    let amounts: Vec<i64> = sqlx::query_scalar("SELECT amount_cents FROM transactions ORDER BY provider_reference")
        .fetch_all(&g.db.pool)
        .await
        .unwrap();
    // The same seed on a fresh database gives the same set.
    let other = common::testing::sqlite(&MIGRATIONS).await;
    let g2 = giving(other.db.clone());
    let b = seed(&g2, &demo_recipients(), &opts).await.unwrap();
    assert_eq!(a, b);
    let names2: Vec<String> =
        sqlx::query_scalar("SELECT email FROM donors ORDER BY email").fetch_all(&g2.db.pool).await.unwrap();
    let amounts2: Vec<i64> = sqlx::query_scalar("SELECT amount_cents FROM transactions ORDER BY provider_reference")
        .fetch_all(&g2.db.pool)
        .await
        .unwrap();
    assert_eq!((names, amounts), (names2, amounts2));
}

common::on_both_backends! { MIGRATIONS, giving;
    the_seed_fills_a_consistent_demo_set_once => the_seed_fills_a_consistent_demo_set_once_on_sqlite, the_seed_fills_a_consistent_demo_set_once_on_postgres;
    the_seed_is_deterministic => the_seed_is_deterministic_on_sqlite, the_seed_is_deterministic_on_postgres;
}
