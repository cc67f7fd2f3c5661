import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderApp } from '../../../../testing/render-app'
import { mockApi, type MockApi } from '../../../../testing/mock-api'
import { mainAdmin, subAdmin } from '../../../../testing/users'

const LIST = 'POST /admin/faq/list'
const CREATE = 'POST /admin/faq/create'
const CATEGORIES = 'POST /admin/faq-category/list'
const at = new Date(2026, 2, 5, 15, 7).getTime()
const faq = {
  _id: 'q1',
  categoryId: 'f1',
  categoryName: 'Donations',
  question: 'Is my gift tax deductible?',
  answer: '<p>Yes, in most cases.</p>',
  order: 0,
  isActive: true,
  createdAt: at,
  updatedAt: at,
}

let api: MockApi

beforeEach(() => {
  api = mockApi()
  api
    .on(LIST, [200, { message: 'ok', data: [faq], total_records: 1 }])
    .on(CATEGORIES, [
      200,
      {
        message: 'ok',
        data: [
          { _id: 'f1', name: 'Donations', description: 'FAQ category', order: 0, faqCount: 1, createdAt: at },
          { _id: 'f2', name: 'Accounts', description: 'FAQ category', order: 1, faqCount: 0, createdAt: at },
        ],
        total_records: 2,
      },
    ])
    .on('GET /admin/faq/get/q1', [200, { message: 'ok', data: faq }])
})

afterEach(() => api.restore())

const labelled = (selector: string, label: string) =>
  document.querySelector(`${selector}[aria-label="${label}"]`) as HTMLElement | null
const button = (text: string) =>
  screen.getByText(text, { selector: 'button span' }).closest('button') as HTMLButtonElement
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement
const answer = () => document.querySelector('[role="textbox"][aria-label="Answer"]') as HTMLElement

async function pickCategory(name: string) {
  fireEvent.mouseDown(screen.getByLabelText('Category'))
  const found = await screen.findAllByText(name, { selector: '.ant-select-item-option-content' })
  fireEvent.click(found[found.length - 1])
}

describe('FAQ Management', () => {
  it('lists FAQs by order, at both spellings of its path, and filters by category', async () => {
    renderApp('/category/faq', mainAdmin)
    expect(await screen.findByText('Is my gift tax deductible?')).toBeTruthy()
    expect(screen.getByText('Donations')).toBeTruthy()
    expect(api.callsTo(LIST)[0].body).toEqual({ page: 1, limit: 10, search: '', column: 'order', order: 'asc' })
    await pickCategory('Accounts')
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.body).toMatchObject({ categoryId: 'f2', page: 1 }))
  })

  it('shows the FAQ list at /category/FAQ for a sub-admin with add only, without Edit or Delete', async () => {
    renderApp('/category/FAQ', subAdmin({ '/category/FAQ': ['add'] }))
    expect(await screen.findByText('Is my gift tax deductible?')).toBeTruthy()
    expect(button('Add FAQ')).toBeTruthy()
    expect(labelled('a', 'Edit Is my gift tax deductible?')).toBeNull()
    expect(labelled('button', 'Delete Is my gift tax deductible?')).toBeNull()
  })

  it("refuses a FAQ without category, question or answer with the contract's messages", async () => {
    renderApp('/category/faq/faq_add', mainAdmin)
    await screen.findByLabelText('Question')
    fireEvent.change(input('Question'), { target: { value: '   ' } })
    await userEvent.click(button('Save'))
    expect(await screen.findByText('Please select Category')).toBeTruthy()
    expect(screen.getByText('Please enter Question')).toBeTruthy()
    expect(screen.getByText('Please enter Answer')).toBeTruthy()
    expect(api.callsTo(CREATE)).toHaveLength(0)
  })

  it('creates a FAQ in the chosen category and goes to the list', async () => {
    api.on(CREATE, [200, { message: 'FAQ created successfully', data: faq }])
    const { router } = renderApp('/category/faq/faq_add', mainAdmin)
    await screen.findByLabelText('Question')
    await pickCategory('Donations')
    fireEvent.change(input('Question'), { target: { value: ' How do I give monthly? ' } })
    answer().innerHTML = '<p>Choose <b>monthly</b> when you give.</p>'
    fireEvent.input(answer())
    fireEvent.change(input('Order'), { target: { value: '3' } })
    await userEvent.click(button('Save'))
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1))
    expect(api.callsTo(CREATE)[0].body).toEqual({
      categoryId: 'f1',
      question: 'How do I give monthly?',
      answer: '<p>Choose <b>monthly</b> when you give.</p>',
      order: 3,
      isActive: true,
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/category/FAQ'))
  })

  it('starts in the category the list was filtered by', async () => {
    api.on(CREATE, [200, { message: 'FAQ created successfully', data: faq }])
    renderApp('/category/faq/faq_add?categoryId=f2&categoryName=Accounts', mainAdmin)
    await screen.findByLabelText('Question')
    expect(screen.getByText('Accounts')).toBeTruthy()
    fireEvent.change(input('Question'), { target: { value: 'Reset password?' } })
    answer().innerHTML = '<p>Use the link.</p>'
    fireEvent.input(answer())
    await userEvent.click(button('Save'))
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1))
    expect(api.callsTo(CREATE)[0].body).toMatchObject({ categoryId: 'f2' })
  })

  it('edits a FAQ from its saved values and shows the server’s field message', async () => {
    api.on('PATCH /admin/faq/update/q1', [
      400,
      {
        message: 'Please select valid Category',
        errors: [{ field: 'categoryId', message: 'Please select valid Category' }],
      },
    ])
    renderApp('/category/faq/faq_edit/q1', mainAdmin)
    await waitFor(() => expect(input('Question').value).toBe('Is my gift tax deductible?'))
    await userEvent.click(button('Save'))
    await waitFor(() => expect(api.callsTo('PATCH /admin/faq/update/q1')).toHaveLength(1))
    expect(api.callsTo('PATCH /admin/faq/update/q1')[0].body).toEqual({
      categoryId: 'f1',
      question: 'Is my gift tax deductible?',
      answer: '<p>Yes, in most cases.</p>',
      order: 0,
      isActive: true,
    })
    await waitFor(() =>
      expect(document.querySelector('.ant-form-item-explain-error')?.textContent).toBe('Please select valid Category'),
    )
  })
})
