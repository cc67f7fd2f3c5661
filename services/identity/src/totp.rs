//! Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA-1, 6 digits,
//! 30-second steps, secrets of 20 random bytes written in Base32 (no padding), as
//! authenticator apps expect them. Also the sealing of stored secrets (see [`seal`]).

use hmac::{Hmac, KeyInit, Mac};
use sha1::Sha1;

/// The length of a step, seconds.
pub const STEP_SECS: i64 = 30;
/// Digits of a code.
pub const DIGITS: u32 = 6;
/// Random bytes of a secret.
pub const SECRET_LEN: usize = 20;
/// Who the otpauth URI names as issuer.
pub const ISSUER: &str = "Giving Console";

fn mac(key: &[u8], msg: &[u8]) -> [u8; 20] {
    let mut m = <Hmac<Sha1> as KeyInit>::new_from_slice(key).expect("HMAC takes any key length");
    m.update(msg);
    m.finalize().into_bytes().into()
}

/// RFC 4226 HOTP: the `digits`-digit code of `counter`.
pub fn hotp(secret: &[u8], counter: u64, digits: u32) -> u32 {
    let h = mac(secret, &counter.to_be_bytes());
    let offset = (h[19] & 0x0f) as usize;
    let bin = (u32::from(h[offset]) & 0x7f) << 24
        | u32::from(h[offset + 1]) << 16
        | u32::from(h[offset + 2]) << 8
        | u32::from(h[offset + 3]);
    bin % 10u32.pow(digits)
}

/// The step a time (seconds since the epoch) falls in.
pub fn step_of(unix_secs: i64) -> i64 {
    unix_secs.div_euclid(STEP_SECS)
}

/// The 6-digit code of a step, zero-padded.
pub fn code_at(secret: &[u8], step: i64) -> String {
    format!("{:0width$}", hotp(secret, step as u64, DIGITS), width = DIGITS as usize)
}

/// The step a code matches among the current step and its two neighbours (clock drift),
/// when that step is later than `last_used` (a step is accepted once). The code must be
/// exactly six digits; comparison does not stop at the first differing digit.
pub fn matching_step(secret: &[u8], code: &str, unix_secs: i64, last_used: i64) -> Option<i64> {
    let code = code.trim();
    if code.len() != DIGITS as usize || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let now = step_of(unix_secs);
    let mut found = None;
    for step in [now - 1, now, now + 1] {
        if step > last_used && same(code_at(secret, step).as_bytes(), code.as_bytes()) && found.is_none() {
            found = Some(step);
        }
    }
    found
}

fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A new random secret.
pub fn new_secret() -> [u8; SECRET_LEN] {
    rand::random()
}

/// Base32 (RFC 4648, no padding), as otpauth URIs carry secrets.
pub fn to_base32(secret: &[u8]) -> String {
    data_encoding::BASE32_NOPAD.encode(secret)
}

pub fn from_base32(text: &str) -> Option<Vec<u8>> {
    let t: String = text.chars().filter(|c| !c.is_whitespace() && *c != '=').collect::<String>().to_uppercase();
    data_encoding::BASE32_NOPAD.decode(t.as_bytes()).ok()
}

/// Percent-encodes everything but unreserved characters and `@`.
fn encode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~@".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `otpauth://totp/Giving%20Console:<email>?secret=…&issuer=Giving%20Console&digits=6&period=30`
pub fn otpauth_uri(email: &str, secret_b32: &str) -> String {
    let issuer = encode(ISSUER);
    format!(
        "otpauth://totp/{issuer}:{}?secret={secret_b32}&issuer={issuer}&digits={DIGITS}&period={STEP_SECS}",
        encode(email)
    )
}

/// Seals a secret for storage: XOR with an HMAC-SHA-1 key stream made from the service's
/// key, the account id and a random nonce; stored as hex `nonce:ciphertext`. A database
/// dump alone does not give the secrets away.
pub fn seal(key: &[u8], account_id: &str, secret: &[u8; SECRET_LEN]) -> String {
    let nonce: [u8; 16] = rand::random();
    let stream = key_stream(key, account_id, &nonce);
    let sealed: Vec<u8> = secret.iter().zip(stream).map(|(a, b)| a ^ b).collect();
    format!("{}:{}", hex::encode(nonce), hex::encode(sealed))
}

/// The secret a [`seal`] stored (`None` for anything else).
pub fn open(key: &[u8], account_id: &str, sealed: &str) -> Option<[u8; SECRET_LEN]> {
    let (nonce, body) = sealed.split_once(':')?;
    let nonce = hex::decode(nonce).ok()?;
    let body = hex::decode(body).ok()?;
    if body.len() != SECRET_LEN {
        return None;
    }
    let stream = key_stream(key, account_id, &nonce);
    let mut out = [0u8; SECRET_LEN];
    for (i, (a, b)) in body.iter().zip(stream).enumerate() {
        out[i] = a ^ b;
    }
    Some(out)
}

fn key_stream(key: &[u8], account_id: &str, nonce: &[u8]) -> [u8; 20] {
    let mut msg = b"totp-secret|".to_vec();
    msg.extend_from_slice(account_id.as_bytes());
    msg.push(b'|');
    msg.extend_from_slice(nonce);
    mac(key, &msg)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 appendix B, SHA-1 rows: the ASCII secret "12345678901234567890", 8 digits.
    #[test]
    fn rfc_6238_test_vectors() {
        let secret = b"12345678901234567890";
        for (time, code) in [
            (59u64, 94287082u32),
            (1111111109, 7081804),
            (1111111111, 14050471),
            (1234567890, 89005924),
            (2000000000, 69279037),
            (20000000000, 65353130),
        ] {
            assert_eq!(hotp(secret, time / 30, 8), code, "at {time}");
        }
    }

    /// RFC 4226 appendix D: HOTP values of counters 0..9 (6 digits).
    #[test]
    fn rfc_4226_test_vectors() {
        let expected = [755224, 287082, 359152, 969429, 338314, 254676, 287922, 162583, 399871, 520489];
        for (i, e) in expected.iter().enumerate() {
            assert_eq!(hotp(b"12345678901234567890", i as u64, 6), *e);
        }
    }

    #[test]
    fn codes_match_the_current_step_and_its_neighbours_once() {
        let s = new_secret();
        let t = 1_700_000_015;
        let now = step_of(t);
        assert_eq!(matching_step(&s, &code_at(&s, now), t, 0), Some(now));
        assert_eq!(matching_step(&s, &code_at(&s, now - 1), t, 0), Some(now - 1));
        assert_eq!(matching_step(&s, &code_at(&s, now + 1), t, 0), Some(now + 1));
        assert_eq!(matching_step(&s, &code_at(&s, now - 2), t, 0), None);
        assert_eq!(matching_step(&s, &code_at(&s, now + 2), t, 0), None);
        // A used step is never accepted again, nor one before it.
        assert_eq!(matching_step(&s, &code_at(&s, now), t, now), None);
        assert_eq!(matching_step(&s, &code_at(&s, now - 1), t, now), None);
        assert_eq!(matching_step(&s, &code_at(&s, now + 1), t, now), Some(now + 1));
        for bad in ["", "12345", "1234567", "abcdef", " 12 34 "] {
            assert_eq!(matching_step(&s, bad, t, 0), None);
        }
        assert_eq!(matching_step(&s, &format!(" {} ", code_at(&s, now)), t, 0), Some(now));
    }

    /// Against an independent generator (the totp-rs crate, a dev-dependency only): the
    /// same secrets give the same codes at many times, and ours accepts its codes.
    #[test]
    fn agrees_with_totp_rs() {
        for i in 0..50i64 {
            let s = new_secret();
            let theirs = totp_rs::TOTP::new_unchecked(totp_rs::Algorithm::SHA1, 6, 1, 30, s.to_vec());
            let t = 1_700_000_000 + i * 7919;
            let code = theirs.generate(t as u64);
            assert_eq!(code_at(&s, step_of(t)), code);
            assert_eq!(matching_step(&s, &code, t, 0), Some(step_of(t)));
            // Base32 both ways.
            let b32 = to_base32(&s);
            assert_eq!(totp_rs::Secret::Encoded(b32.clone()).to_bytes().unwrap(), s.to_vec());
            assert_eq!(from_base32(&totp_rs::Secret::Raw(s.to_vec()).to_encoded().to_string()).unwrap(), s.to_vec());
        }
    }

    #[test]
    fn base32_and_uri() {
        assert_eq!(to_base32(b"12345678901234567890"), "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
        assert_eq!(from_base32("gezd gnbv gy3t qojq gezd gnbv gy3t qojq").unwrap(), b"12345678901234567890");
        assert_eq!(to_base32(&new_secret()).len(), 32);
        assert_eq!(
            otpauth_uri("a.b+c@example.org", "ABC"),
            "otpauth://totp/Giving%20Console:a.b%2Bc@example.org?secret=ABC&issuer=Giving%20Console&digits=6&period=30"
        );
    }

    #[test]
    fn sealed_secrets_open_only_with_their_key_and_account() {
        let s = new_secret();
        let sealed = seal(b"key", "u1", &s);
        assert!(!sealed.contains(&hex::encode(s)));
        assert_eq!(open(b"key", "u1", &sealed), Some(s));
        assert_ne!(open(b"other", "u1", &sealed), Some(s));
        assert_ne!(open(b"key", "u2", &sealed), Some(s));
        assert_ne!(seal(b"key", "u1", &s), sealed, "a fresh nonce each time");
        assert_eq!(open(b"key", "u1", "garbage"), None);
    }
}
