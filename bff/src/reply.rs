//! Success shapes of the REST contract, and the route description each area gives.

use crate::error::ApiError;
use crate::state::AppState;
use axum::Json;
use axum::extract::FromRequest;
use axum::http::Method;
use axum::response::{IntoResponse, Response};
use axum::routing::MethodRouter;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa::openapi::{Ref, RefOr, schema::Schema};

pub type Reply = Result<Response, ApiError>;

/// A success body, written straight from the handler's data (no JSON value tree between).
#[derive(Serialize)]
struct Success<'a, T> {
    message: &'a str,
    data: T,
    #[serde(skip_serializing_if = "Option::is_none")]
    total_records: Option<i64>,
}

pub fn ok(message: &str, data: impl Serialize) -> Reply {
    Ok(Json(Success { message, data, total_records: None }).into_response())
}

pub fn list(message: &str, data: impl Serialize, total: i64) -> Reply {
    Ok(Json(Success { message, data, total_records: Some(total) }).into_response())
}

/// A page whose items a service wrote as the answer's JSON array already (giving's
/// `TransactionPage.items_json`): the body [`list`] writes, with the items passed on as they are.
pub fn list_written(message: &str, items_json: &[u8], total: i64) -> Reply {
    let message = serde_json::to_string(message).map_err(ApiError::internal)?;
    let mut body = Vec::with_capacity(items_json.len() + message.len() + 48);
    body.extend_from_slice(b"{\"message\":");
    body.extend_from_slice(message.as_bytes());
    body.extend_from_slice(b",\"data\":");
    body.extend_from_slice(items_json);
    body.extend_from_slice(format!(",\"total_records\":{total}}}").as_bytes());
    Ok(([(axum::http::header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// A page a service was asked to write as JSON (`items_as_json`): its `items_json` passed on
/// ([`list_written`]); a service of the previous release (a rolling upgrade) leaves that empty
/// and answers `items`, written here as before ([`list`]).
pub fn list_passed_on(message: &str, items: impl Serialize, items_json: &[u8], total: i64) -> Reply {
    if items_json.is_empty() {
        return list(message, items, total);
    }
    list_written(message, items_json, total)
}

/// A page of a service's `items` (of `total`), each answered as `view` makes it.
pub fn list_of<T, V: Serialize>(message: &str, items: Vec<T>, total: i64, view: impl FnMut(T) -> V) -> Reply {
    list(message, items.into_iter().map(view).collect::<Vec<_>>(), total)
}

/// A JSON body whose rejection is our 400 shape.
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Body<T>(pub T);

/// The schemas of the OpenAPI document's components, by name.
pub type Schemas = Vec<(String, RefOr<Schema>)>;

/// Adds a type's schema (and every schema it refers to) to `schemas`; answers a reference to it.
pub type SchemaOf = fn(&mut Schemas) -> RefOr<Schema>;

fn schema_of<T: ToSchema>(schemas: &mut Schemas) -> RefOr<Schema> {
    schemas.push((T::name().into_owned(), T::schema()));
    T::schemas(schemas);
    RefOr::Ref(Ref::from_schema_name(T::name()))
}

/// What a route takes in its body.
#[derive(Clone, Copy)]
pub enum Request {
    /// A JSON object of this type.
    Json(SchemaOf),
    /// A multipart form with these fields.
    Multipart(SchemaOf),
}

/// What a route answers with 200.
#[derive(Clone, Copy)]
pub enum Answer {
    /// `{ message, data }` with `data` of this type.
    Data(SchemaOf),
    /// `{ message, data }` with `data` a list of this type.
    List(SchemaOf),
    /// `{ message, data, total_records }` with `data` a list of this type.
    Page(SchemaOf),
    /// `{ message, data, total_records }` with `data` of this type.
    PageOf(SchemaOf),
    /// A file of this media type.
    File(&'static str),
}

/// One REST route: method, path template (as in the permission table), summary for
/// the OpenAPI document, its handler, whether it may run past the request deadline, and
/// the types of its body and of its answer (the OpenAPI document is made from them).
pub struct Route {
    pub method: Method,
    pub path: &'static str,
    pub summary: &'static str,
    pub handler: MethodRouter<AppState>,
    pub long_running: bool,
    /// Answers 201 (a record made by the public) instead of 200.
    pub created: bool,
    pub request: Option<Request>,
    /// Named query parameters (name, description): integers.
    pub query: &'static [(&'static str, &'static str)],
    /// Named query parameters (name, description): texts.
    pub text_query: &'static [(&'static str, &'static str)],
    pub answer: Answer,
}

pub fn route(method: Method, path: &'static str, summary: &'static str, handler: MethodRouter<AppState>) -> Route {
    Route {
        method,
        path,
        summary,
        handler,
        long_running: false,
        created: false,
        request: None,
        query: &[],
        text_query: &[],
        answer: Answer::Data(schema_of::<Empty>),
    }
}

impl Route {
    /// No deadline: the call works through a whole uploaded file (imports), however long.
    pub fn long_running(mut self) -> Self {
        self.long_running = true;
        self
    }

    /// Answers 201 Created instead of 200.
    pub fn created(mut self) -> Self {
        self.created = true;
        self
    }

    /// Takes a JSON body of type `T`.
    pub fn body<T: ToSchema>(mut self) -> Self {
        self.request = Some(Request::Json(schema_of::<T>));
        self
    }

    /// Takes a multipart form whose fields `T` describes.
    pub fn multipart<T: ToSchema>(mut self) -> Self {
        self.request = Some(Request::Multipart(schema_of::<T>));
        self
    }

    /// Takes these query parameters (name, description).
    pub fn query(mut self, params: &'static [(&'static str, &'static str)]) -> Self {
        self.query = params;
        self
    }

    /// Takes these text query parameters (name, description).
    pub fn text_query(mut self, params: &'static [(&'static str, &'static str)]) -> Self {
        self.text_query = params;
        self
    }

    /// Answers `{ message, data: T }` (without this: `data` is `{}`).
    pub fn answers<T: ToSchema>(mut self) -> Self {
        self.answer = Answer::Data(schema_of::<T>);
        self
    }

    /// Answers a list: `{ message, data: [T] }`.
    pub fn list<T: ToSchema>(mut self) -> Self {
        self.answer = Answer::List(schema_of::<T>);
        self
    }

    /// Answers a page: `{ message, data: [T], total_records }`.
    pub fn page<T: ToSchema>(mut self) -> Self {
        self.answer = Answer::Page(schema_of::<T>);
        self
    }

    /// Answers `{ message, data: T, total_records }`.
    pub fn page_of<T: ToSchema>(mut self) -> Self {
        self.answer = Answer::PageOf(schema_of::<T>);
        self
    }

    /// Answers a file of this media type.
    pub fn file(mut self, media_type: &'static str) -> Self {
        self.answer = Answer::File(media_type);
        self
    }
}

/// The `data` of an answer that carries nothing: `{}`.
#[derive(Serialize, ToSchema, Default, Clone, Copy)]
pub struct Empty {}

#[cfg(test)]
mod tests {
    use super::*;
    use proto::catalogue::v1::CharityRow;
    use proto::giving::v1::Transaction;

    async fn answer(reply: Reply) -> (Option<String>, Vec<u8>) {
        let r = reply.map_err(|_| "an error").unwrap();
        let kind = r.headers().get(axum::http::header::CONTENT_TYPE).map(|v| v.to_str().unwrap().to_string());
        (kind, axum::body::to_bytes(r.into_body(), usize::MAX).await.unwrap().to_vec())
    }

    /// A page a service wrote as JSON is answered byte for byte as the BFF writes the same
    /// items, hostile text included (quotes, a script tag, control and non-ASCII characters),
    /// and with none; the message is escaped as JSON too. A service of the previous release
    /// (no JSON, its items) is answered the same.
    async fn passed_on_as_written<T: Serialize>(items: Vec<T>) {
        for message in ["Transaction list", "a \"quoted\" message"] {
            let want = answer(list(message, &items, 1_234)).await;
            let written = serde_json::to_vec(&items).unwrap();
            for got in [
                answer(list_passed_on(message, Vec::<T>::new(), &written, 1_234)).await,
                answer(list_passed_on(message, &items, &[], 1_234)).await,
            ] {
                assert_eq!(got.0, want.0);
                assert_eq!(String::from_utf8(got.1).unwrap(), String::from_utf8(want.1.clone()).unwrap());
            }
        }
    }

    const HOSTILE: &str = "\"Bobby\"; </script><script>alert(1)</script>\\ \u{1}\n é 😀";

    #[tokio::test]
    async fn a_page_written_by_the_service_is_the_page_the_bff_writes() {
        let hostile = Transaction {
            id: "t1".into(),
            donor_name: HOSTILE.into(),
            recipient_name: "O'Brien & Sons <b>".into(),
            amount_cents: -9_007_199_254_740_993,
            ..Default::default()
        };
        passed_on_as_written(vec![hostile, Transaction { id: "t2".into(), ..Default::default() }]).await;
        passed_on_as_written(Vec::<Transaction>::new()).await;
        let charity = CharityRow {
            id: "c1".into(),
            charity_name: HOSTILE.into(),
            tax_id: "12-3456789".into(),
            admin_approve_at: Some(1_700_000_000_000),
            reject_reason: "O'Brien & Sons <b>".into(),
            ..Default::default()
        };
        passed_on_as_written(vec![charity, CharityRow { id: "c2".into(), ..Default::default() }]).await;
    }
}
