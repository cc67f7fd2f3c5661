//! The one way an export is answered: an .xlsx written while the rows arrive.
//!
//! The service's first message says whether the filter is good (a bad one is a 400 before
//! any byte is sent). Then three parts run side by side, joined by bounded channels so the
//! memory stays the same whatever the number of rows:
//! - the pump (async) reads the service's stream and hands the rows on;
//! - the writer (a blocking thread) turns each row into worksheet XML, deflates it into a
//!   zip written as a stream (local headers with data descriptors: nothing is ever seeked
//!   back to) and cuts the compressed bytes into chunks of about 64 KiB;
//! - the response body sends the chunks as they come.
//!
//! The first bytes (the fixed parts, the sheet's start and its header row) go out before the
//! first row is written; after that a chunk goes out every 64 KiB of compressed output, and
//! what is pending is flushed at least once a second (rows that come slowly still show
//! progress). A client that goes away closes the body's channel: the writer stops at its next
//! chunk and the pump at once, which drops the service's stream. A stream that fails midway
//! ends the body with an error, so the client never takes a cut-off file for a whole one.
//! A worksheet holds at most 1,048,575 records (Excel's limit): past it the export fails.

use crate::error::ApiError;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use futures::{Stream, StreamExt};
use std::fmt::Write as _;
use std::io::{self, Write};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use zip::write::{SimpleFileOptions, ZipWriter};

/// The media type of an Excel workbook.
pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// About how many compressed bytes go out at once.
const CHUNK: usize = 64 * 1024;
/// Chunks waiting for the client (then the writer waits).
const CHUNKS_IN_FLIGHT: usize = 4;
/// Rows waiting for the writer (then the pump, and so the service, waits).
const ROWS_IN_FLIGHT: usize = 256;
/// Worksheet XML gathered before it is handed to the compressor.
const XML_BATCH: usize = 64 * 1024;
/// A chunk goes out at least this often while rows come slowly.
const FLUSH_EVERY: Duration = Duration::from_secs(1);
/// Deflate level. 1,000,000 transactions (bff/examples/xlsx_bench.rs, this crate and the
/// compressor optimised): level 1 took 5.0 s for 122 MB, 3 took 5.7 s for 90 MB, the default
/// 6 took 11.1 s for 83 MB.
const LEVEL: i64 = 3;
/// Excel's last row: the header and 1,048,575 records.
const MAX_ROWS: u32 = 1_048_576;

/// One worksheet: its title, the attachment's file name, its columns (header, width) and
/// how one record becomes a row (`row.text(..)`, `row.money_cents(..)`, ...).
pub struct Sheet<T> {
    pub title: String,
    pub file_name: String,
    pub columns: &'static [(&'static str, f64)],
    pub row: fn(&mut Row, &T),
}

/// One cell of a [`Summary`] sheet.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Text(String),
    Number(f64),
    /// Epoch milliseconds (see [`Row::date_ms`]).
    DateMs(i64),
}

/// A small sheet written whole before the streamed one (one record's details: field and
/// value rows), as the first sheet of the workbook.
pub struct Summary {
    pub title: String,
    pub columns: &'static [(&'static str, f64)],
    pub rows: Vec<Vec<Cell>>,
}

/// Answers the workbook of every message of `stream`.
pub async fn export<T: Send + 'static>(stream: tonic::Streaming<T>, sheet: Sheet<T>) -> Result<Response, ApiError> {
    export_stream(stream, sheet).await
}

/// [`export`] with a [`Summary`] sheet first (the streamed sheet second).
pub async fn export_with_summary<T: Send + 'static>(
    stream: tonic::Streaming<T>,
    summary: Summary,
    sheet: Sheet<T>,
) -> Result<Response, ApiError> {
    export_stream_with(stream, Some(summary), sheet).await
}

/// [`export`] of any stream of records (the tests drive it with a channel).
pub async fn export_stream<T, S>(stream: S, sheet: Sheet<T>) -> Result<Response, ApiError>
where
    T: Send + 'static,
    S: Stream<Item = Result<T, tonic::Status>> + Send + Unpin + 'static,
{
    export_stream_with(stream, None, sheet).await
}

/// [`export_stream`] with an optional [`Summary`] sheet first.
pub async fn export_stream_with<T, S>(
    mut stream: S,
    summary: Option<Summary>,
    sheet: Sheet<T>,
) -> Result<Response, ApiError>
where
    T: Send + 'static,
    S: Stream<Item = Result<T, tonic::Status>> + Send + Unpin + 'static,
{
    let first = stream.next().await.transpose()?;
    let disposition =
        HeaderValue::from_str(&format!("attachment; filename=\"{}\"", sheet.file_name)).map_err(ApiError::internal)?;
    let (rows_tx, rows_rx) = mpsc::channel::<T>(ROWS_IN_FLIGHT);
    let (body_tx, body_rx) = mpsc::channel::<io::Result<Bytes>>(CHUNKS_IN_FLIGHT);
    let failed = body_tx.clone();
    tokio::task::spawn_blocking(move || {
        let mut rows_rx = rows_rx;
        let rows = std::iter::from_fn(|| rows_rx.blocking_recv());
        match write_workbook_with(summary.as_ref(), &sheet, rows, Chunks::new(body_tx.clone())) {
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => tracing::debug!("export: the client went away"),
            Err(e) => {
                tracing::warn!(error = %e, "export failed");
                let _ = body_tx.blocking_send(Err(e));
            }
        }
    });
    tokio::spawn(pump(first, stream, rows_tx, failed));
    let body = axum::body::Body::from_stream(tokio_stream::wrappers::ReceiverStream::new(body_rx));
    let mut res = body.into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(XLSX));
    h.insert(header::CONTENT_DISPOSITION, disposition);
    Ok(res)
}

/// Hands every record to the writer (the first already read). Stops when the writer stops or
/// the client goes away; a failed stream fails the body (before the writer can close the zip,
/// which waits for this sender to be dropped).
async fn pump<T, S>(first: Option<T>, mut stream: S, rows: mpsc::Sender<T>, body: mpsc::Sender<io::Result<Bytes>>)
where
    S: Stream<Item = Result<T, tonic::Status>> + Unpin,
{
    let mut next = first;
    while let Some(t) = next.take() {
        if rows.send(t).await.is_err() {
            return;
        }
        next = tokio::select! {
            _ = body.closed() => return,
            m = stream.next() => match m {
                None => None,
                Some(Ok(t)) => Some(t),
                Some(Err(status)) => {
                    tracing::warn!(error = %status, "export stream failed");
                    let _ = body.send(Err(io::Error::other(status))).await;
                    return;
                }
            },
        };
    }
}

/// The compressed bytes, sent to the body in chunks. Sending blocks while the client is
/// behind; a client that went away is a BrokenPipe.
struct Chunks {
    buf: Vec<u8>,
    tx: mpsc::Sender<io::Result<Bytes>>,
}

impl Chunks {
    fn new(tx: mpsc::Sender<io::Result<Bytes>>) -> Self {
        Self { buf: Vec::with_capacity(CHUNK + 8192), tx }
    }

    fn send(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let chunk = Bytes::from(std::mem::replace(&mut self.buf, Vec::with_capacity(CHUNK + 8192)));
        self.tx.blocking_send(Ok(chunk)).map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "the client went away"))
    }
}

impl Write for Chunks {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(b);
        if self.buf.len() >= CHUNK {
            self.send()?;
        }
        Ok(b.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.send()
    }
}

/// Style indexes of styles.xml's cellXfs.
const BOLD: u8 = 1;
const DATE: u8 = 2;
const MONEY: u8 = 3;
const AS_TEXT: u8 = 4;

/// `[Content_Types].xml` of a workbook of `sheets` worksheets.
fn content_types(sheets: usize) -> String {
    let mut xml = String::from(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>"#,
    );
    for n in 1..=sheets {
        let _ = write!(
            xml,
            r#"<Override PartName="/xl/worksheets/sheet{n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>"#
        );
    }
    xml.push_str(r#"<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>"#);
    xml
}

const RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#;

/// `xl/_rels/workbook.xml.rels` of `sheets` worksheets: sheet n is rId(n), the styles come after.
fn workbook_rels(sheets: usize) -> String {
    let mut xml = String::from(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#,
    );
    for n in 1..=sheets {
        let _ = write!(
            xml,
            r#"<Relationship Id="rId{n}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet{n}.xml"/>"#
        );
    }
    let _ = write!(
        xml,
        r#"<Relationship Id="rId{}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>"#,
        sheets + 1
    );
    xml
}

/// Cell styles, by index: 0 plain, 1 bold (the header), 2 date and time, 3 dollars, 4 text
/// that must stay text (quotePrefix: see [`Row::text`]).
const STYLES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="mmm d yyyy, h:mm AM/PM"/><numFmt numFmtId="165" formatCode="$#,##0.00"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="5"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" quotePrefix="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>"#;

fn workbook_xml(titles: &[&str]) -> String {
    let mut xml = String::from(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>"#,
    );
    for (i, title) in titles.iter().enumerate() {
        // A sheet name has at most 31 characters and none of []:*?/\.
        let name: String = title.chars().map(|c| if "[]:*?/\\".contains(c) { '_' } else { c }).take(31).collect();
        let fallback = format!("Sheet{}", i + 1);
        xml.push_str(r#"<sheet name=""#);
        push_escaped(&mut xml, if name.trim().is_empty() { &fallback } else { &name });
        let _ = write!(xml, r#"" sheetId="{n}" r:id="rId{n}"/>"#, n = i + 1);
    }
    xml.push_str("</sheets></workbook>");
    xml
}

/// A worksheet's start: the frozen header pane, the column widths and the bold header row.
fn sheet_start(row: &mut Row, columns: &[(&str, f64)]) {
    row.xml.push_str(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/><cols>"#,
    );
    for (i, (_, width)) in columns.iter().enumerate() {
        let _ = write!(row.xml, r#"<col min="{n}" max="{n}" width="{width}" customWidth="1"/>"#, n = i + 1);
    }
    row.xml.push_str("</cols><sheetData>");
    row.start();
    for (head, _) in columns {
        row.string(head, BOLD);
    }
    row.end();
}

/// The whole XML of a summary sheet.
fn summary_xml(summary: &Summary) -> String {
    let mut row = Row { xml: String::new(), number: 0, col: 0 };
    sheet_start(&mut row, summary.columns);
    for cells in &summary.rows {
        row.start();
        for c in cells {
            match c {
                Cell::Text(t) => row.text(t),
                Cell::Number(n) => row.number(*n),
                Cell::DateMs(ms) => row.date_ms(*ms),
            };
        }
        row.end();
    }
    row.xml.push_str("</sheetData></worksheet>");
    row.xml
}

/// Writes the workbook of `sheet` with every record of `rows` to `out`, as a zip written
/// front to back; answers `out` once the zip is closed.
#[cfg(test)]
fn write_workbook<T, W: Write>(sheet: &Sheet<T>, rows: impl IntoIterator<Item = T>, out: W) -> io::Result<W> {
    write_workbook_with(None, sheet, rows, out)
}

/// [`write_workbook`] with an optional [`Summary`] as the first sheet (the records' sheet second).
fn write_workbook_with<T, W: Write>(
    summary: Option<&Summary>,
    sheet: &Sheet<T>,
    rows: impl IntoIterator<Item = T>,
    out: W,
) -> io::Result<W> {
    let mut zip = ZipWriter::new_stream(out);
    let opts = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .compression_level(Some(LEVEL));
    let titles: Vec<&str> = summary.map(|s| s.title.as_str()).into_iter().chain([sheet.title.as_str()]).collect();
    let (types, workbook, workbook_rels) =
        (content_types(titles.len()), workbook_xml(&titles), workbook_rels(titles.len()));
    for (name, xml) in [
        ("[Content_Types].xml", types.as_str()),
        ("_rels/.rels", RELS),
        ("xl/workbook.xml", &workbook),
        ("xl/_rels/workbook.xml.rels", &workbook_rels),
        ("xl/styles.xml", STYLES),
    ] {
        zip.start_file(name, opts)?;
        zip.write_all(xml.as_bytes())?;
    }
    if let Some(summary) = summary {
        zip.start_file("xl/worksheets/sheet1.xml", opts)?;
        zip.write_all(summary_xml(summary).as_bytes())?;
    }
    zip.start_file(format!("xl/worksheets/sheet{}.xml", titles.len()), opts)?;
    let mut row = Row { xml: String::with_capacity(XML_BATCH + 4096), number: 0, col: 0 };
    sheet_start(&mut row, sheet.columns);
    // The first bytes leave before the first record is written.
    zip.write_all(row.xml.as_bytes())?;
    row.xml.clear();
    zip.flush()?;
    let mut flushed = Instant::now();
    for t in rows {
        if row.number == MAX_ROWS {
            return Err(io::Error::other(format!("more than the {} rows a worksheet holds", MAX_ROWS - 1)));
        }
        row.start();
        (sheet.row)(&mut row, &t);
        row.end();
        if row.xml.len() >= XML_BATCH {
            zip.write_all(row.xml.as_bytes())?;
            row.xml.clear();
        }
        if row.number.is_multiple_of(64) && flushed.elapsed() >= FLUSH_EVERY {
            zip.write_all(row.xml.as_bytes())?;
            row.xml.clear();
            zip.flush()?;
            flushed = Instant::now();
        }
    }
    row.xml.push_str("</sheetData></worksheet>");
    zip.write_all(row.xml.as_bytes())?;
    let mut out = zip.finish().map_err(io::Error::other)?.into_inner();
    out.flush()?;
    Ok(out)
}

/// One row of the worksheet being written: each call adds the next cell, left to right.
pub struct Row {
    xml: String,
    /// 1-based, as in the sheet.
    number: u32,
    /// The next cell's column, 0-based.
    col: u32,
}

impl Row {
    fn start(&mut self) {
        self.number += 1;
        self.col = 0;
        let _ = write!(self.xml, r#"<row r="{}">"#, self.number);
    }

    fn end(&mut self) {
        self.xml.push_str("</row>");
    }

    /// Opens the next cell: `<c r="B7" s=".." t=".."` (the caller closes the tag).
    fn cell(&mut self, style: u8, kind: &str) {
        self.xml.push_str("<c r=\"");
        let (mut letters, mut n) = ([0u8; 3], self.col + 1);
        let mut len = 0;
        while n > 0 {
            letters[len] = b'A' + ((n - 1) % 26) as u8;
            n = (n - 1) / 26;
            len += 1;
        }
        for &l in letters[..len].iter().rev() {
            self.xml.push(l as char);
        }
        let _ = write!(self.xml, "{}\"", self.number);
        if style != 0 {
            let _ = write!(self.xml, " s=\"{style}\"");
        }
        if !kind.is_empty() {
            let _ = write!(self.xml, " t=\"{kind}\"");
        }
        self.col += 1;
    }

    fn string(&mut self, s: &str, style: u8) {
        self.cell(style, "inlineStr");
        let edge_space = s.starts_with([' ', '\t', '\n']) || s.ends_with([' ', '\t', '\n']);
        self.xml.push_str(if edge_space { r#"><is><t xml:space="preserve">"# } else { "><is><t>" });
        push_escaped(&mut self.xml, s);
        self.xml.push_str("</t></is></c>");
    }

    /// A text cell, exactly as given. Text that a spreadsheet could take for a formula (it
    /// starts with =, +, -, @, a tab or a carriage return: CSV/formula injection) is still an
    /// inline string, never a formula, and gets the quotePrefix style so that editing the cell
    /// keeps it text.
    pub fn text(&mut self, s: &str) -> &mut Self {
        let formula_like = s.starts_with(['=', '+', '-', '@', '\t', '\r']);
        self.string(s, if formula_like { AS_TEXT } else { 0 });
        self
    }

    /// A number (an empty cell if it is not finite).
    pub fn number(&mut self, n: f64) -> &mut Self {
        if n.is_finite() {
            self.cell(0, "");
            let _ = write!(self.xml, "><v>{n}</v></c>");
        } else {
            self.col += 1;
        }
        self
    }

    /// Cents as dollars ('$#,##0.00'), written as an exact decimal (no floating point).
    pub fn money_cents(&mut self, cents: i64) -> &mut Self {
        self.cell(MONEY, "");
        let sign = if cents < 0 { "-" } else { "" };
        let (dollars, rest) = (cents.unsigned_abs() / 100, cents.unsigned_abs() % 100);
        let _ = match rest {
            0 => write!(self.xml, "><v>{sign}{dollars}</v></c>"),
            r if r.is_multiple_of(10) => write!(self.xml, "><v>{sign}{dollars}.{}</v></c>", r / 10),
            r => write!(self.xml, "><v>{sign}{dollars}.{r:02}</v></c>"),
        };
        self
    }

    /// Epoch milliseconds as an Excel date and time (UTC, to the second; 'mmm d yyyy, h:mm AM/PM').
    pub fn date_ms(&mut self, ms: i64) -> &mut Self {
        self.cell(DATE, "");
        // Excel's serial number: days since 1899-12-30, so 1970-01-01 is 25569.
        let serial = ms.div_euclid(1000) as f64 / 86_400.0 + 25_569.0;
        let _ = write!(self.xml, "><v>{serial}</v></c>");
        self
    }
}

/// Appends `s` as XML text: &, < and > as entities; characters XML 1.0 cannot hold (control
/// characters but tab and newline, U+FFFE, U+FFFF) and carriage returns (which XML readers
/// turn into newlines) in Excel's `_xHHHH_` form; and an underscore that would start such a
/// form as `_x005F_`, so that every string reads back as it was.
fn push_escaped(xml: &mut String, s: &str) {
    let bytes = s.as_bytes();
    let mut copied = 0;
    for (i, c) in s.char_indices() {
        let escape: Option<&str> = match c {
            '&' => Some("&amp;"),
            '<' => Some("&lt;"),
            '>' => Some("&gt;"),
            '"' => Some("&quot;"),
            '_' if looks_like_escape(&bytes[i..]) => Some("_x005F_"),
            '\t' | '\n' => None,
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {
                xml.push_str(&s[copied..i]);
                let _ = write!(xml, "_x{:04X}_", c as u32);
                copied = i + c.len_utf8();
                continue;
            }
            _ => None,
        };
        if let Some(e) = escape {
            xml.push_str(&s[copied..i]);
            xml.push_str(e);
            copied = i + 1;
        }
    }
    xml.push_str(&s[copied..]);
}

/// `_xHHHH_` at the start of `b`.
fn looks_like_escape(b: &[u8]) -> bool {
    b.len() >= 7 && b[1] == b'x' && b[2..6].iter().all(u8::is_ascii_hexdigit) && b[6] == b'_'
}

#[cfg(test)]
mod tests {
    use super::*;
    use calamine::{Data, Reader, Xlsx};
    use std::io::{Cursor, Read};
    use std::sync::{Arc, Mutex};

    struct Rec {
        name: String,
        count: f64,
        cents: i64,
        at_ms: i64,
    }

    fn rec_row(r: &mut Row, t: &Rec) {
        r.text(&t.name).number(t.count).money_cents(t.cents).date_ms(t.at_ms);
    }

    fn sheet() -> Sheet<Rec> {
        Sheet {
            title: "Records".into(),
            file_name: "records.xlsx".into(),
            columns: &[("Name", 30.0), ("Count", 8.5), ("Amount", 14.0), ("When", 22.0)],
            row: rec_row,
        }
    }

    fn rec(name: &str, count: f64, cents: i64) -> Rec {
        Rec { name: name.into(), count, cents, at_ms: 1_709_647_629_000 }
    }

    fn workbook(rows: Vec<Rec>) -> Vec<u8> {
        write_workbook(&sheet(), rows, Vec::new()).expect("written")
    }

    fn open(bytes: &[u8]) -> Xlsx<Cursor<Vec<u8>>> {
        Xlsx::new(Cursor::new(bytes.to_vec())).expect("a real reader opens the workbook")
    }

    fn sheet_xml(bytes: &[u8]) -> String {
        let mut zip = zip::ZipArchive::new(Cursor::new(bytes.to_vec())).unwrap();
        let mut xml = String::new();
        zip.by_name("xl/worksheets/sheet1.xml").unwrap().read_to_string(&mut xml).unwrap();
        xml
    }

    #[test]
    fn three_rows_read_back_with_their_types_and_formats() {
        let bytes = workbook(vec![rec("Ada Lovelace", 3.0, 12345), rec("Bob", 0.5, 1000), rec("Refund", -2.0, -5)]);
        let mut wb = open(&bytes);
        assert_eq!(wb.sheet_names(), ["Records"]);
        let range = wb.worksheet_range("Records").unwrap();
        assert_eq!(range.get_size(), (4, 4));
        let head: Vec<&Data> = range.rows().next().unwrap().iter().collect();
        assert_eq!(
            head,
            [
                &Data::String("Name".into()),
                &Data::String("Count".into()),
                &Data::String("Amount".into()),
                &Data::String("When".into())
            ]
        );
        let cells = |r: usize| range.rows().nth(r).unwrap().to_vec();
        assert_eq!(cells(1)[..3], [Data::String("Ada Lovelace".into()), Data::Float(3.0), Data::Float(123.45)]);
        assert_eq!(cells(2)[..3], [Data::String("Bob".into()), Data::Float(0.5), Data::Float(10.0)]);
        assert_eq!(cells(3)[..3], [Data::String("Refund".into()), Data::Float(-2.0), Data::Float(-0.05)]);
        // 2024-03-05 14:07:09 UTC as Excel's serial number, read as a date (its format).
        for r in 1..4 {
            let Data::DateTime(d) = &cells(r)[3] else { panic!("a date: {:?}", cells(r)[3]) };
            assert!(d.is_datetime() && (d.as_f64() - 45_356.588_298_611_11).abs() < 1e-9, "{d:?}");
        }
        let styles = wb.worksheet_style("Records").unwrap();
        let style = |pos| styles.get(pos).cloned().unwrap_or_default();
        assert!((0..4).all(|c| style((0, c)).font.is_some_and(|f| f.is_bold())), "a bold header");
        assert!(!style((1, 0)).font.is_some_and(|f| f.is_bold()));
        let format = |pos| style(pos).number_format.map(|f| f.format_code).unwrap_or_default();
        assert_eq!((format((1, 2)), format((3, 2))), ("$#,##0.00".to_string(), "$#,##0.00".to_string()));
        assert_eq!(format((2, 3)), "mmm d yyyy, h:mm AM/PM");
        assert_eq!(format((1, 1)), "General");
        let xml = sheet_xml(&bytes);
        assert!(xml.contains(r#"<col min="2" max="2" width="8.5" customWidth="1"/>"#), "column widths: {xml}");
        assert!(
            xml.contains(r#"<c r="C2" s="3"><v>123.45</v></c>"#)
                && xml.contains("<v>-0.05</v>")
                && xml.contains(">10<"),
            "exact dollars: {xml}"
        );
    }

    #[test]
    fn a_summary_sheet_comes_first_and_the_records_second() {
        let summary = Summary {
            title: "Event".into(),
            columns: &[("Field", 20.0), ("Value", 40.0)],
            rows: vec![
                vec![Cell::Text("Title".into()), Cell::Text("=Gala & <Dinner>".into())],
                vec![Cell::Text("Capacity".into()), Cell::Number(250.0)],
                vec![Cell::Text("Starts".into()), Cell::DateMs(1_709_647_629_000)],
            ],
        };
        let bytes =
            write_workbook_with(Some(&summary), &sheet(), vec![rec("Ada", 1.0, 100), rec("Bob", 2.0, 200)], Vec::new())
                .unwrap();
        let mut wb = open(&bytes);
        assert_eq!(wb.sheet_names(), ["Event", "Records"]);
        let first = wb.worksheet_range("Event").unwrap();
        assert_eq!(first.get_size(), (4, 2));
        assert_eq!(first.get((1, 1)), Some(&Data::String("=Gala & <Dinner>".into())));
        assert_eq!(first.get((2, 1)), Some(&Data::Float(250.0)));
        assert!(matches!(first.get((3, 1)), Some(Data::DateTime(_))));
        let second = wb.worksheet_range("Records").unwrap();
        assert_eq!(second.get_size(), (3, 4));
        assert_eq!(second.get((2, 0)), Some(&Data::String("Bob".into())));
        assert!(wb.worksheet_formula("Event").unwrap().is_empty(), "no formulas");
    }

    #[test]
    fn the_zip_is_written_front_to_back_and_deflated() {
        let bytes = workbook(vec![rec("Ada", 1.0, 1)]);
        let mut zip = zip::ZipArchive::new(Cursor::new(bytes.clone())).unwrap();
        let names: Vec<String> = (0..zip.len()).map(|i| zip.by_index(i).unwrap().name().unwrap().to_string()).collect();
        assert_eq!(
            names,
            [
                "[Content_Types].xml",
                "_rels/.rels",
                "xl/workbook.xml",
                "xl/_rels/workbook.xml.rels",
                "xl/styles.xml",
                "xl/worksheets/sheet1.xml"
            ]
        );
        for i in 0..zip.len() {
            assert_eq!(zip.by_index(i).unwrap().compression(), zip::CompressionMethod::Deflated);
        }
        // Every local header says its sizes follow in a data descriptor (flag bit 3).
        let headers: Vec<usize> =
            bytes.windows(4).enumerate().filter(|(_, w)| *w == b"PK\x03\x04").map(|(i, _)| i).collect();
        assert_eq!(headers.len(), names.len());
        assert!(headers.iter().all(|&at| bytes[at + 6] & 0x08 != 0));
    }

    #[test]
    fn hostile_strings_come_back_as_the_same_text_and_never_as_formulas() {
        let hostile = [
            "<script>alert(1)</script>",
            "]]>",
            "Tom & Jerry <b>\"quoted\"</b> 'single'",
            "bell\u{7} nul\u{0} esc\u{1b} unit\u{1f} del\u{7f} tab\tnewline\ncarriage\r\nend",
            "=cmd|' /C calc'!A0",
            "+1+2",
            "-2-3",
            "@SUM(A1:A2)",
            "\t=1+1",
            "_x0041_ stays literal, _x_ too",
            "  spaces at both edges  ",
            "not a character: \u{FFFF}\u{FFFE}",
            "emoji 📷 and ünïcödé",
        ];
        let bytes = workbook(hostile.iter().map(|s| rec(s, 0.0, 0)).collect());
        let mut wb = open(&bytes);
        let range = wb.worksheet_range("Records").unwrap();
        let read: Vec<Data> = range.rows().skip(1).map(|r| r[0].clone()).collect();
        let want: Vec<Data> = hostile.iter().map(|s| Data::String(s.to_string())).collect();
        assert_eq!(read, want);
        assert!(wb.worksheet_formula("Records").unwrap().is_empty(), "no formulas");
        let xml = sheet_xml(&bytes);
        assert!(!xml.contains("<f>") && !xml.contains("<script>"), "{xml}");
        // Formula-like text is an inline string with the quotePrefix style (index 4).
        for r in [6, 7, 8, 9, 10] {
            assert!(xml.contains(&format!(r#"<c r="A{r}" s="4" t="inlineStr">"#)), "row {r}: {xml}");
        }
        assert!(xml.contains(r#"<c r="A2" t="inlineStr">"#), "plain text has no style");
    }

    #[test]
    fn cell_references_go_past_z() {
        let mut row = Row { xml: String::new(), number: 0, col: 0 };
        row.start();
        for _ in 0..28 {
            row.number(1.0);
        }
        row.col = 16_383;
        row.number(1.0);
        assert!(
            row.xml.contains(r#"<c r="Z1">"#)
                && row.xml.contains(r#"<c r="AA1">"#)
                && row.xml.contains(r#"<c r="AB1">"#)
        );
        assert!(row.xml.contains(r#"<c r="XFD1">"#), "Excel's last column");
    }

    #[derive(Debug, PartialEq)]
    enum Event {
        Chunk(usize),
        /// Before the last record is handed over.
        LastRowSending,
    }

    fn synthetic(i: usize) -> Rec {
        Rec {
            name: format!("Donor {i} <donor{i}@example.org>"),
            count: i as f64,
            cents: (i as i64 * 7919) % 1_000_000,
            at_ms: 1_700_000_000_000 + i as i64 * 60_000,
        }
    }

    /// Starts an export of a channel's records and sends `n` of them; answers the response and
    /// the sender's task (how many it sent before it was refused).
    async fn export_of(n: usize, log: Arc<Mutex<Vec<Event>>>) -> (Response, tokio::task::JoinHandle<usize>) {
        let (tx, rx) = mpsc::channel::<Result<Rec, tonic::Status>>(16);
        let sender = tokio::spawn(async move {
            for i in 0..n {
                if i == n - 1 {
                    log.lock().unwrap().push(Event::LastRowSending);
                }
                if tx.send(Ok(synthetic(i))).await.is_err() {
                    return i;
                }
            }
            n
        });
        let res = export_stream(tokio_stream::wrappers::ReceiverStream::new(rx), sheet())
            .await
            .expect("a good first message");
        (res, sender)
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn chunks_arrive_while_the_rows_are_still_being_sent() {
        const N: usize = 200_000;
        let log = Arc::new(Mutex::new(Vec::new()));
        let (res, sender) = export_of(N, log.clone()).await;
        assert_eq!(res.headers()[header::CONTENT_TYPE], XLSX);
        assert_eq!(res.headers()[header::CONTENT_DISPOSITION], "attachment; filename=\"records.xlsx\"");
        let mut body = res.into_body().into_data_stream();
        let mut bytes = Vec::new();
        while let Some(chunk) = body.next().await {
            let chunk = chunk.expect("no error");
            log.lock().unwrap().push(Event::Chunk(chunk.len()));
            bytes.extend_from_slice(&chunk);
        }
        assert_eq!(sender.await.unwrap(), N);
        let log = log.lock().unwrap();
        let last = log.iter().position(|e| *e == Event::LastRowSending).unwrap();
        let before: usize = log[..last].iter().map(|e| if let Event::Chunk(n) = e { *n } else { 0 }).sum();
        assert!(
            log[..last].len() >= 3 && before >= 2 * CHUNK,
            "{} chunks ({before} bytes) before the last row was sent",
            log[..last].len()
        );
        assert!(
            log.iter()
                .all(|e| matches!(e, Event::LastRowSending) || matches!(e, Event::Chunk(n) if *n <= CHUNK + 64 * 1024)),
            "chunks stay small"
        );
        let mut wb = open(&bytes);
        let range = wb.worksheet_range("Records").unwrap();
        assert_eq!(range.height(), N + 1);
        let last_row = range.rows().next_back().unwrap();
        assert_eq!(last_row[0], Data::String(synthetic(N - 1).name));
        assert_eq!(last_row[1], Data::Float((N - 1) as f64));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_first_bytes_leave_before_the_source_sends_more() {
        let (tx, rx) = mpsc::channel::<Result<Rec, tonic::Status>>(16);
        tx.send(Ok(synthetic(0))).await.unwrap();
        let res = export_stream(tokio_stream::wrappers::ReceiverStream::new(rx), sheet()).await.unwrap();
        let mut body = res.into_body().into_data_stream();
        // The source stays open with one record sent; the guard only keeps a failure from hanging.
        let first = tokio::time::timeout(Duration::from_secs(30), body.next())
            .await
            .expect("a chunk while the source waits")
            .unwrap()
            .unwrap();
        assert!(first.starts_with(b"PK\x03\x04"), "a zip's first local header");
        drop(tx);
        let mut bytes = first.to_vec();
        while let Some(chunk) = body.next().await {
            bytes.extend_from_slice(&chunk.unwrap());
        }
        assert_eq!(open(&bytes).worksheet_range("Records").unwrap().get_size(), (2, 4));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_client_that_goes_away_stops_the_export() {
        const N: usize = 200_000;
        let (res, sender) = export_of(N, Arc::new(Mutex::new(Vec::new()))).await;
        let mut body = res.into_body().into_data_stream();
        body.next().await.expect("a first chunk").unwrap();
        drop(body);
        let sent = sender.await.unwrap();
        assert!(sent < N, "the source was refused after {sent} rows");
    }

    #[tokio::test]
    async fn a_stream_that_fails_midway_fails_the_body() {
        let (tx, rx) = mpsc::channel::<Result<Rec, tonic::Status>>(16);
        tokio::spawn(async move {
            for i in 0..10 {
                tx.send(Ok(synthetic(i))).await.unwrap();
            }
            tx.send(Err(tonic::Status::unavailable("the giving service went down"))).await.unwrap();
        });
        let res = export_stream(tokio_stream::wrappers::ReceiverStream::new(rx), sheet()).await.unwrap();
        let body = axum::body::to_bytes(res.into_body(), usize::MAX).await;
        assert!(body.is_err(), "a cut-off export must not look whole");
    }

    #[tokio::test]
    async fn a_bad_filter_is_refused_before_any_byte() {
        let stream =
            futures::stream::iter([Err::<Rec, _>(tonic::Status::invalid_argument("Sorting by nope is not supported"))]);
        let Err(e) = export_stream(stream, sheet()).await else { panic!("refused") };
        let res = e.into_response();
        assert_eq!(res.status(), axum::http::StatusCode::BAD_REQUEST);
    }

    #[tokio::test]
    async fn an_empty_export_is_a_workbook_with_its_header() {
        let stream = futures::stream::iter(Vec::<Result<Rec, tonic::Status>>::new());
        let res = export_stream(stream, sheet()).await.unwrap();
        let bytes = axum::body::to_bytes(res.into_body(), usize::MAX).await.unwrap();
        let range = open(&bytes).worksheet_range("Records").unwrap();
        assert_eq!(range.get_size(), (1, 4));
    }
}
