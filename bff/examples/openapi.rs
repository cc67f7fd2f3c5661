//! Prints the BFF's OpenAPI document (what /api-docs/openapi.json serves) without starting
//! anything: `cargo run -p bff --example openapi > openapi.json`. The web console's API
//! types are generated from it (web/tools/openapi).

fn main() {
    let doc = bff::openapi::current();
    println!("{}", serde_json::to_string_pretty(&doc).expect("the document serialises"));
}
