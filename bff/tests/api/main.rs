//! The BFF over HTTP against a started app (identity on loopback gRPC behind it).

mod audit;
mod auth;
mod badge;
mod bulk;
mod charity;
mod charity_admin;
mod chat;
mod content;
mod dashboard;
mod donor;
mod engagement;
mod escalation;
mod exposure;
mod giving_partner;
mod helpers;
mod media;
mod notification;
mod permission_matrix;
mod platform;
mod ready;
mod saved_view;
mod search;
mod service_charge;
mod sessions;
mod sessions_end;
mod socket;
#[path = "../support/socketio.rs"]
mod socketio;
mod sub_admin;
mod subscribed_donor;
mod terms;
mod transaction;
mod trash;
mod two_factor;
