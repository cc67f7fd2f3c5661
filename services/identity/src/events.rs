//! The events identity publishes (routing key consts and payload structs) and the ones it
//! consumes, as its own structs: services share no types, only the keys and JSON fields.

use common::bus::Changes;
use serde::{Deserialize, Serialize};

pub const SUB_ADMIN_CREATED: &str = "identity.subadmin.created";
pub const SUB_ADMIN_UPDATED: &str = "identity.subadmin.updated";
/// Deleted for good (purged from the trash).
pub const SUB_ADMIN_DELETED: &str = "identity.subadmin.deleted";
/// Deleted by the console: in the trash (its sessions ended), restorable.
pub const SUB_ADMIN_TRASHED: &str = "identity.subadmin.trashed";
pub const SUB_ADMIN_RESTORED: &str = "identity.subadmin.restored";
pub const SUB_ADMIN_STATUS_CHANGED: &str = "identity.subadmin.status_changed";

/// An account changed its own password (the actor is the account).
pub const PASSWORD_CHANGED: &str = "identity.account.password_changed";
/// A password was set from a reset link (the link, not a session, authorises it: the actor is
/// the system, the payload names the account).
pub const PASSWORD_RESET: &str = "identity.account.password_reset";
/// Every session of an account ended at once (its refresh families revoked): a password
/// changed or was set from a link, the account was deactivated, deleted or disabled with its
/// nonprofit, its second factor was reset. The BFF drops the account's cached standing on it,
/// so its access tokens are refused on every replica at their next request.
pub const SESSIONS_ENDED: &str = "identity.account.sessions_ended";
/// A reset link was mailed to an active account.
pub const PASSWORD_RESET_REQUESTED: &str = "identity.account.password_reset_requested";
/// A nonprofit admin's invitation was sent (by the main admin, or on the nonprofit's approval).
pub const INVITATION_SENT: &str = "identity.invitation.sent";
/// A nonprofit admin set its first password from its invitation.
pub const INVITATION_ACCEPTED: &str = "identity.invitation.accepted";

/// An account's event: which account (never a password, hash or token).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Account {
    pub id: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub email: String,
}

/// An invitation's event: the account invited and its nonprofit (never the link).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Invitation {
    pub id: String,
    pub email: String,
    pub charity_id: String,
    pub expires_at: i64,
}

/// A sub-admin's event: who, and for an update or a status change the fields that changed
/// (first and last name, email, permissions, active, password) with their values before and after
/// (a new password shows as `true`, never its hash).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct SubAdmin {
    pub id: String,
    pub email: String,
    pub is_active: bool,
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub changes: Changes,
}

/// What an update compares (see [`SubAdmin::changes`]).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SubAdminFields {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub is_active: bool,
    pub permissions: Vec<Permission>,
    pub password_changed: bool,
}

/// A module's granted actions.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Permission {
    pub slug: String,
    pub actions: Vec<String>,
}

// --- consumed: the catalogue's nonprofits ---------------------------------------------------

/// Written in common::topics, beside the publisher's own.
pub use common::topics::{
    CHARITY_CREATED, CHARITY_DELETED, CHARITY_RESTORED, CHARITY_STATUS_CHANGED, CHARITY_TRASHED, CHARITY_VERIFIED,
};

/// A nonprofit admin's account was disabled or enabled with its nonprofit.
pub const CHARITY_ADMIN_STATUS_CHANGED: &str = "identity.charity_admin.status_changed";

/// What [`CHARITY_ADMIN_STATUS_CHANGED`] says.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct CharityAdmin {
    pub id: String,
    pub email: String,
    pub charity_id: String,
    pub is_active: bool,
}

/// The fields of a catalogue nonprofit event that the invitation of its admin reads.
#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Charity {
    pub id: String,
    pub charity_name: String,
    pub admin_verification: String,
    pub admin_email: String,
    pub admin_first_name: String,
    pub admin_last_name: String,
    pub is_active: bool,
}

// --- two-factor sign-in ------------------------------------------------------------------

/// An account began enrolling (a new pending secret).
pub const TWO_FACTOR_ENROLMENT_STARTED: &str = "identity.twofactor.enrolment_started";
/// An account confirmed its enrolment: two-factor sign-in is on, new recovery codes made.
pub const TWO_FACTOR_ENABLED: &str = "identity.twofactor.enabled";
/// An account turned its second factor off.
pub const TWO_FACTOR_DISABLED: &str = "identity.twofactor.disabled";
/// The main admin removed a sub-admin's second factor.
pub const TWO_FACTOR_RESET: &str = "identity.twofactor.reset";
/// A recovery code was spent on a sign-in.
pub const TWO_FACTOR_RECOVERY_CODE_USED: &str = "identity.twofactor.recovery_code_used";
/// The main admin changed whether every admin account must use two-factor sign-in.
pub const TWO_FACTOR_SETTING_CHANGED: &str = "identity.twofactor.setting_changed";

/// A two-factor event of one account: who, never a secret or a code.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct TwoFactor {
    pub id: String,
    pub email: String,
    /// Recovery codes left unused after the change.
    pub recovery_codes_left: i64,
}

/// The platform setting after a change, with its value before and after.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct TwoFactorSetting {
    pub required: bool,
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub changes: Changes,
}

// --- saved views ---------------------------------------------------------------------------

/// An account saved a view of a list: a new one, or (with `changes`) the view of that name
/// with its query replaced.
pub const SAVED_VIEW_SAVED: &str = "identity.saved_view.saved";
/// An account deleted one of its views.
pub const SAVED_VIEW_DELETED: &str = "identity.saved_view.deleted";

/// A saved view's event: the view (whose account, which list, its name and query) and, for a
/// replacement, the fields that changed.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct SavedView {
    pub id: String,
    pub account_id: String,
    pub list: String,
    pub name: String,
    pub query: String,
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub changes: Changes,
}

impl SavedView {
    pub fn of(v: &crate::saved_views_store::SavedView, changes: Changes) -> Self {
        Self {
            id: v.id.clone(),
            account_id: v.account_id.clone(),
            list: v.list.clone(),
            name: v.name.clone(),
            query: v.query.clone(),
            changes,
        }
    }
}

/// What a replacement compares (see [`SavedView::changes`]).
#[derive(Debug, Clone, Serialize)]
pub struct SavedViewFields {
    pub name: String,
    pub query: String,
}

impl SavedViewFields {
    pub fn of(v: &crate::saved_views_store::SavedView) -> Self {
        Self { name: v.name.clone(), query: v.query.clone() }
    }
}
