//! The chat service of the Giving Console: one chat room per donor (platform app user) with
//! the console's shared admin inbox, the rooms' messages (a per-room `seq`), read and
//! delivered markers per side, and the console's push notifications to app users.
//!
//! Decisions (README "Chat"): the admin side is one shared inbox (unread counts and read
//! state per side, not per admin account; each admin message records the real admin);
//! clearing a room's history hides it from the admin side only; members send text only in
//! this release; a deleted donor's room stays, named 'Deleted donor'. The BFF serves the
//! REST paths and the socket.io layer on this service's gRPC (proto/chat/chat.proto).

pub mod app;
pub mod error;
pub mod events;
pub mod grpc;
pub mod messages;
pub mod messages_store;
pub mod notifications;
pub mod notifications_store;
pub mod people;
pub mod people_store;
pub mod rooms;
pub mod rooms_store;
pub mod seed;
pub mod service;
pub mod store;
