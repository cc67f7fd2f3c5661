//! The services the BFF calls, named once. Each entry gives the service's name (as
//! readiness reports it), its URL flag and environment variable, its default port and its
//! gRPC client; configuration, the local (embedded) configuration, the clients and the
//! readiness check are made from this one list. Adding a service to the BFF is one entry
//! here plus its area module (bff/src/areas).

use crate::state::{CALL_DEADLINE, Clients, Traced, Transport, channel, long_channel, traced};

/// What the BFF knows of one service before it connects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServiceInfo {
    /// Its name: the key of its URL in [`ServiceUrls::get`] and of its health in `/readyz`.
    pub name: &'static str,
    /// The environment variable of its gRPC address (the flag is its lowercase, dashed form).
    pub env: &'static str,
    /// The port it listens on unless configured.
    pub default_port: u16,
}

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
    ($($field:ident: $client:ty = $name:literal, $env:literal, $flag:literal, $port:literal;)*) => {
        /// Every service the BFF calls, in order.
        pub const SERVICES: &[ServiceInfo] = &[$(ServiceInfo { name: $name, env: $env, default_port: $port }),*];

        /// The gRPC address of every service, from flags or environment variables.
        #[derive(Debug, Clone, clap::Args)]
        pub struct ServiceUrls {
            $(
                #[doc = concat!("gRPC address of the ", $name, " service.")]
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
                    $($name => Some(&self.$field),)*
                    _ => None,
                }
            }
        }

        /// The clients of every service.
        pub struct Services {
            $(pub $field: Service<$client>,)*
        }

        impl Services {
            /// Each service's clients: in process when `local` holds it, else over
            /// `connections` connections to its URL.
            pub fn connect(urls: &ServiceUrls, local: &InProcessServices, connections: usize) -> anyhow::Result<Self> {
                Ok(Self { $($field: match local.get($name) {
                    Some(service) => Service::in_process(service, <$client>::new),
                    None => Service::connect(&urls.$field, connections, <$client>::new)?,
                },)* })
            }

            /// Each service's name and the transport its health is asked over.
            pub fn health(&self) -> Vec<(&'static str, Transport)> {
                vec![$(($name, self.$field.health.clone())),*]
            }
        }

        impl crate::state::Inner {
            $(
                #[doc = concat!("The next connection's ", $name, " client.")]
                pub fn $field(&self) -> $client {
                    self.services.$field.clients.next()
                }
            )*
        }
    };
}

pub type Identity = proto::identity::v1::identity_client::IdentityClient<Traced>;
pub type Catalogue = proto::catalogue::v1::catalogue_client::CatalogueClient<Traced>;
pub type Giving = proto::giving::v1::giving_client::GivingClient<Traced>;
pub type Content = proto::content::v1::content_client::ContentClient<Traced>;
pub type Engagement = proto::engagement::v1::engagement_client::EngagementClient<Traced>;
pub type Chat = proto::chat::v1::chat_client::ChatClient<Traced>;
pub type Audit = proto::audit::v1::audit_client::AuditClient<Traced>;

services! {
    identity: Identity = "identity", "IDENTITY_URL", "identity-url", 50051;
    catalogue: Catalogue = "catalogue", "CATALOGUE_URL", "catalogue-url", 50052;
    giving: Giving = "giving", "GIVING_URL", "giving-url", 50053;
    engagement: Engagement = "engagement", "ENGAGEMENT_URL", "engagement-url", 50054;
    content: Content = "content", "CONTENT_URL", "content-url", 50055;
    chat: Chat = "chat", "CHAT_URL", "chat-url", 50056;
    audit: Audit = "audit", "AUDIT_URL", "audit-url", 50057;
}

impl crate::state::Inner {
    /// The catalogue without the per-call deadline, for imports and exports that stream.
    pub fn catalogue_long(&self) -> Catalogue {
        self.services.catalogue.long.clone()
    }

    /// The audit service without the per-call deadline: the export's batches, the chain's walk.
    pub fn audit_long(&self) -> Audit {
        self.services.audit.long.clone()
    }

    /// The giving service without the per-call deadline, for exports that stream.
    pub fn giving_long(&self) -> Giving {
        self.services.giving.long.clone()
    }

    /// The engagement service without the per-call deadline, for exports that stream.
    pub fn engagement_long(&self) -> Engagement {
        self.services.engagement.long.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_service_has_one_name_variable_and_port() {
        let urls = ServiceUrls::from_fn(|s| format!("http://127.0.0.1:{}", s.default_port));
        for (i, s) in SERVICES.iter().enumerate() {
            assert_eq!(urls.get(s.name), Some(format!("http://127.0.0.1:{}", s.default_port).as_str()));
            assert!(
                SERVICES[..i].iter().all(|o| o.name != s.name && o.env != s.env && o.default_port != s.default_port),
                "{s:?}"
            );
            assert_eq!(s.env, format!("{}_URL", s.name.to_uppercase()));
        }
        assert_eq!(urls.get("nowhere"), None);
    }
}
