//! A realistic demo data set, made THROUGH the domain calls (so every total, rollup, counter,
//! badge and event is what real use would have produced): donors across US states, five
//! badges, and `years` of one-time donations and monthly or yearly subscriptions with their
//! charges, to recipients the caller passes in (the catalogue owns them). Deterministic for
//! a given seed number and `now`.

use crate::donations::{ChargeInput, DonationInput};
use crate::gifts::Recipient;
use crate::service::{DonorInput, Giving};
use crate::subscriptions::SubscriptionInput;
use common::Actor;
use common::location::Location;

#[derive(Debug, Clone)]
pub struct SeedOptions {
    pub donors: usize,
    pub years: i32,
    /// The random seed: the same number makes the same data set.
    pub seed: u64,
    /// The end of the seeded period (epoch ms); now when 0.
    pub now: i64,
}

impl Default for SeedOptions {
    fn default() -> Self {
        Self { donors: 50, years: 3, seed: 13, now: 0 }
    }
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct SeedSummary {
    /// True when the database already had donors (nothing was written).
    pub skipped: bool,
    pub donors: usize,
    pub badges: usize,
    pub donations: usize,
    pub subscriptions: usize,
    pub charges: usize,
    pub refunds: usize,
    /// Set by the giving partners' seed (see the hook in [`seed`]).
    pub partners: usize,
}

/// A small deterministic generator (SplitMix64): no dependency, same sequence everywhere.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// 0..n (n > 0).
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
    /// True with probability `percent` %.
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
    fn between(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo { lo } else { lo + self.below((hi - lo) as u64) as i64 }
    }
}

const FIRST: [&str; 24] = [
    "James",
    "Mary",
    "Robert",
    "Patricia",
    "John",
    "Jennifer",
    "Michael",
    "Linda",
    "David",
    "Elizabeth",
    "William",
    "Barbara",
    "Richard",
    "Susan",
    "Joseph",
    "Jessica",
    "Thomas",
    "Sarah",
    "Carlos",
    "Maria",
    "Wei",
    "Aisha",
    "Noah",
    "Olivia",
];
const LAST: [&str; 24] = [
    "Smith",
    "Johnson",
    "Williams",
    "Brown",
    "Jones",
    "Garcia",
    "Miller",
    "Davis",
    "Rodriguez",
    "Martinez",
    "Hernandez",
    "Lopez",
    "Gonzalez",
    "Wilson",
    "Anderson",
    "Thomas",
    "Taylor",
    "Moore",
    "Jackson",
    "Martin",
    "Lee",
    "Nguyen",
    "Patel",
    "Kim",
];
/// (state, a city, a zip code of it)
const PLACES: [(&str, &str, &str); 16] = [
    ("California", "Los Angeles", "90012"),
    ("Texas", "Austin", "78701"),
    ("New York", "New York", "10001"),
    ("Florida", "Miami", "33101"),
    ("Illinois", "Chicago", "60601"),
    ("Pennsylvania", "Philadelphia", "19103"),
    ("Ohio", "Columbus", "43215"),
    ("Georgia", "Atlanta", "30303"),
    ("North Carolina", "Charlotte", "28202"),
    ("Michigan", "Detroit", "48226"),
    ("Washington", "Seattle", "98101"),
    ("Arizona", "Phoenix", "85004"),
    ("Massachusetts", "Boston", "02108"),
    ("Colorado", "Denver", "80202"),
    ("Oregon", "Portland", "97204"),
    ("Minnesota", "Minneapolis", "55401"),
];
const AMOUNTS: [i64; 10] = [1_000, 2_000, 2_500, 5_000, 5_000, 7_500, 10_000, 15_000, 25_000, 50_000];
const MONTHLY: [i64; 6] = [500, 1_000, 1_500, 2_000, 2_500, 5_000];
const METHODS: [&str; 5] = ["card", "card", "ach", "paypal", "apple_pay"];

const DAY: i64 = 86_400_000;

/// Demo recipients for a giving service seeded on its own (the embedded console passes the
/// catalogue's nonprofits and causes instead).
pub fn demo_recipients() -> Vec<Recipient> {
    [
        ("charity", "demo-charity-1", "Hope Food Bank"),
        ("charity", "demo-charity-2", "Riverside Animal Shelter"),
        ("community", "demo-community-1", "Eastside Neighbors"),
        ("cause", "demo-cause-1", "Clean Water"),
        ("cause", "demo-cause-2", "Education for All"),
    ]
    .into_iter()
    .map(|(kind, id, name)| Recipient { kind: kind.into(), id: id.into(), name: name.into() })
    .collect()
}

/// Seeds the demo set through the domain calls. Does nothing (answers `skipped`) when the
/// database already has donors, so a second start does not double the data.
pub async fn seed(giving: &Giving, recipients: &[Recipient], opts: &SeedOptions) -> anyhow::Result<SeedSummary> {
    anyhow::ensure!(!recipients.is_empty(), "seeding needs at least one recipient");
    anyhow::ensure!((1..=20).contains(&opts.years), "years must be between 1 and 20");
    let mut summary = SeedSummary::default();
    // The counters only (the year's months do not matter here).
    if giving.figures(2000).await?.donors > 0 {
        summary.skipped = true;
        return Ok(summary);
    }
    let actor = Actor::system();
    let now = if opts.now > 0 { opts.now } else { common::now_ms() };
    let start = crate::fees::add_months(now, -12 * opts.years as i64);
    let mut rng = Rng(opts.seed);

    // The platform's starting badges are made on the service's first start; a database seeded
    // without them (a bare Giving in tests) gets them here.
    summary.badges = giving.ensure_starting_badges().await?;
    if summary.badges == 0 {
        let (_, total) = giving.list_badges(&common::paging::Page { page: 1, limit: 1, ..Default::default() }).await?;
        summary.badges = total as usize;
    }

    summary.partners = crate::partners::seed_partners(giving, &actor).await?;

    for n in 0..opts.donors {
        let (first, last) = (*rng.pick(&FIRST), *rng.pick(&LAST));
        let (state, city, zip) = *rng.pick(&PLACES);
        let joined = rng.between(start, now - DAY);
        let input = DonorInput {
            first_name: first.into(),
            last_name: last.into(),
            email: format!("{}.{}{}@example.org", first.to_lowercase(), last.to_lowercase(), n + 1),
            phone_number: format!("555{:07}", rng.below(10_000_000)),
            location: Location {
                city: city.into(),
                state: state.into(),
                country: "United States".into(),
                zip_code: zip.into(),
                ..Default::default()
            },
            ..Default::default()
        };
        let donor = giving.create_donor_at(&input, joined, &actor).await?;
        summary.donors += 1;

        // One-time donations, oldest first.
        let mut times: Vec<i64> = (0..rng.below(9)).map(|_| rng.between(joined, now)).collect();
        times.sort_unstable();
        for (i, at) in times.into_iter().enumerate() {
            let status = if rng.chance(4) { "failed" } else { "succeeded" };
            let d = DonationInput {
                donor_id: donor.id.clone(),
                recipient: rng.pick(recipients).clone(),
                amount_cents: *rng.pick(&AMOUNTS),
                currency: "USD".into(),
                payment_method: (*rng.pick(&METHODS)).into(),
                provider_reference: format!("seed-{}-{}-{}", opts.seed, n, i),
                status: status.into(),
                created_at: at,
            };
            let t = giving.record_donation(&d, &actor).await?;
            summary.donations += 1;
            if t.status == "succeeded" && rng.chance(2) {
                giving.refund_transaction(&t.id, &actor).await?;
                summary.refunds += 1;
            }
        }

        // Some donors subscribe, monthly mostly; some cancel later.
        if rng.chance(35) {
            let yearly = rng.chance(15);
            let input = SubscriptionInput {
                donor_id: donor.id.clone(),
                recipient: rng.pick(recipients).clone(),
                amount_cents: if yearly { *rng.pick(&MONTHLY) * 12 } else { *rng.pick(&MONTHLY) },
                currency: "USD".into(),
                interval: if yearly { "yearly".into() } else { "monthly".into() },
                started_at: rng.between(joined, now),
            };
            let mut s = giving.start_subscription(&input, &actor).await?;
            summary.subscriptions += 1;
            let cancel_after = if rng.chance(30) { Some(1 + rng.below(18) as i64) } else { None };
            let method = (*rng.pick(&METHODS)).to_string();
            while s.next_charge_at <= now {
                if cancel_after.is_some_and(|c| s.charges_count >= c) {
                    giving.cancel_subscription(&s.id, &actor).await?;
                    break;
                }
                let c = ChargeInput {
                    subscription_id: s.id.clone(),
                    payment_method: method.clone(),
                    provider_reference: format!("seed-{}-{}-sub-{}", opts.seed, n, s.charges_count),
                    charged_at: s.next_charge_at,
                };
                giving.charge_subscription(&c, &actor).await?;
                summary.charges += 1;
                s = giving.get_subscription(&s.id).await?;
            }
        }
    }
    Ok(summary)
}
