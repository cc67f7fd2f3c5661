/** '&nbsp;' entities (and the non-breaking spaces they stand for) become plain spaces (SPEC section 5). */
export function withPlainSpaces(html: string): string {
  return html.replace(/&nbsp;/gi, ' ').replace(/\u00a0/g, ' ')
}
