/**
 * Media calls (bff/API.md, Media): upload and remove images and videos of a module.
 * Uploaded files are served at {mediaURL}/{moduleName}/{name} (see meta-data.ts).
 * The callers show failures themselves (next to the uploader), so the client stays silent.
 */
import { apiClient, type ApiEnvelope } from './api-client'

export interface UploadedFile {
  name: string
  moduleName: string
  url: string
}

async function upload(path: string, field: 'image' | 'video', file: Blob, moduleName: string): Promise<UploadedFile> {
  const form = new FormData()
  form.append(field, file)
  form.append('moduleName', moduleName)
  // FormData: the browser sets the multipart Content-Type and its boundary.
  const res = await apiClient.post<ApiEnvelope<UploadedFile>>(path, form, { skipErrorToast: true })
  return res.data.data
}

async function remove(path: string, moduleName: string, fileName: string): Promise<ApiEnvelope<unknown>> {
  const res = await apiClient.post<ApiEnvelope<unknown>>(path, { moduleName, fileName }, { skipErrorToast: true })
  return res.data
}

/** POST /local-image/uploadImage multipart { image, moduleName } -> { name, moduleName, url }. */
export function uploadImage(file: Blob, moduleName: string): Promise<UploadedFile> {
  return upload('/local-image/uploadImage', 'image', file, moduleName)
}

/** POST /local-image/uploadVideo multipart { video, moduleName } -> { name, moduleName, url }. */
export function uploadVideo(file: Blob, moduleName: string): Promise<UploadedFile> {
  return upload('/local-image/uploadVideo', 'video', file, moduleName)
}

/** POST /local-image/removeImage { moduleName, fileName }. */
export function removeImage(moduleName: string, fileName: string): Promise<ApiEnvelope<unknown>> {
  return remove('/local-image/removeImage', moduleName, fileName)
}

/** POST /local-image/removeVideo { moduleName, fileName }. */
export function removeVideo(moduleName: string, fileName: string): Promise<ApiEnvelope<unknown>> {
  return remove('/local-image/removeVideo', moduleName, fileName)
}
