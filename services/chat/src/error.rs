//! The service's error type: the one every service shares (see common::error).

pub use common::error::{Error, FieldError, Result};
