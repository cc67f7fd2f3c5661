//! Media records: every file the BFF stores (module, name, kind, size, uploader, when,
//! whether it was removed) and the record that owns it (ARCHITECTURE section 5, media files):
//!
//! - an upload is recorded unattached, its uploader's (`record_upload`), within the
//!   uploader's daily quota (one conditional statement per upload on `media_usage`, so
//!   parallel uploads cannot pass it);
//! - the record that first saves a file owns it (`attach`, which the BFF calls around every
//!   save naming files): a save may name only files its record owns or unattached uploads of
//!   its caller, else it is refused naming the field; ownership never moves to another record
//!   and is never inferred from events or text;
//! - a record that stops showing a file, or is deleted, releases it (unattached again); an
//!   unattached file is swept after a set time from its upload or release (`orphans`);
//! - files named by records before ownership existed (legacy, or the demo data's pictures)
//!   are not recorded: no save attaches them and only the main admin removes them (BFF).
//!
//! Until the previous release stops running (a rolling upgrade), attaching and releasing
//! also keep its `media_refs` rows, which its orphan sweep reads: a file attached here is
//! not an orphan to it either.

use crate::error::{Error, Result};
use crate::events;
use crate::media_store::{self, MediaFile, MediaOwner};
use crate::service::Content;
use crate::stored_name::is_stored_name;
use common::Actor;
use common::error::Check;

/// The queue the previous release consumed every event into (references read from event
/// text). Retired: deleted once nothing consumes it (`common::bus::retire_queue`).
pub const RETIRED_QUEUE: &str = "content.media";

/// Day of an upload quota, milliseconds.
pub const QUOTA_WINDOW_MS: i64 = 86_400_000;

pub const BELONGS_TO_ANOTHER: &str = "This file belongs to another record";
pub const UPLOADED_BY_ANOTHER: &str = "This file was uploaded by another account";
pub const WAS_REMOVED: &str = "This file was removed: please upload it again";

/// What an upload is (as the BFF sends it).
#[derive(Debug, Clone, Default)]
pub struct UploadInput {
    pub module: String,
    pub file: String,
    pub kind: String,
    pub size: i64,
    /// Bytes the uploader may upload in a day; 0 = no quota.
    pub quota_bytes: i64,
}

/// One field of a save and the stored names it carries.
#[derive(Debug, Clone, Default)]
pub struct MediaField {
    pub field: String,
    pub files: Vec<String>,
}

/// What an attach does besides checking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attach {
    /// Check only: nothing changes (before a save).
    Check,
    /// Attach the caller's unattached files to the record.
    Attach,
    /// Attach, and release the record's files the fields do not name (the fields name
    /// every file the record shows).
    AttachReleasingOthers,
}

/// Files attached and released by one call.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Attached {
    pub attached: i64,
    pub released: i64,
}

/// What the remaining allowance of an uploader is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Allowance {
    pub remaining_bytes: i64,
    /// 0 when no window is open.
    pub window_ends_at: i64,
}

fn quota_spent(quota: i64, ends_at: i64, now: i64) -> Error {
    let mb = quota as f64 / 1_000_000.0;
    let secs = ((ends_at - now).max(1000) / 1000) as u64;
    let hours = secs.div_ceil(3600);
    let when = if hours <= 1 { "within an hour".to_string() } else { format!("in {hours} hours") };
    Error::TooManyAttempts(
        format!("You have reached your upload limit of {mb:.0} MB a day. You can upload again {when}."),
        secs,
    )
}

fn check_owner(o: &MediaOwner, id_required: bool, check: &mut Check) {
    let word = |s: &str| {
        !s.is_empty() && s.len() <= 64 && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    };
    if !word(&o.service) || !word(&o.entity) {
        check.fail("owner", "Please name the record the files belong to");
    }
    if (id_required && o.entity_id.is_empty()) || o.entity_id.len() > 100 {
        check.fail("owner", "Please name the record the files belong to");
    }
}

impl Content {
    /// Records an upload by `actor` (who must be an account), counted against its quota.
    pub async fn record_upload(&self, i: &UploadInput, actor: &Actor) -> Result<MediaFile> {
        let mut check = Check::default();
        let module_ok = !i.module.is_empty()
            && i.module.len() <= 50
            && i.module.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
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
        if i.quota_bytes < 0 {
            check.fail("quotaBytes", "Please give a valid quota");
        }
        if !actor.is_known() {
            check.fail("actor", "An upload needs its uploader");
        }
        check.done()?;
        let now = common::now_ms();
        let m = MediaFile {
            module: i.module.clone(),
            file: i.file.clone(),
            kind: i.kind.clone(),
            size: i.size,
            uploader_id: actor.id.clone(),
            uploader_type: actor.account_type.clone(),
            uploaded_at: now,
            ..Default::default()
        };
        let mut w = self.write(actor).await?;
        if i.quota_bytes > 0
            && !media_store::use_quota(&mut w, &actor.id, i.size, i.quota_bytes, now, QUOTA_WINDOW_MS).await?
        {
            w.rollback().await?;
            let ends = media_store::quota_window(&mut *self.db.pool.acquire().await?, &actor.id)
                .await?
                .map_or(now + QUOTA_WINDOW_MS, |(start, _)| start + QUOTA_WINDOW_MS);
            return Err(quota_spent(i.quota_bytes, ends, now));
        }
        media_store::insert_media(&mut w, &m).await.map_err(|e| common::db::unique_as(e, "File already recorded"))?;
        w.emit(
            events::MEDIA_UPLOADED,
            &events::Media {
                file: m.file.clone(),
                module: m.module.clone(),
                kind: m.kind.clone(),
                size: m.size,
                ..Default::default()
            },
        )
        .await?;
        w.commit().await?;
        Ok(m)
    }

    /// What `actor` may still upload in the current window of its quota. The BFF asks before
    /// it reads an upload, so a spent quota stops a video before it is stored.
    pub async fn upload_allowance(&self, actor: &Actor, quota_bytes: i64) -> Result<Allowance> {
        if quota_bytes <= 0 {
            return Ok(Allowance { remaining_bytes: i64::MAX, window_ends_at: 0 });
        }
        let now = common::now_ms();
        let window = media_store::quota_window(&mut *self.db.pool.acquire().await?, &actor.id).await?;
        Ok(match window {
            Some((start, bytes)) if start + QUOTA_WINDOW_MS > now => {
                let a = Allowance {
                    remaining_bytes: (quota_bytes - bytes).max(0),
                    window_ends_at: start + QUOTA_WINDOW_MS,
                };
                if a.remaining_bytes == 0 {
                    return Err(quota_spent(quota_bytes, a.window_ends_at, now));
                }
                a
            }
            _ => Allowance { remaining_bytes: quota_bytes, window_ends_at: 0 },
        })
    }

    /// Checks, and unless `mode` is [`Attach::Check`] makes, the files a save of `owner`
    /// names. Each name is either not one of ours (not recorded: left alone), this record's
    /// own file, or an unattached upload of `actor`; anything else refuses the whole call
    /// naming the field, and nothing changes. An owner without id (a record not created yet)
    /// can only be checked.
    pub async fn attach(
        &self,
        owner: &MediaOwner,
        fields: &[MediaField],
        mode: Attach,
        actor: &Actor,
    ) -> Result<Attached> {
        let mut check = Check::default();
        check_owner(owner, mode != Attach::Check, &mut check);
        if !actor.is_known() {
            check.fail("actor", "Saving files needs the caller");
        }
        check.done()?;
        let mut w = self.write(actor).await?;
        let mut check = Check::default();
        let mut mine = Vec::new();
        let mut named = Vec::new();
        for f in fields {
            for name in f.files.iter().map(|n| n.trim()).filter(|n| is_stored_name(n)) {
                named.push(name.to_string());
                let Some(m) = media_store::media_by_file(&mut w, name).await? else { continue };
                let owned_here = m.owner.as_ref() == Some(owner);
                if m.removed_at.is_some() {
                    check.fail(&f.field, WAS_REMOVED);
                } else if owned_here {
                } else if m.owner.is_some() {
                    check.fail(&f.field, BELONGS_TO_ANOTHER);
                } else if m.uploader_id != actor.id || m.uploader_type != actor.account_type {
                    check.fail(&f.field, UPLOADED_BY_ANOTHER);
                } else {
                    mine.push(m.file);
                }
            }
        }
        if let Err(e) = check.done() {
            w.rollback().await?;
            return Err(e);
        }
        if mode == Attach::Check {
            w.rollback().await?;
            return Ok(Attached::default());
        }
        let now = common::now_ms();
        let mut out = Attached::default();
        mine.sort();
        mine.dedup();
        for file in &mine {
            // Conditional: a parallel save that took the file first wins, and this one is refused.
            if !media_store::attach_media(&mut w, file, owner, now).await? {
                w.rollback().await?;
                return Err(Error::field(&field_of(fields, file), BELONGS_TO_ANOTHER));
            }
            out.attached += 1;
        }
        if mode == Attach::AttachReleasingOthers {
            out.released = media_store::release_media(&mut w, owner, Some(&named), now).await? as i64;
        }
        if out != Attached::default() {
            let payload =
                events::MediaOwnership { owner: owner.clone().into(), attached: mine, released: out.released };
            w.emit(events::MEDIA_ATTACHED, &payload).await?;
        }
        w.commit().await?;
        Ok(out)
    }

    /// Releases every file of a deleted record (unattached, swept after the set time).
    pub async fn release(&self, owner: &MediaOwner, actor: &Actor) -> Result<Attached> {
        let mut check = Check::default();
        check_owner(owner, true, &mut check);
        check.done()?;
        let mut w = self.write(actor).await?;
        let released = media_store::release_media(&mut w, owner, None, common::now_ms()).await? as i64;
        if released > 0 {
            let payload = events::MediaOwnership { owner: owner.clone().into(), attached: vec![], released };
            w.emit(events::MEDIA_RELEASED, &payload).await?;
        }
        w.commit().await?;
        Ok(Attached { attached: 0, released })
    }

    /// A file's record (None when it was never recorded).
    pub async fn media_file(&self, file: &str) -> Result<Option<MediaFile>> {
        Ok(media_store::media_by_file(&mut *self.db.pool.acquire().await?, file).await?)
    }

    /// Marks a file removed; answers false when it is not recorded or was removed already.
    pub async fn mark_removed(&self, file: &str, actor: &Actor) -> Result<bool> {
        let mut w = self.write(actor).await?;
        let Some(m) = media_store::media_by_file(&mut w, file).await? else {
            return Ok(false);
        };
        if !media_store::mark_media_removed(&mut w, file, common::now_ms()).await? {
            w.rollback().await?;
            return Ok(false);
        }
        let payload = events::Media {
            file: m.file,
            module: m.module,
            kind: m.kind,
            size: m.size,
            owner: m.owner.map(Into::into),
        };
        w.emit(events::MEDIA_REMOVED, &payload).await?;
        w.commit().await?;
        Ok(true)
    }

    /// Unattached files not removed, uploaded (or released) before `before` (epoch ms).
    pub async fn orphans(&self, before: i64, limit: i64) -> Result<Vec<MediaFile>> {
        let limit = if limit <= 0 { 500 } else { limit.min(1000) };
        Ok(media_store::media_orphans(&mut *self.db.pool.acquire().await?, before, limit).await?)
    }
}

/// The field of `fields` that names `file`.
fn field_of(fields: &[MediaField], file: &str) -> String {
    fields.iter().find(|f| f.files.iter().any(|n| n.trim() == file)).map(|f| f.field.clone()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_spent_quota_says_the_limit_and_when_it_comes_back() {
        let e = super::quota_spent(200_000_000, 10 * 3_600_000, 0);
        assert_eq!(
            e.to_string(),
            "You have reached your upload limit of 200 MB a day. You can upload again in 10 hours."
        );
        let e = super::quota_spent(1_000_000_000, 1_000, 0);
        assert_eq!(
            e.to_string(),
            "You have reached your upload limit of 1000 MB a day. You can upload again within an hour."
        );
    }
}
