// The page of `perlagg serve` (docs/serve.md), built by Vite into web/dist: `npm run build:web`. The build is
// committed, so that a clean clone serves the page with no build and no network; test/serve/build.test.ts
// builds it again and fails when the committed files are stale.
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  build: {
    outDir: process.env.PERLAGG_WEB_OUT ?? 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
  },
});
