//! The content service of the Giving Console: the console's pages (homepage, privacy
//! policy, terms, about us, the giving-partner page) with every save kept as a numbered
//! revision, leadership entries, FAQ categories and FAQs, and the contact-us inbox.

pub mod app;
pub mod demo;
pub mod error;
pub mod events;
pub mod grpc;
pub mod media;
pub mod pages;
pub mod service;
pub mod store;
