/**
 * The contact of an imported nonprofit comes from the IRS file's "in care of" text ('JANE DOE',
 * 'C/O JOHN Q PUBLIC JR', 'DOE, JANE', 'MARY SMITH TREAS'), stored whole as the admin's first
 * name. The form offers it split: the last word is the last name (with a Jr/Sr/II suffix and
 * particles such as 'van der'), the words before it the first name; 'Last, First' is read as
 * such; 'C/O', 'ATTN', a leading title and a trailing office are dropped; an all-capitals name
 * is written as a name.
 */

export interface ContactName {
  first: string
  last: string
}

const LEADING = new Set(['C/O', 'CO', 'ATTN', 'ATTN:', 'ATTENTION', 'MR', 'MRS', 'MS', 'MISS', 'DR', 'REV'])
const SUFFIXES = new Set(['JR', 'SR', 'II', 'III', 'IV'])
/** Words that belong to the last name after them ('van der Berg', 'de la Cruz'). */
const PARTICLES = new Set(['VAN', 'VON', 'DER', 'DEN', 'DE', 'DA', 'DI', 'DEL', 'LA', 'LE', 'DU', 'ST'])
const OFFICES = new Set([
  'TREAS',
  'TREASURER',
  'PRES',
  'PRESIDENT',
  'SEC',
  'SECY',
  'SECRETARY',
  'DIR',
  'DIRECTOR',
  'CHAIR',
  'CHAIRMAN',
  'TTEE',
  'TRUSTEE',
  'CEO',
  'CFO',
])

/** The word as it is looked up: upper case, without a trailing '.' or ','. */
const key = (word: string) => word.toUpperCase().replace(/[.,]+$/, '')

/** 'O'BRIEN' -> 'O'Brien', 'MARY-JANE' -> 'Mary-Jane'; Roman-numeral suffixes stay as they are. */
function nameCase(word: string): string {
  if (/^(II|III|IV)\.?$/.test(word)) return word
  return word
    .toLowerCase()
    .replace(/(^|[-'’])(\p{L})/gu, (_, mark: string, letter: string) => mark + letter.toUpperCase())
}

/** Drops a leading 'C/O', 'ATTN' or title and a trailing office, keeping at least one word. */
function bare(words: string[]): string[] {
  const rest = [...words]
  while (rest.length > 1 && LEADING.has(key(rest[0]))) rest.shift()
  while (rest.length > 1 && OFFICES.has(key(rest[rest.length - 1]))) rest.pop()
  return rest
}

const wordsOf = (text: string) => text.split(' ').filter(Boolean)

/** Splits a whole contact name into first and last name. */
export function splitContactName(text: string | null | undefined): ContactName {
  const whole = (text ?? '')
    .replace(/^\s*%\s*/, '')
    .replace(/\s+/g, ' ')
    .trim()
  const shouting = !/\p{Ll}/u.test(whole)
  const written = (words: string[]) => (shouting ? words.map(nameCase) : words).join(' ')

  // 'DOE, JANE' (but not 'JOHN DOE, JR' nor 'JANE DOE, TREAS').
  const [before, ...after] = whole.split(',')
  const firstNames = wordsOf(after.join(' '))
  if (firstNames.length > 0 && !SUFFIXES.has(key(firstNames[0])) && !OFFICES.has(key(firstNames[0]))) {
    return { first: written(bare(firstNames)), last: written(bare(wordsOf(before))) }
  }

  const words = bare(wordsOf(whole.replace(/,/g, ' ')))
  if (words.length < 2) return { first: written(words), last: '' }
  let lastCount = words.length > 2 && SUFFIXES.has(key(words[words.length - 1])) ? 2 : 1
  while (lastCount < words.length - 1 && PARTICLES.has(key(words[words.length - lastCount - 1]))) lastCount++
  return { first: written(words.slice(0, -lastCount)), last: written(words.slice(-lastCount)) }
}
