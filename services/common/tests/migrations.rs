//! Migrations are written expand-then-contract (CONTRIBUTING.md, "Migrations"): during a
//! rolling upgrade the previous release keeps running on the database the new release has
//! migrated, so a migration must not take away or tighten what the previous release reads or
//! writes. A step that does (dropping or renaming a table or column, changing a column's
//! type, making a column NOT NULL, adding a NOT NULL column without a default) belongs to a
//! later release than the one that stopped using it, and says so on a `-- contract:` line.
//! This test holds every migration written after this rule to it.

use std::path::{Path, PathBuf};

/// The last migration of each folder when the rule came in (issue 18): older ones were
/// released before rolling upgrades were promised, and are left as they are.
const BEFORE_THE_RULE: &[(&str, i64)] = &[
    ("audit", 1),
    ("catalogue", 5),
    ("chat", 2),
    ("common", 1_000_000_002),
    ("content", 5),
    ("engagement", 5),
    ("giving", 8),
    ("identity", 4),
];

/// The steps of `sql` that take away or tighten something (comments ignored).
fn contracting_steps(sql: &str) -> Vec<String> {
    let text: String = sql.lines().map(|l| l.split("--").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    let mut found = Vec::new();
    for statement in text.split(';') {
        let s = statement.split_whitespace().collect::<Vec<_>>().join(" ").to_uppercase();
        if s.is_empty() {
            continue;
        }
        let adds_strict_column = s.contains("ADD COLUMN") && s.contains("NOT NULL") && !s.contains("DEFAULT");
        let alters_type = s.contains("ALTER COLUMN") && (s.contains(" TYPE ") || s.contains("SET DATA TYPE"));
        if s.starts_with("DROP TABLE")
            || s.contains("DROP COLUMN")
            || s.contains(" RENAME ")
            || alters_type
            || s.contains("SET NOT NULL")
            || adds_strict_column
        {
            found.push(s);
        }
    }
    found
}

fn migration_folders() -> Vec<(String, PathBuf)> {
    let services = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut out = Vec::new();
    for service in std::fs::read_dir(services).unwrap().flatten() {
        for backend in ["sqlite", "postgres"] {
            let dir = service.path().join("migrations").join(backend);
            if dir.is_dir() {
                out.push((service.file_name().to_string_lossy().into_owned(), dir));
            }
        }
    }
    out
}

#[test]
fn migrations_after_the_rule_only_expand_unless_they_say_why() {
    let folders = migration_folders();
    assert!(folders.len() >= 16, "every service's two migration folders are found: {folders:?}");
    let mut wrong = Vec::new();
    for (service, dir) in folders {
        let baseline = BEFORE_THE_RULE.iter().find(|(s, _)| *s == service).map(|(_, v)| *v);
        for file in std::fs::read_dir(&dir).unwrap().flatten() {
            let name = file.file_name().to_string_lossy().into_owned();
            let version: i64 =
                name.split('_').next().and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{name}: no version"));
            if baseline.is_some_and(|b| version <= b) {
                continue;
            }
            let sql = std::fs::read_to_string(file.path()).unwrap();
            let steps = contracting_steps(&sql);
            if !steps.is_empty() && !sql.lines().any(|l| l.trim_start().starts_with("-- contract:")) {
                wrong.push(format!("{}: {steps:?}", file.path().display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "contracting steps without a `-- contract:` line (CONTRIBUTING.md, Migrations):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_check_sees_what_an_older_replica_cannot_live_with() {
    for sql in [
        "ALTER TABLE causes DROP COLUMN description;",
        "drop table causes",
        "ALTER TABLE causes RENAME TO terms;",
        "ALTER TABLE causes RENAME COLUMN name TO title;",
        "ALTER TABLE causes ALTER COLUMN name TYPE VARCHAR(20);",
        "ALTER TABLE causes ALTER COLUMN name SET NOT NULL;",
        "ALTER TABLE causes ADD COLUMN icon TEXT NOT NULL;",
    ] {
        assert_eq!(contracting_steps(sql).len(), 1, "{sql}");
    }
    for sql in [
        "ALTER TABLE causes ADD COLUMN icon TEXT NOT NULL DEFAULT '';",
        "ALTER TABLE causes ADD COLUMN icon TEXT; -- DROP COLUMN icon later",
        "CREATE TABLE tags (id TEXT PRIMARY KEY); CREATE INDEX tags_id ON tags (id); DROP INDEX old_index;",
    ] {
        assert!(contracting_steps(sql).is_empty(), "{sql}");
    }
}
