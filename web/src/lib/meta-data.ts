/**
 * Site metadata (GET /auth/metaData: mediaURL, placeholder), loaded once and shared.
 * Media files live at {mediaURL}/{moduleName}/{fileName}.
 */
import { useEffect, useState } from 'react'
import { apiClient, type ApiEnvelope } from './api-client'

export interface MetaData {
  /** Base address of uploaded files, e.g. 'https://host/media'. */
  mediaURL: string
  /** File name of the placeholder image. */
  placeholder: string
}

export const META_DATA_PATH = '/auth/metaData'

let loaded: MetaData | null = null
let pending: Promise<MetaData> | null = null

/** Loads the metadata once; concurrent callers share the call; a failure is retried next time. */
export function loadMetaData(): Promise<MetaData> {
  if (loaded) return Promise.resolve(loaded)
  if (!pending) {
    pending = apiClient
      .get<ApiEnvelope<MetaData>>(META_DATA_PATH, { skipErrorToast: true })
      .then((res) => {
        const data = res.data.data ?? { mediaURL: '', placeholder: '' }
        loaded = { mediaURL: data.mediaURL ?? '', placeholder: data.placeholder ?? '' }
        return loaded
      })
      .finally(() => {
        pending = null
      })
  }
  return pending
}

/** The metadata once loaded (null until then, or when the call failed). */
export function useMetaData(): MetaData | null {
  const [meta, setMeta] = useState<MetaData | null>(loaded)
  useEffect(() => {
    if (meta) return
    let active = true
    loadMetaData()
      .then((found) => active && setMeta(found))
      .catch(() => {
        // Thumbnails fall back to the served media path (mediaFileUrl without a base).
      })
    return () => {
      active = false
    }
  }, [meta])
  return meta
}

/** Media path served by the BFF when no metadata is known: '/media'. */
export const DEFAULT_MEDIA_BASE = `${(import.meta.env.VITE_API_BASE_URL as string | undefined) ?? ''}/media`

/** {mediaURL}/{moduleName}/{fileName}; '' without a file name. */
export function mediaFileUrl(meta: MetaData | null, moduleName: string, fileName: string | null | undefined): string {
  if (!fileName) return ''
  const base = (meta?.mediaURL || DEFAULT_MEDIA_BASE).replace(/\/+$/, '')
  return `${base}/${encodeURIComponent(moduleName)}/${encodeURIComponent(fileName)}`
}

/** Forgets the loaded metadata (tests). */
export function resetMetaData(): void {
  loaded = null
  pending = null
}
