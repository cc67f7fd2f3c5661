//! The engagement service of the Giving Console: communities and their members, events and
//! their members by mode, posts with comments, replies and likes, and reported posts.
//! Members, authors and reporters are donors of the giving service (people.rs keeps their
//! names current from its events).
//!
//! One shape per aggregate: `<aggregate>.rs` holds its domain (checks, writes, the bus events
//! it emits) and `<aggregate>_store.rs` its SQL and row types: communities, calendar (the
//! calendar events), posts (with comments_store.rs), reports, people and figures. store.rs
//! holds what the store files share, service.rs the service handle and the input rules the
//! domains share, events.rs the bus events (published and consumed), grpc.rs the proto
//! mapping and app.rs the start-up.

pub mod app;
pub mod calendar;
pub mod calendar_store;
pub mod comments_store;
pub mod communities;
pub mod communities_store;
pub mod error;
pub mod events;
pub mod figures;
pub mod figures_store;
pub mod grpc;
pub mod people;
pub mod people_store;
pub mod posts;
pub mod posts_store;
pub mod reports;
pub mod reports_store;
pub mod seed;
pub mod service;
pub mod store;
pub mod trash;
