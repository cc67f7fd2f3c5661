//! The kinds of account: an enum across gRPC (identity.proto `AccountType`), named as
//! access tokens (`Claims::typ`), identity's store and the REST answers name them. This is
//! the one mapping between the two.

pub use proto::common::v1::AccountType;

pub const MAIN_ADMIN: &str = "Admin";
pub const SUB_ADMIN: &str = "Sub Admin";
pub const CHARITY_ADMIN: &str = "Charity Admin";
/// A donor (app user) with a member token (the chat's app side). The admin REST and the
/// console's socket namespace refuse it.
pub const MEMBER: &str = "Member";
/// Work no account asked for (jobs, imports, event handlers).
pub const SYSTEM: &str = crate::Actor::SYSTEM;

/// The name of an account type ("" when unspecified).
pub fn name(t: AccountType) -> &'static str {
    match t {
        AccountType::MainAdmin => MAIN_ADMIN,
        AccountType::SubAdmin => SUB_ADMIN,
        AccountType::CharityAdmin => CHARITY_ADMIN,
        AccountType::System => SYSTEM,
        AccountType::Member => MEMBER,
        AccountType::Unspecified => "",
    }
}

/// The account type a name stands for (unspecified for any other text).
pub fn from_name(name: &str) -> AccountType {
    match name {
        MAIN_ADMIN => AccountType::MainAdmin,
        SUB_ADMIN => AccountType::SubAdmin,
        CHARITY_ADMIN => AccountType::CharityAdmin,
        SYSTEM => AccountType::System,
        MEMBER => AccountType::Member,
        _ => AccountType::Unspecified,
    }
}

#[cfg(test)]
#[test]
fn names_and_types_map_both_ways() {
    for t in [
        AccountType::MainAdmin,
        AccountType::SubAdmin,
        AccountType::CharityAdmin,
        AccountType::System,
        AccountType::Member,
        AccountType::Unspecified,
    ] {
        assert_eq!(from_name(name(t)), t);
    }
    assert_eq!(from_name("Donor"), AccountType::Unspecified);
}
