//! The giving service's donors on SQLite and on PostgreSQL.

use common::Actor;
use common::error::Error;
use common::location::Location;
use common::paging::Page;
use giving::app::MIGRATIONS;
use giving::service::{DonorInput, Giving, ListQuery};

fn message(e: Error) -> String {
    match e {
        Error::Validation(v) => v[0].message.clone(),
        other => other.to_string(),
    }
}

fn donor(first: &str, last: &str, email: &str) -> DonorInput {
    DonorInput {
        first_name: first.into(),
        last_name: last.into(),
        email: email.into(),
        phone_number: "(555) 123-4567".into(),
        location: Location {
            city: "Austin".into(),
            state: "Texas".into(),
            country: "United States".into(),
            zip_code: "78701".into(),
            ..Default::default()
        },
        ..Default::default()
    }
}

fn zip(zip: &str, mut d: DonorInput) -> DonorInput {
    d.location.zip_code = zip.into();
    d
}

fn city(city: &str, mut d: DonorInput) -> DonorInput {
    d.location.city = city.into();
    d
}

fn q(page: i64, limit: i64, search: &str, column: &str, order: &str) -> ListQuery {
    ListQuery {
        page: Page { page, limit, search: search.into(), column: column.into(), order: order.into() },
        is_active: None,
    }
}

async fn events(g: &Giving) -> Vec<String> {
    sqlx::query_scalar("SELECT event_type FROM outbox ORDER BY created_at, id").fetch_all(&g.db.pool).await.unwrap()
}

async fn bad_input_gets_the_spec_messages_and_nothing_is_written(g: Giving) {
    let a = Actor::system();
    for (input, text) in [
        (donor("", "Doe", "a@example.org"), "Please enter First Name"),
        (donor("Ann", " ", "a@example.org"), "Please enter Last Name"),
        (donor("Ann", "Doe", ""), "Please enter Email"),
        (donor("Ann", "Doe", "not-an-email"), "Please enter valid email address."),
        (
            DonorInput { phone_number: "12ab".into(), ..donor("Ann", "Doe", "a@example.org") },
            "Please enter valid Phone Number",
        ),
        (zip("123", donor("Ann", "Doe", "a@example.org")), "Please enter valid Zip Code"),
    ] {
        assert_eq!(message(g.create_donor(&input, &a).await.unwrap_err()), text);
    }
    assert_eq!(g.list_donors(&q(1, 10, "", "", "")).await.unwrap().1, 0);
    assert!(events(&g).await.is_empty());
}

/// Deleted, a donor goes to the trash (`trashed`: chat and engagement keep it until the purge).
async fn a_donor_is_created_read_updated_toggled_and_deleted_with_its_events(g: Giving) {
    let a = Actor::system();
    let d = g.create_donor(&donor(" Ann ", "Doe", " Ann@Example.org "), &a).await.unwrap();
    assert_eq!(
        (d.first_name.as_str(), d.email.as_str(), d.phone_number.as_str(), d.is_active),
        ("Ann", "ann@example.org", "5551234567", true)
    );
    assert_eq!(g.get_donor(&d.id).await.unwrap(), d);

    let u = g.update_donor(&d.id, &city("Dallas", donor("Ann", "Smith", "ann@example.org")), &a).await.unwrap();
    assert_eq!((u.last_name.as_str(), u.location.city.as_str(), u.created_at), ("Smith", "Dallas", d.created_at));
    let payload: serde_json::Value =
        sqlx::query_scalar::<_, String>("SELECT body FROM outbox WHERE event_type = 'giving.donor.updated'")
            .fetch_one(&g.db.pool)
            .await
            .map(|p| serde_json::from_str(&p).unwrap())
            .unwrap();
    let changed = payload.to_string();
    assert!(changed.contains("lastName") && changed.contains("Smith") && changed.contains("city"), "{changed}");
    assert!(!changed.contains("\"email\":{"), "unchanged fields are not named: {changed}");

    assert!(!g.set_donor_active(&d.id, false, &a).await.unwrap().is_active);
    let inactive = ListQuery { is_active: Some(false), ..q(1, 10, "", "", "") };
    assert_eq!(g.list_donors(&inactive).await.unwrap().1, 1);
    assert!(g.set_donor_active(&d.id, true, &a).await.unwrap().is_active);
    assert_eq!(g.list_donors(&inactive).await.unwrap().1, 0);

    g.delete_donor(&d.id, &a).await.unwrap();
    assert!(matches!(g.get_donor(&d.id).await, Err(Error::NotFound(m)) if m == "Donor not found"));
    assert!(matches!(g.delete_donor(&d.id, &a).await, Err(Error::NotFound(_))));
    assert!(matches!(g.set_donor_active(&d.id, true, &a).await, Err(Error::NotFound(_))));
    assert!(matches!(g.update_donor(&d.id, &donor("A", "B", "c@example.org"), &a).await, Err(Error::NotFound(_))));
    assert_eq!(message(g.delete_donor(" ", &a).await.unwrap_err()), "id is required");
    assert_eq!(
        events(&g).await,
        [
            "giving.donor.created",
            "giving.donor.updated",
            "giving.donor.status",
            "giving.donor.status",
            "giving.donor.trashed"
        ]
    );
}

async fn emails_are_unique_whatever_their_case(g: Giving) {
    let a = Actor::system();
    g.create_donor(&donor("Ann", "Doe", "ann@example.org"), &a).await.unwrap();
    assert!(
        matches!(g.create_donor(&donor("Bob", "Roe", "ANN@example.org"), &a).await, Err(Error::FieldConflict(e)) if e.field == "email" && e.message == "Email already exists")
    );
    let bob = g.create_donor(&donor("Bob", "Roe", "bob@example.org"), &a).await.unwrap();
    assert!(
        matches!(g.update_donor(&bob.id, &donor("Bob", "Roe", "Ann@Example.org"), &a).await, Err(Error::FieldConflict(e)) if e.field == "email")
    );
    assert_eq!(g.get_donor(&bob.id).await.unwrap().email, "bob@example.org");
}

async fn lists_page_search_and_sort_on_the_server(g: Giving) {
    let a = Actor::system();
    for (first, last) in [("Zoe", "Adams"), ("ann", "Baker"), ("Carl", "Young"), ("Élodie", "Martin"), ("Bob", "Ann_x")]
    {
        g.create_donor(&donor(first, last, &format!("{}@example.org", last.to_lowercase())), &a).await.unwrap();
    }
    let names = |v: Vec<giving::store::Donor>| v.into_iter().map(|d| d.first_name).collect::<Vec<_>>();
    let (page, total) = g.list_donors(&q(1, 2, "", "firstName", "asc")).await.unwrap();
    assert_eq!((names(page), total), (vec!["ann".to_string(), "Bob".into()], 5));
    let (page, total) = g.list_donors(&q(3, 2, "", "firstName", "asc")).await.unwrap();
    assert_eq!((page.len(), total), (1, 5));
    let (page, total) = g.list_donors(&q(9, 2, "", "", "")).await.unwrap();
    assert_eq!((page.len(), total), (0, 5));
    // Search looks in the name and the email; `_` is a literal.
    let (page, _) = g.list_donors(&q(1, 10, "ANN", "firstName", "asc")).await.unwrap();
    assert_eq!(names(page), ["ann", "Bob"]);
    let (page, _) = g.list_donors(&q(1, 10, "ann_", "", "")).await.unwrap();
    assert_eq!(names(page), ["Bob"]);
    let (page, _) = g.list_donors(&q(1, 10, "élo", "", "")).await.unwrap();
    assert_eq!(names(page), ["Élodie"]);
    let (page, _) = g.list_donors(&q(1, 10, "", "lastName", "desc")).await.unwrap();
    assert_eq!(names(page), ["Carl", "Élodie", "ann", "Bob", "Zoe"]);
    assert_eq!(
        message(g.list_donors(&q(1, 10, "", "password", "")).await.unwrap_err()),
        "Sorting by password is not supported"
    );
}

/// The service under test over a fresh database.
fn giving(db: common::db::Db) -> Giving {
    Giving::new(db, None)
}

/// A list's total without a search is the kept count: right after every write (create,
/// status, delete) and after the rollups' rebuild, with pages full (the count is then not the
/// page's own end).
async fn the_list_total_is_the_kept_count_through_every_write(g: Giving) {
    let a = Actor::system();
    let mut ids = vec![];
    for (first, last) in [("Ann", "Doe"), ("Bob", "Roe"), ("Cy", "Poe")] {
        ids.push(
            g.create_donor(&donor(first, last, &format!("{}@example.org", last.to_lowercase())), &a).await.unwrap().id,
        );
    }
    let totals = |g: Giving| async move {
        let mut out = vec![];
        for is_active in [None, Some(true), Some(false)] {
            let (page, total) = g.list_donors(&ListQuery { is_active, ..q(1, 1, "", "", "") }).await.unwrap();
            assert!(page.len() <= 1);
            out.push(total);
        }
        out
    };
    assert_eq!(totals(g.clone()).await, [3, 3, 0]);
    g.set_donor_active(&ids[0], false, &a).await.unwrap();
    assert_eq!(totals(g.clone()).await, [3, 2, 1]);
    g.delete_donor(&ids[1], &a).await.unwrap();
    assert_eq!(totals(g.clone()).await, [2, 1, 1]);
    giving::rollups::rebuild(&g.db).await.unwrap();
    assert_eq!(totals(g.clone()).await, [2, 1, 1]);
    g.create_donor(&donor("Di", "Lo", "lo@example.org"), &a).await.unwrap();
    assert_eq!(totals(g.clone()).await, [3, 2, 1]);
    // A search counts its matches.
    assert_eq!(g.list_donors(&q(1, 1, "example.org", "", "")).await.unwrap().1, 3);
}

common::on_both_backends! { MIGRATIONS, giving;
    bad_input_gets_the_spec_messages_and_nothing_is_written => bad_input_gets_the_spec_messages_and_nothing_is_written_on_sqlite, bad_input_gets_the_spec_messages_and_nothing_is_written_on_postgres;
    a_donor_is_created_read_updated_toggled_and_deleted_with_its_events => a_donor_is_created_read_updated_toggled_and_deleted_with_its_events_on_sqlite, a_donor_is_created_read_updated_toggled_and_deleted_with_its_events_on_postgres;
    emails_are_unique_whatever_their_case => emails_are_unique_whatever_their_case_on_sqlite, emails_are_unique_whatever_their_case_on_postgres;
    lists_page_search_and_sort_on_the_server => lists_page_search_and_sort_on_the_server_on_sqlite, lists_page_search_and_sort_on_the_server_on_postgres;
    the_list_total_is_the_kept_count_through_every_write => the_list_total_is_the_kept_count_through_every_write_on_sqlite, the_list_total_is_the_kept_count_through_every_write_on_postgres;
}
