//! The events the giving service publishes: each routing key as a const and a payload struct
//! per kind of event. An update's payload names the fields it changed, before and after.

use common::bus::Changes;
/// Published here, written in common::topics: other services consume them.
/// A donor deleted by the console is `trashed` (in the trash, restorable), `restored` when it
/// comes back, and `deleted` only when purged (chat and engagement let go of it then).
pub use common::topics::{DONOR_CREATED, DONOR_DELETED, DONOR_RESTORED, DONOR_STATUS, DONOR_TRASHED, DONOR_UPDATED};
use serde::{Deserialize, Serialize};

/// A donor's event.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Donor {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub is_active: bool,
    /// The avatar (a stored media file), for media references.
    pub avatar: String,
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub changes: Changes,
}

pub const TRANSACTION_RECORDED: &str = "giving.transaction.recorded";
pub const TRANSACTION_REFUNDED: &str = "giving.transaction.refunded";
pub const SUBSCRIPTION_STARTED: &str = "giving.subscription.started";
pub const SUBSCRIPTION_CANCELLED: &str = "giving.subscription.cancelled";
pub const SUBSCRIPTION_CHARGED: &str = "giving.subscription.charged";
pub const SETTINGS_CHANGED: &str = "giving.settings.changed";
pub const BADGE_CREATED: &str = "giving.badge.created";
pub const BADGE_UPDATED: &str = "giving.badge.updated";
/// Deleted for good (purged from the trash).
pub const BADGE_DELETED: &str = "giving.badge.deleted";
/// Deleted by the console (in the trash, restorable), and back from it.
pub const BADGE_TRASHED: &str = "giving.badge.trashed";
pub const BADGE_RESTORED: &str = "giving.badge.restored";
pub const BADGE_AWARDED: &str = "giving.badge.awarded";

/// A transaction's event (recorded or refunded).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Transaction {
    pub id: String,
    pub donor_id: String,
    pub recipient_type: String,
    pub recipient_id: String,
    pub amount_cents: i64,
    pub net_cents: i64,
    pub currency: String,
    pub status: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub subscription_id: String,
    pub receipt_number: String,
}

/// A subscription's event (started, cancelled, charged).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Subscription {
    pub id: String,
    pub donor_id: String,
    pub recipient_id: String,
    pub amount_cents: i64,
    pub interval: String,
    pub status: String,
    pub charges_count: i64,
    pub next_charge_at: i64,
    /// The transaction of a charge.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub transaction_id: String,
}

/// The service-charge settings after a change, with what changed.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    pub service_charge_bp: i64,
    pub processing_fee_bp: i64,
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub changes: Changes,
}

/// A badge's event (created, updated, deleted).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Badge {
    pub id: String,
    pub name: String,
    pub rule: i64,
    pub threshold: i64,
    pub is_active: bool,
    /// The badge's image (a stored media file).
    pub image: String,
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub changes: Changes,
}

/// A badge a donor earned.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct BadgeAwarded {
    pub badge_id: String,
    pub badge_name: String,
    pub donor_id: String,
}

pub const PARTNER_APPLIED: &str = "giving.partner.applied";
pub const PARTNER_STATUS: &str = "giving.partner.status";
/// Deleted for good (purged from the trash).
pub const PARTNER_DELETED: &str = "giving.partner.deleted";
/// Deleted by the console (in the trash, restorable), and back from it.
pub const PARTNER_TRASHED: &str = "giving.partner.trashed";
pub const PARTNER_RESTORED: &str = "giving.partner.restored";
pub const PARTNER_VERIFIED: &str = "giving.partner.verified";

/// A giving partner's event; a status or verification change names its fields before and after.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Partner {
    pub id: String,
    pub name: String,
    pub email_address: String,
    pub admin_verification: String,
    pub is_active: bool,
    /// The partner's logo (a stored media file).
    pub logo: String,
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub changes: Changes,
}
