//! The services' error type, and its mapping to gRPC statuses. Field errors travel as
//! JSON in the status details so the BFF can answer `errors[]`. Each service re-exports
//! it as its own `error` module.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Invalid input"))]
    Validation(Vec<FieldError>),
    #[error("{0}")]
    Unauthenticated(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    /// Throttled: the message names the wait, the seconds travel in the status details
    /// (the BFF's Retry-After).
    #[error("{0}")]
    TooManyAttempts(String, u64),
    /// The database had no free connection in time (overload): try again later.
    #[error("{0}")]
    Busy(String),
    #[error("internal error")]
    Internal(#[from] anyhow::Error),
}

pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    pub fn field(field: &str, message: &str) -> Self {
        Self::Validation(vec![FieldError { field: field.into(), message: message.into() }])
    }
}

impl From<sqlx::Error> for Error {
    fn from(e: sqlx::Error) -> Self {
        if matches!(e, sqlx::Error::PoolTimedOut) {
            tracing::warn!("no database connection became free in time");
            return Self::Busy("The service is busy, please try again later".into());
        }
        Self::Internal(anyhow::Error::new(e).context("database error"))
    }
}

impl From<Error> for tonic::Status {
    fn from(e: Error) -> Self {
        use tonic::{Code, Status};
        match e {
            Error::Validation(errors) => {
                let msg = errors.first().map(|e| e.message.clone()).unwrap_or_default();
                let details = serde_json::to_vec(&errors).unwrap_or_default();
                Status::with_details(Code::InvalidArgument, msg, details.into())
            }
            Error::Unauthenticated(m) => Status::unauthenticated(m),
            Error::Forbidden(m) => Status::permission_denied(m),
            Error::NotFound(m) => Status::not_found(m),
            Error::Conflict(m) => Status::already_exists(m),
            Error::TooManyAttempts(m, secs) => Status::with_details(Code::ResourceExhausted, m, secs.to_string().into_bytes().into()),
            Error::Busy(m) => Status::unavailable(m),
            Error::Internal(err) => {
                tracing::error!(error = %format!("{err:#}"), "request failed");
                Status::internal("Something went wrong, Please try again later!!!")
            }
        }
    }
}

/// Collects every failing field of a request before answering.
#[derive(Default)]
pub struct Check(Vec<FieldError>);

impl Check {
    pub fn fail(&mut self, field: &str, message: impl Into<String>) {
        if !self.0.iter().any(|e| e.field == field) {
            self.0.push(FieldError { field: field.into(), message: message.into() });
        }
    }
    pub fn done(self) -> Result<()> {
        if self.0.is_empty() { Ok(()) } else { Err(Error::Validation(self.0)) }
    }
}


/// Checks the paging part of a list query (page, limit, sort order, search length) and
/// answers (descending, offset). `column_known` says whether the list's allow-list knows
/// the sort column; with no column and no order, newest first.
pub fn paging(page: i64, limit: i64, search: &str, column: &str, order: &str, column_known: bool, check: &mut Check) -> (bool, i64) {
    if page < 1 {
        check.fail("page", "page must be 1 or more");
    }
    if !(1..=1000).contains(&limit) {
        check.fail("limit", "limit must be between 1 and 1000");
    }
    if !column_known {
        check.fail("column", format!("Sorting by {column} is not supported"));
    }
    let descending = match order.to_lowercase().as_str() {
        "" => column.is_empty(),
        "asc" | "ascend" | "1" => false,
        "desc" | "descend" | "-1" => true,
        _ => {
            check.fail("order", "order must be asc or desc");
            false
        }
    };
    if search.chars().count() > 100 {
        check.fail("search", "search must be at most 100 characters");
    }
    (descending, (page.max(1) - 1).saturating_mul(limit))
}
