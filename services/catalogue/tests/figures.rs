//! The dashboard's catalogue figures on SQLite and on PostgreSQL.

use catalogue::app::MIGRATIONS;
use catalogue::charity::{CharityInput, Profile};
use catalogue::error::Error;
use catalogue::service::Catalogue;
use catalogue::store::Kind;
use common::Actor;
use common::calendar::month_start_ms;

fn input(category: &str, cause: &str, name: &str, ein: &str, email: &str) -> CharityInput {
    CharityInput {
        tax_id: ein.into(),
        profile: Profile {
            charity_name: name.into(),
            category_id: category.into(),
            cause_ids: vec![cause.into()],
            mission: "<p>Wells for villages</p>".into(),
            logo: "logo-1.png".into(),
            email: email.into(),
            phone_number: "(555) 123-4567".into(),
            zip_code: "62701".into(),
            address: "1 Main St".into(),
            city: "Springfield".into(),
            state: "Illinois".into(),
            country: "United States".into(),
            admin_first_name: "Nia".into(),
            admin_last_name: "Owner".into(),
            admin_email: email.into(),
            ..Default::default()
        },
        payment_methods: None,
    }
}

async fn set(c: &Catalogue, id: &str, created_at: i64, verification: &str) {
    sqlx::query("UPDATE charities SET created_at = $1, admin_verification = $2 WHERE id = $3")
        .bind(created_at)
        .bind(verification)
        .bind(id)
        .execute(&c.db.pool)
        .await
        .unwrap();
}

async fn figures_count_onboarded_nonprofits_active_terms_and_months_of_the_year(c: Catalogue) {
    let empty = c.figures(2026).await.unwrap();
    assert_eq!(
        (empty.nonprofits, empty.approved, empty.pending_requests, empty.causes, empty.categories),
        (0, 0, 0, 0, 0)
    );
    assert_eq!(empty.months.len(), 12);
    assert!(
        empty.months.iter().enumerate().all(|(i, m)| m.month == i as u32 + 1 && m.nonprofits == 0 && m.requests == 0)
    );

    let cat = c.create(Kind::Category, "Health", "", &Actor::system()).await.unwrap();
    c.create(Kind::Category, "Old", "", &Actor::system()).await.unwrap();
    let cause = c.create(Kind::Cause, "Clean Water", "", &Actor::system()).await.unwrap();
    let gone = c.create(Kind::Cause, "Gone", "", &Actor::system()).await.unwrap();
    c.set_active(Kind::Cause, &gone.id, false, &Actor::system()).await.unwrap();
    let mut ids = Vec::new();
    for (i, name) in ["Alpha Aid", "Beta Care", "Gamma Help", "Delta Hope", "Elder Fund"].iter().enumerate() {
        let n = c
            .create_charity(
                &input(&cat.id, &cause.id, name, &format!("12-345678{i}"), &format!("n{i}@example.org")),
                &Actor::system(),
            )
            .await
            .unwrap();
        ids.push(n.record.id);
    }
    // January 2026: approved and pending; the first instant of March: pending; the last
    // millisecond of December: rejected; 2025: approved (another year).
    set(&c, &ids[0], month_start_ms(2026, 1), "Approve").await;
    set(&c, &ids[1], month_start_ms(2026, 1) + 86_400_000, "Pending").await;
    set(&c, &ids[2], month_start_ms(2026, 3), "Pending").await;
    set(&c, &ids[3], month_start_ms(2027, 1) - 1, "Reject").await;
    set(&c, &ids[4], month_start_ms(2025, 6), "Approve").await;
    // An imported nonprofit is not counted.
    sqlx::query("UPDATE charities SET is_imported = $1 WHERE id = $2")
        .bind(true)
        .bind(&ids[4])
        .execute(&c.db.pool)
        .await
        .unwrap();

    let f = c.figures(2026).await.unwrap();
    assert_eq!((f.nonprofits, f.approved, f.pending_requests, f.causes, f.categories), (4, 1, 2, 1, 2));
    let by_month: Vec<(i64, i64)> = f.months.iter().map(|m| (m.nonprofits, m.requests)).collect();
    assert_eq!(
        by_month,
        vec![(2, 1), (0, 0), (1, 1), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (0, 0), (1, 0)]
    );
    // The imported one is in no year's series.
    assert!(c.figures(2025).await.unwrap().months.iter().all(|m| m.nonprofits == 0));

    for bad in [1999, 2101, 0] {
        match c.figures(bad).await {
            Err(Error::Validation(v)) => {
                assert_eq!((v[0].field.as_str(), v[0].message.as_str()), ("year", "Please choose a valid year"))
            }
            other => panic!("{other:?}"),
        }
    }
}

/// The months' statement seeks its index on SQLite whatever ANALYZE says: with a large
/// imported tab beside a few onboarded nonprofits, SQLite once skip-scanned it and read every
/// imported nonprofit of the year (12 ms a dashboard at 200,000: `bench.sh cpu`).
#[tokio::test]
async fn the_months_statement_seeks_its_index_on_sqlite_after_analyze() {
    use sqlx::Row;
    common::testing::run_on(common::db::Backend::Sqlite, &MIGRATIONS, catalogue, |c: Catalogue| async move {
        sqlx::query(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) \
             INSERT INTO charities (id, charity_name, name_key, ein, admin_verification, is_imported, created_at, updated_at) \
             SELECT 'imp' || i, 'Imported ' || i, 'imported ' || i, printf('%09d', 100000000 + i), 'Pending', 1, $1 + i, $1 FROM n",
        )
        .bind(month_start_ms(2026, 2))
        .execute(&c.db.pool)
        .await
        .unwrap();
        sqlx::query("ANALYZE").execute(&c.db.pool).await.unwrap();
        let mut q = common::db::Sql::new(common::db::Backend::Sqlite, "EXPLAIN QUERY PLAN ");
        catalogue::figures_store::months_sql(&mut q, 2026);
        let plan: Vec<String> = q
            .build()
            .fetch_all(&c.db.pool)
            .await
            .unwrap()
            .iter()
            .map(|r| r.try_get::<String, _>("detail").unwrap())
            .collect();
        let plan = plan.join("; ");
        assert!(
            plan.contains("is_imported=? AND admin_verification=? AND created_at>? AND created_at<?"),
            "{plan}"
        );
        // And the imported ones are still not counted.
        assert!(c.figures(2026).await.unwrap().months.iter().all(|m| m.nonprofits == 0));
    })
    .await;
}

fn catalogue(db: common::db::Db) -> Catalogue {
    Catalogue::new(db, None)
}

common::on_both_backends! { MIGRATIONS, catalogue;
    figures_count_onboarded_nonprofits_active_terms_and_months_of_the_year => figures_count_onboarded_nonprofits_active_terms_and_months_of_the_year_on_sqlite, figures_count_onboarded_nonprofits_active_terms_and_months_of_the_year_on_postgres;
}
