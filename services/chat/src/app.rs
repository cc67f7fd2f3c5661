//! Configuration and start-up of the chat service (its own binary, the embedded console,
//! tests): `MIGRATIONS`, `Config` (only its database), `Running` and `start`, declared the
//! one way every service does (`common::service_app!`).

use crate::service::Chat;
use proto::chat::v1::chat_server::ChatServer;

common::service_app! {
    /// Connects, migrates, starts the outbox relay, subscribes to the giving donor events it
    /// keeps up with, and serves gRPC on `listen` until `shutdown`.
    chat: Chat, ChatServer,
    config: database,
    consumer: crate::people::Consumer, queue: crate::events::CONSUMER, events: crate::events::CONSUMED,
}
