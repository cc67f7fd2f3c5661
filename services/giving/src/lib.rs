//! The giving service of the Giving Console: donors (the platform's app users) and their
//! money: donations and refunds, subscriptions, badges, the service-charge settings, giving
//! partners and the dashboard's figures.
//!
//! service.rs holds the service handle and the donors (their SQL in store.rs); each other part
//! is a domain module with its SQL in a `_store.rs` beside it: donations.rs
//! (transactions_store.rs, with transaction.rs the row and tx_index.rs the list at scale),
//! subscriptions.rs, badges.rs, settings.rs, figures.rs and donor_details.rs over
//! counters_store.rs, donor_totals_store.rs and recipient_months_store.rs (the kept totals);
//! gifts.rs holds what donations and subscriptions share. events.rs is the bus;
//! recipient_deletions.rs consumes the catalogue's deletions. trash.rs holds the deletes of donors,
//! partners and badges (to the trash), their restore and purge, over trash_store.rs. grpc.rs
//! alone names proto types.

pub mod app;
pub mod audience;
pub mod badges;
pub mod badges_store;
pub mod counters_store;
pub mod donations;
pub mod donor_details;
pub mod donor_totals_store;
pub mod events;
pub mod fees;
pub mod figures;
pub mod find;
pub mod find_store;
pub mod gifts;
pub mod grpc;
pub mod partners;
pub mod recipient_deletions;
pub mod recipient_months_store;
pub mod rollups;
pub mod seed;
pub mod service;
pub mod settings;
pub mod settings_store;
pub mod store;
pub mod subscriptions;
pub mod subscriptions_store;
pub mod transaction;
pub mod transactions_store;
pub mod trash;
pub mod trash_store;
pub mod tx_index;
