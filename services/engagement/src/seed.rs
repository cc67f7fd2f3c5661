//! The demo data set of the engagement service (the console's DEMO_DATA and `seed`):
//! communities linked to the demo nonprofits and causes, their members, events hosted by
//! communities and nonprofits with members in every mode, posts with comments, replies,
//! likes (the admin's too), an inactive post and reported posts. Everything goes through the
//! domain calls, so counts and events are what real use makes. Deterministic for one seed.

use crate::calendar::{EventInput, GOING, INTERESTED, NOT_GOING};
use crate::communities::CommunityInput;
use crate::service::{DonorRef, Engagement};
use common::Actor;
use common::error::Result;
use common::location::Location;
use common::paging::Page;

/// A catalogue recipient the demo links to: kind ('charity' or 'cause'), id, name.
#[derive(Debug, Clone)]
pub struct Linked {
    pub kind: String,
    pub id: String,
    pub name: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeedSummary {
    /// True when there were communities already (nothing was written).
    pub skipped: bool,
    pub communities: usize,
    pub community_members: usize,
    pub events: usize,
    pub event_members: usize,
    pub posts: usize,
    pub comments: usize,
    pub likes: usize,
    pub reports: usize,
}

/// A small deterministic generator (no dependency for demo data).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 { 0 } else { (self.next() % n as u64) as usize }
    }
}

const COMMUNITIES: [(&str, &str); 8] = [
    ("Green Streets", "Neighbours planting trees and cleaning parks together."),
    ("Food Bank Friends", "Volunteers sorting, packing and delivering food every week."),
    ("Readers for Kids", "Reading with children at libraries and schools."),
    ("Animal Rescue Circle", "Fostering, walking and rehoming animals in need."),
    ("Clean Water Club", "Raising funds and awareness for safe drinking water."),
    ("Senior Companions", "Visits, calls and rides for older neighbours."),
    ("Coastal Cleanup Crew", "Monthly beach and river cleanups."),
    ("Coding for Good", "Volunteers building software for nonprofits."),
];

const POSTS: [&str; 10] = [
    "Thank you to everyone who came out this weekend!",
    "We need two more volunteers for Saturday morning.",
    "Photos from our last meetup are up.",
    "Our monthly goal is almost reached. Share with a friend!",
    "Who can bring supplies next week?",
    "Welcome to our new members!",
    "A big thank you to our partner nonprofit for the support.",
    "Meeting notes: next steps for the spring campaign.",
    "Reminder: the sign-up sheet closes on Friday.",
    "What a turnout today. Proud of this community.",
];

const COMMENTS: [&str; 6] = [
    "Count me in!",
    "Great work, everyone.",
    "I can help with that.",
    "Thanks for organising!",
    "See you there.",
    "Love this.",
];

/// Fills an empty engagement database for `donors` (giving's demo donors) and `linked`
/// (the catalogue's demo nonprofits and causes); `cover` is a stored image file name.
/// Does nothing when there are communities already.
pub async fn seed(
    e: &Engagement,
    donors: &[DonorRef],
    linked: &[Linked],
    cover: &str,
    seed: u64,
) -> Result<SeedSummary> {
    let admin = Actor::system();
    let any = e
        .list_communities(&crate::communities::CommunityQuery {
            page: Page { page: 1, limit: 1, ..Default::default() },
            ..Default::default()
        })
        .await?;
    let deleted = e
        .list_communities(&crate::communities::CommunityQuery {
            page: Page { page: 1, limit: 1, ..Default::default() },
            is_deleted: true,
            is_hidden: None,
        })
        .await?;
    if any.1 + deleted.1 > 0 || donors.is_empty() {
        return Ok(SeedSummary { skipped: true, ..Default::default() });
    }
    let mut rng = Lcg(seed ^ 0x9e37_79b9_7f4a_7c15);
    let mut s = SeedSummary::default();
    let charities: Vec<&Linked> = linked.iter().filter(|l| l.kind == "charity").collect();
    let causes: Vec<&Linked> = linked.iter().filter(|l| l.kind == "cause").collect();
    let pick = |rng: &mut Lcg, n: usize| -> Vec<usize> {
        let mut v: Vec<usize> = Vec::new();
        for _ in 0..n {
            let i = rng.below(donors.len());
            if !v.contains(&i) {
                v.push(i);
            }
        }
        v
    };
    let mut community_ids = Vec::new();
    for (i, (name, about)) in COMMUNITIES.iter().enumerate() {
        let input = CommunityInput {
            name: (*name).into(),
            description: format!("<p>{about}</p>"),
            cover_image: cover.into(),
            gallery: vec![cover.into()],
            charity_ids: charities.iter().skip(i % charities.len().max(1)).take(2).map(|l| l.id.clone()).collect(),
            cause_ids: causes.iter().skip(i % causes.len().max(1)).take(2).map(|l| l.id.clone()).collect(),
            location: Location {
                city: ["Austin", "Denver", "Portland", "Boston"][i % 4].into(),
                state: ["Texas", "Colorado", "Oregon", "Massachusetts"][i % 4].into(),
                country: "United States".into(),
                ..Default::default()
            },
            privacy: if i % 3 == 2 { "private" } else { "public" }.into(),
            ..Default::default()
        };
        let c = e.create_community(&input, &admin).await?;
        s.communities += 1;
        let n = 8 + rng.below(20);
        let members = pick(&mut rng, n);
        for &d in &members {
            e.join_community(&c.id, &donors[d], &admin).await?;
            s.community_members += 1;
        }
        // Posts by members, with comments, replies, likes and a few reports.
        for p in 0..(3 + rng.below(5)) {
            let author = &donors[members[rng.below(members.len())]];
            let post = e.create_post(&c.id, author, POSTS[(i + p) % POSTS.len()], &[], &admin).await?;
            s.posts += 1;
            let n = rng.below(8);
            for &d in &pick(&mut rng, n) {
                e.like_post(&post.id, Some(&donors[d]), Some(true), &admin).await?;
                s.likes += 1;
            }
            for k in 0..rng.below(4) {
                let by = &donors[members[rng.below(members.len())]];
                let comment = e.add_comment(&post.id, COMMENTS[(p + k) % COMMENTS.len()], Some(by), &admin).await?;
                s.comments += 1;
                if rng.below(2) == 0 {
                    let by = &donors[members[rng.below(members.len())]];
                    e.add_reply(&comment.id, COMMENTS[(p + k + 1) % COMMENTS.len()], Some(by), &admin).await?;
                    e.like_comment(&comment.id, Some(by), Some(true), &admin).await?;
                    s.comments += 1;
                    s.likes += 1;
                }
            }
            if p == 0 && i % 2 == 0 {
                e.like_post(&post.id, None, Some(true), &admin).await?;
                let c = e.add_comment(&post.id, "Thank you for sharing this with the community!", None, &admin).await?;
                e.add_reply(&c.id, "Happy to help.", Some(author), &admin).await?;
                s.likes += 1;
                s.comments += 2;
            }
            if p == 1 && i % 3 == 0 {
                e.set_post_active(&post.id, false, &admin).await?;
            }
            if p == 2 && i % 2 == 1 {
                for (n, &d) in pick(&mut rng, 3).iter().enumerate() {
                    let reason = ["Spam", "Inappropriate content", "Misleading information"][n % 3];
                    e.report_post(&post.id, &donors[d], reason, &admin).await?;
                    s.reports += 1;
                }
            }
        }
        community_ids.push((c.id, c.name));
    }
    // Events: four upcoming and two past, hosted by communities and nonprofits.
    let day = 86_400_000i64;
    let now = common::now_ms();
    let titles = [
        "Park Cleanup Day",
        "Food Drive Weekend",
        "Charity Fun Run",
        "Online Volunteer Training",
        "Winter Coat Collection",
        "Spring Gala",
    ];
    for (i, title) in titles.iter().enumerate() {
        let starts_at = if i < 4 { now + (i as i64 + 1) * 7 * day } else { now - (i as i64) * 30 * day };
        let online = i == 3;
        let (host_type, host_id, host_name) = match (i % 2, charities.get(i % charities.len().max(1))) {
            (1, Some(ch)) => ("charity", ch.id.clone(), ch.name.clone()),
            _ => {
                let (id, name) = &community_ids[i % community_ids.len()];
                ("community", id.clone(), name.clone())
            }
        };
        let input = EventInput {
            title: (*title).into(),
            description: format!("<p>Join us for the {title}.</p>"),
            images: vec![cover.into()],
            starts_at,
            ends_at: starts_at + 3 * 3_600_000,
            time_zone: ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles"][i % 4].into(),
            is_online: online,
            online_link: if online { "https://meet.example.org/volunteer-training".into() } else { String::new() },
            location: Location {
                address: if online { String::new() } else { format!("{} Main Street", 100 + i * 10) },
                city: "Austin".into(),
                state: "Texas".into(),
                country: "United States".into(),
                ..Default::default()
            },
            host_type: host_type.into(),
            host_id,
            host_name,
            capacity: if i == 2 { 25 } else { 0 },
            ..Default::default()
        };
        let ev = e.create_event(&input, &admin).await?;
        s.events += 1;
        let n = 10 + rng.below(25);
        for &d in &pick(&mut rng, n) {
            let status = [INTERESTED, GOING, NOT_GOING][rng.below(3)];
            match e.join_event(&ev.id, &donors[d], status, &admin).await {
                Ok(_) => s.event_members += 1,
                Err(common::error::Error::Precondition(_)) => {
                    e.join_event(&ev.id, &donors[d], INTERESTED, &admin).await?;
                    s.event_members += 1;
                }
                Err(err) => return Err(err),
            }
        }
        if i == 5 {
            // One deleted event, to show the filter.
            e.set_event_deleted(&ev.id, true, &admin).await?;
        }
    }
    Ok(s)
}
