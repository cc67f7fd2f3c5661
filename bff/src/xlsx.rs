//! The one way an export is answered: the rows a service streams are written into an .xlsx
//! in constant memory (rust_xlsxwriter keeps rows in a temporary file, on a blocking thread),
//! and the workbook is streamed to the client. The answer's headers go out once the
//! service's first message says the filter is good (a bad one is a 400 before anything is
//! sent); the rows are read while the body is being sent.

use crate::error::ApiError;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use futures::{StreamExt, TryStreamExt};
use rust_xlsxwriter::{Format, Worksheet, XlsxError};

/// The media type of an Excel workbook.
pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// The cell formats a row may use.
pub struct Formats {
    /// A date and time ('mmm d yyyy, h:mm AM/PM').
    pub date: Format,
    /// Dollars ('$#,##0.00').
    pub money: Format,
}

/// One worksheet: its title, the attachment's file name, its columns (header, width) and
/// how one record becomes row `row`.
pub struct Sheet<T> {
    pub title: String,
    pub file_name: String,
    pub columns: &'static [(&'static str, f64)],
    pub row: fn(&mut Worksheet, u32, &T, &Formats) -> Result<(), XlsxError>,
}

/// Answers the workbook of every message of `stream`.
pub async fn export<T: Send + 'static>(mut stream: tonic::Streaming<T>, sheet: Sheet<T>) -> Result<Response, ApiError> {
    let first = stream.message().await?;
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{}\"", sheet.file_name)).map_err(ApiError::internal)?;
    let (tx, rx) = tokio::sync::mpsc::channel::<T>(256);
    let writer = tokio::task::spawn_blocking(move || write(&sheet, rx));
    let file = async move {
        let pumped = pump(first, stream, tx).await;
        let file = writer.await.map_err(std::io::Error::other)?.map_err(std::io::Error::other)?;
        if let Err(e) = pumped {
            tracing::warn!(error = %e, "export stream failed");
            return Err(std::io::Error::other(e));
        }
        Ok(tokio_util::io::ReaderStream::new(tokio::fs::File::from_std(file)))
    };
    let body = axum::body::Body::from_stream(futures::stream::once(file).try_flatten().boxed());
    let mut res = body.into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(XLSX));
    h.insert(header::CONTENT_DISPOSITION, disposition);
    Ok(res)
}

/// Sends every message to the writer (the first already read); stops early if it failed.
async fn pump<T>(first: Option<T>, mut stream: tonic::Streaming<T>, tx: tokio::sync::mpsc::Sender<T>) -> Result<(), tonic::Status> {
    let Some(first) = first else { return Ok(()) };
    if tx.send(first).await.is_err() {
        return Ok(());
    }
    while let Some(t) = stream.message().await? {
        if tx.send(t).await.is_err() {
            break;
        }
    }
    Ok(())
}

/// Writes the rows it receives into a workbook in a temporary file (deleted when closed),
/// positioned at its start.
fn write<T>(sheet: &Sheet<T>, mut rows: tokio::sync::mpsc::Receiver<T>) -> anyhow::Result<std::fs::File> {
    use rust_xlsxwriter::Workbook;
    use std::io::{Seek, SeekFrom};
    let mut wb = Workbook::new();
    let ws = wb.add_worksheet_with_constant_memory()?;
    ws.set_name(&sheet.title)?;
    let bold = Format::new().set_bold();
    let formats = Formats { date: Format::new().set_num_format("mmm d yyyy, h:mm AM/PM"), money: Format::new().set_num_format("$#,##0.00") };
    for (col, (head, width)) in sheet.columns.iter().enumerate() {
        ws.write_string_with_format(0, col as u16, *head, &bold)?;
        ws.set_column_width(col as u16, *width)?;
    }
    let mut row = 1u32;
    while let Some(t) = rows.blocking_recv() {
        (sheet.row)(ws, row, &t, &formats)?;
        row += 1;
    }
    let mut file = tempfile::tempfile()?;
    wb.save_to_writer(&mut file)?;
    file.seek(SeekFrom::Start(0))?;
    Ok(file)
}
