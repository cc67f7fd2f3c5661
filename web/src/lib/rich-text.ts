/**
 * Rich text of the console's editor: which links are allowed (http, https, mailto and tel
 * only, SPEC section 5) and an allow-list sanitiser for the HTML it produces or receives.
 */

const ALLOWED_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:']

export const LINK_NOT_ALLOWED_MESSAGE = 'Only http, https, mailto and tel links are allowed'

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

/** Whether a link target is allowed: an absolute http, https, mailto or tel address. */
export function isAllowedLink(url: string | null | undefined): boolean {
  if (typeof url !== 'string') return false
  const text = url.trim()
  // Control characters inside the scheme are how 'java\nscript:' slips through.
  if (text === '' || hasControlCharacter(text)) return false
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase()
  if (!scheme || !ALLOWED_SCHEMES.includes(`${scheme}:`)) return false
  const rest = text.slice(scheme.length + 1)
  if (scheme === 'http' || scheme === 'https') {
    if (!rest.startsWith('//')) return false
    try {
      return new URL(text).hostname !== ''
    } catch {
      return false
    }
  }
  if (scheme === 'tel') return /^\+?[0-9(][0-9()\-. ]*$/.test(rest)
  // mailto: an address (or query) without spaces.
  return rest !== '' && !/\s/.test(rest)
}

/** Elements kept (their disallowed attributes removed). */
const ALLOWED_TAGS = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'u',
  'ul',
])

/** Elements dropped with everything inside them. Any other element is unwrapped (its content kept). */
const DROPPED_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'noscript',
  'template',
  'head',
  'title',
  'meta',
  'link',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'svg',
  'math',
  'canvas',
  'audio',
  'video',
  'source',
  'track',
  'img',
  'picture',
])

/** Attributes kept per element; every other attribute (on*, style, class, id, ...) is removed. */
const ALLOWED_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'target', 'title'],
}

function cleanElement(el: Element): void {
  const tag = el.tagName.toLowerCase()
  const keep = ALLOWED_ATTRIBUTES[tag] ?? []
  for (const attr of Array.from(el.attributes)) {
    if (!keep.includes(attr.name.toLowerCase())) el.removeAttribute(attr.name)
  }
  if (tag === 'a') {
    const href = el.getAttribute('href')
    if (href !== null && !isAllowedLink(href)) el.removeAttribute('href')
    if (el.getAttribute('target') === '_blank') el.setAttribute('rel', 'noopener noreferrer')
    else el.removeAttribute('target')
  }
}

function cleanChildren(parent: Node): void {
  for (const node of Array.from(parent.childNodes)) {
    if (node.nodeType === Node.COMMENT_NODE || node.nodeType === Node.PROCESSING_INSTRUCTION_NODE) {
      node.remove()
      continue
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue
    const el = node as Element
    const tag = el.tagName.toLowerCase()
    if (DROPPED_TAGS.has(tag)) {
      el.remove()
      continue
    }
    cleanChildren(el)
    if (ALLOWED_TAGS.has(tag)) {
      cleanElement(el)
    } else {
      el.replaceWith(...Array.from(el.childNodes))
    }
  }
}

/**
 * Keeps the formatting the editor produces (paragraphs, bold, italic, underline, lists, links,
 * headings) and drops everything else: scripts and styles with their content, event handler and
 * style attributes, and link targets other than http, https, mailto and tel.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return ''
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
  cleanChildren(doc.body)
  return doc.body.innerHTML
}

/** The visible text of rich text (tags removed, entities decoded, spaces collapsed). */
export function richTextToPlain(html: string | null | undefined): string {
  if (!html) return ''
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html')
  return (doc.body.textContent ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Whether rich text shows nothing (e.g. '', '<br>', '<p><br></p>', '<p>&nbsp;</p>'). */
export function isRichTextEmpty(html: string | null | undefined): boolean {
  return richTextToPlain(html) === ''
}

/** The editor's value: '' for empty content, otherwise the sanitised HTML. */
export function normalizeRichText(html: string | null | undefined): string {
  return isRichTextEmpty(html) ? '' : sanitizeHtml(html)
}
