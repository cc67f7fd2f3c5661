//! Import of the IRS Exempt Organizations Business Master File (CSV, header
//! `EIN,NAME,ICO,STREET,CITY,STATE,ZIP,...,NTEE_CD,...`) as imported nonprofits.
//!
//! The file is read as a stream (constant memory apart from the set of EINs seen, four bytes
//! each), parsed on a blocking thread and compared batch by batch with what is stored: a row is
//! new, changed (its imported fields differ), unchanged, skipped (its EIN belongs to an onboarded
//! nonprofit, never overwritten) or invalid (with its row number and reason). A dry run stops
//! there; an apply upserts the new and changed rows batch by batch, so importing the same file
//! again changes nothing. The SQL (reading what is stored, the upsert) is in import_store.rs.

use crate::error::{Error, Result};
use crate::events;
use crate::import_store::{self as store, BmfRow};
use crate::service::Catalogue;
use bytes::Bytes;
use common::Actor;
use futures::{Stream, StreamExt};
use std::collections::{HashMap, HashSet};

/// Rows compared and written per statement.
const BATCH: usize = 1000;
/// Batches written at once on PostgreSQL (it then works on two cores). SQLite has one writer:
/// a second batch would only wait on its lock, so it gets one.
const IN_FLIGHT_POSTGRES: usize = 2;
/// Invalid rows reported one by one (all are counted).
const MAX_ERRORS: usize = 1000;
const REQUIRED: [&str; 6] = ["EIN", "NAME", "STREET", "CITY", "STATE", "ZIP"];
/// The longest row (record) read, in bytes: a real BMF row is under 300. A longer one is
/// reported invalid and never held whole (see [`BoundedRecords`]).
pub const MAX_RECORD_BYTES: usize = 4096;
/// The longest NAME (the console's nonprofit name rule).
pub const MAX_NAME_CHARS: usize = 150;
/// The longest of every other text field (the BMF's own are at most 70: ICO 35, STREET 35,
/// CITY 22).
pub const MAX_FIELD_CHARS: usize = 100;
/// How much of a bad value a message echoes.
const EXCERPT_CHARS: usize = 40;
/// What [`BoundedRecords`] puts in place of a row that is too long.
const TOO_LONG: &[u8] = b"\0\0BMF-ROW-TOO-LONG\0\0";

/// A bad value as a message shows it: at most 40 characters (then "..."), control
/// characters shown as '?'.
pub fn excerpt(v: &str) -> String {
    let mut out: String = v.chars().take(EXCERPT_CHARS).map(|c| if c.is_control() { '?' } else { c }).collect();
    if v.chars().count() > EXCERPT_CHARS {
        out.push_str("...");
    }
    out
}

/// What an import found (and, applied, wrote); the command line prints it as JSON.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct ImportSummary {
    /// The rows of each kind: what the import's event says when it wrote something.
    #[serde(flatten)]
    pub counts: events::Imported,
    /// The first invalid rows (row number, the header being row 1) and why.
    pub errors: Vec<ImportError>,
}

#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct ImportError {
    pub row: i64,
    pub reason: String,
}

/// What the parser hands over: a row number (the header is row 1) and the row or why it is invalid.
type Parsed = (i64, std::result::Result<BmfRow, String>);

struct Columns {
    at: HashMap<&'static str, usize>,
}

impl Columns {
    fn from_header(h: &csv::ByteRecord) -> std::result::Result<Self, String> {
        let names: Vec<String> =
            h.iter().map(|f| String::from_utf8_lossy(f).trim().trim_start_matches('\u{feff}').to_uppercase()).collect();
        let mut at = HashMap::new();
        for want in REQUIRED.iter().chain(["ICO", "NTEE_CD"].iter()) {
            if let Some(i) = names.iter().position(|n| n == want) {
                at.insert(*want, i);
            }
        }
        let missing: Vec<&str> = REQUIRED.iter().copied().filter(|c| !at.contains_key(c)).collect();
        if !missing.is_empty() {
            return Err(format!("The file is not a Business Master File: missing column {}", missing.join(", ")));
        }
        Ok(Self { at })
    }

    fn get(&self, r: &csv::ByteRecord, col: &str) -> String {
        self.at
            .get(col)
            .and_then(|i| r.get(*i))
            .map(|f| String::from_utf8_lossy(f).trim().to_string())
            .unwrap_or_default()
    }

    /// A text field within `max` characters and free of control characters.
    fn text(&self, r: &csv::ByteRecord, col: &str, max: usize) -> std::result::Result<String, String> {
        let v = self.get(r, col);
        if v.chars().count() > max {
            return Err(format!("{col} is longer than {max} characters (got '{}')", excerpt(&v)));
        }
        if v.chars().any(char::is_control) {
            return Err(format!("{col} holds control characters (got '{}')", excerpt(&v)));
        }
        Ok(v)
    }

    fn parse(&self, r: &csv::ByteRecord) -> std::result::Result<BmfRow, String> {
        if r.len() == 1 && r.get(0) == Some(TOO_LONG) {
            return Err(format!("The row is longer than {MAX_RECORD_BYTES} bytes"));
        }
        let ein = self.get(r, "EIN");
        if ein.len() != 9 || !ein.chars().all(|c| c.is_ascii_digit()) {
            return Err(format!("EIN must be 9 digits (got '{}')", excerpt(&ein)));
        }
        let name = self.text(r, "NAME", MAX_NAME_CHARS)?;
        if name.is_empty() {
            return Err("NAME is empty".into());
        }
        let state = self.text(r, "STATE", MAX_FIELD_CHARS)?.to_uppercase();
        if !state.is_empty() && (state.len() != 2 || !state.chars().all(|c| c.is_ascii_alphabetic())) {
            return Err(format!("STATE must be a two-letter code (got '{}')", excerpt(&state)));
        }
        let zip = self.text(r, "ZIP", MAX_FIELD_CHARS)?;
        if !zip.is_empty() && common::rules::Zip::new(&zip).is_none() {
            return Err(format!("ZIP must be 5 digits or 5+4 (got '{}')", excerpt(&zip)));
        }
        let in_care_of = self.text(r, "ICO", MAX_FIELD_CHARS)?;
        let street = self.text(r, "STREET", MAX_FIELD_CHARS)?;
        let city = self.text(r, "CITY", MAX_FIELD_CHARS)?;
        let ntee = self.text(r, "NTEE_CD", MAX_FIELD_CHARS)?;
        Ok(BmfRow {
            ein,
            name,
            in_care_of: in_care_of.trim_start_matches('%').trim().to_string(),
            street,
            city,
            state,
            zip,
            ntee: ntee.to_uppercase(),
        })
    }
}

/// Reads the bytes the async side sends as a blocking `Read`.
struct ChannelReader {
    rx: tokio::sync::mpsc::Receiver<Bytes>,
    current: Bytes,
}

impl std::io::Read for ChannelReader {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        while self.current.is_empty() {
            match self.rx.blocking_recv() {
                Some(b) => self.current = b,
                None => return Ok(0),
            }
        }
        let n = buf.len().min(self.current.len());
        buf[..n].copy_from_slice(&self.current[..n]);
        self.current = self.current.slice(n..);
        Ok(n)
    }
}

/// Hands the CSV reader whole records of at most [`MAX_RECORD_BYTES`] bytes: a record (up
/// to a line end outside double quotes, as the reader frames them) is held until it ends;
/// one that grows past the cap is dropped as it arrives and replaced by a one-field
/// [`TOO_LONG`] record, so a 100 MB line without a newline (or an unclosed quote) costs
/// 4 KB, not 100 MB.
struct BoundedRecords<R> {
    inner: R,
    /// The record being read (at most the cap).
    record: Vec<u8>,
    in_quotes: bool,
    too_long: bool,
    /// Bytes ready for the reader, from `at`.
    out: Vec<u8>,
    at: usize,
    done: bool,
}

impl<R: std::io::Read> BoundedRecords<R> {
    fn new(inner: R) -> Self {
        Self { inner, record: Vec::new(), in_quotes: false, too_long: false, out: Vec::new(), at: 0, done: false }
    }

    /// Ends the current record (with `end`, its terminator, when it had one).
    fn end_record(&mut self, end: Option<u8>) {
        if self.too_long {
            self.out.extend_from_slice(TOO_LONG);
            self.out.push(b'\n');
        } else {
            self.out.append(&mut self.record);
            self.out.extend(end);
        }
        self.record.clear();
        self.in_quotes = false;
        self.too_long = false;
    }

    fn take(&mut self, chunk: &[u8]) {
        for &b in chunk {
            if b == b'"' {
                self.in_quotes = !self.in_quotes;
            }
            if (b == b'\n' || b == b'\r') && !self.in_quotes {
                self.end_record(Some(b));
                continue;
            }
            if self.too_long {
                continue;
            }
            self.record.push(b);
            if self.record.len() > MAX_RECORD_BYTES {
                self.too_long = true;
                self.record = Vec::new();
            }
        }
    }
}

impl<R: std::io::Read> std::io::Read for BoundedRecords<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut chunk = [0u8; 16 * 1024];
        while self.at == self.out.len() {
            self.out.clear();
            self.at = 0;
            if self.done {
                return Ok(0);
            }
            let n = self.inner.read(&mut chunk)?;
            if n == 0 {
                self.done = true;
                if !self.record.is_empty() || self.too_long {
                    self.end_record(None);
                }
            } else {
                self.take(&chunk[..n]);
            }
        }
        let n = buf.len().min(self.out.len() - self.at);
        buf[..n].copy_from_slice(&self.out[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// Parses CSV bytes on a blocking thread; batches of parsed rows come out of the receiver,
/// a header problem as an `Err` first.
fn spawn_parser(
    bytes: tokio::sync::mpsc::Receiver<Bytes>,
) -> tokio::sync::mpsc::Receiver<std::result::Result<Vec<Parsed>, String>> {
    let (tx, rx) = tokio::sync::mpsc::channel(4);
    tokio::task::spawn_blocking(move || {
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(BoundedRecords::new(ChannelReader { rx: bytes, current: Bytes::new() }));
        let mut record = csv::ByteRecord::new();
        let columns = match reader.read_byte_record(&mut record) {
            Ok(true) => Columns::from_header(&record),
            Ok(false) => Err("The file is empty".to_string()),
            Err(e) => Err(format!("The file could not be read: {e}")),
        };
        let columns = match columns {
            Ok(c) => c,
            Err(e) => {
                let _ = tx.blocking_send(Err(e));
                return;
            }
        };
        let mut batch = Vec::with_capacity(BATCH);
        let mut row = 1i64;
        loop {
            row += 1;
            match reader.read_byte_record(&mut record) {
                Ok(true) => {
                    if record.iter().all(|f| f.iter().all(u8::is_ascii_whitespace)) {
                        continue; // blank line
                    }
                    batch.push((row, columns.parse(&record)));
                }
                Ok(false) => break,
                Err(e) => batch.push((row, Err(format!("unreadable row: {e}")))),
            }
            if batch.len() == BATCH
                && tx.blocking_send(Ok(std::mem::replace(&mut batch, Vec::with_capacity(BATCH)))).is_err()
            {
                return;
            }
        }
        if !batch.is_empty() {
            let _ = tx.blocking_send(Ok(batch));
        }
    });
    rx
}

#[derive(Default)]
struct Tally {
    summary: ImportSummary,
    seen: HashSet<u32>,
}

/// What one batch found.
#[derive(Default)]
struct Counts {
    new: i64,
    changed: i64,
    unchanged: i64,
    skipped: i64,
}

impl Tally {
    /// Counts the rows of a batch, sets aside invalid ones and EINs seen earlier in the file,
    /// and answers the rows to compare.
    fn prepare(&mut self, batch: Vec<Parsed>) -> Vec<(i64, BmfRow)> {
        let mut rows = Vec::with_capacity(batch.len());
        for (n, parsed) in batch {
            self.summary.counts.rows += 1;
            match parsed {
                Ok(r) => {
                    if self.seen.insert(r.ein.parse::<u32>().expect("nine digits")) {
                        rows.push((n, r));
                    } else {
                        self.invalid(n, format!("EIN {} appears earlier in the file", r.ein));
                    }
                }
                Err(reason) => self.invalid(n, reason),
            }
        }
        rows
    }

    fn add(&mut self, c: Counts) {
        let s = &mut self.summary.counts;
        s.new += c.new;
        s.changed += c.changed;
        s.unchanged += c.unchanged;
        s.skipped += c.skipped;
    }

    fn invalid(&mut self, row: i64, reason: String) {
        self.summary.counts.invalid += 1;
        if self.summary.errors.len() < MAX_ERRORS {
            self.summary.errors.push(ImportError { row, reason });
        }
    }
}

impl Catalogue {
    /// Imports (or, without `apply`, summarises) a Business Master File given as a byte stream.
    pub async fn import_bmf<S, E>(&self, apply: bool, mut chunks: S, actor: &Actor) -> Result<ImportSummary>
    where
        S: Stream<Item = std::result::Result<Bytes, E>> + Unpin,
        E: std::fmt::Display,
    {
        let (byte_tx, byte_rx) = tokio::sync::mpsc::channel::<Bytes>(8);
        let mut batches = spawn_parser(byte_rx);
        // Feed the parser while consuming its batches.
        let feeder = async move {
            while let Some(chunk) = chunks.next().await {
                let chunk = chunk.map_err(|e| Error::field("file", &format!("The upload was interrupted: {e}")))?;
                if byte_tx.send(chunk).await.is_err() {
                    break; // the parser stopped (bad header)
                }
            }
            Ok::<(), Error>(())
        };
        let consumer = async {
            let mut tally = Tally::default();
            let in_flight = if self.db.backend == common::db::Backend::Postgres { IN_FLIGHT_POSTGRES } else { 1 };
            let mut writing = futures::stream::FuturesUnordered::new();
            while let Some(batch) = batches.recv().await {
                let rows = tally.prepare(batch.map_err(|e| Error::field("file", &e))?);
                if rows.is_empty() {
                    continue;
                }
                writing.push(self.import_batch(apply, rows, actor));
                if writing.len() >= in_flight {
                    tally.add(writing.next().await.expect("one is in flight")?);
                }
            }
            while let Some(counts) = writing.next().await {
                tally.add(counts?);
            }
            Ok::<Tally, Error>(tally)
        };
        let (fed, tally) = tokio::join!(feeder, consumer);
        let tally = tally?;
        fed?;
        let s = tally.summary;
        let n = &s.counts;
        if n.rows == 0 && n.invalid == 0 {
            return Err(Error::field("file", "The file has no rows"));
        }
        if apply && (n.new > 0 || n.changed > 0) {
            let mut w = self.write(actor).await?;
            w.emit(events::CHARITY_IMPORTED, n).await?;
            w.commit().await?;
        }
        Ok(s)
    }

    /// Compares one batch of valid rows with what is stored (and writes it when applying).
    async fn import_batch(&self, apply: bool, rows: Vec<(i64, BmfRow)>, actor: &Actor) -> Result<Counts> {
        let mut counts = Counts::default();
        // A dry run only reads: it takes no write lock. An apply writes through common::write.
        let mut read = if apply { None } else { Some(self.db.pool.begin().await?) };
        let mut write = if apply { Some(self.write(actor).await?) } else { None };
        let conn: &mut sqlx::AnyConnection = match (&mut read, &mut write) {
            (Some(tx), _) => tx,
            (_, Some(w)) => w,
            _ => unreachable!("one of them is open"),
        };
        let stored = store::stored(&mut *conn, self.db.backend, &rows).await?;
        let mut changed = Vec::new();
        for (_, r) in rows {
            let hash = r.hash();
            match stored.get(&r.ein) {
                None => {
                    counts.new += 1;
                    changed.push((r, hash));
                }
                Some((_, false)) => counts.skipped += 1,
                Some((h, true)) if *h == hash => counts.unchanged += 1,
                Some(_) => {
                    counts.changed += 1;
                    changed.push((r, hash));
                }
            }
        }
        if let Some(mut w) = write {
            if !changed.is_empty() {
                store::upsert(&mut w, self.db.backend, &changed).await?;
            }
            w.commit().await?;
        } else if let Some(tx) = read {
            tx.commit().await?;
        }
        Ok(counts)
    }
}
