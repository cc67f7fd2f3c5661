//! The giving service of the Giving Console: donors (the platform's app users). Transactions,
//! subscriptions, giving partners, badges and service charges come in later slices.

pub mod app;
pub mod audience;
pub mod events;
pub mod fees;
pub mod grpc;
pub mod money;
pub mod money_store;
pub mod partners;
pub mod rollups;
pub mod seed;
pub mod service;
pub mod store;
pub mod tx_index;
