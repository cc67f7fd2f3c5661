//! What every Giving Console service needs, written once: the database pool and
//! its migrations (SQLite or PostgreSQL, chosen by URL), the event bus (RabbitMQ or
//! in-process) with the transactional outbox and its relay, telemetry, and gRPC
//! serving with health checks and graceful shutdown.

pub mod bus;
pub mod db;
pub mod error;
pub mod grpc;
pub mod metrics;
pub mod outbox;
pub mod service;
pub mod shutdown;
pub mod telemetry;

/// A new record id: 24 lowercase hex characters, the `_id` shape the console expects.
pub fn new_id() -> String {
    let bytes: [u8; 12] = rand::random();
    hex::encode(bytes)
}

/// Milliseconds since the Unix epoch: the one timestamp format stored in every table.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn ids_are_24_hex_characters_and_distinct() {
        let a = super::new_id();
        let b = super::new_id();
        assert_eq!(a.len(), 24);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }
}
