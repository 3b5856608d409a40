import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { keepRecentAssets } from './vite-plugins/keep-recent-assets';

// Workspace packages export their TypeScript sources under '@patlas/source', so the web build
// compiles contracts directly instead of needing `tsc -b` first.
export default defineConfig({
  plugins: [react(), keepRecentAssets()],
  // Build time for the guide reminders' window (spec 1 §4); read by features/account/guide-window.ts.
  define: { __BUILD_TIME__: JSON.stringify(new Date().toISOString()) },
  resolve: { conditions: ['@patlas/source', ...defaultClientConditions] },
  build: {
    outDir: 'dist',
    // antd's own component code stays one ~500 kB chunk (its parts import each other); it is cached across releases.
    chunkSizeWarningLimit: 700,
    // A rebuild beside a running server keeps the earlier chunks that open pages still load;
    // keepRecentAssets removes them after a week.
    emptyOutDir: false,
    rolldownOptions: {
      output: {
        // One vendor chunk per big library keeps every chunk well under a megabyte and lets the
        // browser cache them across releases of the app code.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            { name: 'antd-icons', test: /node_modules[\\/]@ant-design[\\/]icons/, priority: 25 },
            { name: 'antd-rc', test: /node_modules[\\/](@rc-component|rc-[^\\/]+|dayjs)[\\/]/, priority: 22 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design)[\\/]/, priority: 20 },
            // Only the analysis pages import ECharts: its own chunk keeps it out of the first load.
            {
              name: 'echarts',
              test: /node_modules[\\/](echarts|zrender|echarts-wordcloud|size-sensor)[\\/]/,
              priority: 28,
            },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
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
