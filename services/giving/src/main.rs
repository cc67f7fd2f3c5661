//! The giving service on its own (cluster mode), and its `seed` and `rebuild-rollups` commands.

common::service_main!(giving, commands: Command => command);

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
        #[arg(long = "recipient")]
        recipients: Vec<String>,
        /// The catalogue's gRPC address: its active nonprofits and causes become the
        /// recipients. Demo recipients when neither this nor --recipient is given.
        #[arg(long, env = "CATALOGUE_URL")]
        catalogue_url: Option<String>,
    },
    /// Recomputes every kept total (donor totals, the Subscribed Donor rows, monthly rollups,
    /// counters, the transaction list's day counts and recipients) from the transactions,
    /// donors and subscriptions, in one database transaction, and exits: the repair after a
    /// bulk load or a hand edit.
    RebuildRollups,
}

fn recipient(raw: &str) -> anyhow::Result<giving::gifts::Recipient> {
    let mut parts = raw.splitn(3, ':');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(kind), Some(id), Some(name)) if !id.is_empty() && !name.is_empty() => {
            Ok(giving::gifts::Recipient { kind: kind.into(), id: id.into(), name: name.into() })
        }
        _ => anyhow::bail!("a recipient is kind:id:name, not {raw:?}"),
    }
}

/// The catalogue's active nonprofits and causes, asked over gRPC (the catalogue owns them).
async fn catalogue_recipients(url: &str) -> anyhow::Result<Vec<giving::gifts::Recipient>> {
    use proto::catalogue::v1 as cat;
    let mut client = cat::catalogue_client::CatalogueClient::connect(url.to_string()).await?;
    let charities = client.active_charities(cat::Empty {}).await?.into_inner().items;
    let causes = client.active_terms(cat::KindRequest { kind: cat::TermKind::Cause as i32 }).await?.into_inner().items;
    Ok(charities
        .into_iter()
        .map(|c| giving::gifts::Recipient { kind: "charity".into(), id: c.id, name: c.charity_name })
        .chain(causes.into_iter().map(|t| giving::gifts::Recipient { kind: "cause".into(), id: t.id, name: t.name }))
        .collect())
}

async fn command(command: Command, config: giving::app::Config) -> anyhow::Result<()> {
    match command {
        Command::RebuildRollups => {
            let db = common::db::Db::connect(&config.database_url, &giving::app::MIGRATIONS).await?;
            println!("{:?}", giving::rollups::rebuild(&db).await?);
        }
        Command::Seed { donors, years, seed, recipients, catalogue_url } => {
            let mut list = recipients.iter().map(|r| recipient(r)).collect::<anyhow::Result<Vec<_>>>()?;
            if let Some(url) = catalogue_url.filter(|_| list.is_empty()) {
                list = catalogue_recipients(&url).await?;
            }
            if list.is_empty() {
                list = giving::seed::demo_recipients();
            }
            let db = common::db::Db::connect(&config.database_url, &giving::app::MIGRATIONS).await?;
            let g = giving::service::Giving::new(db, None);
            let opts = giving::seed::SeedOptions { donors, years, seed, now: 0 };
            let summary = giving::seed::seed(&g, &list, &opts).await?;
            println!("{summary:?}");
        }
    }
    Ok(())
}
