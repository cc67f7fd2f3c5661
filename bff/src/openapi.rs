//! The OpenAPI 3.1 document of every implemented path, made from the same route
//! list the router is built from, with each path's access rule from the permission table.

use crate::permissions::{self, Access, Nonprofit, Rule};
use crate::reply::Route;
use serde_json::{Map, Value, json};

pub fn document(routes: &[Route]) -> Value {
    let table = permissions::lookup();
    let mut paths = Map::new();
    for r in routes {
        let rule = table.get(&(r.method.clone(), r.path)).copied().unwrap_or(Rule { access: Access::MainAdmin, nonprofit: Nonprofit::Never });
        let (security, mut note) = match rule.access {
            Access::Public => (json!([]), "Public.".to_string()),
            Access::SignedIn => (json!([{ "bearer": [] }]), "Any signed-in account.".to_string()),
            Access::MainAdmin => (json!([{ "bearer": [] }]), "Main admin only.".to_string()),
            Access::Grant(alts) => (
                json!([{ "bearer": [] }]),
                format!(
                    "Needs {}.",
                    alts.iter().map(|(s, a)| format!("{a} on {s}")).collect::<Vec<_>>().join(" or ")
                ),
            ),
        };
        // Said only where a nonprofit admin's rule is not the usual one for the access
        // (signed-in helpers: yes; everything else: no).
        match (rule.access, rule.nonprofit) {
            (Access::SignedIn, Nonprofit::Never) => note.push_str(" Not for nonprofit admins."),
            (Access::MainAdmin | Access::Grant(_), Nonprofit::Allowed) => note.push_str(" Nonprofit admins: allowed."),
            (Access::Public, _) | (_, Nonprofit::Allowed | Nonprofit::Never) => {}
            (_, Nonprofit::OwnOnly) => note.push_str(" Nonprofit admins: their own nonprofit only."),
            (_, Nonprofit::OwnWithout(flag)) => note.push_str(&format!(" Nonprofit admins: their own nonprofit only, never with `{flag}`.")),
        }
        let mut params = vec![];
        for seg in r.path.split('/') {
            if let Some(name) = seg.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                params.push(json!({ "name": name, "in": "path", "required": true, "schema": { "type": "string" } }));
            }
        }
        let mut op = json!({
            "summary": r.summary,
            "description": note,
            "tags": [r.path.trim_start_matches('/').split('/').take(2).collect::<Vec<_>>().join("/")],
            "security": security,
            "parameters": params,
            "responses": {
                "200": { "description": "`{ message, data }` (lists add `total_records`)" },
                "400": { "$ref": "#/components/responses/Error" },
                "401": { "$ref": "#/components/responses/Error" },
                "403": { "$ref": "#/components/responses/Error" },
            }
        });
        if r.method != axum::http::Method::GET && r.method != axum::http::Method::DELETE {
            op["requestBody"] = json!({ "content": { "application/json": { "schema": { "type": "object" } } } });
        }
        let item = paths.entry(r.path.to_string()).or_insert_with(|| json!({}));
        item[r.method.as_str().to_lowercase()] = op;
    }
    json!({
        "openapi": "3.1.0",
        "info": { "title": "Giving Console API", "version": env!("CARGO_PKG_VERSION") },
        "paths": paths,
        "components": {
            "securitySchemes": { "bearer": { "type": "http", "scheme": "bearer", "bearerFormat": "JWT" } },
            "responses": { "Error": {
                "description": "`{ message, errors: [{ field, message }], code }`",
                "content": { "application/json": { "schema": { "type": "object", "properties": {
                    "message": { "type": "string" }, "code": { "type": "string" },
                    "errors": { "type": "array", "items": { "type": "object", "properties": {
                        "field": { "type": "string" }, "message": { "type": "string" } } } } } } } }
            } }
        }
    })
}
