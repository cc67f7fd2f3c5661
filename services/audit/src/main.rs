//! The audit service on its own (cluster mode), and its commands.

common::service_main!(audit, commands: Command => command);

#[derive(clap::Subcommand)]
enum Command {
    /// Walks the audit chain; prints what it checked, exits 1 naming the first broken link.
    Verify,
}

async fn command(command: Command, config: audit::app::Config) -> anyhow::Result<()> {
    match command {
        Command::Verify => {
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
    }
}
