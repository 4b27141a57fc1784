import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// A plain config: the local-stack launcher loads it and adds its own server options, the `/api` proxy and
// `/app-config.json`. Nothing here knows about ports or endpoints.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by the bundle-budget tests (which chunks a page loads first).
    manifest: true,
  },
})
