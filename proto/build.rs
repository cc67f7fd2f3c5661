fn main() -> Result<(), Box<dyn std::error::Error>> {
    let protos = ["common/common.proto", "identity/identity.proto", "catalogue/catalogue.proto"];
    for p in protos {
        println!("cargo:rerun-if-changed={p}");
    }
    let fds = protox::compile(protos, ["."])?;
    // Nonprofit messages are the REST shapes too: the BFF reads and writes them as JSON
    // (camelCase, `_id`), so a field is named once, and the BFF's OpenAPI document describes
    // them from the same types (utoipa).
    let json = "#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema)] #[serde(rename_all = \"camelCase\", default)]";
    let mut config = tonic_prost_build::configure();
    for m in [
        "Charity", "NamedRef", "PaymentMethod", "PaymentMethodInput", "CharityInput", "PaymentMethods", "CharityRow", "ImportSummary",
        "ImportError",
    ] {
        config = config.message_attribute(format!("catalogue.v1.{m}"), json);
    }
    for f in ["Charity.id", "NamedRef.id", "PaymentMethod.id", "CharityRow.id", "PaymentMethodInput.id"] {
        config = config.field_attribute(format!("catalogue.v1.{f}"), "#[serde(rename = \"_id\")]");
    }
    config = config.field_attribute(
        "catalogue.v1.CharityInput.payment_methods",
        "#[serde(with = \"crate::json::payment_methods\")] #[schema(value_type = Option<Vec<PaymentMethodInput>>)]",
    );
    config.compile_fds(fds)?;
    Ok(())
}
