//! FAQ categories and FAQs: the console's create, update, delete and lists, and the public
//! FAQ (active FAQs by category); each change with its event in the same transaction.

use crate::error::{Error, Result};
use crate::events;
use crate::faqs_store::{self, Faq, FaqCategory};
use crate::service::{Content, by_order, order, paging, parse_name, required};
use crate::store;
use crate::trash;
use common::Actor;
use common::db::unique_on;
use common::error::Check;
use common::paging::Page;
use common::rich_text::{sanitize_html, text_of};

#[derive(Debug, Clone, Default)]
pub struct FaqInput {
    pub category_id: String,
    pub question: String,
    pub answer: String,
    pub order: i64,
    pub is_active: bool,
}

/// A public FAQ category with its active FAQs.
#[derive(Debug, Clone, PartialEq)]
pub struct PublicCategory {
    pub id: String,
    pub name: String,
    pub faqs: Vec<Faq>,
}

impl Content {
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
        let order = faqs_store::next_category_order(&mut w).await?;
        let t =
            FaqCategory { id: common::new_id(), name, description, order, faq_count: 0, created_at: common::now_ms() };
        faqs_store::insert_category(&mut w, &t).await.map_err(Self::category_conflict)?;
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
        let old = faqs_store::get_category(&mut w, id)
            .await?
            .ok_or_else(|| Error::NotFound("FAQ category not found".into()))?;
        let t = FaqCategory {
            name,
            description: description.unwrap_or_else(|| old.description.clone()),
            order: new_order.unwrap_or(old.order),
            ..old.clone()
        };
        faqs_store::update_category(&mut w, &t).await.map_err(Self::category_conflict)?;
        let changes = common::bus::changes(&old, &t, &["faqCount"]);
        w.emit(
            events::FAQ_CATEGORY_UPDATED,
            &events::Entry { id: t.id.clone(), name: t.name.clone(), photo: String::new(), changes },
        )
        .await?;
        w.commit().await?;
        Ok(t)
    }

    /// Refused while the category holds FAQs; else moved to the trash (common::trash).
    pub async fn delete_category(&self, id: &str, actor: &Actor) -> Result<()> {
        let mut w = self.write(actor).await?;
        w.lock_row("faq_categories", id).await?;
        let t = faqs_store::get_category(&mut w, id)
            .await?
            .ok_or_else(|| Error::NotFound("FAQ category not found".into()))?;
        if t.faq_count > 0 {
            return Err(Error::Conflict("This category still has FAQs. Delete or move them first.".into()));
        }
        let payload = events::Entry { id: t.id, name: t.name, photo: String::new(), changes: Default::default() };
        Self::trash(&mut w, &trash::FAQ_CATEGORY, id, &payload.name, &payload).await?;
        w.commit().await?;
        Ok(())
    }

    pub async fn category(&self, id: &str) -> Result<FaqCategory> {
        faqs_store::get_category(&mut *self.conn().await?, id)
            .await?
            .ok_or_else(|| Error::NotFound("FAQ category not found".into()))
    }

    pub async fn list_categories(&self, q: &Page) -> Result<(Vec<FaqCategory>, i64)> {
        let p = paging(&by_order(q), faqs_store::category_column)?;
        Ok(faqs_store::list_categories(&mut *self.conn().await?, &store::key(&q.search), p).await?)
    }

    // ---- FAQs ----

    async fn faq_fields(&self, c: &mut sqlx::AnyConnection, i: &FaqInput) -> Result<FaqInput> {
        let mut check = Check::default();
        let category_id = i.category_id.trim().to_string();
        if category_id.is_empty() {
            check.fail("categoryId", "Please select Category");
        } else if faqs_store::get_category(c, &category_id).await?.is_none() {
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
        faqs_store::insert_faq(&mut w, &f).await?;
        let f = faqs_store::get_faq(&mut w, &f.id).await?.ok_or_else(|| Error::NotFound("FAQ not found".into()))?;
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
        let old = faqs_store::get_faq(&mut w, id).await?.ok_or_else(|| Error::NotFound("FAQ not found".into()))?;
        let f = Faq {
            category_id: i.category_id,
            question: i.question,
            answer: i.answer,
            order: i.order,
            is_active: i.is_active,
            updated_at: common::now_ms(),
            ..old.clone()
        };
        faqs_store::update_faq(&mut w, &f).await?;
        let f = faqs_store::get_faq(&mut w, id).await?.ok_or_else(|| Error::NotFound("FAQ not found".into()))?;
        let changes = common::bus::changes(&old, &f, &["updatedAt", "categoryName"]);
        w.emit(
            events::FAQ_UPDATED,
            &events::Entry { id: f.id.clone(), name: f.question.clone(), photo: String::new(), changes },
        )
        .await?;
        w.commit().await?;
        Ok(f)
    }

    /// Moves the FAQ to the trash (common::trash): off the lists and the public site, and no
    /// longer holding its category, until it is restored.
    pub async fn delete_faq(&self, id: &str, actor: &Actor) -> Result<()> {
        let mut w = self.write(actor).await?;
        w.lock_row("faqs", id).await?;
        let f = faqs_store::get_faq(&mut w, id).await?.ok_or_else(|| Error::NotFound("FAQ not found".into()))?;
        let payload = events::Entry { id: f.id, name: f.question, photo: String::new(), changes: Default::default() };
        Self::trash(&mut w, &trash::FAQ, id, &payload.name, &payload).await?;
        w.commit().await?;
        Ok(())
    }

    pub async fn faq(&self, id: &str) -> Result<Faq> {
        faqs_store::get_faq(&mut *self.conn().await?, id).await?.ok_or_else(|| Error::NotFound("FAQ not found".into()))
    }

    pub async fn list_faqs(&self, q: &Page, category_id: &str) -> Result<(Vec<Faq>, i64)> {
        let p = paging(&by_order(q), faqs_store::faq_column)?;
        Ok(faqs_store::list_faqs(&mut *self.conn().await?, &store::key(&q.search), category_id.trim(), p).await?)
    }

    /// Search everywhere (issue 36): FAQs whose question contains the query.
    pub async fn find_faqs(&self, f: &common::find::Find) -> Result<Vec<Faq>> {
        Ok(faqs_store::find_faqs(&mut *self.conn().await?, &store::key(&f.text), f.limit).await?)
    }

    /// Active FAQs by category order (categories without an active FAQ left out).
    pub async fn public_faq(&self) -> Result<Vec<PublicCategory>> {
        let mut c = self.conn().await?;
        let categories = faqs_store::all_categories(&mut c).await?;
        let faqs = faqs_store::active_faqs(&mut c).await?;
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
}
