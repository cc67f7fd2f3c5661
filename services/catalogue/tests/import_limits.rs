//! Business Master File imports against hostile files, on SQLite and on PostgreSQL: a huge
//! field, a huge row, a 100 MB line with no newline (never held whole), binary garbage and
//! control characters; each bad row reported with a short excerpt, the good rows kept.

use catalogue::app::MIGRATIONS;
use catalogue::import::ImportSummary;
use catalogue::service::Catalogue;
use common::Actor;

const HEADER: &str = "EIN,NAME,ICO,STREET,CITY,STATE,ZIP,NTEE_CD";

fn row(ein: &str, name: &str, city: &str) -> String {
    format!("{ein},{name},% JANE DOE,1 MAIN ST,{city},IL,62701,P20")
}

fn catalogue(db: common::db::Db) -> Catalogue {
    Catalogue::new(db, None)
}

async fn import(c: &Catalogue, chunks: Vec<bytes::Bytes>) -> ImportSummary {
    let chunks: Vec<Result<bytes::Bytes, std::io::Error>> = chunks.into_iter().map(Ok).collect();
    c.import_bmf(false, futures::stream::iter(chunks), &Actor::system()).await.unwrap()
}

fn file(rows: &[Vec<u8>]) -> bytes::Bytes {
    let mut out = HEADER.as_bytes().to_vec();
    for r in rows {
        out.push(b'\n');
        out.extend_from_slice(r);
    }
    out.push(b'\n');
    out.into()
}

fn reasons(s: &ImportSummary) -> Vec<(i64, String)> {
    s.errors.iter().map(|e| (e.row, e.reason.clone())).collect()
}

async fn every_bad_field_is_named_with_a_short_excerpt(c: Catalogue) {
    let long_name = "A".repeat(151);
    let long_city = "B".repeat(5000);
    let control = "BELL\u{7}NAME";
    let rows = vec![
        row("010000001", "GOOD ONE", "SPRINGFIELD").into_bytes(),
        row("010000002", &long_name, "X").into_bytes(),
        row("010000003", "FINE", &"C".repeat(101)).into_bytes(),
        row("010000004", control, "X").into_bytes(),
        row("010000005", "HUGE ROW", &long_city).into_bytes(),
        b"\xff\xfe\x00\x01garbage\x00\x9f,\x80\x81".to_vec(),
        row(&"9".repeat(500), "LONG EIN", "X").into_bytes(),
        row("010000006", "GOOD TWO", "PEORIA").into_bytes(),
    ];
    let s = import(&c, vec![file(&rows)]).await;
    assert_eq!((s.counts.rows, s.counts.new, s.counts.invalid), (8, 2, 6));
    let excerpt = |c: char| format!("{}...", c.to_string().repeat(40));
    assert_eq!(
        reasons(&s),
        vec![
            (3, format!("NAME is longer than 150 characters (got '{}')", excerpt('A'))),
            (4, format!("CITY is longer than 100 characters (got '{}')", excerpt('C'))),
            (5, "NAME holds control characters (got 'BELL?NAME')".to_string()),
            (6, "The row is longer than 4096 bytes".to_string()),
            (7, "EIN must be 9 digits (got '\u{fffd}\u{fffd}??garbage?\u{fffd}')".to_string()),
            (8, format!("EIN must be 9 digits (got '{}')", excerpt('9'))),
        ]
    );
    // No message echoes more than 40 characters of a value.
    assert!(s.errors.iter().all(|e| e.reason.chars().count() < 120), "{:?}", s.errors);
}

async fn a_100_mb_line_without_a_newline_is_one_bad_row(c: Catalogue) {
    // Header, one good row, then 100 MB of one line (no newline, no end), sent in 1 MB pieces.
    let mut chunks = vec![bytes::Bytes::from(format!("{HEADER}\n{}\n", row("010000001", "GOOD", "X")))];
    let mb = bytes::Bytes::from(vec![b'x'; 1024 * 1024]);
    chunks.extend(std::iter::repeat_n(mb, 100));
    let s = import(&c, chunks).await;
    assert_eq!((s.counts.rows, s.counts.new, s.counts.invalid), (2, 1, 1));
    assert_eq!(reasons(&s), vec![(3, "The row is longer than 4096 bytes".to_string())]);

    // An unclosed quote makes the rest of the file one record: bounded the same way; the
    // rows before it are read.
    let mut chunks = vec![bytes::Bytes::from(format!("{HEADER}\n{}\n010000002,\"OPEN", row("010000001", "GOOD", "X")))];
    chunks.extend(std::iter::repeat_n(bytes::Bytes::from("short line\n".repeat(1000)), 10));
    let s = import(&c, chunks).await;
    assert_eq!((s.counts.new, s.counts.invalid), (1, 1));
    assert_eq!(s.errors[0].reason, "The row is longer than 4096 bytes");
}

#[test]
fn an_excerpt_is_at_most_40_characters_and_shows_no_control_characters() {
    assert_eq!(catalogue::import::excerpt("short"), "short");
    assert_eq!(catalogue::import::excerpt(&"é".repeat(41)), format!("{}...", "é".repeat(40)));
    assert_eq!(catalogue::import::excerpt("a\nb\u{1b}[31m"), "a?b?[31m");
}

common::on_both_backends! { MIGRATIONS, catalogue;
    every_bad_field_is_named_with_a_short_excerpt => every_bad_field_is_named_with_a_short_excerpt_on_sqlite, every_bad_field_is_named_with_a_short_excerpt_on_postgres;
    a_100_mb_line_without_a_newline_is_one_bad_row => a_100_mb_line_without_a_newline_is_one_bad_row_on_sqlite, a_100_mb_line_without_a_newline_is_one_bad_row_on_postgres;
}
