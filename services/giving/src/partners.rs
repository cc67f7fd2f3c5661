//! Giving partners: companies that apply to partner with the platform and that an admin
//! approves or rejects (SPEC: strategic partners). Each change and its event are written
//! together (common::write); the dashboard's `approved_partners` and `pending_partners`
//! counters move in the same transaction.
//!
//! `pending_partners` counts the partners waiting for a decision ('Pending'), and
//! `approved_partners` the approved ones ('Approve'), active or not.

use crate::events;
use crate::service::Giving;
use common::Actor;
use common::db::{Sql, get_bool, unique_on};
use common::error::{Check, Error, Result};
use common::paging::{Page, Paging};
use common::rules::{Email, Phone, text};
use common::write::{self, Write};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

pub const NOT_FOUND: &str = "Giving partner not found";
pub const EMAIL_TAKEN: &str = "Email already exists";
pub const REASON_REQUIRED: &str = "Please Enter Add Reason";
pub const ONLY_APPROVED_STATUS: &str = "Only an approved giving partner can be activated or deactivated";
pub const APPROVED_CANNOT_BE_REJECTED: &str = "An approved giving partner cannot be rejected";
pub const ALREADY_APPROVED: &str = "Giving partner is already approved";
pub const ALREADY_REJECTED: &str = "Giving partner is already rejected";
pub const CHOOSE_VERIFICATION: &str = "Please choose Approve or Reject";

pub const PENDING: &str = "Pending";
pub const APPROVE: &str = "Approve";
pub const REJECT: &str = "Reject";

/// A giving partner as stored.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Partner {
    pub id: String,
    pub name: String,
    pub user_name: String,
    pub email_address: String,
    pub phone_number: String,
    pub website: String,
    pub logo: String,
    pub description: String,
    pub state: String,
    pub city: String,
    /// 'Pending', 'Approve' or 'Reject'.
    pub admin_verification: String,
    pub reject_reason: String,
    pub is_active: bool,
    /// When it applied (in an application: now when 0).
    pub applied_at: i64,
    pub verified_at: i64,
}

/// What an application sends: the partner's own fields (name to city) and when it applied.
/// Its id, the decision, the active flag and the verification time are the service's and
/// never read.
pub type PartnerInput = Partner;

/// A partner list query: the page, and which tab (approved, or pending and rejected).
#[derive(Debug, Clone, Default)]
pub struct PartnerQuery {
    pub page: Page,
    pub approved: bool,
}

pub(crate) fn not_found() -> Error {
    Error::NotFound(NOT_FOUND.into())
}

/// An http(s) address with a dotted host and no spaces.
fn valid_website(w: &str) -> bool {
    let Some(rest) = w.strip_prefix("https://").or_else(|| w.strip_prefix("http://")) else { return false };
    let host = rest.split(['/', '?', '#']).next().unwrap_or("");
    host.contains('.')
        && !host.starts_with('.')
        && !host.ends_with('.')
        && !w.chars().any(char::is_whitespace)
        && w.len() <= 500
}

/// Checks an application: name, contact and email required; phone and website optional but
/// well-formed.
fn parse(i: &PartnerInput, check: &mut Check) -> PartnerInput {
    let name = text(&i.name, "name", "Name", 100, true, check);
    let user_name = text(&i.user_name, "userName", "User Name", 100, true, check);
    let email_address = Email::parse(&i.email_address, "emailAddress", "Please enter Email", check)
        .map(Email::into_string)
        .unwrap_or_default();
    let phone_number =
        Phone::parse(&i.phone_number, "phoneNumber", None, check).map(Phone::into_string).unwrap_or_default();
    let website = i.website.trim().to_string();
    if !website.is_empty() && !valid_website(&website) {
        check.fail("website", "Please enter valid Website");
    }
    if i.applied_at < 0 {
        check.fail("appliedAt", "appliedAt must be a time");
    }
    PartnerInput {
        name,
        user_name,
        email_address,
        phone_number,
        website,
        logo: text(&i.logo, "logo", "Logo", 500, false, check),
        description: text(&i.description, "description", "Description", 2000, false, check),
        state: text(&i.state, "state", "State", 100, false, check),
        city: text(&i.city, "city", "City", 100, false, check),
        applied_at: i.applied_at,
        ..Partner::default()
    }
}

/// A partner's event; a change names what changed since `before`.
pub(crate) async fn emit(w: &mut Write<'_>, key: &str, p: &Partner, before: Option<&Partner>) -> Result<()> {
    let changes = before.map(|b| common::bus::changes(b, p, &[])).unwrap_or_default();
    let payload = events::Partner {
        id: p.id.clone(),
        name: p.name.clone(),
        email_address: p.email_address.clone(),
        admin_verification: p.admin_verification.clone(),
        is_active: p.is_active,
        logo: p.logo.clone(),
        changes,
    };
    w.emit(key, &payload).await
}

/// How the two partner counters move when a partner goes from `from` to `to` (None: absent).
pub(crate) async fn recount(c: &mut AnyConnection, from: Option<&str>, to: Option<&str>) -> sqlx::Result<()> {
    for (counter, state) in [("pending_partners", PENDING), ("approved_partners", APPROVE)] {
        let delta = i64::from(to == Some(state)) - i64::from(from == Some(state));
        crate::counters_store::add_counter(c, counter, delta).await?;
    }
    Ok(())
}

impl Giving {
    async fn partner_write(&self, actor: &Actor) -> Result<Write<'_>> {
        write::begin(&self.db, self.relay.as_ref(), actor).await
    }

    /// A company applies: it waits for an admin's decision ('Pending').
    pub async fn apply_partner(&self, input: &PartnerInput, actor: &Actor) -> Result<Partner> {
        let mut check = Check::default();
        let i = parse(input, &mut check);
        check.done()?;
        let p = Partner {
            id: common::new_id(),
            admin_verification: PENDING.into(),
            is_active: true,
            applied_at: if i.applied_at == 0 { common::now_ms() } else { i.applied_at },
            ..i
        };
        let mut w = self.partner_write(actor).await?;
        store::insert(&mut w, &p).await.map_err(|e| unique_on(e, "emailAddress", EMAIL_TAKEN))?;
        recount(&mut w, None, Some(PENDING)).await?;
        emit(&mut w, events::PARTNER_APPLIED, &p, None).await?;
        w.commit().await?;
        Ok(p)
    }

    pub async fn get_partner(&self, id: &str) -> Result<Partner> {
        store::get(&mut *self.db.pool.acquire().await?, id).await?.ok_or_else(not_found)
    }

    /// One page of approved partners, or of pending and rejected ones.
    pub async fn list_partners(&self, q: &PartnerQuery) -> Result<(Vec<Partner>, i64)> {
        let mut check = Check::default();
        let paging = q.page.check(store::sort_column, &mut check);
        check.done()?;
        let search = q.page.search.trim().to_lowercase();
        Ok(store::list(&mut *self.db.pool.acquire().await?, q.approved, &search, paging.expect("checked")).await?)
    }

    /// Activates or deactivates an approved partner.
    pub async fn set_partner_active(&self, id: &str, active: bool, actor: &Actor) -> Result<Partner> {
        let mut w = self.partner_write(actor).await?;
        w.lock_row("partners", id).await?;
        let old = store::get(&mut w, id).await?.ok_or_else(not_found)?;
        if old.admin_verification != APPROVE {
            return Err(Error::Conflict(ONLY_APPROVED_STATUS.into()));
        }
        let p = Partner { is_active: active, ..old.clone() };
        store::save_state(&mut w, &p).await?;
        emit(&mut w, events::PARTNER_STATUS, &p, Some(&old)).await?;
        w.commit().await?;
        Ok(p)
    }

    /// Approves or rejects a partner. A pending partner may go either way and a rejected one
    /// may still be approved (its approve link); an approved partner cannot be rejected.
    /// Rejecting needs a reason; approving clears it.
    pub async fn change_partner_verification(
        &self,
        id: &str,
        verification: &str,
        reason: &str,
        actor: &Actor,
    ) -> Result<Partner> {
        let mut check = Check::default();
        let verification = verification.trim();
        let reason = reason.trim();
        match verification {
            APPROVE => {}
            REJECT if reason.is_empty() => check.fail("rejectReason", REASON_REQUIRED),
            REJECT if reason.chars().count() > 500 => {
                check.fail("rejectReason", "Reason must be at most 500 characters")
            }
            REJECT => {}
            _ => check.fail("adminVerification", CHOOSE_VERIFICATION),
        }
        check.done()?;
        let mut w = self.partner_write(actor).await?;
        w.lock_row("partners", id).await?;
        let old = store::get(&mut w, id).await?.ok_or_else(not_found)?;
        match (old.admin_verification.as_str(), verification) {
            (APPROVE, APPROVE) => return Err(Error::Conflict(ALREADY_APPROVED.into())),
            (APPROVE, _) => return Err(Error::Conflict(APPROVED_CANNOT_BE_REJECTED.into())),
            (REJECT, REJECT) => return Err(Error::Conflict(ALREADY_REJECTED.into())),
            _ => {}
        }
        let p = Partner {
            admin_verification: verification.to_string(),
            reject_reason: if verification == REJECT { reason.to_string() } else { String::new() },
            verified_at: common::now_ms(),
            ..old.clone()
        };
        store::save_state(&mut w, &p).await?;
        recount(&mut w, Some(&old.admin_verification), Some(&p.admin_verification)).await?;
        emit(&mut w, events::PARTNER_VERIFIED, &p, Some(&old)).await?;
        w.commit().await?;
        Ok(p)
    }
}

/// The fifty states, each with two of its cities: where the seeded partners are.
const STATES: [(&str, &str, &str); 50] = [
    ("Alabama", "Birmingham", "Montgomery"),
    ("Alaska", "Anchorage", "Juneau"),
    ("Arizona", "Phoenix", "Tucson"),
    ("Arkansas", "Little Rock", "Fayetteville"),
    ("California", "Los Angeles", "San Diego"),
    ("Colorado", "Denver", "Boulder"),
    ("Connecticut", "Hartford", "New Haven"),
    ("Delaware", "Wilmington", "Dover"),
    ("Florida", "Miami", "Orlando"),
    ("Georgia", "Atlanta", "Savannah"),
    ("Hawaii", "Honolulu", "Hilo"),
    ("Idaho", "Boise", "Idaho Falls"),
    ("Illinois", "Chicago", "Springfield"),
    ("Indiana", "Indianapolis", "Fort Wayne"),
    ("Iowa", "Des Moines", "Cedar Rapids"),
    ("Kansas", "Wichita", "Topeka"),
    ("Kentucky", "Louisville", "Lexington"),
    ("Louisiana", "New Orleans", "Baton Rouge"),
    ("Maine", "Portland", "Bangor"),
    ("Maryland", "Baltimore", "Annapolis"),
    ("Massachusetts", "Boston", "Worcester"),
    ("Michigan", "Detroit", "Grand Rapids"),
    ("Minnesota", "Minneapolis", "Duluth"),
    ("Mississippi", "Jackson", "Biloxi"),
    ("Missouri", "Kansas City", "St. Louis"),
    ("Montana", "Billings", "Missoula"),
    ("Nebraska", "Omaha", "Lincoln"),
    ("Nevada", "Las Vegas", "Reno"),
    ("New Hampshire", "Manchester", "Concord"),
    ("New Jersey", "Newark", "Trenton"),
    ("New Mexico", "Albuquerque", "Santa Fe"),
    ("New York", "New York", "Buffalo"),
    ("North Carolina", "Charlotte", "Raleigh"),
    ("North Dakota", "Fargo", "Bismarck"),
    ("Ohio", "Columbus", "Cleveland"),
    ("Oklahoma", "Oklahoma City", "Tulsa"),
    ("Oregon", "Portland", "Eugene"),
    ("Pennsylvania", "Philadelphia", "Pittsburgh"),
    ("Rhode Island", "Providence", "Newport"),
    ("South Carolina", "Charleston", "Columbia"),
    ("South Dakota", "Sioux Falls", "Rapid City"),
    ("Tennessee", "Nashville", "Memphis"),
    ("Texas", "Houston", "Austin"),
    ("Utah", "Salt Lake City", "Provo"),
    ("Vermont", "Burlington", "Montpelier"),
    ("Virginia", "Richmond", "Virginia Beach"),
    ("Washington", "Seattle", "Spokane"),
    ("West Virginia", "Charleston", "Morgantown"),
    ("Wisconsin", "Milwaukee", "Madison"),
    ("Wyoming", "Cheyenne", "Casper"),
];

const KINDS: [&str; 6] =
    ["Community Fund", "Outreach Group", "Giving Circle", "Foundation", "Relief Alliance", "Youth Partners"];
const CONTACTS: [&str; 8] = [
    "Ava Johnson",
    "Liam Smith",
    "Mia Brown",
    "Noah Davis",
    "Emma Wilson",
    "Lucas Moore",
    "Olivia Taylor",
    "Ethan Clark",
];
const REASONS: [&str; 4] = [
    "The website could not be verified",
    "The contact person did not answer our emails",
    "The application is missing the company's registration details",
    "The partner's activities are outside the platform's scope",
];

/// A fixed day the seeded applications count back from (2026-01-01 UTC), so the data is the
/// same on every run.
const SEED_BASE_MS: i64 = 1_767_225_600_000;
const DAY_MS: i64 = 86_400_000;

/// Seeds two giving partners in every US state (deterministic): about a third waiting, a third
/// approved (one in five of those inactive) and a third rejected with a reason. Partners whose
/// email exists already are left alone, so seeding twice adds nothing. Answers how many it added.
pub async fn seed_partners(g: &Giving, actor: &Actor) -> Result<usize> {
    let mut added = 0;
    for (s, (state, city1, city2)) in STATES.iter().enumerate() {
        for (k, city) in [city1, city2].into_iter().enumerate() {
            let n = s * 2 + k;
            let kind = KINDS[n % KINDS.len()];
            let slug: String =
                format!("{city} {kind}").to_lowercase().chars().filter(char::is_ascii_alphanumeric).collect();
            let email = format!("partners@{slug}{n}.example.org");
            let exists = sqlx::query("SELECT id FROM partners WHERE email_address = $1")
                .bind(&email)
                .fetch_optional(&g.db.pool)
                .await?;
            if exists.is_some() {
                continue;
            }
            let input = PartnerInput {
                name: format!("{city} {kind}"),
                user_name: CONTACTS[n % CONTACTS.len()].into(),
                email_address: email,
                phone_number: format!("(555) {:03}-{:04}", 200 + n, 1000 + n * 7),
                website: format!("https://www.{slug}{n}.example.org"),
                logo: String::new(),
                description: format!("{kind} supporting nonprofits in and around {city}, {state}."),
                state: (*state).into(),
                city: (*city).into(),
                applied_at: SEED_BASE_MS - (n as i64 * 3 + 1) * DAY_MS,
                ..Default::default()
            };
            let p = g.apply_partner(&input, actor).await?;
            match n % 3 {
                1 => {
                    g.change_partner_verification(&p.id, APPROVE, "", actor).await?;
                    if n % 5 == 0 {
                        g.set_partner_active(&p.id, false, actor).await?;
                    }
                }
                2 => {
                    g.change_partner_verification(&p.id, REJECT, REASONS[n % REASONS.len()], actor).await?;
                }
                _ => {}
            }
            added += 1;
        }
    }
    Ok(added)
}

/// Every SQL statement on partners (one text for SQLite and PostgreSQL).
pub(crate) mod store {
    use super::*;

    const COLUMNS: &str = "id, name, user_name, email_address, phone_number, website, logo, description, state, city, \
                           admin_verification, reject_reason, is_active, applied_at, verified_at";

    fn partner(r: &AnyRow) -> sqlx::Result<Partner> {
        Ok(Partner {
            id: r.try_get("id")?,
            name: r.try_get("name")?,
            user_name: r.try_get("user_name")?,
            email_address: r.try_get("email_address")?,
            phone_number: r.try_get("phone_number")?,
            website: r.try_get("website")?,
            logo: r.try_get("logo")?,
            description: r.try_get("description")?,
            state: r.try_get("state")?,
            city: r.try_get("city")?,
            admin_verification: r.try_get("admin_verification")?,
            reject_reason: r.try_get("reject_reason")?,
            is_active: get_bool(r, "is_active")?,
            applied_at: r.try_get("applied_at")?,
            verified_at: r.try_get("verified_at")?,
        })
    }

    pub async fn insert(c: &mut AnyConnection, p: &Partner) -> sqlx::Result<()> {
        sqlx::query(
            "INSERT INTO partners (id, name, name_key, user_name, email_address, phone_number, website, logo, description, state, city, \
             admin_verification, reject_reason, is_active, applied_at, verified_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
        )
        .bind(&p.id)
        .bind(&p.name)
        .bind(p.name.to_lowercase())
        .bind(&p.user_name)
        .bind(&p.email_address)
        .bind(&p.phone_number)
        .bind(&p.website)
        .bind(&p.logo)
        .bind(&p.description)
        .bind(&p.state)
        .bind(&p.city)
        .bind(&p.admin_verification)
        .bind(&p.reject_reason)
        .bind(p.is_active)
        .bind(p.applied_at)
        .bind(p.verified_at)
        .execute(c)
        .await?;
        Ok(())
    }

    pub async fn get(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Partner>> {
        let q = format!("SELECT {COLUMNS} FROM partners WHERE id = $1");
        sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(partner).transpose()
    }

    /// A partner in the trash (its row in the twin `partners_trash`).
    pub async fn get_trashed(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Partner>> {
        let q = format!("SELECT {COLUMNS} FROM partners_trash WHERE id = $1");
        sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(partner).transpose()
    }

    /// Writes the decision and the active flag.
    pub async fn save_state(c: &mut AnyConnection, p: &Partner) -> sqlx::Result<bool> {
        let r = sqlx::query("UPDATE partners SET admin_verification = $1, reject_reason = $2, is_active = $3, verified_at = $4 WHERE id = $5")
            .bind(&p.admin_verification)
            .bind(&p.reject_reason)
            .bind(p.is_active)
            .bind(p.verified_at)
            .bind(&p.id)
            .execute(c)
            .await?;
        Ok(r.rows_affected() == 1)
    }

    /// Sort columns a list may use (allow-list: never interpolate input).
    pub fn sort_column(column: &str) -> Option<&'static str> {
        Some(match column {
            "" | "appliedAt" => "applied_at",
            "name" => "name_key",
            "userName" => "user_name",
            "emailAddress" => "email_address",
            _ => return None,
        })
    }

    /// `FROM partners WHERE …`: the tab's partners whose name matches `search` (lower-cased).
    fn matching(q: &mut Sql, approved: bool, search: &str) {
        q.push(" FROM partners WHERE ");
        q.push(if approved { "admin_verification = 'Approve'" } else { "admin_verification IN ('Pending', 'Reject')" });
        if !search.is_empty() {
            q.push(" AND name_key LIKE ").push_bind(common::db::like_pattern(search)).push(" ESCAPE '\\'");
        }
    }

    /// One page and the total of a tab.
    pub async fn list(
        c: &mut AnyConnection,
        approved: bool,
        search: &str,
        paging: Paging<&'static str>,
    ) -> sqlx::Result<(Vec<Partner>, i64)> {
        common::db::page_with_total(c, COLUMNS, |q| matching(q, approved, search), paging, partner).await
    }
}
