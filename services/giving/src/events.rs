//! The events the giving service publishes: each routing key as a const and a payload struct
//! per kind of event. An update's payload names the fields it changed, before and after.

use common::bus::Changes;
use serde::{Deserialize, Serialize};

pub const DONOR_CREATED: &str = "giving.donor.created";
pub const DONOR_UPDATED: &str = "giving.donor.updated";
pub const DONOR_DELETED: &str = "giving.donor.deleted";
pub const DONOR_STATUS: &str = "giving.donor.status";

/// A donor's event.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Donor {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub is_active: bool,
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub changes: Changes,
}

pub const PARTNER_APPLIED: &str = "giving.partner.applied";
pub const PARTNER_STATUS: &str = "giving.partner.status";
pub const PARTNER_DELETED: &str = "giving.partner.deleted";
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
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub changes: Changes,
}
