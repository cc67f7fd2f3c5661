//! Sub-admins: create, update, status, delete, get and list, their grants (module,
//! actions) and the rules of who may change whose (below), and the display names of admin
//! accounts. The SQL only sub-admins use is `sub_admins_store`.

use crate::error::{Error, Result};
use crate::events::{self, SubAdminFields};
use crate::service::{Grants, Identity, conflict_on_email};
use crate::store::{self, ADMIN, SUB_ADMIN, User};
use crate::sub_admins_store;
use crate::validate::{Check, Email, name, password_rules};
use common::Actor;
use common::paging::Page;
use common::write::Write;

/// Checks requested grants against the module table: known modules, offered actions,
/// no duplicates, at least one. Answers them in menu order with actions in table order.
pub fn parse_grants(requested: &[(String, Vec<String>)], check: &mut Check) -> Grants {
    let mut out = Vec::new();
    for m in proto::modules::all() {
        let asked: Vec<&(String, Vec<String>)> = requested.iter().filter(|(s, _)| *s == m.slug).collect();
        if asked.is_empty() {
            continue;
        }
        let wanted: Vec<&String> = asked.iter().flat_map(|(_, a)| a.iter()).collect();
        for a in &wanted {
            if !m.actions.contains(a) {
                check.fail("permissions", format!("{} does not offer the {a} action", m.title));
            }
        }
        let actions: Vec<String> = m.actions.iter().filter(|a| wanted.contains(a)).cloned().collect();
        if !actions.is_empty() {
            out.push((m.slug.clone(), actions));
        }
    }
    for (slug, _) in requested {
        if proto::modules::find(slug).is_none() {
            check.fail("permissions", format!("Unknown module {slug}"));
        }
    }
    if out.is_empty() {
        check.fail("permissions", "Please select at least one permission");
    }
    out
}

pub struct SubAdminInput {
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub password: String,
    pub permissions: Grants,
}

impl Identity {
    //
    // Every sub-admin call names its caller (ARCHITECTURE section 5), and identity decides
    // from its own records, never from what the request claims:
    // - only the main admin or an active sub-admin holding the call's Sub Admin action may
    //   make it; a nonprofit admin never;
    // - a sub-admin acts (edit, status, delete, two-factor reset) only on a sub-admin whose
    //   rights are all rights it holds itself (equal or weaker: `within`), so it can never
    //   take over, lock out or remove a stronger one; the main admin acts on anyone;
    // - a sub-admin changes only (module, action) pairs it holds itself: on create every
    //   granted pair, on update every pair whose holding changes; Sub Admin pairs count as
    //   not held, so only the main admin grants or removes them;
    // - only the main admin sets another account's password or email: a sub-admin's update
    //   that carries a password, or a changed email, is refused (a reset link mailed to an
    //   address the caller chose would hand it the account);
    // - a sub-admin never edits, deactivates or deletes its own record (its password goes
    //   through change password; anything else through the main admin);
    // - the main admin is not a sub-admin: these calls answer not found for it.
    // A refusal is `Forbidden` and writes nothing.

    /// Checks that `caller` may make a sub-admin call needing the Sub Admin `action`;
    /// answers the rights it holds (`None` for the main admin, who holds everything).
    pub(crate) async fn authorise(&self, caller: &Actor, action: &str) -> Result<Option<Grants>> {
        let user = self.active_caller(caller).await?;
        match user.admin_type.as_str() {
            ADMIN => Ok(None),
            SUB_ADMIN => {
                let held = store::permissions(&mut *self.conn().await?, &user.id).await?;
                if !holds(&held, SUB_ADMIN_SLUG, action) {
                    return Err(Error::Forbidden("You are not allowed to do this".into()));
                }
                Ok(Some(held))
            }
            _ => Err(Error::Forbidden("Only the main admin or a sub-admin can manage sub-admins".into())),
        }
    }

    fn parse_sub_admin(input: &SubAdminInput, password_required: bool) -> Result<(String, String, String, Grants)> {
        let mut check = Check::default();
        let first = name(&input.first_name, "firstName", "First Name", &mut check);
        let last = name(&input.last_name, "lastName", "Last Name", &mut check);
        let email = Email::parse(&input.email, "email", "Email is required", &mut check);
        if password_required || !input.password.is_empty() {
            password_rules(&input.password, "password", "Password", "Password is required", &mut check);
        }
        let grants = parse_grants(&input.permissions, &mut check);
        check.done()?;
        Ok((first, last, email.expect("validated").as_str().to_string(), grants))
    }

    /// A sub-admin's event, naming what changed between `before` and the stored `user`.
    pub(crate) async fn emit(
        w: &mut Write<'_>,
        key: &str,
        user: &User,
        before: Option<&SubAdminFields>,
        after: Option<SubAdminFields>,
    ) -> Result<()> {
        let changes = match (before, after) {
            (Some(b), Some(a)) => common::bus::changes(b, &a, &[]),
            _ => Default::default(),
        };
        w.emit(
            key,
            &events::SubAdmin { id: user.id.clone(), email: user.email.clone(), is_active: user.is_active, changes },
        )
        .await
    }

    pub async fn create_sub_admin(&self, caller: &Actor, input: SubAdminInput) -> Result<(User, Grants)> {
        let held = self.authorise(caller, "add").await?;
        let (first, last, email, grants) = Self::parse_sub_admin(&input, true)?;
        check_grant_change(held.as_ref(), &[], &grants)?;
        let user = User {
            id: common::new_id(),
            email,
            password_hash: crate::password_hash::hash(&input.password).await?,
            first_name: first,
            last_name: last,
            admin_type: SUB_ADMIN.into(),
            charity_id: None,
            is_active: true,
            session_version: 1,
            created_at: common::now_ms(),
        };
        let mut tx = self.write(caller).await?;
        store::insert_user(&mut tx, &user).await.map_err(conflict_on_email)?;
        sub_admins_store::replace_permissions(&mut tx, &user.id, &grants).await?;
        Self::emit(&mut tx, events::SUB_ADMIN_CREATED, &user, None, None).await?;
        tx.commit().await?;
        Ok((user, grants))
    }

    pub async fn update_sub_admin(&self, caller: &Actor, id: &str, input: SubAdminInput) -> Result<(User, Grants)> {
        let held = self.authorise(caller, "edit").await?;
        not_self(caller, held.as_ref(), id, "You cannot edit your own account: ask the main admin")?;
        if held.is_some() && !input.password.is_empty() {
            return Err(Error::Forbidden(ONLY_MAIN_ADMIN_PASSWORD.into()));
        }
        let (first, last, email, grants) = Self::parse_sub_admin(&input, false)?;
        let hash =
            if input.password.is_empty() { None } else { Some(crate::password_hash::hash(&input.password).await?) };
        let mut tx = self.write(caller).await?;
        let existing =
            store::user_by_id(&mut tx, id).await?.filter(|u| u.admin_type == SUB_ADMIN).ok_or_else(not_found)?;
        let before = store::permissions(&mut tx, id).await?;
        within(held.as_ref(), &before)?;
        if held.is_some() && email != existing.email {
            return Err(Error::Forbidden(ONLY_MAIN_ADMIN_EMAIL.into()));
        }
        check_grant_change(held.as_ref(), &before, &grants)?;
        let fields_before = fields(&existing, before, false);
        sub_admins_store::update_profile(&mut tx, id, &first, &last, &email).await.map_err(conflict_on_email)?;
        sub_admins_store::replace_permissions(&mut tx, id, &grants).await?;
        let password_changed = hash.is_some();
        if let Some(h) = hash {
            store::set_password(&mut tx, id, &h).await?;
            Self::end_sessions(&mut tx, id, &existing.email).await?;
        }
        let user = store::user_by_id(&mut tx, id).await?.unwrap_or(existing);
        let fields_after = fields(&user, grants.clone(), password_changed);
        Self::emit(&mut tx, events::SUB_ADMIN_UPDATED, &user, Some(&fields_before), Some(fields_after)).await?;
        tx.commit().await?;
        Ok((user, grants))
    }

    pub async fn set_sub_admin_status(&self, caller: &Actor, id: &str, active: bool) -> Result<User> {
        let held = self.authorise(caller, "status").await?;
        not_self(caller, held.as_ref(), id, "You cannot change your own permissions or status")?;
        let mut tx = self.write(caller).await?;
        let existing =
            store::user_by_id(&mut tx, id).await?.filter(|u| u.admin_type == SUB_ADMIN).ok_or_else(not_found)?;
        within(held.as_ref(), &store::permissions(&mut tx, id).await?)?;
        store::set_active(&mut tx, id, active).await?;
        if !active {
            Self::end_sessions(&mut tx, id, &existing.email).await?;
        }
        let user = store::user_by_id(&mut tx, id).await?.ok_or_else(not_found)?;
        let (before, after) = (fields(&existing, vec![], false), fields(&user, vec![], false));
        Self::emit(&mut tx, events::SUB_ADMIN_STATUS_CHANGED, &user, Some(&before), Some(after)).await?;
        tx.commit().await?;
        Ok(user)
    }

    /// The display names of admin accounts ("First Last"; the main admin without a name is
    /// "Main Admin"); unknown ids are left out. At most 100 ids.
    pub async fn account_names(&self, ids: &[String]) -> Result<Vec<(String, String)>> {
        if ids.len() > 100 {
            return Err(Error::field("ids", "At most 100 accounts at once"));
        }
        let mut c = self.conn().await?;
        let mut out = Vec::new();
        for id in ids {
            if let Some(u) = store::user_by_id(&mut c, id).await? {
                let name = format!("{} {}", u.first_name.trim(), u.last_name.trim()).trim().to_string();
                let name = if name.is_empty() && u.admin_type != SUB_ADMIN { "Main Admin".to_string() } else { name };
                out.push((u.id, name));
            }
        }
        Ok(out)
    }

    pub async fn get_sub_admin(&self, caller: &Actor, id: &str) -> Result<(User, Grants)> {
        self.authorise(caller, "view").await?;
        let mut c = self.conn().await?;
        let user = store::user_by_id(&mut c, id).await?.filter(|u| u.admin_type == SUB_ADMIN).ok_or_else(not_found)?;
        let grants = store::permissions(&mut c, id).await?;
        Ok((user, grants))
    }

    /// A page of sub-admins, each with its grants (the console offers a row's actions only
    /// where the caller may act on it: `within`).
    pub async fn list_sub_admins(&self, caller: &Actor, q: &Page) -> Result<(Vec<(User, Grants)>, i64)> {
        self.authorise(caller, "view").await?;
        let mut check = Check::default();
        let paging = q.check(sub_admins_store::sort_column, &mut check);
        check.done()?;
        let mut c = self.conn().await?;
        let (users, total) =
            sub_admins_store::list_sub_admins(&mut c, q.search.trim(), paging.expect("checked")).await?;
        Ok((with_grants(&mut c, users).await?, total))
    }
}

impl Identity {
    /// Search everywhere (issue 36): sub-admins whose name or email contains the query, each
    /// with its grants; the caller must hold Sub Admin view, as for the list.
    pub async fn find_sub_admins(&self, caller: &Actor, f: &common::find::Find) -> Result<Vec<(User, Grants)>> {
        self.authorise(caller, "view").await?;
        let mut c = self.conn().await?;
        let users = sub_admins_store::find_sub_admins(&mut c, &f.text, f.limit).await?;
        with_grants(&mut c, users).await
    }
}

/// Each of `users` with its grants.
async fn with_grants(c: &mut sqlx::AnyConnection, users: Vec<User>) -> Result<Vec<(User, Grants)>> {
    let mut grants =
        sub_admins_store::permissions_of(c, &users.iter().map(|u| u.id.clone()).collect::<Vec<_>>()).await?;
    Ok(users
        .into_iter()
        .map(|u| {
            let g = grants.remove(&u.id).unwrap_or_default();
            (u, g)
        })
        .collect())
}

const SUB_ADMIN_SLUG: &str = "/sub_admin";

fn holds(grants: &[(String, Vec<String>)], slug: &str, action: &str) -> bool {
    grants.iter().any(|(s, a)| s == slug && a.iter().any(|x| x == action))
}

/// Checks that a caller holding `held` (`None`: the main admin) may change a sub-admin's
/// grants from `before` to `after` (a create changes them from nothing): every pair whose
/// holding changes must be one the caller holds, and Sub Admin pairs only the main admin
/// changes.
pub fn check_grant_change(
    held: Option<&Grants>,
    before: &[(String, Vec<String>)],
    after: &[(String, Vec<String>)],
) -> Result<()> {
    let Some(held) = held else { return Ok(()) };
    let mut refusal = None;
    for m in proto::modules::all() {
        for a in &m.actions {
            let granted = holds(after, &m.slug, a);
            if holds(before, &m.slug, a) == granted {
                continue;
            }
            if m.slug == SUB_ADMIN_SLUG {
                return Err(Error::Forbidden(if granted {
                    "Only the main admin can grant Sub Admin permissions".into()
                } else {
                    "Only the main admin can remove Sub Admin permissions".into()
                }));
            }
            if !holds(held, &m.slug, a) && refusal.is_none() {
                refusal = Some(if granted {
                    "You can only grant permissions you hold yourself"
                } else {
                    "You can only remove permissions you hold yourself"
                });
            }
        }
    }
    refusal.map_or(Ok(()), |m| Err(Error::Forbidden(m.into())))
}

pub const STRONGER_TARGET: &str = "This sub-admin holds permissions you do not hold: ask the main admin";
pub const ONLY_MAIN_ADMIN_PASSWORD: &str = "Only the main admin can set another account's password";
pub const ONLY_MAIN_ADMIN_EMAIL: &str = "Only the main admin can change another account's email";

/// Checks that a caller holding `held` (`None`: the main admin) may act on a sub-admin
/// holding `target`: every (module, action) pair of the target is one the caller holds,
/// Sub Admin pairs included.
pub(crate) fn within(held: Option<&Grants>, target: &[(String, Vec<String>)]) -> Result<()> {
    let Some(held) = held else { return Ok(()) };
    let covered = target.iter().all(|(slug, actions)| actions.iter().all(|a| holds(held, slug, a)));
    if covered { Ok(()) } else { Err(Error::Forbidden(STRONGER_TARGET.into())) }
}

/// A sub-admin never changes its own record through the sub-admin calls.
pub(crate) fn not_self(caller: &Actor, held: Option<&Grants>, target: &str, message: &str) -> Result<()> {
    if held.is_some() && caller.id == target { Err(Error::Forbidden(message.into())) } else { Ok(()) }
}

pub(crate) fn not_found() -> Error {
    Error::NotFound("Sub admin not found".into())
}

/// What a sub-admin's update event compares.
fn fields(u: &User, permissions: Grants, password_changed: bool) -> SubAdminFields {
    SubAdminFields {
        first_name: u.first_name.clone(),
        last_name: u.last_name.clone(),
        email: u.email.clone(),
        is_active: u.is_active,
        permissions: permissions.into_iter().map(|(slug, actions)| events::Permission { slug, actions }).collect(),
        password_changed,
    }
}
