//! The SQL of the per-donor figures: a donor's kept totals, the (donor, recipient) rows and
//! the Subscribed Donor tabs' counts, what one transaction adds to them in one statement, the
//! lookup that recording a donation starts with, and the Subscribed Donor list.

use crate::badges_store::badges_due;
use crate::counters_store::{KeptDeltas, add_kept_one_by_one, push_kept};
use crate::recipient_months_store::{RecipientMonth, add_recipient_month, move_recipient_donor, push_recipient_month};
use crate::settings_store::SETTINGS_ID;
use common::db::{Backend, Sql, get_bool, like_pattern};
use common::paging::Paging;
use sqlx::{AnyConnection, Row};

/// Adds to a donor's kept totals; answers the totals after (total given, donations, months
/// subscribed) and the donor's name key.
pub async fn add_donor_totals(
    c: &mut AnyConnection,
    donor_id: &str,
    cents: i64,
    count: i64,
    months: i64,
) -> sqlx::Result<((i64, i64, i64), String)> {
    let r = sqlx::query(
        "UPDATE donors SET total_given_cents = total_given_cents + $1, donations_count = donations_count + $2, \
         months_subscribed = months_subscribed + $3 WHERE id = $4 RETURNING total_given_cents, donations_count, months_subscribed, name_key",
    )
    .bind(cents)
    .bind(count)
    .bind(months)
    .bind(donor_id)
    .fetch_one(c)
    .await?;
    Ok(((r.try_get(0)?, r.try_get(1)?, r.try_get(2)?), r.try_get(3)?))
}

/// The recipient a donor row counts for.
pub struct RecipientRef<'a> {
    pub kind: &'a str,
    pub id: &'a str,
    pub name: &'a str,
}

/// The first-gift time a (donor, recipient) row takes from a change: the new time when the
/// change brings one (`given_at`, not 0) and the row held no gift, only later ones or no time
/// (a row a previous release wrote), else its own (a refund brings none: the donations side's
/// `first_gift_moved` moves it).
const FIRST_GIVEN_AT: &str = "first_given_at = CASE WHEN excluded.first_given_at <> 0 AND (donor_recipients.one_time_cents \
     + donor_recipients.recurring_cents = 0 OR donor_recipients.first_given_at = 0 \
     OR excluded.first_given_at < donor_recipients.first_given_at) THEN excluded.first_given_at ELSE donor_recipients.first_given_at END";

/// A (donor, recipient) row after a change: what it holds in succeeded gifts (cents) and the
/// time of its first one (0 while it holds none).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct PairAfter {
    pub given: i64,
    pub first_given_at: i64,
}

/// Adds to the (donor, recipient) totals row, creating it on first use, and keeps the
/// Subscribed Donor tabs' row counts (a row is in a tab while its count there is above 0).
/// `given_at`: the time of the succeeded gift the change adds (0: none).
#[allow(clippy::too_many_arguments)]
pub async fn add_donor_recipient(
    c: &mut AnyConnection,
    donor_id: &str,
    donor_name_key: &str,
    r: &RecipientRef<'_>,
    one_time_count: i64,
    one_time_cents: i64,
    recurring_cents: i64,
    subscriptions: i64,
    given_at: i64,
) -> sqlx::Result<PairAfter> {
    let sql = format!(
        "INSERT INTO donor_recipients (donor_id, recipient_id, recipient_type, recipient_name, one_time_count, one_time_cents, \
         recurring_cents, subscriptions_count, donor_name_key, first_given_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) \
         ON CONFLICT (donor_id, recipient_id) DO UPDATE SET recipient_name = excluded.recipient_name, \
         one_time_count = donor_recipients.one_time_count + excluded.one_time_count, \
         one_time_cents = donor_recipients.one_time_cents + excluded.one_time_cents, \
         recurring_cents = donor_recipients.recurring_cents + excluded.recurring_cents, \
         subscriptions_count = donor_recipients.subscriptions_count + excluded.subscriptions_count, \
         donor_name_key = excluded.donor_name_key, {FIRST_GIVEN_AT} \
         RETURNING one_time_count, subscriptions_count, one_time_cents + recurring_cents AS given, first_given_at"
    );
    let after = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(donor_id)
        .bind(r.id)
        .bind(r.kind)
        .bind(r.name)
        .bind(one_time_count)
        .bind(one_time_cents)
        .bind(recurring_cents)
        .bind(subscriptions)
        .bind(donor_name_key)
        .bind(given_at)
        .fetch_one(&mut *c)
        .await?;
    let (one_time_after, subscribed_after): (i64, i64) = (after.try_get(0)?, after.try_get(1)?);
    let pair = PairAfter { given: after.try_get("given")?, first_given_at: after.try_get("first_given_at")? };
    // Entering or leaving a tab.
    let moved = |after: i64, delta: i64| i64::from(after > 0) - i64::from(after - delta > 0);
    add_pairs(c, false, donor_id, moved(one_time_after, one_time_count)).await?;
    add_pairs(c, true, donor_id, moved(subscribed_after, subscriptions)).await?;
    Ok(pair)
}

/// What a transaction (or its refund) adds to its donor's figures: the donor's totals, the
/// (donor, recipient) row and its tab counts, and the kept rollups.
pub struct DonorDeltas<'a> {
    pub donor_id: &'a str,
    pub recipient: RecipientRef<'a>,
    pub cents: i64,
    pub count: i64,
    pub months: i64,
    pub one_time_count: i64,
    pub one_time_cents: i64,
    pub recurring_cents: i64,
    /// The transaction's time: the month of the recipient's figures it counts in, and (a
    /// succeeded gift, `cents` above 0) the pair's first-gift time when it is the earliest.
    pub at: i64,
    pub kept: KeptDeltas<'a>,
}

/// What [`add_donor_figures`] answers: the donor's totals after (total given, donations,
/// months subscribed), the badges due, and the (donor, recipient) row after.
pub struct Figured {
    pub totals: (i64, i64, i64),
    pub due: Vec<String>,
    pub pair: PairAfter,
}

/// Applies `d`: the donor's totals, the (donor, recipient) row, the recipient's month (its
/// donation, and a new donor when the row held no gift before) and the kept rollups; answers
/// the donor's totals after and, when `badges` is set, the ids of the active badges those
/// totals now meet that the donor has not earned yet (oldest first). On PostgreSQL one
/// statement (data-modifying CTEs: a donation pays for one round trip here, not five); on
/// SQLite one statement each.
/// `begun` (PostgreSQL only): the statement's start, `WITH a AS (…), b AS (…), `, whose
/// changes run in the same statement (recording a donation puts its row and its event there).
pub async fn add_donor_figures(
    c: &mut AnyConnection,
    d: DonorDeltas<'_>,
    badges: bool,
    begun: Option<Sql>,
) -> sqlx::Result<Figured> {
    let given_at = if d.cents > 0 { d.at } else { 0 };
    let ym = crate::fees::year_month(d.at);
    if Backend::of_connection(c) == Backend::Sqlite {
        if begun.is_some() {
            return Err(sqlx::Error::Protocol("add_donor_figures: a begun statement is for PostgreSQL only".into()));
        }
        let (totals, key) = add_donor_totals(c, d.donor_id, d.cents, d.count, d.months).await?;
        let pair = add_donor_recipient(
            c,
            d.donor_id,
            &key,
            &d.recipient,
            d.one_time_count,
            d.one_time_cents,
            d.recurring_cents,
            0,
            given_at,
        )
        .await?;
        let new_donor = i64::from(d.cents > 0 && pair.given == d.cents);
        add_recipient_month(
            c,
            d.recipient.id,
            ym,
            RecipientMonth { new_donors: new_donor, donations: d.count, amount_cents: d.cents, subscriptions: 0 },
        )
        .await?;
        add_kept_one_by_one(c, &d.kept).await?;
        let due =
            if badges { badges_due(c, d.donor_id, totals).await?.into_iter().map(|b| b.id).collect() } else { vec![] };
        return Ok(Figured { totals, due, pair });
    }
    let mut q = begun.unwrap_or_else(|| Sql::new(Backend::Postgres, "WITH "));
    q.push("totals AS (UPDATE donors SET total_given_cents = total_given_cents + ").push_bind(d.cents)
        .push(", donations_count = donations_count + ")
        .push_bind(d.count)
        .push(", months_subscribed = months_subscribed + ")
        .push_bind(d.months)
        .push(" WHERE id = ")
        .push_bind(d.donor_id.to_string())
        .push(" RETURNING total_given_cents, donations_count, months_subscribed, name_key), pair AS (")
        .push(
            "INSERT INTO donor_recipients (donor_id, recipient_id, recipient_type, recipient_name, one_time_count, one_time_cents, \
             recurring_cents, subscriptions_count, donor_name_key, first_given_at) SELECT ",
        )
        .push_bind(d.donor_id.to_string())
        .push(", ")
        .push_bind(d.recipient.id.to_string())
        .push(", ")
        .push_bind(d.recipient.kind.to_string())
        .push(", ")
        .push_bind(d.recipient.name.to_string())
        .push(", ")
        .push_bind(d.one_time_count)
        .push(", ")
        .push_bind(d.one_time_cents)
        .push(", ")
        .push_bind(d.recurring_cents)
        .push(", 0, name_key, ")
        .push_bind(given_at)
        .push(&format!(
            " FROM totals ON CONFLICT (donor_id, recipient_id) DO UPDATE SET recipient_name = excluded.recipient_name, \
             one_time_count = donor_recipients.one_time_count + excluded.one_time_count, \
             one_time_cents = donor_recipients.one_time_cents + excluded.one_time_cents, \
             recurring_cents = donor_recipients.recurring_cents + excluded.recurring_cents, \
             donor_name_key = excluded.donor_name_key, {FIRST_GIVEN_AT} \
             RETURNING one_time_count, one_time_cents + recurring_cents AS given, first_given_at)"
        ));
    // The recipient's month: the donation, and a new donor when the row held no gift before
    // (what it holds now is this gift alone).
    q.push(", kept_recipient AS (");
    push_recipient_month(
        &mut q,
        d.recipient.id,
        ym,
        RecipientMonth { new_donors: 0, donations: d.count, amount_cents: d.cents, subscriptions: 0 },
        Some(d.cents),
    );
    q.push(")");
    if d.one_time_count != 0 {
        // The One Time tab's row count, when the pair enters or leaves it (add_donor_recipient's rule).
        q.push(", tab AS (INSERT INTO counters (name, value) SELECT ")
            .push_bind(pairs_counter(false, d.donor_id))
            .push(", CASE WHEN one_time_count > 0 THEN 1 ELSE -1 END FROM pair WHERE (one_time_count > 0) <> (one_time_count - ")
            .push_bind(d.one_time_count)
            .push(" > 0) ON CONFLICT (name) DO UPDATE SET value = counters.value + excluded.value)");
    }
    push_kept(&mut q, &d.kept, true);
    q.push(
        " SELECT total_given_cents, donations_count, months_subscribed, (SELECT given FROM pair) AS given, \
            (SELECT first_given_at FROM pair) AS first_given_at, ",
    );
    if badges {
        q.push(
            "(SELECT string_agg(b.id, ' ' ORDER BY b.created_at, b.id) FROM badges b WHERE b.is_active \
             AND ((b.rule = 1 AND b.threshold <= total_given_cents) OR (b.rule = 2 AND b.threshold <= donations_count) \
             OR (b.rule = 3 AND b.threshold <= months_subscribed)) \
             AND NOT EXISTS (SELECT 1 FROM donor_badges e WHERE e.badge_id = b.id AND e.donor_id = ",
        )
        .push_bind(d.donor_id.to_string())
        .push(")) AS due FROM totals");
    } else {
        q.push("CAST(NULL AS TEXT) AS due FROM totals");
    }
    let r = q.build().fetch_one(c).await?;
    let due: Option<String> = r.try_get("due")?;
    let due = due.map(|ids| ids.split(' ').map(str::to_string).collect()).unwrap_or_default();
    let pair = PairAfter { given: r.try_get("given")?, first_given_at: r.try_get("first_given_at")? };
    Ok(Figured { totals: (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?), due, pair })
}

/// What recording a donation reads first, in one statement: whether its provider reference
/// is recorded already, the donor, the fee settings, the recipient's name as remembered, and
/// (PostgreSQL, when `take_receipt` and the donation is to be recorded: a new reference and
/// an active donor) its receipt sequence number.
pub struct DonationLookup {
    pub recorded: bool,
    /// Id, first and last name, email, active.
    pub donor: Option<(String, String, String, String, bool)>,
    pub processing_fee_bp: i64,
    pub service_charge_bp: i64,
    pub recipient_key: Option<String>,
    pub receipt: Option<i64>,
}

pub async fn donation_lookup(
    c: &mut AnyConnection,
    reference: &str,
    donor_id: &str,
    recipient_id: &str,
    take_receipt: bool,
) -> sqlx::Result<DonationLookup> {
    let receipt = match (Backend::of_connection(c), take_receipt) {
        (Backend::Postgres, true) => {
            "CASE WHEN d.is_active AND NOT EXISTS (SELECT 1 FROM transactions WHERE provider_reference = $1) \
             THEN nextval('receipt_numbers') END"
        }
        _ => "CAST(NULL AS BIGINT)",
    };
    let q = format!(
        "SELECT EXISTS (SELECT 1 FROM transactions WHERE provider_reference = $1) AS recorded, \
         (SELECT name_key FROM recipients WHERE id = $2) AS recipient_key, s.processing_fee_bp, s.service_charge_bp, \
         d.id, d.first_name, d.last_name, d.email, d.is_active, {receipt} AS receipt \
         FROM settings s LEFT JOIN donors d ON d.id = $3 WHERE s.id = $4"
    );
    let r = sqlx::query(sqlx::AssertSqlSafe(q))
        .bind(reference)
        .bind(recipient_id)
        .bind(donor_id)
        .bind(SETTINGS_ID)
        .fetch_one(c)
        .await?;
    let id: Option<String> = r.try_get("id")?;
    let donor = match id {
        Some(id) => Some((
            id,
            r.try_get("first_name")?,
            r.try_get("last_name")?,
            r.try_get("email")?,
            get_bool(&r, "is_active")?,
        )),
        None => None,
    };
    Ok(DonationLookup {
        recorded: get_bool(&r, "recorded")?,
        donor,
        processing_fee_bp: r.try_get("processing_fee_bp")?,
        service_charge_bp: r.try_get("service_charge_bp")?,
        recipient_key: r.try_get("recipient_key")?,
        receipt: r.try_get("receipt")?,
    })
}

/// The counter row of a tab's row count a donor's changes go to (one of a few: donations of
/// different donors do not queue for one row).
fn pairs_counter(subscribed: bool, donor_id: &str) -> String {
    let shard = donor_id.bytes().fold(0u32, |h, b| (h * 31 + u32::from(b)) % 8);
    format!("{}#{shard}", if subscribed { "subscribed_pairs" } else { "one_time_pairs" })
}

async fn add_pairs(c: &mut AnyConnection, subscribed: bool, donor_id: &str, delta: i64) -> sqlx::Result<()> {
    if delta != 0 {
        sqlx::query("INSERT INTO counters (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = counters.value + excluded.value")
            .bind(pairs_counter(subscribed, donor_id))
            .bind(delta)
            .execute(c)
            .await?;
    }
    Ok(())
}

/// A tab's row count.
async fn pairs(c: &mut AnyConnection, subscribed: bool) -> sqlx::Result<i64> {
    let like = if subscribed { "subscribed_pairs#%" } else { "one_time_pairs#%" };
    sqlx::query("SELECT CAST(COALESCE(SUM(value), 0) AS BIGINT) FROM counters WHERE name LIKE $1")
        .bind(like)
        .fetch_one(c)
        .await?
        .try_get(0)
}

/// Sets both tabs' row counts (the rebuild of [`crate::rollups`]).
pub async fn reset_pairs(c: &mut AnyConnection) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM counters WHERE name LIKE 'subscribed_pairs#%' OR name LIKE 'one_time_pairs#%'")
        .execute(&mut *c)
        .await?;
    for (name, which) in [("subscribed_pairs#0", "subscriptions_count"), ("one_time_pairs#0", "one_time_count")] {
        let sql = format!(
            "INSERT INTO counters (name, value) SELECT '{name}', COUNT(*) FROM donor_recipients WHERE {which} > 0"
        );
        sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&mut *c).await?;
    }
    Ok(())
}

/// Takes a donor's (donor, recipient) rows out of (`sign` -1: before they leave for the trash)
/// or back into (1: once they are back) the tabs' counts and their recipients' donors (in the
/// month of its first gift to each); the rows themselves move with common::trash.
pub async fn count_donor_recipients(c: &mut AnyConnection, donor_id: &str, sign: i64) -> sqlx::Result<()> {
    let firsts: Vec<(String, i64)> = sqlx::query_as(
        "SELECT recipient_id, first_given_at FROM donor_recipients WHERE donor_id = $1 AND first_given_at <> 0",
    )
    .bind(donor_id)
    .fetch_all(&mut *c)
    .await?;
    for (recipient_id, first) in &firsts {
        let (from, to) = if sign < 0 { (*first, 0) } else { (0, *first) };
        move_recipient_donor(c, recipient_id, from, to).await?;
    }
    let r = sqlx::query(
        "SELECT COUNT(CASE WHEN one_time_count > 0 THEN 1 END) AS one_time, COUNT(CASE WHEN subscriptions_count > 0 THEN 1 END) AS subscribed \
         FROM donor_recipients WHERE donor_id = $1",
    )
    .bind(donor_id)
    .fetch_one(&mut *c)
    .await?;
    let (one_time, subscribed): (i64, i64) = (r.try_get("one_time")?, r.try_get("subscribed")?);
    add_pairs(c, false, donor_id, sign * one_time).await?;
    add_pairs(c, true, donor_id, sign * subscribed).await
}

/// A renamed donor's rows follow its name (the tabs' name order).
pub async fn rename_donor_recipients(c: &mut AnyConnection, donor_id: &str, name_key: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE donor_recipients SET donor_name_key = $1 WHERE donor_id = $2 AND donor_name_key <> $1")
        .bind(name_key)
        .bind(donor_id)
        .execute(c)
        .await?;
    Ok(())
}

/// One row of the Subscribed Donor screen.
#[derive(Debug, Clone, PartialEq)]
pub struct DonorTotalsRow {
    pub donor_id: String,
    pub recipient_id: String,
    pub first_name: String,
    pub last_name: String,
    pub name: String,
    pub email: String,
    pub phone_number: String,
    pub subscribed_donor_count: i64,
    pub total_amount_cents: i64,
}

/// Sort columns of the donor totals list (allow-list); the default is the donor's name, as
/// the screen's. The name and total orders read an index of the tab's rows.
pub fn totals_sort_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "totalAmount" | "totalAmountCents" => "total",
        "" | "firstName" => "r.donor_name_key",
        "email" => "d.email",
        "name" => "LOWER(r.recipient_name)",
        "subscribedDonorCount" => "r.subscriptions_count",
        _ => return None,
    })
}

/// The rows of a tab that a search matches: the matching donors' (found by the donor-name
/// index, see crate::tx_index) or, for a search that matches very many, the name kept on
/// each row.
fn totals_matching(q: &mut Sql, subscribed: bool, search: &str, donors: Option<&[String]>) {
    q.push(" FROM donor_recipients r JOIN donors d ON d.id = r.donor_id WHERE ");
    q.push(if subscribed { "r.subscriptions_count > 0" } else { "r.one_time_count > 0" });
    match donors {
        Some(ids) => {
            q.push(" AND r.donor_id IN (");
            crate::tx_index::push_list(q, ids);
            q.push(")");
        }
        None if !search.is_empty() => {
            q.push(" AND r.donor_name_key LIKE ").push_bind(like_pattern(search)).push(" ESCAPE '\\'");
        }
        None => {}
    }
}

/// A page of a Subscribed Donor tab and its total (at most [`crate::tx_index::BROAD_TOTAL_CAP`]
/// counted for a search that matches very many donors).
pub async fn list_donor_totals(
    c: &mut AnyConnection,
    cache: &crate::tx_index::DayCache,
    subscribed: bool,
    search: &str,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<DonorTotalsRow>, i64)> {
    let Paging { column, descending, limit, offset } = paging;
    let dir = if descending { "DESC" } else { "ASC" };
    let backend = Backend::of_connection(c);
    let found = if search.is_empty() { None } else { Some(cache.donors_matching(c, search).await?) };
    let donors = found.as_deref().map(Vec::as_slice).filter(|ids| ids.len() <= crate::tx_index::FEW_DONORS);
    if donors.is_some_and(|ids| ids.is_empty()) {
        return Ok((vec![], 0));
    }
    let total = if search.is_empty() {
        pairs(c, subscribed).await?
    } else {
        let cap = if donors.is_some() { i64::MAX } else { crate::tx_index::BROAD_TOTAL_CAP };
        let mut q = Sql::new(backend, "SELECT COUNT(*) FROM (SELECT 1");
        totals_matching(&mut q, subscribed, search, donors);
        q.push(" LIMIT ").push_bind(cap).push(") m");
        q.build().fetch_one(&mut *c).await?.try_get(0)?
    };
    let total_col = if subscribed { "r.recurring_cents" } else { "r.one_time_cents" };
    let mut q = Sql::new(
        backend,
        format!(
            "SELECT r.donor_id, r.recipient_id, r.recipient_name, d.first_name, d.last_name, d.email, d.phone_number, \
             r.subscriptions_count, {total_col} AS total"
        ),
    );
    totals_matching(&mut q, subscribed, search, donors);
    let column = if column == "total" { total_col } else { column };
    q.push(&format!(" ORDER BY {column} {dir}, r.donor_id {dir}, r.recipient_id {dir} LIMIT "))
        .push_bind(limit)
        .push(" OFFSET ")
        .push_bind(offset);
    let rows = q.build().fetch_all(&mut *c).await?;
    let items = rows
        .iter()
        .map(|r| {
            Ok(DonorTotalsRow {
                donor_id: r.try_get("donor_id")?,
                recipient_id: r.try_get("recipient_id")?,
                first_name: r.try_get("first_name")?,
                last_name: r.try_get("last_name")?,
                name: r.try_get("recipient_name")?,
                email: r.try_get("email")?,
                phone_number: r.try_get("phone_number")?,
                subscribed_donor_count: r.try_get("subscriptions_count")?,
                total_amount_cents: r.try_get("total")?,
            })
        })
        .collect::<sqlx::Result<_>>()?;
    Ok((items, total))
}
