//! Compiles every `<dir>/<dir>.proto` beside this file (common first), so adding a service's
//! proto needs no edit here, and writes into OUT_DIR:
//! - `packages.rs`: one nested module per proto package (`identity.v1` -> `proto::identity::v1`);
//! - `services.rs`: the table of services (`services.json`) as Rust: `proto::services::ALL`
//!   and the `proto::for_each_service!` macro that hands every entry to a macro of the caller.
//!
//! The table also names each service's REST-shaped messages, which get serde and utoipa
//! derives here.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One entry of `services.json`.
#[derive(Deserialize)]
struct Service {
    name: String,
    port: u16,
    database: String,
    #[serde(default)]
    rest: Vec<String>,
    #[serde(default)]
    attributes: BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct Table {
    services: Vec<Service>,
}

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

/// `giving` -> `Giving`, `audit_log` -> `AuditLog`.
fn camel(name: &str) -> String {
    name.split('_').map(|w| w[..1].to_uppercase() + &w[1..]).collect()
}

/// The table as Rust: the data (`ALL`) and the macro (`for_each_service!`).
fn services_rs(table: &Table, packages: &[(String, String)]) -> Result<String, Box<dyn std::error::Error>> {
    let mut out =
        String::from("/// Every service, in start order (`proto/services.json`).\npub const ALL: &[Service] = &[\n");
    for s in &table.services {
        let Service { name, port, database, .. } = s;
        if !packages.iter().any(|(_, p)| *p == format!("{name}.v1")) {
            return Err(
                format!("services.json names {name}, which has no {name}/{name}.proto of package {name}.v1").into()
            );
        }
        writeln!(
            out,
            "    Service {{ name: {name:?}, port: {port}, database: {database:?}, url: \"{}_URL\" }},",
            name.to_uppercase()
        )?;
    }
    out.push_str("];\n\n");
    out.push_str(
        "/// Hands every service of the table (`proto/services.json`, in its order) to the caller's\n\
         /// macro (named by its path), one entry each:\n\
         /// `name: Name { long: name_long, port: 50051, database: \"NAME_DATABASE_URL\", url: \"NAME_URL\", flag: \"name-url\",\n\
         /// client: [path of its tonic client], server: [path of its tonic server] };`.\n\
         /// `name` is also the service's crate, so the caller can name `name::app::start`.\n\
         #[macro_export]\nmacro_rules! for_each_service {\n    ($($m:tt)+) => {\n        $($m)+! {\n",
    );
    for s in &table.services {
        let (name, camel) = (&s.name, camel(&s.name));
        writeln!(
            out,
            "            {name}: {camel} {{ long: {name}_long, port: {}, database: {:?}, url: \"{}_URL\", flag: \"{}-url\", \
             client: [$crate::{name}::v1::{name}_client::{camel}Client], server: [$crate::{name}::v1::{name}_server::{camel}Server] }};",
            s.port,
            s.database,
            name.to_uppercase(),
            name.replace('_', "-"),
        )?;
    }
    out.push_str("        }\n    };\n}\n");
    Ok(out)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed=.");
    let found = protos()?;
    let table: Table =
        serde_json::from_str(&std::fs::read_to_string("services.json")?).map_err(|e| format!("services.json: {e}"))?;
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR")?);
    let mut packages = String::new();
    for (_, package) in &found {
        let (name, version) =
            package.split_once('.').ok_or_else(|| format!("package {package} is not <service>.<version>"))?;
        // A service's package module also holds its entry of the table (`proto::giving::SERVICE`).
        let entry = match table.services.iter().position(|s| s.name == name) {
            Some(i) => format!(
                " /// This service's entry of the table.\n pub const SERVICE: crate::services::Service = crate::services::ALL[{i}];"
            ),
            None => String::new(),
        };
        writeln!(
            packages,
            "pub mod {name} {{ pub mod {version} {{ include!(concat!(env!(\"OUT_DIR\"), \"/{package}.rs\")); }}{entry} }}"
        )?;
    }
    std::fs::write(out.join("packages.rs"), packages)?;
    std::fs::write(out.join("services.rs"), services_rs(&table, &found)?)?;
    let fds = protox::compile(found.iter().map(|(file, _)| file.as_str()), ["."])?;

    // The REST shapes: the BFF reads and writes them as JSON (camelCase, `_id`), so a field is
    // named once, and the BFF's OpenAPI document describes them from the same types (utoipa).
    let json = "#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema)] #[serde(rename_all = \"camelCase\", default)]";
    let mut config = tonic_prost_build::configure();
    // A message name that an earlier service of the table already gives a REST shape is named
    // `<Service><Message>` in the OpenAPI document (chat's Person is ChatPerson).
    let mut schema_names: Vec<&str> = Vec::new();
    for s in &table.services {
        let package = format!("{}.v1", s.name);
        let file = fds
            .file
            .iter()
            .find(|f| f.package() == package)
            .ok_or_else(|| format!("no proto file of package {package}"))?;
        for m in &s.rest {
            let message = file
                .message_type
                .iter()
                .find(|d| d.name() == m)
                .ok_or_else(|| format!("services.json: {package} has no message {m}"))?;
            config = config.message_attribute(format!("{package}.{m}"), json);
            // Every REST shape's `id` is the console's `_id`.
            if message.field.iter().any(|f| f.name() == "id") {
                config = config.field_attribute(format!("{package}.{m}.id"), "#[serde(rename = \"_id\")]");
            }
            if schema_names.contains(&m.as_str()) {
                config = config
                    .message_attribute(format!("{package}.{m}"), format!("#[schema(as = {}{m})]", camel(&s.name)));
            } else {
                schema_names.push(m);
            }
        }
        for (field, attribute) in &s.attributes {
            config = config.field_attribute(format!("{package}.{field}"), attribute);
        }
    }
    config.compile_fds(fds)?;
    Ok(())
}
