//! The nonprofits' SQL: the stored record (insert, update, read, delete), the names of its
//! category and causes, and the category/cause usage count (one text for SQLite and
//! PostgreSQL). A list's SQL is in charity_list_store.rs, the payment methods' in
//! payment_methods_store.rs.
//!
//! The nonprofit's one row shape is here: the [`Record`], whose [`Profile`] (what the form
//! edits but the Tax ID and the payment methods) is also what a `charity::CharityInput` sends.

use common::db::{Backend, Sql, get_bool};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// A nonprofit's profile: every field its form edits but the Tax ID and the payment methods
/// (as sent, and once validated as stored).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub charity_name: String,
    pub category_id: String,
    pub cause_ids: Vec<String>,
    pub mission: String,
    pub description: String,
    pub logo: String,
    pub images: Vec<String>,
    pub website: String,
    pub email: String,
    /// Ten digits once validated.
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
}

/// What is stored for a nonprofit, already validated and normalised.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Record {
    pub id: String,
    /// Nine digits.
    pub ein: String,
    #[serde(flatten)]
    pub profile: Profile,
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

pub(crate) const COLUMNS: &str = "id, charity_name, ein, category_id, cause_ids, mission, description, logo, images, website, email, \
    phone_number, address, city, state, country, zip_code, country_id, state_id, city_id, admin_first_name, admin_last_name, \
    admin_email, admin_phone, admin_verification, reject_reason, admin_approve_at, is_active, is_imported, ntee_code, \
    import_hash, created_at, updated_at";

fn list_of(text: &str) -> Vec<String> {
    serde_json::from_str(text).unwrap_or_default()
}

fn json_of(list: &[String]) -> String {
    serde_json::to_string(list).expect("a list of strings serialises")
}

pub(crate) fn record(r: &AnyRow) -> sqlx::Result<Record> {
    Ok(Record {
        id: r.try_get("id")?,
        ein: r.try_get("ein")?,
        profile: Profile {
            charity_name: r.try_get("charity_name")?,
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
        },
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
    let p = &r.profile;
    q.bind(&r.id)
        .bind(&p.charity_name)
        .bind(name_key(&p.charity_name))
        .bind(&r.ein)
        .bind(&p.category_id)
        .bind(json_of(&p.cause_ids))
        .bind(&p.mission)
        .bind(&p.description)
        .bind(&p.logo)
        .bind(json_of(&p.images))
        .bind(&p.website)
        .bind(&p.email)
        .bind(&p.phone_number)
        .bind(&p.address)
        .bind(&p.city)
        .bind(&p.state)
        .bind(&p.country)
        .bind(&p.zip_code)
        .bind(&p.country_id)
        .bind(&p.state_id)
        .bind(&p.city_id)
        .bind(&p.admin_first_name)
        .bind(&p.admin_last_name)
        .bind(&p.admin_email)
        .bind(&p.admin_phone)
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

/// A nonprofit in the trash (its row in the twin `charities_trash`).
pub async fn get_trashed(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Record>> {
    let q = format!("SELECT {COLUMNS} FROM charities_trash WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(record).transpose()
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

pub use common::rules::format_ein;
