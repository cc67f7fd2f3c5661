//! The engagement service's handle and what its domain modules share: the write, the input
//! rules (trimmed text, lists, images, a form's location), the people an app call names, and
//! list paging.
//! The domain lives in communities.rs, calendar.rs, posts.rs, reports.rs, people.rs and
//! figures.rs, each with its SQL in its `_store.rs`.

use crate::people_store;
use crate::store;
use common::Actor;
use common::db::Db;
use common::error::{Check, Error, Result};
use common::outbox::Relay;
use common::paging::{Page, Paging};
use common::write::{self, Write};
use sqlx::AnyConnection;

#[derive(Clone)]
pub struct Engagement {
    pub db: Db,
    pub relay: Option<Relay>,
    /// Deep-page anchors of the feeds read lately, by (community, active), with the feed
    /// version they were taken at (see `posts.rs`); each replica keeps its own.
    pub(crate) anchors: FeedAnchors,
}

/// (community, active) -> (feed version, anchors).
pub(crate) type FeedAnchors = std::sync::Arc<
    std::sync::Mutex<std::collections::HashMap<(String, bool), (i64, std::sync::Arc<Vec<(i64, String)>>)>>,
>;

/// A donor as an app call names it (the service keeps its name, email and avatar).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DonorRef {
    pub id: String,
    pub name: String,
    pub email: String,
    pub avatar: String,
}

/// Post, comment and member lists cap a page at this many rows, whatever limit is asked
/// (the console asks 1,000,000 for the inactive posts, SPEC section 4).
pub const MAX_PAGE_ROWS: i64 = 100;

impl Engagement {
    pub fn new(db: Db, relay: Option<Relay>) -> Self {
        Self { db, relay, anchors: Default::default() }
    }

    pub(crate) async fn begin(&self, actor: &Actor) -> Result<Write<'_>> {
        write::begin(&self.db, self.relay.as_ref(), actor).await
    }

    pub(crate) async fn read(&self) -> Result<common::pool::PoolConnection> {
        Ok(self.db.pool.acquire().await?)
    }
}

/// Keeps the donor an app call names (checked: an id is required); answers its id.
pub(crate) async fn keep_donor(c: &mut AnyConnection, d: &DonorRef) -> Result<String> {
    let id = d.id.trim();
    if id.is_empty() || id == store::PLATFORM {
        return Err(Error::field("donorId", "Please select valid donor"));
    }
    people_store::upsert_person(c, id, d.name.trim(), d.email.trim(), d.avatar.trim()).await?;
    Ok(id.to_string())
}

pub(crate) use common::rules::{optional_text as optional, required_text as required};

/// A list of stored file names or ids: trimmed, blanks and repeats dropped, at most `max`.
pub(crate) fn names(raw: &[String], field: &str, max: usize, too_many: &str, check: &mut Check) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for v in raw.iter().map(|v| v.trim()).filter(|v| !v.is_empty()) {
        if v.chars().count() > 300 {
            check.fail(field, "Please upload a valid file");
        } else if !out.iter().any(|o| o == v) {
            out.push(v.to_string());
        }
    }
    if out.len() > max {
        check.fail(field, too_many);
    }
    out
}

/// Rich text sanitised (common::rich_text); `empty` when it has no visible text.
pub(crate) fn rich(raw: &str, field: &str, empty: &str, check: &mut Check) -> String {
    let clean = common::rich_text::sanitize_html(raw);
    if common::rich_text::text_of(&clean).is_empty() {
        check.fail(field, empty);
    }
    if clean.len() > 100_000 {
        check.fail(field, "Description is too long");
    }
    clean
}

/// What `parse` answers of an input, once every check it makes has passed (a 400 naming
/// each failed field otherwise).
pub(crate) fn checked<T>(parse: impl FnOnce(&mut Check) -> T) -> Result<T> {
    let mut check = Check::default();
    let parsed = parse(&mut check);
    check.done()?;
    Ok(parsed)
}

/// A capped page of a feed or member list: limit 1..=100 (larger asks get 100 rows a page),
/// page from 1; the search lower-cased.
pub(crate) fn capped(page: &Page, check: &mut Check) -> (i64, i64, String) {
    let limit = if page.limit <= 0 { 10 } else { page.limit.min(MAX_PAGE_ROWS) };
    let capped = Page { limit, column: String::new(), order: String::new(), ..page.clone() };
    let p: Option<Paging<()>> = capped.check(|c| c.is_empty().then_some(()), check);
    let offset = p.map(|p| p.offset).unwrap_or_default();
    (limit, offset, page.search.trim().to_lowercase())
}
