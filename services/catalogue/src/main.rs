//! The catalogue service on its own (cluster mode), and its commands.

common::service_main!(catalogue, commands: Command => command);

#[derive(clap::Subcommand)]
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

async fn command(command: Command, config: catalogue::app::Config) -> anyhow::Result<()> {
    match command {
        Command::ImportBmf { file, apply } => {
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
    }
}
