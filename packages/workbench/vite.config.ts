import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { tezgahPlugins } from './vite/discover';

const root = fileURLToPath(new URL('../..', import.meta.url));

export default defineConfig({
  plugins: [react(), tezgahPlugins(root)],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // bench/bundle.bench.ts reads it to see which chunks each plugin's code went into.
    manifest: true,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/services': 'http://localhost:8080',
      '/health': 'http://localhost:8080',
    },
  },
});
