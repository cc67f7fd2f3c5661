//! A nonprofit list's SQL: its filter, order and pages (a deferred join on the list
//! indexes), its kept or counted total, its version and the positions deep pages seek from
//! (kept by list_cache.rs), and the list row each page answers.

use crate::charity_store::format_ein;
use common::db::{Backend, Db, Fields, Sql};
use sqlx::{AnyConnection, Row};

/// A nonprofit in a list.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CharityRow {
    pub id: String,
    pub charity_name: String,
    pub tax_id: String,
    pub admin_approve_at: Option<i64>,
    pub is_active: bool,
    pub admin_verification: String,
    pub reject_reason: String,
    pub is_imported: bool,
    pub created_at: i64,
}

/// The columns of a list row (`list_row`), and only those: a page reads none of the profile's
/// long texts and lists (mission, description, images), which the database would send and the
/// catalogue decode for every row of every page.
const LIST_COLUMNS: &str =
    "id, charity_name, ein, admin_approve_at, is_active, admin_verification, reject_reason, is_imported, created_at";

/// The sort columns a list may use (allow-list: never interpolate input).
pub fn sort_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "createdAt" => "created_at",
        "charityName" | "name" => "name_key",
        "adminApproveAt" => "admin_approve_at",
        _ => return None,
    })
}

/// Which nonprofits a list shows.
#[derive(Debug, Clone)]
pub struct Filter<'a> {
    pub imported: bool,
    /// '' = any.
    pub verification: &'a str,
    /// Lower-cased; '' = no search.
    pub search: &'a str,
    /// The search as digits when it may be (part of) a Tax ID.
    pub ein_digits: Option<String>,
    /// Names are searched through the FTS5 trigram table (SQLite, migration 0005; only for a
    /// search `few_name_matches` allows). Otherwise `name_key LIKE`, which PostgreSQL's
    /// trigram index serves and which SQLite answers from the list indexes, in list order.
    pub names_fts: bool,
}

/// Whether at most `cap` nonprofit names of any list contain `search`, by the SQLite
/// trigram table (reads at most `cap + 1` of its entries). A search with LIKE wildcards
/// (which would need an ESCAPE clause the trigram index cannot serve) never qualifies.
pub async fn few_name_matches(c: &mut AnyConnection, search: &str, cap: i64) -> sqlx::Result<bool> {
    if search.contains(['%', '_', '\\']) {
        return Ok(false);
    }
    let n: i64 =
        sqlx::query("SELECT COUNT(*) FROM (SELECT 1 FROM charity_name_trigrams WHERE name_key LIKE $1 LIMIT $2) t")
            .bind(format!("%{search}%"))
            .bind(cap + 1)
            .fetch_one(c)
            .await?
            .try_get(0)?;
    Ok(n <= cap)
}

/// The WHERE clause of a list.
fn filter_sql(f: &Filter<'_>, sql: &mut Sql) {
    // With the trigram table the few matching names drive the query: `+` keeps SQLite from
    // walking a (tab, verification, …) index instead, whatever statistics it has.
    let plus = if f.names_fts { "+" } else { "" };
    sql.push(&format!(" WHERE {plus}is_imported = ")).push_bind(f.imported);
    // Imported nonprofits are always Pending (only onboarded ones are verified): naming it lets
    // the imported list use the same (is_imported, admin_verification, sort) indexes.
    let verification = if f.imported && f.verification.is_empty() { "Pending" } else { f.verification };
    if !verification.is_empty() {
        sql.push(&format!(" AND {plus}admin_verification = ")).push_bind(verification.to_string());
    }
    if !f.search.is_empty() {
        if f.names_fts {
            sql.push(" AND (id IN (SELECT r.id FROM charity_name_trigrams t JOIN charity_name_rows r ON r.fts_rowid = t.rowid \
                       WHERE t.name_key LIKE ")
                .push_bind(format!("%{}%", f.search))
                .push(")");
        } else {
            sql.push(" AND (name_key LIKE ").push_bind(common::db::like_pattern(f.search)).push(" ESCAPE '\\'");
        }
        if let Some(d) = f.ein_digits.as_deref().filter(|d| d.len() <= 9) {
            sql.push(" OR ");
            push_ein_prefix(sql, d);
        }
        sql.push(")");
    }
}

/// `ein BETWEEN …`: the nonprofits whose Tax ID starts with `digits` (at most nine). A prefix of
/// a nine-digit EIN as a range: any index on ein serves it, whatever the collation (digit
/// strings of one length sort the same way in all of them).
fn push_ein_prefix(sql: &mut Sql, digits: &str) {
    sql.push("ein BETWEEN ").push_bind(format!("{digits:0<9}")).push(" AND ").push_bind(format!("{digits:9<9}"));
}

/// Search everywhere: at most `limit` nonprofits of any list whose Tax ID starts with `digits`,
/// in Tax ID order (the unique index on ein).
pub async fn find_by_ein(c: &mut AnyConnection, digits: &str, limit: i64) -> sqlx::Result<Vec<CharityRow>> {
    let mut q = Sql::new(Backend::of_connection(c), format!("SELECT {LIST_COLUMNS} FROM charities WHERE "));
    push_ein_prefix(&mut q, digits);
    q.push(" ORDER BY ein LIMIT ").push_bind(limit);
    q.build().fetch_all(c).await?.iter().map(list_row).collect()
}

/// Search everywhere: at most `limit` nonprofits of any list whose name contains `text`
/// (lower-cased, 3 characters or more), by the trigram index: SQLite's table (LIKE, or the
/// phrase of the text's trigrams when it holds a LIKE wildcard, which the table's LIKE could not
/// escape), PostgreSQL's pg_trgm index on name_key.
pub async fn find_by_name(c: &mut AnyConnection, text: &str, limit: i64) -> sqlx::Result<Vec<CharityRow>> {
    use common::find::{fts_phrase, has_wildcard};
    let backend = Backend::of_connection(c);
    let mut q = Sql::new(backend, format!("SELECT {LIST_COLUMNS} FROM charities WHERE TRUE"));
    if backend == Backend::Sqlite {
        let (op, pattern) =
            if has_wildcard(text) { ("MATCH", fts_phrase(text)) } else { ("LIKE", format!("%{text}%")) };
        q.push(&format!(
            " AND id IN (SELECT r.id FROM charity_name_trigrams t JOIN charity_name_rows r ON r.fts_rowid = t.rowid \
             WHERE t.name_key {op} "
        ))
        .push_bind(pattern)
        .push(" LIMIT ")
        .push_bind(limit)
        .push(")");
    } else {
        common::find::push_contains(&mut q, "name_key", text);
    }
    q.push(" LIMIT ").push_bind(limit);
    q.build().fetch_all(c).await?.iter().map(list_row).collect()
}

/// How a list is sorted: an allowed column (see `sort_column`), then the id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Order {
    pub column: &'static str,
    pub descending: bool,
}

impl Order {
    fn sql(&self) -> String {
        let dir = if self.descending { "DESC" } else { "ASC" };
        format!("{} {dir}, id {dir}", self.column)
    }
    fn text_key(&self) -> bool {
        self.column == "name_key"
    }
    /// Whether the column may hold NULL (whose place in the order differs by backend).
    fn nullable(&self) -> bool {
        self.column == "admin_approve_at"
    }
}

/// A row's place in a sorted list: its sort value and its id.
#[derive(Debug, Clone, PartialEq)]
pub struct Position {
    pub key: SortValue,
    pub id: String,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SortValue {
    Text(String),
    Int(i64),
}

/// Where a page starts.
#[derive(Debug, Clone, Copy)]
pub enum Start<'a> {
    /// This many rows from the top.
    Offset(i64),
    /// This many rows from a position (inclusive) on: reads only the rows it skips.
    Seek(&'a Position, i64),
    /// Exactly these rows, in this order.
    Rows(&'a [Position]),
    /// Exactly the rows of these ids, in the list's order.
    Ids(&'a [String]),
}

/// One page of a list. Deferred join: the page's ids come from the (is_imported,
/// admin_verification, sort, id) indexes alone, then only those rows are read.
/// Read on the backend's own connections, as each page read below (see `common::db::Reader`).
pub async fn page(
    db: &Db,
    f: &Filter<'_>,
    order: Order,
    limit: i64,
    start: Start<'_>,
) -> sqlx::Result<Vec<CharityRow>> {
    let Some(page) = page_sql(db.backend, f, order, limit, start, Also::Nothing) else {
        return Ok(vec![]);
    };
    db.read(page, list_row).await
}

/// The rows of these ids (at least one), in the list's order, and the list version (see
/// `list_version`) they were read at, in one statement; no version when none of them is left.
pub async fn rows_at_version(
    db: &Db,
    f: &Filter<'_>,
    order: Order,
    ids: &[String],
) -> sqlx::Result<(Vec<CharityRow>, Option<i64>)> {
    let page =
        page_sql(db.backend, f, order, ids.len() as i64, Start::Ids(ids), Also::Version).expect("ids were given");
    let rows = db.read(page, |r| Ok((list_row(r)?, r.int("list_v")?))).await?;
    let version = rows.first().map(|(_, v)| *v);
    Ok((rows.into_iter().map(|(row, _)| row).collect(), version))
}

/// A page from the top of a list with no search and the list's kept total, in one statement
/// (the total is read apart only when the page is empty).
pub async fn page_with_kept_total(
    db: &Db,
    f: &Filter<'_>,
    order: Order,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<CharityRow>, i64)> {
    let page = page_sql(db.backend, f, order, limit, Start::Offset(offset), Also::Total)
        .expect("an offset page always has SQL");
    let rows = db.read(page, |r| Ok((list_row(r)?, r.int("list_total")?))).await?;
    let total = match rows.first() {
        Some((_, n)) => *n,
        None => total(&mut *db.pool.acquire().await?, f).await?,
    };
    Ok((rows.into_iter().map(|(row, _)| row).collect(), total))
}

/// What a page's statement reads beside its rows, in each row.
#[derive(Clone, Copy, PartialEq)]
enum Also {
    Nothing,
    /// The list's total, as `list_total`.
    Total,
    /// The list version, as `list_v`.
    Version,
}

/// The statement of a page; None for no rows.
fn page_sql(backend: Backend, f: &Filter<'_>, order: Order, limit: i64, start: Start<'_>, also: Also) -> Option<Sql> {
    let order_sql = order.sql();
    let mut page = Sql::new(backend, "");
    page.push(&format!("SELECT {LIST_COLUMNS}"));
    match also {
        Also::Nothing => {}
        Also::Total => {
            page.push(", (");
            total_sql(f, &mut page);
            page.push(") AS list_total");
        }
        Also::Version => {
            page.push(", (SELECT v FROM charity_list_version WHERE id = 1) AS list_v");
        }
    }
    if matches!(start, Start::Offset(0)) && f.search.is_empty() && (f.imported || !f.verification.is_empty()) {
        // The first page of a list whose (tab, verification, sort, id) index holds both its
        // filter and its order: the page is that index's first rows, read in order, with no
        // join back and no sort. The deferred join below pays off when it skips rows; for the
        // first page it only adds a join, a sort and a lookup per row to set up and run.
        page.push(" FROM charities");
        filter_sql(f, &mut page);
        page.push(&format!(" ORDER BY {order_sql}"));
        page.push_limit(limit, 0);
        return Some(page);
    }
    page.push(" FROM charities WHERE id IN (");
    match start {
        Start::Rows(rows) => {
            if rows.is_empty() {
                return None;
            }
            page.push_list(rows, |q, p| {
                q.push_bind(p.id.clone());
            });
        }
        Start::Ids(ids) => {
            if ids.is_empty() {
                return None;
            }
            page.push_list(ids, |q, id| {
                q.push_bind(id.clone());
            });
        }
        Start::Offset(skip) | Start::Seek(_, skip) => {
            page.push("SELECT id FROM charities");
            filter_sql(f, &mut page);
            if let Start::Seek(p, _) = start {
                // Row values: one range on the (…, sort, id) index.
                page.push(&format!(" AND ({}, id) {} (", order.column, if order.descending { "<=" } else { ">=" }));
                match &p.key {
                    SortValue::Text(t) => page.push_bind(t.clone()),
                    SortValue::Int(i) => page.push_bind(*i),
                };
                page.push(", ").push_bind(p.id.clone()).push(")");
            }
            page.push(&format!(" ORDER BY {order_sql}"));
            if f.search.is_empty() {
                // A plan made once per connection serves every call (see `Sql::push_limit`).
                page.push_limit(limit, skip);
            } else {
                // A search's plan depends on its pattern: the limit stays bound, so that
                // PostgreSQL plans each call for its own pattern (a cached plan for every pattern
                // would walk the order's index past every row for a rare name).
                page.push(" LIMIT ").push_bind(limit).push(" OFFSET ").push_bind(skip);
            }
        }
    }
    page.push(&format!(") ORDER BY {order_sql}"));
    Some(page)
}

/// The SQL of a list's total: a count kept by triggers (migration 0003) when it has no
/// search, else a count of the matching rows.
fn total_sql(f: &Filter<'_>, q: &mut Sql) {
    if f.search.is_empty() {
        q.push("SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM charity_counts WHERE is_imported = ")
            .push_bind(f.imported);
        if !f.verification.is_empty() {
            q.push(" AND admin_verification = ").push_bind(f.verification.to_string());
        }
    } else {
        q.push("SELECT COUNT(*) FROM charities");
        filter_sql(f, q);
    }
}

/// How many nonprofits a list holds.
pub async fn total(c: &mut AnyConnection, f: &Filter<'_>) -> sqlx::Result<i64> {
    let mut q = Sql::new(Backend::of_connection(c), "");
    total_sql(f, &mut q);
    q.build().fetch_one(c).await?.try_get(0)
}

/// The list version (see `list_version`) and, for a list with no search, its kept total,
/// in one statement.
pub async fn version_and_total(c: &mut AnyConnection, f: &Filter<'_>) -> sqlx::Result<(i64, Option<i64>)> {
    if !f.search.is_empty() {
        return Ok((list_version(c).await?, None));
    }
    let mut q = Sql::new(Backend::of_connection(c), "");
    q.push("SELECT v, (");
    total_sql(f, &mut q);
    q.push(") AS n FROM charity_list_version WHERE id = 1");
    let row = q.build().fetch_one(c).await?;
    Ok((row.try_get("v")?, Some(row.try_get("n")?)))
}

/// The positions of the first `at_most` rows of a sorted list (`every` = 1), or of every
/// `every`-th row of it (the first, the `every + 1`-th, …). None when the sort column holds
/// NULLs in this list: their place in the order differs by backend, so no position is kept.
pub async fn positions(
    c: &mut AnyConnection,
    f: &Filter<'_>,
    order: Order,
    every: i64,
    at_most: i64,
) -> sqlx::Result<Option<Vec<Position>>> {
    let backend = Backend::of_connection(c);
    if order.nullable() {
        let mut q = Sql::new(backend, "");
        q.push("SELECT COUNT(*) FROM (SELECT 1 FROM charities");
        filter_sql(f, &mut q);
        q.push(&format!(" AND {} IS NULL LIMIT 1) t", order.column));
        if q.build().fetch_one(&mut *c).await?.try_get::<i64, _>(0)? > 0 {
            return Ok(None);
        }
    }
    let mut q = Sql::new(backend, "");
    if every == 1 {
        q.push(&format!("SELECT {} AS k, id FROM charities", order.column));
        filter_sql(f, &mut q);
        q.push(&format!(" ORDER BY {}", order.sql()));
    } else {
        q.push(&format!(
            "SELECT k, id FROM (SELECT {} AS k, id, ROW_NUMBER() OVER (ORDER BY {}) AS rn FROM charities",
            order.column,
            order.sql()
        ));
        filter_sql(f, &mut q);
        q.push(") t WHERE (rn - 1) % ").push_bind(every).push(" = 0 ORDER BY rn");
    }
    q.push(" LIMIT ").push_bind(at_most);
    let rows = q.build().fetch_all(c).await?;
    let positions = rows
        .iter()
        .map(|r| {
            let key = if order.text_key() { SortValue::Text(r.try_get("k")?) } else { SortValue::Int(r.try_get("k")?) };
            Ok(Position { key, id: r.try_get("id")? })
        })
        .collect::<sqlx::Result<_>>()?;
    Ok(Some(positions))
}

/// A number that moves whenever a list's members, search matches or order could have
/// changed (kept by triggers, migration 0004).
pub async fn list_version(c: &mut AnyConnection) -> sqlx::Result<i64> {
    sqlx::query("SELECT v FROM charity_list_version WHERE id = 1").fetch_one(c).await?.try_get(0)
}

/// Approved, active, onboarded nonprofits by name.
pub async fn active(c: &mut AnyConnection) -> sqlx::Result<Vec<(String, String)>> {
    let rows = sqlx::query(
        "SELECT id, charity_name FROM charities WHERE is_imported = $1 AND admin_verification = 'Approve' AND is_active = $2 \
         ORDER BY name_key, id",
    )
    .bind(false)
    .bind(true)
    .fetch_all(c)
    .await?;
    rows.iter().map(|r| Ok((r.try_get("id")?, r.try_get("charity_name")?))).collect()
}

/// The list row of a row read with `LIST_COLUMNS`.
fn list_row(r: &(impl Fields + ?Sized)) -> sqlx::Result<CharityRow> {
    Ok(CharityRow {
        id: r.text("id")?,
        charity_name: r.text("charity_name")?,
        tax_id: format_ein(&r.text("ein")?),
        admin_approve_at: r.int_or_null("admin_approve_at")?,
        is_active: r.flag("is_active")?,
        admin_verification: r.text("admin_verification")?,
        reject_reason: r.text("reject_reason")?,
        is_imported: r.flag("is_imported")?,
        created_at: r.int("created_at")?,
    })
}
