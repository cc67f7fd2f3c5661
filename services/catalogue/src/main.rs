//! The catalogue service on its own (cluster mode), and its commands.

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "catalogue", about = "Giving Console catalogue service")]
struct Cli {
    #[command(flatten)]
    config: catalogue::app::Config,
    #[command(flatten)]
    service: common::service::ServiceArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Imports an IRS Exempt Organizations Business Master File (CSV) as imported nonprofits.
    /// Without --apply it only prints what would change (new, changed, unchanged, skipped,
    /// invalid rows with their numbers and reasons). Prints the summary as JSON.
    ImportBmf {
        /// The CSV file (header EIN,NAME,ICO,STREET,CITY,STATE,ZIP,...,NTEE_CD,...).
        file: std::path::PathBuf,
        /// Write the new and changed rows.
        #[arg(long)]
        apply: bool,
    },
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let config = cli.config;
    match cli.command {
        Some(Command::ImportBmf { file, apply }) => {
            // Events of the import wait in the outbox until the service relays them.
            let c = catalogue::app::open(&config).await?;
            let f = tokio::fs::File::open(&file).await.map_err(|e| anyhow::anyhow!("{}: {e}", file.display()))?;
            let chunks = tokio_util::io::ReaderStream::with_capacity(f, 256 * 1024);
            let started = std::time::Instant::now();
            match c.import_bmf(apply, chunks, &common::Actor::system()).await {
                Ok(summary) => {
                    let mut v = serde_json::to_value(&summary)?;
                    v["applied"] = apply.into();
                    v["seconds"] = ((started.elapsed().as_secs_f64() * 10.0).round() / 10.0).into();
                    println!("{}", serde_json::to_string_pretty(&v)?);
                    Ok(())
                }
                Err(e) => anyhow::bail!("{e}"),
            }
        }
        None => {
            common::service::run("catalogue", cli.service, "0.0.0.0:50052", |listen, bus, shutdown| async move {
                Ok(catalogue::app::start(&config, &listen, bus, shutdown).await?.server)
            })
            .await
        }
    }
}
