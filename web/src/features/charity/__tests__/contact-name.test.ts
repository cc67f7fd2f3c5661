import { describe, expect, it } from 'vitest'
import { splitContactName } from '../contact-name'

describe('splitContactName', () => {
  it.each([
    ['JANE DOE', 'Jane', 'Doe'],
    ['% JANE DOE', 'Jane', 'Doe'],
    ['JOHN Q PUBLIC', 'John Q', 'Public'],
    ['C/O MARY SMITH', 'Mary', 'Smith'],
    ["ATTN DR SEAN O'BRIEN", 'Sean', "O'Brien"],
    ['JOHN DOE JR', 'John', 'Doe Jr'],
    ['JOHN DOE, JR.', 'John', 'Doe Jr.'],
    ['HENRY FORD III', 'Henry', 'Ford III'],
    ['DOE, JANE', 'Jane', 'Doe'],
    ['MARY-JANE WATSON TREAS', 'Mary-Jane', 'Watson'],
    ['JANE DOE, TREASURER', 'Jane', 'Doe'],
    ['Jane van der Berg', 'Jane', 'van der Berg'],
    ['MARIA DE LA CRUZ', 'Maria', 'De La Cruz'],
    ['MADONNA', 'Madonna', ''],
    ['  ', '', ''],
  ])('%s -> %s / %s', (text, first, last) => {
    expect(splitContactName(text)).toEqual({ first, last })
  })

  it('keeps a name that is not all capitals as written', () => {
    expect(splitContactName('Ann McBride')).toEqual({ first: 'Ann', last: 'McBride' })
  })

  it('has nothing to split without a name', () => {
    expect(splitContactName(undefined)).toEqual({ first: '', last: '' })
  })
})
