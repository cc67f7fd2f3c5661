//! The BFF's one error type: every failure becomes `{ message, errors[], code }` with
//! the right status. Internal detail is logged, never sent.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, utoipa::ToSchema)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub errors: Vec<FieldError>,
    /// Seconds before trying again (a 429's Retry-After).
    pub retry_after: Option<u64>,
}

pub type ApiResult<T> = Result<T, ApiError>;

/// The body of every failure.
#[derive(Serialize, utoipa::ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody<'a> {
    pub message: &'a str,
    /// What is wrong with each field (empty when the failure is not about one field).
    pub errors: &'a [FieldError],
    /// Tells failures of one status apart, e.g. TOKEN_EXPIRED (refresh and retry) from
    /// FORBIDDEN (not allowed) on 403, VALIDATION, NOT_FOUND, CONFLICT, TOO_MANY_ATTEMPTS,
    /// UNAVAILABLE, TIMEOUT, INTERNAL.
    pub code: &'a str,
}

pub const UNAVAILABLE_MESSAGE: &str = "The service is temporarily unavailable. Please try again shortly.";
pub const INTERNAL_MESSAGE: &str = "Something went wrong, Please try again later!!!";

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self { status, code, message: message.into(), errors: vec![], retry_after: None }
    }
    pub fn validation(field: &str, message: &str) -> Self {
        Self {
            status: StatusCode::BAD_REQUEST,
            code: "VALIDATION",
            message: message.into(),
            errors: vec![FieldError { field: field.into(), message: message.into() }],
            retry_after: None,
        }
    }
    pub fn unauthorized(message: &str) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "UNAUTHORIZED", message)
    }
    pub fn token_expired() -> Self {
        Self::new(StatusCode::FORBIDDEN, "TOKEN_EXPIRED", "Your session token has expired")
    }
    pub fn forbidden() -> Self {
        Self::new(StatusCode::FORBIDDEN, "FORBIDDEN", "You are not allowed to do this")
    }
    pub fn not_found(message: &str) -> Self {
        Self::new(StatusCode::NOT_FOUND, "NOT_FOUND", message)
    }
    pub fn method_not_allowed() -> Self {
        Self::new(StatusCode::METHOD_NOT_ALLOWED, "METHOD_NOT_ALLOWED", "This path does not take that method")
    }
    pub fn timeout() -> Self {
        Self::new(StatusCode::GATEWAY_TIMEOUT, "TIMEOUT", "The request took too long. Please try again.")
    }
    pub fn unavailable() -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, "UNAVAILABLE", UNAVAILABLE_MESSAGE)
    }
    pub fn internal(err: impl std::fmt::Display) -> Self {
        tracing::error!(error = %err, "request failed");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "INTERNAL", INTERNAL_MESSAGE)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody { message: &self.message, errors: &self.errors, code: self.code };
        let mut res = (self.status, Json(body)).into_response();
        if let Some(v) = self.retry_after.and_then(|s| axum::http::HeaderValue::from_str(&s.to_string()).ok()) {
            res.headers_mut().insert(axum::http::header::RETRY_AFTER, v);
        }
        res
    }
}

/// A service's gRPC status, as the console should see it.
impl From<tonic::Status> for ApiError {
    fn from(s: tonic::Status) -> Self {
        use tonic::Code::*;
        let msg = s.message().to_string();
        // The services' rich error details (common::error): field violations, retry delay.
        let details = common::error::Details::of(&s);
        match s.code() {
            InvalidArgument => {
                let errors: Vec<FieldError> =
                    details.fields.into_iter().map(|f| FieldError { field: f.field, message: f.message }).collect();
                Self { status: StatusCode::BAD_REQUEST, code: "VALIDATION", message: msg, errors, retry_after: None }
            }
            Unauthenticated => Self::unauthorized(&msg),
            PermissionDenied => Self::new(StatusCode::FORBIDDEN, "FORBIDDEN", msg),
            NotFound => Self::not_found(&msg),
            AlreadyExists => Self {
                // A conflict on one field (a taken email) names it, like a validation error.
                errors: details.fields.into_iter().map(|f| FieldError { field: f.field, message: f.message }).collect(),
                ..Self::new(StatusCode::CONFLICT, "CONFLICT", msg)
            },
            ResourceExhausted => Self {
                retry_after: details.retry_after_secs,
                ..Self::new(StatusCode::TOO_MANY_REQUESTS, "TOO_MANY_ATTEMPTS", msg)
            },
            FailedPrecondition => Self::new(StatusCode::BAD_REQUEST, "FAILED_PRECONDITION", msg),
            Unavailable | DeadlineExceeded | Cancelled => {
                tracing::warn!(code = ?s.code(), message = %msg, "service unavailable");
                Self::unavailable()
            }
            Internal => {
                tracing::error!(message = %msg, "a service answered INTERNAL");
                Self::new(StatusCode::INTERNAL_SERVER_ERROR, "INTERNAL", INTERNAL_MESSAGE)
            }
            _ => {
                // A transport failure surfaces as Unknown with the connection error inside.
                tracing::warn!(code = ?s.code(), message = %msg, "service call failed");
                Self::unavailable()
            }
        }
    }
}

/// Answers axum's own rejections (a query string, path segment or multipart form that does
/// not parse, a body of the wrong media type) in the one error shape: they come out of the
/// extractors as plain text, before any handler runs. Layered over the API routes.
pub async fn rejections_as_errors(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let res = next.run(req).await;
    let plain = res
        .headers()
        .get(axum::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/plain"));
    if !plain || !res.status().is_client_error() {
        return res;
    }
    let status = res.status();
    // Rejection texts are short; a longer body is not a rejection's and is cut.
    let text = match axum::body::to_bytes(res.into_body(), 4096).await {
        Ok(b) => String::from_utf8_lossy(&b).trim().to_string(),
        Err(_) => String::new(),
    };
    match status {
        StatusCode::BAD_REQUEST | StatusCode::UNSUPPORTED_MEDIA_TYPE | StatusCode::UNPROCESSABLE_ENTITY => {
            ApiError::validation("request", &format!("Invalid request: {text}")).into_response()
        }
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::new(status, "TOO_LARGE", "The request is too large").into_response(),
        StatusCode::METHOD_NOT_ALLOWED => ApiError::method_not_allowed().into_response(),
        StatusCode::NOT_FOUND => ApiError::not_found("Not found").into_response(),
        _ => ApiError::new(status, "REJECTED", text).into_response(),
    }
}

impl From<axum::extract::rejection::JsonRejection> for ApiError {
    fn from(r: axum::extract::rejection::JsonRejection) -> Self {
        Self::validation("body", &format!("Invalid request body: {}", r.body_text()))
    }
}
