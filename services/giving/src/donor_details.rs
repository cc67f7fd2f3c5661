//! A donor's profile page: the donor, the badges it earned, its newest transactions and its
//! subscriptions.

use crate::badges_store;
use crate::service::Giving;
use crate::store::{self, Donor};
use crate::subscriptions_store::{self, Subscription};
use crate::transaction::Transaction;
use crate::transactions_store;
use common::error::{Error, Result};

/// A donor's profile page.
#[derive(Debug, Clone)]
pub struct DonorDetail {
    pub donor: Donor,
    pub badges: Vec<EarnedBadge>,
    pub recent_transactions: Vec<Transaction>,
    pub subscriptions: Vec<Subscription>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct EarnedBadge {
    pub badge_id: String,
    pub name: String,
    pub image: String,
    pub awarded_at: i64,
}

impl Giving {
    pub async fn donor_details(&self, id: &str) -> Result<DonorDetail> {
        let mut c = self.db.pool.acquire().await?;
        let donor =
            store::get(&mut c, id.trim()).await?.ok_or_else(|| Error::NotFound(crate::service::NOT_FOUND.into()))?;
        let badges = badges_store::earned_badges(&mut c, &donor.id)
            .await?
            .into_iter()
            .map(|(badge_id, name, image, awarded_at)| EarnedBadge { badge_id, name, image, awarded_at })
            .collect();
        let recent_transactions = transactions_store::donor_transactions(&mut c, &donor.id, 10).await?;
        let subscriptions = subscriptions_store::donor_subscriptions(&mut c, &donor.id).await?;
        Ok(DonorDetail { donor, badges, recent_transactions, subscriptions })
    }
}
