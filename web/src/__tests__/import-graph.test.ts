/**
 * The console's modules import one another without a circle (static imports and the lazy
 * `import()` of screens alike): the route table imports no screen, so a screen may import it.
 * And no feature imports another (`features/<area>/` takes only from components/, lib/, api/,
 * paths and the route table; STYLE.md): what two areas share lives in components/ or lib/,
 * which import no feature. Only the app (router, screens map, shell) brings features together.
 */
import { describe, expect, it } from 'vitest'

/** Every source file of the console but the tests, as text, keyed '../dir/file.tsx'. */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!**/__tests__/**', '!../testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
})

/** '../a/b.tsx' + './c' -> '../a/c.tsx' (or .ts, or an index file), when that file exists. */
function resolveImport(from: string, specifier: string): string | undefined {
  const parts = from.split('/').slice(0, -1)
  for (const part of specifier.split('/')) {
    if (part === '.') continue
    if (part === '..' && parts.length > 1 && parts[parts.length - 1] !== '..') parts.pop()
    else parts.push(part)
  }
  const base = parts.join('/')
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((c) => c in sources)
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const [file, text] of Object.entries(sources)) {
    const deps: string[] = []
    for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.[^'"]+)['"]/g)) {
      const dep = resolveImport(file, match[1])
      if (dep) deps.push(dep)
    }
    graph.set(file, deps)
  }
  return graph
}

function cyclesOf(graph: Map<string, string[]>): string[] {
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const cycles: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    stack.push(file)
    for (const dep of graph.get(file) ?? []) {
      if (state.get(dep) === 'open') cycles.push([...stack.slice(stack.indexOf(dep)), dep].join(' -> '))
      else if (!state.has(dep)) visit(dep)
    }
    stack.pop()
    state.set(file, 'done')
  }
  for (const file of graph.keys()) if (!state.has(file)) visit(file)
  return cycles
}

/** The area of a file under features/ ('../features/donor/screens/X.tsx' -> 'donor'), else null. */
function featureOf(file: string): string | null {
  return /^\.\.\/features\/([^/]+)\//.exec(file)?.[1] ?? null
}

/** Imports that cross from one feature into another, or from shared code into a feature. */
function crossFeatureImports(graph: Map<string, string[]>): string[] {
  const crossings: string[] = []
  for (const [file, deps] of graph) {
    const from = featureOf(file)
    const shared = /^\.\.\/(components|lib)\//.test(file)
    for (const dep of deps) {
      const to = featureOf(dep)
      if (to && ((from && from !== to) || shared)) crossings.push(`${file} -> ${dep}`)
    }
  }
  return crossings.sort()
}

describe('import graph', () => {
  it('follows static and lazy imports', () => {
    const graph = importGraph()
    expect(graph.get('../app/public-screens.ts')).toContain('../features/auth/screens/SignInScreen.tsx')
    expect(graph.get('../features/auth/screens/SignInScreen.tsx')).toContain('../paths.ts')
  })

  it('finds a circle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ])
    expect(cyclesOf(graph)).toEqual(['a -> b -> c -> a'])
  })

  it('has no circle', () => {
    expect(cyclesOf(importGraph())).toEqual([])
  })

  it('finds a feature importing another, and shared code importing a feature', () => {
    const graph = new Map([
      [
        '../features/donor/screens/DonorViewScreen.tsx',
        ['../features/donor/api/get-donor.ts', '../features/badge/rules.ts', '../lib/format.ts'],
      ],
      ['../components/Thing.tsx', ['../features/chat/store.ts']],
      ['../app/screens.ts', ['../features/donor/screens/DonorViewScreen.tsx']],
    ])
    expect(crossFeatureImports(graph)).toEqual([
      '../components/Thing.tsx -> ../features/chat/store.ts',
      '../features/donor/screens/DonorViewScreen.tsx -> ../features/badge/rules.ts',
    ])
  })

  it('has no feature importing another (nor shared code importing a feature)', () => {
    expect(crossFeatureImports(importGraph())).toEqual([])
  })
})
