//! Saved views (issue 36, section 4): an admin keeps a list's search, filters, sort and page
//! size under a name. Every list screen keeps that state in its URL's query string, so a
//! view is (list, name, query): `list` the list's route, a module slug of proto/modules.json;
//! `query` the query string without its `page` (a view opens on page 1). Views are the
//! account's own: each call names its caller, and a view of another account is never
//! listed, replaced or deleted (deleting one answers not found, so its existence is not
//! told). Saving a name a list already keeps (case aside) replaces that view's query.
//!
//! Who may keep views: the main admin and active sub-admins (a nonprofit admin has no list
//! screens); which lists a sub-admin may keep views of (a module it holds an action on) is
//! the BFF's permission rule. The SQL is `saved_views_store`.

use crate::error::{Error, Result};
use crate::events;
use crate::service::Identity;
use crate::store::{ADMIN, SUB_ADMIN};
use common::Actor;
use common::error::Check;
use common::rules::{parse_name_within, too_long};

use crate::saved_views_store as views;
pub use crate::saved_views_store::SavedView;

/// The longest name, in characters.
pub const MAX_NAME: usize = 60;
/// The longest query string, in characters.
pub const MAX_QUERY: usize = 2000;
/// The most views an account keeps on one list.
pub const MAX_PER_LIST: i64 = 50;

pub const TOO_MANY: &str = "You can keep at most 50 views on a list: delete one first";
pub const NOT_FOUND: &str = "View not found";
pub const UNKNOWN_LIST: &str = "Please choose a list of the console";
pub const INVALID_QUERY: &str = "Please enter a valid query string";
/// The parameter of a list's page: never kept.
const PAGE: &str = "page";

/// What a save did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saved {
    pub view: SavedView,
    /// An existing view of the same name was replaced.
    pub replaced: bool,
}

/// Checks a list: a module slug.
fn parse_list(raw: &str, check: &mut Check) -> String {
    if proto::modules::find(raw).is_none() {
        check.fail("list", UNKNOWN_LIST);
    }
    raw.to_string()
}

/// Checks a view's name: the console's name rules (required, not only white space), at most
/// [`MAX_NAME`] characters, no control characters; answers it trimmed.
fn parse_view_name(raw: &str, check: &mut Check) -> String {
    let before = check.len();
    let name = parse_name_within(raw, MAX_NAME, check);
    if check.len() == before && name.chars().any(char::is_control) {
        check.fail("name", "Please enter valid Name");
    }
    name
}

/// The compared form of a name: two names that differ only in case are one view.
pub fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// Characters a query string may carry as they are (RFC 3986's query: unreserved,
/// sub-delimiters, ':', '@', '/', '?'; '%' starts an escape).
fn query_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "-._~!$&'()*+,;=:@/?%".contains(c)
}

/// Decodes one name or value of a query string (`+` is a space, `%XX` a byte); none when an
/// escape is malformed, the bytes are not UTF-8 or they hold a control character.
fn decoded(part: &str) -> Option<String> {
    let bytes = part.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = part.get(i + 1..i + 3)?;
                out.push(u8::from_str_radix(hex, 16).ok().filter(|_| hex.chars().all(|c| c.is_ascii_hexdigit()))?);
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).ok().filter(|s| !s.chars().any(char::is_control))
}

/// Checks a list's query string (without its leading `?`, which is dropped if sent): at most
/// [`MAX_QUERY`] characters, well formed (query characters only, valid escapes, named
/// parameters, no control characters once decoded). Answers it without its `page`
/// parameters and empty pairs, every other pair as it was sent.
pub fn parse_query(raw: &str, check: &mut Check) -> String {
    let raw = raw.strip_prefix('?').unwrap_or(raw);
    if raw.chars().count() > MAX_QUERY {
        check.fail("query", too_long("Query", MAX_QUERY));
        return String::new();
    }
    let mut kept = Vec::new();
    for pair in raw.split('&').filter(|p| !p.is_empty()) {
        let name = pair.split('=').next().unwrap_or_default();
        let well_formed = pair.chars().all(query_char)
            && pair.split('=').all(|part| decoded(part).is_some())
            && decoded(name).is_some_and(|n| !n.is_empty());
        if !well_formed {
            check.fail("query", INVALID_QUERY);
            return String::new();
        }
        if decoded(name).as_deref() != Some(PAGE) {
            kept.push(pair);
        }
    }
    kept.join("&")
}

impl Identity {
    /// Checks that `caller` may keep views: a known, active main admin or sub-admin.
    async fn view_keeper(&self, caller: &Actor) -> Result<String> {
        let user = self.active_caller(caller).await?;
        if user.admin_type != ADMIN && user.admin_type != SUB_ADMIN {
            return Err(Error::Forbidden("Only the main admin and sub-admins keep saved views".into()));
        }
        Ok(user.id)
    }

    /// The caller's views of `list`, by name.
    pub async fn list_saved_views(&self, caller: &Actor, list: &str) -> Result<Vec<SavedView>> {
        let account = self.view_keeper(caller).await?;
        let mut check = Check::default();
        let list = parse_list(list, &mut check);
        check.done()?;
        Ok(views::views_of(&mut *self.conn().await?, &account, &list).await?)
    }

    /// Keeps the caller's view `name` of `list`: a new view, or the one of that name (case
    /// aside) with its query (and the name's spelling) replaced. Refused past
    /// [`MAX_PER_LIST`] views of the list; parallel saves of one account are taken one at a
    /// time, so the limit holds.
    pub async fn save_view(&self, caller: &Actor, list: &str, name: &str, query: &str) -> Result<Saved> {
        let account = self.view_keeper(caller).await?;
        let mut check = Check::default();
        let list = parse_list(list, &mut check);
        let name = parse_view_name(name, &mut check);
        let query = parse_query(query, &mut check);
        check.done()?;
        let key = name_key(&name);
        let now = common::now_ms();
        let mut w = self.write(caller).await?;
        // One save of an account at a time (PostgreSQL; SQLite's write lock already is).
        w.lock_row("users", &account).await?;
        let saved = match views::by_name(&mut w, &account, &list, &key).await? {
            Some(before) => {
                views::replace(&mut w, &before.id, &name, &query, now).await?;
                let after = SavedView { name: name.clone(), query: query.clone(), updated_at: now, ..before.clone() };
                let changes = common::bus::changes(
                    &events::SavedViewFields::of(&before),
                    &events::SavedViewFields::of(&after),
                    &[],
                );
                w.emit(events::SAVED_VIEW_SAVED, &events::SavedView::of(&after, changes)).await?;
                Saved { view: after, replaced: true }
            }
            None => {
                if views::count_of(&mut w, &account, &list).await? >= MAX_PER_LIST {
                    return Err(Error::field("name", TOO_MANY));
                }
                let view = SavedView {
                    id: common::new_id(),
                    account_id: account,
                    list,
                    name,
                    query,
                    created_at: now,
                    updated_at: now,
                };
                views::insert(&mut w, &view, &key).await?;
                w.emit(events::SAVED_VIEW_SAVED, &events::SavedView::of(&view, Default::default())).await?;
                Saved { view, replaced: false }
            }
        };
        w.commit().await?;
        Ok(saved)
    }

    /// Deletes the caller's view `id` of `list`; another account's view, or another list's,
    /// is not found.
    pub async fn delete_saved_view(&self, caller: &Actor, id: &str, list: &str) -> Result<()> {
        let account = self.view_keeper(caller).await?;
        let mut check = Check::default();
        let list = parse_list(list, &mut check);
        check.done()?;
        let mut w = self.write(caller).await?;
        let view = views::by_id(&mut w, &account, &list, id).await?.ok_or_else(|| Error::NotFound(NOT_FOUND.into()))?;
        views::delete(&mut w, &account, &view.id).await?;
        w.emit(events::SAVED_VIEW_DELETED, &events::SavedView::of(&view, Default::default())).await?;
        w.commit().await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(raw: &str) -> std::result::Result<String, Vec<String>> {
        let mut check = Check::default();
        let q = parse_query(raw, &mut check);
        match check.done() {
            Ok(()) => Ok(q),
            Err(Error::Validation(errs)) => Err(errs.into_iter().map(|e| e.message).collect()),
            Err(e) => panic!("{e:?}"),
        }
    }

    #[test]
    fn a_query_keeps_every_parameter_but_the_page() {
        assert_eq!(query("q=big&page=3&size=20&sort=name&order=asc").unwrap(), "q=big&size=20&sort=name&order=asc");
        assert_eq!(query("?tab=imported&page=2").unwrap(), "tab=imported");
        assert_eq!(query("").unwrap(), "");
        assert_eq!(query("page=2").unwrap(), "");
        assert_eq!(query("q=caf%C3%A9+bar&&status=").unwrap(), "q=caf%C3%A9+bar&status=");
        assert_eq!(query("p%61ge=4&q=a").unwrap(), "q=a", "an escaped page is the page");
        assert_eq!(query("from=2026-01-01&to=2026-12-31&q=a%2Fb").unwrap(), "from=2026-01-01&to=2026-12-31&q=a%2Fb");
    }

    #[test]
    fn a_query_that_is_not_a_query_string_is_refused() {
        for bad in [
            "q=a b",
            "q=<img src=x>",
            "q=a#frag",
            "q=%00",
            "q=%1F",
            "q=\u{7}",
            "q=%zz",
            "q=%4",
            "q=%C3",
            "=value",
            "q=caf\u{e9}",
            "q=a\nb",
        ] {
            assert_eq!(query(bad).unwrap_err(), [INVALID_QUERY], "{bad:?}");
        }
        let long = format!("q={}", "a".repeat(MAX_QUERY - 1));
        assert_eq!(query(&long).unwrap_err(), ["Query must be at most 2000 characters"]);
        assert!(query(&long[..MAX_QUERY]).is_ok());
    }

    #[test]
    fn names_are_compared_trimmed_and_case_aside() {
        assert_eq!(name_key("  Big Donors "), "big donors");
        let mut check = Check::default();
        assert_eq!(parse_view_name(" Big donors ", &mut check), "Big donors");
        parse_view_name("Big\tdonors", &mut check);
        let Err(Error::Validation(errs)) = check.done() else { panic!() };
        assert_eq!(errs[0].message, "Please enter valid Name");
    }
}
