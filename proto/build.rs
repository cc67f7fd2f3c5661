//! Compiles every `<dir>/<dir>.proto` beside this file (common first), so adding a service's
//! proto needs no edit here, and writes `packages.rs`: one nested module per proto package
//! (`identity.v1` -> `proto::identity::v1`), included by `src/lib.rs`.

use std::fmt::Write as _;

/// Every `<dir>/<dir>.proto` under the crate, with its package; `common` first, then by name.
fn protos() -> Result<Vec<(String, String)>, Box<dyn std::error::Error>> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(".")? {
        let dir = entry?.file_name().to_string_lossy().into_owned();
        let file = format!("{dir}/{dir}.proto");
        let Ok(text) = std::fs::read_to_string(&file) else { continue };
        let package = text
            .lines()
            .find_map(|l| l.trim().strip_prefix("package ").map(|p| p.trim_end_matches(';').trim().to_string()))
            .ok_or_else(|| format!("{file} names no package"))?;
        found.push((file, package));
    }
    found.sort_by_key(|(file, _)| (!file.starts_with("common/"), file.clone()));
    Ok(found)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed=.");
    let found = protos()?;
    let mut packages = String::new();
    for (_, package) in &found {
        let (name, version) =
            package.split_once('.').ok_or_else(|| format!("package {package} is not <service>.<version>"))?;
        writeln!(
            packages,
            "pub mod {name} {{ pub mod {version} {{ include!(concat!(env!(\"OUT_DIR\"), \"/{package}.rs\")); }} }}"
        )?;
    }
    std::fs::write(std::path::Path::new(&std::env::var("OUT_DIR")?).join("packages.rs"), packages)?;
    let fds = protox::compile(found.iter().map(|(file, _)| file.as_str()), ["."])?;
    // Nonprofit messages are the REST shapes too: the BFF reads and writes them as JSON
    // (camelCase, `_id`), so a field is named once, and the BFF's OpenAPI document describes
    // them from the same types (utoipa).
    let json = "#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema)] #[serde(rename_all = \"camelCase\", default)]";
    let mut config = tonic_prost_build::configure();
    for m in [
        "Charity",
        "NamedRef",
        "PaymentMethod",
        "PaymentMethodInput",
        "CharityInput",
        "PaymentMethods",
        "CharityRow",
        "ImportSummary",
        "ImportError",
    ] {
        config = config.message_attribute(format!("catalogue.v1.{m}"), json);
    }
    for f in ["Charity.id", "NamedRef.id", "PaymentMethod.id", "CharityRow.id", "PaymentMethodInput.id"] {
        config = config.field_attribute(format!("catalogue.v1.{f}"), "#[serde(rename = \"_id\")]");
    }
    // The giving service's REST shapes (proto/giving/giving.proto marks them).
    for m in [
        "Donor",
        "DonorInput",
        "DonorDetail",
        "EarnedBadge",
        "Transaction",
        "Subscription",
        "DonorTotalsRow",
        "Partner",
    ] {
        config = config.message_attribute(format!("giving.v1.{m}"), json);
    }
    for f in ["Donor.id", "Transaction.id", "Subscription.id", "DonorTotalsRow.id", "Partner.id"] {
        config = config.field_attribute(format!("giving.v1.{f}"), "#[serde(rename = \"_id\")]");
    }
    // The engagement service's REST shapes (proto/engagement/engagement.proto marks them).
    for m in [
        "Person",
        "NamedRef",
        "Community",
        "CommunityInput",
        "CommunityMember",
        "Event",
        "EventInput",
        "EventMember",
        "RemovedMember",
        "Post",
        "Comment",
        "LikeResult",
        "Report",
        "ReportedPost",
    ] {
        config = config.message_attribute(format!("engagement.v1.{m}"), json);
    }
    for f in [
        "Person.id",
        "NamedRef.id",
        "Community.id",
        "CommunityMember.id",
        "Event.id",
        "EventMember.id",
        "Post.id",
        "Comment.id",
        "Report.id",
        "ReportedPost.id",
    ] {
        config = config.field_attribute(format!("engagement.v1.{f}"), "#[serde(rename = \"_id\")]");
    }
    // The chat service's REST shapes (proto/chat/chat.proto marks them).
    for m in ["Person", "RoomUser", "Message", "Room", "NamedRef", "Sender", "Notification", "MemberNotification"] {
        config = config.message_attribute(format!("chat.v1.{m}"), json);
    }
    for f in ["Person.id", "RoomUser.id", "Message.id", "Room.id", "NamedRef.id", "Sender.id", "Notification.id"] {
        config = config.field_attribute(format!("chat.v1.{f}"), "#[serde(rename = \"_id\")]");
    }
    config = config.message_attribute("chat.v1.Person", "#[schema(as = ChatPerson)]");
    config = config.message_attribute("chat.v1.NamedRef", "#[schema(as = ChatNamedRef)]");
    // A member's notification is the notification's fields and its read flag, side by side.
    config = config.field_attribute("chat.v1.MemberNotification.notification", "#[serde(flatten)]");
    // The catalogue has a NamedRef too: the OpenAPI document names this one apart.
    config = config.message_attribute("engagement.v1.NamedRef", "#[schema(as = EngagementNamedRef)]");
    // A comment's replies are comments: the OpenAPI schema refers to itself there.
    config = config.field_attribute("engagement.v1.Comment.replies", "#[schema(no_recursion)]");
    config = config.field_attribute(
        "catalogue.v1.CharityInput.payment_methods",
        "#[serde(with = \"crate::json::payment_methods\")] #[schema(value_type = Option<Vec<PaymentMethodInput>>)]",
    );
    config.compile_fds(fds)?;
    Ok(())
}
