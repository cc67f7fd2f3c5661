//! The one table of REST paths (ARCHITECTURE section 4 and SPEC section 7, spelled
//! exactly) and who may call each: what the main admin and sub-admins need (public, any
//! signed-in user, the main admin only, or a module action of SPEC section 6, with
//! alternatives where two screens share a call), and what a nonprofit admin may do there
//! (never, only on its own nonprofit, or freely). The auth middleware enforces it and no
//! handler checks a role by hand. Every route the BFF serves must be in this table
//! (checked at start and by the permission matrix test); paths of services that are not
//! built yet are here already.

use crate::principal::Principal;
use axum::http::Method;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    Public,
    /// Any signed-in account.
    SignedIn,
    /// The main admin only (screens without a module of their own).
    MainAdmin,
    /// Any of these (module slug, action) grants. Action `any` = any granted action
    /// (lists of modules that offer no `view`).
    Grant(&'static [(&'static str, &'static str)]),
    /// Every one of these grants: a call that changes state from a screen another right
    /// opens (approving a nonprofit needs its status right besides the New Nonprofit view).
    All(&'static [(&'static str, &'static str)]),
}

/// What a nonprofit admin may do on a path. It holds no module grants: its account
/// reaches its dashboard, its own nonprofit and the signed-in helpers, nothing else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nonprofit {
    Never,
    /// Only when the path's `{id}` is its own nonprofit's id.
    OwnOnly,
    /// As `OwnOnly`, and never with this JSON body flag set to true: the flag asks for work
    /// that is the main admin's and sub-admins' (onboarding an imported nonprofit).
    OwnWithout(&'static str),
    /// Freely (the handler shows it only what is its own).
    Allowed,
}

use Access::*;
use Nonprofit::{Allowed, OwnOnly, OwnWithout};

/// Who may call one path: `access` for the main admin and sub-admins, `nonprofit` for a
/// nonprofit admin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule {
    pub access: Access,
    pub nonprofit: Nonprofit,
}

pub struct Entry {
    pub method: Method,
    pub path: &'static str,
    pub rule: Rule,
}

/// A nonprofit admin may use the signed-in helpers (locations, uploads, name lists, its
/// password) and nothing else unless the entry says so.
const fn default_nonprofit(access: Access) -> Nonprofit {
    match access {
        SignedIn => Allowed,
        _ => Nonprofit::Never,
    }
}

macro_rules! table {
    ($($m:ident $p:literal => $a:expr $(, $n:expr)?;)*) => {
        vec![$(Entry {
            method: Method::$m,
            path: $p,
            rule: Rule { access: $a, nonprofit: table!(@nonprofit $a $(, $n)?) },
        }),*]
    };
    (@nonprofit $a:expr) => { default_nonprofit($a) };
    (@nonprofit $a:expr, $n:expr) => { $n };
}

const SUB_ADMIN: &str = "/sub_admin";
const CHARITY: &str = "/master/charity_management";
const NEW_CHARITY: &str = "/master";
const CAUSE: &str = "/master/cause_management";
const CATEGORY: &str = "/master/charity_category_management";
const COMMUNITY: &str = "/community";
const EVENT: &str = "/event";
const DONOR: &str = "/donor";
const HOMEPAGE: &str = "/content_management/homepage";
const ABOUT_US: &str = "/content_management/about_us";
pub const PRIVACY_POLICY: &str = "/content_management/privacy_policy";
pub const TERMS_CONDITION: &str = "/content_management/terms_condition";
/// The giving-partner content page (/giving_partner): a module of its own.
pub const GIVING_PARTNER_PAGE: &str = "/giving_partner";
const PENDING_PARTNER: &str = "/strategic/pending_strategic_partner";
const PARTNER: &str = "/strategic";
/// Either CMS page's edit (the handler then checks the module of THAT page).
const CMS: &[(&str, &str)] = &[(PRIVACY_POLICY, "edit"), (TERMS_CONDITION, "edit")];

/// The delete right of every module with a trash (the Trash's paths take any of them; trash.rs
/// keeps it in step with its table of modules).
pub const DELETE_GRANTS: &[(&str, &str)] = &[
    ("/community", "delete"),
    ("/master/charity_management", "delete"),
    ("/master/cause_management", "delete"),
    ("/master/charity_category_management", "delete"),
    ("/content_management/leadership", "delete"),
    ("/category/FAQ", "delete"),
    ("/category", "delete"),
    ("/event", "delete"),
    ("/strategic", "delete"),
    ("/donor", "delete"),
    ("/badge", "delete"),
    ("/category/contact_form", "delete"),
    ("/reporte_post", "delete"),
    ("/sub_admin", "delete"),
];

pub fn table() -> Vec<Entry> {
    table! {
        // Auth, passwords, metadata
        POST "/admin-login/login" => Public;
        POST "/admin-login/charityLogin" => Public;
        POST "/admin-login/logout" => Public;
        GET "/auth/metaData" => Public;
        POST "/v1/common/refreshToken" => Public;
        POST "/admin/sub-admin/changePassword" => SignedIn;
        POST "/admin/sub-admin/forgotPassword" => Public;
        POST "/admin/sub-admin/resetPassword" => Public;
        // Two-factor sign-in: the second step and the required set-up are public (the
        // challenge token proves the password); the account's own factor is the main
        // admin's and sub-admins' (a nonprofit admin is not offered it).
        POST "/admin-login/twoFactor" => Public;
        POST "/admin-login/twoFactor/enrol" => Public;
        POST "/admin-login/twoFactor/confirm" => Public;
        GET "/admin/twoFactor/status" => SignedIn, Nonprofit::Never;
        POST "/admin/twoFactor/enrol" => SignedIn, Nonprofit::Never;
        POST "/admin/twoFactor/confirm" => SignedIn, Nonprofit::Never;
        POST "/admin/twoFactor/disable" => SignedIn, Nonprofit::Never;
        GET "/admin/twoFactor/setting" => MainAdmin;
        POST "/admin/twoFactor/setting" => MainAdmin;
        // A sub-admin with Sub Admin edit resets a sub-admin whose rights it all holds
        // (identity checks the target).
        POST "/admin/sub-admin/resetTwoFactor/{id}" => Grant(&[(SUB_ADMIN, "edit")]);
        // Locations
        GET "/v1/common/getAllCountry" => SignedIn;
        GET "/v1/common/getAllState" => SignedIn;
        GET "/v1/common/getAllCities" => SignedIn;
        // Sub-admins
        POST "/admin/sub-admin/create" => Grant(&[(SUB_ADMIN, "add")]);
        PATCH "/admin/sub-admin/update/{id}" => Grant(&[(SUB_ADMIN, "edit")]);
        DELETE "/admin/sub-admin/delete/{id}" => Grant(&[(SUB_ADMIN, "delete")]);
        PATCH "/admin/sub-admin/subAdminStatus/{id}" => Grant(&[(SUB_ADMIN, "status")]);
        POST "/admin/sub-admin/subAdminList" => Grant(&[(SUB_ADMIN, "view")]);
        GET "/admin/sub-admin/get/{id}" => Grant(&[(SUB_ADMIN, "view")]);
        // Media
        POST "/local-image/uploadImage" => SignedIn;
        POST "/local-image/uploadVideo" => SignedIn;
        POST "/local-image/removeImage" => SignedIn;
        POST "/local-image/removeVideo" => SignedIn;
        GET "/media/{module}/{file}" => Public;
        // Causes
        POST "/admin/cause/getAll" => SignedIn;
        POST "/admin/cause/create" => Grant(&[(CAUSE, "add")]);
        POST "/admin/cause/causeList" => Grant(&[(CAUSE, "any")]);
        POST "/admin/cause/delete" => Grant(&[(CAUSE, "delete")]);
        POST "/admin/cause/causeList-excel" => Grant(&[(CAUSE, "any")]);
        GET "/admin/cause/get/{id}" => Grant(&[(CAUSE, "any")]);
        PATCH "/admin/cause/update/{id}" => Grant(&[(CAUSE, "edit")]);
        PATCH "/admin/cause/activeStatus/{id}" => Grant(&[(CAUSE, "status")]);
        // Nonprofit categories
        POST "/admin/charity-category/getAll" => SignedIn;
        POST "/admin/charity-category/create" => Grant(&[(CATEGORY, "add")]);
        POST "/admin/charity-category/categoryList" => Grant(&[(CATEGORY, "any")]);
        GET "/admin/charity-category/get/{id}" => Grant(&[(CATEGORY, "any")]);
        POST "/admin/charity-category/delete" => Grant(&[(CATEGORY, "delete")]);
        PATCH "/admin/charity-category/update/{id}" => Grant(&[(CATEGORY, "edit")]);
        PATCH "/admin/charity-category/activeStatus/{id}" => Grant(&[(CATEGORY, "status")]);
        // Nonprofits (a nonprofit admin: its own record and payment methods, nothing else)
        // A name list: a nonprofit admin gets its own nonprofit only (the handler).
        POST "/admin/charity/getAll" => SignedIn;
        POST "/admin/charity/charityList" => Grant(&[(CHARITY, "any"), (NEW_CHARITY, "view")]);
        GET "/admin/charity/get/{id}" => Grant(&[(CHARITY, "any"), (NEW_CHARITY, "view")]), OwnOnly;
        // Approve or reject: the New Nonprofit screen that shows the buttons, and the right
        // that changes a nonprofit's standing.
        POST "/admin/charity/changeVerification" => All(&[(NEW_CHARITY, "view"), (CHARITY, "status")]);
        POST "/admin/charity/create" => Grant(&[(CHARITY, "add")]);
        POST "/admin/charity/delete" => Grant(&[(CHARITY, "delete")]);
        PATCH "/admin/charity/update/{id}" => Grant(&[(CHARITY, "edit")]), OwnWithout("onboard");
        // SPEC section 6: "edit or add shows the status toggle"; the status right opens it too.
        PATCH "/admin/charity/charityStatus/{id}" => Grant(&[(CHARITY, "status"), (CHARITY, "edit"), (CHARITY, "add")]);
        POST "/admin/charity/import" => Grant(&[(CHARITY, "delete")]);
        POST "/admin/charity/import/{importId}/apply" => Grant(&[(CHARITY, "delete")]);
        GET "/admin/payment-method/findPaymentMethodbyCharity/{id}" => Grant(&[(CHARITY, "any"), (NEW_CHARITY, "view")]), OwnOnly;
        // Nonprofit-admin invitations
        POST "/admin/charity/inviteAdmin/{id}" => MainAdmin;
        POST "/admin-login/setPassword" => Public;
        // The demo list of nonprofit names: a nonprofit admin gets its own only (the handler).
        POST "/admin/common/list" => SignedIn;
        // Communities and posts
        POST "/admin/admin-community/create" => Grant(&[(COMMUNITY, "add")]);
        POST "/admin/admin-community/communityList" => Grant(&[(COMMUNITY, "view")]);
        POST "/admin/admin-community/delete" => Grant(&[(COMMUNITY, "delete")]);
        POST "/admin/admin-community/hideCommunity/{id}" => Grant(&[(COMMUNITY, "edit")]);
        PATCH "/admin/admin-community/update/{id}" => Grant(&[(COMMUNITY, "edit")]);
        GET "/v1/community/getCommunityDetail/{id}" => Grant(&[(COMMUNITY, "view")]);
        // NEW (issue 14): the members tab of a community's view.
        POST "/admin/admin-community/members/{id}" => Grant(&[(COMMUNITY, "view")]);
        POST "/v1/posts/list" => Grant(&[(COMMUNITY, "view")]);
        POST "/v1/posts/communityPosts" => Grant(&[(COMMUNITY, "view")]);
        POST "/v1/posts/activeInActivePost/{id}" => Grant(&[(COMMUNITY, "edit")]);
        POST "/v1/posts/InActivePostList" => Grant(&[(COMMUNITY, "view")]);
        POST "/v1/posts/likeUnlikePost/{id}" => Grant(&[(COMMUNITY, "edit")]);
        POST "/v1/posts/postComment" => Grant(&[(COMMUNITY, "edit")]);
        POST "/v1/posts/postCommentRply" => Grant(&[(COMMUNITY, "edit")]);
        GET "/v1/posts/getPostCommnetList/{id}" => Grant(&[(COMMUNITY, "view")]);
        POST "/v1/posts/likeUnlikeComment/{id}" => Grant(&[(COMMUNITY, "edit")]);
        POST "/admin/reportPost/reportPostList" => Grant(&[("/reporte_post", "view")]);
        POST "/admin/reportPost/deletePost/{id}" => Grant(&[("/reporte_post", "delete")]);
        // Events
        POST "/admin/event/addEvent" => Grant(&[(EVENT, "add")]);
        POST "/admin/event/eventFilter" => Grant(&[(EVENT, "view")]);
        POST "/admin/event/findEvent/{id}" => Grant(&[(EVENT, "view")]);
        POST "/admin/event/deleteEvent/{id}" => Grant(&[(EVENT, "delete")]);
        PATCH "/admin/event/editEvent/{id}" => Grant(&[(EVENT, "edit")]);
        GET "/v1/event/eventDetailsExport/{id}" => Grant(&[(EVENT, "view")]);
        DELETE "/v1/event/removeMember" => Grant(&[(EVENT, "edit")]);
        // Content
        POST "/admin/aboutUs/updateAboutUs" => Grant(&[("/content_management/about_us", "edit")]);
        GET "/v1/aboutUs/aboutUsList" => Grant(&[("/content_management/about_us", "edit")]);
        // The giving-partner page: its own module (SPEC section 2: sub-admins open
        // /giving_partner, without its Cancel); never a nonprofit admin.
        POST "/admin/givingPartner/update" => Grant(&[(GIVING_PARTNER_PAGE, "edit")]);
        GET "/admin/givingPartner/getDetails" => Grant(&[(GIVING_PARTNER_PAGE, "edit")]);
        POST "/admin/homepage/updateHomepage" => Grant(&[("/content_management/homepage", "edit")]);
        GET "/admin/homepage/getHomepageDetails" => Grant(&[("/content_management/homepage", "edit")]);
        POST "/admin/cms/updateCms/{id}" => Grant(&[("/content_management/privacy_policy", "edit"), ("/content_management/terms_condition", "edit")]);
        GET "/admin/cms/cmsPagesList" => Grant(&[("/content_management/privacy_policy", "edit"), ("/content_management/terms_condition", "edit")]);
        POST "/admin/leadership/addLeadership" => Grant(&[("/content_management/leadership", "add")]);
        POST "/admin/leadership/listLeadership" => Grant(&[("/content_management/leadership", "any")]);
        DELETE "/admin/leadership/deleteLeadership/{id}" => Grant(&[("/content_management/leadership", "delete")]);
        GET "/admin/leadership/getLeadership/{id}" => Grant(&[("/content_management/leadership", "any")]);
        PATCH "/admin/leadership/updateLeadership/{id}" => Grant(&[("/content_management/leadership", "edit")]);
        POST "/admin/ContactUs" => Grant(&[("/category/contact_form", "view")]);
        GET "/admin/ContactUs/getContactUs/{id}" => Grant(&[("/category/contact_form", "view")]);
        DELETE "/admin/ContactUs/delete/{id}" => Grant(&[("/category/contact_form", "delete")]);
        POST "/admin/faq-category/create" => Grant(&[("/category", "add")]);
        PATCH "/admin/faq-category/update/{id}" => Grant(&[("/category", "edit")]);
        POST "/admin/faq-category/list" => Grant(&[("/category", "any"), ("/category/FAQ", "any")]);
        DELETE "/admin/faq-category/delete/{id}" => Grant(&[("/category", "delete")]);
        GET "/admin/faq-category/get/{id}" => Grant(&[("/category", "any")]);
        // Content: page revisions (each page's edit), the public site (no token).
        GET "/admin/homepage/revisions" => Grant(&[(HOMEPAGE, "edit")]);
        GET "/admin/homepage/revision/{id}" => Grant(&[(HOMEPAGE, "edit")]);
        POST "/admin/homepage/restoreRevision/{id}" => Grant(&[(HOMEPAGE, "edit")]);
        GET "/admin/cms/revisions/{pageId}" => Grant(CMS);
        GET "/admin/cms/revision/{id}" => Grant(CMS);
        POST "/admin/cms/restoreRevision/{id}" => Grant(CMS);
        GET "/admin/aboutUs/revisions" => Grant(&[(ABOUT_US, "edit")]);
        GET "/admin/aboutUs/revision/{id}" => Grant(&[(ABOUT_US, "edit")]);
        POST "/admin/aboutUs/restoreRevision/{id}" => Grant(&[(ABOUT_US, "edit")]);
        GET "/admin/givingPartner/revisions" => Grant(&[(GIVING_PARTNER_PAGE, "edit")]);
        GET "/admin/givingPartner/revision/{id}" => Grant(&[(GIVING_PARTNER_PAGE, "edit")]);
        POST "/admin/givingPartner/restoreRevision/{id}" => Grant(&[(GIVING_PARTNER_PAGE, "edit")]);
        GET "/v1/public/page/{key}" => Public;
        GET "/v1/public/leadership" => Public;
        GET "/v1/public/faq" => Public;
        POST "/v1/public/contactUs" => Public;
        POST "/admin/faq/create" => Grant(&[("/category/FAQ", "add")]);
        PATCH "/admin/faq/update/{id}" => Grant(&[("/category/FAQ", "edit")]);
        POST "/admin/faq/list" => Grant(&[("/category/FAQ", "any")]);
        DELETE "/admin/faq/delete/{id}" => Grant(&[("/category/FAQ", "delete")]);
        GET "/admin/faq/get/{id}" => Grant(&[("/category/FAQ", "any")]);
        // Donors, giving, partners
        POST "/admin/user/userList" => Grant(&[(DONOR, "view")]);
        POST "/admin/user/create" => Grant(&[(DONOR, "add")]);
        GET "/admin/user/viewUserDetails/{id}" => Grant(&[(DONOR, "view")]);
        PATCH "/admin/user/update/{id}" => Grant(&[(DONOR, "edit")]);
        DELETE "/admin/user/delete/{id}" => Grant(&[(DONOR, "delete")]);
        PATCH "/admin/user/userStatus/{id}" => Grant(&[(DONOR, "status")]);
        POST "/admin/transaction/transactionList" => Grant(&[("/transaction", "view")]);
        POST "/admin/transaction/TransactionList-excel" => Grant(&[("/transaction", "view")]);
        GET "/admin/transaction/get/{id}" => Grant(&[("/transaction", "view")]);
        POST "/admin/strategic-partner/strategicPartnerList" => Grant(&[("/strategic", "view")]);
        PATCH "/admin/strategic-partner/strategicPartnerStatus/{id}" => Grant(&[("/strategic", "status")]);
        GET "/admin/strategic-partner/get/{id}" => Grant(&[("/strategic", "view"), ("/strategic/pending_strategic_partner", "view")]);
        POST "/admin/strategic-partner/deleteByAdmin" => Grant(&[("/strategic", "delete")]);
        POST "/admin/strategic-partner/pending-List" => Grant(&[("/strategic/pending_strategic_partner", "view")]);
        // Approve or reject: the pending screen that shows the buttons, and the right that
        // changes a partner's standing.
        POST "/admin/strategic-partner/changeVerificationStatus" => All(&[(PENDING_PARTNER, "view"), (PARTNER, "status")]);
        // A nonprofit admin: its own nonprofit's figures only (the handlers, areas/dashboard.rs).
        GET "/admin/dashboard/dashboard-data" => Grant(&[("/dashboard", "view")]), Allowed;
        GET "/admin/dashboard/totalDonorUser" => Grant(&[("/dashboard", "view")]), Allowed;
        GET "/admin/dashboard/yearGraphDashboardUser" => Grant(&[("/dashboard", "view")]), Allowed;
        GET "/admin/dashboard/totalReqCharity" => Grant(&[("/dashboard", "view")]), Allowed;
        GET "/admin/dashboard/yearGraphDashboardCharity" => Grant(&[("/dashboard", "view")]), Allowed;
        POST "/admin/subscribed-donor/subscribeDonor" => Grant(&[("/subscribed_donor", "view")]);
        POST "/admin/subscribed-donor/oneTime" => Grant(&[("/subscribed_donor", "view")]);
        POST "/admin/badge/badgeList" => Grant(&[("/badge", "any")]);
        PATCH "/admin/badge/badgeUpdate/{id}" => Grant(&[("/badge", "edit")]);
        GET "/admin/badge/findBadge/{id}" => Grant(&[("/badge", "any")]);
        DELETE "/admin/badge/delete/{id}" => Grant(&[("/badge", "delete")]);
        GET "/admin/setting-master" => Grant(&[("/manage_service_charges", "edit")]);
        GET "/admin/setting-master/{id}" => Grant(&[("/manage_service_charges", "edit")]);
        POST "/admin/setting-master/{id}" => Grant(&[("/manage_service_charges", "edit")]);
        // Chat and notifications
        DELETE "/admin/chat/clearChatHistory/{id}" => Grant(&[("/chat", "add")]);
        POST "/admin/chat/createRoom" => Grant(&[("/chat", "add")]);
        // The Message menu entry's count of unread conversations.
        GET "/admin/chat/unread" => Grant(&[("/chat", "any")]);
        POST "/admin/notification/sendNotificationAllUser" => Grant(&[("/send_notification", "add")]);
        POST "/admin/notification/notificationHistory" => Grant(&[("/send_notification", "view")]);
        GET "/admin/notification/charityAndCauseNamesList" => Grant(&[("/send_notification", "view")]);
        // The audit trail (/audit_log): the main admin only, whatever a sub-admin holds
        POST "/admin/audit/auditList" => MainAdmin;
        POST "/admin/audit/auditList-excel" => MainAdmin;
        GET "/admin/audit/get/{id}" => MainAdmin;
        GET "/admin/audit/verify" => MainAdmin;
        GET "/admin/audit/filters" => MainAdmin;
        // The Trash (issue 36): any account holding a delete right of a module with a trash;
        // each record then needs its own module's (areas/trash.rs)
        POST "/admin/trash/list" => Grant(DELETE_GRANTS);
        POST "/admin/trash/restore" => Grant(DELETE_GRANTS);
        POST "/admin/trash/purge" => Grant(DELETE_GRANTS);
        // Saved views (issue 36): the main admin's and sub-admins' own, of the lists of
        // modules they hold an action on (`holds_module`, asked by areas/saved_view.rs with
        // the list the request names); never a nonprofit admin's.
        GET "/admin/savedViews" => SignedIn, Nonprofit::Never;
        POST "/admin/savedViews" => SignedIn, Nonprofit::Never;
        DELETE "/admin/savedViews/{id}" => SignedIn, Nonprofit::Never;
        // NEW (issue 36): search everywhere, the command palette. Each group of its answer
        // is the kind whose list path the caller may call (areas/search.rs `KINDS`).
        GET "/admin/search" => SignedIn, Nonprofit::Never;
        // NEW (issue 36): bulk actions. Any right a list offers in bulk opens the paths; the
        // handler then needs the rule of the named module's single-row path (areas/bulk.rs
        // `ACTIONS`), and a job is its starter's only.
        POST "/admin/bulk" => Grant(crate::areas::bulk::GRANTS);
        POST "/admin/bulk/jobs" => Grant(crate::areas::bulk::GRANTS);
        GET "/admin/bulk/jobs/{id}" => Grant(crate::areas::bulk::GRANTS);
    }
}

/// The table keyed by (method, path template).
pub fn lookup() -> &'static std::collections::HashMap<(Method, &'static str), Rule> {
    static MAP: std::sync::OnceLock<std::collections::HashMap<(Method, &'static str), Rule>> =
        std::sync::OnceLock::new();
    MAP.get_or_init(|| table().into_iter().map(|e| ((e.method, e.path), e.rule)).collect())
}

/// Whether the signed-in account `p` may call a path under `rule`; `path_id` is the
/// path's `{id}` when it has one.
pub fn allows(rule: Rule, p: &Principal, path_id: Option<&str>) -> bool {
    match p.admin_type.as_str() {
        common::account::CHARITY_ADMIN => match rule.nonprofit {
            Nonprofit::Never => false,
            OwnOnly | OwnWithout(_) => !p.charity_id.is_empty() && path_id == Some(p.charity_id.as_str()),
            Allowed => true,
        },
        admin_type => match rule.access {
            Public | SignedIn => true,
            MainAdmin => admin_type == common::account::MAIN_ADMIN,
            Grant(alternatives) => {
                admin_type == common::account::MAIN_ADMIN
                    || (admin_type == common::account::SUB_ADMIN
                        && alternatives.iter().any(|(slug, action)| holds(p, slug, action)))
            }
            All(required) => {
                admin_type == common::account::MAIN_ADMIN
                    || (admin_type == common::account::SUB_ADMIN
                        && required.iter().all(|(slug, action)| holds(p, slug, action)))
            }
        },
    }
}

/// Whether the main admin or sub-admin `p` may do `action` in module `slug` (what a path's
/// `Grant` of that one pair allows): for checks of a module a request names (the trash's records).
pub fn may(p: &Principal, slug: &str, action: &str) -> bool {
    match p.admin_type.as_str() {
        common::account::MAIN_ADMIN => true,
        common::account::SUB_ADMIN => holds(p, slug, action),
        _ => false,
    }
}

/// Whether `p` holds some action of module `slug` (the main admin every module): the rule of
/// a path whose module is named by the request rather than by the path (a saved view's list).
pub fn holds_module(p: &Principal, slug: &str) -> bool {
    may(p, slug, "any")
}

/// Whether `p` may call `method path` (a path template of the table) without a record id:
/// what a composite answer asks before it includes the part that path would give (search
/// everywhere's groups). A path the table does not hold is refused.
pub fn may_call(p: &Principal, method: &Method, path: &str) -> bool {
    lookup().get(&(method.clone(), path)).is_some_and(|rule| allows(*rule, p, None))
}

/// Whether `p` was granted `action` of module `slug` (`any`: some action of it).
fn holds(p: &Principal, slug: &str, action: &str) -> bool {
    p.grants.iter().any(|(s, acts)| {
        s == slug && (if action == "any" { !acts.is_empty() } else { acts.iter().any(|a| a == action) })
    })
}

/// The JSON body flag `p` may not set to true on a path under `rule` (checked by the auth
/// middleware once the body is read), if any.
pub fn refused_body_flag(rule: Rule, p: &Principal) -> Option<&'static str> {
    match rule.nonprofit {
        OwnWithout(flag) if p.admin_type == common::account::CHARITY_ADMIN => Some(flag),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_grant_names_a_module_action_that_the_module_offers() {
        for e in table() {
            if let Grant(alts) | All(alts) = e.rule.access {
                for (slug, action) in alts {
                    let m = proto::modules::find(slug).unwrap_or_else(|| panic!("{} names unknown {slug}", e.path));
                    assert!(*action == "any" || m.actions.iter().any(|a| a == action), "{} {slug} {action}", e.path);
                }
            }
        }
    }

    #[test]
    fn no_path_is_listed_twice() {
        let t = table();
        assert_eq!(lookup().len(), t.len());
    }

    #[test]
    fn nonprofit_own_only_entries_name_the_nonprofit_in_their_path() {
        for e in table() {
            if matches!(e.rule.nonprofit, OwnOnly | OwnWithout(_)) {
                assert!(e.path.contains("{id}"), "{} is own-only but has no {{id}}", e.path);
            }
        }
    }

    fn who(admin_type: &str, grants: &[(&str, &[&str])], charity_id: &str) -> Principal {
        Principal {
            id: "u1".into(),
            admin_type: admin_type.into(),
            active: true,
            session_version: 1,
            charity_id: charity_id.into(),
            grants: grants.iter().map(|(s, a)| (s.to_string(), a.iter().map(|x| x.to_string()).collect())).collect(),
        }
    }

    fn rule(access: Access, nonprofit: Nonprofit) -> Rule {
        Rule { access, nonprofit }
    }

    #[test]
    fn grants_allow_only_what_they_hold() {
        let sub = who("Sub Admin", &[("/donor", &["view"])], "");
        let never = Nonprofit::Never;
        assert!(allows(rule(Grant(&[("/donor", "view")]), never), &sub, None));
        assert!(!allows(rule(Grant(&[("/donor", "add")]), never), &sub, None));
        assert!(allows(rule(Grant(&[("/donor", "any")]), never), &sub, None));
        assert!(!allows(rule(Grant(&[("/sub_admin", "view")]), never), &sub, None));
        assert!(allows(rule(Grant(&[("/sub_admin", "view")]), never), &who("Admin", &[], ""), None));
        assert!(!allows(rule(MainAdmin, never), &sub, None));
        // All of them, or nothing.
        let approve = All(&[("/master", "view"), ("/master/charity_management", "status")]);
        assert!(!allows(rule(approve, never), &who("Sub Admin", &[("/master", &["view"])], ""), None));
        assert!(!allows(
            rule(approve, never),
            &who("Sub Admin", &[("/master/charity_management", &["status"])], ""),
            None
        ));
        assert!(allows(
            rule(approve, never),
            &who("Sub Admin", &[("/master", &["view"]), ("/master/charity_management", &["status"])], ""),
            None
        ));
        assert!(allows(rule(approve, never), &who("Admin", &[], ""), None));
        // An unknown kind of account holds nothing, whatever grants it carries.
        assert!(!allows(
            rule(Grant(&[("/donor", "view")]), Allowed),
            &who("Donor", &[("/donor", &["view"])], ""),
            None
        ));
    }

    #[test]
    fn a_nonprofit_admin_is_held_to_the_nonprofit_rule_not_its_grants() {
        let npo = who("Charity Admin", &[("/master/charity_management", &["edit"])], "c1");
        let charity = Grant(&[("/master/charity_management", "edit")]);
        assert!(!allows(rule(charity, Nonprofit::Never), &npo, Some("c1")));
        assert!(allows(rule(charity, OwnOnly), &npo, Some("c1")));
        assert!(!allows(rule(charity, OwnOnly), &npo, Some("c2")));
        assert!(!allows(rule(charity, OwnOnly), &npo, None));
        assert!(!allows(rule(charity, OwnOnly), &who("Charity Admin", &[], ""), Some("")));
        assert!(allows(rule(MainAdmin, Allowed), &npo, None));
        assert!(!allows(rule(SignedIn, Nonprofit::Never), &npo, None));
        // Own-only with a refused body flag: the path as own-only, the flag for it alone.
        let onboard = rule(charity, OwnWithout("onboard"));
        assert!(allows(onboard, &npo, Some("c1")));
        assert!(!allows(onboard, &npo, Some("c2")));
        assert_eq!(refused_body_flag(onboard, &npo), Some("onboard"));
        assert_eq!(refused_body_flag(onboard, &who("Sub Admin", &[], "")), None);
        assert_eq!(refused_body_flag(rule(charity, OwnOnly), &npo), None);
    }
}
