//! The routing keys one service publishes and another consumes, written once: the publisher's
//! `events.rs` and each consumer's re-export them from here, so renaming one cannot leave a
//! consumer bound to a key nobody sends. A key only its own service reads stays in that
//! service's `events.rs`.

// ---- giving: donors (consumed by chat and engagement, who keep the people they show) ----

pub const DONOR_CREATED: &str = "giving.donor.created";
pub const DONOR_UPDATED: &str = "giving.donor.updated";
/// Deleted for good (purged from the trash): chat and engagement let go of the donor for good.
pub const DONOR_DELETED: &str = "giving.donor.deleted";
/// Deleted by the console: in the trash (issue 36). Chat and engagement take the donor out of
/// their lists and counts, keeping what they need to bring it back; payload as `deleted`'s.
pub const DONOR_TRASHED: &str = "giving.donor.trashed";
/// Back from the trash: chat and engagement bring back what they took out on `trashed`.
pub const DONOR_RESTORED: &str = "giving.donor.restored";
/// Activated or deactivated (`isActive`).
pub const DONOR_STATUS: &str = "giving.donor.status";

// ---- catalogue: nonprofits and causes (consumed by identity, engagement and giving) ----

/// Added (onboarded by the main admin: approved by being added, see `adminVerification`).
pub const CHARITY_CREATED: &str = "catalogue.charity.created";
/// A nonprofit was approved.
pub const CHARITY_VERIFIED: &str = "catalogue.charity.verified";
/// A nonprofit was activated or deactivated (`isActive` says which).
pub const CHARITY_STATUS_CHANGED: &str = "catalogue.charity.status_changed";
/// Deleted for good (purged from the trash): what pointed at it lets go of it.
pub const CHARITY_DELETED: &str = "catalogue.charity.deleted";
/// Deleted by the console: in the trash, restorable (identity disables its admins' accounts).
pub const CHARITY_TRASHED: &str = "catalogue.charity.trashed";
/// A nonprofit came back from the trash (identity gives its admins their standing back).
pub const CHARITY_RESTORED: &str = "catalogue.charity.restored";
pub const CAUSE_DELETED: &str = "catalogue.cause.deleted";
