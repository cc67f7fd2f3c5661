//! The permission table proven by attack. For every entry of `permissions::table()` the
//! request (method, path with its ids filled in, a minimal JSON body) is sent as: no token,
//! a garbage token, a token signed with another key, an expired token, a sub-admin without
//! the grant, a sub-admin holding exactly each alternative, a nonprofit admin on its own
//! nonprofit and on another's, and the main admin. Each answer is checked against what the
//! entry says: a refusal with its status and `code` (ARCHITECTURE section 4), an allowed
//! call with anything but 401/403 (a 400 or 404 means the door opened). Paths no handler
//! serves yet answer 404 NOT_FOUND to everybody. Mismatches are printed as one table.
//!
//! Accounts are made through identity's domain and signed in there (real tokens); the
//! expired and foreign tokens are minted with the real and another key. Runs with identity
//! on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (required with REQUIRE_SERVICES=1).

use crate::helpers::*;
use bff::permissions::{self, Access, Entry, Nonprofit};
use common::Actor;
use futures::StreamExt;
use identity::service::Grants;
use reqwest::Method;
use serde_json::json;
use std::collections::{HashMap, HashSet};
use std::fmt::Write;
use tokens::{Claims, Keys};

/// The nonprofit the nonprofit admin runs, another one, and an id that names nothing.
const OWN: &str = "0000000000000000000000a1";
const OTHER: &str = "0000000000000000000000b2";
const NOTHING: &str = "0000000000000000000000c3";

#[derive(Clone, Copy, Debug, PartialEq)]
enum Expect {
    /// Anything but 401 and 403.
    Allowed,
    Refused(u16, &'static str),
    /// No handler yet: 404 NOT_FOUND whoever asks.
    Unserved,
}

struct Ask {
    method: Method,
    path: String,
    who: String,
    token: Option<String>,
    expect: Expect,
    /// Its answers are for its caller only (`Cache-Control: no-store`): a path that needs a
    /// signed-in caller, or a public call that is not a read.
    private: bool,
}

const UNAUTHORIZED: Expect = Expect::Refused(401, "UNAUTHORIZED");
const EXPIRED: Expect = Expect::Refused(403, "TOKEN_EXPIRED");
const FORBIDDEN: Expect = Expect::Refused(403, "FORBIDDEN");

/// The table's path with its parameters filled in; `{id}` is `id`.
fn fill(path: &str, id: &str) -> String {
    path.replace("{id}", id)
        .replace("{pageId}", id)
        .replace("{key}", "homepage")
        .replace("{importId}", NOTHING)
        .replace("{module}", "charity")
        .replace("{file}", "nothing.png")
}

fn module_actions(slug: &str) -> &'static [String] {
    &proto::modules::find(slug).unwrap_or_else(|| panic!("unknown module {slug}")).actions
}

/// Exactly one alternative of an entry: the pair itself, or for `any` the module's first action.
fn exactly(slug: &str, action: &str) -> Grants {
    let action = if action == "any" { module_actions(slug)[0].clone() } else { action.to_string() };
    vec![(slug.to_string(), vec![action])]
}

/// Exactly these (module, action) pairs (`any`: the module's first action), in the order
/// identity answers grants: modules in menu order, actions in the module's order.
fn exactly_these(pairs: &[(&str, &str)]) -> Grants {
    let wanted: Vec<(String, String)> =
        pairs.iter().flat_map(|(s, a)| exactly(s, a).into_iter().map(|(s, acts)| (s, acts[0].clone()))).collect();
    proto::modules::all()
        .iter()
        .map(|m| {
            (
                m.slug.clone(),
                m.actions
                    .iter()
                    .filter(|a| wanted.iter().any(|(s, x)| *s == m.slug && x == *a))
                    .cloned()
                    .collect::<Vec<_>>(),
            )
        })
        .filter(|(_, a)| !a.is_empty())
        .collect()
}

/// Everything the main admin holds except what would satisfy any of `alternatives`.
fn all_but(alternatives: &[(&str, &str)]) -> Grants {
    identity::service::all_grants()
        .into_iter()
        .map(|(slug, actions)| {
            let kept = actions
                .into_iter()
                .filter(|a| !alternatives.iter().any(|(s, x)| *s == slug && (*x == "any" || x == a)))
                .collect();
            (slug, kept)
        })
        .filter(|(_, a): &(String, Vec<String>)| !a.is_empty())
        .collect()
}

/// Signed-in sub-admins by the grants they hold, made on first use.
struct SubAdmins<'a> {
    app: &'a TestApp,
    admin: Actor,
    tokens: HashMap<Grants, String>,
}

impl SubAdmins<'_> {
    async fn holding(&mut self, grants: Grants) -> String {
        if let Some(t) = self.tokens.get(&grants) {
            return t.clone();
        }
        let email = format!("sub{}@example.org", self.tokens.len());
        let input = identity::sub_admins::SubAdminInput {
            first_name: "Matrix".into(),
            last_name: "Tester".into(),
            email: email.clone(),
            password: "secret12".into(),
            permissions: grants.clone(),
        };
        let (_, held) = self.app.identity.create_sub_admin(&self.admin, input).await.expect("sub-admin created");
        assert_eq!(held, grants, "the sub-admin holds exactly what the test asked");
        let token =
            self.app.identity.login(&email, "secret12", false, "127.0.0.1").await.expect("signed in").auth_token;
        self.tokens.insert(grants, token.clone());
        token
    }
}

fn token(keys: &Keys, sub: &str, typ: &str, exp_from_now: i64) -> String {
    let now = common::now_ms() / 1000;
    keys.issue(&Claims {
        sub: sub.into(),
        typ: typ.into(),
        sv: 1,
        sid: "matrix".into(),
        exp: now + exp_from_now,
        iat: now - 3600,
    })
    .unwrap()
}

/// Every question to ask of one entry, with the answer the table promises.
async fn asks(e: &Entry, served: bool, subs: &mut SubAdmins<'_>, t: &Tokens) -> Vec<Ask> {
    let mut out = Vec::new();
    let rule = e.rule;
    let private = rule.access != Access::Public || e.method != Method::GET;
    {
        let mut ask = |who: &str, token: Option<&str>, id: &str, expect: Expect| {
            let expect = if served { expect } else { Expect::Unserved };
            out.push(Ask {
                method: e.method.clone(),
                path: fill(e.path, id),
                who: who.into(),
                token: token.map(str::to_string),
                expect,
                private,
            });
        };
        let public = rule.access == Access::Public;
        let guarded = |refusal: Expect| if public { Expect::Allowed } else { refusal };
        ask("no token", None, NOTHING, guarded(UNAUTHORIZED));
        ask("garbage token", Some("garbage"), NOTHING, guarded(UNAUTHORIZED));
        ask("token of another key", Some(&t.foreign), NOTHING, guarded(UNAUTHORIZED));
        ask("expired token", Some(&t.expired), NOTHING, guarded(EXPIRED));
        ask("main admin", Some(&t.admin), NOTHING, Expect::Allowed);
        let npo = |id: &str| match rule.nonprofit {
            _ if public => Expect::Allowed,
            Nonprofit::Allowed => Expect::Allowed,
            Nonprofit::OwnOnly | Nonprofit::OwnWithout(_) if id == OWN => Expect::Allowed,
            Nonprofit::OwnOnly | Nonprofit::OwnWithout(_) | Nonprofit::Never => FORBIDDEN,
        };
        ask("nonprofit admin, own", Some(&t.npo), OWN, npo(OWN));
        ask("nonprofit admin, another's", Some(&t.npo), OTHER, npo(OTHER));
    }
    let mut subs_asks: Vec<(String, Grants, Expect)> = Vec::new();
    match rule.access {
        Access::Public | Access::SignedIn => {
            subs_asks.push(("sub-admin, least grant".into(), exactly("/dashboard", "view"), Expect::Allowed));
        }
        Access::MainAdmin => {
            subs_asks.push(("sub-admin holding everything".into(), identity::service::all_grants(), FORBIDDEN));
        }
        Access::Grant(alternatives) => {
            subs_asks.push(("sub-admin without the grant".into(), all_but(alternatives), FORBIDDEN));
            for (slug, action) in alternatives {
                subs_asks.push((
                    format!("sub-admin holding {action} on {slug}"),
                    exactly(slug, action),
                    Expect::Allowed,
                ));
            }
        }
        Access::All(required) => {
            // Each one missing refuses; all of them together open.
            for (i, (slug, action)) in required.iter().enumerate() {
                let others: Vec<(&str, &str)> =
                    required.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, p)| *p).collect();
                subs_asks.push((
                    format!("sub-admin holding all but {action} on {slug}"),
                    exactly_these(&others),
                    FORBIDDEN,
                ));
            }
            subs_asks.push(("sub-admin holding every required grant".into(), exactly_these(required), Expect::Allowed));
        }
    }
    for (who, grants, expect) in subs_asks {
        let token = subs.holding(grants).await;
        let expect = if served { expect } else { Expect::Unserved };
        out.push(Ask {
            method: e.method.clone(),
            path: fill(e.path, NOTHING),
            who,
            token: Some(token),
            expect,
            private,
        });
    }
    out
}

struct Tokens {
    admin: String,
    npo: String,
    expired: String,
    foreign: String,
}

async fn matrix(app: TestApp) {
    // A route added without an entry fails here (the app would not even start).
    let table = permissions::lookup();
    let served: HashSet<(Method, &str)> = bff::areas::routes().into_iter().map(|r| (r.method, r.path)).collect();
    for (method, path) in &served {
        assert!(
            table.contains_key(&(method.clone(), *path)),
            "{method} {path} is served but not in the permission table"
        );
    }

    let r = app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(200);
    let admin_id = r.body["data"]["_id"].as_str().unwrap().to_string();
    app.identity.create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", OWN).await.unwrap();
    let tokens = Tokens {
        admin: r.body["data"]["authToken"].as_str().unwrap().to_string(),
        npo: app.token_of("/admin-login/charityLogin", "npo@example.org").await,
        expired: token(&Keys::new(SECRET.as_bytes()), &admin_id, "Admin", -60),
        foreign: token(&Keys::new(b"another-secret-another-secret-another-1234"), &admin_id, "Admin", 600),
    };
    let mut subs = SubAdmins { app: &app, admin: Actor::new(admin_id, "Admin", "127.0.0.1"), tokens: HashMap::new() };

    let entries = permissions::table();
    let mut all = Vec::new();
    for e in &entries {
        all.extend(asks(e, served.contains(&(e.method.clone(), e.path)), &mut subs, &tokens).await);
    }
    let asked = all.len();
    // Signing out ends the session of the token it is given: those asks come last.
    let (sign_outs, all): (Vec<Ask>, Vec<Ask>) = all.into_iter().partition(|a| a.path == "/admin-login/logout");
    let ask = |a: Ask| {
        let app = &app;
        async move {
            let body = matches!(a.method, Method::POST | Method::PATCH).then(|| json!({}));
            let r = app.call(a.method.clone(), &a.path, a.token.as_deref(), body).await;
            let code = r.code().to_string();
            let cache = r.header("cache-control").to_string();
            (a, r.status.as_u16(), code, cache)
        }
    };
    let mut answers: Vec<(Ask, u16, String, String)> =
        futures::stream::iter(all).map(ask).buffer_unordered(8).collect().await;
    for a in sign_outs {
        answers.push(ask(a).await);
    }

    let mut mismatches = String::new();
    // Every answer of a served path that needs a signed-in caller, and of a public call that
    // is not a read, is `no-store` (allowed or refused); public reads are never.
    let mut stored = String::new();
    for (a, status, _, cache) in &answers {
        if a.expect != Expect::Unserved && a.private != (cache == "no-store") {
            writeln!(
                stored,
                "| {:<6} | {:<62} | {:<44} | {status} | cache-control {cache:?} |",
                a.method.as_str(),
                a.path,
                a.who
            )
            .unwrap();
        }
    }
    assert!(stored.is_empty(), "answers whose Cache-Control is not what the path's rule says:\n{stored}");
    for (a, status, code, _) in &answers {
        let ok = match a.expect {
            Expect::Allowed => *status != 401 && *status != 403,
            Expect::Refused(s, c) => *status == s && code == c,
            Expect::Unserved => *status == 404 && code == "NOT_FOUND",
        };
        if !ok {
            let expected = match a.expect {
                Expect::Allowed => "allowed (not 401/403)".to_string(),
                Expect::Refused(s, c) => format!("{s} {c}"),
                Expect::Unserved => "404 NOT_FOUND (unserved)".to_string(),
            };
            writeln!(
                mismatches,
                "| {:<6} | {:<62} | {:<44} | {:<26} | {status} {code:<14} |",
                a.method.as_str(),
                a.path,
                a.who,
                expected
            )
            .unwrap();
        }
    }
    assert!(
        mismatches.is_empty(),
        "answers that differ from the permission table:\n| method | path{:58} | caller{:38} | table says{:16} | got{:13} |\n{mismatches}",
        "",
        "",
        "",
        ""
    );
    // Every entry was asked by at least the seven callers every entry has, plus its sub-admins.
    assert!(asked >= entries.len() * 8, "{asked} requests for {} entries", entries.len());
    let served_asked = answers.iter().filter(|(a, ..)| a.expect != Expect::Unserved).count();
    eprintln!(
        "permission matrix: {} entries ({} served), {asked} requests, {served_asked} on served paths",
        entries.len(),
        served.len()
    );
}

#[tokio::test]
async fn every_entry_of_the_permission_table_answers_every_kind_of_caller_as_it_says_on_sqlite() {
    matrix(spawn().await).await;
}

#[tokio::test]
async fn every_entry_of_the_permission_table_answers_every_kind_of_caller_as_it_says_on_postgres() {
    let Some(url) = common::testing::postgres_url() else {
        if std::env::var("REQUIRE_SERVICES").is_ok_and(|v| v == "1") {
            panic!("REQUIRE_SERVICES=1 but TEST_DATABASE_URL is unset");
        }
        eprintln!("PostgreSQL variant skipped: TEST_DATABASE_URL is unset");
        return;
    };
    let database = common::testing::create_postgres_database(&url).await;
    let app = spawn_with(|cfg| cfg.database_url = database.url.clone()).await;
    matrix(app).await;
}

// ---- object level: may this caller touch THIS record, file, account, room? ----

/// One object-level question: a caller the path-level table lets through, on an object it may
/// not touch, and the answer that must come back (status, message).
struct ObjectAsk {
    method: Method,
    path: String,
    body: Option<serde_json::Value>,
    who: &'static str,
    token: String,
    expect: (u16, &'static str),
}

/// The paths whose object is a sub-admin, a nonprofit, a file or a room: every entry of the
/// table under these prefixes must be asked below (a new path is caught here).
const OBJECT_PATHS: [&str; 6] = [
    "/admin/sub-admin/",
    "/admin/charity/",
    "/admin/payment-method/",
    "/local-image/remove",
    "/admin/chat/",
    "/admin/savedViews",
];

/// Paths under those prefixes that name no single object a caller could be refused, and why.
const NO_OBJECT: [(&str, &str); 13] = [
    ("/admin/sub-admin/changePassword", "the caller's own account only (the body's id must be its own: auth tests)"),
    ("/admin/sub-admin/forgotPassword", "public: names an email, answers the same for any"),
    ("/admin/sub-admin/resetPassword", "public: the link's token is the object"),
    ("/admin/sub-admin/create", "a new account: what it may grant is identity's (escalation tests)"),
    ("/admin/sub-admin/subAdminList", "a list: every row is the caller's to read"),
    ("/admin/charity/getAll", "a list: a nonprofit admin's holds its own only (dashboard tests)"),
    ("/admin/charity/charityList", "a list, never a nonprofit admin's"),
    ("/admin/charity/create", "a new record"),
    ("/admin/charity/import", "a new upload"),
    ("/admin/charity/import/{importId}/apply", "an upload any holder of the import right applies"),
    ("/admin/chat/createRoom", "opens the conversation of a donor: every Message adder handles every donor"),
    ("/admin/chat/unread", "a count over every conversation, the shared admin inbox's"),
    ("/admin/savedViews", "the caller's own views of a list (GET), or a view of its own it saves (POST)"),
];

async fn object_level(app: TestApp) {
    let (t, _) = app.admin().await;
    // Sub-admins: a manager holding every Sub Admin action, and a stronger one (donor view more).
    let all_sub = json!({ "slug": "/sub_admin", "actions": ["view", "add", "edit", "delete", "status"] });
    app.sub_admin(&t, "manager@example.org", json!([all_sub])).await;
    let manager = app.token_of("/admin-login/login", "manager@example.org").await;
    let strong =
        app.sub_admin(&t, "strong@example.org", json!([all_sub, { "slug": "/donor", "actions": ["view"] }])).await;
    // Nonprofits A (its admin's) and B.
    let a = crate::charity::valid_body(&app, &t, "Water For All", "12-3456789").await;
    let a_id = app.post("/admin/charity/create", Some(&t), a.clone()).await.expect(200).body["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let b = crate::charity::valid_body(&app, &t, "Food For All", "98-7654321").await;
    let b_logo = b["logo"].as_str().unwrap().to_string();
    let b_id = app.post("/admin/charity/create", Some(&t), b).await.expect(200).body["data"]["_id"]
        .as_str()
        .unwrap()
        .to_string();
    app.identity.create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", &a_id).await.unwrap();
    let npo = app.token_of("/admin-login/charityLogin", "npo@example.org").await;
    // A video no record owns, uploaded by the main admin.
    let mut mp4 = b"\0\0\0\x18ftypisom\0\0\x02\0isomiso2".to_vec();
    mp4.resize(1_000, 7);
    let video = app
        .upload("/local-image/uploadVideo", Some(&t), Some(("video", "v.mp4", mp4)), &[("moduleName", "eventVideo")])
        .await
        .expect(200);
    let video = video.body["data"]["name"].as_str().unwrap().to_string();
    // A chat writer.
    app.sub_admin(&t, "writer@example.org", json!([{ "slug": "/chat", "actions": ["view", "add"] }])).await;
    let writer = app.token_of("/admin-login/login", "writer@example.org").await;

    // A saved view of the main admin's, on a list the manager may keep views of.
    let view = app
        .post("/admin/savedViews", Some(&t), json!({ "list": "/sub_admin", "name": "Mine", "query": "q=a" }))
        .await
        .expect(200);
    let view = view.body["data"]["_id"].as_str().unwrap().to_string();

    const STRONGER: (u16, &str) = (403, "This sub-admin holds permissions you do not hold: ask the main admin");
    const NOT_ALLOWED: (u16, &str) = (403, "You are not allowed to do this");
    const MAY_NOT: (u16, &str) = (403, "You may not remove this file");
    let ask =
        |method: Method,
         path: String,
         body: Option<serde_json::Value>,
         who: &'static str,
         token: &str,
         expect: (u16, &'static str)| ObjectAsk { method, path, body, who, token: token.to_string(), expect };
    let update =
        json!({ "firstName": "Mallory", "lastName": "Owned", "email": "strong@example.org", "permissions": [all_sub] });
    let mut b_logo_in_a = a.clone();
    b_logo_in_a["images"] = json!([b_logo]);
    let asks = vec![
        ask(
            Method::PATCH,
            format!("/admin/sub-admin/update/{strong}"),
            Some(update),
            "Sub Admin holder, stronger target",
            &manager,
            STRONGER,
        ),
        ask(
            Method::DELETE,
            format!("/admin/sub-admin/delete/{strong}"),
            None,
            "Sub Admin holder, stronger target",
            &manager,
            STRONGER,
        ),
        ask(
            Method::PATCH,
            format!("/admin/sub-admin/subAdminStatus/{strong}"),
            Some(json!({ "isActive": false })),
            "Sub Admin holder, stronger target",
            &manager,
            STRONGER,
        ),
        ask(
            Method::POST,
            format!("/admin/sub-admin/resetTwoFactor/{strong}"),
            Some(json!({})),
            "Sub Admin holder, stronger target",
            &manager,
            STRONGER,
        ),
        // Reading a stronger one is allowed (view): asked to show the door is the object rule's.
        ask(
            Method::GET,
            format!("/admin/sub-admin/get/{strong}"),
            None,
            "Sub Admin holder, stronger target (read)",
            &manager,
            (200, "Sub admin details"),
        ),
        ask(
            Method::GET,
            format!("/admin/charity/get/{b_id}"),
            None,
            "nonprofit admin, another nonprofit",
            &npo,
            NOT_ALLOWED,
        ),
        ask(
            Method::GET,
            format!("/admin/payment-method/findPaymentMethodbyCharity/{b_id}"),
            None,
            "nonprofit admin, another nonprofit",
            &npo,
            NOT_ALLOWED,
        ),
        ask(
            Method::PATCH,
            format!("/admin/charity/update/{b_id}"),
            Some(a.clone()),
            "nonprofit admin, another nonprofit",
            &npo,
            NOT_ALLOWED,
        ),
        ask(
            Method::PATCH,
            format!("/admin/charity/update/{a_id}"),
            Some(b_logo_in_a),
            "nonprofit admin, own nonprofit naming another's logo",
            &npo,
            (400, "This file belongs to another record"),
        ),
        ask(
            Method::PATCH,
            format!("/admin/charity/charityStatus/{a_id}"),
            Some(json!({ "isActive": false })),
            "nonprofit admin, own nonprofit",
            &npo,
            NOT_ALLOWED,
        ),
        ask(
            Method::POST,
            format!("/admin/charity/inviteAdmin/{a_id}"),
            Some(json!({})),
            "nonprofit admin, own nonprofit",
            &npo,
            NOT_ALLOWED,
        ),
        ask(
            Method::POST,
            "/admin/charity/delete".into(),
            Some(json!({ "id": a_id })),
            "nonprofit admin, own nonprofit",
            &npo,
            NOT_ALLOWED,
        ),
        ask(
            Method::POST,
            "/admin/charity/changeVerification".into(),
            Some(json!({ "charityId": a_id, "adminVerification": "Approve" })),
            "nonprofit admin, own nonprofit",
            &npo,
            NOT_ALLOWED,
        ),
        ask(
            Method::POST,
            "/local-image/removeImage".into(),
            Some(json!({ "moduleName": "charity", "fileName": b_logo })),
            "nonprofit admin, another nonprofit's logo",
            &npo,
            MAY_NOT,
        ),
        ask(
            Method::POST,
            "/local-image/removeImage".into(),
            Some(json!({ "moduleName": "charity", "fileName": b_logo })),
            "Sub Admin holder, a nonprofit's logo",
            &manager,
            MAY_NOT,
        ),
        ask(
            Method::POST,
            "/local-image/removeVideo".into(),
            Some(json!({ "moduleName": "eventVideo", "fileName": video })),
            "nonprofit admin, another's upload",
            &npo,
            MAY_NOT,
        ),
        ask(
            Method::DELETE,
            "/admin/chat/clearChatHistory/0000000000000000000000c3".into(),
            None,
            "Message adder, a room that is none",
            &writer,
            (404, "Room not found"),
        ),
        ask(
            Method::DELETE,
            format!("/admin/savedViews/{view}?list=/sub_admin"),
            None,
            "Sub Admin holder, the main admin's saved view",
            &manager,
            (404, "View not found"),
        ),
    ];
    // Every object path of the table is asked (or named as having no object, with why).
    for e in permissions::table() {
        if OBJECT_PATHS.iter().any(|p| e.path.starts_with(p)) && !NO_OBJECT.iter().any(|(p, _)| *p == e.path) {
            let prefix = e.path.split('{').next().unwrap();
            assert!(
                asks.iter().any(|a| a.method == e.method && a.path.starts_with(prefix)),
                "{} {} names an object but no object-level case asks it",
                e.method,
                e.path
            );
        }
    }
    let mut wrong = String::new();
    for a in &asks {
        let r = app.call(a.method.clone(), &a.path, Some(&a.token), a.body.clone()).await;
        if (r.status.as_u16(), r.message()) != a.expect {
            writeln!(
                wrong,
                "| {} {} | {} | expected {:?} | got {} {} |",
                a.method,
                a.path,
                a.who,
                a.expect,
                r.status.as_u16(),
                r.message()
            )
            .unwrap();
        }
    }
    assert!(wrong.is_empty(), "object-level answers that differ:\n{wrong}");
    // Nothing the refused calls aimed at changed.
    app.get(&format!("/media/charity/{b_logo}"), None).await.expect(200);
    app.get(&format!("/media/eventVideo/{video}"), None).await.expect(200);
    let r = app.get(&format!("/admin/sub-admin/get/{strong}"), Some(&t)).await.expect(200);
    assert_eq!((r.body["data"]["firstName"].as_str(), r.body["data"]["isActive"].as_bool()), (Some("Sam"), Some(true)));
    let r = app.get(&format!("/admin/charity/get/{a_id}"), Some(&t)).await.expect(200);
    assert_eq!((r.body["data"]["isActive"].as_bool(), r.body["data"]["images"].clone()), (Some(true), json!([])));
}

#[tokio::test]
async fn every_path_naming_an_object_refuses_a_caller_who_may_call_it_but_not_touch_that_object_on_sqlite() {
    object_level(spawn().await).await;
}

#[tokio::test]
async fn every_path_naming_an_object_refuses_a_caller_who_may_call_it_but_not_touch_that_object_on_postgres() {
    let Some(url) = common::testing::postgres_url() else {
        if std::env::var("REQUIRE_SERVICES").is_ok_and(|v| v == "1") {
            panic!("REQUIRE_SERVICES=1 but TEST_DATABASE_URL is unset");
        }
        return;
    };
    let database = common::testing::create_postgres_database(&url).await;
    object_level(spawn_with(|cfg| cfg.database_url = database.url.clone()).await).await;
}
