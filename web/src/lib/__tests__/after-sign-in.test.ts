import { describe, expect, it } from 'vitest'
import { afterSignInPath } from '../navigation'

const SIGN_IN = ['/signin', '/charity-signin']

describe('afterSignInPath', () => {
  it('continues to the console path asked for, with its query', () => {
    expect(afterSignInPath({ from: '/donor/donor_view/d1?tab=2' }, SIGN_IN)).toBe('/donor/donor_view/d1?tab=2')
  })

  it('never leaves the site, never back to a sign-in page', () => {
    for (const from of [
      '//evil.example',
      'https://evil.example/x',
      '/\\evil.example',
      'donor',
      '/signin',
      '/charity-signin?x=1',
      '/',
      1,
    ]) {
      expect(afterSignInPath({ from }, SIGN_IN)).toBeUndefined()
    }
    expect(afterSignInPath(null, SIGN_IN)).toBeUndefined()
  })
})
