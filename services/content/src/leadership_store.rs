//! The SQL of leadership.rs: the leadership entries (name and title kept with their search
//! keys), and the entry's shape: what it is made of ([`LeadershipInput`], as the console
//! sends it) with its id and times.

use crate::store::{self, Query, key, matching, ordered_column};
use common::db::{Sql, get_bool};
use common::paging::Paging;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// What a leadership entry is made of (as sent, and as stored).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LeadershipInput {
    pub name: String,
    pub title: String,
    pub photo: String,
    pub biography: String,
    pub order: i64,
    pub is_active: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Leadership {
    pub id: String,
    #[serde(flatten)]
    pub fields: LeadershipInput,
    pub created_at: i64,
    pub updated_at: i64,
}

const LEADERSHIP: &str = "id, name, title, photo, biography, sort_order, is_active, created_at, updated_at";

fn leadership(r: &AnyRow) -> sqlx::Result<Leadership> {
    Ok(Leadership {
        id: r.try_get("id")?,
        fields: LeadershipInput {
            name: r.try_get("name")?,
            title: r.try_get("title")?,
            photo: r.try_get("photo")?,
            biography: r.try_get("biography")?,
            order: r.try_get("sort_order")?,
            is_active: get_bool(r, "is_active")?,
        },
        created_at: r.try_get("created_at")?,
        updated_at: r.try_get("updated_at")?,
    })
}

/// Binds an entry's fields, in the order both the insert and the update name them (name to
/// active flag).
fn bind_form<'q>(q: Query<'q>, f: &'q LeadershipInput) -> Query<'q> {
    q.bind(&f.name)
        .bind(key(&f.name))
        .bind(&f.title)
        .bind(key(&f.title))
        .bind(&f.photo)
        .bind(&f.biography)
        .bind(f.order)
        .bind(f.is_active)
}

pub async fn insert_leadership(c: &mut AnyConnection, l: &Leadership) -> sqlx::Result<()> {
    let q = sqlx::query(
        "INSERT INTO leadership (id, name, name_key, title, title_key, photo, biography, sort_order, is_active, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind(&l.id);
    bind_form(q, &l.fields).bind(l.created_at).bind(l.updated_at).execute(c).await?;
    Ok(())
}

pub async fn update_leadership(c: &mut AnyConnection, l: &Leadership) -> sqlx::Result<bool> {
    let q = sqlx::query(
        "UPDATE leadership SET name = $1, name_key = $2, title = $3, title_key = $4, photo = $5, biography = $6, sort_order = $7, \
         is_active = $8, updated_at = $9 WHERE id = $10",
    );
    Ok(bind_form(q, &l.fields).bind(l.updated_at).bind(&l.id).execute(c).await?.rows_affected() == 1)
}

pub async fn get_leadership(c: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Leadership>> {
    store::get(c, LEADERSHIP, "leadership", id, leadership).await
}

pub fn leadership_column(column: &str) -> Option<&'static str> {
    ordered_column(column, &[("name", "name_key"), ("title", "title_key")])
}

pub async fn list_leadership(
    c: &mut AnyConnection,
    search: &str,
    active: Option<bool>,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<Leadership>, i64)> {
    let from = |q: &mut Sql| {
        matching(q, "leadership", &["name_key", "title_key"], search);
        if let Some(a) = active {
            q.push(" AND is_active = ").push_bind(a);
        }
    };
    common::db::page_with_total(c, LEADERSHIP, from, paging, leadership).await
}

/// Every active entry by order (the public leadership page).
pub async fn active_leadership(c: &mut AnyConnection) -> sqlx::Result<Vec<Leadership>> {
    let q = format!("SELECT {LEADERSHIP} FROM leadership WHERE is_active = $1 ORDER BY sort_order, id");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(true).fetch_all(c).await?.iter().map(leadership).collect()
}
