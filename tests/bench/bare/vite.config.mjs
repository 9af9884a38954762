// The bare page of the Lighthouse benchmark: `vite build --config tests/bench/bare/vite.config.mjs --outDir <dir>`.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: new URL('.', import.meta.url).pathname,
  plugins: [react()],
  build: { target: 'es2022' },
  logLevel: 'warn',
});
