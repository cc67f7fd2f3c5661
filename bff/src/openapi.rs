//! The OpenAPI 3.1 document of every implemented path, made from the same route list the
//! router is built from: each route's body and answer types (utoipa schemas of the BFF's
//! and the services' JSON types), the error shape and status codes of ARCHITECTURE
//! section 4, and each path's access rule from the permission table.

use crate::error::{ErrorBody, FieldError};
use crate::permissions::{self, Access, Nonprofit, Rule};
use crate::reply::{Answer, Request, Route, Schemas};
use axum::http::Method;
use serde_json::{Map, Value, json};
use utoipa::{PartialSchema, ToSchema};

/// Paths whose service throttles its callers (429 with Retry-After).
/// Paths that answer 429 when their caller tried too often (passwords, codes, public forms).
const THROTTLED: [&str; 9] = [
    "/admin-login/login",
    "/admin-login/charityLogin",
    "/admin/sub-admin/forgotPassword",
    "/v1/public/contactUs",
    "/admin-login/twoFactor",
    "/admin-login/twoFactor/enrol",
    "/admin-login/twoFactor/confirm",
    "/admin/twoFactor/confirm",
    "/admin/twoFactor/disable",
];

fn to_json(schema: &utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>) -> Value {
    serde_json::to_value(schema).expect("a schema serialises")
}

/// The success body around `data`.
fn success(data: Value, total: bool) -> Value {
    let mut properties = json!({ "message": { "type": "string" }, "data": data });
    let mut required = vec!["message", "data"];
    if total {
        properties["total_records"] =
            json!({ "type": "integer", "format": "int64", "description": "Rows matching the query, over every page" });
        required.push("total_records");
    }
    json!({ "type": "object", "required": required, "properties": properties })
}

fn access_note(rule: Rule) -> (Value, String) {
    let (security, mut note) = match rule.access {
        Access::Public => (json!([]), "Public.".to_string()),
        Access::SignedIn => (json!([{ "bearer": [] }]), "Any signed-in account.".to_string()),
        Access::MainAdmin => (json!([{ "bearer": [] }]), "Main admin only.".to_string()),
        Access::Grant(alts) => (
            json!([{ "bearer": [] }]),
            format!("Needs {}.", alts.iter().map(|(s, a)| format!("{a} on {s}")).collect::<Vec<_>>().join(" or ")),
        ),
        Access::All(required) => (
            json!([{ "bearer": [] }]),
            format!("Needs {}.", required.iter().map(|(s, a)| format!("{a} on {s}")).collect::<Vec<_>>().join(" and ")),
        ),
    };
    // Said only where a nonprofit admin's rule is not the usual one for the access
    // (signed-in helpers: yes; everything else: no).
    match (rule.access, rule.nonprofit) {
        (Access::SignedIn, Nonprofit::Never) => note.push_str(" Not for nonprofit admins."),
        (Access::MainAdmin | Access::Grant(_) | Access::All(_), Nonprofit::Allowed) => {
            note.push_str(" Nonprofit admins: allowed.")
        }
        (Access::Public, _) | (_, Nonprofit::Allowed | Nonprofit::Never) => {}
        (_, Nonprofit::OwnOnly) => note.push_str(" Nonprofit admins: their own nonprofit only."),
        (_, Nonprofit::OwnWithout(flag)) => {
            note.push_str(&format!(" Nonprofit admins: their own nonprofit only, never with `{flag}`."))
        }
    }
    (security, note)
}

pub fn document(routes: &[Route]) -> Value {
    let table = permissions::lookup();
    let mut schemas: Schemas = vec![];
    let mut paths = Map::new();
    for r in routes {
        let rule = table
            .get(&(r.method.clone(), r.path))
            .copied()
            .unwrap_or(Rule { access: Access::MainAdmin, nonprofit: Nonprofit::Never });
        let (security, note) = access_note(rule);
        let mut params = vec![];
        for seg in r.path.split('/') {
            if let Some(name) = seg.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                params.push(json!({ "name": name, "in": "path", "required": true, "schema": { "type": "string" } }));
            }
        }
        for (name, description) in r.query {
            params.push(json!({ "name": name, "in": "query", "required": true, "description": description, "schema": { "type": "integer", "format": "int64" } }));
        }
        for (name, description) in r.text_query {
            params.push(json!({ "name": name, "in": "query", "required": true, "description": description, "schema": { "type": "string" } }));
        }
        let ok = match r.answer {
            Answer::Data(of) => json!({ "application/json": { "schema": success(to_json(&of(&mut schemas)), false) } }),
            Answer::List(of) => {
                json!({ "application/json": { "schema": success(json!({ "type": "array", "items": to_json(&of(&mut schemas)) }), false) } })
            }
            Answer::Page(of) => {
                json!({ "application/json": { "schema": success(json!({ "type": "array", "items": to_json(&of(&mut schemas)) }), true) } })
            }
            Answer::PageOf(of) => {
                json!({ "application/json": { "schema": success(to_json(&of(&mut schemas)), true) } })
            }
            Answer::File(media_type) => json!({ media_type: { "schema": { "type": "string", "format": "binary" } } }),
        };
        let error = |description: &str| json!({ "description": description, "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Error" } } } });
        let mut responses = Map::new();
        responses.insert(if r.created { "201" } else { "200" }.into(), json!({ "description": "Done", "content": ok }));
        responses.insert("400".into(), error("Bad input (`errors` names the fields)"));
        if rule.access != Access::Public {
            responses.insert("401".into(), error("No, an invalid or an ended session"));
            responses.insert("403".into(), error("`TOKEN_EXPIRED`: refresh and retry; `FORBIDDEN`: not allowed"));
        } else {
            // A public path that takes a token (refresh, reset, set-password) refuses a bad one.
            responses.insert("401".into(), error("An invalid, expired or used token"));
        }
        responses.insert("404".into(), error("Not found"));
        if r.method != Method::GET {
            responses.insert("409".into(), error("Conflicts with a record that exists"));
            responses.insert("413".into(), error("The body is larger than the path takes"));
        }
        if THROTTLED.contains(&r.path) {
            responses.insert("429".into(), error("Too many attempts (see Retry-After)"));
        }
        responses.insert("500".into(), error("Something went wrong"));
        responses.insert("503".into(), error("A service is unavailable"));
        if !r.long_running {
            responses.insert("504".into(), error("Took longer than the request deadline"));
        }
        let mut op = json!({
            "operationId": operation_id(&r.method, r.path),
            "summary": r.summary,
            "description": note,
            "tags": [r.path.trim_start_matches('/').split('/').take(2).collect::<Vec<_>>().join("/")],
            "security": security,
            "parameters": params,
            "responses": responses,
        });
        match r.request {
            Some(Request::Json(of)) => {
                op["requestBody"] = json!({ "required": true, "content": { "application/json": { "schema": to_json(&of(&mut schemas)) } } });
            }
            Some(Request::Multipart(of)) => {
                op["requestBody"] = json!({ "required": true, "content": { "multipart/form-data": { "schema": to_json(&of(&mut schemas)) } } });
            }
            None => {}
        }
        let item = paths.entry(r.path.to_string()).or_insert_with(|| json!({}));
        item[r.method.as_str().to_lowercase()] = op;
    }
    schemas.push((ErrorBody::name().into_owned(), ErrorBody::schema()));
    schemas.push((FieldError::name().into_owned(), FieldError::schema()));
    let mut components = Map::new();
    for (name, schema) in schemas {
        let schema = to_json(&schema);
        match components.get(&name) {
            Some(known) => assert_eq!(*known, schema, "two types are both called {name} in the OpenAPI document"),
            None => {
                components.insert(name, schema);
            }
        }
    }
    answers_are_complete(&Value::Object(paths.clone()), &mut components);
    no_impossible_defaults(&mut components);
    list_fixed_values(&mut components);
    json!({
        "openapi": "3.1.0",
        "info": { "title": "Giving Console API", "version": env!("CARGO_PKG_VERSION") },
        "paths": paths,
        "components": {
            "securitySchemes": { "bearer": { "type": "http", "scheme": "bearer", "bearerFormat": "JWT" } },
            "schemas": components,
        }
    })
}

/// The `$ref`ed component names in `v`, and in the components they name, transitively.
fn reachable(v: &Value, components: &Map<String, Value>, out: &mut std::collections::BTreeSet<String>) {
    match v {
        Value::Object(o) => {
            if let Some(name) =
                o.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix("#/components/schemas/"))
                && out.insert(name.to_string())
                && let Some(c) = components.get(name)
            {
                reachable(c, components, out);
            }
            o.values().for_each(|x| reachable(x, components, out));
        }
        Value::Array(a) => a.iter().for_each(|x| reachable(x, components, out)),
        _ => {}
    }
}

/// Answers carry every field of their types, the services' messages too, whose `serde(default)`
/// (for reading requests) leaves their schemas without required fields: a component only
/// answers use and that says nothing of required fields has every field required (`null`
/// where it is an absent option). The BFF's own answer types say it themselves (a field
/// skipped when absent is not required).
fn answers_are_complete(paths: &Value, components: &mut Map<String, Value>) {
    let (mut answered, mut asked) = (Default::default(), Default::default());
    for op in paths
        .as_object()
        .into_iter()
        .flat_map(|p| p.values())
        .flat_map(|item| item.as_object().into_iter().flat_map(|m| m.values()))
    {
        reachable(&op["responses"]["200"], components, &mut answered);
        reachable(&op["requestBody"], components, &mut asked);
    }
    for name in answered.difference(&asked) {
        let Some(schema) = components.get_mut(name) else { continue };
        if schema.get("required").is_some() {
            continue;
        }
        let Some(props) = schema.get("properties").and_then(Value::as_object) else { continue };
        let required: Vec<Value> = props.keys().map(|k| json!(k)).collect();
        schema["required"] = Value::Array(required);
    }
}

/// The fields of the REST contract that take one of a few values: each (components, property,
/// values) is what the BFF or its service accepts or answers there, so a client generated from
/// the document knows them (an `enum`, on the items of a list). A list filter's "" is no filter.
fn fixed_values() -> Vec<(&'static [&'static str], &'static str, Vec<Value>)> {
    let strings = |values: &[&str]| values.iter().map(|v| json!(v)).collect::<Vec<_>>();
    let verification = strings(&["", "Pending", "Approve", "Reject"]);
    let recipient = strings(&["charity", "community", "cause"]);
    let rules = strings(&crate::areas::badge::RULES);
    let trash = strings(&crate::trash::MODULES.iter().map(|t| t.module).collect::<Vec<_>>());
    vec![
        (&["Badge", "BadgeBody"], "rule", rules),
        (&["Charity", "CharityRow", "OwnNonprofit"], "adminVerification", verification.clone()),
        (&["CharityListBody"], "adminVerification", verification),
        (&["Partner"], "adminVerification", strings(&["Pending", "Approve", "Reject"])),
        (&["VerificationBody", "PartnerVerificationBody"], "adminVerification", strings(&["Approve", "Reject"])),
        (&["Community", "CommunityInput"], "privacy", strings(&["public", "private"])),
        (&["Event", "EventInput"], "hostType", strings(&["community", "charity"])),
        (&["EventMember", "RemovedMember", "FindEventBody"], "status", vec![json!(1), json!(2), json!(3)]),
        (&["Person"], "type", strings(&["donor", "admin"])),
        (&["Transaction"], "status", strings(&["succeeded", "pending", "failed", "refunded"])),
        (&["TransactionListBody"], "status", strings(&["", "succeeded", "pending", "failed", "refunded"])),
        (&["Transaction"], "type", strings(&["one_time", "recurring"])),
        (&["TransactionListBody"], "type", strings(&["", "one_time", "recurring"])),
        (&["Transaction", "Subscription"], "recipientType", recipient.clone()),
        (&["TransactionListBody"], "recipientType", [vec![json!("")], recipient].concat()),
        (&["Transaction"], "paymentMethod", strings(&["card", "ach", "paypal", "apple_pay", "google_pay"])),
        (&["Subscription"], "status", strings(&["active", "cancelled"])),
        (&["Subscription"], "interval", strings(&["monthly", "yearly"])),
        (&["PaymentMethod"], "type", strings(&["bank_account"])),
        (&["PaymentMethodInput"], "type", strings(&["", "bank_account"])),
        (
            &["SignedIn"],
            "adminType",
            strings(&[common::account::MAIN_ADMIN, common::account::SUB_ADMIN, common::account::CHARITY_ADMIN]),
        ),
        (
            &["AuditListBody"],
            "accountType",
            strings(&[
                "",
                common::account::MAIN_ADMIN,
                common::account::SUB_ADMIN,
                common::account::CHARITY_ADMIN,
                common::account::MEMBER,
                common::account::SYSTEM,
            ]),
        ),
        (&["Notification"], "audience", strings(&["all", "selected"])),
        (&["SendBody"], "audience", strings(&["", "all", "selected"])),
        (&["CmsPage"], "slug", strings(&["privacy_policy", "terms_condition"])),
        (
            &["Revision"],
            "pageKey",
            strings(&["homepage", "privacy_policy", "terms_condition", "about_us", "giving_partner"]),
        ),
        (&["NameOption"], "type", strings(&["charity", "cause"])),
        (&["CommonListBody"], "type", strings(&["charity"])),
        // Checked without regard to case (common::paging).
        (&["ListBody", "ExportBody"], "order", strings(&["", "asc", "desc", "ascend", "descend", "1", "-1"])),
        (&["PlatformDashboard"], "unavailable", strings(&["giving", "catalogue"])),
        (&["NonprofitDashboard"], "unavailable", strings(&["giving", "catalogue", "engagement"])),
        (&["TrashItem", "TrashItemRef", "Refused"], "module", trash.clone()),
        (&["TrashListBody"], "modules", trash),
        (
            &["DeletedBy"],
            "type",
            strings(&[common::account::MAIN_ADMIN, common::account::SUB_ADMIN, common::account::SYSTEM]),
        ),
    ]
}

/// The property `name` of a component: among its own properties or those of an `allOf` part.
fn property_mut<'a>(schema: &'a mut Value, name: &str) -> Option<&'a mut Value> {
    if schema["properties"].get(name).is_some() {
        return schema["properties"].get_mut(name);
    }
    schema.get_mut("allOf")?.as_array_mut()?.iter_mut().find_map(|part| part.get_mut("properties")?.get_mut(name))
}

/// Sets each field's values of [`fixed_values`] (a list's on its items). A default that is not
/// one of them goes (the field has none: absent is refused, or it is always answered).
fn list_fixed_values(components: &mut Map<String, Value>) {
    for (names, property, values) in fixed_values() {
        for name in names {
            let schema =
                components.get_mut(*name).unwrap_or_else(|| panic!("no component {name} in the OpenAPI document"));
            let field = property_mut(schema, property).unwrap_or_else(|| panic!("{name} has no property {property}"));
            if field.get("default").is_some_and(|d| !values.contains(d))
                && let Some(o) = field.as_object_mut()
            {
                o.remove("default");
            }
            let target = if field["type"] == "array" { &mut field["items"] } else { field };
            target["enum"] = Value::Array(values.clone());
        }
    }
}

/// A `default: null` where the type does not take null (a body field read as any JSON value,
/// whose absence the handler refuses by name) is no default: it goes.
fn no_impossible_defaults(components: &mut Map<String, Value>) {
    fn walk(v: &mut Value) {
        match v {
            Value::Object(o) => {
                let takes_null = match o.get("type") {
                    Some(Value::String(t)) => t == "null",
                    Some(Value::Array(types)) => types.iter().any(|t| t == "null"),
                    // A oneOf/anyOf or a $ref: what they take is said there.
                    _ => true,
                };
                if o.get("default").is_some_and(Value::is_null) && !takes_null {
                    o.remove("default");
                }
                o.values_mut().for_each(walk);
            }
            Value::Array(a) => a.iter_mut().for_each(walk),
            _ => {}
        }
    }
    components.values_mut().for_each(walk);
}

/// A stable name for the operation: its method and path in words (`post_admin_charity_create`).
fn operation_id(method: &Method, path: &str) -> String {
    let words: Vec<&str> = path.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    format!("{}_{}", method.as_str().to_lowercase(), words.join("_"))
}

/// The document of the whole router, as `/api-docs/openapi.json` serves it.
pub fn current() -> Value {
    document(&crate::areas::routes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// POST and PATCH routes that take no body (everything else that is not a GET or a
    /// DELETE does, and must say which).
    const NO_BODY: [&str; 14] = [
        "/admin/twoFactor/enrol",
        "/admin/sub-admin/resetTwoFactor/{id}",
        "/admin/homepage/restoreRevision/{id}",
        "/admin/cms/restoreRevision/{id}",
        "/admin/aboutUs/restoreRevision/{id}",
        "/admin/givingPartner/restoreRevision/{id}",
        "/admin/cause/getAll",
        "/admin/charity-category/getAll",
        "/admin/charity/getAll",
        "/admin/charity/inviteAdmin/{id}",
        "/admin/charity/import/{importId}/apply",
        "/v1/posts/likeUnlikePost/{id}",
        "/v1/posts/likeUnlikeComment/{id}",
        "/admin/reportPost/deletePost/{id}",
    ];

    /// DELETE routes that take a JSON body (SPEC section 7 names the record in the body).
    const DELETE_WITH_BODY: [&str; 1] = ["/v1/event/removeMember"];

    /// Follows `$ref`s to their component.
    fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
        match schema["$ref"].as_str() {
            Some(r) => resolve(doc, &doc["components"]["schemas"][r.trim_start_matches("#/components/schemas/")]),
            None => schema,
        }
    }

    #[test]
    fn every_route_is_documented_with_its_body_and_its_answer() {
        let routes = crate::areas::routes();
        let doc = document(&routes);
        let mut documented = 0;
        for r in &routes {
            let op = &doc["paths"][r.path][r.method.as_str().to_lowercase()];
            assert!(op.is_object(), "{} {} is not documented", r.method, r.path);
            documented += 1;
            let takes_body = (![Method::GET, Method::DELETE].contains(&r.method) && !NO_BODY.contains(&r.path))
                || DELETE_WITH_BODY.contains(&r.path);
            let body = &op["requestBody"]["content"];
            assert_eq!(body.is_object(), takes_body, "{} {}: request body documented: {body}", r.method, r.path);
            if let Some((_, media)) = body.as_object().and_then(|c| c.iter().next()) {
                let schema = resolve(&doc, &media["schema"]);
                assert!(
                    schema["properties"].is_object() || schema["allOf"].is_array(),
                    "{} {}: {schema}",
                    r.method,
                    r.path
                );
            }
            let ok = &op["responses"][if r.created { "201" } else { "200" }]["content"];
            let (media_type, media) = ok
                .as_object()
                .and_then(|c| c.iter().next())
                .unwrap_or_else(|| panic!("{} {}: no 200 answer", r.method, r.path));
            if media_type == "application/json" {
                let data = &media["schema"]["properties"]["data"];
                let data = if data["type"] == "array" { resolve(&doc, &data["items"]) } else { resolve(&doc, data) };
                // An answer without data documents `{}` as an object without properties.
                // An answer of two shapes (sign-in, a notification or its preview) is a oneOf of objects.
                let object = |d: &Value| d["properties"].is_object() || d["allOf"].is_array() || d["type"] == "object";
                let shapes = data["oneOf"].as_array().map(|o| o.iter().all(|d| object(resolve(&doc, d))));
                assert!(object(data) || shapes == Some(true), "{} {}: data {data}", r.method, r.path);
            }
            for status in ["400", "404", "500", "503"] {
                assert_eq!(
                    op["responses"][status]["content"]["application/json"]["schema"]["$ref"],
                    "#/components/schemas/Error",
                    "{} {status}",
                    r.path
                );
            }
        }
        let in_doc: usize = doc["paths"].as_object().unwrap().values().map(|p| p.as_object().unwrap().len()).sum();
        assert_eq!(in_doc, documented);
        let error = &doc["components"]["schemas"]["Error"]["properties"];
        for field in ["message", "errors", "code"] {
            assert!(error[field].is_object(), "{error}");
        }
        // Every reference names a component.
        let text = doc.to_string();
        for r in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
            let name = &r[..r.find('"').unwrap()];
            assert!(doc["components"]["schemas"][name].is_object(), "{name} is referred to but not a component");
        }
    }

    #[test]
    fn fields_of_a_few_values_list_them_and_defaults_fit_their_types() {
        let doc = current();
        let schemas = doc["components"]["schemas"].as_object().unwrap();
        for (names, property, values) in fixed_values() {
            for name in names {
                let mut schema = schemas[*name].clone();
                let field = property_mut(&mut schema, property).unwrap().clone();
                let listed = if field["type"] == "array" { &field["items"]["enum"] } else { &field["enum"] };
                assert_eq!(listed, &Value::Array(values.clone()), "{name}.{property}");
                if let Some(d) = field.get("default") {
                    assert!(values.contains(d), "{name}.{property}: its default {d} is one of its values");
                }
            }
        }
        let text = doc.to_string();
        assert!(!text.contains(r#""default":null,"description":"'totalGiven'"#), "the badge rule has no null default");
        assert_eq!(
            schemas["BadgeBody"]["properties"]["rule"]["enum"],
            json!(["totalGiven", "donations", "monthsSubscribed"])
        );
    }

    #[test]
    fn answers_keep_their_rest_field_names() {
        let doc = current();
        let props = |name: &str| {
            let mut keys: Vec<String> =
                doc["components"]["schemas"][name]["properties"].as_object().unwrap().keys().cloned().collect();
            keys.sort();
            keys
        };
        assert_eq!(
            props("SignedIn"),
            [
                "_id",
                "adminType",
                "authToken",
                "charityId",
                "email",
                "firstName",
                "lastName",
                "permissions",
                "refreshToken"
            ]
        );
        assert_eq!(
            props("SubAdminView"),
            ["_id", "createdAt", "email", "firstName", "isActive", "lastName", "permissions"]
        );
        assert_eq!(props("Metadata"), ["bulkJobThreshold", "mediaURL", "placeholder"]);
        assert_eq!(props("ListBody"), ["column", "limit", "order", "page", "search"]);
        assert!(props("Charity").contains(&"_id".to_string()));
    }
}
