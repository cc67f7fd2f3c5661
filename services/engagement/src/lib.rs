//! The engagement service of the Giving Console: communities and their members, events and
//! their members by mode, posts with comments, replies and likes, and reported posts.
//! Members, authors and reporters are donors of the giving service (people.rs keeps their
//! names current from its events).

pub mod app;
pub mod communities;
pub mod error;
pub mod events;
pub mod figures;
pub mod grpc;
pub mod people;
pub mod posts;
pub mod reports;
pub mod seed;
pub mod service;
pub mod store;
pub mod topics;
