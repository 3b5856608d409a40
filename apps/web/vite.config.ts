import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { keepRecentAssets } from './vite-plugins/keep-recent-assets';

// Workspace packages export their TypeScript sources under '@patlas/source', so the web build
// compiles contracts directly instead of needing `tsc -b` first.
export default defineConfig({
  // Every script, style and page is written beside its brotli (.br) and gzip (.gz) copy, served as
  // such by the server (@fastify/static preCompressed): nothing is compressed per request.
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] }), keepRecentAssets()],
  // Build time for the guide reminders' window (spec 1 §4); read by features/account/guide-window.ts.
  define: { __BUILD_TIME__: JSON.stringify(new Date().toISOString()) },
  resolve: { conditions: ['@patlas/source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    // ECharts (the analysis pages only) is the largest chunk, about 680 kB before compression.
    chunkSizeWarningLimit: 700,
    // A rebuild beside a running server keeps the earlier chunks that open pages still load;
    // keepRecentAssets removes them after a week.
    emptyOutDir: false,
    rolldownOptions: {
      output: {
        // The first screen loads only what it imports: antd, zod and the other libraries are split by
        // the pages that use them (a page's components arrive with it), not gathered in one vendor chunk
        // every page waits for. React and the icons (each a few hundred bytes: one request for all
        // rather than one each) keep a chunk of their own, cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            { name: 'antd-icons', test: /node_modules[\\/]@ant-design[\\/]icons/, priority: 25 },
            // The antd components of the app shell and the login page, with what they import, in one
            // chunk: a few dozen small chunks would each cost a request (and its headers) on a slow line.
            {
              name: 'antd-shell',
              test: /node_modules[\\/]antd[\\/]es[\\/](alert|app|button|card|config-provider|flex|form|input|locale|modal|result|segmented|space|spin|typography)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // ws: the download centre's progress sockets (/api/product/download/progress/{id}).
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: false, ws: true } },
  },
});
