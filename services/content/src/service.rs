//! The content domain: pages with revisions, leadership, FAQ categories and FAQs, contact
//! messages; each change with its event in the same transaction.

use crate::error::{Error, Result};
use crate::events;
use crate::pages::PageKind;
use crate::store::{self, ContactMessage, Faq, FaqCategory, Leadership, PageRow, RevisionRow};
use common::Actor;
use common::db::unique_on;
use common::error::Check;
use common::outbox::Relay;
use common::paging::Page;
use common::rich_text::{sanitize_html, text_of};
use common::write::{self, Write};

#[derive(Clone)]
pub struct Content {
    pub db: common::db::Db,
    pub relay: Option<Relay>,
}

/// How many contact messages one address may send in [`CONTACT_WINDOW_MS`].
pub const CONTACT_LIMIT: usize = 5;
pub const CONTACT_WINDOW_MS: i64 = 10 * 60 * 1000;

/// What a leadership entry is made of (as sent).
#[derive(Debug, Clone, Default)]
pub struct LeadershipInput {
    pub name: String,
    pub title: String,
    pub photo: String,
    pub biography: String,
    pub order: i64,
    pub is_active: bool,
}

#[derive(Debug, Clone, Default)]
pub struct FaqInput {
    pub category_id: String,
    pub question: String,
    pub answer: String,
    pub order: i64,
    pub is_active: bool,
}

#[derive(Debug, Clone, Default)]
pub struct ContactInput {
    pub name: String,
    pub email: String,
    pub phone_number: String,
    pub subject: String,
    pub message: String,
}

/// A public FAQ category with its active FAQs.
#[derive(Debug, Clone, PartialEq)]
pub struct PublicCategory {
    pub id: String,
    pub name: String,
    pub faqs: Vec<Faq>,
}

/// A name: 'Please enter Name' when empty, 'Please enter valid Name' when only white space.
fn parse_name(raw: &str, check: &mut Check) -> String {
    let v = raw.trim();
    if raw.is_empty() {
        check.fail("name", "Please enter Name");
    } else if v.is_empty() {
        check.fail("name", "Please enter valid Name");
    } else if v.chars().count() > 100 {
        check.fail("name", "Name must be at most 100 characters");
    }
    v.to_string()
}

fn required(raw: &str, field: &str, message: &str, max: usize, label: &str, check: &mut Check) -> String {
    let v = raw.trim();
    if v.is_empty() {
        check.fail(field, message);
    } else if v.chars().count() > max {
        check.fail(field, format!("{label} must be at most {max} characters"));
    }
    v.to_string()
}

fn order(v: i64, check: &mut Check) -> i64 {
    if !(0..=1_000_000).contains(&v) {
        check.fail("order", "Please enter valid Order");
    }
    v
}

/// The list's default column is ascending by order (not newest first).
fn by_order(q: &Page) -> Page {
    let mut q = q.clone();
    if q.column.is_empty() {
        q.column = "order".into();
    }
    q
}

fn paging(q: &Page, columns: fn(&str) -> Option<&'static str>) -> Result<common::paging::Paging<&'static str>> {
    let mut check = Check::default();
    let p = q.check(columns, &mut check);
    check.done()?;
    Ok(p.expect("checked"))
}

impl Content {
    pub fn new(db: common::db::Db, relay: Option<Relay>) -> Self {
        Self { db, relay }
    }

    pub(crate) async fn write(&self, actor: &Actor) -> Result<Write<'_>> {
        write::begin(&self.db, self.relay.as_ref(), actor).await
    }

    async fn conn(&self) -> Result<sqlx::pool::PoolConnection<sqlx::Any>> {
        Ok(self.db.pool.acquire().await?)
    }

    // ---- pages ----

    /// A page by key, or by id when `key` is empty.
    pub async fn page(&self, key: &str, id: &str) -> Result<PageRow> {
        let mut c = self.conn().await?;
        let found = if key.is_empty() {
            store::page_by_id(&mut c, id).await?
        } else {
            store::page_by_key(&mut c, PageKind::parse(key)?.key()).await?
        };
        found.ok_or_else(|| Error::NotFound("Page not found".into()))
    }

    /// The homepage when it features a cause or a nonprofit (`kind` "cause" or "charity"), so it
    /// is not deleted from under the homepage (which would drop it from the featured list
    /// quietly); anything else is used by nothing here.
    pub async fn usage(&self, kind: &str, id: &str) -> Result<Vec<(String, i64)>> {
        let Some(home) = store::page_by_key(&mut *self.conn().await?, PageKind::parse("homepage")?.key()).await? else {
            return Ok(vec![]);
        };
        let doc: crate::pages::Homepage = serde_json::from_str(&home.document).unwrap_or_default();
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
        let current =
            store::page_by_id(&mut w, &current.id).await?.ok_or_else(|| Error::NotFound("Page not found".into()))?;
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
        store::insert_revision(w, &rev).await?;
        store::set_page(w, &page).await?;
        Ok(page)
    }

    pub async fn revisions(&self, key: &str, q: &Page) -> Result<(Vec<RevisionRow>, i64)> {
        let kind = PageKind::parse(key)?;
        let p = paging(q, store::revision_column)?;
        Ok(store::revisions(&mut *self.conn().await?, kind.key(), p).await?)
    }

    pub async fn revision(&self, id: &str) -> Result<RevisionRow> {
        store::revision_by_id(&mut *self.conn().await?, id)
            .await?
            .ok_or_else(|| Error::NotFound("Revision not found".into()))
    }

    /// Makes revision `id`'s document current again, as a new revision naming it.
    pub async fn restore(&self, id: &str, actor: &Actor) -> Result<PageRow> {
        let rev = self.revision(id).await?;
        let current = self.page(&rev.page_key, "").await?;
        let mut w = self.write(actor).await?;
        w.lock_row("pages", &current.id).await?;
        let current =
            store::page_by_id(&mut w, &current.id).await?.ok_or_else(|| Error::NotFound("Page not found".into()))?;
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

    // ---- leadership ----

    fn leadership_fields(i: &LeadershipInput) -> Result<LeadershipInput> {
        let mut check = Check::default();
        let name = parse_name(&i.name, &mut check);
        let title = required(&i.title, "title", "Please enter Title", 100, "Title", &mut check);
        let photo = required(&i.photo, "photo", "Please upload Photo", 300, "Photo", &mut check);
        if i.biography.chars().count() > 20_000 {
            check.fail("biography", "Biography must be at most 20,000 characters");
        }
        let biography = sanitize_html(&i.biography);
        let biography = if text_of(&biography).is_empty() { String::new() } else { biography };
        let order = order(i.order, &mut check);
        check.done()?;
        Ok(LeadershipInput { name, title, photo, biography, order, is_active: i.is_active })
    }

    pub async fn create_leadership(&self, i: &LeadershipInput, actor: &Actor) -> Result<Leadership> {
        let i = Self::leadership_fields(i)?;
        let now = common::now_ms();
        let l = Leadership {
            id: common::new_id(),
            name: i.name,
            title: i.title,
            photo: i.photo,
            biography: i.biography,
            order: i.order,
            is_active: i.is_active,
            created_at: now,
            updated_at: now,
        };
        let mut w = self.write(actor).await?;
        store::insert_leadership(&mut w, &l).await?;
        w.emit(
            events::LEADERSHIP_CREATED,
            &events::Entry {
                id: l.id.clone(),
                name: l.name.clone(),
                photo: l.photo.clone(),
                changes: Default::default(),
            },
        )
        .await?;
        w.commit().await?;
        Ok(l)
    }

    pub async fn update_leadership(&self, id: &str, i: &LeadershipInput, actor: &Actor) -> Result<Leadership> {
        let i = Self::leadership_fields(i)?;
        let mut w = self.write(actor).await?;
        w.lock_row("leadership", id).await?;
        let old =
            store::get_leadership(&mut w, id).await?.ok_or_else(|| Error::NotFound("Leadership not found".into()))?;
        let l = Leadership {
            name: i.name,
            title: i.title,
            photo: i.photo,
            biography: i.biography,
            order: i.order,
            is_active: i.is_active,
            updated_at: common::now_ms(),
            ..old.clone()
        };
        store::update_leadership(&mut w, &l).await?;
        let changes = common::bus::changes(&old, &l, &["updatedAt"]);
        w.emit(
            events::LEADERSHIP_UPDATED,
            &events::Entry { id: l.id.clone(), name: l.name.clone(), photo: l.photo.clone(), changes },
        )
        .await?;
        w.commit().await?;
        Ok(l)
    }

    pub async fn delete_leadership(&self, id: &str, actor: &Actor) -> Result<()> {
        let mut w = self.write(actor).await?;
        let l =
            store::get_leadership(&mut w, id).await?.ok_or_else(|| Error::NotFound("Leadership not found".into()))?;
        store::delete(&mut w, "leadership", id).await?;
        w.emit(
            events::LEADERSHIP_DELETED,
            &events::Entry { id: l.id, name: l.name, photo: l.photo, changes: Default::default() },
        )
        .await?;
        w.commit().await?;
        Ok(())
    }

    pub async fn leadership(&self, id: &str) -> Result<Leadership> {
        store::get_leadership(&mut *self.conn().await?, id)
            .await?
            .ok_or_else(|| Error::NotFound("Leadership not found".into()))
    }

    pub async fn list_leadership(&self, q: &Page, active: Option<bool>) -> Result<(Vec<Leadership>, i64)> {
        let p = paging(&by_order(q), store::leadership_column)?;
        Ok(store::list_leadership(&mut *self.conn().await?, &store::key(&q.search), active, p).await?)
    }

    pub async fn active_leadership(&self) -> Result<Vec<Leadership>> {
        Ok(store::active_leadership(&mut *self.conn().await?).await?)
    }

    // ---- FAQ categories ----

    fn description(raw: &str, check: &mut Check) -> String {
        let v = raw.trim();
        if v.chars().count() > 500 {
            check.fail("description", "Description must be at most 500 characters");
        }
        v.to_string()
    }

    fn category_conflict(e: sqlx::Error) -> Error {
        unique_on(e, "name", "Category already exists")
    }

    pub async fn create_category(&self, name: &str, description: &str, actor: &Actor) -> Result<FaqCategory> {
        let mut check = Check::default();
        let name = parse_name(name, &mut check);
        let description = Self::description(description, &mut check);
        check.done()?;
        let mut w = self.write(actor).await?;
        let order = store::next_category_order(&mut w).await?;
        let t =
            FaqCategory { id: common::new_id(), name, description, order, faq_count: 0, created_at: common::now_ms() };
        store::insert_category(&mut w, &t).await.map_err(Self::category_conflict)?;
        w.emit(
            events::FAQ_CATEGORY_CREATED,
            &events::Entry {
                id: t.id.clone(),
                name: t.name.clone(),
                photo: String::new(),
                changes: Default::default(),
            },
        )
        .await?;
        w.commit().await?;
        Ok(t)
    }

    pub async fn update_category(
        &self,
        id: &str,
        name: &str,
        description: Option<&str>,
        new_order: Option<i64>,
        actor: &Actor,
    ) -> Result<FaqCategory> {
        let mut check = Check::default();
        let name = parse_name(name, &mut check);
        let description = description.map(|d| Self::description(d, &mut check));
        let new_order = new_order.map(|o| order(o, &mut check));
        check.done()?;
        let mut w = self.write(actor).await?;
        w.lock_row("faq_categories", id).await?;
        let old =
            store::get_category(&mut w, id).await?.ok_or_else(|| Error::NotFound("FAQ category not found".into()))?;
        let t = FaqCategory {
            name,
            description: description.unwrap_or_else(|| old.description.clone()),
            order: new_order.unwrap_or(old.order),
            ..old.clone()
        };
        store::update_category(&mut w, &t).await.map_err(Self::category_conflict)?;
        let changes = common::bus::changes(&old, &t, &["faqCount"]);
        w.emit(
            events::FAQ_CATEGORY_UPDATED,
            &events::Entry { id: t.id.clone(), name: t.name.clone(), photo: String::new(), changes },
        )
        .await?;
        w.commit().await?;
        Ok(t)
    }

    /// Refused while the category holds FAQs.
    pub async fn delete_category(&self, id: &str, actor: &Actor) -> Result<()> {
        let mut w = self.write(actor).await?;
        w.lock_row("faq_categories", id).await?;
        let t =
            store::get_category(&mut w, id).await?.ok_or_else(|| Error::NotFound("FAQ category not found".into()))?;
        if t.faq_count > 0 {
            return Err(Error::Conflict("This category still has FAQs. Delete or move them first.".into()));
        }
        store::delete(&mut w, "faq_categories", id).await?;
        w.emit(
            events::FAQ_CATEGORY_DELETED,
            &events::Entry { id: t.id, name: t.name, photo: String::new(), changes: Default::default() },
        )
        .await?;
        w.commit().await?;
        Ok(())
    }

    pub async fn category(&self, id: &str) -> Result<FaqCategory> {
        store::get_category(&mut *self.conn().await?, id)
            .await?
            .ok_or_else(|| Error::NotFound("FAQ category not found".into()))
    }

    pub async fn list_categories(&self, q: &Page) -> Result<(Vec<FaqCategory>, i64)> {
        let p = paging(&by_order(q), store::category_column)?;
        Ok(store::list_categories(&mut *self.conn().await?, &store::key(&q.search), p).await?)
    }

    // ---- FAQs ----

    async fn faq_fields(&self, c: &mut sqlx::AnyConnection, i: &FaqInput) -> Result<FaqInput> {
        let mut check = Check::default();
        let category_id = i.category_id.trim().to_string();
        if category_id.is_empty() {
            check.fail("categoryId", "Please select Category");
        } else if store::get_category(c, &category_id).await?.is_none() {
            check.fail("categoryId", "Please select valid Category");
        }
        let question = required(&i.question, "question", "Please enter Question", 500, "Question", &mut check);
        if i.answer.chars().count() > 20_000 {
            check.fail("answer", "Answer must be at most 20,000 characters");
        }
        let answer = sanitize_html(&i.answer);
        if text_of(&answer).is_empty() {
            check.fail("answer", "Please enter Answer");
        }
        let order = order(i.order, &mut check);
        check.done()?;
        Ok(FaqInput { category_id, question, answer, order, is_active: i.is_active })
    }

    pub async fn create_faq(&self, i: &FaqInput, actor: &Actor) -> Result<Faq> {
        let mut w = self.write(actor).await?;
        let i = self.faq_fields(&mut w, i).await?;
        let now = common::now_ms();
        let f = Faq {
            id: common::new_id(),
            category_id: i.category_id,
            category_name: String::new(),
            question: i.question,
            answer: i.answer,
            order: i.order,
            is_active: i.is_active,
            created_at: now,
            updated_at: now,
        };
        store::insert_faq(&mut w, &f).await?;
        let f = store::get_faq(&mut w, &f.id).await?.ok_or_else(|| Error::NotFound("FAQ not found".into()))?;
        w.emit(
            events::FAQ_CREATED,
            &events::Entry {
                id: f.id.clone(),
                name: f.question.clone(),
                photo: String::new(),
                changes: Default::default(),
            },
        )
        .await?;
        w.commit().await?;
        Ok(f)
    }

    pub async fn update_faq(&self, id: &str, i: &FaqInput, actor: &Actor) -> Result<Faq> {
        let mut w = self.write(actor).await?;
        let i = self.faq_fields(&mut w, i).await?;
        w.lock_row("faqs", id).await?;
        let old = store::get_faq(&mut w, id).await?.ok_or_else(|| Error::NotFound("FAQ not found".into()))?;
        let f = Faq {
            category_id: i.category_id,
            question: i.question,
            answer: i.answer,
            order: i.order,
            is_active: i.is_active,
            updated_at: common::now_ms(),
            ..old.clone()
        };
        store::update_faq(&mut w, &f).await?;
        let f = store::get_faq(&mut w, id).await?.ok_or_else(|| Error::NotFound("FAQ not found".into()))?;
        let changes = common::bus::changes(&old, &f, &["updatedAt", "categoryName"]);
        w.emit(
            events::FAQ_UPDATED,
            &events::Entry { id: f.id.clone(), name: f.question.clone(), photo: String::new(), changes },
        )
        .await?;
        w.commit().await?;
        Ok(f)
    }

    pub async fn delete_faq(&self, id: &str, actor: &Actor) -> Result<()> {
        let mut w = self.write(actor).await?;
        let f = store::get_faq(&mut w, id).await?.ok_or_else(|| Error::NotFound("FAQ not found".into()))?;
        store::delete(&mut w, "faqs", id).await?;
        w.emit(
            events::FAQ_DELETED,
            &events::Entry { id: f.id, name: f.question, photo: String::new(), changes: Default::default() },
        )
        .await?;
        w.commit().await?;
        Ok(())
    }

    pub async fn faq(&self, id: &str) -> Result<Faq> {
        store::get_faq(&mut *self.conn().await?, id).await?.ok_or_else(|| Error::NotFound("FAQ not found".into()))
    }

    pub async fn list_faqs(&self, q: &Page, category_id: &str) -> Result<(Vec<Faq>, i64)> {
        let p = paging(&by_order(q), store::faq_column)?;
        Ok(store::list_faqs(&mut *self.conn().await?, &store::key(&q.search), category_id.trim(), p).await?)
    }

    /// Active FAQs by category order (categories without an active FAQ left out).
    pub async fn public_faq(&self) -> Result<Vec<PublicCategory>> {
        let mut c = self.conn().await?;
        let categories = store::all_categories(&mut c).await?;
        let faqs = store::active_faqs(&mut c).await?;
        Ok(categories
            .into_iter()
            .map(|cat| PublicCategory {
                faqs: faqs.iter().filter(|f| f.category_id == cat.id).cloned().collect(),
                id: cat.id,
                name: cat.name,
            })
            .filter(|c| !c.faqs.is_empty())
            .collect())
    }

    // ---- contact messages ----

    /// A public submission from `actor.address`: at most [`CONTACT_LIMIT`] per address in
    /// [`CONTACT_WINDOW_MS`], else 'Too many messages' with the seconds to wait.
    pub async fn submit_contact(&self, i: &ContactInput, actor: &Actor) -> Result<ContactMessage> {
        let mut check = Check::default();
        let name = required(&i.name, "name", "Please enter Name", 100, "Name", &mut check);
        let email = i.email.trim().to_string();
        if email.is_empty() {
            check.fail("email", "Please enter Email");
        } else if !common::rules::is_email(&email) || email.len() > 254 {
            check.fail("email", "Please enter valid email address.");
        }
        let phone = i.phone_number.trim().to_string();
        if !phone.is_empty() && common::rules::phone(&phone).is_none() {
            check.fail("phoneNumber", "Please enter valid Phone Number");
        }
        let subject = required(&i.subject, "subject", "Please enter Subject", 150, "Subject", &mut check);
        let message = i.message.trim().to_string();
        if message.is_empty() {
            check.fail("message", "Please enter Message");
        } else if message.chars().count() > 5000 {
            check.fail("message", "Message must be at most 5000 characters");
        }
        check.done()?;
        let now = common::now_ms();
        let mut w = self.write(actor).await?;
        store::lock_address(&mut w, &actor.address).await?;
        let recent = store::submissions_since(&mut w, &actor.address, now - CONTACT_WINDOW_MS).await?;
        if recent.len() >= CONTACT_LIMIT {
            let free_at = recent[recent.len() - CONTACT_LIMIT] + CONTACT_WINDOW_MS;
            let secs = ((free_at - now).max(1000) + 999) / 1000;
            return Err(Error::TooManyAttempts("Too many messages. Please try again later.".into(), secs as u64));
        }
        let m = ContactMessage {
            id: common::new_id(),
            name,
            email,
            phone_number: phone,
            subject,
            message,
            created_at: now,
            is_read: false,
            read_by: String::new(),
            read_at: 0,
        };
        store::insert_contact(&mut w, &m, &actor.address).await?;
        store::count_contacts(&mut w, false, 1).await?;
        w.emit(
            events::CONTACT_RECEIVED,
            &events::Contact { id: m.id.clone(), email: m.email.clone(), subject: m.subject.clone() },
        )
        .await?;
        w.commit().await?;
        Ok(m)
    }

    pub async fn list_contacts(&self, q: &Page, is_read: Option<bool>) -> Result<(Vec<ContactMessage>, i64)> {
        let p = paging(q, store::contact_column)?;
        Ok(store::list_contacts(&mut *self.conn().await?, &store::key(&q.search), is_read, p).await?)
    }

    /// One message; the first open by an account marks it read (once).
    pub async fn open_contact(&self, id: &str, actor: &Actor) -> Result<ContactMessage> {
        let m = store::get_contact(&mut *self.conn().await?, id)
            .await?
            .ok_or_else(|| Error::NotFound("Contact message not found".into()))?;
        if m.is_read || !actor.is_known() {
            return Ok(m);
        }
        let mut w = self.write(actor).await?;
        if store::mark_read(&mut w, id, &actor.id, common::now_ms()).await? {
            store::count_contacts(&mut w, false, -1).await?;
            store::count_contacts(&mut w, true, 1).await?;
            w.emit(
                events::CONTACT_READ,
                &events::Contact { id: m.id.clone(), email: m.email.clone(), subject: m.subject.clone() },
            )
            .await?;
        }
        let m =
            store::get_contact(&mut w, id).await?.ok_or_else(|| Error::NotFound("Contact message not found".into()))?;
        w.commit().await?;
        Ok(m)
    }
}
