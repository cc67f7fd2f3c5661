//! Nonprofits: validation of the record, its lifecycle (added, onboarded, verified,
//! activated, deleted) and the event of each change, written in the same transaction.
//!
//! The domain's shapes ([`CharityInput`], [`Charity`], [`CharityRow`]) are plain Rust; the
//! gRPC module maps them to and from the proto messages (which the BFF also uses as its
//! JSON). Storage is `charity_store::Record`.

use crate::charity_store::{self as store, Filter, PaymentMethod, Record};
use crate::error::{Error, Result};
use crate::events;
use crate::list_cache::{ListKey, PositionsKey};
use crate::service::Catalogue;
use common::Actor;
use common::db::unique_as;
use common::error::Check;
use common::paging::Page;
use common::rules;
use common::write::Write;
use std::sync::Arc;

/// A nonprofit as asked to be stored (create, update): every editable field.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CharityInput {
    pub charity_name: String,
    pub tax_id: String,
    pub category_id: String,
    pub cause_ids: Vec<String>,
    pub mission: String,
    pub description: String,
    pub logo: String,
    pub images: Vec<String>,
    pub website: String,
    pub email: String,
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
    /// None: unchanged (update) or none (create).
    pub payment_methods: Option<Vec<PaymentMethodInput>>,
}

/// A bank account to store, or (`id` set) a stored one to keep as it is.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PaymentMethodInput {
    pub method_type: String,
    pub bank_name: String,
    pub account_holder: String,
    pub routing_number: String,
    pub account_number: String,
    pub id: String,
}

/// A nonprofit as shown: the record with its category's and causes' names and its payment
/// methods (only the last four account digits).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Charity {
    pub id: String,
    pub charity_name: String,
    /// 'XX-XXXXXXX'
    pub tax_id: String,
    pub category_id: String,
    pub category_name: String,
    pub cause_ids: Vec<String>,
    pub causes: Vec<NamedRef>,
    pub mission: String,
    pub description: String,
    pub logo: String,
    pub images: Vec<String>,
    pub website: String,
    pub email: String,
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
    pub payment_methods: Vec<PaymentMethodView>,
    pub admin_verification: String,
    pub reject_reason: String,
    pub admin_approve_at: Option<i64>,
    pub is_active: bool,
    pub is_imported: bool,
    pub ntee_code: String,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct NamedRef {
    pub id: String,
    pub name: String,
}

/// A stored payment method as shown.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PaymentMethodView {
    pub id: String,
    pub method_type: String,
    pub bank_name: String,
    pub account_holder: String,
    pub last4: String,
    pub is_default: bool,
}

/// A nonprofit in a list.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CharityRow {
    pub id: String,
    pub charity_name: String,
    pub tax_id: String,
    pub admin_approve_at: Option<i64>,
    pub is_active: bool,
    pub admin_verification: String,
    pub reject_reason: String,
    pub is_imported: bool,
    pub created_at: i64,
}

pub const PENDING: &str = "Pending";
pub const APPROVE: &str = "Approve";
pub const REJECT: &str = "Reject";
/// The account type whose changes of Tax ID or payment methods need a new approval.
pub const CHARITY_ADMIN: &str = "Charity Admin";

pub use common::rich_text::{sanitize_html, text_of};

use common::rules::digits;

/// Nine digits from 'XX-XXXXXXX' or 'XXXXXXXXX'; None otherwise.
pub fn parse_ein(raw: &str) -> Option<String> {
    rules::ein(raw)
}

/// A US zip code: five digits, or five plus four.
pub fn valid_zip(z: &str) -> bool {
    rules::is_zip(z)
}

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

fn text(raw: &str, field: &str, label: &str, max: usize, required: bool, check: &mut Check) -> String {
    let v = raw.trim().to_string();
    if required && v.is_empty() {
        check.fail(field, format!("Please enter {label}"));
    } else if v.chars().count() > max {
        check.fail(field, format!("{label} must be at most {max} characters"));
    }
    v
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
pub fn validate(input: &CharityInput, check: &mut Check) -> Record {
    let charity_name = input.charity_name.trim().to_string();
    if charity_name.is_empty() {
        check.fail("charityName", "Please enter Nonprofit Name");
    } else if !(2..=150).contains(&charity_name.chars().count()) {
        check.fail("charityName", "Nonprofit Name must be between 2 and 150 characters");
    }
    let ein = match parse_ein(&input.tax_id) {
        Some(e) => e,
        None if input.tax_id.trim().is_empty() => {
            check.fail("taxId", "Please enter Tax ID");
            String::new()
        }
        None => {
            check.fail("taxId", "Please enter valid Tax ID");
            String::new()
        }
    };
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
    let email = input.email.trim().to_lowercase();
    if email.is_empty() {
        check.fail("email", "Please enter Email");
    } else if !rules::is_email(&email) {
        check.fail("email", rules::INVALID_EMAIL);
    }
    let phone_number = digits(&input.phone_number);
    if input.phone_number.trim().is_empty() {
        check.fail("phoneNumber", "Please enter Phone Number");
    } else if rules::phone(&input.phone_number).is_none() {
        check.fail("phoneNumber", "Please enter valid Phone Number");
    }
    let address = text(&input.address, "address", "Address", 300, true, check);
    let city = selected(&input.city, "city", "City", check);
    let state = selected(&input.state, "state", "State", check);
    let country = selected(&input.country, "country", "Country", check);
    let zip_code = input.zip_code.trim().to_string();
    if zip_code.is_empty() {
        check.fail("zipCode", "Please enter Zip Code");
    } else if !valid_zip(&zip_code) {
        check.fail("zipCode", "Please enter valid Zip Code");
    }
    let admin_first_name = text(&input.admin_first_name, "adminFirstName", "Admin First Name", 100, true, check);
    let admin_last_name = text(&input.admin_last_name, "adminLastName", "Admin Last Name", 100, true, check);
    let admin_email = input.admin_email.trim().to_lowercase();
    if admin_email.is_empty() {
        check.fail("adminEmail", "Please enter Admin Email");
    } else if !rules::is_email(&admin_email) {
        check.fail("adminEmail", rules::INVALID_EMAIL);
    }
    let admin_phone = digits(&input.admin_phone);
    if !input.admin_phone.trim().is_empty() && rules::phone(&input.admin_phone).is_none() {
        check.fail("adminPhone", "Please enter valid Phone Number");
    }
    Record {
        charity_name,
        ein,
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
        ..Record::default()
    }
}

/// Checks bank accounts; only the last four account digits are kept.
/// `existing` are the stored methods an item may keep by giving its `_id`.
pub fn validate_payment_methods(
    items: &[PaymentMethodInput],
    existing: &[PaymentMethod],
    check: &mut Check,
) -> Vec<PaymentMethod> {
    if items.len() > 5 {
        check.fail("paymentMethods", "At most 5 payment methods are allowed");
    }
    let mut out = Vec::new();
    for (i, m) in items.iter().enumerate() {
        let at = |f: &str| format!("paymentMethods[{i}].{f}");
        if !m.id.is_empty() {
            match existing.iter().find(|e| e.id == m.id) {
                Some(e) => out.push(PaymentMethod { is_default: i == 0, ..e.clone() }),
                None => check.fail(&at("_id"), "Payment method not found"),
            }
            continue;
        }
        let method_type =
            if m.method_type.trim().is_empty() { "bank_account".to_string() } else { m.method_type.trim().to_string() };
        if method_type != "bank_account" {
            check.fail(&at("type"), "Only bank accounts are supported");
        }
        let bank_name = m.bank_name.trim().to_string();
        if bank_name.is_empty() || bank_name.chars().count() > 100 {
            check.fail(&at("bankName"), "Please enter Bank Name");
        }
        let account_holder = m.account_holder.trim().to_string();
        if account_holder.is_empty() || account_holder.chars().count() > 100 {
            check.fail(&at("accountHolder"), "Please enter Account Holder Name");
        }
        let routing = m.routing_number.trim();
        if routing.len() != 9 || !routing.chars().all(|c| c.is_ascii_digit()) {
            check.fail(&at("routingNumber"), "Please enter valid Routing Number");
        }
        let account = m.account_number.trim();
        if !(4..=17).contains(&account.len()) || !account.chars().all(|c| c.is_ascii_digit()) {
            check.fail(&at("accountNumber"), "Please enter valid Account Number");
        }
        out.push(PaymentMethod {
            id: common::new_id(),
            method_type,
            bank_name,
            account_holder,
            routing_number: routing.to_string(),
            last4: account.get(account.len().saturating_sub(4)..).unwrap_or("").to_string(),
            is_default: i == 0,
        });
    }
    out
}

fn not_found() -> Error {
    Error::NotFound("Nonprofit not found".into())
}

fn conflict(e: sqlx::Error) -> Error {
    unique_as(e, "Tax ID already exists")
}

/// A nonprofit list: its page and its own filters.
#[derive(Debug, Clone, Default)]
pub struct ListQuery {
    pub page: Page,
    /// Imported nonprofits (the navigator) or onboarded ones.
    pub imported: bool,
    /// '' = any.
    pub verification: String,
}

impl Catalogue {
    /// A nonprofit's event; an update names the fields that changed since `before`.
    async fn emit_charity(w: &mut Write<'_>, key: &str, r: &Record, before: Option<&Record>) -> Result<()> {
        let changes =
            before.map(|b| common::bus::changes(b, r, &["updatedAt", "createdAt", "importHash"])).unwrap_or_default();
        let payload = events::Charity {
            id: r.id.clone(),
            charity_name: r.charity_name.clone(),
            tax_id: store::format_ein(&r.ein),
            admin_verification: r.admin_verification.clone(),
            reject_reason: r.reject_reason.clone(),
            is_active: r.is_active,
            is_imported: r.is_imported,
            admin_email: r.admin_email.clone(),
            admin_first_name: r.admin_first_name.clone(),
            admin_last_name: r.admin_last_name.clone(),
            logo: r.logo.clone(),
            images: r.images.clone(),
            changes,
        };
        w.emit(key, &payload).await
    }

    /// Category and causes must exist and be active.
    async fn check_terms(&self, c: &mut sqlx::AnyConnection, r: &Record, check: &mut Check) -> Result<()> {
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
        store::replace_payment_methods(&mut tx, &r.id, &methods).await?;
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
        let old_methods = store::payment_methods(&mut tx, id).await?;
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
            store::replace_payment_methods(&mut tx, &r.id, &methods).await?;
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
        Ok(store::payment_methods(&mut c, id).await?.into_iter().map(payment_view).collect())
    }

    pub async fn delete_charity(&self, id: &str, actor: &Actor) -> Result<()> {
        if id.trim().is_empty() {
            return Err(Error::field("id", "id is required"));
        }
        let mut tx = self.write(actor).await?;
        let r = store::get(&mut tx, id).await?.ok_or_else(not_found)?;
        store::delete(&mut tx, id).await?;
        Self::emit_charity(&mut tx, events::CHARITY_DELETED, &r, None).await?;
        tx.commit().await?;
        Ok(())
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

    /// Approve (stamps adminApproveAt) or Reject (a reason is required).
    pub async fn change_verification(
        &self,
        id: &str,
        verification: &str,
        reason: &str,
        actor: &Actor,
    ) -> Result<Charity> {
        let mut check = Check::default();
        if id.trim().is_empty() {
            check.fail("charityId", "charityId is required");
        }
        let reason = reason.trim();
        match verification {
            APPROVE => {}
            REJECT if reason.is_empty() => check.fail("rejectReason", "Please Enter Add Reason"),
            REJECT if reason.chars().count() > 1000 => {
                check.fail("rejectReason", "Reason must be at most 1000 characters")
            }
            REJECT => {}
            _ => check.fail("adminVerification", "adminVerification must be Approve or Reject"),
        }
        check.done()?;
        let mut tx = self.write(actor).await?;
        let mut r = store::get(&mut tx, id).await?.ok_or_else(not_found)?;
        let old = r.clone();
        if r.is_imported {
            return Err(Error::field("charityId", "An imported nonprofit must be onboarded before it is verified"));
        }
        if r.admin_verification == verification {
            return Err(Error::Conflict(format!(
                "Nonprofit is already {}",
                if verification == APPROVE { "approved" } else { "rejected" }
            )));
        }
        let now = common::now_ms();
        r.admin_verification = verification.to_string();
        if verification == APPROVE {
            r.reject_reason.clear();
            r.admin_approve_at = Some(now);
        } else {
            r.reject_reason = reason.to_string();
            r.admin_approve_at = None;
        }
        r.updated_at = now;
        store::update(&mut tx, &r).await?;
        let key = if verification == APPROVE { events::CHARITY_VERIFIED } else { events::CHARITY_REJECTED };
        Self::emit_charity(&mut tx, key, &r, Some(&old)).await?;
        let out = self.view(&mut tx, r).await?;
        tx.commit().await?;
        Ok(out)
    }

    pub async fn list_charities(&self, q: &ListQuery) -> Result<(Vec<CharityRow>, i64)> {
        let mut check = Check::default();
        let paging = q.page.check(store::sort_column, &mut check);
        if !matches!(q.verification.as_str(), "" | PENDING | APPROVE | REJECT) {
            check.fail("adminVerification", "adminVerification must be Pending, Approve or Reject");
        }
        check.done()?;
        let common::paging::Paging { column, descending, limit, offset } = paging.expect("checked");
        // The search applies past 2 characters (SPEC section 5).
        let key = store::name_key(&q.page.search);
        let search = if key.chars().count() > 2 { key } else { String::new() };
        let compact: String = search.chars().filter(|c| *c != '-').collect();
        let ein_digits = (!compact.is_empty() && compact.chars().all(|c| c.is_ascii_digit())).then_some(compact);
        let f = Filter {
            imported: q.imported,
            verification: &q.verification,
            search: &search,
            ein_digits,
            names_fts: false,
        };
        let order = store::Order { column, descending };
        let rows = self.list_page(&f, order, limit, offset).await?;
        Ok((rows.0.iter().map(store::row).collect(), rows.1))
    }

    /// A page of a nonprofit list and its total. A first page with no search reads a few
    /// index entries and a kept count. Otherwise the list version decides what can be reused
    /// (see list_cache): a list of at most `all_positions_up_to` rows keeps every row's
    /// position (its pages are then read by id, its total is their number); a longer one keeps
    /// its total (counted once when searched) and every `sparse_every`-th row's position, from
    /// which a deep page seeks, skipping fewer than `sparse_every` index entries.
    async fn list_page(
        &self,
        f: &Filter<'_>,
        order: store::Order,
        limit: i64,
        offset: i64,
    ) -> Result<(Vec<Record>, i64)> {
        let pool = &self.db.pool;
        let (all_up_to, sparse_every) = (self.lists.all_positions_up_to, self.lists.sparse_every);
        if f.search.is_empty() && offset < sparse_every {
            return Ok(store::page_with_total(&mut *pool.acquire().await?, f, order, limit, offset).await?);
        }
        // Each step takes a connection only for its own statement: callers waiting for an
        // answer another caller is working out hold none.
        let (version, counted) = store::version_and_total(&mut *pool.acquire().await?, f).await?;
        let list = ListKey {
            version,
            imported: f.imported,
            verification: f.verification.to_string(),
            search: f.search.to_string(),
        };
        let positions = |every: i64, at_most: i64| {
            let key = PositionsKey { list: list.clone(), order, every };
            self.lists.positions.get_or_try_init(key, move || async move {
                let mut c = pool.acquire().await?;
                // A search that few names match anywhere: SQLite finds them by its trigram
                // table (PostgreSQL's planner picks its trigram index by itself).
                let few = every == 1
                    && !f.search.is_empty()
                    && self.db.backend == common::db::Backend::Sqlite
                    && store::few_name_matches(&mut c, f.search, at_most).await?;
                let by_trigrams = Filter { names_fts: few, ..f.clone() };
                let found = store::positions(&mut c, &by_trigrams, order, every, at_most).await?;
                // Every row's, or none: a list longer than `at_most` keeps sparse positions.
                Ok::<_, sqlx::Error>(found.filter(|p| every > 1 || (p.len() as i64) < at_most).map(Arc::new))
            })
        };
        if counted.is_none_or(|n| n <= all_up_to)
            && let Some(all) = positions(1, all_up_to + 1).await?
        {
            let from = (offset as usize).min(all.len());
            let rows = store::page(
                &mut *pool.acquire().await?,
                f,
                order,
                limit,
                store::Start::Rows(&all[from..(from + limit as usize).min(all.len())]),
            )
            .await?;
            return Ok((rows, all.len() as i64));
        }
        let total = match counted {
            Some(n) => n,
            None => {
                self.lists
                    .totals
                    .get_or_try_init(list.clone(), || async { store::total(&mut *pool.acquire().await?, f).await })
                    .await?
            }
        };
        let sparse = if offset >= sparse_every { positions(sparse_every, i64::MAX).await? } else { None };
        let start = match sparse.as_deref() {
            Some(sparse) if !sparse.is_empty() => {
                let i = ((offset / sparse_every) as usize).min(sparse.len() - 1);
                store::Start::Seek(&sparse[i], offset - i as i64 * sparse_every)
            }
            _ => store::Start::Offset(offset),
        };
        let rows = store::page(&mut *pool.acquire().await?, f, order, limit, start).await?;
        Ok((rows, total))
    }

    pub async fn active_charities(&self) -> Result<Vec<(String, String)>> {
        Ok(store::active(&mut *self.db.pool.acquire().await?).await?)
    }

    /// The full record with category and cause names and payment methods.
    async fn view(&self, c: &mut sqlx::AnyConnection, r: Record) -> Result<Charity> {
        let category_name = store::term_names(c, "charity_categories", std::slice::from_ref(&r.category_id), false)
            .await?
            .into_iter()
            .next()
            .map(|(_, n)| n)
            .unwrap_or_default();
        let causes = store::term_names(c, "causes", &r.cause_ids, false)
            .await?
            .into_iter()
            .map(|(id, name)| NamedRef { id, name })
            .collect();
        let payment_methods = store::payment_methods(c, &r.id).await?.into_iter().map(payment_view).collect();
        Ok(Charity {
            tax_id: store::format_ein(&r.ein),
            id: r.id,
            charity_name: r.charity_name,
            category_id: r.category_id,
            category_name,
            cause_ids: r.cause_ids,
            causes,
            mission: r.mission,
            description: r.description,
            logo: r.logo,
            images: r.images,
            website: r.website,
            email: r.email,
            phone_number: r.phone_number,
            address: r.address,
            city: r.city,
            state: r.state,
            country: r.country,
            zip_code: r.zip_code,
            country_id: r.country_id,
            state_id: r.state_id,
            city_id: r.city_id,
            admin_first_name: r.admin_first_name,
            admin_last_name: r.admin_last_name,
            admin_email: r.admin_email,
            admin_phone: r.admin_phone,
            payment_methods,
            admin_verification: r.admin_verification,
            reject_reason: r.reject_reason,
            admin_approve_at: r.admin_approve_at,
            is_active: r.is_active,
            is_imported: r.is_imported,
            ntee_code: r.ntee_code,
            created_at: r.created_at,
            updated_at: r.updated_at,
        })
    }
}

/// Whether the methods are the stored ones, in the same order (the first is the default).
fn same_methods(new: &[PaymentMethod], old: &[PaymentMethod]) -> bool {
    new.len() == old.len() && new.iter().zip(old).all(|(n, o)| n.id == o.id)
}

fn payment_view(m: PaymentMethod) -> PaymentMethodView {
    PaymentMethodView {
        id: m.id,
        method_type: m.method_type,
        bank_name: m.bank_name,
        account_holder: m.account_holder,
        last4: m.last4,
        is_default: m.is_default,
    }
}
