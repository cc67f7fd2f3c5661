import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Form } from 'antd'
import { ImageUploader, type ImageUploaderProps } from '../ImageUploader'
import { VideoUploader } from '../VideoUploader'
import { mockApi, type MockApi } from '../../testing/mock-api'
import { META_DATA } from '../../testing/media'
import { resetMetaData } from '../../lib/meta-data'

const UPLOAD = 'POST /local-image/uploadImage'
const REMOVE = 'POST /local-image/removeImage'

let api: MockApi
let uploaded = 0

beforeEach(() => {
  resetMetaData()
  uploaded = 0
  api = mockApi()
  api
    .on('GET /auth/metaData', META_DATA)
    .on(UPLOAD, (call) => {
      uploaded += 1
      const body = call.body as FormData
      const name = `${uploaded}-${(body.get('image') as File).name}`
      return [200, { message: 'ok', data: { name, moduleName: body.get('moduleName'), url: `/media/charity/${name}` } }]
    })
    .on(REMOVE, [200, { message: 'Image removed successfully' }])
})
afterEach(() => api.restore())

function file(name: string, type = 'image/png', size = 1000): File {
  const f = new File(['x'], name, { type })
  Object.defineProperty(f, 'size', { value: size })
  return f
}

/** A controlled uploader, as a form field holds it. */
function Field({
  initial = [],
  onValue,
  ...props
}: Partial<ImageUploaderProps> & { initial?: string[]; onValue?: (v: string[]) => void }) {
  const [value, setValue] = useState<string[]>(initial)
  return (
    <ImageUploader
      moduleName="charity"
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next)
        onValue?.(next)
      }}
    />
  )
}

const pick = (files: File[], label = 'Choose images') =>
  fireEvent.change(screen.getByLabelText(label), { target: { files } })
const thumbs = () => Array.from(document.querySelectorAll('img')).map((img) => img.getAttribute('src'))

describe('ImageUploader', () => {
  it('shows the saved images as thumbnails under {mediaURL}/{moduleName}/{name}', async () => {
    render(<Field initial={['a.png', 'b.jpg']} maxNumber={10} />)
    await waitFor(() =>
      expect(thumbs()).toEqual([
        'https://cdn.example.org/media/charity/a.png',
        'https://cdn.example.org/media/charity/b.jpg',
      ]),
    )
    expect(screen.getByText('2 / 10')).toBeTruthy()
  })

  it('uploads each picked file with { image, moduleName } and adds the names to the value', async () => {
    const onValue = vi.fn()
    render(<Field initial={['a.png']} onValue={onValue} />)
    pick([file('one.png'), file('two.JPG', 'image/jpeg')])
    await waitFor(() => expect(onValue).toHaveBeenCalledWith(['a.png', '1-one.png', '2-two.JPG']))
    const bodies = api.callsTo(UPLOAD).map((c) => c.body as FormData)
    expect(bodies.map((b) => (b.get('image') as File).name)).toEqual(['one.png', 'two.JPG'])
    expect(bodies.every((b) => b.get('moduleName') === 'charity')).toBe(true)
    expect(await screen.findByAltText('2-two.JPG')).toBeTruthy()
  })

  it("refuses a file over 2 mb with 'Image size should be less than 2 mb'", async () => {
    const onValue = vi.fn()
    render(<Field onValue={onValue} />)
    pick([file('big.png', 'image/png', 2_000_001)])
    expect((await screen.findByRole('alert')).textContent).toBe('Image size should be less than 2 mb')
    expect(api.callsTo(UPLOAD)).toHaveLength(0)
    expect(onValue).not.toHaveBeenCalled()
  })

  it('one file over 2 mb picked with a valid one refuses itself only, named in the message', async () => {
    const onValue = vi.fn()
    render(<Field onValue={onValue} />)
    pick([file('ok.png'), file('big.png', 'image/png', 2_000_001)])
    expect((await screen.findByRole('alert')).textContent).toBe('Image size should be less than 2 mb (big.png)')
    await waitFor(() => expect(onValue).toHaveBeenCalledWith(['1-ok.png']))
    const bodies = api.callsTo(UPLOAD).map((c) => c.body as FormData)
    expect(bodies.map((b) => (b.get('image') as File).name)).toEqual(['ok.png'])
  })

  it('refuses other types and extensions, and too many files', async () => {
    render(<Field initial={['a.png']} maxNumber={2} />)
    pick([file('anim.gif', 'image/gif')])
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only png, jpg, jpeg, jp2, jpx, jpm and tiff images are allowed',
    )
    pick([file('doc.pdf', 'application/pdf')])
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only png, jpg, jpeg, jp2, jpx, jpm and tiff images are allowed',
    )
    pick([file('one.png'), file('two.png')])
    expect((await screen.findByRole('alert')).textContent).toBe('You can upload at most 2 images')
    expect(api.callsTo(UPLOAD)).toHaveLength(0)
  })

  it('applies a resolution rule on the measured size', async () => {
    const measure = vi.fn(async () => ({ width: 300, height: 200 }))
    render(<Field resolution={{ type: 'ratio', width: 1, height: 1 }} measure={measure} />)
    pick([file('wide.png')])
    expect((await screen.findByRole('alert')).textContent).toBe('Image must have a 1:1 aspect ratio')
    measure.mockResolvedValueOnce({ width: 200, height: 200 })
    pick([file('square.png')])
    await waitFor(() => expect(api.callsTo(UPLOAD)).toHaveLength(1))
  })

  it('shows the server message of a failed upload', async () => {
    api.on(UPLOAD, [
      400,
      { message: 'Only png, jpg, jpeg, jp2, jpx, jpm and tiff images are allowed', code: 'VALIDATION' },
    ])
    const onValue = vi.fn()
    render(<Field onValue={onValue} />)
    pick([file('fake.png')])
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only png, jpg, jpeg, jp2, jpx, jpm and tiff images are allowed',
    )
    expect(onValue).not.toHaveBeenCalled()
  })

  it('removes an image uploaded here from the list and the server', async () => {
    const onValue = vi.fn()
    render(<Field onValue={onValue} />)
    pick([file('one.png')])
    await userEvent.click(await screen.findByRole('button', { name: 'Remove 1-one.png' }))
    expect(onValue).toHaveBeenLastCalledWith([])
    await waitFor(() => expect(api.callsTo(REMOVE)).toHaveLength(1))
    expect(api.callsTo(REMOVE)[0].body).toEqual({ moduleName: 'charity', fileName: '1-one.png' })
    expect(thumbs()).toEqual([])
  })

  it('takes a saved image out of the list only, unless removeSavedFiles is set', async () => {
    const onValue = vi.fn()
    const { unmount } = render(<Field initial={['saved.png']} onValue={onValue} />)
    await userEvent.click(screen.getByRole('button', { name: 'Remove saved.png' }))
    expect(onValue).toHaveBeenLastCalledWith([])
    expect(api.callsTo(REMOVE)).toHaveLength(0)
    unmount()
    render(<Field initial={['saved.png']} removeSavedFiles />)
    await userEvent.click(screen.getByRole('button', { name: 'Remove saved.png' }))
    await waitFor(() => expect(api.callsTo(REMOVE)).toHaveLength(1))
    expect(api.callsTo(REMOVE)[0].body).toEqual({ moduleName: 'charity', fileName: 'saved.png' })
  })

  it('replaces an image even when the field is full (one extra while replacing)', async () => {
    const onValue = vi.fn()
    render(<Field initial={['old.png']} maxNumber={1} onValue={onValue} />)
    expect((screen.getByRole('button', { name: /Upload Image/ }) as HTMLButtonElement).disabled).toBe(true)
    await userEvent.click(screen.getByRole('button', { name: 'Replace old.png' }))
    pick([file('new.png')], 'Choose replacement image')
    await waitFor(() => expect(onValue).toHaveBeenCalledWith(['1-new.png']))
    expect(api.callsTo(REMOVE)).toHaveLength(0)
  })

  it('a single-image field takes one file at a time', () => {
    render(<Field maxNumber={1} />)
    expect((screen.getByLabelText('Choose images') as HTMLInputElement).multiple).toBe(false)
    expect((screen.getByLabelText('Choose images') as HTMLInputElement).accept).toBe(
      '.png,.jpg,.jpeg,.jp2,.jpx,.jpm,.tiff',
    )
  })

  it('shows only its buttons inside a form: the file inputs of images and videos are not displayed', () => {
    // antd's form styles display file inputs as blocks: a bare `hidden` attribute loses to them.
    render(
      <Form>
        <Form.Item label="Images" name="images">
          <ImageUploader moduleName="charity" />
        </Form.Item>
        <Form.Item label="Video" name="video">
          <VideoUploader moduleName="event" />
        </Form.Item>
      </Form>,
    )
    for (const label of ['Choose images', 'Choose replacement image', 'Choose videos', 'Choose replacement video']) {
      expect(getComputedStyle(screen.getByLabelText(label)).display, label).toBe('none')
    }
    // The label points at the button, which opens the file chooser.
    expect(screen.getByRole('button', { name: 'Images' }).textContent).toContain('Upload Image')
    expect(screen.getByRole('button', { name: 'Video' }).textContent).toContain('Upload Video')
  })
})
