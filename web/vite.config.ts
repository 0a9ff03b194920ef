import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './precompress-plugin';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** Vendor code that changes rarely gets its own long-cached chunks; pages are split by route. */
const vendorGroups: { name: string; test: RegExp }[] = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'router', test: /node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/ },
  { name: 'forms', test: /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/ },
  { name: 'data', test: /node_modules[\\/](swr|use-sync-external-store|dequal)[\\/]/ },
];

export default defineConfig({
  root: webRoot,
  plugins: [react(), precompress()],
  resolve: {
    alias: [{ find: '@', replacement: `${webRoot}src` }],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // One stylesheet for every screen, linked from index.html: a lazy page then brings no CSS of its
    // own to wait for, and the app adds no <link> elements while it renders.
    cssCodeSplit: false,
    // index.html preloads the entry's imports; a lazy import preloads nothing: the helper added a
    // <link> per chunk the page needs, on the main thread, while the page rendered. Over HTTP/2 the
    // browser fetches a chunk's imports as soon as it reads them.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
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
