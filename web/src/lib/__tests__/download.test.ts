import { describe, expect, it } from 'vitest'
import { downloadProgressText } from '../download'

describe('downloadProgressText', () => {
  it('says the percent when the size is known', () => {
    expect(downloadProgressText(450, 1000)).toBe('Downloading 45%')
    expect(downloadProgressText(1000, 1000)).toBe('Downloading 100%')
  })

  it('says the bytes received of a streamed answer', () => {
    expect(downloadProgressText(0)).toBe('Preparing file...')
    expect(downloadProgressText(10)).toBe('Downloading 1 KB')
    expect(downloadProgressText(300 * 1024)).toBe('Downloading 300 KB')
    expect(downloadProgressText(1.25 * 1024 * 1024, 0)).toBe('Downloading 1.3 MB')
  })
})
