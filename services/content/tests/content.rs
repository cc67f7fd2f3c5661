//! The content service on SQLite and on PostgreSQL: page revisions and restores, FAQ
//! categories and FAQs, contact messages, and the rich-text cleaner against real payloads.

use common::Actor;
use common::error::Error;
use common::paging::Page;
use content::app::MIGRATIONS;
use content::contacts::ContactInput;
use content::faqs::FaqInput;
use content::leadership::LeadershipInput;
use content::service::Content;
use serde_json::{Value, json};

fn content(db: common::db::Db) -> Content {
    Content::new(db, None)
}

fn admin() -> Actor {
    Actor::new("a1", "Admin", "127.0.0.1")
}

fn message(e: Error) -> String {
    match e {
        Error::Validation(v) => v[0].message.clone(),
        other => other.to_string(),
    }
}

fn q(page: i64, limit: i64) -> Page {
    Page { page, limit, ..Default::default() }
}

async fn events(c: &Content) -> Vec<String> {
    sqlx::query_scalar("SELECT event_type FROM outbox ORDER BY created_at, id").fetch_all(&c.db.pool).await.unwrap()
}

fn doc(p: &content::pages_store::PageRow) -> Value {
    serde_json::from_str(&p.document).unwrap()
}

/// Real XSS payloads; none may survive the cleaner in an executable form.
const XSS: [&str; 12] = [
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    "<img src=x onerror=alert(1)>",
    "<body onload=alert(1)>",
    "<a href=\"javascript:alert(1)\">x</a>",
    "<a href=\"  JaVaScRiPt:alert(1)\">x</a>",
    "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
    "<svg onload=alert(1)><circle r=\"1\"/></svg>",
    "<p style=\"width:expression(alert(1));background:url(javascript:alert(1))\">s</p>",
    "<iframe src=\"https://evil.example\"></iframe>",
    "<div onmouseover=\"alert(1)\">hover</div>",
    "<object data=\"x.swf\"></object><embed src=\"x.swf\"><form action=\"javascript:alert(1)\"><input></form>",
];

#[test]
fn the_cleaner_leaves_every_xss_payload_harmless() {
    for p in XSS {
        let clean = common::rich_text::sanitize_html(p).to_lowercase();
        for bad in [
            "<script",
            "onerror",
            "onload",
            "onmouseover",
            "javascript:",
            "data:text",
            "<iframe",
            "<svg",
            "expression(",
            "style=",
            "<object",
            "<embed",
            "<form",
        ] {
            assert!(!clean.contains(bad), "{bad} survived in {clean} (from {p})");
        }
    }
    assert_eq!(
        common::rich_text::sanitize_html("<p>Hi <b>there</b> <a href=\"https://x.org\">x</a></p>"),
        "<p>Hi <b>there</b> <a href=\"https://x.org\" rel=\"noopener noreferrer\">x</a></p>"
    );
}

async fn pages_keep_every_save_as_a_revision_and_restore_them(c: Content) {
    let a = admin();
    let p = c.page("homepage", "").await.unwrap();
    assert_eq!(p.revision, 0);
    let home = |title: &str| {
        json!({ "heroTitle": title, "ctaText": "Give", "ctaLink": "https://give.example.org" }).to_string()
    };
    let p1 = c.save_page("homepage", "", &home("One"), &a).await.unwrap();
    assert_eq!((p1.revision, p1.updated_by.as_str()), (1, "a1"));
    // The same content again: no revision, no event.
    let same = c.save_page("homepage", "", &home("One"), &a).await.unwrap();
    assert_eq!(same.revision, 1);
    c.save_page("homepage", "", &home("Two"), &a).await.unwrap();
    assert_eq!(events(&c).await, ["content.page.published", "content.page.published"]);

    let (revs, total) = c.revisions("homepage", &q(1, 10)).await.unwrap();
    assert_eq!(total, 2);
    assert_eq!(revs.iter().map(|r| r.number).collect::<Vec<_>>(), [2, 1]);
    assert!(revs[0].document.is_empty(), "lists carry no document");
    let first = c.revision(&revs[1].id).await.unwrap();
    assert_eq!(serde_json::from_str::<Value>(&first.document).unwrap()["heroTitle"], "One");

    let restored = c.restore(&first.id, &a).await.unwrap();
    assert_eq!(restored.revision, 3);
    assert_eq!(doc(&restored)["heroTitle"], "One");
    let (revs, _) = c.revisions("homepage", &q(1, 10)).await.unwrap();
    assert_eq!(revs[0].restored_from, Some(1));
    assert_eq!(events(&c).await.last().unwrap(), "content.page.restored");

    // Bad input changes nothing.
    assert_eq!(
        message(c.save_page("homepage", "", &json!({ "heroTitle": " " }).to_string(), &a).await.unwrap_err()),
        "Please enter Hero Title"
    );
    let bad_link = json!({ "heroTitle": "x", "ctaText": "Go", "ctaLink": "javascript:alert(1)" }).to_string();
    assert_eq!(message(c.save_page("homepage", "", &bad_link, &a).await.unwrap_err()), "Please enter valid link");
    assert_eq!(c.page("homepage", "").await.unwrap().revision, 3);
    assert_eq!(message(c.page("elsewhere", "").await.unwrap_err()), "Page not found");

    // The CMS pages are seeded; their content is cleaned.
    let privacy = c.page("privacy_policy", "").await.unwrap();
    assert_eq!(doc(&privacy)["title"], "Privacy Policy");
    let body = json!({ "title": "Privacy", "content": XSS.join("") + "<p>kept</p>" }).to_string();
    let saved = c.save_page("", &privacy.id, &body, &a).await.unwrap();
    let content = doc(&saved)["content"].as_str().unwrap().to_lowercase();
    assert!(
        content.contains("<p>kept</p>")
            && !content.contains("<script")
            && !content.contains("onerror")
            && !content.contains("javascript:")
    );
    let empty = json!({ "title": "Privacy", "content": "<p>&nbsp;</p><script>x()</script>" }).to_string();
    assert_eq!(message(c.save_page("", &privacy.id, &empty, &a).await.unwrap_err()), "Please enter Content");
    // The giving-partner page turns &nbsp; into spaces.
    let gp = c
        .save_page("giving_partner", "", &json!({ "content": "<p>Join&nbsp;us</p>", "image": "x.png" }).to_string(), &a)
        .await
        .unwrap();
    assert_eq!(doc(&gp)["content"], "<p>Join us</p>");
}

async fn parallel_saves_of_one_page_keep_every_revision_with_distinct_numbers(c: Content) {
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..8 {
        let c = c.clone();
        tasks.spawn(async move {
            let body = json!({ "content": format!("<p>Version {i}</p>"), "images": [] }).to_string();
            c.save_page("about_us", "", &body, &admin()).await.unwrap()
        });
    }
    while let Some(r) = tasks.join_next().await {
        r.unwrap();
    }
    let (revs, total) = c.revisions("about_us", &q(1, 100)).await.unwrap();
    assert_eq!(total, 8);
    let mut numbers: Vec<i64> = revs.iter().map(|r| r.number).collect();
    numbers.sort();
    assert_eq!(numbers, (1..=8).collect::<Vec<_>>());
    assert_eq!(c.page("about_us", "").await.unwrap().revision, 8);
}

/// Search everywhere (issue 36): FAQs whose question contains the query (any case, wildcards as
/// characters), active or not, by question, with their category; at most the limit.
async fn faqs_are_found_by_their_question(c: Content) {
    let a = admin();
    let cat = c.create_category("Giving", "", &a).await.unwrap();
    for (question, is_active) in
        [("How do I give?", true), ("Can I give 100% online?", false), ("Where does my gift go?", true)]
    {
        let faq = FaqInput {
            category_id: cat.id.clone(),
            question: question.into(),
            answer: "<p>So</p>".into(),
            order: 0,
            is_active,
        };
        c.create_faq(&faq, &a).await.unwrap();
    }
    let find = |q: &'static str, limit: i32| {
        let c = c.clone();
        async move {
            let found = c.find_faqs(&common::find::Find::parse(q, limit).unwrap()).await.unwrap();
            assert!(found.iter().all(|f| f.category_name == "Giving"));
            found.into_iter().map(|f| f.question).collect::<Vec<_>>()
        }
    };
    assert_eq!(find("GIVE", 5).await, ["Can I give 100% online?", "How do I give?"]);
    assert_eq!(find("give", 1).await, ["Can I give 100% online?"]);
    assert_eq!(find("0% o", 5).await, ["Can I give 100% online?"]);
    assert_eq!(find("i%g", 5).await, Vec::<String>::new());
    assert_eq!(find("gift", 5).await, ["Where does my gift go?"]);
}

async fn a_category_holding_faqs_is_not_deleted(c: Content) {
    let a = admin();
    let cat = c.create_category("Giving", "About giving", &a).await.unwrap();
    assert_eq!(message(c.create_category(" giving ", "", &a).await.unwrap_err()), "Category already exists");
    assert_eq!(message(c.create_category("  ", "", &a).await.unwrap_err()), "Please enter valid Name");
    let faq = FaqInput {
        category_id: cat.id.clone(),
        question: "How?".into(),
        answer: "<p>So</p><img src=x onerror=alert(1)>".into(),
        order: 0,
        is_active: true,
    };
    let f = c.create_faq(&faq, &a).await.unwrap();
    assert_eq!(f.category_name, "Giving");
    assert!(!f.answer.contains("onerror"));
    assert_eq!(
        message(c.create_faq(&FaqInput { category_id: "nope".into(), ..faq.clone() }, &a).await.unwrap_err()),
        "Please select valid Category"
    );

    let err = c.delete_category(&cat.id, &a).await.unwrap_err();
    assert!(
        matches!(err, Error::Conflict(ref m) if m == "This category still has FAQs. Delete or move them first."),
        "{err:?}"
    );
    assert_eq!(c.category(&cat.id).await.unwrap().faq_count, 1);
    let public = c.public_faq().await.unwrap();
    assert_eq!((public.len(), public[0].faqs.len()), (1, 1));
    c.delete_faq(&f.id, &a).await.unwrap();
    c.delete_category(&cat.id, &a).await.unwrap();
    assert_eq!(message(c.category(&cat.id).await.unwrap_err()), "FAQ category not found");
    assert_eq!(
        events(&c).await,
        ["content.faq_category.created", "content.faq.created", "content.faq.trashed", "content.faq_category.trashed"]
    );
}

fn trash_query(search: &str) -> common::trash::Query {
    common::trash::query(vec![], search, "", "", 100, 0).unwrap()
}

/// Every delete moves its record to the trash: gone from the lists, counts and public answers,
/// back whole (counts included) on restore, refused where a rule another record took since
/// would break, and gone for good on purge; each step with its event.
async fn deletes_go_to_the_trash_and_come_back_whole(c: Content) {
    let a = admin();
    let sub = Actor::new("s1", "Sub Admin", "10.0.0.2");
    let cat = c.create_category("Giving", "About giving", &a).await.unwrap();
    let faq = FaqInput {
        category_id: cat.id.clone(),
        question: "How?".into(),
        answer: "<p>So</p>".into(),
        order: 0,
        is_active: true,
    };
    let f = c.create_faq(&faq, &a).await.unwrap();
    let l = c
        .create_leadership(
            &LeadershipInput {
                name: "Ada".into(),
                title: "Chair".into(),
                photo: "p.png".into(),
                biography: String::new(),
                order: 0,
                is_active: true,
            },
            &a,
        )
        .await
        .unwrap();
    let public = Actor::new("", "public", "203.0.113.9");
    let input = ContactInput {
        name: "Eve".into(),
        email: "eve@example.org".into(),
        phone_number: String::new(),
        subject: "Hi".into(),
        message: "Hello".into(),
    };
    let m = c.submit_contact(&input, &public).await.unwrap();
    c.open_contact(&m.id, &a).await.unwrap();

    c.delete_faq(&f.id, &sub).await.unwrap();
    c.delete_leadership(&l.id, &sub).await.unwrap();
    c.delete_contact(&m.id, &sub).await.unwrap();
    assert_eq!(message(c.faq(&f.id).await.unwrap_err()), "FAQ not found");
    assert_eq!(c.category(&cat.id).await.unwrap().faq_count, 0, "a trashed FAQ no longer holds its category");
    assert!(c.public_faq().await.unwrap().is_empty());
    assert!(c.active_leadership().await.unwrap().is_empty());
    assert_eq!(c.list_leadership(&q(1, 10), None).await.unwrap().1, 0);
    assert_eq!(c.list_contacts(&q(1, 10), None).await.unwrap().1, 0);
    assert_eq!(c.list_contacts(&q(1, 10), Some(true)).await.unwrap().1, 0, "the kept read count moved");
    assert_eq!(message(c.delete_faq(&f.id, &a).await.unwrap_err()), "FAQ not found", "deleted once");

    let (items, total) = c.list_trash(&trash_query("")).await.unwrap();
    assert_eq!(total, 3);
    assert!(items.windows(2).all(|w| w[0].deleted_at >= w[1].deleted_at), "newest first");
    let mut names: Vec<_> = items.iter().map(|e| (e.module.as_str(), e.name.as_str())).collect();
    names.sort();
    assert_eq!(
        names,
        [("/category/FAQ", "How?"), ("/category/contact_form", "Eve: Hi"), ("/content_management/leadership", "Ada")]
    );
    assert!(items.iter().all(|e| e.deleted_by == sub && e.deleted_at > 0));
    assert_eq!(c.list_trash(&trash_query("ADA")).await.unwrap().1, 1);

    // The category goes to the trash too; its FAQ waits for it.
    c.delete_category(&cat.id, &a).await.unwrap();
    let Error::Conflict(m2) = c.restore_trashed("/category/FAQ", &f.id, &a).await.unwrap_err() else { panic!() };
    assert_eq!(m2, "This FAQ's category is not there: restore its category first");
    // Another category took the name meanwhile: the restore is refused, nothing changes.
    let other = c.create_category("giving ", "", &a).await.unwrap();
    let Error::Conflict(m3) = c.restore_trashed("/category", &cat.id, &a).await.unwrap_err() else { panic!() };
    assert_eq!(m3, "Another FAQ category has this name now: rename it, then restore this one");
    assert_eq!(c.list_trash(&trash_query("")).await.unwrap().1, 4, "a refused restore keeps the entry");
    c.update_category(&other.id, "Other", None, None, &a).await.unwrap();
    c.restore_trashed("/category", &cat.id, &a).await.unwrap();
    c.restore_trashed("/category/FAQ", &f.id, &a).await.unwrap();
    c.restore_trashed("/category/contact_form", &m.id, &a).await.unwrap();
    assert_eq!(c.faq(&f.id).await.unwrap().category_name, "Giving");
    assert_eq!(c.category(&cat.id).await.unwrap().faq_count, 1);
    assert_eq!(c.public_faq().await.unwrap()[0].faqs.len(), 1);
    let back = c.open_contact(&m.id, &a).await.unwrap();
    assert!(back.is_read, "comes back as it was");
    assert_eq!(c.list_contacts(&q(1, 10), Some(true)).await.unwrap().1, 1, "counts included");
    assert_eq!(message(c.restore_trashed("/category/FAQ", &f.id, &a).await.unwrap_err()), common::trash::NOT_IN_TRASH);

    // Purge: gone for good, with the deleted event; a purged record cannot come back.
    let e = c.purge_trashed("/content_management/leadership", &l.id, &a).await.unwrap();
    assert_eq!(e.name, "Ada");
    assert_eq!(
        message(c.restore_trashed("/content_management/leadership", &l.id, &a).await.unwrap_err()),
        common::trash::NOT_IN_TRASH
    );
    assert_eq!(message(c.leadership(&l.id).await.unwrap_err()), "Leadership not found");
    assert_eq!(c.list_trash(&trash_query("")).await.unwrap().1, 0);
    assert_eq!(
        message(c.restore_trashed("/donor", &l.id, &a).await.unwrap_err()),
        common::trash::NOT_IN_TRASH,
        "not this service's module"
    );
    let evs = events(&c).await;
    for key in [
        "content.faq.trashed",
        "content.faq.restored",
        "content.leadership.trashed",
        "content.leadership.deleted",
        "content.contact.trashed",
        "content.contact.restored",
        "content.faq_category.restored",
    ] {
        assert!(evs.iter().any(|e| e == key), "{key} in {evs:?}");
    }
    assert!(!evs.iter().any(|e| e == "content.faq.deleted"), "a restored FAQ was never deleted for good");
}

/// Two restores of one record at once: one restores it, the other finds it gone from the
/// trash; the record is back once.
async fn parallel_restores_of_one_record_restore_it_once(c: Content) {
    let a = admin();
    let cat = c.create_category("Once", "", &a).await.unwrap();
    c.delete_category(&cat.id, &a).await.unwrap();
    let (one, two) =
        tokio::join!(c.restore_trashed("/category", &cat.id, &a), c.restore_trashed("/category", &cat.id, &a));
    assert_eq!([one.is_ok(), two.is_ok()].iter().filter(|ok| **ok).count(), 1, "{one:?} {two:?}");
    assert_eq!(c.list_categories(&q(1, 10)).await.unwrap().1, 1);
}

/// Every `_trash` twin has its table's columns in the same order.
async fn every_trash_twin_matches_its_table(c: Content) {
    let wrong = common::trash::twin_mismatches(&mut c.db.pool.acquire().await.unwrap()).await.unwrap();
    assert!(wrong.is_empty(), "{wrong:?}");
}

async fn leadership_lists_by_order_and_searches_name_or_title(c: Content) {
    let a = admin();
    let l = |name: &str, title: &str, order: i64, active: bool| LeadershipInput {
        name: name.into(),
        title: title.into(),
        photo: "p.png".into(),
        biography: "<p>Bio</p><script>x()</script>".into(),
        order,
        is_active: active,
    };
    let ada = c.create_leadership(&l("Ada", "Chair", 2, true), &a).await.unwrap();
    assert_eq!(ada.fields.biography, "<p>Bio</p>");
    c.create_leadership(&l("Bo", "CEO", 1, false), &a).await.unwrap();
    let (page, total) = c.list_leadership(&q(1, 10), None).await.unwrap();
    assert_eq!((total, page[0].fields.name.as_str()), (2, "Bo"));
    let (page, _) = c.list_leadership(&Page { search: "CHAIR".into(), ..q(1, 10) }, Some(true)).await.unwrap();
    assert_eq!(page.len(), 1);
    assert_eq!(message(c.create_leadership(&l("N", "T", -1, true), &a).await.unwrap_err()), "Please enter valid Order");
    assert_eq!(
        message(
            c.create_leadership(&LeadershipInput { photo: String::new(), ..l("N", "T", 0, true) }, &a)
                .await
                .unwrap_err()
        ),
        "Please upload Photo"
    );
}

async fn a_contact_message_is_marked_read_once_and_throttled_per_address(c: Content) {
    let public = Actor::new("", "public", "203.0.113.9");
    let input = |subject: &str| ContactInput {
        name: "Pat".into(),
        email: "pat@example.org".into(),
        phone_number: String::new(),
        subject: subject.into(),
        message: "Hello".into(),
    };
    let m = c.submit_contact(&input("Volunteering"), &public).await.unwrap();
    assert!(!m.is_read);
    // Its event names the public actor and its address.
    let body: String = sqlx::query_scalar("SELECT body FROM outbox WHERE event_type = 'content.contact.received'")
        .fetch_one(&c.db.pool)
        .await
        .unwrap();
    let event: common::bus::Event = serde_json::from_str(&body).unwrap();
    assert_eq!(
        (event.actor.account_type.as_str(), event.actor.address.as_str(), event.actor.id.as_str()),
        ("public", "203.0.113.9", "")
    );
    assert_eq!(event.payload["id"], m.id.as_str());
    assert_eq!(
        message(c.submit_contact(&ContactInput { email: "nope".into(), ..input("x") }, &public).await.unwrap_err()),
        "Please enter valid email address."
    );
    assert_eq!(
        message(
            c.submit_contact(&ContactInput { message: "m".repeat(5001), ..input("x") }, &public).await.unwrap_err()
        ),
        "Message must be at most 5000 characters"
    );

    let first = c.open_contact(&m.id, &admin()).await.unwrap();
    assert!(first.is_read);
    assert_eq!(first.read_by, "a1");
    let again = c.open_contact(&m.id, &Actor::new("a2", "Sub Admin", "")).await.unwrap();
    assert_eq!((again.read_by.as_str(), again.read_at), ("a1", first.read_at), "the first reading stays");
    let read_events = events(&c).await.iter().filter(|e| *e == "content.contact.read").count();
    assert_eq!(read_events, 1);

    for i in 0..4 {
        c.submit_contact(&input(&format!("More {i}")), &public).await.unwrap();
    }
    let err = c.submit_contact(&input("Sixth"), &public).await.unwrap_err();
    assert!(
        matches!(err, Error::TooManyAttempts(ref m, secs) if m == "Too many messages. Please try again later." && secs > 0),
        "{err:?}"
    );
    c.submit_contact(&input("Another address"), &Actor::new("", "public", "203.0.113.10")).await.unwrap();

    let (page, total) = c.list_contacts(&q(1, 10), Some(false)).await.unwrap();
    assert_eq!((total, page[0].subject.as_str()), (5, "Another address"));
    // Totals without a search come from the kept counts.
    assert_eq!(c.list_contacts(&q(1, 10), None).await.unwrap().1, 6);
    assert_eq!(c.list_contacts(&q(1, 10), Some(true)).await.unwrap().1, 1);
    assert_eq!(
        c.list_contacts(&q(9, 10), None).await.unwrap(),
        (vec![], 6),
        "a page past the end still tells the total"
    );
    let (_, total) = c.list_contacts(&Page { search: "VOLUNT".into(), ..q(1, 10) }, None).await.unwrap();
    assert_eq!(total, 1);
    // Searches: anywhere in the name, email or subject (SQLite: its trigram index from three
    // characters, a scan below that or with a wildcard character, searched literally).
    let search = |text: &str, read: Option<bool>| {
        let c = c.clone();
        let text = text.to_string();
        async move {
            let (page, total) = c.list_contacts(&Page { search: text, ..q(1, 10) }, read).await.unwrap();
            (page.into_iter().map(|m| m.subject).collect::<Vec<_>>(), total)
        }
    };
    assert_eq!(search("more 2", None).await, (vec!["More 2".to_string()], 1));
    assert_eq!(search("ORE", None).await.1, 4);
    assert_eq!(search("xample.o", None).await.1, 6, "inside the email");
    assert_eq!(search("vol", Some(true)).await.1, 1, "with the read filter");
    assert_eq!(search("vol", Some(false)).await.1, 0);
    assert_eq!(search("mo", None).await.1, 4, "two characters");
    assert_eq!(search("mo%", None).await.1, 0, "a wildcard is a character");
    assert_eq!(search("nothing like it", None).await, (vec![], 0));
    let (page, _) =
        c.list_contacts(&Page { column: "subject".into(), order: "asc".into(), ..q(1, 10) }, None).await.unwrap();
    assert_eq!(page[0].subject, "Another address");
}

async fn parallel_submissions_from_one_address_get_exactly_five_through(c: Content) {
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..12 {
        let c = c.clone();
        tasks.spawn(async move {
            let input = ContactInput {
                name: "Pat".into(),
                email: "pat@example.org".into(),
                subject: format!("Hi {i}"),
                message: "Hello".into(),
                ..Default::default()
            };
            c.submit_contact(&input, &Actor::new("", "public", "198.51.100.7")).await
        });
    }
    let (mut sent, mut throttled) = (0, 0);
    while let Some(r) = tasks.join_next().await {
        match r.unwrap() {
            Ok(_) => sent += 1,
            Err(Error::TooManyAttempts(..)) => throttled += 1,
            Err(e) => panic!("{e:?}"),
        }
    }
    assert_eq!((sent, throttled), (5, 7));
    assert_eq!(c.list_contacts(&q(1, 10), None).await.unwrap().1, 5);
}

async fn the_demo_content_is_published_once(c: Content) {
    let charities = vec!["ch1".to_string(), "ch2".to_string()];
    let s = content::demo::seed(&c, &charities, &["ca1".to_string()], "p.png").await.unwrap();
    assert!(!s.skipped);
    assert_eq!((s.pages, s.leadership, s.faqs, s.contacts), (5, 4, 8, 6));
    for key in ["homepage", "privacy_policy", "terms_condition", "about_us", "giving_partner"] {
        assert_eq!(c.page(key, "").await.unwrap().revision, 1, "{key} published");
    }
    assert_eq!(doc(&c.page("homepage", "").await.unwrap())["featuredCharityIds"], json!(["ch1", "ch2"]));
    let public = c.public_faq().await.unwrap();
    assert_eq!(public.iter().map(|p| p.faqs.len()).sum::<usize>(), 8);
    assert_eq!(c.active_leadership().await.unwrap().len(), 4);
    assert_eq!(c.list_contacts(&q(1, 10), Some(false)).await.unwrap().1, 6, "unread until an admin opens them");

    let again = content::demo::seed(&c, &charities, &[], "p.png").await.unwrap();
    assert!(again.skipped, "a published homepage is never overwritten");
    assert_eq!(c.list_contacts(&q(1, 10), None).await.unwrap().1, 6);
    assert_eq!(c.page("homepage", "").await.unwrap().revision, 1);
}

common::on_both_backends! { MIGRATIONS, content;
    faqs_are_found_by_their_question => faqs_are_found_by_their_question_on_sqlite, faqs_are_found_by_their_question_on_postgres;
    parallel_submissions_from_one_address_get_exactly_five_through => parallel_submissions_from_one_address_get_exactly_five_through_on_sqlite, parallel_submissions_from_one_address_get_exactly_five_through_on_postgres;
    pages_keep_every_save_as_a_revision_and_restore_them => pages_keep_every_save_as_a_revision_and_restore_them_on_sqlite, pages_keep_every_save_as_a_revision_and_restore_them_on_postgres;
    parallel_saves_of_one_page_keep_every_revision_with_distinct_numbers => parallel_saves_of_one_page_keep_every_revision_with_distinct_numbers_on_sqlite, parallel_saves_of_one_page_keep_every_revision_with_distinct_numbers_on_postgres;
    a_category_holding_faqs_is_not_deleted => a_category_holding_faqs_is_not_deleted_on_sqlite, a_category_holding_faqs_is_not_deleted_on_postgres;
    deletes_go_to_the_trash_and_come_back_whole => deletes_go_to_the_trash_and_come_back_whole_on_sqlite, deletes_go_to_the_trash_and_come_back_whole_on_postgres;
    parallel_restores_of_one_record_restore_it_once => parallel_restores_of_one_record_restore_it_once_on_sqlite, parallel_restores_of_one_record_restore_it_once_on_postgres;
    every_trash_twin_matches_its_table => every_trash_twin_matches_its_table_on_sqlite, every_trash_twin_matches_its_table_on_postgres;
    leadership_lists_by_order_and_searches_name_or_title => leadership_lists_by_order_and_searches_name_or_title_on_sqlite, leadership_lists_by_order_and_searches_name_or_title_on_postgres;
    a_contact_message_is_marked_read_once_and_throttled_per_address => a_contact_message_is_marked_read_once_and_throttled_per_address_on_sqlite, a_contact_message_is_marked_read_once_and_throttled_per_address_on_postgres;
    the_demo_content_is_published_once => the_demo_content_is_published_once_on_sqlite, the_demo_content_is_published_once_on_postgres;
}
