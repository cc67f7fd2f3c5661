use crate::helpers::*;
use serde_json::{Value, json};

#[tokio::test]
async fn locations_come_from_the_bundled_data_set() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    app.get("/v1/common/getAllCountry", None).await.expect(401);
    let r = app.get("/v1/common/getAllCountry", Some(&t)).await.expect(200);
    let countries = r.body["data"].as_array().unwrap();
    assert!(countries.len() > 240);
    let us = countries.iter().find(|c| c["name"] == "United States").unwrap();
    let r = app.get(&format!("/v1/common/getAllState?countryId={}", us["id"]), Some(&t)).await.expect(200);
    let states = r.body["data"].as_array().unwrap();
    assert_eq!(states.len(), 51);
    let ca = states.iter().find(|s| s["name"] == "California").unwrap();
    let r = app.get(&format!("/v1/common/getAllCities?stateId={}", ca["id"]), Some(&t)).await.expect(200);
    assert!(r.body["data"].as_array().unwrap().iter().any(|c| c["name"] == "Los Angeles"));
    let r = app.get("/v1/common/getAllCities", Some(&t)).await.expect(400);
    assert_eq!(r.message(), "Please select a valid state");
    let r = app.get("/v1/common/getAllState?countryId=99999999", Some(&t)).await.expect(400);
    assert_eq!(r.message(), "Please select a valid country");
}

#[tokio::test]
async fn the_openapi_document_lists_every_implemented_path_with_its_access() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r = app.get("/api-docs/openapi.json", Some(&t)).await.expect(200);
    let paths = r.body["paths"].as_object().unwrap();
    for route in bff::areas::routes() {
        let op = &paths[route.path][route.method.as_str().to_lowercase()];
        assert!(op.is_object(), "{} {} missing", route.method, route.path);
    }
    assert_eq!(paths["/admin/sub-admin/create"]["post"]["description"], "Needs add on /sub_admin.");
    assert_eq!(paths["/admin-login/login"]["post"]["security"], json!([]));
    let documented: usize = paths.values().map(|p| p.as_object().unwrap().len()).sum();
    assert_eq!(documented, bff::areas::routes().len());
}

#[tokio::test]
async fn every_served_route_is_in_the_permission_table() {
    let table = bff::permissions::lookup();
    for r in bff::areas::routes() {
        assert!(table.contains_key(&(r.method.clone(), r.path)), "{} {}", r.method, r.path);
    }
}

#[tokio::test]
async fn unknown_api_paths_answer_json_404_and_health_probes_answer() {
    let app = spawn().await;
    let r = app.post("/admin/nothing/here", None, json!({})).await.expect(404);
    assert_eq!(r.code(), "NOT_FOUND");
    // A known path with a method it does not take: 405 in the API's shape, before any sign-in.
    let res = app.client.delete(format!("{}/admin/charity/delete", app.base)).send().await.unwrap();
    assert_eq!((res.status().as_u16(), res.headers()["allow"].to_str().unwrap()), (405, "POST"));
    let body: Value = res.json().await.unwrap();
    assert_eq!(
        (body["code"].as_str(), body["message"].as_str()),
        (Some("METHOD_NOT_ALLOWED"), Some("This path does not take that method"))
    );
    app.get("/healthz", None).await.expect(200);
    // Asked on this machine: the details (tests/api/exposure.rs: what others see).
    let r = app.get("/readyz", None).await.expect(200);
    assert_eq!(r.body["identity"], "serving");
    assert_eq!(r.body["catalogue"], "serving");
    assert_eq!(r.body["cache"], "ok");
}

#[tokio::test]
async fn a_service_that_is_down_gives_a_clear_503_not_a_hang() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    app.shutdown.trigger();
    // Identity is stopped; a BFF alone against a dead port.
    let cfg = bff::config::Config {
        public_url: "http://console.test".into(),
        ..bff::config::Config::local(
            local_urls(&[]),
            SECRET.into(),
            std::env::temp_dir().join(format!("gc-platform-media-{}", std::process::id())),
        )
    };
    let state = cfg.state().await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let stop = common::shutdown::Shutdown::new();
    tokio::spawn(bff::serve(state, listener, stop.clone(), std::time::Duration::ZERO));
    let started = std::time::Instant::now();
    let res = reqwest::Client::new()
        .post(format!("{base}/admin/sub-admin/subAdminList"))
        .bearer_auth(&t)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 503);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["code"], "UNAVAILABLE");
    assert!(started.elapsed() < std::time::Duration::from_secs(15));
    // The BFF itself stays ready (the console is still served) and says what is down.
    let res = reqwest::Client::new().get(format!("{base}/readyz")).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let body: serde_json::Value = res.json().await.unwrap();
    assert_eq!(body["identity"], "unavailable");
    stop.trigger();
}

#[tokio::test]
async fn metrics_count_requests_per_route_and_grpc_method_on_the_metrics_listener_only() {
    // With the console served too: /metrics is not one of its screens either.
    let web = common::testing::temp_dir();
    std::fs::write(web.0.join("index.html"), "<!doctype html><title>Giving Console</title>").unwrap();
    let dir = web.0.clone();
    let app = spawn_full(|_| {}, move |b| b.web_dir = Some(dir), std::time::Duration::ZERO).await;
    app.admin().await;
    let r = app.client.get(format!("{}/metrics", app.metrics_base)).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let text = r.text().await.unwrap();
    assert!(
        text.contains(r#"http_server_requests_seconds_count{route="/admin-login/login",method="POST",status="200"}"#),
        "{text}"
    );
    assert!(
        text.contains(r#"grpc_client_requests_seconds_count{method="/identity.v1.Identity/Login",code="0"}"#),
        "{text}"
    );
    assert!(
        text.contains(r#"grpc_server_requests_seconds_count{method="/identity.v1.Identity/Login",code="0"}"#),
        "{text}"
    );
    // The public listener has none, from this machine or through the ingress.
    for forwarded in [None, Some("203.0.113.9")] {
        let mut req = app.client.get(format!("{}/metrics", app.base));
        if let Some(f) = forwarded {
            req = req.header("x-forwarded-for", f);
        }
        let r = req.send().await.unwrap();
        assert_eq!(r.status().as_u16(), 404, "{forwarded:?}");
        let body: Value = r.json().await.unwrap();
        assert_eq!(body["code"], "NOT_FOUND", "the API's 404, not the console's page");
    }
}

#[tokio::test]
async fn on_shutdown_readiness_turns_false_and_requests_in_flight_finish() {
    let app = spawn_full(|_| {}, |_| {}, std::time::Duration::from_millis(800)).await;
    app.get("/readyz", None).await.expect(200);
    // A sign-in (Argon2 makes it take a while) is under way when the signal comes.
    let in_flight = {
        let (client, base) = (app.client.clone(), app.base.clone());
        tokio::spawn(async move {
            client
                .post(format!("{base}/admin-login/login"))
                .json(&json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD }))
                .send()
                .await
                .map(|r| r.status().as_u16())
        })
    };
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    app.bff_stop.trigger();
    let r = app.get("/readyz", None).await.expect(503);
    assert_eq!(r.body["status"], "shutting down");
    // The probe (not on this machine) gets the status alone.
    let r =
        app.client.get(format!("{}/readyz", app.base)).header("x-forwarded-for", "203.0.113.9").send().await.unwrap();
    assert_eq!(r.status().as_u16(), 503);
    assert_eq!(r.json::<Value>().await.unwrap(), json!({ "status": "not ready" }));
    assert_eq!(in_flight.await.unwrap().unwrap(), 200);
}

/// Whether `value` fits `schema` of the OpenAPI document `doc`: types, every field it
/// carries declared, every required field present (through `$ref`, `allOf`, `oneOf`, arrays).
fn conforms(doc: &Value, schema: &Value, value: &Value, at: &str) -> Result<(), String> {
    if let Some(r) = schema["$ref"].as_str() {
        let name = r.trim_start_matches("#/components/schemas/");
        return conforms(doc, &doc["components"]["schemas"][name], value, &format!("{at}<{name}>"));
    }
    if let Some(branches) = schema["oneOf"].as_array() {
        return match branches.iter().any(|b| conforms(doc, b, value, at).is_ok()) {
            true => Ok(()),
            false => Err(format!("{at}: {value} fits no branch of {schema}")),
        };
    }
    if let Some(parts) = schema["allOf"].as_array() {
        // Flattened types: the fields of every part, each part's required fields.
        let mut merged = json!({ "type": "object", "properties": {}, "required": [] });
        for part in parts {
            let part = match part["$ref"].as_str() {
                Some(r) => &doc["components"]["schemas"][r.trim_start_matches("#/components/schemas/")],
                None => part,
            };
            for (k, v) in part["properties"].as_object().into_iter().flatten() {
                merged["properties"][k] = v.clone();
            }
            for r in part["required"].as_array().into_iter().flatten() {
                merged["required"].as_array_mut().unwrap().push(r.clone());
            }
        }
        return conforms(doc, &merged, value, at);
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => return Ok(()),
    };
    let fits = types.iter().any(|t| match *t {
        "null" => value.is_null(),
        "string" => value.is_string(),
        "boolean" => value.is_boolean(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        _ => true,
    });
    if !fits {
        return Err(format!("{at}: {value} is not {types:?}"));
    }
    if let Some(items) = value.as_array() {
        for (i, item) in items.iter().enumerate() {
            conforms(doc, &schema["items"], item, &format!("{at}[{i}]"))?;
        }
    }
    if let Some(fields) = value.as_object() {
        let props = schema["properties"].as_object();
        for (k, v) in fields {
            let Some(p) = props.and_then(|p| p.get(k)) else {
                return Err(format!("{at}: field {k} is not documented"));
            };
            conforms(doc, p, v, &format!("{at}.{k}"))?;
        }
        for r in schema["required"].as_array().into_iter().flatten() {
            let r = r.as_str().unwrap();
            if !fields.contains_key(r) {
                return Err(format!("{at}: required field {r} is missing"));
            }
        }
    }
    Ok(())
}

/// The answers the BFF really gives fit the document it publishes, field by field.
#[tokio::test]
async fn real_answers_fit_the_openapi_document() {
    let app = spawn().await;
    let (admin, _) = app.admin().await;
    let doc = app.get("/api-docs/openapi.json", Some(&admin)).await.expect(200).body;
    let check = |method: &str, template: &str, r: &Resp| {
        let schema = &doc["paths"][template][method]["responses"]["200"]["content"]["application/json"]["schema"];
        assert!(schema.is_object(), "{method} {template} has no documented answer");
        if let Err(e) = conforms(&doc, schema, &r.body, "answer") {
            panic!("{method} {template}: {e}\n{}", r.body);
        }
    };
    let r = app
        .post("/admin-login/login", None, json!({ "email": ADMIN_EMAIL, "password": ADMIN_PASSWORD }))
        .await
        .expect(200);
    check("post", "/admin-login/login", &r);
    let token = r.body["data"]["authToken"].as_str().unwrap().to_string();
    let t = Some(token.as_str());
    check("get", "/auth/metaData", &app.get("/auth/metaData", None).await.expect(200));
    check("get", "/v1/common/getAllCountry", &app.get("/v1/common/getAllCountry", t).await.expect(200));
    let body = crate::charity::valid_body(&app, &token, "Water For All", "12-3456789").await;
    let r = app.post("/admin/charity/create", t, body).await.expect(200);
    check("post", "/admin/charity/create", &r);
    let id = r.body["data"]["_id"].as_str().unwrap().to_string();
    check("get", "/admin/charity/get/{id}", &app.get(&format!("/admin/charity/get/{id}"), t).await.expect(200));
    check(
        "get",
        "/admin/payment-method/findPaymentMethodbyCharity/{id}",
        &app.get(&format!("/admin/payment-method/findPaymentMethodbyCharity/{id}"), t).await.expect(200),
    );
    check(
        "post",
        "/admin/charity/charityList",
        &app.post("/admin/charity/charityList", t, json!({})).await.expect(200),
    );
    check("post", "/admin/charity/getAll", &app.post("/admin/charity/getAll", t, json!({})).await.expect(200));
    check(
        "post",
        "/admin/common/list",
        &app.post("/admin/common/list", t, json!({ "type": "charity" })).await.expect(200),
    );
    check(
        "patch",
        "/admin/charity/charityStatus/{id}",
        &app.patch(&format!("/admin/charity/charityStatus/{id}"), t, json!({ "isActive": false })).await.expect(200),
    );
    check("post", "/admin/cause/causeList", &app.post("/admin/cause/causeList", t, json!({})).await.expect(200));
    check("post", "/admin/cause/getAll", &app.post("/admin/cause/getAll", t, json!({})).await.expect(200));
    let r = app
        .post("/admin/sub-admin/create", t, json!({ "firstName": "Sam", "lastName": "Sub", "email": "sam@example.org", "password": "Sub@12345", "permissions": [{ "slug": "/donor", "actions": ["view"] }] }))
        .await
        .expect(200);
    check("post", "/admin/sub-admin/create", &r);
    let sub = r.body["data"]["_id"].as_str().unwrap().to_string();
    check("get", "/admin/sub-admin/get/{id}", &app.get(&format!("/admin/sub-admin/get/{sub}"), t).await.expect(200));
    check(
        "post",
        "/admin/sub-admin/subAdminList",
        &app.post("/admin/sub-admin/subAdminList", t, json!({})).await.expect(200),
    );
    check("post", "/admin-login/logout", &app.post("/admin-login/logout", t, json!({})).await.expect(200));
    // Failures fit the error shape.
    let r = app.post("/admin-login/login", None, json!({ "email": ADMIN_EMAIL, "password": "wrong" })).await;
    assert_eq!(r.status.as_u16(), 400);
    let schema =
        &doc["paths"]["/admin-login/login"]["post"]["responses"]["400"]["content"]["application/json"]["schema"];
    conforms(&doc, schema, &r.body, "error").unwrap();
}

#[tokio::test]
async fn requests_the_extractors_refuse_answer_in_the_error_shape() {
    let app = spawn().await;
    let (token, _) = app.admin().await;
    // A query number out of range, a multipart upload without a form, a body of the wrong
    // media type: axum refuses each before the handler, and the answer is still `{message, errors, code}`.
    let r = app.get("/admin/dashboard/yearGraphDashboardUser?year=2024&year=2025", Some(&token)).await.expect(400);
    assert_eq!(r.code(), "VALIDATION");
    assert!(r.message().starts_with("Invalid request: "), "{}", r.message());
    let r = app.get("/admin/homepage/revisions?page=1&limit=9223372036854775808", Some(&token)).await.expect(400);
    assert_eq!(r.code(), "VALIDATION");
    let res = app
        .client
        .post(format!("{}/local-image/uploadImage", app.base))
        .bearer_auth(&token)
        .header("content-type", "text/plain")
        .body("not a form")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 400);
    assert!(res.headers()["content-type"].to_str().unwrap().starts_with("application/json"));
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "VALIDATION");
    // A delete's answer carries `data: {}` as documented, never null.
    let id = crate::donor::donor(&app, &token, "Fuzz", "Shape", "shape@example.org").await;
    let r =
        app.call(reqwest::Method::DELETE, &format!("/admin/user/delete/{id}"), Some(&token), None).await.expect(200);
    assert_eq!(r.body["data"], json!({}));
}
