//! The console's pages (SPEC section 7, issue 15): homepage, privacy policy and terms (CMS
//! pages), about us, the giving-partner page; each save is a numbered revision that can be
//! listed, opened and restored. The content service checks and cleans every document.

use super::PagingQuery;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::names::{FeaturedRef, account_names, named_causes, named_charities};
use crate::permissions::{self, PRIVACY_POLICY, TERMS_CONDITION};
use crate::reply::{Body, Reply, Route, list, ok, route};
use crate::state::AppState;
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::extract::{Path, Query, State};
use axum::http::Method;
use axum::routing::{MethodRouter, get, post};
use proto::content::v1 as pb;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::future::Future;
use utoipa::ToSchema;

/// One page's area: the key of its page (none for the CMS pages: two pages share the area;
/// the page of the revision decides, and its own module is checked).
#[derive(Clone, Copy)]
pub struct Area {
    key: Option<&'static str>,
}

const HOME: Area = Area { key: Some("homepage") };
const CMS: Area = Area { key: None };
const ABOUT: Area = Area { key: Some("about_us") };
const PARTNER: Area = Area { key: Some("giving_partner") };

fn with(area: Area, handler: MethodRouter<AppState>) -> MethodRouter<AppState> {
    handler.layer(Extension(area))
}

const PAGING: &[(&str, &str)] = &[("page", "Page number, from 1 (default 1)"), ("limit", "Page size (default 10)")];

/// The revision paths of each area: (area, list, one, restore). The CMS list names its page
/// (`/admin/cms/revisions/{pageId}`, its own route).
const REVISION_PATHS: [(Area, Option<&str>, &str, &str); 4] = [
    (HOME, Some("/admin/homepage/revisions"), "/admin/homepage/revision/{id}", "/admin/homepage/restoreRevision/{id}"),
    (CMS, None, "/admin/cms/revision/{id}", "/admin/cms/restoreRevision/{id}"),
    (ABOUT, Some("/admin/aboutUs/revisions"), "/admin/aboutUs/revision/{id}", "/admin/aboutUs/restoreRevision/{id}"),
    (
        PARTNER,
        Some("/admin/givingPartner/revisions"),
        "/admin/givingPartner/revision/{id}",
        "/admin/givingPartner/restoreRevision/{id}",
    ),
];

pub fn routes() -> Vec<Route> {
    let mut all = Vec::from(keyed_routes::<HomepageInput>());
    all.extend([
        route(Method::GET, "/admin/cms/cmsPagesList", "The CMS pages (privacy policy, terms)", get(cms_pages))
            .list::<CmsPage>(),
        route(Method::POST, "/admin/cms/updateCms/{id}", "Save a CMS page (a new revision)", post(update_cms))
            .body::<CmsInput>()
            .answers::<CmsPage>(),
    ]);
    all.extend(keyed_routes::<AboutUsInput>());
    all.extend(keyed_routes::<GivingPartnerInput>());
    all.push(
        route(Method::GET, "/admin/cms/revisions/{pageId}", "A CMS page's revisions, newest first", get(cms_revisions))
            .query(PAGING)
            .page::<Revision>(),
    );
    for (area, list_path, one_path, restore_path) in REVISION_PATHS {
        if let Some(list_path) = list_path {
            all.push(
                route(Method::GET, list_path, "The page's revisions, newest first", with(area, get(revisions)))
                    .query(PAGING)
                    .page::<Revision>(),
            );
        }
        all.push(
            route(Method::GET, one_path, "One revision with its document", with(area, get(revision)))
                .answers::<Revision>(),
        );
        let restore_route = route(
            Method::POST,
            restore_path,
            "Restore a revision (a new revision naming it)",
            with(area, post(restore)),
        );
        all.push(match area.key {
            Some("homepage") => restore_route.answers::<Homepage>(),
            Some("about_us") => restore_route.answers::<AboutUs>(),
            Some(_) => restore_route.answers::<GivingPartnerPage>(),
            None => restore_route.answers::<CmsPage>(),
        });
    }
    all
}

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

/// One save of a page.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Revision {
    #[serde(rename = "_id")]
    pub id: String,
    pub number: i64,
    /// 'homepage' | 'privacy_policy' | 'terms_condition' | 'about_us' | 'giving_partner'
    pub page_key: String,
    pub author_id: String,
    pub author_name: String,
    pub created_at: i64,
    /// The revision this one restored, if any.
    pub restored_from: Option<i64>,
    /// The page as saved (its REST shape without revision fields); only on one revision.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub document: Option<serde_json::Value>,
}

// ---- helpers ----

fn name_in(names: &HashMap<String, String>, id: &str) -> String {
    if id.is_empty() { String::new() } else { names.get(id).cloned().unwrap_or_else(|| id.to_string()) }
}

/// Whether the caller may edit the CMS page of module `slug` (the permission table's rule
/// for that module's edit).
fn may_edit(caller: &Caller, slug: &'static str) -> bool {
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
fn cms_module(key: &str) -> Option<&'static str> {
    match key {
        "privacy_policy" => Some(PRIVACY_POLICY),
        "terms_condition" => Some(TERMS_CONDITION),
        _ => None,
    }
}

fn doc<T: serde::de::DeserializeOwned + Default>(json: &str) -> T {
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

async fn get_page(state: &AppState, key: &str, id: &str) -> ApiResult<pb::Page> {
    let req = pb::PageRef { page_key: key.to_string(), id: id.to_string() };
    Ok(call!(state.content().get_page(req))?)
}

async fn answer(state: &AppState, p: pb::Page, message: &str) -> Reply {
    let names = account_names(state, [p.updated_by.clone()]).await;
    view(state, p, &names).await.reply(message)
}

/// Saves a page's new revision. `files` are the stored files it names: they become the
/// page's (checked first: refused naming the field, nothing saved), and stay its own while
/// any revision may be restored (a page never releases a file).
async fn save(
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

// ---- handlers ----

/// A keyed page's key, and its read's and its save's path, summary and answer message.
struct Keyed {
    key: &'static str,
    read: [&'static str; 3],
    save: [&'static str; 3],
}

/// A page of its own key (the homepage, about us, the giving-partner page): the document its
/// editor sends, the stored files it names, and the messages of its two paths.
trait KeyedPage: DeserializeOwned + Serialize + ToSchema + Send + Sync + 'static {
    /// The page's answer.
    type View: ToSchema;
    const PAGE: Keyed;
    fn files(&self) -> crate::media::Files;
    /// The document as saved (the body itself unless said otherwise).
    fn document(&self) -> impl Serialize + Send + Sync + '_ {
        self
    }
    /// What the content service cannot check itself, refused before anything is saved.
    fn check(&self, _state: &AppState) -> impl Future<Output = ApiResult<()>> + Send {
        async { Ok(()) }
    }
}

impl KeyedPage for HomepageInput {
    type View = Homepage;
    const PAGE: Keyed = Keyed {
        key: "homepage",
        read: [
            "/admin/homepage/getHomepageDetails",
            "The homepage (revision 0 before the first save)",
            "Homepage details",
        ],
        save: ["/admin/homepage/updateHomepage", "Save the homepage (a new revision)", "Homepage updated successfully"],
    };
    fn files(&self) -> crate::media::Files {
        crate::media::Files::new().many("bannerImages", &self.banner_images).one("video", &self.video)
    }
    async fn check(&self, state: &AppState) -> ApiResult<()> {
        check_featured(state, self).await
    }
}

impl KeyedPage for AboutUsInput {
    type View = AboutUs;
    const PAGE: Keyed = Keyed {
        key: "about_us",
        read: ["/v1/aboutUs/aboutUsList", "The about-us page", "About us"],
        save: [
            "/admin/aboutUs/updateAboutUs",
            "Save the about-us page (a new revision)",
            "About us updated successfully",
        ],
    };
    fn files(&self) -> crate::media::Files {
        crate::media::Files::new().many("images", &self.images)
    }
}

impl KeyedPage for GivingPartnerInput {
    type View = GivingPartnerPage;
    const PAGE: Keyed = Keyed {
        key: "giving_partner",
        read: ["/admin/givingPartner/getDetails", "The giving-partner page", "Giving partner page"],
        save: [
            "/admin/givingPartner/update",
            "Save the giving-partner page (a new revision)",
            "Giving partner page updated successfully",
        ],
    };
    fn files(&self) -> crate::media::Files {
        crate::media::Files::new().one("image", &self.image)
    }
    /// The page's fields (its `_id` is the page's, not saved).
    fn document(&self) -> impl Serialize + Send + Sync + '_ {
        serde_json::json!({ "content": self.content, "image": self.image })
    }
}

/// A keyed page's read and save.
fn keyed_routes<P: KeyedPage>() -> [Route; 2] {
    [
        route(Method::GET, P::PAGE.read[0], P::PAGE.read[1], get(page::<P>)).answers::<P::View>(),
        route(Method::POST, P::PAGE.save[0], P::PAGE.save[1], post(update_page::<P>)).body::<P>().answers::<P::View>(),
    ]
}

async fn page<P: KeyedPage>(State(state): State<AppState>) -> Reply {
    let p = get_page(&state, P::PAGE.key, "").await?;
    answer(&state, p, P::PAGE.read[2]).await
}

async fn update_page<P: KeyedPage>(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<P>,
) -> Reply {
    b.check(&state).await?;
    let p = save(&state, &caller, P::PAGE.key, "", &b.document(), b.files()).await?;
    answer(&state, p, P::PAGE.save[2]).await
}

/// Every featured id must name a nonprofit (or cause) the catalogue knows.
async fn check_featured(state: &AppState, b: &HomepageInput) -> ApiResult<()> {
    let ids = |v: &[String]| v.iter().map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect::<Vec<_>>();
    let (charities, causes) = (ids(&b.featured_charity_ids), ids(&b.featured_cause_ids));
    if charities.len() <= 12 && named_charities(state, &charities).await.iter().any(Option::is_none) {
        return Err(ApiError::validation("featuredCharityIds", "Please select valid nonprofits"));
    }
    if causes.len() <= 12 && named_causes(state, &causes).await.iter().any(Option::is_none) {
        return Err(ApiError::validation("featuredCauseIds", "Please select valid causes"));
    }
    Ok(())
}

const CMS_KEYS: [&str; 2] = ["privacy_policy", "terms_condition"];

async fn cms_pages(State(state): State<AppState>) -> Reply {
    let req = pb::PageKeys { page_keys: CMS_KEYS.iter().map(|k| k.to_string()).collect() };
    let pages = call!(state.content().get_pages(req))?.items;
    let names = account_names(&state, pages.iter().map(|p| p.updated_by.clone())).await;
    let mut out = Vec::new();
    for p in pages {
        if let PageView::Cms(c) = view(&state, p, &names).await {
            out.push(c);
        }
    }
    ok("CMS pages", out)
}

/// The CMS page `id`, refused (403) unless the caller may edit THAT page's module.
async fn cms_page_for(state: &AppState, caller: &Caller, id: &str) -> ApiResult<pb::Page> {
    let p = get_page(state, "", id).await?;
    let module = cms_module(&p.page_key).ok_or_else(|| ApiError::not_found("Page not found"))?;
    if !may_edit(caller, module) {
        return Err(ApiError::forbidden());
    }
    Ok(p)
}

async fn update_cms(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
    Body(b): Body<CmsInput>,
) -> Reply {
    let page = cms_page_for(&state, &caller, &id).await?;
    let p = save(&state, &caller, "", &page.id, &b, crate::media::Files::new()).await?;
    answer(&state, p, "Page updated successfully").await
}

async fn list_revisions(state: &AppState, key: &str, q: PagingQuery) -> Reply {
    let page = proto::common::v1::PageRequest { page: q.page, limit: q.limit, ..Default::default() };
    let req = pb::ListRevisionsRequest { page_key: key.to_string(), page: Some(page) };
    let r = call!(state.content().list_revisions(req))?;
    let names = account_names(state, r.items.iter().map(|i| i.author_id.clone())).await;
    let items: Vec<Revision> = r.items.into_iter().map(|i| revision_view(i, &names, None)).collect();
    list("Revisions", items, r.total)
}

fn revision_view(r: pb::Revision, names: &HashMap<String, String>, document: Option<serde_json::Value>) -> Revision {
    Revision {
        author_name: name_in(names, &r.author_id),
        id: r.id,
        number: r.number,
        page_key: r.page_key,
        author_id: r.author_id,
        created_at: r.created_at,
        restored_from: r.restored_from,
        document,
    }
}

async fn revisions(
    State(state): State<AppState>,
    Extension(area): Extension<Area>,
    Query(q): Query<PagingQuery>,
) -> Reply {
    list_revisions(&state, area.key.unwrap_or_default(), q).await
}

async fn cms_revisions(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Path(page_id): Path<String>,
    Query(q): Query<PagingQuery>,
) -> Reply {
    let page = cms_page_for(&state, &caller, &page_id).await?;
    list_revisions(&state, &page.page_key, q).await
}

/// The revision `id` when it belongs to the area (and, for a CMS page, to a page the
/// caller may edit); 404 'Revision not found' otherwise.
async fn revision_in(state: &AppState, area: Area, caller: &Caller, id: &str) -> ApiResult<pb::Revision> {
    let req = pb::RevisionRef { id: id.to_string(), actor: None };
    let r = call!(state.content().get_revision(req))?;
    let belongs = match area.key {
        Some(k) => r.page_key == k,
        None => cms_module(&r.page_key).is_some(),
    };
    if !belongs {
        return Err(ApiError::not_found("Revision not found"));
    }
    if area.key.is_none() && !cms_module(&r.page_key).is_some_and(|m| may_edit(caller, m)) {
        return Err(ApiError::forbidden());
    }
    Ok(r)
}

async fn revision(
    State(state): State<AppState>,
    Extension(area): Extension<Area>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Reply {
    let r = revision_in(&state, area, &caller, &id).await?;
    let page = get_page(&state, &r.page_key, "").await?;
    let as_saved = pb::Page { document_json: r.document_json.clone(), ..page };
    let names = account_names(&state, [r.author_id.clone()]).await;
    let document = document_value(&view(&state, as_saved, &names).await);
    ok("Revision", revision_view(r, &names, Some(document)))
}

async fn restore(
    State(state): State<AppState>,
    Extension(area): Extension<Area>,
    Extension(caller): Extension<Caller>,
    Path(id): Path<String>,
) -> Reply {
    let r = revision_in(&state, area, &caller, &id).await?;
    let req = pb::RevisionRef { id: r.id, actor: Some(caller.to_pb()) };
    let p = call_unsent!(state.content().restore_revision(req))?;
    crate::public_cache::forget(&state).await;
    answer(&state, p, "Revision restored successfully").await
}
