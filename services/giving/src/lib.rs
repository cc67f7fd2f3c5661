//! The giving service of the Giving Console: donors (the platform's app users). Transactions,
//! subscriptions, giving partners, badges and service charges come in later slices.

pub mod app;
pub mod audience;
pub mod events;
pub mod grpc;
pub mod partners;
pub mod service;
pub mod store;
pub mod fees;
pub mod money;
pub mod money_store;
pub mod rollups;
pub mod seed;
pub mod tx_index;
