import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { rootVersion } from './src/app/rootVersion.js';

// The dev server forwards /api (HTTP and socket.io) to `npm start`'s server on :3000.
export default defineConfig({
  plugins: [react()],
  // CLIENT_VERSION (src/constants.ts): the version the server answers, from one file.
  define: { __ALLOT_VERSION__: JSON.stringify(rootVersion()) },
  // Workspace packages resolve to their TypeScript sources (decisions §1), as in tsc and jest.
  resolve: { conditions: ['allot-source', 'module', 'browser', 'development|production'] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
});
