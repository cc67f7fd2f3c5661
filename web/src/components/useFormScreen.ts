/**
 * The state of a record's add and edit screen, shown by FormScreen (FormScreen.tsx, which says
 * what it does). `useRecordScreen` is the record and the way back alone (a details screen).
 */
import { useLayoutEffect, useRef } from 'react'
import { useMutation, type UseMutationResult, type QueryKey } from '@tanstack/react-query'
import type { FormInstance } from 'antd'
import { useLocation, useNavigate } from 'react-router'
import { applyFieldErrors, type FieldPath } from '../lib/form-errors'
import { canGoBack } from '../lib/navigation'
import { useRecord, useRefresh } from '../lib/query'
import { toast } from '../lib/toast'

export interface RecordScreenOptions<T> {
  /** Where Back and Cancel go without history in the console, and Back after a failed load. */
  listPath: string
  /** The record's cache key (its area first, e.g. `['donor', id]`); null when there is none to load (an add form). */
  recordKey: QueryKey | null
  load: () => Promise<T>
}

export interface RecordScreen<T> {
  record: T | null
  /** The server's message when the record could not be loaded. */
  error: string | null
  loading: boolean
  /** Back in the console's history when there is some, else to the list. */
  back: () => void
  /** To the list. */
  toList: () => void
}

/** The record of a details or form screen, and its way back. */
export function useRecordScreen<T>({ listPath, recordKey, load }: RecordScreenOptions<T>): RecordScreen<T> {
  const navigate = useNavigate()
  const { key: locationKey } = useLocation()
  const { value: record, error, loading } = useRecord(recordKey, load)
  return {
    record,
    error,
    loading,
    back: () => (canGoBack(locationKey) ? void navigate(-1) : void navigate(listPath)),
    toList: () => void navigate(listPath),
  }
}

/** What a save answers: the server's message is shown. */
export interface Saved {
  message?: string
}

export interface FormScreenOptions<T, V, B, R extends Saved> extends RecordScreenOptions<T> {
  form: FormInstance<V>
  /** The form's values of the loaded record (set before the browser paints). */
  valuesOf?: (record: T) => Parameters<FormInstance<V>['setFieldsValue']>[0]
  /** The create or update call. */
  save: (body: B) => Promise<R>
  /** The areas refreshed after a save, failed or not (lib/query `useRefresh`). */
  refresh: readonly string[]
  /** Server field names that differ from the form's (lib/form-errors `applyFieldErrors`). */
  serverFields?: Record<string, FieldPath>
  /** The toast of a save: the server's message, or 'Success'. */
  savedMessage?: (res: R, record: T | null) => string
  /** Where a save goes: the list. */
  savedPath?: (record: T | null) => string
}

/** The calls of an area's records: load one, create one, update one. */
export interface RecordCalls<T, B, R> {
  get: (id: string) => Promise<T>
  create: (body: B) => Promise<R>
  update: (id: string, body: B) => Promise<R>
}

/**
 * The options of a screen that edits the record `id` of an area, or adds one (no id): the
 * record's cache key and load, the update or create call, and the area refreshed after a save.
 */
export function recordCalls<T, B, R>(area: string, id: string | undefined, calls: RecordCalls<T, B, R>) {
  return {
    recordKey: id ? [area, id] : null,
    load: () => calls.get(id ?? ''),
    save: (body: B) => (id ? calls.update(id, body) : calls.create(body)),
    refresh: [area],
  }
}

export interface FormScreenState<T, B, R> extends RecordScreen<T> {
  save: UseMutationResult<R, unknown, B>
}

const serverMessage = (res: Saved) => res.message || 'Success'

export function useFormScreen<T, V, B, R extends Saved>(
  options: FormScreenOptions<T, V, B, R>,
): FormScreenState<T, B, R> {
  const { form, valuesOf, save, refresh, serverFields, savedMessage = serverMessage, savedPath, listPath } = options
  const navigate = useNavigate()
  const screen = useRecordScreen(options)
  const refreshAreas = useRefresh(...refresh)

  // The form starts from the record once it is there (before the browser paints it); a
  // `valuesOf` written inline does not fill it again at each render.
  const fill = useRef(valuesOf)
  useLayoutEffect(() => {
    fill.current = valuesOf
  })
  const { record } = screen
  useLayoutEffect(() => {
    if (record && fill.current) form.setFieldsValue(fill.current(record))
  }, [record, form])

  const mutation = useMutation({
    mutationFn: save,
    onSuccess: (res: R) => {
      toast.success(savedMessage(res, record))
      void navigate(savedPath ? savedPath(record) : listPath)
    },
    // The request client has shown the server's message; field errors go to their fields.
    onError: (e) => applyFieldErrors(form, e, serverFields),
    onSettled: () => void refreshAreas(),
  })
  return { ...screen, save: mutation }
}
