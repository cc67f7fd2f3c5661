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
    // antd is one large library; keep it (and React) in their own long-cached chunks.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 20 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|dayjs)[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    testTimeout: 20000,
  },
})
