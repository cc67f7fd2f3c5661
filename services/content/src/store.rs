//! Every SQL statement of the content service (one text for SQLite and PostgreSQL).

use common::db::{Sql, get_bool, like_pattern};
use common::paging::Paging;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// The key a text is searched and sorted by: trimmed, lower-cased (Unicode-aware).
pub fn key(text: &str) -> String {
    text.trim().to_lowercase()
}

// ---- pages and revisions ----

#[derive(Debug, Clone, PartialEq)]
pub struct PageRow {
    pub id: String,
    pub page_key: String,
    pub document: String,
    pub revision: i64,
    pub updated_at: i64,
    pub updated_by: String,
}

fn page(r: &AnyRow) -> sqlx::Result<PageRow> {
    Ok(PageRow {
        id: r.try_get("id")?,
        page_key: r.try_get("page_key")?,
        document: r.try_get("document")?,
        revision: r.try_get("revision")?,
        updated_at: r.try_get("updated_at")?,
        updated_by: r.try_get("updated_by")?,
    })
}

const PAGE: &str = "SELECT id, page_key, document, revision, updated_at, updated_by FROM pages";

pub async fn page_by_key(c: &mut AnyConnection, key: &str) -> sqlx::Result<Option<PageRow>> {
    sqlx::query(sqlx::AssertSqlSafe(format!("{PAGE} WHERE page_key = $1")))
        .bind(key)
        .fetch_optional(c)
        .await?
        .as_ref()
        .map(page)
        .transpose()
}

pub async fn page_by_id(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<PageRow>> {
    sqlx::query(sqlx::AssertSqlSafe(format!("{PAGE} WHERE id = $1")))
        .bind(id)
        .fetch_optional(c)
        .await?
        .as_ref()
        .map(page)
        .transpose()
}

pub async fn set_page(c: &mut AnyConnection, p: &PageRow) -> sqlx::Result<()> {
    sqlx::query("UPDATE pages SET document = $1, revision = $2, updated_at = $3, updated_by = $4 WHERE id = $5")
        .bind(&p.document)
        .bind(p.revision)
        .bind(p.updated_at)
        .bind(&p.updated_by)
        .bind(&p.id)
        .execute(c)
        .await?;
    Ok(())
}

#[derive(Debug, Clone, PartialEq)]
pub struct RevisionRow {
    pub id: String,
    pub page_key: String,
    pub number: i64,
    pub author_id: String,
    pub created_at: i64,
    pub restored_from: Option<i64>,
    /// Empty in lists.
    pub document: String,
}

fn revision(r: &AnyRow) -> sqlx::Result<RevisionRow> {
    Ok(RevisionRow {
        id: r.try_get("id")?,
        page_key: r.try_get("page_key")?,
        number: r.try_get("number")?,
        author_id: r.try_get("author_id")?,
        created_at: r.try_get("created_at")?,
        restored_from: r.try_get("restored_from")?,
        document: r.try_get("document")?,
    })
}

pub async fn insert_revision(c: &mut AnyConnection, r: &RevisionRow) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO page_revisions (id, page_key, number, author_id, created_at, restored_from, document) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&r.id)
    .bind(&r.page_key)
    .bind(r.number)
    .bind(&r.author_id)
    .bind(r.created_at)
    .bind(r.restored_from)
    .bind(&r.document)
    .execute(c)
    .await?;
    Ok(())
}

pub async fn revision_by_id(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<RevisionRow>> {
    sqlx::query(
        "SELECT id, page_key, number, author_id, created_at, restored_from, document FROM page_revisions WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(c)
    .await?
    .as_ref()
    .map(revision)
    .transpose()
}

pub fn revision_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "number" | "createdAt" => "number",
        _ => return None,
    })
}

/// A page's revisions (without documents).
pub async fn revisions(
    c: &mut AnyConnection,
    page_key: &str,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<RevisionRow>, i64)> {
    let key = page_key.to_string();
    common::db::page_with_total(
        c,
        "id, page_key, number, author_id, created_at, restored_from, '' AS document",
        |q| {
            q.push(" FROM page_revisions WHERE page_key = ").push_bind(key.clone());
        },
        paging,
        revision,
    )
    .await
}

// ---- leadership ----

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Leadership {
    pub id: String,
    pub name: String,
    pub title: String,
    pub photo: String,
    pub biography: String,
    pub order: i64,
    pub is_active: bool,
    pub created_at: i64,
    pub updated_at: i64,
}

const LEADERSHIP: &str = "id, name, title, photo, biography, sort_order, is_active, created_at, updated_at";

fn leadership(r: &AnyRow) -> sqlx::Result<Leadership> {
    Ok(Leadership {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        title: r.try_get("title")?,
        photo: r.try_get("photo")?,
        biography: r.try_get("biography")?,
        order: r.try_get("sort_order")?,
        is_active: get_bool(r, "is_active")?,
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
    })
}

pub async fn insert_leadership(c: &mut AnyConnection, l: &Leadership) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO leadership (id, name, name_key, title, title_key, photo, biography, sort_order, is_active, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&l.id)
    .bind(&l.name)
    .bind(key(&l.name))
    .bind(&l.title)
    .bind(key(&l.title))
    .bind(&l.photo)
    .bind(&l.biography)
    .bind(l.order)
    .bind(l.is_active)
    .bind(l.created_at)
    .bind(l.updated_at)
    .execute(c)
    .await?;
    Ok(())
}

pub async fn update_leadership(c: &mut AnyConnection, l: &Leadership) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE leadership SET name = $1, name_key = $2, title = $3, title_key = $4, photo = $5, biography = $6, sort_order = $7, \
         is_active = $8, updated_at = $9 WHERE id = $10",
    )
    .bind(&l.name)
    .bind(key(&l.name))
    .bind(&l.title)
    .bind(key(&l.title))
    .bind(&l.photo)
    .bind(&l.biography)
    .bind(l.order)
    .bind(l.is_active)
    .bind(l.updated_at)
    .bind(&l.id)
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

pub async fn get_leadership(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Leadership>> {
    let q = format!("SELECT {LEADERSHIP} FROM leadership WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(leadership).transpose()
}

pub async fn delete(c: &mut AnyConnection, table: &'static str, id: &str) -> sqlx::Result<bool> {
    let q = format!("DELETE FROM {table} WHERE id = $1");
    Ok(sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).execute(c).await?.rows_affected() == 1)
}

pub fn leadership_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "order" => "sort_order",
        "name" => "name_key",
        "title" => "title_key",
        "createdAt" => "created_at",
        _ => return None,
    })
}

pub async fn list_leadership(
    c: &mut AnyConnection,
    search: &str,
    active: Option<bool>,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<Leadership>, i64)> {
    let pattern = (!search.is_empty()).then(|| like_pattern(search));
    common::db::page_with_total(
        c,
        LEADERSHIP,
        |q: &mut Sql| {
            q.push(" FROM leadership WHERE TRUE");
            if let Some(p) = &pattern {
                q.push(" AND (name_key LIKE ")
                    .push_bind(p.clone())
                    .push(" ESCAPE '\\' OR title_key LIKE ")
                    .push_bind(p.clone())
                    .push(" ESCAPE '\\')");
            }
            if let Some(a) = active {
                q.push(" AND is_active = ").push_bind(a);
            }
        },
        paging,
        leadership,
    )
    .await
}

// ---- FAQ categories and FAQs ----

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
    let q = format!("SELECT {CATEGORY} FROM faq_categories WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(category).transpose()
}

pub fn category_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "order" => "sort_order",
        "name" => "name_key",
        "createdAt" => "created_at",
        _ => return None,
    })
}

pub async fn list_categories(
    c: &mut AnyConnection,
    search: &str,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<FaqCategory>, i64)> {
    let pattern = (!search.is_empty()).then(|| like_pattern(search));
    common::db::page_with_total(
        c,
        CATEGORY,
        |q: &mut Sql| {
            q.push(" FROM faq_categories WHERE TRUE");
            if let Some(p) = &pattern {
                q.push(" AND name_key LIKE ").push_bind(p.clone()).push(" ESCAPE '\\'");
            }
        },
        paging,
        category,
    )
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

pub async fn insert_faq(c: &mut AnyConnection, f: &Faq) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO faqs (id, category_id, question, question_key, answer, sort_order, is_active, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&f.id)
    .bind(&f.category_id)
    .bind(&f.question)
    .bind(key(&f.question))
    .bind(&f.answer)
    .bind(f.order)
    .bind(f.is_active)
    .bind(f.created_at)
    .bind(f.updated_at)
    .execute(c)
    .await?;
    Ok(())
}

pub async fn update_faq(c: &mut AnyConnection, f: &Faq) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE faqs SET category_id = $1, question = $2, question_key = $3, answer = $4, sort_order = $5, is_active = $6, updated_at = $7 WHERE id = $8",
    )
    .bind(&f.category_id)
    .bind(&f.question)
    .bind(key(&f.question))
    .bind(&f.answer)
    .bind(f.order)
    .bind(f.is_active)
    .bind(f.updated_at)
    .bind(&f.id)
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

pub async fn get_faq(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Faq>> {
    let q = format!("SELECT {FAQ} FROM faqs WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(faq).transpose()
}

pub fn faq_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "order" => "sort_order",
        "question" => "question_key",
        "createdAt" => "created_at",
        _ => return None,
    })
}

pub async fn list_faqs(
    c: &mut AnyConnection,
    search: &str,
    category_id: &str,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<Faq>, i64)> {
    let pattern = (!search.is_empty()).then(|| like_pattern(search));
    let category_id = category_id.to_string();
    common::db::page_with_total(
        c,
        FAQ,
        |q: &mut Sql| {
            q.push(" FROM faqs WHERE TRUE");
            if let Some(p) = &pattern {
                q.push(" AND question_key LIKE ").push_bind(p.clone()).push(" ESCAPE '\\'");
            }
            if !category_id.is_empty() {
                q.push(" AND category_id = ").push_bind(category_id.clone());
            }
        },
        paging,
        faq,
    )
    .await
}

/// Every active FAQ by order (the public FAQ).
pub async fn active_faqs(c: &mut AnyConnection) -> sqlx::Result<Vec<Faq>> {
    let q = format!("SELECT {FAQ} FROM faqs WHERE is_active = $1 ORDER BY sort_order, id");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(true).fetch_all(c).await?.iter().map(faq).collect()
}

pub async fn active_leadership(c: &mut AnyConnection) -> sqlx::Result<Vec<Leadership>> {
    let q = format!("SELECT {LEADERSHIP} FROM leadership WHERE is_active = $1 ORDER BY sort_order, id");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(true).fetch_all(c).await?.iter().map(leadership).collect()
}

// ---- contact messages ----

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ContactMessage {
    pub id: String,
    pub name: String,
    pub email: String,
    pub phone_number: String,
    pub subject: String,
    pub message: String,
    pub created_at: i64,
    pub is_read: bool,
    pub read_by: String,
    pub read_at: i64,
}

const CONTACT: &str = "id, name, email, phone_number, subject, message, created_at, is_read, read_by, read_at";

fn contact(r: &AnyRow) -> sqlx::Result<ContactMessage> {
    Ok(ContactMessage {
        id: r.try_get("id")?,
        name: r.try_get("name")?,
        email: r.try_get("email")?,
        phone_number: r.try_get("phone_number")?,
        subject: r.try_get("subject")?,
        message: r.try_get("message")?,
        created_at: r.try_get("created_at")?,
        is_read: get_bool(r, "is_read")?,
        read_by: r.try_get("read_by")?,
        read_at: r.try_get("read_at")?,
    })
}

pub async fn insert_contact(c: &mut AnyConnection, m: &ContactMessage, address: &str) -> sqlx::Result<()> {
    let search = format!("{}\n{}\n{}", key(&m.name), key(&m.email), key(&m.subject));
    sqlx::query(
        "INSERT INTO contact_messages (id, name, email, phone_number, subject, message, search_key, name_key, email_key, subject_key, address, \
         created_at, is_read, read_by, read_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, '', 0)",
    )
    .bind(&m.id)
    .bind(&m.name)
    .bind(&m.email)
    .bind(&m.phone_number)
    .bind(&m.subject)
    .bind(&m.message)
    .bind(search)
    .bind(key(&m.name))
    .bind(key(&m.email))
    .bind(key(&m.subject))
    .bind(address)
    .bind(m.created_at)
    .bind(false)
    .execute(c)
    .await?;
    Ok(())
}

/// Holds the submissions of `address` until this write ends, so parallel submissions are
/// counted one after another (PostgreSQL: a transaction advisory lock; SQLite's write lock is
/// taken up front).
pub async fn lock_address(c: &mut AnyConnection, address: &str) -> sqlx::Result<()> {
    if common::db::Backend::of_connection(c) == common::db::Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))").bind(format!("contact:{address}")).execute(c).await?;
    }
    Ok(())
}

/// When the submissions of `address` since `since` were made, oldest first.
pub async fn submissions_since(c: &mut AnyConnection, address: &str, since: i64) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar(
        "SELECT created_at FROM contact_messages WHERE address = $1 AND created_at > $2 ORDER BY created_at",
    )
    .bind(address)
    .bind(since)
    .fetch_all(c)
    .await
}

pub async fn get_contact(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<ContactMessage>> {
    let q = format!("SELECT {CONTACT} FROM contact_messages WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(contact).transpose()
}

/// Marks a message read unless it is already: answers whether this call marked it.
pub async fn mark_read(c: &mut AnyConnection, id: &str, by: &str, at: i64) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE contact_messages SET is_read = $1, read_by = $2, read_at = $3 WHERE id = $4 AND is_read = $5",
    )
    .bind(true)
    .bind(by)
    .bind(at)
    .bind(id)
    .bind(false)
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

pub fn contact_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "createdAt" => "created_at",
        "name" => "name_key",
        "email" => "email_key",
        "subject" => "subject_key",
        _ => return None,
    })
}

/// Counts one more message as read or unread (`by` may be negative).
pub async fn count_contacts(c: &mut AnyConnection, is_read: bool, by: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE contact_counts SET n = n + $1 WHERE is_read = $2").bind(by).bind(is_read).execute(c).await?;
    Ok(())
}

/// A page of messages. Without a search the page walks the index of its order and the total
/// comes from the kept counts (migration 0002); a search is a LIKE over the lower-cased name,
/// email and subject (no index helps a contains-search: the matches are counted).
pub async fn list_contacts(
    c: &mut AnyConnection,
    search: &str,
    is_read: Option<bool>,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<ContactMessage>, i64)> {
    let pattern = (!search.is_empty()).then(|| like_pattern(search));
    let trigrams = common::db::Backend::of_connection(c) == common::db::Backend::Sqlite
        && search.chars().count() >= 3
        && !search.contains(['%', '_', '\\']);
    let from = |q: &mut Sql| {
        q.push(" FROM contact_messages WHERE TRUE");
        if let Some(p) = &pattern {
            if trigrams {
                // SQLite's trigram index (migration 0004) answers LIKE without ESCAPE, hence
                // only for a search of 3 characters or more without a wildcard.
                q.push(" AND id IN (SELECT r.id FROM contact_search_trigrams t JOIN contact_search_rows r ON r.fts_rowid = t.rowid WHERE t.search_key LIKE ")
                    .push_bind(format!("%{search}%"))
                    .push(")");
            } else {
                q.push(" AND search_key LIKE ").push_bind(p.clone()).push(" ESCAPE '\\'");
            }
        }
        if let Some(r) = is_read {
            q.push(" AND is_read = ").push_bind(r);
        }
    };
    let Paging { column, descending, limit, offset } = paging;
    let dir = if descending { "DESC" } else { "ASC" };
    let backend = common::db::Backend::of_connection(c);
    if pattern.is_some() {
        // Planned for its own pattern each time (an unnamed statement): a plan cached for any
        // pattern walks the newest-first index past every message instead of asking the
        // trigram index (PostgreSQL, migration 0003) for the few that match.
        let mut q = Sql::new(backend, format!("SELECT {CONTACT}, COUNT(*) OVER() AS total"));
        from(&mut q);
        q.push(&format!(" ORDER BY {column} {dir}, id {dir} LIMIT "))
            .push_bind(limit)
            .push(" OFFSET ")
            .push_bind(offset);
        let rows = q.build().persistent(false).fetch_all(&mut *c).await?;
        let total = match rows.first() {
            Some(r) => r.try_get::<i64, _>("total")?,
            None if offset > 0 => {
                let mut q = Sql::new(backend, "SELECT COUNT(*)");
                from(&mut q);
                q.build().persistent(false).fetch_one(&mut *c).await?.try_get(0)?
            }
            None => 0,
        };
        return Ok((rows.iter().map(contact).collect::<sqlx::Result<_>>()?, total));
    }
    let mut q = Sql::new(backend, format!("SELECT {CONTACT}"));
    from(&mut q);
    q.push(&format!(" ORDER BY {column} {dir}, id {dir} LIMIT ")).push_bind(limit).push(" OFFSET ").push_bind(offset);
    let rows = q.build().fetch_all(&mut *c).await?;
    let mut t = Sql::new(backend, "SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM contact_counts WHERE TRUE");
    if let Some(r) = is_read {
        t.push(" AND is_read = ").push_bind(r);
    }
    let total: i64 = t.build().fetch_one(c).await?.try_get(0)?;
    Ok((rows.iter().map(contact).collect::<sqlx::Result<_>>()?, total))
}

// ---- media records and their owners ----

/// The record a file belongs to (service, kind of record, id).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct MediaOwner {
    pub service: String,
    pub entity: String,
    pub entity_id: String,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct MediaFile {
    pub module: String,
    pub file: String,
    pub kind: String,
    pub size: i64,
    pub uploader_id: String,
    pub uploader_type: String,
    pub uploaded_at: i64,
    pub removed_at: Option<i64>,
    /// None while unattached.
    pub owner: Option<MediaOwner>,
    pub attached_at: Option<i64>,
    pub released_at: Option<i64>,
}

const MEDIA: &str = "SELECT file, module, kind, size, uploader_id, uploader_type, uploaded_at, removed_at, \
                     owner_service, owner_entity, owner_id, attached_at, released_at FROM media_files";

fn media_file(r: &AnyRow) -> sqlx::Result<MediaFile> {
    let owner_id: Option<String> = r.try_get("owner_id")?;
    let owner = match owner_id {
        Some(entity_id) => Some(MediaOwner {
            service: r.try_get::<Option<String>, _>("owner_service")?.unwrap_or_default(),
            entity: r.try_get::<Option<String>, _>("owner_entity")?.unwrap_or_default(),
            entity_id,
        }),
        None => None,
    };
    Ok(MediaFile {
        module: r.try_get("module")?,
        file: r.try_get("file")?,
        kind: r.try_get("kind")?,
        size: r.try_get("size")?,
        uploader_id: r.try_get("uploader_id")?,
        uploader_type: r.try_get("uploader_type")?,
        uploaded_at: r.try_get("uploaded_at")?,
        removed_at: r.try_get("removed_at")?,
        owner,
        attached_at: r.try_get("attached_at")?,
        released_at: r.try_get("released_at")?,
    })
}

pub async fn insert_media(c: &mut AnyConnection, m: &MediaFile) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO media_files (file, module, kind, size, uploader_id, uploader_type, uploaded_at, removed_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, NULL)",
    )
    .bind(&m.file)
    .bind(&m.module)
    .bind(&m.kind)
    .bind(m.size)
    .bind(&m.uploader_id)
    .bind(&m.uploader_type)
    .bind(m.uploaded_at)
    .execute(c)
    .await?;
    Ok(())
}

pub async fn media_by_file(c: &mut AnyConnection, file: &str) -> sqlx::Result<Option<MediaFile>> {
    sqlx::query(sqlx::AssertSqlSafe(format!("{MEDIA} WHERE file = $1")))
        .bind(file)
        .fetch_optional(c)
        .await?
        .as_ref()
        .map(media_file)
        .transpose()
}

pub async fn mark_media_removed(c: &mut AnyConnection, file: &str, at: i64) -> sqlx::Result<bool> {
    let r = sqlx::query("UPDATE media_files SET removed_at = $1 WHERE file = $2 AND removed_at IS NULL")
        .bind(at)
        .bind(file)
        .execute(c)
        .await?;
    Ok(r.rows_affected() == 1)
}

/// Attaches an unattached, stored file to `owner`; answers false when it was not
/// unattached any more (a parallel save took it). Keeps the previous release's reference.
pub async fn attach_media(c: &mut AnyConnection, file: &str, owner: &MediaOwner, at: i64) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE media_files SET owner_service = $1, owner_entity = $2, owner_id = $3, attached_at = $4 \
         WHERE file = $5 AND owner_id IS NULL AND removed_at IS NULL",
    )
    .bind(&owner.service)
    .bind(&owner.entity)
    .bind(&owner.entity_id)
    .bind(at)
    .bind(file)
    .execute(&mut *c)
    .await?;
    if r.rows_affected() != 1 {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO media_refs (file, service, entity, entity_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
    )
    .bind(file)
    .bind(&owner.service)
    .bind(&owner.entity)
    .bind(&owner.entity_id)
    .execute(c)
    .await?;
    Ok(true)
}

/// Releases the files of `owner` (those not in `keep` when given): unattached again, swept
/// later. Answers how many were released.
pub async fn release_media(
    c: &mut AnyConnection,
    owner: &MediaOwner,
    keep: Option<&[String]>,
    at: i64,
) -> sqlx::Result<u64> {
    let backend = common::db::Backend::of_connection(c);
    let filter = |q: &mut Sql| {
        q.push(" WHERE owner_service = ").push_bind(owner.service.clone());
        q.push(" AND owner_entity = ").push_bind(owner.entity.clone());
        q.push(" AND owner_id = ").push_bind(owner.entity_id.clone());
        if let Some(keep) = keep.filter(|k| !k.is_empty()) {
            q.push(" AND file NOT IN (");
            q.push_list(keep, |q, f| {
                q.push_bind(f.clone());
            });
            q.push(")");
        }
    };
    // The previous release's references of these files go first (it reads them as "in use").
    let mut refs = Sql::new(backend, "DELETE FROM media_refs WHERE file IN (SELECT file FROM media_files");
    filter(&mut refs);
    refs.push(")");
    refs.build().execute(&mut *c).await?;
    let mut q = Sql::new(
        backend,
        "UPDATE media_files SET owner_service = NULL, owner_entity = NULL, owner_id = NULL, released_at = ",
    );
    q.push_bind(at);
    filter(&mut q);
    Ok(q.build().execute(c).await?.rows_affected())
}

/// Unattached files not removed, uploaded (or released) before `before` (oldest first).
pub async fn media_orphans(c: &mut AnyConnection, before: i64, limit: i64) -> sqlx::Result<Vec<MediaFile>> {
    let q = format!(
        "{MEDIA} WHERE removed_at IS NULL AND owner_id IS NULL AND COALESCE(released_at, uploaded_at) < $1 \
         ORDER BY COALESCE(released_at, uploaded_at), file LIMIT $2"
    );
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(before).bind(limit).fetch_all(c).await?.iter().map(media_file).collect()
}

/// Counts `size` bytes against `uploader`'s quota at `now`: a window of `window_ms` opens at
/// its first upload after the last window ended. One statement (the uploader's row is the
/// lock), so parallel uploads are counted one after another; answers false, counting
/// nothing, when the window's bytes would pass `quota`.
pub async fn use_quota(
    c: &mut AnyConnection,
    uploader: &str,
    size: i64,
    quota: i64,
    now: i64,
    window_ms: i64,
) -> sqlx::Result<bool> {
    if size > quota {
        return Ok(false);
    }
    let row = sqlx::query(
        "INSERT INTO media_usage (uploader_id, window_start, bytes) VALUES ($1, $2, $3) \
         ON CONFLICT (uploader_id) DO UPDATE SET \
           bytes = CASE WHEN media_usage.window_start + $5 <= $2 THEN $3 ELSE media_usage.bytes + $3 END, \
           window_start = CASE WHEN media_usage.window_start + $5 <= $2 THEN $2 ELSE media_usage.window_start END \
         WHERE media_usage.window_start + $5 <= $2 OR media_usage.bytes + $3 <= $4 \
         RETURNING bytes",
    )
    .bind(uploader)
    .bind(now)
    .bind(size)
    .bind(quota)
    .bind(window_ms)
    .fetch_optional(c)
    .await?;
    Ok(row.is_some())
}

/// The uploader's current quota window: (its start, bytes counted), if one was ever opened.
pub async fn quota_window(c: &mut AnyConnection, uploader: &str) -> sqlx::Result<Option<(i64, i64)>> {
    let row = sqlx::query("SELECT window_start, bytes FROM media_usage WHERE uploader_id = $1")
        .bind(uploader)
        .fetch_optional(c)
        .await?;
    row.map(|r| Ok((r.try_get("window_start")?, r.try_get("bytes")?))).transpose()
}
