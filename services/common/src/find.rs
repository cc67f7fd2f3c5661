//! The lookups of the console's search everywhere (the command palette, issue 36; proto
//! `common.v1.FindRequest`, mapped once by `common::wire::find`): a few records of one kind
//! read by index, never counted. The query's rules are checked here for every service, and
//! the two ways a lookup matches text are written once:
//!
//! - a prefix as an index range, `col >= $1 AND col < $2` (emails, phone digits, receipt
//!   numbers, provider references): `LIKE` would need an escape for `%` and `_`, and neither
//!   backend serves `LIKE 'x%'` from a plain index in every collation; a range is served by any
//!   ordered index on both, and the characters of the query are only characters;
//! - a substring, `LOWER(col) LIKE '%query%'` escaped (names, titles, questions), served by
//!   the trigram indexes where a table is large.

use crate::db::Sql;
use crate::error::{Check, Result};

/// Records a lookup answers when the request names no limit.
pub const DEFAULT_LIMIT: i64 = 5;
/// The most records one lookup answers.
pub const MAX_LIMIT: i64 = 20;
/// The shortest query (characters, trimmed).
pub const MIN_CHARS: usize = 2;
/// The longest query (characters, trimmed).
pub const MAX_CHARS: usize = 100;
/// A name is matched anywhere in it from this many characters (the trigram indexes need three;
/// the nonprofit list's search starts there too, SPEC section 10).
pub const CONTAINS_FROM: usize = 3;

/// A lookup's query, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Find {
    /// The query trimmed, as typed (provider references are case-sensitive).
    pub raw: String,
    /// The query trimmed and lower-cased (what names, emails and keys are stored as).
    pub text: String,
    pub limit: i64,
}

impl Find {
    /// Checks a query and a limit (0: [`DEFAULT_LIMIT`]).
    pub fn parse(query: &str, limit: i32) -> Result<Self> {
        let mut check = Check::default();
        let raw = query.trim().to_string();
        let chars = raw.chars().count();
        if chars < MIN_CHARS {
            check.fail("query", "Type at least 2 characters to search");
        } else if chars > MAX_CHARS {
            check.fail("query", "Search text must be at most 100 characters");
        }
        let limit = if limit == 0 { DEFAULT_LIMIT } else { i64::from(limit) };
        if !(1..=MAX_LIMIT).contains(&limit) {
            check.fail("limit", "limit must be between 1 and 20");
        }
        check.done()?;
        Ok(Self { text: raw.to_lowercase(), raw, limit })
    }

    /// Whether names are matched anywhere (the query has [`CONTAINS_FROM`] characters or more).
    pub fn contains_names(&self) -> bool {
        self.text.chars().count() >= CONTAINS_FROM
    }

    /// The query's digits when it reads as (the start of) a number that people write with
    /// separators: digits, spaces and `( ) - + .` only, with `min` digits or more.
    pub fn digits(&self, min: usize) -> Option<String> {
        let only = self.raw.chars().all(|c| c.is_ascii_digit() || " ()-+.".contains(c));
        let d = crate::rules::digits(&self.raw);
        (only && d.len() >= min).then_some(d)
    }
}

/// The upper end of the range of strings that start with a prefix: the prefix followed by the
/// highest code point, above every character a stored value can continue with.
const AFTER: char = '\u{10FFFF}';

/// ` AND col >= prefix AND col < prefix + U+10FFFF AND SUBSTR(col, 1, n) = prefix`: the rows
/// whose `col` starts with `prefix`, as a range any ordered index on `col` serves. The range is
/// exact where text sorts by code point (SQLite, PostgreSQL's C and C.UTF-8 collations); the
/// last test keeps it exact in a collation that sorts otherwise.
pub fn push_prefix(q: &mut Sql, col: &str, prefix: &str) {
    q.push(&format!(" AND {col} >= ")).push_bind(prefix.to_string());
    q.push(&format!(" AND {col} < ")).push_bind(format!("{prefix}{AFTER}"));
    q.push(&format!(" AND SUBSTR({col}, 1, {}) = ", prefix.chars().count())).push_bind(prefix.to_string());
}

/// ` AND col LIKE '%text%' ESCAPE '\'`: `col` (stored lower-cased) contains `text`, its `%`, `_`
/// and `\` taken as themselves.
pub fn push_contains(q: &mut Sql, col: &str, text: &str) {
    q.push(&format!(" AND {col} LIKE ")).push_bind(crate::db::like_pattern(text)).push(" ESCAPE '\\'");
}

/// An FTS5 trigram query (`… MATCH $1`) for the rows whose text contains `text` as it is: a
/// phrase of its trigrams, so every character is itself (`%`, `_` and `\` too, where the trigram
/// index's LIKE, which cannot be escaped, would take them as wildcards). `text` has 3 characters
/// or more (a trigram).
pub fn fts_phrase(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// Whether `text` holds a LIKE wildcard or its escape (an FTS5 trigram LIKE cannot take it).
pub fn has_wildcard(text: &str) -> bool {
    text.contains(['%', '_', '\\'])
}

/// The first `limit` of `found`, each id once, in the order found.
pub fn distinct<T>(found: impl IntoIterator<Item = T>, id: impl Fn(&T) -> &str, limit: i64) -> Vec<T> {
    let mut seen = std::collections::HashSet::new();
    let mut out = vec![];
    for item in found {
        if out.len() as i64 >= limit {
            break;
        }
        if seen.insert(id(&item).to_string()) {
            out.push(item);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::Backend;

    #[test]
    fn a_query_is_trimmed_and_holds_2_to_100_characters() {
        let f = Find::parse("  Ada@Example ", 0).unwrap();
        assert_eq!((f.raw.as_str(), f.text.as_str(), f.limit), ("Ada@Example", "ada@example", 5));
        let message = |q: &str| match Find::parse(q, 5) {
            Err(crate::error::Error::Validation(e)) => e[0].message.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(message(" a "), "Type at least 2 characters to search");
        assert_eq!(message(&"é".repeat(101)), "Search text must be at most 100 characters");
        assert!(Find::parse(&"é".repeat(100), 5).is_ok(), "characters, not bytes");
        assert!(Find::parse("ab", 21).is_err());
        assert!(Find::parse("ab", -1).is_err());
        assert_eq!(Find::parse("ab", 20).unwrap().limit, 20);
    }

    #[test]
    fn digits_are_read_only_from_a_query_that_is_a_number() {
        let f = |q: &str| Find::parse(q, 0).unwrap();
        assert_eq!(f("(555) 123-4").digits(4).as_deref(), Some("5551234"));
        assert_eq!(f("555").digits(4), None, "too few");
        assert_eq!(f("gc-2026").digits(4), None, "letters");
        assert_eq!(f("12-345").digits(2).as_deref(), Some("12345"));
    }

    #[test]
    fn a_prefix_is_a_range_and_a_substring_an_escaped_pattern() {
        let mut q = Sql::new(Backend::Postgres, "SELECT id FROM donors WHERE TRUE");
        push_prefix(&mut q, "email", "a%");
        assert_eq!(
            q.sql(),
            "SELECT id FROM donors WHERE TRUE AND email >= $1 AND email < $2 AND SUBSTR(email, 1, 2) = $3"
        );
        let mut q = Sql::new(Backend::Sqlite, "SELECT id FROM faqs WHERE TRUE");
        push_contains(&mut q, "question_key", "50%");
        assert_eq!(q.sql(), "SELECT id FROM faqs WHERE TRUE AND question_key LIKE ? ESCAPE '\\'");
    }

    #[test]
    fn an_fts_phrase_quotes_the_text() {
        assert_eq!(fts_phrase("bench_12%"), "\"bench_12%\"");
        assert_eq!(fts_phrase("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert!(has_wildcard("a_b") && has_wildcard("50%") && has_wildcard("a\\b") && !has_wildcard("plain"));
    }

    #[test]
    fn distinct_keeps_the_first_of_each_id_up_to_the_limit() {
        let found = ["a", "b", "a", "c", "d"];
        assert_eq!(distinct(found, |s| s, 3), vec!["a", "b", "c"]);
    }
}
