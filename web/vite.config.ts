import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { firstScreenChunks } from './build/first-screen-chunks.ts';
import { routeSizeReport } from './build/route-size-report.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

// What the server-rendered pages (home, category pages, a listing) share goes into a chunk per set of pages sharing it.
const firstScreen = firstScreenChunks({
  pages: [
    { name: 'home', module: 'src/features/listings/components/home-page.tsx' },
    { name: 'category', module: 'src/features/listings/components/category-page.tsx' },
    { name: 'listing', module: 'src/features/listings/components/listing-detail-page.tsx' },
  ],
});

// What main.tsx (on every page) and the pages use: in the first-screen chunk, which every page loads.
const EVERY_PAGE =
  /node_modules[\\/](clsx|class-variance-authority|tailwind-merge|react[\\/]jsx-runtime)|[\\/]src[\\/]lib[\\/](api-client|api-error-toast|auth-store|cn|format|page-meta|query-client|toast)\.ts|[\\/]shared[\\/](values|constants)/;

export default defineConfig({
  root,
  plugins: [
    react(),
    tailwindcss(),
    firstScreen.plugin,
    routeSizeReport({ route: 'Home (/)', moduleSuffix: 'features/listings/components/home-page.tsx', budgetKb: 120 }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: '@shared', replacement: fileURLToPath(new URL('../shared', import.meta.url)) },
      // zod without its eval probe, which the CSP reports (src/lib/zod-jitless.ts).
      { find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/zod-jitless.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    reportCompressedSize: true,
    // .vite/manifest.json: the page handler lists a server-rendered route's chunks from it.
    manifest: true,
    rolldownOptions: {
      output: {
        // Named by content hash alone: every lazy route's file name is in the entry's preload table,
        // and readable names cost home 1 KB gzip there. The manifest (and the source maps) say
        // which file is which (e2e/browser.ts chunkUrls). The app's chunk keeps its name for
        // modulePreload below.
        chunkFileNames: (chunk) => (chunk.name === 'main' ? 'assets/main-[hash].js' : 'assets/[hash].js'),
        codeSplitting: {
          groups: [
            {
              name: (id: string) => firstScreen.nameOf(id) ?? (EVERY_PAGE.test(id) ? 'first-screen' : null),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    modulePreload: {
      // Every browser with module scripts but Safari before 17 supports <link rel=modulepreload>;
      // there the links are ignored and the chunks load when imported, a little later.
      polyfill: false,
      // The entry (src/boot.ts) imports the app after the first paint, together with the route's
      // chunks the server lists: a preload <link> per chunk appended then costs a phone more
      // main-thread time than it saves.
      resolveDependencies: (file, deps) => (/(^|\/)main-[^/]*\.js$/.test(file) ? [] : deps),
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' },
  },
});
