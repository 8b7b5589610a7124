import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server forwards /api (HTTP and socket.io) to `npm start`'s server on :3000.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
});
