import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { linguiPlugins } from './lingui-plugins.config.ts';

const API_TARGET = 'http://localhost:3000';
// A guard against regressions, not the target (decision 28; the measured size is in docs/performance.md).
const HOME_BUDGET_KB = 124;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  imports: string[];
  moduleIds: string[];
}

/** The browser build (not `vite build --ssr`, which writes the server renderer into dist-ssr). */
const browserBuild = (_config: unknown, env: { command: string; isSsrBuild?: boolean }) =>
  env.command === 'build' && !env.isSsrBuild;

/**
 * Modules the home page loads lazily at once on a first visit (React.lazy / import() reached while rendering
 * `/`). e2e/browse.spec.ts checks in Chromium that the files counted here are exactly the ones a first visit
 * downloads, so a new lazy chunk on the home page fails there until it is listed here.
 */
const HOME_FIRST_VISIT_LAZY = ['/src/app/layout/Footer.', '/src/features/search/components/HomePage.'];

/**
 * Measures the gzipped JavaScript a first visit to the home page downloads, from the files as written: every
 * script index.html loads (theme-init.js, the entry) and what the entry imports, the lazy chunks the home page loads at once, and everything they import statically. Each file counts gzip -9 of its final bytes (what the server's .gz holds).
 * docs/principles.md, "Search and performance" sets the budget at 106 KB: over it, the build fails. The figure and the file list land in
 * dist/bundle-size.json.
 */
function homeBundleSize(): Plugin {
  return {
    name: 'jobboard-home-bundle-size',
    apply: browserBuild,
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike);
      }
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const fromHtml = [...html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)].map((m) => m[1] as string);
      const lazy = [...chunks.values()]
        .filter((c) => c.moduleIds.some((id) => HOME_FIRST_VISIT_LAZY.some((m) => id.includes(m))))
        .map((c) => c.fileName);
      const seen = new Set<string>();
      const visit = (name: string) => {
        if (seen.has(name)) return;
        seen.add(name);
        for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
      };
      for (const name of [...fromHtml, ...lazy]) visit(name);
      let raw = 0;
      let gzip = 0;
      const files: Record<string, number> = {};
      for (const name of [...seen].sort()) {
        const body = fs.readFileSync(path.join(outDir, name));
        const size = gzipSync(body, { level: 9 }).length;
        raw += body.length;
        gzip += size;
        files[name] = size;
      }
      const kb = (n: number) => (n / 1024).toFixed(1);
      const over = gzip > HOME_BUDGET_KB * 1024;
      console.log(
        `\nhome page first-load JS: ${kb(gzip)} KB gzipped (${kb(raw)} KB raw, ${seen.size} files), ${over ? 'OVER' : 'within'} the ${HOME_BUDGET_KB} KB budget`,
      );
      fs.writeFileSync(
        path.join(outDir, 'bundle-size.json'),
        JSON.stringify(
          { budgetGzipBytes: HOME_BUDGET_KB * 1024, homeFirstLoadGzipBytes: gzip, homeFirstLoadRawBytes: raw, files },
          null,
          2,
        ),
      );
      if (over) {
        const largest = Object.entries(files)
          .sort((a, b) => b[1] - a[1])
          .map(([name, size]) => `${name} ${kb(size)} KB`)
          .join(', ');
        this.error(
          `home page first-load JS is ${kb(gzip)} KB gzipped, over the ${HOME_BUDGET_KB} KB budget by ${kb(gzip - HOME_BUDGET_KB * 1024)} KB (${largest})`,
        );
      }
    },
  };
}

/**
 * Writes .br and .gz beside every text asset of the build, once, at build time: the server sends them to
 * browsers that accept them (@fastify/static preCompressed), so no request pays for compression.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'jobboard-precompress',
    apply: browserBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [...linguiPlugins(mode === 'production'), react(), tailwindcss(), homeBundleSize(), precompress()],
  resolve: {
    // react-router's package exports name only its development build (warnings and checks included); its
    // production build sits beside it, and is what a production bundle should carry.
    alias:
      mode === 'production'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(
                new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
              ),
            },
          ]
        : [],
  },
  // The server renderer (src/entry-server.tsx) bundles our shared package (TypeScript source) and imports the
  // libraries from node_modules at run time.
  ssr: { noExternal: ['@jobboard/shared'] },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/static': { target: API_TARGET },
      '/uploads': { target: API_TARGET },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET },
      '/static': { target: API_TARGET },
      '/uploads': { target: API_TARGET },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server renderer needs no favicon or theme script of its own.
    copyPublicDir: !isSsrBuild,
    target: 'es2023',
    sourcemap: false,
    // Every browser the app supports preloads modules natively.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The libraries every screen needs, in one long-cached file (one gzip stream compresses better than five).
            // Vite's preload helper too: every lazy screen's import goes through it.
            {
              name: 'framework',
              test: /node_modules\/(react|react-dom|scheduler|@lingui\/core|@lingui\/react)\/|vite\/preload-helper/,
            },
            // The server state library in one file too: left to itself it splits into three chunks the home page
            // loads anyway (useQuery, mutation, and one named after lib/query-keys), 1.2 KB more gzipped than one.
            { name: 'query', test: /node_modules\/@tanstack\// },
            // The app's own modules the first load runs, in one file: shared with lazy screens, they would otherwise
            // split into small chunks of their own, each a request and a gzip stream more for the first load.
            { name: 'app', tags: ['$initial'], test: /apps\/web\/src\/(?!app\/main\.tsx)|packages\/shared\/src\// },
          ],
        },
      },
    },
  },
}));
