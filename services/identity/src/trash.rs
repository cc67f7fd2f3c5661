//! Identity's trash (common::trash): sub-admin accounts. A delete ends the account's sessions
//! and its mailed links for good, and moves the account, its grants, its second factor and its
//! saved views to their tables' twins; a restore moves them back (the account signs in again),
//! refused while another account took its email; a purge deletes them for good with the
//! `deleted` event. Who may: as for a delete, an account holding Sub Admin delete and every
//! right the target holds (a sub-admin never restores or purges a stronger one); the system
//! (the retention) purges any.

use crate::error::{Error, Result};
use crate::events;
use crate::service::Identity;
use crate::store::{self, SUB_ADMIN};
use crate::sub_admins::{not_found, not_self, within};
use crate::sub_admins_store;
use common::Actor;
use common::trash::{self, Entry};
use sqlx::{AnyConnection, Row};

pub const SUB_ADMINS: &str = "/sub_admin";

/// The account's own rows that wait with it, by the column naming it (its sessions and
/// mailed links do not).
const OWN_ROWS: [(&str, &str); 4] = [
    ("permissions", "user_id"),
    ("two_factor", "user_id"),
    ("recovery_codes", "user_id"),
    ("saved_views", "account_id"),
];

/// The grants of a sub-admin in the trash.
async fn trashed_permissions(c: &mut AnyConnection, id: &str) -> sqlx::Result<Vec<(String, Vec<String>)>> {
    let rows =
        sqlx::query("SELECT slug, actions FROM permissions_trash WHERE user_id = $1").bind(id).fetch_all(c).await?;
    rows.iter()
        .map(|r| {
            let actions: String = r.try_get("actions")?;
            Ok((r.try_get("slug")?, actions.split(',').filter(|a| !a.is_empty()).map(str::to_string).collect()))
        })
        .collect()
}

impl Identity {
    /// Moves a sub-admin to the trash: its sessions end now, its account waits there.
    pub async fn delete_sub_admin(&self, caller: &Actor, id: &str) -> Result<()> {
        let held = self.authorise(caller, "delete").await?;
        not_self(caller, held.as_ref(), id, "You cannot delete your own account")?;
        let mut tx = self.write(caller).await?;
        tx.lock_row("users", id).await?;
        let user = store::user_by_id(&mut tx, id).await?.filter(|u| u.admin_type == SUB_ADMIN).ok_or_else(not_found)?;
        within(held.as_ref(), &store::permissions(&mut tx, id).await?)?;
        Self::end_sessions(&mut tx, id, &user.email).await?;
        sub_admins_store::end_links(&mut tx, id).await?;
        for (table, column) in OWN_ROWS {
            trash::move_rows(&mut tx, table, column, id).await?;
        }
        trash::move_rows(&mut tx, "users", "id", id).await?;
        let name = format!("{} {}", user.first_name, user.last_name);
        trash::put(&mut tx, SUB_ADMINS, id, name.trim(), &()).await?;
        Self::emit(&mut tx, events::SUB_ADMIN_TRASHED, &user, None, None).await?;
        tx.commit().await?;
        Ok(())
    }

    pub async fn list_trash(&self, q: &trash::Query) -> Result<(Vec<Entry>, i64)> {
        trash::list(&mut *self.conn().await?, q).await
    }

    /// Checks that `caller` may restore or purge the trashed sub-admin `id` (the system may).
    async fn may_act_on_trashed(&self, caller: &Actor, c: &mut AnyConnection, id: &str) -> Result<()> {
        if caller.account_type == Actor::SYSTEM {
            return Ok(());
        }
        let held = self.authorise(caller, "delete").await?;
        within(held.as_ref(), &trashed_permissions(c, id).await?)
    }

    pub async fn restore_trashed(&self, module: &str, id: &str, caller: &Actor) -> Result<Entry> {
        if module != SUB_ADMINS {
            return Err(Error::NotFound(trash::NOT_IN_TRASH.into()));
        }
        let mut tx = self.write(caller).await?;
        self.may_act_on_trashed(caller, &mut tx, id).await?;
        let e = trash::take(&mut tx, module, id).await?;
        trash::restore_rows(&mut tx, "users", "id", id).await.map_err(|err| {
            if common::db::is_unique_violation(&err) {
                Error::Conflict(
                    "Another account has this email now: this sub-admin cannot be restored while it does".into(),
                )
            } else {
                err.into()
            }
        })?;
        for (table, column) in OWN_ROWS {
            trash::restore_rows(&mut tx, table, column, id).await?;
        }
        let user = store::user_by_id(&mut tx, id).await?.ok_or_else(not_found)?;
        Self::emit(&mut tx, events::SUB_ADMIN_RESTORED, &user, None, None).await?;
        tx.commit().await?;
        Ok(e)
    }

    pub async fn purge_trashed(&self, module: &str, id: &str, caller: &Actor) -> Result<Entry> {
        if module != SUB_ADMINS {
            return Err(Error::NotFound(trash::NOT_IN_TRASH.into()));
        }
        let mut tx = self.write(caller).await?;
        self.may_act_on_trashed(caller, &mut tx, id).await?;
        let e = trash::take(&mut tx, module, id).await?;
        let q = format!("SELECT {} FROM users_trash WHERE id = $1", store::USER_COLUMNS);
        let user = sqlx::query(sqlx::AssertSqlSafe(q)).bind(id).fetch_optional(&mut *tx).await?;
        let user = user.as_ref().map(store::user).transpose()?.ok_or_else(not_found)?;
        for (table, column) in OWN_ROWS {
            trash::drop_rows(&mut tx, table, column, id).await?;
        }
        trash::drop_rows(&mut tx, "users", "id", id).await?;
        Self::emit(&mut tx, events::SUB_ADMIN_DELETED, &user, None, None).await?;
        tx.commit().await?;
        Ok(e)
    }
}
