import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { VideoUploader } from '../VideoUploader'
import { mockApi, type MockApi } from '../../testing/mock-api'
import { resetMetaData } from '../../lib/meta-data'

let api: MockApi

beforeEach(() => {
  resetMetaData()
  api = mockApi()
  api
    .on('GET /auth/metaData', [200, { message: 'ok', data: { mediaURL: '/media', placeholder: '' } }])
    .on('POST /local-image/uploadVideo', [
      200,
      { message: 'ok', data: { name: 'v1.mp4', moduleName: 'event', url: '/media/event/v1.mp4' } },
    ])
    .on('POST /local-image/removeVideo', [200, { message: 'Image removed successfully' }])
})
afterEach(() => api.restore())

function Field({ onValue }: { onValue: (v: string[]) => void }) {
  const [value, setValue] = useState<string[]>([])
  return (
    <VideoUploader
      moduleName="event"
      maxNumber={1}
      value={value}
      onChange={(next) => {
        setValue(next)
        onValue(next)
      }}
    />
  )
}

function video(name: string, type = 'video/mp4', size = 1000): File {
  const f = new File(['v'], name, { type })
  Object.defineProperty(f, 'size', { value: size })
  return f
}

describe('VideoUploader', () => {
  it('uploads one video with the field video, shows it in a player and then is full', async () => {
    const onValue = vi.fn()
    const { container } = render(<Field onValue={onValue} />)
    fireEvent.change(screen.getByLabelText('Choose videos'), { target: { files: [video('clip.mp4')] } })
    await waitFor(() => expect(onValue).toHaveBeenCalledWith(['v1.mp4']))
    const body = api.callsTo('POST /local-image/uploadVideo')[0].body as FormData
    expect((body.get('video') as File).name).toBe('clip.mp4')
    expect(body.get('moduleName')).toBe('event')
    await waitFor(() => expect(container.querySelector('video')?.getAttribute('src')).toBe('/media/event/v1.mp4'))
    expect((screen.getByRole('button', { name: /Upload Video/ }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('1 / 1')).toBeTruthy()
  })

  it('refuses a second video, other files and files over 100 mb', async () => {
    const onValue = vi.fn()
    render(<Field onValue={onValue} />)
    const input = screen.getByLabelText('Choose videos')
    fireEvent.change(input, { target: { files: [video('a.mp4'), video('b.mp4')] } })
    expect((await screen.findByRole('alert')).textContent).toBe('You can upload at most 1 video')
    fireEvent.change(input, { target: { files: [video('a.png', 'image/png')] } })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Only mp4, webm, mov, mkv, avi and mpeg videos are allowed',
    )
    fireEvent.change(input, { target: { files: [video('a.mp4', 'video/mp4', 100_000_001)] } })
    expect((await screen.findByRole('alert')).textContent).toBe('Video size should be less than 100 mb')
    expect(api.callsTo('POST /local-image/uploadVideo')).toHaveLength(0)
  })

  it('removes the video with /local-image/removeVideo', async () => {
    const onValue = vi.fn()
    render(<Field onValue={onValue} />)
    fireEvent.change(screen.getByLabelText('Choose videos'), { target: { files: [video('clip.mp4')] } })
    await userEvent.click(await screen.findByRole('button', { name: 'Remove v1.mp4' }))
    expect(onValue).toHaveBeenLastCalledWith([])
    await waitFor(() =>
      expect(api.callsTo('POST /local-image/removeVideo')[0]?.body).toEqual({
        moduleName: 'event',
        fileName: 'v1.mp4',
      }),
    )
  })
})
