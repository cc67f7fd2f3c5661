//! Giving's donors and recipients as engagement's demo seed takes them (its members and the
//! nonprofits and causes its communities and events support): one place for the console's
//! demo data set (main.rs) and the capacity benchmark's (bff/examples/capacity_bench.rs
//! includes this file with `#[path]`).

/// The donors as engagement names its members.
pub fn members(donors: Vec<giving::store::Donor>) -> Vec<engagement::service::DonorRef> {
    donors
        .into_iter()
        .map(|d| engagement::service::DonorRef {
            name: format!("{} {}", d.first_name, d.last_name),
            id: d.id,
            email: d.email,
            avatar: d.avatar,
        })
        .collect()
}

/// The recipients as engagement links them.
pub fn linked(recipients: &[giving::gifts::Recipient]) -> Vec<engagement::seed::Linked> {
    recipients
        .iter()
        .map(|r| engagement::seed::Linked { kind: r.kind.clone(), id: r.id.clone(), name: r.name.clone() })
        .collect()
}
