//! The content service's handle ([`Content`]: its database and outbox relay) and the input
//! rules its aggregates share (names, required texts, orders, list paging). Each aggregate's
//! methods are in its own module: pages, leadership, faqs, contacts and media.

use crate::error::Result;
use common::Actor;
use common::error::Check;
use common::outbox::Relay;
use common::paging::Page;
use common::write::{self, Write};

#[derive(Clone)]
pub struct Content {
    pub db: common::db::Db,
    pub relay: Option<Relay>,
}

pub(crate) use common::rules::parse_name;

/// A required text: `message` when blank, '<label> must be at most <max> characters' when longer.
pub(crate) fn required(raw: &str, field: &str, message: &str, max: usize, label: &str, check: &mut Check) -> String {
    common::rules::required_text(raw, field, message, max, common::rules::too_long(label, max), check)
}

pub(crate) fn order(v: i64, check: &mut Check) -> i64 {
    if !(0..=1_000_000).contains(&v) {
        check.fail("order", "Please enter valid Order");
    }
    v
}

/// The list's default column is ascending by order (not newest first).
pub(crate) fn by_order(q: &Page) -> Page {
    let mut q = q.clone();
    if q.column.is_empty() {
        q.column = "order".into();
    }
    q
}

pub(crate) fn paging(
    q: &Page,
    columns: fn(&str) -> Option<&'static str>,
) -> Result<common::paging::Paging<&'static str>> {
    let mut check = Check::default();
    let p = q.check(columns, &mut check);
    check.done()?;
    Ok(p.expect("checked"))
}

impl Content {
    pub fn new(db: common::db::Db, relay: Option<Relay>) -> Self {
        Self { db, relay }
    }

    pub(crate) async fn write(&self, actor: &Actor) -> Result<Write<'_>> {
        write::begin(&self.db, self.relay.as_ref(), actor).await
    }

    pub(crate) async fn conn(&self) -> Result<common::pool::PoolConnection> {
        Ok(self.db.pool.acquire().await?)
    }
}
