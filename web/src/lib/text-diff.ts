/**
 * Line diff of two texts (longest common subsequence), for the revision panel: each line is
 * kept, added (only in the newer text) or removed (only in the older one). Rich text is first
 * turned into its text lines (one per paragraph, heading or list item).
 */

export type DiffKind = 'same' | 'added' | 'removed'

export interface DiffLine {
  kind: DiffKind
  text: string
}

/** Lines of `before` and `after` in order, each marked same, added or removed. */
export function diffLines(before: string[], after: string[]): DiffLine[] {
  const n = before.length
  const m = after.length
  // lcs[i][j]: length of the longest common subsequence of before[i..] and after[j..].
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0))
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = before[i] === after[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1])
    }
  }
  const out: DiffLine[] = []
  let i = 0
  let j = 0
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      out.push({ kind: 'same', text: before[i] })
      i++
      j++
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) {
      out.push({ kind: 'removed', text: before[i++] })
    } else {
      out.push({ kind: 'added', text: after[j++] })
    }
  }
  while (i < n) out.push({ kind: 'removed', text: before[i++] })
  while (j < m) out.push({ kind: 'added', text: after[j++] })
  return out
}

const BLOCKS = new Set(['P', 'DIV', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'TR'])

/** The text lines of rich text: one per block (paragraph, heading, list item) or line break; empty lines dropped. */
export function richTextLines(html: string | null | undefined): string[] {
  if (!html) return []
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
  const lines: string[] = []
  let current = ''
  const flush = () => {
    const line = current
      .replace(/\u00a0/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
    if (line) lines.push(line)
    current = ''
  }
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      current += node.textContent ?? ''
      return
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return
    const tag = (node as Element).tagName
    if (tag === 'BR') {
      flush()
      return
    }
    const block = BLOCKS.has(tag)
    if (block) flush()
    node.childNodes.forEach(walk)
    if (block) flush()
  }
  doc.body.childNodes.forEach(walk)
  flush()
  return lines
}

/**
 * A field of the page compared between two revisions. 'text': one line; 'rich': the text lines
 * of its HTML; 'list': one line per item (`line` writes an item that is not a string).
 */
export interface RevisionField {
  key: string
  label: string
  kind: 'text' | 'rich' | 'list'
  line?: (item: unknown) => string
  /** Reads the field from the document when it is not simply `document[key]`. */
  pick?: (document: Record<string, unknown>) => unknown
}

function linesOf(field: RevisionField, value: unknown): string[] {
  if (value === null || value === undefined) return []
  if (field.kind === 'rich') return richTextLines(String(value))
  if (field.kind === 'list') {
    const items = Array.isArray(value) ? value : []
    return items.map((item) => (field.line ? field.line(item) : String(item))).filter((line) => line !== '')
  }
  const text = String(value).trim()
  return text ? [text] : []
}

export interface FieldChange {
  field: RevisionField
  lines: DiffLine[]
}

/** The fields that differ between two documents, each with its line diff. */
export function changedFields(
  fields: RevisionField[],
  older: Record<string, unknown>,
  newer: Record<string, unknown>,
): FieldChange[] {
  const changes: FieldChange[] = []
  for (const field of fields) {
    const read = (doc: Record<string, unknown>) => (field.pick ? field.pick(doc) : doc[field.key])
    const lines = diffLines(linesOf(field, read(older)), linesOf(field, read(newer)))
    if (lines.some((l) => l.kind !== 'same')) changes.push({ field, lines })
  }
  return changes
}
