//! The gRPC face of the money side (translation only) on SQLite and PostgreSQL.

mod support;

use futures::StreamExt;
use giving::app::MIGRATIONS;
use giving::service::Giving;
use proto::common::v1 as pc;
use proto::giving::v1 as pb;
use proto::giving::v1::giving_server::Giving as Rpc;
use support::*;
use tonic::{Code, Request};

fn actor() -> Option<pc::Actor> {
    Some(pc::Actor { id: "admin-1".into(), account_type: pc::AccountType::MainAdmin as i32, ..Default::default() })
}

async fn the_rpcs_translate_the_money_side(g: Giving) {
    let d = donor(&g, "Ann", "Doe").await;
    let rec = |reference: &str, cents: i64| pb::RecordDonationRequest {
        donor_id: d.id.clone(),
        recipient: Some(pb::Recipient {
            kind: pb::RecipientKind::Community as i32,
            id: "m1".into(),
            name: "Eastside".into(),
        }),
        amount_cents: cents,
        currency: "usd".into(),
        payment_method: "paypal".into(),
        provider_reference: reference.into(),
        actor: actor(),
        ..Default::default()
    };
    let t = Rpc::record_donation(&g, Request::new(rec("p1", 2_505))).await.unwrap().into_inner();
    assert_eq!(
        (t.recipient_type.as_str(), t.r#type.as_str(), t.currency.as_str(), t.net_cents),
        ("community", "one_time", "USD", 2_505 - 73 - 125)
    );
    Rpc::record_donation(&g, Request::new(rec("p2", 100))).await.unwrap();
    let bad = Rpc::record_donation(&g, Request::new(pb::RecordDonationRequest { recipient: None, ..rec("p3", 100) }))
        .await
        .unwrap_err();
    assert_eq!(bad.code(), Code::InvalidArgument);
    let missing = Rpc::get_transaction(&g, Request::new(pb::TransactionRef { id: "nope".into(), actor: None }))
        .await
        .unwrap_err();
    assert_eq!((missing.code(), missing.message()), (Code::NotFound, "Transaction not found"));

    let donor_pb =
        Rpc::get_donor(&g, Request::new(pb::DonorRef { id: d.id.clone(), actor: None })).await.unwrap().into_inner();
    assert_eq!((donor_pb.total_given_cents, donor_pb.donations_count), (2_605, 2));
    let detail = Rpc::donor_details(&g, Request::new(pb::DonorRef { id: d.id.clone(), actor: None }))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(detail.recent_transactions.len(), 2);

    let page = Some(pc::PageRequest {
        page: 1,
        limit: 10,
        search: String::new(),
        column: "amountCents".into(),
        order: "ascend".into(),
    });
    let list = Rpc::list_transactions(
        &g,
        Request::new(pb::ListTransactionsRequest { page: page.clone(), ..Default::default() }),
    )
    .await
    .unwrap()
    .into_inner();
    assert_eq!((list.total, list.items[0].provider_reference.as_str()), (2, "p2"));
    assert!(list.items_json.is_empty(), "items as JSON, unasked");
    // Asked as JSON: the same items, written in their REST shape, and none as messages.
    let written = Rpc::list_transactions(
        &g,
        Request::new(pb::ListTransactionsRequest { page: page.clone(), items_as_json: true, ..Default::default() }),
    )
    .await
    .unwrap()
    .into_inner();
    assert_eq!((written.total, written.items.len()), (2, 0));
    assert_eq!(written.items_json, serde_json::to_vec(&list.items).unwrap());
    let nothing = Rpc::list_transactions(
        &g,
        Request::new(pb::ListTransactionsRequest {
            page: page.clone(),
            status: "failed".into(),
            items_as_json: true,
            ..Default::default()
        }),
    )
    .await
    .unwrap()
    .into_inner();
    assert_eq!((nothing.total, nothing.items_json.as_slice()), (0, b"[]".as_slice()));
    let mut stream =
        Rpc::stream_transactions(&g, Request::new(pb::ListTransactionsRequest { page, ..Default::default() }))
            .await
            .unwrap()
            .into_inner();
    let mut refs = vec![];
    while let Some(t) = stream.next().await {
        refs.push(t.unwrap().provider_reference);
    }
    assert_eq!(refs, ["p2", "p1"]);
    let bad_filter = Rpc::stream_transactions(
        &g,
        Request::new(pb::ListTransactionsRequest { status: "lost".into(), ..Default::default() }),
    )
    .await;
    let err = match bad_filter {
        Ok(s) => s.into_inner().next().await.unwrap().unwrap_err(),
        Err(e) => e,
    };
    assert_eq!(err.code(), Code::InvalidArgument);

    let totals = Rpc::list_donor_totals(
        &g,
        Request::new(pb::ListDonorTotalsRequest {
            page: Some(pc::PageRequest { page: 1, limit: 10, ..Default::default() }),
            subscribed: false,
        }),
    )
    .await
    .unwrap()
    .into_inner();
    assert_eq!(totals.items[0].total_amount, "26.05");
    assert_eq!(totals.items[0].id, format!("{}:m1", d.id));

    let s = Rpc::update_settings(
        &g,
        Request::new(pb::UpdateSettingsRequest { service_charge_bp: 0, processing_fee_bp: 100, actor: actor() }),
    )
    .await
    .unwrap()
    .into_inner();
    assert_eq!((s.history.len(), s.history[0].by.as_str()), (1, "admin-1"));
    let b = Rpc::create_badge(
        &g,
        Request::new(pb::CreateBadgeRequest {
            input: Some(pb::BadgeInput {
                name: "Loyal".into(),
                rule: pb::BadgeRule::MonthsSubscribed as i32,
                threshold: 3,
                is_active: true,
                ..Default::default()
            }),
            actor: actor(),
        }),
    )
    .await
    .unwrap()
    .into_inner();
    assert_eq!(b.rule(), pb::BadgeRule::MonthsSubscribed);
    let f = Rpc::figures(&g, Request::new(pb::FiguresRequest { year: 2026 })).await.unwrap().into_inner();
    assert_eq!((f.months.len(), f.donations, f.amount_cents), (12, 2, 2_605));

    // Search everywhere: the query's rules, checked once for every service (common::find).
    let find = |query: &str, limit: i32| Request::new(pc::FindRequest { query: query.into(), limit, actor: actor() });
    let found = Rpc::find_donors(&g, find("ann.", 0)).await.unwrap().into_inner();
    assert_eq!(found.items.iter().map(|d| d.id.as_str()).collect::<Vec<_>>(), [d.id.as_str()]);
    let found = Rpc::find_transactions(&g, find(&t.receipt_number, 0)).await.unwrap().into_inner();
    assert_eq!(found.items[0].id, t.id);
    for (query, limit, field, message) in [
        (" a ", 0, "query", "Type at least 2 characters to search"),
        (&*"x".repeat(101), 0, "query", "Search text must be at most 100 characters"),
        ("ann", 21, "limit", "limit must be between 1 and 20"),
    ] {
        let bad = Rpc::find_donors(&g, find(query, limit)).await.unwrap_err();
        let fields = common::error::Details::of(&bad).fields;
        assert_eq!(
            (bad.code(), fields[0].field.as_str(), fields[0].message.as_str()),
            (Code::InvalidArgument, field, message)
        );
    }
}

common::on_both_backends! { MIGRATIONS, giving;
    the_rpcs_translate_the_money_side => the_rpcs_translate_the_money_side_on_sqlite, the_rpcs_translate_the_money_side_on_postgres;
}
