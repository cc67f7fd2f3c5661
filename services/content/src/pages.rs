//! The console's pages and their documents: each kind's fields, how a saved document is
//! checked and cleaned (rich text sanitised), and the page keys.

use crate::error::{Error, Result};
use common::error::Check;
use common::rich_text::{sanitize_html, text_of};
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
