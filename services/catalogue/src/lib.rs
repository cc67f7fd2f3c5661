//! The catalogue service of the Giving Console: causes and nonprofit categories
//! ("terms": named, describable, activatable entries) today; nonprofits next.

pub mod app;
pub mod error;
pub mod grpc;
pub mod service;
pub mod store;
