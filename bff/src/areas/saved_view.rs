//! Saved views (issue 36, section 4): a list's search, filters, sort and page size kept
//! under a name by the signed-in main admin or sub-admin, its own only. A view is (list,
//! name, query): `list` the list screen's route (a module slug), `query` its URL query string
//! without the page. Identity keeps them and decides every rule of a view
//! (services/identity/src/saved_views.rs); the permission table opens the paths to admins
//! and sub-admins, and [`may_use`] to the lists of the modules the caller holds.

use crate::auth::Caller;
use crate::error::ApiError;
use crate::permissions;
use crate::principal::Principal;
use crate::reply::{Body, Empty, Reply, Route, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{Path, Query, State};
use axum::http::Method;
use axum::routing::{delete, get, post};
use proto::identity::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

const LIST: &[(&str, &str)] = &[("list", "The list's route, a module slug such as /donor")];

pub fn routes() -> Vec<Route> {
    vec![
        route(
            Method::GET,
            "/admin/savedViews",
            "The signed-in account's saved views of a list, by name (a sub-admin: lists of modules it holds an action on)",
            get(list_views),
        )
        .text_query(LIST)
        .list::<SavedView>(),
        route(
            Method::POST,
            "/admin/savedViews",
            "Save the list's view under a name (a name the list keeps already: its query is replaced); at most 50 a list",
            post(save),
        )
        .body::<SaveViewBody>()
        .answers::<SavedViewAnswer>(),
        route(Method::DELETE, "/admin/savedViews/{id}", "Delete one of the account's saved views (another account's: 404)", delete(remove))
            .text_query(LIST),
    ]
}

/// A list's view kept under a name.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedView {
    #[serde(rename = "_id")]
    pub id: String,
    /// The list's route (a module slug).
    pub list: String,
    pub name: String,
    /// The list's URL query string without `?` and without its page: open `{list}?{query}`.
    pub query: String,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A saved view, and whether it replaced the list's view of the same name.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedViewAnswer {
    #[serde(flatten)]
    pub view: SavedView,
    pub replaced: bool,
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct SaveViewBody {
    /// The list's route (a module slug).
    list: String,
    /// At most 60 characters.
    name: String,
    /// The list's URL query string (its `page` is dropped); at most 2,000 characters.
    query: String,
}

/// `?list=`: the list a read or a delete is about ('' when absent: identity refuses it).
#[derive(Deserialize, Default)]
#[serde(default)]
struct ListQuery {
    list: String,
}

fn view(v: pb::SavedView) -> SavedView {
    SavedView {
        id: v.id,
        list: v.list,
        name: v.name,
        query: v.query,
        created_at: v.created_at,
        updated_at: v.updated_at,
    }
}

/// The rule of every saved-view path beside the permission table's: a caller keeps views only
/// of lists of a module it holds an action on (the main admin: every list), else 403 as any
/// path refuses a missing permission. A `list` that names no module goes on to identity,
/// which refuses it with its message.
pub fn may_use(caller: &Principal, list: &str) -> Result<(), ApiError> {
    if proto::modules::find(list).is_none() || permissions::holds_module(caller, list) {
        Ok(())
    } else {
        Err(ApiError::forbidden())
    }
}

async fn list_views(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Query(q): Query<ListQuery>,
) -> Reply {
    may_use(&caller, &q.list)?;
    let req = pb::ListSavedViewsRequest { actor: Some(caller.to_pb()), list: q.list };
    let r = call!(state.identity().list_saved_views(req))?;
    ok("Saved views", r.items.into_iter().map(view).collect::<Vec<_>>())
}

async fn save(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<SaveViewBody>,
) -> Reply {
    may_use(&caller, &b.list)?;
    let req = pb::SaveViewRequest { actor: Some(caller.to_pb()), list: b.list, name: b.name, query: b.query };
    let r = call_unsent!(state.identity().save_view(req))?;
    let message = if r.replaced { "View updated: the view of this name now shows this list" } else { "View saved" };
    ok(message, SavedViewAnswer { view: view(r.view.unwrap_or_default()), replaced: r.replaced })
}

async fn remove(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Query(q): Query<ListQuery>,
) -> Reply {
    may_use(&caller, &q.list)?;
    let req = pb::DeleteSavedViewRequest { actor: Some(caller.to_pb()), id, list: q.list };
    call_unsent!(state.identity().delete_saved_view(req))?;
    ok("View deleted", Empty {})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn who(admin_type: &str, grants: &[(&str, &[&str])]) -> Principal {
        Principal {
            id: "u1".into(),
            admin_type: admin_type.into(),
            active: true,
            session_version: 1,
            charity_id: String::new(),
            grants: grants.iter().map(|(s, a)| (s.to_string(), a.iter().map(|x| x.to_string()).collect())).collect(),
        }
    }

    #[test]
    fn views_are_kept_of_the_lists_of_modules_the_caller_holds() {
        let sub = who("Sub Admin", &[("/donor", &["delete"]), ("/transaction", &[])]);
        assert!(may_use(&sub, "/donor").is_ok(), "any action of the module");
        assert_eq!(may_use(&sub, "/transaction").unwrap_err().code, "FORBIDDEN", "no action");
        assert_eq!(may_use(&sub, "/badge").unwrap_err().code, "FORBIDDEN");
        assert!(may_use(&sub, "/nowhere").is_ok(), "identity refuses what names no module");
        assert!(may_use(&sub, "").is_ok());
        assert!(may_use(&who("Admin", &[]), "/badge").is_ok(), "the main admin: every list");
        let npo = who("Charity Admin", &[("/master/charity_management", &["edit"])]);
        assert!(may_use(&npo, "/master/charity_management").is_err(), "a nonprofit admin: none");
    }
}
