/**
 * No path typed twice: console paths live in src/paths.ts (module slugs in src/lib/modules.ts),
 * the route table takes its patterns from there, and no other source file spells one.
 */
import { describe, expect, it } from 'vitest'
import { paths } from '../paths'
import { ROUTES } from '../routes'
import { MODULES, SLUGS } from '../lib/modules'

/** Every source file of the console but the tests, as text. */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!**/__tests__/**', '!../testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** The two files allowed to spell console paths and slugs. */
const TABLES = new Set(['../paths.ts', '../lib/modules.ts'])
/** Written by the OpenAPI generator from the server's document (the trash's module enum), not by hand. */
const GENERATED = new Set(['../api/schema.d.ts'])

const patterns = Object.values(paths).map((p) => p.pattern)
/** First segments of every console path and module slug: 'signin', 'master', 'sub_admin', … */
const segments = [...new Set([...patterns, ...MODULES.map((m) => m.slug)].map((p) => p.split('/')[1]).filter(Boolean))]
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** A string literal (quotes or backticks) that starts with a console path, or the bare home path. */
const CONSOLE_PATH = new RegExp(
  `(['"\`])/(?:${segments.map(escape).join('|')})(?=[/?#'"\`]|\\$\\{)|(?:navigate\\(|to=\\{?)\\s*(['"\`])/\\2`,
  'g',
)

function typedPaths(text: string): string[] {
  const found: string[] = []
  text.split('\n').forEach((line, index) => {
    if (line.trim().startsWith('*') || line.trim().startsWith('//')) return
    if (line.match(CONSOLE_PATH)) found.push(`${index + 1}: ${line.trim()}`)
  })
  return found
}

describe('paths', () => {
  it('builds paths from their patterns, encoding each parameter', () => {
    expect(paths.signIn()).toBe('/signin')
    expect(paths.home()).toBe('/')
    expect(paths.subAdminEdit('a b/c')).toBe('/sub_admin/sub_admin_edit/a%20b%2Fc')
    expect(paths.resetPassword('t0k')).toBe('/reset_password/t0k')
    expect(paths.charityView('n1')).toBe('/master/charity_views?id=n1')
    expect(paths.charityView()).toBe('/master/charity_views')
    expect(paths.subAdminList()).toBe(SLUGS.subAdmin)
    expect(paths.faqAdd()).toBe('/category/faq/faq_add')
    expect(paths.faqAdd({ categoryId: 'f 1', categoryName: 'Giving & Help' })).toBe(
      '/category/faq/faq_add?categoryId=f+1&categoryName=Giving+%26+Help',
    )
    expect(paths.faqAdd({ categoryId: '' })).toBe('/category/faq/faq_add')
  })

  it('names every module of modules.json, and only those', () => {
    expect(Object.values(SLUGS).sort()).toEqual(MODULES.map((m) => m.slug).sort())
  })

  it('has a route for every path but the home redirect, and no route of another path', () => {
    const routed = ROUTES.map((r) => r.path).sort()
    expect(routed).toEqual(patterns.filter((p) => p !== paths.home.pattern).sort())
  })

  it('the scan finds a typed path', () => {
    expect(typedPaths("navigate('/sub_admin')")).toHaveLength(1)
    expect(typedPaths('<Link to="/signin">')).toHaveLength(1)
    expect(typedPaths('to: (row) => `/cause/cause_edit/${row._id}`')).toHaveLength(1)
    expect(typedPaths('navigate(`/master`)')).toHaveLength(1)
    expect(typedPaths("can('/master/charity_management', 'edit')")).toHaveLength(1)
    expect(typedPaths("navigate('/', { replace: true })")).toHaveLength(1)
    expect(typedPaths("apiClient.post('/admin/cause/create', body)")).toEqual([])
    expect(typedPaths('navigate(paths.subAdminEdit(id))')).toEqual([])
  })

  it('no source file outside the tables spells a console path or module slug', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50)
    const offenders = Object.entries(sources)
      .filter(([file]) => !TABLES.has(file) && !GENERATED.has(file))
      .flatMap(([file, text]) => typedPaths(text).map((line) => `${file.replace(/^\.\.\//, 'src/')}:${line}`))
    expect(offenders).toEqual([])
  })
})
