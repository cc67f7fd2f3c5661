//! Media uploads (/local-image/*) and serving (/media/{module}/{file}), SPEC sections 3 and 7.

use crate::auth::Caller;
use crate::error::ApiError;
use crate::media;
use crate::reply::{Body, Empty, Reply, Route, ok, route};
use crate::state::AppState;
use crate::storage;
use crate::storage::{Kind, MAX_IMAGE_BYTES, MAX_VIDEO_BYTES};
use crate::transport::{call, call_unsent};
use axum::Extension;
use axum::body::Body as HttpBody;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{HeaderValue, Method, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use bytes::{Bytes, BytesMut};
use proto::content::v1 as pb;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

const IMAGE_TOO_BIG: &str = "Image size should be less than 2 mb";
const IMAGE_TYPES: &str = "Only png, jpg, jpeg, jp2, jpx, jpm and tiff images are allowed";
const VIDEO_TOO_BIG: &str = "Video size should be less than 100 mb";
const VIDEO_TYPES: &str = "Only mp4, webm, mov, mkv, avi and mpeg videos are allowed";
const LIES: &str = "The file's content does not match its name";
const MAY_NOT_REMOVE: &str = "You may not remove this file";

pub fn routes() -> Vec<Route> {
    vec![
        route(
            Method::POST,
            "/local-image/uploadImage",
            "Upload an image (multipart: image, moduleName)",
            post(upload_image).layer(DefaultBodyLimit::max(MAX_IMAGE_BYTES + 1024 * 1024)),
        )
        .multipart::<ImageUpload>()
        .answers::<Uploaded>(),
        route(
            Method::POST,
            "/local-image/uploadVideo",
            "Upload a video (multipart: video, moduleName)",
            post(upload_video).layer(DefaultBodyLimit::max(MAX_VIDEO_BYTES + 1024 * 1024)),
        )
        .multipart::<VideoUpload>()
        .answers::<Uploaded>(),
        route(
            Method::POST,
            "/local-image/removeImage",
            "Remove an uploaded image ({ moduleName, fileName })",
            post(remove_image),
        )
        .body::<RemoveBody>(),
        route(
            Method::POST,
            "/local-image/removeVideo",
            "Remove an uploaded video ({ moduleName, fileName })",
            post(remove_video),
        )
        .body::<RemoveBody>(),
        route(Method::GET, "/media/{module}/{file}", "A media file", get(serve)).file("application/octet-stream"),
    ]
}

fn multipart_error(e: axum::extract::multipart::MultipartError) -> ApiError {
    ApiError::validation("file", &format!("The upload could not be read: {}", e.body_text()))
}

fn module_of(m: Option<String>) -> Result<String, ApiError> {
    let m = m.map(|m| m.trim().to_string()).unwrap_or_default();
    if m.is_empty() {
        return Err(ApiError::validation("moduleName", "moduleName is required"));
    }
    if !storage::valid_module(&m) {
        return Err(ApiError::validation("moduleName", "moduleName may hold only letters, digits, '_' and '-'"));
    }
    Ok(m)
}

/// The multipart form of an image upload.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImageUpload {
    /// png, jpg, jpeg, jp2, jpx, jpm or tiff; less than 2,000,000 bytes.
    #[schema(format = Binary)]
    pub image: String,
    /// Letters, digits, '_' and '-'.
    pub module_name: String,
}

/// The multipart form of a video upload.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VideoUpload {
    /// mp4, webm, mov, mkv, avi or mpeg; less than 100 MB.
    #[schema(format = Binary)]
    pub video: String,
    /// Letters, digits, '_' and '-'.
    pub module_name: String,
}

/// A stored upload: its new name, its module and where it is served.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Uploaded {
    pub name: String,
    pub module_name: String,
    pub url: String,
}

fn uploaded(state: &AppState, module: &str, name: &str) -> Uploaded {
    Uploaded {
        name: name.into(),
        module_name: module.into(),
        url: format!("{}/{module}/{name}", state.settings.media_url),
    }
}

/// What the caller may still upload today; a spent quota answers 429 before anything is
/// read or stored.
async fn allowance(state: &AppState, caller: &Caller) -> Result<i64, ApiError> {
    let quota = state.settings.upload_quota.of(&caller.principal);
    if quota == 0 {
        return Ok(i64::MAX);
    }
    let req = pb::AllowanceRequest { actor: Some(caller.to_pb()), quota_bytes: quota };
    Ok(call!(state.content().upload_allowance(req))?.remaining_bytes)
}

/// Records a stored upload with the content service (its uploader: the caller; counted
/// against its quota). When the record cannot be made (content down, the quota spent
/// meanwhile) the file is deleted again and the upload refused, so no unrecorded file is
/// ever kept.
async fn record(
    state: &AppState,
    caller: &Caller,
    module: &str,
    name: &str,
    kind: Kind,
    size: u64,
) -> Result<(), ApiError> {
    let req = pb::MediaUpload {
        module: module.into(),
        file: name.into(),
        kind: if kind.is_image() { "image" } else { "video" }.into(),
        size: size as i64,
        actor: Some(caller.to_pb()),
        quota_bytes: state.settings.upload_quota.of(&caller.principal),
    };
    if let Err(s) = call_unsent!(state.content().record_upload(req)) {
        discard(state, &storage::media_path(module, name)).await;
        return Err(s.into());
    }
    Ok(())
}

/// Deletes a stored or held file of an upload that is refused.
async fn discard(state: &AppState, path: &str) {
    if let Err(e) = state.storage.delete(path).await {
        tracing::error!(path, error = %e.message, "a refused upload's file could not be deleted (the sweep removes it later)");
    }
}

/// One file part of an upload form: a second one is refused (one file per upload).
fn only_one<T>(slot: &Option<T>, field: &str, what: &str) -> Result<(), ApiError> {
    match slot {
        Some(_) => Err(ApiError::validation(field, &format!("Please upload one {what} at a time"))),
        None => Ok(()),
    }
}

async fn upload_image(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    mut form: Multipart,
) -> Reply {
    let remaining = allowance(&state, &caller).await?;
    let mut module = None;
    let mut image: Option<(String, Bytes)> = None;
    // Nothing is stored until the whole form was read: a refusal anywhere leaves nothing.
    while let Some(mut field) = form.next_field().await.map_err(multipart_error)? {
        match field.name() {
            Some("moduleName") => module = Some(field.text().await.map_err(multipart_error)?),
            Some("image") => {
                only_one(&image, "image", "image")?;
                let name = field.file_name().unwrap_or_default().to_string();
                let mut buf = BytesMut::new();
                while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
                    buf.extend_from_slice(&chunk);
                    if buf.len() > MAX_IMAGE_BYTES {
                        return Err(ApiError::validation("image", IMAGE_TOO_BIG));
                    }
                }
                image = Some((name, buf.freeze()));
            }
            _ => {} // other form fields travel with the upload and are not needed here
        }
    }
    let module = module_of(module)?;
    let (file_name, bytes) = image.ok_or_else(|| ApiError::validation("image", "Please choose an image"))?;
    let kind =
        storage::sniff(&bytes).filter(|k| k.is_image()).ok_or_else(|| ApiError::validation("image", IMAGE_TYPES))?;
    if !storage::name_agrees(&file_name, kind) {
        return Err(ApiError::validation("image", LIES));
    }
    if bytes.len() as i64 > remaining {
        return Err(quota_left(remaining));
    }
    let name = storage::new_name(kind);
    let size = bytes.len() as u64;
    state.storage.put(&storage::media_path(&module, &name), bytes).await?;
    record(&state, &caller, &module, &name, kind, size).await?;
    ok("Image uploaded successfully", uploaded(&state, &module, &name))
}

/// 429 for a video that grew past what is left of the day's quota while it was read.
fn quota_passed() -> ApiError {
    ApiError::new(
        axum::http::StatusCode::TOO_MANY_REQUESTS,
        "UPLOAD_QUOTA",
        "This video is bigger than what is left of your daily upload limit. Please try again tomorrow.",
    )
}

/// 429 for an upload bigger than what is left of the day's quota.
fn quota_left(remaining: i64) -> ApiError {
    let mb = remaining as f64 / 1_000_000.0;
    ApiError::new(
        axum::http::StatusCode::TOO_MANY_REQUESTS,
        "UPLOAD_QUOTA",
        format!(
            "This file is bigger than what is left of your daily upload limit ({mb:.1} MB). Please try again tomorrow."
        ),
    )
}

async fn upload_video(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    mut form: Multipart,
) -> Reply {
    let remaining = allowance(&state, &caller).await?;
    // Streamed to a holding place first (the module may come after the file); any refusal
    // before the end deletes it, so a refused upload leaves nothing behind.
    let mut holding: Option<String> = None;
    let read = read_video(&state, &mut form, remaining, &mut holding).await;
    let (module, kind, size) = match read {
        Ok(v) => v,
        Err(e) => {
            if let Some(path) = &holding {
                discard(&state, path).await;
            }
            return Err(e);
        }
    };
    let held = holding.expect("a video was read");
    let name = storage::new_name(kind);
    if let Err(e) = state.storage.rename(&held, &storage::media_path(&module, &name)).await {
        discard(&state, &held).await;
        return Err(e);
    }
    record(&state, &caller, &module, &name, kind, size).await?;
    ok("Video uploaded successfully", uploaded(&state, &module, &name))
}

/// Reads a video upload's form: the video streamed into `holding` (set as soon as it exists,
/// so the caller can delete it on any refusal), its module and kind and size.
async fn read_video(
    state: &AppState,
    form: &mut Multipart,
    remaining: i64,
    holding: &mut Option<String>,
) -> Result<(String, Kind, u64), ApiError> {
    let mut module = None;
    let mut video: Option<(Kind, u64)> = None;
    while let Some(mut field) = form.next_field().await.map_err(multipart_error)? {
        match field.name() {
            Some("moduleName") => module = Some(field.text().await.map_err(multipart_error)?),
            Some("video") => {
                only_one(&video, "video", "video")?;
                let file_name = field.file_name().unwrap_or_default().to_string();
                let mut head = BytesMut::new();
                while head.len() < 64 {
                    match field.chunk().await.map_err(multipart_error)? {
                        Some(c) => head.extend_from_slice(&c),
                        None => break,
                    }
                }
                let kind = storage::sniff(&head)
                    .filter(|k| !k.is_image())
                    .ok_or_else(|| ApiError::validation("video", VIDEO_TYPES))?;
                if !storage::name_agrees(&file_name, kind) {
                    return Err(ApiError::validation("video", LIES));
                }
                let path = storage::holding_path();
                let limit = (MAX_VIDEO_BYTES as u64).min(remaining.max(0) as u64);
                let too_big: fn() -> ApiError = if limit < MAX_VIDEO_BYTES as u64 {
                    quota_passed
                } else {
                    || ApiError::validation("video", VIDEO_TOO_BIG)
                };
                let mut w = state.storage.writer(&path, limit, too_big).await?;
                *holding = Some(path);
                w.write(&head).await?;
                video = Some((kind, w.write_field(&mut field, multipart_error).await?));
            }
            _ => {}
        }
    }
    let (kind, size) = video.ok_or_else(|| ApiError::validation("video", "Please choose a video"))?;
    Ok((module_of(module)?, kind, size))
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RemoveBody {
    module_name: String,
    file_name: String,
}

/// A removal: allowed to the main admin, to an account that may edit the record owning the
/// file, and to the uploader of a file no record owns yet (`media::may_remove`); a file
/// uploaded before records were kept only to the main admin. Refused with 403 and nothing
/// deleted otherwise; a removed file is marked removed.
async fn remove(state: &AppState, caller: &Caller, b: RemoveBody, image: bool) -> Reply {
    let module = module_of(Some(b.module_name))?;
    let file = b.file_name.trim();
    let kind = file.rsplit_once('.').and_then(|(_, e)| Kind::from_extension(e));
    let what = if image { "Image" } else { "Video" };
    if !storage::valid_file_name(file) || kind.map(Kind::is_image) != Some(image) {
        return Err(ApiError::validation(
            "fileName",
            &format!("Please give a valid {} file name", what.to_lowercase()),
        ));
    }
    let req = pb::MediaRef { file: file.to_string(), actor: Some(caller.to_pb()) };
    let found = call!(state.content().may_remove(req))?;
    let record = found.file.filter(|_| found.recorded);
    if let Some(f) = &record
        && (f.module != module || f.removed_at != 0)
    {
        return Err(ApiError::not_found(&format!("{what} not found")));
    }
    if !media::may_remove(&caller.principal, record.as_ref()) {
        return Err(ApiError::new(axum::http::StatusCode::FORBIDDEN, "FORBIDDEN", MAY_NOT_REMOVE));
    }
    let deleted = state.storage.delete(&storage::media_path(&module, file)).await?;
    if record.is_some() {
        // The file is gone (or was): its record says so. A failure here leaves a record of a
        // missing file, which the orphan sweep marks later once nothing owns it.
        if let Err(e) = call_unsent!(state.content().mark_removed(req)) {
            tracing::warn!(file, error = %e.message(), "a removed file could not be marked removed");
        }
    }
    if !deleted {
        return Err(ApiError::not_found(&format!("{what} not found")));
    }
    ok(&format!("{what} removed successfully"), Empty {})
}

async fn remove_image(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<RemoveBody>,
) -> Reply {
    remove(&state, &caller, b, true).await
}

async fn remove_video(
    State(state): State<AppState>,
    Extension(caller): Extension<Caller>,
    Body(b): Body<RemoveBody>,
) -> Reply {
    remove(&state, &caller, b, false).await
}

async fn serve(
    State(state): State<AppState>,
    Path((module, file)): Path<(String, String)>,
) -> Result<Response, ApiError> {
    let kind = file.rsplit_once('.').and_then(|(_, e)| Kind::from_extension(e));
    let (Some(kind), true, true) = (kind, storage::valid_module(&module), storage::valid_file_name(&file)) else {
        return Err(ApiError::not_found("File not found"));
    };
    let Some((stream, _, size)) = state.storage.get(&storage::media_path(&module, &file)).await? else {
        if module == storage::PLACEHOLDER_MODULE && file == storage::PLACEHOLDER_FILE {
            return Ok(media_answer(HttpBody::from(storage::PLACEHOLDER), kind, storage::PLACEHOLDER.len() as u64));
        }
        return Err(ApiError::not_found("File not found"));
    };
    Ok(media_answer(HttpBody::from_stream(stream), kind, size))
}

/// A media file's answer: its type, length, never sniffed, cached for good (names are never
/// reused), sandboxed.
fn media_answer(body: HttpBody, kind: Kind, size: u64) -> Response {
    let mut res = body.into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind.content_type()));
    h.insert(header::CONTENT_LENGTH, HeaderValue::from(size));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    // Names are never reused: a file never changes.
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'; sandbox"));
    res
}
