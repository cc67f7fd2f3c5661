//! Nonprofits: validation of the record, its lifecycle (added, onboarded, activated,
//! deleted) and the event of each change, written in the same transaction. Its verification
//! is in charity_verification.rs, its lists in charity_list.rs, its payment methods in
//! payment_methods.rs.
//!
//! The domain's shapes ([`CharityInput`], [`Charity`]) are plain Rust; the gRPC module maps
//! them to and from the proto messages (which the BFF also uses as its JSON). The row is one
//! shape, `charity_store::Record`: an input sends its [`Profile`] with the Tax ID and the
//! payment methods, and a [`Charity`] is the record with what it shows besides (the Tax ID
//! as written, names, payment methods). A list answers the store's
//! `charity_list_store::CharityRow`.

pub use crate::charity_store::Profile;
use crate::charity_store::{self as store, Record};
use crate::error::{Error, Result};
use crate::events;
use crate::payment_methods::{
    PaymentMethodInput, PaymentMethodView, payment_view, same_methods, validate_payment_methods,
};
use crate::payment_methods_store;
use crate::service::Catalogue;
use common::Actor;
use common::db::unique_as;
use common::error::Check;
use common::rules::{Email, Phone, TaxId, Zip, text};
use common::write::Write;

/// A nonprofit as asked to be stored (create, update): every editable field.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CharityInput {
    pub tax_id: String,
    pub profile: Profile,
    /// None: unchanged (update) or none (create).
    pub payment_methods: Option<Vec<PaymentMethodInput>>,
}

/// A nonprofit as shown: the record with its Tax ID as written, its category's and causes'
/// names and its payment methods (only the last four account digits).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Charity {
    pub record: Record,
    /// 'XX-XXXXXXX'
    pub tax_id: String,
    pub category_name: String,
    pub causes: Vec<NamedRef>,
    pub payment_methods: Vec<PaymentMethodView>,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct NamedRef {
    pub id: String,
    pub name: String,
}
pub const PENDING: &str = "Pending";
pub const APPROVE: &str = "Approve";
pub const REJECT: &str = "Reject";
/// The account type whose changes of Tax ID or payment methods need a new approval.
pub const CHARITY_ADMIN: &str = "Charity Admin";

pub use common::rich_text::{sanitize_html, text_of};

fn valid_website(w: &str) -> bool {
    let rest = w.strip_prefix("https://").or_else(|| w.strip_prefix("http://"));
    match rest {
        Some(r) => {
            let host = r.split(['/', '?', '#']).next().unwrap_or("");
            host.contains('.') && !host.starts_with('.') && !w.chars().any(char::is_whitespace) && w.len() <= 500
        }
        None => false,
    }
}

/// A file name given by the media upload (no paths).
fn valid_file_name(f: &str) -> bool {
    !f.is_empty()
        && f.len() <= 200
        && f.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
        && !f.starts_with('.')
}

/// A value the console picks from a list (country, state, city), at most 100 characters.
fn selected(raw: &str, field: &str, label: &str, check: &mut Check) -> String {
    let v = raw.trim().to_string();
    if v.is_empty() {
        check.fail(field, format!("Please select {label}"));
    } else if v.chars().count() > 100 {
        check.fail(field, format!("{label} must be at most 100 characters"));
    }
    v
}

/// Checks and normalises the input; category and causes are checked against storage later.
pub fn validate(charity: &CharityInput, check: &mut Check) -> Record {
    let input = &charity.profile;
    let charity_name = input.charity_name.trim().to_string();
    if charity_name.is_empty() {
        check.fail("charityName", "Please enter Nonprofit Name");
    } else if !(2..=150).contains(&charity_name.chars().count()) {
        check.fail("charityName", "Nonprofit Name must be between 2 and 150 characters");
    }
    let ein = TaxId::parse(&charity.tax_id, "taxId", Some("Please enter Tax ID"), check)
        .map(TaxId::into_string)
        .unwrap_or_default();
    if input.category_id.trim().is_empty() {
        check.fail("categoryId", "Please select Category");
    }
    let mut cause_ids: Vec<String> = Vec::new();
    for c in &input.cause_ids {
        let c = c.trim().to_string();
        if !c.is_empty() && !cause_ids.contains(&c) {
            cause_ids.push(c);
        }
    }
    if cause_ids.is_empty() {
        check.fail("causeIds", "Please select Cause");
    }
    let mission = sanitize_html(&input.mission);
    if text_of(&mission).is_empty() {
        check.fail("mission", "Please enter Mission");
    } else if input.mission.chars().count() > 20_000 {
        check.fail("mission", "Mission must be at most 20,000 characters");
    }
    let description = sanitize_html(&input.description);
    if input.description.chars().count() > 20_000 {
        check.fail("description", "Description must be at most 20,000 characters");
    }
    let logo = input.logo.trim().to_string();
    if logo.is_empty() {
        check.fail("logo", "Please upload Logo");
    } else if !valid_file_name(&logo) {
        check.fail("logo", "Please upload a valid Logo");
    }
    let images: Vec<String> = input.images.iter().map(|i| i.trim().to_string()).filter(|i| !i.is_empty()).collect();
    if images.len() > 10 {
        check.fail("images", "At most 10 images are allowed");
    } else if images.iter().any(|i| !valid_file_name(i)) {
        check.fail("images", "Please upload valid images");
    }
    let website = input.website.trim().to_string();
    if !website.is_empty() && !valid_website(&website) {
        check.fail("website", "Please enter valid Website");
    }
    let email =
        Email::parse(&input.email, "email", "Please enter Email", check).map(Email::into_string).unwrap_or_default();
    let phone_number = Phone::parse(&input.phone_number, "phoneNumber", Some("Please enter Phone Number"), check)
        .map(Phone::into_string)
        .unwrap_or_default();
    let address = text(&input.address, "address", "Address", 300, true, check);
    let city = selected(&input.city, "city", "City", check);
    let state = selected(&input.state, "state", "State", check);
    let country = selected(&input.country, "country", "Country", check);
    let zip_code = Zip::parse(&input.zip_code, "zipCode", Some("Please enter Zip Code"), check)
        .map(Zip::into_string)
        .unwrap_or_default();
    let admin_first_name = text(&input.admin_first_name, "adminFirstName", "Admin First Name", 100, true, check);
    let admin_last_name = text(&input.admin_last_name, "adminLastName", "Admin Last Name", 100, true, check);
    let admin_email = Email::parse(&input.admin_email, "adminEmail", "Please enter Admin Email", check)
        .map(Email::into_string)
        .unwrap_or_default();
    let admin_phone =
        Phone::parse(&input.admin_phone, "adminPhone", None, check).map(Phone::into_string).unwrap_or_default();
    let profile = Profile {
        charity_name,
        category_id: input.category_id.trim().to_string(),
        cause_ids,
        mission,
        description,
        logo,
        images,
        website,
        email,
        phone_number,
        address,
        city,
        state,
        country,
        zip_code,
        country_id: input.country_id.trim().to_string(),
        state_id: input.state_id.trim().to_string(),
        city_id: input.city_id.trim().to_string(),
        admin_first_name,
        admin_last_name,
        admin_email,
        admin_phone,
    };
    Record { ein, profile, ..Record::default() }
}
pub(crate) fn not_found() -> Error {
    Error::NotFound("Nonprofit not found".into())
}

fn conflict(e: sqlx::Error) -> Error {
    unique_as(e, "Tax ID already exists")
}
impl Catalogue {
    /// A nonprofit's event; an update names the fields that changed since `before`.
    pub(crate) async fn emit_charity(w: &mut Write<'_>, key: &str, r: &Record, before: Option<&Record>) -> Result<()> {
        let changes =
            before.map(|b| common::bus::changes(b, r, &["updatedAt", "createdAt", "importHash"])).unwrap_or_default();
        let payload = events::Charity {
            id: r.id.clone(),
            charity_name: r.profile.charity_name.clone(),
            tax_id: store::format_ein(&r.ein),
            admin_verification: r.admin_verification.clone(),
            reject_reason: r.reject_reason.clone(),
            is_active: r.is_active,
            is_imported: r.is_imported,
            admin_email: r.profile.admin_email.clone(),
            admin_first_name: r.profile.admin_first_name.clone(),
            admin_last_name: r.profile.admin_last_name.clone(),
            logo: r.profile.logo.clone(),
            images: r.profile.images.clone(),
            changes,
        };
        w.emit(key, &payload).await
    }

    /// Category and causes must exist and be active.
    async fn check_terms(&self, c: &mut sqlx::AnyConnection, r: &Record, check: &mut Check) -> Result<()> {
        let r = &r.profile;
        if !r.category_id.is_empty()
            && store::term_names(c, "charity_categories", std::slice::from_ref(&r.category_id), true).await?.is_empty()
        {
            check.fail("categoryId", "Please select Category");
        }
        if !r.cause_ids.is_empty()
            && store::term_names(c, "causes", &r.cause_ids, true).await?.len() != r.cause_ids.len()
        {
            check.fail("causeIds", "Please select Cause");
        }
        Ok(())
    }

    /// Adds an onboarded nonprofit: approved by being added (decision in bff/API.md).
    pub async fn create_charity(&self, input: &CharityInput, actor: &Actor) -> Result<Charity> {
        let mut check = Check::default();
        let mut r = validate(input, &mut check);
        let methods = validate_payment_methods(input.payment_methods.as_deref().unwrap_or(&[]), &[], &mut check);
        let mut tx = self.write(actor).await?;
        self.check_terms(&mut tx, &r, &mut check).await?;
        check.done()?;
        let now = common::now_ms();
        r.id = common::new_id();
        r.admin_verification = APPROVE.into();
        r.admin_approve_at = Some(now);
        r.is_active = true;
        r.created_at = now;
        r.updated_at = now;
        store::insert(&mut tx, &r).await.map_err(conflict)?;
        payment_methods_store::replace_payment_methods(&mut tx, &r.id, &methods).await?;
        Self::emit_charity(&mut tx, events::CHARITY_CREATED, &r, None).await?;
        let out = self.view(&mut tx, r).await?;
        tx.commit().await?;
        Ok(out)
    }

    /// Replaces the editable fields. `onboard` turns an imported nonprofit into an onboarded one
    /// waiting for verification; editing a rejected one sends it back to Pending, and so does a
    /// nonprofit admin's change of where the money goes (Tax ID, payment methods).
    pub async fn update_charity(
        &self,
        id: &str,
        input: &CharityInput,
        onboard: bool,
        caller: &Actor,
    ) -> Result<Charity> {
        let mut check = Check::default();
        let fresh = validate(input, &mut check);
        let mut tx = self.write(caller).await?;
        let old = store::get(&mut tx, id).await?.ok_or_else(not_found)?;
        let old_methods = payment_methods_store::payment_methods(&mut tx, id).await?;
        let methods = input.payment_methods.as_ref().map(|p| validate_payment_methods(p, &old_methods, &mut check));
        self.check_terms(&mut tx, &fresh, &mut check).await?;
        check.done()?;
        if old.is_imported && !onboard {
            return Err(Error::field("onboard", "An imported nonprofit is edited by onboarding it"));
        }
        let mut r = Record {
            id: old.id.clone(),
            admin_verification: old.admin_verification.clone(),
            reject_reason: old.reject_reason.clone(),
            admin_approve_at: old.admin_approve_at,
            is_active: old.is_active,
            is_imported: old.is_imported,
            ntee_code: old.ntee_code.clone(),
            import_hash: old.import_hash.clone(),
            created_at: old.created_at,
            updated_at: common::now_ms(),
            ..fresh
        };
        let money_changed = r.ein != old.ein || methods.as_ref().is_some_and(|m| !same_methods(m, &old_methods));
        let verb = if old.is_imported {
            r.is_imported = false;
            r.admin_verification = PENDING.into();
            r.reject_reason.clear();
            r.admin_approve_at = None;
            events::CHARITY_ONBOARDED
        } else if old.admin_verification == REJECT || (caller.account_type == CHARITY_ADMIN && money_changed) {
            r.admin_verification = PENDING.into();
            r.admin_approve_at = None;
            events::CHARITY_RESUBMITTED
        } else {
            events::CHARITY_UPDATED
        };
        store::update(&mut tx, &r).await.map_err(conflict)?;
        if let Some(methods) = methods {
            payment_methods_store::replace_payment_methods(&mut tx, &r.id, &methods).await?;
        }
        Self::emit_charity(&mut tx, verb, &r, Some(&old)).await?;
        let out = self.view(&mut tx, r).await?;
        tx.commit().await?;
        Ok(out)
    }

    pub async fn get_charity(&self, id: &str) -> Result<Charity> {
        let mut c = self.db.pool.acquire().await?;
        let r = store::get(&mut c, id).await?.ok_or_else(not_found)?;
        self.view(&mut c, r).await
    }

    pub async fn payment_methods(&self, id: &str) -> Result<Vec<PaymentMethodView>> {
        let mut c = self.db.pool.acquire().await?;
        store::get(&mut c, id).await?.ok_or_else(not_found)?;
        Ok(payment_methods_store::payment_methods(&mut c, id).await?.into_iter().map(payment_view).collect())
    }

    pub async fn set_charity_active(&self, id: &str, active: bool, actor: &Actor) -> Result<Charity> {
        let mut tx = self.write(actor).await?;
        let mut r = store::get(&mut tx, id).await?.ok_or_else(not_found)?;
        let old = r.clone();
        if r.is_imported {
            return Err(Error::field("isActive", "An imported nonprofit has no status until it is onboarded"));
        }
        r.is_active = active;
        r.updated_at = common::now_ms();
        store::update(&mut tx, &r).await?;
        Self::emit_charity(&mut tx, events::CHARITY_STATUS_CHANGED, &r, Some(&old)).await?;
        let out = self.view(&mut tx, r).await?;
        tx.commit().await?;
        Ok(out)
    }

    /// The full record with category and cause names and payment methods.
    pub(crate) async fn view(&self, c: &mut sqlx::AnyConnection, r: Record) -> Result<Charity> {
        let p = &r.profile;
        let category_name = store::term_names(c, "charity_categories", std::slice::from_ref(&p.category_id), false)
            .await?
            .into_iter()
            .next()
            .map(|(_, n)| n)
            .unwrap_or_default();
        let causes = store::term_names(c, "causes", &p.cause_ids, false)
            .await?
            .into_iter()
            .map(|(id, name)| NamedRef { id, name })
            .collect();
        let payment_methods =
            payment_methods_store::payment_methods(c, &r.id).await?.into_iter().map(payment_view).collect();
        Ok(Charity { tax_id: store::format_ein(&r.ein), category_name, causes, payment_methods, record: r })
    }
}
