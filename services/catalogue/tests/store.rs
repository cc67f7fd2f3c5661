//! The catalogue's causes and categories on SQLite and on PostgreSQL.

use catalogue::app::MIGRATIONS;
use catalogue::error::Error;
use catalogue::service::Catalogue;
use catalogue::store::Kind;
use common::Actor;
use common::paging::Page as ListQuery;

fn message(e: Error) -> String {
    match e {
        Error::Validation(v) => v[0].message.clone(),
        other => other.to_string(),
    }
}

fn q(page: i64, limit: i64, search: &str, column: &str, order: &str) -> ListQuery {
    ListQuery { page, limit, search: search.into(), column: column.into(), order: order.into() }
}

async fn events(c: &Catalogue) -> Vec<String> {
    sqlx::query_scalar("SELECT event_type FROM outbox ORDER BY created_at, id").fetch_all(&c.db.pool).await.unwrap()
}

async fn names_are_checked_with_the_spec_messages_and_nothing_is_written(c: Catalogue) {
    for kind in [Kind::Cause, Kind::Category] {
        assert_eq!(message(c.create(kind, "", "", &Actor::system()).await.unwrap_err()), "Please enter Name");
        assert_eq!(message(c.create(kind, "   ", "", &Actor::system()).await.unwrap_err()), "Please enter valid Name");
        assert_eq!(
            message(c.create(kind, &"n".repeat(101), "", &Actor::system()).await.unwrap_err()),
            "Name must be at most 100 characters"
        );
        assert_eq!(
            message(c.create(kind, "Ok", &"d".repeat(501), &Actor::system()).await.unwrap_err()),
            "Description must be at most 500 characters"
        );
    }
    assert_eq!(c.list(Kind::Cause, &q(1, 10, "", "", "")).await.unwrap().1, 0);
    assert!(events(&c).await.is_empty());
}

async fn a_term_is_created_read_renamed_toggled_and_deleted_with_its_events(c: Catalogue) {
    let t = c.create(Kind::Cause, "  Clean Water ", "Wells and pumps", &Actor::system()).await.unwrap();
    assert_eq!((t.name.as_str(), t.description.as_str(), t.is_active), ("Clean Water", "Wells and pumps", true));
    assert_eq!(c.get(Kind::Cause, &t.id).await.unwrap(), t);
    // Kinds are separate tables.
    assert!(matches!(c.get(Kind::Category, &t.id).await, Err(Error::NotFound(_))));

    let u = c.update(Kind::Cause, &t.id, "Safe Water", None, &Actor::system()).await.unwrap();
    assert_eq!((u.name.as_str(), u.description.as_str()), ("Safe Water", "Wells and pumps"));
    let u = c.update(Kind::Cause, &t.id, "Safe Water", Some(""), &Actor::system()).await.unwrap();
    assert_eq!(u.description, "");
    assert!(!c.set_active(Kind::Cause, &t.id, false, &Actor::system()).await.unwrap().is_active);
    assert!(c.active(Kind::Cause).await.unwrap().is_empty());
    assert!(c.set_active(Kind::Cause, &t.id, true, &Actor::system()).await.unwrap().is_active);
    assert_eq!(c.active(Kind::Cause).await.unwrap().len(), 1);
    c.delete(Kind::Cause, &t.id, &Actor::system()).await.unwrap();
    assert!(matches!(c.get(Kind::Cause, &t.id).await, Err(Error::NotFound(m)) if m == "Cause not found"));
    assert!(matches!(c.delete(Kind::Cause, &t.id, &Actor::system()).await, Err(Error::NotFound(_))));
    assert!(matches!(c.update(Kind::Cause, &t.id, "X", None, &Actor::system()).await, Err(Error::NotFound(_))));
    assert!(matches!(c.set_active(Kind::Cause, &t.id, true, &Actor::system()).await, Err(Error::NotFound(_))));
    assert_eq!(
        events(&c).await,
        [
            "catalogue.cause.created",
            "catalogue.cause.updated",
            "catalogue.cause.updated",
            "catalogue.cause.status_changed",
            "catalogue.cause.status_changed",
            "catalogue.cause.trashed"
        ]
    );
}

async fn names_are_unique_whatever_their_case_within_a_kind(c: Catalogue) {
    c.create(Kind::Category, "Éducation", "", &Actor::system()).await.unwrap();
    assert!(
        matches!(c.create(Kind::Category, "éDUCATION", "", &Actor::system()).await, Err(Error::Conflict(m)) if m == "Category already exists")
    );
    // The same name is fine for another kind.
    c.create(Kind::Cause, "Éducation", "", &Actor::system()).await.unwrap();
    let other = c.create(Kind::Category, "Health", "", &Actor::system()).await.unwrap();
    assert!(matches!(
        c.update(Kind::Category, &other.id, "ÉDUCATION", None, &Actor::system()).await,
        Err(Error::Conflict(_))
    ));
    assert_eq!(c.get(Kind::Category, &other.id).await.unwrap().name, "Health");
}

async fn lists_page_search_and_sort_on_the_server(c: Catalogue) {
    for name in ["Water", "animals", "Arts_x", "Health", "Élan", "Zoo"] {
        c.create(Kind::Cause, name, "", &Actor::system()).await.unwrap();
        tokio::time::sleep(std::time::Duration::from_millis(2)).await;
    }
    let (rows, total) = c.list(Kind::Cause, &q(1, 2, "", "name", "asc")).await.unwrap();
    assert_eq!(total, 6);
    assert_eq!(rows.iter().map(|t| t.name.as_str()).collect::<Vec<_>>(), ["animals", "Arts_x"]);
    // (Where accented names sort depends on the database's collation.)
    let (rows, _) = c.list(Kind::Cause, &q(3, 2, "", "name", "asc")).await.unwrap();
    assert_eq!(rows.len(), 2);
    let (rows, _) = c.list(Kind::Cause, &q(1, 1, "", "name", "desc")).await.unwrap();
    assert!(["Zoo", "Élan"].contains(&rows[0].name.as_str()));
    let (rows, total) = c.list(Kind::Cause, &q(9, 2, "", "name", "asc")).await.unwrap();
    assert_eq!((rows.len(), total), (0, 6));
    // Newest first by default.
    assert_eq!(c.list(Kind::Cause, &q(1, 1, "", "", "")).await.unwrap().0[0].name, "Zoo");
    assert_eq!(c.list(Kind::Cause, &q(1, 1, "", "createdAt", "asc")).await.unwrap().0[0].name, "Water");
    // Search: case-insensitive, accents included, wildcards literal.
    assert_eq!(c.list(Kind::Cause, &q(1, 10, "AR", "", "")).await.unwrap().1, 1);
    assert_eq!(c.list(Kind::Cause, &q(1, 10, "éLA", "", "")).await.unwrap().1, 1);
    assert_eq!(c.list(Kind::Cause, &q(1, 10, "_", "", "")).await.unwrap().1, 1);
    assert_eq!(c.list(Kind::Category, &q(1, 10, "", "", "")).await.unwrap().1, 0);
    for (bad, msg) in [
        (q(0, 10, "", "", ""), "page must be 1 or more"),
        (q(1, 0, "", "", ""), "limit must be between 1 and 1000"),
        (q(1, 10, "", "description", ""), "Sorting by description is not supported"),
        (q(1, 10, "", "name", "sideways"), "order must be asc or desc"),
    ] {
        assert_eq!(message(c.list(Kind::Cause, &bad).await.unwrap_err()), msg);
    }
}

async fn the_export_sends_every_matching_term_in_the_list_order(c: Catalogue) {
    for name in ["Clean Water", "Water Wells", "Schools"] {
        c.create(Kind::Cause, name, "", &Actor::system()).await.unwrap();
    }
    let (tx, mut rx) = tokio::sync::mpsc::channel(8);
    c.export(Kind::Cause, &q(1, 1, "WATER", "name", "desc"), tx).await.unwrap();
    let mut names = vec![];
    while let Some(t) = rx.recv().await {
        names.push(t.name);
    }
    assert_eq!(names, ["Water Wells", "Clean Water"]);
    let (tx, _rx) = tokio::sync::mpsc::channel(8);
    assert!(matches!(c.export(Kind::Cause, &q(1, 1, "", "nope", ""), tx).await, Err(Error::Validation(_))));
}

/// The service under test over a fresh database.
fn catalogue(db: common::db::Db) -> Catalogue {
    Catalogue::new(db, None)
}

// Every test body runs on a fresh SQLite database and on a fresh PostgreSQL one
// (TEST_DATABASE_URL), the one way of common::testing.
common::on_both_backends! { MIGRATIONS, catalogue;
    names_are_checked_with_the_spec_messages_and_nothing_is_written => names_are_checked_with_the_spec_messages_and_nothing_is_written_on_sqlite, names_are_checked_with_the_spec_messages_and_nothing_is_written_on_postgres;
    a_term_is_created_read_renamed_toggled_and_deleted_with_its_events => a_term_is_created_read_renamed_toggled_and_deleted_with_its_events_on_sqlite, a_term_is_created_read_renamed_toggled_and_deleted_with_its_events_on_postgres;
    names_are_unique_whatever_their_case_within_a_kind => names_are_unique_whatever_their_case_within_a_kind_on_sqlite, names_are_unique_whatever_their_case_within_a_kind_on_postgres;
    lists_page_search_and_sort_on_the_server => lists_page_search_and_sort_on_the_server_on_sqlite, lists_page_search_and_sort_on_the_server_on_postgres;
    the_export_sends_every_matching_term_in_the_list_order => the_export_sends_every_matching_term_in_the_list_order_on_sqlite, the_export_sends_every_matching_term_in_the_list_order_on_postgres;
}
