// sqlx::migrate! embeds the migrations at compile time; a new file in migrations/ must rebuild
// the crate (cargo sees only the files the macro already read).
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
