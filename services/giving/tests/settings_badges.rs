//! Service-charge settings and badges on SQLite and PostgreSQL.

mod support;

use common::error::Error;
use giving::app::MIGRATIONS;
use giving::badges::{BadgeInput, RULE_DONATIONS, RULE_MONTHS_SUBSCRIBED, RULE_TOTAL_GIVEN};
use giving::service::Giving;
use giving::settings_store::SETTINGS_ID;
use support::*;

async fn settings_change_with_history_and_apply_to_new_transactions(g: Giving) {
    let s = g.get_settings().await.unwrap();
    assert_eq!(
        (s.settings.id.as_str(), s.settings.service_charge_bp, s.settings.processing_fee_bp),
        (SETTINGS_ID, 500, 290)
    );
    assert!(s.history.is_empty());
    let d = donor(&g, "Ann", "Doe").await;
    let before = give(&g, &d, charity("c1", "Red Cross"), 10_000, "a").await;

    for (sc, pf, f, text) in [
        (-1, 290, "serviceCharge", "Service Charge must be between 0 and 100"),
        (10_001, 290, "serviceCharge", "Service Charge must be between 0 and 100"),
        (500, -5, "paymentProcesFee", "Payment Processing Fee must be between 0 and 100"),
        (500, 10_001, "paymentProcesFee", "Payment Processing Fee must be between 0 and 100"),
    ] {
        let e = g.update_settings(sc, pf, &admin()).await.unwrap_err();
        assert_eq!(
            (field(e), message(g.update_settings(sc, pf, &admin()).await.unwrap_err())),
            (f.to_string(), text.to_string())
        );
    }
    assert!(g.get_settings().await.unwrap().history.is_empty());

    let v = g.update_settings(250, 300, &admin()).await.unwrap();
    assert_eq!(
        (v.settings.service_charge_bp, v.settings.processing_fee_bp, v.settings.updated_by.as_str()),
        (250, 300, "admin-1")
    );
    let v = g.update_settings(10_000, 0, &admin()).await.unwrap();
    assert_eq!(v.history.len(), 2);
    assert_eq!(
        (v.history[0].old_service_charge_bp, v.history[0].new_service_charge_bp, v.history[0].by.as_str()),
        (250, 10_000, "admin-1")
    );
    assert_eq!((v.history[1].old_processing_fee_bp, v.history[1].new_processing_fee_bp), (290, 300));
    let changed = bodies(&g, "giving.settings.changed").await;
    assert_eq!(changed.len(), 2);
    assert_eq!(changed[0]["payload"]["changes"]["serviceChargeBp"]["before"], 500);
    assert_eq!(changed[0]["actor"]["id"], "admin-1");

    // New transactions use the new settings; old ones keep theirs.
    let after = give(&g, &d, charity("c1", "Red Cross"), 10_000, "b").await;
    assert_eq!(
        (after.service_charge_bp, after.processing_fee_bp, after.service_charge_cents, after.net_cents),
        (10_000, 0, 10_000, 0)
    );
    assert_eq!(g.get_transaction(&before.id).await.unwrap(), before);
    assert_eq!((before.service_charge_cents, before.processing_fee_cents, before.net_cents), (500, 290, 9_210));
}

fn badge(name: &str, rule: i64, threshold: i64) -> BadgeInput {
    BadgeInput {
        name: name.into(),
        image: "b.png".into(),
        description: String::new(),
        is_active: true,
        rule,
        threshold,
        ..Default::default()
    }
}

async fn badges_are_managed_and_awarded_once(g: Giving) {
    for (input, f, text) in [
        (badge(" ", RULE_DONATIONS, 1), "name", "Please enter Name"),
        (badge("X", 0, 1), "rule", "Please choose a rule"),
        (badge("X", 7, 1), "rule", "Please choose a rule"),
        (badge("X", RULE_DONATIONS, 0), "threshold", "Threshold must be a whole number greater than 0"),
    ] {
        let e = g.create_badge(&input, &admin()).await.unwrap_err();
        assert_eq!(
            (field(e), message(g.create_badge(&input, &admin()).await.unwrap_err())),
            (f.to_string(), text.to_string())
        );
    }
    let first = g.create_badge(&badge("First gift", RULE_DONATIONS, 1), &admin()).await.unwrap();
    let thousand = g.create_badge(&badge("$1,000 given", RULE_TOTAL_GIVEN, 100_000), &admin()).await.unwrap();
    let off = g
        .create_badge(&BadgeInput { is_active: false, ..badge("Inactive", RULE_DONATIONS, 1) }, &admin())
        .await
        .unwrap();
    assert_eq!(g.get_badge(&first.id).await.unwrap(), first);

    let d = donor(&g, "Ann", "Doe").await;
    give(&g, &d, charity("c1", "Red Cross"), 60_000, "a").await;
    give(&g, &d, charity("c1", "Red Cross"), 60_000, "b").await;
    give(&g, &d, charity("c1", "Red Cross"), 60_000, "c").await;
    let earned = |g: Giving, id: String| async move {
        g.donor_details(&id).await.unwrap().badges.into_iter().map(|b| b.name).collect::<Vec<_>>()
    };
    assert_eq!(earned(g.clone(), d.id.clone()).await, ["First gift", "$1,000 given"]);
    assert_eq!(g.get_badge(&first.id).await.unwrap().awarded_count, 1);
    assert_eq!(g.get_badge(&thousand.id).await.unwrap().awarded_count, 1);
    assert_eq!(g.get_badge(&off.id).await.unwrap().awarded_count, 0);
    assert_eq!(bodies(&g, "giving.badge.awarded").await.len(), 2);

    // A badge made later (or switched on) is awarded with the donor's next transaction.
    let months = g.create_badge(&badge("Loyal", RULE_MONTHS_SUBSCRIBED, 1), &admin()).await.unwrap();
    let updated = g
        .update_badge(&off.id, &BadgeInput { is_active: true, ..badge("Now active", RULE_DONATIONS, 4) }, &admin())
        .await
        .unwrap();
    assert_eq!((updated.name.as_str(), updated.threshold, updated.created_at), ("Now active", 4, off.created_at));
    assert_eq!(earned(g.clone(), d.id.clone()).await.len(), 2);
    give(&g, &d, charity("c1", "Red Cross"), 100, "d").await;
    assert_eq!(earned(g.clone(), d.id.clone()).await, ["First gift", "$1,000 given", "Now active"]);
    assert_eq!(g.get_badge(&months.id).await.unwrap().awarded_count, 0);
    assert!(bodies(&g, "giving.badge.updated").await[0]["payload"]["changes"]["name"].is_object());

    // List, search, sort, page.
    let (items, total) = g.list_badges(&page(1, 2, "", "name", "asc")).await.unwrap();
    assert_eq!(
        (items.iter().map(|b| b.name.as_str()).collect::<Vec<_>>(), total),
        (vec!["$1,000 given", "First gift"], 4)
    );
    let (items, _) = g.list_badges(&page(1, 10, "LOY", "", "")).await.unwrap();
    assert_eq!(items[0].id, months.id);
    let (items, _) = g.list_badges(&page(1, 10, "", "threshold", "desc")).await.unwrap();
    assert_eq!(items[0].id, thousand.id);
    assert_eq!(field(g.list_badges(&page(1, 10, "", "rule", "")).await.unwrap_err()), "column");

    // Delete (to the trash) takes its awards with it.
    g.delete_badge(&first.id, &admin()).await.unwrap();
    assert!(matches!(g.get_badge(&first.id).await, Err(Error::NotFound(m)) if m == "Badge not found"));
    assert!(matches!(g.delete_badge(&first.id, &admin()).await, Err(Error::NotFound(_))));
    assert!(matches!(g.update_badge("nope", &badge("X", RULE_DONATIONS, 1), &admin()).await, Err(Error::NotFound(_))));
    assert_eq!(earned(g.clone(), d.id.clone()).await, ["$1,000 given", "Now active"]);
    assert_eq!(scalar(&g, &format!("SELECT COUNT(*) FROM donor_badges WHERE badge_id = '{}'", first.id)).await, 0);
    let kinds = events(&g).await;
    for k in ["giving.badge.created", "giving.badge.updated", "giving.badge.trashed"] {
        assert!(kinds.iter().any(|e| e == k), "{k}");
    }
    // Deleting the donor takes its awards off the counts.
    g.delete_donor(&d.id, &admin()).await.unwrap();
    assert_eq!(g.get_badge(&thousand.id).await.unwrap().awarded_count, 0);
}

/// The platform's starting badges (issue 34): made once on a first start, editable and
/// deletable, never made again (not even after every one was deleted), and not added to a
/// database that already had badges (an upgrade).
async fn the_starting_badges_are_made_once(g: Giving) {
    assert_eq!(g.ensure_starting_badges().await.unwrap(), 5);
    let page = common::paging::Page { page: 1, limit: 10, ..Default::default() };
    let (badges, total) = g.list_badges(&page).await.unwrap();
    assert_eq!(total, 5);
    let mut names: Vec<&str> = badges.iter().map(|b| b.name.as_str()).collect();
    names.sort();
    assert_eq!(names, ["$1,000 Given", "$5,000 Given", "First Gift", "Ten Gifts", "Year of Giving"]);
    // A second start (any replica), and several at once, make none.
    assert_eq!(g.ensure_starting_badges().await.unwrap(), 0);
    let (a, b) = tokio::join!(g.ensure_starting_badges(), g.ensure_starting_badges());
    assert_eq!(a.unwrap() + b.unwrap(), 0);
    // Editable and deletable like any badge; deleted, they stay deleted.
    let first = badges.iter().find(|b| b.name == "First Gift").unwrap();
    let input = BadgeInput {
        name: "First Donation".into(),
        image: String::new(),
        description: "A first gift".into(),
        is_active: true,
        rule: RULE_DONATIONS,
        threshold: 1,
        ..Default::default()
    };
    assert_eq!(g.update_badge(&first.id, &input, &admin()).await.unwrap().name, "First Donation");
    for b in &badges {
        g.delete_badge(&b.id, &admin()).await.unwrap();
    }
    assert_eq!(g.ensure_starting_badges().await.unwrap(), 0);
    assert_eq!(g.list_badges(&page).await.unwrap().1, 0);
}

async fn an_upgraded_service_with_badges_gets_no_starting_set(g: Giving) {
    let input = BadgeInput {
        name: "Our Own".into(),
        image: String::new(),
        description: String::new(),
        is_active: true,
        rule: RULE_DONATIONS,
        threshold: 3,
        ..Default::default()
    };
    g.create_badge(&input, &admin()).await.unwrap();
    assert_eq!(g.ensure_starting_badges().await.unwrap(), 0);
    let page = common::paging::Page { page: 1, limit: 10, ..Default::default() };
    assert_eq!(g.list_badges(&page).await.unwrap().1, 1);
}

common::on_both_backends! { MIGRATIONS, giving;
    the_starting_badges_are_made_once => the_starting_badges_are_made_once_on_sqlite, the_starting_badges_are_made_once_on_postgres;
    an_upgraded_service_with_badges_gets_no_starting_set => an_upgraded_service_with_badges_gets_no_starting_set_on_sqlite, an_upgraded_service_with_badges_gets_no_starting_set_on_postgres;
    settings_change_with_history_and_apply_to_new_transactions => settings_change_with_history_and_apply_to_new_transactions_on_sqlite, settings_change_with_history_and_apply_to_new_transactions_on_postgres;
    badges_are_managed_and_awarded_once => badges_are_managed_and_awarded_once_on_sqlite, badges_are_managed_and_awarded_once_on_postgres;
}
