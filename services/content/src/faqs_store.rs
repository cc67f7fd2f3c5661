//! The SQL of faqs.rs: FAQ categories (with how many FAQs each holds) and FAQs (with their
//! category's name).

use crate::store::{self, Query, key, matching, ordered_column};
use common::db::{Sql, get_bool};
use common::paging::Paging;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FaqCategory {
    pub id: String,
    pub name: String,
    pub description: String,
    pub order: i64,
    pub faq_count: i64,
    pub created_at: i64,
}

const CATEGORY: &str = "id, name, description, sort_order, created_at, (SELECT COUNT(*) FROM faqs f WHERE f.category_id = faq_categories.id) AS faq_count";

fn category(r: &AnyRow) -> sqlx::Result<FaqCategory> {
    Ok(FaqCategory {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        description: r.try_get("description")?,
        order: r.try_get("sort_order")?,
        faq_count: r.try_get("faq_count")?,
        created_at: r.try_get("created_at")?,
    })
}

pub async fn insert_category(c: &mut AnyConnection, t: &FaqCategory) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO faq_categories (id, name, name_key, description, sort_order, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(&t.id)
    .bind(&t.name)
    .bind(key(&t.name))
    .bind(&t.description)
    .bind(t.order)
    .bind(t.created_at)
    .execute(c)
    .await?;
    Ok(())
}

/// The order a new category takes: after every other.
pub async fn next_category_order(c: &mut AnyConnection) -> sqlx::Result<i64> {
    let n: Option<i64> =
        sqlx::query_scalar("SELECT CAST(MAX(sort_order) AS BIGINT) FROM faq_categories").fetch_one(c).await?;
    Ok(n.map_or(0, |n| n + 1))
}

pub async fn update_category(c: &mut AnyConnection, t: &FaqCategory) -> sqlx::Result<bool> {
    let r = sqlx::query("UPDATE faq_categories SET name = $1, name_key = $2, description = $3, sort_order = $4, updated_at = $5 WHERE id = $6")
        .bind(&t.name)
        .bind(key(&t.name))
        .bind(&t.description)
        .bind(t.order)
        .bind(common::now_ms())
        .bind(&t.id)
        .execute(c)
        .await?;
    Ok(r.rows_affected() == 1)
}

pub async fn get_category(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<FaqCategory>> {
    store::get(c, CATEGORY, "faq_categories", id, category).await
}

pub fn category_column(column: &str) -> Option<&'static str> {
    ordered_column(column, &[("name", "name_key")])
}

pub async fn list_categories(
    c: &mut AnyConnection,
    search: &str,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<FaqCategory>, i64)> {
    common::db::page_with_total(c, CATEGORY, |q| matching(q, "faq_categories", &["name_key"], search), paging, category)
        .await
}

/// Every category, by order (the public FAQ).
pub async fn all_categories(c: &mut AnyConnection) -> sqlx::Result<Vec<FaqCategory>> {
    let q = format!("SELECT {CATEGORY} FROM faq_categories ORDER BY sort_order, id");
    sqlx::query(sqlx::AssertSqlSafe(q)).fetch_all(c).await?.iter().map(category).collect()
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Faq {
    pub id: String,
    pub category_id: String,
    pub category_name: String,
    pub question: String,
    pub answer: String,
    pub order: i64,
    pub is_active: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

const FAQ: &str = "id, category_id, (SELECT c.name FROM faq_categories c WHERE c.id = faqs.category_id) AS category_name, question, answer, \
                   sort_order, is_active, created_at, updated_at";

fn faq(r: &AnyRow) -> sqlx::Result<Faq> {
    Ok(Faq {
        id: r.try_get("id")?,
        category_id: r.try_get("category_id")?,
        category_name: r.try_get::<Option<String>, _>("category_name")?.unwrap_or_default(),
        question: r.try_get("question")?,
        answer: r.try_get("answer")?,
        order: r.try_get("sort_order")?,
        is_active: get_bool(r, "is_active")?,
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
    })
}

/// Binds the fields an FAQ is edited by, in the order both the insert and the update name
/// them (category to active flag).
fn bind_form<'q>(q: Query<'q>, f: &'q Faq) -> Query<'q> {
    q.bind(&f.category_id).bind(&f.question).bind(key(&f.question)).bind(&f.answer).bind(f.order).bind(f.is_active)
}

pub async fn insert_faq(c: &mut AnyConnection, f: &Faq) -> sqlx::Result<()> {
    let q = sqlx::query(
        "INSERT INTO faqs (id, category_id, question, question_key, answer, sort_order, is_active, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&f.id);
    bind_form(q, f).bind(f.created_at).bind(f.updated_at).execute(c).await?;
    Ok(())
}

pub async fn update_faq(c: &mut AnyConnection, f: &Faq) -> sqlx::Result<bool> {
    let q = sqlx::query(
        "UPDATE faqs SET category_id = $1, question = $2, question_key = $3, answer = $4, sort_order = $5, is_active = $6, updated_at = $7 WHERE id = $8",
    );
    Ok(bind_form(q, f).bind(f.updated_at).bind(&f.id).execute(c).await?.rows_affected() == 1)
}

pub async fn get_faq(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Faq>> {
    store::get(c, FAQ, "faqs", id, faq).await
}

pub fn faq_column(column: &str) -> Option<&'static str> {
    ordered_column(column, &[("question", "question_key")])
}

pub async fn list_faqs(
    c: &mut AnyConnection,
    search: &str,
    category_id: &str,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<Faq>, i64)> {
    let from = |q: &mut Sql| {
        matching(q, "faqs", &["question_key"], search);
        if !category_id.is_empty() {
            q.push(" AND category_id = ").push_bind(category_id.to_string());
        }
    };
    common::db::page_with_total(c, FAQ, from, paging, faq).await
}

/// Search everywhere: at most `limit` FAQs (active or not) whose question contains `text`
/// (lower-cased), by question; not counted (a small table).
pub async fn find_faqs(c: &mut AnyConnection, text: &str, limit: i64) -> sqlx::Result<Vec<Faq>> {
    let mut q = Sql::new(common::db::Backend::of_connection(c), format!("SELECT {FAQ}"));
    matching(&mut q, "faqs", &["question_key"], text);
    q.push(" ORDER BY question_key, id LIMIT ").push_bind(limit);
    q.build().fetch_all(c).await?.iter().map(faq).collect()
}

/// Every active FAQ by order (the public FAQ).
pub async fn active_faqs(c: &mut AnyConnection) -> sqlx::Result<Vec<Faq>> {
    let q = format!("SELECT {FAQ} FROM faqs WHERE is_active = $1 ORDER BY sort_order, id");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(true).fetch_all(c).await?.iter().map(faq).collect()
}
