//! Sessions: access tokens, refresh-token rotation with reuse detection, sign-out, expiry.

use crate::support::*;
use identity::service::Identity;
use identity::sessions::Rotation;
use tokens::{Keys, TokenError};

async fn access_tokens_verify_and_carry_the_account_its_type_and_session_version(id: Identity) {
    let admin = main_admin(&id).await;
    let keys = Keys::new(&id.settings.jwt_secret);
    let session = id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    let claims = keys.verify(&session.auth_token).unwrap();
    assert_eq!(claims.sub, admin.id);
    assert_eq!(claims.typ, "Admin");
    assert_eq!(claims.sv, 1);
    assert_eq!(claims.exp - claims.iat, id.settings.access_ttl_secs);
    let now = common::now_ms() / 1000;
    assert!(claims.iat <= now && claims.iat >= now - 60);
    // The session id is the refresh-token family, kept across rotations.
    assert_eq!(refresh_tokens(&id, &admin.id).await[0].0, claims.sid);
    let (access, _) = id.refresh(&session.refresh_token).await.unwrap();
    assert_eq!(keys.verify(&access).unwrap().sid, claims.sid);

    // Another secret does not verify it.
    assert_eq!(
        Keys::new(b"another-secret-another-secret-another").verify(&session.auth_token),
        Err(TokenError::Invalid)
    );

    let sub = sub_admin(&id, "Sam", "Sub", "sam@example.org").await;
    let sub_session = id.login("sam@example.org", SUB_PASSWORD, false, IP).await.unwrap();
    let sub_claims = keys.verify(&sub_session.auth_token).unwrap();
    assert_eq!((sub_claims.sub.as_str(), sub_claims.typ.as_str(), sub_claims.sv), (sub.id.as_str(), "Sub Admin", 1));
    assert_ne!(sub_claims.sid, claims.sid, "each sign-in is its own session");

    // An access token past its lifetime is told apart from a forged one.
    let expired = reconfigured(&id, |s| s.access_ttl_secs = -10);
    let old = expired.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    assert_eq!(keys.verify(&old.auth_token), Err(TokenError::Expired));
}

async fn member_tokens_verify_with_typ_member_and_no_session(id: Identity) {
    let keys = Keys::new(&id.settings.jwt_secret);
    let (token, expires_at) = id.issue_member_token("donor-1", 0).unwrap();
    let claims = keys.verify(&token).unwrap();
    assert_eq!(
        (claims.sub.as_str(), claims.typ.as_str(), claims.sv, claims.sid.as_str()),
        ("donor-1", "Member", 0, "")
    );
    assert!(claims.is_member());
    assert_eq!(claims.exp - claims.iat, 3600, "0 means an hour");
    assert_eq!(expires_at, claims.exp * 1000);
    let (day, _) = id.issue_member_token(" donor-2 ", 86_400).unwrap();
    let day = keys.verify(&day).unwrap();
    assert_eq!((day.sub.as_str(), day.exp - day.iat), ("donor-2", 86_400));
    // An admin's access token is not a member's.
    main_admin(&id).await;
    let session = id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    assert!(!keys.verify(&session.auth_token).unwrap().is_member());

    for (donor, ttl, field) in [("", 0, "donor_id"), ("d", 86_401, "ttl_seconds"), ("d", -1, "ttl_seconds")] {
        match id.issue_member_token(donor, ttl) {
            Err(common::error::Error::Validation(f)) => assert_eq!(f[0].field, field),
            other => panic!("{donor:?} {ttl}: {other:?}"),
        }
    }
}

async fn refreshing_rotates_both_tokens_and_the_presented_one_stops_working(id: Identity) {
    let admin = main_admin(&id).await;
    let session = id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    let (access2, refresh2) = id.refresh(&session.refresh_token).await.unwrap();
    assert_ne!(refresh2, session.refresh_token);
    assert_eq!(refresh2.len(), 64);
    assert_eq!(Keys::new(&id.settings.jwt_secret).verify(&access2).unwrap().sub, admin.id);
    let (_, refresh3) = id.refresh(&format!("  {refresh2}\n")).await.unwrap();
    assert_ne!(refresh3, refresh2);

    let tokens = refresh_tokens(&id, &admin.id).await;
    assert_eq!(tokens.len(), 3);
    assert!(tokens.iter().all(|(family, _, revoked)| *family == tokens[0].0 && !revoked), "{tokens:?}");
    assert_eq!(tokens.iter().filter(|(_, used, _)| *used).count(), 2, "two were spent");

    // A spent token is refused.
    assert_session_expired(id.refresh(&session.refresh_token).await);
}

async fn a_reused_refresh_token_revokes_its_family(id: Identity) {
    let admin = main_admin(&id).await;
    let stolen = id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    let other_device = id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, "198.51.100.7").await.unwrap();
    let (_, newest) = id.refresh(&stolen.refresh_token).await.unwrap();

    // The already-spent token comes back: the whole sign-in is ended.
    assert_session_expired(id.refresh(&stolen.refresh_token).await);
    assert_session_expired(id.refresh(&newest).await);
    assert_session_expired(id.refresh(&stolen.refresh_token).await);

    let family = Keys::new(&id.settings.jwt_secret).verify(&stolen.auth_token).unwrap().sid;
    let tokens = refresh_tokens(&id, &admin.id).await;
    let (revoked, kept): (Vec<_>, Vec<_>) = tokens.iter().partition(|(f, _, _)| *f == family);
    assert_eq!(revoked.len(), 2);
    assert!(revoked.iter().all(|(_, _, r)| *r), "{revoked:?}");
    assert_eq!(kept.len(), 1);
    assert!(!kept[0].2, "the other sign-in is untouched");
    id.refresh(&other_device.refresh_token).await.unwrap();
}

async fn signing_out_revokes_the_family(id: Identity) {
    let admin = main_admin(&id).await;
    let session = id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    let other = id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    let (_, rotated) = id.refresh(&session.refresh_token).await.unwrap();

    let family = Keys::new(&id.settings.jwt_secret).verify(&session.auth_token).unwrap().sid;
    assert!(!id.session_revoked(&family).await.unwrap());
    assert_eq!(id.logout(&rotated, "").await.unwrap(), family);
    assert!(id.session_revoked(&family).await.unwrap(), "its access tokens are refused at once");
    assert_session_expired(id.refresh(&rotated).await);
    assert_session_expired(id.refresh(&session.refresh_token).await);
    let tokens = refresh_tokens(&id, &admin.id).await;
    assert_eq!(tokens.iter().filter(|(_, _, revoked)| *revoked).count(), 2);

    // Signing out twice, or with an unknown token, is fine and changes nothing else.
    id.logout(&rotated, "").await.unwrap();
    assert_eq!(id.logout("not-a-token", "").await.unwrap(), "");
    id.refresh(&other.refresh_token).await.unwrap();
    assert!(id.session_revoked("unknown-session").await.unwrap(), "an unknown session counts as ended");

    // Without a refresh token, the session of the access token is ended.
    let other_sid = Keys::new(&id.settings.jwt_secret).verify(&other.auth_token).unwrap().sid;
    assert_eq!(id.logout("", &other_sid).await.unwrap(), other_sid);
    assert!(id.session_revoked(&other_sid).await.unwrap());
    assert_session_expired(id.refresh(&other.refresh_token).await);
}

/// The attack of issue 11: one refresh token presented 20 times at once. Rotations of
/// one family are serialised: one wins, the rest find it spent and revoke the family, so
/// every token any of them was given is dead and the session is ended.
async fn twenty_parallel_refreshes_of_one_token_leave_no_live_token(id: Identity) {
    main_admin(&id).await;
    let session = id.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
    let family = Keys::new(&id.settings.jwt_secret).verify(&session.auth_token).unwrap().sid;
    let refreshes = (0..20).map(|_| {
        let (id, token) = (id.clone(), session.refresh_token.clone());
        tokio::spawn(async move { id.rotate(&token).await })
    });
    let mut minted = Vec::new();
    let mut reused = 0;
    for r in refreshes.collect::<Vec<_>>() {
        match r.await.unwrap() {
            Ok(Rotation::Rotated(_, refresh)) => minted.push(refresh),
            Ok(Rotation::Reused { session_id }) => {
                assert_eq!(session_id, family);
                reused += 1;
            }
            Err(e) => assert_session_expired::<()>(Err(e)),
        }
    }
    assert_eq!(minted.len(), 1, "one rotation wins");
    assert!(reused >= 1, "the others find the token spent");
    assert!(id.session_revoked(&family).await.unwrap());
    for token in minted.iter().chain([&session.refresh_token]) {
        assert_session_expired(id.refresh(token).await);
    }
    // And it stays revoked: no later presentation revives it.
    assert_session_expired(id.refresh(&minted[0]).await);
}

async fn an_expired_refresh_token_is_refused(id: Identity) {
    main_admin(&id).await;
    for ttl in [0, -60] {
        let short = reconfigured(&id, |s| s.refresh_ttl_secs = ttl);
        let session = short.login(ADMIN_EMAIL, ADMIN_PASSWORD, false, IP).await.unwrap();
        assert_session_expired(short.refresh(&session.refresh_token).await);
        assert_session_expired(id.refresh(&session.refresh_token).await);
    }
}

async fn a_missing_or_unknown_refresh_token_is_refused(id: Identity) {
    assert_invalid(id.refresh("").await, "token", "Refresh token is required");
    assert_invalid(id.refresh("  ").await, "token", "Refresh token is required");
    assert_session_expired(id.refresh("0123456789abcdef").await);
}

on_both_backends! {
    member_tokens_verify_with_typ_member_and_no_session =>
        member_tokens_verify_with_typ_member_and_no_session_on_sqlite,
        member_tokens_verify_with_typ_member_and_no_session_on_postgres;
    access_tokens_verify_and_carry_the_account_its_type_and_session_version =>
        access_tokens_verify_and_carry_the_account_its_type_and_session_version_on_sqlite,
        access_tokens_verify_and_carry_the_account_its_type_and_session_version_on_postgres;
    refreshing_rotates_both_tokens_and_the_presented_one_stops_working =>
        refreshing_rotates_both_tokens_and_the_presented_one_stops_working_on_sqlite,
        refreshing_rotates_both_tokens_and_the_presented_one_stops_working_on_postgres;
    a_reused_refresh_token_revokes_its_family =>
        a_reused_refresh_token_revokes_its_family_on_sqlite,
        a_reused_refresh_token_revokes_its_family_on_postgres;
    signing_out_revokes_the_family =>
        signing_out_revokes_the_family_on_sqlite,
        signing_out_revokes_the_family_on_postgres;
    an_expired_refresh_token_is_refused =>
        an_expired_refresh_token_is_refused_on_sqlite,
        an_expired_refresh_token_is_refused_on_postgres;
    twenty_parallel_refreshes_of_one_token_leave_no_live_token =>
        twenty_parallel_refreshes_of_one_token_leave_no_live_token_on_sqlite,
        twenty_parallel_refreshes_of_one_token_leave_no_live_token_on_postgres;
    a_missing_or_unknown_refresh_token_is_refused =>
        a_missing_or_unknown_refresh_token_is_refused_on_sqlite,
        a_missing_or_unknown_refresh_token_is_refused_on_postgres;
}
