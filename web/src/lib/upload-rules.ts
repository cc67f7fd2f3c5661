/**
 * Upload checks of the image and video uploaders (SPEC section 5), as pure functions.
 *
 * Order: maximum count (existing plus new; one extra allowed when replacing a file), must be an
 * image (or a video) unless other types are allowed, extension in the accepted list
 * (case-insensitive), maximum size, optional resolution. The first failing rule is reported
 * by name: 'maxNumber', 'acceptType', 'maxFileSize' or 'resolution'.
 */

export type UploadRule = 'maxNumber' | 'acceptType' | 'maxFileSize' | 'resolution'

export type MediaKind = 'image' | 'video'

/** Image types the console accepts (SPEC section 5). */
export const DEFAULT_IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'jp2', 'jpx', 'jpm', 'tiff']
/** 2,000,000 bytes (SPEC section 9). */
export const MAX_IMAGE_BYTES = 2_000_000
/** Video types the BFF accepts (bff/API.md, Media). */
export const DEFAULT_VIDEO_TYPES = ['mp4', 'webm', 'mov', 'mkv', 'avi', 'mpeg']
/** 100 MB (bff/API.md, Media). */
export const MAX_VIDEO_BYTES = 100_000_000

export interface Resolution {
  /** absolute: exactly width x height; ratio: the same aspect; less: both at most; more: both at least. */
  type: 'absolute' | 'ratio' | 'less' | 'more'
  width: number
  height: number
}

export interface UploadOptions {
  /** Most files the field holds; unlimited when absent. */
  maxNumber?: number
  /** Accepted extensions without the dot; defaults to the kind's list. */
  acceptType?: string[]
  /** Largest file in bytes; defaults to the kind's limit. */
  maxFileSize?: number
  /** Size rule, checked on the pixel size of each file (images only). */
  resolution?: Resolution
  /** Accepts files that are not of the kind (e.g. pdf beside images): only the extension counts. */
  allowNonImageType?: boolean
}

/** What the checks need to know of one file. */
export interface CandidateFile {
  name: string
  size: number
  /** MIME type reported by the browser ('' when unknown). */
  type: string
  /** Pixel size, measured when a resolution rule applies. */
  width?: number
  height?: number
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

function defaultTypes(kind: MediaKind): string[] {
  return kind === 'video' ? DEFAULT_VIDEO_TYPES : DEFAULT_IMAGE_TYPES
}

function defaultMaxSize(kind: MediaKind): number {
  return kind === 'video' ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES
}

/**
 * Whether a file is of the kind: its MIME type says so, or the browser gave no type and the
 * extension is one of the kind's (some systems report no type for jp2/jpx/jpm or mkv).
 */
export function isOfKind(file: Pick<CandidateFile, 'name' | 'type'>, kind: MediaKind): boolean {
  if (file.type) return file.type.toLowerCase().startsWith(`${kind}/`)
  return defaultTypes(kind).includes(extensionOf(file.name))
}

/** Whether the total count fits: existing plus new, one extra while replacing a file. */
export function fitsMaxNumber(
  existingCount: number,
  newCount: number,
  maxNumber: number | undefined,
  replacing = false,
): boolean {
  if (maxNumber === undefined || maxNumber === null) return true
  const total = existingCount + newCount
  return total <= (replacing ? maxNumber + 1 : maxNumber)
}

/** Whether a pixel size meets the resolution rule. */
export function meetsResolution(width: number, height: number, rule: Resolution): boolean {
  switch (rule.type) {
    case 'absolute':
      return width === rule.width && height === rule.height
    case 'ratio':
      // Compare cross products: no rounding of fractional ratios.
      return width * rule.height === height * rule.width
    case 'less':
      return width <= rule.width && height <= rule.height
    case 'more':
      return width >= rule.width && height >= rule.height
    default:
      return true
  }
}

/** The first rule one file breaks (type, extension, size, resolution), or null. */
export function fileRule(kind: MediaKind, file: CandidateFile, options: UploadOptions = {}): UploadRule | null {
  const accepted = (options.acceptType ?? defaultTypes(kind)).map((t) => t.toLowerCase().replace(/^\./, ''))
  const maxSize = options.maxFileSize ?? defaultMaxSize(kind)
  if (!options.allowNonImageType && !isOfKind(file, kind)) return 'acceptType'
  if (!accepted.includes(extensionOf(file.name))) return 'acceptType'
  if (file.size > maxSize) return 'maxFileSize'
  if (options.resolution && (file.width === undefined || file.height === undefined)) return 'resolution'
  if (options.resolution && !meetsResolution(file.width ?? 0, file.height ?? 0, options.resolution)) return 'resolution'
  return null
}

/** The first rule the files break, or null when they may be uploaded. */
export function checkUploadFiles(
  kind: MediaKind,
  existingCount: number,
  files: CandidateFile[],
  options: UploadOptions = {},
  replacing = false,
): UploadRule | null {
  if (!fitsMaxNumber(existingCount, files.length, options.maxNumber, replacing)) return 'maxNumber'
  for (const file of files) {
    const rule = fileRule(kind, file, options)
    if (rule) return rule
  }
  return null
}

/**
 * The files picked together, split: those that may be uploaded, and each refused one with the
 * rule it breaks (one bad file does not refuse the good ones). The count rule is the whole
 * pick's: when it breaks, every file is refused with it.
 */
export function splitUploadFiles<F extends CandidateFile>(
  kind: MediaKind,
  existingCount: number,
  files: F[],
  options: UploadOptions = {},
  replacing = false,
): { accepted: F[]; refused: { file: F; rule: UploadRule }[] } {
  if (!fitsMaxNumber(existingCount, files.length, options.maxNumber, replacing)) {
    return { accepted: [], refused: files.map((file) => ({ file, rule: 'maxNumber' as const })) }
  }
  const accepted: F[] = []
  const refused: { file: F; rule: UploadRule }[] = []
  for (const file of files) {
    const rule = fileRule(kind, file, options)
    if (rule) refused.push({ file, rule })
    else accepted.push(file)
  }
  return { accepted, refused }
}

/** The image uploader's checks (SPEC section 5). */
export function checkImageFiles(
  existingCount: number,
  files: CandidateFile[],
  options: UploadOptions = {},
  replacing = false,
): UploadRule | null {
  return checkUploadFiles('image', existingCount, files, options, replacing)
}

/** The video uploader's checks (no resolution rule). */
export function checkVideoFiles(
  existingCount: number,
  files: CandidateFile[],
  options: Omit<UploadOptions, 'resolution'> = {},
  replacing = false,
): UploadRule | null {
  return checkUploadFiles('video', existingCount, files, options, replacing)
}

/** 'a, b and c' */
function listText(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

/** Megabytes as the console writes them: 2000000 -> '2', 1500000 -> '1.5'. */
function megabytes(bytes: number): string {
  return String(Math.round((bytes / 1_000_000) * 100) / 100)
}

/** The message shown for a failed rule. */
export function uploadRuleMessage(rule: UploadRule, kind: MediaKind, options: UploadOptions = {}): string {
  const noun = kind === 'video' ? 'video' : 'image'
  const Noun = kind === 'video' ? 'Video' : 'Image'
  switch (rule) {
    case 'maxNumber': {
      const max = options.maxNumber ?? 0
      return `You can upload at most ${max} ${max === 1 ? noun : `${noun}s`}`
    }
    case 'acceptType': {
      const types = options.acceptType ?? defaultTypes(kind)
      const what = options.allowNonImageType ? 'files' : `${noun}s`
      return `Only ${listText(types.map((t) => t.toLowerCase()))} ${what} are allowed`
    }
    case 'maxFileSize':
      return `${Noun} size should be less than ${megabytes(options.maxFileSize ?? defaultMaxSize(kind))} mb`
    case 'resolution': {
      const r = options.resolution
      if (!r) return 'Image size is not allowed'
      if (r.type === 'absolute') return `Image must be exactly ${r.width} x ${r.height} pixels`
      if (r.type === 'ratio') return `Image must have a ${r.width}:${r.height} aspect ratio`
      if (r.type === 'less') return `Image must be at most ${r.width} x ${r.height} pixels`
      return `Image must be at least ${r.width} x ${r.height} pixels`
    }
  }
}

/** The accept attribute of a file input: '.png,.jpg,...'. */
export function acceptAttribute(types: string[]): string {
  return types.map((t) => `.${t.toLowerCase().replace(/^\./, '')}`).join(',')
}

/** Reads the pixel size of an image file in the browser (for the resolution rule). */
export function readImageSize(file: Blob): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file)
    const img = new Image()
    img.onload = () => {
      URL.revokeObjectURL(url)
      resolve({ width: img.naturalWidth, height: img.naturalHeight })
    }
    img.onerror = () => {
      URL.revokeObjectURL(url)
      reject(new Error('The image could not be read'))
    }
    img.src = url
  })
}
