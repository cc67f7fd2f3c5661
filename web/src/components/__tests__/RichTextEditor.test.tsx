import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { RichTextEditor } from '../RichTextEditor'

/** A controlled editor with a hand-driven clock. */
function Field({
  initial = '',
  onValue,
  clock,
}: {
  initial?: string
  onValue?: (v: string) => void
  clock: { t: number }
}) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <RichTextEditor
        aria-label="Mission"
        value={value}
        now={() => clock.t}
        onChange={(next) => {
          setValue(next)
          onValue?.(next)
        }}
      />
      <button type="button" onClick={() => setValue('<p>Loaded</p>')}>
        Load
      </button>
    </>
  )
}

const area = () => screen.getByRole('textbox', { name: 'Mission' })

/** What a keystroke does to the editing area: new content, then an input event. */
function typeHtml(html: string) {
  area().innerHTML = html
  fireEvent.input(area())
}

let exec: ReturnType<typeof vi.fn>

beforeEach(() => {
  // jsdom has no editing commands; the editor's calls are recorded.
  exec = vi.fn(() => true)
  Object.defineProperty(document, 'execCommand', { configurable: true, writable: true, value: exec })
})

afterEach(() => {
  delete (document as { execCommand?: unknown }).execCommand
})

describe('RichTextEditor', () => {
  it('shows the value sanitised, 300px high by default', () => {
    render(
      <RichTextEditor
        aria-label="Mission"
        value={'<p onclick="x()">Hi <script>alert(1)</script><a href="javascript:x">l</a></p>'}
      />,
    )
    expect(area().innerHTML).toBe('<p>Hi <a>l</a></p>')
    expect(area().style.height).toBe('300px')
  })

  it('takes a height', () => {
    render(<RichTextEditor aria-label="Mission" height={180} />)
    expect(area().style.height).toBe('180px')
  })

  it('reports edits as sanitised HTML, and empty content as an empty string', () => {
    const onValue = vi.fn()
    render(<Field clock={{ t: 0 }} onValue={onValue} />)
    typeHtml('<p>Hello <b onclick="x()">world</b></p>')
    expect(onValue).toHaveBeenLastCalledWith('<p>Hello <b>world</b></p>')
    typeHtml('<p><br></p>')
    expect(onValue).toHaveBeenLastCalledWith('')
  })

  it('undoes with Ctrl+Z and redoes with Ctrl+Y and Ctrl+Shift+Z', () => {
    const clock = { t: 0 }
    const onValue = vi.fn()
    render(<Field clock={clock} onValue={onValue} initial="<p>A</p>" />)
    typeHtml('<p>AB</p>')
    clock.t = 5000
    typeHtml('<p>ABC</p>')
    fireEvent.keyDown(area(), { key: 'z', ctrlKey: true })
    expect(area().innerHTML).toBe('<p>AB</p>')
    expect(onValue).toHaveBeenLastCalledWith('<p>AB</p>')
    fireEvent.keyDown(area(), { key: 'z', ctrlKey: true })
    expect(area().innerHTML).toBe('<p>A</p>')
    fireEvent.keyDown(area(), { key: 'y', ctrlKey: true })
    expect(area().innerHTML).toBe('<p>AB</p>')
    fireEvent.keyDown(area(), { key: 'Z', ctrlKey: true, shiftKey: true })
    expect(area().innerHTML).toBe('<p>ABC</p>')
    expect(onValue).toHaveBeenLastCalledWith('<p>ABC</p>')
    // Cmd on macOS.
    fireEvent.keyDown(area(), { key: 'z', metaKey: true })
    expect(area().innerHTML).toBe('<p>AB</p>')
  })

  it('merges edits within 1000 ms into one undo step', () => {
    const clock = { t: 0 }
    render(<Field clock={clock} initial="<p>x</p>" />)
    typeHtml('<p>x1</p>')
    clock.t = 500
    typeHtml('<p>x12</p>')
    clock.t = 999
    typeHtml('<p>x123</p>')
    fireEvent.keyDown(area(), { key: 'z', ctrlKey: true })
    expect(area().innerHTML).toBe('<p>x</p>')
  })

  it('has toolbar Undo and Redo buttons, enabled when there is something to undo or redo', async () => {
    const clock = { t: 0 }
    render(<Field clock={clock} initial="<p>one</p>" />)
    const undoButton = () => screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement
    const redoButton = () => screen.getByRole('button', { name: 'Redo' }) as HTMLButtonElement
    expect(undoButton().disabled).toBe(true)
    expect(redoButton().disabled).toBe(true)
    typeHtml('<p>two</p>')
    await waitFor(() => expect(undoButton().disabled).toBe(false))
    await userEvent.click(undoButton())
    expect(area().innerHTML).toBe('<p>one</p>')
    expect(redoButton().disabled).toBe(false)
    await userEvent.click(redoButton())
    expect(area().innerHTML).toBe('<p>two</p>')
  })

  it('a value from outside replaces the content and starts a new history', async () => {
    render(<Field clock={{ t: 0 }} initial="<p>draft</p>" />)
    typeHtml('<p>draft 2</p>')
    await userEvent.click(screen.getByRole('button', { name: 'Load' }))
    expect(area().innerHTML).toBe('<p>Loaded</p>')
    fireEvent.keyDown(area(), { key: 'z', ctrlKey: true })
    expect(area().innerHTML).toBe('<p>Loaded</p>')
  })

  it('runs the formatting commands of the toolbar', async () => {
    render(<Field clock={{ t: 0 }} />)
    for (const [label, command] of [
      ['Bold', 'bold'],
      ['Italic', 'italic'],
      ['Underline', 'underline'],
      ['Bulleted list', 'insertUnorderedList'],
      ['Numbered list', 'insertOrderedList'],
      ['Remove link', 'unlink'],
    ]) {
      await userEvent.click(screen.getByRole('button', { name: label }))
      expect(exec).toHaveBeenLastCalledWith(command, false, undefined)
    }
  })

  it('a toolbar command is its own undo step', async () => {
    const clock = { t: 0 }
    render(<Field clock={clock} initial="<p>word</p>" />)
    exec.mockImplementation((command: string) => {
      if (command === 'bold') area().innerHTML = '<p><b>word</b></p>'
      return true
    })
    typeHtml('<p>word!</p>')
    await userEvent.click(screen.getByRole('button', { name: 'Bold' }))
    expect(area().innerHTML).toBe('<p><b>word</b></p>')
    fireEvent.keyDown(area(), { key: 'z', ctrlKey: true })
    expect(area().innerHTML).toBe('<p>word!</p>')
  })

  it('accepts only http, https, mailto and tel links', async () => {
    render(<Field clock={{ t: 0 }} />)
    await userEvent.click(screen.getByRole('button', { name: 'Insert link' }))
    const url = await screen.findByLabelText('Link URL')
    await userEvent.type(url, 'javascript:alert(1)')
    await userEvent.click(screen.getByRole('button', { name: 'Insert' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Only http, https, mailto and tel links are allowed')
    expect(exec).not.toHaveBeenCalled()
    await userEvent.clear(url)
    await userEvent.type(url, 'https://example.org')
    await userEvent.click(screen.getByRole('button', { name: 'Insert' }))
    await waitFor(() =>
      expect(exec).toHaveBeenCalledWith('insertHTML', false, '<a href="https://example.org">https://example.org</a>'),
    )
  })

  it('pastes sanitised HTML', () => {
    render(<Field clock={{ t: 0 }} />)
    const data = {
      getData: (type: string) => (type === 'text/html' ? '<p>ok<img src=x onerror="alert(1)"></p>' : 'ok'),
    }
    act(() => {
      fireEvent.paste(area(), { clipboardData: data })
    })
    expect(exec).toHaveBeenCalledWith('insertHTML', false, '<p>ok</p>')
  })

  it('is read-only when disabled', () => {
    render(<RichTextEditor aria-label="Mission" value="<p>x</p>" disabled />)
    expect(area().getAttribute('contenteditable')).toBe('false')
    expect((screen.getByRole('button', { name: 'Bold' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
