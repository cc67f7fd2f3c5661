//! The public site's answers (pages, leadership, FAQ), kept in the BFF's cache (Redis in the
//! cluster, shared by every replica; memory in embedded mode) with a strong ETag, served with
//! `Cache-Control: public, max-age=60` and answered 304 when the browser holds the same one.
//!
//! Invalidation: every content write goes through this BFF's content areas, which forget the
//! cached answers once the service has stored the change ([`forget`]). In the cluster the
//! entries live in the shared Redis, so one delete is seen by every replica; in embedded
//! mode there is one replica. An entry also expires after [`TTL`] (a fill racing a write
//! keeps an old answer at most that long).

use crate::error::ApiError;
use crate::state::AppState;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::Digest;
use std::time::Duration;

/// How long a public answer is kept (and how long a browser may keep it).
pub const TTL: Duration = Duration::from_secs(60);
pub const CACHE_CONTROL: &str = "public, max-age=60";

/// The cache keys of every public answer (pages by key, leadership, FAQ).
pub const PAGE_KEYS: [&str; 5] = ["homepage", "privacy_policy", "terms_condition", "about_us", "giving_partner"];

pub fn page_key(key: &str) -> String {
    format!("public:page:{key}")
}
pub const LEADERSHIP: &str = "public:leadership";
pub const FAQ: &str = "public:faq";

/// A strong ETag of an answer's bytes.
pub fn etag(body: &str) -> String {
    format!("\"{}\"", hex::encode(&sha2::Sha256::digest(body.as_bytes())[..16]))
}

/// Answers the cached JSON body under `key`, filling it with `fill` on a miss; 304 when
/// the request's If-None-Match names its ETag.
pub async fn serve<F, Fut>(state: &AppState, headers: &HeaderMap, key: &str, fill: F) -> Result<Response, ApiError>
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = Result<String, ApiError>>,
{
    let cached = match state.cache.get(key).await {
        Ok(v) => v,
        Err(e) => {
            tracing::warn!(error = %format!("{e:#}"), "public cache read failed");
            None
        }
    };
    let body = match cached {
        Some(b) => b,
        None => {
            let b = fill().await?;
            if let Err(e) = state.cache.set(key, &b, TTL).await {
                tracing::warn!(error = %format!("{e:#}"), "public cache write failed");
            }
            b
        }
    };
    let tag = etag(&body);
    let matches = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|t| t.trim() == tag || t.trim() == "*");
    let mut res = if matches {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body).into_response()
    };
    if let Ok(v) = HeaderValue::from_str(&tag) {
        res.headers_mut().insert(header::ETAG, v);
    }
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(CACHE_CONTROL));
    Ok(res)
}

/// Forgets every public answer (after a content write).
pub async fn forget(state: &AppState) {
    let keys = PAGE_KEYS.iter().map(|k| page_key(k)).chain([LEADERSHIP.to_string(), FAQ.to_string()]);
    for k in keys {
        if let Err(e) = state.cache.del(&k).await {
            tracing::warn!(error = %format!("{e:#}"), key = %k, "public cache delete failed");
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn etags_are_strong_and_follow_the_bytes() {
        let a = super::etag("{\"a\":1}");
        assert!(a.starts_with('"') && a.ends_with('"') && !a.starts_with("W/"));
        assert_eq!(a, super::etag("{\"a\":1}"));
        assert_ne!(a, super::etag("{\"a\":2}"));
    }
}
