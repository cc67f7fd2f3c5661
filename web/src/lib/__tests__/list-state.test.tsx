import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { listUrl, useListView } from '../list-state'
import { clearSession } from '../session'

function List() {
  const [view] = useListView()
  return <p>page {view.page}</p>
}

function at(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/donor" element={<List />} />
        <Route path="/event" element={<List />} />
      </Routes>
    </MemoryRouter>,
  )
}

describe('listUrl', () => {
  it('is the list as it was last shown (its filters kept after an add), else the bare path', () => {
    expect(listUrl('/donor')).toBe('/donor')
    at('/donor?tab=subscribed&q=ann&page=2').unmount()
    expect(listUrl('/donor')).toBe('/donor?tab=subscribed&q=ann&page=2')
    expect(listUrl('/event')).toBe('/event')
    at('/donor').unmount()
    expect(listUrl('/donor')).toBe('/donor')
  })

  it('is forgotten with the session', () => {
    at('/event?q=gala').unmount()
    expect(listUrl('/event')).toBe('/event?q=gala')
    clearSession()
    expect(listUrl('/event')).toBe('/event')
  })
})
