//! The sub-admin list: paging with totals, search, sorting, and its validation.

use crate::support::*;
use common::paging::Page as ListQuery;
use identity::service::Identity;
use identity::store::{self, User};

/// (first, last, email) in creation order, one second apart.
const PEOPLE: [(&str, &str, &str); 13] = [
    ("Ada", "Lovelace", "ada@example.org"),
    ("Grace", "Hopper", "grace.hopper@example.org"),
    ("alan", "Turing", "alan_t@example.org"),
    ("Barbara", "Liskov", "barbara%l@example.org"),
    ("Edsger", "Dijkstra", "edsger@example.org"),
    ("Donald", "Knuth", "dk@example.org"),
    ("Margaret", "Hamilton", "mh@example.org"),
    ("Ken", "Thompson", "ken@example.org"),
    ("Dennis", "Ritchie", "dmr@example.org"),
    ("Frances", "Allen", "fran@example.org"),
    ("Linus", "Torvalds", "linus@example.org"),
    ("Hedy", "Lamarr", "hedy@example.org"),
    ("Alanna", "Xavier", "alanxt@example.org"),
];

/// Stores the sub-admins of `PEOPLE` (plus a main admin and a nonprofit admin that the
/// list must leave out) straight through the store: listing needs rows, not hashes,
/// and fixed creation times make the order by creation exact.
/// The accounts of a page answer (each row also carries its grants).
fn users_of<E>(r: Result<(Vec<(User, identity::service::Grants)>, i64), E>) -> Result<(Vec<User>, i64), E> {
    r.map(|(rows, total)| (rows.into_iter().map(|(u, _)| u).collect(), total))
}

async fn seed(id: &Identity) -> Vec<User> {
    let base = common::now_ms() - 100_000;
    let mut c = id.db.pool.acquire().await.unwrap();
    let account = |n: i64, first: &str, last: &str, email: &str, admin_type: &str| User {
        id: common::new_id(),
        email: email.into(),
        password_hash: "not-a-hash".into(),
        first_name: first.into(),
        last_name: last.into(),
        admin_type: admin_type.into(),
        charity_id: None,
        is_active: true,
        session_version: 1,
        created_at: base + n * 1000,
    };
    store::insert_user(&mut c, &account(-2, "Main", "Admin", ADMIN_EMAIL, store::ADMIN)).await.unwrap();
    store::insert_user(&mut c, &account(-1, "Ada", "Charity", "ada.charity@example.org", store::CHARITY_ADMIN))
        .await
        .unwrap();
    let mut users = Vec::new();
    for (n, (first, last, email)) in PEOPLE.iter().enumerate() {
        let user = account(n as i64, first, last, email, store::SUB_ADMIN);
        store::insert_user(&mut c, &user).await.unwrap();
        // Each holds a right of its own, so a row's grants are told apart from another's.
        let module = &proto::modules::all()[n % 3];
        identity::sub_admins_store::replace_permissions(
            &mut c,
            &user.id,
            &[(module.slug.to_string(), vec!["view".into()])],
        )
        .await
        .unwrap();
        users.push(user);
    }
    users
}

fn query(page: i64, limit: i64, search: &str, column: &str, order: &str) -> ListQuery {
    ListQuery { page, limit, search: search.into(), column: column.into(), order: order.into() }
}

/// One page: the first names it holds, and the total.
async fn page(id: &Identity, q: ListQuery) -> (Vec<String>, i64) {
    let (rows, total) = users_of(id.list_sub_admins(&as_admin(id).await, &q).await).unwrap();
    assert!(rows.iter().all(|u| u.admin_type == "Sub Admin"));
    (rows.into_iter().map(|u| u.first_name).collect(), total)
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn reversed(list: &[&str]) -> Vec<String> {
    list.iter().rev().map(|s| s.to_string()).collect()
}

async fn the_list_pages_through_every_sub_admin_with_the_total(id: Identity) {
    let users = seed(&id).await;
    let admin = as_admin(&id).await;
    let newest_first: Vec<String> = users.iter().rev().map(|u| u.first_name.clone()).collect();

    // Newest first by default.
    assert_eq!(page(&id, query(1, 5, "", "", "")).await, (newest_first[0..5].to_vec(), 13));
    assert_eq!(page(&id, query(2, 5, "", "", "")).await, (newest_first[5..10].to_vec(), 13));
    assert_eq!(page(&id, query(3, 5, "", "", "")).await, (newest_first[10..13].to_vec(), 13));
    // Past the end: no rows, the right total.
    assert_eq!(page(&id, query(4, 5, "", "", "")).await, (vec![], 13));
    assert_eq!(page(&id, query(100, 5, "", "", "")).await, (vec![], 13));
    assert_eq!(page(&id, query(1, 1000, "", "", "")).await, (newest_first.clone(), 13));
    // Each row carries its grants, as one record's answer does.
    let (rows, _) = id.list_sub_admins(&admin, &query(1, 1000, "", "", "")).await.unwrap();
    for (u, g) in &rows {
        assert_eq!(*g, id.get_sub_admin(&admin, &u.id).await.unwrap().1, "{}", u.email);
        assert!(!g.is_empty());
    }

    // The pages cover every sub-admin exactly once, whole rows included.
    let mut seen = Vec::new();
    for n in 1..=5 {
        let (rows, _) = users_of(id.list_sub_admins(&admin, &query(n, 3, "", "firstName", "asc")).await).unwrap();
        seen.extend(rows);
    }
    assert_eq!(seen.len(), 13);
    for user in &users {
        let row = seen.iter().find(|u| u.id == user.id).expect("listed");
        assert_eq!(
            (&row.email, &row.last_name, row.created_at, row.is_active),
            (&user.email, &user.last_name, user.created_at, true)
        );
    }
}

async fn the_list_searches_names_and_email_case_insensitively(id: Identity) {
    seed(&id).await;
    let search = |text: &str| query(1, 20, text, "", "");
    assert_eq!(page(&id, search("LOVELACE")).await, (names(&["Ada"]), 1), "last name");
    assert_eq!(page(&id, search("grace")).await, (names(&["Grace"]), 1), "first name");
    assert_eq!(page(&id, search("DMR@")).await, (names(&["Dennis"]), 1), "email");
    assert_eq!(page(&id, search("ada lovelace")).await, (names(&["Ada"]), 1), "full name");
    assert_eq!(page(&id, search("  Ken THOMPSON ")).await, (names(&["Ken"]), 1), "trimmed");
    assert_eq!(page(&id, search("ALAN")).await, (names(&["Alanna", "alan"]), 2));
    assert_eq!(page(&id, search("mar")).await, (names(&["Hedy", "Margaret"]), 2), "first or last name");
    // Wildcards are plain characters.
    assert_eq!(page(&id, search("%")).await, (names(&["Barbara"]), 1));
    assert_eq!(page(&id, search("_")).await, (names(&["alan"]), 1));
    assert_eq!(page(&id, search("alan_")).await, (names(&["alan"]), 1));
    assert_eq!(page(&id, search("\\")).await, (vec![], 0));
    assert_eq!(page(&id, search("nobody")).await, (vec![], 0));
    // The admins that are not sub-admins are never listed.
    assert_eq!(page(&id, search("admin")).await, (vec![], 0));
    assert_eq!(page(&id, search("charity")).await, (vec![], 0));
    // Paging applies to the matches.
    assert_eq!(page(&id, query(3, 5, "EXAMPLE.org", "", "")).await.0.len(), 3);
    assert_eq!(page(&id, query(3, 5, "EXAMPLE.org", "", "")).await.1, 13);
    assert_eq!(page(&id, query(2, 5, "alan", "", "")).await, (vec![], 2));
}

async fn the_list_sorts_by_the_requested_column_and_order(id: Identity) {
    let users = seed(&id).await;
    let admin = as_admin(&id).await;
    let by_first = [
        "Ada", "alan", "Alanna", "Barbara", "Dennis", "Donald", "Edsger", "Frances", "Grace", "Hedy", "Ken", "Linus",
        "Margaret",
    ];
    let all = |column: &str, order: &str| query(1, 20, "", column, order);
    assert_eq!(page(&id, all("firstName", "asc")).await, (names(&by_first), 13));
    assert_eq!(page(&id, all("firstName", "")).await.0, names(&by_first), "ascending when only a column is given");
    assert_eq!(page(&id, all("name", "ascend")).await.0, names(&by_first));
    assert_eq!(page(&id, all("firstName", "1")).await.0, names(&by_first));
    assert_eq!(page(&id, all("firstName", "desc")).await.0, reversed(&by_first));
    assert_eq!(page(&id, all("firstName", "DESCEND")).await.0, reversed(&by_first));
    assert_eq!(page(&id, all("firstName", "-1")).await.0, reversed(&by_first));
    // The order holds across pages.
    assert_eq!(page(&id, query(2, 4, "", "firstName", "desc")).await.0, reversed(&by_first)[4..8].to_vec());

    let (rows, _) = users_of(id.list_sub_admins(&admin, &all("lastName", "asc")).await).unwrap();
    let last: Vec<&str> = rows.iter().map(|u| u.last_name.as_str()).collect();
    assert_eq!(
        last,
        [
            "Allen", "Dijkstra", "Hamilton", "Hopper", "Knuth", "Lamarr", "Liskov", "Lovelace", "Ritchie", "Thompson",
            "Torvalds", "Turing", "Xavier"
        ]
    );

    let (rows, _) = users_of(id.list_sub_admins(&admin, &all("email", "asc")).await).unwrap();
    let emails: Vec<&str> = rows.iter().map(|u| u.email.as_str()).collect();
    assert_eq!(
        emails,
        [
            "ada@example.org",
            "alan_t@example.org",
            "alanxt@example.org",
            "barbara%l@example.org",
            "dk@example.org",
            "dmr@example.org",
            "edsger@example.org",
            "fran@example.org",
            "grace.hopper@example.org",
            "hedy@example.org",
            "ken@example.org",
            "linus@example.org",
            "mh@example.org",
        ]
    );

    let created: Vec<String> = users.iter().map(|u| u.first_name.clone()).collect();
    assert_eq!(page(&id, all("createdAt", "asc")).await.0, created);
    assert_eq!(page(&id, all("createdAt", "")).await.0, created);
    let newest_first: Vec<String> = created.iter().rev().cloned().collect();
    assert_eq!(page(&id, all("createdAt", "desc")).await.0, newest_first);
    assert_eq!(page(&id, all("", "")).await.0, newest_first);

    // Inactive ones first when sorting by status ascending.
    for who in ["Ken", "Linus"] {
        let user = users.iter().find(|u| u.first_name == who).unwrap();
        id.set_sub_admin_status(&admin, &user.id, false).await.unwrap();
    }
    let (rows, _) = users_of(id.list_sub_admins(&admin, &all("isActive", "asc")).await).unwrap();
    let mut inactive: Vec<&str> = rows[..2].iter().map(|u| u.first_name.as_str()).collect();
    inactive.sort();
    assert_eq!(inactive, ["Ken", "Linus"]);
    assert!(rows[..2].iter().all(|u| !u.is_active) && rows[2..].iter().all(|u| u.is_active));
    let (rows, _) = users_of(id.list_sub_admins(&admin, &all("isActive", "desc")).await).unwrap();
    assert!(rows[..11].iter().all(|u| u.is_active) && rows[11..].iter().all(|u| !u.is_active));
}

async fn the_list_rejects_bad_paging_and_sorting(id: Identity) {
    let admin = as_admin(&id).await;
    let list = |q: ListQuery| {
        let (id, admin) = (id.clone(), admin.clone());
        async move { users_of(id.list_sub_admins(&admin, &q).await) }
    };
    assert_invalid(
        list(query(1, 10, "", "password_hash", "asc")).await,
        "column",
        "Sorting by password_hash is not supported",
    );
    assert_invalid(
        list(query(1, 10, "", "created_at; DROP TABLE users", "")).await,
        "column",
        "Sorting by created_at; DROP TABLE users is not supported",
    );
    assert_invalid(list(query(1, 10, "", "email", "sideways")).await, "order", "order must be asc or desc");
    assert_invalid(list(query(0, 10, "", "", "")).await, "page", "page must be 1 or more");
    assert_invalid(list(query(-3, 10, "", "", "")).await, "page", "page must be 1 or more");
    assert_invalid(list(query(1, 0, "", "", "")).await, "limit", "limit must be between 1 and 1000");
    assert_invalid(list(query(1, 1001, "", "", "")).await, "limit", "limit must be between 1 and 1000");
    assert_invalid(
        list(query(1, 10, &"a".repeat(101), "", "")).await,
        "search",
        "search must be at most 100 characters",
    );
    assert_eq!(
        field_errors(list(query(0, 0, &"é".repeat(101), "x", "up")).await),
        [
            ("page".to_string(), "page must be 1 or more".to_string()),
            ("limit".to_string(), "limit must be between 1 and 1000".to_string()),
            ("column".to_string(), "Sorting by x is not supported".to_string()),
            ("order".to_string(), "order must be asc or desc".to_string()),
            ("search".to_string(), "search must be at most 100 characters".to_string()),
        ]
    );
    // The limits themselves are fine, and an empty store lists nothing.
    assert_eq!(list(query(1, 1000, &"é".repeat(100), "email", "desc")).await.unwrap().1, 0);
    assert_eq!(list(query(1, 1, "", "", "")).await.unwrap().1, 0);
    assert_eq!(count(&id, "SELECT COUNT(*) FROM users WHERE admin_type = 'Sub Admin'", &[]).await, 0);
}

async fn the_list_finds_accented_names_whatever_their_case(id: Identity) {
    let admin = as_admin(&id).await;
    let (u, _) = id
        .create_sub_admin(
            &admin,
            identity::sub_admins::SubAdminInput {
                first_name: "Élodie".into(),
                last_name: "Ñúñez".into(),
                email: "elodie@example.org".into(),
                password: "secret12".into(),
                permissions: vec![("/donor".into(), vec!["view".into()])],
            },
        )
        .await
        .unwrap();
    for search in ["élodie", "ÉLODIE", "ñúñ", "élodie ñúñez"] {
        let (rows, total) = users_of(id.list_sub_admins(&admin, &query(1, 10, search, "", "")).await).unwrap();
        assert_eq!((total, rows[0].id.as_str()), (1, u.id.as_str()), "{search}");
    }
    // An edit keeps the search text current.
    let (_, _) = id
        .update_sub_admin(
            &admin,
            &u.id,
            identity::sub_admins::SubAdminInput {
                first_name: "Zoé".into(),
                last_name: "Ñúñez".into(),
                email: "elodie@example.org".into(),
                password: String::new(),
                permissions: vec![("/donor".into(), vec!["view".into()])],
            },
        )
        .await
        .unwrap();
    assert_eq!(users_of(id.list_sub_admins(&admin, &query(1, 10, "élodie", "", "")).await).unwrap().1, 0);
    assert_eq!(users_of(id.list_sub_admins(&admin, &query(1, 10, "ZOÉ", "", "")).await).unwrap().1, 1);
}

/// Search everywhere (issue 36): sub-admins whose first name, last name or email contains the
/// query (any case, wildcards as characters), by name, at most the limit; never another kind
/// of account.
async fn sub_admins_are_found_by_name_or_email(id: Identity) {
    seed(&id).await;
    let admin = as_admin(&id).await;
    let find = |q: &'static str, limit: i32| {
        let (id, admin) = (id.clone(), admin.clone());
        async move {
            let f = common::find::Find::parse(q, limit).unwrap();
            let found = id.find_sub_admins(&admin, &f).await.unwrap();
            assert!(found.iter().all(|(_, g)| !g.is_empty()), "each with its grants");
            found.into_iter().map(|(u, _)| u.email).collect::<Vec<_>>()
        }
    };
    assert_eq!(find("ALAN", 5).await, ["alan_t@example.org", "alanxt@example.org"]);
    assert_eq!(find("hopper", 5).await, ["grace.hopper@example.org"]);
    assert_eq!(find("n_t", 5).await, ["alan_t@example.org"]);
    assert_eq!(find("a%l", 5).await, ["barbara%l@example.org"]);
    assert_eq!(find("ada", 5).await, ["ada@example.org"], "not the nonprofit admin Ada Charity");
    assert_eq!(find("main admin", 5).await, Vec::<String>::new(), "not the main admin");
    assert_eq!(find("example.org", 3).await.len(), 3);
}

on_both_backends! {
    sub_admins_are_found_by_name_or_email =>
        sub_admins_are_found_by_name_or_email_on_sqlite,
        sub_admins_are_found_by_name_or_email_on_postgres;
    the_list_finds_accented_names_whatever_their_case =>
        the_list_finds_accented_names_whatever_their_case_on_sqlite,
        the_list_finds_accented_names_whatever_their_case_on_postgres;
    the_list_pages_through_every_sub_admin_with_the_total =>
        the_list_pages_through_every_sub_admin_with_the_total_on_sqlite,
        the_list_pages_through_every_sub_admin_with_the_total_on_postgres;
    the_list_searches_names_and_email_case_insensitively =>
        the_list_searches_names_and_email_case_insensitively_on_sqlite,
        the_list_searches_names_and_email_case_insensitively_on_postgres;
    the_list_sorts_by_the_requested_column_and_order =>
        the_list_sorts_by_the_requested_column_and_order_on_sqlite,
        the_list_sorts_by_the_requested_column_and_order_on_postgres;
    the_list_rejects_bad_paging_and_sorting =>
        the_list_rejects_bad_paging_and_sorting_on_sqlite,
        the_list_rejects_bad_paging_and_sorting_on_postgres;
}
