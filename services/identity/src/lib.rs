//! The identity service of the Giving Console: the main admin, sub-admins and their
//! per-module permissions, nonprofit-admin accounts, sessions (short-lived JWTs and
//! rotating refresh tokens), password changes and resets, sign-in throttling, and the
//! countries/states/cities reference data.
//!
//! One shape per part: `service` holds the `Identity` struct and what all parts share;
//! each part is its own module (`sessions`, `passwords`, `sub_admins`, `setup`,
//! `two_factor`, `invitation`, `standing`, `saved_views`) with its SQL beside it in `<part>_store`
//! (`store` holds the SQL several parts share: accounts, grants read, mailed links).
//! `grpc` is the only module naming proto types; `app` starts the service; `events` holds
//! the bus's routing keys and payloads.

pub mod app;
pub mod error;
pub mod events;
pub mod grpc;
pub mod invitation;
pub mod locations;
pub mod mail;
pub mod mail_store;
pub mod password_hash;
pub mod passwords;
pub mod passwords_store;
pub mod saved_views;
pub mod saved_views_store;
pub mod service;
pub mod sessions;
pub mod sessions_store;
pub mod setup;
pub mod standing;
pub mod store;
pub mod sub_admins;
pub mod sub_admins_store;
pub mod throttle_store;
pub mod totp;
pub mod trash;
pub mod two_factor;
pub mod two_factor_store;
pub mod validate;
