//! Integration tests of the identity domain over its store. Every test body is an
//! `async fn(Identity)` run twice by `on_both_backends!`: on a fresh SQLite file and on a
//! fresh PostgreSQL database (`TEST_DATABASE_URL`; with `REQUIRE_SERVICES=1` a missing
//! server fails the PostgreSQL variants instead of skipping them).

#[macro_use]
#[path = "store/support.rs"]
mod support;

#[path = "store/bootstrap.rs"]
mod bootstrap;
#[path = "store/invitations.rs"]
mod invitations;
#[path = "store/listing.rs"]
mod listing;
#[path = "store/login.rs"]
mod login;
#[path = "store/passwords.rs"]
mod passwords;
#[path = "store/saved_views.rs"]
mod saved_views;
#[path = "store/sessions.rs"]
mod sessions;
#[path = "store/standing.rs"]
mod standing;
#[path = "store/sub_admin_access.rs"]
mod sub_admin_access;
#[path = "store/sub_admins.rs"]
mod sub_admins;
#[path = "store/two_factor.rs"]
mod two_factor;
