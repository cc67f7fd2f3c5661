//! The catalogue service of the Giving Console: causes and nonprofit categories
//! ("terms": named, describable, activatable entries) and nonprofits (onboarded, imported
//! from the IRS Business Master File, verified, with payment methods).
//!
//! service.rs holds the service handle and the terms' domain (their SQL in store.rs); each
//! other part is a domain module with its SQL beside it in a `_store.rs`: charity.rs
//! (charity_store.rs), charity_list.rs (charity_list_store.rs, list_cache.rs),
//! charity_verification.rs, payment_methods.rs (payment_methods_store.rs), import.rs
//! (import_store.rs) and figures.rs (figures_store.rs). grpc.rs alone names proto types.

pub mod app;
pub mod charity;
pub mod charity_list;
pub mod charity_list_store;
pub mod charity_store;
pub mod charity_verification;
pub mod demo;
pub mod error;
pub mod events;
pub mod figures;
pub mod figures_store;
pub mod grpc;
pub mod import;
pub mod import_store;
pub mod list_cache;
pub mod payment_methods;
pub mod payment_methods_store;
pub mod service;
pub mod store;
pub mod trash;
