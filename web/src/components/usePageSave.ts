/**
 * The save of a content page's edit screen (ContentPageCard): the update call once, the server's
 * message (or 'Success') as a toast and the page as the server now has it shown (`shown`); a
 * failure's field errors go to their fields (the request client has shown its message).
 */
import { useMutation } from '@tanstack/react-query'
import type { FormInstance } from 'antd'
import type { ApiEnvelope } from '../lib/api-client'
import { applyFieldErrors, type FieldPath } from '../lib/form-errors'
import { toast } from '../lib/toast'

export function usePageSave<P, B>({
  form,
  update,
  shown,
  serverFields,
}: {
  form: FormInstance
  update: (body: B) => Promise<ApiEnvelope<P>>
  shown: (page: P) => void
  /** Server field names that differ from the form's. */
  serverFields?: Record<string, FieldPath>
}) {
  return useMutation({
    mutationFn: update,
    onSuccess: (res) => {
      toast.success(res.message || 'Success')
      if (res.data) shown(res.data)
    },
    onError: (e) => applyFieldErrors(form, e, serverFields),
  })
}
