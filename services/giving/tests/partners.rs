//! Giving partners on SQLite and on PostgreSQL: applications, the two tabs, decisions,
//! status, deletion, the counters and the events.

use common::Actor;
use common::error::Error;
use common::paging::Page;
use giving::app::MIGRATIONS;
use giving::partners::{self, PartnerInput, PartnerQuery};
use giving::service::Giving;

fn message(e: Error) -> String {
    match e {
        Error::Validation(v) => format!("{}: {}", v[0].field, v[0].message),
        other => other.to_string(),
    }
}

fn apply(name: &str, email: &str) -> PartnerInput {
    PartnerInput {
        name: name.into(),
        user_name: "Ava Johnson".into(),
        email_address: email.into(),
        phone_number: "(555) 123-4567".into(),
        website: "https://www.example.org".into(),
        description: "Helps".into(),
        state: "Texas".into(),
        city: "Austin".into(),
        ..Default::default()
    }
}

fn q(approved: bool, search: &str, column: &str, order: &str) -> PartnerQuery {
    PartnerQuery {
        page: Page { page: 1, limit: 10, search: search.into(), column: column.into(), order: order.into() },
        approved,
    }
}

async fn names(g: &Giving, query: PartnerQuery) -> Vec<String> {
    g.list_partners(&query).await.unwrap().0.into_iter().map(|p| p.name).collect()
}

/// The partner counters as the dashboard reads them (their rows summed).
async fn counters(g: &Giving) -> (i64, i64) {
    let all = giving::counters_store::counters(&mut g.db.pool.acquire().await.unwrap()).await.unwrap();
    let get = |n: &str| all.iter().find(|(name, _)| name == n).map(|(_, v)| *v).unwrap_or(0);
    (get("approved_partners"), get("pending_partners"))
}

async fn events(g: &Giving) -> Vec<String> {
    sqlx::query_scalar("SELECT event_type FROM outbox ORDER BY created_at, id").fetch_all(&g.db.pool).await.unwrap()
}

fn admin() -> Actor {
    Actor::new("a1", "Admin", "127.0.0.1")
}

async fn bad_applications_get_clear_messages_and_nothing_is_written(g: Giving) {
    let a = admin();
    for (input, text) in [
        (apply(" ", "a@example.org"), "name: Please enter Name"),
        (PartnerInput { user_name: "".into(), ..apply("Acme", "a@example.org") }, "userName: Please enter User Name"),
        (apply("Acme", ""), "emailAddress: Please enter Email"),
        (apply("Acme", "not-an-email"), "emailAddress: Please enter valid email address."),
        (
            PartnerInput { website: "www.example.org".into(), ..apply("Acme", "a@example.org") },
            "website: Please enter valid Website",
        ),
        (
            PartnerInput { website: "https://nodot".into(), ..apply("Acme", "a@example.org") },
            "website: Please enter valid Website",
        ),
        // Hostile links the strategic view would otherwise render as a link.
        (
            PartnerInput { website: "javascript:alert(1)//x.org".into(), ..apply("Acme", "a@example.org") },
            "website: Please enter valid Website",
        ),
        (
            PartnerInput { website: "JavaScript://evil.org/%0Aalert(1)".into(), ..apply("Acme", "a@example.org") },
            "website: Please enter valid Website",
        ),
        (
            PartnerInput { website: "data:text/html,<script>x</script>".into(), ..apply("Acme", "a@example.org") },
            "website: Please enter valid Website",
        ),
        (
            PartnerInput { website: "https://evil.org/ x\"onmouseover".into(), ..apply("Acme", "a@example.org") },
            "website: Please enter valid Website",
        ),
        (
            PartnerInput { phone_number: "12ab".into(), ..apply("Acme", "a@example.org") },
            "phoneNumber: Please enter valid Phone Number",
        ),
    ] {
        assert_eq!(message(g.apply_partner(&input, &a).await.unwrap_err()), text);
    }
    assert_eq!(g.list_partners(&q(false, "", "", "")).await.unwrap().1, 0);
    assert_eq!(counters(&g).await, (0, 0));
    assert!(events(&g).await.is_empty());

    let p = g
        .apply_partner(
            &PartnerInput { website: "".into(), phone_number: "".into(), ..apply(" Acme ", " Info@Acme.org ") },
            &a,
        )
        .await
        .unwrap();
    assert_eq!(
        (p.name.as_str(), p.email_address.as_str(), p.admin_verification.as_str(), p.is_active),
        ("Acme", "info@acme.org", "Pending", true)
    );
    assert!(p.applied_at > 0 && p.verified_at == 0);
    assert!(
        matches!(g.apply_partner(&apply("Other", "INFO@acme.org"), &a).await, Err(Error::FieldConflict(e)) if e.field == "emailAddress" && e.message == "Email already exists")
    );
    assert_eq!(counters(&g).await, (0, 1));
    let body: String = sqlx::query_scalar("SELECT body FROM outbox WHERE event_type = 'giving.partner.applied'")
        .fetch_one(&g.db.pool)
        .await
        .unwrap();
    assert!(body.contains("\"a1\"") && body.contains("info@acme.org"), "the event names its actor and partner: {body}");
}

async fn decisions_move_partners_between_tabs_and_keep_the_counters(g: Giving) {
    let a = admin();
    let p = g.apply_partner(&apply("Acme", "acme@example.org"), &a).await.unwrap();
    let q2 = g.apply_partner(&apply("Bolt", "bolt@example.org"), &a).await.unwrap();
    assert_eq!(counters(&g).await, (0, 2));

    // Bad decisions change nothing.
    assert_eq!(
        message(g.change_partner_verification(&p.id, "Reject", "  ", &a).await.unwrap_err()),
        "rejectReason: Please Enter Add Reason"
    );
    assert_eq!(
        message(g.change_partner_verification(&p.id, "Maybe", "", &a).await.unwrap_err()),
        "adminVerification: Please choose Approve or Reject"
    );
    assert!(
        matches!(g.change_partner_verification("nope", "Approve", "", &a).await, Err(Error::NotFound(m)) if m == "Giving partner not found")
    );
    assert_eq!(message(g.set_partner_active(&p.id, false, &a).await.unwrap_err()), partners::ONLY_APPROVED_STATUS);
    assert_eq!(g.get_partner(&p.id).await.unwrap(), p);

    // Pending -> Reject (with its reason) -> Approve (clears the reason).
    let r = g.change_partner_verification(&p.id, "Reject", " No website ", &a).await.unwrap();
    assert_eq!((r.admin_verification.as_str(), r.reject_reason.as_str()), ("Reject", "No website"));
    assert!(r.verified_at > 0);
    assert_eq!(counters(&g).await, (0, 1));
    assert_eq!(
        message(g.change_partner_verification(&p.id, "Reject", "again", &a).await.unwrap_err()),
        partners::ALREADY_REJECTED
    );
    assert_eq!(
        names(&g, q(false, "", "name", "asc")).await,
        ["Acme", "Bolt"],
        "rejected partners stay on the pending tab"
    );
    let ok = g.change_partner_verification(&p.id, "Approve", "ignored", &a).await.unwrap();
    assert_eq!((ok.admin_verification.as_str(), ok.reject_reason.as_str()), ("Approve", ""));
    assert_eq!(counters(&g).await, (1, 1));
    assert_eq!(names(&g, q(true, "", "", "")).await, ["Acme"]);
    assert_eq!(names(&g, q(false, "", "", "")).await, ["Bolt"]);

    // Approved partners cannot be rejected; approving twice says so.
    assert_eq!(
        message(g.change_partner_verification(&p.id, "Reject", "late", &a).await.unwrap_err()),
        partners::APPROVED_CANNOT_BE_REJECTED
    );
    assert_eq!(
        message(g.change_partner_verification(&p.id, "Approve", "", &a).await.unwrap_err()),
        partners::ALREADY_APPROVED
    );
    assert_eq!(g.get_partner(&p.id).await.unwrap(), ok);

    // Pending -> Approve directly.
    g.change_partner_verification(&q2.id, "Approve", "", &a).await.unwrap();
    assert_eq!(counters(&g).await, (2, 0));

    // Status only on approved partners.
    assert!(!g.set_partner_active(&p.id, false, &a).await.unwrap().is_active);
    assert!(!g.get_partner(&p.id).await.unwrap().is_active);
    assert!(g.set_partner_active(&p.id, true, &a).await.unwrap().is_active);

    let body: String = sqlx::query_scalar(
        "SELECT body FROM outbox WHERE event_type = 'giving.partner.verified' ORDER BY created_at, id LIMIT 1",
    )
    .fetch_one(&g.db.pool)
    .await
    .unwrap();
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert!(v.to_string().contains("\"before\":\"Pending\"") && v.to_string().contains("\"after\":\"Reject\""), "{v}");

    // Deleting (to the trash) keeps the counters right.
    g.delete_partner(&p.id, &a).await.unwrap();
    assert!(matches!(g.get_partner(&p.id).await, Err(Error::NotFound(_))));
    assert!(matches!(g.delete_partner(&p.id, &a).await, Err(Error::NotFound(_))));
    assert_eq!(counters(&g).await, (1, 0));
    let pending = g.apply_partner(&apply("Cove", "cove@example.org"), &a).await.unwrap();
    assert_eq!(counters(&g).await, (1, 1));
    g.delete_partner(&pending.id, &a).await.unwrap();
    assert_eq!(counters(&g).await, (1, 0));
    assert_eq!(
        events(&g).await,
        [
            "giving.partner.applied",
            "giving.partner.applied",
            "giving.partner.verified",
            "giving.partner.verified",
            "giving.partner.verified",
            "giving.partner.status",
            "giving.partner.status",
            "giving.partner.trashed",
            "giving.partner.applied",
            "giving.partner.trashed",
        ]
    );
}

async fn lists_search_by_name_and_sort_on_the_allow_list(g: Giving) {
    let a = admin();
    for (i, (name, user, email)) in [
        ("Zeta Fund", "Bob", "z@example.org"),
        ("alpha_aid", "Cat", "y@example.org"),
        ("Omega Élan", "Al", "x@example.org"),
        ("Beta Fund", "Dee", "w@example.org"),
    ]
    .into_iter()
    .enumerate()
    {
        let input = PartnerInput {
            user_name: user.into(),
            applied_at: 1_700_000_000_000 + i as i64 * 1000,
            ..apply(name, email)
        };
        g.apply_partner(&input, &a).await.unwrap();
    }
    assert_eq!(
        names(&g, q(false, "", "", "")).await,
        ["Beta Fund", "Omega Élan", "alpha_aid", "Zeta Fund"],
        "newest first"
    );
    assert_eq!(
        names(&g, q(false, "", "appliedAt", "ascend")).await,
        ["Zeta Fund", "alpha_aid", "Omega Élan", "Beta Fund"]
    );
    assert_eq!(names(&g, q(false, "", "name", "asc")).await, ["alpha_aid", "Beta Fund", "Omega Élan", "Zeta Fund"]);
    assert_eq!(
        names(&g, q(false, "", "userName", "desc")).await,
        ["Beta Fund", "alpha_aid", "Zeta Fund", "Omega Élan"]
    );
    assert_eq!(
        names(&g, q(false, "", "emailAddress", "asc")).await,
        ["Beta Fund", "Omega Élan", "alpha_aid", "Zeta Fund"]
    );
    assert_eq!(names(&g, q(false, "FUND", "name", "asc")).await, ["Beta Fund", "Zeta Fund"]);
    assert_eq!(names(&g, q(false, "a_", "", "")).await, ["alpha_aid"], "`_` is a literal");
    assert_eq!(names(&g, q(false, "élan", "", "")).await, ["Omega Élan"]);
    assert_eq!(
        names(&g, q(false, "y@example", "", "")).await,
        Vec::<String>::new(),
        "the search looks at the name only"
    );
    assert!(names(&g, q(true, "", "", "")).await.is_empty());
    let page2 = PartnerQuery { page: Page { page: 2, limit: 3, ..Page::default() }, approved: false };
    let (items, total) = g.list_partners(&page2).await.unwrap();
    assert_eq!((items.len(), total), (1, 4));
    let far = PartnerQuery { page: Page { page: 9, limit: 3, ..Page::default() }, approved: false };
    assert_eq!(g.list_partners(&far).await.unwrap().1, 4);
    assert_eq!(
        message(g.list_partners(&q(false, "", "website", "")).await.unwrap_err()),
        "column: Sorting by website is not supported"
    );
}

async fn the_seed_puts_partners_in_every_state_once(g: Giving) {
    let a = Actor::system();
    assert_eq!(partners::seed_partners(&g, &a).await.unwrap(), 100);
    assert_eq!(partners::seed_partners(&g, &a).await.unwrap(), 0, "seeding twice adds nothing");
    let states: i64 =
        sqlx::query_scalar("SELECT COUNT(DISTINCT state) FROM partners").fetch_one(&g.db.pool).await.unwrap();
    assert_eq!(states, 50);
    let all = PartnerQuery { page: Page { page: 1, limit: 1000, ..Page::default() }, approved: false };
    let (waiting, total) = g.list_partners(&all).await.unwrap();
    let rejected = waiting.iter().filter(|p| p.admin_verification == "Reject").count() as i64;
    assert!(waiting.iter().filter(|p| p.admin_verification == "Reject").all(|p| !p.reject_reason.is_empty()));
    let approved = g.list_partners(&PartnerQuery { approved: true, ..all }).await.unwrap();
    assert_eq!(total + approved.1, 100);
    assert!(rejected > 0 && approved.1 > 0 && total - rejected > 0, "a mix of decisions");
    assert_eq!(counters(&g).await, (approved.1, total - rejected));
    assert!(approved.0.iter().any(|p| !p.is_active));
}

/// Ten admins approve the same pending partner at once: one decision is taken, the others are
/// refused, and the counters move once (the row is held for the whole read-then-change).
async fn parallel_decisions_on_one_partner_count_once(g: Giving) {
    let a = admin();
    let p = g.apply_partner(&apply("Acme", "acme@example.org"), &a).await.unwrap();
    // Open connections first (as many as the SQLite pool holds), so the decisions really
    // overlap: none waits to connect.
    let held: Vec<_> = futures::future::join_all((0..8).map(|_| g.db.pool.acquire())).await;
    drop(held);
    let tries = (0..10).map(|_| {
        let (g, a, id) = (g.clone(), a.clone(), p.id.clone());
        tokio::spawn(async move { g.change_partner_verification(&id, "Approve", "", &a).await })
    });
    let results: Vec<_> = futures::future::join_all(tries).await.into_iter().map(|r| r.unwrap()).collect();
    assert_eq!(results.iter().filter(|r| r.is_ok()).count(), 1, "{results:?}");
    assert!(
        results
            .iter()
            .filter_map(|r| r.as_ref().err())
            .all(|e| matches!(e, Error::Conflict(m) if m == partners::ALREADY_APPROVED)),
        "{results:?}"
    );
    assert_eq!(counters(&g).await, (1, 0));
}

fn giving(db: common::db::Db) -> Giving {
    Giving::new(db, None)
}

common::on_both_backends! { MIGRATIONS, giving;
    bad_applications_get_clear_messages_and_nothing_is_written => bad_applications_get_clear_messages_and_nothing_is_written_on_sqlite, bad_applications_get_clear_messages_and_nothing_is_written_on_postgres;
    decisions_move_partners_between_tabs_and_keep_the_counters => decisions_move_partners_between_tabs_and_keep_the_counters_on_sqlite, decisions_move_partners_between_tabs_and_keep_the_counters_on_postgres;
    lists_search_by_name_and_sort_on_the_allow_list => lists_search_by_name_and_sort_on_the_allow_list_on_sqlite, lists_search_by_name_and_sort_on_the_allow_list_on_postgres;
    the_seed_puts_partners_in_every_state_once => the_seed_puts_partners_in_every_state_once_on_sqlite, the_seed_puts_partners_in_every_state_once_on_postgres;
    parallel_decisions_on_one_partner_count_once => parallel_decisions_on_one_partner_count_once_on_sqlite, parallel_decisions_on_one_partner_count_once_on_postgres;
}
