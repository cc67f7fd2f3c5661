//! Two-factor sign-in over REST, with a real TOTP generator (identity::totp, itself checked
//! against RFC 6238's vectors and the totp-rs crate).

use crate::helpers::*;
use identity::totp;
use serde_json::{Value, json};

fn now_step() -> i64 {
    totp::step_of(common::now_ms() / 1000)
}

fn code(secret: &str, step: i64) -> String {
    totp::code_at(&totp::from_base32(secret).expect("base32 secret"), step)
}

/// Enrols the signed-in account from the account menu; answers (secret, step used, recovery codes).
async fn enrol(app: &TestApp, token: &str) -> (String, i64, Vec<String>) {
    let r = app.post("/admin/twoFactor/enrol", Some(token), json!({})).await.expect(200);
    let secret = r.body["data"]["secret"].as_str().unwrap().to_string();
    let step = now_step();
    let r = app.post("/admin/twoFactor/confirm", Some(token), json!({ "code": code(&secret, step) })).await.expect(200);
    let codes: Vec<String> =
        r.body["data"]["recoveryCodes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect();
    (secret, step, codes)
}

/// Signs in with a password where a second step is due; answers (what is needed, the challenge).
async fn challenge(app: &TestApp, path: &str, email: &str, password: &str) -> (String, String) {
    let r = app.post(path, None, json!({ "email": email, "password": password })).await.expect(200);
    let needed: String = r.body["data"]["twoFactor"].as_str().unwrap().into();
    let message = match needed.as_str() {
        "enrol" => "Two-factor sign-in is required. Enter the code we sent to your email to set it up.",
        _ => "Enter the code from your authenticator app",
    };
    assert_eq!(r.message(), message);
    assert!(r.body["data"].get("authToken").is_none(), "no session before the second step: {}", r.body);
    (needed, r.body["data"]["challengeToken"].as_str().unwrap().into())
}

/// The code in the `n`-th mail to `to` (the one sent when a sign-in answered "enrol").
async fn mailed_code(app: &TestApp, to: &str, n: usize) -> String {
    let mail = app.nth_mail(to, n).await;
    assert!(mail.contains("Subject: Your Giving Console sign-in code"), "{mail}");
    mail.split_whitespace()
        .find(|w| w.len() == 8 && w.bytes().all(|b| b.is_ascii_digit()))
        .expect("an 8-digit code")
        .to_string()
}

async fn challenge_enrol(app: &TestApp, challenge: &str, email_code: &str) -> Resp {
    app.post("/admin-login/twoFactor/enrol", None, json!({ "challengeToken": challenge, "emailCode": email_code }))
        .await
}

/// A 400 naming the field it is about.
#[track_caller]
fn assert_field(r: Resp, field: &str, message: &str) {
    let r = r.expect(400);
    assert_eq!((r.message(), r.body["errors"][0]["field"].as_str()), (message, Some(field)), "{}", r.body);
}

const EXPIRED: &str = "The sign-in step has expired, please sign in again";

async fn verify(app: &TestApp, challenge: &str, body: Value) -> Resp {
    let mut b = body;
    b["challengeToken"] = json!(challenge);
    app.post("/admin-login/twoFactor", None, b).await
}

#[tokio::test]
async fn enrolment_then_sign_in_needs_a_code_used_once() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let r = app.get("/admin/twoFactor/status", Some(&t)).await.expect(200);
    assert_eq!(r.body["data"], json!({ "enabled": false, "required": false, "recoveryCodesLeft": 0 }));

    let r = app.post("/admin/twoFactor/enrol", Some(&t), json!({})).await.expect(200);
    let secret = r.body["data"]["secret"].as_str().unwrap().to_string();
    assert_eq!(totp::from_base32(&secret).unwrap().len(), 20);
    assert_eq!(
        r.body["data"]["otpauthUri"],
        format!(
            "otpauth://totp/Giving%20Console:{ADMIN_EMAIL}?secret={secret}&issuer=Giving%20Console&digits=6&period=30"
        )
    );
    // A wrong code changes nothing.
    let wrong = code(&secret, now_step() + 5);
    let r = app.post("/admin/twoFactor/confirm", Some(&t), json!({ "code": wrong })).await.expect(400);
    assert_eq!(r.message(), "Invalid verification code");
    assert_eq!(app.get("/admin/twoFactor/status", Some(&t)).await.body["data"]["enabled"], false);
    let step = now_step();
    let r = app.post("/admin/twoFactor/confirm", Some(&t), json!({ "code": code(&secret, step) })).await.expect(200);
    let codes = r.body["data"]["recoveryCodes"].as_array().unwrap();
    assert_eq!(codes.len(), 10);
    let r = app.get("/admin/twoFactor/status", Some(&t)).await.expect(200);
    assert_eq!(r.body["data"], json!({ "enabled": true, "required": false, "recoveryCodesLeft": 10 }));
    // The secret is never shown again, and enrolling again is refused while it is on.
    app.post("/admin/twoFactor/enrol", Some(&t), json!({})).await.expect(409);

    // The password alone no longer signs in.
    let (needed, ch) = challenge(&app, "/admin-login/login", ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(needed, "code");
    let r = verify(&app, &ch, json!({ "code": code(&secret, now_step() + 7) })).await.expect(400);
    assert_eq!(r.message(), "Invalid verification code");
    // The step used to confirm is spent: replay refused.
    let r = verify(&app, &ch, json!({ "code": code(&secret, step) })).await.expect(400);
    assert_eq!(r.message(), "Invalid verification code");
    let next = code(&secret, step + 1);
    let r = verify(&app, &ch, json!({ "code": next })).await.expect(200);
    assert_eq!(r.message(), "Login Successfully");
    let auth = r.body["data"]["authToken"].as_str().unwrap().to_string();
    assert!(r.body["data"]["refreshToken"].is_string());
    assert_eq!(r.body["data"]["adminType"], "Admin");
    app.get("/admin/twoFactor/status", Some(&auth)).await.expect(200);
    // The same code again, even with a fresh challenge: refused.
    let (_, ch2) = challenge(&app, "/admin-login/login", ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let r = verify(&app, &ch2, json!({ "code": next })).await.expect(400);
    assert_eq!(r.message(), "Invalid verification code");
    // Bad input: a clear message.
    let r = verify(&app, &ch2, json!({})).await.expect(400);
    assert_eq!(r.message(), "Verification code is required");
}

#[tokio::test]
async fn a_recovery_code_signs_in_once() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (_, _, codes) = enrol(&app, &t).await;
    let (_, ch) = challenge(&app, "/admin-login/login", ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let r = verify(&app, &ch, json!({ "recoveryCode": codes[3].to_uppercase() })).await.expect(200);
    let auth = r.body["data"]["authToken"].as_str().unwrap().to_string();
    assert_eq!(app.get("/admin/twoFactor/status", Some(&auth)).await.body["data"]["recoveryCodesLeft"], 9);
    // The challenge is spent; a new one does not take the used code, nor an unknown one.
    let r = verify(&app, &ch, json!({ "recoveryCode": codes[4] })).await.expect(400);
    assert_eq!(r.message(), EXPIRED);
    let (_, ch) = challenge(&app, "/admin-login/login", ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let r = verify(&app, &ch, json!({ "recoveryCode": codes[3] })).await.expect(400);
    assert_eq!(r.message(), "Invalid recovery code");
    let r = verify(&app, &ch, json!({ "recoveryCode": "abcde-12345" })).await.expect(400);
    assert_eq!(r.message(), "Invalid recovery code");
}

#[tokio::test]
async fn a_challenge_is_no_access_token_and_works_only_for_its_account() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    app.sub_admin(&t, "sub@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])).await;
    let (admin_secret, step, _) = enrol(&app, &t).await;
    let sub = app.token_of("/admin-login/login", "sub@example.org").await;
    let (sub_secret, _, _) = enrol(&app, &sub).await;

    let (_, ch) = challenge(&app, "/admin-login/login", "sub@example.org", "secret12").await;
    // Refused as a bearer on every kind of path.
    for path in ["/admin/twoFactor/status", "/admin/sub-admin/get/x", "/admin/twoFactor/setting"] {
        let r = app.get(path, Some(&ch)).await.expect(401);
        assert_eq!(r.message(), "Invalid session token. Please sign in again.");
    }
    // The main admin's code does not answer the sub-admin's challenge.
    let r = verify(&app, &ch, json!({ "code": code(&admin_secret, step + 1) })).await.expect(400);
    assert_eq!(r.message(), "Invalid verification code");
    // Access tokens, forged or expired challenges are no challenges.
    let expired = tokens::Keys::new(SECRET.as_bytes())
        .issue(&tokens::Claims::challenge("whoever", 1, "ch-old", common::now_ms() / 1000 - 301))
        .unwrap();
    let forged = tokens::Keys::new(b"another-secret-another-secret-another")
        .issue(&tokens::Claims::challenge("x", 1, "ch-x", common::now_ms() / 1000))
        .unwrap();
    for bad in [t.as_str(), expired.as_str(), forged.as_str(), "garbage"] {
        let r = verify(&app, bad, json!({ "code": code(&sub_secret, now_step()) })).await.expect(400);
        assert_eq!(r.message(), "The sign-in step has expired, please sign in again");
    }
    // A challenge does not enrol an account whose factor is on.
    let r = challenge_enrol(&app, &ch, "12345678").await.expect(400);
    assert_eq!(r.message(), EXPIRED);
    let r = verify(&app, &ch, json!({ "code": code(&sub_secret, now_step() + 1) })).await.expect(200);
    assert_eq!(r.body["data"]["email"], "sub@example.org");
}

#[tokio::test]
async fn wrong_codes_are_throttled_like_passwords() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (secret, step, _) = enrol(&app, &t).await;
    let (_, ch) = challenge(&app, "/admin-login/login", ADMIN_EMAIL, ADMIN_PASSWORD).await;
    for _ in 0..5 {
        verify(&app, &ch, json!({ "code": "000000" })).await.expect(400);
    }
    // Locked now, even with the right code: the same answer as a throttled password.
    let r = verify(&app, &ch, json!({ "code": code(&secret, step + 1) })).await.expect(429);
    assert_eq!(r.code(), "TOO_MANY_ATTEMPTS");
    assert!(r.message().starts_with("Too many failed sign-in attempts"), "{}", r.message());
}

#[tokio::test]
async fn parallel_uses_of_one_code_sign_in_once() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (secret, step, _) = enrol(&app, &t).await;
    let mut challenges = Vec::new();
    for _ in 0..4 {
        challenges.push(challenge(&app, "/admin-login/login", ADMIN_EMAIL, ADMIN_PASSWORD).await.1);
    }
    let c = code(&secret, step + 1);
    let answers = futures::future::join_all(challenges.iter().map(|ch| verify(&app, ch, json!({ "code": c })))).await;
    let ok = answers.iter().filter(|r| r.status == 200).count();
    assert_eq!(ok, 1, "{:?}", answers.iter().map(|r| (r.status, r.message().to_string())).collect::<Vec<_>>());
    assert!(
        answers
            .iter()
            .filter(|r| r.status != 200)
            .all(|r| r.status == 400 && r.message() == "Invalid verification code")
    );
}

/// Issue 32: a challenge token signed in twice within its five minutes. Its first success
/// spends it: the next step's code or a recovery code is refused after, and it is still no
/// bearer though it now carries an id.
#[tokio::test]
async fn a_challenge_signs_in_once() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (secret, step, codes) = enrol(&app, &t).await;
    let (_, ch) = challenge(&app, "/admin-login/login", ADMIN_EMAIL, ADMIN_PASSWORD).await;
    verify(&app, &ch, json!({ "code": code(&secret, step + 1) })).await.expect(200);
    for body in [json!({ "code": code(&secret, step + 2) }), json!({ "recoveryCode": codes[0] })] {
        let r = verify(&app, &ch, body).await.expect(400);
        assert_eq!(r.message(), EXPIRED);
    }
    let r = app.get("/admin/twoFactor/status", Some(&ch)).await.expect(401);
    assert_eq!(r.message(), "Invalid session token. Please sign in again.");
    assert_eq!(app.get("/admin/twoFactor/status", Some(&t)).await.expect(200).body["data"]["recoveryCodesLeft"], 10);
    // A new sign-in is a new challenge.
    let (_, ch) = challenge(&app, "/admin-login/login", ADMIN_EMAIL, ADMIN_PASSWORD).await;
    verify(&app, &ch, json!({ "recoveryCode": codes[0] })).await.expect(200);
}

/// Eleven right answers to one challenge at once (the next step's code, ten recovery codes):
/// one session; the others find the challenge spent (or, past the account's five attempts in
/// flight, are told to wait), and their recovery codes stay unused.
#[tokio::test]
async fn parallel_right_answers_to_one_challenge_start_one_session() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let (secret, step, codes) = enrol(&app, &t).await;
    let (_, ch) = challenge(&app, "/admin-login/login", ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let mut bodies = vec![json!({ "code": code(&secret, step + 1) })];
    // Eleven answers, more than a SQLite pool's connections: none may hold one while it waits
    // for another (with four connections, five such answers once waited out the acquire timeout).
    bodies.extend(codes.iter().map(|c| json!({ "recoveryCode": c })));
    let by_recovery: Vec<bool> = bodies.iter().map(|b| b.get("recoveryCode").is_some()).collect();
    let answers = futures::future::join_all(bodies.into_iter().map(|b| verify(&app, &ch, b))).await;
    let won: Vec<usize> = (0..answers.len()).filter(|i| answers[*i].status == 200).collect();
    assert_eq!(won.len(), 1, "{:?}", answers.iter().map(|r| (r.status, r.message().to_string())).collect::<Vec<_>>());
    let refused = |r: &Resp| (r.status == 400 && r.message() == EXPIRED) || r.status == 429;
    assert!(
        answers.iter().filter(|r| r.status != 200).all(refused),
        "{:?}",
        answers.iter().map(|r| (r.status, r.message().to_string())).collect::<Vec<_>>()
    );
    assert!(answers.iter().any(|r| r.status == 400 && r.message() == EXPIRED));
    let left = if by_recovery[won[0]] { 9 } else { 10 };
    assert_eq!(app.get("/admin/twoFactor/status", Some(&t)).await.expect(200).body["data"]["recoveryCodesLeft"], left);
}

/// Parallel wrong codes to turn the factor off, more than a pool's connections: each is told
/// the code is wrong (or to wait), none waits for a connection another holds; the factor stays.
#[tokio::test]
async fn parallel_wrong_codes_to_turn_it_off_each_get_an_answer() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    enrol(&app, &t).await;
    let answers = futures::future::join_all(
        (0..12).map(|_| app.post("/admin/twoFactor/disable", Some(&t), json!({ "code": "000000" }))),
    )
    .await;
    let statuses: Vec<(u16, String)> = answers.iter().map(|r| (r.status.as_u16(), r.message().to_string())).collect();
    assert!(statuses.iter().all(|(s, _)| *s == 400 || *s == 429), "{statuses:?}");
    assert!(statuses.iter().any(|(s, m)| *s == 400 && m == "Invalid verification code"), "{statuses:?}");
    assert_eq!(app.get("/admin/twoFactor/status", Some(&t)).await.expect(200).body["data"]["enabled"], true);
}

/// Issue 32: with two-factor required, whoever knew the password first bound the factor and
/// locked the owner out. The set-up during sign-in needs the code mailed to the account.
#[tokio::test]
async fn the_set_up_during_sign_in_needs_the_code_mailed_to_the_account() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    app.sub_admin(&t, "sub@example.org", json!([{ "slug": "/donor", "actions": ["view"] }])).await;
    app.post("/admin/twoFactor/setting", Some(&t), json!({ "required": true })).await.expect(200);
    // Someone who knows the password signs in first: the code goes to the account's mailbox.
    let (needed, stolen) = challenge(&app, "/admin-login/login", "sub@example.org", "secret12").await;
    assert_eq!(needed, "enrol");
    let first = mailed_code(&app, "sub@example.org", 1).await;
    assert_field(challenge_enrol(&app, &stolen, "").await, "emailCode", "Email code is required");
    assert_field(
        app.post("/admin-login/twoFactor/enrol", None, json!({ "challengeToken": stolen })).await,
        "emailCode",
        "Email code is required",
    );
    let wrong = if first == "12345678" { "87654321" } else { "12345678" };
    assert_field(challenge_enrol(&app, &stolen, wrong).await, "emailCode", "Invalid email code");
    let r =
        app.post("/admin-login/twoFactor/confirm", None, json!({ "challengeToken": stolen, "code": "123456" })).await;
    assert_field(r, "emailCode", "Please enter the code we sent to your email first");
    // The owner, with the mailbox: its own sign-in, its own code, which no other challenge takes.
    let (_, mine) = challenge(&app, "/admin-login/login", "sub@example.org", "secret12").await;
    let mailed = mailed_code(&app, "sub@example.org", 2).await;
    assert_field(challenge_enrol(&app, &stolen, &mailed).await, "emailCode", "Invalid email code");
    let r = challenge_enrol(&app, &mine, &mailed).await.expect(200);
    let secret = r.body["data"]["secret"].as_str().unwrap().to_string();
    let r = app
        .post(
            "/admin-login/twoFactor/confirm",
            None,
            json!({ "challengeToken": stolen, "code": code(&secret, now_step()) }),
        )
        .await;
    assert_field(r, "emailCode", "Please enter the code we sent to your email first");
    let r = app
        .post(
            "/admin-login/twoFactor/confirm",
            None,
            json!({ "challengeToken": mine, "code": code(&secret, now_step()) }),
        )
        .await
        .expect(200);
    assert_eq!(r.body["data"]["email"], "sub@example.org");
    assert_eq!(r.body["data"]["recoveryCodes"].as_array().unwrap().len(), 10);
    // Spent; and the other challenge finds the factor on.
    assert_eq!(challenge_enrol(&app, &mine, &mailed).await.expect(400).message(), EXPIRED);
    assert_eq!(challenge_enrol(&app, &stolen, &first).await.expect(400).message(), EXPIRED);
}

#[tokio::test]
async fn the_required_setting_makes_every_admin_enrol_but_not_nonprofit_admins() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    app.sub_admin(
        &t,
        "sub@example.org",
        json!([{ "slug": "/sub_admin", "actions": ["view", "add", "edit", "delete", "status"] }]),
    )
    .await;
    app.identity.create_charity_admin("npo@example.org", "secret12", "Nia", "Owner", "charity-1").await.unwrap();
    let sub = app.token_of("/admin-login/login", "sub@example.org").await;
    let npo = app.token_of("/admin-login/charityLogin", "npo@example.org").await;

    // Only the main admin sees or sets the setting.
    for who in [&sub, &npo] {
        app.get("/admin/twoFactor/setting", Some(who)).await.expect(403);
        app.post("/admin/twoFactor/setting", Some(who), json!({ "required": true })).await.expect(403);
    }
    app.get("/admin/twoFactor/status", Some(&npo)).await.expect(403);
    app.post("/admin/twoFactor/enrol", Some(&npo), json!({})).await.expect(403);
    assert_eq!(app.get("/admin/twoFactor/setting", Some(&t)).await.expect(200).body["data"]["required"], false);
    let r = app.post("/admin/twoFactor/setting", Some(&t), json!({ "required": true })).await.expect(200);
    assert_eq!(r.body["data"]["required"], true);

    // A sub-admin without a factor must set one up to sign in.
    let (needed, ch) = challenge(&app, "/admin-login/login", "sub@example.org", "secret12").await;
    assert_eq!(needed, "enrol");
    let r = verify(&app, &ch, json!({ "code": "123456" })).await.expect(400);
    assert_eq!(r.message(), EXPIRED);
    let r = challenge_enrol(&app, &ch, &mailed_code(&app, "sub@example.org", 1).await).await.expect(200);
    let secret = r.body["data"]["secret"].as_str().unwrap().to_string();
    let r = app
        .post("/admin-login/twoFactor/confirm", None, json!({ "challengeToken": ch, "code": "999999x" }))
        .await
        .expect(400);
    assert_eq!(r.message(), "Invalid verification code");
    let r = app
        .post(
            "/admin-login/twoFactor/confirm",
            None,
            json!({ "challengeToken": ch, "code": code(&secret, now_step()) }),
        )
        .await
        .expect(200);
    assert_eq!(r.body["data"]["recoveryCodes"].as_array().unwrap().len(), 10);
    let sub2 = r.body["data"]["authToken"].as_str().unwrap().to_string();
    assert_eq!(app.get("/admin/twoFactor/status", Some(&sub2)).await.expect(200).body["data"]["enabled"], true);
    // It cannot turn it off while required.
    let r = app
        .post("/admin/twoFactor/disable", Some(&sub2), json!({ "code": code(&secret, now_step() + 1) }))
        .await
        .expect(403);
    assert!(r.message().contains("required"), "{}", r.message());
    // The main admin needs one too; the nonprofit admin signs in as before.
    assert_eq!(challenge(&app, "/admin-login/login", ADMIN_EMAIL, ADMIN_PASSWORD).await.0, "enrol");
    let r = app
        .post("/admin-login/charityLogin", None, json!({ "email": "npo@example.org", "password": "secret12" }))
        .await
        .expect(200);
    assert!(r.body["data"]["authToken"].is_string());

    // Off again: a sub-admin can turn its factor off with a current code.
    app.post("/admin/twoFactor/setting", Some(&t), json!({ "required": false })).await.expect(200);
    app.post("/admin/twoFactor/disable", Some(&sub2), json!({ "code": "000000" })).await.expect(400);
    app.post("/admin/twoFactor/disable", Some(&sub2), json!({ "code": code(&secret, now_step() + 1) }))
        .await
        .expect(200);
    app.token_of("/admin-login/login", "sub@example.org").await;
}

#[tokio::test]
async fn a_sub_admins_factor_is_reset_by_the_main_admin_or_a_peer_holding_all_its_rights_and_its_sessions_end() {
    let app = spawn().await;
    let (t, _) = app.admin().await;
    let all = json!([{ "slug": "/sub_admin", "actions": ["view", "add", "edit", "delete", "status"] }]);
    let id = app.sub_admin(&t, "sub@example.org", all.clone()).await;
    app.sub_admin(&t, "other@example.org", all).await;
    app.sub_admin(&t, "weaker@example.org", json!([{ "slug": "/sub_admin", "actions": ["view", "edit"] }])).await;
    let sub = app.token_of("/admin-login/login", "sub@example.org").await;
    let other_token = app.token_of("/admin-login/login", "other@example.org").await;
    let weaker = app.token_of("/admin-login/login", "weaker@example.org").await;
    enrol(&app, &sub).await;
    let admin_id =
        app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await.expect(200).body["data"]["_id"].as_str().unwrap().to_string();
    // Never itself; never a stronger one; the main admin's factor is no sub-admin's.
    let r = app.post(&format!("/admin/sub-admin/resetTwoFactor/{id}"), Some(&sub), json!({})).await.expect(403);
    assert_eq!(r.message(), "You cannot reset your own two-factor sign-in: ask the main admin");
    let r = app.post(&format!("/admin/sub-admin/resetTwoFactor/{id}"), Some(&weaker), json!({})).await.expect(403);
    assert_eq!(r.message(), "This sub-admin holds permissions you do not hold: ask the main admin");
    app.post(&format!("/admin/sub-admin/resetTwoFactor/{admin_id}"), Some(&other_token), json!({})).await.expect(404);
    app.post(&format!("/admin/sub-admin/resetTwoFactor/{admin_id}"), Some(&t), json!({})).await.expect(404);
    challenge(&app, "/admin-login/login", "sub@example.org", "secret12").await;
    // A peer holding every right it holds resets it: its sessions end at once.
    app.get("/admin/twoFactor/status", Some(&sub)).await.expect(200);
    app.post(&format!("/admin/sub-admin/resetTwoFactor/{id}"), Some(&other_token), json!({})).await.expect(200);
    app.get("/admin/twoFactor/status", Some(&sub)).await.expect(401);
    // The sub-admin signs in with its password again; the main admin resets it too.
    let sub = app.token_of("/admin-login/login", "sub@example.org").await;
    enrol(&app, &sub).await;
    app.post(&format!("/admin/sub-admin/resetTwoFactor/{id}"), Some(&t), json!({})).await.expect(200);
    app.get("/admin/twoFactor/status", Some(&sub)).await.expect(401);
    app.token_of("/admin-login/login", "sub@example.org").await;
}
