/**
 * Two-factor sign-in (issue 17 section 2): a sub-admin of its own (the other tests' sign-in
 * stays untouched) sets it up from the account menu with a real TOTP generator (RFC 6238 over
 * node:crypto HMAC-SHA1), signs out, signs in with password and code; a wrong code shows the
 * message. At the end it turns two-factor sign-in off again. Then (issue 32) with two-factor
 * required, another sub-admin sets it up during its sign-in, after the code mailed to it.
 */
import assert from 'node:assert/strict'
import { createHmac } from 'node:crypto'
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  accountMenu,
  api,
  apiSignIn,
  eventually,
  apiCreateSubAdmin,
  expectPath,
  expectText,
  expectToast,
  fillSignIn,
  newPage,
  setupConsole,
  signIn,
  signOut,
  step,
  mailFiles,
  waitForMailMatch,
} from './harness.mjs'

const env = setupConsole('two-factor')
const TINA = { firstName: 'Tina', lastName: 'Totp', email: 'tina.totp@example.org', password: 'Totp@1234' }
const RITA = { firstName: 'Rita', lastName: 'Required', email: 'rita.required@example.org', password: 'Rita@1234' }

/** RFC 4648 Base32 (no padding) to bytes. */
function base32(text) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
  let bits = ''
  for (const c of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0')
  const bytes = []
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2))
  return Buffer.from(bytes)
}

/** The 6-digit TOTP code of `step` (30-second steps). */
function totp(secret, step) {
  const counter = Buffer.alloc(8)
  counter.writeBigUInt64BE(BigInt(step))
  const h = createHmac('sha1', base32(secret)).update(counter).digest()
  const o = h[19] & 0x0f
  const bin = ((h[o] & 0x7f) << 24) | (h[o + 1] << 16) | (h[o + 2] << 8) | h[o + 3]
  return String(bin % 1_000_000).padStart(6, '0')
}

const nowStep = () => Math.floor(Date.now() / 30_000)

// The generator itself, against RFC 6238's first SHA-1 vector (8 digits there: 94287082).
assert.equal(totp('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 1), '287082')

let secret = ''
let usedStep = 0

step(env, 'a sub-admin sets up two-factor sign-in from the account menu', async () => {
  await apiCreateSubAdmin(env, { ...TINA, permissions: [{ slug: '/dashboard', actions: ['view'] }] })
  const page = await newPage(env)
  await page.goto('/signin')
  await signIn(page, TINA.email, TINA.password)
  await accountMenu(page, 'Two-factor sign-in')
  await expectPath(page, '/two_factor')
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click()
  secret = (await page.getByTestId('two-factor-secret').innerText()).trim()
  assert.match(secret, /^[A-Z2-7]{32}$/)
  const uri = await page.getByTestId('two-factor-uri').innerText()
  assert.equal(
    uri,
    `otpauth://totp/Giving%20Console:${TINA.email}?secret=${secret}&issuer=Giving%20Console&digits=6&period=30`,
  )
  usedStep = nowStep()
  await page.getByLabel('Verification code').fill(totp(secret, usedStep))
  await page.getByRole('button', { name: 'Confirm' }).click()
  const codes = (await page.getByTestId('recovery-codes').innerText()).trim().split('\n')
  assert.equal(codes.length, 10)
  await page.getByRole('button', { name: 'I have saved them' }).click()
  await expectText(page, 'Recovery codes left')
  await signOut(page)
})

step(env, 'sign-in then asks for the code; a wrong code shows the message', async () => {
  const page = await newPage(env)
  await fillSignIn(page, TINA.email, TINA.password)
  const code = page.getByLabel('Verification code')
  await code.waitFor({ state: 'visible' })
  await code.fill(totp(secret, nowStep() + 9))
  await page.getByRole('button', { name: /Verify/ }).click()
  await expectToast(page, 'Invalid verification code')
  await code.fill(totp(secret, usedStep + 1))
  await page.getByRole('button', { name: /Verify/ }).click()
  await expectPath(page, '/dashboard')

  // Off again at the end. Each step's code is accepted once, and the clock's next step is
  // the only one left unused: wait for the step to turn so that one is in the window.
  await accountMenu(page, 'Two-factor sign-in')
  await expectPath(page, '/two_factor')
  await eventually(() => nowStep() >= usedStep + 1, { timeout: 35_000, interval: 250, what: 'the next 30-second step' })
  await page.getByLabel('Verification code').fill(totp(secret, usedStep + 2))
  await page.getByRole('button', { name: 'Turn off' }).click()
  await expectToast(page, 'Two-factor sign-in is off')
})

step(env, 'with two-factor required, a sub-admin sets it up during sign-in after the code mailed to it', async () => {
  await apiCreateSubAdmin(env, { ...RITA, permissions: [{ slug: '/dashboard', actions: ['view'] }] })
  const admin = await apiSignIn(env, ADMIN_EMAIL, ADMIN_PASSWORD)
  const setting = (required) => api(env, '/admin/twoFactor/setting', { token: admin.authToken, body: { required } })
  assert.equal((await setting(true)).status, 200)
  try {
    const seen = mailFiles(env)
    const page = await newPage(env)
    await fillSignIn(page, RITA.email, RITA.password)
    const emailCode = page.getByLabel('Email code')
    await emailCode.waitFor({ state: 'visible' })
    // Nothing of the set-up shows before the mailbox is proven.
    assert.equal(await page.getByTestId('two-factor-secret').count(), 0)
    const { match: mailed, text } = await waitForMailMatch(env, RITA.email, /^\s*(\d{8})\s*$/m, seen)
    assert.match(text, /Subject: Your Giving Console sign-in code/)
    await emailCode.fill(mailed === '00000000' ? '11111111' : '00000000')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expectToast(page, 'Invalid email code')
    await emailCode.fill(mailed)
    await page.getByRole('button', { name: 'Continue' }).click()
    const ritaSecret = (await page.getByTestId('two-factor-secret').innerText()).trim()
    assert.match(ritaSecret, /^[A-Z2-7]{32}$/)
    await page.getByLabel('Verification code').fill(totp(ritaSecret, nowStep()))
    await page.getByRole('button', { name: 'Confirm' }).click()
    const codes = (await page.getByTestId('recovery-codes').innerText()).trim().split('\n')
    assert.equal(codes.length, 10)
    await page.getByRole('button', { name: 'I have saved them' }).click()
    await expectPath(page, '/dashboard')
  } finally {
    await setting(false)
  }
})
