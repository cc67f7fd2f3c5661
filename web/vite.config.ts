import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const here = fileURLToPath(new URL('.', import.meta.url))
// The one table of modules lives in ../proto/modules.json and is imported from there.
const proto = fileURLToPath(new URL('../proto', import.meta.url))

/** Paths served by the backend (bff); the dev server forwards them. */
const backendPaths = ['/admin-login', '/admin', '/auth', '/v1', '/local-image', '/api-docs', '/media']
const backend = process.env.GIVING_CONSOLE_BACKEND ?? 'http://127.0.0.1:8080'

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: {
    fs: { allow: [here, proto] },
    proxy: {
      ...Object.fromEntries(backendPaths.map((path) => [path, { target: backend, changeOrigin: true }])),
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      ...Object.fromEntries(backendPaths.map((path) => [path, { target: backend, changeOrigin: true }])),
      '/socket.io': { target: backend, changeOrigin: true, ws: true },
    },
  },
  build: {
    // dist/.vite/manifest.json: which chunks each route loads, read by scripts/bundle-size.mjs.
    manifest: true,
    // Each route's chunk carries only what its screen uses (antd is split per component by
    // the bundler, not grouped); React and the router, which every page needs and which
    // change rarely, stay in one long-cached chunk of their own.
    rolldownOptions: {
      // @rc-component/form declares no `sideEffects`, so a page that only reads antd's form
      // context (every antd Input does, for its status) kept the whole form engine and
      // async-validator (about 20 kB gzip): the sign-in page, which has no antd Form, among
      // them. Neither package does anything on import; what is used of them stays.
      treeshake: {
        moduleSideEffects: (id: string) => !/node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/.test(id),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
  test: {
    // The ES build of antd, as the production build uses: screens that import one component
    // from antd/es/... (the sign-in page's bundle budget) share its contexts (locale, theme).
    alias: [{ find: /^antd$/, replacement: 'antd/es/index.js' }],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // Vitest runs `cores - 1` files at once by default: one at a time on the 2-core CI
    // machines, leaving a core idle for the whole suite (its slowest step). The main process
    // only collects results, so one file per core.
    maxWorkers: Math.max(availableParallelism(), 1),
    // A test's whole budget, not a wait: each waits for states. On a slow machine (a run where
    // the suite took 18 minutes instead of about 5) two long tests passed their states after
    // 20 s and were cut off; 60 s keeps a slow run from failing on time alone.
    testTimeout: 60000,
    // React work that a file left scheduled (an antd animation or toast timer in a root of its
    // own) can run after that file's jsdom is gone, in the next file of the same worker, and
    // throw 'window is not defined' inside react-dom: no test of either file is affected. Only
    // that exact error from React's scheduler is dropped; setup.ts closes toasts after each test
    // so it should not happen at all.
    onUnhandledError(error) {
      const stack = 'stack' in error && typeof error.stack === 'string' ? error.stack : ''
      const afterTeardown = error.message === 'window is not defined' && /react-dom|scheduler/.test(stack)
      if (afterTeardown) return false
    },
  },
})
