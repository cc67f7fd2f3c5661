//! Sends what the mail outbox holds. With SMTP configured, by SMTP; otherwise each
//! message is written to a file in the mail folder (the tester's mailbox in embedded
//! mode) and only its recipient, subject and file are logged: bodies carry links.

use crate::mail_store;
use crate::service::Settings;
use common::db::Db;
use common::shutdown::Shutdown;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::time::Duration;

pub fn spawn(db: Db, settings: Settings, shutdown: Shutdown) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            if let Err(e) = send_pending(&db, &settings).await {
                tracing::warn!(error = %format!("{e:#}"), "mail relay failed; will retry");
            }
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_millis(500)) => {},
                _ = shutdown.wait() => return,
            }
        }
    })
}

pub async fn send_pending(db: &Db, settings: &Settings) -> anyhow::Result<usize> {
    let mut c = db.pool.acquire().await?;
    let pending = mail_store::pending_mail(&mut c, 20).await?;
    let n = pending.len();
    for m in pending {
        let outcome = deliver(settings, &m).await;
        if let Err(e) = &outcome {
            tracing::warn!(to = %m.to_addr, error = %format!("{e:#}"), "mail not sent");
        }
        mail_store::mail_done(&mut c, &m.id, outcome.err().map(|e| format!("{e:#}")).as_deref()).await?;
    }
    Ok(n)
}

async fn deliver(settings: &Settings, m: &mail_store::Mail) -> anyhow::Result<()> {
    match &settings.smtp_url {
        Some(url) => {
            let msg = Message::builder()
                .from(settings.mail_from.parse()?)
                .to(m.to_addr.parse()?)
                .subject(&m.subject)
                .body(m.body.clone())?;
            let target = parse_smtp_url(url)?;
            transport(&target, common::tls::configured()?.as_deref())?
                .send(msg)
                .await
                .map_err(|e| common::tls::explain(e.into(), "the SMTP server"))?;
            Ok(())
        }
        None => {
            // The body holds reset and invitation links: it goes to the mail folder only,
            // never to the log (logs are shipped and kept; a link there is a key).
            let Some(dir) = &settings.mail_dir else {
                tracing::warn!(to = %m.to_addr, subject = %m.subject, "mail dropped: neither SMTP_URL nor MAIL_DIR is configured");
                return Ok(());
            };
            tokio::fs::create_dir_all(dir).await?;
            let file = dir.join(format!("{}-{}.eml", common::now_ms(), m.id));
            let text = format!("To: {}\nFrom: {}\nSubject: {}\n\n{}", m.to_addr, settings.mail_from, m.subject, m.body);
            tokio::fs::write(&file, text).await?;
            tracing::info!(to = %m.to_addr, subject = %m.subject, file = %file.display(), "mail written to the mail folder (SMTP not configured)");
            Ok(())
        }
    }
}

/// How the connection to the SMTP server is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Security {
    /// `smtp://`: plain text (port 25 by default).
    Plain,
    /// `smtp://…?tls=required` (lettre's name; `tls=starttls` too): STARTTLS, and a server
    /// that does not offer it is an error, never a fallback to plain (port 587).
    StartTls,
    /// `smtps://`: TLS from the first byte (port 465).
    Implicit,
}

#[derive(Debug, PartialEq)]
struct SmtpTarget {
    host: String,
    port: u16,
    credentials: Option<(String, String)>,
    security: Security,
}

/// `smtp://[user:pass@]host[:port][?tls=required]` or `smtps://[user:pass@]host[:port]`.
fn parse_smtp_url(url: &str) -> anyhow::Result<SmtpTarget> {
    let (rest, mut security, default_port) = if let Some(r) = url.strip_prefix("smtps://") {
        (r, Security::Implicit, 465)
    } else if let Some(r) = url.strip_prefix("smtp://") {
        (r, Security::Plain, 25)
    } else {
        anyhow::bail!("SMTP_URL must start with smtp:// or smtps://");
    };
    let (rest, query) = rest.split_once('?').unwrap_or((rest, ""));
    for (key, value) in query.split('&').filter(|kv| !kv.is_empty()).map(|kv| kv.split_once('=').unwrap_or((kv, ""))) {
        match (key, value, security) {
            ("tls", "required" | "starttls", Security::Plain) => security = Security::StartTls,
            ("tls", _, Security::Implicit) => anyhow::bail!("SMTP_URL: smtps:// is TLS already; drop ?tls="),
            ("tls", other, _) => {
                anyhow::bail!("SMTP_URL: tls={other} is not known (use tls=required for STARTTLS, or smtps://)")
            }
            (other, _, _) => anyhow::bail!("SMTP_URL: unknown parameter {other}"),
        }
    }
    let (credentials, hostport) = match rest.rsplit_once('@') {
        Some((c, h)) => {
            let (u, p) = c.split_once(':').unwrap_or((c, ""));
            (Some((u.to_string(), p.to_string())), h)
        }
        None => (None, rest),
    };
    let hostport = hostport.trim_end_matches('/');
    let default_port = if security == Security::StartTls { 587 } else { default_port };
    let (host, port) = match hostport.rsplit_once(':') {
        Some((h, p)) => (h.to_string(), p.parse().map_err(|_| anyhow::anyhow!("SMTP_URL: bad port {p}"))?),
        None => (hostport.to_string(), default_port),
    };
    Ok(SmtpTarget { host, port, credentials, security })
}

/// The transport for `target`: TLS through rustls (ring), the server's certificate checked
/// for its host name against the compiled-in roots and `ca` (TLS_CA_FILE).
fn transport(target: &SmtpTarget, ca: Option<&common::tls::Ca>) -> anyhow::Result<AsyncSmtpTransport<Tokio1Executor>> {
    use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
    let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&target.host)
        .port(target.port)
        .timeout(Some(Duration::from_secs(10)));
    if target.security != Security::Plain {
        let mut params = TlsParameters::builder(target.host.clone());
        for cert in ca.map(|c| c.certs()).unwrap_or_default() {
            params = params.add_root_certificate(Certificate::from_der(cert.to_vec())?);
        }
        let params = params.build_rustls()?;
        builder = builder.tls(match target.security {
            Security::Implicit => Tls::Wrapper(params),
            _ => Tls::Required(params),
        });
    }
    if let Some((u, p)) = &target.credentials {
        builder = builder.credentials(lettre::transport::smtp::authentication::Credentials::new(u.clone(), p.clone()));
    }
    Ok(builder.build())
}

#[cfg(test)]
mod tests {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

    /// A minimal SMTP server: accepts one message and answers what it received.
    async fn fake_smtp() -> (u16, tokio::task::JoinHandle<String>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let task = tokio::spawn(async move {
            let (sock, _) = listener.accept().await.unwrap();
            let (r, mut w) = sock.into_split();
            let mut lines = BufReader::new(r).lines();
            let mut received = String::new();
            let mut in_data = false;
            w.write_all(b"220 fake ESMTP\r\n").await.unwrap();
            while let Ok(Some(line)) = lines.next_line().await {
                if in_data {
                    if line == "." {
                        in_data = false;
                        w.write_all(b"250 queued\r\n").await.unwrap();
                    } else {
                        received.push_str(&line);
                        received.push('\n');
                    }
                    continue;
                }
                received.push_str(&line);
                received.push('\n');
                let upper = line.to_uppercase();
                let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                    b"250 fake\r\n"
                } else if upper.starts_with("DATA") {
                    in_data = true;
                    b"354 go ahead\r\n"
                } else if upper.starts_with("QUIT") {
                    w.write_all(b"221 bye\r\n").await.unwrap();
                    break;
                } else {
                    b"250 ok\r\n"
                };
                w.write_all(reply).await.unwrap();
            }
            received
        });
        (port, task)
    }

    #[tokio::test]
    async fn with_smtp_configured_a_mail_goes_out_by_smtp() {
        let (port, server) = fake_smtp().await;
        let mut settings = crate::service::Settings::for_tests();
        settings.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
        let mail = crate::mail_store::Mail {
            id: "m1".into(),
            to_addr: "someone@example.org".into(),
            subject: "Reset your Giving Console password".into(),
            body: "Open http://console.test/reset_password/abc".into(),
        };
        super::deliver(&settings, &mail).await.unwrap();
        let seen = tokio::time::timeout(std::time::Duration::from_secs(10), server).await.unwrap().unwrap();
        assert!(seen.contains("RCPT TO:<someone@example.org>"), "{seen}");
        assert!(seen.contains("Subject: Reset your Giving Console password"), "{seen}");
        assert!(seen.contains("reset_password/abc"), "{seen}");
    }

    /// A TLS SMTP server for one message: TLS from the first byte (`implicit`), or a plain
    /// greeting that offers STARTTLS and goes on over TLS. Answers the transcript, and
    /// marks where TLS began with a line `-- TLS --`.
    async fn tls_smtp(implicit: bool, certs: &std::path::Path) -> (u16, tokio::task::JoinHandle<String>) {
        use rustls::pki_types::pem::PemObject;
        use rustls::pki_types::{CertificateDer, PrivateKeyDer};
        let chain =
            CertificateDer::pem_file_iter(certs.join("server.pem")).unwrap().collect::<Result<Vec<_>, _>>().unwrap();
        let key = PrivateKeyDer::from_pem_file(certs.join("server.key")).unwrap();
        let config =
            rustls::ServerConfig::builder_with_provider(std::sync::Arc::new(rustls::crypto::ring::default_provider()))
                .with_safe_default_protocol_versions()
                .unwrap()
                .with_no_client_auth()
                .with_single_cert(chain, key)
                .unwrap();
        let acceptor = tokio_rustls::TlsAcceptor::from(std::sync::Arc::new(config));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let task = tokio::spawn(async move {
            let (sock, _) = listener.accept().await.unwrap();
            let mut received = String::new();
            if implicit {
                let Ok(tls) = acceptor.accept(sock).await else { return received };
                received.push_str("-- TLS --\n");
                converse(tls, true, false, &mut received).await;
            } else if let Some(plain) = converse(sock, true, true, &mut received).await {
                let Ok(tls) = acceptor.accept(plain).await else { return received };
                received.push_str("-- TLS --\n");
                converse(tls, false, false, &mut received).await;
            }
            received
        });
        (port, task)
    }

    /// One SMTP conversation on `stream`; answers the stream when the client asked for
    /// STARTTLS (offered when `offer_starttls`), after telling it to go ahead.
    async fn converse<S>(stream: S, greet: bool, offer_starttls: bool, received: &mut String) -> Option<S>
    where
        S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
    {
        let mut s = BufReader::new(stream);
        if greet {
            s.write_all(b"220 fake ESMTP\r\n").await.ok()?;
        }
        let mut in_data = false;
        loop {
            let mut line = String::new();
            if s.read_line(&mut line).await.ok()? == 0 {
                return None;
            }
            let line = line.trim_end_matches(['\r', '\n']);
            received.push_str(line);
            received.push('\n');
            if in_data {
                if line == "." {
                    in_data = false;
                    s.write_all(b"250 queued\r\n").await.ok()?;
                }
                continue;
            }
            let upper = line.to_uppercase();
            let reply: &[u8] = if upper.starts_with("EHLO") && offer_starttls {
                b"250-fake\r\n250 STARTTLS\r\n"
            } else if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                b"250 fake\r\n"
            } else if upper.starts_with("STARTTLS") && offer_starttls {
                s.write_all(b"220 go ahead\r\n").await.ok()?;
                s.flush().await.ok()?;
                return Some(s.into_inner());
            } else if upper.starts_with("DATA") {
                in_data = true;
                b"354 go ahead\r\n"
            } else if upper.starts_with("QUIT") {
                let _ = s.write_all(b"221 bye\r\n").await;
                return None;
            } else {
                b"250 ok\r\n"
            };
            s.write_all(reply).await.ok()?;
            s.flush().await.ok()?;
        }
    }

    fn reset_mail() -> crate::mail_store::Mail {
        crate::mail_store::Mail {
            id: "m1".into(),
            to_addr: "someone@example.org".into(),
            subject: "Reset your Giving Console password".into(),
            body: "Open http://console.test/reset_password/abc".into(),
        }
    }

    async fn send(url: &str, ca: &common::tls::Ca) -> anyhow::Result<()> {
        let mail = reset_mail();
        let msg = lettre::Message::builder()
            .from("Giving Console <no-reply@giving-console.local>".parse()?)
            .to(mail.to_addr.parse()?)
            .subject(&mail.subject)
            .body(mail.body)?;
        use lettre::AsyncTransport;
        super::transport(&super::parse_smtp_url(url)?, Some(ca))?
            .send(msg)
            .await
            .map_err(|e| common::tls::explain(e.into(), "the SMTP server"))?;
        Ok(())
    }

    /// smtps:// (TLS from the first byte) and smtp://…?tls=required (STARTTLS) deliver a
    /// message over TLS to a server whose certificate the configured CA signed (the whole
    /// envelope after `-- TLS --`); a server signed by another CA is refused before any
    /// of the message leaves.
    #[tokio::test]
    async fn smtps_and_starttls_deliver_over_tls_and_a_wrong_ca_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        if !common::tls_servers::make_certs(dir.path()) {
            return;
        }
        let ca = common::tls::Ca::load(dir.path().join("ca.pem")).unwrap();
        let wrong = common::tls::Ca::load(dir.path().join("wrong-ca.pem")).unwrap();
        for implicit in [true, false] {
            let (port, server) = tls_smtp(implicit, dir.path()).await;
            let url = if implicit {
                format!("smtps://127.0.0.1:{port}")
            } else {
                format!("smtp://127.0.0.1:{port}?tls=required")
            };
            send(&url, &ca).await.unwrap();
            let seen = tokio::time::timeout(std::time::Duration::from_secs(10), server).await.unwrap().unwrap();
            let after_tls = seen.split_once("-- TLS --\n").map(|(_, t)| t).unwrap_or_else(|| panic!("no TLS: {seen}"));
            assert!(after_tls.contains("RCPT TO:<someone@example.org>"), "{seen}");
            assert!(after_tls.contains("Subject: Reset your Giving Console password"), "{seen}");
            assert!(after_tls.contains("reset_password/abc"), "{seen}");
            if !implicit {
                assert!(seen.split_once("-- TLS --").unwrap().0.contains("STARTTLS"), "{seen}");
            }

            let (port, server) = tls_smtp(implicit, dir.path()).await;
            let url = if implicit {
                format!("smtps://127.0.0.1:{port}")
            } else {
                format!("smtp://127.0.0.1:{port}?tls=required")
            };
            let err = format!("{:#}", send(&url, &wrong).await.unwrap_err());
            assert!(err.contains("certificate is not trusted") && err.contains("TLS_CA_FILE"), "{err}");
            let seen = tokio::time::timeout(std::time::Duration::from_secs(10), server).await.unwrap().unwrap();
            assert!(!seen.contains("RCPT TO"), "{seen}");
        }
    }

    /// A server that does not offer STARTTLS is an error with tls=required, never a
    /// fallback to plain text.
    #[tokio::test]
    async fn starttls_required_never_falls_back_to_plain() {
        let (port, server) = fake_smtp().await;
        let target = super::parse_smtp_url(&format!("smtp://127.0.0.1:{port}?tls=required")).unwrap();
        let msg = lettre::Message::builder()
            .from("a@example.org".parse().unwrap())
            .to("b@example.org".parse().unwrap())
            .subject("s")
            .body("b".to_string())
            .unwrap();
        use lettre::AsyncTransport;
        assert!(super::transport(&target, None).unwrap().send(msg).await.is_err());
        let seen = tokio::time::timeout(std::time::Duration::from_secs(10), server).await.unwrap().unwrap();
        assert!(seen.contains("EHLO") && !seen.contains("MAIL FROM") && !seen.contains("RCPT TO"), "{seen}");
    }

    #[tokio::test]
    async fn an_unreachable_smtp_server_is_an_error_not_a_hang() {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut settings = crate::service::Settings::for_tests();
        settings.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
        let mail = crate::mail_store::Mail {
            id: "m".into(),
            to_addr: "a@example.org".into(),
            subject: "s".into(),
            body: "b".into(),
        };
        assert!(super::deliver(&settings, &mail).await.is_err());
    }
    /// Collects what a tracing subscriber writes.
    #[derive(Clone, Default)]
    struct Captured(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[tokio::test]
    async fn without_smtp_the_body_goes_to_the_mail_folder_and_never_to_the_log() {
        let logs = Captured::default();
        let writer = logs.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_max_level(tracing::Level::TRACE)
            .finish();
        let _guard = tracing::subscriber::set_default(subscriber);
        let dir = tempfile::tempdir().unwrap();
        let mut settings = crate::service::Settings::for_tests();
        settings.mail_dir = Some(dir.path().to_path_buf());
        let link = "http://console.test/reset_password/0123456789abcdef";
        let mail = crate::mail_store::Mail {
            id: "m1".into(),
            to_addr: "a@example.org".into(),
            subject: "Reset".into(),
            body: format!("Open {link}"),
        };
        super::deliver(&settings, &mail).await.unwrap();
        let file = std::fs::read_dir(dir.path()).unwrap().next().unwrap().unwrap().path();
        assert!(std::fs::read_to_string(&file).unwrap().contains(link));
        let logged = String::from_utf8(logs.0.lock().unwrap().clone()).unwrap();
        assert!(logged.contains("a@example.org") && logged.contains(&file.display().to_string()), "{logged}");
        assert!(!logged.contains("0123456789abcdef"), "the link leaked into the log: {logged}");
    }

    #[test]
    fn smtp_urls_give_host_port_credentials_and_tls() {
        use super::{Security, SmtpTarget, parse_smtp_url};
        let t = |host: &str, port, credentials: Option<(&str, &str)>, security| SmtpTarget {
            host: host.into(),
            port,
            credentials: credentials.map(|(u, p)| (u.into(), p.into())),
            security,
        };
        assert_eq!(parse_smtp_url("smtp://mail:2525").unwrap(), t("mail", 2525, None, Security::Plain));
        assert_eq!(parse_smtp_url("smtp://u:p@h").unwrap(), t("h", 25, Some(("u", "p")), Security::Plain));
        assert_eq!(parse_smtp_url("smtps://u:p@h").unwrap(), t("h", 465, Some(("u", "p")), Security::Implicit));
        assert_eq!(parse_smtp_url("smtps://h:2465/").unwrap(), t("h", 2465, None, Security::Implicit));
        assert_eq!(parse_smtp_url("smtp://h?tls=required").unwrap(), t("h", 587, None, Security::StartTls));
        assert_eq!(
            parse_smtp_url("smtp://u:p@h:2587?tls=starttls").unwrap(),
            t("h", 2587, Some(("u", "p")), Security::StartTls)
        );
        assert!(parse_smtp_url("http://x").is_err());
        assert!(parse_smtp_url("smtp://h?tls=maybe").is_err());
        assert!(parse_smtp_url("smtps://h?tls=required").is_err());
        assert!(parse_smtp_url("smtp://h:port").is_err());
    }
}
