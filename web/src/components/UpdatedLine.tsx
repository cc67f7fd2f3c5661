import { Paragraph } from './Text'
import { formatDate } from '../lib/format'
import type { RevisionFields } from '../lib/revisions'

/** 'Last saved {when} by {who} (revision #n)', or 'Not saved yet' before the first save. */
export function UpdatedLine({ page }: { page: RevisionFields }) {
  return (
    <Paragraph type="secondary" style={{ fontSize: 13 }} aria-label="Last saved">
      {page.revision > 0 && page.updatedAt
        ? `Last saved ${formatDate(page.updatedAt)}${page.updatedBy ? ` by ${page.updatedBy}` : ''} (revision #${page.revision})`
        : 'Not saved yet'}
    </Paragraph>
  )
}
