/**
 * Content (issue 15 section 6): edit the privacy policy, see the revision, compare two and
 * restore the previous one; add, edit and delete a leadership entry with a photo; add a FAQ
 * category (a whitespace name first: its message), then a FAQ in it; open a contact message
 * (sent through the public contact form) and see it marked read; save the giving-partner page
 * with a new image as the main admin; as a sub-admin see no Cancel there. Then screenshots of
 * every content screen at desktop and phone widths (CONTENT_SHOTS, default /tmp/content-shots).
 */
import assert from 'node:assert/strict'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DESKTOP,
  PHONE,
  PNG,
  api,
  apiCreateSubAdmin,
  apiSignIn,
  choose,
  confirmDialog,
  dismissToasts,
  escapeRegExp,
  eventually,
  expectFieldErrors,
  expectPath,
  expectText,
  expectToast,
  field,
  newPage,
  openDialog,
  openMenuEntry,
  setupConsole,
  signIn,
  step,
  tableRow,
} from './harness.mjs'

const SHOTS = process.env.CONTENT_SHOTS || '/tmp/content-shots'
const SAM = { firstName: 'Sam', lastName: 'Content', email: 'sam.content@example.org', password: 'Secret@123' }
const ROSA = {
  name: 'Rosa Diaz',
  email: 'rosa@example.org',
  phoneNumber: '5551234567',
  subject: 'Receipt missing',
  message: 'I gave twice and no receipt came.',
}

const env = setupConsole('content', {}, prepare)

let leaderId = ''

/** After the console starts: a contact message from the public site, and a sub-admin. */
async function prepare() {
  const sent = await api(env, '/v1/public/contactUs', { body: ROSA })
  assert.equal(sent.status, 201, JSON.stringify(sent.body))
  assert.equal(sent.body.message, 'Thank you for contacting us. We will get back to you soon.')
  await apiCreateSubAdmin(env, {
    ...SAM,
    permissions: [
      { slug: '/dashboard', actions: ['view'] },
      { slug: '/giving_partner', actions: ['edit'] },
    ],
  })
}

/** The rich-text editor labelled `label`. */
const editor = (page, label) => page.getByRole('textbox', { name: label, exact: true })

/** Presses the form's Save (its submit button), once a previous save has finished. */
async function save(page) {
  const button = page.locator('form button[type="submit"]').filter({ hasText: /^\s*Save\s*$/ })
  await eventually(
    async () => (await button.count()) === 1 && !(await button.getAttribute('class')).includes('ant-btn-loading'),
    {
      what: 'the Save button, not saving',
    },
  )
  await button.click()
}

async function writeRichText(page, label, text) {
  const area = editor(page, label)
  await area.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await area.pressSequentially(text)
}

step(env, 'privacy policy: save twice, compare the two revisions, restore the previous one', async () => {
  const page = env.page
  await page.goto('/signin')
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
  await openMenuEntry(page, 'Privacy policy', 'Content Management')
  await expectPath(page, '/content_management/privacy_policy')
  await field(page, 'Title').waitFor({ state: 'visible' })

  // Empty content is refused before anything is sent.
  await writeRichText(page, 'Content', ' ')
  await save(page)
  await expectFieldErrors(page, ['Please enter Content'])

  await writeRichText(page, 'Content', 'We keep your data safe.')
  await save(page)
  await expectToast(page, 'Page updated successfully')
  await dismissToasts(page)
  const first = Number((await page.getByLabel('Last published').innerText()).match(/revision #(\d+)/)[1])

  await writeRichText(page, 'Content', 'We never sell your data.')
  await save(page)
  await expectToast(page, 'Page updated successfully')
  await dismissToasts(page)
  await expectText(page, new RegExp(`\\(revision #${first + 1}\\)`), { exact: false })

  const revisions = page.getByRole('table', { name: 'Revisions' })
  await revisions.getByText(`#${first + 1}`, { exact: true }).waitFor({ state: 'visible' })
  await revisions.getByRole('checkbox', { name: `Pick revision ${first + 1}` }).check()
  await revisions.getByRole('checkbox', { name: `Pick revision ${first}` }).check()
  await expectText(page, `Changes from #${first} to #${first + 1}`)
  const changes = page.getByLabel('Changes in Content')
  await changes.getByLabel('Removed: We keep your data safe.').waitFor({ state: 'visible' })
  await changes.getByLabel('Added: We never sell your data.').waitFor({ state: 'visible' })

  await revisions.getByRole('button', { name: `Restore revision ${first}` }).click()
  await confirmDialog(page, 'Are you sure you want to restore this revision ?')
  await expectToast(page, 'Revision restored successfully')
  await expectText(page, new RegExp(`\\(revision #${first + 2}\\)`), { exact: false })
  assert.equal((await editor(page, 'Content').innerText()).trim(), 'We keep your data safe.')
  await revisions.getByText(`Restored from #${first}`, { exact: true }).waitFor({ state: 'visible' })
})

step(env, 'leadership: add an entry with a photo, edit it, delete it', async () => {
  const page = env.page
  await openMenuEntry(page, 'Leadership', 'Content Management')
  await expectPath(page, '/content_management/leadership')
  await page.getByRole('button', { name: 'Add Leadership' }).click()
  await expectPath(page, '/content_management/add_leadership')

  await field(page, 'Name').fill('   ')
  await save(page)
  await expectFieldErrors(page, ['Please enter valid Name', 'Please enter Title', 'Please upload Photo'])

  await field(page, 'Name').fill('Ada Park')
  await field(page, 'Title').fill('Chair')
  const photo = page.getByRole('group', { name: 'Photo' })
  await photo
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: PNG })
  await photo.getByRole('list', { name: 'Uploaded images' }).getByRole('listitem').first().waitFor({ state: 'visible' })
  await writeRichText(page, 'Biography', 'Founded the platform.')
  await field(page, 'Order').fill('1')
  await save(page)
  await expectToast(page, 'Leadership added successfully')
  await expectPath(page, '/content_management/leadership')
  const row = tableRow(page, 'Ada Park').first()
  await row.getByText('Chair', { exact: true }).waitFor({ state: 'visible' })
  assert.ok(await row.getByRole('img', { name: 'Photo of Ada Park' }).count(), 'the row shows the photo')

  await row.getByRole('link', { name: 'View Ada Park' }).click()
  await expectPath(page, /\/content_management\/view_leadership\//)
  leaderId = new URL(page.url()).pathname.split('/').pop()
  await expectText(page, 'Founded the platform.')
  await page.getByRole('button', { name: 'Edit' }).click()
  await expectPath(page, `/content_management/edit_leadership/${leaderId}`)
  await eventually(async () => (await field(page, 'Name').inputValue()) === 'Ada Park', {
    what: 'the saved name in the form',
  })
  await field(page, 'Title').fill('Chair of the Board')
  await save(page)
  await expectToast(page, 'Leadership updated successfully')
  await expectPath(page, '/content_management/leadership')
  await tableRow(page, 'Ada Park')
    .first()
    .getByText('Chair of the Board', { exact: true })
    .waitFor({ state: 'visible' })

  await tableRow(page, 'Ada Park').first().getByRole('button', { name: 'Delete Ada Park' }).click()
  await confirmDialog(page, 'Are you sure you want to Delete ?')
  await expectToast(page, 'Leadership deleted successfully')
  await tableRow(page, 'Ada Park').first().waitFor({ state: 'detached' })
})

step(env, 'FAQ category: a whitespace name is refused, then one is added; a FAQ in it', async () => {
  const page = env.page
  await openMenuEntry(page, 'FAQ Category Management')
  await expectPath(page, '/category')
  await page.getByRole('button', { name: 'Add Category' }).click()
  const box = await openDialog(page, 'Add Category')
  await box.getByLabel('Name').fill('   ')
  await box.getByRole('button', { name: 'Save', exact: true }).click()
  await box.getByText('Please enter valid Name', { exact: true }).waitFor({ state: 'visible' })
  await box.getByLabel('Name').fill('Giving Help')
  await box.getByRole('button', { name: 'Save', exact: true }).click()
  await box.waitFor({ state: 'hidden' })
  await expectToast(page, 'FAQ category created successfully')
  await tableRow(page, 'Giving Help').first().waitFor({ state: 'visible' })

  await openMenuEntry(page, 'FAQ Management')
  await expectPath(page, '/category/FAQ')
  await page.getByRole('button', { name: 'Add FAQ' }).click()
  await expectPath(page, '/category/faq/faq_add')
  await save(page)
  await expectFieldErrors(page, ['Please select Category', 'Please enter Question', 'Please enter Answer'])
  await choose(page, 'Category', 'Giving Help', { search: 'Giving' })
  await field(page, 'Question').fill('How do I give monthly?')
  await writeRichText(page, 'Answer', 'Choose monthly when you give.')
  await save(page)
  await expectToast(page, 'FAQ created successfully')
  await expectPath(page, '/category/FAQ')
  const row = tableRow(page, 'How do I give monthly?').first()
  await row.getByText('Giving Help', { exact: true }).waitFor({ state: 'visible' })
})

step(env, 'contact us: an unread message, opened, is marked read', async () => {
  const page = env.page
  await openMenuEntry(page, 'Contact Us Form')
  await expectPath(page, '/category/contact_form')
  const row = tableRow(page, ROSA.name).first()
  await row.getByText('Unread', { exact: true }).waitFor({ state: 'visible' })
  await row.getByRole('link', { name: `View ${ROSA.name}` }).click()
  await expectPath(page, /\/category\/contact_form\/contact_form_view\//)
  await expectText(page, ROSA.subject)
  await expectText(page, ROSA.message)
  await page.locator('.ant-tag').getByText('Read', { exact: true }).waitFor({ state: 'visible' })
  await expectText(page, new RegExp(`^${escapeRegExp('Main Admin')}, `), { exact: false })
  await page.getByRole('button', { name: 'Back' }).click()
  await expectPath(page, '/category/contact_form')
  await tableRow(page, ROSA.name).first().getByText(ROSA.subject).waitFor({ state: 'visible' })
  assert.equal(await tableRow(page, ROSA.name).first().getByText('Unread', { exact: true }).count(), 0)
})

step(env, 'giving-partner page: the main admin saves it with a new image', async () => {
  const page = env.page
  await page.goto('/giving_partner')
  await editor(page, 'Content').waitFor({ state: 'visible' })
  await page.getByRole('button', { name: 'Cancel', exact: true }).waitFor({ state: 'visible' })
  const image = page.getByRole('group', { name: 'Image' })
  await image
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'partner.png', mimeType: 'image/png', buffer: PNG })
  await image.getByRole('list', { name: 'Uploaded images' }).getByRole('listitem').first().waitFor({ state: 'visible' })
  const uploaded = await image.getByRole('list', { name: 'Uploaded images' }).locator('img').first().getAttribute('alt')
  await writeRichText(page, 'Content', 'Partner with us today.')
  await save(page)
  await expectToast(page, 'Giving partner page updated successfully')
  const admin = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
  const saved = await api(env, '/admin/givingPartner/getDetails', { method: 'GET', token: admin.authToken })
  assert.equal(saved.status, 200)
  assert.equal(saved.body.data.image, uploaded)
  assert.match(saved.body.data.content, /Partner with us today\./)
  assert.doesNotMatch(saved.body.data.content, /&nbsp;/)
  await page.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expectPath(page, '/dashboard')
})

step(env, 'giving-partner page: a sub-admin sees no Cancel', async () => {
  const page = await newPage(env)
  await page.goto('/signin')
  await signIn(page, SAM.email, SAM.password)
  await page.goto('/giving_partner')
  await page.locator('.gc-card-title').getByText('Giving Partner Page', { exact: true }).waitFor({ state: 'visible' })
  // A sub-admin granted the page's module edits it too, without the Cancel to /dashboard.
  await page.getByRole('button', { name: 'Save', exact: true }).waitFor({ state: 'visible' })
  assert.equal(await page.getByRole('button', { name: 'Cancel', exact: true }).count(), 0)
})

step(
  env,
  'screenshots of every content screen at desktop and phone widths',
  async () => {
    mkdirSync(SHOTS, { recursive: true })
    const admin = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
    const leader = await api(env, '/admin/leadership/addLeadership', {
      token: admin.authToken,
      body: {
        name: 'Ben Ode',
        title: 'Treasurer',
        photo: '',
        biography: '<p>Keeps the books.</p>',
        order: 2,
        isActive: true,
      },
    })
    const faqs = await api(env, '/admin/faq/list', {
      token: admin.authToken,
      body: { page: 1, limit: 1, search: '', column: '', order: '' },
    })
    const contacts = await api(env, '/admin/ContactUs', {
      token: admin.authToken,
      body: { page: 1, limit: 1, search: '', column: '', order: '' },
    })
    const screens = [
      ['homepage', '/content_management/homepage'],
      ['privacy-policy', '/content_management/privacy_policy'],
      ['terms', '/content_management/terms_condition'],
      ['about-us', '/content_management/about_us'],
      ['leadership-list', '/content_management/leadership'],
      ['leadership-add', '/content_management/add_leadership'],
      ['faq-categories', '/category'],
      ['faqs', '/category/faq'],
      ['faq-add', '/category/faq/faq_add'],
      ['contact-list', '/category/contact_form'],
      ['giving-partner', '/giving_partner'],
    ]
    if (leader.status === 200) {
      screens.push(['leadership-view', `/content_management/view_leadership/${leader.body.data._id}`])
      screens.push(['leadership-edit', `/content_management/edit_leadership/${leader.body.data._id}`])
    }
    if (faqs.body?.data?.[0]) screens.push(['faq-edit', `/category/faq/faq_edit/${faqs.body.data[0]._id}`])
    if (contacts.body?.data?.[0])
      screens.push(['contact-view', `/category/contact_form/contact_form_view/${contacts.body.data[0]._id}`])
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ]) {
      const page = await newPage(env, { viewport })
      await page.goto('/signin')
      await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD)
      for (const [name, path] of screens) {
        await page.goto(path)
        await page.locator('.gc-card').first().waitFor({ state: 'visible' })
        await page.waitForLoadState('networkidle').catch(() => {})
        await page
          .locator('.ant-skeleton')
          .first()
          .waitFor({ state: 'detached', timeout: 5000 })
          .catch(() => {})
        await page.screenshot({ path: join(SHOTS, `${name}-${size}.png`), fullPage: true })
      }
      // The differences between the two newest revisions of the privacy policy.
      await page.goto('/content_management/privacy_policy')
      const picks = page.getByRole('table', { name: 'Revisions' }).getByRole('checkbox')
      await picks.nth(1).waitFor({ state: 'visible' })
      await picks.nth(0).check()
      await picks.nth(1).check()
      await page.getByLabel('Changes in Content').waitFor({ state: 'visible' })
      await page.screenshot({ path: join(SHOTS, `privacy-diff-${size}.png`), fullPage: true })
      // The FAQ category dialog with its message.
      await page.goto('/category')
      await page.getByRole('button', { name: 'Add Category' }).click()
      const box = await openDialog(page, 'Add Category')
      await box.getByRole('button', { name: 'Save', exact: true }).click()
      await box.getByText('Please enter Name', { exact: true }).waitFor({ state: 'visible' })
      await page.screenshot({ path: join(SHOTS, `faq-category-dialog-${size}.png`) })
    }
  },
  { timeout: 180_000 },
)
