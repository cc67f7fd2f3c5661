//! Generated gRPC types of every service, plus the module table shared by the
//! identity service, the BFF and the web console (`modules.json`).

pub mod identity {
    pub mod v1 {
        tonic::include_proto!("identity.v1");
    }
}

pub mod catalogue {
    pub mod v1 {
        tonic::include_proto!("catalogue.v1");
    }
}

pub mod modules;
