//! Sends what the mail outbox holds. With SMTP configured, by SMTP; otherwise each
//! message is written to a file in the mail folder (the tester's mailbox in embedded
//! mode) and only its recipient, subject and file are logged: bodies carry links.

use crate::service::Settings;
use crate::store;
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
    let pending = store::pending_mail(&mut c, 20).await?;
    let n = pending.len();
    for m in pending {
        let outcome = deliver(settings, &m).await;
        if let Err(e) = &outcome {
            tracing::warn!(to = %m.to_addr, error = %format!("{e:#}"), "mail not sent");
        }
        store::mail_done(&mut c, &m.id, outcome.err().map(|e| format!("{e:#}")).as_deref()).await?;
    }
    Ok(n)
}

async fn deliver(settings: &Settings, m: &store::Mail) -> anyhow::Result<()> {
    match &settings.smtp_url {
        Some(url) => {
            let (host, port, creds) = parse_smtp_url(url)?;
            let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host).port(port).timeout(Some(Duration::from_secs(10)));
            if let Some((u, p)) = creds {
                builder = builder.credentials(lettre::transport::smtp::authentication::Credentials::new(u, p));
            }
            let msg = Message::builder()
                .from(settings.mail_from.parse()?)
                .to(m.to_addr.parse()?)
                .subject(&m.subject)
                .body(m.body.clone())?;
            builder.build().send(msg).await?;
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

/// (host, port, optional user and password)
type SmtpTarget = (String, u16, Option<(String, String)>);

/// `smtp://[user:pass@]host[:port]` (plain SMTP; put a TLS relay in front when needed).
fn parse_smtp_url(url: &str) -> anyhow::Result<SmtpTarget> {
    let rest = url.strip_prefix("smtp://").ok_or_else(|| anyhow::anyhow!("SMTP_URL must start with smtp://"))?;
    let (creds, hostport) = match rest.rsplit_once('@') {
        Some((c, h)) => {
            let (u, p) = c.split_once(':').unwrap_or((c, ""));
            (Some((u.to_string(), p.to_string())), h)
        }
        None => (None, rest),
    };
    let hostport = hostport.trim_end_matches('/');
    let (host, port) = match hostport.rsplit_once(':') {
        Some((h, p)) => (h.to_string(), p.parse()?),
        None => (hostport.to_string(), 25),
    };
    Ok((host, port, creds))
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
        let mail = crate::store::Mail {
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

    #[tokio::test]
    async fn an_unreachable_smtp_server_is_an_error_not_a_hang() {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut settings = crate::service::Settings::for_tests();
        settings.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
        let mail = crate::store::Mail { id: "m".into(), to_addr: "a@example.org".into(), subject: "s".into(), body: "b".into() };
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
        let subscriber = tracing_subscriber::fmt().with_writer(move || writer.clone()).with_max_level(tracing::Level::TRACE).finish();
        let _guard = tracing::subscriber::set_default(subscriber);
        let dir = tempfile::tempdir().unwrap();
        let mut settings = crate::service::Settings::for_tests();
        settings.mail_dir = Some(dir.path().to_path_buf());
        let link = "http://console.test/reset_password/0123456789abcdef";
        let mail = crate::store::Mail { id: "m1".into(), to_addr: "a@example.org".into(), subject: "Reset".into(), body: format!("Open {link}") };
        super::deliver(&settings, &mail).await.unwrap();
        let file = std::fs::read_dir(dir.path()).unwrap().next().unwrap().unwrap().path();
        assert!(std::fs::read_to_string(&file).unwrap().contains(link));
        let logged = String::from_utf8(logs.0.lock().unwrap().clone()).unwrap();
        assert!(logged.contains("a@example.org") && logged.contains(&file.display().to_string()), "{logged}");
        assert!(!logged.contains("0123456789abcdef"), "the link leaked into the log: {logged}");
    }

    #[test]
    fn smtp_urls_give_host_port_and_credentials() {
        assert_eq!(super::parse_smtp_url("smtp://mail:2525").unwrap(), ("mail".into(), 2525, None));
        assert_eq!(
            super::parse_smtp_url("smtp://u:p@h").unwrap(),
            ("h".into(), 25, Some(("u".into(), "p".into())))
        );
        assert!(super::parse_smtp_url("http://x").is_err());
    }
}
