//! The import's SQL: what is stored for a batch's EINs, and the upsert of its new and changed
//! rows (never over an onboarded nonprofit). One text for SQLite and PostgreSQL.

use crate::charity_store::name_key;
use common::db::{Backend, Sql, get_bool};
use sha2::{Digest, Sha256};
use sqlx::{AnyConnection, Row};
use std::collections::HashMap;

/// The imported fields of one row.
#[derive(Debug, Clone, PartialEq)]
pub struct BmfRow {
    pub ein: String,
    pub name: String,
    pub in_care_of: String,
    pub street: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub ntee: String,
}

impl BmfRow {
    /// What is stored as `import_hash`: a digest of the imported fields.
    pub(crate) fn hash(&self) -> String {
        let mut h = Sha256::new();
        for f in [&self.ein, &self.name, &self.in_care_of, &self.street, &self.city, &self.state, &self.zip, &self.ntee]
        {
            h.update(f.as_bytes());
            h.update([0x1f]);
        }
        hex::encode(&h.finalize()[..16])
    }
}

/// The stored import hash and `is_imported` flag of each of the rows' EINs that is stored.
pub async fn stored(
    c: &mut AnyConnection,
    backend: Backend,
    rows: &[(i64, BmfRow)],
) -> sqlx::Result<HashMap<String, (String, bool)>> {
    let mut query = Sql::new(backend, "SELECT ein, import_hash, is_imported FROM charities WHERE ein IN (");
    query.push_list(rows, |q, (_, r)| {
        q.push_bind(r.ein.clone());
    });
    query.push(")");
    let mut stored: HashMap<String, (String, bool)> = HashMap::new();
    for row in query.build().fetch_all(c).await? {
        stored.insert(row.try_get("ein")?, (row.try_get("import_hash")?, get_bool(&row, "is_imported")?));
    }
    Ok(stored)
}

/// Inserts new imported rows and updates changed ones (never an onboarded nonprofit).
pub async fn upsert(c: &mut AnyConnection, backend: Backend, rows: &[(BmfRow, String)]) -> sqlx::Result<()> {
    let now = common::now_ms();
    let mut q = Sql::new(
        backend,
        "INSERT INTO charities (id, charity_name, name_key, ein, admin_first_name, address, city, state, zip_code, ntee_code, \
         import_hash, country, is_imported, created_at, updated_at) VALUES ",
    );
    q.push_list(rows, |q, (r, hash)| {
        q.push("(")
            .push_bind(common::new_id())
            .push(", ")
            .push_bind(r.name.clone())
            .push(", ")
            .push_bind(name_key(&r.name))
            .push(", ")
            .push_bind(r.ein.clone())
            .push(", ")
            .push_bind(r.in_care_of.clone())
            .push(", ")
            .push_bind(r.street.clone())
            .push(", ")
            .push_bind(r.city.clone())
            .push(", ")
            .push_bind(r.state.clone())
            .push(", ")
            .push_bind(r.zip.clone())
            .push(", ")
            .push_bind(r.ntee.clone())
            .push(", ")
            .push_bind(hash.clone())
            .push(", ")
            .push_bind("United States")
            .push(", ")
            .push_bind(true)
            .push(", ")
            .push_bind(now)
            .push(", ")
            .push_bind(now)
            .push(")");
    });
    q.push(
        " ON CONFLICT (ein) DO UPDATE SET charity_name = excluded.charity_name, name_key = excluded.name_key, \
         admin_first_name = excluded.admin_first_name, address = excluded.address, city = excluded.city, state = excluded.state, \
         zip_code = excluded.zip_code, ntee_code = excluded.ntee_code, import_hash = excluded.import_hash, \
         updated_at = excluded.updated_at WHERE charities.is_imported = TRUE",
    );
    q.build().execute(c).await?;
    Ok(())
}
