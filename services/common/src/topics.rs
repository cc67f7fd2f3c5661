//! The routing keys one service publishes and another consumes, written once: the publisher's
//! `events.rs` and each consumer's re-export them from here, so renaming one cannot leave a
//! consumer bound to a key nobody sends. A key only its own service reads stays in that
//! service's `events.rs`.

// ---- giving: donors (consumed by chat and engagement, who keep the people they show) ----

pub const DONOR_CREATED: &str = "giving.donor.created";
pub const DONOR_UPDATED: &str = "giving.donor.updated";
pub const DONOR_DELETED: &str = "giving.donor.deleted";
/// Activated or deactivated (`isActive`).
pub const DONOR_STATUS: &str = "giving.donor.status";

// ---- catalogue: nonprofits and causes (consumed by identity, engagement and giving) ----

/// Added (onboarded by the main admin: approved by being added, see `adminVerification`).
pub const CHARITY_CREATED: &str = "catalogue.charity.created";
/// A nonprofit was approved.
pub const CHARITY_VERIFIED: &str = "catalogue.charity.verified";
/// A nonprofit was activated or deactivated (`isActive` says which).
pub const CHARITY_STATUS_CHANGED: &str = "catalogue.charity.status_changed";
pub const CHARITY_DELETED: &str = "catalogue.charity.deleted";
/// A deleted nonprofit came back. Identity already restores its admin's standing on it; the
/// catalogue sends it once nonprofits can be restored (SPEC restores only events and
/// communities today, so nothing publishes it yet).
pub const CHARITY_RESTORED: &str = "catalogue.charity.restored";
pub const CAUSE_DELETED: &str = "catalogue.cause.deleted";
