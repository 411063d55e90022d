import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const backend = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/pusher': backend,
      '/app': { target: backend, ws: true },
      '/health': backend,
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': backend,
      '/pusher': backend,
      '/app': { target: backend, ws: true },
      '/health': backend,
    },
  },
});
