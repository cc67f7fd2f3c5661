fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protos = ["identity/identity.proto", "catalogue/catalogue.proto"];
    for p in protos {
        println!("cargo:rerun-if-changed={p}");
    }
    let fds = protox::compile(protos, ["."])?;
    tonic_prost_build::configure().compile_fds(fds)?;
    Ok(())
}
