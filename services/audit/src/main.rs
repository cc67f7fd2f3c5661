//! The audit service on its own (cluster mode), and its commands.

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "audit", about = "Giving Console audit service")]
struct Cli {
    #[command(flatten)]
    config: audit::app::Config,
    #[command(flatten)]
    service: common::service::ServiceArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Walks the audit chain; prints what it checked, exits 1 naming the first broken link.
    Verify,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let config = cli.config;
    match cli.command {
        Some(Command::Verify) => {
            let v = audit::app::open(&config).await?.verify().await.map_err(|e| anyhow::anyhow!("{e}"))?;
            if v.ok {
                println!("audit chain ok: {} records checked", v.checked);
                Ok(())
            } else {
                eprintln!(
                    "audit chain broken at seq {}: {} ({} records checked before it)",
                    v.first_broken_seq, v.reason, v.checked
                );
                std::process::exit(1);
            }
        }
        None => {
            common::service::run("audit", cli.service, "0.0.0.0:50057", |listen, bus, shutdown| async move {
                Ok(audit::app::start(&config, &listen, bus, shutdown).await?.server)
            })
            .await
        }
    }
}
