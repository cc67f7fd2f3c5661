//! The audit service of the Giving Console: consumes every event of the bus and stores
//! each once in `audit_records`, an append-only hash chain (seq 1, 2, 3, ...; each record's
//! hash covers the previous one's), answers the audit list and verifies the chain.

pub mod app;
pub mod events;
pub mod grpc;
pub mod record;
pub mod service;
pub mod store;
