//! The console's pages (SPEC section 7, issue 15): homepage, privacy policy and terms (CMS
//! pages), about us, the giving-partner page; each save is a numbered revision that can be
//! listed, opened and restored. The content service checks and cleans every document.

mod page;
mod revisions;

pub use page::{document_value, view};

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::names::{account_names, named_causes, named_charities};
use crate::reply::{Body, Reply, Route, ok, route};
use crate::state::AppState;
use crate::transport::call;
use axum::Extension;
use axum::extract::{Path, State};
use axum::http::Method;
use axum::routing::{get, post};
use page::{
    AboutUs, AboutUsInput, CmsInput, CmsPage, GivingPartnerInput, GivingPartnerPage, Homepage, HomepageInput, PageView,
    answer, cms_page_for, get_page, save,
};
use proto::content::v1 as pb;
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::future::Future;
use utoipa::ToSchema;

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
    all.extend(revisions::routes());
    all
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
