//! The giving service on its own (cluster mode), and its `seed` command.

use clap::Parser;

#[derive(Parser)]
#[command(name = "giving", about = "Giving Console giving service")]
struct Cli {
    #[command(flatten)]
    config: giving::app::Config,
    #[command(flatten)]
    service: common::service::ServiceArgs,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Fills the database with a deterministic demo data set (through the domain calls; the
    /// events wait in the outbox until the service runs) and exits. Does nothing when there
    /// are donors already.
    Seed {
        #[arg(long, default_value_t = 50)]
        donors: usize,
        #[arg(long, default_value_t = 3)]
        years: i32,
        /// The random seed: the same number makes the same data set.
        #[arg(long, default_value_t = 13)]
        seed: u64,
        /// A recipient as kind:id:name (kind charity, community or cause); repeatable.
        /// Demo recipients when none is given.
        #[arg(long = "recipient")]
        recipients: Vec<String>,
    },
}

fn recipient(raw: &str) -> anyhow::Result<giving::money::Recipient> {
    let mut parts = raw.splitn(3, ':');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(kind), Some(id), Some(name)) if !id.is_empty() && !name.is_empty() => {
            Ok(giving::money::Recipient { kind: kind.into(), id: id.into(), name: name.into() })
        }
        _ => anyhow::bail!("a recipient is kind:id:name, not {raw:?}"),
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    let config = cli.config;
    if let Some(Command::Seed { donors, years, seed, recipients }) = cli.command {
        let mut list = recipients.iter().map(|r| recipient(r)).collect::<anyhow::Result<Vec<_>>>()?;
        if list.is_empty() {
            list = giving::seed::demo_recipients();
        }
        let db = common::db::Db::connect(&config.database_url, &giving::app::MIGRATIONS).await?;
        let g = giving::service::Giving::new(db, None);
        let opts = giving::seed::SeedOptions { donors, years, seed, now: 0 };
        let summary = giving::seed::seed(&g, &list, &opts).await?;
        println!("{summary:?}");
        return Ok(());
    }
    common::service::run("giving", cli.service, "0.0.0.0:50053", |listen, bus, shutdown| async move {
        Ok(giving::app::start(&config, &listen, bus, shutdown).await?.server)
    })
    .await
}
