//! The donors' SQL (one text for SQLite and PostgreSQL), and the donor's one shape: the row,
//! which a donor form also sends (`service::DonorInput`).

use common::db::{Sql, get_bool};
use common::location::Location;
use common::paging::Paging;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// A donor as stored.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Donor {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone_number: String,
    pub avatar: String,
    /// Flat in its JSON, as the donor's proto message has it.
    #[serde(flatten)]
    pub location: Location,
    pub is_active: bool,
    pub created_at: i64,
    pub updated_at: i64,
    /// Totals of succeeded donations, kept with each recorded transaction (never written by
    /// the donor's own statements).
    pub total_given_cents: i64,
    pub donations_count: i64,
}

pub(crate) const COLUMNS: &str = "id, first_name, last_name, email, phone_number, avatar, address, city, state, country, \
                       city_id, state_id, country_id, zip_code, is_active, created_at, updated_at, total_given_cents, donations_count";

pub(crate) fn donor(r: &AnyRow) -> sqlx::Result<Donor> {
    Ok(Donor {
        id: r.try_get("id")?,
        first_name: r.try_get("first_name")?,
        last_name: r.try_get("last_name")?,
        email: r.try_get("email")?,
        phone_number: r.try_get("phone_number")?,
        avatar: r.try_get("avatar")?,
        location: Location::of(r)?,
        is_active: get_bool(r, "is_active")?,
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
        total_given_cents: r.try_get("total_given_cents")?,
        donations_count: r.try_get("donations_count")?,
    })
}

/// The key a donor is searched and sorted by name: "first last", trimmed, lower-cased.
pub fn name_key(first: &str, last: &str) -> String {
    format!("{} {}", first.trim(), last.trim()).trim().to_lowercase()
}

type Query<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments>;

/// Binds the fields of a donor form, in the order both the insert and the update name them
/// (first name to zip code, the name key after the names).
fn bind_form<'q>(q: Query<'q>, d: &'q Donor) -> Query<'q> {
    let q = q
        .bind(&d.first_name)
        .bind(&d.last_name)
        .bind(name_key(&d.first_name, &d.last_name))
        .bind(&d.email)
        .bind(&d.phone_number)
        .bind(&d.avatar);
    d.location.bind(q)
}

pub async fn insert(c: &mut AnyConnection, d: &Donor) -> sqlx::Result<()> {
    let q = sqlx::query(
        "INSERT INTO donors (id, first_name, last_name, name_key, email, phone_number, avatar, address, city, state, country, \
         city_id, state_id, country_id, zip_code, is_active, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)",
    )
    .bind(&d.id);
    bind_form(q, d).bind(d.is_active).bind(d.created_at).bind(d.updated_at).execute(c).await?;
    Ok(())
}

/// Writes every field but the id, the active flag and the creation time; answers whether the row exists.
pub async fn update(c: &mut AnyConnection, d: &Donor) -> sqlx::Result<bool> {
    let q = sqlx::query(
        "UPDATE donors SET first_name = $1, last_name = $2, name_key = $3, email = $4, phone_number = $5, avatar = $6, \
         address = $7, city = $8, state = $9, country = $10, city_id = $11, state_id = $12, country_id = $13, zip_code = $14, \
         updated_at = $15 WHERE id = $16",
    );
    Ok(bind_form(q, d).bind(d.updated_at).bind(&d.id).execute(c).await?.rows_affected() == 1)
}

/// The (id, "First Last") of the donors among `ids`.
pub async fn names(c: &mut AnyConnection, ids: &[String]) -> sqlx::Result<Vec<(String, String)>> {
    if ids.is_empty() {
        return Ok(vec![]);
    }
    let mut q =
        Sql::new(common::db::Backend::of_connection(c), "SELECT id, first_name, last_name FROM donors WHERE id IN (");
    q.push_list(ids, |q, id| {
        q.push_bind(id.clone());
    });
    q.push(")");
    q.build()
        .fetch_all(c)
        .await?
        .iter()
        .map(|r| {
            let (first, last): (String, String) = (r.try_get("first_name")?, r.try_get("last_name")?);
            Ok((r.try_get("id")?, format!("{} {}", first.trim(), last.trim()).trim().to_string()))
        })
        .collect()
}

pub async fn get(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Donor>> {
    let q = format!("SELECT {COLUMNS} FROM donors WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(donor).transpose()
}

/// A donor in the trash (its row in the twin `donors_trash`).
pub async fn get_trashed(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Donor>> {
    let q = format!("SELECT {COLUMNS} FROM donors_trash WHERE id = $1");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(c).await?.as_ref().map(donor).transpose()
}

pub async fn set_active(c: &mut AnyConnection, id: &str, active: bool) -> sqlx::Result<bool> {
    let r = sqlx::query("UPDATE donors SET is_active = $1, updated_at = $2 WHERE id = $3")
        .bind(active)
        .bind(common::now_ms())
        .bind(id)
        .execute(c)
        .await?;
    Ok(r.rows_affected() == 1)
}

/// Sort columns a list may use (allow-list: never interpolate input).
pub fn sort_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "createdAt" => "created_at",
        "firstName" | "name" => "name_key",
        "lastName" => "last_name",
        "email" => "email",
        "isActive" => "is_active",
        "totalGivenCents" => "total_given_cents",
        _ => return None,
    })
}

/// What a donor list filters by: a search (lower-cased) in the name or the email, the active flag.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub search: String,
    pub is_active: Option<bool>,
}

/// `FROM donors WHERE …`: the donors that match `f`.
fn matching(q: &mut Sql, f: &Filter) {
    q.push(" FROM donors WHERE TRUE");
    if !f.search.is_empty() {
        let p = common::db::like_pattern(&f.search);
        q.push(" AND (name_key LIKE ")
            .push_bind(p.clone())
            .push(" ESCAPE '\\' OR email LIKE ")
            .push_bind(p)
            .push(" ESCAPE '\\')");
    }
    if let Some(a) = f.is_active {
        q.push(" AND is_active = ").push_bind(a);
    }
}

/// One page and the total that match `f`. Without a search the total is the kept count
/// (the counters 'donors' and 'active_donors', written in each donor write's transaction),
/// not a count of the rows: a count read every donor of the list on every page.
/// The page and its kept total are one statement.
pub async fn list(c: &mut AnyConnection, f: &Filter, paging: Paging<&'static str>) -> sqlx::Result<(Vec<Donor>, i64)> {
    use crate::counters_store::counter_sql;
    let kept = if !f.search.is_empty() {
        None
    } else {
        Some(match f.is_active {
            None => counter_sql("donors"),
            Some(true) => counter_sql("active_donors"),
            Some(false) => format!("({}) - ({})", counter_sql("donors"), counter_sql("active_donors")),
        })
    };
    let window = common::db::Window::from(paging).kept_by(kept);
    common::db::page_with_total(c, COLUMNS, |q| matching(q, f), window, donor).await
}
