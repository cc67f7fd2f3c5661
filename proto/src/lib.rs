//! Generated gRPC types of every service, the table of services (`services.json`: what the
//! BFF, the embedded console, the tests and the deployment checks know of each), and the
//! module table shared by the identity service, the BFF and the web console (`modules.json`).

// One module per proto package, made by build.rs from every `<dir>/<dir>.proto`:
// `common::v1` (the actor of a call, the page of a list), `identity::v1`, `catalogue::v1`, ...
include!(concat!(env!("OUT_DIR"), "/packages.rs"));

pub mod modules;
pub mod services;

/// JSON shapes that differ from the proto layout.
pub mod json {
    /// `paymentMethods` is a plain list in JSON (absent = unchanged), a wrapper message in proto.
    pub mod payment_methods {
        use crate::catalogue::v1::{PaymentMethodInput, PaymentMethods};
        use serde::{Deserialize, Deserializer, Serialize, Serializer};

        pub fn serialize<S: Serializer>(v: &Option<PaymentMethods>, s: S) -> Result<S::Ok, S::Error> {
            v.as_ref().map(|p| &p.items).serialize(s)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<PaymentMethods>, D::Error> {
            Ok(Option::<Vec<PaymentMethodInput>>::deserialize(d)?.map(|items| PaymentMethods { items }))
        }
    }
}
