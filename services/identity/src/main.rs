//! The identity service on its own (cluster mode): its options, then it serves until SIGTERM.

common::service_main!(identity);
