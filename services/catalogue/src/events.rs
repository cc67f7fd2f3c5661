//! The events the catalogue publishes: each routing key as a const and a payload struct per
//! kind of event. An update's payload names the fields it changed, before and after.

use common::bus::Changes;
/// Published here, written in common::topics: other services consume them.
pub use common::topics::{
    CAUSE_DELETED, CHARITY_CREATED, CHARITY_DELETED, CHARITY_RESTORED, CHARITY_STATUS_CHANGED, CHARITY_TRASHED,
    CHARITY_VERIFIED,
};
use serde::{Deserialize, Serialize};

pub const CAUSE_CREATED: &str = "catalogue.cause.created";
pub const CAUSE_UPDATED: &str = "catalogue.cause.updated";
pub const CAUSE_STATUS_CHANGED: &str = "catalogue.cause.status_changed";
pub const CATEGORY_CREATED: &str = "catalogue.category.created";
pub const CATEGORY_UPDATED: &str = "catalogue.category.updated";
pub const CATEGORY_STATUS_CHANGED: &str = "catalogue.category.status_changed";
pub const CATEGORY_DELETED: &str = "catalogue.category.deleted";
/// Deleted by the console (in the trash, restorable), and back from it; `deleted` is the purge.
pub const CAUSE_TRASHED: &str = "catalogue.cause.trashed";
pub const CAUSE_RESTORED: &str = "catalogue.cause.restored";
pub const CATEGORY_TRASHED: &str = "catalogue.category.trashed";
pub const CATEGORY_RESTORED: &str = "catalogue.category.restored";

pub const CHARITY_UPDATED: &str = "catalogue.charity.updated";
/// An imported nonprofit was onboarded (it waits for verification).
pub const CHARITY_ONBOARDED: &str = "catalogue.charity.onboarded";
/// Sent back to Pending (a rejected one edited, or a nonprofit admin's change of Tax ID or payment methods).
pub const CHARITY_RESUBMITTED: &str = "catalogue.charity.resubmitted";
pub const CHARITY_REJECTED: &str = "catalogue.charity.rejected";
/// A Business Master File import wrote rows (payload [`Imported`]).
pub const CHARITY_IMPORTED: &str = "catalogue.charity.imported";

/// A cause's or a category's event.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Term {
    pub id: String,
    pub name: String,
    pub is_active: bool,
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub changes: Changes,
}

/// A nonprofit's event.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Charity {
    pub id: String,
    pub charity_name: String,
    /// 'XX-XXXXXXX'
    pub tax_id: String,
    pub admin_verification: String,
    pub reject_reason: String,
    pub is_active: bool,
    pub is_imported: bool,
    pub admin_email: String,
    pub admin_first_name: String,
    pub admin_last_name: String,
    /// The stored media files it shows (logo and images), for media references.
    pub logo: String,
    pub images: Vec<String>,
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub changes: Changes,
}

/// What an import wrote (and the counts of every import's summary, `import::ImportSummary`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(default)]
pub struct Imported {
    pub rows: i64,
    pub new: i64,
    pub changed: i64,
    pub unchanged: i64,
    pub skipped: i64,
    pub invalid: i64,
}
