//! Search everywhere (issue 36): the console's command palette asks one path,
//! `GET /admin/search?q=`, for the few records of every kind the caller may view.
//!
//! - Who sees what: a kind's group is asked only when the permission table lets the caller call
//!   that kind's list path ([`KINDS`], checked by `permissions::may_call`: no role is checked
//!   here). A group the caller may not see is absent from the answer (no count, no hint).
//! - Each owning service answers a small lookup by index (its `Find…` call, at most
//!   [`PER_KIND`] records, no total); they are asked at once, each within [`DEADLINE`]. A
//!   service that fails or is slower marks its groups `unavailable`; the others still answer.
//! - The answer names records (`_id`, a title and a subtitle), never a console path: the
//!   console maps a kind and an id to the record's screen.

use crate::auth::Caller;
use crate::error::ApiError;
use crate::permissions;
use crate::reply::{Reply, Route, ok, route};
use crate::state::AppState;
use crate::transport::within;
use axum::Extension;
use axum::extract::{Query, State};
use axum::http::Method;
use axum::routing::get;
use proto::common::v1 as pc;
use serde::{Deserialize, Serialize};
use std::time::Duration;
use utoipa::ToSchema;

/// How long each service gets to answer its lookups.
pub const DEADLINE: Duration = Duration::from_millis(1500);
/// Records a group holds at most.
pub const PER_KIND: i32 = 5;
const QUERY: &[(&str, &str)] = &[("q", "The search text: 2 to 100 characters once trimmed")];

pub fn routes() -> Vec<Route> {
    vec![
        route(
            Method::GET,
            "/admin/search",
            "Search everywhere: a few records of each kind the caller may view (a service that is down marks its groups unavailable)",
            get(search),
        )
        .text_query(QUERY)
        .answers::<SearchResults>(),
    ]
}

/// A kind of record the palette finds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum SearchKind {
    Nonprofit,
    Donor,
    Transaction,
    Community,
    Event,
    SubAdmin,
    Faq,
}

/// Which list path each kind stands for: its group is asked only when the permission table
/// lets the caller call that path. In the order the groups are answered.
pub const KINDS: [(SearchKind, &str, &str); 7] = [
    (SearchKind::Nonprofit, "POST", "/admin/charity/charityList"),
    (SearchKind::Donor, "POST", "/admin/user/userList"),
    (SearchKind::Transaction, "POST", "/admin/transaction/transactionList"),
    (SearchKind::Community, "POST", "/admin/admin-community/communityList"),
    (SearchKind::Event, "POST", "/admin/event/eventFilter"),
    (SearchKind::SubAdmin, "POST", "/admin/sub-admin/subAdminList"),
    (SearchKind::Faq, "POST", "/admin/faq/list"),
];

/// One record found.
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchItem {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    pub subtitle: String,
}

/// The records of one kind (at most 5).
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchGroup {
    pub kind: SearchKind,
    pub items: Vec<SearchItem>,
    /// Its service did not answer in time: `items` is empty, whatever matches.
    pub unavailable: bool,
}

/// Every group the caller may see, in a fixed order.
#[derive(Debug, Serialize, ToSchema)]
pub struct SearchResults {
    pub groups: Vec<SearchGroup>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct SearchQuery {
    q: Option<String>,
}

impl SearchQuery {
    /// The search text, trimmed, or the 400 naming `q`.
    fn text(&self) -> Result<String, ApiError> {
        let q = self.q.as_deref().unwrap_or_default().trim();
        let n = q.chars().count();
        if n < common::find::MIN_CHARS {
            return Err(ApiError::validation("q", "Type at least 2 characters to search"));
        }
        if n > common::find::MAX_CHARS {
            return Err(ApiError::validation("q", "Search text must be at most 100 characters"));
        }
        Ok(q.to_string())
    }
}

/// The kinds `caller` may see, by the permission table.
pub fn visible(caller: &crate::principal::Principal) -> Vec<SearchKind> {
    KINDS
        .iter()
        .filter(|(_, method, path)| method.parse().is_ok_and(|m: Method| permissions::may_call(caller, &m, path)))
        .map(|(kind, _, _)| *kind)
        .collect()
}

/// A service's lookup within the deadline: its records as items, or why not.
type Found = Result<Vec<SearchItem>, String>;

async fn find(state: &AppState, kind: SearchKind, req: pc::FindRequest) -> Found {
    macro_rules! lookup {
        ($service:ident . $method:ident, $item:expr) => {
            within(DEADLINE, || async { state.$service().$method(req.clone()).await })
                .await
                .map(|found| found.items.into_iter().map($item).collect())
        };
    }
    match kind {
        SearchKind::Nonprofit => lookup!(catalogue.find_charities, |c| SearchItem {
            subtitle: format!("Tax ID {} · {}", c.tax_id, standing(&c)),
            id: c.id,
            title: c.charity_name,
        }),
        SearchKind::Donor => lookup!(giving.find_donors, |d| SearchItem {
            title: full_name(&d.first_name, &d.last_name),
            subtitle: [d.email.as_str(), &phone(&d.phone_number)]
                .into_iter()
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(" · "),
            id: d.id,
        }),
        SearchKind::Transaction => lookup!(giving.find_transactions, |t| SearchItem {
            subtitle: format!(
                "{} · {} to {} · {}",
                dollars(t.amount_cents),
                t.donor_name,
                t.recipient_name,
                capitalised(&t.status)
            ),
            id: t.id,
            title: t.receipt_number,
        }),
        SearchKind::Community => lookup!(engagement.find_communities, |c| SearchItem {
            subtitle: format!(
                "{} member{}{}",
                c.members_count,
                if c.members_count == 1 { "" } else { "s" },
                if c.is_hidden { " · Hidden" } else { "" }
            ),
            id: c.id,
            title: c.name,
        }),
        SearchKind::Event => lookup!(engagement.find_events, |e| SearchItem {
            subtitle: if e.host_name.is_empty() { String::new() } else { format!("Hosted by {}", e.host_name) },
            id: e.id,
            title: e.title,
        }),
        SearchKind::SubAdmin => lookup!(identity.find_sub_admins, |s| SearchItem {
            title: full_name(&s.first_name, &s.last_name),
            subtitle: s.email,
            id: s.id,
        }),
        SearchKind::Faq => {
            lookup!(content.find_faqs, |f| SearchItem { id: f.id, title: f.question, subtitle: f.category_name })
        }
    }
}

async fn search(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Query(q): Query<SearchQuery>,
) -> Reply {
    let text = q.text()?;
    let req = pc::FindRequest { query: text, limit: PER_KIND, actor: Some(caller.to_pb()) };
    let kinds = visible(&caller);
    let answers = futures::future::join_all(kinds.iter().map(|kind| find(&state, *kind, req.clone()))).await;
    let groups = kinds
        .into_iter()
        .zip(answers)
        .map(|(kind, found)| match found {
            Ok(items) => SearchGroup { kind, items, unavailable: false },
            Err(e) => {
                tracing::warn!(?kind, error = %e, "search group unavailable");
                SearchGroup { kind, items: vec![], unavailable: true }
            }
        })
        .collect();
    ok("Search results", SearchResults { groups })
}

/// "First Last", trimmed.
fn full_name(first: &str, last: &str) -> String {
    format!("{} {}", first.trim(), last.trim()).trim().to_string()
}

/// A stored ten-digit phone as people read it: (555) 123-4567; anything else as stored.
fn phone(digits: &str) -> String {
    if digits.len() == 10 && digits.bytes().all(|b| b.is_ascii_digit()) {
        format!("({}) {}-{}", &digits[..3], &digits[3..6], &digits[6..])
    } else {
        digits.to_string()
    }
}

/// Cents as dollars: $1,234.50.
fn dollars(cents: i64) -> String {
    let (sign, cents) = if cents < 0 { ("-", -cents) } else { ("", cents) };
    let whole = (cents / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("{sign}${grouped}.{:02}", cents % 100)
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// Where a nonprofit stands: imported (not onboarded yet), or its verification.
fn standing(c: &proto::catalogue::v1::CharityRow) -> &'static str {
    match (c.is_imported, c.admin_verification.as_str()) {
        (true, _) => "Imported",
        (false, "Approve") => "Approved",
        (false, "Reject") => "Rejected",
        _ => "Pending",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_names_a_list_path_of_the_permission_table() {
        for (kind, method, path) in KINDS {
            let m: Method = method.parse().unwrap();
            assert!(permissions::lookup().contains_key(&(m, path)), "{kind:?}: {method} {path}");
        }
        let mut kinds: Vec<_> = KINDS.iter().map(|k| format!("{:?}", k.0)).collect();
        kinds.dedup();
        assert_eq!(kinds.len(), 7, "each kind once");
    }

    #[test]
    fn a_caller_sees_the_kinds_whose_list_it_may_call() {
        let who = |admin_type: &str, grants: &[(&str, &[&str])]| crate::principal::Principal {
            id: "u1".into(),
            admin_type: admin_type.into(),
            active: true,
            session_version: 1,
            charity_id: String::new(),
            grants: grants.iter().map(|(s, a)| (s.to_string(), a.iter().map(|x| x.to_string()).collect())).collect(),
        };
        assert_eq!(visible(&who("Admin", &[])).len(), 7);
        assert_eq!(visible(&who("Sub Admin", &[("/transaction", &["view"])])), [SearchKind::Transaction]);
        assert_eq!(
            visible(&who("Sub Admin", &[("/master", &["view"]), ("/category/FAQ", &["edit"])])),
            [SearchKind::Nonprofit, SearchKind::Faq],
            "New Nonprofit's view lists nonprofits; any FAQ action lists FAQs"
        );
        assert_eq!(visible(&who("Sub Admin", &[("/donor", &["add"])])), [], "a list needs view");
        assert_eq!(visible(&who("Charity Admin", &[("/donor", &["view"])])), []);
    }

    #[test]
    fn subtitles_read_as_people_write_them() {
        assert_eq!(phone("5551234567"), "(555) 123-4567");
        assert_eq!(phone(""), "");
        assert_eq!(dollars(123_456_789), "$1,234,567.89");
        assert_eq!(dollars(5), "$0.05");
        assert_eq!(dollars(100_000), "$1,000.00");
        assert_eq!(capitalised("succeeded"), "Succeeded");
        assert_eq!(full_name(" Ann ", ""), "Ann");
    }
}
