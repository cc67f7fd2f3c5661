import type { RequestConfig } from './http'

/** Saves a downloaded file (a Blob) under a name, as the browser's download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Give the browser time to start the download before the address is released.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/**
 * The request client's `transformResponse` for binary downloads asked with `responseType: 'arraybuffer'`:
 * a success becomes a Blob of the answer's content type; a failure's JSON body is decoded, so
 * the request client reads its `message` and `code` as for any other call.
 */
export function binaryOrJson(fallbackType: string) {
  return (data: unknown, headers: Headers, status: number) => {
    const type = headers.get('content-type') ?? ''
    const ok = status >= 200 && status < 300
    if (ok && !type.includes('application/json')) {
      if (data instanceof Blob) return data
      if (isBinary(data)) return new Blob([data as ArrayBuffer], { type: type || fallbackType })
      return data
    }
    let text: string | null = null
    if (isBinary(data)) text = new TextDecoder().decode(data as ArrayBuffer)
    else if (typeof data === 'string') text = data
    if (text === null) return data
    try {
      return JSON.parse(text)
    } catch {
      return {}
    }
  }
}

/** An Excel sheet's content type. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** What a download's progress hears: the bytes received, and the size when the answer says it. */
export type OnDownloadProgress = (loaded: number, total?: number) => void

/**
 * The request options of a call whose answer is a file (an Excel sheet unless `type` says
 * otherwise): read as a Blob (binaryOrJson); `onProgress` hears the bytes received.
 */
export function fileAnswer(onProgress?: OnDownloadProgress, type = XLSX_TYPE): RequestConfig {
  return {
    responseType: 'arraybuffer',
    transformResponse: binaryOrJson(type),
    ...(onProgress && { onDownloadProgress: (e) => onProgress(e.loaded, e.total) }),
  }
}

/** An ArrayBuffer or a typed array (from any realm). */
function isBinary(data: unknown): boolean {
  return ArrayBuffer.isView(data) || Object.prototype.toString.call(data) === '[object ArrayBuffer]'
}

/**
 * What a running download shows: the percent when the answer's size is known, else the bytes
 * received so far (a streamed export has no length): 'Downloading 45%', 'Downloading 1.2 MB'.
 */
export function downloadProgressText(loaded: number, total?: number): string {
  if (total && total > 0) return `Downloading ${Math.min(100, Math.floor((loaded / total) * 100))}%`
  if (loaded <= 0) return 'Preparing file...'
  if (loaded < 1024 * 1024) return `Downloading ${Math.max(1, Math.round(loaded / 1024))} KB`
  return `Downloading ${(loaded / (1024 * 1024)).toFixed(1)} MB`
}
