//! Badges (/admin/badge): the list, one badge, its edit and its deletion (SPEC "Badge
//! Management", /work/briefs/giving-rest.md). The REST shape names the rule as 'totalGiven',
//! 'donations' or 'monthsSubscribed' (the proto's enum); for 'totalGiven' the threshold is
//! in cents. Who may call what is the permission table's.

use super::ListBody;
use crate::auth::Caller;
use crate::error::ApiError;
use crate::media;
use crate::reply::{Body, Empty, Reply, Route, list_of, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{Path, State};
use axum::http::Method;
use axum::routing::{delete, get, patch, post};
use proto::giving::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub const CHOOSE_RULE: &str = "Please choose a rule";
pub const BAD_THRESHOLD: &str = "Threshold must be a whole number greater than 0";

pub fn routes() -> Vec<Route> {
    vec![
        route(Method::POST, "/admin/badge/badgeList", "Page of badges", post(page)).body::<ListBody>().page::<Badge>(),
        route(Method::GET, "/admin/badge/findBadge/{id}", "One badge", get(one)).answers::<Badge>(),
        route(Method::PATCH, "/admin/badge/badgeUpdate/{id}", "Edit a badge", patch(update))
            .body::<BadgeBody>()
            .answers::<Badge>(),
        route(Method::DELETE, "/admin/badge/delete/{id}", "Delete a badge", delete(remove)),
    ]
}

/// The rules' REST names, as the OpenAPI document lists them.
pub const RULES: [&str; 3] = ["totalGiven", "donations", "monthsSubscribed"];

/// A rule's REST name, from the proto's enum value.
pub fn rule_name(rule: i32) -> &'static str {
    match pb::BadgeRule::try_from(rule) {
        Ok(pb::BadgeRule::TotalGiven) => RULES[0],
        Ok(pb::BadgeRule::Donations) => RULES[1],
        Ok(pb::BadgeRule::MonthsSubscribed) => RULES[2],
        _ => "",
    }
}

/// A rule's proto value from its REST name; anything else is the 400 'Please choose a rule'.
pub fn rule_of(name: &str) -> Result<pb::BadgeRule, ApiError> {
    match name.trim() {
        n if n == RULES[0] => Ok(pb::BadgeRule::TotalGiven),
        n if n == RULES[1] => Ok(pb::BadgeRule::Donations),
        n if n == RULES[2] => Ok(pb::BadgeRule::MonthsSubscribed),
        _ => Err(ApiError::validation("rule", CHOOSE_RULE)),
    }
}

/// A badge (REST shape).
#[derive(Serialize, Deserialize, ToSchema, Debug, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Badge {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    pub image: String,
    pub description: String,
    pub is_active: bool,
    /// 'totalGiven', 'donations' or 'monthsSubscribed'.
    pub rule: String,
    /// Cents for 'totalGiven'; a count otherwise.
    pub threshold: i64,
    pub awarded_count: i64,
    pub created_at: i64,
    pub updated_at: i64,
}

impl From<pb::Badge> for Badge {
    fn from(b: pb::Badge) -> Self {
        Self {
            rule: rule_name(b.rule).into(),
            id: b.id,
            name: b.name,
            image: b.image,
            description: b.description,
            is_active: b.is_active,
            threshold: b.threshold,
            awarded_count: b.awarded_count,
            created_at: b.created_at,
            updated_at: b.updated_at,
        }
    }
}

/// What the badge form sends. `threshold` may come as a number or a numeric text.
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct BadgeBody {
    name: String,
    image: String,
    description: String,
    is_active: bool,
    /// 'totalGiven', 'donations' or 'monthsSubscribed'.
    #[schema(value_type = String)]
    rule: serde_json::Value,
    #[schema(value_type = i64)]
    threshold: serde_json::Value,
}

impl Default for BadgeBody {
    fn default() -> Self {
        Self {
            name: String::new(),
            image: String::new(),
            description: String::new(),
            is_active: true,
            rule: serde_json::Value::Null,
            threshold: serde_json::Value::Null,
        }
    }
}

/// A whole number greater than 0, from a JSON number or a numeric text.
fn threshold(v: &serde_json::Value) -> Option<i64> {
    let n = match v {
        serde_json::Value::Number(n) => n.as_i64(),
        serde_json::Value::String(s) => s.trim().parse::<i64>().ok(),
        _ => None,
    };
    n.filter(|n| *n > 0)
}

impl BadgeBody {
    /// The proto input, or the 400 naming each wrong field.
    fn to_pb(&self) -> Result<pb::BadgeInput, ApiError> {
        let rule = rule_of(self.rule.as_str().unwrap_or_default());
        let threshold = threshold(&self.threshold);
        let mut wrong: Vec<(&str, &str)> = vec![];
        if rule.is_err() {
            wrong.push(("rule", CHOOSE_RULE));
        }
        if threshold.is_none() {
            wrong.push(("threshold", BAD_THRESHOLD));
        }
        if let Some(((field, message), rest)) = wrong.split_first() {
            let mut e = ApiError::validation(field, message);
            e.errors.extend(
                rest.iter().map(|(f, m)| crate::error::FieldError { field: f.to_string(), message: m.to_string() }),
            );
            return Err(e);
        }
        Ok(pb::BadgeInput {
            name: self.name.clone(),
            image: self.image.clone(),
            description: self.description.clone(),
            is_active: self.is_active,
            rule: rule?.into(),
            threshold: threshold.unwrap_or_default(),
        })
    }
}

pub(crate) async fn page(State(state): State<AppState>, Body(b): Body<ListBody>) -> Reply {
    let req = pb::ListBadgesRequest { page: Some(b.to_page()) };
    let page = call!(state.giving().list_badges(req))?;
    list_of("Badge list", page.items, page.total, Badge::from)
}

async fn one(State(state): State<AppState>, Path(id): Path<String>) -> Reply {
    let req = pb::BadgeRef { id, actor: None };
    let b = call!(state.giving().get_badge(req))?;
    ok("Badge details", Badge::from(b))
}

async fn update(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Body(b): Body<BadgeBody>,
) -> Reply {
    let input = b.to_pb()?;
    let claim = media::BADGE
        .claim(&state, &caller.to_pb(), Some(&id), media::Files::new().one("image", &input.image))
        .await?
        .complete();
    let req = pb::UpdateBadgeRequest { id: id.clone(), input: Some(input), actor: Some(caller.to_pb()) };
    let b = call!(state.giving().update_badge(req))?;
    claim.attach(&state, &id).await;
    ok("Badge updated successfully", Badge::from(b))
}

pub(crate) async fn remove(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Reply {
    let req = pb::BadgeRef { id, actor: Some(caller.to_pb()) };
    // To the trash with its awards: its image stays its own until it is purged (bff/src/trash.rs).
    call_unsent!(state.giving().delete_badge(req))?;
    ok("Badge deleted successfully", Empty {})
}
