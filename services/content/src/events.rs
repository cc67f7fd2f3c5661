//! The events the content service publishes: each routing key as a const and a payload
//! struct per kind of event. Updates name the fields they changed, before and after.

use common::bus::Changes;
use serde::{Deserialize, Serialize};

/// A page saved with a new revision.
pub const PAGE_PUBLISHED: &str = "content.page.published";
/// A page's earlier revision made current again (a new revision).
pub const PAGE_RESTORED: &str = "content.page.restored";
pub const LEADERSHIP_CREATED: &str = "content.leadership.created";
pub const LEADERSHIP_UPDATED: &str = "content.leadership.updated";
/// Deleted for good (purged from the trash, common::trash).
pub const LEADERSHIP_DELETED: &str = "content.leadership.deleted";
/// Deleted by the console: moved to the trash (restorable).
pub const LEADERSHIP_TRASHED: &str = "content.leadership.trashed";
pub const LEADERSHIP_RESTORED: &str = "content.leadership.restored";
pub const FAQ_CREATED: &str = "content.faq.created";
pub const FAQ_UPDATED: &str = "content.faq.updated";
pub const FAQ_DELETED: &str = "content.faq.deleted";
pub const FAQ_TRASHED: &str = "content.faq.trashed";
pub const FAQ_RESTORED: &str = "content.faq.restored";
pub const FAQ_CATEGORY_CREATED: &str = "content.faq_category.created";
pub const FAQ_CATEGORY_UPDATED: &str = "content.faq_category.updated";
pub const FAQ_CATEGORY_DELETED: &str = "content.faq_category.deleted";
pub const FAQ_CATEGORY_TRASHED: &str = "content.faq_category.trashed";
pub const FAQ_CATEGORY_RESTORED: &str = "content.faq_category.restored";
/// A public contact-us submission (its actor: type 'public' and the address).
pub const CONTACT_RECEIVED: &str = "content.contact.received";
/// A contact message opened for the first time.
pub const CONTACT_READ: &str = "content.contact.read";
pub const CONTACT_TRASHED: &str = "content.contact.trashed";
pub const CONTACT_RESTORED: &str = "content.contact.restored";
pub const CONTACT_DELETED: &str = "content.contact.deleted";
/// A file stored by the BFF recorded (its actor: the uploader).
pub const MEDIA_UPLOADED: &str = "content.media.uploaded";
/// A recorded file removed (by an account, or the orphan sweep as the system).
pub const MEDIA_REMOVED: &str = "content.media.removed";
/// A save attached uploads to its record (and released the files it no longer shows).
pub const MEDIA_ATTACHED: &str = "content.media.attached";
/// A deleted record's files were released.
pub const MEDIA_RELEASED: &str = "content.media.released";

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Page {
    pub page_key: String,
    pub revision: i64,
    /// Set on a restore: the revision whose document became current.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restored_from: Option<i64>,
    /// The stored media files the page's document names (its images).
    pub media: Vec<String>,
    /// `media` before and after, when the revision changed it.
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub changes: Changes,
}

impl Page {
    /// A new revision's payload: the files its document names and, when they differ from
    /// the previous document's, both lists as a change.
    pub fn of(page_key: &str, revision: i64, restored_from: Option<i64>, before: &str, after: &str) -> Self {
        let names = |doc: &str| {
            let mut out = std::collections::BTreeSet::new();
            crate::stored_name::names_in(doc, &mut out);
            out.into_iter().collect::<Vec<_>>()
        };
        let (old, media) = (names(before), names(after));
        let mut changes = Changes::new();
        if old != media {
            changes.insert("media".into(), common::bus::Change { before: old.into(), after: media.clone().into() });
        }
        Self { page_key: page_key.into(), revision, restored_from, media, changes }
    }
}

/// A leadership entry, FAQ category or FAQ.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Entry {
    pub id: String,
    /// The entry's name (a FAQ's question).
    pub name: String,
    /// A leadership entry's photo (a stored media file).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub photo: String,
    #[serde(skip_serializing_if = "Changes::is_empty")]
    pub changes: Changes,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Contact {
    pub id: String,
    pub email: String,
    pub subject: String,
}

/// A media file recorded or removed.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Media {
    pub file: String,
    pub module: String,
    pub kind: String,
    pub size: i64,
    /// The record it belonged to when removed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owner: Option<Owner>,
}

/// The record files belong to.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Owner {
    pub service: String,
    pub entity: String,
    pub id: String,
}

impl From<crate::media_store::MediaOwner> for Owner {
    fn from(o: crate::media_store::MediaOwner) -> Self {
        Self { service: o.service, entity: o.entity, id: o.entity_id }
    }
}

/// Files a record took (attached) or gave up (released).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct MediaOwnership {
    pub owner: Owner,
    pub attached: Vec<String>,
    pub released: i64,
}
