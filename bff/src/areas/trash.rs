//! The Trash (/admin/trash, issue 36): the deleted records of every module the caller may
//! delete in, across services, newest first; restoring and purging one or many. Which
//! service keeps which module is bff/src/trash.rs; the permission table opens these paths to
//! any admin account holding some delete right, and each record asks for the delete right of
//! its own module (refused as a whole, 403, when one of them lacks it).

use super::ListBody;
use crate::auth::Caller;
use crate::error::ApiError;
use crate::names::account_names;
use crate::permissions;
use crate::reply::{Body, Reply, Route, list, ok, route};
use crate::state::AppState;
use crate::trash::{self, Keeper, MODULES, Trashed};
use axum::Extension;
use axum::extract::State;
use axum::http::Method;
use axum::routing::post;
use proto::common::v1 as pc;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// Records one restore or purge call takes.
pub const MAX_ITEMS: usize = 500;

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::POST, "/admin/trash/list", "Page of the deleted records the caller may restore", post(page))
            .body::<TrashListBody>()
            .page::<TrashItem>(),
        route(Method::POST, "/admin/trash/restore", "Restore deleted records", post(restore))
            .body::<TrashItemsBody>()
            .answers::<TrashOutcome>(),
        route(Method::POST, "/admin/trash/purge", "Delete records of the trash for good", post(purge))
            .body::<TrashItemsBody>()
            .answers::<TrashOutcome>(),
    ]
}

/// A page of the trash: the list query (sorted by 'deletedAt' or 'name'; newest first), and
/// the modules to show (none: every module the caller may restore in).
#[derive(Deserialize, Serialize, ToSchema, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct TrashListBody {
    #[serde(flatten)]
    pub list: ListBody,
    /// Module slugs (proto/modules.json) whose deleted records to show.
    #[schema(value_type = Vec<String>)]
    pub modules: Vec<String>,
}

/// Who deleted a record.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
pub struct DeletedBy {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// The account's type (the main admin, a sub-admin; the system for the retention).
    #[serde(rename = "type")]
    pub account_type: String,
}

/// A deleted record.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct TrashItem {
    /// The module it belongs to (its slug).
    pub module: String,
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub deleted_at: i64,
    pub deleted_by: DeletedBy,
    /// When the retention deletes it for good (epoch ms).
    pub purge_at: i64,
}

/// Records of the trash to restore or purge.
#[derive(Deserialize, Serialize, ToSchema, Default)]
#[serde(default)]
pub struct TrashItemsBody {
    pub items: Vec<TrashItemRef>,
}

#[derive(Deserialize, Serialize, ToSchema, Default, Clone, PartialEq, Eq, PartialOrd, Ord)]
#[serde(default)]
pub struct TrashItemRef {
    /// The record's module (its slug).
    pub module: String,
    #[serde(rename = "_id")]
    pub id: String,
}

/// A record the service refused to restore or purge, and why.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
pub struct Refused {
    pub module: String,
    #[serde(rename = "_id")]
    pub id: String,
    pub message: String,
}

/// What a restore or purge did: each record done, each refused with its reason.
#[derive(Serialize, Deserialize, ToSchema, Debug, Clone, PartialEq)]
pub struct TrashOutcome {
    pub done: Vec<TrashItem>,
    pub refused: Vec<Refused>,
}

/// The modules with a trash that `caller` may restore in (its delete right).
fn restorable(caller: &Caller) -> Vec<&'static Trashed> {
    MODULES.iter().filter(|t| permissions::may(caller, t.module, "delete")).collect()
}

async fn page(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<TrashListBody>,
) -> Reply {
    let ListBody { page, limit, search, column, order } = b.list;
    if page < 1 {
        return Err(ApiError::validation("page", "page must be 1 or more"));
    }
    if !(1..=1000).contains(&limit) {
        return Err(ApiError::validation("limit", "limit must be between 1 and 1000"));
    }
    let depth = page.saturating_mul(limit);
    if depth > common::trash::MAX_LIST {
        return Err(ApiError::validation("page", "The trash pages 10,000 records deep at most: search or filter it"));
    }
    if let Some(unknown) = b.modules.iter().find(|m| trash::trashed(m).is_none()) {
        return Err(ApiError::validation("modules", &format!("{unknown} has no trash")));
    }
    let shown: Vec<&Trashed> = restorable(&caller)
        .into_iter()
        .filter(|t| b.modules.is_empty() || b.modules.iter().any(|m| m == t.module))
        .collect();
    let mut by_keeper: BTreeMap<Keeper, Vec<String>> = BTreeMap::new();
    for t in &shown {
        by_keeper.entry(t.keeper).or_default().push(t.module.into());
    }
    let asks = by_keeper.into_iter().map(|(keeper, modules)| {
        let req = pc::ListTrashRequest {
            modules,
            search: search.clone(),
            column: column.clone(),
            order: order.clone(),
            limit: depth,
            deleted_before: 0,
        };
        trash::list(&state, keeper, req)
    });
    let mut items = vec![];
    let mut total = 0;
    for answer in futures::future::join_all(asks).await {
        let p = answer?;
        total += p.total;
        items.extend(p.items);
    }
    // The services' tops, merged in the order each answered in (ties by module and id).
    let by_name = column == "name";
    let descending = match order.to_lowercase().as_str() {
        "" => !by_name,
        o => matches!(o, "desc" | "descend" | "-1"),
    };
    items.sort_by(|a, b| {
        let key = |e: &pc::TrashEntry| {
            let first = if by_name { (e.name.trim().to_lowercase(), 0) } else { (String::new(), e.deleted_at) };
            (first, e.module.clone(), e.id.clone())
        };
        let o = key(a).cmp(&key(b));
        if descending { o.reverse() } else { o }
    });
    let shown: Vec<pc::TrashEntry> =
        items.into_iter().skip(((page - 1) * limit) as usize).take(limit as usize).collect();
    let views = views(&state, shown).await;
    list("Trash list", views, total)
}

/// The entries as the console shows them: who deleted each named, when it is purged.
async fn views(state: &AppState, entries: Vec<pc::TrashEntry>) -> Vec<TrashItem> {
    let names = account_names(state, entries.iter().filter_map(|e| e.deleted_by.as_ref().map(|a| a.id.clone()))).await;
    let keep = state.settings.trash.keep.as_millis() as i64;
    entries
        .into_iter()
        .map(|e| {
            let by = e.deleted_by.unwrap_or_default();
            let account_type = common::account::name(by.account_type()).to_string();
            // Work no account asked for (the retention, a start-up's adoption of what was
            // deleted before the trash, the demo data) is the system's.
            let name = if by.account_type() == pc::AccountType::System {
                "System".to_string()
            } else {
                names.get(&by.id).cloned().unwrap_or_else(|| by.id.clone())
            };
            TrashItem {
                module: e.module,
                id: e.id,
                name: e.name,
                purge_at: e.deleted_at + keep,
                deleted_at: e.deleted_at,
                deleted_by: DeletedBy { id: by.id, name, account_type },
            }
        })
        .collect()
}

/// The records asked for, each once, each of a module with a trash that the caller may
/// delete in: else 400 (none, too many, an unknown module) or 403 (a module it may not).
fn asked(caller: &Caller, b: TrashItemsBody) -> Result<Vec<(&'static Trashed, String)>, ApiError> {
    let mut items = b.items;
    items.sort();
    items.dedup();
    if items.is_empty() {
        return Err(ApiError::validation("items", "Choose at least one record"));
    }
    if items.len() > MAX_ITEMS {
        return Err(ApiError::validation("items", "At most 500 records at once"));
    }
    items
        .into_iter()
        .map(|i| {
            let t = trash::trashed(&i.module)
                .ok_or_else(|| ApiError::validation("items", &format!("{} has no trash", i.module)))?;
            if !permissions::may(caller, t.module, "delete") {
                return Err(ApiError::forbidden());
            }
            Ok((t, i.id))
        })
        .collect()
}

#[derive(Clone, Copy)]
enum Act {
    Restore,
    Purge,
}

/// Restores or purges each record (a few at a time); one record asked and refused answers
/// its refusal as it is (the console's Undo shows it), else each refusal is listed.
async fn each(state: &AppState, caller: &Caller, b: TrashItemsBody, act: Act) -> Reply {
    let items = asked(caller, b)?;
    let one = items.len() == 1;
    let actor = caller.to_pb();
    let mut results = Vec::with_capacity(items.len());
    for chunk in items.chunks(8) {
        let calls: Vec<_> = chunk.iter().map(|(t, id)| one_of(state, act, t, id, &actor)).collect();
        results.extend(futures::future::join_all(calls).await);
    }
    let (mut entries, mut refused) = (vec![], vec![]);
    for (t, id, r) in results {
        match r {
            Ok(e) => entries.push(e),
            Err(s) if one => return Err(s.into()),
            Err(s) => {
                let message = ApiError::from(s).message;
                refused.push(Refused { module: t.module.into(), id, message });
            }
        }
    }
    let done = views(state, entries).await;
    let message = match (act, refused.len()) {
        (Act::Restore, 0) => "Restored successfully".to_string(),
        (Act::Purge, 0) => "Deleted for good".to_string(),
        (_, n) => format!("{} of {} done, {n} refused", done.len(), done.len() + n),
    };
    ok(&message, TrashOutcome { done, refused })
}

async fn one_of(
    state: &AppState,
    act: Act,
    t: &'static Trashed,
    id: &str,
    actor: &pc::Actor,
) -> (&'static Trashed, String, Result<pc::TrashEntry, tonic::Status>) {
    let r = match act {
        Act::Restore => trash::restore(state, t, id, actor).await,
        Act::Purge => trash::purge(state, t, id, actor).await,
    };
    (t, id.to_string(), r)
}

async fn restore(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<TrashItemsBody>,
) -> Reply {
    each(&state, &caller, b, Act::Restore).await
}

async fn purge(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<TrashItemsBody>,
) -> Reply {
    each(&state, &caller, b, Act::Purge).await
}
