//! Every service of the table of services (`proto/services.json`) started in one process, in
//! the table's order (audit first: it is subscribed to every event before any service relays
//! one), on one bus. The embedded console serves them in process (`Listen::InProcess`), the
//! BFF's tests on loopback ports. Nothing here names a service: `proto::for_each_service!`
//! hands over the table, and each service crate gives the same three things, its
//! `app::Config` (with `common::service::Stacked`), `app::start` and `app::Running`. A service
//! added to the table is started here once this crate depends on its crate (the build says
//! which one is missing).

use common::bus::EventBus;
use common::grpc::{InProcess, Listen};
use common::service::{Shared, Stacked};
use common::shutdown::Shutdown;
use proto::services::Service;
use std::sync::Arc;
use std::time::Duration;

/// How long a stopped service's server gets to end before the stack stops waiting for it.
const STOP_WAIT: Duration = Duration::from_secs(10);

/// The database of each service as one SQLite file in `dir` (`<name>.db`).
pub fn sqlite_in(dir: &std::path::Path) -> impl Fn(&Service) -> String + '_ {
    move |s| format!("sqlite://{}", dir.join(format!("{}.db", s.name)).display())
}

macro_rules! stack {
    ($($field:ident: $Name:ident { $($entry:tt)* };)*) => {
        /// Every service's configuration, in the table's order; change one before [`Stack::start`].
        pub struct Configs {
            $(
                #[doc = concat!("The ", stringify!($field), " service's configuration.")]
                pub $field: $field::app::Config,
            )*
        }

        impl Configs {
            /// Each service's configuration for its database (`database_url` of its table
            /// entry) and what the services share.
            pub fn new(database_url: impl Fn(&Service) -> String, shared: &Shared) -> Self {
                Self { $($field: Stacked::stacked(database_url(&proto::$field::SERVICE), shared),)* }
            }
        }

        /// Every service, started.
        pub struct Stack {
            $(
                #[doc = concat!("The started ", stringify!($field), " service.")]
                pub $field: $field::app::Running,
            )*
        }

        impl Stack {
            /// Starts every service in the table's order, each on `listen` (a loopback
            /// address with port 0 gives each its own port), on `bus`, until `shutdown`. A
            /// service that fails to start stops the start, naming it.
            pub async fn start(
                configs: &Configs,
                listen: impl Into<Listen>,
                bus: Arc<dyn EventBus>,
                shutdown: Shutdown,
            ) -> anyhow::Result<Self> {
                let listen = listen.into();
                $(
                    let $field = $field::app::start(&configs.$field, listen.clone(), bus.clone(), shutdown.clone())
                        .await
                        .map_err(|e| e.context(concat!("the ", stringify!($field), " service did not start")))?;
                )*
                Ok(Self { $($field,)* })
            }

            /// Each service's name and gRPC port (0 for one served in process only).
            pub fn ports(&self) -> Vec<(&'static str, u16)> {
                vec![$((proto::$field::SERVICE.name, self.$field.port)),*]
            }

            /// Each service's name and its server called in process.
            pub fn locals(&self) -> Vec<(&'static str, InProcess)> {
                vec![$((proto::$field::SERVICE.name, self.$field.local.clone())),*]
            }

            /// Waits for every server to end (after the shutdown signal), each for
            /// [`STOP_WAIT`] at most.
            pub async fn stopped(self) {
                $(let _ = tokio::time::timeout(STOP_WAIT, self.$field.server).await;)*
            }
        }
    };
}

proto::for_each_service!(stack);

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn starts_every_service_of_the_table_in_its_order() {
        let dir = std::env::temp_dir().join(format!("stack-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let shared = Shared {
            jwt_secret: "stack-test-secret-stack-test-secret-0123".into(),
            public_url: "http://console.test".into(),
            mail_dir: Some(dir.join("mail")),
        };
        let configs = Configs::new(sqlite_in(&dir), &shared);
        assert_eq!(configs.catalogue.database_url, format!("sqlite://{}", dir.join("catalogue.db").display()));
        assert_eq!(configs.identity.console_url, "http://console.test");
        let shutdown = Shutdown::new();
        let bus = common::bus::from_url(None).await.unwrap();
        let stack = Stack::start(&configs, "127.0.0.1:0", bus, shutdown.clone()).await.unwrap();
        let names: Vec<&str> = stack.ports().iter().map(|(n, _)| *n).collect();
        let table: Vec<&str> = proto::services::ALL.iter().map(|s| s.name).collect();
        assert_eq!(names, table);
        assert!(stack.ports().iter().all(|(_, port)| *port > 0), "{:?}", stack.ports());
        for s in proto::services::ALL {
            assert!(dir.join(format!("{}.db", s.name)).exists(), "no database file for {}", s.name);
        }
        shutdown.trigger();
        stack.stopped().await;
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
