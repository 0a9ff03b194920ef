import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** Vendor code that changes rarely gets its own long-cached chunks; pages are split by route. */
const vendorGroups: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|preact)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
  { name: 'data', test: /node_modules[\\/](swr|use-sync-external-store|dequal)[\\/]/ },
  { name: 'dates', test: /node_modules[\\/](date-fns|@date-fns)[\\/]/ },
];

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: {
    // The SPA is written against React's API and ships on Preact's compat layer (about 10 KB gzip
    // instead of react-dom's 58 KB): what keeps /login under its 90 KB first-load budget. The web
    // tests run on the same aliases (vitest.config.ts), the browser journeys on this build.
    alias: [
      { find: '@', replacement: `${webRoot}src` },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  preview: { port: 4173 },
});
