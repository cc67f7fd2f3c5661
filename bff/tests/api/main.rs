//! The BFF over HTTP against a started app (identity on loopback gRPC behind it).

mod auth;
mod helpers;
mod platform;
mod sub_admin;
mod terms;
