//! The content service of the Giving Console: the console's pages (homepage, privacy
//! policy, terms, about us, the giving-partner page) with every save kept as a numbered
//! revision, leadership entries, FAQ categories and FAQs, the contact-us inbox, and the
//! media records of the files the BFF stores.
//!
//! One shape per aggregate: `<aggregate>.rs` holds its domain (checks, writes, the bus events
//! it emits) and `<aggregate>_store.rs` its SQL and row types: pages, leadership, faqs,
//! contacts and media. store.rs holds what the store files share, service.rs the service
//! handle and the input rules the domains share, events.rs the bus events, grpc.rs the proto
//! mapping and app.rs the start-up.

pub mod app;
pub mod contacts;
pub mod contacts_store;
pub mod demo;
pub mod error;
pub mod events;
pub mod faqs;
pub mod faqs_store;
pub mod grpc;
pub mod leadership;
pub mod leadership_store;
pub mod media;
pub mod media_store;
pub mod pages;
pub mod pages_store;
pub mod service;
pub mod store;
pub mod stored_name;
pub mod trash;
