//! TLS to the dependencies: PostgreSQL, Redis, RabbitMQ and SMTP use TLS when their URL
//! asks for it (`sslmode=require|verify-ca|verify-full`, `rediss://`, `amqps://`,
//! `smtps://` or `smtp://…?tls=required`), always through rustls with the ring provider
//! (no OpenSSL, no aws-lc).
//!
//! Whom they trust: the CA bundle named by [`CA_FILE_ENV`] (`TLS_CA_FILE`, PEM, one or
//! more certificates), read once per process; without it the Mozilla roots compiled into
//! the binary (webpki-roots). Compiled-in roots rather than the system store because the
//! runtime images carry no CA store of their own to keep up to date, every binary and
//! every client library then trusts the very same set, and a private CA (the usual case
//! for an in-cluster database or broker) is what `TLS_CA_FILE` is for. How each client
//! uses the bundle: PostgreSQL (sqlx) and RabbitMQ (lapin) and SMTP (lettre) trust it in
//! addition to those roots; Redis (redis-rs) trusts the bundle alone, as that crate
//! replaces its roots with a given bundle. A `TLS_CA_FILE` that cannot be read or holds
//! no usable certificate stops the process at start-up with the file's name and why.

use anyhow::Context;
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// The environment variable naming the CA bundle (PEM) every TLS connection trusts.
pub const CA_FILE_ENV: &str = "TLS_CA_FILE";

/// A CA bundle: its file, its PEM text and its certificates (each checked to be a usable
/// trust anchor).
#[derive(Debug)]
pub struct Ca {
    path: PathBuf,
    pem: String,
    certs: Vec<CertificateDer<'static>>,
}

impl Ca {
    /// Reads and checks a PEM bundle.
    pub fn load(path: impl AsRef<Path>) -> anyhow::Result<Self> {
        let path = path.as_ref();
        let pem =
            std::fs::read_to_string(path).with_context(|| format!("cannot read the CA bundle {}", path.display()))?;
        Self::from_pem(path, pem)
    }

    fn from_pem(path: &Path, pem: String) -> anyhow::Result<Self> {
        let mut certs = Vec::new();
        for (i, cert) in CertificateDer::pem_slice_iter(pem.as_bytes()).enumerate() {
            let cert = cert.map_err(|e| {
                anyhow::anyhow!("the CA bundle {}: certificate {} is not valid PEM: {e}", path.display(), i + 1)
            })?;
            // The same check rustls makes when it trusts it: a parsable X.509 certificate.
            let mut store = rustls::RootCertStore::empty();
            store.add(cert.clone()).map_err(|e| {
                anyhow::anyhow!(
                    "the CA bundle {}: certificate {} is not a usable CA certificate: {e}",
                    path.display(),
                    i + 1
                )
            })?;
            certs.push(cert);
        }
        if certs.is_empty() {
            anyhow::bail!("the CA bundle {} holds no PEM certificate (-----BEGIN CERTIFICATE-----)", path.display());
        }
        Ok(Self { path: path.to_path_buf(), pem, certs })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The bundle as read (PEM).
    pub fn pem(&self) -> &str {
        &self.pem
    }

    /// Its certificates (DER).
    pub fn certs(&self) -> &[CertificateDer<'static>] {
        &self.certs
    }
}

/// The CA bundle of this process (`TLS_CA_FILE`), read on first use and kept; `None` when
/// the variable is unset or empty (the compiled-in roots are trusted then).
pub fn configured() -> anyhow::Result<Option<Arc<Ca>>> {
    static CA: OnceLock<Result<Option<Arc<Ca>>, String>> = OnceLock::new();
    CA.get_or_init(|| match std::env::var_os(CA_FILE_ENV).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(path) => {
            Ca::load(PathBuf::from(path)).map(|ca| Some(Arc::new(ca))).map_err(|e| format!("{CA_FILE_ENV}: {e:#}"))
        }
    })
    .clone()
    .map_err(|e| anyhow::anyhow!(e))
}

/// Done once at the start of every binary: makes ring the process's rustls provider (the
/// Redis client builds its configuration with the process default) and reads
/// `TLS_CA_FILE`, so a bad bundle stops the start with a clear error.
pub fn init() -> anyhow::Result<()> {
    install_provider();
    if let Some(ca) = configured()? {
        tracing::info!(file = %ca.path().display(), certificates = ca.certs().len(), "TLS connections trust the configured CA bundle");
    }
    Ok(())
}

/// Makes ring rustls's process-wide provider (idempotent; a provider installed earlier
/// stays).
pub fn install_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// A PostgreSQL URL with the CA bundle as its `sslrootcert`, unless it names one itself
/// (sqlx reads that file when it connects; with `sslmode=verify-ca` or `verify-full` the
/// server's certificate must chain to it or to the compiled-in roots).
pub fn postgres_url(url: &str, ca: Option<&Ca>) -> String {
    let Some(ca) = ca else { return url.to_string() };
    let query = url.split_once('?').map(|(_, q)| q).unwrap_or("");
    if query.split('&').any(|kv| kv.split('=').next() == Some("sslrootcert")) {
        return url.to_string();
    }
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}sslrootcert={}", percent_encode(&ca.path().to_string_lossy()))
}

/// Percent-encodes what a URL query value may not hold as is.
fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'/' | b'-' | b'_' | b'.' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Names a TLS failure for people: an error whose text says the peer's certificate was
/// refused gets a hint of what to configure.
pub fn explain(err: anyhow::Error, what: &str) -> anyhow::Error {
    let text = format!("{err:#}");
    if text.contains("UnknownIssuer") || text.contains("certificate") || text.contains("Certificate") {
        err.context(format!(
            "TLS to {what}: the server's certificate is not trusted (set {CA_FILE_ENV} to the CA bundle that signed it, or check the host name)"
        ))
    } else {
        err
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    #[test]
    fn a_missing_or_empty_or_garbled_bundle_is_a_clear_error() {
        let dir = std::env::temp_dir().join(format!("giving-console-tls-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let missing = format!("{:#}", Ca::load(dir.join("absent.pem")).unwrap_err());
        assert!(missing.contains("cannot read the CA bundle") && missing.contains("absent.pem"), "{missing}");
        let empty = format!("{:#}", Ca::load(write(&dir, "empty.pem", "not a certificate\n")).unwrap_err());
        assert!(empty.contains("holds no PEM certificate"), "{empty}");
        let garbled = "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n";
        let bad = format!("{:#}", Ca::load(write(&dir, "bad.pem", garbled)).unwrap_err());
        assert!(bad.contains("certificate 1"), "{bad}");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn the_bundle_becomes_sslrootcert_unless_the_url_names_one() {
        let ca = Ca { path: "/etc/ca dir/ca.pem".into(), pem: String::new(), certs: vec![] };
        assert_eq!(postgres_url("postgres://u@h/db", None), "postgres://u@h/db");
        assert_eq!(
            postgres_url("postgres://u@h/db?sslmode=verify-full", Some(&ca)),
            "postgres://u@h/db?sslmode=verify-full&sslrootcert=/etc/ca%20dir/ca.pem"
        );
        assert_eq!(postgres_url("postgres://u@h/db", Some(&ca)), "postgres://u@h/db?sslrootcert=/etc/ca%20dir/ca.pem");
        let own = "postgres://u@h/db?sslmode=verify-ca&sslrootcert=/other.pem";
        assert_eq!(postgres_url(own, Some(&ca)), own);
    }
}
