//! Names the console shows for ids other services keep: accounts (identity's AccountNames)
//! and the nonprofits and causes a record features (the catalogue). Every area and the chat
//! sockets name them here, one way: an id that cannot be named stays an id.

use crate::state::AppState;
use crate::transport::call;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;

/// A featured nonprofit or cause, named from the catalogue.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct FeaturedRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
}

/// Names of accounts (identity's AccountNames); an id identity cannot name stays an id,
/// identity being down leaves every id.
pub async fn account_names(state: &AppState, ids: impl IntoIterator<Item = String>) -> HashMap<String, String> {
    let mut ids: Vec<String> = ids.into_iter().filter(|i| !i.is_empty()).collect();
    ids.sort();
    ids.dedup();
    ids.truncate(100);
    if ids.is_empty() {
        return HashMap::new();
    }
    match state.identity().account_names(proto::identity::v1::AccountNamesRequest { ids: ids.clone() }).await {
        Ok(r) => r.into_inner().names,
        Err(e) => {
            tracing::warn!(error = %e, "account names unavailable");
            ids.into_iter().map(|i| (i.clone(), i)).collect()
        }
    }
}

pub async fn named_charities(state: &AppState, ids: &[String]) -> Vec<Option<FeaturedRef>> {
    let calls = ids.iter().map(|id| async move {
        let req = proto::catalogue::v1::CharityRef { id: id.clone(), actor: None };
        call!(state.catalogue().get_charity(req)).ok().map(|c| FeaturedRef { id: c.id, name: c.charity_name })
    });
    futures::future::join_all(calls).await
}

pub async fn named_causes(state: &AppState, ids: &[String]) -> Vec<Option<FeaturedRef>> {
    let calls = ids.iter().map(|id| async move {
        let req = proto::catalogue::v1::TermRef {
            kind: proto::catalogue::v1::TermKind::Cause as i32,
            id: id.clone(),
            actor: None,
        };
        call!(state.catalogue().get_term(req)).ok().map(|t| FeaturedRef { id: t.id, name: t.name })
    });
    futures::future::join_all(calls).await
}
