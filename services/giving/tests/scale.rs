//! What the transaction list keeps to stay fast at 10,000,000 rows (day counts, recipients,
//! the donor-name trigram index) and the rebuild of every kept total, on SQLite and
//! PostgreSQL: each answer is compared with the plain query over the transactions.

mod support;

use giving::app::MIGRATIONS;
use giving::donations::TxQuery;
use giving::seed::{SeedOptions, demo_recipients, seed};
use giving::service::Giving;
use giving::tx_index::{BROAD_TOTAL_CAP, DAY_MS};
use support::*;

/// Every kept table, as rows of text (compared before and after a rebuild).
async fn kept(g: &Giving) -> Vec<Vec<String>> {
    let queries = [
        "SELECT id || ':' || total_given_cents || ':' || donations_count || ':' || months_subscribed FROM donors ORDER BY id",
        "SELECT donor_id || ':' || recipient_id || ':' || one_time_count || ':' || one_time_cents || ':' || recurring_cents || ':' || subscriptions_count \
         FROM donor_recipients WHERE one_time_count <> 0 OR recurring_cents <> 0 OR subscriptions_count <> 0 ORDER BY donor_id, recipient_id",
        "SELECT year || '-' || month || ':' || SUM(new_donors) || ':' || SUM(donations) || ':' || SUM(amount_cents) FROM months \
         GROUP BY year, month HAVING SUM(new_donors) <> 0 OR SUM(donations) <> 0 OR SUM(amount_cents) <> 0 ORDER BY year, month",
        "SELECT donor_id || ':' || recipient_id || ':' || donor_name_key FROM donor_recipients ORDER BY donor_id, recipient_id",
        "SELECT day || ':' || status || ':' || type || ':' || recipient_type || ':' || CAST(SUM(n) AS BIGINT) FROM tx_days \
         GROUP BY day, status, type, recipient_type HAVING SUM(n) <> 0 ORDER BY day, status, type, recipient_type",
        "SELECT id || ':' || type || ':' || name_key FROM recipients ORDER BY id",
        "SELECT donor_id || ':' || recipient_id || ':' || first_given_at FROM donor_recipients WHERE first_given_at <> 0 ORDER BY donor_id, recipient_id",
        "SELECT recipient_id || ':' || year || '-' || month || ':' || SUM(new_donors) || ':' || SUM(donations) || ':' || SUM(amount_cents) \
         || ':' || SUM(subscriptions) FROM recipient_months GROUP BY recipient_id, year, month \
         HAVING SUM(new_donors) <> 0 OR SUM(donations) <> 0 OR SUM(amount_cents) <> 0 OR SUM(subscriptions) <> 0 ORDER BY recipient_id, year, month",
    ];
    let mut out = vec![];
    for q in queries {
        out.push(sqlx::query_scalar(q).fetch_all(&g.db.pool).await.unwrap());
    }
    // Counters summed over their rows; the receipt sequence is never rewritten.
    let mut c = g.db.pool.acquire().await.unwrap();
    let counters = giving::counters_store::counters(&mut c).await.unwrap();
    out.push(counters.into_iter().filter(|(n, _)| n != "receipts").map(|(n, v)| format!("{n}:{v}")).collect());
    out
}

async fn a_rebuild_after_real_use_changes_nothing(g: Giving) {
    // Donations, refunds, subscriptions and their charges, made through the domain.
    let now = giving::fees::month_start(2026, 11) + 12 * DAY_MS;
    seed(&g, &demo_recipients(), &SeedOptions { donors: 15, years: 2, seed: 3, now }).await.unwrap();
    let before = kept(&g).await;
    assert!(before.iter().all(|t| !t.is_empty()), "every kept table holds rows: {before:?}");
    let r = giving::rollups::rebuild(&g.db).await.unwrap();
    assert_eq!(r.donors, 15);
    assert_eq!(kept(&g).await, before);
    // A damaged total is repaired.
    sqlx::query("UPDATE donors SET total_given_cents = 1").execute(&g.db.pool).await.unwrap();
    sqlx::query("DELETE FROM tx_days").execute(&g.db.pool).await.unwrap();
    sqlx::query("UPDATE counters SET value = 7").execute(&g.db.pool).await.unwrap();
    giving::rollups::rebuild(&g.db).await.unwrap();
    assert_eq!(kept(&g).await, before);
}

/// Migration 0012 run on a database in use (the upgrade) fills each recipient's months and
/// each pair's first gift as the writes since keep them.
async fn the_recipient_figures_migration_fills_what_writes_keep(g: Giving) {
    let now = giving::fees::month_start(2026, 11) + 12 * DAY_MS;
    seed(&g, &demo_recipients(), &SeedOptions { donors: 15, years: 2, seed: 5, now }).await.unwrap();
    let before = kept(&g).await;
    // As before the migration: no table, no column (SQLite and PostgreSQL drop a column alike).
    let mut c = g.db.pool.acquire().await.unwrap();
    for undo in ["DROP TABLE recipient_months", "ALTER TABLE donor_recipients DROP COLUMN first_given_at"] {
        sqlx::query(undo).execute(&mut *c).await.unwrap();
    }
    let has = "SELECT COUNT(*) FROM donor_recipients WHERE first_given_at <> 0";
    assert!(sqlx::query(has).execute(&mut *c).await.is_err(), "the column is gone");
    let migration = match g.db.backend {
        common::db::Backend::Sqlite => include_str!("../migrations/sqlite/0012_recipient_figures.sql"),
        common::db::Backend::Postgres => include_str!("../migrations/postgres/0012_recipient_figures.sql"),
    };
    sqlx::raw_sql(migration).execute(&mut *c).await.unwrap();
    drop(c);
    assert_eq!(kept(&g).await, before);
}

fn q(page: i64, limit: i64, search: &str, order: &str) -> TxQuery {
    TxQuery { page: support::page(page, limit, search, "createdAt", order), ..Default::default() }
}

/// Ids of a list page, and its total.
async fn ids(g: &Giving, q: &TxQuery) -> (Vec<String>, i64, bool) {
    let p = g.list_transactions(q).await.unwrap();
    (p.items.into_iter().map(|t| t.id).collect(), p.total, p.total_capped)
}

/// Ids in the order the plain query gives them.
async fn plain(g: &Giving, filter: &str) -> Vec<String> {
    let sql = format!("SELECT id FROM transactions WHERE TRUE {filter} ORDER BY created_at DESC, id DESC");
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_all(&g.db.pool).await.unwrap()
}

async fn deep_pages_and_date_totals_read_the_day_counts(g: Giving) {
    let ann = donor(&g, "Ann", "Doe").await;
    // 2,600 donations over 13 days (200 a day, some at the same millisecond), some refunded.
    let start = giving::fees::month_start(2026, 3);
    let mut refs = vec![];
    for i in 0..2_600i64 {
        let mut input = gift(&ann.id, charity(&format!("c{}", i % 3), "Red Cross"), 100 + i, &format!("r{i}"));
        input.created_at = start + (i / 200) * DAY_MS + (i % 200) / 2 * 800_000;
        let t = g.record_donation(&input, &admin()).await.unwrap();
        if i % 10 == 0 {
            refs.push(t.id);
        }
    }
    for id in refs.iter().take(50) {
        g.refund_transaction(id, &admin()).await.unwrap();
    }
    let all = plain(&g, "").await;
    assert_eq!(all.len(), 2_600);
    // Deep pages (past the first 2,000 rows: read from the day counts), both orders.
    for page in [1, 2, 150, 201, 230, 260, 261] {
        let (got, total, capped) = ids(&g, &q(page, 10, "", "descend")).await;
        let from = ((page - 1) * 10) as usize;
        assert_eq!(got, all[from.min(all.len())..(from + 10).min(all.len())].to_vec(), "page {page}");
        assert_eq!((total, capped), (2_600, false));
        let (got, _, _) = ids(&g, &q(page, 10, "", "ascend")).await;
        let mut asc: Vec<String> = all.clone();
        asc.reverse();
        assert_eq!(got, asc[from.min(asc.len())..(from + 10).min(asc.len())].to_vec(), "page {page} ascending");
    }
    // A date range that starts and ends inside days, with a status: exact total, exact pages.
    let (from, to) = (start + 2 * DAY_MS + 7_000_000, start + 11 * DAY_MS + 20_000_000);
    let filter = format!("AND created_at >= {from} AND created_at <= {to} AND status = 'succeeded'");
    let expected = plain(&g, &filter).await;
    for page in [1, 3, 205] {
        let mut query = q(page, 10, "", "descend");
        (query.filter.from, query.filter.to, query.filter.status) = (from, to, "succeeded".into());
        let (got, total, _) = ids(&g, &query).await;
        let at = ((page - 1) * 10) as usize;
        assert_eq!(total, expected.len() as i64);
        assert_eq!(
            got,
            expected[at.min(expected.len())..(at + 10).min(expected.len())].to_vec(),
            "filtered page {page}"
        );
    }
    // A narrow search reads each matched donor's and recipient's newest rows by index, then
    // pages their union: the same rows, once each, as the plain query.
    for (search, filter) in [("ann doe", ""), ("red cross", ""), ("ann", "AND status = 'refunded'")] {
        let expected = plain(&g, filter).await;
        for page in [1, 7, 30] {
            let mut query = q(page, 10, search, "descend");
            if !filter.is_empty() {
                query.filter.status = "refunded".into();
            }
            let (got, total, _) = ids(&g, &query).await;
            let at = ((page - 1) * 10) as usize;
            assert_eq!(total, expected.len() as i64, "{search} total");
            assert_eq!(
                got,
                expected[at.min(expected.len())..(at + 10).min(expected.len())].to_vec(),
                "{search} page {page}"
            );
        }
    }
    // The export reads in batches past the last row sent: every row once, in order, both ways.
    for (order, expected) in [("descend", all.clone()), ("ascend", all.iter().rev().cloned().collect())] {
        let (tx, mut rx) = tokio::sync::mpsc::channel::<giving::transaction::Transaction>(16);
        let (g2, query) = (g.clone(), q(1, 10, "", order));
        let reader = tokio::spawn(async move {
            let mut got = vec![];
            while let Some(t) = rx.recv().await {
                got.push(t.id);
            }
            got
        });
        g2.export_transactions(&query, tx).await.unwrap();
        assert_eq!(reader.await.unwrap(), expected, "export {order}");
    }
    let mut refunded = q(1, 100, "", "descend");
    refunded.filter.status = "refunded".into();
    assert_eq!(ids(&g, &refunded).await.1, 50);
}

async fn searches_read_matching_donors_and_recipients(g: Giving) {
    let ann = donor(&g, "Annabel", "Quist").await;
    let bob = donor(&g, "Bob", "Roe").await;
    give(&g, &ann, charity("c1", "Red Cross"), 100, "a1").await;
    give(&g, &bob, charity("c2", "Blue Sky Trust"), 200, "b1").await;
    give(&g, &bob, charity("c1", "Red Cross"), 300, "b2").await;
    // By donor name (substring), by recipient name, by both, and nothing.
    assert_eq!(ids(&g, &q(1, 10, "nabel", "descend")).await.1, 1);
    assert_eq!(ids(&g, &q(1, 10, "cross", "descend")).await.1, 2);
    assert_eq!(ids(&g, &q(1, 10, "ro", "descend")).await.1, 3, "Roe and Red Cross");
    assert_eq!(ids(&g, &q(1, 10, "zzz", "descend")).await.1, 0);
    // A renamed donor is found by its new name.
    let edit = giving::service::DonorInput {
        first_name: "Zelda".into(),
        last_name: "Quist".into(),
        email: ann.email.clone(),
        ..Default::default()
    };
    g.update_donor(&ann.id, &edit, &admin()).await.unwrap();
    assert_eq!(ids(&g, &q(1, 10, "zelda", "descend")).await.1, 1);
}

async fn a_broad_search_counts_up_to_its_cap(g: Giving) {
    // More recipients match than a narrow search reads by index: the names kept on the rows.
    let ann = donor(&g, "Ann", "Doe").await;
    for i in 0..(BROAD_TOTAL_CAP + 20) {
        give(&g, &ann, charity(&format!("c{}", i % 20), &format!("Hope Fund {}", i % 20)), 100, &format!("h{i}")).await;
    }
    let (got, total, capped) = ids(&g, &q(1, 10, "hope", "descend")).await;
    assert_eq!((got.len(), total, capped), (10, BROAD_TOTAL_CAP, true));
    assert_eq!(got, plain(&g, "").await[..10].to_vec());
    // Narrower: one recipient, counted exactly.
    assert_eq!(
        ids(&g, &q(1, 10, "hope fund 7", "descend")).await,
        (ids(&g, &q(1, 10, "hope fund 7", "descend")).await.0, 51, false)
    );
}

async fn a_surname_shared_by_many_donors_pages_as_the_plain_query(g: Giving) {
    // More donors than a page reads one by one (64), among many other rows: the first pages
    // walk the list's order, deep ones read the donors' rows by index; both are the
    // plain query's rows.
    let mut moss = vec![];
    for i in 0..70 {
        let d = donor(&g, &format!("Kim{i}"), "Moss").await;
        give(&g, &d, charity("c1", "Red Cross"), 100 + i, &format!("m{i}a")).await;
        moss.push(d);
    }
    let other = donor(&g, "Pat", "Lee").await;
    for i in 0..300 {
        give(&g, &other, charity("c2", "Blue Sky"), 100 + i, &format!("o{i}")).await;
        if i % 5 == 0 {
            let d = &moss[(i / 5) as usize % moss.len()];
            give(&g, d, charity("c1", "Red Cross"), 50, &format!("m{i}b")).await;
        }
    }
    let list = moss.iter().map(|d| format!("'{}'", d.id)).collect::<Vec<_>>().join(",");
    let expected = plain(&g, &format!("AND donor_id IN ({list})")).await;
    assert_eq!(expected.len(), 130);
    for (page, limit) in [(1, 10), (2, 10), (1, 50), (12, 10), (3, 50)] {
        let (got, total, capped) = ids(&g, &q(page, limit, "moss", "descend")).await;
        let from = ((page - 1) * limit) as usize;
        let want = expected[from.min(expected.len())..(from + limit as usize).min(expected.len())].to_vec();
        assert_eq!((got, total, capped), (want, 130, false), "page {page} of {limit}");
    }
}

/// A tab's rows as "donor name > recipient", and its total.
async fn tab(g: &Giving, subscribed: bool, search: &str) -> (Vec<String>, i64) {
    let (rows, total) =
        g.list_donor_totals(&support::page(1, 50, search, "firstName", "ascend"), subscribed).await.unwrap();
    (rows.into_iter().map(|r| format!("{} {} > {}", r.first_name, r.last_name, r.name)).collect(), total)
}

async fn the_subscribed_donor_tabs_keep_their_counts_and_name_order(g: Giving) {
    let ann = donor(&g, "Ann", "Quist").await;
    let bob = donor(&g, "Bob", "Roe").await;
    let cid = donor(&g, "Cid", "Ames").await;
    for (d, to, r) in [(&ann, "c1", "a1"), (&ann, "c1", "a2"), (&bob, "c2", "b1"), (&cid, "c1", "c1")] {
        give(&g, d, charity(to, &format!("Charity {to}")), 1_000, r).await;
    }
    for (d, to) in [(&bob, "c1"), (&cid, "c2")] {
        let input = giving::subscriptions::SubscriptionInput {
            donor_id: d.id.clone(),
            recipient: charity(to, &format!("Charity {to}")),
            amount_cents: 500,
            interval: "monthly".into(),
            ..Default::default()
        };
        g.start_subscription(&input, &admin()).await.unwrap();
    }
    assert_eq!(
        tab(&g, false, "").await,
        (vec!["Ann Quist > Charity c1".into(), "Bob Roe > Charity c2".into(), "Cid Ames > Charity c1".into()], 3)
    );
    assert_eq!(tab(&g, true, "").await, (vec!["Bob Roe > Charity c1".into(), "Cid Ames > Charity c2".into()], 2));
    // A renamed donor moves in the name order; a search finds it by its new name.
    let edit = giving::service::DonorInput {
        first_name: "Zed".into(),
        last_name: "Quist".into(),
        email: ann.email.clone(),
        ..Default::default()
    };
    g.update_donor(&ann.id, &edit, &admin()).await.unwrap();
    assert_eq!(tab(&g, false, "").await.0.last().unwrap(), "Zed Quist > Charity c1");
    assert_eq!(tab(&g, false, "zed").await, (vec!["Zed Quist > Charity c1".into()], 1));
    assert_eq!(tab(&g, false, "nobody").await, (vec![], 0));
    // A refund that empties a row takes it out of the tab; a deleted donor's rows leave both.
    let refund = g
        .list_transactions(&TxQuery {
            filter: giving::transaction::TxFilter { donor_id: bob.id.clone(), ..Default::default() },
            ..q(1, 10, "", "descend")
        })
        .await
        .unwrap()
        .items;
    g.refund_transaction(&refund.iter().find(|t| t.kind == "one_time").unwrap().id, &admin()).await.unwrap();
    assert_eq!(tab(&g, false, "").await.1, 2);
    g.delete_donor(&cid.id, &admin()).await.unwrap();
    assert_eq!(tab(&g, false, "").await, (vec!["Zed Quist > Charity c1".into()], 1));
    assert_eq!(tab(&g, true, "").await, (vec!["Bob Roe > Charity c1".into()], 1));
    // The kept counts are what a rebuild counts.
    giving::rollups::rebuild(&g.db).await.unwrap();
    assert_eq!((tab(&g, false, "").await.1, tab(&g, true, "").await.1), (1, 1));
}

common::on_both_backends! { MIGRATIONS, giving;
    the_subscribed_donor_tabs_keep_their_counts_and_name_order => the_subscribed_donor_tabs_keep_their_counts_and_name_order_on_sqlite, the_subscribed_donor_tabs_keep_their_counts_and_name_order_on_postgres;
    a_rebuild_after_real_use_changes_nothing => a_rebuild_after_real_use_changes_nothing_on_sqlite, a_rebuild_after_real_use_changes_nothing_on_postgres;
    the_recipient_figures_migration_fills_what_writes_keep => the_recipient_figures_migration_fills_what_writes_keep_on_sqlite, the_recipient_figures_migration_fills_what_writes_keep_on_postgres;
    deep_pages_and_date_totals_read_the_day_counts => deep_pages_and_date_totals_read_the_day_counts_on_sqlite, deep_pages_and_date_totals_read_the_day_counts_on_postgres;
    searches_read_matching_donors_and_recipients => searches_read_matching_donors_and_recipients_on_sqlite, searches_read_matching_donors_and_recipients_on_postgres;
    a_broad_search_counts_up_to_its_cap => a_broad_search_counts_up_to_its_cap_on_sqlite, a_broad_search_counts_up_to_its_cap_on_postgres;
    a_surname_shared_by_many_donors_pages_as_the_plain_query => a_surname_shared_by_many_donors_pages_as_the_plain_query_on_sqlite, a_surname_shared_by_many_donors_pages_as_the_plain_query_on_postgres;
}
