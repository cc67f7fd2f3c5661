//! Badges: their rules, the platform's starting set, the admin's changes, and the awards a
//! donor earns when a transaction is recorded (never by a scan).

use crate::badges_store::{self, Badge};
use crate::events;
use crate::service::Giving;
use crate::transaction::Transaction;
use common::Actor;
use common::error::{Check, Error, Result};
use common::paging::Page;
use common::write::Write;

pub const BADGE_NOT_FOUND: &str = "Badge not found";
/// Badge rules (proto BadgeRule numbers).
pub const RULE_TOTAL_GIVEN: i64 = 1;
/// The setup mark of the starting badges.
const STARTING_BADGES: &str = "starting_badges";

/// The platform's starting badges: (name, rule, threshold, description); thresholds of the
/// total given are in cents.
pub const STARTING_BADGE_SET: [(&str, i64, i64, &str); 5] = [
    ("First Gift", RULE_DONATIONS, 1, "Made a first donation"),
    ("Ten Gifts", RULE_DONATIONS, 10, "Made ten donations"),
    ("$1,000 Given", RULE_TOTAL_GIVEN, 100_000, "Gave $1,000 in total"),
    ("$5,000 Given", RULE_TOTAL_GIVEN, 500_000, "Gave $5,000 in total"),
    ("Year of Giving", RULE_MONTHS_SUBSCRIBED, 12, "Twelve months of a subscription"),
];

pub const RULE_DONATIONS: i64 = 2;
pub const RULE_MONTHS_SUBSCRIBED: i64 = 3;

/// What a badge form sends: the badge's own fields, name to threshold (`rule` 0 is "not
/// chosen"). Its id, award count and times are the service's and never read.
pub type BadgeInput = Badge;

pub(crate) fn badge_not_found() -> Error {
    Error::NotFound(BADGE_NOT_FOUND.into())
}

/// Awards the badges `due` to the transaction's donor (each once), with their events.
pub(crate) async fn award(w: &mut Write<'_>, t: &Transaction, due: Vec<String>) -> Result<()> {
    for id in due {
        if badges_store::award(w, &t.donor_id, &id, t.created_at).await?
            && let Some(b) = badges_store::get_badge(w, &id).await?
        {
            let e = events::BadgeAwarded { badge_id: b.id, badge_name: b.name, donor_id: t.donor_id.clone() };
            w.emit(events::BADGE_AWARDED, &e).await?;
        }
    }
    Ok(())
}

impl Giving {
    fn parse_badge(i: &BadgeInput) -> Result<BadgeInput> {
        let mut check = Check::default();
        let name = i.name.trim().to_string();
        if name.is_empty() {
            check.fail("name", "Please enter Name");
        } else if name.chars().count() > 100 {
            check.fail("name", "Name must be at most 100 characters");
        }
        if !(RULE_TOTAL_GIVEN..=RULE_MONTHS_SUBSCRIBED).contains(&i.rule) {
            check.fail("rule", "Please choose a rule");
        }
        if i.threshold <= 0 {
            check.fail("threshold", "Threshold must be a whole number greater than 0");
        }
        if i.image.trim().chars().count() > 500 {
            check.fail("image", "Image must be at most 500 characters");
        }
        if i.description.trim().chars().count() > 1000 {
            check.fail("description", "Description must be at most 1000 characters");
        }
        check.done()?;
        Ok(BadgeInput {
            name,
            image: i.image.trim().into(),
            description: i.description.trim().into(),
            is_active: i.is_active,
            rule: i.rule,
            threshold: i.threshold,
            ..Badge::default()
        })
    }

    pub(crate) fn badge_event(b: &Badge, before: Option<&Badge>) -> events::Badge {
        let changes =
            before.map(|o| common::bus::changes(o, b, &["createdAt", "updatedAt", "awardedCount"])).unwrap_or_default();
        events::Badge {
            id: b.id.clone(),
            name: b.name.clone(),
            rule: b.rule,
            threshold: b.threshold,
            is_active: b.is_active,
            image: b.image.clone(),
            changes,
        }
    }

    /// The platform's starting set of badges (the Badge module has no add: SPEC section 6), made
    /// once on the first start of a service that has no badge yet, as the main admin is made by
    /// identity; then editable and deletable as any badge. A start of a database that already
    /// has badges (an upgrade) only marks it done. Answers how many it made.
    pub async fn ensure_starting_badges(&self) -> Result<usize> {
        let mut w = self.begin(&Actor::system()).await?;
        if !badges_store::mark_setup(&mut w, STARTING_BADGES, common::now_ms()).await? {
            w.rollback().await?;
            return Ok(0);
        }
        if badges_store::badge_count(&mut w).await? > 0 {
            w.commit().await?;
            return Ok(0);
        }
        let now = common::now_ms();
        for (name, rule, threshold, description) in STARTING_BADGE_SET {
            let b = Badge {
                id: common::new_id(),
                name: name.into(),
                description: description.into(),
                is_active: true,
                rule,
                threshold,
                created_at: now,
                updated_at: now,
                ..Badge::default()
            };
            badges_store::insert_badge(&mut w, &b).await?;
            w.emit(events::BADGE_CREATED, &Self::badge_event(&b, None)).await?;
        }
        w.commit().await?;
        Ok(STARTING_BADGE_SET.len())
    }

    /// Creates a badge. Donors who already meet its rule earn it with their next recorded
    /// transaction (badges are awarded when a transaction is recorded, never by a scan).
    pub async fn create_badge(&self, input: &BadgeInput, actor: &Actor) -> Result<Badge> {
        let i = Self::parse_badge(input)?;
        let now = common::now_ms();
        let b = Badge { id: common::new_id(), created_at: now, updated_at: now, ..i };
        let mut w = self.begin(actor).await?;
        badges_store::insert_badge(&mut w, &b).await?;
        w.emit(events::BADGE_CREATED, &Self::badge_event(&b, None)).await?;
        w.commit().await?;
        Ok(b)
    }

    /// Changes a badge; as with a new badge, donors who now meet it earn it with their next
    /// recorded transaction. Badges already earned stay.
    pub async fn update_badge(&self, id: &str, input: &BadgeInput, actor: &Actor) -> Result<Badge> {
        let i = Self::parse_badge(input)?;
        let mut w = self.begin(actor).await?;
        let old = badges_store::get_badge(&mut w, id.trim()).await?.ok_or_else(badge_not_found)?;
        // The form's fields; what the service holds stays.
        let b = Badge {
            id: old.id.clone(),
            awarded_count: old.awarded_count,
            created_at: old.created_at,
            updated_at: common::now_ms(),
            ..i
        };
        badges_store::update_badge(&mut w, &b).await?;
        w.emit(events::BADGE_UPDATED, &Self::badge_event(&b, Some(&old))).await?;
        w.commit().await?;
        Ok(b)
    }

    pub async fn get_badge(&self, id: &str) -> Result<Badge> {
        badges_store::get_badge(&mut *self.db.pool.acquire().await?, id.trim()).await?.ok_or_else(badge_not_found)
    }

    pub async fn list_badges(&self, page: &Page) -> Result<(Vec<Badge>, i64)> {
        let mut check = Check::default();
        let paging = page.check(badges_store::badge_sort_column, &mut check);
        check.done()?;
        let search = page.search.trim().to_lowercase();
        Ok(badges_store::list_badges(&mut *self.db.pool.acquire().await?, &search, paging.expect("checked")).await?)
    }
}
