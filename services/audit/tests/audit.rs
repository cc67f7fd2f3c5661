//! The audit service on SQLite and on PostgreSQL: each event once, a linear chain under
//! concurrent appends, tampering found, filters; and over real RabbitMQ (TEST_AMQP_URL):
//! redelivery and a poison message.

use audit::app::MIGRATIONS;
use audit::service::{Audit, ListQuery};
use audit::store::Filter;
use common::Actor;
use common::bus::Event;
use common::db::Backend;
use common::paging::Page;
use serde_json::json;

fn ev(key: &str, actor: &Actor, payload: serde_json::Value) -> Event {
    let mut e = Event::typed(key, actor, &payload).unwrap();
    e.trace.insert("traceparent".into(), "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01".into());
    e
}

fn admin() -> Actor {
    Actor::new("a1", "Admin", "10.0.0.1")
}

fn q(filter: Filter) -> ListQuery {
    ListQuery { page: Page { page: 1, limit: 100, ..Default::default() }, filter }
}

async fn the_same_event_twice_is_one_record(a: Audit) {
    let e = ev("content.faq.created", &admin(), json!({"id": "f1", "name": "Q?"}));
    assert!(a.record(&e).await.unwrap());
    assert!(!a.record(&e).await.unwrap());
    let (items, total) = a.list(&q(Filter::default())).await.unwrap();
    assert_eq!(total, 1);
    let r = &items[0];
    assert_eq!(
        (r.seq, r.module.as_str(), r.entity.as_str(), r.entity_id.as_str(), r.verb.as_str()),
        (1, "/category/FAQ", "faq", "f1", "created")
    );
    assert_eq!((r.actor_id.as_str(), r.account_type.as_str(), r.address.as_str()), ("a1", "Admin", "10.0.0.1"));
    assert_eq!(r.trace_id, "4bf92f3577b34da6a3ce929d0e0e4736");
    let changes: serde_json::Value = serde_json::from_str(&r.changes).unwrap();
    assert_eq!(changes["name"], json!({"before": null, "after": "Q?"}));
    let full = a.get(&r.id).await.unwrap();
    assert_eq!(serde_json::from_str::<serde_json::Value>(&full.payload).unwrap(), json!({"id": "f1", "name": "Q?"}));
    assert!(a.verify().await.unwrap().ok);
}

async fn concurrent_appends_make_one_linear_chain(a: Audit) {
    let mut tasks = Vec::new();
    for t in 0..5 {
        let a = a.clone();
        tasks.push(tokio::spawn(async move {
            for i in 0..20 {
                let e = ev(
                    "giving.donor.updated",
                    &admin(),
                    json!({"id": format!("d{t}-{i}"), "changes": {"city": {"before": "A", "after": "B"}}}),
                );
                a.record(&e).await.unwrap();
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let mut c = a.db.pool.acquire().await.unwrap();
    let seqs: Vec<i64> =
        sqlx::query_scalar("SELECT seq FROM audit_records ORDER BY seq").fetch_all(&mut *c).await.unwrap();
    assert_eq!(seqs, (1..=100).collect::<Vec<i64>>());
    let v = a.verify().await.unwrap();
    assert_eq!((v.ok, v.checked, v.first_broken_seq), (true, 100, 0), "{}", v.reason);
}

/// Changes a record behind the service's back (the append-only trigger dropped first).
async fn tamper(a: &Audit, sql: &str) {
    let mut c = a.db.pool.acquire().await.unwrap();
    let drop = match a.db.backend {
        Backend::Sqlite => vec!["DROP TRIGGER audit_records_no_update", "DROP TRIGGER audit_records_no_delete"],
        Backend::Postgres => vec!["DROP TRIGGER audit_records_no_change ON audit_records"],
    };
    for d in drop {
        let _ = sqlx::query(d).execute(&mut *c).await;
    }
    sqlx::query(sqlx::AssertSqlSafe(sql.to_string())).execute(&mut *c).await.unwrap();
}

async fn fill(a: &Audit, n: usize) {
    for i in 0..n {
        a.record(&ev(
            "content.faq.updated",
            &admin(),
            json!({"id": format!("f{i}"), "changes": {"name": {"before": "a", "after": "b"}}}),
        ))
        .await
        .unwrap();
    }
}

async fn records_cannot_be_changed_and_tampering_is_named(a: Audit) {
    fill(&a, 5).await;
    let mut c = a.db.pool.acquire().await.unwrap();
    assert!(sqlx::query("UPDATE audit_records SET changes = '{}' WHERE seq = 3").execute(&mut *c).await.is_err());
    assert!(sqlx::query("DELETE FROM audit_records WHERE seq = 3").execute(&mut *c).await.is_err());
    drop(c);
    assert!(a.verify().await.unwrap().ok);

    tamper(&a, "UPDATE audit_records SET changes = '{\"name\":{\"before\":\"x\",\"after\":\"y\"}}' WHERE seq = 3")
        .await;
    let v = a.verify().await.unwrap();
    assert_eq!((v.ok, v.first_broken_seq, v.checked), (false, 3, 2));
    assert!(v.reason.starts_with("hash mismatch"), "{}", v.reason);
}

async fn a_rewritten_hash_or_a_removed_record_is_named(a: Audit) {
    fill(&a, 5).await;
    // The stored hash of 2 recomputed by a forger: 3 no longer follows it.
    tamper(&a, "UPDATE audit_records SET hash = 'f00d' WHERE seq = 2").await;
    let v = a.verify().await.unwrap();
    assert_eq!((v.ok, v.first_broken_seq), (false, 2));
    tamper(&a, "DELETE FROM audit_records WHERE seq = 4").await;
    tamper(&a, "UPDATE audit_records SET hash = prev_hash WHERE seq = 2").await;
    let v = a.verify().await.unwrap();
    assert_eq!(v.first_broken_seq, 2);
}

async fn a_gap_and_a_cut_end_are_named(a: Audit) {
    fill(&a, 5).await;
    tamper(&a, "DELETE FROM audit_records WHERE seq = 4").await;
    let v = a.verify().await.unwrap();
    assert_eq!((v.ok, v.first_broken_seq, v.checked), (false, 4, 3));
    assert!(v.reason.starts_with("gap"), "{}", v.reason);
    tamper(&a, "DELETE FROM audit_records WHERE seq = 5").await;
    let v = a.verify().await.unwrap();
    assert_eq!((v.ok, v.first_broken_seq), (false, 4));
}

async fn lists_filter_newest_first(a: Audit) {
    let sub = Actor::new("s1", "Sub Admin", "10.0.0.2");
    a.record(&ev("giving.donor.created", &admin(), json!({"id": "d1", "firstName": "Ann"}))).await.unwrap();
    a.record(&ev("content.faq.created", &sub, json!({"id": "f1"}))).await.unwrap();
    a.record(&ev("giving.donor.deleted", &sub, json!({"id": "d1"}))).await.unwrap();
    a.record(&ev("engagement.post.liked", &Actor::system(), json!({"postId": "p9", "commentId": ""}))).await.unwrap();
    let seqs = |f: Filter| {
        let a = a.clone();
        async move { a.list(&q(f)).await.unwrap().0.into_iter().map(|r| r.seq).collect::<Vec<_>>() }
    };
    assert_eq!(seqs(Filter::default()).await, [4, 3, 2, 1]);
    assert_eq!(seqs(Filter { actor_id: "s1".into(), ..Default::default() }).await, [3, 2]);
    assert_eq!(seqs(Filter { actor_ids: vec!["a1".into()], ..Default::default() }).await, [1]);
    assert_eq!(seqs(Filter { actor_text: "10.0.0.2".into(), ..Default::default() }).await, [3, 2]);
    assert_eq!(seqs(Filter { account_type: "system".into(), ..Default::default() }).await, [4]);
    assert_eq!(seqs(Filter { module: "/donor".into(), ..Default::default() }).await, [3, 1]);
    assert_eq!(seqs(Filter { entity: "post".into(), entity_id: "p9".into(), ..Default::default() }).await, [4]);
    assert_eq!(seqs(Filter { before_seq: 3, ..Default::default() }).await, [2, 1]);
    let (modules, entities) = a.modules().await.unwrap();
    assert_eq!(modules, ["/category/FAQ", "/community", "/donor"]);
    assert_eq!(entities, ["donor", "faq", "post"]);
    let (one, total) = a
        .list(&ListQuery { page: Page { page: 2, limit: 1, ..Default::default() }, filter: Filter::default() })
        .await
        .unwrap();
    assert_eq!((one[0].seq, total), (3, 4));
    let err = a.list(&q(Filter { from: 10, to: 5, ..Default::default() })).await.unwrap_err();
    assert_eq!(err.to_string(), "To date must be on or after From date");
    let err = a
        .list(&ListQuery {
            page: Page { page: 1, limit: 10, column: "payload".into(), ..Default::default() },
            filter: Filter::default(),
        })
        .await
        .unwrap_err();
    assert_eq!(err.to_string(), "Sorting by payload is not supported");
    assert!(matches!(a.get("nope").await.unwrap_err(), common::error::Error::NotFound(_)));
}

common::on_both_backends! { MIGRATIONS, Audit::new;
    the_same_event_twice_is_one_record => the_same_event_twice_is_one_record_on_sqlite, the_same_event_twice_is_one_record_on_postgres;
    concurrent_appends_make_one_linear_chain => concurrent_appends_make_one_linear_chain_on_sqlite, concurrent_appends_make_one_linear_chain_on_postgres;
    records_cannot_be_changed_and_tampering_is_named => records_cannot_be_changed_and_tampering_is_named_on_sqlite, records_cannot_be_changed_and_tampering_is_named_on_postgres;
    a_rewritten_hash_or_a_removed_record_is_named => a_rewritten_hash_or_a_removed_record_is_named_on_sqlite, a_rewritten_hash_or_a_removed_record_is_named_on_postgres;
    a_gap_and_a_cut_end_are_named => a_gap_and_a_cut_end_are_named_on_sqlite, a_gap_and_a_cut_end_are_named_on_postgres;
    lists_filter_newest_first => lists_filter_newest_first_on_sqlite, lists_filter_newest_first_on_postgres;
}
