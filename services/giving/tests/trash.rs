//! Giving's trash (issue 36) on SQLite and PostgreSQL: a deleted donor, giving partner or badge
//! leaves every list, count and figure of the service and comes back whole on restore (every
//! figure before the delete equals the figure after the restore, also through a rebuild and a
//! refund meanwhile); a restore is refused while another took its email; a purge is the
//! delete as it was before the trash.

mod support;

use common::Actor;
use common::error::Error;
use common::trash::{NOT_IN_TRASH, query};
use giving::app::MIGRATIONS;
use giving::badges::{BadgeInput, RULE_DONATIONS};
use giving::donations::ChargeInput;
use giving::partners::{APPROVE, PartnerInput, PartnerQuery};
use giving::service::{Giving, ListQuery};
use giving::store::Donor;
use giving::subscriptions::SubscriptionInput;
use giving::trash::{BADGE, DONOR, PARTNER};
use support::*;

fn year() -> i32 {
    giving::fees::year_month(common::now_ms()).0
}

/// Everything of the service a donor counts in, as its screens read it: the donor lists and
/// their totals (all, active, inactive, a search), the dashboard's figures and months, both
/// Subscribed Donor tabs, each recipient's figures, the audiences, the badges' counts and each
/// donor's profile.
async fn everything(g: &Giving, donors: &[&Donor]) -> String {
    let mut out = vec![];
    for is_active in [None, Some(true), Some(false)] {
        let (items, total) = g.list_donors(&ListQuery { is_active, page: page(1, 50, "", "", "") }).await.unwrap();
        let ids: Vec<_> = items.iter().map(|d| d.id.as_str()).collect();
        out.push(format!("donors {is_active:?}: {total} {ids:?}"));
    }
    out.push(format!(
        "search: {:?}",
        g.list_donors(&ListQuery { is_active: None, page: page(1, 50, "doe", "", "") }).await.unwrap()
    ));
    out.push(format!("figures: {:?}", g.figures(year()).await.unwrap()));
    for subscribed in [true, false] {
        out.push(format!(
            "tab {subscribed}: {:?}",
            g.list_donor_totals(&page(1, 50, "", "", ""), subscribed).await.unwrap()
        ));
        out.push(format!(
            "tab search: {:?}",
            g.list_donor_totals(&page(1, 50, "ann", "", ""), subscribed).await.unwrap()
        ));
    }
    for r in ["c1", "c2"] {
        out.push(format!("{r}: {:?}", g.recipient_figures(r, year()).await.unwrap()));
        out.push(format!("audience {r}: {}", g.count_donors(&[charity(r, "")]).await.unwrap()));
    }
    out.push(format!("audience: {}", g.count_donors(&[]).await.unwrap()));
    out.push(format!("badges: {:?}", g.list_badges(&page(1, 50, "", "name", "asc")).await.unwrap()));
    for d in donors {
        out.push(format!("{}: {:?}", d.first_name, g.donor_details(&d.id).await.map(|x| format!("{x:?}"))));
    }
    out.join("\n")
}

fn badge(name: &str, threshold: i64) -> BadgeInput {
    BadgeInput { name: name.into(), is_active: true, rule: RULE_DONATIONS, threshold, ..Default::default() }
}

/// The lines of two `everything`s that differ (none: the same).
fn differ(a: &str, b: &str) -> Vec<String> {
    let mut out: Vec<String> =
        a.lines().zip(b.lines()).filter(|(x, y)| x != y).map(|(x, y)| format!("{x}\n  now: {y}")).collect();
    if a.lines().count() != b.lines().count() {
        out.push("a different number of lines".into());
    }
    out
}

async fn subscribe(g: &Giving, d: &Donor, to: &str) -> giving::subscriptions_store::Subscription {
    let name = if to == "c1" { "Clearwater Wells" } else { "Harbor Food Bank" };
    let input = SubscriptionInput {
        donor_id: d.id.clone(),
        recipient: charity(to, name),
        amount_cents: 1_500,
        currency: "USD".into(),
        interval: "monthly".into(),
        started_at: 0,
    };
    g.start_subscription(&input, &admin()).await.unwrap()
}

async fn trash_total(g: &Giving) -> i64 {
    g.list_trash(&query(vec![], "", "", "", 100, 0).unwrap()).await.unwrap().1
}

async fn twins_match(g: &Giving) {
    let wrong = common::trash::twin_mismatches(&mut g.db.pool.acquire().await.unwrap()).await.unwrap();
    assert!(wrong.is_empty(), "{wrong:?}");
}

async fn a_deleted_donor_leaves_every_figure_and_comes_back_whole(g: Giving) {
    let first = g.create_badge(&badge("First", 1), &admin()).await.unwrap();
    let ann = donor(&g, "Ann", "Doe").await;
    let bob = donor(&g, "Bob", "Doe").await;
    let cy = donor(&g, "Cy", "Poe").await;
    g.set_donor_active(&cy.id, false, &admin()).await.unwrap();
    give(&g, &ann, charity("c1", "Clearwater Wells"), 1_000, "a1").await;
    give(&g, &ann, charity("c2", "Harbor Food Bank"), 2_500, "a2").await;
    give(&g, &bob, charity("c1", "Clearwater Wells"), 700, "b1").await;
    let sub = subscribe(&g, &ann, "c1").await;
    let charge = ChargeInput {
        subscription_id: sub.id.clone(),
        payment_method: "card".into(),
        provider_reference: "s1".into(),
        charged_at: 0,
    };
    g.charge_subscription(&charge, &admin()).await.unwrap();
    let ended = subscribe(&g, &ann, "c2").await;
    g.cancel_subscription(&ended.id, &admin()).await.unwrap();
    let all = [&ann, &bob, &cy];
    let before = everything(&g, &all).await;
    assert_eq!(g.get_badge(&first.id).await.unwrap().awarded_count, 2);

    g.delete_donor(&ann.id, &Actor::new("sub-1", "Sub Admin", "10.0.0.1")).await.unwrap();
    // Gone from its lists, totals, tabs, audiences, recipients' donors and badges' counts.
    let (items, total) = g.list_donors(&ListQuery { is_active: None, page: page(1, 50, "", "", "") }).await.unwrap();
    assert_eq!((total, items.iter().any(|d| d.id == ann.id)), (2, false));
    assert_eq!(g.list_donors(&ListQuery { is_active: None, page: page(1, 50, "ann", "", "") }).await.unwrap().1, 0);
    let f = g.figures(year()).await.unwrap();
    assert_eq!(
        (f.donors, f.active_donors, f.active_subscriptions, f.donations),
        (2, 1, 0, 4),
        "the money stays counted"
    );
    let month = giving::fees::year_month(ann.created_at).1 as usize;
    assert_eq!(f.months[month - 1].new_donors, 2, "its join month counts it no more");
    assert_eq!(g.list_donor_totals(&page(1, 50, "", "", ""), true).await.unwrap().1, 0);
    assert_eq!(g.list_donor_totals(&page(1, 50, "", "", ""), false).await.unwrap().1, 1);
    assert_eq!(g.recipient_figures("c1", year()).await.unwrap().donors, 1);
    assert_eq!(g.recipient_figures("c1", year()).await.unwrap().active_subscriptions, 0);
    assert_eq!(g.count_donors(&[charity("c2", "")]).await.unwrap(), 0);
    assert_eq!(g.get_badge(&first.id).await.unwrap().awarded_count, 1);
    assert!(matches!(g.get_donor(&ann.id).await, Err(Error::NotFound(_))));
    assert!(matches!(g.donor_details(&ann.id).await, Err(Error::NotFound(_))));
    assert_eq!(g.get_subscription(&sub.id).await.unwrap().status, "cancelled");
    // It cannot give, subscribe or be changed meanwhile.
    let refused = g.record_donation(&gift(&ann.id, charity("c1", "Clearwater Wells"), 100, "late"), &admin()).await;
    assert!(matches!(refused, Err(Error::NotFound(_))), "{refused:?}");
    assert!(matches!(g.set_donor_active(&ann.id, false, &admin()).await, Err(Error::NotFound(_))));
    // Its transactions stay as they were.
    let named: i64 = scalar(
        &g,
        &format!("SELECT COUNT(*) FROM transactions WHERE donor_id = '{}' AND donor_name = 'Ann Doe'", ann.id),
    )
    .await;
    assert_eq!(named, 3);
    // The trash names it, who deleted it and when.
    let (entries, n) = g.list_trash(&query(vec![DONOR.into()], "ann", "", "", 10, 0).unwrap()).await.unwrap();
    assert_eq!((n, entries[0].name.as_str(), entries[0].deleted_by.account_type.as_str()), (1, "Ann Doe", "Sub Admin"));
    let trashed = bodies(&g, "giving.donor.trashed").await;
    assert_eq!((trashed.len(), trashed[0]["payload"]["id"].as_str()), (1, Some(ann.id.as_str())));
    assert_eq!(trashed[0]["payload"]["email"], ann.email.as_str(), "the payload is deleted's");
    assert!(bodies(&g, "giving.donor.deleted").await.is_empty(), "deleted is the purge's");

    // A rebuild while it is in the trash finds the kept figures right.
    let trashed_state = everything(&g, &[&bob, &cy]).await;
    giving::rollups::rebuild(&g.db).await.unwrap();
    assert_eq!(differ(&trashed_state, &everything(&g, &[&bob, &cy]).await), Vec::<String>::new());

    let e = g.restore_trashed(DONOR, &ann.id, &admin()).await.unwrap();
    assert_eq!(e.name, "Ann Doe");
    assert_eq!(differ(&before, &everything(&g, &all).await), Vec::<String>::new(), "every figure as it was");
    assert_eq!(g.get_subscription(&sub.id).await.unwrap().status, "active");
    assert_eq!(g.get_subscription(&ended.id).await.unwrap().status, "cancelled", "only what the delete cancelled");
    let restored = bodies(&g, "giving.donor.restored").await;
    assert_eq!(restored[0]["payload"]["id"].as_str(), Some(ann.id.as_str()));
    giving::rollups::rebuild(&g.db).await.unwrap();
    assert_eq!(differ(&before, &everything(&g, &all).await), Vec::<String>::new(), "and a rebuild agrees");
    assert_eq!(trash_total(&g).await, 0);
    twins_match(&g).await;
}

async fn a_restore_is_refused_while_the_email_is_taken_and_a_purge_is_the_old_delete(g: Giving) {
    let ann = donor(&g, "Ann", "Doe").await;
    let t = give(&g, &ann, charity("c1", "Clearwater Wells"), 1_000, "a1").await;
    give(&g, &ann, charity("c1", "Clearwater Wells"), 400, "a2").await;
    let before = everything(&g, &[&ann]).await;
    g.delete_donor(&ann.id, &admin()).await.unwrap();

    // Its email free meanwhile, taken by a new donor: the restore is refused, nothing changes.
    let input = giving::service::DonorInput {
        first_name: "Other".into(),
        last_name: "Ann".into(),
        email: ann.email.clone(),
        ..Default::default()
    };
    let other = g.create_donor(&input, &admin()).await.unwrap();
    match g.restore_trashed(DONOR, &ann.id, &admin()).await {
        Err(Error::Conflict(m)) => {
            assert_eq!(m, "Another donor has this email now: this donor cannot be restored while it does")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(trash_total(&g).await, 1, "it stays in the trash");
    assert!(g.get_donor(&ann.id).await.is_err());
    g.delete_donor(&other.id, &admin()).await.unwrap();
    g.purge_trashed(DONOR, &other.id, &admin()).await.unwrap();

    // A refund while it is in the trash: the platform's figures follow now, its own on restore.
    g.refund_transaction(&t.id, &admin()).await.unwrap();
    let by = admin();
    let (a, b) = tokio::join!(g.restore_trashed(DONOR, &ann.id, &by), g.restore_trashed(DONOR, &ann.id, &by));
    assert!(a.is_ok() != b.is_ok(), "two restores at once restore once: {a:?} {b:?}");
    assert!(matches!(a.err().or(b.err()), Some(Error::NotFound(m)) if m == NOT_IN_TRASH));
    let d = g.get_donor(&ann.id).await.unwrap();
    assert_eq!((d.total_given_cents, d.donations_count), (400, 1));
    let figures = everything(&g, &[&ann]).await;
    assert_ne!(figures, before);
    giving::rollups::rebuild(&g.db).await.unwrap();
    assert_eq!(
        differ(&figures, &everything(&g, &[&ann]).await),
        Vec::<String>::new(),
        "the refund in the trash left what a rebuild counts"
    );

    // Purge: the delete as it was before the trash.
    g.delete_donor(&ann.id, &admin()).await.unwrap();
    g.purge_trashed(DONOR, &ann.id, &admin()).await.unwrap();
    let t = g.get_transaction(&t.id).await.unwrap();
    assert_eq!((t.donor_id.as_str(), t.donor_name.as_str()), ("", "Deleted donor"));
    for table in ["donors_trash", "donor_recipients_trash", "donor_badges_trash"] {
        let column = if table == "donors_trash" { "id" } else { "donor_id" };
        assert_eq!(
            scalar(&g, &format!("SELECT COUNT(*) FROM {table} WHERE {column} = '{}'", ann.id)).await,
            0,
            "{table}"
        );
    }
    let deleted = bodies(&g, "giving.donor.deleted").await;
    assert_eq!(deleted.last().unwrap()["payload"]["id"].as_str(), Some(ann.id.as_str()));
    assert_eq!(deleted.last().unwrap()["payload"]["email"], ann.email.as_str());
    for again in [g.restore_trashed(DONOR, &ann.id, &admin()).await, g.purge_trashed(DONOR, &ann.id, &admin()).await] {
        assert!(matches!(again, Err(Error::NotFound(m)) if m == NOT_IN_TRASH));
    }
    // A module the service does not keep, or an id it never had.
    assert!(matches!(g.restore_trashed("/sub_admin", &ann.id, &admin()).await, Err(Error::NotFound(_))));
    assert!(matches!(g.purge_trashed(BADGE, "nope", &admin()).await, Err(Error::NotFound(_))));
    twins_match(&g).await;
}

fn partner(name: &str, email: &str) -> PartnerInput {
    PartnerInput { name: name.into(), user_name: "Ava".into(), email_address: email.into(), ..Default::default() }
}

/// (approved, pending) as the dashboard counts them.
async fn partner_counters(g: &Giving) -> (i64, i64) {
    let f = g.figures(year()).await.unwrap();
    (f.approved_partners, f.pending_partners)
}

async fn a_deleted_partner_leaves_its_tab_and_counter_and_comes_back(g: Giving) {
    let approved = g.apply_partner(&partner("Cove Fund", "cove@example.org"), &admin()).await.unwrap();
    g.change_partner_verification(&approved.id, APPROVE, "", &admin()).await.unwrap();
    let pending = g.apply_partner(&partner("Bay Fund", "bay@example.org"), &admin()).await.unwrap();
    assert_eq!(partner_counters(&g).await, (1, 1));
    let tab = |approved: bool| PartnerQuery { page: page(1, 10, "", "", ""), approved };
    g.delete_partner(&approved.id, &admin()).await.unwrap();
    g.delete_partner(&pending.id, &admin()).await.unwrap();
    assert_eq!(partner_counters(&g).await, (0, 0));
    assert_eq!((g.list_partners(&tab(true)).await.unwrap().1, g.list_partners(&tab(false)).await.unwrap().1), (0, 0));
    assert!(matches!(g.get_partner(&approved.id).await, Err(Error::NotFound(_))));
    let (entries, _) = g.list_trash(&query(vec![PARTNER.into()], "", "name", "asc", 10, 0).unwrap()).await.unwrap();
    assert_eq!(entries.iter().map(|e| e.name.as_str()).collect::<Vec<_>>(), ["Bay Fund", "Cove Fund"]);

    g.restore_trashed(PARTNER, &approved.id, &admin()).await.unwrap();
    assert_eq!(partner_counters(&g).await, (1, 0));
    assert_eq!(g.get_partner(&approved.id).await.unwrap().admin_verification, APPROVE);
    // Its email taken meanwhile: refused.
    g.apply_partner(&partner("Bay Two", "bay@example.org"), &admin()).await.unwrap();
    match g.restore_trashed(PARTNER, &pending.id, &admin()).await {
        Err(Error::Conflict(m)) => {
            assert_eq!(m, "Another giving partner has this email now: this partner cannot be restored while it does")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(partner_counters(&g).await, (1, 1));
    g.purge_trashed(PARTNER, &pending.id, &admin()).await.unwrap();
    let kinds: Vec<String> = events(&g).await.into_iter().filter(|k| !k.ends_with(".applied")).collect();
    assert_eq!(
        kinds,
        [
            "giving.partner.verified",
            "giving.partner.trashed",
            "giving.partner.trashed",
            "giving.partner.restored",
            "giving.partner.deleted"
        ]
    );
    assert_eq!(bodies(&g, "giving.partner.deleted").await[0]["payload"]["emailAddress"], "bay@example.org");
    twins_match(&g).await;
}

/// (badge name, awarded count) of every badge, and the badges each donor shows.
async fn awards(g: &Giving, donors: &[&Donor]) -> (Vec<(String, i64)>, Vec<Vec<(String, i64)>>) {
    let (badges, _) = g.list_badges(&page(1, 50, "", "name", "asc")).await.unwrap();
    let counts = badges.into_iter().map(|b| (b.name, b.awarded_count)).collect();
    let mut shown = vec![];
    for d in donors {
        let earned = match g.donor_details(&d.id).await {
            Ok(x) => x.badges.into_iter().map(|b| (b.name, b.awarded_at)).collect(),
            Err(_) => vec![],
        };
        shown.push(earned);
    }
    (counts, shown)
}

async fn a_deleted_badge_takes_its_awards_and_an_award_waits_for_its_donor_and_its_badge(g: Giving) {
    let first = g.create_badge(&badge("First", 1), &admin()).await.unwrap();
    g.create_badge(&badge("Second", 2), &admin()).await.unwrap();
    let ann = donor(&g, "Ann", "Doe").await;
    let bob = donor(&g, "Bob", "Roe").await;
    give(&g, &ann, charity("c1", "Clearwater Wells"), 100, "a1").await;
    give(&g, &bob, charity("c1", "Clearwater Wells"), 100, "b1").await;
    let both = [&ann, &bob];
    let start = awards(&g, &both).await;
    assert_eq!(start.0, [("First".to_string(), 2), ("Second".to_string(), 0)]);

    g.delete_badge(&first.id, &admin()).await.unwrap();
    assert_eq!(awards(&g, &both).await, (vec![("Second".to_string(), 0)], vec![vec![], vec![]]));
    assert!(matches!(g.get_badge(&first.id).await, Err(Error::NotFound(_))));
    // Not awarded while it is in the trash (a new donor's first gift earns nothing).
    let cy = donor(&g, "Cy", "Poe").await;
    give(&g, &cy, charity("c1", "Clearwater Wells"), 100, "c1").await;
    assert!(g.donor_details(&cy.id).await.unwrap().badges.is_empty());

    // Bob deleted while the badge is in the trash: the restored badge counts Ann's award only,
    // Bob's waits for Bob.
    g.delete_donor(&bob.id, &admin()).await.unwrap();
    g.restore_trashed(BADGE, &first.id, &admin()).await.unwrap();
    assert_eq!(
        awards(&g, &[&ann]).await,
        (vec![("First".to_string(), 1), ("Second".to_string(), 0)], vec![start.1[0].clone()])
    );
    g.restore_trashed(DONOR, &bob.id, &admin()).await.unwrap();
    assert_eq!(awards(&g, &both).await, start, "each award back, with its time");

    // The other order: Ann deleted, then the badge; Ann back first, then the badge.
    g.delete_donor(&ann.id, &admin()).await.unwrap();
    assert_eq!(g.get_badge(&first.id).await.unwrap().awarded_count, 1);
    g.delete_badge(&first.id, &admin()).await.unwrap();
    g.restore_trashed(DONOR, &ann.id, &admin()).await.unwrap();
    assert!(g.donor_details(&ann.id).await.unwrap().badges.is_empty());
    g.restore_trashed(BADGE, &first.id, &admin()).await.unwrap();
    assert_eq!(awards(&g, &both).await, start);
    // Cy earns it with its next transaction, as with any badge made later.
    give(&g, &cy, charity("c1", "Clearwater Wells"), 100, "c2").await;
    assert_eq!(g.get_badge(&first.id).await.unwrap().awarded_count, 3);

    // Purge: the badge and its awards for good, with deleted's event.
    g.delete_badge(&first.id, &admin()).await.unwrap();
    g.purge_trashed(BADGE, &first.id, &admin()).await.unwrap();
    assert_eq!(
        scalar(&g, &format!("SELECT COUNT(*) FROM donor_badges_trash WHERE badge_id = '{}'", first.id)).await,
        0
    );
    assert_eq!(bodies(&g, "giving.badge.deleted").await[0]["payload"]["name"], "First");
    let kinds: Vec<String> =
        events(&g).await.into_iter().filter(|k| k.starts_with("giving.badge.") && !k.ends_with(".awarded")).collect();
    assert_eq!(
        kinds,
        [
            "giving.badge.created",
            "giving.badge.created",
            "giving.badge.trashed",
            "giving.badge.restored",
            "giving.badge.trashed",
            "giving.badge.restored",
            "giving.badge.trashed",
            "giving.badge.deleted"
        ]
    );
    assert!(matches!(g.restore_trashed(BADGE, &first.id, &admin()).await, Err(Error::NotFound(_))));
    twins_match(&g).await;
}

common::on_both_backends! { MIGRATIONS, giving;
    a_deleted_donor_leaves_every_figure_and_comes_back_whole => a_deleted_donor_leaves_every_figure_and_comes_back_whole_on_sqlite, a_deleted_donor_leaves_every_figure_and_comes_back_whole_on_postgres;
    a_restore_is_refused_while_the_email_is_taken_and_a_purge_is_the_old_delete => a_restore_is_refused_while_the_email_is_taken_and_a_purge_is_the_old_delete_on_sqlite, a_restore_is_refused_while_the_email_is_taken_and_a_purge_is_the_old_delete_on_postgres;
    a_deleted_partner_leaves_its_tab_and_counter_and_comes_back => a_deleted_partner_leaves_its_tab_and_counter_and_comes_back_on_sqlite, a_deleted_partner_leaves_its_tab_and_counter_and_comes_back_on_postgres;
    a_deleted_badge_takes_its_awards_and_an_award_waits_for_its_donor_and_its_badge => a_deleted_badge_takes_its_awards_and_an_award_waits_for_its_donor_and_its_badge_on_sqlite, a_deleted_badge_takes_its_awards_and_an_award_waits_for_its_donor_and_its_badge_on_postgres;
}
