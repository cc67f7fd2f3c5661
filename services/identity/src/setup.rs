//! Accounts the service makes itself, not through the sub-admin calls: the main admin on
//! the first start, and a nonprofit admin for a nonprofit (the catalogue's onboarding).

use crate::error::Result;
use crate::service::{Identity, conflict_on_email};
use crate::store::{self, ADMIN, CHARITY_ADMIN, User};
use crate::validate::{Check, Email, name, password_rules};
use common::Actor;

impl Identity {
    /// Creates the main admin on first start; answers the generated password when none was given.
    pub async fn ensure_main_admin(&self, email: &str, password: Option<&str>) -> anyhow::Result<Option<String>> {
        if store::any_of_type(&mut *self.conn().await?, ADMIN).await? {
            return Ok(None);
        }
        let generated = password.is_none().then(|| tokens::random_token()[..16].to_string());
        let pw = password.map(str::to_string).or(generated.clone()).unwrap_or_default();
        let now = common::now_ms();
        let user = User {
            id: common::new_id(),
            email: email.trim().to_lowercase(),
            password_hash: crate::password_hash::hash(&pw).await?,
            first_name: "Main".into(),
            last_name: "Admin".into(),
            admin_type: ADMIN.into(),
            charity_id: None,
            is_active: true,
            session_version: 1,
            created_at: now,
        };
        let mut w = self.write(&Actor::system()).await?;
        store::insert_user(&mut w, &user).await?;
        w.commit().await?;
        tracing::info!(email = %user.email, "main admin created");
        Ok(generated)
    }

    /// Creates a nonprofit-admin account for a nonprofit (used by the catalogue's onboarding).
    pub async fn create_charity_admin(
        &self,
        email: &str,
        password: &str,
        first: &str,
        last: &str,
        charity_id: &str,
    ) -> Result<User> {
        let mut check = Check::default();
        let email = Email::parse(email, "email", "Email is required", &mut check);
        password_rules(password, "password", "Password", "Password is required", &mut check);
        let first = name(first, "firstName", "First Name", &mut check);
        let last = name(last, "lastName", "Last Name", &mut check);
        check.done()?;
        let user = User {
            id: common::new_id(),
            email: email.expect("validated").as_str().to_string(),
            password_hash: crate::password_hash::hash(password).await?,
            first_name: first,
            last_name: last,
            admin_type: CHARITY_ADMIN.into(),
            charity_id: Some(charity_id.to_string()),
            is_active: true,
            session_version: 1,
            created_at: common::now_ms(),
        };
        let mut w = self.write(&Actor::system()).await?;
        store::insert_user(&mut w, &user).await.map_err(conflict_on_email)?;
        w.commit().await?;
        Ok(user)
    }
}
