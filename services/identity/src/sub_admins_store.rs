//! The SQL only sub-admins use: their profile, deletion, grants written and read by the
//! page, and the list. The account row itself is `store`'s (shared).

use crate::store::{SUB_ADMIN, USER_COLUMNS, User, search_text, user};
use common::db::Sql;
use common::paging::Paging;
use sqlx::{AnyConnection, Row};

/// Updates profile fields; answers whether the row exists.
pub async fn update_profile(
    c: &mut AnyConnection,
    id: &str,
    first_name: &str,
    last_name: &str,
    email: &str,
) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE users SET first_name = $1, last_name = $2, email = $3, updated_at = $4, search_text = $6 WHERE id = $5",
    )
    .bind(first_name)
    .bind(last_name)
    .bind(email)
    .bind(common::now_ms())
    .bind(id)
    .bind(search_text(first_name, last_name, email))
    .execute(c)
    .await?;
    Ok(r.rows_affected() == 1)
}

/// Deletes an account's sessions and mailed links (a deleted account's: they never come back,
/// even if the account does).
pub async fn end_links(c: &mut AnyConnection, id: &str) -> sqlx::Result<()> {
    for table in ["refresh_tokens", "refresh_families", "reset_tokens"] {
        let q = format!("DELETE FROM {table} WHERE user_id = $1");
        sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).execute(&mut *c).await?;
    }
    Ok(())
}

/// order; an account without grants is absent.
pub async fn permissions_of(
    c: &mut AnyConnection,
    user_ids: &[String],
) -> sqlx::Result<std::collections::HashMap<String, Vec<(String, Vec<String>)>>> {
    let mut out: std::collections::HashMap<String, Vec<(String, Vec<String>)>> = std::collections::HashMap::new();
    if user_ids.is_empty() {
        return Ok(out);
    }
    let mut q = Sql::new(
        common::db::Backend::of_connection(c),
        "SELECT user_id, slug, actions FROM permissions WHERE user_id IN (",
    );
    q.push_list(user_ids, |q, id| {
        q.push_bind(id.clone());
    });
    q.push(")");
    for r in q.build().fetch_all(c).await? {
        let actions: String = r.try_get("actions")?;
        out.entry(r.try_get("user_id")?)
            .or_default()
            .push((r.try_get("slug")?, actions.split(',').filter(|a| !a.is_empty()).map(str::to_string).collect()));
    }
    for grants in out.values_mut() {
        grants
            .sort_by_key(|(slug, _)| proto::modules::all().iter().position(|m| m.slug == *slug).unwrap_or(usize::MAX));
    }
    Ok(out)
}

pub async fn replace_permissions(
    c: &mut AnyConnection,
    user_id: &str,
    perms: &[(String, Vec<String>)],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM permissions WHERE user_id = $1").bind(user_id).execute(&mut *c).await?;
    for (slug, actions) in perms {
        sqlx::query("INSERT INTO permissions (user_id, slug, actions) VALUES ($1, $2, $3)")
            .bind(user_id)
            .bind(slug)
            .bind(actions.join(","))
            .execute(&mut *c)
            .await?;
    }
    Ok(())
}

/// Sort columns a sub-admin list may use (allow-list: never interpolate input).
pub fn sort_column(column: &str) -> Option<&'static str> {
    Some(match column {
        "" | "createdAt" => "created_at",
        "firstName" | "name" => "LOWER(first_name)",
        "lastName" => "LOWER(last_name)",
        "email" => "LOWER(email)",
        "isActive" => "is_active",
        _ => return None,
    })
}

/// One page of sub-admins and the total that match.
pub async fn list_sub_admins(
    c: &mut AnyConnection,
    search: &str,
    paging: Paging<&'static str>,
) -> sqlx::Result<(Vec<User>, i64)> {
    // The sub-admins that match the search (in first, last name and email).
    let matching = |q: &mut Sql| {
        q.push(" FROM users WHERE admin_type = ").push_bind(SUB_ADMIN);
        if !search.is_empty() {
            q.push(" AND search_text LIKE ").push_bind(common::db::like_pattern(search)).push(" ESCAPE '\\'");
        }
    };
    common::db::page_with_total(c, USER_COLUMNS, matching, paging, user).await
}

/// Search everywhere: at most `limit` sub-admins whose first name, last name or email contains
/// `text` (lower-cased), by name; not counted (a small table).
pub async fn find_sub_admins(c: &mut AnyConnection, text: &str, limit: i64) -> sqlx::Result<Vec<User>> {
    let mut q = Sql::new(
        common::db::Backend::of_connection(c),
        format!("SELECT {USER_COLUMNS} FROM users WHERE admin_type = "),
    );
    q.push_bind(SUB_ADMIN);
    common::find::push_contains(&mut q, "search_text", text);
    q.push(" ORDER BY search_text, id LIMIT ").push_bind(limit);
    q.build().fetch_all(c).await?.iter().map(user).collect()
}
