//! The public site's answers (pages, leadership, FAQ), kept in the BFF's cache (Redis in the
//! cluster, shared by every replica; memory in embedded mode) with a strong ETag, served with
//! `Cache-Control: public, max-age=60` and answered 304 when the browser holds the same one.
//!
//! Invalidation: every content write goes through this BFF's content areas, which, once the
//! service has stored the change, give the public answers a new generation ([`forget`]): a
//! key in the same cache, read together with the answer in one round trip. An answer kept
//! under an older generation is never served again, on any replica (in the cluster the cache
//! is the shared Redis; in embedded mode there is one replica), also when a fill that began
//! before the write stores its older answer after it. Entries expire after [`TTL`] too.

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

/// The key of the public answers' current generation.
pub const GENERATION: &str = "public:generation";

/// An answer as kept: `generation \n etag \n body`.
fn kept(generation: &str, etag: &str, body: &str) -> String {
    format!("{generation}\n{etag}\n{body}")
}

/// The ETag and body of a kept answer when it belongs to `generation`.
fn current<'a>(value: &'a str, generation: &str) -> Option<(&'a str, &'a str)> {
    let (g, rest) = value.split_once('\n')?;
    let (etag, body) = rest.split_once('\n')?;
    (g == generation).then_some((etag, body))
}

/// Answers the cached JSON body under `key` (filled with `fill` on a miss or when it belongs
/// to an older generation); 304 when the request's If-None-Match names its ETag.
pub async fn serve<F, Fut>(state: &AppState, headers: &HeaderMap, key: &str, fill: F) -> Result<Response, ApiError>
where
    F: FnOnce() -> Fut,
    Fut: std::future::Future<Output = Result<String, ApiError>>,
{
    let (value, generation) = match state.cache.get_many(&[key.to_string(), GENERATION.to_string()]).await {
        Ok(mut v) if v.len() == 2 => {
            let generation = v.pop().flatten().unwrap_or_default();
            (v.pop().flatten(), generation)
        }
        Ok(_) => (None, String::new()),
        Err(e) => {
            tracing::warn!(error = %format!("{e:#}"), "public cache read failed");
            (None, String::new())
        }
    };
    let (tag, body) = match value.as_deref().and_then(|v| current(v, &generation)) {
        Some((tag, body)) => (tag.to_string(), body.to_string()),
        None => {
            let body = fill().await?;
            let tag = etag(&body);
            if let Err(e) = state.cache.set(key, &kept(&generation, &tag, &body), TTL).await {
                tracing::warn!(error = %format!("{e:#}"), "public cache write failed");
            }
            (tag, body)
        }
    };
    let matches = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        // If-None-Match compares weakly (RFC 9110 13.1.2): a `W/` the client kept still matches.
        .map(|t| t.trim())
        .any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == tag);
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

/// Starts a new generation of the public answers (after a content write): every answer kept
/// before is refilled on its next read, on every replica.
pub async fn forget(state: &AppState) {
    if let Err(e) = state.cache.set(GENERATION, &common::new_id(), Duration::from_secs(7 * 24 * 3600)).await {
        tracing::warn!(error = %format!("{e:#}"), "public cache generation not changed");
    }
}

/// A content write's answer, once the service stored it: the public answers renewed
/// ([`forget`]), then `{ message, data }`.
pub async fn renewed(state: &AppState, message: &str, data: impl serde::Serialize) -> crate::reply::Reply {
    forget(state).await;
    crate::reply::ok(message, data)
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

    #[test]
    fn an_answer_of_another_generation_is_not_current() {
        let v = super::kept("g1", "\"t\"", "{\"a\":\n1}");
        assert_eq!(super::current(&v, "g1"), Some(("\"t\"", "{\"a\":\n1}")));
        assert_eq!(super::current(&v, "g2"), None);
        assert_eq!(super::current(&super::kept("", "\"t\"", "{}"), ""), Some(("\"t\"", "{}")));
    }
}
