//! The console's pages as the REST contract shows them (homepage, the CMS pages, about us,
//! the giving-partner page), and what every handler of them and of their revisions does:
//! read a page, answer it typed per page (featured nonprofits and causes named, its author
//! named), save a new revision with the files it names, and find a CMS page the caller may edit.

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::names::{FeaturedRef, account_names, named_causes, named_charities};
use crate::permissions::{self, PRIVACY_POLICY, TERMS_CONDITION};
use crate::reply::{Reply, ok};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use proto::content::v1 as pb;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use utoipa::ToSchema;

/// One page's area: the key of its page (none for the CMS pages: two pages share the area;
/// the page of the revision decides, and its own module is checked).
#[derive(Clone, Copy)]
pub struct Area {
    pub key: Option<&'static str>,
}

pub const HOME: Area = Area { key: Some("homepage") };
pub const CMS: Area = Area { key: None };
pub const ABOUT: Area = Area { key: Some("about_us") };
pub const PARTNER: Area = Area { key: Some("giving_partner") };

// ---- REST shapes ----

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct HomepageStep {
    pub title: String,
    pub description: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ImpactFigure {
    pub label: String,
    pub value: String,
}

/// What the homepage editor sends.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct HomepageInput {
    pub hero_title: String,
    pub hero_subtitle: String,
    /// Stored file names (media module 'homepageImage'), at most 10.
    pub banner_images: Vec<String>,
    /// A stored file name or ''.
    pub video: String,
    pub featured_charity_ids: Vec<String>,
    pub featured_cause_ids: Vec<String>,
    pub cta_text: String,
    /// http or https only.
    pub cta_link: String,
    pub how_it_works: Vec<HomepageStep>,
    pub impact_figures: Vec<ImpactFigure>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Homepage {
    #[serde(rename = "_id")]
    pub id: String,
    #[serde(flatten)]
    pub input: HomepageInput,
    pub featured_charities: Vec<FeaturedRef>,
    pub featured_causes: Vec<FeaturedRef>,
    pub revision: i64,
    pub updated_at: i64,
    /// The name of who saved it last ('' before the first save).
    pub updated_by: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CmsInput {
    pub title: String,
    pub content: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CmsPage {
    #[serde(rename = "_id")]
    pub id: String,
    /// 'privacy_policy' or 'terms_condition'
    pub slug: String,
    pub title: String,
    pub content: String,
    pub published_at: i64,
    pub published_by: String,
    pub revision: i64,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct AboutUsInput {
    pub content: String,
    /// Stored file names (media module 'aboutUsImage').
    pub images: Vec<String>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AboutUs {
    #[serde(rename = "_id")]
    pub id: String,
    pub content: String,
    pub images: Vec<String>,
    pub revision: i64,
    pub updated_at: i64,
    pub updated_by: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct GivingPartnerInput {
    #[serde(rename = "_id")]
    pub id: String,
    pub content: String,
    /// A stored file name (media module 'givingPartnerimage').
    pub image: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GivingPartnerPage {
    #[serde(rename = "_id")]
    pub id: String,
    pub content: String,
    pub image: String,
    pub revision: i64,
    pub updated_at: i64,
    pub updated_by: String,
}

// ---- helpers ----

pub(super) fn name_in(names: &HashMap<String, String>, id: &str) -> String {
    if id.is_empty() { String::new() } else { names.get(id).cloned().unwrap_or_else(|| id.to_string()) }
}

/// Whether the caller may edit the CMS page of module `slug` (the permission table's rule
/// for that module's edit).
pub(super) fn may_edit(caller: &Caller, slug: &'static str) -> bool {
    let grant: &'static [(&str, &str)] = match slug {
        PRIVACY_POLICY => &[(PRIVACY_POLICY, "edit")],
        TERMS_CONDITION => &[(TERMS_CONDITION, "edit")],
        _ => return false,
    };
    let rule =
        permissions::Rule { access: permissions::Access::Grant(grant), nonprofit: permissions::Nonprofit::Never };
    permissions::allows(rule, &caller.principal, None)
}

/// The CMS page key's module.
pub(super) fn cms_module(key: &str) -> Option<&'static str> {
    match key {
        "privacy_policy" => Some(PRIVACY_POLICY),
        "terms_condition" => Some(TERMS_CONDITION),
        _ => None,
    }
}

pub(super) fn doc<T: serde::de::DeserializeOwned + Default>(json: &str) -> T {
    serde_json::from_str(json).unwrap_or_default()
}

/// A page's REST answer (typed per page) from the service's page.
pub enum PageView {
    Homepage(Box<Homepage>),
    Cms(CmsPage),
    AboutUs(AboutUs),
    GivingPartner(GivingPartnerPage),
}

impl PageView {
    pub fn to_value(&self) -> serde_json::Value {
        match self {
            PageView::Homepage(p) => serde_json::to_value(p),
            PageView::Cms(p) => serde_json::to_value(p),
            PageView::AboutUs(p) => serde_json::to_value(p),
            PageView::GivingPartner(p) => serde_json::to_value(p),
        }
        .unwrap_or_default()
    }

    fn reply(self, message: &str) -> Reply {
        match self {
            PageView::Homepage(p) => ok(message, *p),
            PageView::Cms(p) => ok(message, p),
            PageView::AboutUs(p) => ok(message, p),
            PageView::GivingPartner(p) => ok(message, p),
        }
    }
}

/// The page's answer; `updated_by` named from `names`.
pub async fn view(state: &AppState, p: pb::Page, names: &HashMap<String, String>) -> PageView {
    let by = name_in(names, &p.updated_by);
    match p.page_key.as_str() {
        "homepage" => {
            let input: HomepageInput = doc(&p.document_json);
            let featured_charities =
                named_charities(state, &input.featured_charity_ids).await.into_iter().flatten().collect();
            let featured_causes = named_causes(state, &input.featured_cause_ids).await.into_iter().flatten().collect();
            PageView::Homepage(Box::new(Homepage {
                id: p.id,
                input,
                featured_charities,
                featured_causes,
                revision: p.revision,
                updated_at: p.updated_at,
                updated_by: by,
            }))
        }
        "privacy_policy" | "terms_condition" => {
            let d: CmsInput = doc(&p.document_json);
            PageView::Cms(CmsPage {
                id: p.id,
                slug: p.page_key,
                title: d.title,
                content: d.content,
                published_at: p.updated_at,
                published_by: by,
                revision: p.revision,
            })
        }
        "about_us" => {
            let d: AboutUsInput = doc(&p.document_json);
            PageView::AboutUs(AboutUs {
                id: p.id,
                content: d.content,
                images: d.images,
                revision: p.revision,
                updated_at: p.updated_at,
                updated_by: by,
            })
        }
        _ => {
            let d: GivingPartnerInput = doc(&p.document_json);
            PageView::GivingPartner(GivingPartnerPage {
                id: p.id,
                content: d.content,
                image: d.image,
                revision: p.revision,
                updated_at: p.updated_at,
                updated_by: by,
            })
        }
    }
}

/// The fields of a page answer that belong to its revision, not its document.
pub const REVISION_FIELDS: [&str; 5] = ["revision", "updatedAt", "updatedBy", "publishedAt", "publishedBy"];

/// A page's document as the public site and a revision show it: the answer without its
/// revision fields.
pub fn document_value(v: &PageView) -> serde_json::Value {
    let mut v = v.to_value();
    if let Some(o) = v.as_object_mut() {
        for f in REVISION_FIELDS {
            o.remove(f);
        }
    }
    v
}

pub(super) async fn get_page(state: &AppState, key: &str, id: &str) -> ApiResult<pb::Page> {
    let req = pb::PageRef { page_key: key.to_string(), id: id.to_string() };
    Ok(call!(state.content().get_page(req))?)
}

pub(super) async fn answer(state: &AppState, p: pb::Page, message: &str) -> Reply {
    let names = account_names(state, [p.updated_by.clone()]).await;
    view(state, p, &names).await.reply(message)
}

/// Saves a page's new revision. `files` are the stored files it names: they become the
/// page's (checked first: refused naming the field, nothing saved), and stay its own while
/// any revision may be restored (a page never releases a file).
pub(super) async fn save(
    state: &AppState,
    caller: &Caller,
    key: &str,
    id: &str,
    document: &impl Serialize,
    files: crate::media::Files,
) -> ApiResult<pb::Page> {
    let claim = crate::media::PAGE.claim(state, &caller.to_pb(), (!key.is_empty()).then_some(key), files).await?;
    let req = pb::SavePageRequest {
        page_key: key.to_string(),
        id: id.to_string(),
        document_json: serde_json::to_string(document).map_err(ApiError::internal)?,
        actor: Some(caller.to_pb()),
    };
    let p = call_unsent!(state.content().save_page(req))?;
    claim.attach(state, &p.page_key).await;
    crate::public_cache::forget(state).await;
    Ok(p)
}

/// The CMS page `id`, refused (403) unless the caller may edit THAT page's module.
pub(super) async fn cms_page_for(state: &AppState, caller: &Caller, id: &str) -> ApiResult<pb::Page> {
    let p = get_page(state, "", id).await?;
    let module = cms_module(&p.page_key).ok_or_else(|| ApiError::not_found("Page not found"))?;
    if !may_edit(caller, module) {
        return Err(ApiError::forbidden());
    }
    Ok(p)
}
