//! The identity service's one error type, and its mapping to gRPC statuses. Field
//! errors travel as JSON in the status details so the BFF can answer `errors[]`.

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
    #[error("{0}")]
    TooManyAttempts(String),
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
            Error::TooManyAttempts(m) => Status::resource_exhausted(m),
            Error::Internal(err) => {
                tracing::error!(error = %format!("{err:#}"), "identity request failed");
                Status::internal("Something went wrong, Please try again later!!!")
            }
        }
    }
}
