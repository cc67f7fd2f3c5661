//! The console's pages and their documents: each kind's fields, how a saved document is
//! checked and cleaned (rich text sanitised), the page keys, and the pages' reads, saves,
//! revisions and restores (each change with its event in the same transaction).

use crate::error::{Error, Result};
use crate::events;
use crate::pages_store::{self, PageRow, RevisionRow};
use crate::service::{Content, paging};
use common::Actor;
use common::error::Check;
use common::paging::Page;
use common::rich_text::{sanitize_html, text_of};
use common::write::Write;
use serde::{Deserialize, Serialize};

/// Every page the console edits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageKind {
    Homepage,
    PrivacyPolicy,
    TermsCondition,
    AboutUs,
    GivingPartner,
}

pub const ALL: [PageKind; 5] =
    [PageKind::Homepage, PageKind::PrivacyPolicy, PageKind::TermsCondition, PageKind::AboutUs, PageKind::GivingPartner];

impl PageKind {
    pub fn key(self) -> &'static str {
        match self {
            PageKind::Homepage => "homepage",
            PageKind::PrivacyPolicy => "privacy_policy",
            PageKind::TermsCondition => "terms_condition",
            PageKind::AboutUs => "about_us",
            PageKind::GivingPartner => "giving_partner",
        }
    }

    pub fn of(key: &str) -> Option<Self> {
        ALL.into_iter().find(|k| k.key() == key)
    }

    /// The key of a page asked for, or 404 'Page not found'.
    pub fn parse(key: &str) -> Result<Self> {
        Self::of(key).ok_or_else(|| Error::NotFound("Page not found".into()))
    }

    /// Checks and cleans a document sent for this page: its canonical JSON, or the
    /// validation errors with the console's messages.
    pub fn clean(self, json: &str) -> Result<String> {
        fn parse<T: serde::de::DeserializeOwned>(json: &str) -> Result<T> {
            serde_json::from_str(json).map_err(|e| Error::field("document", &format!("Invalid page: {e}")))
        }
        let mut check = Check::default();
        let out = match self {
            PageKind::Homepage => serde_json::to_string(&parse::<Homepage>(json)?.cleaned(&mut check)),
            PageKind::PrivacyPolicy | PageKind::TermsCondition => {
                serde_json::to_string(&parse::<CmsPage>(json)?.cleaned(&mut check))
            }
            PageKind::AboutUs => serde_json::to_string(&parse::<AboutUs>(json)?.cleaned(&mut check)),
            PageKind::GivingPartner => serde_json::to_string(&parse::<GivingPartnerPage>(json)?.cleaned(&mut check)),
        };
        check.done()?;
        out.map_err(|e| Error::Internal(e.into()))
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Step {
    pub title: String,
    pub description: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Figure {
    pub label: String,
    pub value: String,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Homepage {
    pub hero_title: String,
    pub hero_subtitle: String,
    pub banner_images: Vec<String>,
    pub video: String,
    pub featured_charity_ids: Vec<String>,
    pub featured_cause_ids: Vec<String>,
    pub cta_text: String,
    pub cta_link: String,
    pub how_it_works: Vec<Step>,
    pub impact_figures: Vec<Figure>,
}

/// Trimmed, without empty entries or repeats.
fn names(list: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in list {
        let s = s.trim();
        if !s.is_empty() && !out.iter().any(|o| o == s) {
            out.push(s.to_string());
        }
    }
    out
}

fn at_most(check: &mut Check, field: &str, label: &str, v: &str, max: usize) {
    if v.chars().count() > max {
        check.fail(field, format!("{label} must be at most {max} characters"));
    }
}

/// Whether a link is an absolute http or https URL.
pub fn is_web_link(link: &str) -> bool {
    let rest = link.strip_prefix("https://").or_else(|| link.strip_prefix("http://"));
    rest.is_some_and(|r| {
        let host = r.split(['/', '?', '#']).next().unwrap_or_default();
        !host.is_empty() && !host.contains(char::is_whitespace) && !r.contains(['<', '>', '"', ' '])
    })
}

impl Homepage {
    fn cleaned(self, check: &mut Check) -> Self {
        let hero_title = self.hero_title.trim().to_string();
        if hero_title.is_empty() {
            check.fail("heroTitle", "Please enter Hero Title");
        }
        at_most(check, "heroTitle", "Hero Title", &hero_title, 120);
        let hero_subtitle = self.hero_subtitle.trim().to_string();
        at_most(check, "heroSubtitle", "Hero Subtitle", &hero_subtitle, 300);
        let banner_images = names(&self.banner_images);
        if banner_images.len() > 10 {
            check.fail("bannerImages", "Please upload at most 10 banner images");
        }
        let featured_charity_ids = names(&self.featured_charity_ids);
        if featured_charity_ids.len() > 12 {
            check.fail("featuredCharityIds", "Please select at most 12 nonprofits");
        }
        let featured_cause_ids = names(&self.featured_cause_ids);
        if featured_cause_ids.len() > 12 {
            check.fail("featuredCauseIds", "Please select at most 12 causes");
        }
        let cta_text = self.cta_text.trim().to_string();
        let cta_link = self.cta_link.trim().to_string();
        if !cta_link.is_empty() {
            if !is_web_link(&cta_link) {
                check.fail("ctaLink", "Please enter valid link");
            }
            if cta_text.is_empty() {
                check.fail("ctaText", "Please enter Call to Action Text");
            }
        }
        at_most(check, "ctaText", "Call to Action Text", &cta_text, 60);
        let how_it_works: Vec<Step> = self
            .how_it_works
            .into_iter()
            .map(|s| Step { title: s.title.trim().to_string(), description: s.description.trim().to_string() })
            .filter(|s| !s.title.is_empty() || !s.description.is_empty())
            .collect();
        if how_it_works.len() > 6 {
            check.fail("howItWorks", "Please add at most 6 steps");
        }
        if how_it_works.iter().any(|s| s.title.is_empty()) {
            check.fail("howItWorks", "Please enter Step Title");
        }
        let impact_figures: Vec<Figure> = self
            .impact_figures
            .into_iter()
            .map(|f| Figure { label: f.label.trim().to_string(), value: f.value.trim().to_string() })
            .filter(|f| !f.label.is_empty() || !f.value.is_empty())
            .collect();
        if impact_figures.len() > 6 {
            check.fail("impactFigures", "Please add at most 6 impact figures");
        }
        if impact_figures.iter().any(|f| f.label.is_empty() || f.value.is_empty()) {
            check.fail("impactFigures", "Please enter Label and Value");
        }
        Self {
            hero_title,
            hero_subtitle,
            banner_images,
            video: self.video.trim().to_string(),
            featured_charity_ids,
            featured_cause_ids,
            cta_text,
            cta_link,
            how_it_works,
            impact_figures,
        }
    }
}

/// Rich text cleaned, or `message` on `field` when nothing visible is left.
fn rich(raw: &str, field: &str, message: &str, check: &mut Check) -> String {
    if raw.chars().count() > 200_000 {
        check.fail(field, "Content must be at most 200,000 characters");
    }
    let clean = sanitize_html(raw);
    if text_of(&clean).is_empty() && !clean.contains("<img") {
        check.fail(field, message);
    }
    clean
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct CmsPage {
    pub title: String,
    pub content: String,
}

impl CmsPage {
    fn cleaned(self, check: &mut Check) -> Self {
        let title = self.title.trim().to_string();
        if title.is_empty() {
            check.fail("title", "Please enter Title");
        }
        at_most(check, "title", "Title", &title, 150);
        Self { title, content: rich(&self.content, "content", "Please enter Content", check) }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct AboutUs {
    pub content: String,
    pub images: Vec<String>,
}

impl AboutUs {
    fn cleaned(self, check: &mut Check) -> Self {
        let images = names(&self.images);
        if images.len() > 10 {
            check.fail("images", "Please upload at most 10 images");
        }
        Self { content: rich(&self.content, "content", "Please enter Content", check), images }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GivingPartnerPage {
    pub content: String,
    pub image: String,
}

impl GivingPartnerPage {
    fn cleaned(self, check: &mut Check) -> Self {
        // '&nbsp;' entities (and the character) become plain spaces.
        let raw = self.content.replace("&nbsp;", " ").replace('\u{a0}', " ");
        let content = rich(&raw, "content", "Please enter Content", check).replace("&nbsp;", " ");
        Self { content, image: self.image.trim().to_string() }
    }
}

impl Content {
    /// A page by key, or by id when `key` is empty.
    pub async fn page(&self, key: &str, id: &str) -> Result<PageRow> {
        let mut c = self.conn().await?;
        let found = if key.is_empty() {
            pages_store::page_by_id(&mut c, id).await?
        } else {
            pages_store::page_by_key(&mut c, PageKind::parse(key)?.key()).await?
        };
        found.ok_or_else(|| Error::NotFound("Page not found".into()))
    }

    /// The homepage when it features a cause or a nonprofit (`kind` "cause" or "charity"), so it
    /// is not deleted from under the homepage (which would drop it from the featured list
    /// quietly); anything else is used by nothing here.
    pub async fn usage(&self, kind: &str, id: &str) -> Result<Vec<(String, i64)>> {
        let Some(home) = pages_store::page_by_key(&mut *self.conn().await?, PageKind::parse("homepage")?.key()).await?
        else {
            return Ok(vec![]);
        };
        let doc: Homepage = serde_json::from_str(&home.document).unwrap_or_default();
        let (list, what) = match kind {
            "cause" => (doc.featured_cause_ids, "the homepage's featured causes"),
            "charity" => (doc.featured_charity_ids, "the homepage's featured nonprofits"),
            _ => return Ok(vec![]),
        };
        Ok(if list.iter().any(|f| f == id.trim()) { vec![(what.to_string(), 1)] } else { vec![] })
    }

    /// Saves a page's document (checked and cleaned): a new revision, unless it equals the
    /// current document (then the page answers as it is).
    pub async fn save_page(&self, key: &str, id: &str, document: &str, actor: &Actor) -> Result<PageRow> {
        let current = self.page(key, id).await?;
        let kind = PageKind::parse(&current.page_key)?;
        let document = kind.clean(document)?;
        let mut w = self.write(actor).await?;
        w.lock_row("pages", &current.id).await?;
        let current = pages_store::page_by_id(&mut w, &current.id)
            .await?
            .ok_or_else(|| Error::NotFound("Page not found".into()))?;
        if current.document == document {
            w.rollback().await?;
            return Ok(current);
        }
        let before = current.document.clone();
        let page = Self::new_revision(&mut w, current, document, None).await?;
        w.emit(events::PAGE_PUBLISHED, &events::Page::of(&page.page_key, page.revision, None, &before, &page.document))
            .await?;
        w.commit().await?;
        Ok(page)
    }

    async fn new_revision(
        w: &mut Write<'_>,
        current: PageRow,
        document: String,
        restored_from: Option<i64>,
    ) -> Result<PageRow> {
        let now = common::now_ms();
        let author = w.actor().id.clone();
        let page = PageRow {
            document,
            revision: current.revision + 1,
            updated_at: now,
            updated_by: author.clone(),
            ..current
        };
        let rev = RevisionRow {
            id: common::new_id(),
            page_key: page.page_key.clone(),
            number: page.revision,
            author_id: author,
            created_at: now,
            restored_from,
            document: page.document.clone(),
        };
        pages_store::insert_revision(w, &rev).await?;
        pages_store::set_page(w, &page).await?;
        Ok(page)
    }

    pub async fn revisions(&self, key: &str, q: &Page) -> Result<(Vec<RevisionRow>, i64)> {
        let kind = PageKind::parse(key)?;
        let p = paging(q, pages_store::revision_column)?;
        Ok(pages_store::revisions(&mut *self.conn().await?, kind.key(), p).await?)
    }

    pub async fn revision(&self, id: &str) -> Result<RevisionRow> {
        pages_store::revision_by_id(&mut *self.conn().await?, id)
            .await?
            .ok_or_else(|| Error::NotFound("Revision not found".into()))
    }

    /// Makes revision `id`'s document current again, as a new revision naming it.
    pub async fn restore(&self, id: &str, actor: &Actor) -> Result<PageRow> {
        let rev = self.revision(id).await?;
        let current = self.page(&rev.page_key, "").await?;
        let mut w = self.write(actor).await?;
        w.lock_row("pages", &current.id).await?;
        let current = pages_store::page_by_id(&mut w, &current.id)
            .await?
            .ok_or_else(|| Error::NotFound("Page not found".into()))?;
        let before = current.document.clone();
        let page = Self::new_revision(&mut w, current, rev.document, Some(rev.number)).await?;
        w.emit(
            events::PAGE_RESTORED,
            &events::Page::of(&page.page_key, page.revision, Some(rev.number), &before, &page.document),
        )
        .await?;
        w.commit().await?;
        Ok(page)
    }
}
