//! Who owns a stored file, who may remove it, and the orphan sweep (ARCHITECTURE section 5,
//! media files): the claim every save naming files makes with the content service, the edit
//! rule of each kind of record that owns files, and the sweep of files no record shows.
//! The bytes themselves are kept by `crate::storage`.

use crate::error::ApiError;
use crate::permissions::{self, Access, Nonprofit, Rule};
use crate::principal::Principal;
use crate::state::AppState;
use crate::storage::{HOLDING, Storage, media_path, valid_file_name, valid_module};
use proto::content::v1 as cpb;

/// The rule under which an account may edit a record that owns files (the record's module
/// and its edit action, as the permission table has them): None for a kind of record no
/// module edits (only the main admin removes its files).
pub fn edit_rule(service: &str, entity: &str, entity_id: &str) -> Option<Rule> {
    use Access::Grant;
    let never = Nonprofit::Never;
    let rule = |access, nonprofit| Some(Rule { access, nonprofit });
    match (service, entity) {
        // A nonprofit admin edits its own nonprofit (the path's id is the record's).
        ("catalogue", "charity") => rule(Grant(&[("/master/charity_management", "edit")]), Nonprofit::OwnOnly),
        ("giving", "donor") => rule(Grant(&[("/donor", "edit")]), never),
        ("giving", "badge") => rule(Grant(&[("/badge", "edit")]), never),
        ("engagement", "community") => rule(Grant(&[("/community", "edit")]), never),
        ("engagement", "event") => rule(Grant(&[("/event", "edit")]), never),
        ("content", "leadership") => rule(Grant(&[("/content_management/leadership", "edit")]), never),
        ("content", "page") => match entity_id {
            "homepage" => rule(Grant(&[("/content_management/homepage", "edit")]), never),
            "about_us" => rule(Grant(&[("/content_management/about_us", "edit")]), never),
            "privacy_policy" => rule(Grant(&[(permissions::PRIVACY_POLICY, "edit")]), never),
            "terms_condition" => rule(Grant(&[(permissions::TERMS_CONDITION, "edit")]), never),
            "giving_partner" => rule(Grant(&[(permissions::GIVING_PARTNER_PAGE, "edit")]), never),
            _ => None,
        },
        // A conversation's pictures: whoever may write in the console's chat.
        ("chat", "room") => rule(Grant(&[("/chat", "add")]), never),
        _ => None,
    }
}

/// Whether `p` may remove a file whose record is `file` (None: never recorded, a file stored
/// before records were kept or the demo data's pictures): the main admin always; otherwise
/// a recorded file, when `p` may edit the record that owns it, or when it is `p`'s own
/// upload not attached to any record yet.
pub fn may_remove(p: &Principal, file: Option<&cpb::MediaFile>) -> bool {
    if p.admin_type == common::account::MAIN_ADMIN {
        return true;
    }
    let Some(f) = file else { return false };
    match &f.owner {
        Some(o) => edit_rule(&o.service, &o.entity, &o.entity_id)
            .is_some_and(|rule| permissions::allows(rule, p, Some(&o.entity_id))),
        None => f.uploader_id == p.id && f.uploader_type == p.admin_type,
    }
}

/// The files one save names, by the REST field that carries them.
#[derive(Debug, Clone, Default)]
pub struct Files(Vec<cpb::MediaField>);

impl Files {
    pub fn new() -> Self {
        Self::default()
    }

    /// A field holding one file name ("" for none).
    pub fn one(self, field: &str, name: &str) -> Self {
        self.many(field, std::slice::from_ref(&name.to_string()))
    }

    /// A field holding a list of file names.
    pub fn many(mut self, field: &str, names: &[String]) -> Self {
        let files: Vec<String> = names.iter().map(|n| n.trim().to_string()).filter(|n| !n.is_empty()).collect();
        self.0.push(cpb::MediaField { field: field.into(), files });
        self
    }
}

/// A record kind that owns files: its service and entity, as content records them.
#[derive(Debug, Clone, Copy)]
pub struct Owner {
    pub service: &'static str,
    pub entity: &'static str,
}

pub const CHARITY: Owner = Owner { service: "catalogue", entity: "charity" };
pub const DONOR: Owner = Owner { service: "giving", entity: "donor" };
pub const BADGE: Owner = Owner { service: "giving", entity: "badge" };
pub const COMMUNITY: Owner = Owner { service: "engagement", entity: "community" };
pub const EVENT: Owner = Owner { service: "engagement", entity: "event" };
pub const LEADERSHIP: Owner = Owner { service: "content", entity: "leadership" };
pub const PAGE: Owner = Owner { service: "content", entity: "page" };
pub const ROOM: Owner = Owner { service: "chat", entity: "room" };

impl Owner {
    fn of(self, id: &str) -> cpb::MediaOwner {
        cpb::MediaOwner { service: self.service.into(), entity: self.entity.into(), entity_id: id.into() }
    }

    /// Checks the files a save of record `id` (None: a record not created yet) names,
    /// before the save: each must be the record's own or an unattached upload of the caller.
    /// A refusal is a 400 naming the field, and nothing is saved. The answer attaches them
    /// once the save went through (`Claim::attach`).
    pub async fn claim(
        self,
        state: &AppState,
        actor: &proto::common::v1::Actor,
        id: Option<&str>,
        files: Files,
    ) -> Result<Claim, ApiError> {
        let claim = Claim { owner: self, files: files.0, actor: actor.clone(), release_unnamed: false };
        if claim.files.iter().all(|f| f.files.is_empty()) && id.is_none() {
            return Ok(claim);
        }
        let req = claim.request(id.unwrap_or_default(), true);
        crate::transport::call!(state.content().attach_media(req))?;
        Ok(claim)
    }

    /// After a record was deleted for good: its files are released (unattached, swept after
    /// the set time). A failure is logged: the files then stay the deleted record's, which
    /// only the main admin removes.
    pub async fn release(self, state: &AppState, actor: &proto::common::v1::Actor, id: &str) {
        let req = cpb::ReleaseMediaRequest { owner: Some(self.of(id)), actor: Some(actor.clone()) };
        if let Err(e) = crate::transport::call!(state.content().release_media(req)) {
            tracing::error!(service = self.service, entity = self.entity, id, error = %e.message(), "a deleted record's files could not be released");
        }
    }
}

/// The files of a save, checked (see [`Owner::claim`]).
#[derive(Debug, Clone)]
pub struct Claim {
    owner: Owner,
    files: Vec<cpb::MediaField>,
    actor: proto::common::v1::Actor,
    release_unnamed: bool,
}

impl Claim {
    /// The fields name every file the record shows: once attached, the record's other files
    /// are released (an edit that replaced or removed a picture).
    pub fn complete(mut self) -> Self {
        self.release_unnamed = true;
        self
    }

    fn request(&self, id: &str, check_only: bool) -> cpb::AttachMediaRequest {
        cpb::AttachMediaRequest {
            owner: Some(self.owner.of(id)),
            fields: self.files.clone(),
            check_only,
            release_unnamed: self.release_unnamed,
            actor: Some(self.actor.clone()),
        }
    }

    /// Attaches the files to the saved record `id`. The save went through already, so a
    /// failure here is logged, not answered: the files then stay unattached (the sweep removes
    /// them after the set time) unless a later save of the record attaches them.
    pub async fn attach(self, state: &AppState, id: &str) {
        if id.is_empty() || (self.files.iter().all(|f| f.files.is_empty()) && !self.release_unnamed) {
            return;
        }
        let req = self.request(id, false);
        if let Err(e) = crate::transport::call!(state.content().attach_media(req)) {
            tracing::error!(service = self.owner.service, entity = self.owner.entity, id, error = %e.message(), "a saved record's files could not be attached");
        }
    }
}

/// The orphan sweep's settings: files referenced by nothing for `orphan_age` are removed,
/// every `interval` (MEDIA_ORPHAN_AGE_SECS, default a day; MEDIA_SWEEP_INTERVAL_SECS,
/// default an hour).
#[derive(Debug, Clone, Copy)]
pub struct SweepSettings {
    pub orphan_age: std::time::Duration,
    pub interval: std::time::Duration,
}

impl SweepSettings {
    pub fn from_env() -> Self {
        let secs = |name: &str, default: u64| {
            std::env::var(name).ok().and_then(|v| v.trim().parse::<u64>().ok()).filter(|v| *v > 0).unwrap_or(default)
        };
        Self {
            orphan_age: std::time::Duration::from_secs(secs("MEDIA_ORPHAN_AGE_SECS", 86_400)),
            interval: std::time::Duration::from_secs(secs("MEDIA_SWEEP_INTERVAL_SECS", 3_600)),
        }
    }
}

/// Deletes the files the content service calls orphans (unattached, uploaded or released
/// before `before`, epoch ms) and marks each removed, then the holding files of unfinished
/// uploads older than that; answers how many were removed. A file already gone from
/// storage is marked removed too.
pub async fn sweep(storage: &Storage, content: &crate::services::Content, before: i64) -> anyhow::Result<usize> {
    use proto::content::v1 as pb;
    const BATCH: i64 = 500;
    let mut removed = 0;
    // A bounded number of batches per run: a file whose marking keeps failing is not
    // retried forever in one run.
    for _ in 0..20 {
        let req = pb::OrphansRequest { uploaded_before: before, limit: BATCH };
        let files = crate::transport::call!(content.clone().list_orphans(req))?.items;
        let n = files.len() as i64;
        for f in files {
            if !valid_module(&f.module) || !valid_file_name(&f.file) {
                continue;
            }
            storage.delete(&media_path(&f.module, &f.file)).await.map_err(|e| anyhow::anyhow!("{}", e.message))?;
            let req = pb::MediaRef {
                file: f.file.clone(),
                actor: Some(proto::common::v1::Actor {
                    id: String::new(),
                    account_type: proto::common::v1::AccountType::System.into(),
                    address: String::new(),
                }),
            };
            crate::transport::call!(content.clone().mark_removed(req))?;
            removed += 1;
        }
        if n < BATCH {
            break;
        }
    }
    // Holding files of uploads that never finished (a crash between the upload and its
    // record): nothing refers to `uploads/`, so any one older than the cut-off is garbage.
    for path in storage.older_than(HOLDING, before).await.map_err(|e| anyhow::anyhow!("{}", e.message))? {
        storage.delete(&path).await.map_err(|e| anyhow::anyhow!("{}", e.message))?;
        removed += 1;
    }
    Ok(removed)
}

/// Runs [`sweep`] every interval until `shutdown`, on one replica at a time: each run first
/// takes the lock `media:sweep` in the cache (Redis when configured, shared by every
/// replica; memory otherwise, this process alone), held for most of an interval so the
/// cluster sweeps once per interval.
pub fn spawn_sweeper(state: crate::state::AppState, settings: SweepSettings, shutdown: common::shutdown::Shutdown) {
    tokio::spawn(async move {
        let me = common::new_id();
        let hold = settings.interval.saturating_sub(settings.interval / 10).max(std::time::Duration::from_secs(1));
        loop {
            tokio::select! {
                _ = tokio::time::sleep(settings.interval) => {}
                _ = shutdown.wait() => return,
            }
            let held = async {
                state.cache.add("media:sweep", &me, hold).await?;
                anyhow::Ok(state.cache.get("media:sweep").await?.as_deref() == Some(me.as_str()))
            };
            match held.await {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    tracing::warn!(error = %format!("{e:#}"), "media sweep lock unavailable; skipping this run");
                    continue;
                }
            }
            let before = common::now_ms() - settings.orphan_age.as_millis() as i64;
            match sweep(&state.storage, &state.content(), before).await {
                Ok(n) => tracing::info!(removed = n, "media orphan sweep"),
                Err(e) => tracing::warn!(error = %format!("{e:#}"), "media orphan sweep failed"),
            }
        }
    });
}
