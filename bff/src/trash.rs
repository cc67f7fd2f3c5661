//! The trash across services (issue 36; the services' side is `common::trash`): which service
//! keeps the deleted records of each console module, the one way to list, restore and purge
//! them, and the retention that purges what stayed longer than `TRASH_RETENTION_DAYS`.
//!
//! The BFF purges (the Trash screen's purge, and the retention here): each purge is the owning
//! service's `PurgeTrashed`, after which the BFF releases the record's files as it releases a
//! deleted record's (media.rs: ownership is never inferred from events), so one path deletes
//! for good, whoever asks. Restoring and purging need the module's delete right (the
//! permission table's rule for the module's own delete path).

use crate::media::{self, Owner};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use proto::common::v1 as pc;
use std::time::Duration;

/// The service that keeps a module's trash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Keeper {
    Catalogue,
    Content,
    Engagement,
    Giving,
    Identity,
}

/// A console module whose deletes go to the trash: its slug (proto/modules.json), the
/// service that keeps them, and the kind of record whose files a purge releases.
#[derive(Debug, Clone, Copy)]
pub struct Trashed {
    pub module: &'static str,
    pub keeper: Keeper,
    pub files: Option<Owner>,
}

/// Every module with a trash.
pub const MODULES: &[Trashed] = &[
    Trashed { module: "/community", keeper: Keeper::Engagement, files: Some(media::COMMUNITY) },
    Trashed { module: "/master/charity_management", keeper: Keeper::Catalogue, files: Some(media::CHARITY) },
    Trashed { module: "/master/cause_management", keeper: Keeper::Catalogue, files: None },
    Trashed { module: "/master/charity_category_management", keeper: Keeper::Catalogue, files: None },
    Trashed { module: "/content_management/leadership", keeper: Keeper::Content, files: Some(media::LEADERSHIP) },
    Trashed { module: "/category/FAQ", keeper: Keeper::Content, files: None },
    Trashed { module: "/category", keeper: Keeper::Content, files: None },
    Trashed { module: "/event", keeper: Keeper::Engagement, files: Some(media::EVENT) },
    Trashed { module: "/strategic", keeper: Keeper::Giving, files: None },
    Trashed { module: "/donor", keeper: Keeper::Giving, files: Some(media::DONOR) },
    Trashed { module: "/badge", keeper: Keeper::Giving, files: Some(media::BADGE) },
    Trashed { module: "/category/contact_form", keeper: Keeper::Content, files: None },
    Trashed { module: "/reporte_post", keeper: Keeper::Engagement, files: None },
    Trashed { module: "/sub_admin", keeper: Keeper::Identity, files: None },
];

/// The module's entry, if it has a trash.
pub fn trashed(module: &str) -> Option<&'static Trashed> {
    MODULES.iter().find(|t| t.module == module)
}

/// Calls `$method` on the keeper's client (`$call` is `call` or `call_unsent`).
macro_rules! on_keeper {
    ($call:ident, $state:ident, $keeper:expr, $method:ident($req:expr)) => {
        match $keeper {
            Keeper::Catalogue => $call!($state.catalogue().$method($req)),
            Keeper::Content => $call!($state.content().$method($req)),
            Keeper::Engagement => $call!($state.engagement().$method($req)),
            Keeper::Giving => $call!($state.giving().$method($req)),
            Keeper::Identity => $call!($state.identity().$method($req)),
        }
    };
}

/// The first `req.limit` entries of the keeper's trash.
pub async fn list(state: &AppState, keeper: Keeper, req: pc::ListTrashRequest) -> Result<pc::TrashPage, tonic::Status> {
    on_keeper!(call, state, keeper, list_trash(req))
}

/// Restores a record: its entry.
pub async fn restore(
    state: &AppState,
    t: &Trashed,
    id: &str,
    actor: &pc::Actor,
) -> Result<pc::TrashEntry, tonic::Status> {
    let req = pc::TrashRef { module: t.module.into(), id: id.into(), actor: Some(actor.clone()) };
    let entry = on_keeper!(call_unsent, state, t.keeper, restore_trashed(req))?;
    match t.keeper {
        Keeper::Content => crate::public_cache::forget(state).await,
        // A restored account signs in anew: nothing kept of it before stands.
        Keeper::Identity => state.forget_principal(id).await,
        _ => {}
    }
    Ok(entry)
}

/// Deletes a record for good, then releases its files: its entry.
pub async fn purge(
    state: &AppState,
    t: &Trashed,
    id: &str,
    actor: &pc::Actor,
) -> Result<pc::TrashEntry, tonic::Status> {
    let req = pc::TrashRef { module: t.module.into(), id: id.into(), actor: Some(actor.clone()) };
    let entry = on_keeper!(call_unsent, state, t.keeper, purge_trashed(req))?;
    if let Some(owner) = t.files {
        owner.release(state, actor, id).await;
    }
    if t.keeper == Keeper::Content {
        crate::public_cache::forget(state).await;
    }
    Ok(entry)
}

/// Every keeper, each once.
fn keepers() -> Vec<Keeper> {
    let mut all: Vec<Keeper> = MODULES.iter().map(|t| t.keeper).collect();
    all.sort();
    all.dedup();
    all
}

/// Purges what was deleted before `before` (epoch ms), as the system: answers how many.
pub async fn purge_expired(state: &AppState, before: i64) -> anyhow::Result<usize> {
    const BATCH: i64 = 500;
    let system = pc::Actor { id: String::new(), account_type: pc::AccountType::System.into(), address: String::new() };
    let mut purged = 0;
    for keeper in keepers() {
        // A bounded number of batches per run: an entry whose purge keeps failing is not
        // retried forever in one run.
        for _ in 0..20 {
            let req = pc::ListTrashRequest { limit: BATCH, deleted_before: before, ..Default::default() };
            let page = list(state, keeper, req).await?;
            let n = page.items.len() as i64;
            for e in page.items {
                let Some(t) = trashed(&e.module) else { continue };
                match purge(state, t, &e.id, &system).await {
                    Ok(_) => purged += 1,
                    Err(s) if s.code() == tonic::Code::NotFound => {}
                    Err(s) => anyhow::bail!("purging {} {}: {}", e.module, e.id, s.message()),
                }
            }
            if n < BATCH {
                break;
            }
        }
    }
    Ok(purged)
}

/// Runs the retention every interval until `shutdown`, on one replica at a time (the lock
/// `trash:sweep` in the cache, as the media sweep takes its own).
pub fn spawn_retention(state: AppState, shutdown: common::shutdown::Shutdown) {
    let crate::state::Retention { keep, interval } = state.settings.trash;
    tokio::spawn(async move {
        let me = common::new_id();
        let hold = interval.saturating_sub(interval / 10).max(Duration::from_secs(1));
        loop {
            tokio::select! {
                _ = tokio::time::sleep(interval) => {}
                _ = shutdown.wait() => return,
            }
            let held = async {
                state.cache.add("trash:sweep", &me, hold).await?;
                anyhow::Ok(state.cache.get("trash:sweep").await?.as_deref() == Some(me.as_str()))
            };
            match held.await {
                Ok(true) => {}
                Ok(false) => continue,
                Err(e) => {
                    tracing::warn!(error = %format!("{e:#}"), "trash retention lock unavailable; skipping this run");
                    continue;
                }
            }
            let before = common::now_ms() - keep.as_millis() as i64;
            match purge_expired(&state, before).await {
                Ok(n) => tracing::info!(purged = n, "trash retention"),
                Err(e) => tracing::warn!(error = %format!("{e:#}"), "trash retention failed"),
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trash_paths_take_the_delete_right_of_every_module_with_a_trash() {
        let modules: Vec<_> = MODULES.iter().map(|t| (t.module, "delete")).collect();
        assert_eq!(modules, crate::permissions::DELETE_GRANTS);
    }

    #[test]
    fn every_module_with_a_trash_in_the_module_table_is_here_with_its_service() {
        let table: Vec<(String, String)> =
            proto::modules::all().iter().filter_map(|m| m.trash.clone().map(|s| (m.slug.clone(), s))).collect();
        let here: Vec<(String, String)> =
            MODULES.iter().map(|t| (t.module.to_string(), format!("{:?}", t.keeper).to_lowercase())).collect();
        assert_eq!(here, table);
        for t in MODULES {
            let m = proto::modules::find(t.module).expect("a module of the table");
            assert!(m.actions.iter().any(|a| a == "delete"), "{} grants no delete", t.module);
        }
    }
}
