//! The services the BFF calls, from the one table of services (`proto/services.json`, handed
//! over by `proto::for_each_service!`): each gives the service's name (as readiness reports
//! it), its URL flag and environment variable, its default port and its gRPC client;
//! configuration, the local (embedded) configuration, the clients and the readiness check are
//! made from it. Adding a service to the BFF is its entry in the table plus its area module
//! (bff/src/areas).

use crate::transport::{CALL_DEADLINE, Clients, Traced, Transport, channel, long_channel, traced};

/// What the BFF knows of one service before it connects: its entry of the table (its name is
/// the key of its URL in [`ServiceUrls::get`] and of its health in `/readyz`; `url` the
/// environment variable of its gRPC address, the flag its lowercase, dashed form; `port` the
/// port it listens on unless configured).
pub use proto::services::Service as ServiceInfo;

/// Every service the BFF calls, in the table's order.
pub const SERVICES: &[ServiceInfo] = proto::services::ALL;

/// One service's clients: `clients` over several connections (with the per-call deadline),
/// `long` without a deadline (streamed imports and exports), `health` for readiness.
pub struct Service<C> {
    pub clients: Clients<C>,
    pub long: C,
    pub health: Transport,
}

impl<C: Clone> Service<C> {
    fn connect(url: &str, connections: usize, client: impl Fn(Traced) -> C) -> anyhow::Result<Self> {
        Ok(Self {
            clients: Clients::connect(url, connections, &client)?,
            long: client(traced(long_channel(url)?)),
            // The readiness check's own connection.
            health: channel(url)?.into(),
        })
    }

    /// The service's server called in process (no socket): one client with the per-call
    /// deadline, one without, and the health check.
    fn in_process(service: &common::grpc::InProcess, client: impl Fn(Traced) -> C) -> Self {
        let over = |deadline| Transport::InProcess { service: service.clone(), deadline };
        Self {
            clients: Clients::in_process(service, &client),
            long: client(traced(over(None))),
            health: over(Some(CALL_DEADLINE)),
        }
    }
}

/// The services the BFF calls in process, by name (the embedded console: each service's
/// `Running::local`); any other is called at its URL.
#[derive(Clone, Default)]
pub struct InProcessServices(Vec<(&'static str, common::grpc::InProcess)>);

impl InProcessServices {
    /// Adds the service called `name` (one of [`SERVICES`]); a name given twice keeps the last.
    pub fn with(mut self, name: &str, service: common::grpc::InProcess) -> anyhow::Result<Self> {
        let info = SERVICES
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| anyhow::anyhow!("the BFF calls no service named {name:?}"))?;
        self.0.retain(|(n, _)| *n != info.name);
        self.0.push((info.name, service));
        Ok(self)
    }

    /// The service called `name`, when it is called in process.
    pub fn get(&self, name: &str) -> Option<&common::grpc::InProcess> {
        self.0.iter().find(|(n, _)| *n == name).map(|(_, s)| s)
    }

    /// The services the BFF calls that are not in process.
    pub fn missing(&self) -> Vec<&'static str> {
        SERVICES.iter().map(|s| s.name).filter(|n| self.get(n).is_none()).collect()
    }
}

impl std::fmt::Debug for InProcessServices {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.0.iter().map(|(n, _)| n)).finish()
    }
}

macro_rules! services {
    ($($field:ident: $Name:ident { long: $long:ident, port: $port:literal, database: $db:literal, url: $env:literal, flag: $flag:literal, client: [$($client:tt)*], server: [$($server:tt)*] };)*) => {
        $(
            #[doc = concat!("The ", stringify!($field), " service's client.")]
            pub type $Name = $($client)*<Traced>;
        )*

        /// The gRPC address of every service, from flags or environment variables.
        #[derive(Debug, Clone, clap::Args)]
        pub struct ServiceUrls {
            $(
                #[doc = concat!("gRPC address of the ", stringify!($field), " service.")]
                #[arg(long = $flag, env = $env, default_value = concat!("http://127.0.0.1:", $port))]
                pub $field: String,
            )*
        }

        impl ServiceUrls {
            /// Every address made by `url` from the service's name (the embedded console
            /// and tests: services on loopback ports).
            pub fn from_fn(mut url: impl FnMut(&ServiceInfo) -> String) -> Self {
                let mut it = SERVICES.iter();
                Self { $($field: url(it.next().expect(stringify!($field)))),* }
            }

            /// The address of the service called `name`.
            pub fn get(&self, name: &str) -> Option<&str> {
                match name {
                    $(stringify!($field) => Some(&self.$field),)*
                    _ => None,
                }
            }
        }

        /// The clients of every service.
        pub struct Services {
            $(pub $field: Service<$Name>,)*
        }

        impl Services {
            /// Each service's clients: in process when `local` holds it, else over
            /// `connections` connections to its URL.
            pub fn connect(urls: &ServiceUrls, local: &InProcessServices, connections: usize) -> anyhow::Result<Self> {
                Ok(Self { $($field: match local.get(stringify!($field)) {
                    Some(service) => Service::in_process(service, <$Name>::new),
                    None => Service::connect(&urls.$field, connections, <$Name>::new)?,
                },)* })
            }

            /// Each service's name and the transport its health is asked over.
            pub fn health(&self) -> Vec<(&'static str, Transport)> {
                vec![$((stringify!($field), self.$field.health.clone())),*]
            }
        }
    };
}

proto::for_each_service!(services);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_service_of_the_table_has_its_url() {
        let urls = ServiceUrls::from_fn(|s| format!("http://127.0.0.1:{}", s.port));
        for s in SERVICES {
            assert_eq!(urls.get(s.name), Some(format!("http://127.0.0.1:{}", s.port).as_str()));
        }
        assert_eq!(urls.get("nowhere"), None);
    }
}
