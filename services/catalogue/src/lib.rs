//! The catalogue service of the Giving Console: causes and nonprofit categories
//! ("terms": named, describable, activatable entries) and nonprofits (onboarded, imported
//! from the IRS Business Master File, verified, with payment methods).

pub mod app;
pub mod charity;
pub mod charity_store;
pub mod demo;
pub mod error;
pub mod events;
pub mod figures;
pub mod grpc;
pub mod import;
pub mod list_cache;
pub mod service;
pub mod store;
