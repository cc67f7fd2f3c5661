//! The deployment files and the crates that start every service hold exactly the services of
//! the table (`proto/services.json`): a service added to the table and not deployed, or
//! deployed after it left the table, fails here with the file and the names that differ.
//! The files are read as text, by the few line shapes that name a service in each.

use std::collections::BTreeSet;

/// The names of the table.
fn table() -> BTreeSet<String> {
    proto::services::ALL.iter().map(|s| s.name.to_string()).collect()
}

/// A file of the repository (its root is the proto crate's parent).
fn read(path: &str) -> String {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(path);
    std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()))
}

#[track_caller]
fn same(file: &str, what: &str, found: BTreeSet<String>) {
    let table = table();
    let missing: Vec<_> = table.difference(&found).collect();
    let unknown: Vec<_> = found.difference(&table).collect();
    assert!(
        missing.is_empty() && unknown.is_empty(),
        "{file} ({what}) lacks {missing:?} and names {unknown:?}, which proto/services.json does not hold"
    );
}

/// The value of every line `<key>: <value>` (after any indentation or list dash).
fn values_of<'a>(text: &'a str, key: &str) -> impl Iterator<Item = &'a str> + 'a {
    let key = format!("{key}:");
    text.lines().filter_map(move |l| {
        l.trim_start().trim_start_matches("- ").strip_prefix(key.as_str()).map(|v| v.trim().trim_matches('"'))
    })
}

/// The lowercase `<name>` of every word `<NAME><suffix>` in `text` (`CHAT_DATABASE_URL` -> chat).
fn prefixes(text: &str, suffix: &str) -> BTreeSet<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter_map(|w| w.strip_suffix(suffix))
        .filter(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
        .map(str::to_lowercase)
        .collect()
}

/// The keys one level under the top-level key `section:` of a YAML file (two spaces in).
fn keys_under(text: &str, section: &str) -> BTreeSet<String> {
    let mut keys = BTreeSet::new();
    let mut inside = false;
    for line in text.lines() {
        if !line.starts_with(' ') && !line.starts_with('#') && !line.trim().is_empty() {
            inside = line.trim_end() == format!("{section}:");
            continue;
        }
        if let Some(key) = line.strip_prefix("  ").filter(|_| inside).and_then(|l| l.split_once(':')).map(|(k, _)| k)
            && !key.starts_with([' ', '#'])
        {
            keys.insert(key.to_string());
        }
    }
    keys
}

#[test]
fn the_chart_values_configure_every_service_of_the_table() {
    same(
        "helm/giving-console/values.yaml",
        "the keys of `services`",
        keys_under(&read("helm/giving-console/values.yaml"), "services"),
    );
}

#[test]
fn docker_compose_runs_every_service_of_the_table() {
    let text = read("deploy/docker-compose.yml");
    same("deploy/docker-compose.yml", "the images built with BIN", values_of(&text, "BIN").map(String::from).collect());
    same("deploy/docker-compose.yml", "the <NAME>_DATABASE_URL variables", prefixes(&text, "_DATABASE_URL"));
    let databases = values_of(&text, "POSTGRES_SERVICE_DATABASES").next().expect("POSTGRES_SERVICE_DATABASES");
    same(
        "deploy/docker-compose.yml",
        "POSTGRES_SERVICE_DATABASES",
        databases.split_whitespace().map(String::from).collect(),
    );
    let bff = &text[text.find("\n  bff:").expect("the bff service")..];
    let bff = &bff[..bff.find("\nvolumes:").unwrap_or(bff.len())];
    let urls =
        prefixes(bff, "_URL").into_iter().filter(|n| !["redis", "amqp", "public"].contains(&n.as_str())).collect();
    same("deploy/docker-compose.yml", "the bff's <NAME>_URL variables", urls);
}

#[test]
fn skaffold_builds_and_deploys_every_service_of_the_table() {
    let text = read("skaffold.yaml");
    same("skaffold.yaml", "the artifacts built with BIN", values_of(&text, "BIN").map(String::from).collect());
    let deployed = text
        .lines()
        .filter_map(|l| {
            l.trim().strip_prefix("services.")?.split_once(".image.repository:").map(|(name, _)| name.to_string())
        })
        .collect();
    same("skaffold.yaml", "the services.<name>.image.repository values", deployed);
}

#[test]
fn the_dev_cluster_has_a_database_and_its_secret_for_every_service_of_the_table() {
    let text = read("deploy/k8s/dev-dependencies.yaml");
    let created = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("CREATE DATABASE ")?.strip_suffix(';').map(String::from))
        .collect();
    same("deploy/k8s/dev-dependencies.yaml", "CREATE DATABASE", created);
    let secrets = values_of(&text, "name")
        .filter_map(|n| n.strip_prefix("giving-console-")?.strip_suffix("-db").map(String::from))
        .collect();
    same("deploy/k8s/dev-dependencies.yaml", "the giving-console-<name>-db Secrets", secrets);
}

#[test]
fn the_crates_that_start_every_service_depend_on_each_one() {
    // The embedded console and the BFF's tests start every service in process: a service of
    // the table they do not depend on, or a left-over dependency, is found here.
    let deps = |text: &str, section: &str| -> BTreeSet<String> {
        let body = &text[text.find(&format!("[{section}]")).unwrap_or_else(|| panic!("[{section}]"))..];
        let body = &body[body.find('\n').unwrap_or(body.len())..];
        let body = &body[..body.find("\n[").unwrap_or(body.len())];
        body.lines()
            .filter_map(|l| l.split_once(".workspace = true").map(|(name, _)| name.trim().to_string()))
            .collect()
    };
    let services = |mut names: BTreeSet<String>| {
        // Crates of services/ that are no service: shared by all of them, or starting them all.
        names.retain(|n| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../services").join(n).is_dir()
                && n != "common"
                && n != "tokens"
                && n != "stack"
        });
        names
    };
    same(
        "services/stack/Cargo.toml",
        "[dependencies]",
        services(deps(&read("services/stack/Cargo.toml"), "dependencies")),
    );
    same("bff/console/Cargo.toml", "[dependencies]", services(deps(&read("bff/console/Cargo.toml"), "dependencies")));
    same("bff/Cargo.toml", "[dev-dependencies]", services(deps(&read("bff/Cargo.toml"), "dev-dependencies")));
    let root = read("Cargo.toml");
    let members = root
        .lines()
        .filter_map(|l| l.split_once("= { path = \"services/").map(|(name, _)| name.trim().to_string()))
        .collect();
    same("Cargo.toml", "[workspace.dependencies]", services(members));
}
