//! Faults (issue 17): 10,000 writes across two services (donations to giving, chat
//! messages) while RabbitMQ is restarted twice and the giving service is killed and started
//! again. Afterwards the audit log holds the event of every write exactly once and its hash
//! chain verifies. The writes are the apps' own idempotent calls (a donation's provider
//! reference, a message's clientId): a write whose answer was lost is sent again and must
//! not be recorded twice. The services are the real binaries on PostgreSQL and RabbitMQ.
//! Restarting the broker needs `rabbitmqctl` (root, as the test command runs); without it
//! the test is skipped, unless REQUIRE_SERVICES=1.

#[path = "support/procs.rs"]
mod procs;

use futures::StreamExt;
use procs::*;
use proto::audit::v1 as audit;
use proto::chat::v1 as chat;
use proto::common::v1::Actor;
use proto::giving::v1 as giving;
use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

const DONATIONS: usize = 7_000;
const MESSAGES: usize = 3_000;
const DONORS: usize = 50;
const CONCURRENCY: usize = 16;

fn rabbitmqctl(args: &[&str]) -> bool {
    std::process::Command::new("rabbitmqctl")
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Stops and starts the broker application (every connection drops; durable queues and
/// persistent messages survive), and waits until it takes connections again.
async fn restart_rabbitmq() {
    tokio::task::spawn_blocking(|| {
        assert!(rabbitmqctl(&["stop_app"]), "rabbitmqctl stop_app");
        std::thread::sleep(Duration::from_secs(2));
        assert!(rabbitmqctl(&["start_app"]), "rabbitmqctl start_app");
        let deadline = Instant::now() + Duration::from_secs(120);
        while !std::process::Command::new("rabbitmq-diagnostics")
            .args(["-q", "check_running"])
            .status()
            .is_ok_and(|s| s.success())
        {
            assert!(Instant::now() < deadline, "RabbitMQ did not come back");
            std::thread::sleep(Duration::from_millis(500));
        }
    })
    .await
    .unwrap();
}

/// Calls until the service answers (it may be down or restarting): at most a minute.
async fn until_ok<T, F, Fut>(what: &str, mut call: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, tonic::Status>>,
{
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        match call().await {
            Ok(v) => return v,
            Err(e)
                if Instant::now() < deadline
                    && matches!(
                        e.code(),
                        tonic::Code::Unavailable
                            | tonic::Code::Unknown
                            | tonic::Code::Cancelled
                            | tonic::Code::DeadlineExceeded
                            | tonic::Code::Internal
                    ) =>
            {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("{what}: {e}"),
        }
    }
}

fn channel(port: u16) -> tonic::transport::Channel {
    tonic::transport::Endpoint::from_shared(format!("http://127.0.0.1:{port}"))
        .unwrap()
        .timeout(Duration::from_secs(10))
        .connect_lazy()
}

fn member(id: &str) -> Option<Actor> {
    Some(Actor {
        id: id.into(),
        account_type: proto::common::v1::AccountType::Member as i32,
        address: "203.0.113.9".into(),
    })
}

#[tokio::test]
async fn every_write_is_audited_once_through_broker_restarts_and_a_killed_service() {
    let Some((pg, _redis, amqp)) = services() else {
        eprintln!("faults test skipped: set TEST_DATABASE_URL, TEST_REDIS_URL, TEST_AMQP_URL");
        return;
    };
    if !rabbitmqctl(&["-q", "status"]) {
        assert!(!required(), "REQUIRE_SERVICES=1 but rabbitmqctl cannot reach the broker (run as root)");
        eprintln!("faults test skipped: rabbitmqctl cannot reach the broker");
        return;
    }
    // The audit consumer's queue is named by the service, not by the run: what an earlier
    // run left in it would be recorded here too.
    rabbitmqctl(&["delete_queue", "audit"]);
    let (giving_db, chat_db, audit_db) = (
        common::testing::create_postgres_database(&pg).await,
        common::testing::create_postgres_database(&pg).await,
        common::testing::create_postgres_database(&pg).await,
    );
    let (giving_port, chat_port, audit_port) = (free_port(), free_port(), free_port());
    let _audit = service_proc("audit", &audit_db.url, &amqp, audit_port);
    let giving_proc = Arc::new(Mutex::new(Some(service_proc("giving", &giving_db.url, &amqp, giving_port))));
    let _chat = service_proc("chat", &chat_db.url, &amqp, chat_port);
    for port in [audit_port, giving_port, chat_port] {
        wait_serving(port, Duration::from_secs(60)).await;
    }
    let giving = giving::giving_client::GivingClient::new(channel(giving_port));
    let chat = chat::chat_client::ChatClient::new(channel(chat_port));

    // Donors, each with a chat room.
    let mut donors = vec![];
    for i in 0..DONORS {
        let input = giving::DonorInput {
            first_name: format!("Fault{i}"),
            last_name: "Donor".into(),
            email: format!("fault{i}@example.org"),
            ..Default::default()
        };
        let d = until_ok("create donor", || {
            let mut g = giving.clone();
            let req = giving::CreateDonorRequest { input: Some(input.clone()), actor: None };
            async move { g.create_donor(req).await }
        })
        .await
        .into_inner();
        let user = chat::RoomUser {
            id: d.id.clone(),
            name: format!("Fault{i} Donor"),
            email: d.email.clone(),
            ..Default::default()
        };
        let room = until_ok("open room", || {
            let mut c = chat.clone();
            let req = chat::OpenRoomRequest { user_id: d.id.clone(), actor: member(&d.id), user: Some(user.clone()) };
            async move { c.open_room(req).await }
        })
        .await
        .into_inner();
        donors.push((d.id, room.id));
    }

    // The faults, as the writes reach their marks: the broker at 15% and 70%, the giving
    // service killed (SIGKILL: no graceful end) at 40% and started again a second later.
    let done = Arc::new(AtomicUsize::new(0));
    let total = DONATIONS + MESSAGES;
    let faults = {
        let (done, giving_proc, giving_db_url, amqp) =
            (done.clone(), giving_proc.clone(), giving_db.url.clone(), amqp.clone());
        tokio::spawn(async move {
            let reach = |share: usize| {
                let done = done.clone();
                async move {
                    while done.load(Ordering::SeqCst) < total * share / 100 {
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    }
                }
            };
            reach(15).await;
            restart_rabbitmq().await;
            reach(40).await;
            drop(giving_proc.lock().await.take());
            tokio::time::sleep(Duration::from_secs(1)).await;
            *giving_proc.lock().await = Some(service_proc("giving", &giving_db_url, &amqp, giving_port));
            reach(70).await;
            restart_rabbitmq().await;
        })
    };

    // The writes: donations and messages interleaved, CONCURRENCY at a time.
    let writes = (0..total).map(|i| {
        let (giving, chat, donors, done) = (giving.clone(), chat.clone(), &donors, done.clone());
        async move {
            let (donor, room) = &donors[i % DONORS];
            let id = if i % 10 < 7 {
                let req = giving::RecordDonationRequest {
                    donor_id: donor.clone(),
                    recipient: Some(giving::Recipient {
                        kind: giving::RecipientKind::Charity as i32,
                        id: format!("charity-{}", i % 7),
                        name: format!("Charity {}", i % 7),
                    }),
                    amount_cents: 1_000 + i as i64,
                    currency: "USD".into(),
                    payment_method: "card".into(),
                    provider_reference: format!("fault-charge-{i}"),
                    actor: member(donor),
                    ..Default::default()
                };
                let t = until_ok("record donation", || {
                    let (mut g, req) = (giving.clone(), req.clone());
                    async move { g.record_donation(req).await }
                })
                .await;
                ("giving.transaction.recorded", t.into_inner().id)
            } else {
                let req = chat::SendRequest {
                    room_id: room.clone(),
                    side: chat::Side::Member as i32,
                    text: format!("message {i}"),
                    client_id: format!("fault-message-{i}"),
                    member_id: donor.clone(),
                    actor: member(donor),
                    ..Default::default()
                };
                let m = until_ok("send message", || {
                    let (mut c, req) = (chat.clone(), req.clone());
                    async move { c.send(req).await }
                })
                .await;
                ("chat.message.created", m.into_inner().message.expect("the stored message").id)
            };
            done.fetch_add(1, Ordering::SeqCst);
            id
        }
    });
    let written: Vec<(&str, String)> = futures::stream::iter(writes).buffer_unordered(CONCURRENCY).collect().await;
    faults.await.expect("the faults ran");
    let expected =
        |kind: &str| written.iter().filter(|(k, _)| *k == kind).map(|(_, id)| id.clone()).collect::<HashSet<_>>();
    let (donations, messages) = (expected("giving.transaction.recorded"), expected("chat.message.created"));
    assert_eq!((donations.len(), messages.len()), (DONATIONS, MESSAGES), "each write answered with its own record");

    // The audit log catches up: every write's event once, nothing twice.
    let audit_pool = common::db::Db::connect_only(&audit_db.url).await.unwrap().pool;
    let recorded = |kind: &'static str| {
        let pool = audit_pool.clone();
        async move {
            let rows: Vec<(String, i64)> = sqlx::query_as(
                "SELECT entity_id, COUNT(*) FROM audit_records WHERE event_type = $1 GROUP BY entity_id",
            )
            .bind(kind)
            .fetch_all(&pool)
            .await
            .unwrap();
            rows
        }
    };
    let deadline = Instant::now() + Duration::from_secs(180);
    loop {
        let (d, m) = (recorded("giving.transaction.recorded").await, recorded("chat.message.created").await);
        if d.len() >= DONATIONS && m.len() >= MESSAGES {
            for (kind, rows, want) in [("donation", &d, &donations), ("message", &m, &messages)] {
                let twice: Vec<_> = rows.iter().filter(|(_, n)| *n != 1).collect();
                assert!(twice.is_empty(), "{kind}s audited more than once: {twice:?}");
                let got: HashSet<String> = rows.iter().map(|(id, _)| id.clone()).collect();
                assert_eq!(&got, want, "the audited {kind}s are the written ones");
            }
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the audit log holds {} of {DONATIONS} donations and {} of {MESSAGES} messages after 3 minutes",
            d.len(),
            m.len()
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }

    // Every event of the run (donors, rooms, badges too) once, and the chain verifies.
    let records: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM audit_records").fetch_one(&audit_pool).await.unwrap();
    let distinct: i64 =
        sqlx::query_scalar("SELECT COUNT(DISTINCT event_id) FROM audit_records").fetch_one(&audit_pool).await.unwrap();
    assert_eq!(records, distinct);
    let v =
        audit::audit_client::AuditClient::new(channel(audit_port)).verify(audit::Empty {}).await.unwrap().into_inner();
    assert!(v.ok, "the hash chain is broken at {}: {}", v.first_broken_seq, v.reason);
    assert_eq!(v.checked, records);
    rabbitmqctl(&["delete_queue", "audit"]);
}
