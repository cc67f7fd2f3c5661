//! Search everywhere's lookups of the giving service (issue 36) on SQLite and PostgreSQL:
//! donors by email, phone and name, transactions by receipt number and provider reference;
//! the limit, the order, and the query's characters taken as themselves.

mod support;

use common::find::Find;
use giving::app::MIGRATIONS;
use giving::service::{DonorInput, Giving};
use support::*;

fn find(q: &str, limit: i32) -> Find {
    Find::parse(q, limit).unwrap()
}

async fn add(g: &Giving, first: &str, last: &str, email: &str, phone: &str) -> String {
    let input = DonorInput {
        first_name: first.into(),
        last_name: last.into(),
        email: email.into(),
        phone_number: phone.into(),
        ..Default::default()
    };
    g.create_donor(&input, &admin()).await.unwrap().id
}

async fn emails(g: &Giving, q: &str, limit: i32) -> Vec<String> {
    g.find_donors(&find(q, limit)).await.unwrap().into_iter().map(|d| d.email).collect()
}

async fn donors_are_found_by_the_start_of_their_email_or_phone_and_by_their_name(g: Giving) {
    add(&g, "Ada", "Lovelace", "ada@example.org", "(555) 123-4567").await;
    add(&g, "Adam", "Smith", "adam.smith@example.org", "555-987-6543").await;
    add(&g, "Grace", "Hopper", "grace@navy.example", "").await;
    add(&g, "Edsger", "Dijkstra", "ed@example.org", "212 555 0100").await;
    // The email's start (case-insensitive), in email order; never its middle.
    assert_eq!(emails(&g, "ADA", 5).await, ["ada@example.org", "adam.smith@example.org"]);
    assert_eq!(emails(&g, "ada@", 5).await, ["ada@example.org"]);
    assert_eq!(emails(&g, "navy.example", 5).await, Vec::<String>::new());
    // The phone's start, however the digits are written; 4 digits at least.
    assert_eq!(emails(&g, "555-12", 5).await, ["ada@example.org"]);
    assert_eq!(emails(&g, "(555) 9", 5).await, ["adam.smith@example.org"]);
    assert_eq!(emails(&g, "5550100", 5).await, Vec::<String>::new(), "the phone's start, not its middle");
    assert_eq!(emails(&g, "555", 5).await, Vec::<String>::new(), "three digits are not a phone");
    // The name starts with the query, then contains it, from 3 characters.
    assert_eq!(emails(&g, "grace h", 5).await, ["grace@navy.example"]);
    assert_eq!(emails(&g, "hopper", 5).await, ["grace@navy.example"]);
    assert_eq!(emails(&g, "ce hop", 5).await, ["grace@navy.example"]);
    assert_eq!(emails(&g, "ra", 5).await, Vec::<String>::new(), "names are matched from 3 characters");
    // Email matches first, then names, each donor once; at most the limit.
    assert_eq!(emails(&g, "ad", 5).await, ["ada@example.org", "adam.smith@example.org"]);
    assert_eq!(emails(&g, "ada", 1).await, ["ada@example.org"]);
    assert_eq!(emails(&g, "smith", 5).await, ["adam.smith@example.org"], "found by name, once");
    // A name that starts with the query comes before one that only contains it.
    add(&g, "Smith", "Jones", "sj@example.org", "").await;
    assert_eq!(emails(&g, "smith", 5).await, ["sj@example.org", "adam.smith@example.org"]);
    assert_eq!(emails(&g, "smith", 1).await, ["sj@example.org"]);
}

async fn an_email_prefix_is_a_range_where_like_wildcards_are_plain_characters(g: Giving) {
    add(&g, "Per", "Cent", "a%b@example.org", "").await;
    add(&g, "Under", "Score", "a_b@example.org", "").await;
    add(&g, "Plain", "Letters", "axb@example.org", "").await;
    add(&g, "Back", "Slash", "ab@example.org", "").await;
    assert_eq!(emails(&g, "a%", 5).await, ["a%b@example.org"]);
    assert_eq!(emails(&g, "a_", 5).await, ["a_b@example.org"]);
    assert_eq!(emails(&g, "ax", 5).await, ["axb@example.org"]);
    assert_eq!(emails(&g, "%b", 5).await, Vec::<String>::new());
    assert_eq!(emails(&g, "__", 5).await, Vec::<String>::new());
    // Names too: a wildcard in a name query is a character.
    assert_eq!(emails(&g, "r%t", 5).await, Vec::<String>::new());
    // The range's end: the last email that starts with the prefix is in, the next one out.
    add(&g, "Zed", "Last", "zz@example.org", "").await;
    assert_eq!(emails(&g, "zz@example.org", 5).await, ["zz@example.org"]);
    assert_eq!(emails(&g, "zz@example.orh", 5).await, Vec::<String>::new());
}

async fn transactions_are_found_by_the_start_of_their_receipt_or_provider_reference(g: Giving) {
    let d = donor(&g, "Ann", "Doe").await;
    let first = give(&g, &d, charity("c1", "Red Cross"), 1000, "pi_3AbC_one").await;
    let second = give(&g, &d, charity("c1", "Red Cross"), 2000, "pi_3AbC_two").await;
    give(&g, &d, charity("c1", "Red Cross"), 3000, "ch_other").await;
    let receipts = |q: &'static str, limit: i32| {
        let g = g.clone();
        async move {
            g.find_transactions(&find(q, limit))
                .await
                .unwrap()
                .into_iter()
                .map(|t| t.receipt_number)
                .collect::<Vec<_>>()
        }
    };
    // Receipts are upper case: a query in any case finds them, in receipt order.
    let r = first.receipt_number.to_lowercase();
    assert_eq!(g.find_transactions(&find(&r, 5)).await.unwrap()[0].id, first.id);
    let year = &first.receipt_number[..7];
    assert_eq!(g.find_transactions(&find(year, 5)).await.unwrap().len(), 3);
    assert_eq!(g.find_transactions(&find(year, 2)).await.unwrap().len(), 2, "the limit");
    // References as typed, or in lower or upper case.
    assert_eq!(receipts("pi_3AbC", 5).await, [first.receipt_number.clone(), second.receipt_number.clone()]);
    assert_eq!(receipts("CH_OTHER", 5).await.len(), 1);
    assert_eq!(receipts("pi_3abc", 5).await, Vec::<String>::new(), "a mixed-case reference is case-sensitive");
    // `_` and `%` are characters, not wildcards; a space is neither a receipt nor a reference.
    assert_eq!(receipts("pi%", 5).await, Vec::<String>::new());
    assert_eq!(receipts("p_", 5).await, Vec::<String>::new());
    assert_eq!(receipts("pi _3", 5).await, Vec::<String>::new());
}

async fn a_deleted_donor_is_not_found_and_its_transactions_name_no_donor(g: Giving) {
    let id = add(&g, "Gone", "Away", "gone@example.org", "5550001111").await;
    let d = g.get_donor(&id).await.unwrap();
    let t = give(&g, &d, charity("c1", "Red Cross"), 1000, "ref-gone").await;
    g.delete_donor(&id, &admin()).await.unwrap();
    for q in ["gone@", "5550001", "gone away"] {
        assert!(g.find_donors(&find(q, 5)).await.unwrap().is_empty(), "{q}");
    }
    // In the trash its transactions keep it (a restore finds them whole); the purge anonymises.
    let found = g.find_transactions(&find("ref-gone", 5)).await.unwrap();
    assert_eq!((found[0].id.as_str(), found[0].donor_id.as_str()), (t.id.as_str(), id.as_str()));
    g.purge_trashed("/donor", &id, &admin()).await.unwrap();
    let found = g.find_transactions(&find("ref-gone", 5)).await.unwrap();
    assert_eq!((found[0].id.as_str(), found[0].donor_id.as_str()), (t.id.as_str(), ""));
}

common::on_both_backends! { MIGRATIONS, giving;
    donors_are_found_by_the_start_of_their_email_or_phone_and_by_their_name => donors_are_found_by_the_start_of_their_email_or_phone_and_by_their_name_on_sqlite, donors_are_found_by_the_start_of_their_email_or_phone_and_by_their_name_on_postgres;
    an_email_prefix_is_a_range_where_like_wildcards_are_plain_characters => an_email_prefix_is_a_range_where_like_wildcards_are_plain_characters_on_sqlite, an_email_prefix_is_a_range_where_like_wildcards_are_plain_characters_on_postgres;
    transactions_are_found_by_the_start_of_their_receipt_or_provider_reference => transactions_are_found_by_the_start_of_their_receipt_or_provider_reference_on_sqlite, transactions_are_found_by_the_start_of_their_receipt_or_provider_reference_on_postgres;
    a_deleted_donor_is_not_found_and_its_transactions_name_no_donor => a_deleted_donor_is_not_found_and_its_transactions_name_no_donor_on_sqlite, a_deleted_donor_is_not_found_and_its_transactions_name_no_donor_on_postgres;
}
