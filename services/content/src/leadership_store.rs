//! The SQL of leadership.rs: the leadership entries (name and title kept with their search
//! keys).

use crate::store::key;
use common::db::{Sql, get_bool, like_pattern};
use common::paging::Paging;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

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

/// Every active entry by order (the public leadership page).
pub async fn active_leadership(c: &mut AnyConnection) -> sqlx::Result<Vec<Leadership>> {
    let q = format!("SELECT {LEADERSHIP} FROM leadership WHERE is_active = $1 ORDER BY sort_order, id");
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(true).fetch_all(c).await?.iter().map(leadership).collect()
}
