//! The transaction export benchmark (issue 13: 1,000,000 rows streamed in under 20 s, peak
//! memory under 150 MB, the first bytes within a second).
//!
//! Sends ROWS (1,000,000) synthetic transactions through the export's own writer and sheet
//! (bff::xlsx::export_stream with the transaction export's row function), as the giving
//! service's stream would, reads the response body as a client would, and prints the wall
//! time, the time to the first chunk, the workbook's size and the process's peak resident
//! memory (VmHWM). OUT=path also keeps the workbook.
//!
//!   cargo run -p bff --example xlsx_bench

use futures::StreamExt;
use proto::giving::v1 as pb;
use std::time::Instant;

const FIRST: [&str; 8] = ["Ada", "Bob", "Carmen", "Dmitri", "Eve", "Fatima", "Grace", "Hiro"];
const LAST: [&str; 8] = ["Lovelace", "Builder", "Sandiego", "Mendeleev", "Adams", "Khan", "Hopper", "Tanaka"];
const RECIPIENTS: [&str; 6] = [
    "Books For Kids",
    "Clean Water Foundation of America",
    "Community Food Bank & Pantry",
    "Animal Rescue League",
    "Veterans <Housing> Mission",
    "Youth Arts Society",
];
const METHODS: [&str; 5] = ["card", "ach", "paypal", "apple_pay", "google_pay"];
const STATUS: [&str; 4] = ["succeeded", "succeeded", "pending", "refunded"];

fn transaction(i: usize) -> pb::Transaction {
    let (f, l) = (FIRST[i % 8], LAST[(i / 8) % 8]);
    let amount = 500 + (i as i64 * 7919) % 250_000;
    let fee = amount * 290 / 10_000 + 30;
    let charge = amount * 150 / 10_000;
    pb::Transaction {
        id: format!("{i:024x}"),
        donor_id: format!("{:024x}", i / 10),
        donor_name: format!("{f} {l}"),
        donor_email: format!("{}.{}{}@example.org", f.to_lowercase(), l.to_lowercase(), i / 10),
        recipient_type: if i.is_multiple_of(3) { "cause" } else { "charity" }.into(),
        recipient_id: format!("{:024x}", i % 6),
        recipient_name: RECIPIENTS[i % 6].into(),
        amount_cents: amount,
        currency: "USD".into(),
        processing_fee_bp: 290,
        service_charge_bp: 150,
        processing_fee_cents: fee,
        service_charge_cents: charge,
        net_cents: amount - fee - charge,
        payment_method: METHODS[i % 5].into(),
        status: STATUS[i % 4].into(),
        r#type: if i.is_multiple_of(4) { "recurring" } else { "one_time" }.into(),
        subscription_id: String::new(),
        receipt_number: format!("RCPT-{:08}", i),
        provider_reference: format!("ch_{i}"),
        created_at: 1_600_000_000_000 + i as i64 * 90_000,
        refunded_at: 0,
    }
}

fn peak_rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok());
    kb.unwrap_or(0.0) / 1024.0
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let rows: usize = std::env::var("ROWS").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000_000);
    let out = std::env::var("OUT").ok();
    let before = peak_rss_mb();
    let start = Instant::now();
    // As the gRPC stream would: a bounded channel of records, filled as fast as it is read.
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<pb::Transaction, tonic::Status>>(256);
    let sender = tokio::spawn(async move {
        for i in 0..rows {
            if tx.send(Ok(transaction(i))).await.is_err() {
                break;
            }
        }
        start.elapsed()
    });
    let res =
        bff::xlsx::export_stream(tokio_stream::wrappers::ReceiverStream::new(rx), bff::areas::transaction::sheet())
            .await
            .map_err(|e| anyhow::anyhow!("refused: {}", axum::response::IntoResponse::into_response(e).status()))?;
    let mut body = res.into_body().into_data_stream();
    let (mut first, mut bytes, mut chunks) = (None, 0usize, 0usize);
    let mut file = match &out {
        Some(p) => Some(std::fs::File::create(p)?),
        None => None,
    };
    while let Some(chunk) = body.next().await {
        let chunk = chunk?;
        first.get_or_insert_with(|| start.elapsed());
        bytes += chunk.len();
        chunks += 1;
        if let Some(f) = &mut file {
            std::io::Write::write_all(f, &chunk)?;
        }
    }
    let wall = start.elapsed();
    let last_sent = sender.await?;
    println!("rows                  {rows}");
    println!("wall time             {:.2} s", wall.as_secs_f64());
    println!("first chunk after     {:.1} ms", first.unwrap_or_default().as_secs_f64() * 1000.0);
    println!("last row sent after   {:.2} s", last_sent.as_secs_f64());
    println!("workbook              {:.1} MB in {chunks} chunks", bytes as f64 / 1e6);
    println!("peak RSS (VmHWM)      {:.1} MB (before the export: {before:.1} MB)", peak_rss_mb());
    Ok(())
}
