/**
 * The uploader behind ImageUploader and VideoUploader: picks (or drops) files, checks them
 * (lib/upload-rules.ts), uploads each one to the media service, shows the uploaded files with
 * Replace and Remove buttons, and reports the list of file names as its value.
 *
 * Removing a file uploaded in this visit also deletes it on the server. A file that came with
 * the value (a saved record) is only taken out of the list, unless `removeSavedFiles` is set:
 * the record still points to it until the form is saved, and Cancel must leave it intact.
 */
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react'
import { Button, Flex, Space, Spin } from 'antd'
import { Text } from './Text'
import { DeleteOutlined, SwapOutlined, UploadOutlined } from '@ant-design/icons'
import { errorMessage } from '../lib/api-client'
import { removeImage, removeVideo, uploadImage, uploadVideo } from '../lib/media'
import { mediaFileUrl, useMetaData } from '../lib/meta-data'
import {
  acceptAttribute,
  splitUploadFiles,
  DEFAULT_IMAGE_TYPES,
  DEFAULT_VIDEO_TYPES,
  readImageSize,
  uploadRuleMessage,
  type CandidateFile,
  type MediaKind,
  type UploadOptions,
} from '../lib/upload-rules'

export interface MediaUploaderProps extends UploadOptions {
  kind: MediaKind
  /** Module (folder) of the files on the server, e.g. 'charity'. */
  moduleName: string
  /** File names. */
  value?: string[]
  onChange?: (names: string[]) => void
  disabled?: boolean
  /** Set by Form.Item: the label points at the upload button. */
  id?: string
  /** Label of the upload button. */
  buttonLabel?: string
  /** Also delete saved files (those of the initial value) on the server when removed. */
  removeSavedFiles?: boolean
  /** Measures an image for the resolution rule (replaceable in tests). */
  measure?: (file: File) => Promise<{ width: number; height: number }>
  'aria-label'?: string
}

const THUMB = 104

/**
 * The file inputs are opened by the buttons only. Inline, because the `hidden` attribute loses
 * to antd's form styles (`input[type='file'] { display: block }`): inside a Form.Item both raw
 * 'Choose File' inputs showed above the button.
 */
const NOT_SHOWN = { display: 'none' } as const

export function MediaUploader({
  kind,
  moduleName,
  value,
  onChange,
  disabled = false,
  id,
  buttonLabel,
  removeSavedFiles = false,
  measure = readImageSize,
  'aria-label': ariaLabel,
  ...rules
}: MediaUploaderProps) {
  const meta = useMetaData()
  const names = value ?? []
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [dragging, setDragging] = useState(false)
  const addInput = useRef<HTMLInputElement>(null)
  const replaceInput = useRef<HTMLInputElement>(null)
  const replaceIndex = useRef<number | null>(null)
  /** Files uploaded by this uploader: removing one deletes it on the server. */
  const uploadedHere = useRef(new Set<string>())
  // Uploads finish later: they extend the value as it is then, not as it was when they began.
  const latest = useRef(names)
  const onChangeRef = useRef(onChange)
  useEffect(() => {
    latest.current = names
    onChangeRef.current = onChange
  })

  const upload = kind === 'video' ? uploadVideo : uploadImage
  const removeOnServer = kind === 'video' ? removeVideo : removeImage
  const accept = acceptAttribute(rules.acceptType ?? (kind === 'video' ? DEFAULT_VIDEO_TYPES : DEFAULT_IMAGE_TYPES))
  const noun = kind === 'video' ? 'video' : 'image'
  const full = rules.maxNumber !== undefined && names.length >= rules.maxNumber
  const locked = disabled || busy

  const emit = (next: string[]) => {
    latest.current = next
    onChangeRef.current?.(next)
  }

  const discard = (name: string) => {
    if (!uploadedHere.current.has(name) && !removeSavedFiles) return
    uploadedHere.current.delete(name)
    // The file is out of the list either way; a failed delete leaves an unused file behind.
    removeOnServer(moduleName, name).catch(() => {})
  }

  const candidates = async (files: File[]): Promise<CandidateFile[]> =>
    Promise.all(
      files.map(async (file) => {
        const candidate: CandidateFile = { name: file.name, size: file.size, type: file.type }
        if (kind === 'image' && rules.resolution) {
          try {
            Object.assign(candidate, await measure(file))
          } catch {
            // Unreadable: the resolution rule fails for it.
          }
        }
        return candidate
      }),
    )

  const addFiles = async (files: File[], replacing: number | null) => {
    if (files.length === 0 || locked) return
    setError(null)
    // One bad file refuses itself, not the others picked with it: the good ones are uploaded and
    // the message names the refused ones (all refused: the message alone, as for one file).
    const checked = await candidates(files)
    const { accepted, refused } = splitUploadFiles(kind, latest.current.length, checked, rules, replacing !== null)
    if (refused.length > 0) {
      const message = uploadRuleMessage(refused[0].rule, kind, rules)
      setError(accepted.length > 0 ? `${message} (${refused.map((r) => r.file.name).join(', ')})` : message)
    }
    const keep = files.filter((_, i) => accepted.includes(checked[i]))
    if (keep.length === 0) return
    setBusy(true)
    const added: string[] = []
    try {
      for (const file of keep) {
        const saved = await upload(file, moduleName)
        uploadedHere.current.add(saved.name)
        added.push(saved.name)
      }
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setBusy(false)
    }
    if (added.length === 0) return
    const current = latest.current
    if (replacing !== null && replacing < current.length) {
      const next = [...current]
      const [old] = next.splice(replacing, 1, ...added)
      emit(next)
      discard(old)
    } else {
      emit([...current, ...added])
    }
  }

  const remove = (index: number) => {
    const current = latest.current
    const name = current[index]
    if (name === undefined) return
    setError(null)
    emit(current.filter((_, i) => i !== index))
    discard(name)
  }

  const onPicked = (input: HTMLInputElement, replacing: number | null) => {
    const files = Array.from(input.files ?? [])
    // Picking the same file again must fire another change.
    input.value = ''
    void addFiles(files, replacing)
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    if (locked || full) return
    void addFiles(Array.from(event.dataTransfer.files ?? []), null)
  }

  const preview = (name: string): ReactNode => {
    const src = mediaFileUrl(meta, moduleName, name)
    return kind === 'video' ? (
      <video
        src={src}
        controls
        preload="metadata"
        aria-label={name}
        style={{ width: 220, maxHeight: 160, borderRadius: 6 }}
      />
    ) : (
      <img src={src} alt={name} style={{ width: THUMB, height: THUMB, objectFit: 'cover', borderRadius: 6 }} />
    )
  }

  return (
    <div
      aria-label={ariaLabel}
      role="group"
      onDragOver={(e) => {
        e.preventDefault()
        if (!locked && !full) setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      style={{
        border: `1px dashed ${dragging ? '#1f6f5c' : '#d9d9d9'}`,
        borderRadius: 8,
        padding: 12,
        background: dragging ? 'rgba(31,111,92,0.04)' : undefined,
      }}
    >
      <input
        ref={addInput}
        type="file"
        style={NOT_SHOWN}
        accept={accept}
        multiple={rules.maxNumber !== 1}
        aria-label={`Choose ${noun}s`}
        onChange={(e) => onPicked(e.currentTarget, null)}
      />
      <input
        ref={replaceInput}
        type="file"
        style={NOT_SHOWN}
        accept={accept}
        aria-label={`Choose replacement ${noun}`}
        onChange={(e) => onPicked(e.currentTarget, replaceIndex.current)}
      />
      <Space orientation="vertical" size="small" style={{ width: '100%' }}>
        <Flex gap={8} align="center" wrap>
          <Button id={id} icon={<UploadOutlined />} disabled={locked || full} onClick={() => addInput.current?.click()}>
            {buttonLabel ?? (kind === 'video' ? 'Upload Video' : 'Upload Image')}
          </Button>
          {busy && <Spin size="small" aria-label="Uploading" />}
          {rules.maxNumber !== undefined && (
            <Text type="secondary">
              {names.length} / {rules.maxNumber}
            </Text>
          )}
        </Flex>
        {names.length > 0 && (
          <Flex gap={12} wrap role="list" aria-label={kind === 'video' ? 'Uploaded videos' : 'Uploaded images'}>
            {names.map((name, index) => (
              <div
                key={`${name}-${index}`}
                role="listitem"
                style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
              >
                {preview(name)}
                <Space size={4}>
                  <Button
                    size="small"
                    icon={<SwapOutlined />}
                    aria-label={`Replace ${name}`}
                    title="Replace"
                    disabled={locked}
                    onClick={() => {
                      replaceIndex.current = index
                      replaceInput.current?.click()
                    }}
                  />
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Remove ${name}`}
                    title="Remove"
                    disabled={locked}
                    onClick={() => remove(index)}
                  />
                </Space>
              </div>
            ))}
          </Flex>
        )}
        {error && (
          <Text type="danger" role="alert">
            {error}
          </Text>
        )}
      </Space>
    </div>
  )
}
