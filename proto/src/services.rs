//! The table of services (`proto/services.json`), read by build.rs: one entry per service
//! names what every part that starts, calls or deploys services needs of it. [`ALL`] is the
//! data; `proto::for_each_service!(m)` hands the same entries to a macro `m` of the caller,
//! which is how the BFF makes a client per service and the embedded console and the tests
//! start each one, without a list of their own.

/// One service of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Service {
    /// Its name: its crate, binary and proto package (`<name>.v1`); its health in `/readyz`.
    pub name: &'static str,
    /// The gRPC port its binary listens on unless told (`GRPC_LISTEN`).
    pub port: u16,
    /// The environment variable of its database URL.
    pub database: &'static str,
    /// The BFF's environment variable of its gRPC address (the flag is its lowercase, dashed form).
    pub url: &'static str,
}

impl Service {
    /// The address its binary listens on unless told.
    pub fn default_listen(&self) -> String {
        format!("0.0.0.0:{}", self.port)
    }
}

include!(concat!(env!("OUT_DIR"), "/services.rs"));

/// The service called `name`.
pub fn find(name: &str) -> Option<&'static Service> {
    ALL.iter().find(|s| s.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_service_has_its_own_name_port_and_variables() {
        for (i, s) in ALL.iter().enumerate() {
            assert!(ALL[..i].iter().all(|o| o.name != s.name && o.port != s.port && o.database != s.database), "{s:?}");
            assert_eq!(s.database, format!("{}_DATABASE_URL", s.name.to_uppercase()));
            assert_eq!(s.url, format!("{}_URL", s.name.to_uppercase()));
        }
        assert_eq!(crate::catalogue::SERVICE.default_listen(), "0.0.0.0:50052");
        assert_eq!(find("giving"), Some(&crate::giving::SERVICE));
        assert_eq!(find("nowhere"), None);
    }
}
