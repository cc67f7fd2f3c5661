/**
 * Rich text shown read-only (mission, descriptions, content pages). The HTML is sanitised again
 * here (lib/rich-text.ts): only the editor's formatting and http, https, mailto and tel links.
 */
import { useMemo } from 'react'
import { sanitizeHtml } from '../lib/rich-text'

export function RichTextView({ html, empty = '-' }: { html: string | null | undefined; empty?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html])
  if (!clean) return <>{empty}</>
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: clean }} />
}
