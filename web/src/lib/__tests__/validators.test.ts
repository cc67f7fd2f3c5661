import { describe, expect, it } from 'vitest'
import {
  confirmPassword,
  dialogName,
  firstName,
  forgotEmail,
  lastName,
  loginEmail,
  loginPassword,
  newPassword,
  oldPassword,
  patterns,
  permissionsSelected,
  rejectReason,
  resetConfirmPassword,
  resetNewPassword,
  rule,
  subAdminPassword,
} from '../validators'

describe('sign-in rules', () => {
  it('requires the email', () => {
    expect(loginEmail('')).toBe('Email is required')
    expect(loginEmail(undefined)).toBe('Email is required')
    expect(loginEmail('   ')).toBe('Email is required')
  })
  it('checks the email pattern', () => {
    expect(loginEmail('not-an-email')).toBe('Please enter valid email address.')
    expect(loginEmail('a@b')).toBe('Please enter valid email address.')
    expect(loginEmail('admin@example.org')).toBeNull()
  })
  it('requires the password without spaces and without a length limit', () => {
    expect(loginPassword('')).toBe('Password is required')
    expect(loginPassword('pass word')).toBe('Password must not contain while spaces')
    expect(loginPassword('x')).toBeNull()
    expect(loginPassword('a'.repeat(64))).toBeNull()
  })
})

describe('change-password rules', () => {
  it('old password: required, 6 to 20, no spaces', () => {
    expect(oldPassword('')).toBe('Old Password is Required')
    expect(oldPassword('12345')).toBe('Old Password must be between 6 and 20 characters')
    expect(oldPassword('a'.repeat(21))).toBe('Old Password must be between 6 and 20 characters')
    expect(oldPassword('abc def')).toBe('Old Password must not contain spaces')
    expect(oldPassword('secret1')).toBeNull()
  })
  it('new password: required, 6 to 20, no spaces, not the old one', () => {
    expect(newPassword('', 'old123')).toBe('New Password is Required')
    expect(newPassword('short', 'old123')).toBe('New Password must be between 6 and 20 characters')
    expect(newPassword('has space', 'old123')).toBe('New Password must not contain spaces')
    expect(newPassword('old123', 'old123')).toBe('Old Password and New Password can not be same')
    expect(newPassword('new123', 'old123')).toBeNull()
  })
  it('confirm password: required, 6 to 20, no spaces, equal to the new one', () => {
    expect(confirmPassword('', 'new123')).toBe('Confirm Password is Required')
    expect(confirmPassword('abc', 'new123')).toBe('Confirm Password must be between 6 and 20 characters')
    expect(confirmPassword('new 123', 'new123')).toBe('Confirm Password must not contain spaces')
    expect(confirmPassword('new124', 'new123')).toBe('Confirm Password must match with New Password')
    expect(confirmPassword('new123', 'new123')).toBeNull()
  })
})

describe('reset-password rules', () => {
  it('requires both fields and a match', () => {
    expect(resetNewPassword('')).toBe('New Password is required')
    expect(resetNewPassword('anything')).toBeNull()
    // The server's account rules, checked before sending.
    expect(resetNewPassword('abc12')).toBe('New Password must be between 6 and 20 characters')
    expect(resetNewPassword('a'.repeat(21))).toBe('New Password must be between 6 and 20 characters')
    expect(resetNewPassword('abc 123')).toBe('New Password must not contain spaces')
    expect(resetConfirmPassword('', 'x')).toBe('Confirm Password is required')
    expect(resetConfirmPassword('y', 'x')).toBe('Confirm Password must match with New password')
    expect(resetConfirmPassword('x', 'x')).toBeNull()
  })
})

describe('forgot-password rules', () => {
  it('requires the registered email and accepts + tags', () => {
    expect(forgotEmail('')).toBe('Please enter register email id')
    expect(forgotEmail('nope')).toBe('Please enter valid email address.')
    expect(forgotEmail('first.last+giving@example.org')).toBeNull()
  })
  it('the sign-in pattern is the standard one, without + tags', () => {
    expect(loginEmail('first+tag@example.org')).toBe('Please enter valid email address.')
  })
})

describe('dialog and sub-admin rules', () => {
  it('name: required, not only spaces', () => {
    expect(dialogName('')).toBe('Please enter Name')
    expect(dialogName('   ')).toBe('Please enter valid Name')
    expect(dialogName('Health')).toBeNull()
  })
  it('reject reason is required', () => {
    expect(rejectReason('')).toBe('Please Enter Add Reason')
    expect(rejectReason('  ')).toBe('Please Enter Add Reason')
    expect(rejectReason('Incomplete documents')).toBeNull()
  })
  it('first and last name are required', () => {
    expect(firstName(' ')).toBe('First Name is required')
    expect(lastName('')).toBe('Last Name is required')
    expect(firstName('Ann')).toBeNull()
  })
  it('sub-admin password: required when adding, optional when editing, 6 to 20, no spaces', () => {
    expect(subAdminPassword(true)('')).toBe('Password is required')
    expect(subAdminPassword(false)('')).toBeNull()
    expect(subAdminPassword(false)('12345')).toBe('Password must be between 6 and 20 characters')
    expect(subAdminPassword(true)('abc defg')).toBe('Password must not contain spaces')
    expect(subAdminPassword(true)('abcdefg')).toBeNull()
  })
  it('at least one permission', () => {
    expect(permissionsSelected([])).toBe('Please select at least one permission')
    expect(permissionsSelected([{ slug: '/donor', actions: [] }])).toBe('Please select at least one permission')
    expect(permissionsSelected(undefined)).toBe('Please select at least one permission')
    expect(permissionsSelected([{ slug: '/donor', actions: ['view'] }])).toBeNull()
  })
})

describe('antd adapter', () => {
  it('rejects with the message and resolves when valid', async () => {
    const r = rule(loginEmail) as { validator: (rule: unknown, value: unknown) => Promise<void> }
    await expect(r.validator({}, '')).rejects.toThrow('Email is required')
    await expect(r.validator({}, 'admin@example.org')).resolves.toBeUndefined()
  })
})

describe('pattern library', () => {
  const cases: Array<[keyof typeof patterns, string[], string[]]> = [
    ['email', ['a@b.co', 'first.last@mail.example.org'], ['a@b', 'a b@c.com', 'a+b@c.com']],
    ['emailWithTag', ['a+b@c.com'], ['a@b', '@c.com']],
    ['numeric', ['0123'], ['12a', '-1', '']],
    ['integer', ['-12', '7'], ['1.5', 'x']],
    ['alphabetic', ['Abc'], ['Ab1', 'a b']],
    ['alphanumeric', ['Ab1'], ['Ab 1', 'a-b']],
    ['alphanumericWithSpaces', ['Ab 1'], ['Ab-1']],
    ['landline', ['12345678', '1234567890123456'], ['1234567', '12345678901234567']],
    ['mobile', ['9123456789', '7'.padEnd(21, '0')], ['6123456789', '912345678', '9'.padEnd(22, '0')]],
    ['url', ['https://example.org/path?q=1', 'example.org'], ['not a url', 'http://']],
    ['strongPassword', ['Abcdefghij1!'], ['Abcdefghij1a', 'abcdefghij1!', 'Abc1!']],
    ['password', ['Abcdefg1'], ['abcdefg1', 'Abcdefgh', 'Abc1']],
    ['decimal2', ['10', '10.5', '10.55'], ['10.555', '.5', 'a']],
    ['username', ['john_doe', 'j.doe9'], ['1john', 'jo', 'john doe']],
  ]
  it.each(cases)('%s', (name, good, bad) => {
    for (const value of good) expect(patterns[name].test(value), `${name} accepts ${value}`).toBe(true)
    for (const value of bad) expect(patterns[name].test(value), `${name} rejects ${value}`).toBe(false)
  })
})
