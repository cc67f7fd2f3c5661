//! The SQL of media.rs: media records and their owners, the previous release's references
//! (`media_refs`) and the uploaders' quota windows (`media_usage`).

use common::db::Sql;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// The record a file belongs to (service, kind of record, id).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct MediaOwner {
    pub service: String,
    pub entity: String,
    pub entity_id: String,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct MediaFile {
    pub module: String,
    pub file: String,
    pub kind: String,
    pub size: i64,
    pub uploader_id: String,
    pub uploader_type: String,
    pub uploaded_at: i64,
    pub removed_at: Option<i64>,
    /// None while unattached.
    pub owner: Option<MediaOwner>,
    pub attached_at: Option<i64>,
    pub released_at: Option<i64>,
}

const MEDIA: &str = "SELECT file, module, kind, size, uploader_id, uploader_type, uploaded_at, removed_at, \
                     owner_service, owner_entity, owner_id, attached_at, released_at FROM media_files";

fn media_file(r: &AnyRow) -> sqlx::Result<MediaFile> {
    let owner_id: Option<String> = r.try_get("owner_id")?;
    let owner = match owner_id {
        Some(entity_id) => Some(MediaOwner {
            service: r.try_get::<Option<String>, _>("owner_service")?.unwrap_or_default(),
            entity: r.try_get::<Option<String>, _>("owner_entity")?.unwrap_or_default(),
            entity_id,
        }),
        None => None,
    };
    Ok(MediaFile {
        module: r.try_get("module")?,
        file: r.try_get("file")?,
        kind: r.try_get("kind")?,
        size: r.try_get("size")?,
        uploader_id: r.try_get("uploader_id")?,
        uploader_type: r.try_get("uploader_type")?,
        uploaded_at: r.try_get("uploaded_at")?,
        removed_at: r.try_get("removed_at")?,
        owner,
        attached_at: r.try_get("attached_at")?,
        released_at: r.try_get("released_at")?,
    })
}

pub async fn insert_media(c: &mut AnyConnection, m: &MediaFile) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO media_files (file, module, kind, size, uploader_id, uploader_type, uploaded_at, removed_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, NULL)",
    )
    .bind(&m.file)
    .bind(&m.module)
    .bind(&m.kind)
    .bind(m.size)
    .bind(&m.uploader_id)
    .bind(&m.uploader_type)
    .bind(m.uploaded_at)
    .execute(c)
    .await?;
    Ok(())
}

pub async fn media_by_file(c: &mut AnyConnection, file: &str) -> sqlx::Result<Option<MediaFile>> {
    sqlx::query(sqlx::AssertSqlSafe(format!("{MEDIA} WHERE file = $1")))
        .bind(file)
        .fetch_optional(c)
        .await?
        .as_ref()
        .map(media_file)
        .transpose()
}

pub async fn mark_media_removed(c: &mut AnyConnection, file: &str, at: i64) -> sqlx::Result<bool> {
    let r = sqlx::query("UPDATE media_files SET removed_at = $1 WHERE file = $2 AND removed_at IS NULL")
        .bind(at)
        .bind(file)
        .execute(c)
        .await?;
    Ok(r.rows_affected() == 1)
}

/// Attaches an unattached, stored file to `owner`; answers false when it was not
/// unattached any more (a parallel save took it). Keeps the previous release's reference.
pub async fn attach_media(c: &mut AnyConnection, file: &str, owner: &MediaOwner, at: i64) -> sqlx::Result<bool> {
    let r = sqlx::query(
        "UPDATE media_files SET owner_service = $1, owner_entity = $2, owner_id = $3, attached_at = $4 \
         WHERE file = $5 AND owner_id IS NULL AND removed_at IS NULL",
    )
    .bind(&owner.service)
    .bind(&owner.entity)
    .bind(&owner.entity_id)
    .bind(at)
    .bind(file)
    .execute(&mut *c)
    .await?;
    if r.rows_affected() != 1 {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO media_refs (file, service, entity, entity_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
    )
    .bind(file)
    .bind(&owner.service)
    .bind(&owner.entity)
    .bind(&owner.entity_id)
    .execute(c)
    .await?;
    Ok(true)
}

/// Releases the files of `owner` (those not in `keep` when given): unattached again, swept
/// later. Answers how many were released.
pub async fn release_media(
    c: &mut AnyConnection,
    owner: &MediaOwner,
    keep: Option<&[String]>,
    at: i64,
) -> sqlx::Result<u64> {
    let backend = common::db::Backend::of_connection(c);
    let filter = |q: &mut Sql| {
        q.push(" WHERE owner_service = ").push_bind(owner.service.clone());
        q.push(" AND owner_entity = ").push_bind(owner.entity.clone());
        q.push(" AND owner_id = ").push_bind(owner.entity_id.clone());
        if let Some(keep) = keep.filter(|k| !k.is_empty()) {
            q.push(" AND file NOT IN (");
            q.push_list(keep, |q, f| {
                q.push_bind(f.clone());
            });
            q.push(")");
        }
    };
    // The previous release's references of these files go first (it reads them as "in use").
    let mut refs = Sql::new(backend, "DELETE FROM media_refs WHERE file IN (SELECT file FROM media_files");
    filter(&mut refs);
    refs.push(")");
    refs.build().execute(&mut *c).await?;
    let mut q = Sql::new(
        backend,
        "UPDATE media_files SET owner_service = NULL, owner_entity = NULL, owner_id = NULL, released_at = ",
    );
    q.push_bind(at);
    filter(&mut q);
    Ok(q.build().execute(c).await?.rows_affected())
}

/// Unattached files not removed, uploaded (or released) before `before` (oldest first).
pub async fn media_orphans(c: &mut AnyConnection, before: i64, limit: i64) -> sqlx::Result<Vec<MediaFile>> {
    let q = format!(
        "{MEDIA} WHERE removed_at IS NULL AND owner_id IS NULL AND COALESCE(released_at, uploaded_at) < $1 \
         ORDER BY COALESCE(released_at, uploaded_at), file LIMIT $2"
    );
    sqlx::query(sqlx::AssertSqlSafe(q)).bind(before).bind(limit).fetch_all(c).await?.iter().map(media_file).collect()
}

/// Counts `size` bytes against `uploader`'s quota at `now`: a window of `window_ms` opens at
/// its first upload after the last window ended. One statement (the uploader's row is the
/// lock), so parallel uploads are counted one after another; answers false, counting
/// nothing, when the window's bytes would pass `quota`.
pub async fn use_quota(
    c: &mut AnyConnection,
    uploader: &str,
    size: i64,
    quota: i64,
    now: i64,
    window_ms: i64,
) -> sqlx::Result<bool> {
    if size > quota {
        return Ok(false);
    }
    let row = sqlx::query(
        "INSERT INTO media_usage (uploader_id, window_start, bytes) VALUES ($1, $2, $3) \
         ON CONFLICT (uploader_id) DO UPDATE SET \
           bytes = CASE WHEN media_usage.window_start + $5 <= $2 THEN $3 ELSE media_usage.bytes + $3 END, \
           window_start = CASE WHEN media_usage.window_start + $5 <= $2 THEN $2 ELSE media_usage.window_start END \
         WHERE media_usage.window_start + $5 <= $2 OR media_usage.bytes + $3 <= $4 \
         RETURNING bytes",
    )
    .bind(uploader)
    .bind(now)
    .bind(size)
    .bind(quota)
    .bind(window_ms)
    .fetch_optional(c)
    .await?;
    Ok(row.is_some())
}

/// The uploader's current quota window: (its start, bytes counted), if one was ever opened.
pub async fn quota_window(c: &mut AnyConnection, uploader: &str) -> sqlx::Result<Option<(i64, i64)>> {
    let row = sqlx::query("SELECT window_start, bytes FROM media_usage WHERE uploader_id = $1")
        .bind(uploader)
        .fetch_optional(c)
        .await?;
    row.map(|r| Ok((r.try_get("window_start")?, r.try_get("bytes")?))).transpose()
}
