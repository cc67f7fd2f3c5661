//! The giving domain: donors, each change with its event in the same transaction.

use crate::counters_store;
use crate::donor_totals_store;
use crate::events;
use crate::fees;
use crate::store::{self, Donor, Filter};
use common::Actor;
use common::db::{Db, unique_on};
use common::error::{Check, Error, Result};
use common::outbox::Relay;
use common::paging::Page;
use common::rules::{Email, Phone, optional_text, text};
use common::write::{self, Write};

#[derive(Clone)]
pub struct Giving {
    pub db: Db,
    pub relay: Option<Relay>,
    /// The transaction list's day counts, kept for a moment (see crate::tx_index).
    pub days: std::sync::Arc<crate::tx_index::DayCache>,
}

/// What a donor form sends (create and update): the donor's own fields, first name to zip
/// code. Its id, active flag, times and totals are the service's and never read.
pub type DonorInput = Donor;

/// A donor list query: the page and an optional active filter.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub page: Page,
    pub is_active: Option<bool>,
}

pub const NOT_FOUND: &str = "Donor not found";
pub const EMAIL_TAKEN: &str = "Email already exists";

/// Checks a donor form (SPEC section 5's messages): names and email required, phone and zip
/// optional but well-formed. Answers the form's fields, normalised (the rest is empty).
fn parse(i: &DonorInput, check: &mut Check) -> DonorInput {
    let first_name = text(&i.first_name, "firstName", "First Name", 50, true, check);
    let last_name = text(&i.last_name, "lastName", "Last Name", 50, true, check);
    let email =
        Email::parse(&i.email, "email", "Please enter Email", check).map(Email::into_string).unwrap_or_default();
    let phone_number =
        Phone::parse(&i.phone_number, "phoneNumber", None, check).map(Phone::into_string).unwrap_or_default();
    DonorInput {
        first_name,
        last_name,
        email,
        phone_number,
        avatar: optional_text(&i.avatar, "avatar", "Avatar", 500, check),
        location: i.location.checked(optional_text(&i.location.address, "address", "Address", 200, check), check),
        ..Donor::default()
    }
}

pub(crate) fn not_found() -> Error {
    Error::NotFound(NOT_FOUND.into())
}

fn taken(e: sqlx::Error) -> Error {
    unique_on(e, "email", EMAIL_TAKEN)
}

impl Giving {
    pub fn new(db: Db, relay: Option<Relay>) -> Self {
        Self { db, relay, days: Default::default() }
    }

    /// Begins a write for `actor` (see common::write).
    async fn write(&self, actor: &Actor) -> Result<Write<'_>> {
        write::begin(&self.db, self.relay.as_ref(), actor).await
    }

    /// A donor's event; an update names what changed since `before`.
    pub(crate) async fn emit(w: &mut Write<'_>, key: &str, d: &Donor, before: Option<&Donor>) -> Result<()> {
        let changes = before.map(|b| common::bus::changes(b, d, &["createdAt", "updatedAt"])).unwrap_or_default();
        let payload = events::Donor {
            id: d.id.clone(),
            first_name: d.first_name.clone(),
            last_name: d.last_name.clone(),
            email: d.email.clone(),
            is_active: d.is_active,
            avatar: d.avatar.clone(),
            changes,
        };
        w.emit(key, &payload).await
    }

    pub async fn create_donor(&self, input: &DonorInput, actor: &Actor) -> Result<Donor> {
        self.create_donor_at(input, 0, actor).await
    }

    /// Creates a donor who joined at `created_at` (now when 0; the seed command back-dates):
    /// the donor counters and the month's new donors count it in the same write.
    pub async fn create_donor_at(&self, input: &DonorInput, created_at: i64, actor: &Actor) -> Result<Donor> {
        let mut check = Check::default();
        let i = parse(input, &mut check);
        check.done()?;
        let now = if created_at > 0 { created_at } else { common::now_ms() };
        let d = Donor { id: common::new_id(), is_active: true, created_at: now, updated_at: now, ..i };
        let mut w = self.write(actor).await?;
        store::insert(&mut w, &d).await.map_err(taken)?;
        counters_store::add_counters(&mut w, &[("donors", 1), ("active_donors", 1)]).await?;
        counters_store::add_month(&mut w, fees::year_month(d.created_at), 1, 0, 0).await?;
        Self::emit(&mut w, events::DONOR_CREATED, &d, None).await?;
        w.commit().await?;
        self.days.names_changed();
        Ok(d)
    }

    pub async fn update_donor(&self, id: &str, input: &DonorInput, actor: &Actor) -> Result<Donor> {
        let mut check = Check::default();
        let i = parse(input, &mut check);
        check.done()?;
        let mut w = self.write(actor).await?;
        w.lock_row("donors", id).await?;
        let old = store::get(&mut w, id).await?.ok_or_else(not_found)?;
        // The form's fields; what the service holds stays.
        let d = Donor {
            id: old.id.clone(),
            is_active: old.is_active,
            created_at: old.created_at,
            updated_at: common::now_ms(),
            total_given_cents: old.total_given_cents,
            donations_count: old.donations_count,
            ..i
        };
        store::update(&mut w, &d).await.map_err(taken)?;
        donor_totals_store::rename_donor_recipients(&mut w, &d.id, &store::name_key(&d.first_name, &d.last_name))
            .await?;
        Self::emit(&mut w, events::DONOR_UPDATED, &d, Some(&old)).await?;
        w.commit().await?;
        self.days.names_changed();
        Ok(d)
    }

    pub async fn set_donor_active(&self, id: &str, active: bool, actor: &Actor) -> Result<Donor> {
        let mut w = self.write(actor).await?;
        w.lock_row("donors", id).await?;
        let old = store::get(&mut w, id).await?.ok_or_else(not_found)?;
        store::set_active(&mut w, id, active).await?;
        if old.is_active != active {
            counters_store::add_counter(&mut w, "active_donors", if active { 1 } else { -1 }).await?;
        }
        let d = store::get(&mut w, id).await?.ok_or_else(not_found)?;
        Self::emit(&mut w, events::DONOR_STATUS, &d, Some(&old)).await?;
        w.commit().await?;
        Ok(d)
    }

    /// Donors' display names by id (at most 1,000); unknown ids are left out.
    pub async fn donor_names(&self, ids: &[String]) -> Result<Vec<(String, String)>> {
        if ids.len() > 1000 {
            return Err(Error::field("ids", "At most 1000 donors at once"));
        }
        Ok(store::names(&mut *self.db.pool.acquire().await?, ids).await?)
    }

    pub async fn get_donor(&self, id: &str) -> Result<Donor> {
        store::get(&mut *self.db.pool.acquire().await?, id).await?.ok_or_else(not_found)
    }

    pub async fn list_donors(&self, q: &ListQuery) -> Result<(Vec<Donor>, i64)> {
        let mut check = Check::default();
        let paging = q.page.check(store::sort_column, &mut check);
        check.done()?;
        let filter = Filter { search: q.page.search.trim().to_lowercase(), is_active: q.is_active };
        Ok(store::list(&mut *self.db.pool.acquire().await?, &filter, paging.expect("checked")).await?)
    }
}
