//! Media records: every file the BFF stores (module, name, kind, size, uploader, when,
//! whether it was removed) and the records that use it. References are kept from every
//! service's events (one consumer bound to `#`, idempotent: each event is marked handled
//! in the same transaction as its change):
//!
//! - the event's routing key `service.entity.action` names the record kind, the payload's
//!   `id` (or `pageKey`) the record;
//! - every string of the payload is scanned for stored file names (`media::new_name`
//!   makes unique random names with a known extension; a URL or rich text naming one
//!   counts too), `changes` included; a name that is recorded here becomes a reference of
//!   the record, except a `changes` `before` value, whose reference is dropped (unless the
//!   same name appears elsewhere in the payload: still in use);
//! - a `deleted` event drops every reference of the record.
//!
//! The service's own events are not taken from the bus (its relay publishes them while it
//! holds the database's write lock, and on SQLite the consumer's write would wait for
//! it): [`emit`] keeps their references in the write that emits them.

use crate::error::{Error, Result};
use crate::events;
use crate::service::Content;
use crate::store::{self, MediaFile, MediaRef};
use common::Actor;
use common::bus::{Event, EventHandler};
use common::error::Check;
use common::write::Write;
use std::collections::BTreeSet;

/// The consumer's durable queue (and its `mark_handled` name).
pub const CONSUMER: &str = "content.media";
/// Every event of every service.
pub const CONSUMED: [&str; 1] = ["#"];

/// The extensions the BFF stores (bff::media::Kind).
const EXTENSIONS: [&str; 12] = ["png", "jpg", "jp2", "jpx", "jpm", "tiff", "mp4", "mov", "webm", "mkv", "avi", "mpeg"];

/// Whether `s` has the shape of a stored name: an id (letters, digits, '-'), a dot and a
/// stored extension.
pub fn is_stored_name(s: &str) -> bool {
    match s.split_once('.') {
        Some((stem, ext)) => {
            !stem.is_empty() && stem.len() <= 64 && stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') && EXTENSIONS.contains(&ext)
        }
        None => false,
    }
}

/// The stored names a text holds (a bare name, a URL, rich text).
pub fn names_in(text: &str, out: &mut BTreeSet<String>) {
    for token in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '.')) {
        let token = token.trim_matches('.');
        if is_stored_name(token) {
            out.insert(token.to_string());
        }
    }
}

fn strings_in(v: &serde_json::Value, out: &mut BTreeSet<String>) {
    match v {
        serde_json::Value::String(s) => names_in(s, out),
        serde_json::Value::Array(a) => a.iter().for_each(|x| strings_in(x, out)),
        serde_json::Value::Object(o) => o.values().for_each(|x| strings_in(x, out)),
        _ => {}
    }
}

/// The names a payload uses (every string but the `changes` `before` values) and the
/// names it stopped using (`before` values not used any more).
pub fn scan(payload: &serde_json::Value) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut used = BTreeSet::new();
    let mut before = BTreeSet::new();
    if let serde_json::Value::Object(o) = payload {
        for (k, v) in o {
            match (k.as_str(), v) {
                ("changes", serde_json::Value::Object(changes)) => {
                    for change in changes.values() {
                        match change {
                            serde_json::Value::Object(c) => {
                                for (side, x) in c {
                                    if side == "before" { strings_in(x, &mut before) } else { strings_in(x, &mut used) }
                                }
                            }
                            other => strings_in(other, &mut used),
                        }
                    }
                }
                _ => strings_in(v, &mut used),
            }
        }
    } else {
        strings_in(payload, &mut used);
    }
    let dropped = before.difference(&used).cloned().collect();
    (used, dropped)
}

/// The record an event is about: (service, entity, id) from `service.entity.action` and the
/// payload's `id` or `pageKey`; with the action.
fn record_of(event_type: &str, payload: &serde_json::Value) -> Option<(MediaRef, String)> {
    let mut parts = event_type.splitn(3, '.');
    let (service, entity, action) = (parts.next()?, parts.next()?, parts.next()?);
    let id = ["id", "pageKey"].iter().find_map(|k| payload.get(*k).and_then(|v| v.as_str()).filter(|s| !s.is_empty()))?;
    Some((MediaRef { service: service.into(), entity: entity.into(), entity_id: id.into() }, action.to_string()))
}

/// Applies an event's references in `w`; answers false when it names no record or no file.
async fn keep_references(w: &mut Write<'_>, event_type: &str, payload: &serde_json::Value) -> Result<bool> {
    let Some((record, action)) = record_of(event_type, payload) else {
        return Ok(false);
    };
    if action == "deleted" {
        store::remove_entity_refs(w, &record).await?;
        return Ok(true);
    }
    let (used, dropped) = scan(payload);
    if used.is_empty() && dropped.is_empty() {
        return Ok(false);
    }
    let names: Vec<String> = used.iter().chain(dropped.iter()).cloned().collect();
    let recorded: BTreeSet<String> = store::recorded_files(w, &names).await?.into_iter().collect();
    for f in used.iter().filter(|f| recorded.contains(*f)) {
        store::add_media_ref(w, f, &record).await?;
    }
    for f in dropped.iter().filter(|f| recorded.contains(*f)) {
        store::remove_media_ref(w, f, &record).await?;
    }
    Ok(true)
}

/// Emits one of this service's events and keeps the references it makes, in the same write.
pub async fn emit<P: serde::Serialize>(w: &mut Write<'_>, key: &str, payload: &P) -> Result<()> {
    w.emit(key, payload).await?;
    let value = serde_json::to_value(payload).map_err(|e| Error::Internal(e.into()))?;
    keep_references(w, key, &value).await?;
    Ok(())
}

/// What an upload is (as the BFF sends it).
#[derive(Debug, Clone, Default)]
pub struct UploadInput {
    pub module: String,
    pub file: String,
    pub kind: String,
    pub size: i64,
}

/// A file's record and the records using it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MediaUse {
    pub file: Option<MediaFile>,
    pub references: Vec<MediaRef>,
}

impl Content {
    /// Records an upload by `actor` (who must be an account).
    pub async fn record_upload(&self, i: &UploadInput, actor: &Actor) -> Result<MediaFile> {
        let mut check = Check::default();
        let module_ok = !i.module.is_empty() && i.module.len() <= 50 && i.module.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
        if !module_ok {
            check.fail("module", "Please give a valid module");
        }
        if !is_stored_name(&i.file) {
            check.fail("file", "Please give a valid file name");
        }
        if i.kind != "image" && i.kind != "video" {
            check.fail("kind", "Kind must be image or video");
        }
        if i.size < 0 {
            check.fail("size", "Please give a valid size");
        }
        if !actor.is_known() {
            check.fail("actor", "An upload needs its uploader");
        }
        check.done()?;
        let m = MediaFile {
            module: i.module.clone(),
            file: i.file.clone(),
            kind: i.kind.clone(),
            size: i.size,
            uploader_id: actor.id.clone(),
            uploader_type: actor.account_type.clone(),
            uploaded_at: common::now_ms(),
            removed_at: None,
        };
        let mut w = self.write(actor).await?;
        store::insert_media(&mut w, &m).await.map_err(|e| common::db::unique_as(e, "File already recorded"))?;
        w.emit(events::MEDIA_UPLOADED, &events::Media { file: m.file.clone(), module: m.module.clone(), kind: m.kind.clone(), size: m.size }).await?;
        w.commit().await?;
        Ok(m)
    }

    /// A file's record (None when it was never recorded) and its references.
    pub async fn media_use(&self, file: &str) -> Result<MediaUse> {
        let mut c = self.db.pool.acquire().await?;
        let Some(f) = store::media_by_file(&mut c, file).await? else {
            return Ok(MediaUse::default());
        };
        let references = store::media_refs(&mut c, file).await?;
        Ok(MediaUse { file: Some(f), references })
    }

    /// Marks a file removed (its references stay, for the record); answers false when it
    /// is not recorded or was removed already.
    pub async fn mark_removed(&self, file: &str, actor: &Actor) -> Result<bool> {
        let mut w = self.write(actor).await?;
        let Some(m) = store::media_by_file(&mut w, file).await? else {
            return Ok(false);
        };
        if !store::mark_media_removed(&mut w, file, common::now_ms()).await? {
            w.rollback().await?;
            return Ok(false);
        }
        w.emit(events::MEDIA_REMOVED, &events::Media { file: m.file, module: m.module, kind: m.kind, size: m.size }).await?;
        w.commit().await?;
        Ok(true)
    }

    /// Files not removed, used by nothing, uploaded before `before` (epoch ms).
    pub async fn orphans(&self, before: i64, limit: i64) -> Result<Vec<MediaFile>> {
        let limit = if limit <= 0 { 500 } else { limit.min(1000) };
        Ok(store::media_orphans(&mut *self.db.pool.acquire().await?, before, limit).await?)
    }

    /// Keeps the references of the record an event is about (see the module); answers false
    /// on a redelivery or an event that names no record.
    pub async fn media_event(&self, event: &Event) -> Result<bool> {
        // Its own events are kept as they are emitted (see the module).
        if event.event_type.starts_with("content.") {
            return Ok(false);
        }
        let names_a_record = record_of(&event.event_type, &event.payload).is_some_and(|(_, action)| action == "deleted" || {
            let (used, dropped) = scan(&event.payload);
            !used.is_empty() || !dropped.is_empty()
        });
        if !names_a_record {
            return Ok(false);
        }
        let mut w = self.write(&Actor::system()).await?;
        if !w.mark_handled(CONSUMER, &event.id).await? {
            return Ok(false);
        }
        keep_references(&mut w, &event.event_type, &event.payload).await?;
        w.commit().await?;
        Ok(true)
    }
}

/// The consumer of every event (binding `#`).
pub struct Consumer(pub Content);

#[tonic::async_trait]
impl EventHandler for Consumer {
    async fn handle(&self, event: &Event) -> anyhow::Result<()> {
        self.0.media_event(event).await.map_err(|e: Error| anyhow::anyhow!("{e}"))?;
        Ok(())
    }
}
