import { describe, expect, it } from 'vitest'
import { isAllowedLink, isRichTextEmpty, normalizeRichText, richTextToPlain, sanitizeHtml } from '../rich-text'

describe('isAllowedLink', () => {
  it('accepts http, https, mailto and tel', () => {
    for (const url of [
      'http://example.org',
      'https://example.org/a?b=c#d',
      'HTTPS://EXAMPLE.ORG',
      '  https://example.org  ',
      'mailto:info@example.org',
      'mailto:info@example.org?subject=Hi',
      'tel:+1-555-123-4567',
      'tel:(555) 123 4567',
    ]) {
      expect(isAllowedLink(url), url).toBe(true)
    }
  })

  it('refuses every other scheme, relative links and malformed addresses', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\nscript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:msgbox(1)',
      'ftp://example.org',
      'file:///etc/passwd',
      '//example.org',
      '/relative/path',
      'example.org',
      'http:example.org',
      'https://',
      'mailto:',
      'tel:call-me',
      '',
      null,
      undefined,
    ]) {
      expect(isAllowedLink(url as string), String(url)).toBe(false)
    }
  })
})

describe('sanitizeHtml', () => {
  it('keeps the formatting of the editor', () => {
    const html =
      '<p><b>Bold</b> <i>italic</i> <u>under</u> <strong>s</strong> <em>e</em></p><ul><li>one</li></ul><ol><li>two</li></ol><p>a<br>b</p>'
    expect(sanitizeHtml(html)).toBe(html)
  })

  it('keeps allowed links and drops other hrefs', () => {
    expect(sanitizeHtml('<a href="https://example.org">x</a>')).toBe('<a href="https://example.org">x</a>')
    expect(sanitizeHtml('<a href="mailto:a@b.org">m</a><a href="tel:+15551234567">t</a>')).toBe(
      '<a href="mailto:a@b.org">m</a><a href="tel:+15551234567">t</a>',
    )
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>')
    expect(sanitizeHtml('<a href="data:text/html,hi">x</a>')).toBe('<a>x</a>')
    expect(sanitizeHtml('<a href="https://e.org" target="_blank">x</a>')).toBe(
      '<a href="https://e.org" target="_blank" rel="noopener noreferrer">x</a>',
    )
  })

  it('drops scripts and styles with their content, and event, style and other attributes', () => {
    expect(sanitizeHtml('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>')
    expect(sanitizeHtml('<style>p{color:red}</style><p>a</p>')).toBe('<p>a</p>')
    expect(sanitizeHtml('<p onclick="alert(1)" style="color:red" class="x" id="y">a</p>')).toBe('<p>a</p>')
    expect(sanitizeHtml('<b onmouseover="x()">a</b>')).toBe('<b>a</b>')
    expect(sanitizeHtml('<img src="x" onerror="alert(1)">ok')).toBe('ok')
    expect(sanitizeHtml('<iframe src="https://e.org"></iframe><p>a</p>')).toBe('<p>a</p>')
    expect(sanitizeHtml('<svg><script>alert(1)</script></svg>t')).toBe('t')
    expect(sanitizeHtml('<!-- note --><p>a</p>')).toBe('<p>a</p>')
  })

  it('unwraps unknown elements and keeps their text', () => {
    expect(sanitizeHtml('<font color="red">red</font> <custom-tag>c</custom-tag>')).toBe('red c')
    expect(sanitizeHtml('<table><tr><td>cell</td></tr></table>')).toBe('cell')
  })

  it('handles empty input', () => {
    expect(sanitizeHtml('')).toBe('')
    expect(sanitizeHtml(null)).toBe('')
    expect(sanitizeHtml(undefined)).toBe('')
  })
})

describe('empty rich text', () => {
  it('text, emptiness and the normalised value', () => {
    expect(richTextToPlain('<p>Hello&nbsp;<b>world</b></p>')).toBe('Hello world')
    for (const html of ['', '<br>', '<p><br></p>', '<p>&nbsp;</p>', '<div> </div>', null]) {
      expect(isRichTextEmpty(html), String(html)).toBe(true)
      expect(normalizeRichText(html)).toBe('')
    }
    expect(isRichTextEmpty('<p>x</p>')).toBe(false)
    expect(normalizeRichText('<p onclick="x()">x</p>')).toBe('<p>x</p>')
  })
})
