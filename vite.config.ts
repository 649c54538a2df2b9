import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies the API and the websocket to the Plantline server (npm run dev).
const target = `http://127.0.0.1:${process.env.PORT ?? '8080'}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // The route map is read by the router at start and by every module's pages. Left to
        // itself the bundler splits it into a shared chunk per group of modules that import a
        // part of it, and each of those small files costs the login page its own request and
        // gzip framing; one chunk for the whole map keeps the login page under its budget.
        // The same holds for the API client: its error type, which the lazy error wording also
        // imports, stays in the request chunk instead of a file of its own.
        codeSplitting: {
          groups: [
            { name: 'route-map', test: /src\/domain\/route-map\// },
            { name: 'request', test: /src\/api\/(request|api-error)\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': target,
      '/app': { target, ws: true },
    },
  },
});
