//! Access tokens (short-lived HS256 JWTs, verified by the BFF with the same secret)
//! and opaque refresh / reset tokens (random, stored only as SHA-256 hashes).

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, errors::ErrorKind};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use common::account;

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Claims {
    /// The account id.
    pub sub: String,
    /// "Admin", "Sub Admin", "Charity Admin", or "Member" (a donor's member token: see
    /// [`Claims::member`]).
    pub typ: String,
    /// The account's session version when the token was issued; a bump ends the session.
    pub sv: i64,
    /// The refresh-token family (one per sign-in).
    pub sid: String,
    /// Expiry and issue time, seconds since the epoch.
    pub exp: i64,
    pub iat: i64,
}

/// The typ of a sign-in challenge: the token between a right password and the second
/// factor (two-factor sign-in). It is no access token: the BFF refuses it as a bearer.
pub const CHALLENGE: &str = "Challenge";
/// A challenge's life, seconds.
pub const CHALLENGE_TTL_SECS: i64 = 300;

/// A member token's default and longest life, in seconds.
pub const MEMBER_TTL_DEFAULT_SECS: i64 = 3600;
pub const MEMBER_TTL_MAX_SECS: i64 = 86_400;

impl Claims {
    /// A member token's claims (the chat's app side): the donor id as `sub`, typ "Member",
    /// no session (sid "", sv 0). `ttl_secs` 0 means [`MEMBER_TTL_DEFAULT_SECS`]; the caller
    /// keeps it at most [`MEMBER_TTL_MAX_SECS`]. `now_secs`: seconds since the epoch.
    pub fn member(donor_id: &str, ttl_secs: i64, now_secs: i64) -> Self {
        let ttl = if ttl_secs == 0 { MEMBER_TTL_DEFAULT_SECS } else { ttl_secs };
        Self {
            sub: donor_id.to_string(),
            typ: account::MEMBER.to_string(),
            sv: 0,
            sid: String::new(),
            iat: now_secs,
            exp: now_secs + ttl,
        }
    }

    /// A sign-in challenge's claims: the account id as `sub`, its session version `sv` (a
    /// password change or deactivation voids the challenge), typ "Challenge", and the
    /// challenge's own id as `sid` (identity records it as spent when its session starts,
    /// so a challenge signs in once). It is no session: `typ` keeps it from ever being
    /// taken as an access token, whatever its `sid`.
    pub fn challenge(account_id: &str, session_version: i64, challenge_id: &str, now_secs: i64) -> Self {
        Self {
            sub: account_id.to_string(),
            typ: CHALLENGE.to_string(),
            sv: session_version,
            sid: challenge_id.to_string(),
            iat: now_secs,
            exp: now_secs + CHALLENGE_TTL_SECS,
        }
    }

    /// A sign-in challenge (typ "Challenge"), which no path takes as an access token.
    pub fn is_challenge(&self) -> bool {
        self.typ == CHALLENGE
    }

    /// A member token's claims (typ "Member"), which the admin side refuses.
    pub fn is_member(&self) -> bool {
        self.typ == account::MEMBER
    }
}

/// Why an access token was refused: the console refreshes on `Expired`, signs out otherwise.
#[derive(Debug, PartialEq, Eq)]
pub enum TokenError {
    Expired,
    Invalid,
}

#[derive(Clone)]
pub struct Keys {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl Keys {
    pub fn new(secret: &[u8]) -> Self {
        Self { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret) }
    }

    pub fn issue(&self, claims: &Claims) -> anyhow::Result<String> {
        Ok(jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &self.encoding)?)
    }

    pub fn verify(&self, token: &str) -> Result<Claims, TokenError> {
        self.check(token, true)
    }

    /// Verifies the signature only, an expired token included (sign-out names the
    /// session of whatever authentic token it is given).
    pub fn verify_signature(&self, token: &str) -> Result<Claims, TokenError> {
        self.check(token, false)
    }

    fn check(&self, token: &str, expiry: bool) -> Result<Claims, TokenError> {
        let mut v = Validation::new(Algorithm::HS256);
        v.leeway = 0;
        v.validate_exp = expiry;
        v.set_required_spec_claims(&["exp", "sub"]);
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &v).map(|d| d.claims).map_err(|e| match e.kind() {
            ErrorKind::ExpiredSignature => TokenError::Expired,
            _ => TokenError::Invalid,
        })
    }
}

/// A new opaque token: 32 random bytes, hex.
pub fn random_token() -> String {
    let bytes: [u8; 32] = rand::random();
    hex::encode(bytes)
}

/// What is stored in place of an opaque token.
pub fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(exp_offset: i64) -> Claims {
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
        Claims { sub: "u1".into(), typ: "Admin".into(), sv: 1, sid: "f".into(), exp: now + exp_offset, iat: now }
    }

    #[test]
    fn tokens_verify_and_expired_ones_are_told_apart_from_bad_ones() {
        let keys = Keys::new(b"0123456789abcdef0123456789abcdef");
        let t = keys.issue(&claims(60)).unwrap();
        assert_eq!(keys.verify(&t).unwrap().sub, "u1");
        let old = keys.issue(&claims(-5)).unwrap();
        assert_eq!(keys.verify(&old), Err(TokenError::Expired));
        assert_eq!(keys.verify_signature(&old).unwrap().sid, "f");
        let other = Keys::new(b"another-secret-another-secret-xx").issue(&claims(60)).unwrap();
        assert_eq!(keys.verify(&other), Err(TokenError::Invalid));
        assert_eq!(keys.verify_signature(&other), Err(TokenError::Invalid));
        assert_eq!(keys.verify("garbage"), Err(TokenError::Invalid));
    }

    #[test]
    fn challenges_are_short_lived_sessionless_and_told_apart() {
        let keys = Keys::new(b"0123456789abcdef0123456789abcdef");
        let c = Claims::challenge("u1", 4, "ch-1", 1000);
        assert_eq!((c.exp - c.iat, c.sid.as_str(), c.sv), (CHALLENGE_TTL_SECS, "ch-1", 4));
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64;
        let back = keys.verify(&keys.issue(&Claims::challenge("u1", 4, "ch-2", now)).unwrap()).unwrap();
        assert!(back.is_challenge() && !back.is_member());
        assert_eq!(back.sid, "ch-2");
        assert!(!claims(60).is_challenge());
        assert_eq!(
            keys.verify(&keys.issue(&Claims::challenge("u1", 4, "ch-3", now - CHALLENGE_TTL_SECS - 1)).unwrap()),
            Err(TokenError::Expired)
        );
    }

    #[test]
    fn opaque_tokens_are_random_and_hashed() {
        let a = random_token();
        assert_eq!(a.len(), 64);
        assert_ne!(a, random_token());
        assert_eq!(hash_token(&a), hash_token(&a));
        assert_ne!(hash_token(&a), a);
    }
}
