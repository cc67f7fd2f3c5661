//! Search everywhere (issue 36): the few donors and transactions a palette query names, read
//! by index and never counted (their SQL in find_store.rs).
//!
//! - Donors: the email starts with the query (the unique index, as a range); the phone starts
//!   with the query's digits, when it is a number of 4 digits or more (the phone is stored as
//!   its ten digits, indexed by migration 0014); the name starts with the query (a range on the
//!   name index: names are typed from their start), then contains it (the trigram index the
//!   transaction list's search uses: `tx_index::matching_donors`), from 3 characters. In that
//!   order, each donor once.
//! - Transactions: the receipt number starts with the query (receipts are upper case, so the
//!   query is too); the provider reference starts with the query as typed, or in lower or upper
//!   case (references are the payment provider's case-sensitive ids, pasted). A query with a
//!   space is neither.

use crate::find_store;
use crate::service::Giving;
use crate::store::Donor;
use crate::transaction::Transaction;
use common::error::Result;
use common::find::{Find, distinct};

/// Digits a phone query needs.
const PHONE_DIGITS: usize = 4;

impl Giving {
    pub async fn find_donors(&self, f: &Find) -> Result<Vec<Donor>> {
        let c = &mut *self.db.pool.acquire().await?;
        let mut found = vec![];
        if !f.text.contains(char::is_whitespace) {
            found.extend(find_store::donors_by_email(c, &f.text, f.limit).await?);
        }
        if let Some(digits) = f.digits(PHONE_DIGITS)
            && (found.len() as i64) < f.limit
        {
            found.extend(find_store::donors_by_phone(c, &digits, f.limit).await?);
        }
        if f.contains_names() && !f.text.contains('@') && (found.len() as i64) < f.limit {
            // Names that start with the query first (a range on the name index: the names people
            // type from their start, found without the trigram index), then any that contain it.
            found.extend(find_store::donors_by_name_start(c, &f.text, f.limit).await?);
            if (found.len() as i64) < f.limit {
                // The donors found by their start may come again: ask for as many more.
                let ids = crate::tx_index::matching_donors(c, &f.text, f.limit as usize + found.len()).await?;
                found.extend(find_store::donors_by_id(c, &ids).await?);
            }
        }
        Ok(distinct(found, |d| &d.id, f.limit))
    }

    pub async fn find_transactions(&self, f: &Find) -> Result<Vec<Transaction>> {
        if f.raw.contains(char::is_whitespace) {
            return Ok(vec![]);
        }
        let c = &mut *self.db.pool.acquire().await?;
        let upper = f.raw.to_uppercase();
        let mut found = find_store::transactions_by_receipt(c, &upper, f.limit).await?;
        let mut cases: Vec<&str> = vec![];
        for case in [f.raw.as_str(), f.text.as_str(), upper.as_str()] {
            if !cases.contains(&case) {
                cases.push(case);
            }
        }
        for reference in cases {
            if found.len() as i64 >= f.limit {
                break;
            }
            found.extend(find_store::transactions_by_reference(c, reference, f.limit).await?);
        }
        Ok(distinct(found, |t| &t.id, f.limit))
    }
}
