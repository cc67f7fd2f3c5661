//! The messages every service reads alike from its gRPC requests, mapped once: the page a
//! list asks for (proto `common.v1.PageRequest` as [`Page`]) and who acts (proto
//! `common.v1.Actor` as [`Actor`]), and the trash's messages (`common.v1.TrashEntry`, its list). Each service's `grpc.rs` calls these instead of a copy.

use crate::{Actor, account, paging::Page};
use proto::common::v1 as pc;

/// The list query a request asks for (the defaults, which paging then checks, when it names none).
pub fn page(p: Option<pc::PageRequest>) -> Page {
    let p = p.unwrap_or_default();
    Page { page: p.page, limit: p.limit, search: p.search, column: p.column, order: p.order }
}

/// The lookup a Find call asks for (search everywhere), checked: the query's rules are the
/// same for every service (`common::find`).
pub fn find(f: pc::FindRequest) -> crate::error::Result<crate::find::Find> {
    crate::find::Find::parse(&f.query, f.limit)
}

/// The actor a call names, as the services' domain sees it (the system when it names none).
pub fn actor(a: Option<pc::Actor>) -> Actor {
    match a {
        Some(a) => {
            let account_type = account::name(a.account_type());
            Actor::new(a.id, account_type, a.address)
        }
        None => Actor::system(),
    }
}

/// An actor as the proto names it (who deleted a record in the trash).
pub fn actor_message(a: &Actor) -> pc::Actor {
    pc::Actor { id: a.id.clone(), account_type: account::from_name(&a.account_type) as i32, address: a.address.clone() }
}

/// A trash list request, checked ([`crate::trash::query`]).
pub fn trash_query(r: pc::ListTrashRequest) -> crate::error::Result<crate::trash::Query> {
    crate::trash::query(r.modules, &r.search, &r.column, &r.order, r.limit, r.deleted_before)
}

/// A trash entry as the proto names it.
pub fn trash_entry(e: crate::trash::Entry) -> pc::TrashEntry {
    pc::TrashEntry {
        deleted_by: Some(actor_message(&e.deleted_by)),
        module: e.module,
        id: e.id,
        name: e.name,
        deleted_at: e.deleted_at,
    }
}

/// A page's items for a caller that asked for them as the REST answer's JSON array
/// (`as_json`, the BFF of a list it only passes on): no items and the array, written from the
/// item message's own serde shape; otherwise the items and no JSON, as before.
pub fn items_or_json<T: serde::Serialize>(items: Vec<T>, as_json: bool) -> crate::error::Result<(Vec<T>, Vec<u8>)> {
    if !as_json {
        return Ok((items, vec![]));
    }
    let json = serde_json::to_vec(&items).map_err(|e| anyhow::Error::new(e).context("a page as JSON"))?;
    Ok((vec![], json))
}

/// A page of the trash as the proto names it.
pub fn trash_page((items, total): (Vec<crate::trash::Entry>, i64)) -> pc::TrashPage {
    pc::TrashPage { items: items.into_iter().map(trash_entry).collect(), total }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_actor_is_the_system_and_a_named_one_keeps_its_type() {
        assert_eq!(actor(None), Actor::system());
        let named = pc::Actor {
            id: "a1".into(),
            account_type: account::AccountType::SubAdmin as i32,
            address: "10.0.0.1".into(),
        };
        assert_eq!(actor(Some(named)), Actor::new("a1", account::SUB_ADMIN, "10.0.0.1"));
    }

    #[test]
    fn a_missing_page_is_the_default_query() {
        assert_eq!(page(None), Page::default());
        let asked =
            pc::PageRequest { page: 3, limit: 20, search: "x".into(), column: "name".into(), order: "asc".into() };
        assert_eq!(
            page(Some(asked)),
            Page { page: 3, limit: 20, search: "x".into(), column: "name".into(), order: "asc".into() }
        );
    }
}
