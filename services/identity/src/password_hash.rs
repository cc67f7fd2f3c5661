//! Argon2id password hashing, run off the async threads (it is deliberately slow).

use anyhow::Context;
use argon2::{Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version};

fn hasher() -> Argon2<'static> {
    // OWASP's second recommended setting: 19 MiB, 2 passes, 1 lane.
    Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(19 * 1024, 2, 1, None).expect("valid params"))
}

pub async fn hash(password: &str) -> anyhow::Result<String> {
    let password = password.to_owned();
    tokio::task::spawn_blocking(move || {
        let salt: [u8; 16] = rand::random();
        hasher()
            .hash_password_with_salt(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("{e}"))
    })
    .await
    .context("hashing task failed")?
}

pub async fn verify(password: &str, stored: &str) -> bool {
    let password = password.to_owned();
    let stored = stored.to_owned();
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&stored).map(|h| hasher().verify_password(password.as_bytes(), &h).is_ok()).unwrap_or(false)
    })
    .await
    .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn a_hash_verifies_only_its_password() {
        let h = super::hash("secret1").await.unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(super::verify("secret1", &h).await);
        assert!(!super::verify("secret2", &h).await);
        assert!(!super::verify("secret1", "not a hash").await);
    }
}
