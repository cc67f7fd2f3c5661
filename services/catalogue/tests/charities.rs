//! Nonprofits and the Business Master File import on SQLite and on PostgreSQL.

use catalogue::app::MIGRATIONS;
use catalogue::charity;
use catalogue::charity_list::ListQuery;
use catalogue::charity_list_store::CharityRow;
use catalogue::error::Error;
use catalogue::payment_methods::PaymentMethodInput;
use catalogue::service::Catalogue;
use catalogue::store::Kind;
use common::Actor;
use common::paging::Page;
use proto::catalogue::v1::catalogue_server::Catalogue as Rpc;

/// A caller of the given account type.
fn by(admin_type: &str) -> Actor {
    Actor::new(common::new_id(), admin_type, "127.0.0.1")
}

fn errors(e: Error) -> Vec<(String, String)> {
    match e {
        Error::Validation(v) => v.into_iter().map(|f| (f.field, f.message)).collect(),
        other => vec![("".into(), other.to_string())],
    }
}

fn message_of(e: Error, field: &str) -> String {
    errors(e).into_iter().find(|(f, _)| f == field).map(|(_, m)| m).unwrap_or_else(|| format!("no error on {field}"))
}

async fn events(c: &Catalogue) -> Vec<String> {
    sqlx::query_scalar("SELECT event_type FROM outbox ORDER BY created_at, id").fetch_all(&c.db.pool).await.unwrap()
}

/// A category and a cause, and a valid input using them.
async fn setup(c: &Catalogue) -> charity::CharityInput {
    let cat = c.create(Kind::Category, "Health", "", &Actor::system()).await.unwrap();
    let cause = c.create(Kind::Cause, "Clean Water", "", &Actor::system()).await.unwrap();
    input(&cat.id, &cause.id, "Water For All", "12-3456789")
}

fn input(category: &str, cause: &str, name: &str, ein: &str) -> charity::CharityInput {
    charity::CharityInput {
        tax_id: ein.into(),
        profile: charity::Profile {
            charity_name: name.into(),
            category_id: category.into(),
            cause_ids: vec![cause.into()],
            mission: "<p>Wells <a href=\"https://example.org\">for</a> villages<script>alert(1)</script></p>".into(),
            description: "<p><a href=\"javascript:alert(1)\">x</a> <a href=\"tel:+15551234567\">call</a></p>".into(),
            logo: "logo-1.png".into(),
            images: vec!["a.png".into()],
            website: "https://water.example.org".into(),
            email: "Info@Water.example.org".into(),
            phone_number: "(555) 123-4567".into(),
            address: "1 Main St".into(),
            city: "Springfield".into(),
            state: "Illinois".into(),
            country: "United States".into(),
            zip_code: "62701".into(),
            admin_first_name: "Nia".into(),
            admin_last_name: "Owner".into(),
            admin_email: "nia@water.example.org".into(),
            ..Default::default()
        },
        payment_methods: Some(vec![PaymentMethodInput {
            method_type: "bank_account".into(),
            bank_name: "First Bank".into(),
            account_holder: "Water For All".into(),
            routing_number: "021000021".into(),
            account_number: "000123456789".into(),
            id: String::new(),
        }]),
    }
}

fn q(imported: bool, verification: &str, search: &str, column: &str, order: &str) -> ListQuery {
    ListQuery {
        page: Page { page: 1, limit: 10, search: search.into(), column: column.into(), order: order.into() },
        imported,
        verification: verification.into(),
    }
}

async fn every_field_is_checked_with_a_clear_message_and_nothing_is_written(c: Catalogue) {
    let good = setup(&c).await;
    let e = c.create_charity(&charity::CharityInput::default(), &Actor::system()).await.unwrap_err();
    let all = errors(e);
    for (field, msg) in [
        ("charityName", "Please enter Nonprofit Name"),
        ("taxId", "Please enter Tax ID"),
        ("categoryId", "Please select Category"),
        ("causeIds", "Please select Cause"),
        ("mission", "Please enter Mission"),
        ("logo", "Please upload Logo"),
        ("email", "Please enter Email"),
        ("phoneNumber", "Please enter Phone Number"),
        ("zipCode", "Please enter Zip Code"),
        ("adminEmail", "Please enter Admin Email"),
    ] {
        assert!(all.contains(&(field.into(), msg.into())), "{field}: {all:?}");
    }
    let bad = |f: fn(&mut charity::CharityInput)| {
        let mut i = good.clone();
        f(&mut i);
        i
    };
    let cases: Vec<(charity::CharityInput, &str, &str)> = vec![
        (bad(|i| i.tax_id = "12-345678".into()), "taxId", "Please enter valid Tax ID"),
        (bad(|i| i.tax_id = "1234567890".into()), "taxId", "Please enter valid Tax ID"),
        (bad(|i| i.profile.phone_number = "555-1234".into()), "phoneNumber", "Please enter valid Phone Number"),
        (bad(|i| i.profile.zip_code = "1234".into()), "zipCode", "Please enter valid Zip Code"),
        (bad(|i| i.profile.email = "nope".into()), "email", "Please enter valid email address."),
        (bad(|i| i.profile.website = "ftp://x.org".into()), "website", "Please enter valid Website"),
        (bad(|i| i.profile.mission = "<p> &nbsp; </p><script>x</script>".into()), "mission", "Please enter Mission"),
        (bad(|i| i.profile.logo = "../etc/passwd".into()), "logo", "Please upload a valid Logo"),
        (bad(|i| i.profile.category_id = "missing".into()), "categoryId", "Please select Category"),
        (bad(|i| i.profile.cause_ids = vec!["missing".into()]), "causeIds", "Please select Cause"),
        (
            bad(|i| i.payment_methods.as_mut().unwrap()[0].routing_number = "12".into()),
            "paymentMethods[0].routingNumber",
            "Please enter valid Routing Number",
        ),
    ];
    for (i, field, msg) in cases {
        assert_eq!(message_of(c.create_charity(&i, &Actor::system()).await.unwrap_err(), field), msg);
    }
    assert_eq!(c.list_charities(&q(false, "", "", "", "")).await.unwrap().1, 0);
    assert!(!events(&c).await.iter().any(|e| e.starts_with("catalogue.charity")));
}

async fn a_nonprofit_is_added_approved_with_sanitised_text_and_only_four_account_digits(c: Catalogue) {
    let i = setup(&c).await;
    let n = c.create_charity(&i, &Actor::system()).await.unwrap();
    assert_eq!(n.tax_id, "12-3456789");
    assert_eq!(n.record.profile.phone_number, "5551234567");
    assert_eq!(n.record.profile.email, "info@water.example.org");
    assert_eq!(n.record.admin_verification, "Approve");
    assert!(n.record.admin_approve_at.is_some() && n.record.is_active && !n.record.is_imported);
    assert_eq!(n.category_name, "Health");
    assert_eq!(n.causes.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["Clean Water"]);
    assert!(
        !n.record.profile.mission.contains("script")
            && n.record.profile.mission.contains("href=\"https://example.org\""),
        "{}",
        n.record.profile.mission
    );
    assert!(
        !n.record.profile.description.contains("javascript")
            && n.record.profile.description.contains("tel:+15551234567"),
        "{}",
        n.record.profile.description
    );
    assert_eq!(n.payment_methods.len(), 1);
    assert_eq!((n.payment_methods[0].last4.as_str(), n.payment_methods[0].is_default), ("6789", true));
    let stored: String = sqlx::query_scalar("SELECT routing_number || ':' || last4 FROM charity_payment_methods")
        .fetch_one(&c.db.pool)
        .await
        .unwrap();
    assert_eq!(stored, "021000021:6789", "the full account number is never stored");
    assert_eq!(c.get_charity(&n.record.id).await.unwrap(), n);
    assert_eq!(c.payment_methods(&n.record.id).await.unwrap(), n.payment_methods);

    // The Tax ID is unique, with or without its dash.
    let mut dup = i.clone();
    dup.profile.charity_name = "Other".into();
    dup.tax_id = "123456789".into();
    assert!(
        matches!(c.create_charity(&dup, &Actor::system()).await, Err(Error::Conflict(m)) if m == "Tax ID already exists")
    );
    assert_eq!(
        events(&c).await.iter().filter(|e| e.starts_with("catalogue.charity")).collect::<Vec<_>>(),
        ["catalogue.charity.created"]
    );
}

async fn status_verification_update_and_delete_follow_the_lifecycle_with_events(c: Catalogue) {
    let i = setup(&c).await;
    let n = c.create_charity(&i, &Actor::system()).await.unwrap();
    assert!(!c.set_charity_active(&n.record.id, false, &Actor::system()).await.unwrap().record.is_active);
    assert!(c.set_charity_active(&n.record.id, true, &Actor::system()).await.unwrap().record.is_active);

    // Rejecting needs a reason.
    assert_eq!(
        message_of(
            c.change_verification(&n.record.id, "Reject", "  ", &Actor::system()).await.unwrap_err(),
            "rejectReason"
        ),
        "Please Enter Add Reason"
    );
    assert_eq!(
        message_of(
            c.change_verification(&n.record.id, "Maybe", "", &Actor::system()).await.unwrap_err(),
            "adminVerification"
        ),
        "adminVerification must be Approve or Reject"
    );
    let r = c.change_verification(&n.record.id, "Reject", "Documents missing", &Actor::system()).await.unwrap();
    assert_eq!(
        (r.record.admin_verification.as_str(), r.record.reject_reason.as_str(), r.record.admin_approve_at),
        ("Reject", "Documents missing", None)
    );
    assert_eq!(c.list_charities(&q(false, "Reject", "", "", "")).await.unwrap().1, 1);
    // Editing a rejected nonprofit sends it back to Pending; its payment methods stay when not given.
    let mut edit = i.clone();
    edit.profile.charity_name = "Water For Everyone".into();
    edit.payment_methods = None;
    let u = c.update_charity(&n.record.id, &edit, false, &by("Admin")).await.unwrap();
    assert_eq!(
        (u.record.profile.charity_name.as_str(), u.record.admin_verification.as_str()),
        ("Water For Everyone", "Pending")
    );
    assert_eq!(u.payment_methods.len(), 1);
    // Keeping a method by its id, adding another.
    let mut keep = edit.clone();
    keep.payment_methods = Some(vec![
        PaymentMethodInput {
            method_type: "bank_account".into(),
            bank_name: "Second Bank".into(),
            account_holder: "WFA".into(),
            routing_number: "011000015".into(),
            account_number: "4321".into(),
            id: String::new(),
        },
        PaymentMethodInput { id: u.payment_methods[0].id.clone(), ..Default::default() },
    ]);
    let k = c.update_charity(&n.record.id, &keep, false, &by("Admin")).await.unwrap();
    assert_eq!(
        k.payment_methods.iter().map(|m| (m.last4.as_str(), m.is_default)).collect::<Vec<_>>(),
        [("4321", true), ("6789", false)]
    );

    let a = c.change_verification(&n.record.id, "Approve", "", &Actor::system()).await.unwrap();
    assert!(a.record.admin_approve_at.is_some() && a.record.reject_reason.is_empty());
    assert!(matches!(
        c.change_verification(&n.record.id, "Approve", "", &Actor::system()).await,
        Err(Error::Conflict(_))
    ));
    c.delete_charity(&n.record.id, &Actor::system()).await.unwrap();
    assert!(matches!(c.get_charity(&n.record.id).await, Err(Error::NotFound(m)) if m == "Nonprofit not found"));
    assert!(matches!(c.delete_charity(&n.record.id, &Actor::system()).await, Err(Error::NotFound(_))));
    // Back from the trash whole, its payment methods with it; then gone for good.
    let module = catalogue::trash::CHARITY;
    c.restore_trashed(module, &n.record.id, &Actor::system()).await.unwrap();
    let back = c.get_charity(&n.record.id).await.unwrap();
    assert_eq!((back.record.profile.charity_name.as_str(), back.payment_methods.len()), ("Water For Everyone", 2));
    c.delete_charity(&n.record.id, &Actor::system()).await.unwrap();
    let e = c.purge_trashed(module, &n.record.id, &Actor::system()).await.unwrap();
    assert_eq!(e.name, "Water For Everyone");
    assert!(matches!(c.restore_trashed(module, &n.record.id, &Actor::system()).await, Err(Error::NotFound(_))));
    let left: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM charity_payment_methods_trash").fetch_one(&c.db.pool).await.unwrap();
    assert_eq!(left, 0, "its payment methods went with it");
    let charity_events: Vec<String> =
        events(&c).await.into_iter().filter(|e| e.starts_with("catalogue.charity")).collect();
    assert_eq!(
        charity_events,
        [
            "catalogue.charity.created",
            "catalogue.charity.status_changed",
            "catalogue.charity.status_changed",
            "catalogue.charity.rejected",
            "catalogue.charity.resubmitted",
            "catalogue.charity.updated",
            "catalogue.charity.verified",
            "catalogue.charity.trashed",
            "catalogue.charity.restored",
            "catalogue.charity.trashed",
            "catalogue.charity.deleted"
        ]
    );
}

/// Issue 36: a deleted nonprofit leaves every list, total and search (kept counts and
/// positions included) and comes back into them on restore; a restore is refused while
/// another nonprofit took its Tax ID, or while its category or a cause is in the trash.
async fn a_trashed_nonprofit_leaves_every_list_and_comes_back_unless_a_rule_refuses(c: Catalogue) {
    let i = setup(&c).await;
    let n = c.create_charity(&i, &Actor::system()).await.unwrap();
    let other = c
        .create_charity(
            &input(&i.profile.category_id, &i.profile.cause_ids[0], "Bread Bank", "98-7654321"),
            &Actor::system(),
        )
        .await
        .unwrap();
    let all = q(false, "", "", "", "");
    assert_eq!(c.list_charities(&all).await.unwrap().1, 2);
    c.delete_charity(&n.record.id, &by("Sub Admin")).await.unwrap();
    let (rows, total) = c.list_charities(&all).await.unwrap();
    assert_eq!((total, rows.len(), rows[0].id.as_str()), (1, 1, other.record.id.as_str()));
    assert_eq!(c.list_charities(&q(false, "", "water", "", "")).await.unwrap().1, 0, "gone from the search");
    assert_eq!(c.list_charities(&q(false, "Approve", "", "", "")).await.unwrap().1, 1, "the kept count moved");
    let (trash, n_trash) = c.list_trash(&common::trash::query(vec![], "", "", "", 10, 0).unwrap()).await.unwrap();
    assert_eq!(
        (n_trash, trash[0].name.as_str(), trash[0].deleted_by.account_type.as_str()),
        (1, "Water For All", "Sub Admin")
    );

    // Its Tax ID taken meanwhile: refused, and it stays in the trash.
    let taker = c
        .create_charity(
            &input(&i.profile.category_id, &i.profile.cause_ids[0], "Taker", "12-3456789"),
            &Actor::system(),
        )
        .await
        .unwrap();
    let module = catalogue::trash::CHARITY;
    match c.restore_trashed(module, &n.record.id, &Actor::system()).await {
        Err(Error::Conflict(m)) => {
            assert_eq!(m, "Another nonprofit has this Tax ID now: this one cannot be restored while it does")
        }
        other => panic!("{other:?}"),
    }
    c.delete_charity(&taker.record.id, &Actor::system()).await.unwrap();
    c.purge_trashed(module, &taker.record.id, &Actor::system()).await.unwrap();
    // Its category in the trash: refused until the category is back.
    c.delete_charity(&other.record.id, &Actor::system()).await.unwrap();
    c.delete(Kind::Category, &i.profile.category_id, &Actor::system()).await.unwrap();
    match c.restore_trashed(module, &n.record.id, &Actor::system()).await {
        Err(Error::Conflict(m)) => assert_eq!(m, "This nonprofit's category is not there: restore its category first"),
        other => panic!("{other:?}"),
    }
    // The category's name taken meanwhile: its restore is refused too.
    let twin = c.create(Kind::Category, "health", "", &Actor::system()).await.unwrap();
    match c.restore_trashed(catalogue::trash::CATEGORY, &i.profile.category_id, &Actor::system()).await {
        Err(Error::Conflict(m)) => {
            assert_eq!(m, "Another category has this name now: rename it, then restore this one")
        }
        other => panic!("{other:?}"),
    }
    c.update(Kind::Category, &twin.id, "Wellbeing", None, &Actor::system()).await.unwrap();
    c.restore_trashed(catalogue::trash::CATEGORY, &i.profile.category_id, &Actor::system()).await.unwrap();
    c.restore_trashed(module, &n.record.id, &Actor::system()).await.unwrap();
    let (rows, total) = c.list_charities(&all).await.unwrap();
    assert_eq!((total, rows[0].id.as_str()), (1, n.record.id.as_str()), "back in the list and its total");
    assert_eq!(c.list_charities(&q(false, "", "water", "", "")).await.unwrap().1, 1, "back in the search");
    let wrong = common::trash::twin_mismatches(&mut c.db.pool.acquire().await.unwrap()).await.unwrap();
    assert!(wrong.is_empty(), "{wrong:?}");
}

/// The payload of the last event of a type.
async fn last_payload(c: &Catalogue, event_type: &str) -> serde_json::Value {
    let body: String =
        sqlx::query_scalar("SELECT body FROM outbox WHERE event_type = $1 ORDER BY created_at DESC, id DESC LIMIT 1")
            .bind(event_type)
            .fetch_one(&c.db.pool)
            .await
            .unwrap();
    serde_json::from_str::<serde_json::Value>(&body).unwrap()["payload"].clone()
}

async fn a_nonprofit_admin_changing_tax_id_or_payment_methods_sends_it_back_to_pending(c: Catalogue) {
    let i = setup(&c).await;
    let n = c.create_charity(&i, &Actor::system()).await.unwrap();
    let keep_methods = |mut x: charity::CharityInput, ids: &[&str]| {
        x.payment_methods =
            Some(ids.iter().map(|id| PaymentMethodInput { id: id.to_string(), ..Default::default() }).collect());
        x
    };
    let m0 = n.payment_methods[0].id.clone();

    // Description, and the same payment methods given back: still approved.
    let mut text = keep_methods(i.clone(), &[&m0]);
    text.profile.description = "<p>New words</p>".into();
    let u = c.update_charity(&n.record.id, &text, false, &by("Charity Admin")).await.unwrap();
    assert_eq!(
        (u.record.admin_verification.as_str(), u.record.admin_approve_at),
        ("Approve", n.record.admin_approve_at)
    );
    assert_eq!(u.record.profile.description, "<p>New words</p>");
    assert_eq!(last_payload(&c, "catalogue.charity.updated").await["adminVerification"], "Approve");

    // The main admin may change the Tax ID and keep the approval.
    let mut ein = text.clone();
    ein.tax_id = "98-7654321".into();
    let u = c.update_charity(&n.record.id, &ein, false, &by("Admin")).await.unwrap();
    assert_eq!((u.tax_id.as_str(), u.record.admin_verification.as_str()), ("98-7654321", "Approve"));

    // The nonprofit admin changing the Tax ID: Pending, approval stamp cleared, event says so.
    let mut ein = text.clone();
    ein.tax_id = "11-2223334".into();
    let u = c.update_charity(&n.record.id, &ein, false, &by("Charity Admin")).await.unwrap();
    assert_eq!((u.record.admin_verification.as_str(), u.record.admin_approve_at), ("Pending", None));
    let p = last_payload(&c, "catalogue.charity.resubmitted").await;
    assert_eq!((p["adminVerification"].as_str(), p["taxId"].as_str()), (Some("Pending"), Some("11-2223334")));
    assert_eq!((p["adminFirstName"].as_str(), p["adminLastName"].as_str()), (Some("Nia"), Some("Owner")));
    c.change_verification(&n.record.id, "Approve", "", &Actor::system()).await.unwrap();

    // Adding a payment method, dropping one, or changing the default: Pending each time.
    let mut add = keep_methods(ein.clone(), &[&m0]);
    add.payment_methods.as_mut().unwrap().push(i.payment_methods.clone().unwrap()[0].clone());
    let u = c.update_charity(&n.record.id, &add, false, &by("Charity Admin")).await.unwrap();
    assert_eq!((u.record.admin_verification.as_str(), u.payment_methods.len()), ("Pending", 2));
    c.change_verification(&n.record.id, "Approve", "", &Actor::system()).await.unwrap();
    let m1 = u.payment_methods[1].id.clone();
    let swap = keep_methods(ein.clone(), &[&m1, &m0]);
    assert_eq!(
        c.update_charity(&n.record.id, &swap, false, &by("Charity Admin")).await.unwrap().record.admin_verification,
        "Pending"
    );
    c.change_verification(&n.record.id, "Approve", "", &Actor::system()).await.unwrap();
    let drop = keep_methods(ein.clone(), &[&m1]);
    assert_eq!(
        c.update_charity(&n.record.id, &drop, false, &by("Charity Admin")).await.unwrap().record.admin_verification,
        "Pending"
    );
    c.change_verification(&n.record.id, "Approve", "", &Actor::system()).await.unwrap();
    // Payment methods not given at all are unchanged: approval kept.
    let mut none = ein.clone();
    none.payment_methods = None;
    assert_eq!(
        c.update_charity(&n.record.id, &none, false, &by("Charity Admin")).await.unwrap().record.admin_verification,
        "Approve"
    );

    // A refused change changes nothing.
    let mut bad = ein.clone();
    bad.tax_id = "nope".into();
    assert_eq!(
        message_of(c.update_charity(&n.record.id, &bad, false, &by("Charity Admin")).await.unwrap_err(), "taxId"),
        "Please enter valid Tax ID"
    );
    let now = c.get_charity(&n.record.id).await.unwrap();
    assert_eq!((now.tax_id.as_str(), now.record.admin_verification.as_str()), ("11-2223334", "Approve"));
}

async fn lists_filter_by_tab_and_verification_search_past_two_characters_and_sort(c: Catalogue) {
    let base = setup(&c).await;
    let mut ids = vec![];
    for (k, name) in ["Zeta Aid", "alpha Relief", "Beta Care", "Ábaco Fund"].iter().enumerate() {
        let mut i = base.clone();
        i.profile.charity_name = name.to_string();
        i.tax_id = format!("10000000{k}");
        ids.push(c.create_charity(&i, &Actor::system()).await.unwrap().record.id);
        tokio::time::sleep(std::time::Duration::from_millis(3)).await;
    }
    let names = |rows: Vec<CharityRow>| rows.into_iter().map(|r| r.charity_name).collect::<Vec<_>>();
    let (rows, total) = c.list_charities(&q(false, "Approve", "", "charityName", "asc")).await.unwrap();
    assert_eq!(total, 4);
    assert_eq!(names(rows)[..3], ["alpha Relief", "Beta Care", "Zeta Aid"]);
    // Newest approval first.
    let (rows, _) = c.list_charities(&q(false, "Approve", "", "adminApproveAt", "desc")).await.unwrap();
    assert_eq!(rows[0].id, ids[3]);
    // Search: more than 2 characters, case-insensitive, Unicode-aware; also by Tax ID digits.
    assert_eq!(c.list_charities(&q(false, "", "ab", "", "")).await.unwrap().1, 4, "2 characters do not filter");
    assert_eq!(names(c.list_charities(&q(false, "", "ÁBA", "", "")).await.unwrap().0), ["Ábaco Fund"]);
    assert_eq!(names(c.list_charities(&q(false, "", "RELIEF", "", "")).await.unwrap().0), ["alpha Relief"]);
    assert_eq!(names(c.list_charities(&q(false, "", "10-0000002", "", "")).await.unwrap().0), ["Beta Care"]);
    assert_eq!(c.list_charities(&q(false, "", "10-00000", "", "")).await.unwrap().1, 4, "a Tax ID prefix");
    assert_eq!(c.list_charities(&q(false, "", "1000000021", "", "")).await.unwrap().1, 0, "ten digits are no Tax ID");
    assert_eq!(c.list_charities(&q(false, "", "50%", "", "")).await.unwrap().1, 0, "wildcards are literal");
    assert_eq!(c.list_charities(&q(true, "", "", "", "")).await.unwrap().1, 0, "nothing imported");
    assert_eq!(c.list_charities(&q(false, "Pending", "", "", "")).await.unwrap().1, 0);
    // Paging.
    let mut p2 = q(false, "", "", "charityName", "asc");
    p2.page.page = 2;
    p2.page.limit = 3;
    let (rows, total) = c.list_charities(&p2).await.unwrap();
    assert_eq!((names(rows), total), (vec!["Ábaco Fund".to_string()], 4));
    // Over gRPC, asked as JSON (the BFF passes the page on): the same items written in their
    // REST shape, and none as messages; an empty page is `[]`; unasked, no JSON.
    let ask = |as_json: bool, search: &str| proto::catalogue::v1::ListCharitiesRequest {
        page: Some(proto::common::v1::PageRequest {
            page: 1,
            limit: 10,
            search: search.into(),
            column: "charityName".into(),
            order: "asc".into(),
        }),
        items_as_json: as_json,
        ..Default::default()
    };
    let rpc = |r| async { Rpc::list_charities(&c, tonic::Request::new(r)).await.unwrap().into_inner() };
    let typed = rpc(ask(false, "")).await;
    assert_eq!((typed.total, typed.items.len(), typed.items_json.len()), (4, 4, 0));
    let written = rpc(ask(true, "")).await;
    assert_eq!((written.total, written.items.len()), (4, 0));
    assert_eq!(written.items_json, serde_json::to_vec(&typed.items).unwrap());
    let text = String::from_utf8(written.items_json).unwrap();
    assert!(text.starts_with(r#"[{""#) && text.contains(r#""charityName":"alpha Relief""#), "{text}");
    let nothing = rpc(ask(true, "no such nonprofit")).await;
    assert_eq!((nothing.total, nothing.items_json.as_slice()), (0, b"[]".as_slice()));
    // Bad queries.
    assert!(matches!(c.list_charities(&q(false, "", "", "ein", "")).await, Err(Error::Validation(_))));
    assert!(matches!(c.list_charities(&q(false, "Maybe", "", "", "")).await, Err(Error::Validation(_))));
    // Selects: approved, active, onboarded only.
    c.set_charity_active(&ids[0], false, &Actor::system()).await.unwrap();
    assert_eq!(c.active_charities().await.unwrap().len(), 3);
}

const BMF_HEADER: &str = "EIN,NAME,ICO,STREET,CITY,STATE,ZIP,GROUP,SUBSECTION,AFFILIATION,CLASSIFICATION,RULING,DEDUCTIBILITY,FOUNDATION,ACTIVITY,ORGANIZATION,STATUS,TAX_PERIOD,ASSET_CD,INCOME_CD,FILING_REQ_CD,PF_FILING_REQ_CD,ACCT_PD,ASSET_AMT,INCOME_AMT,REVENUE_AMT,NTEE_CD,SORT_NAME";

fn bmf(rows: &[&str]) -> String {
    let mut s = String::from(BMF_HEADER);
    for r in rows {
        s.push('\n');
        s.push_str(r);
    }
    s.push('\n');
    s
}

fn row(ein: &str, name: &str, city: &str) -> String {
    format!(
        "{ein},{name},% JANE DOE,1 MAIN ST,{city},IL,62701-1234,0000,03,3,1000,199001,1,15,000000000,1,01,202312,0,0,01,0,12,0,0,0,P20,"
    )
}

/// Splits the file into small chunks, as a stream would deliver it.
async fn import(c: &Catalogue, apply: bool, file: &str) -> Result<catalogue::import::ImportSummary, Error> {
    let chunks: Vec<Result<bytes::Bytes, std::io::Error>> =
        file.as_bytes().chunks(7).map(|b| Ok(bytes::Bytes::copy_from_slice(b))).collect();
    c.import_bmf(apply, futures::stream::iter(chunks), &Actor::system()).await
}

async fn a_business_master_file_is_summarised_applied_once_and_onboarded(c: Catalogue) {
    let base = setup(&c).await;
    // An onboarded nonprofit whose EIN is also in the file is never overwritten.
    let onboarded = c.create_charity(&base, &Actor::system()).await.unwrap();
    let file = bmf(&[
        &row("010000001", "FIRST AID SOCIETY", "SPRINGFIELD"),
        &row("010000002", "\"HOPE, FAITH AND CHARITY\"", "PEORIA"),
        &row("12345", "SHORT EIN", "X"),
        &row("010000003", "", "X"),
        &row("010000001", "DUPLICATE", "X"),
        &row("123456789", "WATER FOR ALL", "SPRINGFIELD"),
        "",
    ]);
    let dry = import(&c, false, &file).await.unwrap();
    assert_eq!(
        (
            dry.counts.rows,
            dry.counts.new,
            dry.counts.changed,
            dry.counts.unchanged,
            dry.counts.skipped,
            dry.counts.invalid
        ),
        (6, 2, 0, 0, 1, 3)
    );
    let reasons: Vec<(i64, &str)> = dry.errors.iter().map(|e| (e.row, e.reason.as_str())).collect();
    assert_eq!(
        reasons,
        [
            (4, "EIN must be 9 digits (got '12345')"),
            (5, "NAME is empty"),
            (6, "EIN 010000001 appears earlier in the file")
        ]
    );
    assert_eq!(c.list_charities(&q(true, "", "", "", "")).await.unwrap().1, 0, "a dry run writes nothing");

    let applied = import(&c, true, &file).await.unwrap();
    assert_eq!((applied.counts.new, applied.counts.changed, applied.counts.skipped), (2, 0, 1));
    let (rows, total) = c.list_charities(&q(true, "", "", "charityName", "asc")).await.unwrap();
    assert_eq!(total, 2);
    assert_eq!(rows[1].charity_name, "HOPE, FAITH AND CHARITY");
    assert_eq!(rows[0].tax_id, "01-0000001");
    assert!(rows.iter().all(|r| r.is_imported));
    let first = c.get_charity(&rows[0].id).await.unwrap();
    assert_eq!(
        (
            first.record.profile.city.as_str(),
            first.record.profile.state.as_str(),
            first.record.profile.zip_code.as_str(),
            first.record.ntee_code.as_str()
        ),
        ("SPRINGFIELD", "IL", "62701-1234", "P20")
    );
    assert_eq!(first.record.profile.admin_first_name, "JANE DOE");
    assert_eq!(c.get_charity(&onboarded.record.id).await.unwrap().record.profile.charity_name, "Water For All");

    // The same file again changes nothing; a changed row is counted and written.
    let again = import(&c, true, &file).await.unwrap();
    assert_eq!((again.counts.new, again.counts.changed, again.counts.unchanged), (0, 0, 2));
    let changed = import(&c, true, &bmf(&[&row("010000001", "FIRST AID SOCIETY", "CHICAGO")])).await.unwrap();
    assert_eq!((changed.counts.new, changed.counts.changed), (0, 1));
    assert_eq!(c.get_charity(&rows[0].id).await.unwrap().record.profile.city, "CHICAGO");
    let imported_events = events(&c).await.into_iter().filter(|e| e == "catalogue.charity.imported").count();
    assert_eq!(imported_events, 2, "one event per import that wrote something");

    // Imported ones have no status and no verification until onboarded; editing onboards them.
    assert!(matches!(c.set_charity_active(&rows[0].id, false, &Actor::system()).await, Err(Error::Validation(_))));
    assert!(matches!(
        c.change_verification(&rows[0].id, "Approve", "", &Actor::system()).await,
        Err(Error::Validation(_))
    ));
    let mut onboard = base.clone();
    onboard.profile.charity_name = "First Aid Society".into();
    onboard.tax_id = "01-0000001".into();
    assert!(matches!(c.update_charity(&rows[0].id, &onboard, false, &by("Admin")).await, Err(Error::Validation(_))));
    let o = c.update_charity(&rows[0].id, &onboard, true, &by("Admin")).await.unwrap();
    assert_eq!((o.record.is_imported, o.record.admin_verification.as_str()), (false, "Pending"));
    assert_eq!(c.list_charities(&q(false, "Pending", "", "", "")).await.unwrap().1, 1);
    assert_eq!(c.list_charities(&q(true, "", "", "", "")).await.unwrap().1, 1);
    // Re-importing leaves the onboarded one alone.
    let after = import(&c, true, &file).await.unwrap();
    assert_eq!((after.counts.skipped, after.counts.changed), (2, 0));
    assert_eq!(c.get_charity(&o.record.id).await.unwrap().record.profile.charity_name, "First Aid Society");
}

async fn a_file_that_is_not_a_business_master_file_is_refused_whole(c: Catalogue) {
    for (file, msg) in [
        ("", "The file is empty"),
        ("name,email\nx,y\n", "The file is not a Business Master File: missing column EIN, STREET, CITY, STATE, ZIP"),
        (&format!("{BMF_HEADER}\n"), "The file has no rows"),
    ] {
        let e = import(&c, true, file).await.unwrap_err();
        assert_eq!(message_of(e, "file"), msg);
    }
    assert_eq!(c.list_charities(&q(true, "", "", "", "")).await.unwrap().1, 0);
}

#[test]
fn tax_ids_and_zip_codes_are_recognised() {
    use common::rules::{TaxId, Zip};
    assert_eq!(TaxId::new("12-3456789").map(TaxId::into_string).as_deref(), Some("123456789"));
    assert_eq!(TaxId::new(" 123456789 ").map(TaxId::into_string).as_deref(), Some("123456789"));
    for bad in ["1-23456789", "12-34567890", "abcdefghi", "12345678", ""] {
        assert_eq!(TaxId::new(bad), None, "{bad}");
    }
    for good in ["62701", "62701-1234", "627011234"] {
        assert!(Zip::new(good).is_some(), "{good}");
    }
    for bad in ["6270", "62701-123", "ABCDE", "62701 1234"] {
        assert!(Zip::new(bad).is_none(), "{bad}");
    }
    assert_eq!(
        charity::sanitize_html("<a href=\"mailto:a@b.org\" onclick=\"x()\">m</a>"),
        "<a href=\"mailto:a@b.org\" rel=\"noopener noreferrer\">m</a>"
    );
}

/// Every page of a list, `limit` rows at a time, through the catalogue.
async fn all_pages(c: &Catalogue, query: &ListQuery, limit: i64) -> (Vec<String>, i64) {
    let (mut ids, mut total) = (vec![], 0);
    for page in 1.. {
        let (rows, t) = c
            .list_charities(&ListQuery { page: Page { page, limit, ..query.page.clone() }, ..query.clone() })
            .await
            .unwrap();
        total = t;
        if rows.is_empty() {
            break;
        }
        ids.extend(rows.into_iter().map(|r| r.id));
    }
    (ids, total)
}

async fn deep_pages_and_searches_from_kept_positions_match_the_plain_order_and_follow_changes(plain: Catalogue) {
    use catalogue::list_cache::ListCache;
    // Small limits so that 150 rows exercise every path: pages read by id (20 rows or fewer),
    // pages that seek from every 7th row's position, and OFFSET where NULLs forbid seeking.
    let c = Catalogue { lists: std::sync::Arc::new(ListCache::with_limits(20, 7)), ..plain.clone() };
    let words = ["HOPE", "RELIEF", "ANIMAL", "WATER", "ARTS"];
    let rows: Vec<String> = (0..150)
        .map(|i| row(&format!("{:09}", 300_000_000 + i), &format!("{} FUND {i}", words[i * 7 % 5]), "X"))
        .collect();
    import(&c, true, &bmf(&rows.iter().map(String::as_str).collect::<Vec<_>>())).await.unwrap();
    // Half onboarded and approved, approval times in neither name nor creation order (some equal).
    sqlx::query(
        "UPDATE charities SET is_imported = $1, admin_verification = 'Approve', \
         admin_approve_at = 1600000000000 + (CAST(SUBSTR(ein, 7, 3) AS BIGINT) * 37) % 50 \
         WHERE CAST(SUBSTR(ein, 9, 1) AS INTEGER) % 2 = 0",
    )
    .bind(false)
    .execute(&c.db.pool)
    .await
    .unwrap();
    let lists = [
        q(true, "", "", "charityName", "asc"),
        q(true, "", "", "charityName", "desc"),
        q(true, "", "", "", ""),
        q(true, "", "", "adminApproveAt", "asc"),
        q(false, "Approve", "", "adminApproveAt", "desc"),
        q(false, "Approve", "", "adminApproveAt", "asc"),
        q(false, "", "", "adminApproveAt", "desc"),
        q(true, "", "fund 1", "charityName", "asc"),
        q(true, "", "fund 14", "charityName", "desc"),
        q(false, "Approve", "relief", "adminApproveAt", "desc"),
    ];
    same_as_plain(&plain, &c, &lists).await;
    assert!(!c.lists.positions.is_empty(), "deep pages kept positions");
    // A change to a list's rows moves the version: pages and totals follow at once.
    let version = |c: &Catalogue| {
        let pool = c.db.pool.clone();
        async move { sqlx::query_scalar::<_, i64>("SELECT v FROM charity_list_version").fetch_one(&pool).await.unwrap() }
    };
    let (first, _) = c.list_charities(&q(true, "", "", "charityName", "asc")).await.unwrap();
    let (onboarded, _) = c.list_charities(&q(false, "Approve", "", "adminApproveAt", "desc")).await.unwrap();
    let before = version(&c).await;
    c.set_charity_active(&onboarded[1].id, false, &Actor::system()).await.unwrap();
    assert_eq!(version(&c).await, before, "a status change moves no list");
    // A searched page asked again is read by the ids kept for it, so its rows are as they are
    // now: the status change shows on it though the list did not move.
    assert!(!c.lists.pages.is_empty(), "searched pages kept their ids");
    let searched = q(false, "Approve", "fund", "adminApproveAt", "desc");
    let (page, _) = c.list_charities(&searched).await.unwrap();
    c.set_charity_active(&page[0].id, !page[0].is_active, &Actor::system()).await.unwrap();
    let (again, _) = c.list_charities(&searched).await.unwrap();
    assert_eq!(again.iter().map(|r| &r.id).collect::<Vec<_>>(), page.iter().map(|r| &r.id).collect::<Vec<_>>());
    assert_eq!(again[0].is_active, !page[0].is_active, "the kept page's row is read as it is now");
    c.delete_charity(&first[0].id, &Actor::system()).await.unwrap();
    c.change_verification(&onboarded[0].id, charity::REJECT, "Duplicate", &Actor::system()).await.unwrap();
    sqlx::query("UPDATE charities SET charity_name = 'AAA FUND 1 RENAMED', name_key = 'aaa fund 1 renamed' WHERE ein = '300000147'")
        .execute(&c.db.pool)
        .await
        .unwrap();
    assert!(version(&c).await > before);
    same_as_plain(&plain, &c, &lists).await;
}

/// Every page of each list, at two page sizes, holds the rows of one plain ORDER BY … OFFSET 0
/// read, filtered by the search in Rust, and the total counts them.
async fn same_as_plain(plain: &Catalogue, c: &Catalogue, lists: &[ListQuery]) {
    for list in lists {
        let (expected, n) = plain
            .list_charities(&ListQuery {
                page: Page { page: 1, limit: 1000, search: String::new(), ..list.page.clone() },
                ..list.clone()
            })
            .await
            .unwrap();
        let search = list.page.search.to_lowercase();
        let all: Vec<String> =
            expected.into_iter().filter(|r| r.charity_name.to_lowercase().contains(&search)).map(|r| r.id).collect();
        assert!(
            !all.is_empty() && (search.is_empty() || all.len() < n as usize),
            "{list:?}: a test list must hold rows"
        );
        for limit in [3, 10] {
            let (ids, total) = all_pages(c, list, limit).await;
            assert_eq!(total, all.len() as i64, "{list:?} limit {limit}: total");
            assert_eq!(ids, all, "{list:?} limit {limit}: rows");
        }
    }
}

/// Search everywhere (issue 36): every list's nonprofits by the start of their Tax ID (with or
/// without its dash) and by a name that contains the query (from 3 characters, wildcards taken
/// as characters); Tax ID matches first, each nonprofit once, at most the limit.
async fn nonprofits_are_found_by_tax_id_prefix_and_by_name(c: Catalogue) {
    let base = setup(&c).await;
    let onboarded = c.create_charity(&base, &Actor::system()).await.unwrap();
    let file = bmf(&[
        &row("123450001", "WATERSHED 100% TRUST", "SPRINGFIELD"),
        &row("123460002", "HOPE_FUND", "PEORIA"),
        &row("987654321", "RIVER WATER FRIENDS", "PEORIA"),
    ]);
    import(&c, true, &file).await.unwrap();
    let find = |q: &'static str, limit: i32| {
        let c = c.clone();
        async move {
            let f = common::find::Find::parse(q, limit).unwrap();
            c.find_charities(&f).await.unwrap().into_iter().map(|r| r.charity_name).collect::<Vec<_>>()
        }
    };
    // Tax IDs: onboarded and imported alike, in Tax ID order, shown with the dash.
    assert_eq!(find("12-34", 5).await, ["WATERSHED 100% TRUST", "Water For All", "HOPE_FUND"]);
    assert_eq!(find("12345", 5).await, ["WATERSHED 100% TRUST", "Water For All"]);
    assert_eq!(find("123456789", 5).await, ["Water For All"]);
    assert_eq!(find("98", 5).await, ["RIVER WATER FRIENDS"]);
    let f = common::find::Find::parse("12-3456789", 5).unwrap();
    assert_eq!(c.find_charities(&f).await.unwrap()[0].tax_id, "12-3456789");
    assert_eq!(c.find_charities(&f).await.unwrap()[0].id, onboarded.record.id);
    // Names contain the query from 3 characters, in any case.
    let mut water = find("water", 5).await;
    water.sort();
    assert_eq!(water, ["RIVER WATER FRIENDS", "WATERSHED 100% TRUST", "Water For All"]);
    assert_eq!(find("WaTeR", 2).await.len(), 2, "the limit");
    assert_eq!(find("wa", 5).await, Vec::<String>::new(), "two letters name no nonprofit");
    // Wildcards are characters.
    assert_eq!(find("0% t", 5).await, ["WATERSHED 100% TRUST"]);
    assert_eq!(find("e_f", 5).await, ["HOPE_FUND"]);
    assert_eq!(find("r%w", 5).await, Vec::<String>::new());
    assert_eq!(find("e_w", 5).await, Vec::<String>::new());
    // Deleted: gone.
    c.delete_charity(&onboarded.record.id, &Actor::system()).await.unwrap();
    assert_eq!(find("12-3456", 5).await, Vec::<String>::new());
}

/// The service under test over a fresh database.
fn catalogue(db: common::db::Db) -> Catalogue {
    Catalogue::new(db, None)
}

// Every test body runs on a fresh SQLite database and on a fresh PostgreSQL one
// (TEST_DATABASE_URL), the one way of common::testing.
/// Issue 34: a category or a cause a nonprofit uses is not deleted (the catalogue's own check,
/// in the write that would delete); once none uses it, it goes.
async fn a_term_a_nonprofit_uses_is_not_deleted(c: Catalogue) {
    let input = setup(&c).await;
    let (category, cause) = (input.profile.category_id.clone(), input.profile.cause_ids[0].clone());
    let n = c.create_charity(&input, &Actor::system()).await.unwrap();
    let other_cause = c.create(Kind::Cause, "Wells", "", &Actor::system()).await.unwrap();
    // A cause id that is a prefix of another's is not counted for it.
    assert_eq!(c.usage("cause", &other_cause.id).await.unwrap(), vec![]);
    assert_eq!(c.usage("category", &category).await.unwrap(), vec![("1 nonprofit".to_string(), 1)]);
    assert_eq!(c.usage("cause", &cause).await.unwrap(), vec![("1 nonprofit".to_string(), 1)]);
    for (kind, id, what) in [(Kind::Category, &category, "category"), (Kind::Cause, &cause, "cause")] {
        match c.delete(kind, id, &Actor::system()).await {
            Err(Error::Conflict(m)) => {
                assert_eq!(m, format!("This {what} is still used by 1 nonprofit. Deactivate it instead."))
            }
            other => panic!("expected a refusal, got {other:?}"),
        }
        assert!(c.get(kind, id).await.is_ok(), "{what} kept");
    }
    c.delete_charity(&n.record.id, &Actor::system()).await.unwrap();
    c.delete(Kind::Category, &category, &Actor::system()).await.unwrap();
    c.delete(Kind::Cause, &cause, &Actor::system()).await.unwrap();
}

common::on_both_backends! { MIGRATIONS, catalogue;
    nonprofits_are_found_by_tax_id_prefix_and_by_name => nonprofits_are_found_by_tax_id_prefix_and_by_name_on_sqlite, nonprofits_are_found_by_tax_id_prefix_and_by_name_on_postgres;
    a_term_a_nonprofit_uses_is_not_deleted => a_term_a_nonprofit_uses_is_not_deleted_on_sqlite, a_term_a_nonprofit_uses_is_not_deleted_on_postgres;
    a_trashed_nonprofit_leaves_every_list_and_comes_back_unless_a_rule_refuses => a_trashed_nonprofit_leaves_every_list_and_comes_back_unless_a_rule_refuses_on_sqlite, a_trashed_nonprofit_leaves_every_list_and_comes_back_unless_a_rule_refuses_on_postgres;
    every_field_is_checked_with_a_clear_message_and_nothing_is_written => every_field_is_checked_with_a_clear_message_and_nothing_is_written_on_sqlite, every_field_is_checked_with_a_clear_message_and_nothing_is_written_on_postgres;
    a_nonprofit_is_added_approved_with_sanitised_text_and_only_four_account_digits => a_nonprofit_is_added_approved_with_sanitised_text_and_only_four_account_digits_on_sqlite, a_nonprofit_is_added_approved_with_sanitised_text_and_only_four_account_digits_on_postgres;
    status_verification_update_and_delete_follow_the_lifecycle_with_events => status_verification_update_and_delete_follow_the_lifecycle_with_events_on_sqlite, status_verification_update_and_delete_follow_the_lifecycle_with_events_on_postgres;
    a_nonprofit_admin_changing_tax_id_or_payment_methods_sends_it_back_to_pending => a_nonprofit_admin_changing_tax_id_or_payment_methods_sends_it_back_to_pending_on_sqlite, a_nonprofit_admin_changing_tax_id_or_payment_methods_sends_it_back_to_pending_on_postgres;
    lists_filter_by_tab_and_verification_search_past_two_characters_and_sort => lists_filter_by_tab_and_verification_search_past_two_characters_and_sort_on_sqlite, lists_filter_by_tab_and_verification_search_past_two_characters_and_sort_on_postgres;
    a_business_master_file_is_summarised_applied_once_and_onboarded => a_business_master_file_is_summarised_applied_once_and_onboarded_on_sqlite, a_business_master_file_is_summarised_applied_once_and_onboarded_on_postgres;
    a_file_that_is_not_a_business_master_file_is_refused_whole => a_file_that_is_not_a_business_master_file_is_refused_whole_on_sqlite, a_file_that_is_not_a_business_master_file_is_refused_whole_on_postgres;
    deep_pages_and_searches_from_kept_positions_match_the_plain_order_and_follow_changes => deep_pages_and_searches_from_kept_positions_match_the_plain_order_and_follow_changes_on_sqlite, deep_pages_and_searches_from_kept_positions_match_the_plain_order_and_follow_changes_on_postgres;
}
