//! The payment methods' SQL: a nonprofit's bank accounts (only their last four account
//! digits), in order, the first the default.

use common::db::get_bool;
use sqlx::{AnyConnection, Row};

/// A stored payment method.
#[derive(Debug, Clone, PartialEq)]
pub struct PaymentMethod {
    pub id: String,
    pub method_type: String,
    pub bank_name: String,
    pub account_holder: String,
    pub routing_number: String,
    pub last4: String,
    pub is_default: bool,
}

pub async fn payment_methods(c: &mut AnyConnection, charity_id: &str) -> sqlx::Result<Vec<PaymentMethod>> {
    let rows = sqlx::query(
        "SELECT id, method_type, bank_name, account_holder, routing_number, last4, is_default FROM charity_payment_methods \
         WHERE charity_id = $1 ORDER BY position",
    )
    .bind(charity_id)
    .fetch_all(c)
    .await?;
    rows.iter()
        .map(|r| {
            Ok(PaymentMethod {
                id: r.try_get("id")?,
                method_type: r.try_get("method_type")?,
                bank_name: r.try_get("bank_name")?,
                account_holder: r.try_get("account_holder")?,
                routing_number: r.try_get("routing_number")?,
                last4: r.try_get("last4")?,
                is_default: get_bool(r, "is_default")?,
            })
        })
        .collect()
}

/// Replaces the payment methods of a nonprofit (the first is the default).
pub async fn replace_payment_methods(
    c: &mut AnyConnection,
    charity_id: &str,
    methods: &[PaymentMethod],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM charity_payment_methods WHERE charity_id = $1").bind(charity_id).execute(&mut *c).await?;
    for (i, m) in methods.iter().enumerate() {
        sqlx::query(
            "INSERT INTO charity_payment_methods (id, charity_id, method_type, bank_name, account_holder, routing_number, last4, \
             is_default, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(&m.id)
        .bind(charity_id)
        .bind(&m.method_type)
        .bind(&m.bank_name)
        .bind(&m.account_holder)
        .bind(&m.routing_number)
        .bind(&m.last4)
        .bind(i == 0)
        .bind(i as i64)
        .execute(&mut *c)
        .await?;
    }
    Ok(())
}
