import { describe, expect, it } from 'vitest'
import {
  acceptAttribute,
  checkImageFiles,
  checkVideoFiles,
  extensionOf,
  fitsMaxNumber,
  isOfKind,
  meetsResolution,
  splitUploadFiles,
  uploadRuleMessage,
  type CandidateFile,
} from '../upload-rules'

const png = (over: Partial<CandidateFile> = {}): CandidateFile => ({
  name: 'logo.png',
  size: 1000,
  type: 'image/png',
  ...over,
})

describe('checkImageFiles', () => {
  it('accepts the default image types within 2,000,000 bytes', () => {
    for (const ext of ['png', 'jpg', 'jpeg', 'jp2', 'jpx', 'jpm', 'tiff']) {
      expect(checkImageFiles(0, [png({ name: `a.${ext}`, type: `image/${ext}` })]), ext).toBeNull()
    }
    expect(checkImageFiles(0, [png({ size: 2_000_000 })])).toBeNull()
  })

  it('maxNumber counts existing plus new files, with one extra when replacing', () => {
    expect(checkImageFiles(1, [png()], { maxNumber: 2 })).toBeNull()
    expect(checkImageFiles(2, [png()], { maxNumber: 2 })).toBe('maxNumber')
    expect(checkImageFiles(0, [png(), png(), png()], { maxNumber: 2 })).toBe('maxNumber')
    expect(checkImageFiles(2, [png()], { maxNumber: 2 }, true)).toBeNull()
    expect(checkImageFiles(2, [png(), png()], { maxNumber: 2 }, true)).toBe('maxNumber')
    expect(checkImageFiles(1, [png()], { maxNumber: 1 }, true)).toBeNull()
    expect(checkImageFiles(50, [png()])).toBeNull()
  })

  it('must be an image unless other types are allowed', () => {
    const pdf = png({ name: 'report.pdf', type: 'application/pdf' })
    expect(checkImageFiles(0, [pdf])).toBe('acceptType')
    expect(checkImageFiles(0, [pdf], { acceptType: ['pdf'] })).toBe('acceptType')
    expect(checkImageFiles(0, [pdf], { acceptType: ['pdf', 'png'], allowNonImageType: true })).toBeNull()
    // An image whose extension is not accepted.
    expect(checkImageFiles(0, [png({ name: 'a.gif', type: 'image/gif' })])).toBe('acceptType')
    // A wrong MIME type with an accepted extension.
    expect(checkImageFiles(0, [png({ name: 'a.png', type: 'text/html' })])).toBe('acceptType')
  })

  it('compares extensions without regard to case', () => {
    expect(checkImageFiles(0, [png({ name: 'PHOTO.JPG', type: 'image/jpeg' })])).toBeNull()
    expect(checkImageFiles(0, [png({ name: 'a.Png' })], { acceptType: ['PNG'] })).toBeNull()
    expect(checkImageFiles(0, [png({ name: 'noextension' })])).toBe('acceptType')
  })

  it('rejects files over the maximum size', () => {
    expect(checkImageFiles(0, [png({ size: 2_000_001 })])).toBe('maxFileSize')
    expect(checkImageFiles(0, [png({ size: 600 })], { maxFileSize: 500 })).toBe('maxFileSize')
  })

  it('checks the rules in order and reports the first one broken', () => {
    const bad = png({ name: 'a.gif', type: 'image/gif', size: 9_000_000 })
    expect(checkImageFiles(3, [bad], { maxNumber: 1 })).toBe('maxNumber')
    expect(checkImageFiles(0, [bad], { maxNumber: 1 })).toBe('acceptType')
    expect(
      checkImageFiles(0, [png({ size: 9_000_000, width: 1, height: 1 })], {
        resolution: { type: 'absolute', width: 2, height: 2 },
      }),
    ).toBe('maxFileSize')
    expect(checkImageFiles(0, [png(), png({ size: 9_000_000 })])).toBe('maxFileSize')
  })

  it('applies the resolution rules', () => {
    const sized = (width: number, height: number) => png({ width, height })
    expect(
      checkImageFiles(0, [sized(400, 300)], { resolution: { type: 'absolute', width: 400, height: 300 } }),
    ).toBeNull()
    expect(checkImageFiles(0, [sized(401, 300)], { resolution: { type: 'absolute', width: 400, height: 300 } })).toBe(
      'resolution',
    )
    expect(checkImageFiles(0, [sized(800, 600)], { resolution: { type: 'ratio', width: 4, height: 3 } })).toBeNull()
    expect(checkImageFiles(0, [sized(800, 601)], { resolution: { type: 'ratio', width: 4, height: 3 } })).toBe(
      'resolution',
    )
    expect(checkImageFiles(0, [sized(100, 100)], { resolution: { type: 'less', width: 100, height: 200 } })).toBeNull()
    expect(checkImageFiles(0, [sized(101, 100)], { resolution: { type: 'less', width: 100, height: 200 } })).toBe(
      'resolution',
    )
    expect(checkImageFiles(0, [sized(100, 200)], { resolution: { type: 'more', width: 100, height: 200 } })).toBeNull()
    expect(checkImageFiles(0, [sized(100, 199)], { resolution: { type: 'more', width: 100, height: 200 } })).toBe(
      'resolution',
    )
    // Unmeasured (unreadable) images fail a resolution rule.
    expect(checkImageFiles(0, [png()], { resolution: { type: 'more', width: 1, height: 1 } })).toBe('resolution')
  })
})

describe('checkVideoFiles', () => {
  const mp4 = (over: Partial<CandidateFile> = {}): CandidateFile => ({
    name: 'clip.mp4',
    size: 5_000_000,
    type: 'video/mp4',
    ...over,
  })

  it('accepts videos up to 100 MB and can be limited to one', () => {
    expect(checkVideoFiles(0, [mp4()])).toBeNull()
    expect(checkVideoFiles(0, [mp4({ size: 100_000_001 })])).toBe('maxFileSize')
    expect(checkVideoFiles(1, [mp4()], { maxNumber: 1 })).toBe('maxNumber')
    expect(checkVideoFiles(1, [mp4()], { maxNumber: 1 }, true)).toBeNull()
    expect(checkVideoFiles(0, [png()])).toBe('acceptType')
    expect(checkVideoFiles(0, [mp4({ name: 'clip.flv', type: 'video/x-flv' })])).toBe('acceptType')
  })
})

describe('helpers', () => {
  it('extensions, kinds and the accept attribute', () => {
    expect(extensionOf('a.b.JPEG')).toBe('jpeg')
    expect(extensionOf('README')).toBe('')
    expect(isOfKind({ name: 'a.jpx', type: '' }, 'image')).toBe(true)
    expect(isOfKind({ name: 'a.exe', type: '' }, 'image')).toBe(false)
    expect(isOfKind({ name: 'a.mkv', type: '' }, 'video')).toBe(true)
    expect(acceptAttribute(['png', '.JPG'])).toBe('.png,.jpg')
    expect(fitsMaxNumber(5, 5, undefined)).toBe(true)
    expect(meetsResolution(1920, 1080, { type: 'ratio', width: 16, height: 9 })).toBe(true)
  })

  it('messages', () => {
    expect(uploadRuleMessage('maxFileSize', 'image')).toBe('Image size should be less than 2 mb')
    expect(uploadRuleMessage('maxFileSize', 'image', { maxFileSize: 1_500_000 })).toBe(
      'Image size should be less than 1.5 mb',
    )
    expect(uploadRuleMessage('maxFileSize', 'video')).toBe('Video size should be less than 100 mb')
    expect(uploadRuleMessage('maxNumber', 'image', { maxNumber: 1 })).toBe('You can upload at most 1 image')
    expect(uploadRuleMessage('maxNumber', 'image', { maxNumber: 10 })).toBe('You can upload at most 10 images')
    expect(uploadRuleMessage('acceptType', 'image')).toBe(
      'Only png, jpg, jpeg, jp2, jpx, jpm and tiff images are allowed',
    )
    expect(uploadRuleMessage('acceptType', 'image', { acceptType: ['pdf', 'png'], allowNonImageType: true })).toBe(
      'Only pdf and png files are allowed',
    )
    expect(
      uploadRuleMessage('resolution', 'image', { resolution: { type: 'absolute', width: 200, height: 100 } }),
    ).toBe('Image must be exactly 200 x 100 pixels')
    expect(uploadRuleMessage('resolution', 'image', { resolution: { type: 'ratio', width: 1, height: 1 } })).toBe(
      'Image must have a 1:1 aspect ratio',
    )
    expect(uploadRuleMessage('resolution', 'image', { resolution: { type: 'less', width: 9, height: 9 } })).toBe(
      'Image must be at most 9 x 9 pixels',
    )
    expect(uploadRuleMessage('resolution', 'image', { resolution: { type: 'more', width: 9, height: 9 } })).toBe(
      'Image must be at least 9 x 9 pixels',
    )
  })
})

describe('splitUploadFiles', () => {
  const png = (name: string, size = 1000) => ({ name, size, type: 'image/png' })

  it('keeps the good files and names the rule of each refused one', () => {
    const { accepted, refused } = splitUploadFiles('image', 0, [png('a.png'), png('big.png', 2_000_001), png('b.png')])
    expect(accepted.map((f) => f.name)).toEqual(['a.png', 'b.png'])
    expect(refused.map((r) => [r.file.name, r.rule])).toEqual([['big.png', 'maxFileSize']])
  })

  it('refuses the whole pick when it breaks the count', () => {
    const { accepted, refused } = splitUploadFiles('image', 1, [png('a.png'), png('b.png')], { maxNumber: 2 })
    expect(accepted).toEqual([])
    expect(refused.map((r) => r.rule)).toEqual(['maxNumber', 'maxNumber'])
  })
})
