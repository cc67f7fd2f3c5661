//! A demo catalogue for trying the console (`giving-console seed`, `DEMO_DATA=1`): one
//! nonprofit category, six causes and twelve approved nonprofits across the country, made
//! through the domain calls as the system, so every event and rule is what real use gives.
//! Nothing is written when onboarded nonprofits exist already. Answers the active nonprofits
//! and causes (id and name), the recipients the giving demo donates to.

use crate::charity::{CharityInput, Profile};
use crate::service::Catalogue;
use crate::store::Kind;
use common::Actor;
use common::error::Result;

const CAUSES: [(&str, &str); 6] = [
    ("Hunger Relief", "Meals, food banks and school lunches."),
    ("Clean Water", "Wells, filters and sanitation."),
    ("Education", "Schools, tutoring and scholarships."),
    ("Animal Welfare", "Shelters, rescue and adoption."),
    ("Disaster Relief", "Emergency shelter, food and rebuilding."),
    ("Health", "Clinics, research and care."),
];

/// (name, state, city, zip, phone, the cause it serves)
const NONPROFITS: [(&str, &str, &str, &str, &str, usize); 12] = [
    ("Harbor Food Bank", "California", "Los Angeles", "90012", "2135550101", 0),
    ("Lone Star Water Project", "Texas", "Austin", "78701", "5125550102", 1),
    ("Empire Reading Corps", "New York", "New York", "10001", "2125550103", 2),
    ("Sunshine Animal Rescue", "Florida", "Miami", "33101", "3055550104", 3),
    ("Prairie Relief Network", "Illinois", "Chicago", "60601", "3125550105", 4),
    ("Keystone Community Clinic", "Pennsylvania", "Philadelphia", "19103", "2155550106", 5),
    ("Buckeye Meals on Wheels", "Ohio", "Columbus", "43215", "6145550107", 0),
    ("Peach State Scholars", "Georgia", "Atlanta", "30303", "4045550108", 2),
    ("Cascade Clean Rivers", "Washington", "Seattle", "98101", "2065550109", 1),
    ("Rocky Mountain Paws", "Colorado", "Denver", "80202", "3035550110", 3),
    ("Bayou Rebuild", "Louisiana", "New Orleans", "70112", "5045550111", 4),
    ("Great Lakes Health Fund", "Michigan", "Detroit", "48226", "3135550112", 5),
];

/// The demo recipients: ("charity" | "cause", id, name).
pub type Recipient = (String, String, String);

/// Seeds the demo catalogue when it has no onboarded nonprofit, then answers every active
/// nonprofit and cause. `logo` is the stored file name the demo nonprofits show.
pub async fn seed(c: &Catalogue, logo: &str) -> Result<Vec<Recipient>> {
    if c.active_charities().await?.is_empty() {
        let system = Actor::system();
        let category = match c.active(Kind::Category).await?.into_iter().next() {
            Some(t) => t,
            None => c.create(Kind::Category, "Community", "Nonprofits serving their communities.", &system).await?,
        };
        let mut causes = c.active(Kind::Cause).await?;
        if causes.is_empty() {
            for (name, description) in CAUSES {
                causes.push(c.create(Kind::Cause, name, description, &system).await?);
            }
        }
        for (i, (name, state, city, zip, phone, cause)) in NONPROFITS.into_iter().enumerate() {
            let slug: String = name.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_lowercase();
            let input = CharityInput {
                // Demo Tax IDs in a block the IRS never assigns (prefix 00).
                tax_id: format!("00-{:07}", 1_000 + i),
                profile: Profile {
                    charity_name: name.into(),
                    category_id: category.id.clone(),
                    cause_ids: vec![causes[cause % causes.len()].id.clone()],
                    mission: format!("<p>{name} works in {city}, {state}.</p>"),
                    logo: logo.into(),
                    website: format!("https://{slug}.example.org"),
                    email: format!("hello@{slug}.example.org"),
                    phone_number: phone.into(),
                    address: format!("{} Main Street", 100 + i),
                    city: city.into(),
                    state: state.into(),
                    country: "United States".into(),
                    zip_code: zip.into(),
                    admin_first_name: "Demo".into(),
                    admin_last_name: "Admin".into(),
                    admin_email: format!("admin@{slug}.example.org"),
                    ..Default::default()
                },
                payment_methods: None,
            };
            c.create_charity(&input, &system).await?;
        }
    }
    let mut out: Vec<Recipient> =
        c.active_charities().await?.into_iter().map(|(id, name)| ("charity".into(), id, name)).collect();
    out.extend(c.active(Kind::Cause).await?.into_iter().map(|t| ("cause".into(), t.id, t.name)));
    Ok(out)
}
