//! What every Giving Console service needs, written once: the database pool and
//! its migrations (SQLite or PostgreSQL, chosen by URL), the event bus (RabbitMQ or
//! in-process) with the transactional outbox and its relay, telemetry, and gRPC
//! serving with health checks and graceful shutdown; and the one way of each concern inside
//! a service: the actor of a call ([`Actor`]), writes with their events ([`write`]), paging
//! ([`paging`]), shared input rules ([`rules`]) and a record's address fields ([`location`]),
//! the routing keys one service sends and another reads ([`topics`]), errors in the rich gRPC
//! model ([`error`]) and storage tests on both backends (`testing`, behind the `testing` feature).

pub mod account;
pub mod actor;
pub mod bus;
pub mod calendar;
pub mod db;
pub mod error;
pub mod find;
pub mod grpc;
pub mod location;
pub mod metrics;
pub mod outbox;
pub mod paging;
pub mod pool;
pub mod rich_text;
pub mod rules;
pub mod service;
pub mod shutdown;
pub mod telemetry;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod tls;
#[cfg(any(test, feature = "testing"))]
pub mod tls_servers;
pub mod topics;
pub mod trash;
pub mod wire;
pub mod write;

pub use actor::Actor;

/// Every program of the console allocates with mimalloc (declared once here, where every
/// binary links it): list answers are many small strings, and glibc's malloc and free took
/// about a fifth of a list request's CPU in the list benchmark's profile (perf).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Makes mimalloc give a freed page back to the system at once (its `purge_delay` option, 0),
/// for the embedded console, whose target is its memory at rest. By default mimalloc keeps a
/// freed page for a delay and returns it on a later allocation of the thread that freed it,
/// which an idle thread (a database connection's worker) never makes: after starting with the
/// demo data the console held about 38 MB it no longer used (issue 35, `bench.sh memory`). The
/// services keep the default: under load a page freed is soon used again.
pub fn return_freed_memory_at_once() {
    /// `mi_option_purge_delay` in mimalloc.h's `mi_option_e` (libmimalloc-sys names no constant for it).
    const PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;
    // SAFETY: setting an option takes no pointer; mimalloc reads it on each purge decision.
    unsafe { libmimalloc_sys::mi_option_set(PURGE_DELAY, 0) };
}

/// A new record id: 24 lowercase hex characters, the `_id` shape the console expects.
/// Like a MongoDB ObjectId it starts with the time (48 bits of milliseconds), then a
/// per-process counter (24 bits) and 24 random bits: ids made by one process sort in
/// creation order, so `ORDER BY created_at, id` (the outbox relay's order) keeps it even
/// within one millisecond.
pub fn new_id() -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let ms = now_ms() as u64;
    let count = COUNTER.fetch_add(1, Ordering::Relaxed) & 0x00ff_ffff;
    let random: [u8; 3] = rand::random();
    let mut bytes = [0u8; 12];
    bytes[..6].copy_from_slice(&ms.to_be_bytes()[2..]);
    bytes[6..9].copy_from_slice(&count.to_be_bytes()[1..]);
    bytes[9..].copy_from_slice(&random);
    hex::encode(bytes)
}

/// Milliseconds since the Unix epoch: the one timestamp format stored in every table.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or_default()
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
        assert!(a < b, "ids of one process sort in creation order");
    }
}
