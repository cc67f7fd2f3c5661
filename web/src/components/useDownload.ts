/**
 * A download a screen starts (an Excel export): `start()` runs it once, `progress` says how far
 * it is ('Downloading 45%', lib/download.ts) while it runs, null otherwise. A failure has been
 * shown by the request client.
 */
import { useState } from 'react'
import { downloadProgressText, type OnDownloadProgress } from '../lib/download'

export interface Download {
  progress: string | null
  start: () => Promise<void>
}

export function useDownload(run: (onProgress: OnDownloadProgress) => Promise<void>): Download {
  const [progress, setProgress] = useState<string | null>(null)
  const start = async () => {
    setProgress(downloadProgressText(0))
    try {
      await run((loaded, total) => setProgress(downloadProgressText(loaded, total)))
    } catch {
      // The request client has shown the failure.
    } finally {
      setProgress(null)
    }
  }
  return { progress, start }
}
