//! Object storage for media files and uploads: a local folder (embedded mode, or a volume)
//! or an S3-compatible store. Media live under `media/{module}/{file}`; uploads waiting
//! for an import under `imports/{id}.csv` (never served).
//!
//! Files are recognised by their content (magic bytes), never by the name or the type the
//! browser claims.

use crate::error::ApiError;
use crate::principal::Principal;
use bytes::Bytes;
use object_store::path::Path as StorePath;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload, WriteMultipart};
use std::sync::Arc;

/// The largest image accepted (SPEC section 9).
pub const MAX_IMAGE_BYTES: usize = 2_000_000;
/// The largest video accepted.
pub const MAX_VIDEO_BYTES: usize = 100 * 1024 * 1024;

#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    /// Where it is, for logs.
    pub describe: String,
}

impl Storage {
    /// A bucket selects an S3-compatible store (credentials from the AWS_* variables);
    /// otherwise the folder `dir` (created when absent).
    pub fn from_config(
        dir: &std::path::Path,
        s3_bucket: Option<&str>,
        endpoint: Option<&str>,
        region: Option<&str>,
        path_style: bool,
    ) -> anyhow::Result<Self> {
        match s3_bucket.filter(|b| !b.is_empty()) {
            Some(bucket) => {
                let mut b = object_store::aws::AmazonS3Builder::from_env().with_bucket_name(bucket);
                if let Some(e) = endpoint.filter(|e| !e.is_empty()) {
                    b = b.with_endpoint(e).with_allow_http(e.starts_with("http://"));
                }
                if let Some(r) = region.filter(|r| !r.is_empty()) {
                    b = b.with_region(r);
                }
                let s3 = b.with_virtual_hosted_style_request(!path_style).build()?;
                Ok(Self { store: Arc::new(s3), describe: format!("s3://{bucket}") })
            }
            None => Self::local(dir),
        }
    }

    pub fn local(dir: &std::path::Path) -> anyhow::Result<Self> {
        std::fs::create_dir_all(dir)?;
        let fs = object_store::local::LocalFileSystem::new_with_prefix(dir)?;
        Ok(Self { store: Arc::new(fs), describe: dir.display().to_string() })
    }

    pub async fn put(&self, path: &str, bytes: Bytes) -> Result<(), ApiError> {
        self.store.put(&StorePath::from(path), PutPayload::from(bytes)).await.map_err(storage_error)?;
        Ok(())
    }

    /// Starts writing a file piece by piece (never held whole in memory); past `limit` bytes
    /// the file is abandoned and `too_big` answered.
    pub async fn writer(&self, path: &str, limit: u64, too_big: fn() -> ApiError) -> Result<Upload, ApiError> {
        let upload = self.store.put_multipart(&StorePath::from(path)).await.map_err(storage_error)?;
        Ok(Upload { w: Some(WriteMultipart::new(upload)), size: 0, limit, too_big })
    }

    /// The file's bytes as a stream and its last change (epoch ms); None when absent.
    pub async fn get(
        &self,
        path: &str,
    ) -> Result<Option<(futures::stream::BoxStream<'static, Result<Bytes, object_store::Error>>, i64, u64)>, ApiError>
    {
        match self.store.get(&StorePath::from(path)).await {
            Ok(r) => {
                let modified = r.meta.last_modified.timestamp_millis();
                let size = r.meta.size;
                Ok(Some((r.into_stream(), modified, size)))
            }
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(storage_error(e)),
        }
    }

    /// Writes the placeholder picture when the store has none (a failure is logged: the BFF
    /// serves it from the binary meanwhile).
    pub async fn ensure_placeholder(&self) {
        let path = StorePath::from(media_path(PLACEHOLDER_MODULE, PLACEHOLDER_FILE));
        match self.store.head(&path).await {
            Ok(_) => {}
            Err(object_store::Error::NotFound { .. }) => {
                if let Err(e) = self.store.put(&path, PutPayload::from(Bytes::from_static(PLACEHOLDER))).await {
                    tracing::warn!(error = %e, "the placeholder picture could not be written to the media store");
                }
            }
            Err(e) => tracing::warn!(error = %e, "the media store could not be checked for the placeholder picture"),
        }
    }

    /// The paths under `prefix` last changed before `before` (epoch ms).
    pub async fn older_than(&self, prefix: &str, before: i64) -> Result<Vec<String>, ApiError> {
        use futures::TryStreamExt;
        let metas: Vec<object_store::ObjectMeta> =
            self.store.list(Some(&StorePath::from(prefix))).try_collect().await.map_err(storage_error)?;
        Ok(metas
            .into_iter()
            .filter(|m| m.last_modified.timestamp_millis() < before)
            .map(|m| m.location.to_string())
            .collect())
    }

    pub async fn rename(&self, from: &str, to: &str) -> Result<(), ApiError> {
        self.store.rename(&StorePath::from(from), &StorePath::from(to)).await.map_err(storage_error)
    }

    /// Removes a file; answers whether it was there.
    pub async fn delete(&self, path: &str) -> Result<bool, ApiError> {
        let p = StorePath::from(path);
        match self.store.head(&p).await {
            Ok(_) => {}
            Err(object_store::Error::NotFound { .. }) => return Ok(false),
            Err(e) => return Err(storage_error(e)),
        }
        match self.store.delete(&p).await {
            Ok(()) => Ok(true),
            // Removed meanwhile (two removals at once): only one of them removed it.
            Err(object_store::Error::NotFound { .. }) => Ok(false),
            Err(e) => Err(storage_error(e)),
        }
    }
}

/// A file being written; dropped without `finish`, nothing is kept.
pub struct Upload {
    w: Option<WriteMultipart>,
    size: u64,
    limit: u64,
    too_big: fn() -> ApiError,
}

impl Upload {
    /// Adds a piece; past the size limit the file is abandoned and the limit's message answered.
    pub async fn write(&mut self, chunk: &[u8]) -> Result<(), ApiError> {
        self.size += chunk.len() as u64;
        if self.size > self.limit {
            self.abort().await;
            return Err((self.too_big)());
        }
        if let Some(w) = self.w.as_mut() {
            w.wait_for_capacity(8).await.map_err(storage_error)?;
            w.write(chunk);
        }
        Ok(())
    }

    pub async fn finish(mut self) -> Result<u64, ApiError> {
        if let Some(w) = self.w.take() {
            w.finish().await.map_err(storage_error)?;
        }
        Ok(self.size)
    }

    pub async fn abort(&mut self) {
        if let Some(w) = self.w.take() {
            w.abort().await.ok();
        }
    }

    /// Writes the rest of an uploaded form field and finishes the file (answers its size); a
    /// field that cannot be read abandons the file with `unreadable`'s error.
    pub async fn write_field(
        mut self,
        field: &mut axum::extract::multipart::Field<'_>,
        unreadable: impl FnOnce(axum::extract::multipart::MultipartError) -> ApiError,
    ) -> Result<u64, ApiError> {
        loop {
            match field.chunk().await {
                Ok(Some(c)) => self.write(&c).await?,
                Ok(None) => return self.finish().await,
                Err(e) => {
                    self.abort().await;
                    return Err(unreadable(e));
                }
            }
        }
    }
}

fn storage_error(e: object_store::Error) -> ApiError {
    tracing::error!(error = %e, "object storage failed");
    ApiError::new(
        axum::http::StatusCode::SERVICE_UNAVAILABLE,
        "STORAGE_UNAVAILABLE",
        "File storage is unavailable, please try again later",
    )
}

/// An image type the console accepts, by its magic bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Png,
    Jpeg,
    Jp2,
    Jpx,
    Jpm,
    Tiff,
    Mp4,
    Mov,
    Webm,
    Mkv,
    Avi,
    Mpeg,
}

impl Kind {
    pub fn extension(self) -> &'static str {
        match self {
            Kind::Png => "png",
            Kind::Jpeg => "jpg",
            Kind::Jp2 => "jp2",
            Kind::Jpx => "jpx",
            Kind::Jpm => "jpm",
            Kind::Tiff => "tiff",
            Kind::Mp4 => "mp4",
            Kind::Mov => "mov",
            Kind::Webm => "webm",
            Kind::Mkv => "mkv",
            Kind::Avi => "avi",
            Kind::Mpeg => "mpeg",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Kind::Png => "image/png",
            Kind::Jpeg => "image/jpeg",
            Kind::Jp2 => "image/jp2",
            Kind::Jpx => "image/jpx",
            Kind::Jpm => "image/jpm",
            Kind::Tiff => "image/tiff",
            Kind::Mp4 => "video/mp4",
            Kind::Mov => "video/quicktime",
            Kind::Webm => "video/webm",
            Kind::Mkv => "video/x-matroska",
            Kind::Avi => "video/x-msvideo",
            Kind::Mpeg => "video/mpeg",
        }
    }

    pub fn is_image(self) -> bool {
        matches!(self, Kind::Png | Kind::Jpeg | Kind::Jp2 | Kind::Jpx | Kind::Jpm | Kind::Tiff)
    }

    /// File name extensions that may carry this content (a name claiming another type lies).
    fn names(self) -> &'static [&'static str] {
        match self {
            Kind::Png => &["png"],
            Kind::Jpeg => &["jpg", "jpeg", "jpe", "jfif"],
            Kind::Jp2 | Kind::Jpx | Kind::Jpm => &["jp2", "jpx", "jpm", "jpf", "j2k"],
            Kind::Tiff => &["tif", "tiff"],
            Kind::Mp4 => &["mp4", "m4v"],
            Kind::Mov => &["mov", "qt"],
            Kind::Webm => &["webm"],
            Kind::Mkv => &["mkv"],
            Kind::Avi => &["avi"],
            Kind::Mpeg => &["mpeg", "mpg"],
        }
    }

    /// By the extension of a stored name.
    pub fn from_extension(ext: &str) -> Option<Kind> {
        ALL.iter().copied().find(|k| k.extension() == ext)
    }
}

const ALL: [Kind; 12] = [
    Kind::Png,
    Kind::Jpeg,
    Kind::Jp2,
    Kind::Jpx,
    Kind::Jpm,
    Kind::Tiff,
    Kind::Mp4,
    Kind::Mov,
    Kind::Webm,
    Kind::Mkv,
    Kind::Avi,
    Kind::Mpeg,
];

/// Recognises the content of a file by its first bytes.
pub fn sniff(b: &[u8]) -> Option<Kind> {
    if b.starts_with(&[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a]) {
        return Some(Kind::Png);
    }
    if b.starts_with(&[0xff, 0xd8, 0xff]) {
        return Some(Kind::Jpeg);
    }
    if b.starts_with(b"II*\0") || b.starts_with(b"MM\0*") {
        return Some(Kind::Tiff);
    }
    // JPEG 2000 family: signature box, then the file type box's brand.
    if b.starts_with(&[0, 0, 0, 0x0c, b'j', b'P', b' ', b' ', 0x0d, 0x0a, 0x87, 0x0a])
        && b.len() >= 24
        && &b[16..20] == b"ftyp"
    {
        return match &b[20..24] {
            b"jp2 " => Some(Kind::Jp2),
            b"jpx " => Some(Kind::Jpx),
            b"jpm " => Some(Kind::Jpm),
            _ => None,
        };
    }
    if b.len() >= 12 && &b[4..8] == b"ftyp" {
        return Some(if &b[8..10] == b"qt" { Kind::Mov } else { Kind::Mp4 });
    }
    if b.starts_with(&[0x1a, 0x45, 0xdf, 0xa3]) {
        let head = &b[..b.len().min(64)];
        return Some(if head.windows(4).any(|w| w == b"webm") { Kind::Webm } else { Kind::Mkv });
    }
    if b.len() >= 12 && b.starts_with(b"RIFF") && &b[8..12] == b"AVI " {
        return Some(Kind::Avi);
    }
    if b.starts_with(&[0, 0, 1, 0xba]) || b.starts_with(&[0, 0, 1, 0xb3]) {
        return Some(Kind::Mpeg);
    }
    None
}

/// Whether a file's name agrees with its content (no extension is taken as agreeing).
pub fn name_agrees(file_name: &str, kind: Kind) -> bool {
    match file_name.rsplit_once('.') {
        Some((_, ext)) => kind.names().contains(&ext.to_ascii_lowercase().as_str()),
        None => true,
    }
}

/// A module name: letters, digits, '_' and '-', 1..50 characters.
pub fn valid_module(m: &str) -> bool {
    !m.is_empty() && m.len() <= 50 && m.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// A stored file name: what `new_name` makes (id, dot, known extension).
pub fn valid_file_name(f: &str) -> bool {
    match f.split_once('.') {
        Some((stem, ext)) => {
            !stem.is_empty()
                && stem.len() <= 64
                && stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && Kind::from_extension(ext).is_some()
        }
        None => false,
    }
}

pub fn new_name(kind: Kind) -> String {
    format!("{}.{}", common::new_id(), kind.extension())
}

/// The picture screens show where a record has none (`GET /auth/metaData`'s `placeholder`:
/// `{mediaURL}/placeholder/placeholder.png`), written to the media store at start when absent
/// (a bucket behind a CDN serves it too) and served from the binary when the store lacks it.
pub const PLACEHOLDER: &[u8] = include_bytes!("../assets/placeholder.png");
pub const PLACEHOLDER_MODULE: &str = "placeholder";
pub const PLACEHOLDER_FILE: &str = "placeholder.png";

/// Where an upload is written while its form is read (never served).
pub const HOLDING: &str = "uploads";

pub fn holding_path() -> String {
    format!("{HOLDING}/{}", common::new_id())
}

pub fn media_path(module: &str, file: &str) -> String {
    format!("media/{module}/{file}")
}

/// What each account may upload in a day by default: 1 GB (ten long videos) for the main
/// admin and sub-admins, 200 MB for a nonprofit admin (its own nonprofit's pictures).
pub const DEFAULT_UPLOAD_QUOTA: i64 = 1_000_000_000;
pub const DEFAULT_NONPROFIT_UPLOAD_QUOTA: i64 = 200_000_000;

/// Bytes a day each kind of account may upload (0 = no quota).
#[derive(Debug, Clone, Copy, Default)]
pub struct Quota {
    pub admin: i64,
    pub nonprofit: i64,
}

impl Quota {
    pub fn of(&self, p: &Principal) -> i64 {
        if p.admin_type == common::account::CHARITY_ADMIN { self.nonprofit } else { self.admin }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_is_recognised_by_magic_bytes() {
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Some(Kind::Png));
        assert_eq!(sniff(&[0xff, 0xd8, 0xff, 0xe0]), Some(Kind::Jpeg));
        assert_eq!(sniff(b"II*\0...."), Some(Kind::Tiff));
        let mut jp2 = vec![0, 0, 0, 0x0c, b'j', b'P', b' ', b' ', 0x0d, 0x0a, 0x87, 0x0a, 0, 0, 0, 0x14];
        jp2.extend_from_slice(b"ftypjpx ");
        assert_eq!(sniff(&jp2), Some(Kind::Jpx));
        assert_eq!(sniff(b"\0\0\0\x18ftypisom...."), Some(Kind::Mp4));
        assert_eq!(sniff(b"\0\0\0\x14ftypqt  ...."), Some(Kind::Mov));
        assert_eq!(sniff(b"RIFF\0\0\0\0AVI LIST"), Some(Kind::Avi));
        assert_eq!(sniff(b"GIF89a"), None);
        assert_eq!(sniff(b"<svg xmlns="), None);
        assert_eq!(sniff(b""), None);
        assert!(name_agrees("Logo.PNG", Kind::Png));
        assert!(!name_agrees("photo.png", Kind::Jpeg));
        assert!(valid_file_name(&new_name(Kind::Png)));
        assert!(!valid_file_name("../x.png") && !valid_file_name("x.exe") && !valid_file_name(".png"));
    }
}
