//! Transactions on SQLite and PostgreSQL: validation, fees, idempotency (also concurrent),
//! totals, rollups and counters, refunds, lists and the export, donor deletion, the
//! catalogue's deletions.

mod support;

use common::bus::{Event, EventHandler};
use common::error::Error;
use giving::app::MIGRATIONS;
use giving::donations::{DonationInput, TxQuery};
use giving::gifts::Recipient;
use giving::recipient_deletions;
use giving::service::Giving;
use giving::subscriptions;
use giving::transaction::TxFilter;
use support::*;

async fn bad_donations_get_clear_messages_and_write_nothing(g: Giving) {
    let d = donor(&g, "Ann", "Doe").await;
    let ok = gift(&d.id, charity("c1", "Red Cross"), 1000, "ref-1");
    for (input, f, text) in [
        (
            DonationInput { amount_cents: 0, ..ok.clone() },
            "amountCents",
            "Amount must be between $0.01 and $1,000,000.00",
        ),
        (
            DonationInput { amount_cents: 100_000_001, ..ok.clone() },
            "amountCents",
            "Amount must be between $0.01 and $1,000,000.00",
        ),
        (
            DonationInput { currency: "US".into(), ..ok.clone() },
            "currency",
            "Currency must be a three-letter code such as USD",
        ),
        (
            DonationInput { payment_method: "cash".into(), ..ok.clone() },
            "paymentMethod",
            "Payment method must be one of card, ach, paypal, apple_pay, google_pay",
        ),
        (
            DonationInput { provider_reference: " ".into(), ..ok.clone() },
            "providerReference",
            "Provider reference is required",
        ),
        (
            DonationInput { provider_reference: "x".repeat(201), ..ok.clone() },
            "providerReference",
            "Provider reference must be at most 200 characters",
        ),
        (
            DonationInput { recipient: Recipient { kind: "shop".into(), ..charity("c1", "Red Cross") }, ..ok.clone() },
            "recipientType",
            "Please choose a recipient type (charity, community or cause)",
        ),
        (
            DonationInput { recipient: charity("", "Red Cross"), ..ok.clone() },
            "recipientId",
            "Please choose a recipient",
        ),
        (
            DonationInput { recipient: charity("c1", ""), ..ok.clone() },
            "recipientName",
            "Please enter the recipient's name",
        ),
        (
            DonationInput { status: "refunded".into(), ..ok.clone() },
            "status",
            "Status must be succeeded, pending or failed",
        ),
    ] {
        let e = g.record_donation(&input, &admin()).await.unwrap_err();
        assert_eq!((field(e), f), (f.to_string(), f));
        assert_eq!(message(g.record_donation(&input, &admin()).await.unwrap_err()), text);
    }
    assert!(
        matches!(g.record_donation(&DonationInput { donor_id: "nobody".into(), ..ok.clone() }, &admin()).await, Err(Error::NotFound(m)) if m == "Donor not found")
    );
    g.set_donor_active(&d.id, false, &admin()).await.unwrap();
    assert_eq!(message(g.record_donation(&ok, &admin()).await.unwrap_err()), "The donor is inactive");
    assert_eq!(scalar(&g, "SELECT COUNT(*) FROM transactions").await, 0);
    assert_eq!(
        scalar(&g, "SELECT CAST(COALESCE(SUM(value), 0) AS BIGINT) FROM counters WHERE name LIKE 'donations%'").await,
        0
    );
    assert!(!events(&g).await.iter().any(|e| e.starts_with("giving.transaction")));
    // Refused donations took no receipt number.
    g.set_donor_active(&d.id, true, &admin()).await.unwrap();
    assert!(g.record_donation(&ok, &admin()).await.unwrap().receipt_number.ends_with("-000001"));
}

async fn a_donation_is_stored_with_its_fees_totals_rollups_and_counters(g: Giving) {
    let d = donor(&g, "Ann", "Doe").await;
    // Settings default to 2.90 % processing and 5.00 % service charge.
    let t = g
        .record_donation(
            &DonationInput {
                created_at: 1_767_225_600_000 + 5 * 86_400_000,
                ..gift(&d.id, charity("c1", "Red Cross"), 1_050, "ref-1")
            },
            &admin(),
        )
        .await
        .unwrap();
    assert_eq!((t.processing_fee_bp, t.service_charge_bp), (290, 500));
    assert_eq!((t.processing_fee_cents, t.service_charge_cents, t.net_cents), (30, 53, 967)); // 30.45 -> 30, 52.5 -> 53
    assert_eq!(
        (t.currency.as_str(), t.status.as_str(), t.kind.as_str(), t.donor_name.as_str()),
        ("USD", "succeeded", "one_time", "Ann Doe")
    );
    assert_eq!(t.receipt_number, "GC-2026-000001");
    assert_eq!(g.get_transaction(&t.id).await.unwrap(), t);
    let t2 = give(&g, &d, charity("c1", "Red Cross"), 2_000, "ref-2").await;
    assert!(t2.receipt_number.ends_with("-000002"), "{}", t2.receipt_number);
    // A pending payment is stored but counts for nothing yet.
    let p = g
        .record_donation(
            &DonationInput { status: "pending".into(), ..gift(&d.id, charity("c1", "Red Cross"), 999, "ref-3") },
            &admin(),
        )
        .await
        .unwrap();
    assert_eq!(p.status, "pending");

    let got = g.get_donor(&d.id).await.unwrap();
    assert_eq!((got.total_given_cents, got.donations_count), (3_050, 2));
    let f = g.figures(2026).await.unwrap();
    assert_eq!((f.donors, f.active_donors, f.donations, f.amount_cents), (1, 1, 2, 3_050));
    assert_eq!(f.months.len(), 12);
    assert_eq!((f.months[0].month, f.months[0].donations, f.months[0].amount_cents), (1, 1, 1_050));
    let this_month = giving::fees::year_month(common::now_ms());
    if this_month.0 == 2026 {
        let m = &f.months[(this_month.1 - 1) as usize];
        assert_eq!((m.new_donors, m.donations), (1, if this_month.1 == 1 { 2 } else { 1 }));
    }
    let (rows, total) = g.list_donor_totals(&page(1, 10, "", "", ""), false).await.unwrap();
    assert_eq!(total, 1);
    assert_eq!(
        (rows[0].name.as_str(), rows[0].total_amount_cents, rows[0].first_name.as_str()),
        ("Red Cross", 3_050, "Ann")
    );
    assert_eq!(g.list_donor_totals(&page(1, 10, "", "", ""), true).await.unwrap().1, 0);
    let recorded = bodies(&g, "giving.transaction.recorded").await;
    assert_eq!(recorded.len(), 3);
    assert_eq!(recorded[0]["actor"]["id"], "admin-1");
    assert_eq!(recorded[0]["payload"]["amountCents"], 1_050);

    // A refund takes it all back, once.
    let r = g.refund_transaction(&t2.id, &admin()).await.unwrap();
    assert_eq!((r.status.as_str(), r.refunded_at > 0), ("refunded", true));
    assert_eq!(g.get_transaction(&t2.id).await.unwrap(), r);
    let e = g.refund_transaction(&t2.id, &admin()).await.unwrap_err();
    assert_eq!(message(e), "Only a succeeded transaction can be refunded (this one is refunded)");
    assert_eq!(
        message(g.refund_transaction(&p.id, &admin()).await.unwrap_err()),
        "Only a succeeded transaction can be refunded (this one is pending)"
    );
    assert!(
        matches!(g.refund_transaction("nope", &admin()).await, Err(Error::NotFound(m)) if m == "Transaction not found")
    );
    assert!(matches!(g.get_transaction("nope").await, Err(Error::NotFound(m)) if m == "Transaction not found"));
    let got = g.get_donor(&d.id).await.unwrap();
    assert_eq!((got.total_given_cents, got.donations_count), (1_050, 1));
    let f = g.figures(2026).await.unwrap();
    assert_eq!((f.donations, f.amount_cents), (1, 1_050));
    assert_eq!(f.months.iter().map(|m| m.amount_cents).sum::<i64>(), 1_050);
    assert_eq!(g.list_donor_totals(&page(1, 10, "", "", ""), false).await.unwrap().0[0].total_amount_cents, 1_050);
    assert_eq!(bodies(&g, "giving.transaction.refunded").await.len(), 1);
    assert_eq!(message(g.figures(1999).await.unwrap_err()), "Please choose a valid year");
    assert_eq!(g.figures(0).await.unwrap(), g.figures(giving::fees::year_month(common::now_ms()).0).await.unwrap());
}

async fn a_repeated_provider_reference_answers_the_first_record(g: Giving) {
    let d = donor(&g, "Ann", "Doe").await;
    let first = give(&g, &d, charity("c1", "Red Cross"), 1_000, "dup").await;
    let again = give(&g, &d, charity("c2", "Other"), 5_000, "dup").await;
    assert_eq!(again, first);
    // The redelivery took no receipt number: the next donation's follows the first's.
    let next = give(&g, &d, charity("c1", "Red Cross"), 100, "next").await;
    assert_eq!((first.receipt_number.get(8..), next.receipt_number.get(8..)), (Some("000001"), Some("000002")));
    // Twenty deliveries at once: one row, counted once.
    let mut tasks = Vec::new();
    for _ in 0..20 {
        let g = g.clone();
        let id = d.id.clone();
        tasks.push(tokio::spawn(async move {
            g.record_donation(&gift(&id, charity("c1", "Red Cross"), 700, "burst"), &admin()).await
        }));
    }
    let mut ids = Vec::new();
    for t in tasks {
        ids.push(t.await.unwrap().unwrap().id);
    }
    ids.dedup();
    assert_eq!(ids.len(), 1);
    assert_eq!(scalar(&g, "SELECT COUNT(*) FROM transactions WHERE provider_reference = 'burst'").await, 1);
    let got = g.get_donor(&d.id).await.unwrap();
    assert_eq!((got.total_given_cents, got.donations_count), (1_800, 3));
    let f = g.figures(giving::fees::year_month(common::now_ms()).0).await.unwrap();
    assert_eq!((f.donations, f.amount_cents), (3, 1_800));
    assert_eq!(bodies(&g, "giving.transaction.recorded").await.len(), 3);
}

/// A page as (rows, total), for comparing.
fn listed(p: giving::tx_index::TxPage) -> (Vec<giving::transaction::Transaction>, i64) {
    (p.items, p.total)
}

fn tq(p: common::paging::Page) -> TxQuery {
    TxQuery { page: p, ..Default::default() }
}

/// The page `p` with `filter`.
fn tf(p: common::paging::Page, filter: TxFilter) -> TxQuery {
    TxQuery { page: p, filter }
}

async fn lists_filter_search_sort_page_and_stream(g: Giving) {
    let ann = donor(&g, "Ann", "Doe").await;
    let bob = donor(&g, "Bob", "Zed").await;
    let day = 86_400_000;
    let base = 1_767_225_600_000; // 2026-01-01
    let rec = |d: &giving::store::Donor, to: Recipient, cents: i64, r: &str, at: i64, status: &str| DonationInput {
        created_at: at,
        status: status.into(),
        ..gift(&d.id, to, cents, r)
    };
    let cause = Recipient { kind: "cause".into(), id: "k1".into(), name: "Clean Water".into() };
    for input in [
        rec(&ann, charity("c1", "Red Cross"), 500, "a", base, ""),
        rec(&ann, cause.clone(), 1500, "b", base + day, ""),
        rec(&bob, charity("c1", "Red Cross"), 2500, "c", base + 2 * day, "failed"),
        rec(&bob, charity("c2", "Food Bank_1"), 100, "d", base + 3 * day, ""),
    ] {
        g.record_donation(&input, &admin()).await.unwrap();
    }
    let refs =
        |v: Vec<giving::transaction::Transaction>| v.into_iter().map(|t| t.provider_reference).collect::<Vec<_>>();
    let (items, total) = listed(g.list_transactions(&tq(page(1, 10, "", "", ""))).await.unwrap());
    assert_eq!((refs(items), total), (vec!["d".to_string(), "c".into(), "b".into(), "a".into()], 4));
    let (items, total) = listed(g.list_transactions(&tq(page(2, 3, "", "", ""))).await.unwrap());
    assert_eq!((refs(items), total), (vec!["a".to_string()], 4));
    assert_eq!(listed(g.list_transactions(&tq(page(5, 3, "", "", ""))).await.unwrap()), (vec![], 4));
    let (items, _) = listed(g.list_transactions(&tq(page(1, 10, "", "amountCents", "ascend"))).await.unwrap());
    assert_eq!(refs(items), ["d", "a", "b", "c"]);
    let (items, _) = listed(g.list_transactions(&tq(page(1, 10, "", "donorName", "desc"))).await.unwrap());
    assert_eq!(refs(items), ["d", "c", "b", "a"]);
    let (items, _) = listed(g.list_transactions(&tq(page(1, 10, "", "recipientName", "asc"))).await.unwrap());
    assert_eq!(refs(items), ["b", "d", "a", "c"]);
    let (items, _) = listed(g.list_transactions(&tq(page(1, 10, "", "status", "asc"))).await.unwrap());
    assert_eq!(refs(items)[0], "c");
    // Search: donor or recipient name, case-insensitive, `_` literal.
    let (items, _) = listed(g.list_transactions(&tq(page(1, 10, "RED", "createdAt", "asc"))).await.unwrap());
    assert_eq!(refs(items), ["a", "c"]);
    let (items, _) = listed(g.list_transactions(&tq(page(1, 10, "bob", "createdAt", "asc"))).await.unwrap());
    assert_eq!(refs(items), ["c", "d"]);
    let (items, _) = listed(g.list_transactions(&tq(page(1, 10, "bank_", "", ""))).await.unwrap());
    assert_eq!(refs(items), ["d"]);
    // Filters.
    let f = |q: TxQuery| {
        let g = g.clone();
        async move { refs(g.list_transactions(&q).await.unwrap().items) }
    };
    let all = page(1, 10, "", "createdAt", "asc");
    assert_eq!(f(tf(all.clone(), TxFilter { status: "failed".into(), ..Default::default() })).await, ["c"]);
    assert_eq!(f(tf(all.clone(), TxFilter { recipient_type: "cause".into(), ..Default::default() })).await, ["b"]);
    assert_eq!(f(tf(all.clone(), TxFilter { recipient_id: "c1".into(), ..Default::default() })).await, ["a", "c"]);
    assert_eq!(f(tf(all.clone(), TxFilter { donor_id: bob.id.clone(), ..Default::default() })).await, ["c", "d"]);
    assert_eq!(
        f(tf(all.clone(), TxFilter { from: base + day, to: base + 2 * day, ..Default::default() })).await,
        ["b", "c"]
    );
    assert_eq!(
        f(tf(all.clone(), TxFilter { kind: "recurring".into(), ..Default::default() })).await,
        Vec::<String>::new()
    );
    for (q, name) in [
        (tf(all.clone(), TxFilter { status: "lost".into(), ..Default::default() }), "status"),
        (tf(all.clone(), TxFilter { kind: "weekly".into(), ..Default::default() }), "type"),
        (tf(all.clone(), TxFilter { recipient_type: "shop".into(), ..Default::default() }), "recipientType"),
        (tf(all.clone(), TxFilter { from: 10, to: 5, ..Default::default() }), "to"),
        (tq(page(1, 10, "", "password", "")), "column"),
    ] {
        assert_eq!(field(g.list_transactions(&q).await.unwrap_err()), name);
    }
    // The export streams the same query without paging, in its order.
    let (tx, mut rx) = tokio::sync::mpsc::channel(2);
    let q = tq(page(1, 1, "", "amountCents", "desc"));
    let g2 = g.clone();
    let export = tokio::spawn(async move { g2.export_transactions(&q, tx).await });
    let mut got = Vec::new();
    while let Some(t) = rx.recv().await {
        got.push(t.provider_reference);
    }
    export.await.unwrap().unwrap();
    assert_eq!(got, ["c", "b", "a", "d"]);
}

/// A deleted donor's transactions stay as they were while it is in the trash (the money
/// moved), refundable; purged, they stay anonymised.
async fn deleting_a_donor_keeps_its_transactions_anonymised(g: Giving) {
    let ann = donor(&g, "Ann", "Doe").await;
    let bob = donor(&g, "Bob", "Roe").await;
    let t = give(&g, &ann, charity("c1", "Red Cross"), 1_000, "a").await;
    give(&g, &bob, charity("c1", "Red Cross"), 2_000, "b").await;
    let s = g
        .start_subscription(
            &subscriptions::SubscriptionInput {
                donor_id: ann.id.clone(),
                recipient: charity("c1", "Red Cross"),
                amount_cents: 500,
                interval: "monthly".into(),
                ..Default::default()
            },
            &admin(),
        )
        .await
        .unwrap();
    g.delete_donor(&ann.id, &admin()).await.unwrap();
    let kept = g.get_transaction(&t.id).await.unwrap();
    assert_eq!(
        (kept.donor_id.as_str(), kept.donor_name.as_str(), kept.amount_cents),
        (ann.id.as_str(), "Ann Doe", 1_000)
    );
    assert_eq!(g.get_subscription(&s.id).await.unwrap().status, "cancelled");
    let f = g.figures(2026).await.unwrap();
    assert_eq!((f.donors, f.active_donors, f.active_subscriptions, f.donations, f.amount_cents), (1, 1, 0, 2, 3_000));
    assert_eq!(g.list_donor_totals(&page(1, 10, "", "", ""), false).await.unwrap().1, 1);
    // A trashed donor's transaction can still be refunded (the rollups follow).
    g.refund_transaction(&t.id, &admin()).await.unwrap();
    assert_eq!(g.figures(2026).await.unwrap().amount_cents, 2_000);
    // Purged: its transactions stay, anonymised.
    g.purge_trashed(giving::trash::DONOR, &ann.id, &admin()).await.unwrap();
    let t = g.get_transaction(&t.id).await.unwrap();
    assert_eq!(
        (t.donor_id.as_str(), t.donor_name.as_str(), t.donor_email.as_str(), t.amount_cents),
        ("", "Deleted donor", "", 1_000)
    );
    let (items, _) = listed(g.list_transactions(&tq(page(1, 10, "deleted", "", ""))).await.unwrap());
    assert_eq!(items.len(), 1);
    assert_eq!(g.get_subscription(&s.id).await.unwrap().status, "cancelled");
    // Deactivating and reactivating keeps the active count right.
    g.set_donor_active(&bob.id, false, &admin()).await.unwrap();
    g.set_donor_active(&bob.id, false, &admin()).await.unwrap();
    assert_eq!(g.figures(2026).await.unwrap().active_donors, 0);
    g.set_donor_active(&bob.id, true, &admin()).await.unwrap();
    assert_eq!(g.figures(2026).await.unwrap().active_donors, 1);
}

async fn the_catalogue_deletions_mark_transactions_once(g: Giving) {
    let d = donor(&g, "Ann", "Doe").await;
    let a = give(&g, &d, charity("c1", "Red Cross"), 1_000, "a").await;
    let b =
        give(&g, &d, Recipient { kind: "cause".into(), id: "c1".into(), name: "Same id, a cause".into() }, 1_000, "b")
            .await;
    let consumer = recipient_deletions::RecipientDeletions(g.clone());
    let ev =
        Event::new(recipient_deletions::CHARITY_DELETED, serde_json::json!({ "id": "c1", "charityName": "Red Cross" }));
    consumer.handle(&ev).await.unwrap();
    let deleted = |id: String| {
        let g = g.clone();
        async move { g.get_transaction(&id).await.unwrap().recipient_deleted }
    };
    assert!(deleted(a.id.clone()).await);
    assert!(!deleted(b.id.clone()).await);
    assert_eq!(g.get_transaction(&a.id).await.unwrap().recipient_name, "Red Cross");
    // The same event again changes nothing (handled once).
    assert_eq!(g.recipient_deleted(&ev.id, "c1", &["cause"]).await.unwrap(), 0);
    assert!(!deleted(b.id.clone()).await);
    consumer.handle(&Event::new(recipient_deletions::CAUSE_DELETED, serde_json::json!({ "id": "c1" }))).await.unwrap();
    assert!(deleted(b.id.clone()).await);
    assert_eq!(scalar(&g, "SELECT COUNT(*) FROM processed_events").await, 2);
}

/// Eight refunds of one donation at once (a replayed refund request): one is taken, the
/// others are refused, and the donor's total and the counters go back once.
async fn parallel_refunds_of_one_donation_take_it_back_once(g: Giving) {
    let d = donor(&g, "Ann", "Doe").await;
    give(&g, &d, charity("c1", "Red Cross"), 1_000, "ref-keep").await;
    let t = give(&g, &d, charity("c1", "Red Cross"), 2_500, "ref-refund").await;
    let held: Vec<_> = futures::future::join_all((0..8).map(|_| g.db.pool.acquire())).await;
    drop(held);
    let tries = (0..8).map(|_| {
        let (g, id) = (g.clone(), t.id.clone());
        tokio::spawn(async move { g.refund_transaction(&id, &admin()).await })
    });
    let results: Vec<_> = futures::future::join_all(tries).await.into_iter().map(|r| r.unwrap()).collect();
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1, "{results:?}");
    let got = g.get_donor(&d.id).await.unwrap();
    assert_eq!((got.total_given_cents, got.donations_count), (1_000, 1));
    let f = g.figures(0).await.unwrap();
    assert_eq!((f.donations, f.amount_cents), (1, 1_000));
    assert_eq!(bodies(&g, "giving.transaction.refunded").await.len(), 1);
}

common::on_both_backends! { MIGRATIONS, giving;
    bad_donations_get_clear_messages_and_write_nothing => bad_donations_get_clear_messages_and_write_nothing_on_sqlite, bad_donations_get_clear_messages_and_write_nothing_on_postgres;
    a_donation_is_stored_with_its_fees_totals_rollups_and_counters => a_donation_is_stored_with_its_fees_totals_rollups_and_counters_on_sqlite, a_donation_is_stored_with_its_fees_totals_rollups_and_counters_on_postgres;
    a_repeated_provider_reference_answers_the_first_record => a_repeated_provider_reference_answers_the_first_record_on_sqlite, a_repeated_provider_reference_answers_the_first_record_on_postgres;
    lists_filter_search_sort_page_and_stream => lists_filter_search_sort_page_and_stream_on_sqlite, lists_filter_search_sort_page_and_stream_on_postgres;
    deleting_a_donor_keeps_its_transactions_anonymised => deleting_a_donor_keeps_its_transactions_anonymised_on_sqlite, deleting_a_donor_keeps_its_transactions_anonymised_on_postgres;
    the_catalogue_deletions_mark_transactions_once => the_catalogue_deletions_mark_transactions_once_on_sqlite, the_catalogue_deletions_mark_transactions_once_on_postgres;
    parallel_refunds_of_one_donation_take_it_back_once => parallel_refunds_of_one_donation_take_it_back_once_on_sqlite, parallel_refunds_of_one_donation_take_it_back_once_on_postgres;
}
