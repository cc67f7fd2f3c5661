//! Every SQL statement about nonprofits (one text for SQLite and PostgreSQL).

use common::db::{Backend, Sql, get_bool};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// What is stored for a nonprofit, already validated and normalised.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    pub id: String,
    pub charity_name: String,
    /// Nine digits.
    pub ein: String,
    pub category_id: String,
    pub cause_ids: Vec<String>,
    pub mission: String,
    pub description: String,
    pub logo: String,
    pub images: Vec<String>,
    pub website: String,
    pub email: String,
    /// Ten digits.
    pub phone_number: String,
    pub address: String,
    pub city: String,
    pub state: String,
    pub country: String,
    pub zip_code: String,
    pub country_id: String,
    pub state_id: String,
    pub city_id: String,
    pub admin_first_name: String,
    pub admin_last_name: String,
    pub admin_email: String,
    pub admin_phone: String,
    pub admin_verification: String,
    pub reject_reason: String,
    pub admin_approve_at: Option<i64>,
    pub is_active: bool,
    pub is_imported: bool,
    pub ntee_code: String,
    pub import_hash: String,
    pub created_at: i64,
    pub updated_at: i64,
}

/// The key a name is searched and sorted by: trimmed, lower-cased (Unicode-aware).
pub fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

const COLUMNS: &str = "id, charity_name, ein, category_id, cause_ids, mission, description, logo, images, website, email, \
    phone_number, address, city, state, country, zip_code, country_id, state_id, city_id, admin_first_name, admin_last_name, \
    admin_email, admin_phone, admin_verification, reject_reason, admin_approve_at, is_active, is_imported, ntee_code, \
    import_hash, created_at, updated_at";

fn list_of(text: &str) -> Vec<String> {
    serde_json::from_str(text).unwrap_or_default()
}

fn json_of(list: &[String]) -> String {
    serde_json::to_string(list).expect("a list of strings serialises")
}

fn record(r: &AnyRow) -> sqlx::Result<Record> {
    Ok(Record {
        id: r.try_get("id")?,
        charity_name: r.try_get("charity_name")?,
        ein: r.try_get("ein")?,
        category_id: r.try_get("category_id")?,
        cause_ids: list_of(&r.try_get::<String, _>("cause_ids")?),
        mission: r.try_get("mission")?,
        description: r.try_get("description")?,
        logo: r.try_get("logo")?,
        images: list_of(&r.try_get::<String, _>("images")?),
        website: r.try_get("website")?,
        email: r.try_get("email")?,
        phone_number: r.try_get("phone_number")?,
        address: r.try_get("address")?,
        city: r.try_get("city")?,
        state: r.try_get("state")?,
        country: r.try_get("country")?,
        zip_code: r.try_get("zip_code")?,
        country_id: r.try_get("country_id")?,
        state_id: r.try_get("state_id")?,
        city_id: r.try_get("city_id")?,
        admin_first_name: r.try_get("admin_first_name")?,
        admin_last_name: r.try_get("admin_last_name")?,
        admin_email: r.try_get("admin_email")?,
        admin_phone: r.try_get("admin_phone")?,
        admin_verification: r.try_get("admin_verification")?,
        reject_reason: r.try_get("reject_reason")?,
        admin_approve_at: r.try_get("admin_approve_at")?,
        is_active: get_bool(r, "is_active")?,
        is_imported: get_bool(r, "is_imported")?,
        ntee_code: r.try_get("ntee_code")?,
        import_hash: r.try_get("import_hash")?,
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
    })
}

/// The columns a save writes, in the order `bind_saved` binds them after the id.
const SAVED: [&str; 32] = [
    "charity_name",
    "name_key",
    "ein",
    "category_id",
    "cause_ids",
    "mission",
    "description",
    "logo",
    "images",
    "website",
    "email",
    "phone_number",
    "address",
    "city",
    "state",
    "country",
    "zip_code",
    "country_id",
    "state_id",
    "city_id",
    "admin_first_name",
    "admin_last_name",
    "admin_email",
    "admin_phone",
    "admin_verification",
    "reject_reason",
    "admin_approve_at",
    "is_active",
    "is_imported",
    "ntee_code",
    "import_hash",
    "updated_at",
];

type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// Binds `$1` = id, then the `SAVED` columns as `$2`, `$3`, …
fn bind_saved<'q>(q: AnyQuery<'q>, r: &'q Record) -> AnyQuery<'q> {
    q.bind(&r.id)
        .bind(&r.charity_name)
        .bind(name_key(&r.charity_name))
        .bind(&r.ein)
        .bind(&r.category_id)
        .bind(json_of(&r.cause_ids))
        .bind(&r.mission)
        .bind(&r.description)
        .bind(&r.logo)
        .bind(json_of(&r.images))
        .bind(&r.website)
        .bind(&r.email)
        .bind(&r.phone_number)
        .bind(&r.address)
        .bind(&r.city)
        .bind(&r.state)
        .bind(&r.country)
        .bind(&r.zip_code)
        .bind(&r.country_id)
        .bind(&r.state_id)
        .bind(&r.city_id)
        .bind(&r.admin_first_name)
        .bind(&r.admin_last_name)
        .bind(&r.admin_email)
        .bind(&r.admin_phone)
        .bind(&r.admin_verification)
        .bind(&r.reject_reason)
        .bind(r.admin_approve_at)
        .bind(r.is_active)
        .bind(r.is_imported)
        .bind(&r.ntee_code)
        .bind(&r.import_hash)
        .bind(r.updated_at)
}

static INSERT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let marks: Vec<String> = (1..=SAVED.len() + 2).map(|i| format!("${i}")).collect();
    format!("INSERT INTO charities (id, {}, created_at) VALUES ({})", SAVED.join(", "), marks.join(", "))
});

static UPDATE: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let sets: Vec<String> = SAVED.iter().enumerate().map(|(i, c)| format!("{c} = ${}", i + 2)).collect();
    format!("UPDATE charities SET {} WHERE id = $1", sets.join(", "))
});

pub async fn insert(c: &mut AnyConnection, r: &Record) -> sqlx::Result<()> {
    bind_saved(sqlx::query(sqlx::AssertSqlSafe(INSERT.as_str())), r).bind(r.created_at).execute(c).await?;
    Ok(())
}

/// Writes every field of `r` (but its creation time) over the stored row `r.id`.
pub async fn update(c: &mut AnyConnection, r: &Record) -> sqlx::Result<bool> {
    let res = bind_saved(sqlx::query(sqlx::AssertSqlSafe(UPDATE.as_str())), r).execute(c).await?;
    Ok(res.rows_affected() == 1)
}

pub async fn get(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Record>> {
    let q = format!("SELECT {COLUMNS} FROM charities WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(record).transpose()
}

pub async fn delete(c: &mut AnyConnection, id: &str) -> sqlx::Result<bool> {
    Ok(sqlx::query("DELETE FROM charities WHERE id = $1").bind(id).execute(c).await?.rows_affected() == 1)
}

/// A stored payment method.
#[derive(Debug, Clone, PartialEq)]
pub struct PaymentMethod {
    pub id: String,
    pub method_type: String,
    pub bank_name: String,
    pub account_holder: String,
    pub routing_number: String,
    pub last4: String,
    pub is_default: bool,
}

/// How many nonprofits use a category (`category_id`) or a cause (in `cause_ids`, a JSON
/// array of quoted ids: the quoted id matches only itself). A scan of the table: deletes are
/// rare, and no index holds the causes.
pub async fn charities_using(c: &mut AnyConnection, category: bool, id: &str) -> sqlx::Result<i64> {
    if category {
        sqlx::query_scalar("SELECT COUNT(*) FROM charities WHERE category_id = $1").bind(id).fetch_one(c).await
    } else {
        let quoted = serde_json::to_string(id).unwrap_or_default();
        sqlx::query_scalar("SELECT COUNT(*) FROM charities WHERE cause_ids LIKE $1 ESCAPE '\\'")
            .bind(common::db::like_pattern(&quoted))
            .fetch_one(c)
            .await
    }
}

pub async fn payment_methods(c: &mut AnyConnection, charity_id: &str) -> sqlx::Result<Vec<PaymentMethod>> {
    let rows = sqlx::query(
        "SELECT id, method_type, bank_name, account_holder, routing_number, last4, is_default FROM charity_payment_methods \
         WHERE charity_id = $1 ORDER BY position",
    )
    .bind(charity_id)
    .fetch_all(c)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(PaymentMethod {
                id: r.try_get("id")?,
                method_type: r.try_get("method_type")?,
                bank_name: r.try_get("bank_name")?,
                account_holder: r.try_get("account_holder")?,
                routing_number: r.try_get("routing_number")?,
                last4: r.try_get("last4")?,
                is_default: get_bool(r, "is_default")?,
            })
        })
        .collect()
}

/// Replaces the payment methods of a nonprofit (the first is the default).
pub async fn replace_payment_methods(
    c: &mut AnyConnection,
    charity_id: &str,
    methods: &[PaymentMethod],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM charity_payment_methods WHERE charity_id = $1").bind(charity_id).execute(&mut *c).await?;
    for (i, m) in methods.iter().enumerate() {
        sqlx::query(
            "INSERT INTO charity_payment_methods (id, charity_id, method_type, bank_name, account_holder, routing_number, last4, \
             is_default, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(&m.id)
        .bind(charity_id)
        .bind(&m.method_type)
        .bind(&m.bank_name)
        .bind(&m.account_holder)
        .bind(&m.routing_number)
        .bind(&m.last4)
        .bind(i == 0)
        .bind(i as i64)
        .execute(&mut *c)
        .await?;
    }
    Ok(())
}

/// Names of the given terms (`table` is `causes` or `charity_categories`), the active ones only when asked.
pub async fn term_names(
    c: &mut AnyConnection,
    table: &'static str,
    ids: &[String],
    active_only: bool,
) -> sqlx::Result<Vec<(String, String)>> {
    if ids.is_empty() {
        return Ok(vec![]);
    }
    let mut q = Sql::new(Backend::of_connection(c), format!("SELECT id, name FROM {table} WHERE ("));
    q.push_bind(active_only).push(" = FALSE OR is_active = TRUE) AND id IN (");
    q.push_list(ids, |q, id| {
        q.push_bind(id.clone());
    });
    q.push(") ORDER BY name_key, id");
    let rows = q.build().fetch_all(c).await?;
    rows.iter().map(|r| Ok((r.try_get("id")?, r.try_get("name")?))).collect()
}

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
            // A prefix of a nine-digit EIN as a range: any index on ein serves it, whatever
            // the collation (digit strings of one length sort the same way in all of them).
            sql.push(" OR ein BETWEEN ").push_bind(format!("{d:0<9}")).push(" AND ").push_bind(format!("{d:9<9}"));
        }
        sql.push(")");
    }
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
}

/// One page of a list. Deferred join: the page's ids come from the (is_imported,
/// admin_verification, sort, id) indexes alone, then only those rows are read.
pub async fn page(
    c: &mut AnyConnection,
    f: &Filter<'_>,
    order: Order,
    limit: i64,
    start: Start<'_>,
) -> sqlx::Result<Vec<Record>> {
    let Some(page) = page_sql(Backend::of_connection(c), f, order, limit, start, false) else { return Ok(vec![]) };
    page.build().fetch_all(c).await?.iter().map(record).collect()
}

/// A page from the top of a list with no search and the list's kept total, in one statement
/// (the total is read apart only when the page is empty).
pub async fn page_with_total(
    c: &mut AnyConnection,
    f: &Filter<'_>,
    order: Order,
    limit: i64,
    offset: i64,
) -> sqlx::Result<(Vec<Record>, i64)> {
    let page = page_sql(Backend::of_connection(c), f, order, limit, Start::Offset(offset), true)
        .expect("an offset page always has SQL");
    let rows = page.build().fetch_all(&mut *c).await?;
    let total = match rows.first() {
        Some(r) => r.try_get("list_total")?,
        None => total(c, f).await?,
    };
    Ok((rows.iter().map(record).collect::<sqlx::Result<_>>()?, total))
}

/// The statement of a page (with the list's total as `list_total` when asked); None for no rows.
fn page_sql(
    backend: Backend,
    f: &Filter<'_>,
    order: Order,
    limit: i64,
    start: Start<'_>,
    with_total: bool,
) -> Option<Sql> {
    let order_sql = order.sql();
    let mut page = Sql::new(backend, "");
    page.push(&format!("SELECT {COLUMNS}"));
    if with_total {
        page.push(", (");
        total_sql(f, &mut page);
        page.push(") AS list_total");
    }
    page.push(" FROM charities WHERE id IN (");
    match start {
        Start::Rows(rows) => {
            if rows.is_empty() {
                return None;
            }
            for (i, p) in rows.iter().enumerate() {
                page.push(if i == 0 { "" } else { ", " }).push_bind(p.id.clone());
            }
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
            page.push(&format!(" ORDER BY {order_sql} LIMIT ")).push_bind(limit).push(" OFFSET ").push_bind(skip);
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

/// The list row of a record.
pub fn row(r: &Record) -> crate::charity::CharityRow {
    crate::charity::CharityRow {
        id: r.id.clone(),
        charity_name: r.charity_name.clone(),
        tax_id: format_ein(&r.ein),
        admin_approve_at: r.admin_approve_at,
        is_active: r.is_active,
        admin_verification: r.admin_verification.clone(),
        reject_reason: r.reject_reason.clone(),
        is_imported: r.is_imported,
        created_at: r.created_at,
    }
}

pub use common::rules::format_ein;
