//! The BFF over HTTP against a started app (identity on loopback gRPC behind it).

mod auth;
mod charity;
mod charity_admin;
mod escalation;
mod helpers;
mod media;
mod permission_matrix;
mod platform;
mod sessions;
mod sub_admin;
mod terms;
