//! The identity service of the Giving Console: the main admin, sub-admins and their
//! per-module permissions, nonprofit-admin accounts, sessions (short-lived JWTs and
//! rotating refresh tokens), password changes and resets, sign-in throttling, and the
//! countries/states/cities reference data.

pub mod app;
pub mod error;
pub mod events;
pub mod grpc;
pub mod invitation;
pub mod locations;
pub mod mail;
pub mod password;
pub mod service;
pub mod standing;
pub mod store;
pub mod throttle;
pub mod totp;
pub mod two_factor;
pub mod validate;
