import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on :3000 (npm run dev); the browser only ever talks to its own
// origin, so /api and /media are proxied there. In production the API serves apps/web/dist.
const apiTarget = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  resolve: {
    // URL and import.meta keep this file free of Node typings (tsconfig types: vite/client only).
    alias: { '@': decodeURIComponent(new URL('./src', import.meta.url).pathname) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The server reads it to hint each server-rendered page's own chunks (modulepreload).
    manifest: true,
  },
  // The server build (vite build --ssr src/entry-server.tsx) is one self-contained file with
  // the framework's production code compiled in: the API process may run with any NODE_ENV
  // (test, unset), and a development build renders slower and warns on every page.
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
}));
