//! The services' error type, and its mapping to gRPC statuses in the standard rich error
//! model (tonic-types): an ErrorInfo names the code, field errors travel as a BadRequest's
//! field violations and a throttle's wait as RetryInfo; the BFF reads them back with
//! [`Details::of`] to answer `errors[]`, `code` and Retry-After. Each service re-exports it
//! as its own `error` module.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use tonic_types::{ErrorDetails, FieldViolation, StatusExt};

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
    /// The record is in no state for this (a full event): FAILED_PRECONDITION, which the BFF
    /// answers 400. The kind says it, so no handler tells it from a conflict by its text.
    #[error("{0}")]
    Precondition(String),
    /// A conflict with what one field holds (a taken email): the REST answer names the field,
    /// so the console shows the message on it.
    #[error("{}", .0.message)]
    FieldConflict(FieldError),
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
        crate::pool::note_error(&e);
        if matches!(e, sqlx::Error::PoolTimedOut) {
            tracing::warn!("no database connection became free in time");
            return Self::Busy("The service is busy, please try again later".into());
        }
        Self::Internal(anyhow::Error::new(e).context("database error"))
    }
}

/// Codes of the errors, in the `reason` of the status's ErrorInfo (the REST `code`).
pub mod codes {
    pub const VALIDATION: &str = "VALIDATION";
    pub const UNAUTHENTICATED: &str = "UNAUTHENTICATED";
    pub const FORBIDDEN: &str = "FORBIDDEN";
    pub const NOT_FOUND: &str = "NOT_FOUND";
    pub const CONFLICT: &str = "CONFLICT";
    pub const TOO_MANY_ATTEMPTS: &str = "TOO_MANY_ATTEMPTS";
    pub const BUSY: &str = "BUSY";
    pub const INTERNAL: &str = "INTERNAL";
    /// A refresh token presented twice: its session is revoked, named by the ErrorInfo
    /// metadata [`SESSION_ID`] (so the BFF refuses that session's access tokens at once).
    pub const SESSION_REUSED: &str = "SESSION_REUSED";
    pub const SESSION_ID: &str = "sessionId";
}

/// The domain of every ErrorInfo the services send.
pub const ERROR_DOMAIN: &str = "giving-console";

/// A status in the standard rich error model (google.rpc.Status details, tonic-types):
/// an ErrorInfo naming the `reason` (with `metadata`), plus whatever `details` add.
pub fn status(
    code: tonic::Code,
    message: impl Into<String>,
    reason: &str,
    metadata: HashMap<String, String>,
    mut details: ErrorDetails,
) -> tonic::Status {
    details.set_error_info(reason, ERROR_DOMAIN, metadata);
    tonic::Status::with_error_details(code, message, details)
}

impl From<Error> for tonic::Status {
    fn from(e: Error) -> Self {
        use tonic::Code;
        let plain = |code, m: String, reason| status(code, m, reason, HashMap::new(), ErrorDetails::new());
        match e {
            Error::Validation(errors) => {
                let msg = errors.first().map(|e| e.message.clone()).unwrap_or_default();
                let violations: Vec<FieldViolation> =
                    errors.into_iter().map(|e| FieldViolation::new(e.field, e.message)).collect();
                status(
                    Code::InvalidArgument,
                    msg,
                    codes::VALIDATION,
                    HashMap::new(),
                    ErrorDetails::with_bad_request(violations),
                )
            }
            Error::Unauthenticated(m) => plain(Code::Unauthenticated, m, codes::UNAUTHENTICATED),
            Error::Forbidden(m) => plain(Code::PermissionDenied, m, codes::FORBIDDEN),
            Error::NotFound(m) => plain(Code::NotFound, m, codes::NOT_FOUND),
            Error::Conflict(m) => plain(Code::AlreadyExists, m, codes::CONFLICT),
            Error::Precondition(m) => plain(Code::FailedPrecondition, m, codes::CONFLICT),
            Error::FieldConflict(e) => status(
                Code::AlreadyExists,
                e.message.clone(),
                codes::CONFLICT,
                HashMap::new(),
                ErrorDetails::with_bad_request(vec![FieldViolation::new(e.field, e.message)]),
            ),
            Error::TooManyAttempts(m, secs) => status(
                Code::ResourceExhausted,
                m,
                codes::TOO_MANY_ATTEMPTS,
                HashMap::new(),
                ErrorDetails::with_retry_info(Some(std::time::Duration::from_secs(secs))),
            ),
            Error::Busy(m) => plain(Code::Unavailable, m, codes::BUSY),
            Error::Internal(err) => {
                tracing::error!(error = %format!("{err:#}"), "request failed");
                plain(Code::Internal, "Something went wrong, Please try again later!!!".into(), codes::INTERNAL)
            }
        }
    }
}

/// What a client reads from a service's status (the rich error model's details).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Details {
    /// The ErrorInfo's reason (see [`codes`]), empty when there is none.
    pub reason: String,
    pub metadata: HashMap<String, String>,
    /// The BadRequest's field violations.
    pub fields: Vec<FieldError>,
    /// The RetryInfo's delay, whole seconds (rounded up).
    pub retry_after_secs: Option<u64>,
}

impl Details {
    pub fn of(s: &tonic::Status) -> Self {
        let d = s.get_error_details();
        let (reason, metadata) = d.error_info().map(|i| (i.reason.clone(), i.metadata.clone())).unwrap_or_default();
        let fields = d
            .bad_request()
            .map(|b| {
                b.field_violations
                    .iter()
                    .map(|v| FieldError { field: v.field.clone(), message: v.description.clone() })
                    .collect()
            })
            .unwrap_or_default();
        let retry_after_secs =
            d.retry_info().and_then(|r| r.retry_delay).map(|t| t.as_secs() + u64::from(t.subsec_nanos() > 0));
        Self { reason, metadata, fields, retry_after_secs }
    }
}

/// The refusal of a delete whose record other records still use: "This cause is still used by
/// 50 transactions, 2 communities and the homepage's featured causes. Deactivate it instead."
/// (`uses` as each service words them: "13 nonprofits", "1 community").
pub fn in_use(what: &str, uses: &[String]) -> String {
    let list = match uses {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    format!("This {what} is still used by {list}. Deactivate it instead.")
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
    /// How many fields failed so far.
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn done(self) -> Result<()> {
        if self.0.is_empty() { Ok(()) } else { Err(Error::Validation(self.0)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_cross_grpc_in_the_rich_error_model() {
        let s: tonic::Status = Error::Validation(vec![
            FieldError { field: "email".into(), message: "Email is required".into() },
            FieldError { field: "name".into(), message: "Name is required".into() },
        ])
        .into();
        assert_eq!(s.code(), tonic::Code::InvalidArgument);
        assert_eq!(s.message(), "Email is required");
        let d = Details::of(&s);
        assert_eq!(d.reason, codes::VALIDATION);
        assert_eq!(d.fields.len(), 2);
        assert_eq!(d.fields[1], FieldError { field: "name".into(), message: "Name is required".into() });

        let s: tonic::Status = Error::TooManyAttempts("wait".into(), 7).into();
        let d = Details::of(&s);
        assert_eq!(
            (s.code(), d.reason.as_str(), d.retry_after_secs),
            (tonic::Code::ResourceExhausted, codes::TOO_MANY_ATTEMPTS, Some(7))
        );

        let s: tonic::Status = Error::Conflict("Email already exists".into()).into();
        assert_eq!((s.code(), Details::of(&s).reason.as_str()), (tonic::Code::AlreadyExists, codes::CONFLICT));
        let s: tonic::Status = Error::Precondition("Event is full".into()).into();
        assert_eq!(
            (s.code(), s.message(), Details::of(&s).reason.as_str()),
            (tonic::Code::FailedPrecondition, "Event is full", codes::CONFLICT)
        );
        let s: tonic::Status =
            Error::FieldConflict(FieldError { field: "email".into(), message: "Email already exists".into() }).into();
        let d = Details::of(&s);
        assert_eq!(
            (s.code(), s.message(), d.reason.as_str()),
            (tonic::Code::AlreadyExists, "Email already exists", codes::CONFLICT)
        );
        assert_eq!(d.fields, vec![FieldError { field: "email".into(), message: "Email already exists".into() }]);
        // A status from elsewhere has no details.
        assert_eq!(Details::of(&tonic::Status::unavailable("x")), Details::default());
    }
}
