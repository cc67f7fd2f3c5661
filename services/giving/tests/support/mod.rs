//! What the money tests share: a service over a fresh database, donors, donations, reads.
#![allow(dead_code)]

use common::Actor;
use common::error::Error;
use common::paging::Page;
use giving::donations::DonationInput;
use giving::gifts::Recipient;
use giving::service::{DonorInput, Giving};
use giving::store::Donor;
use giving::transaction::Transaction;

pub fn giving(db: common::db::Db) -> Giving {
    Giving::new(db, None)
}

pub fn message(e: Error) -> String {
    match e {
        Error::Validation(v) => v[0].message.clone(),
        other => other.to_string(),
    }
}

pub fn field(e: Error) -> String {
    match e {
        Error::Validation(v) => v[0].field.clone(),
        other => format!("not a validation error: {other}"),
    }
}

pub fn admin() -> Actor {
    Actor::new("admin-1", "Admin", "127.0.0.1")
}

pub async fn donor(g: &Giving, first: &str, last: &str) -> Donor {
    let input = DonorInput {
        first_name: first.into(),
        last_name: last.into(),
        email: format!("{}.{}@example.org", first.to_lowercase(), last.to_lowercase()),
        ..Default::default()
    };
    g.create_donor(&input, &admin()).await.unwrap()
}

pub fn charity(id: &str, name: &str) -> Recipient {
    Recipient { kind: "charity".into(), id: id.into(), name: name.into() }
}

pub fn gift(donor_id: &str, to: Recipient, cents: i64, reference: &str) -> DonationInput {
    DonationInput {
        donor_id: donor_id.into(),
        recipient: to,
        amount_cents: cents,
        currency: "usd".into(),
        payment_method: "card".into(),
        provider_reference: reference.into(),
        ..Default::default()
    }
}

pub async fn give(g: &Giving, d: &Donor, to: Recipient, cents: i64, reference: &str) -> Transaction {
    g.record_donation(&gift(&d.id, to, cents, reference), &admin()).await.unwrap()
}

pub fn page(page: i64, limit: i64, search: &str, column: &str, order: &str) -> Page {
    Page { page, limit, search: search.into(), column: column.into(), order: order.into() }
}

pub async fn events(g: &Giving) -> Vec<String> {
    sqlx::query_scalar("SELECT event_type FROM outbox ORDER BY created_at, id").fetch_all(&g.db.pool).await.unwrap()
}

pub async fn bodies(g: &Giving, kind: &str) -> Vec<serde_json::Value> {
    let rows: Vec<String> = sqlx::query_scalar("SELECT body FROM outbox WHERE event_type = $1 ORDER BY created_at, id")
        .bind(kind)
        .fetch_all(&g.db.pool)
        .await
        .unwrap();
    rows.iter().map(|b| serde_json::from_str(b).unwrap()).collect()
}

pub async fn scalar(g: &Giving, sql: &str) -> i64 {
    sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(&g.db.pool).await.unwrap()
}
