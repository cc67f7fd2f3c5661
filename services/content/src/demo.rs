//! Demo content for trying the console by hand (`DEMO_DATA=1`, `giving-console seed`): every
//! page published once, leadership, FAQ categories with FAQs, and contact messages (unread: an admin opening one marks it read).
//! Written through the service, as an admin would; nothing is written when the homepage was
//! already published (the demo never overwrites what someone wrote).

use crate::contacts::ContactInput;
use crate::error::Result;
use crate::faqs::FaqInput;
use crate::leadership::LeadershipInput;
use crate::pages::{AboutUs, CmsPage, Figure, GivingPartnerPage, Homepage, Step};
use crate::service::Content;
use common::actor::Actor;

/// What [`seed`] wrote.
#[derive(Debug, Default)]
pub struct Summary {
    pub pages: usize,
    pub leadership: usize,
    pub faqs: usize,
    pub contacts: usize,
    /// The homepage was published before: nothing was written.
    pub skipped: bool,
}

const LEADERS: [(&str, &str, &str); 4] = [
    (
        "Amara Okafor",
        "Executive Director",
        "<p>Amara led community foundations for fifteen years before founding the platform.</p>",
    ),
    (
        "Daniel Reyes",
        "Chief Technology Officer",
        "<p>Daniel builds the tools that keep every gift traceable from donor to nonprofit.</p>",
    ),
    (
        "Mei Lin Chen",
        "Head of Nonprofit Partnerships",
        "<p>Mei Lin vets every nonprofit that joins and looks after their admins.</p>",
    ),
    ("Jonas Weber", "Treasurer", "<p>Jonas oversees payouts, fees and the yearly audit.</p>"),
];

const FAQS: [(&str, &[(&str, &str)]); 3] = [
    (
        "Giving",
        &[
            (
                "How do I give to a nonprofit?",
                "<p>Open the nonprofit's page, choose an amount and whether to give once or every month, then pay by card.</p>",
            ),
            (
                "Can I cancel a monthly gift?",
                "<p>Yes: open <strong>My giving</strong> and cancel the subscription. No later charge is made.</p>",
            ),
            (
                "Is my gift tax-deductible?",
                "<p>Gifts to registered 501(c)(3) nonprofits are. Your receipt shows the receipt number and the nonprofit's EIN.</p>",
            ),
        ],
    ),
    (
        "Fees",
        &[
            (
                "What does the platform charge?",
                "<p>A service charge and the payment processor's fee, both shown before you confirm a gift.</p>",
            ),
            (
                "Can I cover the fees?",
                "<p>Yes: tick <em>Cover the fees</em> and the nonprofit receives your whole gift.</p>",
            ),
        ],
    ),
    (
        "Nonprofits",
        &[
            (
                "How does a nonprofit join?",
                "<p>It applies with its EIN and documents; the platform's team checks them before it is listed.</p>",
            ),
            ("When are nonprofits paid?", "<p>Every week, for the gifts that cleared in the week before.</p>"),
            (
                "Can a nonprofit run its own community?",
                "<p>Yes: its admin can open communities and events for its supporters.</p>",
            ),
        ],
    ),
];

const CONTACTS: [(&str, &str, &str, &str); 6] = [
    (
        "Olivia Brown",
        "olivia.brown@example.org",
        "Receipt for my donation",
        "Hello, I gave to the food bank last week and cannot find my receipt. Could you send it again?",
    ),
    (
        "Liam Johnson",
        "liam.johnson@example.org",
        "Volunteering",
        "Our school would like to volunteer at one of the events in April. Who should we talk to?",
    ),
    (
        "Sophia Garcia",
        "sophia.garcia@example.org",
        "Change my monthly gift",
        "I would like to lower my monthly gift from $50 to $25. Thank you!",
    ),
    (
        "Noah Smith",
        "noah.smith@example.org",
        "Nonprofit listing",
        "Our animal shelter applied two weeks ago. Is anything missing from our application?",
    ),
    (
        "Emma Wilson",
        "emma.wilson@example.org",
        "Corporate matching",
        "Does the platform support matching gifts from employers?",
    ),
    ("Lucas Martin", "lucas.martin@example.org", "Thank you", "Just wanted to say the new community pages are lovely."),
];

/// Publishes the demo content, featuring the given nonprofits and causes on the homepage;
/// `photo` is a stored file name (media module 'leadershipImage') for the leadership entries.
pub async fn seed(c: &Content, charity_ids: &[String], cause_ids: &[String], photo: &str) -> Result<Summary> {
    if c.page("homepage", "").await?.revision > 0 {
        return Ok(Summary { skipped: true, ..Default::default() });
    }
    let admin = Actor::system();
    let mut out = Summary::default();
    let homepage = Homepage {
        hero_title: "Give where it matters".into(),
        hero_subtitle: "Support vetted nonprofits and the causes you care about, once or every month.".into(),
        featured_charity_ids: charity_ids.iter().take(6).cloned().collect(),
        featured_cause_ids: cause_ids.iter().take(6).cloned().collect(),
        cta_text: "Start giving".into(),
        cta_link: "https://example.org/give".into(),
        how_it_works: vec![
            Step { title: "Find a nonprofit".into(), description: "Search by cause, name or place.".into() },
            Step { title: "Give securely".into(), description: "Pay by card, once or monthly.".into() },
            Step {
                title: "See the impact".into(),
                description: "Follow updates from the communities you support.".into(),
            },
        ],
        impact_figures: vec![
            Figure { label: "Nonprofits".into(), value: format!("{}", charity_ids.len()) },
            Figure { label: "Causes".into(), value: format!("{}", cause_ids.len()) },
        ],
        ..Default::default()
    };
    let pages: [(&str, String); 5] = [
        ("homepage", json(&homepage)),
        (
            "privacy_policy",
            json(&CmsPage {
                title: "Privacy Policy".into(),
                content: "<h2>What we keep</h2><p>Your name, email and the gifts you make, to send receipts and show your giving history.</p><h2>Who sees it</h2><p>The nonprofits you give to see your name unless you give anonymously.</p>".into(),
            }),
        ),
        (
            "terms_condition",
            json(&CmsPage {
                title: "Terms of Use".into(),
                content: "<h2>Gifts</h2><p>Gifts are final once the nonprofit has been paid; ask us within 30 days for a refund.</p><h2>Accounts</h2><p>Keep your password to yourself.</p>".into(),
            }),
        ),
        (
            "about_us",
            json(&AboutUs {
                content: "<p>We connect donors with vetted nonprofits and make every gift traceable, from the card to the cause.</p>".into(),
                images: vec![],
            }),
        ),
        (
            "giving_partner",
            json(&GivingPartnerPage {
                content: "<p>Companies and foundations partner with us to match their people's gifts and to sponsor community events.</p>".into(),
                image: String::new(),
            }),
        ),
    ];
    for (key, document) in pages {
        c.save_page(key, "", &document, &admin).await?;
        out.pages += 1;
    }
    for (order, (name, title, biography)) in LEADERS.iter().enumerate() {
        let input = LeadershipInput {
            name: (*name).into(),
            title: (*title).into(),
            photo: photo.into(),
            biography: (*biography).into(),
            order: order as i64,
            is_active: true,
        };
        c.create_leadership(&input, &admin).await?;
        out.leadership += 1;
    }
    for (name, faqs) in FAQS {
        let category = c.create_category(name, &format!("Questions about {}.", name.to_lowercase()), &admin).await?;
        for (order, (question, answer)) in faqs.iter().enumerate() {
            let input = FaqInput {
                category_id: category.id.clone(),
                question: (*question).into(),
                answer: (*answer).into(),
                order: order as i64,
                is_active: true,
            };
            c.create_faq(&input, &admin).await?;
            out.faqs += 1;
        }
    }
    for (i, (name, email, subject, message)) in CONTACTS.iter().enumerate() {
        let input = ContactInput {
            name: (*name).into(),
            email: (*email).into(),
            phone_number: String::new(),
            subject: (*subject).into(),
            message: (*message).into(),
        };
        c.submit_contact(&input, &Actor::new("", "public", format!("198.51.100.{}", i + 1))).await?;
        out.contacts += 1;
    }
    Ok(out)
}

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("a page serialises")
}
